"""Chunks of a simulation dealt on a Dask distributed cluster (``simulate --scheduler``).

An optional extra: ``pip install 'pa-table-games[dask]'`` (``make`` installs it). Every
worker of the cluster needs pa-table-games installed too (the same version: a chunk is
dealt by the worker's copy of the machines and strategies).

Each chunk is one task (:func:`deal_chunk` by chunk index, :mod:`.simulate`); at most a few
tasks per worker thread are outstanding at a time, so a billion rounds (10⁵ chunks) never
sits in the scheduler at once, and the chunk tallies are merged exactly as they arrive, so
the answer is the one a single process gives for the same seed and rounds. Ctrl-C cancels
the tasks not finished and returns the chunks finished so far.

``--scheduler local`` starts a LocalCluster here: one single-threaded worker process per
``--workers`` (default: per core), started with SIGINT blocked so a Ctrl-C in the terminal
reaches only this process, which decides when to stop.

Nothing waits for ever on the network: a scheduler address must answer an ``identity``
request within ``connect`` seconds (default :data:`CONNECT_SECONDS`; Dask's own client
timeout does not cover an endpoint that accepts the connection and never answers), and at
least one worker must have joined within ``workers_within`` seconds (default
:data:`WORKER_SECONDS`); else the run stops with one line naming the address. A worker that joins
and then stops answering is caught by the chunk's own deadline: a chunk that has not come back
within ``chunk_within`` seconds of being sent (default
:data:`~pa_table_games.simulation.chunks.CHUNK_SECONDS`) stops the run with one line and the
result so far (:class:`~pa_table_games.simulation.chunks.ChunkOverdue`); Dask's own worker timeout
did not end such a run within 420 s.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.simulation.chunks import (CHUNK_SECONDS, Deal, SimulationError, children_block_sigint,
                                              chunk_count, deal_chunk, overdue)
from pa_table_games.simulation.tally import Tally

#: Outstanding tasks per worker thread: enough to keep every worker busy between replies.
TASKS_PER_THREAD = 3
#: How long to try to reach a scheduler (and have it answer) before giving up.
CONNECT_SECONDS = 10
#: How long to wait for a first worker to join the cluster before giving up.
WORKER_SECONDS = 60
#: How often those waits ask whether Ctrl-C was pressed.
POLL = 0.2
_STOPPED = object()


def deal_chunk_task(deal: Deal, seed: int, rounds: int, index: int) -> tuple[int, dict, dict]:
    """The task a cluster worker runs: chunk ``index``'s (rounds, sums, rounds by engine)."""
    tally = deal_chunk(deal, seed, rounds, index)
    return tally.rounds, tally.sums, tally.engines


def probe(address: str, seconds: float, stopped: Callable[[], bool] = lambda: False) -> bool:
    """The scheduler at ``address`` answers an ``identity`` request within ``seconds``, else an error
    (whatever is listening there: a silent endpoint, or no Dask scheduler at all); False when ``stopped``
    (Ctrl-C) before it answered, asked every :data:`POLL` seconds."""
    from distributed.comm import connect

    async def ask() -> object:
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def ask_until_stopped() -> object:
        task, deadline = asyncio.ensure_future(ask()), time.monotonic() + seconds
        while not (await asyncio.wait({task}, timeout=POLL))[0]:
            if stopped() or time.monotonic() >= deadline:
                task.cancel()
                if stopped():
                    return _STOPPED
                raise asyncio.TimeoutError
        return task.result()

    try:
        answer = asyncio.run(ask_until_stopped())
        if answer is _STOPPED:
            return False
    except (asyncio.TimeoutError, TimeoutError):
        raise SimulationError(f"--scheduler {address}: cannot connect to a Dask scheduler there "
                              f"(no answer within {seconds:g} s)") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise SimulationError(f"--scheduler {address}: cannot connect to a Dask scheduler there "
                              "(what answers is not a Dask scheduler)")
    return True


def _first_worker(client: Any, scheduler: str, seconds: float, stopped: Callable[[], bool]) -> bool:
    """A worker joined the cluster within ``seconds`` (else an error naming the address); False when ``stopped``
    (Ctrl-C) first, asked every :data:`POLL` seconds."""
    deadline = time.monotonic() + seconds
    while not stopped():
        try:
            client.wait_for_workers(1, timeout=max(min(POLL, deadline - time.monotonic()), 0.01))
            return True
        except (TimeoutError, asyncio.TimeoutError):
            if time.monotonic() >= deadline:
                raise SimulationError(f"--scheduler {scheduler}: no worker joined the cluster within "
                                      f"{seconds:g} s") from None
    return False


