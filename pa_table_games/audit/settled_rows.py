"""A settled row of a round log as replay names it: the wager (hands counted from 1, as people count them), how it
was settled, an amount as logged; and an earlier version's row read within a cent."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from pa_table_games.money import CENT, exactly
from pa_table_games.numbers import is_whole


def wager_named(k: tuple) -> str:
    """``seat 1 blackjack``, ``seat 1 blackjack hand 2``: a row's (seat, wager, hand)."""
    return f"seat {k[0]} {k[1]}" + (f" hand {counted(k[2])}" if k[2] else "")  # people count hands from 1


def settled_as(row: dict) -> str:
    """``win +15.00 on 10.00``."""
    return f"{row['outcome']} {figure(row['net'], '+')} on {figure(row['amount'])}"


def figure(value: Any, sign: str = "") -> str:
    """An amount as logged: two decimals when it is whole cents (``+15.00``), else exactly as read (``20.009``)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e13 \
            and abs(value * 100 - round(value * 100)) < 1e-6:
        return f"{value:{sign},.2f}"
    return repr(value)


def within_a_cent(row: dict, ours: dict | None) -> dict:
    """An earlier version's settled ``row`` with each amount taken as ``ours`` when less than a cent from it
    (the same wager settled the same way, computed in floating point), each compared as the decimal it is written
    as: 10.01 is a cent from 10.00, though the floats subtracted come to 0.00999..."""
    if ours is None or {k: v for k, v in row.items() if k not in AMOUNTS} != \
            {k: v for k, v in ours.items() if k not in AMOUNTS}:
        return row
    near = {k: ours[k] for k in AMOUNTS if k in row and k in ours and abs(exactly(row[k]) - exactly(ours[k])) < CENT}
    return {**row, **near}


AMOUNTS = ("amount", "net", "paid_off_table")


def counted(hand: Any) -> str:
    """A logged hand index as people count it (0 -> 1); anything else in a malformed log as it stands."""
    return str(hand + 1) if is_whole(hand) else repr(hand)


def hands_by_number(keys: list[tuple]) -> list[tuple]:
    """Row keys ``(seat, wager, hand)`` with each run of one seat's one wager sorted by hand, so that a box's hands
    settled in one step compare in any order: a log before version 5 settled them by number, not where they lie."""
    return [k for _, run in groupby(keys, key=lambda k: k[:2]) for k in sorted(run)]
