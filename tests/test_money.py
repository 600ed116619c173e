"""Money is exact: whole cents end to end, each payout rounded once, the chip ledger exactly zero.

The house readings these tests hold the games to are in each machine file's ``readings:``
(payouts at odds and odd-cent halves rounded down to the cent; nothing added to a wager
passes the table maximum).
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import drive, one_box, play, row
from randomplay import check_cards, check_final, play_random_round, positions, valid_seats, exact_cents
from pa_table_games import Shoe, load_game
from pa_table_games.cli import main
from pa_table_games.errors import IllegalAction, WagerError
from pa_table_games.games import BUILT_IN, game_info
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules
from pa_table_games.audit.log import read_log
from pa_table_games.audit.log_format import VERSION
from pa_table_games.games.blackjack.paytables import table_names, wagers as paytable_wagers

BJ, DDM = "blackjack", "double_down_madness"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def settled_exactly(rnd) -> None:
    """Every settled amount a Decimal of whole cents and the ledger exactly zero, no tolerance."""
    for s in rnd.settlement():
        assert exact_cents(s.amount) and exact_cents(s.net) and exact_cents(s.paid_off_table), s
    assert rnd.ledger.total() == 0 and type(rnd.ledger.total()) is Decimal, rnd.ledger


class TestPayoutsAreWholeCents:
    def test_three_to_two_on_an_odd_cent_wager_pays_down_to_the_cent(self):
        """(i)(1)(i): 3 to 2 on 1.01 is 1.515: paid 1.51, the half cent stays in the inventory."""
        rnd = play(BJ, one_box("AH", "6S", "KD", "7C"), {1: {BJ: 1.01}})
        assert (row(rnd, BJ).outcome, row(rnd, BJ).net) == ("blackjack", Decimal("1.51"))
        assert rnd.ledger.inventory == Decimal("-1.51")
        settled_exactly(rnd)

    def test_six_to_five_pays_whole_cents(self):
        """6 to 5 on 10.01 is 12.012: paid 12.01 (was 12.011999999999999)."""
        rnd = play(BJ, one_box("AH", "6S", "KD", "7C"), {1: {BJ: 10.01}}, rules=BlackjackRules(blackjack_pays="6:5"))
        assert row(rnd, BJ).net == Decimal("12.01")
        settled_exactly(rnd)

    def test_insurance_on_an_odd_cent_wager_is_half_rounded_down(self):
        """§ 633a.8: Insurance of half of 10.01 is 5.00 (was 5.005), collected when the dealer has no Blackjack."""
        rnd = play(BJ, one_box("TH", "AS", "9D", "7C"), {1: {BJ: 10.01}}, ["insurance=yes", "stand"])
        assert rnd.wager(1, "insurance").amount == Decimal("5.00")
        assert row(rnd, "insurance").net == Decimal("-5.00")
        settled_exactly(rnd)

    def test_insurance_paid_two_to_one_in_whole_cents(self):
        """§ 633a.8: the 5.00 Insurance Wager on 10.01 pays 10.00 against a dealer Blackjack."""
        rnd = play(BJ, one_box("TH", "AS", "9D", "KC"), {1: {BJ: 10.01}}, ["insurance=yes"])
        assert (row(rnd, "insurance").net, row(rnd, BJ).net) == (Decimal("10.00"), Decimal("-10.01"))
        settled_exactly(rnd)

    def test_surrender_of_an_odd_cent_wager_forfeits_half_rounded_down(self):
        """§ 633a.9: surrendering 10.01 forfeits 5.00 and returns 5.01 (was -5.005)."""
        rnd = play(BJ, one_box("TH", "9S", "6D", "7C"), {1: {BJ: 10.01}}, ["surrender"])
        assert (row(rnd, BJ).outcome, row(rnd, BJ).net) == ("surrender", Decimal("-5.00"))
        settled_exactly(rnd)

    def test_double_down_madness_blackjack_on_odd_cents(self):
        """§ 692.7(i): 3 to 2 on an unsuited 10.01 Blackjack pays 15.01."""
        rnd = play("double-down-madness", "2C 7C AH 9S KD", {1: {DDM: 10.01}}, ["hit"])  # hole, box, up card
        assert row(rnd, DDM).net == Decimal("15.01")
        settled_exactly(rnd)


class TestTheTableMaximumHoldsAfterAnAddition:
    MAX_20 = BlackjackRules(table_maximum=20)

    def test_house_money_added_up_to_the_maximum_and_the_rest_handed_over(self):
        """(g)(10)(ii)(B): a pair pays 3 to 1 on 5 = 15; the 15 wager takes 5 (maximum 20), 10 is handed over."""
        rnd = play(BJ, one_box("8H", "6S", "8D", "7C", "TD"), {1: {BJ: 15, "house_money": 5}},
                   ["house_money=add", "stand"], rules=self.MAX_20)
        assert row(rnd, "house_money").net == Decimal("15.00")
        assert (row(rnd, BJ).amount, row(rnd, BJ).net) == (Decimal("20.00"), Decimal("20.00"))
        note = next(n for e in rnd.events for n in e.notes if "House Money payout added" in n)
        assert "10 handed to the player" in note and "the Blackjack Wager is now 20" in note
        settled_exactly(rnd)

    def test_a_double_down_is_for_what_the_maximum_leaves(self):
        """§ 633a.10 (up to the original): 10 doubled at a maximum of 15 is a Double Down of 5."""
        rnd = play(BJ, one_box("5H", "6S", "6D", "7C", "9C", "TD"), {1: {BJ: 10}}, ["double"],
                   rules=BlackjackRules(table_maximum=15))
        assert (row(rnd, BJ).amount, row(rnd, BJ).net) == (Decimal("15.00"), Decimal("15.00"))

    def test_a_double_down_amount_that_passes_the_maximum_is_refused(self):
        game = load_game(BJ, BlackjackRules(table_maximum=15))
        rnd = game.new_round({1: {BJ: 10}}, shoe=Shoe.stacked(one_box("5H", "6S", "6D", "7C", "9C", "TD"))).advance()
        with pytest.raises(IllegalAction, match=r"would become 20, above the table maximum 15 .* § 633a\.10"):
            rnd.act("double=10")
        assert rnd.wagers[0].amount == 10
        drive(rnd, ["double=5"])
        assert row(rnd, BJ).amount == 15

    def test_no_double_down_is_offered_on_a_wager_at_the_maximum(self):
        game = load_game(BJ, BlackjackRules(table_maximum=10))
        rnd = game.new_round({1: {BJ: 10}}, shoe=Shoe.stacked(one_box("5H", "6S", "6D", "7C", "9C", "TD"))).advance()
        assert [a.name for a in rnd.legal_actions()] == ["hit", "stand", "surrender"]

    def test_an_equal_double_down_that_passes_the_maximum_is_refused(self):
        """§ 692.9 (equal): no Double Down for less; at a maximum of 15 a 10 wager cannot double."""
        game = load_game("double-down-madness", DoubleDownMadnessRules(table_maximum=15))
        rnd = game.new_round({1: {DDM: 10}}, shoe=Shoe.stacked("2C 5H 6S 7C 9C TD")).advance()
        assert "double" not in [a.name for a in rnd.legal_actions()]
        with pytest.raises(IllegalAction, match=r"the table maximum leaves room for it — § 692\.9"):
            rnd.act("double")


class TestAmountsTypedAndWritten:
    def test_true_is_no_amount_even_after_a_wager_of_1(self):
        """Amounts are converted once and remembered; True (== 1 in Python) is still refused."""
        game = load_game(BJ)
        assert game.new_round({1: {BJ: 1}}, seed=1).wagers[0].amount == Decimal("1.00")
        with pytest.raises(WagerError, match="not a number"):
            game.new_round({1: {BJ: True}}, seed=1)

    def test_a_wager_of_a_fraction_of_a_cent_is_refused(self):
        result = run("play", BJ, "--shoe", "2C TH 6S 9D 7C", "--seat", "1:blackjack=10.0000000001", "--actions", "stand")
        assert (result.exit_code, result.output.strip().splitlines()[-1]) == (
            2, "error: --seat '1:blackjack=10.0000000001': blackjack=10.0000000001: not a whole number of cents")

    def test_json_and_the_settlement_table_show_dollars_to_the_cent(self):
        doc = json.loads(run("play", BJ, "--shoe", "2C AH 6S KD 7C", "--seat", "1:blackjack=10.01", "--json").output)
        assert [(s["amount"], s["net"]) for s in doc["settlement"]] == [(10.01, 15.01)]
        shown = run("play", BJ, "--shoe", "2C AH 6S KD 7C", "--seat", "1:blackjack=10.01").output
        assert "blackjack 10.01: blackjack +15.01" in shown and "│ +15.01 │" in shown

    def test_a_log_holds_whole_cents_and_replays(self, tmp_path):
        """A log of the current version (whole cents since version 3) writes each amount to the cent and replays."""
        log = tmp_path / "round.jsonl"
        assert run("play", BJ, "--shoe", "2C AH 6S KD 7C", "--seat", "1:blackjack=10.01", "--log", str(log)).exit_code == 0
        text = log.read_text()
        header, *events = (json.loads(line) for line in text.splitlines())
        assert (header["version"], header["seats"]) == (VERSION, {"1": {"blackjack": 10.01}})
        assert '"net": 15.01' in text
        assert run("replay", str(log)).exit_code == 0

    def test_a_version_3_log_with_a_fraction_of_a_cent_is_malformed(self, tmp_path):
        """Even with its chain recomputed, a version-3 net of 15.015 is not an amount."""
        log = tmp_path / "round.jsonl"
        run("play", BJ, "--shoe", "2C AH 6S KD 7C", "--seat", "1:blackjack=10.01", "--log", str(log))
        parsed = read_log(log)
        for e in parsed.events:
            for s in e.get("settled", []):
                s["net"] = 15.015
        log.write_text(parsed.to_jsonl())
        result = run("replay", str(log))
        assert result.exit_code == 2 and "'net' 15.015 is not a whole number of cents" in result.output


# -- the property: random rounds of every game, random whole cents, every pay table ----------------------------
_CENTS = st.integers(1, 20_000)  # 0.01 to 200.00, odd cents included


def _rules(name: str, data) -> object:
    """Rules that pay at awkward odds and take awkward shares, with a table maximum near the wagers."""
    rules_class = game_info(name).rules_class
    choice = {"table_minimum": 0.01, "table_maximum": data.draw(st.integers(1_000, 20_000)) / 100}
    if name == "blackjack":
        choice.update(
            blackjack_pays=data.draw(st.sampled_from(["3:2", "6:5", "7:5"])),
            insurance_max=data.draw(st.sampled_from([0.5, 0.33])),
            house_money_portion=data.draw(st.sampled_from([1.0, 0.5, 0.33])),
            progressive_rate=data.draw(st.sampled_from([0.1, 0.07])),
            paytables={w: data.draw(st.sampled_from(table_names(w))) for w in paytable_wagers()})
    elif name == "double-down-madness":
        choice.update(
            blackjack_pays=data.draw(st.sampled_from(["3:2", "6:5"])),
            suited_blackjack_pays=data.draw(st.sampled_from(["2:1", "7:5"])),
            insurance_max=data.draw(st.sampled_from([0.5, 0.33])),
            double_down_wager=data.draw(st.sampled_from(["equal", "up_to"])))
    elif name == "six-card-fortune-pai-gow":
        choice.update(double_down_max=data.draw(st.sampled_from([1.0, 0.5, 0.33])))
    return rules_class(**choice)  # a section added since: its own options at their defaults, the limits drawn


@pytest.mark.parametrize("name", sorted(BUILT_IN))
@settings(deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rounds_settle_whole_cents_and_the_ledger_is_exactly_zero(name, data, seed):
    """Random Rules (6:5, 7:5, every pay table, shares of a third), wagers of random whole cents
    (House Money among them), random decisions: after every step every amount is whole cents, no
    wager is above the table maximum, and the chip ledger sums to exactly zero."""
    game = load_game(name, _rules(name, data))
    table = game.new_table(seed=seed)
    loaded = table.cards_off_layout()
    names = game.info.wagers
    seats = st.integers(1, positions(game.rules))
    wanted = data.draw(st.lists(st.tuples(seats, st.sampled_from(names), _CENTS), min_size=1, max_size=8))
    wanted = [(seat, names[0], cents) for seat, _, cents in wanted[:1]] + wanted  # a main wager first
    if name == "blackjack":
        wanted += [(seat, "house_money", cents) for seat, _, cents in wanted[:2]]
    rng = random.Random(seed)
    for _ in range(3):
        seated = valid_seats(game, table, [(s, w, Decimal(c) / 100) for s, w, c in wanted])
        rnd = game.new_round(seated, table=table, atomic=False)
        check_cards(rnd, loaded)
        play_random_round(rnd, rng)  # check_round after every step: exact ledger, whole cents, the maximum
        check_final(rnd, loaded)
        settled_exactly(rnd)
