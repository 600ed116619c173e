"""The regulated round as a Gymnasium environment (pa_table_games.rl): Gymnasium's own checker on every
game, stacked shoes stepped decision by decision, what a seat may see, and the same rounds as ``simulate``.

Blackjack shoe order: burn card, seat 1's first card, the dealer's up card, seat 1's second card, the
hole card, then draws. Double Down Madness: burn card, hole card, seat 1's card, up card, then draws.
"""

from __future__ import annotations

import re
from decimal import Decimal

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import pa_table_games.rl as rl
from depth import depth
from pa_table_games import load_game
from pa_table_games.errors import CardCodeError, IllegalAction, TableGamesError
from pa_table_games.games import BUILT_IN
from pa_table_games.rl.dealer import table_seed
from pa_table_games.rl.policies import table_policy
from pa_table_games.simulation.chunks import deal_rounds
from pa_table_games.simulation.simulate import simulate
from pa_table_games.strategies import get_strategy

STAND_TO_21 = "2C TH 6S 5D 7C 6H TD"  # TH 5D (hard 15) against the 6S, hole 7C; a hit (6H) makes 21, the dealer busts on TD


def names(env):
    return env.unwrapped.action_names


def act(env, word):
    return env.step(names(env).index(word))


def legal(env, info):
    return [w for w, m in zip(names(env), info["action_mask"]) if m]


def played(env, policy, rounds, seed):
    """Every round's reward in the order dealt, from ``reset(seed=seed)`` on: those played through by
    ``reset`` (``settled_before``) and those ``policy`` decided."""
    out, (obs, info) = [], env.reset(seed=seed)
    while True:
        out += info["settled_before"]
        if len(out) >= rounds:
            return out[:rounds]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(policy(obs, info["action_mask"]))
        out.append(reward)
        obs, info = env.reset()


def simulated(game, strategy, rounds, seed):
    """The first ``rounds`` rounds of ``simulate --seed seed`` (its first chunk), each seat 1's net per unit of 10."""
    loaded = load_game(game, engine="compiled")
    dealt = deal_rounds(loaded, loaded.new_table(seed=table_seed(seed)), {1: {loaded.info.wagers[0]: Decimal(10)}},
                        get_strategy(game, strategy, loaded.rules))
    return [float(sum((s.net for s in next(dealt).settlement()), Decimal(0)) / 10) for _ in range(rounds)]


class TestGymnasiumApi:
    @pytest.mark.parametrize("env_id", sorted(rl.IDS))
    def test_gymnasiums_checker_passes(self, env_id):
        """check_env steps unmasked samples through every registered game without a complaint."""
        check_env(gymnasium.make(env_id).unwrapped)

    def test_every_section_of_the_package_is_registered_by_its_name(self):
        """A section added to BUILT_IN gets its Gymnasium id with no other edit: the id is made from its name."""
        assert rl.IDS == {rl.gymnasium_id(game): game for game in BUILT_IN}
        assert sorted(rl.IDS) == ["pa_table_games/Blackjack-v0", "pa_table_games/DoubleDownMadness-v0",
                                  "pa_table_games/SixCardFortunePaiGow-v0"]
        assert rl.gymnasium_id("casino-war") == "pa_table_games/CasinoWar-v0"

    def test_any_game_this_process_knows(self):
        """A game declared outside the package (the toy High Card, installed as a plugin for the suite) becomes an
        environment too."""
        env = rl.make("high-card")
        check_env(env)
        assert names(env) == ("stand", "double")

    def test_make_takes_rules_wagers_and_other_seats(self):
        """gymnasium.make passes a Rules mapping, the seat's wagers and the other seats to the table."""
        env = gymnasium.make("pa_table_games/Blackjack-v0", rules={"decks": 2, "surrender": "none"},
                             wagers={"blackjack": 10, "lucky_ladies": 5}, other_seats={2: {"blackjack": 25}},
                             strategy="stand17")
        obs, info = env.reset(seed=3)
        assert env.unwrapped.game.rules.decks == 2 and "surrender" not in legal(env, info)
        assert "seat 2" in env.unwrapped.render()

    @pytest.mark.parametrize("kwargs, message", [
        ({"wagers": {"lucky_ladies": 5}}, "the blackjack wager is the one every reward is counted in"),
        ({"wagers": {"blackjack": 0}}, "seat 1"),
        ({"other_seats": {2: {"blackjak": 10}}}, "blackjak"),
        ({"rules": {"dekcs": 2}}, "did you mean decks"),
        ({"other_seats": {1: {"blackjack": 10}}}, "seat 1 is the learner's"),
        ({"wagers": 5}, r"^seat 1: wagers map each wager's name to its amount \({'blackjack': 10}\), not 5$"),
        ({"other_seats": [2]},
         r"^other_seats map each seat number to its wagers \({2: {'blackjack': 10}}\), not \[2\]$"),
        ({"other_seats": {2: "blackjack"}}, r"^seat 2: wagers map each wager's name to its amount"),
    ])
    def test_bad_seats_and_rules_are_refused_when_made(self, kwargs, message):
        """A wager or Rules option the table cannot take is refused at make, naming it (the last three, seats and
        wagers of the wrong kind, were a TypeError or an AttributeError before)."""
        with pytest.raises(TableGamesError, match=message):
            rl.make("blackjack", **kwargs)


