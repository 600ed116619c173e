"""Pay tables for the Blackjack optional wagers, loaded from data (``paytables/blackjack.yaml``).

58 Pa. Code § 633a.13 (payout odds) is not available to the project, so every table is a named,
selectable choice a certificate holder would file in its Rules Submission (§ 601a.2): the
defaults and alternatives come from public game-maths pages (docs/reference.md), and the progressive
tables (§ 633a.7(o)) are made up and flagged ``illustrative``. No odds live in this module.

Odds in the file are quoted ``"N:M"`` strings ("N to M"); a progressive prize is
``{jackpot: "P%"}`` of the meter. :class:`PayTable` keeps fixed odds in ``pays`` (a
:class:`~fractions.Fraction`: 5:2 is ``Fraction(5, 2)``) and meter shares in ``jackpots``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml
from attrs import field, frozen

from pa_table_games.numbers import odds as read_odds, shown
from pa_table_games.files import read_text
from pa_table_games.errors import RulesFileError, WagerError
from pa_table_games.machine.yamlio import check_text, load_yaml

_PERCENT = re.compile(r"^\s*(\d{1,12}(?:\.\d{1,12})?)\s*%\s*$", re.ASCII)
_WAGER_KEYS = frozenset({"title", "cite", "default", "tables"})
_TABLE_KEYS = frozenset({"name", "source", "illustrative", "pays"})


def _read_only(mapping: Mapping[str, Fraction]) -> Mapping[str, Fraction]:
    return MappingProxyType(dict(mapping))


@frozen
class PayTable:
    """One named pay table of one optional wager: outcome name -> odds "to 1"."""

    wager: str
    name: str
    #: Fixed odds "to 1" per outcome (``Fraction(5, 2)`` for 5 to 2), in file order.
    pays: Mapping[str, Fraction] = field(converter=_read_only)
    #: Made up (no public source): never present these numbers as a casino's.
    illustrative: bool = False
    source: str = ""
    #: Progressive prizes as a share of the meter (``Fraction(1, 10)`` for 10%).
    jackpots: Mapping[str, Fraction] = field(converter=_read_only, factory=dict)

    @property
    def outcomes(self) -> tuple[str, ...]:
        """Every winning outcome the table names: fixed odds first, then meter shares."""
        return tuple(self.pays) + tuple(self.jackpots)


@frozen
class WagerTables:
    """All the pay tables of one wager, with the one used when none is chosen."""

    wager: str
    title: str
    cite: str
    default: str
    tables: tuple[PayTable, ...] = field(converter=tuple)


def _line_of(text: str, path: tuple[str | int, ...]) -> int | None:
    """The 1-based line of the node at ``path`` (keys / list indexes), as deep as it exists."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    line = None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            found = [v for k, v in node.value if k.value == step]
            if not found:
                break
            node = found[0]
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
            if step >= len(node.value):
                break
            node = node.value[step]
        else:
            break
        line = node.start_mark.line + 1
    return line


