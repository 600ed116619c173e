"""Random play with invariants: a hypothesis state machine per game (OpenSpiel's random_sim_test).

Each example opens a table with random Rules (every option drawn from what its validator
accepts, ``randomplay.rules_space``) and a random seed, then interleaves rules: deal a
round with random seats and wagers (refused wagers must leave the table alone), fire 1-8
dealer steps, make one random legal decision (sometimes with an amount), try one random
illegal decision (a wrong word, seat or hand), let a new dealer come in, or play the round
out. After every step ``randomplay.check_round`` holds: ``Round.check_invariants`` (cards
since the round began, chips sum to zero, all settled when over) plus what it lacks —
each wager settled exactly once and the ledger equal to the settlement rows per seat
(players' net + inventory + off-table jackpots = 0), the state one the machine defines,
the event log a walk through the machine's transitions with their cites. Every round
ends in a final state within ``STEP_BOUND`` events with nothing left on the layout, every
card loaded accounted for (shoe + layout + discard rack + set-aside cover card + removed
deck), its game's oracle passing (the dealer's drawing rule restated from the
regulation), and it replays from a copy of its table and the same decisions to the same
events, settlement and table; the first round at each table is also written as a JSONL
log and must conform under ``replay``. An illegal decision raises an IllegalAction whose
message ends with its cite ("— § ..."), and the round and table are unchanged (snapshot).

Settings (CI is reproducible): ``derandomize=True`` (the examples come from a fixed seed),
``database=None``, ``max_examples=EXAMPLES`` examples of at most ``STEPS`` rule steps, and
no shrinking (a failing run is printed step by step as found; shrinking one took over five
minutes). ``EXAMPLES`` follows the test depth (``depth.py``): 15 in ``make test`` (45 to 130
finished rounds per game, 2-4 s of CPU each; the conformance kit's random play, test_conformance, deals 30 more
per section there), 400 in ``make test-long``. Measured on the
2-core machine at the long depth: about 3,000 finished rounds per game (at least 1,200
asserted), 30-40 s of CPU per game. Rounds are played with
``atomic=False`` for speed (the round's deep-copy rollback costs ~3 ms a step); every
decision that may be refused (an illegal word, an amount or a choice) is made with
``atomic=True``, the default the command line uses.
"""

from __future__ import annotations

import copy
import random
import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition, rule,
                                 run_state_machine_as_test)

from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.errors import TableGamesError
from pa_table_games.runtime.game import ENGINES, MACHINES, Game, machine_and_engine
from pa_table_games.games import load_game
from pa_table_games.games import BUILT_IN, game_info
from pa_table_games.audit.log import Start, record, write_log
from pa_table_games.audit.replay import replay
from pa_table_games.values import Action

from depth import depth
from randomplay import (AMOUNTS, STEP_BOUND, attempt, check_cards, check_final, check_round,
                        decision_words, game_rules_space, make_rules, plain, play_random_round, positions, refuse,
                        valid_seats)

EXAMPLES = depth(15, 400)
STEPS = 75
#: a floor against a run that plays almost nothing. Hypothesis draws the rounds, and its draws use the constants of
#: every local module the process has imported (its providers' local constants): the same derandomized test plays
#: another number of rounds after any source edit, or in a worker that ran other tests first (quick depth, seen:
#: Pai Gow 35 to 57 rounds, Blackjack about 170), so the floor leaves room
MIN_ROUNDS = depth(20, 1200)

SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, derandomize=True, database=None,
                    deadline=None, phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

#: Decisions that take an amount (``double=5``): § 633a.10, § 692.9, § 670a.7(c).
AMOUNT_ACTIONS = ("double", "double_down")
#: Words no game accepts as a decision.
JUNK = ("fold", "", "hit=yes", "insurance=maybe", "even_money=perhaps", "low=ZZ", "wager=blackjack",
        "split=AS", "HIT", "double=-5", "double_down=0")


def _seats(game):
    """A strategy for (seat, wager, amount) triples, some of which the game refuses."""
    seat = st.integers(1, positions(game.rules))
    return st.lists(st.tuples(seat, st.sampled_from(game.info.wagers), st.sampled_from(AMOUNTS)),
                    min_size=1, max_size=6)


