"""Strategies by game: how a simulated player makes each decision the machine leaves open.

A strategy has a ``name``, a one-line ``summary`` and ``choose(rnd, legal) -> str``: given
the round (paused at a player decision) and the legal decisions, it returns an action word
exactly as typed on the command line (``hit``, ``insurance=no``, ``low=KS``). It only reads the
round; the machine applies the word, so a strategy can never take a step the regulation forbids.

``legal`` is a read-only sequence of the names of the decisions open now, each once, in the machine
file's order (``Round.legal_names()``: ``low`` once for every ``low=CARD``): ``"double" in legal``,
iterating it, ``len(legal)`` and ``legal[0]`` answer the same in ``play``, the Round API and
``simulate``. It is a tuple in play and a lazy sequence in ``simulate`` (which asks the machine
only for what ``in`` names): compare ``tuple(legal)``, not ``legal``.

Every game brings its own: ``GameInfo.strategies`` maps each name to a factory taking the game's
Rules (tables read from data, or code; or the factory's name ``"package.module:function"``), and ``GameInfo.default_strategy`` names the one used when
none is named (else the first by name). Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pa_table_games.errors import TableGamesError
from pa_table_games.games import GAMES, game_info
from pa_table_games.runtime.game import bound_machine, resolved

__all__ = ["Strategy", "UnknownStrategy", "default_strategy", "get_strategy", "strategy_names"]


class Strategy(Protocol):
    name: str
    summary: str

    def choose(self, rnd: Any, legal: Sequence[str]) -> str: ...


class UnknownStrategy(TableGamesError):
    """A strategy name the game does not have."""


def strategy_names(game: str) -> list[str]:
    """The strategies ``game`` has, sorted."""
    return sorted(game_info(game).strategies)


def default_strategy(game: str) -> str | None:
    """The strategy ``game`` plays when none is named: its declared default, else the first by name."""
    info = game_info(game)
    return info.default_strategy or next(iter(sorted(info.strategies)), None)


def get_strategy(game: str, name: str | None, rules: Any) -> Strategy:
    """Strategy ``name`` (or the game's default) for ``game`` under ``rules``."""
    factories = game_info(game).strategies
    check_games = getattr(factories, "check_games", None)  # a game's tables: each names a game installed here
    if check_games is not None:
        check_games(frozenset(GAMES))
    name = default_strategy(game) if name is None else name  # "" is no name: refused below
    if name not in factories:
        known = ", ".join(sorted(factories)) or "none yet"
        raise UnknownStrategy(f"unknown strategy {name!r} for {game} (known: {known})")
    strategy = resolved(factories[name])(rules)
    check_offers = getattr(strategy, "check_offers", None)  # a table's answers to the offers: decisions of its games
    if check_offers is not None:
        check_offers(_decisions)
    return strategy


def _decisions(game: str) -> frozenset[str] | None:
    """The player decisions of ``game``'s machine, or None when no such game is installed."""
    if game not in GAMES:
        return None
    return frozenset(bound_machine(game_info(game)).spec.decision_words)
