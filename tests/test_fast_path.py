"""The fast path deals exactly what the other engines deal: one description, every engine built from it.

Round by round, at tables with random Rules (every option drawn from what its validator accepts), random seats
and wagers, and every strategy of the game (and a random player), the fast path's rounds settle exactly as the
interactive engine's (the transitions engine through the Round API), and leave the table (shoe, discard rack by
bundle, meters, cover card) exactly as it leaves it; in bulk, likewise against the compiled runner. Every
transition of every machine fires in each engine when the stored scenarios are played (tests/scenarios).
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from collections import Counter
from decimal import Decimal
from itertools import islice
from typing import Any

import attrs
import pytest

from depth import LONG, depth
from randomplay import random_rules, random_wanted, valid_seats
from test_compiled_engine import RandomPlayer
from pa_table_games import load_game
from pa_table_games.equipment.shoe import COVER_CARD, Shoe
from pa_table_games.errors import IllegalAction, MachineFileError
from pa_table_games.fastpath import generate as generate_module
from pa_table_games.fastpath.engine import FastEngine
from pa_table_games.fastpath.fold import Knowns, Namespace, fold
from pa_table_games.fastpath.source import body_of
from pa_table_games.fastpath.trees import copy_of, nodes_in
from pa_table_games.games import BUILT_IN, GAMES, game_info, machine_path
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.review.coverage import game_with_rules, read_scenarios, table_for
from pa_table_games.runtime import plain
from pa_table_games.runtime.compiled import CompiledEngine, Legal
from pa_table_games.runtime.game import MACHINES, Game
from pa_table_games.runtime.round import Round, Unrecorded
from pa_table_games.simulation.chunks import Deal, deal_rounds, deal_tally
from pa_table_games.strategies import get_strategy, strategy_names

#: tables per game and rounds per table, against the interactive engine: 2,000 rounds a game in the quick run,
#: 50,000 in the long one
INTERACTIVE = depth((2, 1000), (25, 2000))
#: tables per game and rounds per table against the compiled runner in bulk: 1,000,000 a game in the long run
COMPILED = depth((1, 2000), (20, 50_000))
#: each comparison is dealt in PARTS tests (every PARTS-th table), so that the suite's workers share the long run's
PARTS = depth(1, 4)


def decider(game_name: str, rules, number: int):
    """The ``number``-th of a random player and every strategy the game has, in turn (the strategy ``computed``,
    which works out basic strategy for the Rules, in the long run only: it takes seconds to make)."""
    names = [None, *(n for n in strategy_names(game_name) if LONG or n != "computed")]
    name = names[number % len(names)]
    return RandomPlayer(number) if name is None else get_strategy(game_name, name, rules)


def table_setups(game_name: str, tables: int):
    """``tables`` (rules, seats, seed, decider index) draws: the default Rules first, then random ones."""
    game = load_game(game_name)
    for number in range(tables):
        rng = random.Random(f"{game_name}/{number}")
        rules = game.rules if number == 0 else random_rules(rng, game_name, game.info.rules_class)
        seated = load_game(game_name, rules)
        seats = valid_seats(seated, seated.new_table(seed=number), random_wanted(rng, seated))
        yield rules, seats, number


def table_state(table) -> tuple:
    """What a round leaves at the table: every side's cards in order, how many were dealt and the cover card set
    aside, the discard rack bundle by bundle, the removed deck, the progressive meters, the new dealer's burn."""
    shoe = table.shoe
    sides = shoe.sides.values() if hasattr(shoe, "sides") else (shoe,)
    return ([(side._cards, side.dealt, side.cover_card_aside) for side in sides], table.rack.bundles, table.removed,
            table.meters, table.new_dealer)


def same_rounds(expected, got, count: int, where: str) -> int:
    """Play ``count`` rounds from each generator, comparing each round's settlement and the table after it."""
    for number in range(count):
        want, have = next(expected), next(got)
        assert have.settlement() == want.settlement(), f"{where} round {number}"
        assert table_state(have.table) == table_state(want.table), f"{where} round {number}: the table"
    return count


@pytest.mark.parametrize("game_name", sorted(GAMES))
class TestSameRounds:
    @pytest.mark.parametrize("part", range(PARTS))
    def test_rounds_as_the_interactive_engine_deals_them(self, game_name, part):
        """Each round settles, and leaves the table, exactly as the transitions engine's round through the Round API."""
        tables, rounds = INTERACTIVE
        dealt = 0
        for rules, seats, number in table_setups(game_name, tables):
            if number % PARTS != part:
                continue
            slow, fast = load_game(game_name, rules), load_game(game_name, rules, engine="fast")
            a, b = decider(game_name, rules, number), decider(game_name, rules, number)
            expected = deal_rounds(slow, slow.new_table(seed=number), seats, a, interactive=True)
            got = deal_rounds(fast, fast.new_table(seed=number), seats, b, record="settlements")
            dealt += same_rounds(expected, got, rounds, f"{game_name} table {number} {a.name} {seats} {rules}")
        assert dealt == rounds * len(range(part, tables, PARTS))

    @pytest.mark.parametrize("part", range(PARTS))
    def test_rounds_as_the_compiled_runner_deals_them(self, game_name, part):
        """In bulk, each round settles and leaves the table exactly as the compiled runner's."""
        tables, rounds = COMPILED
        for rules, seats, number in table_setups(game_name, tables):
            if number % PARTS != part:
                continue
            compiled, fast = load_game(game_name, rules, engine="compiled"), load_game(game_name, rules, engine="fast")
            a, b = decider(game_name, rules, number + 1), decider(game_name, rules, number + 1)
            expected = deal_rounds(compiled, compiled.new_table(seed=number), seats, a, record="settlements")
            got = deal_rounds(fast, fast.new_table(seed=number), seats, b, record="settlements")
            same_rounds(expected, got, rounds, f"{game_name} table {number} {seats} {rules}")

    def test_the_simulation_deals_every_round_by_the_fast_path(self, game_name):
        """``simulate``'s chunks are dealt by the fast path, and say so."""
        tally = deal_tally(Deal(game_name, None, {1: {load_game(game_name).info.wagers[0]: 10}}, None), 3, 200)
        assert tally.engines == {"fast": 200}


