"""Simulation at scale: many rounds at one table, a strategy deciding, house edge per wager.

Rounds are dealt one after another from a :class:`~pa_table_games.equipment.table.Table` (one
shoe, one discard rack), as at a real table, by the fast path (:mod:`pa_table_games.fastpath`: the round
written out from the bound machine with its guards and actions spliced in) without an event log, each round
keeping only the sums its tally reads (``record="totals"``); ``tests/test_fast_path.py`` proves the rounds
identical to the interactive engine's and the compiled runner's. A chunk the fast path cannot make its function
for is dealt by the compiled runner; the result counts the rounds each engine dealt (``engines``).

**House edge** per wager and in total, with its standard deviation and 95 % interval, is
defined in :mod:`pa_table_games.simulation.tally` (initial wager as the denominator).

**Chunks and seeds**: the rounds are cut into chunks of :data:`CHUNK` rounds (the last one
shorter); chunk ``i`` is dealt at a fresh table shuffled from ``chunk_seed(seed, i)`` and
tallied on its own, and the chunk tallies are merged exactly (:meth:`Tally.merge`). So
``seed`` and ``rounds`` alone fix the answer: one process, ``workers=N`` local processes
(:mod:`.local_workers`) or a Dask cluster (:mod:`.dask_cluster`) give the same result.
Ctrl-C (SIGINT) stops every chunk being dealt after its current :data:`STEP` of rounds and
the result so far is returned (``complete`` false).
"""

from __future__ import annotations

import math
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction
from typing import Any

from attrs import field, frozen

from pa_table_games.money import amount_problem, default_wager, in_cents, money
from pa_table_games.rules.in_effect import rules_json, rules_lines
from pa_table_games.games import game_info, load_game
from pa_table_games.runtime.game import resolved
from pa_table_games.strategies import get_strategy
from pa_table_games.numbers import MAX_WORKERS, MOST_SEED, given, is_seed
from pa_table_games.simulation.chunks import (CHUNK, CHUNK_SECONDS, ChunkOverdue, Deal, SimulationError, chunk_count,
                                              deal_chunk, deal_rounds, parse_rounds)
from pa_table_games.simulation.dask_cluster import CONNECT_SECONDS, WORKER_SECONDS, run_on_dask
from pa_table_games.simulation.local_workers import run_in_processes
from pa_table_games.simulation.tally import Tally, WagerEdge, interval_caution

