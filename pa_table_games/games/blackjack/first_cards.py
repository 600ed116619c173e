"""Blackjack optional wagers decided by the first cards: 58 Pa. Code § 633a.7(g).

Each function is pure: it reads cards and returns the winning outcome's name, a key of the
wager's pay table in ``paytables/blackjack.yaml``, or ``None`` when the wager loses. Terms are
the § 633a.1 definitions as docs/reference.md records them. Point values are Blackjack's for a
two-card total, counted by the shared hand arithmetic (:mod:`.hand`): two aces make 12.

Each (g) wager's classifier is registered with :func:`first_cards_wager`, naming the cards it
reads; play (:mod:`.optional_wagers`) and the exact edge (:mod:`pa_table_games.analysis.edge`) both
ask :data:`FIRST_CARDS`, so the wager priced is the wager played. A new (g) wager is its classifier
here, its pay table in ``paytables/blackjack.yaml`` and its subsection in the machine file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from attrs import frozen

from pa_table_games.equipment.cards import RANKS, Card
from pa_table_games.games.blackjack.hand import is_blackjack, total

#: What a classifier may read, and how many cards each is: the player's initial two cards, the dealer's
#: up card and hole card, the next box's initial two cards (a wager covering two boxes, (g)(7)).
READS = {"player": 2, "up": 1, "hole": 1, "next_box": 2}


@frozen
class FirstCardsWager:
    """A (g) wager decided by the first cards: what its classifier reads, in order, and how the exact
    count may group the ranks and suits it cannot tell apart (:mod:`pa_table_games.analysis.edge`)."""

    name: str
    reads: tuple[str, ...]
    classify: Callable[..., Any]
    #: the classifier also takes the pay table in play (the Crown Treasure Bonus is paid only where offered)
    with_table: bool = False
    #: a partition of the ranks: the outcome is unchanged when ranks in one group are permuted
    groups: tuple[str, ...] = (RANKS,)
    #: suits the wager names (hearts for the queen of hearts); the others are interchangeable
    named_suits: str = ""
    #: False when the outcome ignores suits: then only ranks are counted
    suits_matter: bool = True

    @property
    def cards(self) -> int:
        return sum(READS[part] for part in self.reads)

    def outcomes(self, cards: Sequence[Card], table: Any = None) -> tuple[str, ...]:
        """The winning pay-table outcomes for ``cards`` given in ``reads`` order (empty: the wager loses)."""
        args, at = [], 0
        for part in self.reads:
            size = READS[part]
            args.append(cards[at] if size == 1 else tuple(cards[at:at + size]))
            at += size
        return self.outcomes_of(args, table)

    def outcomes_of(self, args: Sequence[Any], table: Any = None) -> tuple[str, ...]:
        """:meth:`outcomes` for the cards already grouped as ``reads`` names them: a card, or a tuple of two."""
        won = self.classify(*args, table) if self.with_table else self.classify(*args)
        return () if won is None else (won,) if isinstance(won, str) else tuple(won)


#: The (g) wagers decided by the first cards, by contract name (the pay-table file's wager names).
FIRST_CARDS: dict[str, FirstCardsWager] = {}


def first_cards_wager(name: str, *reads: str, **counting: Any) -> Callable:
    """Register the decorated classifier as ``name``'s outcomes, reading ``reads`` (keys of :data:`READS`)."""
    unknown = [part for part in reads if part not in READS]
    if unknown:
        raise ValueError(f"{name}: a first-cards wager reads {', '.join(READS)}, not {', '.join(unknown)}")

    def register(classify: Callable) -> Callable:
        FIRST_CARDS[name] = FirstCardsWager(name, reads, classify, **counting)
        return classify
    return register


def as_offered(table: Any, crown_treasure_bonus: bool) -> Any:
    """The pay table as the Rules offer it: without the Crown Treasure Bonus when they do not ((g)(4))."""
    if crown_treasure_bonus or "crown_treasure_bonus" not in table.pays:
        return table
    return attrs.evolve(table, pays={k: v for k, v in table.pays.items() if k != "crown_treasure_bonus"})


#: Rank order with aces high (In Between, straights); an ace may also play low in straights.
HIGH_ORDER = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}


def _identical(player2: Sequence[Card]) -> bool:
    return player2[0].code == player2[1].code


def is_suited(cards: Sequence[Card]) -> bool:
    """Are the cards (one or more) all of one suit? Asked of two or three cards, dozens of times a round."""
    if not cards:
        return False
    suit = cards[0].suit
    for card in cards:
        if card.suit != suit:
            return False
    return True


