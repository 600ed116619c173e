"""What a reader of ``simulate``'s Blackjack figures should know beyond its strategy's own note
(``GameInfo.simulation_notes``): where a figure rests on how the simulation deals, not on the section."""

from __future__ import annotations

from typing import Any

from pa_table_games.games.blackjack.paytables import wagers as with_pay_tables


def notes(rules: Any, seats: dict[int, dict[str, Any]], strategy: str, rounds_per_table: int) -> list[str]:
    """The progressives' meters, which start again at each chunk's table; House Money under ``computed``, whose
    adding shows in the Blackjack Wager's row."""
    placed = {name for wagers in seats.values() for name in wagers}
    said = []
    metered = sorted(name for name in placed & set(with_pay_tables()) if rules.pay_table(name).jackpots)
    if metered:
        said.append(f"{', '.join(metered)}: jackpots are shares of a meter that starts at the Rules' progressive_reset "
                    f"at each chunk's fresh table ({rounds_per_table:,} rounds): the edge rests on that, on the amount "
                    "wagered and on progressive_rate, as `edge blackjack WAGER` says (§ 633a.7(o))")
    if strategy == "computed" and "house_money" in placed and not rules.blackjack_switch:  # Switch: it keeps them
        said.append("computed adds a House Money payout to the Blackjack Wager where that hand's expected net is "
                    "positive (§ 633a.7(g)(10)(ii)): the gain shows in the Blackjack Wager's row, and House Money's "
                    "row is its cash alone; `edge blackjack house_money` prices it both ways")
    return said

