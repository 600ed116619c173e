"""Replay: re-run a logged round through the machine and report every departure, cited.

The round is re-dealt from the log's header alone (Rules, seats, the shoe as dealt, the
decisions) and compared with the logged events in lockstep. Before each dealer step the
machine's next transition is compared with the logged one; a different step is explained
from the round as it stands — the guard that does not hold ("a dealer draw on 17": the
dealer's total is not below 17, § 633a.7(m)), the transition that comes first, the
refusal, or an event the machine does not know — and comparison stops there, since
the rest of the log no longer describes the machine's round. Differences inside a
matching event (a card out of order, a settlement, a citation, a note, a seat deciding out
of turn) are reported and comparison goes on.

The header is checked as strictly as the command line checks what it is given (Rules,
section, seats, round options, amounts within the table limits), and it must describe the
shoe honestly: a shuffled shoe's seed is shuffled again and must give the logged shoe card
for card (so it holds the Rules' decks, the joker or not); a stacked shoe holds only cards
of the game's decks. A header that does not is malformed (exit status 2).

What the header supplies and re-dealing cannot check (a stacked shoe's order, Rules not the defaults, an unkeyed
chain ...) is named with the verdict as taken as given (:mod:`.given`): the verdict holds relative to it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from pa_table_games.errors import IllegalAction, TableGamesError
from pa_table_games.machine.bound import first_failing
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.audit.chain import file_sha256
from pa_table_games.audit.given import taken_as_given
from pa_table_games.runtime.game import Game
from pa_table_games.runtime.turns import unit_at
from pa_table_games.audit.log import RoundLog, read_log
from pa_table_games.audit.log_format import EXACT_MONEY, HANDS_WHERE_THEY_LIE
from pa_table_games.audit.replay_setup import setup
from pa_table_games.audit.settled_rows import (AMOUNTS, counted, figure, hands_by_number, settled_as, wager_named,
                                                within_a_cent)

# kinds of departure
CARD = "card out of order"
NOT_ALLOWED = "transition not allowed"
OUT_OF_ORDER = "step out of order"
REFUSED = "refused by the regulation"
UNKNOWN = "unknown event"
STATE = "state differs"
SETTLEMENT = "settlement differs"
TURN = "out of turn"
CITATION = "citation differs"
NOTE = "note differs"
SEQUENCE = "sequence differs"
ILLEGAL = "illegal decision"
DECISIONS = "decisions differ"
MISSING = "missing event"
EXTRA = "event after the round is over"
SHOE = "shoe differs"
INCOMPLETE = "incomplete log"
MACHINE = "machine file differs"


@frozen
class Departure:
    """One way the logged round departs from the machine, with the subsection it breaks."""

    line: int | None
    seq: int | None
    kind: str
    message: str
    cite: str

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "log"
        event = f" (event {self.seq})" if self.seq is not None else ""
        return f"{where}{event}: {self.kind}: {self.message} — {self.cite}"

    def to_json(self) -> dict:
        return attrs.asdict(self)


@frozen
class ReplayReport:
    """The outcome of a replay: how far the log was compared and every departure found."""

    file: str
    game: str
    section: str
    events: int  # events in the log
    compared: int  # events compared with the machine's
    departures: tuple[Departure, ...] = field(converter=tuple)
    chained: bool = True  # the log has a hash chain that verified (a version-1 log has none)
    #: amounts a version-1 or -2 log gives in floating point, taken as the machine's whole cents less than a cent away
    #: (``line N: seat 1 blackjack net 10.009 as 10.00``): shown, since a forger could move one that far
    within_a_cent: tuple[str, ...] = field(converter=tuple, default=())
    #: what the header (or ``--machine``) supplied that re-dealing cannot check, in words (:mod:`.given`)
    taken_as_given: tuple[str, ...] = field(converter=tuple, default=())

    @property
    def conforms(self) -> bool:
        """No departure was found re-dealing the round (see :attr:`verdict` for what that is worth)."""
        return not self.departures

    @property
    def verdict(self) -> str:
        """``conforms``, ``departs``, or ``unverifiable``: no departure, but no hash chain shows the log was not
        edited (a version-1 log replayed with ``--allow-v1``)."""
        return "departs" if self.departures else "conforms" if self.chained else "unverifiable"

    def sentence(self) -> str:
        """The verdict in words, as ``replay`` and the walk-through page say it."""
        rounded = (f" ({len(self.within_a_cent)} floating-point amount(s) of an earlier log version taken as the "
                   f"machine's whole cents: {'; '.join(self.within_a_cent)})") if self.within_a_cent else ""
        if self.departures:
            return f"{len(self.departures)} departure(s) from {self.section}{rounded}"
        if not self.chained:
            return (f"unverifiable: a version-1 log has no hash chain, so nothing shows it was not edited; re-dealt, "
                    f"it departs nowhere from {self.section}{rounded}")
        return f"conforms to {self.section}{rounded}"

    def given(self) -> str:
        """What the verdict rests on unchecked (``taken as given: a stacked shoe (...); ...``), or ``""`` when nothing."""
        return f"taken as given: {'; '.join(self.taken_as_given)}" if self.taken_as_given else ""

    def to_json(self) -> dict:
        return {"file": self.file, "game": self.game, "section": self.section, "events": self.events,
                "compared": self.compared, "conforms": self.conforms, "verdict": self.verdict,
                "chained": self.chained, "departures": [d.to_json() for d in self.departures],
                "within_a_cent": list(self.within_a_cent), "taken_as_given": list(self.taken_as_given)}


def replay(path: str | Path, key: bytes | None = None, allow_v1: bool = False,
           machine: str | None = None) -> ReplayReport:
    """Re-run the round logged in ``path`` (its hash chain verified, keyed with ``key``) through its game's
    machine, or ``machine`` (an edited machine file of that game); a malformed file, or a version-1 log (no
    chain) without ``allow_v1``, is a :class:`LogFileError`."""
    return rerun(read_log(path, key, allow_v1), machine=machine)


def rerun(log: RoundLog, watch: Callable[[TransitionSpec, Any], None] | None = None,
          machine: str | None = None) -> ReplayReport:
    """Re-run a round log already read (through ``machine``, an edited machine file, if given); ``watch(t, rnd)``
    is told each transition the machine fires, in order, with the round just after it (the walk-through page
    draws them)."""
    game, rnd = setup(log, machine)
    if watch is not None:
        end_event = rnd.end_event

        def seen(t: TransitionSpec) -> None:
            end_event(t)
            watch(t, rnd)
        rnd.end_event = seen  # this round only: the engine closes each event through it
    report = _Replay(log, game, rnd).run()
    report = attrs.evolve(report, chained=log.header["version"] != 1, taken_as_given=taken_as_given(log, game))
    first = _log_departures(log, game)
    return attrs.evolve(report, departures=first + report.departures) if first else report


def _log_departures(log: RoundLog, game: Game) -> tuple[Departure, ...]:
    """What the header itself says is wrong: a round stopped before its end, another machine file."""
    h, found = log.header, []
    if h.get("incomplete"):
        found.append(Departure(log.header_line, None, INCOMPLETE, "the log is marked incomplete: play stopped "
                               f"after {len(h['actions'])} decision(s), before the round was over", game.spec.section))
    recorded, now = h.get("machine_sha256"), file_sha256(str(game.spec.path))
    if recorded is not None and recorded != now:
        found.append(Departure(log.header_line, None, MACHINE, f"the round was played under a machine file with "
                               f"SHA-256 {recorded[:12]}..., {game.spec.shown_path} is {now[:12]}... (replay --machine "
                               "FILE replays it under the file it was played under)", game.spec.section))
    return tuple(found)


class _Replay:
    def __init__(self, log: RoundLog, game: Game, rnd: Any) -> None:
        self.log, self.game, self.rnd, self.spec = log, game, rnd, game.spec
        self.actions = list(log.header["actions"])
        self.departures: list[Departure] = []
        self.within_a_cent: list[str] = []  # :attr:`ReplayReport.within_a_cent`
        self.at = 0  # index of the next logged event

    # -- helpers ---------------------------------------------------------------------------
    def depart(self, kind: str, message: str, cite: str, at: int | None = None) -> None:
        at = self.at if at is None else at
        line = self.log.lines[at] if at < len(self.log.events) else None
        seq = self.log.events[at]["seq"] if at < len(self.log.events) else None
        self.departures.append(Departure(line, seq, kind, message, cite))

    def cite_of(self, cites: tuple[str, ...] | list[str]) -> str:
        return ", ".join(self.spec.cite_text(c) for c in cites)

    def state_cite(self) -> str:
        return self.spec.cite_text(self.spec.state(self.rnd.state).cite[0])

    def report(self) -> ReplayReport:
        return ReplayReport(self.log.file, self.game.info.name, self.spec.section, len(self.log.events),
                            min(self.at, len(self.log.events)), self.departures, within_a_cent=self.within_a_cent)

    # -- the lockstep ----------------------------------------------------------------------
    def run(self) -> ReplayReport:
        rnd, events = self.rnd, self.log.events
        while not rnd.is_over:
            due = self.game.machine.dealer_step(rnd.state, rnd)
            if self.at >= len(events):
                what = f"the machine fires {due.trigger!r} next" if due else \
                    f"'{self.spec.state(rnd.state).label}' awaits a decision"
                self.depart(MISSING, f"the log ends before the round is complete: {what}",
                            self.cite_of(due.cite) if due else self.state_cite())
                return self.report()
            logged = events[self.at]
            fired = self.dealer_step(due, logged) if due is not None else self.decision(logged)
            if fired is None:
                return self.report()
            self.compare(logged, fired)
            self.at += 1
        for at in range(self.at, len(events)):
            self.at = at
            if not self.known(events[at]):
                continue
            self.depart(EXTRA, f"{events[at]['trigger']!r} is logged after the round reached "
                        f"'{self.spec.state(rnd.state).label}'", self.state_cite())
        self.at = len(events)
        if self.actions:
            self.depart(DECISIONS, f"the header's decisions {', '.join(self.actions)} were never needed",
                        self.state_cite())
        return self.report()

    def dealer_step(self, due: TransitionSpec, logged: dict) -> Any:
        if (logged["trigger"], logged["source"], logged["dest"]) != (due.trigger, due.source, due.dest):
            self.explain(logged, due)
            return None
        try:
            return self.rnd.step()
        except TableGamesError as err:
            self.depart(SHOE, f"the machine could not fire {due.trigger!r}: {err}", self.cite_of(due.cite))
            return None

    def decision(self, logged: dict) -> Any:
        rnd = self.rnd
        if not self.known(logged):
            return None
        if not self.actions:
            self.depart(DECISIONS, f"the header's decisions ran out; the log records {logged['trigger']!r}",
                        self.state_cite())
            return None
        word = self.actions.pop(0)
        try:
            rnd.act(word)
        except IllegalAction as err:
            self.depart(ILLEGAL, f"the decision {err.action!r} is not allowed: {err.reason}", err.cite)
            return None
        except TableGamesError as err:
            self.depart(ILLEGAL, f"the decision {word!r} cannot be applied: {err}", self.state_cite())
            return None
        fired = rnd.events[-1]
        if (logged["trigger"], logged["source"], logged["dest"]) != (fired.trigger, fired.source, fired.dest):
            self.depart(DECISIONS, f"the log records {logged['trigger']!r} where the header's next decision "
                        f"is {word!r}", ", ".join(fired.cite))
            return None
        return fired

    def known(self, logged: dict) -> bool:
        """Report an event the machine does not know, or one the regulation refuses; False for those."""
        trigger = logged["trigger"]
        for refusal in self.spec.refusals:
            if trigger == refusal.trigger or trigger.partition("=")[0] == refusal.trigger:
                self.depart(REFUSED, f"{trigger!r} is logged, but {refusal.reason}", self.spec.cite_text(refusal.cite))
                return False
        if not any(t.trigger == trigger for t in self.spec.transitions):
            self.depart(UNKNOWN, f"no step of {self.spec.short_section} is called {trigger!r}", self.state_cite())
            return False
        return True

    def explain(self, logged: dict, due: TransitionSpec) -> None:
        """Why the logged step is not the one the machine takes now, cited."""
        rnd, spec, trigger = self.rnd, self.spec, logged["trigger"]
        if not self.known(logged):
            return
        label = spec.state(rnd.state).label
        candidates = [t for t in spec.outgoing(rnd.state) if t.trigger == trigger]
        if not candidates:
            self.depart(OUT_OF_ORDER, f"{trigger!r} is not a step out of '{label}' (the log says the round was "
                        f"in {logged['source']!r}); the machine fires {due.trigger!r}", self.cite_of(due.cite))
            return
        candidates.sort(key=lambda t: t.dest != logged["dest"])
        t = candidates[0]
        failing = self.failing_guard(t, logged)
        if failing is not None:
            entry, held = failing
            why = f"not allowed when {entry.doc}" if held else f"allowed only when {entry.doc}"
            self.depart(NOT_ALLOWED, f"{trigger!r} in '{label}' is {why}; the machine fires {due.trigger!r}",
                        self.cite_of(entry.cite))
        elif t.source != logged["source"]:  # the log skipped a step: the one the machine takes is named, cited
            self.depart(STATE, f"the log moves {logged['source']!r} -> {logged['dest']!r}, but the round is in "
                        f"'{label}': the machine fires {due.trigger!r} first", self.cite_of(due.cite))
        elif t.dest != logged["dest"]:
            self.depart(STATE, f"the log moves {logged['source']!r} -> {logged['dest']!r}; the machine's "
                        f"{trigger!r} goes {t.source!r} -> {t.dest!r}", self.cite_of(t.cite))
        else:
            who = "a player's decision" if t.by == "player" else "a later step"
            self.depart(OUT_OF_ORDER, f"{trigger!r} is {who}; the dealer's {due.trigger!r} comes first "
                        f"(tried in the machine file's order)", self.cite_of(due.cite))

    def failing_guard(self, t: TransitionSpec, logged: dict) -> tuple[Any, bool] | None:
        """The first guard of ``t`` that does not allow it now (the bound machine's order): (entry, held) — ``held``
        for an unless. A player's step is asked of the unit the log says decided (a hand closed at 21 refuses a
        hit, § 633a.7(k)(1)), if the state's walk has it; any other, of the unit whose turn it is."""
        unit = unit_at(self.rnd, logged.get("seat"), logged.get("hand") or 0) if t.by == "player" else None
        try:
            return first_failing(t, self.rnd, unit)
        except Exception:  # noqa: BLE001  (a guard asked out of its state cannot hold)
            return (t.when[0], False) if t.when else (t.unless[0], True)

    # -- inside one matching event -------------------------------------------------------------
    def compare(self, logged: dict, fired: Any) -> None:
        mine = fired.to_json()
        cite = ", ".join(fired.cite)
        if logged["seq"] != mine["seq"]:
            self.depart(SEQUENCE, f"the log numbers this event {logged['seq']}; it is event {mine['seq']}", cite)
        if (logged.get("seat"), logged.get("hand")) != (mine.get("seat"), mine.get("hand")):
            self.depart(TURN, f"the log has {_whose(logged)} deciding; {_whose(mine)} decides now: players act in turn",
                        self.spec.cite_text(self.spec.state(fired.source).cite[0]))
        if logged["cite"] != mine["cite"]:
            self.depart(CITATION, f"the log cites {', '.join(logged['cite']) or 'nothing'}; the machine cites "
                                  f"{cite or 'nothing'}", cite)
        self.compare_cards(logged.get("cards", []), mine.get("cards", []), cite)
        self.compare_settled(logged.get("settled", []), mine.get("settled", []), cite)
        if logged.get("notes", []) != mine.get("notes", []):
            self.depart(NOTE, f"the log notes {logged.get('notes', [])}; the machine notes {mine.get('notes', [])}", cite)

    def compare_cards(self, logged: list[dict], mine: list[dict], cite: str) -> None:
        if logged == mine:
            return
        show = lambda m: f"{m['card']}->{m['to']}" + ("" if m["face_up"] else " (face down)")  # noqa: E731
        diffs = [f"card {i}: the log has {show(a) if a else 'nothing'}, the machine {show(b) if b else 'nothing'}"
                 for i, (a, b) in enumerate(_zip_longest(logged, mine), 1) if a != b]
        self.depart(CARD, "dealing the logged shoe in order: " + "; ".join(diffs), cite)

    def compare_settled(self, logged: list[dict], mine: list[dict], cite: str) -> None:
        if logged == mine:
            return
        if self.log.header["version"] < EXACT_MONEY:  # amounts then were never rounded to the cent
            taken = [within_a_cent(row, ours) for row, ours in _zip_longest(logged, mine) if row is not None]
            line = self.log.lines[self.at] if self.at < len(self.log.events) else self.log.header_line
            self.within_a_cent += [f"line {line}: seat {row['seat']} {row['wager']} {k} {row[k]!r} as {near[k]:.2f}"
                                   for row, near in zip(logged, taken) for k in AMOUNTS if k in row and row[k] != near[k]]
            logged = taken
        key = lambda r: (r["seat"], r["wager"], r["hand"])  # noqa: E731
        ours, keys = {key(r): r for r in mine}, [key(r) for r in logged]
        theirs = {k: r for k, r in zip(keys, logged) if keys.count(k) == 1}
        for k in dict.fromkeys(k for k in keys if k not in theirs):  # a wager settled twice: named, not compared
            rows = "; ".join(settled_as(r) for r in logged if key(r) == k)
            self.depart(SETTLEMENT, f"the log settles {wager_named(k)} {keys.count(k)} times ({rows}): each wager is "
                        f"settled once", cite)
        for k, row in theirs.items():
            if k not in ours:
                placed = self.rnd.wager(*k) is not None
                why = "it is not settled here" if placed else "no such wager is on the layout"
                self.depart(SETTLEMENT, f"the log settles {wager_named(k)} ({settled_as(row)}); {why}", cite)
            elif row != ours[k]:
                m = ours[k]
                other = ", ".join(f"{f} {figure(row.get(f))} in the log, {figure(m.get(f))} here" for f in
                                  sorted(set(row) | set(m)) if row.get(f) != m.get(f) and f not in ("outcome", "net", "amount", "cite"))
                self.depart(SETTLEMENT, f"{wager_named(k)}: the log has {settled_as(row)} ({row['cite']}); the "
                            f"machine settles {settled_as(m)}" + (f" ({other})" if other else ""), m["cite"])
        for k, row in ours.items():
            if k not in keys:
                self.depart(SETTLEMENT, f"the log does not settle {wager_named(k)}; the machine: {settled_as(row)}",
                            row["cite"])
        order = hands_by_number if self.log.header["version"] < HANDS_WHERE_THEY_LIE else list
        if order(keys) != order([key(r) for r in mine]) and set(keys) == set(ours) and len(theirs) == len(keys):
            self.depart(SETTLEMENT, "the wagers are settled in a different order", cite)


def _whose(event: dict) -> str:
    """Whose decision an event is, as people count hands (from 1; the log counts from 0)."""
    if event.get("seat") is None:
        return "no player"
    return f"seat {event['seat']} hand {counted(event.get('hand'))}"


def _zip_longest(a: list, b: list) -> list[tuple]:
    return [(a[i] if i < len(a) else None, b[i] if i < len(b) else None) for i in range(max(len(a), len(b)))]
