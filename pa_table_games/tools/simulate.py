"""Simulation at scale: many rounds at one table, a strategy deciding, house edge per wager.

Rounds are dealt one after another from one :class:`~pa_table_games.equipment.table.Table` (one
shoe, one discard rack), as at a real table, by the compiled engine (:mod:`.compiled`)
without an event log; the same guards and actions run as in an interactive round, and
``tests/test_compiled_engine.py`` proves the rounds identical to the transitions engine's.

**House edge** per wager and in total, with its standard deviation and 95 % interval, is
defined in :mod:`pa_table_games.tools.tally` (initial wager as the denominator).

**Workers and seeds**: ``workers=N`` splits the rounds across N processes, each with its
own table shuffled from its own seed (``stream_seed``); with one worker the seed is used
as given. The same seed and worker count give the same result. Ctrl-C stops every worker
after its current round and the result so far is returned (``complete`` false).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import queue as queues
import random
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from attrs import field, frozen

from pa_table_games.runtime.round import Round
from pa_table_games.errors import TableGamesError
from pa_table_games.runtime.game import Game
from pa_table_games.runtime.rules_in_effect import rules_json, rules_lines
from pa_table_games.games import load_game
from pa_table_games.strategies import Strategy, get_strategy
from pa_table_games.equipment.table import Table
from pa_table_games.tools.tally import Tally, WagerEdge

#: Rounds between progress reports and Ctrl-C checks.
CHUNK = 1000

_ROUNDS = re.compile(r"^\d[\d_]*(e\d+)?$", re.IGNORECASE)


class SimulationError(TableGamesError):
    """A bad ``--rounds``, ``--workers`` or seat for a simulation, or a worker that failed."""


def parse_rounds(text: str | int) -> int:
    """``100000``, ``100_000`` or ``1e5`` -> 100000; anything else (or below 1) is an error."""
    word = str(text).strip()
    if not _ROUNDS.match(word):
        raise SimulationError(f"--rounds {word!r}: give a whole number of rounds, e.g. 100000 or 1e6")
    mantissa, _, exponent = word.replace("_", "").lower().partition("e")
    rounds = int(mantissa) * 10 ** int(exponent or 0)
    if rounds < 1:
        raise SimulationError(f"--rounds {word!r}: simulate at least 1 round")
    return rounds


def stream_seed(seed: int, workers: int, index: int) -> int:
    """The seed of worker ``index`` of ``workers``: ``seed`` itself for one worker, else a hash of all three."""
    if workers == 1:
        return seed
    digest = hashlib.sha256(f"pa-table-games/{seed}/{workers}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# -- dealing rounds --------------------------------------------------------------------------
def deal_rounds(game: Game, table: Table, seats: dict[int, dict[str, float]], strategy: Strategy, *,
                log: bool = False, interactive: bool = False, atomic: bool = False) -> Iterator[Any]:
    """Rounds played one after another at ``table``, each decision from ``strategy``; yields each finished round.

    By default through ``game.engine.play_out`` (a compiled game; ``log`` keeps the event
    log). ``interactive=True`` plays through the Round API instead (``advance``/``act``, any
    engine, ``atomic`` as for an interactive round): the path the differential test compares."""
    choose = strategy.choose
    if interactive:
        while True:
            rnd = game.new_round(seats, table=table, atomic=atomic).advance()
            while not rnd.is_over:
                rnd.act(choose(rnd, tuple(a.name for a in rnd.legal_actions())))
                rnd.advance()
            yield rnd
    play_out = game.engine.play_out
    while True:
        yield play_out(Round(game, table, seats, atomic=False, record="events" if log else "settlements"), choose)


@frozen
class Job:
    """One worker's share of a simulation (picklable: sent to a worker process)."""

    game: str
    rules: Any
    seats: dict
    strategy: str | None
    seed: int
    rounds: int
    engine: str = "compiled"
    log: bool = False


