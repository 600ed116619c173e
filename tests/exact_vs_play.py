"""Rounds dealt through the real engine, held against the exact analysis.

Two independent measures, each a sum over rounds with a known expectation and variance:

* **the edge**: each round's net per unit wagered; its mean must lie within ``Z`` standard errors of
  the analysis' exact edge (a payout fault such as 6:5 moves it by 1.36 points).
* **the dealer's outcome** (Blackjack): in every round where some hand still depends on the dealer
  (§ 633a.7(n) does not stop the drawing), the dealer's final total (17 .. 21, 22, over 22) given the
  up card and every player card seen is a draw from the analysis' dealer table for that removal (the
  hole card and the dealer's draws are the unseen cards in random order; after the card reader, on an
  ace or 10-value up card, given no Blackjack). The count of each outcome must lie within ``Z``
  standard deviations of the sum of its probabilities: a dealer who hits soft 17 where the analysis
  stands is off by dozens.

The strategy is the analysis' own: ``computed`` for Blackjack, and for Double Down Madness the
analysis' decision for the hand's cards, stake and first card (:class:`ExactPlay`).
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
from attrs import frozen

import attrs

from pa_table_games.analysis.dealer import ACE, OUTCOMES, RANKS, TEN, without_blackjack
from pa_table_games.analysis.hands import total
from pa_table_games.equipment.cards import Card
from pa_table_games.games.blackjack.hand import POINTS, points
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.runtime.game import ENGINES, Game
from pa_table_games.simulation.chunks import deal_rounds

Z = 4.0  # standard errors: a correct engine fails one of the nine checks about once in 2,000 runs
WAGER = 10.0


def rank_index(card: Card) -> int:
    """The analysis' rank index: 0 the ace, 1 .. 8 the 2 .. 9, 9 every 10-value card."""
    value = POINTS[card.rank]
    return ACE if value == 1 else value - 1


def removal(cards) -> tuple[int, ...]:
    counts = [0] * RANKS
    for card in cards:
        counts[rank_index(card)] += 1
    return tuple(counts)


class ExactPlay:
    """Double Down Madness decisions as the exact analysis takes them: stand, hit or double for the hand's
    cards with its stake (the wager and its Double Down wagers) against the up card; never Insurance."""

    name = "exact"

    def __init__(self, analysis) -> None:
        self.ups = analysis.ups

    def choose(self, rnd, legal) -> str:
        if "insurance=no" in legal:
            return "insurance=no"
        lay = rnd.layout
        hand = rnd.turn
        cards = removal(hand.cards)
        first_ace = rank_index(hand.cards[0]) == ACE
        code, _ = self.ups[rank_index(lay.up_card)].best(cards, 1 + hand.doubles, ace_first=first_ace)
        return {"S": "stand", "H": "hit", "D": "double"}[code]


def dealer_hitting_soft_17(game: Game) -> Game:
    """A planted fault: ``game`` (Blackjack, compiled) whose dealer draws on a soft 17 too. Built from a copy of
    its machine with the guard of draw_dealer_card swapped (the machine file and the loaded game are untouched)."""
    def dealer_total_below_17(rnd, unit) -> bool:
        dealer, soft = points(rnd.layout.dealer)
        return dealer < 17 or (dealer == 17 and soft)

    draws = [t for t in game.spec.transitions if t.trigger == "draw_dealer_card"]
    assert len(draws) == 1 and [g.name for g in draws[0].when] == ["dealer_total_below_17"]
    planted = attrs.evolve(draws[0], when=(attrs.evolve(draws[0].when[0], fn=dealer_total_below_17),))
    spec = attrs.evolve(game.spec, transitions=[planted if t is draws[0] else t for t in game.spec.transitions])
    machine = BoundMachine(spec)
    return Game(game.info, game.rules, machine, ENGINES["compiled"](machine))


@frozen
class Played:
    """What the rounds showed: each round's net per unit, per played-out dealer hand (up, removal, outcome), and
    (when asked) each of :data:`ROUND_OUTCOMES` counted in each round."""

    nets: np.ndarray
    dealer: tuple[tuple[int, tuple[int, ...], int], ...]
    outcomes: dict[str, np.ndarray] = attrs.field(factory=dict)

    @property
    def edge(self) -> float:
        return -float(self.nets.mean())

    @property
    def standard_error(self) -> float:
        return float(self.nets.std(ddof=1)) / math.sqrt(len(self.nets))


