"""Machine properties proven on every build, for every registered game (iterates ``GAMES``).

Static: every state is reachable from the start and reaches a final state; every state,
transition, refusal and registered guard/action cites a subsection of the index (or a
reference); the registry's names are exactly the names the machine file uses.

Sampled: ``SAMPLED_ROUNDS`` random rounds per game (random Rules, seats and decisions,
``randomplay.random_rounds``); before every step every guard out of the round's state is
called, and these must hold:

* **Guards are pure**: a guard the round evaluates returns ``type(r) is bool`` and leaves
  the round and its table unchanged (compared by snapshot).
* **Alternatives are exclusive**: dealer transitions sharing a (state, trigger) — one
  event with several guarded outcomes — never hold together, unless the group ends with a
  guard-less transition (the declared "otherwise").
* **No silent preemption**: dealer transitions are tried in file order and the first whose
  guards hold fires. When a guarded transition F fires while a later guarded transition T
  out of the same state also holds, the file order must be intentional, which here means
  one of: F refines T (F's ``when`` and ``unless`` include T's: specific before general);
  T still holds after F fired (F is a step *before* T, e.g. settling each player's optional wagers in
  (g)'s order, not a choice *instead of* T); F and T do the same actions to the same state;
  or (state, F, T) is in ``ORDERED`` below with the regulation's reason. A guard of T that
  raises on a round where F holds counts as T not holding: T is only asked behind F
  (e.g. "the acting hand ..." after "every decision is made").
"""

from __future__ import annotations

import copy
import functools
import re
from collections import Counter

import attrs
import pytest

from pa_table_games import Shoe
from pa_table_games.errors import TableGamesError
from pa_table_games.games import load_game
from pa_table_games.games import GAMES, game_info
from pa_table_games.machine.bound import holds
from pa_table_games.machine.loader import RUNTIME_GUARDS
from pa_table_games.machine.registry import Registry
from pa_table_games.testing.surfaces import trapped, uncited, unreachable

from depth import depth
from randomplay import random_rounds, snapshot, words_for

SAMPLED_ROUNDS = depth(30, 200)

#: (game, state, earlier trigger, later trigger) -> why the earlier one rightly preempts the later.
ORDERED = {
    ("blackjack", "hole_card_turned", "stop_drawing", "draw_dealer_card"):
        "§ 633a.7(n) is the exception to (m): no card is drawn when no outcome depends on the dealer",
    ("blackjack", "player_decisions", "close_busted_hand", "close_hand_at_21"):
        "§ 633a.7(k): a hand over 21 closes as one that may draw only below 21; (k)(1) closes 21 itself",
    ("blackjack", "player_decisions", "pay_player_blackjack", "close_hand_at_21"):
        "§ 633a.7(i)(1): a Blackjack is paid and removed at once, not merely closed at 21 under (k)(1)",
    ("blackjack", "player_decisions", "announce_player_blackjack", "close_hand_at_21"):
        "§ 633a.7(i)(1)(ii)(B): a Blackjack is announced, to be paid after the hole card, not merely closed",
    ("double-down-madness", "hole_card_turned", "stop_drawing", "draw_dealer_card"):
        "§ 692.7(o) is the exception to (n): no card is drawn when no hand or Push 22 wager depends on it",
    ("double-down-madness", "player_decisions", "collect_busted_wager", "close_hand_at_21"):
        "§ 692.7(l) (o) (p)(1), as the machine reads them: a busted hand's wager is collected at once, not merely closed",
    ("double-down-madness", "player_decisions", "pay_player_blackjack", "close_hand_at_21"):
        "§ 692.7(i): a Blackjack is paid at once, not merely closed at 21 under (l)(1)",
    ("double-down-madness", "player_decisions", "pay_player_blackjack", "close_initial_ace_hand"):
        "§ 692.7(i): a Blackjack on an initial ace is paid at once, not merely closed under (l)(2)",
    ("double-down-madness", "player_decisions", "pay_player_blackjack_and_tuck_cards", "close_hand_at_21"):
        "§ 692.7(i) (p): a Blackjack with a Push 22 wager is paid and its cards tucked, not merely closed",
    ("double-down-madness", "player_decisions", "pay_player_blackjack_and_tuck_cards", "close_initial_ace_hand"):
        "§ 692.7(i) (p): a Blackjack with a Push 22 wager is paid and its cards tucked, not merely closed",
    ("double-down-madness", "dealer_hand_complete", "settle_dealer_22", "collect_losing_wagers"):
        "§ 692.7(p)(1): a dealer 22 returns the remaining wagers; (p)(2) and (t) settle every other total",
}


