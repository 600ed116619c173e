"""The exact and the simulated worlds agree: the strategy `edge blackjack` prints, dealt through the machine
under the same Rules with a continuous shuffle (§ 633a.7(e), ``shuffle: every_round``), loses what the
exact analysis says it loses."""

from __future__ import annotations

import math
from pathlib import Path

import attrs
import pytest

from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.analysis.double_down_madness import DoubleDownMadnessAnalysis
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules
from pa_table_games.games import load_game
from pa_table_games.strategies import get_strategy
from pa_table_games.games.blackjack.hand_tables import load_table
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.simulation.chunks import deal_rounds
from pa_table_games.simulation.simulate import simulate

from conftest import one_box
from exact_vs_play import ExactPlay, dealer_hitting_soft_17, dealer_problems, edge_problem, outcome_problems, play

ROOT = Path(__file__).resolve().parents[1]
EVERY_ROUND = ROOT / "benchmarks" / "every_round.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_game("blackjack", EVERY_ROUND).rules


@pytest.fixture(scope="module")
def exact_edge(rules):
    return BlackjackAnalysis(rules).house_edge


@pytest.mark.slow  # a heavy check: `make test-long`
def test_the_analysis_prints_the_committed_basic_strategy(rules):
    """Under the default Rules the computed table is the published one in blackjack_basic.yaml, but for
    soft 12 (two aces) against a 6, which a split always pre-empts: every pair of aces is split."""
    computed = get_strategy("blackjack", "computed", rules)
    basic = load_table(ROOT / "pa_table_games" / "games" / "blackjack" / "strategy_tables" / "blackjack_basic.yaml")
    differ = []
    for kind in ("hard", "soft", "pairs"):
        for total, row in getattr(computed, kind).items():
            published = tuple("P" if code == "Ph" else code for code in getattr(basic, kind)[total])  # Rules allow DAS
            differ += [(kind, total, up) for up, (a, b) in enumerate(zip(row, published)) if a != b]
    assert differ == [("soft", 12, 4)]  # column 4: the dealer's 6
    assert computed.note == ""  # every cell of the analysis is written in the table


@pytest.mark.slow  # a heavy check: `make test-long`
def test_the_printed_strategy_plays_to_the_exact_edge(rules, exact_edge):
    """A quick smoke check (the sharp one is in `make test-long`, below): 20,000 continuous-shuffle rounds of
    the computed strategy lie within 4 standard errors (about 3.3 points) of the exact 0.334 %."""
    assert exact_edge == pytest.approx(0.00334, abs=0.00002)
    result = simulate("blackjack", 20_000, seed=17, strategy="computed", rules=rules)
    edge = result.total()
    assert abs(edge.house_edge - exact_edge) < 4 * edge.sd / math.sqrt(edge.rounds)


# -- make test-long: tight enough to catch a 6:5 payout (1.36 points) and a dealer hitting soft 17 ----------
#: 300,000 rounds: 4 standard errors of the edge are 0.83 points, well inside a 6:5 payout's 1.36, and a dealer
#: hitting soft 17 moves the count of dealer 17s by about 16 standard deviations (about 100 s of CPU a run).
ROUNDS, SEED = 300_000, 2026


@pytest.fixture(scope="module")
def analysis(rules):
    return BlackjackAnalysis(rules)


@pytest.fixture(scope="module")
def played(rules):
    """ROUNDS rounds of the computed strategy through the machine, continuous shuffle."""
    game = load_game("blackjack", rules, engine="compiled")
    return play(game, get_strategy("blackjack", "computed", rules), ROUNDS, SEED, outcomes=True)


@pytest.mark.slow
def test_rounds_through_the_machine_agree_with_the_exact_analysis(played, analysis):
    """The edge lies within 4 standard errors (0.83 points) of the exact 0.334 %, and each dealer outcome
    (17 .. 21, 22, over 22, given the up card and the player's cards) within 4 standard deviations of the
    analysis' dealer table, over 300,000 rounds."""
    assert edge_problem(played, analysis.house_edge) == ""
    assert len(played.dealer) > ROUNDS // 2
    assert dealer_problems(played, analysis.dealer) == []


@pytest.mark.slow
def test_each_outcome_the_analysis_prints_is_how_often_the_rounds_dealt_show_it(played, analysis):
    """`edge blackjack --json`'s outcomes (Blackjacks paid, lost and pushed, surrenders, hands won, pushed and lost,
    double downs, rounds split, hands a round), each within 4 standard errors of its frequency in the 300,000 rounds
    dealt through the machine; and the test of the test: the same rounds are told apart from an analysis of a
    table without surrender (its strategy hits or stands where this one surrenders)."""
    assert outcome_problems(played, analysis.rounds) == []
    problems = outcome_problems(played, BlackjackAnalysis(attrs.evolve(analysis.rules, surrender="none")).rounds)
    assert any(p.startswith("surrender: ") for p in problems), problems


