"""Exact return of the Blackjack optional wagers decided by the first cards (§ 633a.7(g)).

The first cards are drawn without replacement from a shoe of ``decks`` standard 52-card decks.
Instead of visiting every ordered deal (52**4 for four cards) the enumeration walks *classes*:
ranks the wager cannot tell apart share a group, and suits and the ranks within a group are
labelled in order of first appearance. Each labelled deal stands for as many real deals as
there are ways to give its labels real ranks and suits, and its probability depends only on
which cards are identical (``decks`` copies of each card). Sums are exact integers, turned
into :class:`~fractions.Fraction` at the end. The outcomes come from the pure classifiers in
:mod:`pa_table_games.games.blackjack.first_cards` with odds from :mod:`pa_table_games.games.blackjack.paytables`.

Decisions (defaults, not regulation text):
- Match-the-Dealer pays per matching card: two matches pay the sum of both odds (§ 633a.7(g)(2)).
- In Between: a non-matching pair, consecutive cards, or an up card equal to one player card
  lose (nothing falls between); only three cards of one rank are a Triple Match ((g)(3)).
- House Money: the (g)(10)(i) dealer-Blackjack case changes only *when* the winning wager is
  paid, not *what* it pays, so the return is the player's two cards alone.
- Royal Match 21: the Crown Treasure Bonus counts when the chosen table lists
  ``crown_treasure_bonus`` (paid on top of the Royal Match, (g)(4)) and the Rules offer it
  (``crown_treasure_bonus: false`` leaves the table's other entries alone).
- With a Rules file (:func:`edge_under_rules`) the table is the one those Rules choose, as play uses it.
- With no table chosen, a table named ``"<decks>-deck"`` is used when the wager has one
  (Match-the-Dealer), else the wager's default.
- The progressives (Bad Beat, Hit and Run, Straight Jack) are settled after the hand is
  played (§ 633a.7(o)); :func:`exact_edge` refuses them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
from attrs import field, frozen

from pa_table_games.equipment.cards import SUITS, Card
from pa_table_games.errors import WagerError
import pa_table_games.games.blackjack.first_cards as fc
from pa_table_games.games.blackjack.paytables import PayTable, pay_table, table_names, unpaid, wager_tables

LOSS = "lose"
PROGRESSIVES = frozenset({"bad_beat", "hit_and_run", "straight_jack"})

#: How each (g) wager is counted and settled: its classifier and the cards it reads, as play reads them.
_DEALS = fc.FIRST_CARDS


def _labels(used: int, size: int) -> list[tuple[int, int]]:
    """Labels already given (one way each), then the next new one (one way per unused value)."""
    return [(i, 1) for i in range(used)] + ([(used, size - used)] if used < size else [])


def _deal_weights(deal: fc.FirstCardsWager, decks: int, table: PayTable) -> dict[tuple[str, ...], int]:
    """Number of ordered deals (of ``decks * 52`` distinct physical cards) per outcome tuple."""
    free_suits = [s for s in SUITS if s not in deal.named_suits]
    copies = decks if deal.suits_matter else 4 * decks
    weights: dict[tuple[str, ...], int] = defaultdict(int)
    # A labelled card is (group, member label, suit label); a suit label is a named suit, an
    # index into free_suits, or "" when suits do not matter.
    dealt: list[tuple[int, int, str | int]] = []
    members_used = [0] * len(deal.groups)
    suits_used = [0]

    def suit_choices() -> list[tuple[str | int, int]]:
        if not deal.suits_matter:
            return [("", 1)]
        named: list[tuple[str | int, int]] = [(s, 1) for s in deal.named_suits]
        return named + list(_labels(suits_used[0], len(free_suits)))

    def visit(ways: int) -> None:
        if len(dealt) == deal.cards:
            cards = [_card(deal.groups[g][m], s, free_suits, i)
                     for i, (g, m, s) in enumerate(dealt)]
            weights[deal.outcomes(cards, table)] += ways
            return
        for g, group in enumerate(deal.groups):
            for member, member_ways in _labels(members_used[g], len(group)):
                for suit, suit_ways in suit_choices():
                    left = copies - dealt.count((g, member, suit))
                    if left <= 0:
                        continue
                    new_member = int(member == members_used[g])
                    new_suit = int(isinstance(suit, int) and suit == suits_used[0])
                    members_used[g] += new_member
                    suits_used[0] += new_suit
                    dealt.append((g, member, suit))
                    visit(ways * member_ways * suit_ways * left)
                    dealt.pop()
                    members_used[g] -= new_member
                    suits_used[0] -= new_suit

    visit(1)
    return weights


def _card(rank: str, suit: str | int, free_suits: Sequence[str], position: int) -> Card:
    """The representative card; with suits ignored any suit will do (never read)."""
    if suit == "":
        return Card.from_code(rank + SUITS[position % 4])
    return Card.from_code(rank + (suit if isinstance(suit, str) else free_suits[suit]))



@frozen
class EdgeReport:
    """Exact probabilities, returns and house edge of one wager on one shoe and pay table."""

    wager: str
    decks: int
    #: The pay table's name; None for a wager the Rules' own odds pay (Insurance, :mod:`.insurance`).
    paytable: str | None
    #: ``(outcome, probability, return_per_unit)``: the net result of a one-unit wager when the
    #: outcome happens (its odds, or -1 for ``"lose"``), best paying first.
    outcomes: tuple[tuple[str, Fraction, Fraction], ...] = field(converter=tuple)
    #: Expected loss per unit wagered: ``-sum(probability * return_per_unit)``.
    house_edge: Fraction
    #: The Rules file the pay choices came from (None: the pay table alone).
    rules: str | None = None
    #: Whether the Rules offer the Crown Treasure Bonus ((g)(4)); None for a wager not decided by the first cards.
    crown_treasure_bonus: bool | None = True

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; ``pays`` is the return per unit and ``return`` is probability x pays."""
        return {
            "wager": self.wager,
            "decks": self.decks,
            "paytable": self.paytable,
            "rules": self.rules,
            "crown_treasure_bonus": self.crown_treasure_bonus,
            "outcomes": [{"outcome": name, "probability": float(p), "pays": float(r),
                          "return": float(p * r)} for name, p, r in self.outcomes],
            "house_edge": float(self.house_edge),
        }


