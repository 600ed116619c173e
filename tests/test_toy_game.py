"""A game of another distribution (tests/toy_game: casino-high-card, a machine file and a registry module,
installed for the whole suite through its entry point) runs through every surface of the package with no edit
to it: step-by-step play, the diagram, trace, a log and its replay, simulation, the new dealer's burn and
``edge``, and the command line (docs/adding-a-game.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pa_table_games import Shoe
from pa_table_games.errors import IllegalAction
from pa_table_games.games import GAMES, load_game
from pa_table_games.runtime.view import places_moved

@pytest.fixture(scope="module")
def game():
    """The toy game, found through its distribution's entry point."""
    assert GAMES["high-card"] == "casino_high_card"
    return load_game("high-card")


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


def test_the_walk_through_draws_each_card_where_it_last_went(game):
    """The toy game shows no layout of its own: the walk-through page draws its table from the card moves
    (``places_moved``): the dealer's card face down, then face up where it lies once turned, and the table bare once
    every card went to the discard rack."""
    rnd = game.new_round({1: {"high_card": 10}, 3: {"high_card": 5}}, shoe=Shoe.stacked("9S KD 5H")).advance()
    players = [("seat 1", [("9S", True)]), ("seat 3", [("KD", True)])]
    assert places_moved(rnd) == [*players, ("dealer", [("5H", False)])]
    rnd.act("stand")
    rnd.act("stand")
    rnd.step()
    assert rnd.state == "dealer_card_turned" and places_moved(rnd) == [*players, ("dealer", [("5H", True)])]
    rnd.advance()
    assert rnd.is_over and places_moved(rnd) == []


def test_a_refusal_names_the_subsection(game):
    no_double = load_game("high-card", rules=type(game.rules)(double=False))
    rnd = no_double.new_round({2: {"high_card": 10}}, shoe=Shoe.stacked("9S KD")).advance()
    with pytest.raises(IllegalAction, match=r"allowed only when the Rules allow a player to double"):
        rnd.act("double")


def test_a_double_past_the_table_maximum_is_not_offered(game):
    """The guide's example keeps the table maximum as a guard: a box whose doubled wager would pass it is not offered
    the double, so a strategy that doubles is never refused (before, the action refused it and simulate stopped with
    exit 2); a player typing it is told the condition and its cite."""
    tight = load_game("high-card", rules=type(game.rules)(table_maximum=15))
    rnd = tight.new_round({1: {"high_card": 10}, 2: {"high_card": 5}}, shoe=Shoe.stacked("9S KD 5H")).advance()
    assert [a.name for a in rnd.legal_actions()] == ["stand"]
    with pytest.raises(IllegalAction, match=r"^double: allowed only when doubling the wager keeps it within the table "
                                            r"maximum — § 1\.1\(c\)$"):
        rnd.act("double")
    rnd.act("stand")
    assert [a.name for a in rnd.advance().legal_actions()] == ["stand", "double"]  # seat 2: 10 fits under 15


@pytest.mark.parametrize("engine", ["transitions", "compiled"])
def test_a_decision_that_leaves_its_walk_part_way_leaves_nobody_deciding(game, tmp_path, engine):
    """A machine file may send a decision to a state that has no walk, before every player has decided: there
    nobody decides (the player who just decided is not still shown as deciding), and the walk starts afresh when
    the decision state is entered again."""
    source = Path(game.spec.path).read_text(encoding="utf-8")
    double = ('  - {trigger: double, by: player, source: players_deciding, dest: players_deciding, cite: ["(c)"], '
              'ends_turn: true,')
    assert source.count(double) == 1
    machine = tmp_path / "high_card.yaml"
    machine.write_text(source.replace(double, double.replace("dest: players_deciding", "dest: cards_dealt")
                                      .replace(" ends_turn: true,", "")), encoding="utf-8")
    edited = load_game("high-card", machine=machine, engine=engine)
    rnd = edited.new_round({1: {"high_card": 10}, 3: {"high_card": 5}}, shoe=Shoe.stacked("9S KD 5H")).advance()
    assert rnd.deciding() == (1, 0)
    rnd.act("double")
    assert rnd.state == "cards_dealt" and rnd.deciding() is None and rnd.legal_names() == ()
    rnd.advance()
    assert rnd.state == "players_deciding" and rnd.deciding() == (1, 0)


def test_the_diagram_and_trace_come_from_its_machine_file(game):
    from pa_table_games.review.diagram import to_dot
    from pa_table_games.review.trace import trace

    assert "Players stand or double" in to_dot(game.spec)
    assert trace(game.spec).summary == "6 of 6 subsections encoded, 0 waived, 0 unmapped"


