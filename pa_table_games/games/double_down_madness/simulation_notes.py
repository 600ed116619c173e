"""What a reader of ``simulate``'s Double Down Madness figures should know beyond its strategy's own note
(``GameInfo.simulation_notes``)."""

from __future__ import annotations

from typing import Any


def notes(rules: Any, seats: dict[int, dict[str, Any]], strategy: str, rounds_per_table: int) -> list[str]:
    """The default strategy, ``madness``, is a simple table, not the best play ``edge`` prices."""
    if strategy != "madness":
        return []
    return ["madness is a simple documented table (strategy_tables/madness.yaml), not an optimised strategy: "
            "`edge double-down-madness` prices the analysis' best play, the lowest edge a player can face, so this "
            "strategy's edge on the main wager is expected to be higher"]
