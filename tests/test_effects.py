"""Actions change a round only through effects: undoing a step's journal gives back the round as it was.

After every fired transition of seeded and stacked rounds of every section of the package (several seats,
optional wagers, splits, Insurance, a double shoe, decisions refused, its stored scenarios), the test takes a
structural snapshot of the whole round (state, layout, wagers, ledger, shoe order and generator, rack, cover
card, walks and turn, events), undoes the step's journal and compares with the snapshot taken before the step,
then re-applies the journal and compares with the one after. Any change an action makes without an effect
shows up as a difference. A refused decision and a stacked shoe run dry leave the round as it was, with
``copy.deepcopy`` forbidden.

The rounds are in ``effects_rounds.py``: with each section's stored scenarios and the stacked rounds whose
decisions are given there, the proof fires every transition of each machine (a completeness check says which
it misses), and an action mutated to change the layout without its effect is caught.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import attrs
import pytest

from effects_rounds import (
    BJ, DDM, GAMES, PG, ROUNDS, SEEDS, STACKED, double_shoe_plays, every_play_of_the_proof, refused_plays,
    scenario_plays, seeded_plays, stacked_plays, stacked_round_plays)
from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import Card
from pa_table_games.errors import IllegalAction, ShoeExhausted, TableGamesError
from pa_table_games.games import game_info
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.review.coverage import read_scenarios
from pa_table_games.runtime.game import ENGINES, MACHINES, Game, machine_and_engine
from pa_table_games.values import Event


def freeze(obj, depth=0):
    """A plain, comparable picture of ``obj``: attrs fields (every one, derived ones too), containers, generators."""
    assert depth < 40, "the round's objects nest deeper than a round can"
    if isinstance(obj, (Event, Card)):
        return obj  # frozen: compared by what it records
    if isinstance(obj, random.Random):
        return ("rng", obj.getstate())
    if attrs.has(type(obj)):
        return (type(obj).__name__,) + tuple((f.name, freeze(getattr(obj, f.name), depth + 1))
                                             for f in attrs.fields(type(obj)))
    if isinstance(obj, Counter):
        return ("counter", frozenset((k, v) for k, v in obj.items() if v))
    if isinstance(obj, dict):
        return ("dict", tuple((k, freeze(v, depth + 1)) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return tuple(freeze(v, depth + 1) for v in obj)
    if isinstance(obj, (set, frozenset)):
        return ("set", frozenset(freeze(v, depth + 1) for v in obj))
    return obj


def snapshot(rnd):
    """Everything a round and its table hold."""
    return freeze({
        "state": rnd.state, "layout": rnd.layout, "wagers": rnd.wagers, "names": rnd.wager_names,
        "ledger": rnd.ledger, "table": rnd.table, "walks": rnd.walks, "turn": rnd.turn,
        "events": tuple(rnd.events), "nets": rnd._nets, "later": rnd._placed_later, "rows": rnd._settled,
        "firing": rnd.firing, "acting": rnd.acting})


def undo_and_redo(rnd, before):
    """The last step's journal, undone, gives ``before``; re-applied, gives the round as the step left it."""
    after = snapshot(rnd)
    journal = rnd.last_step
    assert journal, f"{rnd}: a fired step kept no effect"
    step = rnd.events[-1].trigger if rnd.events else "the step"  # named before its event is undone too
    for effect in reversed(journal):
        effect.undo(rnd)
    undone = snapshot(rnd)
    assert undone == before, f"{rnd}: undoing {step} left a difference: {_first_difference(undone, before)}"
    for effect in journal:
        effect.apply(rnd)
    redone = snapshot(rnd)
    assert redone == after, f"{rnd}: re-applying the step's effects left a difference: {_first_difference(redone, after)}"


def _first_difference(a, b, path="round"):
    if type(a) is not type(b) or not isinstance(a, tuple) or len(a) != len(b):
        return f"{path}: {a!r:.300} != {b!r:.300}"
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            label = x[0] if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) else i
            return _first_difference(x, y, f"{path}.{label}")
    return path


