"""Chip accounting for one round: chips move, they are never created.

Every wager is staked from the player onto the layout and settled exactly once:
collected into the table inventory, returned, or returned with a payout that the
table inventory (or, for a jackpot the regulation keeps off the table, the
progressive system) pays. Amounts are exact whole cents (:mod:`pa_table_games.money`),
so the balances always sum to exactly zero.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from attrs import define, field

from pa_table_games.money import ZERO


@define
class Wager:
    """Chips in one betting area: ``seat``'s ``name`` wager on ``hand`` (0, 1 ... after a split), in whole cents."""

    seat: int
    name: str
    hand: int
    amount: Decimal
    settled: bool = False


@define
class ChipLedger:
    """Balances (changes since the round began) of players, layout, table inventory, off-table payers."""

    players: dict[int, Decimal] = field(factory=dict)
    layout: Decimal = ZERO
    inventory: Decimal = ZERO
    off_table: Decimal = ZERO

    def total(self) -> Decimal:
        """Always exactly 0: chips only move."""
        return sum(self.players.values(), ZERO) + self.layout + self.inventory + self.off_table


def settlement_moves(seat: int, amount: Decimal, net: Decimal, off_table: Decimal = ZERO
                     ) -> list[tuple[Any, Any, Decimal]]:
    """The chips ``seat``'s wager of ``amount`` settled for ``net`` moves, each (from, to, how many): a loss collected
    into the table inventory and the rest returned; else the wager returned and ``net`` paid, the table inventory
    paying all of it but ``off_table``, which an outside payer (the progressive system) pays."""
    if net < 0:
        return [("layout", "inventory", -net), *([("layout", seat, amount + net)] if amount + net else [])]
    return [("layout", seat, amount), *([("inventory", seat, net - off_table)] if net - off_table else []),
            *([("off_table", seat, off_table)] if off_table else [])]
