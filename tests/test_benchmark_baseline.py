"""The benchmark's baseline is the same game: ``make bench`` compares speeds only after checking that
the plain hand-written loop nets what the compiled runner nets for the same seed and rounds; and the runners
the targets compare are measured in turn (nothing here is timed against a figure)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.__main__ import in_turn, same_game  # noqa: E402  (the checkout's benchmarks folder)


def test_the_plain_loop_nets_what_the_compiled_runner_nets():
    # 3,000 rounds of one seat pass the cover card dozens of times at six decks: every reshuffle is compared too
    assert same_game(3000)


def test_the_compared_runners_are_measured_in_turn_and_their_medians_kept():
    """(a), (c), (e) and the busier tables run a, b, a, b, a, b, each with the rounds its first run settled on (after
    one untimed run that makes what is made once), so a drift of the machine over the sitting falls on both sides of
    a ratio."""
    calls = []

    def runner(label):
        def run(n):
            calls.append((label, n))
            sum(range(2000))  # some CPU time, so every run has a rate
        return run

    judged = in_turn({"a": (runner("a"), 5), "b": (runner("b"), 7)}, seconds=0.0, times=3)
    assert calls == [("a", 5), ("a", 5), ("b", 7), ("b", 7)] + [("a", 5), ("b", 7)] * 2  # first: made, then timed
    assert judged["a"][0] == 5 and judged["b"][0] == 7 and judged["a"][1] > 0
