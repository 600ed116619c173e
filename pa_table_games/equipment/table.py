"""What stays at the table between rounds: the shoe, the discard rack, who is dealing."""

from __future__ import annotations

import weakref
from collections import Counter
from decimal import Decimal
from typing import Any

from attrs import define, field

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.shoe import DiscardRack, Shoe


@define
class Table:
    """A gaming table: one shoe and one discard rack shared by consecutive rounds."""

    shoe: Shoe
    rack: DiscardRack = field(factory=DiscardRack)
    new_dealer: bool = False  # a new dealer came to the table and has not burned yet (§ 633a.7(c))
    removed: list[Card] = field(factory=list)  # a deck taken off the table (§ 670a.8(f))
    rounds_played: int = 0
    meters: dict[str, Decimal] = field(factory=dict)  # progressive meters by wager, across rounds (§ 633a.7(o))
    game: str | None = None  # the game whose Rules made its shoe (``Game.new_table``)
    #: the round ``Game.new_round`` last began here, weakly held (a copy of the table shares it; nothing keeps it)
    last_round: Any = field(default=None, eq=False, repr=False)

    def began(self, rnd: Any) -> None:
        self.last_round = weakref.ref(rnd)

    def round_in_play(self) -> Any:
        """The round begun here last, when it is not over: its cards are still on the layout."""
        rnd = self.last_round() if self.last_round is not None else None
        return rnd if rnd is not None and not rnd.is_over else None

    def cards_off_layout(self) -> Counter:
        """Shoe (both sides of a double shoe, their segregated areas, cover cards set aside) +
        discard rack + removed deck, as a multiset."""
        held = self.shoe.held()
        held.update(self.rack.cards())
        held.update(self.removed)
        return held
