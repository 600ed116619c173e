"""Differential test: the compiled engine deals exactly what the transitions engine deals.

For every registered game, thousands of seeded rounds are played at one table through the
Round API on the transitions engine, and again by the compiled runner (logged, and in the
fast modes without a log: settlement rows, or only the sums a tally reads). Every event (trigger, states, cites, seat, cards, settled rows,
notes), every settlement and every tally must be identical: with every wager placed, and with the main
wager alone (where the compiled runner leaves out the passes over the players holding the other wagers).
"""

from __future__ import annotations

import itertools
import random

import pytest

from depth import depth
from pa_table_games import IllegalAction, Shoe, TableGamesError, load_game
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.machine.bound import DEALER_STEP
from pa_table_games.runtime.round import Round, Unrecorded
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.games import GAMES
from pa_table_games.simulation.simulate import deal_rounds
from pa_table_games.strategies import get_strategy
from pa_table_games.simulation.tally import Tally, initial_by_name

#: (seed, rounds) per strategy and game: thousands of rounds per game in all at the long depth.
SESSIONS = depth(((11, 60),), ((11, 500), (12, 500)))


class RandomPlayer:
    """Picks uniformly among the legal decisions (seeded), so doubles, splits and side paths are dealt."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, rnd, legal) -> str:
        word = self.rng.choice(list(legal))
        if word == "low":  # Pai Gow: name a low card that makes a legal set
            from pa_table_games.games.six_card_fortune_pai_gow.house_way import HouseWay

            sets = HouseWay(rnd.rules.joker_rule).all_legal_sets(rnd.turn.cards)
            return f"low={self.rng.choice(sets)[1].code}"
        return word


def full_seats(game) -> dict[int, dict[str, float]]:
    """Seat 1 with the main wager only; seat 2 with every wager placeable before the deal; seat 3 main."""
    main = game.info.wagers[0]
    extras: dict[str, float] = {}
    for name in game.info.wagers[1:]:
        for amount in (5.0, 1.0):
            try:
                game.new_round({2: {main: 10.0, **extras, name: amount}}, seed=0)
            except TableGamesError:
                continue
            extras[name] = amount
            break
    return {1: {main: 10.0}, 2: {main: 10.0, **extras}, 3: {main: 25.0}}


def main_only(game) -> dict[int, dict[str, float]]:
    """Two seats with the main wager alone, the way most simulations are dealt."""
    return {1: {game.info.wagers[0]: 10.0}, 4: {game.info.wagers[0]: 25.0}}


def players(game_name: str, rules, seed: int):
    """A fresh random player and the game's default strategy."""
    return [RandomPlayer(seed), get_strategy(game_name, None, rules)]


