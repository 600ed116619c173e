"""The unit of a simulation's work: a chunk of rounds dealt at one seeded table, and what a worker
process (local or on a Dask cluster) needs to deal it with Ctrl-C held back.

Chunk ``i`` of a run is dealt at a fresh table shuffled from ``chunk_seed(seed, i)``, so ``seed``
and ``rounds`` alone fix the answer however the chunks are spread (see :mod:`.simulate`).
"""

from __future__ import annotations

import hashlib
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Any

from attrs import frozen

from pa_table_games.equipment.table import Table
from pa_table_games.errors import TableGamesError
from pa_table_games.fastpath.purity import WritingGuard
from pa_table_games.games import load_game
from pa_table_games.numbers import NumberError, shown, whole
from pa_table_games.runtime.game import Game
from pa_table_games.money import money
from pa_table_games.runtime.round import Round, Unrecorded
from pa_table_games.strategies import Strategy, get_strategy
from pa_table_games.numbers import MAX_ROUNDS
from pa_table_games.simulation.tally import Tally, initial_by_name

#: Rounds dealt from one seeded table: the unit of work and of reproducibility.
CHUNK = 10_000
#: Rounds between progress reports and Ctrl-C checks.
STEP = 1000
#: How long a chunk handed to a worker (a local process or a cluster's) may take to come back (--chunk-timeout):
#: a chunk deals in about a second (Pai Gow's in ten), and a few wait at each worker thread.
CHUNK_SECONDS = 600


class SimulationError(TableGamesError):
    """A bad ``--rounds``, ``--workers``, ``--scheduler`` or seat for a simulation, or a worker that failed."""


class ChunkOverdue(SimulationError):
    """A chunk handed to a worker gave no result within its deadline: the run stopped there; ``tally``
    holds the rounds dealt by the chunks that came back (the result so far)."""

    def __init__(self, message: str, tally: Tally, workers: int | None = None) -> None:
        super().__init__(message)
        self.tally, self.workers = tally, workers


def overdue(index: int, where: str, seconds: float, tally: Tally, workers: int | None = None) -> ChunkOverdue:
    """The one line saying which chunk did not come back, from where, within how long."""
    return ChunkOverdue(f"--chunk-timeout: chunk {index} handed to {where} gave no result within {seconds:g} s "
                        f"(a worker stopped, hung or unreachable, or slower than that: a worker's first chunk includes its "
                        f"start-up): the run stopped; the result so far is printed",
                        tally, workers)


def parse_rounds(text: str | int) -> int:
    """``100000`` -> 100000 (:func:`pa_table_games.numbers.whole`: the digits 0-9 only); anything else,
    below 1 or above :data:`MAX_ROUNDS` is an error."""
    word = shown(str(text).strip(" \t")) if isinstance(text, str) else repr(str(text))
    try:
        rounds = whole(text, 0, MAX_ROUNDS)
    except NumberError as err:
        if "limit" in err.reason or "range" in err.reason:
            raise SimulationError(f"--rounds {word}: at most {MAX_ROUNDS:,} rounds (10^12) in one run") from None
        raise SimulationError(f"--rounds {word}: {err.reason}, such as 1000000") from None
    if rounds < 1:
        raise SimulationError(f"--rounds {word}: simulate at least 1 round")
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
                log: bool = False, interactive: bool = False, atomic: bool = False,
                record: str = "settlements") -> Iterator[Any]:
    """Rounds played one after another at ``table``, each decision from ``strategy``; yields each finished round.

    By default through ``game.engine.play_out`` (a compiled game; ``log`` keeps the event
    log, else the rounds keep ``record``: ``"settlements"`` or ``"totals"``, and the seats' wagers, checked
    as a player places them at the first round, are placed again unchanged at the next ones).
    ``interactive=True`` plays through the Round API instead (``advance``/``act``, any engine, ``atomic``
    as for an interactive round): the path the differential test compares. A game on the ``transitions`` engine,
    which has no ``play_out``, is always played so."""
    choose = strategy.choose
    if interactive or not hasattr(game.engine, "play_out"):
        while True:
            rnd = game.new_round(seats, table=table, atomic=atomic).advance()
            while not rnd.is_over:
                rnd.act(choose(rnd, rnd.legal_names()))
                rnd.advance()
            yield rnd
    play_out = game.engine.play_out
    if log:
        while True:
            yield play_out(Round(game, table, seats, atomic=False, record="events"), choose)
    first = Unrecorded(game, table, seats, record=record)  # every wager checked once, as a player places it
    checked = first.checked_wagers()
    play_alike = game.engine.player_for(first)  # the rounds after it are made alike: one lookup for all
    yield play_alike(first, choose)
    while True:
        yield play_alike(Unrecorded(game, table, seats, record=record, checked=checked), choose)


