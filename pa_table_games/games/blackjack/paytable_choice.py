"""Which pay table a casino uses for each Blackjack optional wager (Rules Submission, § 601a.2).

A Rules file names tables per wager, ``paytables: {lucky_ladies: B}``; an unknown wager or
table is an error on the line that names it. A wager not named uses its default table, except
that Match-the-Dealer uses the table named for the deck count ("6-deck") when there is one, and
the Bad Beat Progressive uses a table with an ``any_other_20`` prize when the Rules let any
player 20 win ((o)(1)(i)).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from pa_table_games.errors import RulesFileError, WagerError
import pa_table_games.games.blackjack.first_cards as fc
from pa_table_games.games.blackjack.paytables import PayTable, pay_table, table_names, wagers
from pa_table_games.machine.yamlio import LineList
from pa_table_games.numbers import shown

ANY_20 = "any_other_20"
#: A table named for the deck count it is filed for ("6-deck").
_DECK_TABLE = re.compile(r"\d+-deck", re.ASCII)


class ChoiceError(ValueError):
    """A bad ``paytables`` entry; ``line`` is the line naming it when the value came from a file."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


def choose_pay_tables(value: Any) -> tuple[tuple[str, str], ...]:
    """``{wager: table}`` -> sorted ``((wager, table), ...)``; unknown names raise :class:`ChoiceError`."""
    if isinstance(value, (tuple, list)) and all(isinstance(p, (tuple, list)) and len(p) == 2 for p in value):
        seen: set = set()  # the stored form, ((wager, table), ...), e.g. read back from a round log: one table a wager
        for i, (wager, _) in enumerate(value):
            line = value.line_of(i) if isinstance(value, LineList) else None
            if not isinstance(wager, str):
                raise ChoiceError(f"paytables: a wager is named by a word, not {shown(wager)}", line)
            if wager in seen:
                raise ChoiceError(f"paytables: {shown(wager)} is given a table twice", line)
            seen.add(wager)
        value = dict(value)
    if not isinstance(value, dict):
        raise ChoiceError(f"paytables must be a mapping of wager: table, not {value!r}", None)
    line_of = getattr(value, "line_of", lambda key: None)
    for wager, name in value.items():
        if wager not in wagers():
            raise ChoiceError(f"paytables: unknown optional wager {shown(wager)} (known: {', '.join(wagers())})",
                              line_of(wager))
        if str(name) not in table_names(wager):
            raise ChoiceError(f"paytables: {wager} has no pay table {shown(name)} (choose one of "
                              f"{', '.join(table_names(wager))})", line_of(wager))
    return tuple(sorted((str(w), str(n)) for w, n in value.items()))


def pay_tables_option(cite: str, help: str) -> Any:
    """The ``paytables`` Rules field: empty by default, checked when set."""
    return attrs.field(default=(), converter=choose_pay_tables, metadata={"cite": cite, "help": help, "changes": beyond_defaults,
                       "allowed": "{WAGER: TABLE, ...} (tables in paytables/blackjack.yaml)"})


#: id(rules) -> (rules, {wager: table}, {wager: table as offered}): each Rules object's tables, looked up once
#: (Rules are frozen; an entry keeps its ``rules`` alive, so ids are not reused)
_CHOSEN: dict[int, tuple[Any, dict[str, PayTable], dict[str, PayTable]]] = {}
#: the entry asked for last: a simulation asks under one Rules object, round after round
_last: tuple[Any, dict[str, PayTable], dict[str, PayTable]] = (None, {}, {})


def _tables_of(rules: Any) -> tuple[Any, dict[str, PayTable], dict[str, PayTable]]:
    global _last
    entry = _last
    if entry[0] is not rules:
        entry = _CHOSEN.get(id(rules))
        if entry is None or entry[0] is not rules:
            if len(_CHOSEN) >= 256:
                _CHOSEN.clear()
            entry = _CHOSEN[id(rules)] = (rules, {}, {})
        _last = entry
    return entry


def cached_pay_table_for(rules: Any, wager: str) -> PayTable:
    """:func:`pay_table_for`, remembered per Rules object (a bad choice is not remembered: it raises each time)."""
    tables = _tables_of(rules)[1]
    table = tables.get(wager)
    if table is None:
        table = tables[wager] = pay_table_for(rules, wager)
    return table


def offered_pay_table(rules: Any, wager: str) -> PayTable:
    """``wager``'s table as ``rules`` offer it (§ 633a.7(g)(4): the Crown Treasure Bonus only where they do),
    remembered as :func:`cached_pay_table_for` is."""
    offered = _tables_of(rules)[2]
    table = offered.get(wager)
    if table is None:
        table = offered[wager] = fc.as_offered(cached_pay_table_for(rules, wager), rules.crown_treasure_bonus)
    return table


def no_deck_table(wager: str, decks: int) -> str | None:
    """Where ``wager``'s tables are named for deck counts (Match-the-Dealer: "6-deck", "8-deck", "2-deck") and none
    for ``decks``, so that a choice left to the deck count falls to the wager's default: the words saying so."""
    names = table_names(wager)
    if f"{decks}-deck" in names or not any(_DECK_TABLE.fullmatch(name) for name in names):
        return None
    return f"no {decks}-deck table in paytables/blackjack.yaml: the wager's default"


def _unchosen(rules: Any, wager: str) -> str | None:
    """The table ``wager`` takes under ``rules`` when none is chosen, by name (None: its default)."""
    names = table_names(wager)
    if f"{rules.decks}-deck" in names:
        return f"{rules.decks}-deck"
    if wager == "bad_beat" and rules.bad_beat_any_20:
        return next((n for n in names if ANY_20 in pay_table(wager, n).outcomes), None)
    return None


def beyond_defaults(rules: Any, chosen: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The choices of ``chosen`` that change a table: naming the one a wager takes anyway is no change of Rules."""
    return tuple((wager, name) for wager, name in chosen if name != pay_table(wager, _unchosen(rules, wager)).name)


def pay_table_for(rules: Any, wager: str) -> PayTable:
    """The table ``rules`` use for ``wager``: chosen, else the default described above."""
    chosen = dict(rules.paytables).get(wager)
    any_20 = wager == "bad_beat" and rules.bad_beat_any_20
    if chosen is None:
        chosen = _unchosen(rules, wager)
    try:
        table = pay_table(wager, chosen)
    except WagerError as err:
        raise RulesFileError("rules", None, str(err)) from None
    if any_20 and ANY_20 not in table.outcomes:
        raise RulesFileError("rules", None, f"bad_beat_any_20 needs a Bad Beat pay table with an {ANY_20} "
                             f"prize; table {table.name!r} has none")
    return table