def _of_ranks(two: Sequence[Card], ranks: str) -> bool:
    """Are these two cards of the two ``ranks``, in either order (``"KQ"``: a king and a queen)?"""
    return len(two) == 2 and two[0].rank + two[1].rank in (ranks, ranks[::-1])


@first_cards_wager("lucky_ladies", "player", "up", "hole", groups=("A", "2345678", "9", "TJK", "Q"),
                   named_suits="H")
def lucky_ladies_outcome(player2: Sequence[Card], dealer_up: Card, dealer_hole: Card) -> str | None:
    """Lucky Ladies Twenty Point Bonus Wager, § 633a.7(g)(1).

    Wins when the player's initial two cards total 20: two queens of hearts with a dealer
    Blackjack, two queens of hearts (settled last, (g)(1)(i)-(ii)), a Matched 20 (two identical
    cards), a suited 20, or Any 20 (two cards of different suits).
    """
    if total(player2) != 20:
        return None
    if _identical(player2) and player2[0].code == "QH":
        if is_blackjack((dealer_up, dealer_hole)):
            return "queen_of_hearts_pair_dealer_blackjack"
        return "queen_of_hearts_pair"
    if _identical(player2):
        return "matched_20"
    return "suited_20" if is_suited(player2) else "any_20"


@first_cards_wager("match_the_dealer", "player", "up")
def match_the_dealer_matches(player2: Sequence[Card], dealer_up: Card) -> list[str]:
    """Match-the-Dealer Wager, § 633a.7(g)(2): one outcome per player card matching the up card.

    A card matches when it has the up card's rank ("suited" when also its suit, else
    "unsuited"); a 10, jack, queen or king matches only an identical rank, not the value 10.
    Both cards may match and each is paid. An empty list means the wager loses.
    """
    return ["suited" if card.suit == dealer_up.suit else "unsuited"
            for card in player2 if card.rank == dealer_up.rank]


@first_cards_wager("in_between", "player", "up", groups=tuple(RANKS), suits_matter=False)
def in_between_outcome(player2: Sequence[Card], dealer_up: Card) -> str | None:
    """In Between Wager, § 633a.7(g)(3), aces high.

    (ii) all three cards of one rank is a Triple Match; (i) otherwise the up card must fall
    strictly between the player's two cards, paid by the spread (the number of ranks between
    them). A pair, two consecutive ranks, or an up card equal to a player card loses.
    """
    low, high = HIGH_ORDER[player2[0].rank], HIGH_ORDER[player2[1].rank]
    if low > high:
        low, high = high, low
    up = HIGH_ORDER[dealer_up.rank]
    if low == high == up:
        return "triple_match"
    if not low < up < high:
        return None
    spread = high - low - 1
    return ("one_card_spread", "two_card_spread", "three_card_spread")[spread - 1] \
        if spread <= 3 else "four_or_more_card_spread"


def is_royal_match(cards: Sequence[Card]) -> bool:
    """Are these two cards the king and queen of one suit (a Royal Match, § 633a.1)?"""
    return _of_ranks(cards, "KQ") and is_suited(cards)


def royal_match_21_outcome(player2: Sequence[Card]) -> str | None:
    """Royal Match 21 Wager, § 633a.7(g)(4): a Royal Match, else a Suited Match (any suited two)."""
    if is_royal_match(player2):
        return "royal_match"
    return "suited_match" if is_suited(player2) else None


def crown_treasure(player2: Sequence[Card], dealer2: Sequence[Card]) -> bool:
    """Does the Crown Treasure Bonus apply: player and dealer both hold a Royal Match ((g)(4))?"""
    return is_royal_match(player2) and is_royal_match(dealer2)


@first_cards_wager("royal_match_21", "player", "up", "hole", with_table=True, groups=("K", "Q", "A23456789TJ"))
def royal_match_21_outcomes(player2: Sequence[Card], dealer_up: Card, dealer_hole: Card, table: Any) -> tuple[str, ...]:
    """(g)(4) with the Crown Treasure Bonus on top where the table in play lists it."""
    won = royal_match_21_outcome(player2)
    if won is None:
        return ()
    crown = "crown_treasure_bonus" in table.pays and crown_treasure(player2, (dealer_up, dealer_hole))
    return (won, "crown_treasure_bonus") if crown else (won,)


