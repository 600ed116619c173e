"""Random rounds of a game, checked at every step: random legal decisions, illegal ones and bad amounts refused
with a cite and the round left as it was, every guard total, every step's effects undone exactly, every
invariant after each step, and the first round at each table logged and replayed.

Each problem is a :class:`~pa_table_games.testing.findings.Finding` at the line to fix; a round that breaks is
abandoned (its table too) and the next one dealt, so one fault does not hide the others.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from pa_table_games.audit.log import Start, record, write_log
from pa_table_games.audit.replay import replay
from pa_table_games.errors import IllegalAction, TableGamesError
from pa_table_games.games import game_info, load_game
from pa_table_games.money import CENT, money
from pa_table_games.testing.findings import Findings, function_place, transition_of
from pa_table_games.testing.randomplay import (CITED, STEP_BOUND, check_cards, check_final, check_round,
                                               decision_words, plain, positions, random_rules, random_wanted,
                                               snapshot, valid_seats)
from pa_table_games.values import Action

#: Words no game takes as a decision.
JUNK = ("no_such_decision", "=5", "stand=maybe")
#: Amounts no decision may take: none, less than none, a fraction of a cent, more than any table takes.
BAD_AMOUNTS = ("0", "-5", "10.005", "1e12")
#: Round attributes that are a step's own bookkeeping, not the round (undoing a step leaves them; ``firing`` is the
#: transition whose actions run, meaningful during a step only; ``steps_fired`` counts steps, a refused one put back
#: by ``Round._atomically`` itself).
_BOOKKEEPING = ("last_step", "journal", "_draft", "firing", "steps_fired")


class _Abandon(Exception):
    """The round broke (a finding was made): deal the next at a fresh table."""


def play_checks(name: str, rounds: int, seed: int, found: Findings, undo_rounds: int = 10) -> int:
    """``rounds`` random rounds of the game ``name`` (new random Rules and table every 25 (a long session: a reshuffle), or after a round that
    broke); the first ``undo_rounds`` undo every step's effects. Returns how many rounds ended well."""
    rng = random.Random(seed)
    info = game_info(name)
    guards = _guards(name)
    table, ended = None, 0
    for n in range(rounds):
        if table is None or n % 25 == 0:
            game = load_game(name, random_rules(rng, name, info.rules_class))
            table = game.new_table(seed=(shuffled := rng.randrange(2**32)))
            loaded, start = table.cards_off_layout(), _start(table)
        try:
            _bad_placements(game, table, found)
            seats = valid_seats(game, table, random_wanted(rng, game))
            rnd = game.new_round(seats, table=table, atomic=n < undo_rounds)
            _record_firings(rnd, found.fired)
            check_cards(rnd, loaded)
            words = _play(rnd, rng, guards, found, undo=n < undo_rounds)
            check_final(rnd, loaded)
            if start is not None:
                _replayed(rnd, start, seats, words, shuffled, found)
                start = None
            ended += 1
        except _Abandon:
            table = None
        except AssertionError as err:
            found.add("invariants", _last_place(rnd, found), str(err))
            table = None
        except Exception as err:  # noqa: BLE001 - whatever the game raised is the finding
            found.add("play", found.of_error(err), f"{type(err).__name__}: {err}")
            table = None
    return ended


def _guards(name: str) -> list[Any]:
    """Every guard a round of the game may be asked: the registry's, the passes' turn guards, the runtime's."""
    spec = load_game(name).spec
    guards = [e for e in game_info(name).registry.entries() if e.kind == "guard"]
    guards += [t.turn_guard for t in spec.transitions if t.turn_guard is not None]
    return guards + [g for g in spec.entries() if g.kind == "guard" and g not in guards]


def _record_firings(rnd: Any, fired: set[int]) -> None:
    """Add to ``fired`` the index of each transition ``rnd`` fires (two may share a trigger and states)."""
    end_event = rnd.end_event

    def recording(t: Any) -> None:
        fired.add(t.index)
        end_event(t)

    rnd.end_event = recording


