"""A table of learners as a PettingZoo AEC environment: one agent per seat (``seat_1`` ... ``seat_N``),
each holding the same wagers, acting in the order the machine file declares (``GameInfo.turn``: the
walks round the table of :mod:`pa_table_games.runtime.turns`). An episode is one round, dealt as in
:class:`~pa_table_games.rl.env.TableEnv`: the same observations, actions, masks, refusals and rewards,
each agent's in ``infos[agent]``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pa_table_games.errors import TableGamesError
from pa_table_games.rl.dealer import REFUSALS, Dealer
from pa_table_games.rl.observe import observer_for
from pa_table_games.rl.table import (RENDER_MODES, checked, generator_seed, illegal_mode, load, render_mode_of,
                                     rendered, seed_of, start, view_text, wagers_of)
from pa_table_games.strategies import get_strategy


def agent_of(seat: int) -> str:
    return f"seat_{seat}"


class TableAEC(AECEnv):
    """``TableAEC("blackjack", seats=3, wagers={"blackjack": 10})``: seats 1 to ``seats`` are agents.
    Rewards come when the round completes: each agent's net per unit of its initial main wager."""

    metadata = {"render_modes": RENDER_MODES, "name": "pa_table_games_v0", "is_parallelizable": False}

    def __init__(self, game: str = "blackjack", *, seats: int = 2, rules: Any = None,
                 wagers: Mapping[str, Any] | None = None, illegal: str = "refuse",
                 render_mode: str | None = None) -> None:
        super().__init__()
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
            raise ValueError(f"seats={seats!r}: give the number of learning seats, at least 1")
        loaded = load(game, rules)
        placed = checked(loaded, {seat: wagers_of(loaded, seat, wagers) for seat in range(1, seats + 1)})
        self.game, self.illegal, self.render_mode = loaded, illegal_mode(illegal), render_mode_of(render_mode)
        self.dealer = Dealer(loaded, placed, tuple(placed), get_strategy(loaded.info.name, None, loaded.rules))
        self.observers = {agent_of(seat): observer_for(loaded, seat) for seat in placed}
        for observer in self.observers.values():
            self.dealer.watchers.append(observer.begin)
        self.possible_agents = list(self.observers)
        first = self.observers[self.possible_agents[0]]
        self.action_names: tuple[str, ...] = first.words
        self.action_spaces = {a: spaces.Discrete(len(first.words)) for a in self.possible_agents}
        self.observation_spaces = {a: o.space for a, o in self.observers.items()}
        self._rng: np.random.Generator | None = None  # seeds a table when reset is given none

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict:
        return self.observers[agent].observe(self.dealer.dealt())

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = seed_of(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(None if seed is None else generator_seed(seed))
        before = start(self.dealer, seed, options, int(self._rng.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"settled_before": before[self.observers[a].seat]} for a in self.agents}
        self._after_step()

    def _selected(self) -> str:
        """The agent to act, or the line every call before the first reset gets."""
        agent = getattr(self, "agent_selection", None)
        if agent is None:
            raise TableGamesError("no round dealt yet: call reset() first")
        return agent

    def last(self, observe: bool = True) -> tuple:
        self._selected()
        return super().last(observe)

    def step(self, action: Any) -> None:
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not self.action_spaces[agent].contains(action):  # True is no action 1
            raise ValueError(f"action {action!r}: give 0 to {self.action_spaces[agent].n - 1} (action_names)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        word = self.action_names[int(action)]
        try:
            self.dealer.act(self.observers[agent].action_word(word, self.dealer.rnd))
        except REFUSALS as err:
            if self.illegal == "raise":
                raise
            self.infos[agent] = {**self.infos[agent], "refused": str(err), "cite": getattr(err, "cite", "")}
            return
        if self.dealer.rnd.is_over:
            for a in self.agents:
                self.rewards[a] = self.dealer.reward(self.observers[a].seat)
                self.terminations[a] = True
        self._after_step()
        self._accumulate_rewards()

    def _after_step(self) -> None:
        """Whose turn it is now, and every live agent's legal actions."""
        deciding = self.dealer.deciding()
        rnd = self.dealer.rnd
        legal = self.dealer.legal() if deciding is not None else set()
        for a in self.agents:
            mine = deciding is not None and self.observers[a].seat == deciding
            mask = self.observers[a].mask(legal if mine else set(), rnd)
            self.infos[a] = {**{k: v for k, v in self.infos[a].items() if k == "settled_before"}, "action_mask": mask}
        self.agent_selection = agent_of(deciding) if deciding is not None else self.agents[0]

    def render(self) -> str | None:
        deciding = self.dealer.deciding()
        seat = deciding if deciding is not None else self.observers[self.possible_agents[0]].seat
        return rendered(view_text(self.dealer, seat), self.render_mode)

    def close(self) -> None:
        """Nothing to release: the table lives in this process."""