@first_cards_wager("bet_the_set_21", "player")
def bet_the_set_21_outcome(player2: Sequence[Card]) -> str | None:
    """Bet the Set 21 Wager, § 633a.7(g)(5): a suited pair of the same rank, else a pair."""
    if player2[0].rank != player2[1].rank:
        return None
    return "suited_pair" if is_suited(player2) else "pair"


@first_cards_wager("kings_bounty", "player", "up", "hole", groups=("A", "2345678", "9", "TJQ", "K"),
                   named_suits="S")
def kings_bounty_outcome(player2: Sequence[Card], dealer_up: Card, dealer_hole: Card) -> str | None:
    """King's Bounty Wager, § 633a.7(g)(6): the player's initial two cards total 20.

    Two kings of spades with a dealer Blackjack, two kings of spades (settled last,
    (g)(6)(i)-(ii)), suited kings, a suited pair of queens, jacks or 10s, a suited 20,
    unsuited kings, an unsuited 20 (best first).
    """
    if total(player2) != 20:
        return None
    kings = player2[0].rank == player2[1].rank == "K"
    if kings and _identical(player2) and player2[0].suit == "S":
        if is_blackjack((dealer_up, dealer_hole)):
            return "king_of_spades_pair_dealer_blackjack"
        return "king_of_spades_pair"
    if kings:
        return "suited_kings" if is_suited(player2) else "unsuited_kings"
    if _identical(player2):
        return "suited_queens_jacks_or_tens"
    return "suited_20" if is_suited(player2) else "unsuited_20"


def super_match_outcome(four_cards: Sequence[Card]) -> str | None:
    """Super Match Wager at Blackjack Switch, § 633a.7(g)(7), on the player's first four cards."""
    shape = sorted(Counter(card.rank for card in four_cards).values(), reverse=True)
    return {(4,): "four_of_a_kind", (2, 2): "two_pair", (3, 1): "three_of_a_kind",
            (2, 1, 1): "pair"}.get(tuple(shape))


@first_cards_wager("super_match", "player", "next_box", suits_matter=False)
def super_match_of_two_boxes(player2: Sequence[Card], next_box2: Sequence[Card]) -> str | None:
    """(g)(7): the Super Match Wager reads the player's two boxes at a Blackjack Switch table."""
    return super_match_outcome((*player2, *next_box2))


def is_three_card_straight(cards: Sequence[Card]) -> bool:
    """Are these three consecutive ranks, an ace high (Q-K-A) or low (A-2-3)?"""
    ranks = sorted(HIGH_ORDER[card.rank] for card in cards)
    return ranks in ([2, 3, 14], [ranks[0], ranks[0] + 1, ranks[0] + 2])


@first_cards_wager("three_card_poker", "player", "up", groups=tuple(RANKS))
def three_card_poker_outcome(player2: Sequence[Card], dealer_up: Card) -> str | None:
    """Three Card Poker Wager, § 633a.7(g)(8): the player's two cards with the dealer's up card.

    Best first: three identical cards (suited three-of-a-kind), straight flush,
    three-of-a-kind, straight, flush.
    """
    hand = (*player2, dealer_up)
    flush = is_suited(hand)
    if len({card.rank for card in hand}) == 1:
        return "suited_three_of_a_kind" if flush else "three_of_a_kind"
    if is_three_card_straight(hand):
        return "straight_flush" if flush else "straight"
    return "flush" if flush else None


def is_two_card_straight(player2: Sequence[Card]) -> bool:
    """Straight Jack Progressive, § 633a.7(g)(9): are the two cards consecutive ranks?

    An ace plays high or low: ace-king and ace-2 are two-card straights ((o)(3)(i)).
    """
    if len(player2) != 2:
        return False
    first, second = HIGH_ORDER[player2[0].rank], HIGH_ORDER[player2[1].rank]
    return abs(first - second) == 1 or (first, second) in ((14, 2), (2, 14))


@first_cards_wager("house_money", "player", groups=tuple(RANKS))
def house_money_outcome(player2: Sequence[Card]) -> str | None:
    """House Money Wager, § 633a.7(g)(10): best first, an ace-king suited, a two-card
    straight flush, a pair, a two-card straight; anything else is collected."""
    suited = is_suited(player2)
    if suited and _of_ranks(player2, "AK"):
        return "ace_king_suited"
    if is_two_card_straight(player2):
        return "two_card_straight_flush" if suited else "two_card_straight"
    return "pair" if player2[0].rank == player2[1].rank else None
