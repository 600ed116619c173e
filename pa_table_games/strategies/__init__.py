"""Strategies by game: how a simulated player makes each decision the machine leaves open.

A strategy has a ``name``, a one-line ``summary`` and ``choose(rnd, legal) -> str``: given
the round (paused at a player decision) and the legal decisions (``"double" in legal``),
it returns an action word exactly as typed on the command line (``hit``, ``insurance=no``,
``low=KS``). It only reads the round; the machine applies the word, so a strategy can
never take a step the regulation forbids.

Where a strategy is a table, it is data: every ``*.yaml`` file in this folder is a hand
table (:mod:`.hand_tables`) naming the games it plays. Strategies that are algorithms
(setting a Pai Gow hand) are code in a module listed in ``_MODULES`` for their game, which
exposes ``STRATEGIES`` (name -> factory taking the game's Rules) and may set a default.

**Extension point**: a new section of this package adds a table file whose ``games`` lists it, or a
module in ``_MODULES``, and its default in ``DEFAULTS``; a game declared outside the package brings
its strategies in its ``GameInfo.strategies`` (the first, by name, is its default).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from pa_table_games.errors import TableGamesError
from pa_table_games.games import GAMES, game_info
from pa_table_games.strategies.hand_tables import HandTable, StrategyFileError, load_table

__all__ = ["DEFAULTS", "Strategy", "StrategyFileError", "UnknownStrategy", "get_strategy", "strategy_names"]

FOLDER = Path(__file__).resolve().parent
#: The strategy ``simulate`` uses when none is named.
DEFAULTS = {"blackjack": "basic", "double-down-madness": "madness", "six-card-fortune-pai-gow": "house_way"}
#: Games whose strategies are code: game -> module exposing ``STRATEGIES``.
_BUILT_IN = tuple(DEFAULTS)
_MODULES = {"blackjack": "pa_table_games.strategies.computed", "six-card-fortune-pai-gow": "pa_table_games.strategies.pai_gow"}


class Strategy(Protocol):
    name: str
    summary: str

    def choose(self, rnd: Any, legal: Any) -> str: ...


class UnknownStrategy(TableGamesError):
    """A strategy name the game does not have."""


@cache
def _tables() -> dict[str, dict[str, HandTable]]:
    by_game: dict[str, dict[str, HandTable]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        table = load_table(path)
        for game in table.games:
            if table.name in by_game.setdefault(game, {}):
                raise StrategyFileError(path, 1, f"strategy {table.name!r} for {game} is defined twice")
            by_game[game][table.name] = table
    return by_game


def _factories(game: str) -> dict[str, Any]:
    """name -> factory(rules) for every strategy of ``game``."""
    factories: dict[str, Any] = {name: table.for_rules for name, table in _tables().get(game, {}).items()}
    if game not in _BUILT_IN:
        if game in GAMES:  # a game outside the package: its own strategies
            factories.update(game_info(game).strategies)
    if game in _MODULES:
        try:
            module = import_module(_MODULES[game])
        except ImportError:  # the game's package has not landed yet
            module = None
        factories.update(getattr(module, "STRATEGIES", {}))
    return factories


def strategy_names(game: str) -> list[str]:
    """The strategies ``game`` has, sorted."""
    return sorted(_factories(game))


def get_strategy(game: str, name: str | None, rules: Any) -> Strategy:
    """Strategy ``name`` (or the game's default) for ``game`` under ``rules``."""
    factories = _factories(game)
    name = name or DEFAULTS.get(game) or next(iter(sorted(factories)), None)
    if name not in factories:
        known = ", ".join(sorted(factories)) or "none yet"
        raise UnknownStrategy(f"unknown strategy {name!r} for {game} (known: {known})")
    return factories[name](rules)
