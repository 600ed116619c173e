"""Chip accounting for one round: chips move, they are never created.

Every wager is staked from the player onto the layout and settled exactly once:
collected into the table inventory, returned, or returned with a payout that the
table inventory (or, for a jackpot the regulation keeps off the table, the
progressive system) pays. Amounts are exact whole cents (:mod:`pa_table_games.money`),
so the balances always sum to exactly zero.
"""

from __future__ import annotations

from decimal import Decimal

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

    def stake(self, seat: int, amount: Decimal) -> None:
        self.players[seat] = self.players.get(seat, ZERO) - amount
        self.layout += amount

    def collect(self, amount: Decimal) -> None:
        self.layout -= amount
        self.inventory += amount

    def give_back(self, seat: int, amount: Decimal) -> None:
        self.layout -= amount
        self.players[seat] = self.players.get(seat, ZERO) + amount

    def pay(self, seat: int, amount: Decimal, off_table: bool = False) -> None:
        if off_table:
            self.off_table -= amount
        else:
            self.inventory -= amount
        self.players[seat] = self.players.get(seat, ZERO) + amount

    def settle(self, seat: int, amount: Decimal, net: Decimal, off_table: Decimal) -> None:
        """A wager of ``amount`` settled for ``net``: a loss collected (the rest returned), else the wager
        returned and ``net`` paid, ``off_table`` of it by an outside payer."""
        if net < 0:
            self.collect(-net)
            if amount + net:
                self.give_back(seat, amount + net)
        else:
            self.give_back(seat, amount)
            if net - off_table:
                self.pay(seat, net - off_table)
            if off_table:
                self.pay(seat, off_table, off_table=True)

    def total(self) -> Decimal:
        """Always exactly 0: chips only move."""
        return sum(self.players.values(), ZERO) + self.layout + self.inventory + self.off_table
