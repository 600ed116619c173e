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
def _tables(folder: Path) -> dict[str, dict[str, HandTable]]:
    """game -> name -> table, for every table file of ``folder``."""
    by_game: dict[str, dict[str, HandTable]] = {}
    for path in sorted(folder.glob("*.yaml")):
        table = load_table(path)
        for game in table.games:
            if table.name in by_game.setdefault(game, {}):
                raise StrategyFileError(path, 1, f"strategy {table.name!r} for {game} is defined twice")
            by_game[game][table.name] = table
    return by_game


class TableStrategies(Mapping[str, Callable[[Any], Any] | str]):
    """name -> factory(rules): the tables of ``folders`` that name ``game``, and the ``extra`` factories (or their
    names ``"package.module:function"``)."""

    def __init__(self, game: str, *folders: Path, extra: Mapping[str, Callable[[Any], Any] | str] | None = None) -> None:
        self.game, self.folders, self.extra = game, folders, dict(extra or {})

    def _all(self) -> dict[str, Callable[[Any], Any] | str]:
        found: dict[str, Callable[[Any], Any] | str] = {}
        for folder in self.folders:
            found.update({name: table.for_rules for name, table in _tables(folder).get(self.game, {}).items()})
        return found | self.extra

    def __getitem__(self, name: str) -> Callable[[Any], Any] | str:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
