"""The suite's time limits: a block's own (``time_limit.within``) and the test's (pytest-timeout, 600 s in
``make test``), both on the one SIGALRM timer."""

from __future__ import annotations

import signal
import time

import pytest

from time_limit import within


def test_a_blocks_limit_gives_the_tests_limit_back():
    """After a ``within`` block the test's own limit runs on, less the time the block took: before, the block
    stopped the timer, and a test hanging after it was never stopped."""
    outer = signal.getitimer(signal.ITIMER_REAL)[0]
    if not outer:
        pytest.skip("run without a per-test time limit (pytest --timeout 0)")
    with within(30, "a block of 0.1 s"):
        time.sleep(0.1)
    left = signal.getitimer(signal.ITIMER_REAL)[0]
    assert outer - 5 < left < outer


def test_a_block_still_running_at_its_limit_fails_naming_it():
    with pytest.raises(AssertionError, match="still dealing"):
        with within(0.2, "still dealing"):
            time.sleep(5)
