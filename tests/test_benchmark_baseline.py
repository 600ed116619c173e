"""The benchmark's baseline is the same game: ``make bench`` compares speeds only after checking that
the plain hand-written loop nets what the compiled runner nets for the same seed and rounds."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.__main__ import same_game  # noqa: E402  (the checkout's benchmarks folder)


def test_the_plain_loop_nets_what_the_compiled_runner_nets():
    # 3,000 rounds of one seat pass the cover card dozens of times at six decks: every reshuffle is compared too
    assert same_game(3000)
