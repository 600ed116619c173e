"""Pennsylvania casino table-game regulations as executable, reviewable state machines.

>>> from pa_table_games import load_game
>>> game = load_game("blackjack")
>>> rnd = game.new_round({1: {"blackjack": 10}}, seed=7).advance()

The names below are imported when first used, so that ``pa-table-games --version`` and
``list`` do not load the machines.
"""

import sys

if sys.argv and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".exe") == "pa-table-games":
    # The console script's first statement is its import of this package: from here until the command
    # line's run() takes over, a Ctrl-C is held, not raised (a KeyboardInterrupt in an import is a
    # traceback the script cannot catch); run() then answers it with "interrupted", exit status 130.
    import _signal

    def _hold_ctrl_c(signum, frame) -> None:
        _hold_ctrl_c.pressed = True

    _hold_ctrl_c.pressed = False
    _signal.signal(_signal.SIGINT, _hold_ctrl_c)

from importlib import import_module

from pa_table_games.errors import IllegalAction, TableGamesError

__all__ = ["Action", "IllegalAction", "Shoe", "TableGamesError", "load_game"]

_LAZY = {"load_game": "pa_table_games.games", "Shoe": "pa_table_games.equipment.shoe", "Action": "pa_table_games.values"}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pa_table_games' has no attribute {name!r}")