def _holds(game, t, rnd) -> bool | None:
    """Whether ``t``'s guards hold; None when a guard raises (it is only asked behind an earlier one)."""
    try:
        return holds(t, rnd)
    except Exception:  # noqa: BLE001 - a partial guard, recorded as "not holding"
        return None


class _Observer:
    """Called before every step of the sampled rounds: checks guards, records overlaps."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.visited: Counter = Counter()
        self.impure: list[str] = []
        self.not_bool: list[str] = []
        self.alternatives: set[tuple] = set()
        self.preempted: set[tuple] = set()
        self.pending: list = []  # (state, F, T) where F fired while T held: does T hold after?
        self.steps = 0

    def __call__(self, rnd) -> None:
        self.settle_pending(rnd)
        game, state = rnd.game, rnd.state
        self.visited[state] += 1
        self.steps += 1
        dealer = [t for t in rnd.spec.outgoing(state) if t.by == "dealer"]
        before = snapshot(rnd)
        self.call_guards(rnd, dealer)
        holding = [t for t in dealer if t.guards and _holds(game, t, rnd)]
        if snapshot(rnd) != before:
            self.impure.append(f"{state}: a guard of {[t.trigger for t in dealer]} changed the round")
        self.check_alternatives(state, dealer, holding)
        first = holding[0] if holding else None
        for later in holding[1:]:
            if not self.intended(first, later):
                self.pending.append((state, first, later, rnd))

    def call_guards(self, rnd, dealer) -> None:
        """Each guard the round would evaluate now, as the bound machine's rule does (``when`` in order until
        one fails, then ``unless`` until one holds): dealer transitions in file order, then the decisions'."""
        for t in dealer:
            if self.hold(t, rnd):
                return
        if rnd.deciding() is not None:
            for t in rnd.game.machine.player[rnd.state]:
                self.hold(t, rnd)

    def hold(self, t, rnd) -> bool:
        for g, wanted in [(g, True) for g in t.when] + [(g, False) for g in t.unless]:
            result = g.fn(rnd, rnd.turn)
            if type(result) is not bool:
                self.not_bool.append(f"{g.name} returned {result!r} in {rnd.state}")
            if bool(result) is not wanted:
                return False
        return True

    def check_alternatives(self, state, dealer, holding) -> None:
        by_trigger: dict[str, list] = {}
        for t in dealer:
            by_trigger.setdefault(t.trigger, []).append(t)
        for trigger, group in by_trigger.items():
            if len(group) > 1 and group[-1].guards and sum(t in holding for t in group) > 1:
                self.alternatives.add((state, trigger))

    def intended(self, first, later) -> bool:
        refines = set(first.when) >= set(later.when) and set(first.unless) >= set(later.unless)
        same = first.do == later.do and first.dest == later.dest
        return refines or same or (self.name, first.source, first.trigger, later.trigger) in ORDERED

    def settle_pending(self, rnd) -> None:
        """After F fired: a T that no longer holds (or no longer can: the round left) was preempted."""
        for state, first, later, pending_round in self.pending:
            if pending_round is rnd and not (rnd.state == state and _holds(rnd.game, later, rnd)):
                self.preempted.add((state, first.trigger, later.trigger))
        self.pending = [p for p in self.pending if p[3] is not rnd]