class TestEpisode:
    def test_a_stacked_round_step_by_step(self):
        """The seat sees hard 15 against a 6, hits to 21, and the dealer's bust pays one unit."""
        env = rl.make("blackjack")
        obs, info = env.reset(options={"shoe": STAND_TO_21})
        assert (obs["hand_total"], obs["soft"], obs["dealer_up"], obs["hand_cards"]) == (15, 0, 6, 2)
        assert legal(env, info) == ["hit", "stand", "double", "surrender"] and info["settled_before"] == []
        obs, reward, terminated, truncated, info = act(env, "hit")
        assert (obs["hand_total"], reward, terminated, truncated) == (21, 1.0, True, False)

    def test_an_illegal_action_changes_nothing(self):
        """A split of two unequal cards is refused with § 633a.11, and the round goes on as before."""
        env = rl.make("blackjack")
        before, _ = env.reset(options={"shoe": STAND_TO_21})
        obs, reward, terminated, _, info = act(env, "split")
        assert info["refused"].endswith("— § 633a.11") and info["cite"] == "§ 633a.11"
        assert (reward, terminated) == (0.0, False) and obs.keys() == before.keys()
        assert all(np.array_equal(obs[k], before[k]) for k in obs)
        assert act(env, "hit")[1] == 1.0

    def test_illegal_raise_raises_the_refusal(self):
        """illegal="raise" raises the IllegalAction naming the subsection instead."""
        env = rl.make("blackjack", illegal="raise")
        env.reset(options={"shoe": STAND_TO_21})
        with pytest.raises(IllegalAction, match="§ 633a.11"):
            act(env, "split")

    def test_a_round_without_a_decision_is_settled_before(self):
        """A dealer Blackjack at the peek (TS up, AD in the hole) is played through: -1 in settled_before."""
        env = rl.make("blackjack")
        obs, info = env.reset(options={"shoe": "2C 9H TS 8D AD " + STAND_TO_21[3:]})
        assert info["settled_before"] == [-1.0]
        assert (obs["hand_total"], obs["dealer_up"]) == (15, 6)

    def test_the_table_goes_on_across_reset(self):
        """reset() deals the next round from the same stacked shoe: its cards follow the first round's."""
        env = rl.make("blackjack")
        env.reset(options={"shoe": STAND_TO_21 + " 5C 8H 7H 6C"})  # round 2, no burn: 5C 7H (12) against the 8H
        act(env, "hit")
        obs, _ = env.reset()
        assert (obs["hand_total"], obs["dealer_up"]) == (12, 8)

    def test_a_round_left_unfinished_is_completed_and_counted(self):
        """reset() in mid-round finishes that round by the strategy and reports its reward first."""
        env = rl.make("blackjack", strategy="stand17")
        env.reset(options={"shoe": STAND_TO_21 + " 5C 8H 7H 6C"})
        obs, info = env.reset()  # stand17 hits the 15 to 21: the dealer busts
        assert info["settled_before"] == [1.0] and obs["hand_total"] == 12

    def test_a_step_that_fails_changes_nothing(self):
        """A stand the stacked shoe cannot play out (the dealer must draw, no card is left) raises ShoeExhausted, and
        the round is as it was before the step: the stand undone with the play after it, the same decisions open.
        Before, the stand was kept and the round stuck in hole_card_turned with nothing legal."""
        env = rl.make("blackjack")
        env.reset(options={"shoe": "2C TH 6S 5D 7C"})  # the dealer's 6 and 7 must draw: no card left
        rnd = env.unwrapped.dealer.rnd
        before = (rnd.state, rnd.legal_actions(), rnd.shoe.remaining(), len(rnd.events), rnd.deciding(), rnd.last_step)
        with pytest.raises(TableGamesError, match="the shoe ran out of cards"):
            act(env, "stand")
        assert (rnd.state, rnd.legal_actions(), rnd.shoe.remaining(), len(rnd.events), rnd.deciding(),
                rnd.last_step) == before  # the last step the round kept is the one before the stand, as it was

    def test_a_new_table_in_mid_round_counts_the_round_left(self):
        """reset(seed=...) or a new stacked shoe in mid-round completes the round left at the old table by the
        strategy and reports its reward first, as a reset at the same table does: before, the round was dropped
        unsettled, and settled_before was empty. A table whose deal fails is not kept: the next reset deals anew."""
        env = rl.make("blackjack", strategy="stand17")
        env.reset(options={"shoe": STAND_TO_21})
        _, info = env.reset(seed=3)
        assert info["settled_before"][:1] == [1.0]  # stand17 hits the 15 to 21: the dealer busts
        with pytest.raises(TableGamesError, match="the shoe ran out of cards"):
            env.reset(options={"shoe": "AS 5D"})
        _, info = env.reset()  # a fresh table
        assert env.unwrapped.dealer.rnd.deciding() is not None

    @pytest.mark.parametrize("make", [rl.make, lambda game: rl.pettingzoo_env(game, seats=1)], ids=["gym", "aec"])
    def test_a_reset_after_a_stacked_shoe_ran_out_deals_a_new_table(self, make):
        """A hit and a stand the stacked shoe cannot play out are refused (ShoeExhausted, undone); a plain reset()
        then drops that round, uncounted, with its table, and deals at a new table shuffled from the environment's
        own generator. Before, the reset raised ShoeExhausted too, trying to complete the round left first."""
        env = make("blackjack")
        env.reset(seed=1, options={"shoe": "2C TH 6S 5D 7C"})  # the dealer's 6 and 7 must draw: no card left
        stacked = env.dealer.table
        for word in ("hit", "stand"):
            with pytest.raises(TableGamesError, match="the shoe ran out of cards"):
                env.step(names(env).index(word))
        answer = env.reset()  # Gymnasium's (obs, info); PettingZoo's None, its infos kept
        settled = (answer[1] if answer else env.infos["seat_1"])["settled_before"]
        assert env.dealer.table is not stacked and env.dealer.rnd.deciding() == (1, 0)
        assert settled == []  # the dropped round is not counted (and seed 1's new table deals no round through)

    @pytest.mark.parametrize("make", [rl.make, lambda game: rl.pettingzoo_env(game, seats=1)], ids=["gym", "aec"])
    def test_a_reset_whose_stacked_shoe_runs_out_as_it_deals_deals_a_new_table(self, make):
        """A plain reset() whose stacked shoe runs out dealing the next round drops that round, uncounted, with its
        table, and deals at a new table shuffled from the environment's own generator, as after a round the shoe
        could not complete; the round played through before it is counted. A stacked shoe given to reset() that is
        too short is still refused. Before, the plain reset() raised ShoeExhausted."""
        env = make("blackjack")
        env.reset(seed=1, options={"shoe": STAND_TO_21 + " 9H TS 8D AD 5C"})  # round 2: a dealer Blackjack at the peek
        stacked = env.dealer.table
        env.step(names(env).index("hit"))
        assert env.dealer.rnd.is_over and env.dealer.reward(1) == 1.0  # round 1 over: the shoe runs out after it
        answer = env.reset()  # round 3 gets the 5C alone
        settled = (answer[1] if answer else env.infos["seat_1"])["settled_before"]
        assert env.dealer.table is not stacked and env.dealer.rnd.deciding() == (1, 0)
        assert settled == [-1.0]  # round 2 (and seed 1's new table deals no round through)
        with pytest.raises(TableGamesError, match=r"^the shoe ran out of cards at deal_up_card after 2 cards"):
            env.reset(options={"shoe": "AS 5D"})

    @pytest.mark.parametrize("options, said", [
        ("shoe", "reset options: a mapping such as {'shoe': '2C TH 6S'}, not 'shoe'"),
        ({"shoe": 5}, "reset option shoe: card codes, first card first ('2C TH 6S'), not 5"),
    ])
    def test_reset_options_of_the_wrong_kind_are_refused(self, options, said):
        """Before, a ValueError or a TypeError from deep inside."""
        with pytest.raises(TableGamesError, match=f"^{re.escape(said)}$"):
            rl.make("blackjack").reset(options=options)

    def test_a_bool_is_no_action(self):
        """Gymnasium's Discrete space takes True for 1; the table does not (a seat or an amount never is a bool either):
        before, step(True) played action 1."""
        env = rl.make("blackjack")
        env.reset(options={"shoe": STAND_TO_21})
        with pytest.raises(ValueError, match=r"^action True: give 0 to "):
            env.step(True)
        table = rl.pettingzoo_env("blackjack")
        table.reset(seed=1)
        with pytest.raises(ValueError, match=r"^action True: give 0 to "):
            table.step(True)

    def test_a_step_before_any_reset_says_so(self):
        """Before: 'the round is over' (Gymnasium), an AttributeError (PettingZoo)."""
        with pytest.raises(TableGamesError, match="^no round dealt yet: call reset"):
            rl.make("blackjack").unwrapped.step(0)
        with pytest.raises(TableGamesError, match="^no round dealt yet: call reset"):
            rl.pettingzoo_env("blackjack").step(0)

    def test_an_observation_before_any_reset_says_so(self):
        """The same line as a step's. Before: AttributeError: 'NoneType' object has no attribute 'deciding'
        (PettingZoo's observe) or 'is_over' (Gymnasium's action_mask)."""
        with pytest.raises(TableGamesError, match=r"^no round dealt yet: call reset\(\) first$"):
            rl.pettingzoo_env("blackjack").observe("seat_1")
        with pytest.raises(TableGamesError, match=r"^no round dealt yet: call reset\(\) first$"):
            rl.make("blackjack").action_mask()
        with pytest.raises(TableGamesError, match=r"^no round dealt yet: call reset\(\) first$"):
            rl.pettingzoo_env("blackjack").last()  # before: AttributeError: ... no attribute 'agent_selection'

    def test_the_reward_counts_every_wager_per_unit_of_the_main_one(self):
        """TH KS (an Any 20, 4 to 1 on Lucky Ladies 5) stands and wins: (10 + 20) / 10 = 3 units."""
        env = rl.make("blackjack", wagers={"blackjack": 10, "lucky_ladies": 5})
        env.reset(options={"shoe": "2C TH 6S KS 7C TD"})
        assert act(env, "stand")[1:3] == (3.0, True)

    def test_a_bad_card_code_in_the_shoe_names_it(self):
        """A stacked shoe is read by the project's card parser: the bad code and its place are named."""
        with pytest.raises(CardCodeError, match="card 3: unknown card code 'XX'"):
            rl.make("blackjack").reset(options={"shoe": "2C TH XX"})

    def test_render_draws_the_seats_view_as_the_terminal_does(self):
        """The view keeps the hole card face down and lists the legal actions with their cites."""
        env = rl.make("blackjack", render_mode="ansi")
        env.reset(options={"shoe": STAND_TO_21})
        text = env.render()
        assert "dealer: up card 6S, hole card: face down" in text and "7C" not in text
        assert "  hit        take one more card  § 633a.7(i)(2)" in text
        act(env, "hit")
        assert "settled: seat 1 blackjack 10.00: win +10.00" in env.render()

    def test_pai_gow_sets_the_low_hand_by_the_cards_place(self):
        """low=card3 makes the seat's third card the one-card low hand (§ 670a.11)."""
        env = rl.make("six-card-fortune-pai-gow", render_mode="ansi")
        obs, info = env.reset(seed=5)
        third = next(code for code, i in rl.observe.CARD_INDEX.items() if i == obs["cards"][2])
        assert act(env, "low=card3")[2] is True
        assert f"/ low {third} (" in env.render()


