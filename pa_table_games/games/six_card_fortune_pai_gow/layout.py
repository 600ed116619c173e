"""What lies on a Six-Card Fortune Pai Gow Poker layout during a round (§ 670a.8).

Positions and the dealer are spots around the table. Seat 1 is the position farthest to
the dealer's left; :func:`clockwise_ring` is the ONE place the table's order is defined:
``(1, 2, ..., positions, DEALER)`` is clockwise, the order of the deal in (d).

The starting position of (c) is counted the other way: the dealer is 1 and the count
goes counter-clockwise (dealer, then the highest seat down to seat 1, then the dealer
again), wrapping until the number drawn is reached (docs/reference.md; the Pai Gow tiles
method). With six positions: 1 = dealer, 2 = seat 6, ..., 7 = seat 1, 8 = dealer.
"""

from __future__ import annotations

from attrs import define, field

from pa_table_games.equipment.cards import Card

#: The dealer's spot in the ring (seats are 1..positions).
DEALER = 0


def clockwise_ring(positions: int) -> tuple[int, ...]:
    """Every spot in dealing (clockwise) order from seat 1: the seats, then the dealer."""
    return (*range(1, positions + 1), DEALER)


def count_to_position(number: int, positions: int) -> int:
    """(c): the spot reached counting ``number`` with the dealer as 1, counter-clockwise, wrapping."""
    ring = clockwise_ring(positions)
    return ring[(ring.index(DEALER) - (number - 1)) % len(ring)]


def dealing_order(start: int, positions: int) -> tuple[int, ...]:
    """(d): every spot once, clockwise, beginning at the starting position ``start``."""
    ring = clockwise_ring(positions)
    i = ring.index(start)
    return ring[i:] + ring[:i]


def spot_label(spot: int) -> str:
    return "dealer" if spot == DEALER else f"seat {spot}"


@define
class Stack:
    """The cards dealt to one spot, and how its owner set them (§ 670a.11)."""

    spot: int
    cards: list[Card] = field(factory=list)
    wagered: bool = False  # a Six-Card Fortune Pai Gow Poker Wager is at the position
    high: tuple[Card, ...] | None = None  # the five-card high hand once set
    low: Card | None = None  # the one-card low hand once set
    doubled: bool = False  # a Double Down Wager was made (§ 670a.7(c))
    discarded: bool = False  # in the discard rack or removed with the deck

    @property
    def label(self) -> str:
        return spot_label(self.spot)

    @property
    def seat(self) -> int:
        """The seat of a player's stack (the dealer's spot is 0)."""
        return self.spot

    @property
    def is_set(self) -> bool:
        return self.low is not None


@define
class PaiGowLayout:
    """Stacks by spot, the stub, the lammers and the progressive count of one round."""

    positions: int
    stacks: dict[int, Stack] = field(factory=dict)  # spot -> its stack, in clockwise order
    stub: list[Card] = field(factory=list)  # spread face down on the layout during (e)
    no_more_bets: bool = False  # (b) announced: only the Double Down Wager may be made
    lammers: list[int] = field(factory=list)  # seats holding an Envy lammer, (b)(1)
    progressive_locked: bool = False
    progressive_chips: int | None = None  # value chips counted on the layout, (b)(2)
    progressive_accepted: int | None = None  # wagers the progressive system accepted, (b)(2)
    start_method: str = ""
    start_number: int | None = None  # the number drawn or thrown, (c)
    start_spot: int | None = None
    setting_open: bool = False  # players are setting their hands (§ 670a.11), one at a time: ``Round.turn``

    @classmethod
    def for_round(cls, positions: int, wagered_seats: set[int]) -> PaiGowLayout:
        lay = cls(positions)
        for spot in clockwise_ring(positions):
            lay.stacks[spot] = Stack(spot, wagered=spot in wagered_seats)
        return lay

    @property
    def dealer(self) -> Stack:
        return self.stacks[DEALER]

    def player_stacks(self) -> list[Stack]:
        """Stacks at positions holding a Six-Card Fortune Pai Gow Poker Wager, seat 1 first: the players who set
        their hands (the machine file's walk over each box goes over them, in the order it declares)."""
        return [s for spot, s in sorted(self.stacks.items()) if spot != DEALER and s.wagered]

    def cards(self) -> list[Card]:
        """Cards on the layout: undiscarded stacks and the spread stub."""
        return [c for s in self.stacks.values() if not s.discarded for c in s.cards] + self.stub
