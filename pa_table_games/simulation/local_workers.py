"""Chunks of a simulation dealt by local worker processes, which never outlive the simulation.

The parent hands out chunk indices one at a time over a pipe to each worker, so a fast
worker takes more chunks; the chunk tallies are merged exactly, so which worker dealt which
chunk does not change the answer (:mod:`.simulate`).

**Signals.** Ctrl-C in a terminal sends SIGINT to every process of the foreground group,
workers included; only the parent decides when to stop. So:

- The workers are started with SIGINT blocked, a mask a child inherits through fork and exec,
  so no SIGINT reaches a worker from its first instruction (its interpreter's start-up
  included), and the worker then ignores it; the parent holds a Ctrl-C back meanwhile, its
  handler in place (:func:`children_block_sigint`).
- The parent answers SIGINT by sending each worker "stop"; a worker checks its pipe every
  STEP rounds and sends the rounds of its current chunk dealt so far, then exits.
- A worker dies with its parent: on Linux it asks the kernel for SIGKILL when the parent
  dies (``prctl(PR_SET_PDEATHSIG)``); everywhere, the end of its pipe (EOF) stops it at the
  next STEP. Killing the parent (SIGTERM, a supervisor, the OOM killer) ends the workers.

**Deadline.** A chunk handed to a worker must come back within ``chunk_within`` seconds: a worker
stopped (SIGSTOP) or hung is killed, the others stop as on Ctrl-C, and the run ends with the
result so far (:class:`~pa_table_games.simulation.chunks.ChunkOverdue`).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.simulation.chunks import (CHUNK_SECONDS, ChunkOverdue, Deal, SimulationError, children_block_sigint,
                                              chunk_count, deal_chunk, overdue)
from pa_table_games.simulation.tally import Tally

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _die_with_parent(parent: int) -> None:
    """Be killed when the parent dies (Linux), and exit now if it already has."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the pipe's EOF still stops this worker
            pass
    if os.getppid() != parent:
        os._exit(1)


def _worker(conn: Connection, parent: int) -> None:
    """A worker process: (deal, seed, rounds), then chunk indices until None; after each chunk
    ("chunk", index, rounds, sums, rounds by engine); every STEP ("progress", index, done)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # blocked since start-up (inherited); the parent decides when to stop
    _die_with_parent(parent)
    stopping = False

    def stop() -> bool:
        nonlocal stopping
        if not stopping and conn.poll():
            try:
                stopping = conn.recv() is None
            except (EOFError, OSError):  # the parent is gone
                os._exit(1)
        return stopping

    try:
        deal, seed, rounds = conn.recv()
        while not stopping:
            index = conn.recv()
            if index is None:
                break
            report = lambda done, index=index: conn.send(("progress", index, done))  # noqa: E731
            tally = deal_chunk(deal, seed, rounds, index, stop, report)
            conn.send(("chunk", index, tally.rounds, tally.sums, tally.engines))
    except (EOFError, OSError, BrokenPipeError):
        os._exit(1)
    except TableGamesError as err:
        conn.send(("error", 0, str(err)))
    except BaseException as err:  # noqa: BLE001 - reported to the parent, which raises
        conn.send(("error", 0, f"a worker process failed: {type(err).__name__}: {err}"))


def run_in_processes(deal: Deal, seed: int, rounds: int, workers: int, stopped: Callable[[], bool],
                     progress: Callable[[int, int], None] | None, chunk_within: float = CHUNK_SECONDS) -> Tally:
    """Deal every chunk in ``workers`` processes; the exactly merged tally (partial if stopped); a chunk
    not back within ``chunk_within`` seconds stops the run (``ChunkOverdue``, with the tally)."""
    context = multiprocessing.get_context("spawn")  # no fork while a progress thread runs
    pipes, procs = [], []
    with children_block_sigint():  # a Ctrl-C held back meanwhile is handled after
        for _ in range(workers):
            mine, theirs = context.Pipe()
            proc = context.Process(target=_worker, args=(theirs, os.getpid()), daemon=True)
            proc.start()
            theirs.close()
            pipes.append(mine)
            procs.append(proc)
    try:
        return _hand_out(dict(zip(pipes, procs)), deal, seed, rounds, stopped, progress, chunk_within)
    finally:
        for conn in pipes:
            conn.close()
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()


def _hand_out(workers: dict[Connection, Any], deal: Deal, seed: int, rounds: int, stopped: Callable[[], bool],
              progress: Callable[[int, int], None] | None, chunk_within: float = CHUNK_SECONDS) -> Tally:
    merged, chunks, next_chunk, error, late, lost = Tally(), chunk_count(rounds, deal.chunk), 0, None, None, None
    busy: dict[Connection, tuple[int, float]] = {}  # pipe -> (chunk index being dealt, when it was handed out)
    dealing: dict[int, int] = {}  # chunk index -> rounds dealt so far
    open_pipes = set(workers)
    stopping = False

    def give(conn: Connection) -> None:
        nonlocal next_chunk
        if stopping or next_chunk >= chunks:
            _send(conn, None)
            return
        busy[conn], dealing[next_chunk] = (next_chunk, time.monotonic()), 0
        _send(conn, next_chunk)
        next_chunk += 1

    for conn in workers:
        _send(conn, (deal, seed, rounds))
        give(conn)
    while open_pipes:
        for conn, (index, since) in list(busy.items()):
            if time.monotonic() - since > chunk_within:  # a worker stopped or hung: killed, and the run stops
                workers[conn].kill()
                open_pipes.discard(conn)
                del busy[conn], dealing[index]
                late = index if late is None else late
        if (stopped() or error or late is not None or lost is not None) and not stopping:
            stopping = True
            for conn in open_pipes:
                _send(conn, None)
        for conn in wait(list(open_pipes), timeout=0.2):
            try:
                message = conn.recv()
            except (EOFError, OSError):
                open_pipes.discard(conn)
                if conn in busy:  # killed while dealing (out of memory, say): the run stops, what came back is kept
                    index = busy.pop(conn)[0]
                    del dealing[index]
                    lost = index if lost is None else lost
                continue
            kind, index, *rest = message
            if kind == "error":
                error = error or rest[0]
                busy.pop(conn, None)
                continue
            if kind == "progress":
                dealing[index] = rest[0]
            else:
                done = Tally()
                done.rounds, done.sums, done.engines = rest
                merged.merge(done)
                del dealing[index], busy[conn]
                give(conn)
            if progress is not None:
                progress(merged.rounds + sum(dealing.values()), rounds)
    if error is not None:
        raise SimulationError(error)
    if late is not None:
        raise overdue(late, "a worker process", chunk_within, merged)
    if lost is not None:
        raise ChunkOverdue(f"chunk {lost}: the worker process dealing it died without reporting (killed, or out of "
                           f"memory): the run stopped; the result so far is printed", merged)
    return merged


def _send(conn: Connection, message: Any) -> None:
    try:
        conn.send(message)
    except (BrokenPipeError, OSError):  # that worker has gone; its EOF is noticed by the loop
        pass