@pytest.mark.parametrize("game_name", sorted(GAMES))
class TestSameRounds:
    def test_event_logs_and_settlements_identical(self, game_name):
        """Seeded sessions give identical event logs and settlements on both engines, and in the fast modes:
        the totals-only rounds tally to the same sums, float for float, as the settlement rows."""
        slow, fast = load_game(game_name), load_game(game_name, engine="compiled")
        dealt = 0
        for (seed, count), seats in itertools.product(SESSIONS, (full_seats(slow), main_only(slow))):
            initial = {(seat, name): amount for seat, placed in seats.items() for name, amount in placed.items()}
            for a, b, c, d in zip(*(players(game_name, slow.rules, seed) for _ in range(4))):
                expected = deal_rounds(slow, slow.new_table(seed=seed), seats, a, interactive=True)
                logged = deal_rounds(fast, fast.new_table(seed=seed), seats, b, log=True)
                unlogged = deal_rounds(fast, fast.new_table(seed=seed), seats, c, log=False)
                lean = deal_rounds(fast, fast.new_table(seed=seed), seats, d, record="totals")
                rows, sums = Tally(), Tally()
                for number in range(count):
                    want, got, quick, least = next(expected), next(logged), next(unlogged), next(lean)
                    where = f"{game_name} seed {seed} {a.name} seats {seats} round {number}"
                    if got.events != want.events:
                        first = next(i for i, (x, y) in enumerate(zip(want.events, got.events)) if x != y)
                        pytest.fail(f"{where}: event {first}: {want.events[first]} != {got.events[first]}")
                    assert got.settlement() == want.settlement() == quick.settlement(), where
                    assert (got.state, quick.state, least.state) == (want.state,) * 3, where
                    rows.add(initial, want.settlement())
                    sums.add_totals(initial_by_name(initial), *least.totals())
                    assert sums.sums == rows.sums, where
                    got.check_invariants()
                    dealt += 1
        assert dealt >= sum(count for _, count in SESSIONS) * 4

    def test_compiled_engine_behind_the_round_api(self, game_name):
        """A game loaded with engine="compiled" plays through advance/act exactly as the default engine."""
        slow, fast = load_game(game_name), load_game(game_name, engine="compiled")
        assert isinstance(slow.engine, TransitionsEngine) and isinstance(fast.engine, CompiledEngine)
        seats = full_seats(slow)
        want = deal_rounds(slow, slow.new_table(seed=5), seats, RandomPlayer(5), interactive=True, atomic=True)
        got = deal_rounds(fast, fast.new_table(seed=5), seats, RandomPlayer(5), interactive=True, atomic=True)
        for _ in range(15):
            assert next(got).events == next(want).events


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_guards_about_a_wager_are_false_without_it(game_name):
    """Each guard registered about a wager answers False at every step of rounds without that wager,
    as registered (no executor relies on it: tests/test_one_rule.py)."""
    game = load_game(game_name)
    about: dict[str, set] = {}
    for t in game.spec.transitions:
        for g in t.guards:
            if g.wager:
                about.setdefault(g.wager, set()).add(g)
    for wager, guards in sorted(about.items()):
        seats = {seat: {name: amount for name, amount in placed.items() if name != wager}
                 for seat, placed in full_seats(game).items()}
        player, table = RandomPlayer(7), game.new_table(seed=7)
        for _ in range(depth(15, 60)):
            rnd = game.new_round(seats, table=table)
            while True:
                answered = {g.name for g in guards if g.fn(rnd, rnd.turn)}
                assert not answered, f"{game_name}: {answered} true in {rnd.state} with no {wager} wager"
                if rnd.step() is None:
                    if rnd.is_over:
                        break
                    rnd.act(player.choose(rnd, rnd.legal_names()))


