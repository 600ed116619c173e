"""Chip accounting for one round: chips move, they are never created.

Every wager is staked from the player onto the layout and settled exactly once:
collected into the table inventory, returned, or returned with a payout that the
table inventory (or, for a jackpot the regulation keeps off the table, the
progressive system) pays. The balances always sum to zero.
"""

from __future__ import annotations

from attrs import define, field

from pa_table_games.errors import TableGamesError


@define
class Wager:
    """Chips in one betting area: ``seat``'s ``name`` wager on ``hand`` (0, 1 ... after a split)."""

    seat: int
    name: str
    hand: int
    amount: float
    settled: bool = False


@define
class ChipLedger:
    """Balances (changes since the round began) of players, layout, table inventory, off-table payers."""

    players: dict[int, float] = field(factory=dict)
    layout: float = 0.0
    inventory: float = 0.0
    off_table: float = 0.0

    def stake(self, seat: int, amount: float) -> None:
        self.players[seat] = self.players.get(seat, 0.0) - amount
        self.layout += amount

    def collect(self, amount: float) -> None:
        self.layout -= amount
        self.inventory += amount

    def give_back(self, seat: int, amount: float) -> None:
        self.layout -= amount
        self.players[seat] = self.players.get(seat, 0.0) + amount

    def pay(self, seat: int, amount: float, off_table: bool = False) -> None:
        if off_table:
            self.off_table -= amount
        else:
            self.inventory -= amount
        self.players[seat] = self.players.get(seat, 0.0) + amount

    def total(self) -> float:
        """Always 0 (up to float rounding): chips only move."""
        return sum(self.players.values()) + self.layout + self.inventory + self.off_table


def validate_amount(name: str, amount: object) -> float:
    """A wager amount: a positive number."""
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise TableGamesError(f"wager {name}: amount must be a positive number, not {amount!r}")
    return float(amount)
