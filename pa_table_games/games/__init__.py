"""The games, by their command-line names; each game module declares a ``GameInfo`` called ``INFO``.

``load_game("blackjack", rules="casino.yaml")`` binds the game's machine file to its registry
once per process and deals every round from that one bound machine.

**Adding a game** (docs/adding-a-game.md): the three sections of this package are listed in
:data:`BUILT_IN`. A section living in another package needs no edit here: its distribution
declares an entry point in the group :data:`ENTRY_POINT_GROUP` whose value is the module
declaring ``INFO`` (``high-card = casino_games.high_card``), or a program calls
:func:`register_game` before it loads the game.

Naming the games costs nothing (``list``, ``--version``): the runtime is imported when a game is loaded.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from importlib.metadata import entry_points
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pa_table_games.errors import TableGamesError

if TYPE_CHECKING:
    from pa_table_games.runtime.game import Game, GameInfo

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
            for point in entry_points(group=ENTRY_POINT_GROUP):
                found.setdefault(point.name, point.value.partition(":")[0])
            self._found = found
        return self._found

    def register(self, info: GameInfo) -> None:
        if info.name in BUILT_IN:
            raise TableGamesError(f"game {info.name!r} is one of this package's sections and cannot be replaced")
        self._registered[info.name] = info
        self._all()[info.name] = f"<registered {info.name}>"

    def forget(self, name: str) -> None:
        if name in self._registered:
            del self._registered[name]
            del self._all()[name]

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


#: Every game this process knows, by command-line name (a read-only mapping; see :func:`register_game`).
GAMES = _Games()


def register_game(info: GameInfo) -> None:
    """Make ``info``'s game known to this process under ``info.name`` (for a section outside this
    package when no entry point declares it, e.g. in a test)."""
    from pa_table_games.runtime.game import GameInfo

    if not isinstance(info, GameInfo):
        raise TableGamesError(f"register_game takes a GameInfo, not {type(info).__name__}")
    GAMES.register(info)


def forget_game(name: str) -> None:
    """Undo :func:`register_game` (a test that registers a game leaves the process as it found it)."""
    GAMES.forget(name)


def canonical_game(text: str) -> str | None:
    """The command-line name ``text`` means, in any case and with ``_`` for ``-`` (the machine
    file's spelling): ``double_down_madness`` -> ``double-down-madness``; None if no game."""
    word = text.strip().lower().replace("_", "-")
    return word if word in GAMES else None


def machine_path(name: str) -> Path:
    """Where ``name``'s machine file is (a built-in section's is read without loading the game)."""
    machines = Path(str(files("pa_table_games") / "machines"))
    if name in BUILT_IN:
        return machines / f"{BUILT_IN[name].rpartition('.')[2]}.yaml"
    return machines / game_info(name).machine  # an absolute path stays itself


def game_info(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name`` (either spelling); a :class:`TableGamesError` naming the known games if unknown."""
    from pa_table_games.runtime.game import GameInfo

    meant = canonical_game(name) if isinstance(name, str) else None
    if meant is None:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    info = GAMES.info(meant)
    if not isinstance(info, GameInfo) or info.name != meant:
        raise TableGamesError(f"game {meant!r}: its module {GAMES[meant]} declares no GameInfo named {meant!r} as INFO")
    return info


def load_game(name: str, rules: Any = None, engine: str = "transitions", machine: str | Path | None = None) -> Game:
    """The game called ``name``; ``rules`` is a Rules object, a YAML path, or None for defaults.

    ``engine="compiled"`` fires the same bound machine from plain tables (simulation). ``machine``: an
    edited machine file of this game (its ``game:``), bound to the game's registry instead of the
    installed one (``--machine FILE``: a new game registers its own module)."""
    from pa_table_games.runtime.game import ENGINES, Game, bind, machine_and_engine
    from pa_table_games.rules.options import load_rules

    info = game_info(name)
    if rules is None or isinstance(rules, (str, Path)):
        rules = load_rules(info.rules_class, rules)
    if machine is None:
        return Game(info, rules, *machine_and_engine(info, engine))
    named = game_of_machine(machine)
    if named != info.name:
        raise TableGamesError(f"--machine {machine}: a machine file of {named}, not of {info.name}")
    bound = bind(info, machine)
    return Game(info, rules, bound, ENGINES[engine](bound))


def game_of_machine(path: str | Path) -> str:
    """The game a machine file names (its ``game:``), for ``--machine FILE`` without a GAME."""
    from pa_table_games.errors import MachineFileError
    from pa_table_games.machine.yamlio import LineDict, load_yaml

    doc = load_yaml(path, MachineFileError)
    game = canonical_game(str(doc.get("game"))) if isinstance(doc, LineDict) else None
    if game is None:
        raise MachineFileError(path, doc.line_of("game") if isinstance(doc, LineDict) and "game" in doc else 1,
                               f"'game' must name a known game ({', '.join(GAMES)})")
    return game
