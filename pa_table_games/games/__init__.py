"""The games, by their command-line names; each game module declares a ``GameInfo`` called ``INFO``.

``load_game("blackjack", rules="casino.yaml")`` binds the game's machine file to its registry
once per process and deals every round from that one bound machine.

**Adding a game** (docs/adding-a-game.md): the three sections of this package are listed in
:data:`BUILT_IN`. A section living in another package needs no edit here: its distribution
declares an entry point in the group :data:`ENTRY_POINT_GROUP` whose value is the module
declaring ``INFO`` (``high-card = casino_games.high_card``), or a program calls
:func:`register_game` before it loads the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.runtime.game import Game, GameInfo, machine_and_engine
from pa_table_games.runtime.rules import load_rules

#: The entry-point group through which another distribution adds a game.
ENTRY_POINT_GROUP = "pa_table_games.games"

#: command-line name -> module declaring ``INFO``: the sections of this package
BUILT_IN = {
    "blackjack": "pa_table_games.games.blackjack",
    "six-card-fortune-pai-gow": "pa_table_games.games.six_card_fortune_pai_gow",
    "double-down-madness": "pa_table_games.games.double_down_madness",
}


class _Games(Mapping[str, str]):
    """Command-line name -> module declaring ``INFO``: the built-in sections, then those other
    distributions declare (looked up once, on first use), then those registered in this process."""

    def __init__(self) -> None:
        self._found: dict[str, str] | None = None
        self._registered: dict[str, GameInfo] = {}

    def _all(self) -> dict[str, str]:
        if self._found is None:
            found = dict(BUILT_IN)
            for point in _entry_points():
                found.setdefault(point.name, point.value.partition(":")[0])
            self._found = found
        return self._found

    def register(self, info: GameInfo) -> None:
        if info.name in BUILT_IN:
            raise TableGamesError(f"game {info.name!r} is one of this package's sections and cannot be replaced")
        self._registered[info.name] = info
        self._all()[info.name] = f"<registered {info.name}>"

    def info(self, name: str) -> GameInfo:
        if name in self._registered:
            return self._registered[name]
        return import_module(self[name]).INFO

    def __getitem__(self, name: str) -> str:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _entry_points() -> list[Any]:
    return list(entry_points(group=ENTRY_POINT_GROUP))


#: Every game this process knows, by command-line name (a read-only mapping; see :func:`register_game`).
GAMES = _Games()


def register_game(info: GameInfo) -> None:
    """Make ``info``'s game known to this process under ``info.name`` (for a section outside this
    package when no entry point declares it, e.g. in a test)."""
    if not isinstance(info, GameInfo):
        raise TableGamesError(f"register_game takes a GameInfo, not {type(info).__name__}")
    GAMES.register(info)


def game_info(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name``; a :class:`TableGamesError` naming the known games if unknown."""
    if name not in GAMES:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    info = GAMES.info(name)
    if not isinstance(info, GameInfo) or info.name != name:
        raise TableGamesError(f"game {name!r}: its module {GAMES[name]} declares no GameInfo named {name!r} as INFO")
    return info


def load_game(name: str, rules: Any = None, engine: str = "transitions") -> Game:
    """The game called ``name``; ``rules`` is a Rules object, a YAML path, or None for defaults.

    ``engine="compiled"`` fires the same bound machine from plain tables (simulation)."""
    info = game_info(name)
    if rules is None or isinstance(rules, (str, Path)):
        rules = load_rules(info.rules_class, rules)
    return Game(info, rules, *machine_and_engine(info, engine))
