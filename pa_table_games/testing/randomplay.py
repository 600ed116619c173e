"""Random play for any registered game, and every invariant a round must keep.

Game-agnostic: the Rules options are drawn from what each option's own validator accepts,
wagers from the game's wager names, decisions from ``legal_actions()`` (a decision taking a
value, as ``low=KS``, expanded by the game's ``TableView.choices``). A game's own oracle (its
rule restated independently of the machine, e.g. the dealer's drawing rule) is registered in
:data:`ORACLES` by the tests that know it. The project's tests and ``check`` both play from here.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from decimal import Decimal
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from pa_table_games.equipment.cards import Card
from pa_table_games.errors import IllegalAction, TableGamesError
from pa_table_games.games import game_info, load_game
from pa_table_games.money import check_seats, whole_cents
from pa_table_games.values import Action

#: A round that has not ended after this many events (dealer transitions + decisions) is a
#: failure: a loop. The longest random rounds measured have about 30 events.
STEP_BOUND = 600

#: An IllegalAction message ends with the cite of the forbidding rule: "— § 633a.7(k)(2)".
CITED = re.compile(r" — § ?\d+[a-z]*\.\d+(\([0-9A-Za-z]{1,4}\))*$")

# -- the Rules: every option's value drawn from what its validator accepts -----------------------
_NUMBERS = (0, 0.25, 0.5, 1, 1.5, 2, 3, 5, 6, 8, 12)
_ODDS = ("1:1", "6:5", "3:2", "2:1", "11:1")


def rules_space(rules_class: type) -> dict[str, tuple]:
    """Each Rules option -> the candidate values its validator accepts (the default first).

    Candidates: booleans, None, whole numbers 0..12, a few fractions, odds strings, and every
    word of the option's help text (the choices of a ``one_of`` option are named there)."""
    default = rules_class()
    space = {}
    for f in attrs.fields(rules_class):
        words = re.findall(r"[a-z][a-z0-9_]+", f.metadata.get("help", ""))
        candidates = [getattr(default, f.name), True, False, None, *range(13), *_NUMBERS, *_ODDS, *words]
        accepted = []
        for value in candidates:
            if any(value is v or (type(value) is type(v) and value == v) for v in accepted):
                continue
            try:
                attrs.evolve(default, **{f.name: value})
            except (ValueError, TypeError, TableGamesError):
                continue
            accepted.append(value)
        space[f.name] = tuple(accepted)
    return space


#: Rules values left out of random play while a known bug stands: (game, option) -> (keep the
#: value?, the bug), each with a strict xfail test in test_random_play.py. None stand now.
KNOWN_BUGS: dict[tuple[str, str], tuple[Callable[[Any], bool], str]] = {}


def game_rules_space(game: str, rules_class: type) -> dict[str, tuple]:
    """``rules_space`` less the values of KNOWN_BUGS."""
    space = rules_space(rules_class)
    # the table limits stay wide enough for the wagers random play stakes (limits are tested on their own)
    default = rules_class()
    for name, keep in (("table_minimum", lambda v: v <= min(AMOUNTS)), ("table_maximum", lambda v: v >= 1_000)):
        if name in space:
            space[name] = tuple(v for v in space[name] if keep(v)) or (getattr(default, name),)
    for (name, option), (keep, _) in KNOWN_BUGS.items():
        if name == game and option in space:
            space[option] = tuple(v for v in space[option] if keep(v))
    return space


def make_rules(rules_class: type, choice: dict[str, Any]) -> Any:
    """Rules with each chosen option applied in turn; one the others make invalid keeps its default."""
    rules = rules_class()
    for name, value in choice.items():
        try:
            rules = attrs.evolve(rules, **{name: value})
        except (ValueError, TypeError, TableGamesError):
            pass
    return rules


def positions(rules: Any) -> int:
    return getattr(rules, "positions", 7)


# -- decisions: legal actions with their arguments --------------------------------------------------
def words_for(rnd, action: Action) -> list[str]:
    """The words a player could type now for the legal ``action``: the game's ``TableView.choices`` for a
    decision taking a value (``low=KS`` ...), else the action's own word."""
    view = rnd.game.info.view
    expanded = view.choices(rnd, action.name) if view is not None else None
    return list(expanded) if expanded else [action.word]