@functools.cache
def observed(name: str) -> _Observer:
    """The observations of SAMPLED_ROUNDS random rounds of ``name`` (shared by the tests)."""
    observer = _Observer(name)
    for rnd in random_rounds(name, SAMPLED_ROUNDS, seed=2026, before_step=observer):
        observer.settle_pending(rnd)
    return observer


GAME_NAMES = sorted(GAMES)


def broken(spec):
    """The machine with three defects the loader would refuse, built directly (no loader check runs): a state
    "limbo" nothing leads to, a state "trap" entered from the start with no way out, and a step citing "(zz)"."""
    first = spec.transitions[0]
    states = (*spec.states, attrs.evolve(spec.states[0], id="limbo"), attrs.evolve(spec.states[0], id="trap"))
    into_trap = attrs.evolve(first, trigger="fall_in", dest="trap", cite=("(zz)",), index=len(spec.transitions))
    return attrs.evolve(spec, states=states, transitions=(*spec.transitions, into_trap))


class TestStructure:
    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_every_state_is_reachable_from_the_start(self, name):
        """Every state of the machine can be reached from its initial state."""
        assert unreachable(load_game(name).spec) == set()

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_a_final_state_is_reachable_from_every_state(self, name):
        """From every state some path leads to a final state: no round can be trapped."""
        assert trapped(load_game(name).spec) == set()

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_everything_cites_a_subsection(self, name):
        """Every state, transition, refusal and registered guard/action cites the index or a reference."""
        spec = load_game(name).spec
        assert uncited(spec, game_info(name).registry) == []
        assert spec.unmapped() == []

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_the_checks_find_what_the_loader_would_refuse(self, name):
        """On a machine built without the loader (a spec changed directly), each check names its defect: the
        checks above can fail, they do not merely repeat what loading already guaranteed."""
        spec = broken(load_game(name).spec)
        assert unreachable(spec) == {"limbo"}
        assert trapped(spec) == {"limbo", "trap"}
        assert uncited(spec) == [("transition fall_in", "(zz)")]
        bare = attrs.evolve(spec, states=[attrs.evolve(s, cite=()) if s.id == "trap" else s for s in spec.states])
        assert ("state trap", "nothing") in uncited(bare)
        extra = attrs.evolve(spec, subsections=(*spec.subsections, ("(yy)", "a subsection nothing encodes")))
        assert extra.unmapped() == ["(yy)"]

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_every_registered_name_is_used(self, name):
        """The registry's guards and actions are exactly those the machine file names, per game."""
        spec, registry = load_game(name).spec, game_info(name).registry
        for kind in ("guard", "action"):
            used = {e.name for e in spec.entries() if e.kind == kind} - RUNTIME_GUARDS  # the runtime answers these
            assert registry.names(kind) == used, kind


    def test_a_registered_function_needs_a_name(self):
        """A lambda cannot be registered: machine files and the compiled engine's generated code call guards by name."""
        with pytest.raises(ValueError, match="needs a function name, not '<lambda>'"):
            Registry("test").guard("(a)")(lambda rnd: True)


class TestSampledRounds:
    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_guards_are_pure(self, name):
        """Every guard evaluated on the sampled rounds returns a bool and leaves the round unchanged."""
        seen = observed(name)
        assert seen.steps > 5 * SAMPLED_ROUNDS  # over 1,000 steps at the long depth
        assert seen.not_bool == [] and seen.impure == []

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_alternatives_of_one_trigger_are_exclusive(self, name):
        """Dealer transitions of one (state, trigger) never hold together unless a guard-less one ends them."""
        assert observed(name).alternatives == set()

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_no_transition_is_silently_preempted(self, name):
        """An earlier dealer transition overrides a later one that also holds only by refinement, as a
        step before it, with the same effect, or with a reason in ORDERED."""
        assert observed(name).preempted == set()

    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_sampling_reaches_the_common_states(self, name):
        """The sampled rounds visit the machine's initial state and at least half of its states."""
        seen, spec = observed(name), load_game(name).spec
        assert spec.initial in seen.visited
        assert len(seen.visited) >= len(spec.states) // 2


