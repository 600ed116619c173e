"""Amounts of money a player states: finite, positive, whole cents, within the table's limits.

Amounts are kept as floats (a dollar amount to the cent is exact enough in a double up to
ten digits of dollars); what keeps them sane is refusing, where they come in, anything that
is not a positive number of whole cents: ``nan``, ``inf``, ``1e-300``, ``0.005``. The
table minimum and maximum are Rules options (``table_minimum``, ``table_maximum``, filed
under § 601a.2): the main wager of each seat must be within them, and no wager may exceed
the maximum.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from pa_table_games.numbers import amount as read_amount
from pa_table_games.errors import WagerError

#: Default table limits (Rules ``table_minimum`` / ``table_maximum``), in dollars.
TABLE_MINIMUM = 1.0
TABLE_MAXIMUM = 100_000.0
#: No amount is larger (a float holds every cent up to here exactly enough).
MOST = 1e12


def amount_problem(value: Any) -> str | None:
    """Why ``value`` is not an amount of money (``None`` when it is one): a finite, positive number of whole cents."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "not a number"
    if isinstance(value, int) and value > MOST:  # a whole number too large for a float
        return f"more than {MOST:,.0f}"
    if not math.isfinite(value) or not value > 0:
        return "not a positive amount"
    if value > MOST:
        return f"more than {MOST:,.0f}"
    cents = round(value * 100)
    if cents < 1 or abs(value * 100 - cents) > 1e-6 + 1e-9 * cents:
        return "not a whole number of cents"
    return None


def parse_amount(text: str) -> float:
    """A number typed by a player, e.g. ``"10"`` or ``"12.50"``: positive whole cents exactly, read by
    :func:`pa_table_games.numbers.amount`; ``ValueError`` (a ``NumberError``) if it is not one."""
    return float(read_amount(text))


def show(amount: float) -> str:
    """``1000000``, ``12.5``: an amount without exponent or trailing zeros."""
    return f"{amount:.2f}".rstrip("0").rstrip(".")


def check_seats(rules: Any, main_wager: str, seats: dict[int, dict[str, float]]) -> None:
    """Every wager in ``seats`` is an amount; the main wager is within the table limits, every wager at most the maximum."""
    low, high = rules.table_minimum, rules.table_maximum
    for seat, wagers in seats.items():
        for name, amount in wagers.items():
            problem = amount_problem(amount)
            if problem:
                raise WagerError(f"seat {seat} {name}={amount!r}: {problem}")
            if amount > high:
                raise WagerError(f"seat {seat} {name}={show(amount)}: above the table maximum "
                                 f"(Rules table_maximum: {show(high)})")
            if name == main_wager and amount < low:
                raise WagerError(f"seat {seat} {name}={show(amount)}: below the table minimum "
                                 f"(Rules table_minimum: {show(low)})")


def _limit(_: Any, attribute: attrs.Attribute, value: Any) -> None:
    problem = amount_problem(value)
    if problem:
        raise ValueError(f"{attribute.name} must be a positive amount in whole cents, not {value!r} ({problem})")


def _minimum_at_most_maximum(rules: Any, attribute: attrs.Attribute, value: Any) -> None:
    _limit(rules, attribute, value)
    if rules.table_minimum > rules.table_maximum:
        raise ValueError(f"table_minimum {rules.table_minimum:g} is above table_maximum {rules.table_maximum:g}")


def table_minimum_option() -> Any:
    """The Rules option ``table_minimum``: the smallest main wager accepted."""
    return attrs.field(default=TABLE_MINIMUM, validator=_limit, metadata={
        "cite": "§ 601a.2", "help": f"smallest main wager accepted at the table, in dollars (default {TABLE_MINIMUM:g})"})


def table_maximum_option() -> Any:
    """The Rules option ``table_maximum``: the largest wager accepted (after ``table_minimum`` in the class)."""
    return attrs.field(default=TABLE_MAXIMUM, validator=_minimum_at_most_maximum, metadata={
        "cite": "§ 601a.2", "help": f"largest wager accepted at the table, in dollars (default {TABLE_MAXIMUM:g})"})