def hidden_until_turned(game, shoes, words, turned_at):
    """Step the same ``words`` from each stacked shoe; every observation, mask and view before step
    ``turned_at`` (where the hole card is turned) is the same, and the one after it differs."""
    runs = []
    for shoe in shoes:
        env = rl.make(game, render_mode="ansi")
        obs, info = env.reset(options={"shoe": shoe})
        steps = [(obs, info["action_mask"], env.render())]
        for word in words:
            obs, _, _, _, info = act(env, word)
            steps.append((obs, info["action_mask"], env.render()))
        runs.append(steps)
    flat = [[(k, np.asarray(v).tolist()) for obs, *_ in run for k, v in sorted(obs.items())] for run in runs]
    same = [[(repr(sorted((k, np.asarray(v).tolist()) for k, v in o.items())), m.tolist(), r)
             for o, m, r in run[:turned_at]] for run in runs]
    assert same[0] == same[1]
    assert flat[0] != flat[1]  # once turned, the seat sees it


def test_the_pai_gow_mask_leaves_out_a_foul_set():
    """§ 670a.11: a low card that would foul the set is refused, so the mask does not offer it: over 30 tables every
    low=cardN the mask marks is accepted and every one it leaves out is refused. Before, the mask offered each card
    held (seed 0: low=card5 was marked legal and refused as a foul set)."""
    from pa_table_games.rl.dealer import REFUSALS

    env = rl.make("six-card-fortune-pai-gow", illegal="raise")
    lows = [i for i, word in enumerate(env.unwrapped.action_names) if word.startswith("low=")]
    for seed in range(30):
        mask = env.reset(seed=seed)[1]["action_mask"]
        for i in lows:
            env.reset(seed=seed)
            try:
                env.step(i)
                accepted = True
            except REFUSALS:
                accepted = False
            assert bool(mask[i]) == accepted, (seed, env.unwrapped.action_names[i])