def play_checked(rnd, rng, refuse=True, script=None, fired=None, check=True):
    """Play ``rnd`` to its end, proving every step undoable; try a refused decision (a word nobody may say now, or
    an argument out of range) at each decision, which must change nothing. Decisions come from ``script`` in
    order when given, else at random from ``rng``. ``fired`` collects ``(game, transition index)`` of every step
    that fired; ``check=False`` plays the same round without the snapshots (what the completeness check replays)."""
    script = None if script is None else list(script)
    last = _record_firings(rnd)
    steps = 0
    while not rnd.is_over:
        steps += 1
        assert steps < 400
        before = snapshot(rnd) if check else None
        last.clear()
        if rnd.step() is not None:
            _fired(rnd, before, last, fired)
            continue
        legal = list(rnd.legal_actions())
        assert legal, f"{rnd}: nobody decides and no dealer step fires"
        if refuse:
            for word in ("split=abc", "low=ZZ", "double=999999", "nonsense"):
                with pytest.raises(TableGamesError):
                    rnd.act(word)
                assert not check or snapshot(rnd) == before, f"refused {word!r} changed the round"
        if script is not None:
            assert script, f"{rnd}: the decisions given ran out; legal: {[a.word for a in legal]}"
            words = [script.pop(0)]
        else:
            rng.shuffle(legal)
            words = [a.word for a in legal]
            if "low" in words and rng.random() < 0.5:  # Pai Gow: the player names the low card (a foul set is refused)
                stack = rnd.turn
                words = [f"low={c.code}" for c in rng.sample(stack.cards, 3)] + words
        for word in words:
            last.clear()
            try:
                rnd.act(word)
            except TableGamesError:
                assert not check or snapshot(rnd) == before, f"refused {word!r} changed the round"
                assert script is None, f"{rnd}: the decision {word!r} given was refused"
                continue
            _fired(rnd, before, last, fired)
            break
        else:
            raise AssertionError(f"no legal decision applies in {rnd.state}")
    assert not script, f"{rnd}: decisions given but not made: {script}"
    rnd.check_invariants()
    return rnd


def _record_firings(rnd):
    """The transition each step of ``rnd`` fires: the round's closing hook, seen through (it is called once per
    fired transition, by either engine); returns the list that holds the last one."""
    last = []
    end_event = rnd.end_event

    def recording(t):
        last.append(t.index)
        end_event(t)

    rnd.end_event = recording
    return last


def _fired(rnd, before, last, fired):
    """A step fired: prove it undoable (when checking) and note its transition."""
    if before is not None:
        undo_and_redo(rnd, before)
    assert len(last) == 1, f"{rnd}: a step closed {len(last)} transitions"
    if fired is not None:
        fired.add((rnd.game.info.name, last[0]))


def prove(plays, fired=None, check=True, may_run_dry=False):
    """Play each ``(round, rng, refuse, script)`` of ``plays`` through :func:`play_checked` (a generator's next
    round is made only once the one before is played: rounds may share a table); ``may_run_dry``: a stacked
    shoe may run out on a branch it does not reach."""
    for rnd, rng, refuse, script in plays:
        try:
            play_checked(rnd, rng, refuse, script, fired, check)
        except ShoeExhausted:
            if not may_run_dry:
                raise


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_seeded_step_undoes_exactly(game, seed):
    """Seeded rounds at one table, five in a row (``seeded_plays``)."""
    prove(seeded_plays(game, seed))


@pytest.mark.parametrize("game, rules, shoe", STACKED)
@pytest.mark.parametrize("seed", range(3))
def test_every_stacked_step_undoes_exactly(game, rules, shoe, seed):
    """Two boxes from a stacked shoe, decisions at random (``stacked_plays``)."""
    prove(stacked_plays(game, rules, shoe, seed), may_run_dry=True)