class _Loader:
    """Turns the parsed YAML of one file into frozen records; errors carry ``file:line``."""

    def __init__(self, text: str, origin: str) -> None:
        self.text = text
        self.origin = origin

    def fail(self, path: tuple[str | int, ...], message: str) -> RulesFileError:
        return RulesFileError(self.origin, _line_of(self.text, path), message)

    def mapping(self, value: Any, path: tuple[str | int, ...], what: str) -> dict[str, Any]:
        if not isinstance(value, dict) or not value:
            raise self.fail(path, f"{what} must be a non-empty mapping")
        return value

    def load(self) -> dict[str, WagerTables]:
        data = load_yaml(self.origin, RulesFileError, text=self.text)  # a key given twice is refused at its line
        check_text(data, lambda line, message: RulesFileError(self.origin, line, message))  # titles are shown
        data = self.mapping(data, (), "the file")
        if set(data) != {"wagers"}:
            raise self.fail((), "the file must have exactly one top-level key, 'wagers'")
        wagers = self.mapping(data["wagers"], ("wagers",), "'wagers'")
        return {str(name): self.wager(str(name), spec) for name, spec in wagers.items()}

    def wager(self, wager: str, spec: Any) -> WagerTables:
        path: tuple[str | int, ...] = ("wagers", wager)
        spec = self.mapping(spec, path, f"wager {wager!r}")
        unknown = set(spec) - _WAGER_KEYS
        if unknown or "tables" not in spec or "default" not in spec:
            raise self.fail(path, f"wager {wager!r}: needs 'default' and 'tables', may have "
                            f"'title' and 'cite'; unknown keys: {sorted(map(str, unknown))}")
        if not isinstance(spec["tables"], list) or not spec["tables"]:
            raise self.fail(path + ("tables",), f"wager {wager!r}: 'tables' must be a non-empty list")
        tables = tuple(self.table(wager, i, t) for i, t in enumerate(spec["tables"]))
        names = [t.name for t in tables]
        if len(set(names)) != len(names):
            raise self.fail(path + ("tables",), f"wager {wager!r}: table names repeat: {names}")
        default = str(spec["default"])
        if default not in names:
            raise self.fail(path + ("default",),
                            f"wager {wager!r}: default {default!r} is not one of {names}")
        return WagerTables(wager, str(spec.get("title", wager)), str(spec.get("cite", "")),
                           default, tables)

    def table(self, wager: str, index: int, spec: Any) -> PayTable:
        path: tuple[str | int, ...] = ("wagers", wager, "tables", index)
        spec = self.mapping(spec, path, f"wager {wager!r} table {index + 1}")
        unknown = set(spec) - _TABLE_KEYS
        if unknown or "name" not in spec or "pays" not in spec:
            raise self.fail(path, f"wager {wager!r} table {index + 1}: needs 'name' and "
                            f"'pays', may have 'source' and 'illustrative'; "
                            f"unknown keys: {sorted(map(str, unknown))}")
        name = str(spec["name"])
        illustrative = spec.get("illustrative", False)
        if not isinstance(illustrative, bool):
            raise self.fail(path + ("illustrative",), f"{wager}/{name}: 'illustrative' must be "
                            "true or false")
        pays: dict[str, Fraction] = {}
        jackpots: dict[str, Fraction] = {}
        entries = self.mapping(spec["pays"], path + ("pays",), f"{wager}/{name} 'pays'")
        for outcome, odds in entries.items():
            where = path + ("pays", outcome)
            if isinstance(odds, dict) and set(odds) == {"jackpot"}:
                jackpots[str(outcome)] = self.percent(odds["jackpot"], where, wager, name)
            else:
                pays[str(outcome)] = self.odds(odds, where, wager, name)
        return PayTable(wager, name, pays, illustrative, str(spec.get("source", "")), jackpots)

    def odds(self, text: Any, path: tuple[str | int, ...], wager: str, name: str) -> Fraction:
        if not isinstance(text, str):
            raise self.fail(path, f"{wager}/{name}: odds {shown(text)} must be a quoted \"N:M\" "
                            "string (an unquoted 25:1 is read by YAML as the number 1501)")
        try:
            return read_odds(text)
        except ValueError as err:
            raise self.fail(path, f"{wager}/{name}: odds {err}") from None

    def percent(self, text: Any, path: tuple[str | int, ...], wager: str, name: str) -> Fraction:
        match = _PERCENT.match(text) if isinstance(text, str) else None
        if not match or not 0 < Fraction(match[1]) <= 100:
            raise self.fail(path, f"{wager}/{name}: jackpot {text!r} must be a quoted "
                            "percentage of the meter, more than 0% and at most 100%")
        return Fraction(match[1]) / 100


def load_pay_tables(path: str | Path | None = None) -> dict[str, WagerTables]:
    """Every wager's tables from ``path``, or from the packaged ``paytables/blackjack.yaml``."""
    if path is None:
        resource = files("pa_table_games") / "paytables" / "blackjack.yaml"
        return _Loader(resource.read_text(encoding="utf-8"), "paytables/blackjack.yaml").load()
    return _Loader(read_text(path, RulesFileError, what="pay tables"), str(path)).load()


def unpaid(table: PayTable, won: Any) -> WagerError:
    """The error for winning outcomes ``won`` of which ``table`` gives odds for not every one (the file's gap)."""
    missing = sorted(set(won) - set(table.outcomes))
    return WagerError(f"{table.wager} pay table {table.name!r} gives no odds for {', '.join(missing)} "
                      f"(paytables/blackjack.yaml)")


@cache
def _packaged() -> dict[str, WagerTables]:
    return load_pay_tables()


def wager_tables(wager: str) -> WagerTables:
    """``wager``'s title, citation, default and tables; :class:`WagerError` if unknown."""
    try:
        return _packaged()[wager]
    except KeyError:
        raise WagerError(f"unknown wager {wager!r}: choose one of "
                         f"{', '.join(_packaged())}") from None


def wagers() -> tuple[str, ...]:
    """The optional wagers that have pay tables, in file order."""
    return tuple(_packaged())


def table_names(wager: str) -> tuple[str, ...]:
    """The names of ``wager``'s pay tables, in file order."""
    return tuple(table.name for table in wager_tables(wager).tables)


def default_table_name(wager: str) -> str:
    """The name of the table ``pay_table(wager)`` returns."""
    return wager_tables(wager).default


def pay_table(wager: str, name: str | None = None) -> PayTable:
    """``wager``'s pay table called ``name``, or its default; :class:`WagerError` if unknown."""
    entry = wager_tables(wager)
    wanted = entry.default if name is None else name
    for table in entry.tables:
        if table.name == wanted:
            return table
    raise WagerError(f"wager {wager!r} has no pay table {wanted!r}: choose one of "
                     f"{', '.join(t.name for t in entry.tables)}")
