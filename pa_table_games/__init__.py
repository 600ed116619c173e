"""Pennsylvania casino table-game regulations as executable, reviewable state machines.

>>> from pa_table_games import load_game
>>> game = load_game("blackjack")
>>> rnd = game.new_round({1: {"blackjack": 10}}, seed=7).advance()
"""

from pa_table_games.errors import IllegalAction, TableGamesError
from pa_table_games.games import load_game
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.values import Action

__all__ = ["Action", "IllegalAction", "Shoe", "TableGamesError", "load_game"]