def play(game, strategy, rounds: int, seed: int, dealer_outcomes: bool = True, outcomes: bool = False) -> Played:
    """``rounds`` rounds of one wager at a table shuffled from ``seed`` (with ``outcomes``, a Blackjack Wager's
    outcomes counted as :class:`~pa_table_games.analysis.blackjack.BlackjackAnalysis` counts them)."""
    dealt = deal_rounds(game, game.new_table(seed=seed), {1: {game.info.wagers[0]: WAGER}}, strategy)
    nets, dealer = np.empty(rounds), []
    counts = {name: np.zeros(rounds) for name in ROUND_OUTCOMES} if outcomes else {}
    for i in range(rounds):
        rnd = next(dealt)
        rows = rnd.settlement()
        nets[i] = float(sum(row.net for row in rows if row.wager == game.info.wagers[0])) / WAGER
        lay = rnd.layout
        if outcomes:
            _count_outcomes(counts, i, lay, [row for row in rows if row.wager == game.info.wagers[0]])
        live = [h for h in lay.hands if not h.busted and not h.blackjack]
        if dealer_outcomes and live and not any(row.outcome == "surrender" for row in rows):
            up, *rest = lay.dealer
            if rest and not (len(rest) == 1 and {rank_index(up), rank_index(rest[0])} == {ACE, TEN}):
                final, _ = total(removal(lay.dealer))
                seen = removal(c for h in lay.hands for c in h.cards)
                dealer.append((rank_index(up), seen, OUTCOMES.index(str(final)) if final <= 22 else 6))
    return Played(nets, tuple(dealer), counts)


#: the outcome frequencies of ``BlackjackAnalysis.rounds`` (``edge blackjack --json``'s "outcomes"), each a count
#: per round
ROUND_OUTCOMES = ("player_blackjack", "dealer_blackjack", "both_blackjack", "surrender", "win", "push", "lose",
                  "double", "split", "hands")
#: a settled hand's outcome as the analysis names it (a bust is a hand lost)
_HAND_OUTCOMES = {"win": "win", "tie": "push", "lose": "lose", "bust": "lose", "surrender": "surrender"}


def _count_outcomes(counts: dict[str, np.ndarray], i: int, lay, rows: list) -> None:
    """Round ``i``'s outcomes as the analysis counts them: a round with a Blackjack (the player's, the dealer's or
    both: § 633a.7(h), (p)) is one hand and nothing more; any other round counts each hand won, pushed, lost or
    surrendered, each hand doubled, and whether the pair was split."""
    counts["hands"][i] = len(rows)
    player, dealer = lay.hands[0].blackjack, lay.dealer_blackjack
    if player or dealer:
        counts["both_blackjack" if player and dealer else "player_blackjack" if player else "dealer_blackjack"][i] = 1
        return
    for row in rows:
        counts[_HAND_OUTCOMES[row.outcome]][i] += 1
    counts["double"][i] = sum(1 for hand in lay.hands if hand.doubles)
    counts["split"][i] = len(lay.hands) > 1


def outcome_problems(played: Played, exact: dict[str, float]) -> list[str]:
    """Each outcome whose frequency over the rounds lies more than Z standard errors from the ``exact`` one."""
    found = []
    for name, per_round in played.outcomes.items():
        seen, error = float(per_round.mean()), float(per_round.std(ddof=1)) / math.sqrt(len(per_round))
        if abs(seen - exact[name]) > Z * error:
            found.append(f"{name}: {seen:.5f} a round over {len(per_round)} rounds, {exact[name]:.5f} exact "
                         f"({(seen - exact[name]) / error if error else float('inf'):+.1f} standard errors)")
    return found


def edge_problem(played: Played, exact_edge: float) -> str:
    """'' when the simulated edge lies within Z standard errors of ``exact_edge``, else what is wrong."""
    off = (played.edge - exact_edge) / played.standard_error
    if abs(off) <= Z:
        return ""
    return (f"edge {played.edge:.4%} over {len(played.nets)} rounds is {off:+.1f} standard errors "
            f"({played.standard_error:.4%}) from the exact {exact_edge:.4%}")


def dealer_problems(played: Played, table) -> list[str]:
    """Each dealer outcome whose count lies more than Z standard deviations from the table's expectation."""
    by_up: dict[int, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
    for up, seen, outcome in played.dealer:
        by_up[up].append((seen, outcome))
    expected, variance, observed = np.zeros(len(OUTCOMES)), np.zeros(len(OUTCOMES)), np.zeros(len(OUTCOMES))
    for up, hands in by_up.items():
        table.prefetch(up, sorted({seen for seen, _ in hands}))
        for seen, outcome in hands:
            p = table.get(up, seen)
            p = without_blackjack(p) if up in (ACE, TEN) else p
            expected += p
            variance += p * (1 - p)
            observed[outcome] += 1
    found = []
    for k, name in enumerate(OUTCOMES):
        if variance[k] > 0 and abs(observed[k] - expected[k]) > Z * math.sqrt(variance[k]):
            found.append(f"dealer {name}: {observed[k]:.0f} seen, {expected[k]:.1f} expected "
                         f"({(observed[k] - expected[k]) / math.sqrt(variance[k]):+.1f} sd)")
        elif variance[k] == 0 and observed[k] != expected[k]:
            found.append(f"dealer {name}: {observed[k]:.0f} seen, none possible")
    return found
