"""How an ``edge`` answer says that its pay table is ILLUSTRATIVE: made up, because the section that would give the
real one is not available (Six-Card Fortune Pai Gow's Fortune Bonus and Progressive Payout tables, the Blackjack
progressives' tables). The line and the ``--json`` field are written here, once for every game."""

from __future__ import annotations

from typing import Any

#: The ``--json`` field: true when the price rests on an ILLUSTRATIVE pay table.
FIELD = "illustrative_pay_table"


def illustrative_lines(doc: dict[str, Any], why: str, table: str | None = None) -> list[str]:
    """``pay table: ILLUSTRATIVE (made up; WHY)`` when ``doc`` says its pay table is (``table`` names it, where the
    wager has several to choose from), else nothing."""
    if not doc.get(FIELD):
        return []
    return [f"pay table{f' {table}' if table else ''}: ILLUSTRATIVE (made up; {why})"]
