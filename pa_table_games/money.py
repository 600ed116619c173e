"""Money: exact amounts in whole cents, and the one place where they are made and rounded.

An amount is a :class:`decimal.Decimal` of dollars with two places (``Decimal("10.01")``): exact,
so a chip ledger sums to exactly zero and a log holds what was paid to the cent. Amounts come in
through :func:`money` (a number from Python, a Rules file or a log) and :func:`parse_amount`
(text a player typed, read by :mod:`pa_table_games.numbers` alone); anything that is not a positive
number of whole cents is refused there (``nan``, ``inf``, ``1e-300``, ``0.005``, ``10.0000000001``).

Odds stay ratios (:class:`fractions.Fraction`); an amount times odds is computed exactly and
rounded once, by :func:`times`: toward zero, to the cent (a payout's fraction of a cent stays in
the table inventory; a forfeited or staked fraction of a wager never exceeds its share). Each such
rounding is a house reading in the machine files' ``readings:``, since the regulation is silent.

The table minimum and maximum are Rules options (``table_minimum``, ``table_maximum``, filed
under § 601a.2): the main wager of each seat must be within them, and no wager may exceed the
maximum, before the deal or after anything is added to it (:func:`room_under_maximum`).
"""

from __future__ import annotations

import math
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

import attrs

from pa_table_games.errors import IllegalAction, WagerError
from pa_table_games.numbers import amount as read_amount

#: One cent, the unit every amount is a whole number of.
CENT = Decimal("0.01")
#: No money: the starting balance of every ledger account.
ZERO = Decimal("0.00")
#: Default table limits (Rules ``table_minimum`` / ``table_maximum``), in dollars.
TABLE_MINIMUM = 1.0
TABLE_MAXIMUM = 100_000.0
#: No amount is larger.
MOST = 10 ** 12


