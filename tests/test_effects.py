"""Actions change a round only through effects: undoing a step's journal gives back the round as it was.

After every fired transition of seeded and stacked rounds of the three games (several seats, optional
wagers, splits, Insurance, a double shoe, decisions refused), the test takes a structural snapshot of the
whole round (state, layout, wagers, ledger, shoe order and generator, rack, cover card, walks and turn,
events), undoes the step's journal and compares with the snapshot taken before the step, then re-applies
the journal and compares with the one after. Any change an action makes without an effect shows up as a
difference. A refused decision and a stacked shoe run dry leave the round as it was, with
``copy.deepcopy`` forbidden.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import attrs
import pytest

from depth import depth
from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.errors import IllegalAction, ShoeExhausted, TableGamesError
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.values import Event

BJ, DDM, PG = "blackjack", "double_down_madness", "six_card_fortune_pai_gow"


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


def play_checked(rnd, rng, refuse=True):
    """Play ``rnd`` to its end with random legal decisions, proving every step undoable; try a refused
    decision (a word nobody may say now, or an argument out of range) at each decision, which must change nothing."""
    steps = 0
    while not rnd.is_over:
        steps += 1
        assert steps < 400
        before = snapshot(rnd)
        if rnd.step() is not None:
            undo_and_redo(rnd, before)
            continue
        legal = list(rnd.legal_actions())
        assert legal, f"{rnd}: nobody decides and no dealer step fires"
        if refuse:
            for word in ("split=abc", "low=ZZ", "double=999999", "nonsense"):
                with pytest.raises(TableGamesError):
                    rnd.act(word)
                assert snapshot(rnd) == before, f"refused {word!r} changed the round"
        rng.shuffle(legal)
        words = [a.word for a in legal]
        if "low" in words and rng.random() < 0.5:  # Pai Gow: the player names the low card (a foul set is refused)
            stack = rnd.layout.acting_stack()
            words = [f"low={c.code}" for c in rng.sample(stack.cards, 3)] + words
        for word in words:
            try:
                rnd.act(word)
            except TableGamesError:
                assert snapshot(rnd) == before, f"refused {word!r} changed the round"
                continue
            undo_and_redo(rnd, before)
            break
        else:
            raise AssertionError(f"no legal decision applies in {rnd.state}")
    rnd.check_invariants()
    return rnd


OPTIONALS = {"lucky_ladies": 5, "match_the_dealer": 5, "in_between": 5, "royal_match_21": 5, "bet_the_set_21": 5,
             "kings_bounty": 5, "three_card_poker": 5, "straight_jack": 1, "house_money": 5, "bad_beat": 1,
             "hit_and_run": 1}


def _seats(game, seed):
    """Two or three boxes; in Blackjack, every optional wager spread over them."""
    if game == BJ:
        names = list(OPTIONALS)
        return {seat: {BJ: 10, **{n: OPTIONALS[n] for n in names[seat % 3::3]}} for seat in (1, 3, 5)[:2 + seed % 2]}
    main = load_game(game).info.wagers[0]
    seats = {1: {main: 10}, 2: {main: 5}, 4: {main: 10}}
    if game == DDM:
        seats[2]["push_22"] = 5
    if game == PG:
        seats[1]["fortune_bonus"] = 5
        seats[4]["progressive"] = 1
    return seats


def _rules(game, seed):
    """One deck with a shallow cover card (so the cover card comes, mid-round too, and the shoe is reshuffled);
    settlement from the dealer's right for odd seeds; in Blackjack the Magic Card and Lucky Player."""
    if game == PG:
        return None
    rules = load_game(game).info.rules_class(decks=1, cover_card_depth_decks=0.25,
                                             settlement="right_to_left" if seed % 2 else "collect_then_pay")
    return attrs.evolve(rules, magic_card_bonus=True, lucky_player_bonus=True) if game == BJ else rules


@pytest.mark.parametrize("game", [BJ, DDM, PG])
@pytest.mark.parametrize("seed", range(depth(2, 6)))  # an even seed refuses decisions, an odd one misdeals
def test_every_seeded_step_undoes_exactly(game, seed):
    """Seeded rounds, one table for five rounds in a row (the cover card, the reshuffle, a new dealer's burn;
    in Pai Gow a misdeal and a progressive count that does not agree)."""
    loaded = load_game(game, _rules(game, seed))
    table = loaded.new_table(seed=seed)
    rng = random.Random(seed)
    for n in range(5):
        table.new_dealer = n == 2
        options = {}
        if game == PG and n == 3:
            options = {"misdeal": 2, "misdeal_cards": 7} if seed % 2 else {"progressive_accepted": 0}
        play_checked(loaded.new_round(_seats(game, seed), table=table, options=options), rng, refuse=seed % 2 == 0)


STACKED = [
    # Insurance offered (ace up), a pair of eights split and doubled, a surrender: decisions at random
    (BJ, None, "2C 8H 8S AS 8D 8C 8D TC 3H 5D 9C 7C 6S 4D 2H 3C 5S 9H TH KD QS"),
    (BJ, None, "2C AH AS TS AD KC AC TD 9H 2S 3S 4S 5S 6S"),
    (BJ, None, "2C AH KC AS KH QD 9D 5S 6S 7S 8S"),  # Blackjacks against an ace: even money offered
    (DDM, None, "TC AH 5S 9D 8H 3C 4D 5C 6C 7C 8C 9C"),
    (PG, None, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
               "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C JK"),
]


@pytest.mark.parametrize("game, rules, shoe", STACKED)
@pytest.mark.parametrize("seed", range(3))
def test_every_stacked_step_undoes_exactly(game, rules, shoe, seed):
    loaded = load_game(game, rules)
    seats = {1: {loaded.info.wagers[0]: 10}, 2: {loaded.info.wagers[0]: 10}}
    try:
        play_checked(loaded.new_round(seats, shoe=Shoe.stacked(shoe)), random.Random(seed))
    except ShoeExhausted:
        pass  # a branch the stack does not reach: the dry-shoe test below proves that rollback


def test_double_shoe_steps_undo_exactly():
    """A double shoe: the determinant card, a side's segregated area, the side's reshuffle."""
    loaded = load_game(BJ, BlackjackRules(double_shoe=True, decks=1, shuffle="every_round"))
    table = loaded.new_table(shoe=DoubleShoe.shuffled(1, seed=3, cover_depth=20))
    rng = random.Random(3)
    for _ in range(4):
        play_checked(loaded.new_round({1: {BJ: 10}, 2: {BJ: 10}}, table=table), rng)


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


@pytest.mark.parametrize("game", [BJ, DDM, PG])
def test_refused_decisions_change_nothing_without_a_copy(no_deepcopy, game):
    """Refused decisions of every kind, in rounds of each game: nothing changes, no copy is taken."""
    loaded = load_game(game)
    for seed in range(3):
        rnd = loaded.new_round(_seats(game, seed) if game != BJ else {1: {BJ: 10}, 2: {BJ: 10}}, seed=seed)
        play_checked(rnd, random.Random(seed))


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