__all__ = ["CHUNK", "MAX_WORKERS", "SimulationError", "SimulationResult", "deal_rounds", "simulate"]

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
    #: what a reader should know of these figures beyond it, as the game says (``GameInfo.simulation_notes``)
    notes: tuple[str, ...] = field(default=(), converter=tuple)
    scheduler: str | None = None  # None: local processes; "local" or a Dask scheduler address
    new_dealer_every: int | None = None  # a new dealer after every N rounds of a table; None: never
    stopped: str = ""  # why the run stopped before the end, other than Ctrl-C (a chunk past its deadline)
    #: the game's ``GameInfo.top_payout``, and each seated wager's swing on its smallest amount (:func:`_swing`), asked
    #: before a round was dealt (a hook that fails costs no run); a wager placed during the round is asked at the end
    top_payout: Any = field(default=None, eq=False)
    seated_tops: dict = field(factory=dict, eq=False)

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
        return [self.edge(n) for n in names]

    def total(self) -> WagerEdge:
        return self.edge("")

    def edge(self, name: str = "") -> WagerEdge:
        """Wager ``name``'s edge ("" for the total), its interval judged by its top payout where the game says it."""
        return self.tally.edge(name, self._top(name))

    def _top(self, name: str) -> int | None:
        """The most one round can swing wager ``name``, in cents (:func:`_swing`); the total's, the largest of its
        wagers'. None: not declared."""
        if not name:
            tops = [self._top(n) for n in self.tally.sums if n]
            return max((top for top in tops if top is not None), default=None)
        sums = self.tally.sums.get(name)
        if self.top_payout is None or not sums or not sums[0]:
            return None
        if name in self.seated_tops:
            return self.seated_tops[name]
        # a wager placed during the round (Insurance), by the amount placed on average
        return _swing(self.top_payout, self.rules_in_effect, name, Decimal(int(Fraction(sums[2]) / sums[0])).scaleb(-2))

    def to_json(self) -> dict:
        return {"game": self.game, "section": self.section, "strategy": self.strategy,
                "rules": rules_json(self.rules_in_effect) if self.rules_in_effect is not None else None,
                "rules_file": self.rules,
                "seats": {str(seat): {n: float(a) for n, a in w.items()} for seat, w in sorted(self.seats.items())},
                "seed": self.seed, "new_dealer_every": self.new_dealer_every, "workers": self.workers, "scheduler": self.scheduler, "rounds_requested": self.rounds_requested,
                "rounds": self.rounds, "complete": self.complete, "stopped": self.stopped or None,
                "engines": dict(sorted(self.tally.engines.items())),
                "seconds": round(self.seconds, 3),
                "rounds_per_second": round(self.rounds_per_second, 1),
                "wagers": [w.to_json() for w in self.wagers()], "total": self.total().to_json(),
                "notes": self.all_notes()}

    def lines(self) -> list[str]:
        """The result as plain text lines: a header and one row per wager, then the total."""
        why = "stopped" if self.stopped else "interrupted"
        state = "" if self.complete else f" ({why}: {self.rounds:,} of {self.rounds_requested:,})"
        where = f" on Dask ({self.scheduler})" if self.scheduler else ""
        dealers = f", a new dealer every {self.new_dealer_every:,} rounds" if self.new_dealer_every else ""
        out = [f"{self.game} ({self.section}), strategy {self.strategy}, seed {self.seed}{dealers}, "
               f"{self.workers} worker{'s' if self.workers > 1 else ''}{where}",
               *(rules_lines(game_info(self.game), self.rules_in_effect) if self.rules_in_effect is not None else []),
               f"{self.rounds:,} rounds in {self.seconds:.1f} s: {self.rounds_per_second:,.0f} rounds/second{state}",
               f"{'wager':20} {'rounds':>11} {'wagered':>16} {'net':>15} {'house edge':>11} "
               f"{'95% interval':>22} {'sd':>9}"]
        for w in [*self.wagers(), self.total()]:
            edge = _pct(w.house_edge)
            interval = f"[{_pct(w.ci95[0])}, {_pct(w.ci95[1])}]" if w.ci95 else "-"
            sd = f"{w.sd:.4f}" if w.sd is not None else "-"
            out.append(f"{w.wager:20} {w.rounds:>11,} {w.initial_wagered:>16,.2f} {w.net:>+15,.2f} {edge:>11} "
                       f"{interval:>22} {sd:>9}")
        out += [f"note: {note}" for note in self.all_notes()]
        return out

    def all_notes(self) -> list[str]:
        """The strategy's note, the game's notes, then each interval not to be trusted yet (:func:`interval_caution`)."""
        cautions = (interval_caution(w) for w in (*self.wagers(), self.total()))
        return [note for note in (self.note, *self.notes, *cautions) if note]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.3f}%"


# -- running: one process, local processes or a Dask cluster ----------------------------------
def _amount(name: str, amount: Any) -> Any:
    """A seat's amount exactly (whole cents); anything else is left for ``new_round`` to refuse with its reason."""
    return money(amount) if amount_problem(amount) is None else amount


