"""The games, by their command-line names; each module declares a ``GameInfo`` called ``INFO``.

``load_game("blackjack", rules="casino.yaml")`` binds the game's machine file to its registry
once per process and deals every round from that one bound machine."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pa_table_games.errors import TableGamesError

if TYPE_CHECKING:  # imported when a game is loaded: naming the games costs nothing (`list`, `--version`)
    from pa_table_games.runtime.game import Game, GameInfo

#: command-line name -> module declaring ``INFO``
GAMES = {
    "blackjack": "pa_table_games.games.blackjack",
    "six-card-fortune-pai-gow": "pa_table_games.games.six_card_fortune_pai_gow",
    "double-down-madness": "pa_table_games.games.double_down_madness",
}


def canonical_game(text: str) -> str | None:
    """The command-line name ``text`` means, in any case and with ``_`` for ``-`` (the machine
    file's spelling): ``double_down_madness`` -> ``double-down-madness``; None if no game."""
    word = text.strip().lower().replace("_", "-")
    return word if word in GAMES else None


def machine_path(name: str) -> Path:
    """Where ``name``'s machine file is installed (read without loading the game)."""
    from importlib.resources import files

    return Path(str(files("pa_table_games") / "machines")) / f"{GAMES[name].rpartition('.')[2]}.yaml"


def game_info(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name`` (either spelling); a :class:`TableGamesError` naming the known games if unknown."""
    meant = canonical_game(name) if isinstance(name, str) else None
    if meant is None:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return import_module(GAMES[meant]).INFO


def load_game(name: str, rules: Any = None, engine: str = "transitions", machine: str | Path | None = None) -> Game:
    """The game called ``name``; ``rules`` is a Rules object, a YAML path, or None for defaults.

    ``engine="compiled"`` fires the same bound machine from plain tables (simulation). ``machine``: an
    edited machine file of this game (its ``game:``), bound to the game's registry instead of the
    installed one (``--machine FILE``: a new game registers its own module)."""
    from pa_table_games.runtime.game import ENGINES, Game, machine_and_engine
    from pa_table_games.runtime.rules import load_rules

    info = game_info(name)
    if rules is None or isinstance(rules, (str, Path)):
        rules = load_rules(info.rules_class, rules)
    if machine is None:
        return Game(info, rules, *machine_and_engine(info, engine))
    from pa_table_games.machine.bound import BoundMachine

    named = game_of_machine(machine)
    if named != info.name:
        raise TableGamesError(f"--machine {machine}: a machine file of {named}, not of {info.name}")
    bound = BoundMachine.load(machine, info.registry)
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
