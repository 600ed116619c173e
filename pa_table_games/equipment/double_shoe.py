"""A double shoe: two sides of cards with different back colours, each with its own cover card.

58 Pa. Code § 633a.7(d): before each round the dealer draws a *determinant card* from either
side; its suit picks the side the round is dealt from. The certificate holder pairs hearts and
diamonds with one back colour and spades and clubs with the other; here the sides are called
by those suits' colour, ``"red"`` (hearts, diamonds) and ``"black"`` (spades, clubs). A
determinant card that matches its side becomes the player's first card; one that does not is
kept in that side's segregated area until the side is reshuffled ((e)(2)).

A :class:`DoubleShoe` deals like a :class:`~pa_table_games.equipment.shoe.Shoe` from the side chosen for
the round (``draw``, ``next_card``, ``cover_card_aside``, ``set_aside_cover_card``). Every card
knows its side by its back (:attr:`Card.back <pa_table_games.equipment.cards.Card.back>`), so that
(e)(2)-(3) collect and reshuffle one side only: its remaining cards, its segregated cards and the
cards with its back in the shared discard rack; the other side's cards keep their bundles there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from attrs import define, field

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.flags import state_flag
from pa_table_games.errors import TableGamesError
from pa_table_games.equipment.shoe import DiscardRack, Shoe, seed_problem

SIDES = ("red", "black")
SIDE_OF_SUIT = {"H": "red", "D": "red", "S": "black", "C": "black"}


@define
class DoubleShoe:
    """Two :class:`Shoe` sides; ``current`` is the side the round is dealt from."""

    sides: dict[str, Shoe]
    rng: random.Random
    current: str = "red"
    segregated: dict[str, list[Card]] = field(factory=lambda: {s: [] for s in SIDES})
    determinant: Card | None = None  # drawn and not yet placed
    batch_is_new: bool = state_flag(False)  # (c) does not apply to a double shoe, § 633a.7(d)

    @classmethod
    def shuffled(cls, decks: int = 1, *, seed: int | None = None, cover_depth: int | None = None) -> DoubleShoe:
        """``decks`` shuffled decks in each side, its cards with the side's back, each side with its own cover card."""
        if problem := seed_problem(seed):
            raise TableGamesError(f"DoubleShoe.shuffled: {problem}")
        rng = random.Random(seed)
        sides = {side: Shoe.shuffled(decks, cover_depth=cover_depth, back=side, rng=rng) for side in SIDES}
        return cls(sides, rng)

    @classmethod
    def stacked(cls, red: str | Iterable[str], black: str | Iterable[str], *, seed: int | None = 0) -> DoubleShoe:
        """Each side dealing exactly these card codes, first code first (see :meth:`Shoe.stacked`), each
        card with its side's back."""
        if problem := seed_problem(seed):
            raise TableGamesError(f"DoubleShoe.stacked: {problem}")
        return cls({side: Shoe.stacked(cards, seed=seed, back=side) for side, cards in (("red", red), ("black", black))},
                   random.Random(seed))

    # -- the side dealt from ---------------------------------------------------------------
    @property
    def side(self) -> Shoe:
        return self.sides[self.current]

    def use_side(self, side: str) -> None:
        if side not in SIDES:
            raise TableGamesError(f"a double shoe has the sides {' and '.join(SIDES)}, not {side!r}")
        self.current = side

    def draw(self, step: Any = "") -> Card:
        """The next card of the current side (its cover card, if it comes, is set aside)."""
        try:
            return self.side.draw(step)
        except TableGamesError as err:
            raise type(err)(f"{self.current} side: {err}") from None

    def next_card(self) -> Card | None:
        return self.side.next_card()

    @property
    def cover_card_aside(self) -> Card | None:
        """The current side's cover card, if it has appeared."""
        return self.side.cover_card_aside

    def set_aside_cover_card(self) -> Card:
        return self.side.set_aside_cover_card()

    def sides_due(self, every_round: bool) -> list[str]:
        """Sides to reshuffle: those whose cover card appeared, or the dealt side every round."""
        return [s for s in SIDES if self.sides[s].cover_card_aside is not None
                or (every_round and s == self.current)]

    # -- accounting ------------------------------------------------------------------------
    def __len__(self) -> int:
        return sum(len(shoe) for shoe in self.sides.values())

    def remaining(self) -> list[Card]:
        """The current side's cards, next card first."""
        return self.side.remaining()

    def held(self) -> Counter:
        """Every card the shoe accounts for: both sides, their segregated areas, the cover cards
        set aside and a determinant card not yet placed."""
        held = Counter()
        for side in SIDES:
            held.update(self.sides[side].held())
            held.update(self.segregated[side])
        if self.determinant is not None:
            held[self.determinant] += 1
        return held

    # -- (e)(2)-(3): one side only -----------------------------------------------------------
    def empty_side(self, side: str) -> list[Card]:
        """Remove the side's remaining cards and its segregated cards, for the discard rack."""
        cards = self.sides[side].take_remaining() + self.segregated[side]
        self.segregated[side] = []
        return cards

    def reshuffle_side(self, side: str, rack: DiscardRack) -> int:
        """Take the cards with the side's back from ``rack`` (and its cover card) and shuffle them into it:
        the other side's cards stay in the rack, in their bundles."""
        cards, _ = rack.take(lambda card: card.back == side)
        shoe = self.sides[side]
        if shoe.cover_card_aside is not None:
            cards.append(shoe.cover_card_aside)
        cards += shoe.take_remaining()
        shoe.load(cards)
        return len(cards)