class TestWhatTheSeatSees:
    def test_blackjack_hole_card(self):
        """Shoes differing only in the hole card (7C or 8C) look alike through three decisions."""
        shoes = [f"2C 2H 6S 3D {hole} 4H 5S TD TH" for hole in ("7C", "8C")]
        hidden_until_turned("blackjack", shoes, ["hit", "hit", "stand"], turned_at=3)

    def test_double_down_madness_hole_card(self):
        """The hole card dealt first (§ 692.7) stays unseen through the seat's decisions."""
        shoes = [f"2C {hole} 2H 6S 3D 4H TD TH" for hole in ("7C", "8C")]
        hidden_until_turned("double-down-madness", shoes, ["hit", "hit", "stand"], turned_at=3)


    def test_pai_gow_dealers_stack(self):
        """Decks differing only in one card of the dealer's stack (swapped with a card of the stub, which is
        discarded unexposed) look alike until the dealer exposes the six cards (§ 670a.8(e), § 670a.11)."""
        env = rl.make("six-card-fortune-pai-gow")
        deck = [card.code for card in load_game("six-card-fortune-pai-gow").new_table(seed=11).shoe.remaining()]
        env.reset(options={"shoe": " ".join(deck)})
        act(env, "house_way")
        moves = [(m.card, m.to) for e in env.unwrapped.dealer.rnd.events for m in e.cards]
        dealer = next(card for card, to in moves if to == "dealer")
        stub = next(card for card, to in moves if to.startswith("stub"))
        swapped = [stub if c == dealer else dealer if c == stub else c for c in deck]
        hidden_until_turned("six-card-fortune-pai-gow", [" ".join(deck), " ".join(swapped)], ["house_way"],
                            turned_at=1)

    def test_seen_counts_the_cards_a_counter_sees(self):
        """seen counts the face-up cards by value, round after round, never the burn card or an unturned hole card."""
        env = rl.make("blackjack")
        obs, _ = env.reset(options={"shoe": STAND_TO_21 + " 5C 8H 7H 6C TS"})
        assert obs["seen"].tolist() == [0, 0, 0, 0, 1, 1, 0, 0, 0, 1]  # TH 6S 5D
        obs = act(env, "hit")[0]  # 6H, the hole card 7C turned, TD drawn
        assert obs["seen"].tolist() == [0, 0, 0, 0, 1, 2, 1, 0, 0, 2]
        obs, _ = env.reset()  # the same shoe: 5C 8H 7H seen, the hole card 6C not
        assert obs["seen"].tolist() == [0, 0, 0, 0, 2, 2, 2, 1, 0, 2]

    def test_seen_starts_again_after_the_reshuffle(self):
        """The cover card (CUT) comes out: the round is completed, the cards reshuffled (§ 633a.7(e)), and
        the next round's count holds only its own three face-up cards."""
        env = rl.make("blackjack")
        env.reset(options={"shoe": STAND_TO_21.replace("6H", "CUT 6H") + " 9S 9C 9D 9H 8S 8C"})
        act(env, "hit")
        obs, _ = env.reset()
        assert obs["seen"].sum() == 3