@frozen
class Deal:
    """What every chunk deals (picklable: sent to worker processes and cluster workers)."""

    game: str
    rules: Any
    seats: dict
    strategy: str | None
    engine: str = "fast"  # "fast" (the generated round function), "compiled" or "transitions"
    log: bool = False
    chunk: int = CHUNK  # rounds per chunk: part of what fixes the answer
    new_dealer_every: int | None = None  # a new dealer after every N rounds of a table (§ 633a.7(c)); None: never


def deal_tally(deal: Deal, table_seed: int, rounds: int, stop: Callable[[], bool] = lambda: False,
               report: Callable[[int], None] | None = None) -> Tally:
    """Deal ``rounds`` rounds at a table shuffled from ``table_seed`` (fewer if ``stop()`` turns
    true, asked every STEP rounds), ``report(done)`` after every STEP; the tally of those rounds."""
    game = load_game(deal.game, deal.rules, engine=deal.engine)
    strategy = get_strategy(deal.game, deal.strategy, game.rules)
    initial = {(seat, name): money(amount) for seat, wagers in deal.seats.items() for name, amount in wagers.items()}
    interactive = deal.engine == "transitions"
    lean = not deal.log and not interactive  # the rounds keep only the sums the tally reads
    table = game.new_table(seed=table_seed)
    engine = deal.engine
    if engine == "fast" and lean and not _fast_path_covers(game, table, deal.seats):
        engine = "compiled"  # the whole chunk, by the runner the fast path is generated from
        game = load_game(deal.game, deal.rules, engine=engine)
    dealt = deal_rounds(game, table, deal.seats, strategy, log=deal.log,
                        interactive=interactive, record="totals" if lean else "settlements")
    tally = Tally()
    add, add_totals, by_name = tally.add, tally.add_totals, initial_by_name(initial)
    done, every = 0, deal.new_dealer_every
    while done < rounds and not stop():
        step = min(STEP, rounds - done)
        for dealt_here in range(done, done + step):
            if every and dealt_here and dealt_here % every == 0:
                table.new_dealer = True  # who then burns a card before dealing (§ 633a.7(c), § 692.7(c))
            rnd = next(dealt)
            if lean:
                add_totals(by_name, *rnd.totals())
            else:
                add(initial, rnd.settlement())
        done += step
        if report is not None:
            report(done)
    tally.engines[engine if lean or engine == "transitions" else "compiled"] = tally.rounds
    return tally


def _fast_path_covers(game: Game, table: Table, seats: dict[int, dict[str, float]]) -> bool:
    """Whether the fast path can make the round function these rounds need (it can for every game here; a
    game whose code it cannot read is dealt by the compiled runner, a whole chunk at a time)."""
    try:
        game.engine.function(Unrecorded(game, table, seats, record="totals"))
    except WritingGuard:
        raise  # refused, not dealt another way
    except Exception:  # noqa: BLE001 - any other failure to generate: the chunk falls back, and says so in its tally
        return False
    return True


def deal_chunk(deal: Deal, seed: int, rounds: int, index: int, stop: Callable[[], bool] = lambda: False,
               report: Callable[[int], None] | None = None) -> Tally:
    """Chunk ``index`` of a simulation of ``rounds`` rounds seeded ``seed``."""
    return deal_tally(deal, chunk_seed(seed, index), chunk_rounds(rounds, index, deal.chunk), stop, report)


# -- the result ------------------------------------------------------------------------------
@contextmanager
def children_block_sigint() -> Iterator[None]:
    """Processes started inside never see SIGINT: SIGINT is blocked in this thread meanwhile, and a
    child inherits that mask through fork and exec (multiprocessing's spawn and Dask's nannies start
    processes with ``_posixsubprocess``, which hands the parent's mask on), so a worker's interpreter
    starts with SIGINT blocked and the worker ignores it before anything could unblock it; threads
    started inside inherit the block too. A Ctrl-C meanwhile is held back, not lost: it reaches the
    command's handler when the block ends, or at once through a thread that does not block SIGINT.

    The parent's handler stays in place throughout. Setting SIGINT to "ignore" here, as this once
    did, lost a Ctrl-C: a thread started earlier without the block (OpenBLAS starts one when numpy
    is imported, which loading a game does) takes a signal the main thread blocks, and the kernel
    drops a signal that is ignored when it is delivered."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with sigint_blocked():
        # multiprocessing's resource tracker, started by the first process started, unblocks
        # SIGINT in the thread starting it when it is up: start it now, then block again
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        yield


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread, and for good in the threads started inside; a Ctrl-C
    meanwhile is handled when it ends (Python runs signal handlers in the main thread)."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
