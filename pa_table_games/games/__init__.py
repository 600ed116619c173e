"""The games, by their command-line names; each game module declares a ``GameInfo`` called ``INFO``.

``load_game("blackjack", rules="casino.yaml")`` binds the game's machine file to its registry
once per process and deals every round from that one bound machine.

**Adding a game** (docs/adding-a-game.md): the sections of this package are listed in :data:`BUILT_IN`
(the guide's section 8 names what else one of them takes). A section living in another package needs no edit
here: its distribution declares an entry point in the group :data:`ENTRY_POINT_GROUP` whose value is the module
declaring ``INFO`` (``high-card = casino_games.high_card``), or a program calls :func:`register_game` before it
loads the game.

**A plugin fails alone.** An entry point whose name is no game name, whose value is no module, whose
module cannot be imported (missing, raising, calling ``sys.exit``), declares no ``INFO``, or takes longer
than :data:`IMPORT_SECONDS` to import is a :class:`BrokenGame`: one line naming it and its error, raised
only where that game is asked for. Commands over every game take the others (:func:`every_game`).

Naming the games costs nothing (``list``, ``--version``): the runtime is imported when a game is loaded.
"""

from __future__ import annotations

import ast
import os
import re
import threading
from collections.abc import Iterator, Mapping
from importlib import import_module
from importlib.metadata import entry_points
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pa_table_games.errors import TableGamesError
from pa_table_games.numbers import given

if TYPE_CHECKING:
    from pa_table_games.runtime.game import Game, GameInfo

#: The entry-point group through which another distribution adds a game.
ENTRY_POINT_GROUP = "pa_table_games.games"
#: How long a plugin's module may take to import, in seconds (``PA_TABLE_GAMES_IMPORT_SECONDS`` to change it).
IMPORT_SECONDS = 10.0
#: A game's command-line name: lower-case words of letters and digits joined by ``-``.
GAME_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: An entry point's value: the module declaring ``INFO`` (``casino_games.high_card``), ``:INFO`` allowed.
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?::INFO)?")

#: The folder a section's ``INFO.machine`` names a file of (``runtime.game.MACHINES``, without loading the runtime).
_MACHINES = Path(str(files("pa_table_games") / "machines"))

#: command-line name -> module declaring ``INFO``: the sections of this package
BUILT_IN = {
    "blackjack": "pa_table_games.games.blackjack",
    "six-card-fortune-pai-gow": "pa_table_games.games.six_card_fortune_pai_gow",
    "double-down-madness": "pa_table_games.games.double_down_madness",
}


class BrokenGame(TableGamesError):
    """A game another distribution declares that cannot be loaded (one line: the game, where, why)."""


def _import_seconds() -> float:
    text = os.environ.get("PA_TABLE_GAMES_IMPORT_SECONDS", "")
    try:
        return float(text) if text and 0 < float(text) <= 3600 else IMPORT_SECONDS
    except ValueError:
        return IMPORT_SECONDS


def _import_within(module: str, seconds: float) -> Any:
    """``import_module(module)`` in a thread of its own, given ``seconds``: the module, or the one-line reason
    it is not there (whatever it raised, ``sys.exit`` included, or the deadline passing)."""
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["module"] = import_module(module)
        except BaseException as err:  # noqa: BLE001 - a plugin's failure, whatever it is, is reported
            done["error"] = err

    worker = threading.Thread(target=run, name=f"import {module}", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise BrokenGame(f"its module {module} did not finish importing within {seconds:g} s")
    if "error" in done:
        err = done["error"]
        if isinstance(err, SystemExit):
            raise BrokenGame(f"its module {module} called sys.exit({err.code!r}) while importing")
        why = " ".join(str(err).split()) or type(err).__name__
        raise BrokenGame(f"its module {module} cannot be imported: {type(err).__name__}: {why}")
    return done["module"]


class _Games(Mapping[str, str]):
    """Command-line name -> module declaring ``INFO``: the built-in sections, then those other
    distributions declare (looked up once, on first use), then those registered in this process."""

    def __init__(self) -> None:
        self._found: dict[str, str] | None = None
        self._problems: dict[str, str] = {}  # an entry point that names no game: its name -> why
        self._registered: dict[str, GameInfo] = {}
        self._loaded: dict[str, GameInfo | BrokenGame] = {}

    def _all(self) -> dict[str, str]:
        if self._found is None:
            found = dict(BUILT_IN)
            for point in entry_points(group=ENTRY_POINT_GROUP):
                where = f"entry point {point.name!r} of {_distribution(point)}"
                if not GAME_NAME.fullmatch(point.name):
                    self._problems[point.name] = f"{where}: a game's name is lower-case words joined by '-'"
                elif point.name in BUILT_IN:
                    self._problems[point.name] = f"{where}: {point.name} is a section of this package"
                elif not _MODULE.fullmatch(point.value.strip()):
                    self._problems[point.name] = f"{where}: {point.value!r} is not a module (write package.module)"
                elif point.name in found:
                    self._problems[point.name] = f"{where}: {point.name} is declared twice"
                    del found[point.name]
                elif point.name not in self._problems:
                    found[point.name] = point.value.strip().partition(":")[0]
            self._found = found
        return self._found

    def problems(self) -> dict[str, str]:
        """Entry points of the group that name no game they could load: name -> why."""
        self._all()
        return dict(self._problems)

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
        if name not in self._loaded:
            self._loaded[name] = self._load(name)
        found = self._loaded[name]
        if isinstance(found, BrokenGame):
            raise found
        return found

    def _load(self, name: str) -> GameInfo | BrokenGame:
        """The ``INFO`` of ``name``'s module: a built-in's imported as any module, a plugin's within the deadline."""
        from pa_table_games.runtime.game import GameInfo

        module = self[name]
        if name in BUILT_IN:
            return import_module(module).INFO
        try:
            info = getattr(_import_within(module, _import_seconds()), "INFO", None)
        except BrokenGame as err:
            return BrokenGame(f"game {name!r}: {err}")
        if not isinstance(info, GameInfo) or info.name != name:
            what = "no INFO" if info is None else f"INFO {type(info).__name__}" if not isinstance(info, GameInfo) \
                else f"a GameInfo named {info.name!r}"
            return BrokenGame(f"game {name!r}: its module {module} declares {what}, not a GameInfo named {name!r}")
        return info

    def __getitem__(self, name: str) -> str:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _distribution(point: Any) -> str:
    dist = getattr(point, "dist", None)
    return f"distribution {dist.name}" if dist is not None else "an unnamed distribution"


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
    """Where ``name``'s machine file really is: the one its ``INFO.machine`` names, for every command. A built-in
    section's ``machine="..."`` is read from its module's source, so that ``list`` loads no game; a game whose
    source does not write it as a string there is loaded."""
    declared = _declared_machine(BUILT_IN[name]) if name in BUILT_IN else None
    return _MACHINES / declared if declared is not None else game_info(name).machine_file


def _declared_machine(module: str) -> str | None:
    """The string ``module`` passes as ``machine=`` in its one ``INFO = GameInfo(...)``, read from its source without
    importing it; None where it writes no such string (an expression, ``INFO`` assigned twice, a source that does not
    parse: the game is then loaded, and says what is wrong)."""
    spec = find_spec(module)
    if spec is None or not isinstance(spec.origin, str) or not spec.origin.endswith(".py"):
        return None
    try:
        body = ast.parse(Path(spec.origin).read_bytes()).body
    except (SyntaxError, ValueError, OSError):
        return None
    infos = [node for node in body if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
             and "INFO" in [getattr(t, "id", None) for t in getattr(node, "targets", [getattr(node, "target", None)])]]
    call = infos[0].value if len(infos) == 1 else None
    if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "GameInfo"):
        return None
    return next((k.value.value for k in call.keywords if k.arg == "machine" and isinstance(k.value, ast.Constant)
                 and isinstance(k.value.value, str)), None)


