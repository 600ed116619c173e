"""Blackjack strategy ``computed``: the basic strategy ``edge blackjack`` prints, for the Rules in effect.

The exact analysis (:class:`~pa_table_games.analysis.blackjack.BlackjackAnalysis`) chooses one
play per hard total, soft total and pair against each up card under the Rules (continuous
shuffle, § 633a.7(m) dealer stands on soft 17). This module writes its printed tables into a
:class:`~pa_table_games.games.blackjack.hand_tables.HandTable`, so the simulator plays exactly the
strategy whose edge the analysis computes, and ``simulate --strategy computed`` checks that
figure by dealing rounds through the machine.

The table format says, for a pair, only "split" or "play the total"; a pair the analysis would
play otherwise than its total's row (and a surrender whose next best play is a double down
after a split) cannot be written, and is listed in the strategy's ``note``.

Offered a House Money payout ((g)(10)(ii)), it adds it to the Blackjack Wager when the hand's expected net is
positive, exactly as ``edge blackjack house_money`` counts the adding (its Y/N table: the best first decision on the
two cards against the up card, with no dealer Blackjack; :mod:`pa_table_games.analysis.house_money`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pa_table_games.analysis.blackjack import BlackjackAnalysis, UpCard
from pa_table_games.analysis.hands import Hand, rank_index, two_cards
from pa_table_games.analysis.house_money import best_first_play
from pa_table_games.games.blackjack.hand_tables import HARD, PAIR_RANKS, SOFT, HandTable

#: The analysis' rank index of each up-card column 2 3 4 5 6 7 8 9 T A (0 is the ace).
COLUMNS = tuple(range(1, 10)) + (0,)

NAME = "computed"
SUMMARY = ("the total-dependent basic strategy `edge blackjack` computes for the Rules in effect; never Insurance; "
           "a House Money payout added where `edge blackjack house_money` adds it")
OFFERS = ("even_money=no", "insurance=no", "house_money=keep")
ADD = "house_money=add"
UP_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")


def _code(ranking: list[tuple[str, float]]) -> str:
    """The table code of a ranking: the best play, and for a double or surrender the best of hit/stand."""
    first = ranking[0][0]
    if first in ("D", "R"):
        return first + next(name for name, _ in ranking[1:] if name in ("S", "H")).lower()
    return first


def tables_from(analysis: "BlackjackAnalysis") -> tuple[dict, dict, dict, list[str]]:
    """``(hard, soft, pairs, unwritten)`` in the hand-table layout, from the analysis' rankings;
    ``unwritten`` names each cell where the table plays otherwise than the analysis."""
    ups = analysis.ups
    hard: dict[int, tuple[str, ...]] = {}
    soft: dict[int, tuple[str, ...]] = {}
    unwritten: list[str] = []
    for total in HARD:  # two cards make hard 4 to 20; 2 and 3 are never dealt in § 633a.7 (hit)
        row = ["S" if total >= 21 else "H" if total < 4 else _code(ups[u].ranking[(False, total)]) for u in COLUMNS]
        hard[total] = tuple(row)
    for total in SOFT:  # two cards make soft 12 to 20 (soft 11 is never dealt here: hit)
        row = ["S" if total >= 21 else "H" if total < 12 else _code(ups[u].ranking[(True, total)]) for u in COLUMNS]
        soft[total] = tuple(row)
    for table, kind in ((hard, "hard"), (soft, "soft")):
        for total, row in table.items():
            for u, code in zip(COLUMNS, row):
                ranking = ups[u].ranking.get((kind == "soft", total))
                if code[0] == "R" and ranking and ranking[1][0] == "D" and analysis.rules.double_after_split:
                    unwritten.append(f"{kind} {total} vs {UP_NAMES[COLUMNS.index(u)]}: surrender, else double "
                                     "(the table hits or stands on a split hand)")
    pairs: dict[int, tuple[str, ...]] = {}
    for points, name in enumerate(PAIR_RANKS, start=1):
        rank = points - 1  # the analysis' rank index: 0 the ace, 1-8 the 2-9, 9 the 10-value cards
        row = []
        for column, u in enumerate(COLUMNS):
            best = _code(ups[u].pairs[rank]) if ups[u].pairs[rank][0][0] != "P" else "P"
            row.append("P" if best == "P" else "-")
            total = (soft[12] if name == "A" else hard[2 * points])[column]
            if best != "P" and best != total:
                unwritten.append(f"pair {name} vs {UP_NAMES[column]}: {best} (the table plays the total: {total})")
        pairs[points] = tuple(row)
    return hard, soft, pairs, unwritten


class ComputedTable(HandTable):
    """The analysis' hand table, which also answers the House Money offer as the analysis prices it."""

    ups: list[UpCard]  # the analysis' up cards (0 the ace), set by :func:`computed_table`
    adds: dict[tuple[Hand, int], bool]

    def for_rules(self, rules: Any) -> ComputedTable:
        bound = super().for_rules(rules)
        bound.ups, bound.adds = self.ups, self.adds
        return bound

    def choose(self, rnd: Any, legal: Any) -> str:
        if self.ups and ADD in legal:  # (g)(10)(ii): the box whose turn it is, its initial two cards against the up card
            cards = rnd.turn.initial_two
            hand, up = two_cards(cards[0].rank, cards[1].rank), rank_index(rnd.layout.up_card.rank)
            add = self.adds.get((hand, up))
            if add is None:
                add = self.adds[hand, up] = best_first_play(self.ups[up], hand)[1] > 0
            return ADD if add else "house_money=keep"
        return super().choose(rnd, legal)


@cache
def computed_table(rules: Any) -> ComputedTable:
    """The hand table of the analysis under ``rules`` (computed once per Rules in a process)."""
    analysis = BlackjackAnalysis(rules)
    hard, soft, pairs, unwritten = tables_from(analysis)
    table = ComputedTable(Path(__file__), NAME, ("blackjack",), SUMMARY, OFFERS, hard, soft, pairs)
    # a Blackjack Switch table's adding is not priced (`edge blackjack house_money`): its payout is kept there
    table.ups, table.adds = ([] if getattr(rules, "blackjack_switch", False) else analysis.ups), {}
    table = table.for_rules(rules)
    table.note = ("cells the table format cannot write: " + "; ".join(unwritten)) if unwritten else ""
    return table