def test_double_shoe_steps_undo_exactly():
    """A double shoe (``double_shoe_plays``)."""
    prove(double_shoe_plays())


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_the_stored_scenarios_undoes_exactly(game):
    """Each section's stored scenarios (``tests/scenarios``), their rounds at one table with the decisions stored,
    refused decisions tried at every decision: each fires the transitions its ``covers:`` says."""
    fired = set()
    prove(scenario_plays(game), fired)
    covers = {index for scenario in read_scenarios(game).scenarios for index in scenario.covers}
    assert covers and covers <= {index for _, index in fired}


@pytest.mark.parametrize("stacked", ROUNDS, ids=lambda r: f"{r.game}: {r.name}")
def test_every_step_of_the_rounds_for_rare_transitions_undoes_exactly(stacked):
    """The rounds that reach what random play at this depth does not (effects_rounds.py): each subsection's
    transitions, undone and re-applied, with refused decisions tried at every decision."""
    fired = set()
    prove(stacked_round_plays(stacked), fired)
    spec = load_game(stacked.game).spec
    by_index = {t.index: t.trigger for t in spec.transitions}
    missed = set(stacked.fires) - {by_index[i] for _, i in fired}
    assert not missed, f"{stacked.name}: no longer fires {sorted(missed)}"


#: (game, transition index) -> why the proof does not fire it; none today
NOT_FIRED: dict[tuple[str, int], str] = {}


def test_the_proof_fires_every_transition():
    """Every transition of each machine, i.e. every (source, trigger, place in the file), is fired by the proof,
    so every action's rollback is proven. The same rounds are replayed with the same decisions (from the same
    seeds and scripts) without the snapshots: the proof shows undoing and re-applying each step changes
    nothing, so the replay takes the same path."""
    fired = set()
    for plays, may_run_dry in every_play_of_the_proof():
        prove(plays, fired, check=False, may_run_dry=may_run_dry)
    missing, stale = [], []
    for game in GAMES:
        loaded = load_game(game)
        name = loaded.info.name
        missing += [f"{game}: {t.trigger} from {t.source} (line {t.line})" for t in loaded.spec.transitions
                    if (name, t.index) not in fired and (game, t.index) not in NOT_FIRED]
        stale += [f"{game} {i}" for g, i in NOT_FIRED if g == game and (name, i) in fired]
    assert not missing, f"the effects proof never fires {len(missing)} transitions: {'; '.join(missing)}"
    assert not stale, f"fired now, take them off NOT_FIRED: {', '.join(stale)}"


def _direct(action, helper):
    """``action`` with the round's ``helper`` (``set`` or ``add_member``) writing directly, with no effect."""
    direct = {"set": setattr, "add_member": lambda items, member: items.add(member)}[helper]

    def mutant(rnd):
        setattr(rnd, helper, direct)
        try:
            action(rnd)
        finally:
            delattr(rnd, helper)
    return mutant


def _mutated(monkeypatch, stacked, action, helper):
    """``stacked``'s game, its ``action`` replaced by :func:`_direct` in the registry (by monkeypatch, while the
    machine file is bound for a game of the mutant's own)."""
    info = game_info(stacked.game)
    for engine in ENGINES:  # the process's shared machines are bound first, from the registry as it is
        machine_and_engine(info, engine)
    old = info.registry.lookup("action", action)
    monkeypatch.setitem(info.registry._entries, action, attrs.evolve(old, fn=_direct(old.fn, helper)))
    machine = BoundMachine.load(MACHINES / info.machine, info.registry)
    rules = info.rules_class(**stacked.rules)
    return Game(info, rules, machine, TransitionsEngine(machine))


