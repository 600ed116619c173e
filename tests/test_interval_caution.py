"""``simulate`` says where a wager's 95 % interval is not to be trusted yet: Cochran's rule (n > 25 g1²) on the
skewness of its net, its top payout counted even where the run never dealt it (the rule of three)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

import pytest

from pa_table_games import load_game
from pa_table_games.analysis.edge import edge_under_rules
from pa_table_games.simulation.simulate import simulate
from pa_table_games.simulation.tally import Tally, interval_caution, skewness_of

LADIES = {1: {"blackjack": 10, "lucky_ladies": 5}}


def test_a_lucky_ladies_interval_that_misses_the_exact_edge_is_not_to_be_trusted():
    """Seed 7's 20,000 rounds never deal Lucky Ladies' 1,000 to 1 (its skewness, from the rounds alone, is 14), and
    their interval misses the exact edge. Before, nothing said so; now a note names the wager, the rule and about
    how many rounds it asks, in the text and the JSON, and the Blackjack Wager's interval stands as it is."""
    exact = float(edge_under_rules("lucky_ladies", load_game("blackjack").rules).house_edge)
    result = simulate("blackjack", 20_000, seed=7, strategy="basic", seats=LADIES)
    ladies = result.edge("lucky_ladies")
    low, high = ladies.ci95
    assert not low <= exact <= high
    assert ladies.skewness > 50 and ladies.rounds_for_interval > 100_000  # the top payout counted: not 14
    doc = result.to_json()
    [said] = [note for note in doc["notes"] if note.startswith("lucky_ladies:")]
    assert "Cochran's rule (n > 25 g1²)" in said and f"about {ladies.rounds_for_interval:,} rounds" in said
    assert f"note: {said}" in result.lines()
    assert not [note for note in doc["notes"] if note.startswith("blackjack:")]
    [row] = [w for w in doc["wagers"] if w["wager"] == "lucky_ladies"]
    assert (row["skewness"], row["rounds_for_interval"]) == (ladies.skewness, ladies.rounds_for_interval)


def test_the_main_wager_alone_carries_no_caution():
    """One seat's Blackjack Wager: a mildly skewed net, a sound interval, no note about it."""
    result = simulate("blackjack", 2_000, seed=1, strategy="stand17", seats={1: {"blackjack": 10}})
    main = result.edge("blackjack")
    assert 0 < abs(main.skewness) < 1 and main.rounds_for_interval < 2_000
    assert interval_caution(main) is None and result.to_json()["notes"] == []


def test_the_skewness_is_the_exact_one_of_the_rounds():
    """g1 of d = x - R y, read from the kept sums, equals the one worked out round by round in fractions: rounds of
    unequal amounts (a wager placed during the round) and a large win among them."""
    rounds = [(-10, 10)] * 40 + [(10, 10)] * 7 + [(-5, 5)] * 12 + [(5000, 5)]  # (net, amount) in dollars
    tally = Tally()
    for net, amount in rounds:
        tally.add({}, [SimpleNamespace(seat=1, wager="w", amount=amount, net=Decimal(net))])
    x = [Fraction(net * 100) for net, _ in rounds]
    y = [Fraction(amount * 100) for _, amount in rounds]
    ratio = sum(x) / sum(y)
    d = [xi - ratio * yi for xi, yi in zip(x, y)]
    m2, m3 = sum(v ** 2 for v in d) / len(d), sum(v ** 3 for v in d) / len(d)
    assert skewness_of(tally.sums["w"]) == pytest.approx(float(m3) / float(m2) ** 1.5, rel=1e-12)
    assert tally.edge("w").skewness == skewness_of(tally.sums["w"])


def even_money(rounds: int) -> Tally:
    """``rounds`` rounds of a $10 wager, half won and half lost at even money: its sums set directly."""
    tally, c = Tally(), 1000
    tally.sums = {"w": [rounds, 0, c * rounds, c * c * rounds, c * c * rounds, 0, 0, c ** 3 * rounds, 0,
                        c ** 3 * rounds]}
    return tally


@pytest.mark.parametrize(("rounds", "cautioned"), [(20_000, True), (10_000_000, False)])
def test_a_top_payout_never_dealt_counts_until_the_rounds_make_it_unlikely(rounds, cautioned):
    """Even-money rounds show no skewness at all; a 1,000 to 1 top payout that may have been due though never dealt
    (3 in n, the rule of three) makes 20,000 of them too few, and 10,000,000 enough."""
    alone = even_money(rounds).edge("w")
    assert alone.skewness == 0 and interval_caution(alone) is None
    counted = even_money(rounds).edge("w", top=(1000 + 1) * 1000)  # its win and the stake it would have lost
    assert (interval_caution(counted) is not None) == cautioned
    assert counted.skewness > 0


def test_a_top_payout_hook_that_fails_costs_no_run(monkeypatch):
    """A game's ``top_payout`` is asked of every seated wager before a round is dealt, as its ``simulation_notes``
    are: a hook that fails stops ``simulate`` before the run, not after it, with the rounds' figures lost."""
    dealt = []

    def broken(rules, wager, amount):
        raise ZeroDivisionError("a bug in the game's top_payout")

    monkeypatch.setattr("pa_table_games.games.blackjack.simulation_notes.top_payout", broken)
    with pytest.raises(ZeroDivisionError, match="a bug in the game's top_payout"):
        simulate("blackjack", 1_000_000, seed=1, seats=LADIES, progress=lambda done, total: dealt.append(done))
    assert dealt == []