def _start(table: Any) -> Start | None:
    try:
        return Start.of(table)
    except TableGamesError:  # a table a log cannot describe (a double shoe)
        return None


def _last_place(rnd: Any, found: Findings) -> str:
    t = transition_of(rnd, rnd.events[-1]) if rnd.events else None
    return found.of_transition(t) if t is not None else found.machine(None)


def _play(rnd: Any, rng: random.Random, guards: list[Any], found: Findings, undo: bool) -> list[str]:
    """Play ``rnd`` to its end; the decisions applied, as words."""
    words: list[str] = []
    for _ in range(STEP_BOUND):
        if rnd.is_over:
            return words
        _ask_guards(rnd, guards, found)
        before = _picture(rnd) if undo else None
        if rnd.step() is not None:
            _after_step(rnd, before, found)
            continue
        choices = decision_words(rnd)
        if not choices:
            found.add("play", found.machine(rnd.spec.state(rnd.state).line),
                      f"stuck in {rnd.state!r}: no dealer transition holds and no decision is open")
            raise _Abandon
        if rng.random() < 0.5:
            _illegal(rnd, rng, found)
        for amounted in {a.name for a in rnd.legal_actions() if _takes_amount(rnd, a.name)}:
            for bad in BAD_AMOUNTS:
                _refused(rnd, f"{amounted}={bad}", found, "bad amounts")
        word = rng.choice(choices)
        try:
            rnd.act(word)
        except IllegalAction as err:
            if "=" in word:  # a choice refused (a foul set ...): cited and unchanged, as _refused checks
                continue
            found.add("decisions", found.of_error(err), f"{word} was offered by legal_actions() in {rnd.state!r} "
                      f"but refused: {err}")
            raise _Abandon from None
        words.append(word)
        _after_step(rnd, before, found)
    found.add("play", found.machine(rnd.spec.state(rnd.state).line),
              f"the round did not end within {STEP_BOUND} steps (in {rnd.state!r})")
    raise _Abandon


def _after_step(rnd: Any, before: tuple | None, found: Findings) -> None:
    if before is not None:
        _undone(rnd, before, found)
    check_round(rnd)


def _ask_guards(rnd: Any, guards: list[Any], found: Findings) -> None:
    """Guards are total: each answers True or False here (asked as the machine asks: on the read-only view, with the
    unit whose turn it is)."""
    view = rnd.view
    for g in guards:
        try:
            answer = g.fn(view, view.turn)
        except Exception as err:  # noqa: BLE001 - the finding
            found.add("guards", found.of_error(err, function_place(g.fn)),
                      f"guard {g.name} raised {type(err).__name__}: {err} (in state {rnd.state!r})")
            continue
        if type(answer) is not bool:
            found.add("guards", function_place(g.fn), f"guard {g.name} returned {answer!r}, not True or False")


def _takes_amount(rnd: Any, name: str) -> bool:
    return any(e.takes == "amount" for t in rnd.spec.transitions if t.trigger == name for e in t.do)


def _illegal(rnd: Any, rng: random.Random, found: Findings) -> None:
    """A decision nobody may make now: a word of no decision, one not open now, a legal one by the wrong seat
    or hand. Each must be refused with its cite and leave the round as it was."""
    legal = rnd.legal_actions()
    names = {a.name for a in legal}
    closed = sorted({t.trigger for t in rnd.spec.transitions if t.by == "player"} - names)
    picks = [rng.choice(JUNK), *closed[:1]]
    a = rng.choice(legal)
    other = a.seat % positions(rnd.rules) + 1 if positions(rnd.rules) > 1 else 99
    picks += [Action(other, a.name, a.hand), Action(a.seat, a.name, a.hand + 1 + rng.randrange(3))]
    for word in picks:
        if isinstance(word, Action) and any((x.seat, x.name, x.hand) == (word.seat, word.name, word.hand)
                                            for x in legal):
            continue  # the other seat or hand may decide the same now
        _refused(rnd, word, found, "illegal decisions")