def _exact(value: Any) -> Decimal | None:
    """``value`` as an exact decimal (a float by its shortest repr: ``10.01`` is 10.01), or None if it is no number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int):
        # one past any amount, of the value's sign (a huge int is not made a Decimal of all its digits)
        return Decimal(value) if abs(value) <= MOST * 1000 else Decimal(MOST * 1000 + 1) * (1 if value > 0 else -1)
    if isinstance(value, float):
        return Decimal(repr(value)) if math.isfinite(value) else Decimal(str(value))
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return None


def amount_problem(value: Any) -> str | None:
    """Why ``value`` is not an amount of money (``None`` when it is one): a finite, positive number of whole cents."""
    exact = _exact(value)
    if exact is None:
        return "not a number"
    if not exact.is_finite() or not exact > 0:
        return "not a positive amount"
    if exact > MOST:
        return f"more than {MOST:,.0f}"
    if exact != exact.quantize(CENT, rounding=ROUND_DOWN):
        return "not a whole number of cents"
    return None


def whole_cents(value: Any) -> bool:
    """``value`` is a finite number (of any sign, 0 included) of whole cents, exactly."""
    exact = _exact(value)
    return (exact is not None and exact.is_finite() and abs(exact) <= MOST
            and exact == exact.quantize(CENT, rounding=ROUND_DOWN))


def money(value: Any) -> Decimal:
    """``value`` (an int, a float, a Decimal) as an amount in whole cents; ``ValueError`` naming the problem if it is none."""
    try:
        return _money(value)  # the same few amounts every round of a simulation: converted once
    except TypeError:  # unhashable: no number
        return _money.__wrapped__(value)


@lru_cache(maxsize=4096, typed=True)  # typed: True is no amount, though True == 1
def _money(value: Any) -> Decimal:
    problem = amount_problem(value)
    if problem:
        raise ValueError(problem)
    return _exact(value).quantize(CENT)


def exact_or_as_is(value: Any) -> Any:
    """``value`` as an amount when it is one (a decision's ``amount=5`` from Python); anything else unchanged,
    for the one who reads it to refuse with its reason."""
    try:
        return money(value) if value is not None else None
    except ValueError:
        return value


def wager_amount(seat: int, name: str, amount: Any) -> Decimal:
    """The amount of a wager placed at ``seat``, exactly; a ``WagerError`` if it is no amount."""
    try:
        return money(amount)
    except ValueError as problem:
        raise WagerError(f"seat {seat}: {name} must be a positive amount of whole cents, not {amount!r} ({problem})") from None


def check_settlement(wager: Any, net: Any, off_table: Any) -> None:
    """A settlement moves whole cents only (:func:`times` rounds a payout once): anything else is a bug."""
    if type(net) is not Decimal or not _is_cents(net) or (
            off_table is not ZERO and (type(off_table) is not Decimal or not _is_cents(off_table))):
        raise AssertionError(f"{wager} settled for {net!r} (off the table {off_table!r}): not whole cents")


def _is_cents(value: Decimal) -> bool:
    # not cached: hashing a new Decimal costs several times this remainder (measured: 1.1 us against 0.2 us)
    return value.is_finite() and not value % CENT


def in_cents(amount: Decimal) -> int:
    """An amount of whole cents as a number of cents (``Decimal("15.01")`` -> 1501): the tally's exact unit."""
    return int(amount * 100)  # exact: whole cents times 100 is whole (a cache would hash each new Decimal: slower)


def parse_amount(text: str) -> Decimal:
    """A number typed by a player, e.g. ``"10"`` or ``"12.50"``, exactly: :func:`pa_table_games.numbers.amount`
    (the digits 0-9, at most 32 characters; no fallback to another parser); ``NumberError`` (a ``ValueError``)
    naming the problem and the accepted form otherwise."""
    return read_amount(text)


def typed_amount_problem(text: str) -> str | None:
    """Why a typed answer is not an amount (``not a positive amount``), None when it is one: the first clause
    of :func:`parse_amount`'s refusal, for a caller naming the form itself."""
    try:
        parse_amount(text)
    except (ValueError, TypeError) as error:
        return str(getattr(error, "reason", None) or "not a number").partition(":")[0]
    return None


#: A surrender loses half the Blackjack Wager (§ 633a.9), an odd cent rounded down (readings).
SURRENDER_LOSS = Fraction(1, 2)


def times(amount: Decimal, ratio: Any) -> Decimal:
    """``amount`` times ``ratio`` (odds, a share, -1/0/1), exact, then rounded once toward zero to the cent."""
    if type(ratio) is int:  # a win, a loss or a push (or whole odds): no rounding
        return amount if ratio == 1 else -amount if ratio == -1 else amount * ratio
    ratio = ratio if isinstance(ratio, Fraction) else Fraction(str(ratio))
    n, d = ratio.numerator, ratio.denominator
    if d == 1:
        return amount * n
    product = int(amount * 100) * n  # whole cents times the numerator: exact
    cents = product // d if product >= 0 else -(-product // d)
    return Decimal(cents).scaleb(-2)


def exactly(value: Any) -> Decimal:
    """A Rules number (a meter's reset amount, which may be 0) as an exact decimal, not rounded."""
    return _exact(value)


def round_to_cent(exact: Fraction) -> Decimal:
    """An exact amount of dollars (a meter's share, several odds together) rounded once toward zero to the cent."""
    n, d = exact.numerator * 100, exact.denominator
    return Decimal(n // d if n >= 0 else -(-n // d)).scaleb(-2)


def fraction_of(amount: Decimal, share: Any) -> Decimal:
    """``share`` (a Rules fraction such as ``insurance_max: 0.5``, read as written) of ``amount``, rounded down."""
    return times(amount, Fraction(str(share)))


def typed(value: Any) -> str:
    """A refused number as a message shows it: ``-5.0``, ``nan``, ``0.0``, ``'abc'``."""
    if isinstance(value, Decimal):
        return "nan" if value.is_nan() else repr(float(value))  # a signalling nan has no float
    return repr(value)


def show(amount: Any) -> str:
    """``10.00``, ``1000000.00``: an amount in dollars with two decimals, no exponent."""
    return f"{_exact(amount):.2f}"


def brief(amount: Any) -> str:
    """``10``, ``12.5``, ``10000.001``: an amount exactly, without trailing zeros (in the round's notes)."""
    text = f"{_exact(amount):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def signed(amount: Any) -> str:
    """``+15.02``, ``-10.00``, ``0.00``: a net with its sign."""
    text = show(amount)
    return text if text.startswith("-") or Decimal(text) == 0 else f"+{text}"


def as_json(amount: Decimal) -> float:
    """An amount as a JSON number of dollars: the float whose shortest text is the amount's (``10.01``),
    which reads back exactly as a decimal (every amount up to :data:`MOST` has at most 15 digits)."""
    return float(amount)


def room_under_maximum(rules: Any, amount: Decimal) -> Decimal:
    """How much more a wager of ``amount`` may take before it exceeds the table maximum (§ 601a.2)."""
    return max(rules_maximum(rules) - amount, ZERO)


def addition(rnd: Any, current: Decimal, original: Decimal, cite: str, *, equal: bool = False,
             rule: str = "a Double Down Wager may be at most") -> Decimal:
    """The amount a Double Down adds to a wager of ``current``: the decision's ``double=AMOUNT``, or the
    ``original`` wager; at most ``original`` (exactly it when ``equal``) and never so much that the wager
    exceeds the table maximum (§ 601a.2). Without an amount, a double that would exceed the maximum is
    for what the maximum leaves (doubling for less, which ``cite`` allows unless ``equal``); an amount
    asked for that does not fit, or no room at all, is refused with ``cite`` (``rule`` words the limit)."""
    word, asked = rnd.acting.word, rnd.acting.amount
    cite_text, room = rnd.spec.cite_text(cite), room_under_maximum(rnd.rules, current)
    if asked is not None:
        problem = amount_problem(asked)
        if problem:
            raise IllegalAction(word, f"{typed(asked)} is {problem}", cite_text)
        asked = money(asked)
        if (equal and asked != original) or not asked <= original:
            raise IllegalAction(word, f"{rule} {'' if equal else 'the original '}{brief(original)}", cite_text)
    amount = asked if asked is not None else original
    if amount <= room:
        return amount
    if asked is None and not equal and room > 0:
        rnd.note(f"Double Down Wager of {brief(room)}, not {brief(original)}: the table maximum "
                 f"{brief(rules_maximum(rnd.rules))} leaves no more (§ 601a.2)")
        return room
    raise IllegalAction(word, f"the wager of {brief(current)} would become {brief(current + amount)}, above the table "
                        f"maximum {brief(rules_maximum(rnd.rules))} (Rules table_maximum, § 601a.2)", cite_text)


def rules_maximum(rules: Any) -> Decimal:
    """The Rules' table maximum as an amount."""
    return money(rules.table_maximum)


def default_wager(rules: Any) -> Decimal:
    """The main wager of a seat nobody gave one for (``simulate`` and ``edge``'s seat 1): 10, within the table's
    limits."""
    return min(max(money(10), money(rules.table_minimum)), money(rules.table_maximum))


def check_seats(rules: Any, main_wager: str, seats: dict[int, dict[str, Any]]) -> None:
    """Every wager in ``seats`` is an amount; the main wager is within the table limits, every wager at most the maximum."""
    for seat, wagers in seats.items():
        for name, amount in wagers.items():
            problem = amount_problem(amount)
            if problem:
                raise WagerError(f"seat {seat} {name}={amount!r}: {problem}")
            _check_table_limits(rules, main_wager, seat, name, money(amount))


def _check_table_limits(rules: Any, main_wager: str, seat: int, name: str, amount: Decimal) -> None:
    low, high = rules.table_minimum, rules.table_maximum
    if amount > money(high):
        raise WagerError(f"seat {seat} {name}={brief(amount)}: above the table maximum "
                         f"(Rules table_maximum: {brief(high)})")
    if name == main_wager and amount < money(low):
        raise WagerError(f"seat {seat} {name}={brief(amount)}: below the table minimum "
                         f"(Rules table_minimum: {brief(low)})")


def check_limits(rnd: Any, seat: int, name: str, amount: Decimal) -> None:
    """The round's own limits on a wager it places (an amount of whole cents already): the main wager within
    the table minimum and maximum, every wager at most the maximum (as :func:`check_seats` checks the command
    line's) and at most its own maximum where the game declares one (``GameInfo.wager_maximum``)."""
    info = rnd.game.info
    _check_table_limits(rnd.rules, info.wagers[0], seat, name, amount)
    most = info.wager_maximum(rnd, seat, name) if info.wager_maximum is not None else None
    if most is not None and amount > money(most):
        raise WagerError(f"seat {seat} {name}={brief(amount)}: above that wager's own maximum {brief(most)} "
                         f"under the Rules")


def is_amount(_: Any, attribute: attrs.Attribute, value: Any) -> None:
    """Validator of a Rules option that is an amount of money: a plain positive number of whole cents."""
    problem = amount_problem(value) if not isinstance(value, Decimal) else "write it as a plain number"
    if problem:
        raise ValueError(f"{attribute.name} must be a positive amount in whole cents, not {value!r} ({problem})")


def _minimum_at_most_maximum(rules: Any, attribute: attrs.Attribute, value: Any) -> None:
    is_amount(rules, attribute, value)
    if money(rules.table_minimum) > money(rules.table_maximum):
        raise ValueError(f"table_minimum {rules.table_minimum:g} is above table_maximum {rules.table_maximum:g}")


def table_minimum_option() -> Any:
    """The Rules option ``table_minimum``: the smallest main wager accepted."""
    return attrs.field(default=TABLE_MINIMUM, validator=is_amount, metadata={
        "cite": "§ 601a.2", "help": f"smallest main wager accepted at the table, in dollars (default {TABLE_MINIMUM:g})"})


def table_maximum_option() -> Any:
    """The Rules option ``table_maximum``: the largest wager accepted (after ``table_minimum`` in the class)."""
    return attrs.field(default=TABLE_MAXIMUM, validator=_minimum_at_most_maximum, metadata={
        "cite": "§ 601a.2", "help": f"largest wager accepted at the table, in dollars (default {TABLE_MAXIMUM:g})"})