class TestADryShoe:
    """A shuffled shoe that runs dry during a round is refilled (house procedure, ``dealing_shoe.deal``): the refill
    is the ``except`` of every draw, the cold path, and the fast path deals it exactly as the interactive engine."""

    @pytest.mark.parametrize("game_name", ["blackjack", "double-down-madness"])
    @pytest.mark.parametrize("rack", ["earlier rounds' cards", "empty"])
    def test_the_refill_deals_as_the_interactive_engine(self, game_name, rack):
        """Three cards left behind a cover card already set aside, every seat taken: the shoe runs dry in the deal and
        is refilled from the discard rack's earlier bundles (or, the rack empty, a fresh deck brought to the
        table); the round settles and leaves the table alike in both engines, and a house-procedure note says so."""
        import copy

        slow, fast = load_game(game_name), load_game(game_name, engine="fast")
        table = slow.new_table(seed=3)
        shoe = table.shoe
        cards = shoe.take_remaining()
        shoe.refill([])
        shoe._cards[:] = [card for card in cards if card.code != "CUT"][:3][::-1]
        shoe.cover_card_aside, shoe.batch_is_new = next(card for card in cards if card.code == "CUT"), False
        left = [card for card in cards if card.code != "CUT"][3:]
        if rack == "empty":  # taken off the table: the shoe holds the three cards, the cover card is aside
            table.removed.extend(left)  # (the shoe is still the one the Rules deal from: new_round deals at the table)
        else:
            table.rack.place("an earlier round", left)
        seats = {seat: {slow.info.wagers[0]: 10} for seat in range(1, slow.rules.positions + 1)}
        twin = copy.deepcopy(table)
        want = next(deal_rounds(slow, table, seats, get_strategy(game_name, None, slow.rules), interactive=True))
        have = next(deal_rounds(fast, twin, seats, get_strategy(game_name, None, fast.rules)))
        notes = [note for event in want.events for note in event.notes if "the shoe ran out during the round" in note]
        assert notes and ("a fresh deck, inspected, is" in notes[0]) == (rack == "empty")
        assert have.settlement() == want.settlement()
        assert table_state(have.table) == table_state(want.table)


@pytest.mark.parametrize("game_name", sorted(BUILT_IN))
class TestEveryTransitionFires:
    """The stored scenarios fire every transition of the machine in the fast path and in the compiled runner too
    (the interactive engine's own coverage: tests/test_coverage.py)."""

    def fired(self, game_name: str, engine: str) -> set[int]:
        fired: set[int] = set()
        for sc in read_scenarios(game_name).scenarios:
            game = game_with_rules(game_name, sc.rules)
            game = load_game(game_name, game.rules, engine=engine)
            table = table_for(game, sc.seed, sc.shoe, sc.table)
            for words in sc.rounds:
                script = iter(words)
                seats = {int(s): dict(w) for s, w in sc.seats.items()}
                if engine == "fast":
                    rnd = Unrecorded(game, table, seats, options=dict(sc.options), record="settlements")
                    rnd.traced = lambda t: fired.add(t.index)
                    game.engine.play_out(rnd, lambda rnd, legal: next(script), trace=True)
                else:
                    rnd = _Traced(game, table, seats, options=dict(sc.options), atomic=False, record="settlements")
                    game.engine.play_out(rnd, lambda rnd, legal: next(script))
                    fired |= rnd.fired
                assert next(script, None) is None, f"{sc.id}: decisions left over"
        return fired

    @pytest.mark.parametrize("engine", ["fast", "compiled"])
    def test_every_transition_fires(self, game_name, engine):
        """Played by this engine, the scenarios fire every transition."""
        every = {t.index for t in load_game(game_name).spec.transitions}
        assert self.fired(game_name, engine) == every


#: the Blackjack Wager and every optional wager allowed at a default table, the progressives at one chip
EVERY = {"blackjack": 10, **{name: 5 for name in ("lucky_ladies", "match_the_dealer", "in_between", "royal_match_21",
                                                 "bet_the_set_21", "kings_bounty", "three_card_poker", "house_money")},
         **{name: 1 for name in ("straight_jack", "bad_beat", "hit_and_run")}}


class TestAPassIsScannedInline:
    def test_a_pass_is_scanned_by_the_round_function_with_its_guards_spliced(self):
        """Seven seats each holding every optional wager: when a state's dealer transitions go round the table in a
        pass (the (g) settlements, the (o) progressives ...), the round function itself looks for the pass's next
        unit with a turn, once for all of them, each transition's guards spliced in with that unit: the runtime's
        scan (turns._next_with_a_turn, each guard called through holds_for_unit) is never called. It was, some
        seventy times a round, calling the pass's guards some 1,500 times in 20 rounds. The rounds are the same:
        TestSameRounds."""
        import sys

        from pa_table_games.machine import bound
        from pa_table_games.runtime import turns

        game = load_game("blackjack", engine="fast")
        player, table = get_strategy("blackjack", "basic", game.rules), game.new_table(seed=3)
        in_a_pass = {g.fn.__code__: g.name for ts in game.machine.passes.values() for t in ts
                     for g in (*t.when, *t.unless)}
        assert len(in_a_pass) > 5
        watched = {**in_a_pass, turns._next_with_a_turn.__code__: "the runtime's scan",
                   bound.holds_for_unit.__code__: "holds_for_unit"}
        called: Counter = Counter()
        fired: Counter = Counter()

        def count(frame, event, arg):
            if event == "call" and frame.f_code in watched:
                called[watched[frame.f_code]] += 1

        for _ in range(20):
            rnd = Unrecorded(game, table, {seat: dict(EVERY) for seat in range(1, 8)}, record="settlements")
            sys.setprofile(count)
            try:
                game.engine.play_out(rnd, player.choose)
            finally:
                sys.setprofile(None)
            fired.update(row.cite for row in rnd.settlement())
        assert fired["§ 633a.7(g)(1)"] == fired["§ 633a.7(o)(1)(i)"] + 1 == 140  # the passes went round the table
        assert not called, called