def table_machine(name: str, counter: dict, loader=None) -> type[RuleBasedStateMachine]:
    """The random-play state machine for the game called ``name``; ``counter`` counts finished rounds.

    ``loader(rules) -> Game`` defaults to ``load_game(name, rules)``."""
    info = game_info(name)
    loader = loader or (lambda rules: load_game(name, rules))
    space = game_rules_space(name, info.rules_class)
    rules_strategy = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in space.items()})

    class RandomTable(RuleBasedStateMachine):
        rnd = None

        @initialize(choice=rules_strategy, seed=st.integers(0, 2**32 - 1))
        def open_table(self, choice, seed):
            self.game = loader(make_rules(info.rules_class, choice))
            self.table = self.game.new_table(seed=seed)
            self.loaded = self.table.cards_off_layout()
            self.seed, self.fresh = seed, True
            self.rnd = None

        # -- between rounds ---------------------------------------------------------------------
        @precondition(lambda self: self.rnd is None)
        @rule(data=st.data())
        def deal_round(self, data):
            wanted = data.draw(_seats(self.game))
            self.seats = valid_seats(self.game, self.table, wanted)
            self.start = copy.deepcopy(self.table)
            self.log_start = _log_start(self.table) if self.fresh else None
            self.fresh = False
            self.applied: list[Action] = []
            self.rnd = self.game.new_round(self.seats, table=self.table, atomic=False)
            check_cards(self.rnd, self.loaded)

        @precondition(lambda self: self.rnd is None and self.game.new_dealer_refused("") is None)
        @rule()
        def new_dealer_comes_in(self):
            self.table.new_dealer = True

        # -- during a round -----------------------------------------------------------------------
        @precondition(lambda self: self.rnd is not None)
        @rule(steps=st.integers(1, 8))
        def dealer_steps(self, steps):
            for _ in range(steps):
                if self.rnd.step() is None:
                    return
                self._after()
                if self.rnd is None:
                    return
                check_round(self.rnd)

        @precondition(lambda self: self.rnd is not None)
        @rule(pick=st.integers(0, 10**6), amount=st.sampled_from((None, None, None, 0, 1, 5, 10, 1000)))
        def decide(self, pick, amount):
            words = decision_words(self.rnd)
            if not words:
                return
            word = words[pick % len(words)]
            if amount is not None and word in AMOUNT_ACTIONS:
                word = f"{word}={amount}"
            action = self.rnd.parse_action(word)
            if "=" not in word:
                self.rnd.act(action)  # offered by legal_actions(): must be accepted
            elif not attempt(self.rnd, action):
                return  # an amount or choice refused: cited, the round unchanged
            self.applied.append(action)
            self._after()

        @precondition(lambda self: self.rnd is not None)
        @rule(kind=st.sampled_from(("word", "word", "seat", "hand")), pick=st.integers(0, 10**6))
        def try_illegal_decision(self, kind, pick):
            rnd = self.rnd
            legal = rnd.legal_actions()
            if kind == "word" or not legal:
                names = {a.name for a in legal}
                spec = rnd.spec
                words = sorted({t.trigger for t in spec.transitions} | {r.trigger for r in spec.refusals} | set(JUNK))
                words = [w for w in words if rnd.parse_action(w).name not in names or "=-" in w or w.endswith("=0")]
                refuse(rnd, words[pick % len(words)])
            else:
                a = legal[pick % len(legal)]
                if kind == "seat":
                    other = a.seat % positions(rnd.rules) + 1 if positions(rnd.rules) > 1 else 99
                    refuse(rnd, Action(other, a.name, a.hand))
                else:
                    refuse(rnd, Action(a.seat, a.name, a.hand + 1 + pick % 3))

        @precondition(lambda self: self.rnd is not None)
        @rule(seed=st.integers(0, 2**32 - 1))
        def play_out(self, seed):
            self.applied += play_random_round(self.rnd, random.Random(seed))
            self._after()

        def teardown(self):
            if getattr(self, "rnd", None) is not None:
                self.play_out(0)

        @invariant()
        def invariants_hold(self):
            if self.rnd is not None:
                check_round(self.rnd)

        # -- a round's end ----------------------------------------------------------------------
        def _after(self):
            steps = len(self.rnd.events)  # one event per dealer step or decision
            assert steps <= STEP_BOUND, f"the round did not end within {STEP_BOUND} steps"
            if self.rnd.is_over:
                check_final(self.rnd, self.loaded)
                self._replay()
                if self.log_start is not None:
                    self._replay_log()
                counter["rounds"] += 1
                counter["longest"] = max(counter.get("longest", 0), steps)
                self.rnd = None

        def _replay(self):
            """The same table, seats and decisions give the same events, settlement and shoe."""
            table = copy.deepcopy(self.start)
            again = self.game.new_round(self.seats, table=table, atomic=False).advance()
            for action in self.applied:
                again.act(action)
                again.advance()
            assert again.events == self.rnd.events
            assert again.settlement() == self.rnd.settlement()
            assert plain(table) == plain(self.table)

        def _replay_log(self):
            """The first round at a fresh table, written as a JSONL log, replays through ``replay`` and conforms."""
            log = record(self.rnd, self.log_start, self.seats, [a.word for a in self.applied], seed=self.seed)
            with tempfile.TemporaryDirectory() as folder:
                report = replay(write_log(Path(folder) / "round.jsonl", log))
            assert report.conforms, [str(d) for d in report.departures]

    RandomTable.__name__ = f"RandomTable_{name.replace('-', '_')}"
    return RandomTable


def _log_start(table):
    """The table's start for a round log, or None where logs cannot be written (a double shoe)."""
    try:
        return Start.of(table)
    except TableGamesError:
        return None


