"""The one reader of the numbers a user writes: counts, seeds, amounts of money and pay odds.

Every number typed on the command line (``--rounds``, ``--workers``, ``--seed``, ``--sessions``,
an amount in ``--seat``) and every number in a Rules file or a pay table is read here, in the
documented forms only and in ASCII only (an Arabic-Indic ``٩`` or a superscript ``¹`` is no
digit here), at most :data:`MAX_CHARS` characters. Every limit is checked on the digits as
written, before any arithmetic: ``1e999999999`` or a 5,000-digit integer is refused without
being built, and ``1e00000000000004`` (10^4) is read as the 10,000 it is.

- a whole number (:func:`whole`): ``100000``, ``100_000`` (an underscore between digits) or
  ``1e5`` (a power of ten, never a fraction); a sign only where the caller allows one (a seed);
- an amount (:func:`amount`, :func:`amount_cents`): ``10``, ``12.5`` or ``12.50``: a positive
  number of whole cents, exactly (``10.0000000001`` is not one), as a :class:`~decimal.Decimal`
  or an integer number of cents;
- odds (:func:`odds`): ``"N:M"`` (N to M), each a whole number from 1 to :data:`MOST_ODDS`, and
  N:M at most :data:`MOST_ODDS` to 1 (no real pay table pays more).

A problem is a :class:`NumberError` (a ``ValueError``) whose message says what was written and
what is accepted, in one line; the caller names the option or the ``file:line``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

#: The most local worker processes (or local Dask workers) one simulation starts.
MAX_WORKERS = 256
#: The most rounds one simulation deals (10^12), however the number is written.
MAX_ROUNDS = 10**12

#: The longest number read, in characters (spaces around it not counted).
MAX_CHARS = 32
#: The most a pay table pays: 1,000,000 to 1.
MOST_ODDS = 1_000_000

_WHOLE = re.compile(r"([-+]?)([0-9]+(?:_[0-9]+)*)(?:[eE]([0-9]+))?")
_AMOUNT = re.compile(r"([0-9]+)(?:\.([0-9]*))?|\.([0-9]+)")
_ODDS = re.compile(r"\s*([0-9]+)\s*:\s*([0-9]+)\s*")


class NumberError(ValueError):
    """A number not written in an accepted form, or outside its limits."""


def shown(text: object) -> str:
    """``text`` as quoted in a message: whole when short, else its start and its length."""
    word = str(text)
    return repr(word) if len(word) <= 40 else f"{word[:20]!r}... ({len(word):,} characters)"


def _word(text: object, forms: str) -> str:
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise NumberError(f"{shown(text)} is not a number: write {forms}")
    word = str(text).strip() if isinstance(text, str) else None
    if word is None:  # a Python int: its decimal digits, counted before they are written out
        if abs(text) >= 10 ** MAX_CHARS:
            raise NumberError(f"a number of more than {MAX_CHARS} digits: write {forms}")
        word = str(text)
    if len(word) > MAX_CHARS:
        raise NumberError(f"{shown(word)}: more than {MAX_CHARS} characters: write {forms}")
    if not word.isascii():
        raise NumberError(f"{shown(word)}: only the ASCII digits 0-9 are read: write {forms}")
    return word


def whole(text: str | int, low: int, high: int, *, signed: bool = False) -> int:
    """A whole number written ``100000``, ``100_000`` or ``1e5``, from ``low`` to ``high``.

    ``signed`` accepts a leading ``-`` or ``+`` (a seed); the size is judged on the digits and the
    exponent as written, so no number larger than ``high`` is ever built."""
    forms = "a whole number such as 100000, 100_000 or 1e5"
    word = _word(text, forms)
    match = _WHOLE.fullmatch(word)
    if match is None or (match[1] and not signed):
        raise NumberError(f"{shown(word)} is not a whole number: write {forms}")
    digits = match[2].replace("_", "").lstrip("0")
    exponent = int(match[3] or "0")  # at most 32 ASCII digits: cheap
    negative = match[1] == "-"
    bound = abs(low) if negative else abs(high)
    if digits and len(digits) + exponent > len(str(bound)):
        raise NumberError(f"{shown(word)}: {'below' if negative else 'above'} the limit "
                          f"({low:,} to {high:,})")
    value = int(digits) * 10 ** exponent if digits else 0
    value = -value if negative else value
    if not low <= value <= high:
        raise NumberError(f"{shown(word)}: out of range ({low:,} to {high:,})")
    return value


def amount(text: str, most: int = 10**12) -> Decimal:
    """An amount of money: ``10``, ``12.5``, ``12.50``: positive, whole cents exactly, at most ``most``."""
    forms = "a positive amount in dollars and whole cents, such as 10 or 12.50"
    word = _word(text, forms)
    match = _AMOUNT.fullmatch(word)
    if match is None:
        raise NumberError(f"{shown(word)} is not an amount: write {forms}")
    units, fraction = (match[1], match[2] or "") if match[3] is None else ("0", match[3])
    if fraction.rstrip("0")[2:]:
        raise NumberError(f"{shown(word)}: not a whole number of cents")
    units = units.lstrip("0")
    if len(units) > len(str(most)):
        raise NumberError(f"{shown(word)}: more than {most:,}")
    value = Decimal(f"{units or '0'}.{(fraction + '00')[:2]}")
    if not 0 < value <= most:
        raise NumberError(f"{shown(word)}: not a positive amount of at most {most:,}")
    return value


def amount_cents(text: str, most: int = 10**12) -> int:
    """:func:`amount` as a whole number of cents (``"12.50"`` -> 1250)."""
    return int(amount(text, most) * 100)


def odds(text: object) -> Fraction:
    """Pay odds ``"N:M"`` (N to M) as a fraction "to 1": N and M whole numbers from 1 to
    :data:`MOST_ODDS`, and at most :data:`MOST_ODDS` to 1."""
    forms = f'odds "N:M" with whole numbers from 1 to {MOST_ODDS:,}, such as "3:2"'
    if not isinstance(text, str):
        raise NumberError(f"{shown(text)} is not odds: write {forms}")
    if len(text) > 2 * MAX_CHARS + 1 or not text.isascii():
        raise NumberError(f"{shown(text)} is not odds: write {forms}")
    match = _ODDS.fullmatch(text)
    if match is None:
        raise NumberError(f"{shown(text)} is not odds: write {forms}")
    if len(match[1].lstrip("0")) > 7 or len(match[2].lstrip("0")) > 7:
        raise NumberError(f"{shown(text)}: more than {MOST_ODDS:,} to 1: write {forms}")
    left, right = int(match[1]), int(match[2])
    if not (1 <= left <= MOST_ODDS and 1 <= right <= MOST_ODDS):
        raise NumberError(f"{shown(text)}: write {forms}")
    if Fraction(left, right) > MOST_ODDS:
        raise NumberError(f"{shown(text)}: more than {MOST_ODDS:,} to 1")
    return Fraction(left, right)
