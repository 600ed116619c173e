"""§ 633a.7(o) at a full table: the pass settles every progressive as it did, and its cost grows with the players.

Shoe order (seven boxes): burn card, each box's first card from seat 1, the dealer's up card, each box's
second card, the hole card. Meters start at the Rules' reset amount (10000); each wager adds 10%.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import pa_table_games.games.blackjack.progressives as progressives

from conftest import play

BJ = "blackjack"
#: Eleven optional wagers placeable at a default table (as the passes benchmark places them).
ELEVEN = ("lucky_ladies", "match_the_dealer", "in_between", "royal_match_21", "bet_the_set_21", "kings_bounty",
          "three_card_poker", "straight_jack", "house_money", "bad_beat", "hit_and_run")


def test_seven_players_every_progressive_settled_as_written():
    """(o)(1)-(3), (h): a dealer suited Blackjack (up AS, hole KS) against seven boxes each holding all three
    progressives. Seats 1 and 2 (JD JD: a matched 20) share the Bad Beat meter (10004.5) in proportion to their
    wagers, 5 : 15 ((o)(1)(ii)(C)), each rounded down to the cent; seat 4's 20 (TS QD) wins 50 for 1; every Hit and
    Run wins the dealer Blackjack; seats 5 (4H 5S) and 6 (9D TD) win the two-card straight; the Straight Jack
    wagers without a straight lose at the first cards ((g)(9)). Under (r)(1) the losing Bad Beat wagers are collected
    first, with the losing Blackjack Wagers ((h)); then the (o) pass goes from the dealer's right and a floorperson
    verifies each jackpot share before it is credited."""
    seats = {s: {BJ: 10, "bad_beat": 15 if s == 2 else 5, "hit_and_run": 5, "straight_jack": 5} for s in range(1, 8)}
    rnd = play(BJ, "2C JD JD KC TS 4H 9D 8C AS JD JD 9C QD 5S TD 8C KS", seats, ["insurance=no"] * 7)
    o = [(s.seat, s.wager, s.outcome, s.net, s.paid_off_table, s.cite) for s in rnd.settlement()
         if s.wager in progressives.PROGRESSIVES and s.cite.startswith("§ 633a.7(o)")]
    win, lose = "§ 633a.7(o)({})(ii)(C)", "§ 633a.7(o)(1)(i)"
    zero = Decimal("0")
    assert o == [
        (7, "bad_beat", "lose", -5, zero, lose), (6, "bad_beat", "lose", -5, zero, lose),
        (5, "bad_beat", "lose", -5, zero, lose), (3, "bad_beat", "lose", -5, zero, lose),
        (7, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (6, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (6, "straight_jack", "two_card_straight", 5, zero, win.format(3)),
        (5, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (5, "straight_jack", "two_card_straight", 5, zero, win.format(3)),
        (4, "bad_beat", "player_20_beaten_by_blackjack", 250, 250, win.format(1)),
        (4, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (3, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (2, "bad_beat", "player_matched_20_beaten_by_suited_blackjack", Decimal("7503.37"), Decimal("7503.37"),
         win.format(1)),
        (2, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
        (1, "bad_beat", "player_matched_20_beaten_by_suited_blackjack", Decimal("2501.12"), Decimal("2501.12"),
         win.format(1)),
        (1, "hit_and_run", "dealer_blackjack", 10, zero, win.format(2)),
    ]
    assert [e.trigger for e in rnd.events if e.trigger.startswith("verify_")] == ["verify_bad_beat_payout"] * 2
    # the jackpot's shares, each rounded down, pay 10004.49 of 10004.50: the cent left stays on the reset meter
    assert rnd.table.meters == {"bad_beat": Decimal("10000.01"), "hit_and_run": Decimal("10003.5"),
                                "straight_jack": Decimal("10003.5")}


@pytest.fixture
def worked_out(monkeypatch):
    """Every wager whose (o) outcome is worked out, in order."""
    asked: list = []
    outcomes = progressives.outcomes

    def counting(rnd, wager):
        asked.append((wager.seat, wager.name))
        return outcomes(rnd, wager)
    monkeypatch.setattr(progressives, "outcomes", counting)
    return asked


def test_the_o_pass_works_out_each_players_wagers_as_often_at_seven_seats_as_at_one(worked_out):
    """(o): "starting with the player farthest to the dealer's right", one player at a time: each player's turn reads
    that player's wagers, and every payout of a progressive is worked out once for the whole table (a 100% jackpot
    is shared over all its winners), not again at each player's turn. Each box holds 20 (a ten and a queen) with
    eleven optional wagers against a dealer Blackjack (up KC, hole AS): seven such boxes cost seven times one."""
    tens, queens = "TH TD TS TC TH TD TS".split(), "QD QH QC QS QD QH QC".split()

    def outcomes_worked_out(n: int) -> list:
        worked_out.clear()
        seats = {s: {BJ: 10, **{w: 5 for w in ELEVEN}} for s in range(1, n + 1)}
        rnd = play(BJ, " ".join(["2C", *tens[:n], "KC", *queens[:n], "AS"]), seats)
        assert {(s.seat, s.outcome) for s in rnd.settlement() if s.wager == "bad_beat"} == {
            (seat, "player_20_beaten_by_blackjack") for seat in range(1, n + 1)}
        return list(worked_out)

    one, seven = outcomes_worked_out(1), outcomes_worked_out(7)
    assert one and len(seven) == 7 * len(one)
    for seat in range(1, 8):  # each player's wagers as often as the lone player's
        assert sorted(name for s, name in seven if s == seat) == sorted(name for _, name in one)
