"""What a reader of ``simulate``'s Blackjack figures should know beyond its strategy's own note
(``GameInfo.simulation_notes``): where a figure rests on how the simulation deals, not on the section."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from pa_table_games.games.blackjack.paytables import wagers as with_pay_tables
from pa_table_games.money import round_to_cent, times


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


def top_payout(rules: Any, wager: str, amount: Decimal) -> Decimal | None:
    """The most one ``wager`` of ``amount`` wins in a round (``GameInfo.top_payout``): its pay table's top odds or,
    larger, its top share of a meter at its reset; Insurance's odds. None for the Blackjack Wager, whose largest
    wins (split and doubled hands) are neither rare nor large enough to tell an interval anything."""
    if wager == "insurance":
        return times(amount, rules.insurance_odds)
    if wager not in with_pay_tables():
        return None
    table = rules.pay_table(wager)
    meter = max(table.jackpots.values(), default=0) * Fraction(str(rules.progressive_reset))
    return max(times(amount, max(table.pays.values(), default=0)), round_to_cent(meter))
