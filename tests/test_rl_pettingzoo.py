"""A table of learners as a PettingZoo AEC environment (pa_table_games.rl.pettingzoo_env): PettingZoo's
own api_test on every game, the seats deciding in the order the machine file declares, rewards per seat."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test

import pa_table_games.rl as rl

# Blackjack, three boxes: burn, the first cards to seats 1-3, the up card, the second cards, the hole card.
THREE_BOXES = "2C TH 9H 5D 6S 8C 8H 2D 7C"  # seat 1 TH 8C (18), seat 2 9H 8H (17), seat 3 5D 2D (7) against the 6S


def step_word(env, word):
    env.step(env.action_names.index(word))


class TestPettingZooApi:
    @pytest.mark.parametrize("game", sorted(rl.IDS.values()))
    def test_pettingzoos_api_test_passes(self, game):
        """api_test plays masked random decisions for three seats of every game."""
        api_test(rl.pettingzoo_env(game, seats=3), num_cycles=100)


class TestTableOfLearners:
    def test_seats_decide_from_the_dealers_left(self):
        """Players decide in turn from seat 1, as § 633a.7(i) orders, and each agent gets its own net."""
        env = rl.pettingzoo_env("blackjack", seats=3)
        env.reset(options={"shoe": THREE_BOXES + " 9C TS"})
        order = []
        for word in ["stand", "stand", "hit", "stand"]:  # seat 3 hits 7 to 16 (9C), then stands
            order.append(env.agent_selection)
            step_word(env, word)
        assert order == ["seat_1", "seat_2", "seat_3", "seat_3"]
        assert all(env.terminations.values())  # the dealer's 13 draws TS and busts: every seat wins
        assert env._cumulative_rewards == {"seat_1": 1.0, "seat_2": 1.0, "seat_3": 1.0}

    def test_each_agent_sees_its_own_hand(self):
        """observe(agent) reads that seat's hand; only the deciding agent has legal actions."""
        env = rl.pettingzoo_env("blackjack", seats=3)
        env.reset(options={"shoe": THREE_BOXES + " 9C TS"})
        assert [env.observe(f"seat_{s}")["hand_total"] for s in (1, 2, 3)] == [18, 17, 7]
        assert [bool(env.infos[f"seat_{s}"]["action_mask"].any()) for s in (1, 2, 3)] == [True, False, False]

    def test_an_illegal_decision_is_refused_for_the_same_agent(self):
        """seat_1 splitting unequal cards is refused with § 633a.11 and still decides next."""
        env = rl.pettingzoo_env("blackjack", seats=3)
        env.reset(options={"shoe": THREE_BOXES + " 9C TS"})
        step_word(env, "split")
        assert env.agent_selection == "seat_1" and env.infos["seat_1"]["refused"].endswith("§ 633a.11")
