"""What a reader of ``simulate``'s Double Down Madness figures should know beyond its strategy's own note
(``GameInfo.simulation_notes``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pa_table_games.money import times


def notes(rules: Any, seats: dict[int, dict[str, Any]], strategy: str, rounds_per_table: int) -> list[str]:
    """The default strategy, ``madness``, is a simple table, not the best play ``edge`` prices."""
    if strategy != "madness":
        return []
    return ["madness is a simple documented table (strategy_tables/madness.yaml), not an optimised strategy: "
            "`edge double-down-madness` prices the analysis' best play, the lowest edge a player can face, so this "
            "strategy's edge on the main wager is expected to be higher"]


def top_payout(rules: Any, wager: str, amount: Decimal) -> Decimal | None:
    """The most one ``wager`` of ``amount`` wins in a round (``GameInfo.top_payout``): Push 22's and Insurance's
    odds. None for the main wager, whose largest wins are neither rare nor large enough to tell an interval anything."""
    odds = {"push_22": rules.push_22_odds, "insurance": rules.insurance_odds}.get(wager)
    return times(amount, odds) if odds is not None else None
