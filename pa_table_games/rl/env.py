"""One seat at a faithful table as a Gymnasium environment: an episode is one round of the regulated
procedure, dealt by the game's machine (:mod:`.dealer`).

``reset(seed=S)`` starts a new table dealing the cards of the first chunk of ``simulate --seed S`` (any seed
``simulate`` takes, negative ones too);
``reset()`` deals the next round at the same table (the shoe, the discard rack and the cover card go on);
``reset(options={"shoe": "2C TH ..."})`` deals a stacked shoe (the card codes of ``--shoe``). Rounds in
which the seat has no decision are played through by ``reset``, their rewards in ``info["settled_before"]``,
as is a round left unfinished (completed by the strategy); one that cannot be completed or dealt (its stacked
shoe ran out) is dropped, uncounted, and ``reset()`` shuffles a new table, as the first ``reset()`` without a seed
does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from pa_table_games.errors import WagerError
from pa_table_games.numbers import given
from pa_table_games.rl.dealer import REFUSALS, Dealer
from pa_table_games.rl.observe import observer_for
from pa_table_games.rl.table import (RENDER_MODES, checked, generator_seed, illegal_mode, load, render_mode_of,
                                     rendered, seed_of, start, view_text, wagers_of)
from pa_table_games.strategies import get_strategy


class TableEnv(gymnasium.Env):
    """``TableEnv("blackjack", rules=..., wagers={"blackjack": 10, "lucky_ladies": 5}, seat=1,
    other_seats={2: {"blackjack": 10}}, strategy="basic")``: ``seat`` decides through ``step``, every
    other seat by ``strategy`` (the game's default when None), as ``simulate`` plays it.

    Actions: ``Discrete`` over :attr:`action_names`, the game's decision words; ``info["action_mask"]``
    marks the legal ones. An illegal action changes nothing: the same observation, reward 0 and
    ``info["refused"]`` (the refusal, ending with the subsection that forbids it; ``info["cite"]``
    alone), or with ``illegal="raise"`` the :class:`~pa_table_games.errors.IllegalAction` itself.
    Reward: the seat's net settlement of the round per unit of its initial main wager, when the round
    completes (``terminated``); rounds are never truncated."""

    metadata = {"render_modes": RENDER_MODES}

    def __init__(self, game: str = "blackjack", *, rules: Any = None, wagers: Mapping[str, Any] | None = None,
                 seat: int = 1, other_seats: Mapping[int, Mapping[str, Any]] | None = None,
                 strategy: str | None = None, illegal: str = "refuse", render_mode: str | None = None) -> None:
        loaded = load(game, rules)
        if other_seats is not None and not isinstance(other_seats, Mapping):
            example = f"{{2: {{'{loaded.info.wagers[0]}': 10}}}}"
            raise WagerError(f"other_seats map each seat number to its wagers ({example}), not {given(other_seats)}")
        seats = {s: wagers_of(loaded, s, w, learner=False) for s, w in (other_seats or {}).items()}
        if seat in seats:
            raise WagerError(f"seat {seat} is the learner's: other_seats must not hold it")
        seats[seat] = wagers_of(loaded, seat, wagers)
        self.game, self.seat, self.illegal = loaded, seat, illegal_mode(illegal)
        self.render_mode = render_mode_of(render_mode)
        self.dealer = Dealer(loaded, checked(loaded, dict(sorted(seats.items()))), (seat,),
                             get_strategy(loaded.info.name, strategy, loaded.rules))
        self.observer = observer_for(loaded, seat)
        self.dealer.watchers.append(self.observer.begin)
        self.action_names: tuple[str, ...] = self.observer.words
        self.action_space = spaces.Discrete(len(self.action_names))
        self.observation_space = self.observer.space

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        seed = seed_of(seed)
        super().reset(seed=None if seed is None else generator_seed(seed))
        before = start(self.dealer, seed, options, int(self.np_random.integers(2**63)))[self.seat]
        return self._observe(), {**self._info(), "settled_before": before}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if isinstance(action, bool) or not self.action_space.contains(action):  # True is no action 1
            raise ValueError(f"action {action!r}: give 0 to {self.action_space.n - 1} (action_names)")
        dealer, word = self.dealer, self.action_names[int(action)]
        try:
            dealer.act(self.observer.action_word(word, dealer.rnd))
        except REFUSALS as err:
            if self.illegal == "raise":
                raise
            return self._observe(), 0.0, False, False, {**self._info(), "refused": str(err),
                                                        "cite": getattr(err, "cite", "")}
        over = dealer.rnd.is_over
        return self._observe(), dealer.reward(self.seat) if over else 0.0, over, False, self._info()

    def _observe(self) -> dict:
        return self.observer.observe(self.dealer.dealt())

    def _info(self) -> dict:
        rnd = self.dealer.dealt()
        legal = self.dealer.legal() if not rnd.is_over else set()
        return {"action_mask": self.observer.mask(legal, rnd)}

    def action_mask(self) -> np.ndarray:
        """The legal actions now, as ``info["action_mask"]`` (for wrappers that ask the environment)."""
        return self._info()["action_mask"]

    def render(self) -> str | None:
        return rendered(view_text(self.dealer, self.seat), self.render_mode)
