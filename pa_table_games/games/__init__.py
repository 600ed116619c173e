"""The games, by their command-line names; each module declares a ``GameInfo`` called ``INFO``."""

from __future__ import annotations

from importlib import import_module

from pa_table_games.errors import TableGamesError

#: command-line name -> module declaring ``INFO``
GAMES = {
    "blackjack": "pa_table_games.games.blackjack",
    "six-card-fortune-pai-gow": "pa_table_games.games.six_card_fortune_pai_gow",
    "double-down-madness": "pa_table_games.games.double_down_madness",
}


def game_info(name: str):  # -> GameInfo
    """The ``GameInfo`` of ``name``; a :class:`TableGamesError` naming the known games if unknown."""
    if name not in GAMES:
        raise TableGamesError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return import_module(GAMES[name]).INFO