class TestGuardsAskedOnce:
    def test_a_decision_asks_whether_the_hand_is_a_blackjack_once(self, monkeypatch):
        """Double Down Madness with Push 22 at three seats: before each decision the dealer's transitions of
        player_decisions ask of the hand whose turn it is whether it is a Blackjack (paid at once, (j)), then the
        same for a Push 22 holder, then whether it busted ... Each test begins with the same guards; the round
        function asks them once a visit, where it asked the Blackjack question twice (and whether there is a hand
        eight times). A visit is counted as a call of the state's function here: the state's loop (a transition
        back to it goes on at the top, :func:`generate._again`) is left out."""
        import sys

        monkeypatch.setattr(generate_module, "_again", lambda body, state: body)
        load_game("double_down_madness", engine="fast").engine.made.clear()  # made afresh, without the loops

        from pa_table_games.games.blackjack.layout import Hand

        game = load_game("double_down_madness", engine="fast")
        player, table = get_strategy("double_down_madness", "madness", game.rules), game.new_table(seed=5)
        blackjack = Hand.blackjack.fget.__code__
        visits, asked = Counter(), Counter()

        def count(frame, event, arg):
            if event != "call":
                return
            if frame.f_code.co_filename.endswith(", player_decisions>"):
                visits["player_decisions"] += 1
            elif frame.f_code is blackjack and frame.f_back.f_code.co_filename.endswith(", player_decisions>"):
                asked["player_decisions"] += 1

        for _ in range(200):
            rnd = Unrecorded(game, table, {seat: {"double_down_madness": 10, "push_22": 5} for seat in (1, 2, 3)})
            sys.setprofile(count)
            try:
                game.engine.play_out(rnd, player.choose)
            finally:
                sys.setprofile(None)
        load_game("double_down_madness", engine="fast").engine.made.clear()
        assert visits["player_decisions"] > 1000
        assert asked["player_decisions"] <= visits["player_decisions"], (asked, visits)

    def test_a_pass_scan_asks_what_its_transitions_share_once_a_unit(self, monkeypatch):
        """The (o) pass of three seats holding the progressives: its scan asks of each unit whether it holds an
        unsettled progressive wager once, where each of the pass's two transitions asked it. Fewer questions (the
        calls of ``any`` the scan makes, left as calls here), the same rounds."""
        import sys

        monkeypatch.setattr(generate_module, "as_loops", lambda function: function)

        seats = {s: {"blackjack": 10, "straight_jack": 1, "bad_beat": 1, "hit_and_run": 1} for s in (1, 2, 3)}

        def dealt() -> tuple[int, Any]:
            load_game("blackjack", engine="fast").engine.made.clear()  # made afresh, as asked_once now is
            calls = Counter()

            def count(frame, event, arg):
                if event == "c_call" and arg is any and frame.f_code.co_filename.endswith(", dealer_hand_complete>"):
                    calls[frame.f_code.co_name] += 1

            sys.setprofile(count)
            try:
                tally = deal_tally(Deal("blackjack", None, seats, "basic"), 9, 300)
            finally:
                sys.setprofile(None)
            return sum(calls.values()), tally.sums

        asked, sums = dealt()
        monkeypatch.setattr(generate_module, "asked_once", lambda statements: statements)
        asked_each, sums_each = dealt()
        load_game("blackjack", engine="fast").engine.made.clear()
        assert sums == sums_each and asked < asked_each, (asked, asked_each)

    def test_only_a_transitions_tests_sharing_their_first_guards_are_merged(self):
        """``if A and B: return`` then ``if A and C:``, both marked as transitions' tests, become ``if A:`` holding
        both; an unmarked ``if`` (an action's own) and a test after one that does not return are left alone."""
        from pa_table_games.fastpath.asked import asked_once, unmark

        def merged(code: str) -> str:
            tree = unmark(ast.parse(code))
            tree.body = asked_once(tree.body)
            return ast.unparse(tree)

        assert merged("if ASKED(a and b):\n    return 1\nif ASKED(a and (c and d)):\n    return 2\n"
                      "if ASKED(a):\n    return 3\nif ASKED(a and e):\n    return 4\nif ASKED(f):\n    return 5") == (
            "if a:\n    if b:\n        return 1\n    if c and d:\n        return 2\n    return 3\n"
            "if f:\n    return 5")
        assert merged("for u in us:\n    if ASKED(False if not a else b):\n        s = 0\n        break\n"
                      "    if ASKED(c if a else False):\n        s = 1\n        break\n") == (
            "for u in us:\n    if a:\n        if b:\n            s = 0\n            break\n        if c:\n"
            "            s = 1\n            break")  # a pass's scan: a spliced guard's conditional read as 'and'
        for alone in ("if ASKED(True if not a else b):\n    return 1\nif ASKED(a):\n    return 2",  # not an 'and'
                      "if a and b:\n    return 1\nif ASKED(a and c):\n    return 2",  # an action's own if
                      "if ASKED(a and b):\n    x = 1\nif ASKED(a and c):\n    return 2",  # fired, and went on
                      "if ASKED(a and b):\n    return 1\ny = 2\nif ASKED(a and c):\n    return 2"):
            assert merged(alone) == ast.unparse(ast.parse(alone.replace("ASKED", "")))


class TestADecisionGoesOnInItsState:
    def test_a_hit_goes_on_in_the_state_s_function(self):
        """One seat standing on 17 hits about 0.7 times a round: each hit leads back to player_decisions, and the
        state's function goes on at its top rather than answering the state for ``play`` to call it again. It is
        called once a round (the round enters the state once), while the player decides more than once a round;
        the rounds are those the compiled runner deals."""
        import sys

        deal = Deal("blackjack", None, {1: {"blackjack": 10.0}}, "stand17")
        want = deal_tally(attrs.evolve(deal, engine="compiled"), 3, 400).sums
        deal_tally(deal, 3, 10)  # the state functions made
        calls, decided = Counter(), Counter()
        decide = Legal.__init__.__code__  # what the strategy is asked with, once a decision

        def count(frame, event, arg):
            if event == "call":
                if frame.f_code.co_filename.endswith(", player_decisions>"):
                    calls["player_decisions"] += 1
                elif frame.f_code is decide:
                    decided["decisions"] += 1

        sys.setprofile(count)
        try:
            tally = deal_tally(deal, 3, 400)
        finally:
            sys.setprofile(None)
        assert tally.sums == want
        assert decided["decisions"] > 500 and calls["player_decisions"] <= 400, (calls, decided)