# -- every offered action can complete ---------------------------------------------------------------
#: Random rounds per game in which every offered decision is tried on a copy of the round.
OFFERED_ROUNDS = depth(25, 400)


def _copy(rnd):
    """An independent copy of ``rnd`` and its table (the game, machine and Rules are shared)."""
    return copy.deepcopy(rnd, {id(rnd.game): rnd.game, id(rnd.spec): rnd.spec, id(rnd.rules): rnd.rules})


class _Offers:
    """Called before every step: each action ``legal_actions()`` offers is applied to a copy of the
    round, and the copy advanced to the next decision; an action none of whose words completes is kept."""

    def __init__(self) -> None:
        self.decisions = 0
        self.failed: list[str] = []

    def __call__(self, rnd) -> None:
        offered = rnd.legal_actions()
        if offered:
            self.decisions += 1
        for action in offered:
            words = [action.word] if action.choice is not None else words_for(rnd, action)  # low=7H: that card
            errors = []
            for word in words:
                twin = _copy(rnd)
                try:
                    twin.act(word)
                    twin.advance()
                    break
                except TableGamesError as err:
                    errors.append(str(err))
            else:
                self.failed.append(f"{rnd.state}: {action.word} offered but cannot complete: {errors[0]}")


def offered_actions_fail(name: str, rounds) -> _Offers:
    offers = _Offers()
    for rnd in rounds(offers):
        pass
    return offers


@pytest.mark.slow  # random rounds trying every offered decision: a heavy check, `make test-long`
class TestOfferedActionsComplete:
    @pytest.mark.parametrize("name", GAME_NAMES)
    def test_every_offered_action_completes_in_random_rounds(self, name):
        """From every state the random rounds reach, every action the round offers can be applied and the
        round advanced to its next decision (tried on a copy of the round)."""
        offers = offered_actions_fail(name, lambda check: random_rounds(name, OFFERED_ROUNDS, seed=14, before_step=check))
        assert offers.decisions > OFFERED_ROUNDS and offers.failed == []

    def test_670a8_f_no_hand_is_offered_for_setting_after_a_misdeal(self):
        """§ 670a.8(f): a 54-card stacked deck with a seventh card to one position (stub 11) offers no decision
        the round cannot complete: the misdeal voids the round before any hand is set."""
        hands = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"] + ["JK", "2D"]
        game = load_game("six-card-fortune-pai-gow")

        def rounds(check):
            for seat in (1, 3, 6, "dealer"):
                rnd = game.new_round({1: {"six_card_fortune": 10}, 3: {"six_card_fortune": 5}},
                                     shoe=Shoe.stacked(" ".join(hands)), options={"misdeal": seat, "start_number": 7})
                while not rnd.is_over:
                    check(rnd)
                    if rnd.step() is None:
                        rnd.act(rnd.legal_actions()[-1].word)
                yield rnd

        offers = offered_actions_fail("six-card-fortune-pai-gow", rounds)
        assert offers.failed == [] and offers.decisions == 0


@pytest.mark.parametrize("name, options", [("six-card-fortune-pai-gow", {"start_numbr": 7}),
                                           ("blackjack", {"magic_crd": "KS"}), ("double-down-madness", {"misdeal": 1})])
