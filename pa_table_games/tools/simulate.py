"""Simulation at scale: many rounds at one table, a strategy deciding, house edge per wager.

Rounds are dealt one after another from a :class:`~pa_table_games.equipment.table.Table` (one
shoe, one discard rack), as at a real table, by the compiled engine (:mod:`.compiled`)
without an event log; the same guards and actions run as in an interactive round, and
``tests/test_compiled_engine.py`` proves the rounds identical to the transitions engine's.

**House edge** per wager and in total, with its standard deviation and 95 % interval, is
defined in :mod:`pa_table_games.tools.tally` (initial wager as the denominator).

**Chunks and seeds**: the rounds are cut into chunks of :data:`CHUNK` rounds (the last one
shorter); chunk ``i`` is dealt at a fresh table shuffled from ``chunk_seed(seed, i)`` and
tallied on its own, and the chunk tallies are merged exactly (:meth:`Tally.merge`). So
``seed`` and ``rounds`` alone fix the answer: one process, ``workers=N`` local processes
(:mod:`.local_workers`) or a Dask cluster (:mod:`.dask_cluster`) give the same result.
Ctrl-C (SIGINT) stops every chunk being dealt after its current :data:`STEP` of rounds and
the result so far is returned (``complete`` false).
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
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

#: Rounds dealt from one seeded table: the unit of work and of reproducibility.
CHUNK = 10_000
#: Rounds between progress reports and Ctrl-C checks.
STEP = 1000
#: The most local worker processes (or local Dask workers) one simulation starts.
MAX_WORKERS = 256

_ROUNDS = re.compile(r"^\d[\d_]*(e\d+)?$", re.IGNORECASE)


class SimulationError(TableGamesError):
    """A bad ``--rounds``, ``--workers``, ``--scheduler`` or seat for a simulation, or a worker that failed."""


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


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a simulation seeded ``seed``: a hash of both (a counter scheme)."""
    digest = hashlib.sha256(f"pa-table-games/chunk/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def chunk_rounds(rounds: int, index: int, chunk: int = CHUNK) -> int:
    """How many of ``rounds`` rounds chunk ``index`` deals."""
    return max(0, min(chunk, rounds - index * chunk))


def chunk_count(rounds: int, chunk: int = CHUNK) -> int:
    return -(-rounds // chunk)


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
class Deal:
    """What every chunk deals (picklable: sent to worker processes and cluster workers)."""

    game: str
    rules: Any
    seats: dict
    strategy: str | None
    engine: str = "compiled"
    log: bool = False
    chunk: int = CHUNK  # rounds per chunk: part of what fixes the answer


def deal_tally(deal: Deal, table_seed: int, rounds: int, stop: Callable[[], bool] = lambda: False,
               report: Callable[[int], None] | None = None) -> Tally:
    """Deal ``rounds`` rounds at a table shuffled from ``table_seed`` (fewer if ``stop()`` turns
    true, asked every STEP rounds), ``report(done)`` after every STEP; the tally of those rounds."""
    game = load_game(deal.game, deal.rules, engine=deal.engine)
    strategy = get_strategy(deal.game, deal.strategy, game.rules)
    initial = {(seat, name): float(amount) for seat, wagers in deal.seats.items() for name, amount in wagers.items()}
    dealt = deal_rounds(game, game.new_table(seed=table_seed), deal.seats, strategy, log=deal.log,
                        interactive=deal.engine != "compiled")
    tally = Tally()
    add = tally.add
    done = 0
    while done < rounds and not stop():
        step = min(STEP, rounds - done)
        for _ in range(step):
            add(initial, next(dealt).settlement())
        done += step
        if report is not None:
            report(done)
    return tally


def deal_chunk(deal: Deal, seed: int, rounds: int, index: int, stop: Callable[[], bool] = lambda: False,
               report: Callable[[int], None] | None = None) -> Tally:
    """Chunk ``index`` of a simulation of ``rounds`` rounds seeded ``seed``."""
    return deal_tally(deal, chunk_seed(seed, index), chunk_rounds(rounds, index, deal.chunk), stop, report)


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
    scheduler: str | None = None  # None: local processes; "local" or a Dask scheduler address

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
                "seed": self.seed, "workers": self.workers, "scheduler": self.scheduler, "rounds_requested": self.rounds_requested,
                "rounds": self.rounds, "complete": self.complete, "seconds": round(self.seconds, 3),
                "rounds_per_second": round(self.rounds_per_second, 1),
                "wagers": [w.to_json() for w in self.wagers()], "total": self.total().to_json()}

    def lines(self) -> list[str]:
        """The result as plain text lines: a header and one row per wager, then the total."""
        state = "" if self.complete else f" (interrupted: {self.rounds:,} of {self.rounds_requested:,})"
        where = f" on Dask ({self.scheduler})" if self.scheduler else ""
        out = [f"{self.game} ({self.section}), strategy {self.strategy}, seed {self.seed}, "
               f"{self.workers} worker{'s' if self.workers > 1 else ''}{where}",
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


# -- running: one process, local processes or a Dask cluster ----------------------------------
def simulate(game: str, rounds: int | str, *, seed: int | None = None, strategy: str | None = None,
             rules: Any = None, seats: dict[int, dict[str, float]] | None = None, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None, engine: str = "compiled",
             scheduler: str | None = None, chunk: int = CHUNK) -> SimulationResult:
    """Simulate ``rounds`` rounds of ``game``; ``progress(done, total)`` is called as rounds finish.

    ``seed`` None picks one (reported in the result). ``workers``: local processes (default
    1: this process), or with ``scheduler="local"`` the workers of a local Dask cluster
    (default: one per core); ``scheduler`` a Dask scheduler address runs the chunks on that
    cluster. The answer depends on ``seed``, ``rounds`` and ``chunk`` only (see the module doc)."""
    with _interruptible() as stopped:  # Ctrl-C from here on returns the result so far
        rounds = parse_rounds(rounds)
        workers = check_workers(workers, scheduler)
        if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
            raise SimulationError(f"chunk {chunk!r}: give a whole number of rounds per chunk, at least 1")
        loaded = load_game(game, rules, engine=engine)
        seats = {int(s): {n: float(a) for n, a in w.items()}
                 for s, w in (seats or {1: {loaded.info.wagers[0]: 10.0}}).items()}
        loaded.new_round(seats, seed=0)  # a bad seat or wager is an error here, before any worker starts
        chosen = get_strategy(game, strategy, loaded.rules)
        seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        deal = Deal(game, loaded.rules, seats, chosen.name, engine, chunk=chunk)
        if progress is not None:
            progress(0, rounds)
        started = time.perf_counter()
        if scheduler is not None:
            from pa_table_games.tools.dask_cluster import run_on_dask

            tally, workers = run_on_dask(deal, seed, rounds, scheduler, workers, stopped, progress)
        elif workers > 1 and chunk_count(rounds, chunk) > 1:
            from pa_table_games.tools.local_workers import run_in_processes

            tally = run_in_processes(deal, seed, rounds, min(workers, chunk_count(rounds, chunk)), stopped, progress)
        else:
            tally = _run_here(deal, seed, rounds, stopped, progress)
    rules_name = str(rules) if rules is not None and not hasattr(rules, "__attrs_attrs__") else None
    return SimulationResult(game, loaded.spec.section, chosen.name, rules_name, seats, seed, workers, rounds,
                            tally, time.perf_counter() - started, loaded.info.wagers, loaded.rules,
                            getattr(chosen, "note", ""), scheduler)


def check_workers(workers: Any, scheduler: str | None) -> int:
    """``--workers``: 1 to MAX_WORKERS (default 1, or one per core for ``--scheduler local``); a
    remote cluster has its own workers (0 here: counted when connected)."""
    if workers is None:
        return 0 if scheduler not in (None, "local") else (os.cpu_count() or 1) if scheduler else 1
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"--workers {workers!r}: give a whole number of worker processes, 1 to {MAX_WORKERS}")
    if scheduler not in (None, "local"):
        raise SimulationError(f"--workers with --scheduler {scheduler}: a cluster's workers are its own "
                              "(--workers counts local processes, or the workers of --scheduler local)")
    return workers


class _Flag:
    """Set by Ctrl-C; asked by the loops dealing chunks."""

    def __init__(self) -> None:
        self.set = False

    def __call__(self) -> bool:
        return self.set


@contextmanager
def _interruptible() -> Iterator[_Flag]:
    """While running, Ctrl-C (SIGINT) asks the simulation to stop after the current STEP of rounds."""
    flag = _Flag()

    def on_interrupt(signum: int, frame: Any) -> None:
        flag.set = True

    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def children_ignore_sigint() -> Iterator[None]:
    """Processes started inside ignore SIGINT from their first instruction: the ignored
    disposition is inherited through fork and exec (a blocked signal mask is not, with spawn),
    and Python leaves an ignored SIGINT ignored. Meanwhile SIGINT is blocked in this thread,
    and in every thread started inside, so a Ctrl-C is held back, not lost: it reaches the
    handler put back at the end. (A thread started earlier without the block, if any, could
    take a Ctrl-C in that window and drop it; the command's progress bar thread is started
    with SIGINT blocked, see :func:`sigint_blocked`.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with sigint_blocked():
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            # multiprocessing's resource tracker, started by the first process started, unblocks
            # SIGINT in the thread starting it when it is up: start it now, then block again
            resource_tracker.ensure_running()
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread, and for good in the threads started inside; a Ctrl-C
    meanwhile is handled when it ends (Python runs signal handlers in the main thread)."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _run_here(deal: Deal, seed: int, rounds: int, stopped: _Flag,
              progress: Callable[[int, int], None] | None) -> Tally:
    """Every chunk in this process, in order."""
    merged = Tally()
    for index in range(chunk_count(rounds, deal.chunk)):
        if stopped():
            break
        base = merged.rounds
        report = (lambda done: progress(base + done, rounds)) if progress else None
        merged.merge(deal_chunk(deal, seed, rounds, index, stopped, report))
    return merged
