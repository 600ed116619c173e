"""Train a small tabular policy at the regulated Blackjack table, then price it beside basic strategy
and the exact house edge that ``pa-table-games edge blackjack`` computes.

    .venv/bin/python examples/tabular_blackjack.py --train 1000000 --evaluate 300000

The learner is every-visit Monte Carlo control with an epsilon-greedy policy (epsilon falling from 0.2
to 0.01), one table of action values per state: the hand's total, whether it is soft, the pair it
holds, the dealer's up card and the decisions legal now (``info["action_mask"]``: a first decision
may double or surrender, a later one may not). It sees only what the seat sees, and learns only from
the rewards, one per round: the net of the round per unit of the Blackjack Wager.

Both policies are then played greedily from ``reset(seed=...)`` for the same number of rounds, each
round counted (``info["settled_before"]`` holds those without a decision): house edge = -(mean
reward), with its 95 % interval. The exact edge assumes a continuous shuffle; the table here deals
to the cover card (the default Rules), so the two need not agree exactly.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict

import gymnasium
import numpy as np

import pa_table_games.rl  # noqa: F401  (registers pa_table_games/Blackjack-v0)
from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.rl.policies import table_policy


def state(obs: dict, mask: np.ndarray) -> tuple:
    return (int(obs["hand_total"]), int(obs["soft"]), int(obs["pair"]), int(obs["dealer_up"]), mask.tobytes())


class MonteCarloControl:
    """Action values by state, each the mean reward of the rounds in which it was taken."""

    def __init__(self, actions: int, seed: int) -> None:
        self.values: dict[tuple, np.ndarray] = defaultdict(lambda: np.zeros(actions))
        self.counts: dict[tuple, np.ndarray] = defaultdict(lambda: np.zeros(actions))
        self.rng = np.random.default_rng(seed)

    def greedy(self, obs: dict, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[np.argmax(self.values[state(obs, mask)][legal])])

    def explore(self, obs: dict, mask: np.ndarray, epsilon: float) -> int:
        if self.rng.random() < epsilon:
            return int(self.rng.choice(np.flatnonzero(mask)))
        return self.greedy(obs, mask)

    def learn(self, visited: list[tuple[tuple, int]], reward: float) -> None:
        for key, action in visited:
            self.counts[key][action] += 1
            self.values[key][action] += (reward - self.values[key][action]) / self.counts[key][action]


def train(env: gymnasium.Env, rounds: int, seed: int) -> MonteCarloControl:
    learner = MonteCarloControl(env.action_space.n, seed)
    obs, info = env.reset(seed=seed)
    for played in range(rounds):
        epsilon = 0.2 + (0.01 - 0.2) * played / max(rounds - 1, 1)
        visited, done = [], False
        while not done:
            action = learner.explore(obs, info["action_mask"], epsilon)
            visited.append((state(obs, info["action_mask"]), action))
            obs, reward, done, _, info = env.step(action)
        learner.learn(visited, reward)
        obs, info = env.reset()
    return learner


def house_edge(env: gymnasium.Env, policy, rounds: int, seed: int) -> tuple[float, float]:
    """-(mean reward) over ``rounds`` rounds from ``reset(seed=seed)``, and its 95 % half-width."""
    rewards: list[float] = []
    obs, info = env.reset(seed=seed)
    while len(rewards) < rounds:
        rewards += info["settled_before"]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(policy(obs, info["action_mask"]))
        rewards.append(reward)
        obs, info = env.reset()
    net = np.array(rewards[:rounds])
    return -float(net.mean()), 1.96 * float(net.std(ddof=1)) / math.sqrt(len(net))


def _rounds(least: int):
    """An argparse type: a whole number of rounds, at least ``least`` (an interval needs two rounds to price)."""
    def rounds(text: str) -> int:
        value = int(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"{text}: give at least {least} rounds")
        return value
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=_rounds(1), default=1_000_000, help="rounds to learn from (default 1000000)")
    parser.add_argument("--evaluate", type=_rounds(2), default=300_000,
                        help="rounds to price each policy, at least 2 (default 300000)")
    parser.add_argument("--seed", type=int, default=1, help="the training table's seed; evaluation uses seed + 1")
    args = parser.parse_args()
    env = gymnasium.make("pa_table_games/Blackjack-v0")
    learner = train(env, args.train, args.seed)
    print(f"trained on {args.train:,} rounds: {len(learner.values):,} states seen")
    rules = env.unwrapped.game.rules
    for name, policy in [("learned", learner.greedy), ("basic strategy", table_policy(env, "basic"))]:
        edge, half = house_edge(env, policy, args.evaluate, args.seed + 1)
        print(f"{name:15} house edge {edge * 100:7.3f} % (95 % interval {(edge - half) * 100:.3f} % to "
              f"{(edge + half) * 100:.3f} %) over {args.evaluate:,} rounds")
    print(f"{'edge blackjack':15} house edge {BlackjackAnalysis(rules).house_edge * 100:7.3f} % "
          "(exact, basic strategy, continuous shuffle)")


if __name__ == "__main__":
    main()