def test_simulation_prices_the_toy_wager(game):
    from pa_table_games.simulation.simulate import simulate

    edge = simulate("high-card", 4_000, seats={1: {"high_card": 10}}, seed=1).tally.edge("high_card")
    assert edge.rounds == 4_000
    low, high = edge.ci95
    assert low < 0 < high  # an even game: a higher card wins even money, a tie pushes


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """The command line as a casino's developer runs it with the plugin installed (in a folder of its own)."""
    site = tmp_path_factory.mktemp("site")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pa_table_games", *args], cwd=site, env=dict(os.environ),
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
    assert traced.returncode == 0 and "6 of 6 subsections encoded" in traced.stdout, traced.stderr
    simulated = run("simulate", "high-card", "--rounds", "1000", "--seed", "2", "--seat", "1:high_card=10")
    assert simulated.returncode == 0 and "high_card" in simulated.stdout, simulated.stderr


def test_rounds_at_one_table_keep_every_card_and_chip(game):
    """Fifty rounds from one shuffled deck: the invariants hold after every transition (the kit's drive)."""
    from pa_table_games.testing import drive

    table = game.new_table(seed=11)
    for n in range(50):
        rnd = game.new_round({1: {"high_card": 10}, 4: {"high_card": 25}}, table=table)
        drive(rnd, ["double" if n % 3 == 0 else "stand", "stand"])
        assert {s.seat for s in rnd.settlement()} == {1, 4}


class TestWhatThePackageAnswersForAnyGame:
    def test_a_new_dealer_burns_where_the_machine_file_declares_it(self, game):
        """(f): the toy file declares its new dealer's burn (new_dealer: true); a new dealer at the table burns once."""
        assert game.spec.new_dealer_burn.trigger == "burn_for_new_dealer"
        table = game.new_table(seed=5)
        first = table.shoe.next_card()
        table.new_dealer = True
        rnd = game.new_round({1: {"high_card": 10}}, table=table).advance()
        assert [e.trigger for e in rnd.events][:2] == ["burn_for_new_dealer", "deal_cards"]
        assert [m.card for m in rnd.events[0].cards] == [first.code] and not table.new_dealer

    def test_play_and_simulate_bring_a_new_dealer_every_k_rounds(self):
        """--new-dealer-every reads the machine file, so it answers for a game no line of the package names."""
        played = run("play", "high-card", "--seed", "4", "--rounds", "3", "--new-dealer-every", "1", "--strategy", "stand")
        assert played.exit_code == 0, played.output
        assert played.stdout.count("burn_for_new_dealer") == 2  # before rounds 2 and 3
        simulated = run("simulate", "high-card", "--rounds", "300", "--seed", "2", "--new-dealer-every", "5", "--json")
        assert simulated.exit_code == 0 and json.loads(simulated.stdout)["new_dealer_every"] == 5, simulated.output

    def test_every_output_names_its_machine_file_where_it_is(self, game):
        """trace, the review page and the dossier's cover name the plugin's own file, not a machines/ it has not."""
        from pa_table_games.review.page import page
        from pa_table_games.review.trace import to_text, trace

        real = str(game.info.machine_file.resolve())
        assert real.endswith("casino_high_card/high_card.yaml") and game.spec.shown_path == real
        assert f"({real})" in to_text(trace(game.spec)).splitlines()[0]
        assert real in page(game.spec, "high-card") and "machines/high_card.yaml" not in page(game.spec, "high-card")

    def test_help_and_the_rules_line_name_what_it_declares(self):
        """`play -h` and `simulate -h` name its strategy; every run states every Rules option it has."""
        for command in ("play", "simulate"):
            assert "high-card: stand (default)" in " ".join(run(command, "-h").output.split())
        played = run("play", "high-card", "--seed", "1", "--strategy", "stand")
        assert "Rules: positions 5, double yes, table_minimum 1, table_maximum 100000" in played.output

    def test_edge_prices_its_wager_by_a_seeded_simulation_of_its_machine(self):
        """No analyser declared: edge simulates the game's own machine, says so, and gives the 95 % interval."""
        priced = run("edge", "high-card", "--rounds", "4000", "--json")
        assert priced.exit_code == 0, priced.output
        doc = json.loads(priced.stdout)
        assert (doc["wager"], doc["method"], doc["rounds"], doc["placed"]) == ("high_card", "simulated", 4000, 4000)
        low, high = doc["ci95"]
        assert low < 0 < high  # an even game
        again = run("edge", "high_card", "--rounds", "4000", "--json")  # the wager alone names its game
        assert json.loads(again.stdout)["house_edge"] == doc["house_edge"]
        text = run("edge", "high-card", "--rounds", "500").stdout
        assert "simulated, not exact" in text and "95 % interval" in text


def run(*args: str):
    """The command line in this process (the plugin is installed for the whole suite)."""
    from click.testing import CliRunner

    from pa_table_games.cli import main

    return CliRunner().invoke(main, list(args))