class TestASimulationLooksItsFunctionUpOnce:
    def test_the_rounds_at_a_table_are_played_by_one_function_looked_up_once(self, monkeypatch):
        """Issue 31: a simulation's rounds at one table are made alike (the same wagers before the deal, no
        options), so the generated function is looked up for the first and plays them all, where ``play_out``
        looked it up again every round. A round in which a wager was placed (Insurance, taken here whenever it is
        offered) is still checked against it. Round by round, the nets are those the compiled runner deals."""
        fast, compiled = load_game("blackjack", engine="fast"), load_game("blackjack", engine="compiled")
        basic = get_strategy("blackjack", "basic", fast.rules)

        class Insures:
            def choose(self, rnd, legal):
                return next((w for w in ("insurance=yes", "even_money=yes") if w in legal), None) or \
                    basic.choose(rnd, legal)

        seats = {1: {"blackjack": 10.0, "lucky_ladies": 5.0}, 2: {"blackjack": 10.0}}

        def nets(game):
            rounds = deal_rounds(game, game.new_table(seed=4), seats, Insures(), record="totals")
            return [rnd.totals() for rnd in islice(rounds, 400)]

        want = nets(compiled)
        lookups = Counter()
        function = FastEngine.function

        def counted(self, rnd, trace=False):
            lookups["insured" if "insurance" in rnd.wager_names else "as dealt"] += 1
            return function(self, rnd, trace)

        monkeypatch.setattr(FastEngine, "function", counted)
        assert nets(fast) == want
        assert lookups["as dealt"] == 1 and lookups["insured"] > 5, lookups


class _Traced(Round):
    def __init__(self, *args, **kwargs) -> None:
        self.fired: set[int] = set()
        super().__init__(*args, **kwargs)

    def begin_event(self, t) -> None:
        self.fired.add(t.index)
        super().begin_event(t)