def decision_words(rnd) -> list[str]:
    """Every word a player could type now for a legal action (arguments expanded), each once."""
    return list(dict.fromkeys(word for a in rnd.legal_actions() for word in words_for(rnd, a)))


# -- snapshots: everything a step may change ------------------------------------------------------
#: Round attributes that point at shared, unchanging objects (or at the table, snapshotted whole).
_SHARED = frozenset({"game", "spec", "rules", "table", "shoe", "atomic"})


def plain(obj: Any) -> Any:
    """A comparable, hashable copy of ``obj``: attrs objects field by field (those their equality compares),
    generators by state."""
    kind = type(obj)
    if kind is Card or kind in _ATOMS:
        return obj
    names = _FIELDS.get(kind)
    if names is None:
        # the fields that make equality: an event's effects (eq=False) are how it was made, not what it says
        names = _FIELDS[kind] = tuple(f.name for f in attrs.fields(kind) if f.eq) if attrs.has(kind) else ()
    if names:
        return (kind.__name__,) + tuple(plain(getattr(obj, n)) for n in names)
    if isinstance(obj, random.Random):
        return obj.getstate()
    if isinstance(obj, dict):
        return frozenset((k, plain(v)) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        if all(type(x) is Card for x in obj):
            return tuple(obj)
        return tuple(plain(x) for x in obj)
    if isinstance(obj, (set, frozenset)):
        return frozenset(plain(x) for x in obj)
    return obj


_ATOMS = frozenset({str, int, float, bool, type(None), Decimal})
_FIELDS: dict[type, tuple[str, ...]] = {}


def snapshot(rnd) -> tuple:
    """A comparable copy of the round (every attribute of its own) and of its whole table."""
    own = tuple((k, plain(v)) for k, v in sorted(vars(rnd).items()) if k not in _SHARED)
    return own + (("table", plain(rnd.table)),)


def refuse(rnd, action: Action | str) -> IllegalAction:
    """Apply an illegal decision: it must raise a cited IllegalAction and leave the round unchanged."""
    before = snapshot(rnd)
    atomic, rnd.atomic = rnd.atomic, True
    try:
        rnd.act(action)
    except IllegalAction as err:
        refused = err
    else:
        raise AssertionError(f"{action!r} was accepted in {rnd.state!r}; expected a refusal")
    finally:
        rnd.atomic = atomic
    assert CITED.search(str(refused)), f"refusal without a cite: {refused}"
    assert str(refused).endswith(refused.cite), refused
    after = snapshot(rnd)
    assert after == before, f"refused {action!r} changed the round: {_difference(before, after)}"
    return refused


def attempt(rnd, action: Action) -> bool:
    """Apply a decision that may be refused (an amount, a choice): True if applied; a refusal must
    be cited and leave the round unchanged."""
    before = snapshot(rnd)
    atomic, rnd.atomic = rnd.atomic, True
    try:
        rnd.act(action)
        return True
    except IllegalAction as refused:
        assert CITED.search(str(refused)), f"refusal without a cite: {refused}"
        after = snapshot(rnd)
        assert after == before, f"refused {action} changed the round: {_difference(before, after)}"
        return False
    finally:
        rnd.atomic = atomic


def _difference(before: tuple, after: tuple) -> str:
    return ", ".join(b[0] for b, a in zip(before, after) if b != a)


# -- the invariants ------------------------------------------------------------------------------
def check_round(rnd) -> None:
    """Every invariant of a round in progress (after any step) — raises AssertionError."""
    rnd.check_invariants()  # cards since the round began, chips sum to zero, settled when over
    spec = rnd.spec
    assert rnd.state in {s.id for s in spec.states}, f"state {rnd.state!r} is not in the machine"
    _check_chips(rnd)
    _check_log(rnd)


def drive(rnd, actions=()):
    """Step the round, checking every invariant of :func:`check_round` (cards and chips conserved, each wager settled
    once, in whole cents and within the table maximum, the log a walk through the machine) after each transition and
    decision; ``actions``: the decisions, in order (all of them used, none missing): a stacked round's test in one
    call."""
    words = list(actions)
    check_round(rnd)
    while not rnd.is_over:
        if rnd.step() is not None:
            check_round(rnd)
            continue
        assert words, f"actions ran out in {rnd.state}; legal: {rnd.legal_actions()}"
        rnd.act(words.pop(0))
        check_round(rnd)
    assert not words, f"unused actions {words}"
    return rnd


def check_cards(rnd, loaded: Counter) -> None:
    """Shoe + layout + discard rack + set-aside cover card + removed deck = every card loaded.

    ``loaded`` is what the table held when it opened. ``check_invariants`` compares the cards
    with those at the round's start after every step; this compares them with everything
    loaded (at a round's start and end), so a card lost between rounds is caught too."""
    now = rnd.cards_now()
    assert now == loaded, f"cards not conserved since the table opened: lost {loaded - now}, extra {now - loaded}"


def exact_cents(value: Any) -> bool:
    """``value`` is an exact amount: a Decimal (no float) of whole cents (:func:`~pa_table_games.money.whole_cents`)."""
    return type(value) is Decimal and whole_cents(value)


def _check_chips(rnd) -> None:
    """Players' net + table inventory + off-table jackpots = exactly 0 at settlement; each wager settled once;
    every amount whole cents; no wager above the table maximum, whatever was added to it."""
    rows = rnd.settlement()
    keys = [(s.seat, s.wager, s.hand) for s in rows]
    assert len(keys) == len(set(keys)), f"a wager settled twice: {keys}"
    settled = {(w.seat, w.name, w.hand): w for w in rnd.wagers if w.settled}
    assert set(keys) == set(settled), f"settled flags {sorted(settled)} differ from the log {sorted(keys)}"
    for row in rows:
        wager = settled[(row.seat, row.wager, row.hand)]
        assert row.amount == wager.amount, f"{row} settled a different amount than {wager}"
        assert all(exact_cents(v) for v in (row.amount, row.net, row.paid_off_table)), f"{row}: not whole cents"
        assert row.net >= -row.amount, f"{row} lost more than was wagered"
    maximum = Decimal(repr(float(rnd.rules.table_maximum)))
    for w in rnd.wagers:
        assert exact_cents(w.amount) and w.amount <= maximum, f"{w}: not whole cents within the maximum {maximum}"
    ledger = rnd.ledger
    accounts = [ledger.layout, ledger.inventory, ledger.off_table, *ledger.players.values()]
    assert all(exact_cents(v) for v in accounts), ledger
    assert sum(accounts) == 0, ledger
    for seat in {w.seat for w in rnd.wagers} | set(ledger.players):
        on_layout = sum(w.amount for w in rnd.wagers if w.seat == seat and not w.settled)
        net = sum(r.net for r in rows if r.seat == seat)
        assert ledger.players.get(seat, 0) == net - on_layout, (
            f"seat {seat}: ledger {ledger.players.get(seat)} != settled net {net} - staked {on_layout}")
    assert ledger.layout == sum(w.amount for w in rnd.wagers if not w.settled), ledger
    assert ledger.inventory + ledger.off_table == -sum(r.net for r in rows), ledger
    assert ledger.off_table == -sum(r.paid_off_table for r in rows), ledger


def _check_log(rnd) -> None:
    """The event log is a walk through the machine from its initial state to the round's state."""
    spec, at = rnd.spec, rnd.spec.initial
    cites: dict[tuple[str, str, str], list[tuple[str, ...]]] = {}  # a decision may fire one of several arrows
    for t in spec.transitions:
        cites.setdefault((t.source, t.trigger, t.dest), []).append(spec.cites_of(t))
    for seq, e in enumerate(rnd.events, 1):
        assert e.seq == seq and e.source == at, f"event {e.seq} {e.trigger} does not follow {at!r}"
        arrows = cites.get((e.source, e.trigger, e.dest))
        assert arrows is not None, f"event {e.seq}: {e.source} -{e.trigger}-> {e.dest} is not a transition"
        assert e.cite in arrows, f"event {e.seq} cites {e.cite}"
        at = e.dest
    assert at == rnd.state, f"the log ends in {at!r}, the round is in {rnd.state!r}"


def check_final(rnd, loaded: Counter) -> None:
    """A finished round: final state, every card, nothing left on the layout, each game's own oracle."""
    assert rnd.is_over
    check_round(rnd)
    check_cards(rnd, loaded)
    left = list(rnd.layout.cards())
    assert not left, f"cards left on the layout at the end of the round: {left}"
    oracle = ORACLES.get(rnd.game.info.name)
    if oracle is not None:
        oracle(rnd)


#: game -> its oracle: ``oracle(rnd)`` raises AssertionError where a finished round breaks the game's rule,
#: restated independently of the machine (the tests register the built-in sections' dealer rules here).
ORACLES: dict[str, Callable[[Any], None]] = {}


# -- seats and whole random rounds (plain random.Random: the property tests' sampler) -------------
AMOUNTS = (1, 2.5, 5, 10, 25, 100, 1.01, 10.01, 7.37)  # odd cents too: halves and odds round


def valid_seats(game, table, wanted: list[tuple[int, str, float]]) -> dict[int, dict[str, float]]:
    """The wanted (seat, wager, amount) triples the game accepts, added one at a time.

    A refused wager must leave the table as it was."""
    seats: dict[int, dict[str, float]] = {}
    before = snapshot_table(table)
    refused = []
    for seat, name, amount in wanted:
        trial = copy.deepcopy(seats)
        trial.setdefault(seat, {})[name] = amount
        try:
            check_seats(game.rules, game.info.wagers[0], trial)  # the table limits, as play checks them
            game.new_round(trial, table=table, atomic=False)
        except TableGamesError:
            refused.append(name)
            continue
        seats = trial
    if refused:
        assert snapshot_table(table) == before, f"refused wagers {refused} changed the table"
    return seats or {1: {game.info.wagers[0]: 10}}


def snapshot_table(table) -> tuple:
    return plain(table)


def random_wanted(rng: random.Random, game) -> list[tuple[int, str, float]]:
    """A random choice of seats and wagers (some of them refused by the game)."""
    wanted = []
    names = game.info.wagers
    for seat in sorted(rng.sample(range(1, positions(game.rules) + 1), rng.randint(1, min(4, positions(game.rules))))):
        if rng.random() < 0.9:
            wanted.append((seat, names[0], rng.choice(AMOUNTS)))
        for name in names[1:]:
            if rng.random() < 0.3:
                wanted.append((seat, name, rng.choice(AMOUNTS)))
    return wanted


def random_rules(rng: random.Random, game: str, rules_class: type) -> Any:
    space = game_rules_space(game, rules_class)
    return make_rules(rules_class, {name: rng.choice(values) for name, values in space.items()})


def play_random_round(rnd, rng: random.Random, before_step: Callable[[Any], None] | None = None,
                      check: bool = True) -> list[Action]:
    """Play ``rnd`` to its end with random legal decisions; return the decisions applied."""
    applied: list[Action] = []
    for _ in range(STEP_BOUND):
        if rnd.is_over:
            return applied
        if before_step is not None:
            before_step(rnd)
        if rnd.step() is None:
            words = decision_words(rnd)
            assert words, f"stuck in {rnd.state!r}: no dealer transition holds and no decision is open"
            word = rng.choice(words)
            action = rnd.parse_action(word)
            if "=" not in word:
                rnd.act(action)
            elif not attempt(rnd, action):
                continue  # e.g. a foul Pai Gow set: refused (checked), try another word
            applied.append(action)
        if check:
            check_round(rnd)
    raise AssertionError(f"the round did not end within {STEP_BOUND} steps (in {rnd.state!r})")


def random_rounds(name: str, rounds: int, seed: int,
                  before_step: Callable[[Any], None] | None = None) -> Iterator[Any]:
    """``rounds`` finished random rounds of the game ``name``, new random Rules and table every 20 rounds."""
    rng = random.Random(seed)
    rules_class = game_info(name).rules_class
    game = table = None
    for n in range(rounds):
        if n % 20 == 0:
            game = load_game(name, random_rules(rng, name, rules_class))
            table = game.new_table(seed=rng.randrange(2**32))
            loaded = table.cards_off_layout()
        seats = valid_seats(game, table, random_wanted(rng, game))
        rnd = game.new_round(seats, table=table, atomic=False)
        check_cards(rnd, loaded)
        play_random_round(rnd, rng, before_step)
        check_final(rnd, loaded)
        yield rnd
