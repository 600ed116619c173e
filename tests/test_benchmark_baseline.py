"""The benchmark's baseline is the same game: ``make bench`` compares speeds only after checking that
the plain hand-written loop nets what the compiled runner nets for the same seed and rounds; and the runners
the targets compare are measured in turn (nothing here is timed against a figure); "before the fast path" is the
code of cc76a2a dealing the same rounds in the same run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import before, scenarios  # noqa: E402  (the checkout's benchmarks folder)
from benchmarks.__main__ import in_turn, same_game  # noqa: E402


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


def test_a_run_dealt_in_a_child_process_is_timed_by_the_child():
    """The old tree's rounds are dealt in a fresh process, whose CPU time this process's clock does not see: the
    run's own seconds are its time (here 0.5 s for 10 rounds, whatever this process spent waiting)."""
    def child(n):
        sum(range(2000))
        return before.ChildSeconds(0.5)

    judged = in_turn({"old": (child, 10)}, seconds=0.0, times=3)
    assert judged["old"] == (10, 20.0)


@pytest.mark.skipif(subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{before.COMMIT}^{{commit}}"],
                                   capture_output=True).returncode != 0,
                    reason=f"a copy without the project's history: no commit {before.COMMIT} to unpack")
def test_the_tables_before_the_fast_path_are_dealt_by_the_old_code_in_the_same_rounds():
    """``make bench`` measures "before" in its own run, with the code of cc76a2a unpacked from git (it had no fast
    path): the old package is the one the child imports, it nets what today's fast path nets for the same seed, and
    the folder is gone afterwards."""
    with before.old_tree() as tree:
        assert (tree / "pa_table_games").is_dir() and not (tree / "pa_table_games" / "fastpath").exists()
        seven = scenarios.TABLES["seven seats, every optional wager"]
        spent = before.runner(tree, *seven)(40)
        assert spent > 0 and spent.sums[""][0] == 40
        assert before.same_rounds(tree, *seven, rounds=40)
        assert before.same_rounds(tree, "blackjack", {1: {"blackjack": 10.0}}, "stand17", rounds=200)
    assert not tree.exists()
