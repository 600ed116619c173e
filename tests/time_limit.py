"""A time limit for code that might never return (a round that never ends, an input that hangs a command):
it fails after the limit instead of stalling the suite. Main thread only (SIGALRM)."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def within(seconds: float, message: str, error: type[BaseException] = AssertionError) -> Iterator[None]:
    """Raise ``error(message)`` if the block is still running after ``seconds``. The test's own limit
    (pytest-timeout's, on the same timer) is put back after the block, less the time the block took."""
    def expire(signum, frame):
        raise error(message)

    previous = signal.signal(signal.SIGALRM, expire)
    start = time.monotonic()
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:  # at least a moment left, so that a limit already passed still fires
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - start), 0.001))
