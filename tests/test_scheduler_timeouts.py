"""simulate --scheduler never waits for ever: a scheduler must answer within --connect-timeout
(default 10 s) and a worker join within --worker-timeout (default 60 s); else one line, exit 2.

Everything listens on 127.0.0.1 only."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from pa_table_games.simulation import dask_cluster


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
    assert (dask_cluster.CONNECT_SECONDS, dask_cluster.WORKER_SECONDS) == (10, 60)


@pytest.mark.slow  # starts a Dask client in a fresh Python: a heavy check, `make test-long`
def test_a_silent_scheduler_fails_in_one_line_within_the_connect_timeout(silent_endpoint):
    """An endpoint that accepts and never answers: one line naming it, exit 2, after --connect-timeout
    (it hung for ever: Dask's client timeout does not cover a handshake never answered)."""
    result, seconds = simulate("--scheduler", silent_endpoint, "--connect-timeout", "2")
    assert result.returncode == 2, result.stderr
    assert result.stderr == (f"error: --scheduler {silent_endpoint}: cannot connect to a Dask scheduler there "
                             "(no answer within 2 s)\n")


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
