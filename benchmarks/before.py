"""The tables as they were dealt before the fast path: the code of cc76a2a, measured in the same run as today's.

A ratio to the plain loop recorded on one machine need not hold on the next: the plain loop and the old compiled
runner need not speed up alike from one CPU to another (on a later machine than the 2-core one of the recorded
figures, cc76a2a's ratios came out 5 to 10 % lower: seven seats 0.0018 against 0.0020). So
``make bench`` unpacks the package and machine files of :data:`COMMIT` from git into a temporary folder and deals
the same rounds with them (the same seed, seats, wagers and strategy; the same interpreter and packages), taken in
turn with today's runs. Each run is a fresh process that puts the old tree first on its path, deals ``WARM``
rounds untimed (the old runner compiles a state's rule the first time a round enters it), then the timed rounds:
its own CPU seconds are the run's time.

Run as a script, this file is that process: ``python before.py TREE GAME SEATS STRATEGY ROUNDS`` (``SEATS`` as
JSON) prints, as JSON, the CPU seconds the rounds took and the sums of their nets. Nothing at the module's top
imports the project, so the old package is the one imported.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

#: the commit issue 31's work started from: the compiled runner was then the simulation's engine
COMMIT = "cc76a2a"
#: rounds each run deals untimed before the timed ones
WARM = 50
ROOT = Path(__file__).resolve().parent.parent


class ChildSeconds(float):
    """CPU seconds a run spent in its own process (the benchmark's clock does not see a child's time), and the sums
    of the rounds it dealt (:attr:`Tally.sums`: wager name -> [rounds placed, Σ net, ...] in cents)."""

    sums: dict[str, list[int]]


@contextmanager
def old_tree(commit: str = COMMIT, root: Path = ROOT) -> Iterator[Path | None]:
    """The package and machine files of ``commit`` in a temporary folder, removed afterwards; None where git or the
    commit is not there (an installed copy, a shallow clone): the benchmark then prints the recorded ratios."""
    try:
        archive = subprocess.run(["git", "-C", str(root), "archive", commit, "pa_table_games", "machines"],
                                 capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="pa-table-games-before-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            # our own commit's files, and still no path outside the folder (the filter: Python 3.11.4 and later)
            tar.extractall(folder, **({"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}))
        yield Path(folder)


def runner(tree: Path, game: str, seats: dict, strategy: str) -> Callable[[int], ChildSeconds]:
    """``run(n)``: deal ``n`` rounds with the old tree's compiled runner in a fresh process; its CPU seconds."""
    table = json.dumps({str(seat): wagers for seat, wagers in seats.items()})

    def run(n: int) -> ChildSeconds:
        done = subprocess.run([sys.executable, __file__, str(tree), game, table, strategy, str(n)],
                              capture_output=True, text=True, check=True, cwd=tree)
        answer = json.loads(done.stdout)
        spent = ChildSeconds(answer["seconds"])
        spent.sums = answer["sums"]
        return spent
    return run


def same_rounds(tree: Path, game: str, seats: dict, strategy: str, rounds: int = 300) -> bool:
    """Whether today's fast path nets, wager by wager to the cent, what the old tree's runner netted in the same
    ``rounds`` rounds: the two sides of the comparison deal the same game (the six sums the old tally kept)."""
    from pa_table_games.simulation.chunks import Deal, deal_tally
    old = runner(tree, game, seats, strategy)(rounds).sums
    new = deal_tally(Deal(game, None, seats, strategy, "fast"), 1, rounds).sums
    return {name: sums[:6] for name, sums in old.items()} == {name: sums[:6] for name, sums in new.items()}


def deal(tree: str, game: str, table: str, strategy: str, rounds: int) -> dict:
    """In the child: the CPU seconds of ``rounds`` rounds from table seed 1, after ``WARM`` untimed, and their
    sums."""
    import time
    sys.path.insert(0, tree)
    from pa_table_games.simulation.chunks import Deal, deal_tally
    if not Path(sys.modules["pa_table_games"].__file__).is_relative_to(tree):
        raise SystemExit(f"the old tree was not imported: {sys.modules['pa_table_games'].__file__}")
    seats = {int(seat): wagers for seat, wagers in json.loads(table).items()}
    dealt = Deal(game, None, seats, strategy, "compiled")
    deal_tally(dealt, 1, WARM)
    start = time.process_time()
    tally = deal_tally(dealt, 1, rounds)
    return {"seconds": time.process_time() - start, "sums": tally.sums}


if __name__ == "__main__":
    print(json.dumps(deal(*sys.argv[1:5], int(sys.argv[5]))))