def test_a_round_option_the_game_does_not_read_is_refused(name, options):
    """``Round(options=...)`` takes the options the game's actions read (``GameInfo.options``): before, a misspelt one
    (start_numbr) was read as not given, and the round dealt from another start without a word."""
    game = load_game(name)
    seats = {1: {game.info.wagers[0]: 10}}
    with pytest.raises(TableGamesError, match=rf"unknown round option '{next(iter(options))}' for {name} \(known: "):
        game.new_round(seats, seed=1, options=options)
    assert game.new_round(seats, seed=1, options={k: v for k, v in options.items() if k in game.info.options})


@pytest.mark.parametrize("name, rules, options, said", [
    ("blackjack", {"lucky_player_bonus": True}, {"lucky_player": 99}, "lucky_player 99: a position 1 to 7"),
    ("blackjack", {"lucky_player_bonus": True}, {"lucky_player": 3.7}, "lucky_player 3.7: a position 1 to 7"),
    ("blackjack", {"magic_card_bonus": True}, {"magic_card": "JK"}, "magic_card 'JK': a card of a standard deck"),
    ("blackjack", {}, {"magic_card": "KS"}, "magic_card 'KS': the Rules offer no Magic Card Bonus ((o)(1)(ii))"),
    ("blackjack", {}, {"determinant_side": "red"}, "determinant_side 'red': the Rules deal from one shoe"),
    ("six-card-fortune-pai-gow", {}, {"misdeal": 99}, "misdeal 99: a seat 1..6 or 'dealer' (0)"),
    ("six-card-fortune-pai-gow", {"starting_position_method": "dice"}, {"start_number": 1},
     "start_number 1: the dice method gives 3 to 18"),
    ("six-card-fortune-pai-gow", {"starting_position_method": "dice"}, {"start_number": 19},
     "start_number 19: the dice method gives 3 to 18"),  # three dice: 18 at most (the mutation audit)
    ("six-card-fortune-pai-gow", {}, {"misdeal": 2, "misdeal_cards": 6},
     "misdeal_cards 6: 5 (a card skipped) or 7 (a card too many)"),  # six is no misdeal (the mutation audit)
    ("six-card-fortune-pai-gow", {}, {"progressive_accepted": -1},
     "progressive_accepted -1: a whole number from 0"),  # the mutation audit
])
def test_a_round_option_its_rules_would_not_read_as_given_is_refused_as_the_round_is_made(name, rules, options, said):
    """Each option's value is checked as the round is made, under the Rules in play (``RoundOption.problem``): before,
    lucky_player 99 or 3.7 was taken (3.7 as 3), a joker became the Magic Card, an option the Rules never read was
    ignored, and a misdeal at seat 99 was refused only at the deal, every advance() after failing again."""
    game = load_game(name, rules=rules)
    with pytest.raises(TableGamesError, match=f"^round option {re.escape(said)}"):
        game.new_round({1: {game.info.wagers[0]: 10}}, seed=1, options=options)


@pytest.mark.parametrize("name, rules, options", [
    ("six-card-fortune-pai-gow", {"starting_position_method": "dice"}, {"start_number": 18}),
    ("six-card-fortune-pai-gow", {}, {"start_number": 7}),
    ("six-card-fortune-pai-gow", {}, {"misdeal": 2, "misdeal_cards": 5}),
    ("six-card-fortune-pai-gow", {}, {"misdeal": "dealer", "misdeal_cards": 7}),
    ("six-card-fortune-pai-gow", {}, {"progressive_accepted": 0}),
    ("blackjack", {"lucky_player_bonus": True}, {"lucky_player": 7}),
    ("blackjack", {"lucky_player_bonus": True}, {"lucky_player": 1}),
])
def test_each_round_option_takes_the_ends_of_its_range(name, rules, options):
    """The other side of the refusals above: the highest three-dice total and random number, a card skipped or one
    too many, a progressive system that accepted no wager, and the first and last Lucky Player positions are each
    taken (the mutation audit: a range moved by one at its top passed every test)."""
    game = load_game(name, rules=rules)
    assert game.new_round({1: {game.info.wagers[0]: 10}}, seed=1, options=options).options == options
