"""Cards and card codes: ``AS`` (ace of spades) .. ``KC``, ``TD`` for the ten, ``JK``, ``CUT``.

Rank ``A 2-9 T J Q K``, suit ``S H D C``; ``JK`` is the joker (Six-Card Fortune
Pai Gow Poker's 53-card deck); ``CUT`` is the cover card. Each code maps to one
shared, frozen :class:`Card`, so cards compare and hash cheaply.

A card of a double shoe also knows its ``back``: the colour of the side it belongs to
(§ 633a.7(d)(1): the certificate holder pairs each side with a back colour), one shared
card per code and back (:meth:`Card.with_back`). Cards compare by their face (rank and suit):
a hand, a pay table or a count of cards never looks at a back; collecting one side of the
shoe for its reshuffle ((e)(2)-(3)) asks each card's ``back``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from attrs import field, frozen

from pa_table_games.errors import CardCodeError
from pa_table_games.numbers import given

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER_CODE = "JK"
COVER_CODE = "CUT"
RED_SUITS = frozenset("HD")


@frozen(cache_hash=True)
class Card:
    """One playing card, the joker, or the cover card. Build with :meth:`from_code`."""

    code: str
    #: ``A``..``K``; ``JK`` for the joker; ``CUT`` for the cover card.
    rank: str
    #: ``S H D C``, or ``""`` for the joker and the cover card.
    suit: str
    #: The side of a double shoe the card belongs to (``"red"``, ``"black"``), ``""`` for a single
    #: shoe's card; not part of equality: cards are equal when their faces are.
    back: str = field(default="", eq=False)

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def is_cover_card(self) -> bool:
        return self.code == COVER_CODE

    def __copy__(self) -> Card:
        return self  # one shared instance per code

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def __reduce__(self) -> tuple:
        return shared_card, (self.code, self.back)  # read back as the shared card: the cover card stays COVER_CARD

    def __repr__(self) -> str:
        return f"Card({self.code}, {self.back} back)" if self.back else f"Card({self.code})"

    def with_back(self, back: str) -> Card:
        """This card with the back colour ``back`` (one shared card per code and back)."""
        if back == self.back:
            return self
        key = (self.code, back)
        card = _BACKED.get(key)
        if card is None:
            card = _BACKED[key] = Card(self.code, self.rank, self.suit, back)
        return card

    def __str__(self) -> str:
        return self.code

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card for ``code`` (ASCII, case-insensitive); :class:`CardCodeError` if unknown.

        Only ASCII is upper-cased: ``"ſ".upper()`` is ``"S"``, and ``5ſ`` is not a card."""
        if not isinstance(code, str):
            raise CardCodeError(f"a card code is a word such as 'AS', not {given(code)}")
        try:
            return _BY_CODE[code.strip().upper() if code.isascii() else code]
        except KeyError:
            raise CardCodeError(
                f"unknown card code {code.strip()!r}: use rank A 2-9 T J Q K and suit S H D C "
                f"(e.g. AS, TD), {JOKER_CODE} for the joker or {COVER_CODE} for the cover card"
            ) from None


_BY_CODE: dict[str, Card] = {r + s: Card(r + s, r, s) for s in SUITS for r in RANKS}
_BY_CODE[JOKER_CODE] = Card(JOKER_CODE, JOKER_CODE, "")
_BY_CODE[COVER_CODE] = Card(COVER_CODE, COVER_CODE, "")

_BACKED: dict[tuple[str, str], Card] = {}

JOKER = _BY_CODE[JOKER_CODE]
COVER_CARD = _BY_CODE[COVER_CODE]


def shared_card(code: str, back: str = "") -> Card:
    """The one shared card of ``code`` (exactly as :attr:`Card.code` writes it) and ``back``: a pickled card is read
    back as it, so that ``card is COVER_CARD`` holds for a cover card that went through a pickle (a table saved)."""
    return _BY_CODE[code].with_back(back)


def standard_deck(*, joker: bool = False) -> tuple[Card, ...]:
    """One 52-card deck in a fixed order, plus the joker when asked (53 cards)."""
    cards = [_BY_CODE[r + s] for s in SUITS for r in RANKS]
    return tuple(cards + [JOKER] if joker else cards)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Card codes separated by spaces or commas, first code first: ``"AS, TD KH"``."""
    codes = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    cards = []
    for position, code in enumerate(c for c in codes if c):
        try:
            cards.append(Card.from_code(code))
        except CardCodeError as err:
            raise CardCodeError(f"card {position + 1}: {err}") from None
    return tuple(cards)


def codes(cards: Iterable[Card]) -> str:
    """``"AS TD KH"`` for a sequence of cards."""
    return " ".join(card.code for card in cards)