class TestCompiledEngine:
    def test_refused_decision_carries_its_cite(self):
        """A strategy naming a decision the machine does not allow is refused with IllegalAction, as at the table."""
        game = load_game("blackjack", engine="compiled")

        class Splitter:
            def choose(self, rnd, legal):
                return "split"

        rnd = Round(game, game.new_table(shoe=Shoe.stacked("2C 9H 6D 7S 8C 9S 3D")), {1: {"blackjack": 10}}, atomic=False)
        with pytest.raises(IllegalAction, match="§ 633a"):
            game.engine.play_out(rnd, Splitter().choose)

    def test_fast_mode_keeps_no_log_but_the_settlement(self):
        """record="settlements" keeps no events and refuses check_invariants, yet reports the same settlement."""
        game = load_game("blackjack", engine="compiled")
        basic = get_strategy("blackjack", "basic", game.rules)
        shoe = "2C 9H 6D 7S 8C 9S 3D"
        quick = game.engine.play_out(Round(game, game.new_table(shoe=Shoe.stacked(shoe)), {1: {"blackjack": 10}},
                                           atomic=False, record="settlements"), basic.choose)
        logged = game.engine.play_out(Round(game, game.new_table(shoe=Shoe.stacked(shoe)), {1: {"blackjack": 10}},
                                            atomic=False), basic.choose)
        assert quick.events == [] and logged.events
        assert quick.settlement() == logged.settlement()
        with pytest.raises(AssertionError):
            quick.check_invariants()

    def test_one_dealer_step_fires_one_transition(self):
        """``fire(rnd, DEALER_STEP)`` on a round that records nothing fires one transition, as ``Round.step`` says:
        the chained steps (each running on through the next dealer steps) are the simulation's alone."""
        game = load_game("blackjack", engine="compiled")
        rnd = Round(game, game.new_table(shoe=Shoe.stacked("2C 9H 6D 7S 8C 9S 3D")), {1: {"blackjack": 10}},
                    atomic=False, record="totals")
        states = [rnd.state]
        while game.engine.fire(rnd, DEALER_STEP):
            states.append(rnd.state)
        assert states[:5] == ["round_start", "shoe_loaded", "dealer_ready", "first_cards_dealt", "up_card_dealt"]
        assert states[-1] == "player_decisions"  # (i): the player decides; no dealer step is due

    def test_a_holding_wager_placed_during_a_simulated_round_is_an_error(self):
        """The fast path's steps are chosen by the wagers placed before the deal: a Royal Match 21 Wager appearing
        at the first decision ((g)(4) takes it before the deal) would have had no (g) pass, so the round is refused
        rather than settled without it."""
        game = load_game("blackjack", engine="fast")
        stand17 = get_strategy("blackjack", "stand17", game.rules)

        def late_wager(rnd, legal):
            if "royal_match_21" not in rnd.wager_names:
                rnd.place_wager(1, "royal_match_21", 5)
            return stand17.choose(rnd, legal)

        rnd = Unrecorded(game, game.new_table(shoe=Shoe.stacked("TC 9H 6D 7S 8C 9S 3D")), {1: {"blackjack": 10}})
        with pytest.raises(AssertionError, match="placed before the deal"):
            game.engine.play_out(rnd, late_wager)

    def test_unknown_engine_is_an_error(self):
        """load_game names the engines it knows when given another."""
        with pytest.raises(TableGamesError, match="unknown engine 'turbo'"):
            load_game("blackjack", engine="turbo")


def test_a_house_money_choice_walk_agrees_in_every_mode():
    """§ 633a.7(g)(10)(ii): two players paid House Money answer in the state's declared walk (seat 2, then seat 1;
    seat 3's wager lost and it is not asked). The transitions engine, the compiled runner logged, and its quick
    rule keeping only settlements or totals (which enters and leaves the walk through the round's hooks) agree."""
    seats = {1: {"blackjack": 10, "house_money": 5}, 2: {"blackjack": 10, "house_money": 5},
             3: {"blackjack": 10, "house_money": 5}}
    shoe = "2C 9C 7C KD 7D TD 8D 6C TS 9H 9S"  # 7 up: seats 1 (9-10) and 2 (7-8) hold two-card straights

    def choose(rnd, legal) -> str:
        answer = "house_money=add" if rnd.turn.seat % 2 else "house_money=keep"
        return answer if answer in legal else "stand"

    slow, fast = load_game("blackjack"), load_game("blackjack", engine="compiled")
    want = Round(slow, slow.new_table(shoe=Shoe.stacked(shoe)), seats)
    while not want.advance().is_over:
        want.act(choose(want, want.legal_names()))
    assert [(e.trigger, e.seat) for e in want.events if e.trigger.startswith("house_money=")] == [
        ("house_money=keep", 2), ("house_money=add", 1)]
    for record in ("events", "settlements", "totals"):
        got = fast.engine.play_out(Round(fast, fast.new_table(shoe=Shoe.stacked(shoe)), seats, atomic=False,
                                         record=record), choose)
        assert got.state == want.state, record
        if record == "events":
            assert got.events == want.events
        if record != "totals":
            assert got.settlement() == want.settlement(), record
        else:
            nets = {}
            for s in want.settlement():
                nets[s.wager] = nets.get(s.wager, 0) + s.net
            assert got.totals()[0] == nets