class TestRandomPlay:
    @pytest.mark.parametrize("name", sorted(BUILT_IN))  # a plugin is played so by `check` (test_conformance)
    def test_random_rounds_keep_every_invariant(self, name):
        """Random rounds (over 2,000 per game at the long depth) keep cards, chips, the machine's states and the replay intact."""
        counter = {"rounds": 0}
        run_state_machine_as_test(table_machine(name, counter), settings=SETTINGS)
        assert counter["rounds"] >= MIN_ROUNDS, counter


# -- mutations: a deliberately broken guard or action is caught ------------------------------------
def _mutated(monkeypatch, name: str, entry_name: str, fn):
    """A loader of ``name`` whose guard or action ``entry_name`` is replaced by ``fn`` (in its registry,
    by monkeypatch, while the machine file is loaded into a spec and engine of the mutant's own)."""
    info = game_info(name)
    for engine in ENGINES:  # the process's shared machines are bound first, from the registry as it is: bound
        machine_and_engine(info, engine)  # while the mutant's entry is in it, later tests would deal with the mutant
    old = info.registry.lookup(_kind(info, entry_name), entry_name)
    monkeypatch.setitem(info.registry._entries, entry_name, attrs.evolve(old, fn=fn))
    machine = BoundMachine.load(MACHINES / info.machine, info.registry)
    engine = TransitionsEngine(machine)
    return lambda rules: Game(info, rules, machine, engine)


def _kind(info, entry_name: str) -> str:
    return "guard" if entry_name in info.registry.names("guard") else "action"


MUTANT_SETTINGS = settings(SETTINGS, max_examples=60)


def _caught(name: str, loader) -> str:
    with pytest.raises(AssertionError) as caught:
        run_state_machine_as_test(table_machine(name, {"rounds": 0}, loader), settings=MUTANT_SETTINGS)
    return str(caught.value)


class TestMutationsAreCaught:
    def test_dealer_drawing_on_17(self, monkeypatch):
        """A dealer who draws on a hard 17 breaks § 633a.7(m): the random rounds catch it."""
        from pa_table_games.games.blackjack.hand import points

        loader = _mutated(monkeypatch, "blackjack", "dealer_total_below_17",
                          lambda rnd, unit: points(rnd.layout.dealer)[0] < 18)
        assert "§ 633a.7(m): the dealer drew on" in _caught("blackjack", loader)

    def test_winning_wagers_never_paid(self, monkeypatch):
        """An action that forgets to pay the winners leaves wagers unsettled: the random rounds catch it."""
        loader = _mutated(monkeypatch, "blackjack", "pay_winning_wagers", lambda rnd: None)
        assert "unsettled wagers" in _caught("blackjack", loader)

    def test_burn_card_lost(self, monkeypatch):
        """A burn card drawn but never put in the discard rack is a lost card: the random rounds catch it."""
        def burn_without_discard(rnd):
            rnd.draw("discard rack", face_up=False)
            rnd.shoe.batch_is_new = False

        loader = _mutated(monkeypatch, "blackjack", "burn_first_card", burn_without_discard)
        assert "cards not conserved" in _caught("blackjack", loader)

    def test_a_wager_marked_unsettled_after_the_round_is_caught_though_no_chip_is_left(self):
        """The round's own check: a wager not settled at the end is a fault even when the layout holds no chips (its
        chips were moved, its settlement never recorded); the mutation audit: a check needing both passed every test."""
        rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH 7S 9H KD 5C"))
        rnd.advance().act("stand").advance().check_invariants()
        assert rnd.is_over and rnd.ledger.layout == 0
        rnd.wagers[0].settled = False
        with pytest.raises(AssertionError, match="round over with unsettled wagers"):
            rnd.check_invariants()

    def test_blackjack_paid_twice(self, monkeypatch):
        """Paying a Blackjack without marking its hand settled pays it again: caught as a double settlement."""
        from pa_table_games.games.blackjack import actions

        def pay_and_forget(rnd):
            hand = rnd.turn
            actions.pay_blackjack_and_remove_cards(rnd)
            hand.settled = False

        loader = _mutated(monkeypatch, "blackjack", "pay_blackjack_and_remove_cards", pay_and_forget)
        assert "settled twice" in _caught("blackjack", loader)


# -- once-known bugs, kept as regression tests -----------------------------------------------------------
class TestFixedBugs:
    def test_pai_gow_double_down_is_accepted_as_offered(self):
        """A double_down that legal_actions() offers is accepted as offered when the Rules cap it below the wager."""
        game = load_game("six-card-fortune-pai-gow", make_rules(game_info("six-card-fortune-pai-gow").rules_class,
                                                                 {"double_down_max": 0.5}))
        rnd = game.new_round({1: {"six_card_fortune": 10}}, seed=7).advance()
        assert "double_down" in [a.name for a in rnd.legal_actions()]
        rnd.act("double_down")
        assert rnd.wager(1, "double_down").amount == 5  # the Rules maximum: half the wager
