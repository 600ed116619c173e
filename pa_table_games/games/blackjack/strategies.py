"""The strategies of the Blackjack family (§ 633a.7, and § 692.7 which shares its hands): the hand tables of a
``strategy_tables/`` folder (data, :mod:`.hand_tables`), and Blackjack's ``computed`` (the table the exact
analysis computes, :mod:`.computed_strategy`: named, never imported here, since it loads the analysis).

Each game declares them in its ``GameInfo.strategies`` as a :class:`TableStrategies` mapping: the files are
read the first time a strategy is named, so loading the game reads none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pa_table_games.games.blackjack.hand_tables import HandTable, StrategyFileError, load_table

#: This game's table files.
FOLDER = Path(__file__).with_name("strategy_tables")


@cache
def _tables(folder: Path) -> dict[str, list[HandTable]]:
    """game -> its tables, in file order, for every table file of ``folder`` (names are checked together, in
    :meth:`TableStrategies._all`)."""
    by_game: dict[str, list[HandTable]] = {}
    for path in sorted(folder.glob("*.yaml")):
        table = load_table(path)
        for game in table.games:
            by_game.setdefault(game, []).append(table)
    return by_game


class TableStrategies(Mapping[str, Callable[[Any], Any] | str]):
    """name -> factory(rules): the tables of ``folders`` that name ``game``, and the ``extra`` factories (or their
    names ``"package.module:function"``)."""

    def __init__(self, game: str, *folders: Path, extra: Mapping[str, Callable[[Any], Any] | str] | None = None) -> None:
        self.game, self.folders, self.extra = game, folders, dict(extra or {})

    def _all(self) -> dict[str, Callable[[Any], Any] | str]:
        """Every strategy of the game by name: a name given twice (by two tables of a folder or of two, a table naming
        the game twice, a table and an extra) is refused at the second table's name, never one played for the other."""
        found: dict[str, Callable[[Any], Any] | str] = {}
        tables: dict[str, HandTable] = {}
        for folder in self.folders:
            for table in _tables(folder).get(self.game, ()):
                first = tables.get(table.name)
                if first is not None:
                    said = f"for {self.game} is defined twice (first in {first.path})" if first is not table else \
                        f"names {self.game} twice in its games"
                    raise StrategyFileError(table.path, table.line, f"strategy {table.name!r} {said}")
                found[table.name], tables[table.name] = table.for_rules, table
        for name in self.extra.keys() & tables.keys():
            raise StrategyFileError(tables[name].path, tables[name].line, f"strategy {name!r} for {self.game} is "
                                    "one of the game's own strategies: name the table otherwise")
        return found | self.extra

    def check_games(self, installed: frozenset[str]) -> None:
        """Every table of the folders names at least one of the ``installed`` games: one naming none of them (a
        misspelt ``games: [blackjak]``) could never be played, and is refused at its ``games:`` line."""
        for folder in self.folders:
            for game, tables in _tables(folder).items():
                for table in tables if game not in installed else ():
                    if installed.isdisjoint(table.games):
                        raise StrategyFileError(table.path, table.games_line, "'games' names no installed game: "
                                                f"{', '.join(map(repr, table.games))} (installed: "
                                                f"{', '.join(sorted(installed))})")

    def __getitem__(self, name: str) -> Callable[[Any], Any] | str:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