class TestSplicing:
    """What the fast path makes of a function: its own body, spliced, or a call when it cannot be."""

    def test_a_guard_is_spliced_as_its_condition(self):
        """A one-expression guard becomes its expression, the Rules it reads folded to their values."""
        game = load_game("blackjack", engine="fast")
        made = game.engine.function(Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}}))
        assert "acting_hand_may_surrender" not in made.source  # spliced, not called
        assert "rnd.rules" not in made.source and "rules.surrender" not in made.source  # 'late': folded away
        assert "len(rnd.turn.cards) == 2 and (not rnd.turn.from_split)" in made.source

    @staticmethod
    def _made_for(seats: dict, strategy: str = "basic", rounds: int = 300) -> Any:
        """The blackjack round function for ``seats``, once ``rounds`` rounds it deals (``strategy``'s) are shown to
        net, wager by wager, what the compiled runner nets for the same rounds."""
        fast, compiled = (deal_tally(Deal("blackjack", None, seats, strategy, engine), 3, rounds) for engine in
                          ("fast", "compiled"))
        assert fast.sums == compiled.sums and fast.engines == {"fast": rounds}
        game = load_game("blackjack", engine="fast")
        return game.engine.function(Unrecorded(game, game.new_table(seed=1), seats))

    def test_whether_a_pair_awaits_the_peek_is_spliced_into_the_g_pass(self):
        """(g)(1)(i), (g)(6)(i): whether a Lucky Ladies or King's Bounty pair waits for the dealer's peek is asked of
        every (g) wager at every player, some fifty times a round at seven seats: one expression, spliced where it is
        asked, not a call."""
        made = self._made_for({seat: {"blackjack": 10, "lucky_ladies": 5, "kings_bounty": 5, "in_between": 5}
                               for seat in (1, 4, 7)})
        assert "awaits_peek(" not in made.source and "_PAIR_WAITING" in made.source

    def test_a_function_read_through_a_views_wrapper_is_called_itself(self):
        """(o): a progressive's payouts for the pass (``_in_pass``, which keeps a memo, so it stays a call) are read
        through a wrapper telling a read-only view from a round; the round function, whose rounds are never views,
        calls the function itself."""
        from pa_table_games.games.blackjack import progressives

        made = self._made_for({seat: {"blackjack": 10, "bad_beat": 1, "hit_and_run": 1} for seat in (1, 2, 6)})
        source, wrapper = made.source, progressives._in_pass
        called = {name for name, value in made.names.items() if value in (wrapper, wrapper.__wrapped__)
                  and f"{name}(" in source}
        assert called and {made.names[name] for name in called} == {wrapper.__wrapped__}

    def test_a_call_unpacked_into_names_is_spliced(self):
        """``outcome, net = payout(rnd, wager)`` ((g): a first-cards wager paid by its pay table, some fifty a round at
        seven seats) becomes ``payout``'s own statements, and ``winning_outcomes``' within them, the answer unpacked
        after."""
        made = self._made_for({seat: {"blackjack": 10, "lucky_ladies": 5, "in_between": 5, "three_card_poker": 5}
                               for seat in (2, 5)})
        assert "payout(rnd" not in made.source and "winning_outcomes(" not in made.source
        assert re.search(r"_\d+_outcome, _\d+_net = _\d+_returned", made.source)

    def test_whether_any_hand_waits_for_the_dealer_is_spliced(self):
        """(n), (o): whether every hand is busted, settled or an announced Blackjack, and no progressive waits for the
        dealer's hand, is asked once or twice a round at every table: one expression, spliced (its loop over the hands
        written out), not a call."""
        made = self._made_for({1: {"blackjack": 10}}, "stand17", 2000)
        assert "no_outcome_depends_on_dealer(" not in made.source and ".blackjack_announced):" in made.source

    def test_a_function_returning_from_inside_a_try_is_called(self):
        """A function that returns from inside a ``try`` cannot be spliced: it is called, as every engine calls it."""
        def draws(rnd):
            try:
                return rnd.shoe.draw()
            except IndexError:
                return None

        assert body_of(draws) is None

    def test_a_dry_shoe_refill_is_spliced_with_its_try(self):
        """``deal`` (a dry shoe refilled, house procedure) keeps its ``try`` and is spliced with it: the shoe's draw
        stands in the round function; the ``except`` is the cold path, whose refill stays a call."""
        game = load_game("blackjack", engine="fast")
        made = game.engine.function(Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}}))
        assert "deal(rnd," not in made.source and "except ShoeExhausted" in made.source
        assert "_refill_from_discard_rack(rnd)" in made.source and "rack.take," not in made.source

    def test_the_generator_s_walk_and_copy_see_every_node_of_the_shipped_functions(self):
        """The generator walks and copies trees its own way, faster than the ast module's (issue 31: a state's
        function made in a quarter less time): over every shipped file's functions, its walk meets every node
        ``ast.walk`` meets but the shared contexts and operators, and its copy unparses as the original, shares no
        node that can change and keeps every position."""
        import ast
        import pathlib

        from pa_table_games.fastpath.trees import _SHARED

        for path in sorted(pathlib.Path(generate_module.__file__).parents[1].rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            walked = [n for n in ast.walk(tree) if not isinstance(n, _SHARED)]
            assert sorted(map(id, nodes_in(tree))) == sorted(map(id, walked)), path
            twin = copy_of(tree)
            assert ast.unparse(twin) == ast.unparse(tree), path
            pairs = list(zip(ast.walk(tree), ast.walk(twin)))
            assert all((a is b) == isinstance(a, _SHARED) and getattr(a, "lineno", 0) == getattr(b, "lineno", 0)
                       for a, b in pairs), path

    def test_the_generator_s_positions_are_the_ast_module_s(self):
        """A node spliced or made by the generator has no position of its own: it takes its parent's, as
        ``ast.fix_missing_locations`` gives it, faster (:func:`.trees.located`). Over every shipped file's functions,
        each node's positions taken away in turn (every third node, an end alone or None, a column alone) and a node
        placed twice, the positions it gives are the ast module's, node for node."""
        import ast
        import pathlib

        from pa_table_games.fastpath.trees import located

        def positions(tree):
            return [(type(n).__name__, *(getattr(n, a, "-") for a in ("lineno", "col_offset", "end_lineno",
                                                                        "end_col_offset"))) for n in ast.walk(tree)]

        def cut_down(text, k, cut):
            tree = ast.parse(text)
            for n, node in enumerate(ast.walk(tree)):
                if (n + k) % 3 == 0:
                    for a in cut:
                        if n % 2 == 0 and a.startswith("end"):
                            setattr(node, a, None)  # as the ast module makes a node given no end
                        else:
                            node.__dict__.pop(a, None)
            shared = next((n for n in ast.walk(tree) if isinstance(n, ast.Return) and n.value is not None), None)
            if shared is not None:  # one node in two places: the first place reached gives it its position
                tree.body.append(ast.Expr(shared.value))
            return tree

        cuts = (("lineno", "col_offset", "end_lineno", "end_col_offset"), ("end_lineno",), ("col_offset",),
                ("end_col_offset", "lineno"))
        for k, path in enumerate(sorted(pathlib.Path(generate_module.__file__).parents[1].rglob("*.py"))):
            text, cut = path.read_text(encoding="utf-8"), cuts[k % len(cuts)]
            theirs = ast.fix_missing_locations(cut_down(text, k, cut))
            assert positions(located(cut_down(text, k, cut))) == positions(theirs), (path, cut)

    def test_early_returns_become_branches(self):
        """``if x: return`` then more statements is spliced as ``if x: ... else: ...``."""
        def early(rnd, items):
            if not items:
                return
            items.append(1)

        body = body_of(early)
        assert body is not None and isinstance(body.statements[0], ast.If) and body.statements[0].orelse

    def test_folding_takes_the_branch_the_rules_take(self):
        """``if rules.surrender == 'late'`` folds to its branch when the Rules are fixed."""
        game = load_game("blackjack")
        ns = Namespace(set())
        tree = ast.parse("if rnd.rules.surrender == 'late':\n    a()\nelse:\n    b()\n").body
        folded = fold(tree, ns, Knowns("rnd", {"rules": game.rules}))
        assert ast.unparse(ast.Module(folded, [])) == "a()"

    @staticmethod
    def _folded(text: str) -> str:
        ns = Namespace(set())
        ns.name_for((("a", ()), ("b", ("x",))), "PLAN")
        return ast.unparse(ast.Module(fold(ast.parse(text).body, ns, Knowns("rnd", {})), []))

    def test_a_loop_over_a_fixed_tuple_is_written_out_and_folded(self):
        """A state's walk plan is fixed for the run: its loop is one copy of the body per item, each folded
        (an item holding nothing drops its ``continue`` test, the other keeps it as an ``if``)."""
        written = self._folded("for key, holding in PLAN:\n"
                               "    if holding and placed.isdisjoint(holding):\n        continue\n"
                               "    walks[key] = units(holding)\n")
        assert written == ("walks['a'] = units(())\n"
                           "if not placed.isdisjoint(('x',)):\n    walks['b'] = units(('x',))")

    @pytest.mark.parametrize("text", [
        "for key, holding in PLAN:\n    if key:\n        break\n    f(key)\n",  # it breaks
        "for key, holding in PLAN:\n    f(key)\nelse:\n    g()\n",  # an else
        "for key, holding in PLAN:\n    f(key)\ng(key)\n",  # the name is read after the loop
        "for key, holding in PLAN:\n    key = f(key)\n",  # the name is stored in the loop
        "for key, holding in PLAN:\n    if key:\n        f(key)\n        continue\n    g()\n",  # a continue not alone
        "for key in plan:\n    f(key)\n",  # not fixed
        "for key, holding in PLAN:\n    later.append(lambda: key)\n",  # read when called: the last item
        "for key, holding in PLAN:\n    later.append(k for k in key)\n",
    ])
    def test_a_loop_that_written_out_would_act_otherwise_stays_a_loop(self, text):
        assert self._folded(text).startswith("for key")

    def test_the_same_round_function_serves_equal_rules(self):
        """A chunk loads its game anew: equal Rules find the function made before, not a new one."""
        first, second = load_game("blackjack", engine="fast"), load_game("blackjack", engine="fast")
        seats = {1: {"blackjack": 10}}
        a = first.engine.function(Unrecorded(first, first.new_table(seed=1), seats))
        b = second.engine.function(Unrecorded(second, second.new_table(seed=1), seats))
        assert a is b


#: The one listed table of steps written in two forms: the round's change verbs whose recorded form
#: (``runtime/changes.py``) does not call the plain change a simulated round makes (``runtime/plain.py``). Guards
#: and actions are written once; every verb's recorded form is its plain change itself, kept as the part of the
#: table it changed (``plain.CHANGES``) with what the event and the ledger show. A verb that cannot be kept so is
#: listed here; the goal, reached, is an empty list.
WRITTEN_TWICE: set[str] = set()


class TestTheTwoForms:
    def test_only_the_listed_verbs_are_written_twice(self):
        """Every verb's recorded form is its plain change, kept (:data:`plain.CHANGES`); a listed one would be the
        simulated round's own function and a different one in the played round."""
        import inspect

        assert set(plain.VERBS) - set(plain.CHANGES) == WRITTEN_TWICE
        for name, fn in plain.VERBS.items():
            simulated = inspect.getattr_static(Unrecorded, name)
            assert getattr(simulated, "__func__", simulated) is fn, name
            played = inspect.getattr_static(Round, name)
            if name in WRITTEN_TWICE:
                assert played is not simulated, name
            else:
                assert played.change is fn, name

    @pytest.mark.parametrize("name", sorted(name for name, part in plain.CHANGES.items() if part is not None))
    def test_a_kept_change_is_undone_and_made_again_exactly(self, name):
        """Each kept verb, called on a played round firing a step, makes the change the simulated round makes and
        keeps what undoes it: undone, the table is as it was; made again, as the change left it."""
        played, simulated = _two_rounds()
        if name == "set_aside_cover_card":
            for rnd in (played, simulated):
                rnd.shoe._cards.append(COVER_CARD)  # the cover card is next
        before = _table(played)
        journal = played.recorder.journal = []
        _call(name, played)
        _call(name, simulated)
        played.recorder.journal = None
        after = _table(played)
        assert after == _table(simulated) and after != before, name
        for effect in reversed(journal):
            effect.undo(played)
        assert _table(played) == before, name
        for effect in journal:
            effect.apply(played)
        assert _table(played) == after, name

    def test_a_hand_whose_cards_are_its_one_field_is_given_a_card_and_undone(self):
        """``rnd.give_card(hand, card)`` and ``rnd.split_off(hand)`` keep the fields the hand's ``CARD_FIELDS`` names
        (docs/adding-a-game.md): a new game's hand whose cards are its one field is undone as exactly as Blackjack's
        cards, total and softness."""
        @attrs.define
        class OneFieldHand:
            CARD_FIELDS = ("cards",)
            cards: list

            def add_card(self, card):
                self.cards.append(card)

            def split_off(self):
                return self.cards.pop()

        played, _ = _two_rounds()
        first, second = played.layout.hands[0].cards
        hand = OneFieldHand([first])
        journal = played.recorder.journal = []
        played.give_card(hand, second)
        assert played.split_off(hand) is second and played.give_card(hand, first) is None
        assert hand.cards == [first, first]
        for effect in reversed(journal):
            effect.undo(played)
        assert hand.cards == [first] and type(hand.cards) is list
        for effect in journal:
            effect.apply(played)
        assert hand.cards == [first, first]

    @pytest.mark.parametrize("name", sorted(name for name, part in plain.CHANGES.items() if part is None))
    def test_a_verb_that_only_records_changes_nothing_on_the_table(self, name):
        """``record`` and ``note`` (CHANGES None): the table as it was, and only what the event shows kept."""
        played, _ = _two_rounds()
        before = _table(played)
        journal = played.recorder.journal = []
        _call(name, played)
        assert _table(played) == before
        assert all(type(effect).__name__ in ("CardMoved", "Noted") for effect in journal), journal


def _two_rounds():
    """A played round and a simulated one, dealt from equal stacked shoes to the same seat, at the player's
    decision."""
    game = load_game("blackjack")
    seats = {1: {"blackjack": 10}}
    played = Round(game, game.new_table(shoe=Shoe.stacked("KH 2C 9S 3D 7C 4H 5S 6D")), seats, atomic=False,
                   record="settlements")
    simulated = Unrecorded(game, game.new_table(shoe=Shoe.stacked("KH 2C 9S 3D 7C 4H 5S 6D")), seats,
                           record="settlements")
    for rnd in (played, simulated):  # rounds keeping no events: stepped, not advanced (which counts events)
        while rnd.state != "player_decisions":
            rnd.step()
    return played, simulated


def _call(name, rnd):
    """``rnd``'s verb ``name`` with arguments naming the same things in either round."""
    hand = rnd.layout.hands[0]
    walk = next(iter(rnd.walks.values()))
    args = {"set": (rnd.layout, "insurance_open", True), "put": (rnd.walks, "extra", walk),
            "append": (hand.cards, hand.cards[0]), "insert": (rnd.wagers, 0, rnd.wagers[0]),
            "extend": (hand.cards, hand.cards[:1]), "add_member": (rnd.wager_names, "extra"),
            "move_turn": (walk, 1, 0), "give_card": (hand, hand.cards[0]), "split_off": (hand,),
            "discard": ("box 1", hand.cards), "add_to_wager": (rnd.wagers[0], Decimal("5.00")),
            "place_wager": (2, "blackjack", 10), "restock": (rnd.shoe, rnd.shoe.take_remaining),
            "randomly": (rnd.shoe.rng, rnd.shoe.rng.random), "set_aside_cover_card": (),
            "settle": (rnd.wagers[0], "win", Decimal("10.00"), "(p)(1)"), "draw": (hand,),
            "record": (hand.cards[0], "turned"), "note": ("a note",)}[name]
    return getattr(rnd, name)(*args)


def _table(rnd):
    """What a change may touch, compared by value: the layout, the wagers, the walks, the shoe, the rack."""
    from pa_table_games.runtime.effects import state_of

    lay = rnd.layout
    hands = [(h.total, h.soft) for h in lay.hands], (lay.dealer_total, lay.dealer_soft)
    wagers = [(w.seat, w.name, w.hand, w.amount, w.settled) for w in rnd.wagers], sorted(rnd.wager_names)
    walks = {k: (w.at, w.taking, len(w.units)) for k, w in rnd.walks.items()}
    return (repr(lay), hands, wagers, rnd.settlement(), walks, repr(state_of(rnd.shoe)), rnd.table.rack.bundles[:],
            rnd.shoe.rng.getstate())


class TestMadeOnce:
    def test_a_state_entered_by_two_threads_at_once_is_made_once(self):
        """A state's function is made the first time a round enters it; rounds dealt in two threads (a Dask worker
        with two threads) entering it together get one function, made once in the namespace they share."""
        import threading

        game = load_game("blackjack", engine="fast")
        game.engine.made.clear()  # a function made afresh: none of its states made yet
        made = game.engine.function(Unrecorded(game, game.new_table(seed=5), {1: {"blackjack": 10}}, record="totals"))
        state = "player_decisions"
        assert state not in made.sources
        start, got = threading.Barrier(6), []

        def enter() -> None:
            start.wait()
            got.append(made.make(state))

        threads = [threading.Thread(target=enter) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(got) == 6 and all(function is got[0] for function in got)
        assert made.names["STEPS"][state] is got[0]


class TestFallback:
    def test_a_chunk_the_fast_path_cannot_make_is_dealt_by_the_compiled_runner(self, monkeypatch):
        """When the round function cannot be made, the chunk is dealt by the compiled runner: the same rounds, and
        the tally says which engine dealt them."""
        def cannot(*args, **kwargs):
            raise ValueError("a construct the fast path cannot read")

        deal = Deal("blackjack", None, {1: {"blackjack": 10}}, "basic")
        fast = deal_tally(deal, 4, 300)
        monkeypatch.setattr(generate_module, "generate", cannot)
        monkeypatch.setattr("pa_table_games.fastpath.engine.generate", cannot)
        load_game("blackjack", engine="fast").engine.made.clear()
        fallen = deal_tally(deal, 4, 300)
        assert fallen.engines == {"compiled": 300} and fast.engines == {"fast": 300}
        assert fallen.sums == fast.sums


@pytest.mark.parametrize("engine", ["fast", "compiled"])
@pytest.mark.parametrize("answer, refusal", [
    ("split", r"^split: allowed only when the hand is two cards of equal value .* — § 633a\.11$"),
    ("stand=5", r"^stand=5: stand takes no amount \(write 'stand'\) — § 633a\.7\(i\)\(2\)$"),
])
def test_a_strategy_s_decision_the_round_refuses_is_refused_with_its_cite(engine, answer, refusal):
    """A strategy (an analyst's own) answering ``split`` to a hand that is no pair, or ``stand=5``: the simulated
    round refuses it as play does, naming the decision and citing the subsection (the fast path once raised a
    NameError at the first: the name of its spliced ``except ... as err`` was not renamed with the rest)."""
    class Answers:
        def choose(self, rnd, legal):
            return answer

    game = load_game("blackjack", engine=engine)
    rounds = deal_rounds(game, game.new_table(seed=3), {1: {"blackjack": 10}}, Answers(), record="totals")
    with pytest.raises(IllegalAction, match=refusal):
        for _ in range(200):
            next(rounds)


@pytest.mark.parametrize("trigger, dest", [("spin", "dealer_ready"), ("back", "round_start")])
def test_a_simulated_round_going_round_without_end_is_stopped(tmp_path, trigger, dest):
    """A machine file (a new game's, or an edited one) whose dealer steps go round for ever, a guarded loop nothing
    changes: the fast path stops the round after MOST_STEPS steps, one line naming the machine file and the state's
    line, as play stops it. Before, a simulation dealt on with no end: run as a process, so a round that does not
    stop fails at the deadline."""
    text = machine_path("blackjack").read_text(encoding="utf-8")
    anchor = "  - {trigger: continue_shoe, source: round_start, dest: dealer_ready, cite: [\"(c)\"]}\n"
    loop = (f"  - {{trigger: {trigger}, source: dealer_ready, dest: {dest}, cite: ['(a)'], "
            "unless: [double_shoe_is_used]}\n")
    path = tmp_path / "blackjack.yaml"
    path.write_text(text.replace(anchor, anchor + loop), encoding="utf-8")
    script = ("import sys\nfrom pa_table_games import load_game\nfrom pa_table_games.errors import MachineFileError\n"
              "from pa_table_games.simulation.chunks import deal_rounds\n"
              "from pa_table_games.strategies import get_strategy\n"
              "game = load_game('blackjack', engine='fast', machine=sys.argv[1])\n"
              "rounds = deal_rounds(game, game.new_table(seed=7), {1: {'blackjack': 10}},\n"
              "                     get_strategy('blackjack', 'basic', game.rules), record='totals')\n"
              "try:\n    next(rounds)\nexcept MachineFileError as err:\n    print(err)\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    state = dest if trigger == "back" else "dealer_ready"
    line = next(n for n, text_line in enumerate(text.splitlines(), 1) if f"{{id: {state}," in text_line)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"{path}:{line}: the round is still going round at state {state!r} after 10,000 steps: the machine goes round "
        "without a decision or an end (the round stopped)"]


def test_a_round_s_turns_back_are_bounded_over_the_whole_round(monkeypatch):
    """MOST_STEPS bounds a simulated round's turns back to a state (a hit, a turn passed on) over the whole round, as
    the other engines bound its transitions, not each visit of a state alone: a round could otherwise go round within
    a state 9,999 times a visit for 10,000 visits before it was stopped. Seven seats each holding every optional
    wager: a round whose turns back, all told, pass the bound is stopped, though no one visit and not the states
    entered reach it."""
    seats = {seat: dict(EVERY) for seat in range(1, 8)}

    def dealt(most_steps: int) -> tuple[Counter, list]:
        """The first round at a table seeded 3, the bound at ``most_steps``: its turns back to each state and the
        states it entered (made and counted afresh: the bound is written into the function)."""
        monkeypatch.setattr(generate_module, "MOST_STEPS", most_steps)
        game = _fast_blackjack_afresh()
        rnd = Unrecorded(game, game.new_table(seed=3), seats, record="totals")
        made = game.engine.function(rnd, trace=True)
        made.source  # every state's function made now, then each counted as play calls it
        entered, back, steps = [], Counter(), made.names["STEPS"]
        for state, function in list(steps.items()):
            steps[state] = lambda rnd, choose, state=state, function=function: (entered.append(state),
                                                                                function(rnd, choose))[1]
        rnd.traced = lambda t: back.update([t.source] if t.source == t.dest else [])
        made.play(rnd, get_strategy("blackjack", "basic", game.rules).choose)
        return back, entered

    back, entered = dealt(10_000)
    bound = max(*back.values(), len(entered)) + 1
    assert sum(back.values()) > bound, (back, entered)  # 43 turns back in all, 18 to one state; 12 states entered
    with pytest.raises(MachineFileError, match="the round is still going round at state .* after "):
        dealt(bound)


class TestAGuardThatWritesIsRefused:
    """The fast path splices guards into code that runs on the round itself: it reads their code, and refuses, when
    it is generated, a guard that writes (directly, or in a function it calls)."""

    @pytest.mark.parametrize("guard, writes", [
        ("dealer_shows_ace", "rnd.layout.insurance_open = True"),
        ("dealer_shows_ace", "rnd.wagers[0].amount += 1"),
        ("dealer_shows_ace", "rnd.shoe.draw()"),
        ("dealer_shows_ace", "rnd.shoe.rng.uniform(0, 1)"),  # a draw from the shoe's generator moves its state
        ("dealer_shows_ace", "_raise_the_wager(rnd)"),
        ("house_money_payout_awaits_answer", "rnd.wagers[0].amount += 1"),  # a declared walk's ``only:`` guard
    ])
    def test_refused_with_its_file_and_line(self, monkeypatch, tmp_path, guard, writes):
        """A guard flipping a flag, raising a wager, drawing a card or calling a function that writes: one line
        naming the guard and the file:line of the write; a guard a state's walk asks (``only:``) as well."""
        source = ("def _raise_the_wager(rnd):\n    rnd.wagers[0].amount += 1\n\n\n"
                  f"def {guard}(rnd, unit):\n    {writes}\n    return False\n")
        message = _refusal(monkeypatch, tmp_path, guard, source)
        line = 2 if writes.startswith("_raise") else 6
        assert f"writing_guard.py:{line}: guard {guard!r}" in message and "\n" not in message

    @pytest.mark.parametrize("source, where", [
        ("def dealer_shows_ace(rnd, unit):\n    cards = rnd.layout.dealer\n    cards += cards[:1]\n    return False\n",
         "writing_guard.py:3: guard 'dealer_shows_ace' changes cards in place"),
        ("def dealer_shows_ace(rnd, unit):\n    rnd.layout.__attrs_post_init__()\n    return False\n",
         "layout.py:160: guard 'dealer_shows_ace' assigns self.dealer_total"),
        ("import functools\n\n\ndef _passing(fn):\n    @functools.wraps(fn)\n    def asked(rnd, unit):\n"
         "        return fn(rnd, unit)\n    return asked\n\n\n@_passing\ndef dealer_shows_ace(rnd, unit):\n"
         "    rnd.layout.insurance_open = True\n    return False\n",
         "writing_guard.py:13: guard 'dealer_shows_ace' assigns rnd.layout.insurance_open"),
    ], ids=["a name for what it reads, changed in place", "a method of the layout", "a decorated guard"])
    def test_a_write_through_an_alias_a_layout_method_or_a_decorator_is_refused(self, monkeypatch, tmp_path, source,
                                                                                where):
        """Writes an honest guard might make without seeing them: ``+=`` on a name bound to the dealer's cards, a
        method of the layout that sets its fields, a guard wrapped by a decorator (``functools.wraps``)."""
        assert where in _refusal(monkeypatch, tmp_path, "dealer_shows_ace", source)

    def test_a_guard_changing_only_what_it_made_is_not_refused(self, monkeypatch, tmp_path):
        """A guard may fill, sort and index lists and mappings it made itself: nothing of the round changes."""
        source = ("def dealer_shows_ace(rnd, unit):\n    ranks = []\n    for card in rnd.layout.dealer:\n"
                  "        ranks.append(card.rank)\n    ranks.sort()\n    counts = {}\n    counts['n'] = len(ranks)\n"
                  "    total = 0\n    total += counts['n']\n    return bool(ranks) and ranks[0] == 'A' and total > 0\n")
        assert _refusal(monkeypatch, tmp_path, "dealer_shows_ace", source) is None

    def test_every_shipped_guard_reads_only(self):
        """No guard of the three games writes: each game's round function is made."""
        for name in sorted(GAMES):
            game = load_game(name, engine="fast")
            game.engine.function(Unrecorded(game, game.new_table(seed=1), {1: {game.info.wagers[0]: 10}}))


def _fast_blackjack_afresh() -> Game:
    """Blackjack on the fast path with its machine bound now, from its registry as it stands, and an engine of its
    own: no round function made yet (``load_game`` would share the ones made before)."""
    info = game_info("blackjack")
    machine = BoundMachine.load(MACHINES / info.machine, info.registry)
    return Game(info, info.rules_class(), machine, FastEngine(machine))


def _refusal(monkeypatch, tmp_path, guard, source):
    """Blackjack's guard ``guard`` replaced by the one ``source`` (a module, writing_guard.py) defines, and its round
    function made: the refusal's message (None when the function is made)."""
    import importlib.util
    import sys

    import attrs
    from pa_table_games.fastpath.purity import WritingGuard

    module = tmp_path / "writing_guard.py"
    module.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("writing_guard", module)
    loaded = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "writing_guard", loaded)
    spec.loader.exec_module(loaded)
    info = game_info("blackjack")
    entry = info.registry.lookup("guard", guard)
    monkeypatch.setitem(info.registry._entries, guard, attrs.evolve(entry, fn=getattr(loaded, guard)))
    game = _fast_blackjack_afresh()
    try:
        game.engine.function(Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}}))
    except WritingGuard as refused:
        return str(refused)
    return None


