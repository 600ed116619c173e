"""Rules Submission options (§ 601a.2): one frozen attrs class per game, loadable from YAML.

A certificate holder files its choices (decks, pay tables, settlement procedure ...).
Each option is an attrs field with ``metadata={"cite": ..., "help": ...}``; the help says
when a default is ours rather than the regulation's. A Rules file is a flat YAML
mapping of option -> value; an unknown option or a bad value is a ``file:line`` error.
"""

from __future__ import annotations

import difflib
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import attrs

from pa_table_games.numbers import given, is_whole, odds as read_odds
from pa_table_games.errors import RulesFileError, RulesValueError
from pa_table_games.machine.yamlio import LineDict, load_yaml

R = TypeVar("R")


def option(default: Any, cite: str, help: str, validator: Any = None) -> Any:
    """An attrs field for a Rules option, with its citation and one-line help."""
    return attrs.field(default=default, validator=validator, metadata={"cite": cite, "help": help})


def odds(text: str) -> Fraction:
    """``"3:2"`` -> ``Fraction(3, 2)`` (pays 3 to 2): a ratio, exact (a payout is rounded once, in ``money.times``)."""
    return _odds(str(text))


@lru_cache(maxsize=256)
def _odds(text: str) -> Fraction:
    """:func:`odds` of one text, computed once (a Rules odds property is read every round); errors are not cached."""
    return read_odds(text)  # a Fraction: the one reader of odds (pa_table_games.numbers.odds)


def is_odds(_: Any, attribute: attrs.Attribute, value: Any) -> None:
    """Validator: odds written ``"N:M"``, N and M whole numbers from 1 to 1,000,000 (at most
    1,000,000 to 1: :func:`pa_table_games.numbers.odds`)."""
    try:
        read_odds(value)
    except ValueError as err:
        bound = f" ({str(err).split(': ', 1)[-1]})" if "more than" in str(err) else ""
        raise RulesValueError(f"{attribute.name} must be odds like \"3:2\", not {given(value)}{bound}") from None


is_odds.allowed = "odds N:M (whole numbers)"  # what `pa-table-games rules GAME` lists (:func:`allowed_values`)


def one_of(*choices: str) -> Any:
    def check(_: Any, attribute: attrs.Attribute, value: Any) -> None:
        if value not in choices:
            raise RulesValueError(f"{attribute.name} must be one of {', '.join(choices)}, not {given(value)}")
    check.allowed = " | ".join(choices)
    return check


def whole(low: int, high: int | None = None) -> Any:
    def check(_: Any, attribute: attrs.Attribute, value: Any) -> None:
        if not is_whole(value) or value < low or (high is not None and value > high):
            limit = f"{low}..{high}" if high is not None else f">= {low}"
            raise RulesValueError(f"{attribute.name} must be a whole number {limit}, not {given(value)}")
    check.allowed = f"whole number {low}..{high}" if high is not None else f"whole number >= {low}"
    return check


def number(low: float, high: float) -> Any:
    def check(_: Any, attribute: attrs.Attribute, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise RulesValueError(f"{attribute.name} must be a number from {low} to {high}, not {given(value)}")
    check.allowed = f"number {low:g}..{high:g}"
    return check


def flag(_: Any, attribute: attrs.Attribute, value: Any) -> None:
    if not isinstance(value, bool):
        raise RulesValueError(f"{attribute.name} must be true or false, not {given(value)}")


flag.allowed = "true | false"


def allowed_values(field: attrs.Attribute) -> str:
    """The values an option accepts, in words: its validator's ``allowed``, else its metadata's, else its type."""
    return (getattr(field.validator, "allowed", None) or field.metadata.get("allowed")
            or {"float": "a number", "int": "a whole number", "bool": "true | false",
                "int | None": "a whole number, or null for none"}.get(str(field.type), str(field.type)))


def load_rules(cls: type[R], path: str | Path | None) -> R:
    """The Rules for ``cls`` from a YAML file, or the defaults when ``path`` is None."""
    if path is None:
        return cls()
    doc = load_yaml(path, RulesFileError)
    if doc is None:
        return cls()
    if not isinstance(doc, LineDict):
        raise RulesFileError(path, 1, "a Rules file is a mapping of option: value")
    return rules_from_mapping(cls, doc, str(path))


def rules_from_mapping(cls: type[R], doc: dict, file: str = "<rules>") -> R:
    """``doc``'s options applied together, so that a check across options (a cover card against the decks)
    sees the whole file; when they fail, applied one at a time so that the error names the line of the
    option that made the Rules invalid (reading the file from the top)."""
    fields = {f.name: f for f in attrs.fields(cls)}
    if set(doc) <= set(fields):
        try:
            return attrs.evolve(cls(), **doc)
        except (ValueError, TypeError):
            pass  # found again below, with its line
    rules = cls()
    for key, value in doc.items():
        line = doc.line_of(key) if isinstance(doc, LineDict) else None
        if key not in fields:
            near = difflib.get_close_matches(str(key).lower(), fields, n=1, cutoff=0.6)
            guess = f": did you mean {near[0]}?" if near else ""
            raise RulesFileError(file, line, f"unknown Rules option {given(key)} for {cls.__name__}{guess} "
                                 f"(known: {', '.join(sorted(fields))})")
        try:
            rules = attrs.evolve(rules, **{key: value})
        except (ValueError, TypeError) as err:
            raise RulesFileError(file, getattr(err, "line", None) or line, str(err)) from None  # a nested line if known
    return rules


def describe(rules: Any) -> list[tuple[str, Any, str, str]]:
    """Each option's (name, value, cite, help), for ``--help`` and the review page."""
    return [(f.name, getattr(rules, f.name), f.metadata.get("cite", ""), f.metadata.get("help", ""))
            for f in attrs.fields(type(rules))]
