"""The dealing shoe, the cover card and the discard rack.

A shoe holds cards in dealing order. It is either shuffled from ``decks`` standard
decks with a seeded random generator, or stacked from an exact card order for tests
and training (:meth:`Shoe.stacked`). A stacked shoe that runs out is an error, never
a silent reshuffle.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from attrs import define, evolve, field

from pa_table_games.equipment.cards import COVER_CARD, Card, parse_cards, standard_deck
from pa_table_games.equipment.flags import state_flag
from pa_table_games.errors import CardCodeError, ShoeExhausted, TableGamesError
from pa_table_games.numbers import given, is_seed, is_whole


@cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """``(i, i + 1, bits of i + 1)`` for each step of a Fisher-Yates shuffle of ``size`` cards, last index first."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, card for card, in about a third
    of the time: the same Fisher-Yates steps drawing the same ``getrandbits`` (rejection sampling below
    ``i + 1``), without a method call per card. A continuous shuffle reshuffles the shoe every round."""
    if type(rng) is not random.Random:  # a generator of its own: its own shuffle
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]



def sides(shoe: Any) -> dict[str, Any]:
    """The sides of a shoe: ``{"": shoe}`` for a single shoe, ``{"red": ..., "black": ...}`` for a double shoe."""
    return getattr(shoe, "sides", None) or {"": shoe}


def seed_problem(seed: Any) -> str | None:
    """What is wrong with a shoe's ``seed`` (None, or a whole number as ``--seed`` takes it), as one phrase; None."""
    if seed is None or is_seed(seed):
        return None
    return f"seed= must be a whole number as --seed takes it, not {given(seed)}"


def _shuffled_problem(decks: Any, seed: Any, cover_depth: Any, deck: int) -> str | None:
    """What is wrong with :meth:`Shoe.shuffled`'s ``decks``, ``seed`` and ``cover_depth`` (decks of ``deck`` cards), as
    one phrase; None."""
    if not is_whole(decks) or decks < 1:
        return f"decks= must be a whole number of decks, 1 or more, not {given(decks)}"
    if cover_depth is not None and not (is_whole(cover_depth) and 0 <= cover_depth <= deck * decks):
        return f"cover_depth= must be None or a whole number of cards from 0 to {deck * decks}, " \
               f"not {given(cover_depth)}"
    return seed_problem(seed)


@define
class DiscardRack:
    """Discarded cards kept by hand, in order, so any hand can be reconstructed (§ 633a.7(s), § 692.7(u)).

    Bundles are placed at the end: the bundles of earlier rounds are the first ones, so a shoe refilled
    mid-round takes only those (:meth:`take`, ``first`` = how many there were), and every hand of the round
    being dealt stays whole."""

    bundles: list[tuple[str, tuple[Card, ...]]] = field(factory=list)

    def place(self, label: str, cards: Iterable[Card]) -> None:
        cards = tuple(cards)
        if cards:
            self.bundles.append((label, cards))

    def cards(self) -> list[Card]:
        cards: list[Card] = []
        for _, bundle in self.bundles:  # a bundle at a time (a hand's cards): taken every round at a Pai Gow table
            cards.extend(bundle)
        return cards

    def __deepcopy__(self, memo: dict) -> DiscardRack:
        """Bundles are tuples of immutable cards: copying the list copies the rack."""
        twin = DiscardRack(list(self.bundles))
        memo[id(self)] = twin
        return twin

    def take_all(self) -> list[Card]:
        """Empty the rack for a reshuffle."""
        cards = self.cards()
        self.bundles.clear()
        return cards

    def take(self, wanted: Callable[[Card], bool], first: int | None = None) -> tuple[list[Card], int]:
        """Remove every card ``wanted`` says yes to, in rack order, from the ``first`` bundles (all when None);
        the other cards keep their bundles and their order. Returns the cards and how many of those first
        bundles are left."""
        first = len(self.bundles) if first is None else first
        taken: list[Card] = []
        kept: list[tuple[str, tuple[Card, ...]]] = []
        for label, cards in self.bundles[:first]:
            left = tuple(card for card in cards if not wanted(card))
            taken += [card for card in cards if wanted(card)]
            if left:
                kept.append((label, left))
        self.bundles[:first] = kept
        return taken, len(kept)


