"""A game declared entirely under tests/ (tests/toy_game: a machine file and a registry module) runs
through every surface of the package with no edit to it: step-by-step play, the diagram, trace, a log
and its replay, simulation, and the command line through an entry point (docs/adding-a-game.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pa_table_games import Shoe
from pa_table_games.errors import IllegalAction
from pa_table_games.games import ENTRY_POINT_GROUP, forget_game, load_game, register_game

from tests.toy_game import INFO

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game():
    """The toy game, known to this process while this module's tests run (other tests list every game)."""
    register_game(INFO)
    yield load_game("high-card")
    forget_game("high-card")


def test_a_stacked_round_step_by_step(game):
    rnd = game.new_round({1: {"high_card": 10}, 3: {"high_card": 5}}, shoe=Shoe.stacked("9S KD 5H"))
    rnd.check_invariants()
    rnd.advance()
    assert rnd.state == "players_deciding"
    assert [(a.seat, a.name) for a in rnd.legal_actions()] == [(1, "stand"), (1, "double")]
    with pytest.raises(IllegalAction, match="seat 1 hand 1 decides now, not seat 3 hand 1"):
        rnd.act(seat=3, name="stand")
    rnd.act("double")
    rnd.check_invariants()
    rnd.act("stand")
    rnd.advance()
    rnd.check_invariants()
    assert rnd.is_over
    # (b): seat 1 then seat 3 from the dealer's left, the dealer's card face down
    deal = next(e for e in rnd.events if e.trigger == "deal_cards")
    assert [(m.card, m.to, m.face_up) for m in deal.cards] == [("9S", "seat 1", True), ("KD", "seat 3", True),
                                                               ("5H", "dealer", False)]
    # (d) (e): settled from the dealer's right; 9 and K beat 5
    assert [(s.seat, s.outcome, s.net) for s in rnd.settlement()] == [(3, "win", 5), (1, "win", 20)]
    assert all(s.cite == "§ 1.1(d)" for s in rnd.settlement())


def test_a_refusal_names_the_subsection(game):
    no_double = load_game("high-card", rules=type(game.rules)(double=False))
    rnd = no_double.new_round({2: {"high_card": 10}}, shoe=Shoe.stacked("9S KD")).advance()
    with pytest.raises(IllegalAction, match=r"allowed only when the Rules allow a player to double"):
        rnd.act("double")


def test_the_diagram_and_trace_come_from_its_machine_file(game):
    from pa_table_games.review.diagram import to_dot
    from pa_table_games.review.trace import trace

    assert "Players stand or double" in to_dot(game.spec)
    assert trace(game.spec).summary == "5 of 5 subsections encoded, 0 waived, 0 unmapped"


def test_simulation_prices_the_toy_wager(game):
    from pa_table_games.simulation.simulate import simulate

    edge = simulate("high-card", 4_000, seats={1: {"high_card": 10}}, seed=1).tally.edge("high_card")
    assert edge.rounds == 4_000
    low, high = edge.ci95
    assert low < 0 < high  # an even game: a higher card wins even money, a tie pushes


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """The command line in a folder where a distribution declares the toy game as an entry point."""
    site = tmp_path_factory.mktemp("site")
    dist = site / "casino_high_card-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: casino-high-card\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nhigh-card = tests.toy_game\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pa_table_games", *args], cwd=site, env=env,
                              capture_output=True, text=True, timeout=300)
    return run, site


@pytest.mark.slow  # a fresh Python per command, through a real entry point: a heavy check, `make test-long`
def test_the_command_line_plays_logs_and_replays_it(cli):
    run, site = cli
    assert "high-card" in run("list").stdout
    played = run("play", "high-card", "--shoe", "9S KD 5H", "--seat", "1:high_card=10", "--seat", "2:high_card=10",
                 "--actions", "stand,double", "--json")
    assert played.returncode == 0, played.stderr
    doc = json.loads(played.stdout)
    assert [(s["seat"], s["outcome"], s["net"]) for s in doc["settlement"]] == [(2, "win", 20), (1, "win", 10)]
    logged = run("play", "high-card", "--seed", "3", "--seat", "1:high_card=10", "--actions", "stand",
                 "--log", "round.jsonl")
    assert logged.returncode == 0, logged.stderr
    replayed = run("replay", "round.jsonl")
    assert replayed.returncode == 0 and "conform" in replayed.stdout, replayed.stdout + replayed.stderr


@pytest.mark.slow  # a fresh Python per command, through a real entry point: a heavy check, `make test-long`
def test_the_command_line_draws_traces_and_simulates_it(cli):
    run, site = cli
    drawn = run("diagram", "high-card", "--out", "drawn")
    assert drawn.returncode == 0, drawn.stderr
    assert "Players stand or double" in (site / "drawn" / "high_card.dot").read_text()
    traced = run("trace", "high-card")
    assert traced.returncode == 0 and "5 of 5 subsections encoded" in traced.stdout, traced.stderr
    simulated = run("simulate", "high-card", "--rounds", "1000", "--seed", "2", "--seat", "1:high_card=10")
    assert simulated.returncode == 0 and "high_card" in simulated.stdout, simulated.stderr


def test_rounds_at_one_table_keep_every_card_and_chip(game):
    """Fifty rounds from one shuffled deck: the invariants hold after every transition (conftest.drive)."""
    from conftest import drive

    table = game.new_table(seed=11)
    for n in range(50):
        rnd = game.new_round({1: {"high_card": 10}, 4: {"high_card": 25}}, table=table)
        drive(rnd, ["double" if n % 3 == 0 else "stand", "stand"])
        assert {s.seat for s in rnd.settlement()} == {1, 4}