@pytest.mark.slow
def test_the_check_fails_a_machine_paying_6_to_5(rules, analysis):
    """Test of the test: the same rounds with the machine paying a Blackjack 6 to 5 while the analysis prices
    the filed 3 to 2 (the same cards and the same 3-to-2 strategy: only the payout differs) fail the edge check."""
    game = load_game("blackjack", attrs.evolve(rules, blackjack_pays="6:5"), engine="compiled")
    faulty = play(game, get_strategy("blackjack", "computed", rules), ROUNDS, SEED, dealer_outcomes=False)
    assert "standard errors" in edge_problem(faulty, analysis.house_edge)
    assert edge_problem(faulty, BlackjackAnalysis(attrs.evolve(rules, blackjack_pays="6:5")).house_edge) == ""


@pytest.mark.slow
def test_the_check_fails_a_machine_whose_dealer_hits_soft_17(rules, analysis):
    """Test of the test: the same seed through a copy of the machine whose dealer also draws on a soft 17
    (§ 633a.7(m) has him stand) fails the dealer check on the count of 17s."""
    game = dealer_hitting_soft_17(load_game("blackjack", rules, engine="compiled"))
    faulty = play(game, get_strategy("blackjack", "computed", rules), ROUNDS, SEED)
    problems = dealer_problems(faulty, analysis.dealer)
    assert any(p.startswith("dealer 17:") for p in problems), problems


@pytest.mark.slow
def test_double_down_madness_plays_to_its_exact_edge():
    """An independent check of the Double Down Madness exact edge (1.0917 %, otherwise pinned to the code's own
    earlier output): 200,000 continuous-shuffle rounds through the machine, each decision the analysis' own for
    the hand's cards and stake, lie within 4 standard errors of it."""
    rules = attrs.evolve(DoubleDownMadnessRules(), shuffle="every_round")
    analysis = DoubleDownMadnessAnalysis(rules)
    game = load_game("double-down-madness", rules, engine="compiled")
    played = play(game, ExactPlay(analysis), 200_000, SEED, dealer_outcomes=False)
    assert edge_problem(played, analysis.house_edge) == ""


@pytest.mark.parametrize("p1, up, p2, added", [
    ("TH", "6D", "JS", True),  # a two-card straight of 20 against a 6: it stands, expecting to win
    ("5H", "7D", "6S", True),  # 11 against a 7: it doubles, expecting to win
    ("2H", "TD", "3S", False),  # 5 against a 10 (no dealer Blackjack): expected to lose, the payout is kept
])
def test_computed_adds_a_house_money_payout_where_the_analysis_gains(p1, up, p2, added):
    """(g)(10)(ii): the computed strategy adds the payout to the Blackjack Wager exactly where `edge blackjack
    house_money` counts the adding, the hand's expected net positive; the basic table always keeps it."""
    game = load_game("blackjack")
    for name, adds in (("computed", added), ("basic", False)):
        table = game.new_table(shoe=Shoe.stacked(one_box(p1, up, p2, "9C", "9D", "8C", "7C", "6C")))
        seats = {1: {"blackjack": 10, "house_money": 10}}
        rnd = next(deal_rounds(game, table, seats, get_strategy("blackjack", name, game.rules), interactive=True))
        answered = [e.trigger for e in rnd.events if e.trigger.startswith("house_money=")]
        assert answered == ["house_money=add" if adds else "house_money=keep"], name


def test_computed_keeps_house_money_at_a_switch_table_where_edge_does_not_price_adding():
    """`edge blackjack house_money` does not price adding under blackjack_switch: true; the strategy then keeps the
    payout, as the figure it would be checked against is the cash-only one."""
    game = load_game("blackjack", {"blackjack_switch": True})
    table = game.new_table(shoe=Shoe.stacked(one_box("TH", "6D", "JS", "9C", "9D", "8C", "7C", "6C")))
    seats = {1: {"blackjack": 10, "house_money": 10}}
    rnd = next(deal_rounds(game, table, seats, get_strategy("blackjack", "computed", game.rules), interactive=True))
    assert [e.trigger for e in rnd.events if e.trigger.startswith("house_money=")] == ["house_money=keep"]
