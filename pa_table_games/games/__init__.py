"""The games, by their command-line names; each module declares a ``GameInfo`` called ``INFO``.

``load_game("blackjack", rules="casino.yaml")`` binds the game's machine file to its registry
once per process and deals every round from that one bound machine."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.runtime.game import Game, GameInfo, machine_and_engine
from pa_table_games.runtime.rules import load_rules

#: command-line name -> module declaring ``INFO``
GAMES = {
    "blackjack": "pa_table_games.games.blackjack",
    "six-card-fortune-pai-gow": "pa_table_games.games.six_card_fortune_pai_gow",
    "double-down-madness": "pa_table_games.games.double_down_madness",
}


def game_info(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name``; a :class:`TableGamesError` naming the known games if unknown."""
    if name not in GAMES:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return import_module(GAMES[name]).INFO


def load_game(name: str, rules: Any = None, engine: str = "transitions") -> Game:
    """The game called ``name``; ``rules`` is a Rules object, a YAML path, or None for defaults.

    ``engine="compiled"`` fires the same bound machine from plain tables (simulation)."""
    info = game_info(name)
    if rules is None or isinstance(rules, (str, Path)):
        rules = load_rules(info.rules_class, rules)
    return Game(info, rules, *machine_and_engine(info, engine))