@define
class Shoe:
    """Cards waiting to be dealt; ``loaded`` is every card put in, for conservation checks; ``brought``, those of
    them brought to the table after the shoe was made (a fresh deck completing a round, house procedure)."""

    _cards: list[Card]  # reversed: the next card out is the last element
    loaded: Counter
    rng: random.Random
    cover_depth: int | None = None  # cards left behind the cover card after a shuffle
    stacked_order: bool = False
    batch_is_new: bool = state_flag(True)  # a full batch was just placed in the shoe: burn first (§ 633a.7(c))
    needs_shuffle: bool = state_flag(False)
    cover_card_aside: Card | None = None  # set aside when it appeared (§ 633a.7(e))
    dealt: int = 0  # cards taken out since the last shuffle
    brought: Counter = field(factory=Counter)

    @property
    def side(self) -> Shoe:
        """The shoe a card is dealt from: this one (a double shoe's is the side in use)."""
        return self

    @classmethod
    def shuffled(cls, decks: int = 1, *, seed: int | None = None, joker: bool = False,
                 cover_depth: int | None = None, back: str = "", rng: random.Random | None = None) -> Shoe:
        """``decks`` shuffled decks; with ``cover_depth``, the cover card that many cards from the end.
        ``back``: the back colour of every card (a side of a double shoe); ``rng``: a generator to share."""
        if problem := _shuffled_problem(decks, seed, cover_depth, 53 if joker else 52):
            raise TableGamesError(f"Shoe.shuffled: {problem}")
        cards = [card.with_back(back) for card in standard_deck(joker=joker)] * decks
        if cover_depth is not None:
            cards.append(COVER_CARD)
        shoe = cls([], Counter(cards), rng if rng is not None else random.Random(seed), cover_depth)
        shoe.load(cards)
        return shoe

    @classmethod
    def stacked(cls, text: str | Iterable[str], *, seed: int | None = 0, back: str = "") -> Shoe:
        """A shoe dealing exactly these card codes, first code first (repeats and any count allowed);
        ``back``: the back colour of every card but the cover card (a side of a double shoe)."""
        if problem := seed_problem(seed):
            raise TableGamesError(f"Shoe.stacked: {problem}")
        if not isinstance(text, Iterable) or isinstance(text, (bytes, Mapping)):  # a text is iterable too
            raise CardCodeError(f"a stacked shoe is card codes, a text ('AS TD') or a list of codes, not {given(text)}")
        cards = [card if card is COVER_CARD else card.with_back(back) for card in parse_cards(text)]
        covers = [i for i, card in enumerate(cards, 1) if card is COVER_CARD]
        if len(covers) > 1:
            raise CardCodeError(f"card {covers[1]}: a second cover card (CUT): a shoe holds one cover card")
        shoe = cls(cards[::-1], Counter(cards), random.Random(seed), stacked_order=True)
        return shoe

    def __deepcopy__(self, memo: dict) -> Shoe:
        """Cards are immutable and shared: copying the lists copies the shoe (a copy of a round, to try a decision on)."""
        rng = memo.get(id(self.rng))  # a generator shared (a double shoe's sides) stays shared
        if rng is None:
            rng = memo[id(self.rng)] = random.Random()
            rng.setstate(self.rng.getstate())
        twin = evolve(self, cards=list(self._cards), loaded=Counter(self.loaded), rng=rng,
                      brought=Counter(self.brought))
        memo[id(self)] = twin
        return twin

    # -- dealing -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._cards)

    def next_card(self) -> Card | None:
        return self._cards[-1] if self._cards else None

    def draw(self, step: Any = "") -> Card:
        """Take the next card; the cover card is set aside and the following card taken (§ 633a.7(e)). ``step``,
        named only if the shoe has run out: the step drawing, or the transition firing (named by its trigger)."""
        cards = self._cards
        if not cards:
            raise ShoeExhausted(f"the shoe ran out of cards at {getattr(step, 'trigger', step) or 'a draw'}"
                                f" after {self.dealt} cards: stack more cards")
        card = cards.pop()
        self.dealt += 1
        if card is COVER_CARD:
            self.cover_card_aside = card
            return self.draw(step)
        return card

    def set_aside_cover_card(self) -> Card:
        """The cover card is the next card: remove it and place it to the side (§ 633a.7(e))."""
        card = self._cards.pop()
        self.cover_card_aside = card
        self.dealt += 1
        return card

    def remaining(self) -> list[Card]:
        """The cards still in the shoe, next card first."""
        return self._cards[::-1]

    def held(self) -> Counter:
        """Every card the shoe accounts for: still to be dealt, plus the cover card set aside."""
        held = Counter(self._cards)
        if self.cover_card_aside is not None:
            held[self.cover_card_aside] += 1
        return held

    def take_remaining(self) -> list[Card]:
        cards = self.remaining()
        self._cards.clear()
        return cards

    # -- shuffling -----------------------------------------------------------------------
    def refill(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` and place them behind the cards left, mid-round: the cover card set aside stays
        aside and nothing else about the shoe changes (a house procedure when a shuffled shoe runs dry)."""
        playing = list(cards)
        shuffle(self.rng, playing)
        self._cards[:0] = playing[::-1]

    def load(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` (the cover card among them is re-placed) and put them in the shoe."""
        playing = [c for c in cards if c is not COVER_CARD]  # one pass over the shoe: the covers are the rest
        covers = len(cards) - len(playing)
        shuffle(self.rng, playing)
        if covers:
            depth = min(self.cover_depth or 0, len(playing))
            playing[len(playing) - depth:len(playing) - depth] = [COVER_CARD] * covers
        self._cards = playing[::-1]
        self.cover_card_aside = None
        self.batch_is_new = True
        self.needs_shuffle = False
        self.dealt = 0
