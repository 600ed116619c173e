"""The one reader of the numbers a user writes: counts, seeds, amounts of money and pay odds.

Every number typed on the command line (``--rounds``, ``--workers``, ``--seed``, ``--sessions``, every
other numeric option, an amount in ``--seat`` or ``double=AMOUNT``) and every number in a Rules file,
a machine file or a pay table is read here, in one form per kind and in the ASCII digits 0-9 only,
at most :data:`MAX_CHARS` characters:

- a whole number (:func:`whole`): ``100000``; a leading ``-`` only where the caller allows a sign (a seed);
- an amount (:func:`amount`, :func:`amount_cents`): ``10``, ``12.5`` or ``12.50``: a positive
  number of whole cents, exactly (``10.0000000001`` is not one), as a :class:`~decimal.Decimal`
  or an integer number of cents;
- odds (:func:`odds`): ``"N:M"`` (N to M), each a whole number from 1 to :data:`MOST_ODDS`, and
  N:M at most :data:`MOST_ODDS` to 1 (no real pay table pays more);
- a number in a data file (:func:`in_file`): ``8``, ``-3``, ``0.5``.

Nothing else is read as a number, so no spelling passes a limit or changes a value unseen: no
exponent (``1e6``), no underscore (``100_000``), no digit of another script (an Arabic-Indic ``١٠``,
a fullwidth ``１０``, a superscript ``¹``), no space other than ASCII's around the number (a no-break
space is refused, naming it), no fallback to Python's own parsers (which take all of these). Every
limit is checked on the digits as written, before any arithmetic: a 5,000-digit integer is refused
without being built.

A problem is a :class:`NumberError` (a ``ValueError``) whose message quotes what was written, says
why it is refused and shows the accepted form, in one line; the caller names the option or the
``file:line``.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from fractions import Fraction

#: The most local worker processes (or local Dask workers) one simulation starts.
MAX_WORKERS = 256
#: The most rounds one simulation deals (10^12), however the number is written.
MAX_ROUNDS = 10**12
#: A seed (``--seed``, a learning table's ``reset(seed=...)``) lies from -MOST_SEED to MOST_SEED.
MOST_SEED = 2**64 - 1

#: The spaces stripped from around a word typed or given: ASCII's (a no-break or em space is refused, named, in an
#: amount).
ASCII_SPACE = " \t\r\n\x0b\x0c"
#: The longest number read, in characters (spaces around it not counted).
MAX_CHARS = 32
#: The most a pay table pays: 1,000,000 to 1.
MOST_ODDS = 1_000_000

_WHOLE = re.compile(r"(-?)([0-9]+)")
_AMOUNT = re.compile(r"([0-9]+)(?:\.([0-9]*))?|\.([0-9]+)")
_ODDS = re.compile(r"[ \t]*([0-9]+)[ \t]*:[ \t]*([0-9]+)[ \t]*")
_IN_FILE = re.compile(r"[-+]?(?:[0-9]+(\.[0-9]*)?|(\.)[0-9]+)")

#: How each kind is written, as a refusal shows it.
WHOLE_FORM = "a whole number in the digits 0-9 only (no exponent, underscore, separator or sign)"
SIGNED_FORM = "a whole number in the digits 0-9 only, a leading - allowed (no exponent, underscore or separator)"
AMOUNT_FORM = "a positive amount in dollars and whole cents, in the digits 0-9, such as 10 or 12.50"
ODDS_FORM = f'odds "N:M" with whole numbers from 1 to {MOST_ODDS:,} in the digits 0-9, such as "3:2"'
FILE_FORM = "a number in the digits 0-9, such as 8 or 0.5 (no exponent, underscore or other base)"


class NumberError(ValueError):
    """A number not written in an accepted form, or outside its limits: ``'1e6': reason`` (``reason``
    without the quoted text, for a caller quoting it its own way)."""

    def __init__(self, text: object, reason: str) -> None:
        super().__init__(f"{shown(text)}: {reason}" if text is not None else reason)
        self.reason = reason


def shown(text: object) -> str:
    """``text`` as quoted in a message: whole when short, else its start and its length."""
    word = str(text)
    return repr(word) if len(word) <= 40 else f"{word[:20]!r}... ({len(word):,} characters)"


def given(value: object) -> str:
    """``value`` as a message quotes what was given: its repr when short (``'7'``, ``7.5``), else :func:`shown`."""
    said = repr(value)
    return said if len(said) <= 40 else shown(value)


def _foreign(word: str) -> str:
    """The first character of ``word`` outside ASCII, named (``ARABIC-INDIC DIGIT ONE (U+0661)``)."""
    char = next(c for c in word if not c.isascii())
    return f"{unicodedata.name(char, 'a character')} (U+{ord(char):04X})"


def _word(text: object, forms: str) -> str:
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise NumberError(text, f"not a number: write {forms}")
    if not isinstance(text, str):  # a Python int: its decimal digits, counted before they are written out
        if abs(text) >= 10 ** MAX_CHARS:
            raise NumberError(None, f"a number of more than {MAX_CHARS} digits: write {forms}")
        return str(text)
    word = text.strip(" \t")  # ASCII spaces only: any other space is refused below, named
    if len(word) > MAX_CHARS:
        raise NumberError(word, f"more than {MAX_CHARS} characters: write {forms}")
    if not word.isascii():
        raise NumberError(word, f"{_foreign(word)} is none of the ASCII digits 0-9: write {forms}")
    return word


def is_whole(value: object) -> bool:
    """``value`` is a whole number given as one (an int; True is no number here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seed(value: object) -> bool:
    """``value`` is a seed as ``--seed`` takes it: a whole number from -MOST_SEED to MOST_SEED."""
    return is_whole(value) and -MOST_SEED <= value <= MOST_SEED


def whole(text: str | int, low: int, high: int, *, signed: bool = False) -> int:
    """A whole number written in the digits 0-9 (``100000``), from ``low`` to ``high``.

    ``signed`` accepts a leading ``-`` (a seed); the size is judged on the digits as written, so no
    number larger than ``high`` is ever built."""
    forms = SIGNED_FORM if signed else WHOLE_FORM
    word = _word(text, forms)
    match = _WHOLE.fullmatch(word)
    if match is None or (match[1] and not signed):
        raise NumberError(word, f"not {forms}")
    digits = match[2].lstrip("0")
    negative = match[1] == "-"
    bound = abs(low) if negative else abs(high)
    if len(digits) > len(str(bound)):
        raise NumberError(word, f"{'below' if negative else 'above'} the limit ({low:,} to {high:,})")
    value = -int(digits or "0") if negative else int(digits or "0")
    if not low <= value <= high:
        raise NumberError(word, f"out of range ({low:,} to {high:,})")
    return value


def amount(text: str, most: int = 10**12) -> Decimal:
    """An amount of money: ``10``, ``12.5``, ``12.50``: positive, whole cents exactly, at most ``most``."""
    word = _word(text, AMOUNT_FORM)
    match = _AMOUNT.fullmatch(word)
    if match is None:
        raise NumberError(word, f"not an amount: write {AMOUNT_FORM}")
    units, fraction = (match[1], match[2] or "") if match[3] is None else ("0", match[3])
    if fraction.rstrip("0")[2:]:
        raise NumberError(word, "not a whole number of cents")
    units = units.lstrip("0")
    value = Decimal(f"{units or '0'}.{(fraction + '00')[:2]}") if len(units) <= len(str(most)) else None
    if value is None or value > most:
        raise NumberError(word, f"more than {most:,}")
    if not value > 0:
        raise NumberError(word, "not a positive amount")
    return value


def amount_cents(text: str, most: int = 10**12) -> int:
    """:func:`amount` as a whole number of cents (``"12.50"`` -> 1250)."""
    return int(amount(text, most) * 100)


def odds(text: object) -> Fraction:
    """Pay odds ``"N:M"`` (N to M) as a fraction "to 1": N and M whole numbers from 1 to
    :data:`MOST_ODDS`, and at most :data:`MOST_ODDS` to 1."""
    forms = ODDS_FORM
    if not isinstance(text, str) or len(text) > 2 * MAX_CHARS + 1:
        raise NumberError(text, f"not odds: write {forms}")
    if not text.isascii():
        raise NumberError(text, f"{_foreign(text)} is none of the ASCII digits 0-9: write {forms}")
    match = _ODDS.fullmatch(text)
    if match is None:
        raise NumberError(text, f"not odds: write {forms}")
    if len(match[1].lstrip("0")) > 7 or len(match[2].lstrip("0")) > 7:
        raise NumberError(text, f"more than {MOST_ODDS:,} to 1: write {forms}")
    left, right = int(match[1]), int(match[2])
    if not (1 <= left <= MOST_ODDS and 1 <= right <= MOST_ODDS):
        raise NumberError(text, f"write {forms}")
    if Fraction(left, right) > MOST_ODDS:
        raise NumberError(text, f"more than {MOST_ODDS:,} to 1")
    return Fraction(left, right)


def in_file(text: str) -> int | float:
    """A number as a data file (YAML) writes it: ``8`` or ``-3`` (an int), ``0.5``, ``.5`` or ``2.`` (a float).
    YAML would also read ``1_000``, ``0x10``, ``0o17``, ``010`` (octal), ``1:30`` (base 60) and ``1.0e3``."""
    word = _word(text, FILE_FORM)
    match = _IN_FILE.fullmatch(word)
    if match is None:
        if ":" in word:
            raise NumberError(word, f'odds are written quoted, "{word}" (unquoted, YAML reads N:M as base 60)')
        raise NumberError(word, f"not {FILE_FORM}")
    if match[1] is None and match[2] is None:
        return int(word)  # at most MAX_CHARS ASCII digits: cheap
    return float(word)
