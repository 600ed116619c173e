"""The regulated round as Gymnasium and PettingZoo environments: a seat at a faithful table for
learning programs (the optional extra ``rl``: ``pip install 'pa-table-games[rl]'``).

>>> import gymnasium, pa_table_games.rl
>>> env = gymnasium.make("pa_table_games/Blackjack-v0")
>>> obs, info = env.reset(seed=7)

``make(game, ...)`` builds the environment of any game this process knows (:func:`TableEnv`'s
keywords); importing this module registers every section of this package with Gymnasium by its
command-line name (:func:`gymnasium_id`): ``pa_table_games/Blackjack-v0``,
``pa_table_games/DoubleDownMadness-v0`` and ``pa_table_games/SixCardFortunePaiGow-v0``. ``pettingzoo_env(game, seats=N, ...)`` seats N learners
at one table (:class:`TableAEC`). Nothing else in the package imports this module.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from pa_table_games.games import BUILT_IN
from pa_table_games.rl.aec import TableAEC
from pa_table_games.rl.env import TableEnv

__all__ = ["IDS", "TableAEC", "TableEnv", "gymnasium_id", "make", "pettingzoo_env"]


def gymnasium_id(game: str) -> str:
    """``six-card-fortune-pai-gow`` -> ``pa_table_games/SixCardFortunePaiGow-v0``."""
    return f"pa_table_games/{''.join(word.capitalize() for word in game.split('-'))}-v0"


#: Gymnasium id -> the game's command-line name, for every section of this package (a plugin's: :func:`make`).
IDS = {gymnasium_id(game): game for game in BUILT_IN}


def make(game: str, **kwargs: Any) -> TableEnv:
    """One learning seat at a table of ``game`` (any game this process knows): ``rules``, ``wagers``,
    ``seat``, ``other_seats``, ``strategy``, ``illegal``, ``render_mode`` as :class:`TableEnv` takes them."""
    return TableEnv(game, **kwargs)


def pettingzoo_env(game: str, seats: int = 2, **kwargs: Any) -> TableAEC:
    """``seats`` learning seats at one table of ``game``, a PettingZoo AEC environment."""
    return TableAEC(game, seats=seats, **kwargs)


for _id, _game in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="pa_table_games.rl.env:TableEnv", kwargs={"game": _game})