def _refused(rnd: Any, word: Any, found: Findings, check: str) -> None:
    """``word`` must be refused: a TableGamesError (an IllegalAction with its cite), the round unchanged (a refusal
    is tried as the command line makes it: in an atomic round)."""
    before, atomic, rnd.atomic = _picture(rnd), rnd.atomic, True
    try:
        rnd.act(word)
    except IllegalAction as err:
        if not CITED.search(str(err)):
            found.add(check, found.of_error(err), f"{word} refused without a cite: {err}")
    except TableGamesError:
        pass
    except Exception as err:  # noqa: BLE001 - a traceback where a user gets one line
        found.add(check, found.of_error(err), f"{word}: {type(err).__name__}: {err} (not a one-line refusal)")
        raise _Abandon from None
    else:
        found.add(check, _last_place(rnd, found), f"{word} was accepted in {rnd.state!r}; expected a refusal")
        raise _Abandon
    finally:
        rnd.atomic = atomic
    after = _picture(rnd)
    if after != before:
        what = ", ".join(b[0] for b, a in zip(before, after) if b != a) or "the round"
        found.add(check, _last_place(rnd, found), f"refusing {word} changed {what}")
        raise _Abandon


def _bad_placements(game: Any, table: Any, found: Findings) -> None:
    """Wagers the round must refuse before the deal: no amount, less than none, a fraction of a cent, above the
    maximum (each wager), below the minimum (the main wager); the table as it was."""
    rules, wagers = game.rules, game.info.wagers
    above = money(rules.table_maximum) + CENT
    tries: list[dict] = [{wagers[0]: bad} for bad in (0, -5, 10.005, above)]
    if money(rules.table_minimum) > CENT:
        tries.append({wagers[0]: money(rules.table_minimum) - CENT})
    tries += [{wagers[0]: money(rules.table_minimum), name: above} for name in wagers[1:]]
    before = plain(table)
    for seat in tries:
        try:
            game.new_round({1: seat}, table=table, atomic=False)
        except TableGamesError:
            continue
        except Exception as err:  # noqa: BLE001
            found.add("bad amounts", found.of_error(err), f"seat 1 {seat}: {type(err).__name__}: {err} "
                      "(not a one-line refusal)")
            continue
        finally:
            if plain(table) != before:
                found.add("bad amounts", found.of_info(), f"refusing seat 1 {seat} changed the table")
                raise _Abandon
        found.add("bad amounts", found.of_info(), f"seat 1 {seat} was accepted: the round must refuse it")


def _picture(rnd: Any) -> tuple:
    return tuple(item for item in snapshot(rnd) if item[0] not in _BOOKKEEPING)


def _undone(rnd: Any, before: tuple, found: Findings) -> None:
    """The step's journal undone gives the round as it was before the step; re-applied, as the step left it."""
    after, journal = _picture(rnd), list(rnd.last_step)
    for effect in reversed(journal):
        effect.undo(rnd)
    undone = _picture(rnd)
    for effect in journal:
        effect.apply(rnd)
    if undone != before or _picture(rnd) != after:
        what = ", ".join(b[0] for b, u in zip(before, undone) if b != u) or "the round"
        found.add("effects", _last_place(rnd, found), f"undoing the step's effects leaves {what} changed: an action "
                  "changed the round without its effect (rnd.set, rnd.put, rnd.append, rnd.draw ...)")
        raise _Abandon


def _replayed(rnd: Any, start: Start, seats: dict, words: list[str], seed: int, found: Findings) -> None:
    """The round written as a log (the table's shoe shuffled from ``seed``) replays through ``replay`` and conforms."""
    log = record(rnd, start, seats, words, seed=seed)
    with tempfile.TemporaryDirectory() as folder:
        report = replay(write_log(Path(folder) / "round.jsonl", log))
    for d in report.departures:
        event = rnd.events[d.seq - 1] if d.seq is not None and 0 < d.seq <= len(rnd.events) else None
        t = transition_of(rnd, event) if event is not None else None
        found.add("logs", found.of_transition(t) if t is not None else found.machine(None), str(d))