def edge_under_rules(wager: str, rules: Any, rules_file: str | None = None, paytable: str | None = None,
                     decks: int | None = None) -> EdgeReport:
    """The exact edge with the pay choices of a Blackjack Rules Submission: its pay table for the
    wager (unless ``paytable`` names one), its decks (unless ``decks``) and whether it offers the
    Crown Treasure Bonus ((g)(4))."""
    if wager in PROGRESSIVES or wager not in _DEALS:
        return exact_edge(wager)  # refused with the reason
    if decks is not None and decks != rules.decks:
        rules = attrs.evolve(rules, decks=decks)
    table = paytable or rules.pay_table(wager).name
    report = exact_edge(wager, rules.decks, table, crown_treasure_bonus=rules.crown_treasure_bonus)
    return attrs.evolve(report, rules=rules_file)


def exact_edge(wager: str, decks: int = 6, paytable: str | None = None,
               crown_treasure_bonus: bool = True) -> EdgeReport:
    """Enumerate the first cards of a ``decks``-deck shoe and return the wager's exact edge."""
    if wager in PROGRESSIVES:
        raise WagerError(f"{wager!r} is a progressive wager settled after the hand is played "
                         "(§ 633a.7(o)), not by the first cards: no exact edge")
    if wager not in _DEALS:
        wager_tables(wager)  # raises WagerError listing the wagers
        raise WagerError(f"no exact edge for wager {wager!r}: choose one of {', '.join(_DEALS)}")
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise WagerError(f"decks must be a whole number of at least 1, not {decks!r}")
    if paytable is None and f"{decks}-deck" in table_names(wager):
        paytable = f"{decks}-deck"
    table = pay_table(wager, paytable)
    table = fc.as_offered(table, crown_treasure_bonus)
    deal = _DEALS[wager]
    weights = _deal_weights(deal, decks, table)
    total = math.perm(52 * decks, deal.cards)
    order = {name: i for i, name in enumerate(table.pays)}
    merged: dict[str, list[Fraction]] = {}
    for won, ways in weights.items():
        if set(won) - set(order):
            raise unpaid(table, won)
        won = tuple(sorted(won, key=order.__getitem__))
        name = "+".join(won) or LOSS
        pays = sum((table.pays[o] for o in won), Fraction(0)) if won else Fraction(-1)
        merged.setdefault(name, [Fraction(0), pays])[0] += Fraction(ways, total)
    lines = sorted(((n, p, r) for n, (p, r) in merged.items()), key=lambda x: (-x[2], x[0]))
    edge = -sum((p * r for _, p, r in lines), Fraction(0))
    return EdgeReport(wager, decks, table.name, lines, edge, crown_treasure_bonus=crown_treasure_bonus)
