"""simulate --scheduler never waits for ever: a scheduler must answer within --connect-timeout
(default 10 s) and a worker join within --worker-timeout (default 60 s), else one line, exit 2; a
chunk sent to a worker must come back within --chunk-timeout (default 600 s), else the result so far
and one line, exit 1.

Everything listens on 127.0.0.1 only. Without the Dask extra these tests are skipped, saying so."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time

from pathlib import Path

import pytest

from conftest import needs_dask
from pa_table_games.simulation import chunks, dask_cluster


def simulate(*options: str, limit: float = 120):
    """``pa-table-games simulate blackjack --rounds 10 options`` in its own process; (result, seconds)."""
    start = time.monotonic()
    try:
        result = subprocess.run([sys.executable, "-m", "pa_table_games", "simulate", "blackjack", "--rounds", "10",
                                 *options], capture_output=True, text=True, timeout=limit, stdin=subprocess.DEVNULL,
                                env={**os.environ, "PA_TABLE_GAMES_LOG_KEY": ""})
    except subprocess.TimeoutExpired:
        pytest.fail(f"simulate {' '.join(options)}: still waiting after {limit} s")
    return result, time.monotonic() - start


@pytest.fixture
def silent_endpoint():
    """A TCP socket on 127.0.0.1 that accepts every connection and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_the_defaults():
    assert (dask_cluster.CONNECT_SECONDS, dask_cluster.WORKER_SECONDS, chunks.CHUNK_SECONDS) == (10, 60, 600)


@needs_dask
@pytest.mark.slow  # starts a Dask client in a fresh Python: a heavy check, `make test-long`
def test_a_silent_scheduler_fails_in_one_line_within_the_connect_timeout(silent_endpoint):
    """An endpoint that accepts and never answers: one line naming it, exit 2, after --connect-timeout
    (it hung for ever: Dask's client timeout does not cover a handshake never answered)."""
    result, seconds = simulate("--scheduler", silent_endpoint, "--connect-timeout", "2")
    assert result.returncode == 2, result.stderr
    assert result.stderr == (f"error: --scheduler {silent_endpoint}: cannot connect to a Dask scheduler there "
                             "(no answer within 2 s)\n")


@needs_dask
@pytest.mark.slow  # a Dask scheduler started here: a few seconds
def test_a_scheduler_without_workers_fails_in_one_line_within_the_worker_timeout():
    """A real scheduler no worker ever joins: one line, exit 2, after --worker-timeout."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        address = cluster.scheduler_address
        result, _ = simulate("--scheduler", address, "--worker-timeout", "2", "--connect-timeout", "20")
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"error: --scheduler {address}: no worker joined the cluster within 2 s\n"


@pytest.fixture
def stopped_worker(tmp_path):
    """A Dask scheduler and one real worker process (no nanny) on 127.0.0.1; the worker is stopped (SIGSTOP)
    once its log says it has joined: the scheduler still counts it. Yields the scheduler's address."""
    dask = str(Path(sys.executable).with_name("dask"))
    started = []
    try:
        started.append(subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                         "--scheduler-file", str(tmp_path / "scheduler.json")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        worker = subprocess.Popen([dask, "worker", "--scheduler-file", str(tmp_path / "scheduler.json"), "--nthreads",
                                   "1", "--no-nanny", "--no-dashboard"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
        started.append(worker)
        joined = next((line for line in iter(worker.stderr.readline, "") if "Registered to:" in line), "")  # readiness
        assert joined, "the Dask worker ended before joining"
        address = joined.split("Registered to:")[1].strip()
        worker.send_signal(signal.SIGSTOP)
        yield address
    finally:
        for proc in started:
            proc.kill()
            proc.wait(60)


@needs_dask
@pytest.mark.signals
@pytest.mark.slow  # a Dask scheduler and a worker started here: a few seconds
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stopping a process needs SIGSTOP")
def test_a_worker_that_stops_answering_ends_the_run_at_the_chunk_deadline(stopped_worker):
    """A worker joins, then stops (SIGSTOP): the chunk sent to it never comes back, and the run ends with the
    result so far and one line, exit 1, once --chunk-timeout has passed (it waited on: still after 420 s)."""
    result, seconds = simulate("--scheduler", stopped_worker, "--chunk-timeout", "3", "--rounds", "30000", limit=300)
    assert result.returncode == 1, result.stderr
    assert result.stderr == (f"error: --chunk-timeout: chunk 0 handed to a worker of the cluster at {stopped_worker} "
                             "gave no result within 3 s (a worker stopped, hung or unreachable, or slower than that: a worker's "
                             "first chunk includes its start-up): the run stopped; "
                             "the result so far is printed\n")
    assert "(stopped: 0 of 30,000)" in result.stdout and "\ntotal " in result.stdout
    assert seconds >= 3
