"""The committed strategy tables (``pa_table_games/strategies/*.yaml``: ``basic``, ``stand17``,
``madness``) as policies over the observation and the action mask: baselines for a learner, and the
proof that the environment deals what ``simulate`` deals (``tests/test_rl.py``).

A table is read exactly as :class:`~pa_table_games.games.blackjack.hand_tables.HandTable` reads it at the
round, from what the seat sees: the first legal offer (``insurance=no`` ...), else a pair's code, else
the code of the hand's total against the up card, falling back when the first choice is not legal."""

from __future__ import annotations

from typing import Any

import numpy as np

from pa_table_games.errors import TableGamesError
from pa_table_games.strategies import get_strategy
from pa_table_games.games.blackjack.hand_tables import HandTable


class TablePolicy:
    """``policy(observation, action_mask) -> action``: a strategy table played by a blackjack-family seat."""

    def __init__(self, action_names: tuple[str, ...], table: HandTable) -> None:
        self.index = {word: i for i, word in enumerate(action_names)}
        self.table, self.name = table, table.name

    def word(self, obs: dict, legal: set[str]) -> str:
        """The table's decision for ``obs`` among the ``legal`` words."""
        table = self.table
        offered = [w for w in table.offers if w in legal]
        if offered:
            return offered[0]
        up = int(obs["dealer_up"])
        column = 9 if up == 1 else up - 2
        pair = int(obs["pair"])
        if pair and table.pairs:
            code = table.pairs[pair][column] if pair in table.pairs else "-"
            if (code == "P" or (code == "Ph" and table.double_after_split)) and "split" in legal:
                return "split"
            if "hit" not in legal:
                return "stand"  # § 633a.11: a split ace holding another ace, kept: one card only
        code = (table.soft if obs["soft"] else table.hard)[min(int(obs["hand_total"]), 21)][column]
        if code in ("H", "S"):
            return "hit" if code == "H" else "stand"
        word = "double" if code[0] == "D" else "surrender"
        return word if word in legal else ("hit" if code[1] == "h" else "stand")

    def __call__(self, obs: dict, mask: np.ndarray) -> int:
        legal = {word for word, i in self.index.items() if mask[i]}
        return self.index[self.word(obs, legal)]


def table_policy(env: Any, name: str) -> TablePolicy:
    """The strategy table ``name`` of ``env``'s game, under its Rules, as a policy for ``env``."""
    game = env.unwrapped.game
    table = get_strategy(game.info.name, name, game.rules)
    if not isinstance(table, HandTable) or "dealer_up" not in env.unwrapped.observation_space.spaces:
        raise TableGamesError(f"strategy {name!r} of {game.info.name} is not a hand table a seat's observation can play")
    return TablePolicy(env.unwrapped.action_names, table)
