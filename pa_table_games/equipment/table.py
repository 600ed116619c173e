"""What stays at the table between rounds: the shoe, the discard rack, who is dealing."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from attrs import define, field

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.flags import state_flag
from pa_table_games.equipment.shoe import DiscardRack, Shoe, sides


@define
class Table:
    """A gaming table: one shoe and one discard rack shared by consecutive rounds."""

    shoe: Shoe
    rack: DiscardRack = field(factory=DiscardRack)
    new_dealer: bool = state_flag(False)  # a new dealer came to the table and has not burned yet (§ 633a.7(c))
    removed: list[Card] = field(factory=list)  # a deck taken off the table (§ 670a.8(f))
    #: rounds made at it so far: only the one begun last may deal from its shoe (``Round.step``, ``Round.act``)
    rounds_begun: int = field(default=0, eq=False)
    meters: dict[str, Decimal] = field(factory=dict)  # progressive meters by wager, across rounds (§ 633a.7(o))
    game: str | None = None  # the game whose Rules made its shoe (``Game.new_table``)
    #: its game shuffled its shoe for its Rules (``Game.new_table``), so the next rounds check it against the Rules'
    #: shoe (``Game.new_round``); False: the shoe was given (``shoe=``), the developer's own. No state flag: no log
    #: records it (:mod:`.flags`)
    shuffled_by_game: bool = field(default=False, eq=False)

    def cards_on_layout(self) -> int:
        """How many of the cards put in the shoe are out on the layout: a round in play holds them (the shoe,
        the discard rack and a removed deck hold the rest)."""
        put_in = sum(sum(side.loaded.values()) for side in sides(self.shoe).values())
        return put_in - sum(self.cards_off_layout().values())

    def cards_off_layout(self) -> Counter:
        """Shoe (both sides of a double shoe, their segregated areas, cover cards set aside) +
        discard rack + removed deck, as a multiset."""
        held = self.shoe.held()
        held.update(self.rack.cards())
        held.update(self.removed)
        return held