def run_job(job: Job, stop: Callable[[], bool] = lambda: False,
            report: Callable[[int, Tally], None] | None = None) -> Tally:
    """Play ``job.rounds`` rounds (fewer if ``stop()`` turns true); ``report(done, tally)`` every CHUNK rounds."""
    game = load_game(job.game, job.rules, engine=job.engine)
    strategy = get_strategy(job.game, job.strategy, game.rules)
    initial = {(seat, name): float(amount) for seat, wagers in job.seats.items() for name, amount in wagers.items()}
    rounds = deal_rounds(game, game.new_table(seed=job.seed), job.seats, strategy, log=job.log,
                         interactive=job.engine != "compiled")
    tally = Tally()
    add = tally.add
    done = 0
    while done < job.rounds and not stop():
        for _ in range(min(CHUNK, job.rounds - done)):
            add(initial, next(rounds).settlement())
        done += min(CHUNK, job.rounds - done)
        if report is not None:
            report(done, tally)
    return tally


# -- the result ------------------------------------------------------------------------------
@frozen
class SimulationResult:
    """What ``simulate`` found; ``to_json()`` is the ``simulate --json`` document."""

    game: str
    section: str
    strategy: str
    rules: str | None
    seats: dict
    seed: int
    workers: int
    rounds_requested: int
    tally: Tally = field(eq=False)
    seconds: float
    wager_order: tuple[str, ...] = field(converter=tuple)
    rules_in_effect: Any = field(default=None, eq=False)  # the Rules object the rounds were dealt under
    note: str = ""  # what a reader should know about the strategy's numbers (its ``note``, if any)

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    @property
    def complete(self) -> bool:
        return self.tally.rounds == self.rounds_requested

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    def wagers(self) -> list[WagerEdge]:
        """Each wager placed at least once, in the game's wager order."""
        names = [n for n in self.tally.sums if n]
        names.sort(key=lambda n: (self.wager_order.index(n) if n in self.wager_order else len(self.wager_order), n))
        return [self.tally.edge(n) for n in names]

    def total(self) -> WagerEdge:
        return self.tally.edge("")

    def to_json(self) -> dict:
        return {"game": self.game, "section": self.section, "strategy": self.strategy,
                "rules": rules_json(self.rules_in_effect) if self.rules_in_effect is not None else None,
                "rules_file": self.rules,
                "seats": {str(seat): dict(w) for seat, w in sorted(self.seats.items())},
                "seed": self.seed, "workers": self.workers, "rounds_requested": self.rounds_requested,
                "rounds": self.rounds, "complete": self.complete, "seconds": round(self.seconds, 3),
                "rounds_per_second": round(self.rounds_per_second, 1),
                "wagers": [w.to_json() for w in self.wagers()], "total": self.total().to_json()}

    def lines(self) -> list[str]:
        """The result as plain text lines: a header and one row per wager, then the total."""
        state = "" if self.complete else f" (interrupted: {self.rounds:,} of {self.rounds_requested:,})"
        out = [f"{self.game} ({self.section}), strategy {self.strategy}, seed {self.seed}, "
               f"{self.workers} worker{'s' if self.workers > 1 else ''}",
               *(rules_lines(self.game, self.rules_in_effect) if self.rules_in_effect is not None else []),
               f"{self.rounds:,} rounds in {self.seconds:.1f} s: {self.rounds_per_second:,.0f} rounds/second{state}",
               f"{'wager':20} {'rounds':>11} {'wagered':>13} {'net':>12} {'house edge':>11} "
               f"{'95% interval':>22} {'sd/round':>9}"]
        for w in [*self.wagers(), self.total()]:
            edge = _pct(w.house_edge)
            interval = f"[{_pct(w.ci95[0])}, {_pct(w.ci95[1])}]" if w.ci95 else "-"
            sd = f"{w.sd:.4f}" if w.sd is not None else "-"
            out.append(f"{w.wager:20} {w.rounds:>11,} {w.initial_wagered:>13,.0f} {w.net:>+12,.1f} {edge:>11} "
                       f"{interval:>22} {sd:>9}")
        if self.note:
            out.append(f"note: {self.note}")
        return out


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.3f}%"