def simulate(game: str, rounds: int | str, *, seed: int | None = None, strategy: str | None = None,
             rules: Any = None, seats: dict[int, dict[str, float]] | None = None, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None, engine: str = "fast",
             scheduler: str | None = None, chunk: int = CHUNK, connect_timeout: float = CONNECT_SECONDS,
             worker_timeout: float = WORKER_SECONDS, new_dealer_every: int | None = None,
             chunk_timeout: float = CHUNK_SECONDS) -> SimulationResult:
    """Simulate ``rounds`` rounds of ``game``; ``progress(done, total)`` is called as rounds finish.

    ``seed`` None picks one (reported in the result). ``workers``: local processes (default
    1: this process), or with ``scheduler="local"`` the workers of a local Dask cluster
    (default: one per core); ``scheduler`` a Dask scheduler address runs the chunks on that
    cluster, which must answer within ``connect_timeout`` seconds and have a worker within
    ``worker_timeout``; a chunk handed to a worker (a process or a cluster's) that has not come back
    within ``chunk_timeout`` seconds stops the run: the result so far, with ``stopped`` saying why.
    ``new_dealer_every``: a new dealer comes to each table after every that many rounds and burns a card,
    by the transition its machine file declares ``new_dealer: true`` (the count starts again at each chunk's
    fresh table). The answer depends on ``seed``, ``rounds``, ``chunk`` and ``new_dealer_every`` only (see the
    module doc)."""
    with _interruptible() as stopped:  # Ctrl-C from here on returns the result so far
        rounds = parse_rounds(rounds)
        workers = check_workers(workers, scheduler)
        if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
            raise SimulationError(f"chunk {chunk!r}: give a whole number of rounds per chunk, at least 1")
        if seed is not None and not is_seed(seed):
            raise SimulationError(f"seed {given(seed)}: give a whole number from {-MOST_SEED:,} to {MOST_SEED:,}")
        loaded = load_game(game, rules, engine=engine)
        _check_progress_and_timeouts(progress, connect_timeout=connect_timeout, worker_timeout=worker_timeout,
                                     chunk_timeout=chunk_timeout)
        per_table = min(chunk, rounds)  # the most rounds any table of the run deals
        _check_new_dealer(loaded, new_dealer_every, per_table)
        seats = seats or {1: {loaded.info.wagers[0]: default_wager(loaded.rules)}}
        if isinstance(seats, Mapping):  # the amounts exactly; seats of any other shape are new_round's to refuse
            seats = {s: {n: _amount(n, a) for n, a in w.items()} if isinstance(w, Mapping) else w
                     for s, w in seats.items()}
        loaded.new_round(seats, seed=0)  # a bad seat or wager is an error here, before any worker starts
        chosen = get_strategy(game, strategy, loaded.rules)
        said = loaded.info.simulation_notes  # asked before a round is dealt: a hook that fails costs no run
        notes = resolved(said)(loaded.rules, seats, chosen.name, per_table) if said is not None else ()
        top_payout = resolved(loaded.info.top_payout) if loaded.info.top_payout is not None else None
        seated_tops = {name: _swing(top_payout, loaded.rules, name, min(w[name] for w in seats.values() if name in w))
                       for name in {n for w in seats.values() for n in w}} if top_payout is not None else {}
        seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        deal = Deal(game, loaded.rules, seats, chosen.name, engine, chunk=chunk, new_dealer_every=new_dealer_every)
        if progress is not None:
            progress(0, rounds)
        started, why = time.perf_counter(), ""
        try:
            if scheduler is not None:
                tally, workers = run_on_dask(deal, seed, rounds, scheduler, workers, stopped, progress,
                                             connect_timeout, worker_timeout, chunk_timeout)
            elif workers > 1 and chunk_count(rounds, chunk) > 1:
                workers = min(workers, chunk_count(rounds, chunk))  # no more processes than chunks: as many reported
                tally = run_in_processes(deal, seed, rounds, workers, stopped, progress, chunk_timeout)
            else:
                workers = 1  # one chunk: dealt here, by this process alone
                tally = _run_here(deal, seed, rounds, stopped, progress)
        except ChunkOverdue as late:
            tally, why, workers = late.tally, str(late), late.workers or workers
    rules_name = str(rules) if rules is not None and not hasattr(rules, "__attrs_attrs__") else None
    return SimulationResult(game, loaded.spec.section, chosen.name, rules_name, seats, seed, workers, rounds,
                            tally, time.perf_counter() - started, loaded.info.wagers, loaded.rules,
                            getattr(chosen, "note", ""), notes, scheduler, new_dealer_every, why, top_payout,
                            seated_tops)


def _check_progress_and_timeouts(progress: Any, **seconds: Any) -> None:
    """``progress`` a function and each timeout a number of seconds above 0: else one line."""
    if progress is not None and not callable(progress):
        raise SimulationError(f"progress is a function called with (rounds done, rounds), not {given(progress)}")
    for name, value in seconds.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
            raise SimulationError(f"--{name.replace('_', '-')} {given(value)}: give a number of seconds above 0")


def _swing(top_payout: Callable[[Any, str, Any], Any], rules: Any, name: str, amount: Any) -> int | None:
    """The most one round can swing a wager ``name`` of ``amount``, in cents: its top payout (``GameInfo.top_payout``)
    and the amount it would else have lost; None where the game declares none."""
    top = top_payout(rules, name, amount)
    return in_cents(top + amount) if top is not None else None


def _check_new_dealer(game: Any, every: Any, per_table: int) -> None:
    """``new_dealer_every``: None, or a whole number of rounds for a game whose tables have a new dealer's burn under
    its Rules, fewer than a table deals (``per_table``: the rounds asked, or a chunk's, each dealt at a fresh table
    where the count starts again)."""
    if every is None:
        return
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise SimulationError(f"--new-dealer-every {every!r}: give a whole number of rounds, at least 1")
    refused = game.new_dealer_refused("--new-dealer-every")
    if refused:
        raise SimulationError(refused)
    if every >= per_table:
        raise SimulationError(f"--new-dealer-every {every:,}: a table deals at most {per_table:,} rounds here (the "
                              "rounds asked, or a chunk's, each chunk at a fresh table where the count starts again), "
                              "so no new dealer would come: give fewer rounds")


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
