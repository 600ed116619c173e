"""What a scenario file may hold, checked as it is read: each scenario's fields and the ``search`` block's hints.

A scenario file (:mod:`.coverage`) is data a developer edits by hand, the ``search`` block above all: a field of the
wrong kind, a Rules hint no Rules allow, a shoe of unknown card codes is one line at its place in the file
(``file:line``, exit 2), not a traceback where it is first used, and not a hint silently never used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pa_table_games.equipment.flags import state_flags
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.equipment.table import Table
from pa_table_games.errors import InputFileError, TableGamesError
from pa_table_games.machine.yamlio import LineDict, LineList
from pa_table_games.money import amount_problem
from pa_table_games.numbers import is_whole
from pa_table_games.review.trace import transition_name
from pa_table_games.rules.options import rules_from_mapping


class ScenarioFileError(InputFileError):
    """A scenario file that cannot be read, or a scenario that no longer plays."""


def _is_word_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(word, str) for word in value)


def _is_seats(value: object) -> bool:
    return isinstance(value, dict) and all(
        is_whole(seat) and isinstance(wagers, dict) and all(
            isinstance(name, str) and amount_problem(amount) is None for name, amount in wagers.items())
        for seat, wagers in value.items())


#: What each field of a scenario holds, and how to write it (an unknown field is named by ``Scenario`` itself).
_FIELDS = {
    "id": (lambda v: isinstance(v, str), "a name"),
    "rounds": (lambda v: isinstance(v, list) and all(_is_word_list(r) for r in v),
               "a list of rounds, each a list of decisions such as [hit, stand]"),
    "seats": (_is_seats, "seats as SEAT: {WAGER: AMOUNT}"),
    "seed": (lambda v: v is None or (is_whole(v) and v >= 0), "a whole number from 0"),
    "shoe": (lambda v: v is None or isinstance(v, str), "card codes, first card first"),
    "rules": (lambda v: isinstance(v, dict), "a mapping of Rules options"),
    "table": (lambda v: isinstance(v, dict), "a mapping of table flags"),
    "options": (lambda v: isinstance(v, dict), "a mapping of round options"),
    "covers": (lambda v: isinstance(v, list) and all(is_whole(i) and i >= 0 for i in v), "a list of transition numbers"),
}


def check_field(path: Path, item: LineDict, key: object, what: str = "bad scenario", info: Any = None) -> None:
    """A scenario's field (or a partial table's, ``what``) holds what it is read as; with the game's ``info``, the
    names in it are the game's: its round options, its wagers, the table's flags."""
    known = _FIELDS.get(key) if isinstance(key, str) else None
    if known is not None and not known[0](item[key]):
        raise ScenarioFileError(path, item.line_of(key), f"{what}: {key!r} must be {known[1]}, not {item[key]!r}")
    if info is None:
        return
    if key == "options":
        check_options(info, path, item[key], what)
    elif key == "table" and (problem := table_flag_problem(item[key])):
        raise ScenarioFileError(path, item.line_of(key), f"{what}: {problem}")
    elif key == "seats":
        for wagers in item[key].values():
            for name in wagers:
                if name not in info.wagers:
                    raise ScenarioFileError(path, _line(wagers, name, item.line_of(key)), f"{what}: unknown wager "
                                            f"{name!r} for {info.name} (known: {', '.join(info.wagers)})")


def _line(node: object, key: object, otherwise: int) -> int:
    return node.line_of(key) if isinstance(node, LineDict) else otherwise


def table_flag_problem(flags: dict) -> str | None:
    """What is wrong with a scenario's table flags (each a flag of the table, true or false), or None."""
    known = set(state_flags(Table))
    for key, value in flags.items():
        if key not in known or not isinstance(value, bool):
            return f"table flag {key!r} must be one of {', '.join(sorted(known))}: true or false"
    return None


def check_options(info: Any, path: Path, options: LineDict, what: str) -> None:
    """Round options the game's actions read (``GameInfo.options``), refused at the line of the first that is not:
    a misspelt option would be read as not given."""
    problem = info.option_problem(options)
    if problem:
        name = next(name for name in options if name not in info.options)
        raise ScenarioFileError(path, options.line_of(name), f"{what}: {problem}")


