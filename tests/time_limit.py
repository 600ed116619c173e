"""A time limit for code that might never return (a round that never ends, an input that hangs a command):
it fails after the limit instead of stalling the suite. Main thread only (SIGALRM)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def within(seconds: float, message: str, error: type[BaseException] = AssertionError) -> Iterator[None]:
    """Raise ``error(message)`` if the block is still running after ``seconds``."""
    def expire(signum, frame):
        raise error(message)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