@pytest.mark.parametrize("round_name, game, action, helper, trigger", [
    ("Blackjack announced", BJ, "announce_blackjack_and_leave_cards", "set", "announce_player_blackjack"),
    ("Bad Beat verified by a floorperson", BJ, "have_floorperson_verify_bad_beat_payout", "add_member",
     "verify_bad_beat_payout"),
    ("Insurance and a dealer Blackjack", DDM, "offer_insurance", "set", "offer_insurance"),
    ("deck without its joker", PG, "remove_deck_from_table", "set", "void_and_remove_deck"),
])
def test_a_change_made_without_its_effect_is_caught(monkeypatch, round_name, game, action, helper, trigger):
    """An action that writes the layout directly instead of through its effect helper cannot be undone: the
    proof names the transition whose undo left a difference."""
    stacked = next(r for r in ROUNDS if (r.name, r.game) == (round_name, game))
    loaded = _mutated(monkeypatch, stacked, action, helper)
    with pytest.raises(AssertionError, match=f"undoing {trigger} left a difference"):
        prove(stacked_round_plays(stacked, loaded))


@pytest.fixture
def no_deepcopy(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("copy.deepcopy called")
    monkeypatch.setattr(copy, "deepcopy", refuse)


@pytest.mark.parametrize("game, shoe, decision", [
    (BJ, "2C TH 6S 8D 7C", "hit"),  # the shoe runs dry at the hit
    (DDM, "TC 5H 6S 9D", "double"),
])
def test_dry_stacked_shoe_leaves_the_round_as_it_was(no_deepcopy, game, shoe, decision):
    """A stacked shoe that runs dry mid-transition: the step is dropped whole, no copy taken."""
    rnd = load_game(game).new_round({1: {load_game(game).info.wagers[0]: 10}}, shoe=Shoe.stacked(shoe)).advance()
    before = snapshot(rnd)
    with pytest.raises(ShoeExhausted):
        rnd.act(decision)
    assert snapshot(rnd) == before


def test_dry_shoe_in_a_dealer_step_changes_nothing(no_deepcopy):
    """The deal itself runs dry: the dealer's step is dropped whole; the round, the shoe and the rack are as before."""
    rnd = load_game(BJ).new_round({1: {BJ: 10}, 2: {BJ: 10}}, shoe=Shoe.stacked("2C TH 6S 8D 7C"))
    with pytest.raises(ShoeExhausted):
        while True:
            before = snapshot(rnd)
            rnd.step()
    assert snapshot(rnd) == before
    # the second cards: seat 1's was dealt, then the shoe ran dry at seat 2's; that card is back in the shoe
    assert [c.code for c in rnd.shoe.remaining()] == ["7C"] and [len(h.cards) for h in rnd.layout.hands] == [1, 1]


@pytest.mark.parametrize("game", GAMES)
def test_refused_decisions_change_nothing_without_a_copy(no_deepcopy, game):
    """Refused decisions of every kind, in rounds of each game: nothing changes, no copy is taken."""
    prove(refused_plays(game))


def test_illegal_double_amount_is_refused_whole(no_deepcopy):
    """A Double Down above the original wager is refused by its action (after the step began): the step's
    effects so far are undone and the round equals the one before."""
    rnd = load_game(BJ).new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C 6H 9S 5D 7C 9D 4C")).advance()
    before = snapshot(rnd)
    with pytest.raises(IllegalAction):
        rnd.act("double=50")
    assert snapshot(rnd) == before
    rnd.act("double=10").advance()
    assert rnd.settlement()[0].amount == 20


def test_a_decision_no_transition_takes_leaves_the_round_as_it_was():
    """A double on three cards is open in the state but its guards refuse it: nothing changes, not even which
    step the round last took (a refused decision once replaced the last step's effects with none)."""
    rnd = load_game(BJ).new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("KH 2C 9S 3D 7C 4H 5S 6D")).advance()
    rnd.act("hit").advance()
    before, last = snapshot(rnd), rnd.last_step
    with pytest.raises(IllegalAction, match="double"):
        rnd.act("double")
    assert snapshot(rnd) == before and rnd.last_step is last and last