#: What a scenario file holds at its top level, and how to write each (``coverage --write`` writes them all).
_TOP = {
    "game": (lambda v: isinstance(v, str), "the game's name"),
    "machine": (lambda v: isinstance(v, str), "the machine file's path"),
    "transitions": (lambda v: is_whole(v) and v >= 0, "a whole number from 0"),
    "search": (lambda v: True, ""),  # checked as the hints it holds: :func:`check_search`
    "uncovered": (lambda v: v is None or _is_word_list(v), "a list of transition names"),
    "scenarios": (lambda v: True, ""),  # checked scenario by scenario: :func:`check_field`
}


def check_top(path: Path, doc: LineDict, game_name: str) -> None:
    """The file's top-level fields: each known and of its kind, and the file the named game's. A misspelt field
    (``serach:``) is refused, not read as no hints and then written over by ``coverage --write``."""
    for key in doc:
        known = _TOP.get(key) if isinstance(key, str) else None
        if known is None:
            raise ScenarioFileError(path, doc.line_of(key), f"unknown field {key!r} (a scenario file holds "
                                    f"{', '.join(_TOP)})")
        if not known[0](doc[key]):
            raise ScenarioFileError(path, doc.line_of(key), f"{key!r} must be {known[1]}, not {doc[key]!r}")
    if doc.get("game", game_name) != game_name:
        raise ScenarioFileError(path, doc.line_of("game"), f"the scenarios of {doc['game']!r}, read as "
                                f"{game_name}'s: a scenario file is named after its game (<game>.yaml)")


#: What a partial table of the ``search`` block may hold: a scenario's fields but its id and what it covers.
_TABLE_HINTS = ("rounds", "seats", "seed", "shoe", "rules", "table", "options")


def check_search(game: Any, path: Path, search: object, line: int) -> None:
    """The hand-written hints hold what the search reads: lists of Rules mappings (each a valid Rules change, read at
    its lines), of round options and of partial tables (a scenario's fields, a stacked shoe of card codes); and
    ``waived``, what ``check`` accepts unreached: each a transition of ``game``'s machine, with its reason."""
    if not isinstance(search, LineDict) or set(search) - {"rules", "options", "tables", "waived"}:
        raise ScenarioFileError(path, line, "'search' is a mapping of hint lists (rules, options, tables) and "
                                "waived transitions")
    for key, hints in search.items():
        if key == "waived":
            _check_waived(game.spec, path, hints, search.line_of(key))
            continue
        if not isinstance(hints, LineList) or not all(isinstance(hint, LineDict) for hint in hints):
            raise ScenarioFileError(path, search.line_of(key), f"search {key!r}: a list of mappings")
        for hint in hints:
            if key == "options":
                check_options(game.info, path, hint, "search options")
            if key == "rules":
                rules_from_mapping(game.info.rules_class, hint, str(path))
            if key != "tables":
                continue
            for field_name in hint:
                if field_name not in _TABLE_HINTS:
                    raise ScenarioFileError(path, hint.line_of(field_name), f"search table: unknown field "
                                            f"{field_name!r} (a partial table holds {', '.join(_TABLE_HINTS)})")
                check_field(path, hint, field_name, "search table", game.info)
            if "rules" in hint:
                rules_from_mapping(game.info.rules_class, hint["rules"], str(path))
            if hint.get("shoe") is not None:
                try:
                    Shoe.stacked(hint["shoe"])
                except TableGamesError as err:
                    raise ScenarioFileError(path, hint.line_of("shoe"), f"search table: shoe: {err}") from None


def _check_waived(spec: Any, path: Path, waived: object, line: int) -> None:
    """``waived: {transition: reason}``: a transition named by its trigger or as the reports name it, and why no round
    can fire it (a misspelt name would waive nothing)."""
    if not isinstance(waived, LineDict):
        raise ScenarioFileError(path, line, "search 'waived': a mapping of transition: reason")
    names = {t.trigger for t in spec.transitions} | {transition_name(t) for t in spec.transitions}
    for name, reason in waived.items():
        if name not in names:
            raise ScenarioFileError(path, waived.line_of(name), f"search waived: {name!r} is no transition of "
                                    f"{spec.shown_path}")
        if not isinstance(reason, str) or not reason.strip():
            raise ScenarioFileError(path, waived.line_of(name), f"search waived: {name!r} needs a reason, not "
                                    f"{reason!r}")