def round_options(name: Any) -> Mapping[str, type]:
    """The round options a log of the game ``name`` may hold (its ``GameInfo.round_options``: ``play --misdeal``);
    none for a name that is no game that loads (named as such where it is checked)."""
    try:
        return game_info(name).round_options if isinstance(name, str) else {}
    except TableGamesError:
        return {}


def every_game() -> tuple[list[str], list[str]]:
    """For a command over every game: the games that load, sorted, and one line for each plugin that does not
    (its name, where it is declared and its error: its module, its ``INFO`` or its machine file), to be shown on
    stderr while the others run."""
    from pa_table_games.runtime.game import bound_machine

    loaded, broken = [], [f"game {name!r}: {why}" for name, why in sorted(GAMES.problems().items())]
    for name in sorted(GAMES):
        try:
            info = game_info(name)
            if name not in BUILT_IN:
                bound_machine(info)  # a machine file that cannot be read or loaded breaks the game alone
        except BrokenGame as err:
            broken.append(str(err))
            continue
        except TableGamesError as err:
            broken.append(f"game {name!r}: {err}")
            continue
        loaded.append(name)
    return loaded, broken


def game_info(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name`` (either spelling); a :class:`TableGamesError` naming the known games if unknown."""
    from pa_table_games.runtime.game import GameInfo

    meant = canonical_game(name) if isinstance(name, str) else None
    if meant is None:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    info = GAMES.info(meant)
    if not isinstance(info, GameInfo) or info.name != meant:
        raise BrokenGame(f"game {meant!r}: its module {GAMES[meant]} declares no GameInfo named {meant!r} as INFO")
    return info


def load_game(name: str, rules: Any = None, engine: str = "transitions", machine: str | Path | None = None) -> Game:
    """The game called ``name``; ``rules`` is a Rules object, a YAML path, or None for defaults.

    ``engine="compiled"`` fires the same bound machine from plain tables (simulation). ``machine``: an
    edited machine file of this game (its ``game:``), bound to the game's registry instead of the
    installed one (``--machine FILE``: a new game registers its own module)."""
    from pa_table_games.runtime.game import Game, bind, engine_class, machine_and_engine
    from pa_table_games.rules.options import load_rules, rules_from_mapping

    info = game_info(name)
    if rules is None or isinstance(rules, (str, Path)):
        rules = load_rules(info.rules_class, rules)
    elif isinstance(rules, Mapping):  # options as a Rules file holds them
        rules = rules_from_mapping(info.rules_class, rules, "rules")
    elif not isinstance(rules, info.rules_class):
        raise TableGamesError(f"rules for {info.name}: a {info.rules_class.__name__}, a mapping of its options or a "
                              f"Rules file, not {rules!r}")
    if machine is None:
        return Game(info, rules, *machine_and_engine(info, engine))
    made = engine_class(engine)
    if not isinstance(machine, (str, Path)):
        raise TableGamesError(f"machine for {info.name}: a machine file's path, not {given(machine)}")
    named = game_of_machine(machine)
    if named != info.name:
        raise TableGamesError(f"--machine {machine}: a machine file of {named}, not of {info.name}")
    bound = bind(info, machine)
    return Game(info, rules, bound, made(bound), edited=True)


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
