"""``make bench`` / ``python -m benchmarks``: how fast rounds are dealt, from one run on one core.

A benchmark, not a test: it prints a table and asserts nothing. Every single-process figure
is rounds per CPU-second of the process that deals (``time.process_time``), so other work on the
machine disturbs it less than wall-clock time would; the ``--workers`` comparison is wall
clock, since it measures parallelism. The runners the targets compare, (a), (c), (e), the busier tables and the
same tables dealt by the code of cc76a2a before the fast path (:mod:`.before`, each run a fresh process), are
measured after the others, each :data:`TIMES` times, taken in turn, and their medians compared. Blackjack under
its default Rules, one seat with a Blackjack Wager of 10 and no optional wagers, the player standing on 17
(``stand17``):

(a) the fast path as ``simulate`` uses it (the round function generated from the machine, no event log), and the
    compiled runner (the rule generated per state, fired through the round's hooks) without and with the event log;
(b) the transitions engine through the Round API (``advance``/``act``), and the same with
    the interactive snapshot (``atomic=True``), then so at the busiest table of :mod:`.scenarios`;
(c) a plain hand-written loop dealing the same game from the same shoe (``plain.py``),
    checked to give the same net as (a) for the same seed;
(d) gymnasium's ``Blackjack-v1`` episodes per second with the same policy, if installed
    (``pip install -e '.[bench]'``; an infinite deck, so not the same game);
(e) OpenSpiel's ``blackjack`` (a C++ game driven from Python, one deck shuffled each episode,
    so not the same game either) with the same policy, if its wheel installs here
    (``pip install -e '.[bench-openspiel]'``);
(f) this game as a Gymnasium environment, ``pa_table_games/Blackjack-v0`` (``pa_table_games.rl``, the
    interactive engine through ``reset``/``step``, the ``stand17`` table read from the observation),
    rounds per second beside (d), if the extra ``rl`` is installed (``make`` installs it).

Then the fast path with ``basic``; stand17 before the fast path; the busier tables of :mod:`.scenarios`, each as a
ratio to (c) and to that ratio before the fast path; what one round of (a) costs in machine instructions
(valgrind's callgrind, when installed: the steadier figure) and in Python function calls, and the share of the
per-round time the target allows that making the round's objects alone takes; ``simulate --workers 2``
against one worker; and the time of the exact answer beside them: ``edge blackjack`` (the house edge under
continuous shuffle by card removal, no rounds dealt) warm, with the dealer tables in the user cache
(``~/.cache/pa-table-games``), and cold (``PA_TABLE_GAMES_CACHE=off``), each a fresh process.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from benchmarks import before, scenarios
from benchmarks.plain import plain_stand17
from pa_table_games import load_game
from pa_table_games.games import game_info
from pa_table_games.runtime.round import Unrecorded
from pa_table_games.simulation.chunks import Deal, deal_rounds, deal_tally
from pa_table_games.simulation.simulate import simulate
from pa_table_games.strategies import get_strategy

SEATS = {1: {"blackjack": 10.0}}
#: the busier table dealt by the interactive engine too (guards read through views: what a developer's play costs)
BUSY = "seven seats, every optional wager"
#: issue 31: twice OpenSpiel's C++ blackjack per core, about 0.45 of the plain loop, in at most 60,000 instructions
TARGETS = {"plain": 0.45, "openspiel": 2.0, "instructions": 60_000, "gymnasium": 5.0, "workers": 1.7}
#: how many runs of each compared runner, taken in turn, give its median
TIMES = 3
#: the table's rows, in the order printed
ROWS = {"fast": "(a) fast path, stand17, no event log (simulate)",
        "compiled": "    compiled runner, stand17, no event log",
        "logged": "    compiled runner, stand17, event log kept",
        "transitions": "(b) transitions engine, Round API, stand17",
        "atomic": "    transitions engine, interactive (atomic snapshots)",
        "busy": "    the same, seven seats, every optional wager, basic",
        "plain": "(c) plain hand-written loop, same game, same shoe",
        "gym": "(d) gymnasium Blackjack-v1, same policy (episodes)",
        "env": "(f) Gymnasium env pa_table_games/Blackjack-v0, stand17",
        "spiel": "(e) OpenSpiel blackjack (C++), same policy (episodes)",
        "basic": "    fast path, basic strategy (simulate)"}
#: what a row not measured says
MISSING = {"gym": "  (d) gymnasium not installed: `pip install -e '.[bench]'` (make bench does)",
           "env": "  (f) the extra rl is not installed: `pip install -e '.[rl]'` (make installs it)",
           "spiel": "  (e) open_spiel not installed: no wheel installable here for this platform and Python "
                    "(`pip install -e '.[bench-openspiel]'`; make bench tries)"}


def cpu_seconds(run: Callable[[int], object], n: int) -> float:
    """The CPU seconds of ``run(n)``: this process's, or the child's where the run deals in one (:mod:`.before`)."""
    start = time.process_time()
    spent = run(n)
    return spent if isinstance(spent, before.ChildSeconds) else time.process_time() - start


def per_cpu_second(run: Callable[[int], object], seconds: float, first: int = 500) -> tuple[int, float]:
    """Call ``run(n)`` with growing ``n`` until one call takes ``seconds`` of CPU; (rounds, rounds per second). A
    first call of ``first`` rounds is not timed: it makes what is made once (the fast path's state functions)."""
    run(first)
    n = first
    while True:
        spent = cpu_seconds(run, n)
        if spent >= seconds or n >= 50_000_000:
            return n, n / spent
        n = int(n * min(10.0, max(2.0, 1.2 * seconds / max(spent, 1e-3))))


def in_turn(runs: dict[str, tuple[Callable[[int], object], int]], seconds: float, times: int = 3
            ) -> dict[str, tuple[int, float]]:
    """Each run measured ``times`` over, the runs taken in turn (a, b, c, a, b, c ...): (rounds, the median rounds
    per CPU-second). Whatever the machine does over the sitting falls on every run alike, and a ratio of two medians
    is steadier than a ratio of two single runs (a run's rounds: ``per_cpu_second``'s, found the first time)."""
    sizes: dict[str, int] = {}
    rates: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(times):
        for label, (run, first) in runs.items():
            if label not in sizes:
                sizes[label], rate = per_cpu_second(run, seconds, first)
            else:
                rate = sizes[label] / cpu_seconds(run, sizes[label])
            rates[label].append(rate)
    return {label: (sizes[label], statistics.median(rates[label])) for label in runs}


def compiled(strategy: str, log: bool = False, engine: str = "compiled") -> Callable[[int], object]:
    return lambda n: deal_tally(Deal("blackjack", None, SEATS, strategy, engine, log), 1, n)


def fast_path(strategy: str) -> Callable[[int], object]:
    return compiled(strategy, engine="fast")


def instructions_per_round(engine: str, rounds: int = 2000) -> int | None:
    """Machine instructions one round of stand17 costs ``engine`` ("fast", "compiled" or "plain"), counted by
    valgrind's callgrind in fresh processes: (all of ``rounds`` rounds - none) / ``rounds``, each after the same
    2,000 rounds of warm-up (the fast path makes a state's function the first time a round enters it: a rare state's
    making is not counted as the rounds' cost). None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    code = ("import sys; from benchmarks.__main__ import plain, compiled; n = int(sys.argv[2]); "
            "run = plain if sys.argv[1] == 'plain' else compiled('stand17', engine=sys.argv[1]); run(2000); run(n)")

    def count(n: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", code, engine, str(n)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        found = [line for line in done.stderr.splitlines() if "Collected" in line]
        if done.returncode != 0 or not found:
            raise RuntimeError(f"callgrind of {engine} failed: {done.stderr[-300:]}")
        return int(found[-1].split()[-1])
    return (count(rounds) - count(0)) // rounds


def transitions(atomic: bool, seats: dict = SEATS, strategy: str = "stand17") -> Callable[[int], object]:
    def run(n: int) -> None:
        game = load_game("blackjack")
        rounds = deal_rounds(game, game.new_table(seed=1), seats, get_strategy("blackjack", strategy, game.rules),
                             interactive=True, atomic=atomic)
        for _ in range(n):
            next(rounds).settlement()
    return run


def plain(n: int) -> float:
    game = load_game("blackjack")
    return plain_stand17(game.info.new_shoe(game.rules, 1), n, SEATS[1]["blackjack"])


def same_game(n: int = 20_000) -> bool:
    """The plain loop's net equals the compiled runner's for the same seed and rounds."""
    cents = deal_tally(Deal("blackjack", None, SEATS, "stand17"), 1, n).sums["blackjack"][1]  # the tally counts cents
    return round(plain(n) * 100) == cents


def calls_per_round(rounds: int = 2000) -> Counter:
    """Python function calls per round of (a), by kind: registered "guard" and "action", and "other"."""
    kinds = {e.fn.__code__: e.kind for e in game_info("blackjack").registry.entries()}
    counts: Counter = Counter()

    def count(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            counts[kinds.get(frame.f_code, "other")] += 1

    deal = Deal("blackjack", None, SEATS, "stand17", "fast")
    sys.setprofile(count)
    try:
        deal_tally(deal, 1, rounds)
    finally:
        sys.setprofile(None)
    return Counter({kind: n / rounds for kind, n in counts.items()})


def ns_per_call(calls: int = 2_000_000) -> float:
    """CPU nanoseconds of one Python call of a function reading one attribute, as a guard does at least."""
    class Round:
        state = "player_decisions"

    def guard(rnd: Round) -> bool:
        return rnd.state == "player_decisions"

    rnd, start = Round(), time.process_time()
    for _ in range(calls):
        guard(rnd)
    return (time.process_time() - start) * 1e9 / calls


def us_to_make_round(rounds: int = 200_000) -> float:
    """CPU microseconds to make one simulated round of (a) before its first card, as ``deal_rounds`` makes each
    round after the first (the round, its layout and its wagers, placed again as checked): what the round's objects
    cost whatever the engine then does with them."""
    game = load_game("blackjack")
    table = game.new_table(seed=1)
    checked = Unrecorded(game, table, SEATS, record="totals").checked_wagers()
    start = time.process_time()
    for _ in range(rounds):
        Unrecorded(game, table, SEATS, record="totals", checked=checked)
    return (time.process_time() - start) * 1e6 / rounds


def gymnasium_episodes() -> Callable[[int], object] | None:
    try:
        import gymnasium
    except ImportError:
        return None
    env = gymnasium.make("Blackjack-v1")
    env.reset(seed=1)

    def run(n: int) -> None:
        for _ in range(n):
            obs, _ = env.reset()
            done = False
            while not done:
                obs, _, terminated, truncated, _ = env.step(1 if obs[0] < 17 else 0)
                done = terminated or truncated
    return run


def rl_rounds() -> Callable[[int], object] | None:
    """``pa_table_games/Blackjack-v0`` through ``gymnasium.make``, the stand17 table as a policy; every round
    counted, those ``reset`` plays through (a dealer Blackjack at the peek) included."""
    try:
        import gymnasium
        import pa_table_games.rl  # noqa: F401  (registers the environments)
        from pa_table_games.rl.policies import table_policy
    except ImportError:
        return None
    env = gymnasium.make("pa_table_games/Blackjack-v0")
    policy = table_policy(env, "stand17")
    env.reset(seed=1)

    def run(n: int) -> None:
        dealt = 0
        while dealt < n:
            obs, info = env.reset()
            dealt += len(info["settled_before"]) + 1
            done = False
            while not done:
                obs, _, done, _, info = env.step(policy(obs, info["action_mask"]))
    return run


def openspiel_episodes() -> Callable[[int], object] | None:
    """OpenSpiel's blackjack with the same policy (hit below 17); chance nodes draw a card uniformly."""
    try:
        import pyspiel
    except ImportError:
        return None
    game, draw = pyspiel.load_game("blackjack"), random.Random(1).choice

    def run(n: int) -> None:
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(draw(state.legal_actions()))
                else:
                    state.apply_action(0 if state.get_best_player_total(0) < 17 else 1)  # 0 Hit, 1 Stand
    return run


def edge_seconds(cache: bool) -> float:
    """CPU seconds of ``pa-table-games edge blackjack`` in a fresh process (the children's CPU time);
    ``cache`` False runs it with ``PA_TABLE_GAMES_CACHE=off``, computing every dealer table."""
    env = dict(os.environ) if cache else {**os.environ, "PA_TABLE_GAMES_CACHE": "off"}
    before = os.times()
    subprocess.run([sys.executable, "-m", "pa_table_games", "edge", "blackjack"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def verdict(ratio: float, target: float) -> str:
    return f"target >= {target:.3g}: {'holds' if ratio >= target else 'does NOT hold'}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (default 2)")
    parser.add_argument("--workers-rounds", type=int, default=1_000_000,
                        help="rounds for the --workers comparison; 0 skips it (default 1000000)")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts (valgrind)")
    args = parser.parse_args()
    s = args.seconds
    print(f"Blackjack, default Rules (6 decks, cover card), one seat, no optional wagers; rounds per CPU-second, "
          f"{s:g} s each; (a), (c), (e) and the busier tables, which the targets compare, the median of {TIMES} runs "
          f"taken in turn after the others\n")
    rows: dict[str, tuple[int, float] | None] = {}  # (rounds, rounds per CPU-second) by runner; None: not installed
    for key, run, first, seconds in (("compiled", compiled("stand17"), 500, s),
                                     ("logged", compiled("stand17", log=True), 500, s),
                                     ("transitions", transitions(atomic=False), 100, s),
                                     ("atomic", transitions(atomic=True), 20, s / 2),
                                     ("busy", transitions(True, scenarios.TABLES[BUSY][1], "basic"), 2, s / 2),
                                     ("gym", gymnasium_episodes(), 500, s), ("env", rl_rounds(), 100, s),
                                     ("basic", fast_path("basic"), 500, s)):
        rows[key] = per_cpu_second(run, seconds, first) if run is not None else None
    same = same_game()
    spiel_run = openspiel_episodes()
    with before.old_tree() as tree:  # the tables as cc76a2a dealt them, taken in turn with today's
        tables = {"stand17": ("blackjack", SEATS, "stand17"), **scenarios.TABLES}
        old_runs = {} if tree is None else {f"before: {label}": (before.runner(tree, *table), 20)
                                         for label, table in tables.items()}
        same_before = tree is not None and all(before.same_rounds(tree, *table) for table in tables.values())
        judged = in_turn({"fast": (fast_path("stand17"), 500), "plain": (plain, 5000),
                          **({"spiel": (spiel_run, 500)} if spiel_run else {}),
                          **{label: (scenarios.runner(label), 50) for label in scenarios.TABLES}, **old_runs}, s, TIMES)
    rows.update(fast=judged["fast"], plain=judged["plain"], spiel=judged.get("spiel"))
    print(f"  {'runner':58} {'rounds':>10} {'speed':>14}")
    for key, label in ROWS.items():
        print(MISSING[key] if rows[key] is None else f"  {label:58} {rows[key][0]:>10,} {rows[key][1]:>12,.0f}/s")
    fast, runner, logged, slow, base, gym, env_rate, spiel, basic = (
        rows[key] and rows[key][1] for key in ("fast", "compiled", "logged", "transitions", "plain", "gym", "env",
                                               "spiel", "basic"))
    print(f"\n  plain loop deals the same game (same net as (a) over 20,000 rounds): {same}")
    print(f"  fast path / compiled runner:   {fast / runner:6.2f}x  (fast path / transitions engine: {fast / slow:.2f}x; "
          f"compiled runner keeping the event log / transitions engine: {logged / slow:.2f}x)")
    print(f"  fast path / plain loop:        {fast / base:6.3f}   ({verdict(fast / base, TARGETS['plain'])})")
    if spiel is not None:
        print(f"  fast path / OpenSpiel:         {fast / spiel:6.3f}x  ({verdict(fast / spiel, TARGETS['openspiel'])}; "
              f"OpenSpiel / plain loop: {spiel / base:.3f})")
    if gym is not None:
        print(f"  fast path / gymnasium:         {fast / gym:6.2f}x  ({verdict(fast / gym, TARGETS['gymnasium'])})")
    if env_rate is not None and gym is not None:
        print(f"  Gymnasium envs, rounds/s: pa_table_games/Blackjack-v0 {env_rate:,.0f} (the regulated round, "
              f"one shoe to the cover card) | Blackjack-v1 {gym:,.0f} (infinite deck): {env_rate / gym:.3f}x")
    print(f"  side by side, rounds/s: fast path {fast:,.0f} | compiled runner {runner:,.0f} | plain loop {base:,.0f} | "
          "gymnasium " + (f"{gym:,.0f}" if gym else "not installed") + " | OpenSpiel "
          + (f"{spiel:,.0f}" if spiel else "not installed"))
    print(f"  basic strategy: {basic:,.0f} rounds/s on one core (a billion rounds: "
          f"{1e9 / basic / 3600:,.1f} core-hours; 1e8 rounds on 16 such cores: {1e8 / basic / 16 / 60:,.1f} min)")
    if old_runs:
        was = judged["before: stand17"][1]
        print(f"\n  before the fast path ({before.COMMIT}'s compiled runner, the same rounds, measured in this run), "
              f"stand17: {was:,.0f}/s, {was / base:.4f} of (c); the fast path now {fast / was:.2f}x that\n  "
              + ("each table below and stand17 net, wager by wager, what they net today over 300 rounds"
                 if same_before else "NOT the same rounds: a table nets otherwise today, so these multiples compare "
                 "different games"))
    print("\n  the busier tables (fast path), rounds/s and ratio to (c); that ratio before the fast path ("
          + (f"{before.COMMIT}, measured in this run" if old_runs else
             f"no git tree of {before.COMMIT} here: the ratios recorded on the 2-core machine") + "); the multiple:")
    for label in scenarios.TABLES:
        rate = judged[label][1]
        ratio = rate / base
        was = judged[f"before: {label}"][1] / base if old_runs else scenarios.BEFORE[label]
        multiple = ratio / was
        print(f"  {label:46} {rate:9,.0f}/s  {ratio:.4f} (before {was:.4f}): {multiple:.2f}x "
              f"({verdict(multiple, scenarios.WANTED[label])})")
    if not args.no_callgrind:
        counts = {engine: instructions_per_round(engine) for engine in ("fast", "compiled", "plain")}
        if counts["fast"] is None:
            print("\n  instructions per round: valgrind not installed (`apt-get install valgrind`)")
        else:
            print(f"\n  instructions per round (callgrind, stand17): fast path {counts['fast']:,} | compiled runner "
                  f"{counts['compiled']:,} | plain loop {counts['plain']:,}; target at most {TARGETS['instructions']:,}: "
                  f"{'holds' if counts['fast'] <= TARGETS['instructions'] else 'does NOT hold'}")
    calls = calls_per_round()
    budget = 1e6 / (base * TARGETS["plain"])
    print(f"\n  one round of (a) makes {sum(calls.values()):.0f} Python function calls ({calls['guard']:.0f} registered "
          f"guards, {calls['action']:.0f} actions: the rest are spliced) in {1e6 / fast:.1f} us;")
    print(f"  at {TARGETS['plain']:g} of (c) it would have {budget:.1f} us; one call of a function reading one attribute "
          f"takes {ns_per_call():.0f} ns here;")
    made = us_to_make_round()
    print(f"  making the round's objects alone (round, layout, wagers), before its first card: {made:.1f} us, "
          f"{made / budget:.0%} of that budget")
    edge_seconds(cache=True)  # the first run fills the cache if it is empty
    warm, cold = edge_seconds(cache=True), edge_seconds(cache=False)
    needed = (1.96 * 1.15 / 0.0001) ** 2  # rounds for a 95 % interval of +-0.01 % (sd per round about 1.15)
    print(f"\n  exact edge (`edge blackjack`, fresh process, CPU): warm {warm:.1f} s, cold {cold:.1f} s "
          f"(PA_TABLE_GAMES_CACHE=off); simulating to +-0.01 % (95 %) with basic strategy: "
          f"{needed:.1e} rounds, {needed / basic / 3600:,.1f} core-hours")
    if args.workers_rounds:
        n = args.workers_rounds
        one = simulate("blackjack", n, seed=1, strategy="stand17", seats=SEATS, workers=1)
        two = simulate("blackjack", n, seed=1, strategy="stand17", seats=SEATS, workers=2)
        speedup = two.rounds_per_second / one.rounds_per_second
        print(f"\n  simulate --rounds {n:,} (wall clock, {os.cpu_count()} cores): --workers 1 "
              f"{one.rounds_per_second:,.0f}/s, --workers 2 {two.rounds_per_second:,.0f}/s: "
              f"{speedup:.2f}x ({verdict(speedup, TARGETS['workers'])})")


if __name__ == "__main__":
    main()