class TestSameRoundsAsSimulate:
    SEED = 7

    @pytest.mark.parametrize("strategy", ["stand17", "basic"])
    def test_blackjack_nets_round_for_round(self, strategy):
        """1,000 rounds from reset(seed=S), the table's strategy read from the observation, net what
        simulate --seed S deals, round for round and in total (rounds played through counted)."""
        env = rl.make("blackjack")
        rewards = played(env, table_policy(env, strategy), 1000, self.SEED)
        assert rewards == simulated("blackjack", strategy, 1000, self.SEED)
        total = simulate("blackjack", 1000, seed=self.SEED, strategy=strategy).total().net
        assert Decimal(str(sum(rewards))) * 10 == Decimal(str(total))

    def test_double_down_madness_nets_round_for_round(self):
        """Double Down Madness with its madness table: the same rounds as simulate's."""
        rounds = depth(300, 1000)
        env = rl.make("double-down-madness")
        assert played(env, table_policy(env, "madness"), rounds, self.SEED) == \
            simulated("double-down-madness", "madness", rounds, self.SEED)

    def test_pai_gow_house_way_nets_round_for_round(self):
        """Six-Card Fortune Pai Gow set the house way, a misdeal's void round included if any."""
        rounds = depth(100, 1000)
        env = rl.make("six-card-fortune-pai-gow")
        house_way = names(env).index("house_way")
        assert played(env, lambda obs, mask: house_way, rounds, self.SEED) == \
            simulated("six-card-fortune-pai-gow", "house_way", rounds, self.SEED)

    def test_every_seed_simulate_takes_and_no_other(self):
        """reset(seed=-1) deals the rounds of simulate --seed -1 (Gymnasium's and PettingZoo's tables alike); a seed
        simulate refuses (2^64, a bool, a string) is refused in one line naming the range. Before, -1 raised
        Gymnasium's 'Seed must be greater or equal to zero' (numpy's ValueError at the PettingZoo table), and 2^64
        was taken."""
        rounds = 200
        env = rl.make("blackjack")
        rewards = played(env, table_policy(env, "stand17"), rounds, -1)
        assert rewards == simulated("blackjack", "stand17", rounds, -1)
        total = simulate("blackjack", rounds, seed=-1, strategy="stand17").total().net
        assert Decimal(str(sum(rewards))) * 10 == Decimal(str(total))
        first, _ = env.reset(seed=-1)
        table = rl.pettingzoo_env("blackjack", seats=1)
        table.reset(seed=-1)
        assert {k: np.asarray(v).tolist() for k, v in table.observe("seat_1").items()} == \
            {k: np.asarray(v).tolist() for k, v in first.items()}
        for bad in (2**64, -(2**64), True, "7"):
            said = f"reset(seed={bad!r}): give a whole number from -18,446,744,073,709,551,615 to " \
                   f"18,446,744,073,709,551,615 (the seeds of simulate --seed)"
            for made in (rl.make("blackjack"), rl.pettingzoo_env("blackjack")):
                with pytest.raises(TableGamesError, match=f"^{re.escape(said)}$"):
                    made.reset(seed=bad)

    def test_a_policy_of_another_game_is_refused(self):
        """A Pai Gow seat has no hand total: a blackjack table is no policy for it."""
        with pytest.raises(TableGamesError, match="not a hand table"):
            table_policy(rl.make("six-card-fortune-pai-gow"), "house_way")
