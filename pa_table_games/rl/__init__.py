"""The regulated round as Gymnasium and PettingZoo environments: a seat at a faithful table for
learning programs (the optional extra ``rl``: ``pip install 'pa-table-games[rl]'``).

>>> import gymnasium, pa_table_games.rl
>>> env = gymnasium.make("pa_table_games/Blackjack-v0")
>>> obs, info = env.reset(seed=7)

``make(game, ...)`` builds the environment of any game this process knows (:func:`TableEnv`'s
keywords); importing this module registers the three sections with Gymnasium as
``pa_table_games/Blackjack-v0``, ``pa_table_games/DoubleDownMadness-v0`` and
``pa_table_games/SixCardFortunePaiGow-v0``. ``pettingzoo_env(game, seats=N, ...)`` seats N learners
at one table (:class:`TableAEC`). Nothing else in the package imports this module.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from pa_table_games.rl.aec import TableAEC
from pa_table_games.rl.env import TableEnv

__all__ = ["IDS", "TableAEC", "TableEnv", "make", "pettingzoo_env"]

#: Gymnasium id -> the game's command-line name.
IDS = {"pa_table_games/Blackjack-v0": "blackjack",
       "pa_table_games/DoubleDownMadness-v0": "double-down-madness",
       "pa_table_games/SixCardFortunePaiGow-v0": "six-card-fortune-pai-gow"}


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