BUSY = {"blackjack": {1: {"blackjack": 10, "lucky_ladies": 5, "house_money": 5, "bad_beat": 1}, 2: {"blackjack": 10}},
        "double-down-madness": {1: {"double_down_madness": 10, "push_22": 5}, 2: {"double_down_madness": 10}},
        "six-card-fortune-pai-gow": {1: {"six_card_fortune": 10, "fortune_bonus": 5}, 2: {"six_card_fortune": 10}}}


@pytest.mark.parametrize("game", sorted(BUSY))
def test_a_simulated_round_keeps_few_enough_attributes_for_cpython_to_share_their_keys(game):
    """A simulated round's instance dictionary holds at most 29 names, every round of a busy table: CPython shares
    the keys of instances' dictionaries only so far, and past it each round's dictionary is built and resized on its
    own. Measured (callgrind, stand17, CPython 3.11): 29 names, 155,653 machine instructions a round; 30 names (when
    a109704 gave Round a name beside Unrecorded's own), 162,595. `make bench` measures the speed; this keeps the
    cause from coming back unseen."""
    loaded = load_game(game, engine="fast")
    rounds = deal_rounds(loaded, loaded.new_table(seed=1), BUSY[game], get_strategy(game, None, loaded.rules),
                         record="totals")
    assert max(len(vars(next(rounds))) for _ in range(300)) <= 29
