"""The exact and the simulated worlds agree: the strategy `edge blackjack` prints, dealt through the machine
under the same Rules with a continuous shuffle (§ 633a.7(e), ``shuffle: every_round``), loses what the
exact analysis says it loses."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.games import load_game
from pa_table_games.strategies import get_strategy
from pa_table_games.strategies.hand_tables import load_table
from pa_table_games.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
EVERY_ROUND = ROOT / "benchmarks" / "every_round.yaml"
Z99 = 2.5758293035489004


@pytest.fixture(scope="module")
def rules():
    return load_game("blackjack", EVERY_ROUND).rules


@pytest.fixture(scope="module")
def exact_edge(rules):
    return BlackjackAnalysis(rules).house_edge


def test_the_analysis_prints_the_committed_basic_strategy(rules):
    """Under the default Rules the computed table is the published one in blackjack_basic.yaml, but for
    soft 12 (two aces) against a 6, which a split always pre-empts: every pair of aces is split."""
    computed = get_strategy("blackjack", "computed", rules)
    basic = load_table(ROOT / "pa_table_games" / "strategies" / "blackjack_basic.yaml")
    differ = []
    for kind in ("hard", "soft", "pairs"):
        for total, row in getattr(computed, kind).items():
            published = tuple("P" if code == "Ph" else code for code in getattr(basic, kind)[total])  # Rules allow DAS
            differ += [(kind, total, up) for up, (a, b) in enumerate(zip(row, published)) if a != b]
    assert differ == [("soft", 12, 4)]  # column 4: the dealer's 6
    assert computed.note == ""  # every cell of the analysis is written in the table


def test_the_printed_strategy_plays_to_the_exact_edge(rules, exact_edge):
    """20,000 continuous-shuffle rounds of the computed strategy: the edge within 4 standard errors of the exact 0.334 %."""
    assert exact_edge == pytest.approx(0.00334, abs=0.00002)
    result = simulate("blackjack", 20_000, seed=17, strategy="computed", rules=rules)
    edge = result.total()
    assert abs(edge.house_edge - exact_edge) < 4 * edge.sd / math.sqrt(edge.rounds)


@pytest.mark.slow
def test_two_million_rounds_find_the_exact_edge(rules, exact_edge):
    """2,000,000 continuous-shuffle rounds through the machine: the exact edge lies in their 99 % interval."""
    n = 2_000_000
    result = simulate("blackjack", n, seed=17, strategy="computed", rules=rules, workers=2)
    edge = result.total()
    half = Z99 * edge.sd / math.sqrt(n)
    assert result.rounds == n
    assert edge.house_edge - half <= exact_edge <= edge.house_edge + half, (edge.house_edge, half, exact_edge)
