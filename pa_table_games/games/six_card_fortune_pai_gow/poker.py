"""Poker hand ranking for Six-Card Fortune Pai Gow Poker (58 Pa. Code ch. 670a).

Each hand is six cards from one 53-card deck (52 cards plus the joker), set into
a five-card HIGH hand and a one-card LOW hand. This module ranks both and checks
that a set is legal. Conventions, each a documented default (the regulation
leaves the details to the casino's Rules Submission):

* **Joker** (:attr:`JokerRule.BUG`, the default): in the high hand the joker is
  an ace, or completes a straight, a flush or a straight flush, whichever ranks
  best. In a flush it takes the highest rank the flush is missing (with K-Q-9-7
  suited it is the ace; with A-Q-9-7 suited it is the king). :attr:`JokerRule.WILD`
  makes it fully wild instead. In the low hand the joker is always an ace.
* **Five aces** (four aces and the joker) is the top hand, above every straight
  flush; the royal flush is the top straight flush, with its own name.
* **The wheel** A-2-3-4-5 is a straight. With :data:`WHEEL_IS_SECOND_HIGHEST`
  (the common pai gow convention) it ranks second, below A-K-Q-J-T and above
  K-Q-J-T-9, for straights and straight flushes alike.
* **Foul rule**: the high hand must outrank the low hand. Any pair or better beats
  one card; a no-pair high hand is compared card by card, highest first, against
  the one card, and wins a tie on the first card because it has more cards. So the
  only foul is a no-pair high hand whose top card is lower than the low card.

Ranks compare by ``(category, tiebreak)``; suits never break ties.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import field, frozen

from pa_table_games.equipment.cards import JOKER, RANKS, SUITS, Card
from pa_table_games.errors import TableGamesError

#: Default (not regulation): A-2-3-4-5 ranks just below A-K-Q-J-T. Set to False for
#: the ordinary poker order (the wheel lowest). The tables below are built from it
#: at import time, so change it here, not at run time.
WHEEL_IS_SECOND_HIGHEST: bool = True

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND = 5, 6, 7, 8, 9

#: Name of each category; a royal flush (category 8) and five aces (category 9)
#: carry the more specific names ``"royal flush"`` and ``"five aces"``.
CATEGORY_NAMES: tuple[str, ...] = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "five of a kind",
)


class JokerRule(enum.Enum):
    """How the joker plays in the high hand (a Rules Submission choice)."""

    #: Default: an ace, or any card that completes a straight, flush or straight flush.
    BUG = "bug"
    #: Fully wild: any card at all (five of a kind becomes possible).
    WILD = "wild"


@frozen(order=True)
class HandRank:
    """A comparable hand value: ``category`` first, then ``tiebreak`` (rank values, ace 14).

    For straights and straight flushes ``tiebreak`` is ``(position,)`` in the straight
    order, so the wheel can sit where :data:`WHEEL_IS_SECOND_HIGHEST` puts it.
    ``name`` (``"flush"``, ``"royal flush"``, ``"five aces"``) takes no part in comparison.
    """

    category: int
    tiebreak: tuple[int, ...]
    name: str = field(eq=False, order=False)

    def describe(self) -> str:
        """Short text: ``"Q-high"``, ``"one pair (K)"``, ``"straight (5-high)"``."""
        if self.name in ("royal flush", "five aces"):
            return self.name
        if self.category in (STRAIGHT, STRAIGHT_FLUSH):
            return f"{self.name} ({_LETTER[_STRAIGHT_TOPS[self.tiebreak[0]]]}-high)"
        letters = [_LETTER[v] for v in self.tiebreak]
        if self.category == HIGH_CARD:
            return f"{letters[0]}-high"
        if self.category == FLUSH:
            return f"flush ({letters[0]}-high)"
        if self.category == FULL_HOUSE:
            return f"full house ({letters[0]} over {letters[1]})"
        if self.category == TWO_PAIR:
            return f"two pair ({letters[0]} and {letters[1]})"
        return f"{self.name} ({letters[0]})"


_VALUE_OF_RANK = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_LETTER = {value: rank for rank, value in _VALUE_OF_RANK.items()}
_VALUE: dict[Card, int] = {
    Card.from_code(r + s): _VALUE_OF_RANK[r] for r in RANKS for s in SUITS
}
_ACE = 14
_WHEEL_TOP = 5

# Straight tops (5 = the wheel) from lowest to highest; a straight's tiebreak is its index.
_STRAIGHT_TOPS: tuple[int, ...] = (
    (*range(6, 14), _WHEEL_TOP, _ACE) if WHEEL_IS_SECOND_HIGHEST else tuple(range(5, 15))
)
_STRAIGHT_POSITION = {top: i for i, top in enumerate(_STRAIGHT_TOPS)}
# Rank sets of every straight, best first, for the joker's fill-in search.
_STRAIGHTS_BEST_FIRST: tuple[tuple[frozenset[int], int], ...] = tuple(
    (frozenset({_ACE, 2, 3, 4, 5} if top == _WHEEL_TOP else range(top - 4, top + 1)), top)
    for top in reversed(_STRAIGHT_TOPS)
)
_SHAPES = {
    (4, 1): FOUR_OF_A_KIND, (3, 2): FULL_HOUSE, (3, 1, 1): THREE_OF_A_KIND,
    (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): ONE_PAIR,
}
ROYAL_FLUSH_RANK = HandRank(STRAIGHT_FLUSH, (_STRAIGHT_POSITION[_ACE],), "royal flush")
FIVE_ACES_RANK = HandRank(FIVE_OF_A_KIND, (_ACE,), "five aces")


def _straight(top: int, flush: bool) -> HandRank:
    if flush:
        name = "royal flush" if top == _ACE else "straight flush"
        return HandRank(STRAIGHT_FLUSH, (_STRAIGHT_POSITION[top],), name)
    return HandRank(STRAIGHT, (_STRAIGHT_POSITION[top],), "straight")


def _evaluate(values: list[int], flush: bool) -> HandRank:
    """Rank five rank values (repeats allowed) with no joker left in them."""
    values = sorted(values, reverse=True)
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            return _straight(values[0], flush)
        if values == [_ACE, 5, 4, 3, 2]:
            return _straight(_WHEEL_TOP, flush)
        if flush:
            return HandRank(FLUSH, tuple(values), "flush")
        return HandRank(HIGH_CARD, tuple(values), "high card")
    if len(counts) == 1:
        name = "five aces" if values[0] == _ACE else "five of a kind"
        return HandRank(FIVE_OF_A_KIND, (values[0],), name)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    category = _SHAPES[tuple(count for _, count in groups)]
    return HandRank(category, tuple(value for value, _ in groups), CATEGORY_NAMES[category])


def _split(cards: Sequence[Card], size: int, what: str) -> tuple[list[int], list[str], bool]:
    """Rank values and suits of the non-joker cards, and whether the joker is there."""
    if len(cards) != size:
        raise TableGamesError(f"{what} needs exactly {size} cards, got {len(cards)}")
    values: list[int] = []
    suits: list[str] = []
    joker = False
    for card in cards:
        value = _VALUE.get(card)
        if value is not None:
            values.append(value)
            suits.append(card.suit)
        elif card is JOKER and not joker:
            joker = True
        else:
            raise TableGamesError(f"{what}: {card} cannot be played in a poker hand")
    if len(set(cards)) != size:
        raise TableGamesError(f"{what}: the same card appears twice")
    return values, suits, joker


def rank_five(cards: Sequence[Card], joker_rule: JokerRule = JokerRule.BUG) -> HandRank:
    """The rank of exactly five distinct cards, the joker played as the rule allows."""
    values, suits, joker = _split(cards, 5, "a five-card hand")
    suited = suits.count(suits[0]) == len(suits)
    if not joker:
        return _evaluate(values, suited)
    best = _evaluate([*values, _ACE], False)  # the joker as an ace
    if joker_rule is JokerRule.WILD:  # or a rank already held, or the best kicker
        kicker = next(v for v in range(_ACE, 1, -1) if v not in values)
        best = max([best, *(_evaluate([*values, v], False) for v in {kicker, *values})])
    if len(set(values)) == 4:
        present = set(values)
        for ranks, top in _STRAIGHTS_BEST_FIRST:
            if present <= ranks:
                return max(best, _straight(top, suited))
        if suited:  # a flush: the joker is the highest rank missing
            missing = next(v for v in range(_ACE, 1, -1) if v not in present)
            best = max(best, _evaluate([*values, missing], True))
    return best


def rank_low(card: Card) -> HandRank:
    """The rank of the one-card low hand; the joker is an ace."""
    if card is JOKER:
        return HandRank(HIGH_CARD, (_ACE,), "high card")
    value = _VALUE.get(card)
    if value is None:
        raise TableGamesError(f"the low hand: {card} cannot be played in a poker hand")
    return HandRank(HIGH_CARD, (value,), "high card")


def compare(a: HandRank, b: HandRank) -> int:
    """``1`` if ``a`` outranks ``b``, ``-1`` if ``b`` outranks ``a``, ``0`` for a tie (a copy)."""
    return (a > b) - (a < b)


def foul_reason(
    high5: Sequence[Card], low1: Card, joker_rule: JokerRule = JokerRule.BUG
) -> str | None:
    """``None`` for a legal set, else one line on why it fouls (see the module doc)."""
    if low1 in high5:
        raise TableGamesError(f"{low1} cannot be in both the high hand and the low hand")
    high = rank_five(high5, joker_rule)
    if high > rank_low(low1):
        return None
    return f"the low hand ({low1.code}) outranks the high hand ({high.describe()})"


def is_legal_set(
    high5: Sequence[Card], low1: Card, joker_rule: JokerRule = JokerRule.BUG
) -> bool:
    """True when the five-card high hand outranks the one-card low hand."""
    return foul_reason(high5, low1, joker_rule) is None


def best_six_card_category(
    six_cards: Sequence[Card], joker_rule: JokerRule = JokerRule.BUG
) -> HandRank:
    """The best five-card hand among six cards (for the Fortune Bonus pay table).

    Only five-card categories exist: straight .. straight flush, ``"royal flush"``
    (A-K-Q-J-T suited; the joker may complete it) and ``"five aces"``.
    """
    _split(six_cards, 6, "a six-card hand")
    cards = list(six_cards)
    return max(rank_five(cards[:i] + cards[i + 1 :], joker_rule) for i in range(6))