def run_on_dask(deal: Deal, seed: int, rounds: int, scheduler: str, workers: int, stopped: Callable[[], bool],
                progress: Callable[[int, int], None] | None, connect: float = CONNECT_SECONDS,
                workers_within: float = WORKER_SECONDS, chunk_within: float = CHUNK_SECONDS) -> tuple[Tally, int]:
    """Deal every chunk on the cluster at ``scheduler`` ("local": a LocalCluster of ``workers``
    processes, or of one per chunk where there are fewer chunks); (the exactly merged tally, partial if stopped;
    the number of worker threads).
    The scheduler must answer within ``connect`` seconds, a worker join within ``workers_within``,
    each chunk come back within ``chunk_within`` of being sent (else ``ChunkOverdue``, with the tally)."""
    cluster = None
    if scheduler != "local":  # no process is started here: Ctrl-C stops the wait (the command's flag)
        try:
            if not probe(scheduler, connect, stopped):
                return Tally(), 0
        except ImportError:
            raise _no_dask(scheduler) from None
        except SimulationError:
            raise
        except Exception as err:  # noqa: BLE001 - any failure to connect is one line naming the address
            raise _cannot_connect(scheduler, err) from None
    # from before Dask starts any thread: its threads keep SIGINT blocked, and the worker
    # processes it starts ignore SIGINT from their first instruction (a Ctrl-C is held back)
    with children_block_sigint():
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise _no_dask(scheduler) from None
        try:
            if scheduler == "local":
                # no more worker processes than chunks, as without Dask: none started to stand idle
                cluster = LocalCluster(n_workers=min(workers, chunk_count(rounds, deal.chunk)), threads_per_worker=1,
                                       processes=True, dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster if cluster is not None else scheduler, timeout=connect)
        except SimulationError:
            raise
        except Exception as err:  # noqa: BLE001 - any failure to connect is one line naming the address
            if cluster is not None:
                cluster.close()
            raise _cannot_connect(scheduler, err) from None
    try:
        if not _first_worker(client, scheduler, workers_within, stopped):
            return Tally(), 0
        threads = sum(client.nthreads().values()) or 1
        return _run(client, deal, seed, rounds, threads, stopped, progress, chunk_within, scheduler), threads
    finally:
        client.close(timeout=connect)
        if cluster is not None:
            _close(cluster, connect)


def _no_dask(scheduler: str) -> SimulationError:
    return SimulationError(f"--scheduler {scheduler}: Dask is not installed; pip install 'pa-table-games[dask]'")


def _cannot_connect(scheduler: str, err: Exception) -> SimulationError:
    why = str(err).splitlines()[0] if str(err).strip() else type(err).__name__
    return SimulationError(f"--scheduler {scheduler}: cannot connect to a Dask scheduler there ({why})")


def _close(cluster: Any, seconds: float) -> None:
    """Close a LocalCluster; a worker process that does not stop by then (stopped, hung) is killed."""
    pids = [getattr(getattr(nanny, "process", None), "pid", None) for nanny in cluster.workers.values()]
    try:
        cluster.close(timeout=seconds)
    except Exception:  # noqa: BLE001 - a worker that would not stop: killed below
        pass
    for child in multiprocessing.active_children():  # this process's own children, still running
        if child.pid in pids:
            child.kill()


def _run(client: Any, deal: Deal, seed: int, rounds: int, threads: int, stopped: Callable[[], bool],
         progress: Callable[[int, int], None] | None, chunk_within: float = CHUNK_SECONDS,
         scheduler: str = "the cluster") -> Tally:
    from distributed import wait

    merged, chunks, next_chunk = Tally(), chunk_count(rounds, deal.chunk), 0
    outstanding = Deadlines(threads)
    try:
        while not stopped() and (outstanding or next_chunk < chunks):
            while next_chunk < chunks and len(outstanding) < TASKS_PER_THREAD * threads:
                outstanding.sent(client.submit(deal_chunk_task, deal, seed, rounds, next_chunk, pure=False), next_chunk)
                next_chunk += 1
            outstanding.tick(time.monotonic())
            try:
                finished = wait(list(outstanding), timeout=0.2, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                finished = ()
            for future in finished:
                outstanding.done(future)
                merged.merge(_tally(future))
            if progress is not None and finished:
                progress(merged.rounds, rounds)
            late = outstanding.late(time.monotonic(), chunk_within)
            if late:
                raise overdue(min(late), f"a worker of the cluster at {scheduler}", chunk_within, merged, threads)
    finally:
        if outstanding:
            client.cancel(list(outstanding))
    return merged


class Deadlines(dict):
    """The chunks sent and not back, in the order sent: ``future -> (chunk index, since when a worker thread could
    take it)``. A few chunks wait at each thread (:data:`TASKS_PER_THREAD`): a chunk's deadline runs once it is among
    the first ``threads`` waiting (:meth:`tick`), not while it is queued behind them."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.threads = threads

    def sent(self, future: Any, index: int) -> None:
        self[future] = (index, None)

    def tick(self, now: float) -> None:
        for future in list(self)[:self.threads]:
            if self[future][1] is None:
                self[future] = (self[future][0], now)

    def done(self, future: Any) -> None:
        del self[future]

    def late(self, now: float, within: float) -> list[int]:
        """The chunks a thread could take more than ``within`` seconds ago."""
        return [index for index, since in self.values() if since is not None and now - since > within]


def _tally(future: Any) -> Tally:
    try:
        done_rounds, sums, engines = future.result()
    except TableGamesError as err:
        raise SimulationError(str(err)) from None
    except Exception as err:  # noqa: BLE001 - a worker's failure, named in one line
        raise SimulationError(f"a cluster worker failed: {type(err).__name__}: {err}") from None
    tally = Tally()
    tally.rounds, tally.sums, tally.engines = done_rounds, sums, engines
    return tally
