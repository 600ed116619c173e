"""The programs in examples/ run as the README shows them, at a small count (the full counts and their
results are in the README)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_tabular_blackjack_learns_and_prices_its_policy():
    """A few thousand rounds of learning, then the learned policy and basic strategy priced with their
    intervals, beside the exact edge blackjack computes for the default Rules (0.334 %)."""
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "tabular_blackjack.py"), "--train", "3000",
                           "--evaluate", "2000"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"trained on 3,000 rounds: [0-9,]+ states seen", lines[0])
    edge = r" house edge +-?[0-9.]+ % \(95 % interval -?[0-9.]+ % to -?[0-9.]+ %\) over 2,000 rounds"
    assert re.fullmatch("learned        " + edge, lines[1]) and re.fullmatch("basic strategy " + edge, lines[2])
    assert lines[3] == "edge blackjack  house edge   0.334 % (exact, basic strategy, continuous shuffle)"


@pytest.mark.parametrize("args", [["--train", "0"], ["--train", "-5"], ["--evaluate", "1"]])
def test_tabular_blackjack_refuses_too_few_rounds(args):
    """Argparse's one usage error, exit 2: before, --evaluate 0 divided by zero (a traceback) and --train -5 'trained
    on -5 rounds'."""
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "tabular_blackjack.py"), *args], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "give at least" in done.stderr and "Traceback" not in done.stderr