# -- running: one process or several ---------------------------------------------------------
def simulate(game: str, rounds: int | str, *, seed: int | None = None, strategy: str | None = None,
             rules: Any = None, seats: dict[int, dict[str, float]] | None = None, workers: int = 1,
             progress: Callable[[int, int], None] | None = None, engine: str = "compiled") -> SimulationResult:
    """Simulate ``rounds`` rounds of ``game``; ``progress(done, total)`` is called as rounds finish.

    ``seed`` None picks one (reported in the result). See the module doc for the statistics."""
    rounds = parse_rounds(rounds)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"--workers {workers!r}: give a whole number of worker processes, at least 1")
    loaded = load_game(game, rules, engine=engine)
    seats = {int(s): {n: float(a) for n, a in w.items()} for s, w in (seats or {1: {loaded.info.wagers[0]: 10.0}}).items()}
    loaded.new_round(seats, seed=0)  # a bad seat or wager is an error here, before any worker starts
    chosen = get_strategy(game, strategy, loaded.rules)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    jobs = [Job(game, loaded.rules, seats, chosen.name, stream_seed(seed, workers, i),
                rounds // workers + (1 if i < rounds % workers else 0), engine) for i in range(workers)]
    if progress is not None:
        progress(0, rounds)
    started = time.perf_counter()
    with _interruptible() as stopped:
        tally = _run_here(jobs[0], stopped, progress) if workers == 1 else _run_workers(jobs, stopped, progress)
    rules_name = str(rules) if rules is not None and not hasattr(rules, "__attrs_attrs__") else None
    return SimulationResult(game, loaded.spec.section, chosen.name, rules_name, seats, seed, workers, rounds,
                            tally, time.perf_counter() - started, loaded.info.wagers, loaded.rules,
                            getattr(chosen, "note", ""))


class _Flag:
    def __init__(self) -> None:
        self.set = False
        self.event: Any = None

    def __call__(self) -> bool:
        return self.set


@contextmanager
def _interruptible() -> Iterator[_Flag]:
    """While running, Ctrl-C (SIGINT) asks the simulation to stop after the current round."""
    flag = _Flag()

    def on_interrupt(signum: int, frame: Any) -> None:
        flag.set = True
        if flag.event is not None:
            flag.event.set()

    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


def _run_here(job: Job, stopped: _Flag, progress: Callable[[int, int], None] | None) -> Tally:
    total = job.rounds
    return run_job(job, stopped, (lambda done, _: progress(done, total)) if progress else None)


def _worker(job: Job, index: int, out: Any, stop: Any) -> None:
    """A worker process: play the job, sending (kind, index, done, sums) after every chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    done = 0
    try:
        def report(n: int, tally: Tally) -> None:
            nonlocal done
            done = n
            out.put(("progress", index, n, tally.rounds, tally.sums))

        tally = run_job(job, stop.is_set, report)
        out.put(("done", index, done, tally.rounds, tally.sums))
    except TableGamesError as err:
        out.put(("error", index, 0, 0, str(err)))
    except BaseException as err:  # noqa: BLE001 - reported to the parent, which raises
        out.put(("error", index, 0, 0, f"worker {index} failed: {type(err).__name__}: {err}"))


def _run_workers(jobs: list[Job], stopped: _Flag, progress: Callable[[int, int], None] | None) -> Tally:
    context = multiprocessing.get_context("spawn")  # no fork while a progress thread runs
    out, stopped.event = context.Queue(), context.Event()
    if stopped.set:
        stopped.event.set()
    procs = [context.Process(target=_worker, args=(job, i, out, stopped.event), daemon=True)
             for i, job in enumerate(jobs)]
    for p in procs:
        p.start()
    latest = [Tally() for _ in jobs]
    done, finished, error = [0] * len(jobs), set(), None
    total = sum(job.rounds for job in jobs)
    try:
        while len(finished) < len(jobs):
            try:
                kind, index, n, rounds, payload = out.get(timeout=0.2)
            except queues.Empty:
                if any(not p.is_alive() and i not in finished for i, p in enumerate(procs)) and out.empty():
                    raise SimulationError("a worker process died without reporting") from None
                continue
            if kind == "error":
                error = error or payload
                finished.add(index)
                stopped.event.set()
                continue
            latest[index].rounds, latest[index].sums = rounds, payload
            done[index] = n
            if kind == "done":
                finished.add(index)
            if progress is not None:
                progress(sum(done), total)
    finally:
        stopped.event.set()
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
    if error is not None:
        raise SimulationError(error)
    merged = Tally()
    for tally in latest:  # in worker order: the same sums for the same seed and worker count
        merged.merge(tally)
    return merged
