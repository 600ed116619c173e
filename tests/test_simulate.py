"""simulate: the house-edge statistics, reproducible seeds and workers, Ctrl-C, and the command."""

from __future__ import annotations

import json
import math
import os
import signal
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.games import load_game
from pa_table_games.tools.simulate import CHUNK, SimulationError, deal_rounds, parse_rounds, simulate, stream_seed
from pa_table_games.strategies import get_strategy
from pa_table_games.tools.tally import Tally


def row(seat: int, wager: str, amount: float, net: float):
    return SimpleNamespace(seat=seat, wager=wager, amount=amount, net=net)


class TestTally:
    def test_house_edge_is_net_over_initial_wager(self):
        """Edge = -(sum of net)/(sum of initial wagers); a double's extra stake is in the net only."""
        tally = Tally()
        initial = {(1, "blackjack"): 10.0}
        for net in (10.0, -10.0, 15.0, -20.0):  # the last one a lost double down (amount 20)
            tally.add(initial, [row(1, "blackjack", 20.0 if net == -20 else 10.0, net)])
        edge = tally.edge("blackjack")
        assert edge.house_edge == pytest.approx(5 / 40)
        units = [1.0, -1.0, 1.5, -2.0]
        mean = sum(units) / 4
        sd = math.sqrt(sum((u - mean) ** 2 for u in units) / 3)
        assert edge.sd == pytest.approx(sd)
        assert edge.ci95 == pytest.approx((0.125 - 1.959963984540054 * sd / 2, 0.125 + 1.959963984540054 * sd / 2))

    def test_wager_placed_during_the_round_counts_its_amount(self):
        """Insurance, placed during the round, has its own amount as the initial wager; the total adds all."""
        tally = Tally()
        initial = {(1, "blackjack"): 10.0}
        tally.add(initial, [row(1, "insurance", 5.0, 10.0), row(1, "blackjack", 10.0, -10.0)])
        tally.add(initial, [row(1, "blackjack", 10.0, 10.0)])
        assert tally.edge("insurance").house_edge == pytest.approx(-2.0)
        assert tally.edge("insurance").rounds == 1
        assert tally.edge("blackjack").house_edge == pytest.approx(0.0)
        assert tally.edge().house_edge == pytest.approx(-10 / 25)

    def test_merging_equals_one_tally(self):
        """Sums from two halves merge to the sums of the whole run."""
        rounds = [[row(1, "blackjack", 10.0, n)] for n in (10.0, -10.0, 0.0, 15.0, -10.0)]
        whole, first, second = Tally(), Tally(), Tally()
        for i, rows in enumerate(rounds):
            whole.add({(1, "blackjack"): 10.0}, rows)
            (first if i < 2 else second).add({(1, "blackjack"): 10.0}, rows)
        assert first.merge(second).edge("blackjack") == whole.edge("blackjack")


class TestParsing:
    @pytest.mark.parametrize("text, rounds", [("100000", 100000), ("100_000", 100000), ("1e6", 10**6), (7, 7)])
    def test_rounds_accepts_plain_and_scientific(self, text, rounds):
        """--rounds takes 100000, 100_000 or 1e6."""
        assert parse_rounds(text) == rounds

    @pytest.mark.parametrize("text", ["0", "-5", "abc", "1.5", "", "1e"])
    def test_bad_rounds_is_an_error(self, text):
        """Zero, negative, fractional or non-numeric rounds are refused."""
        with pytest.raises(SimulationError, match="--rounds"):
            parse_rounds(text)

    def test_worker_seeds(self):
        """One worker uses the seed as given; several get distinct seeds derived from it."""
        assert stream_seed(7, 1, 0) == 7
        seeds = {stream_seed(7, 4, i) for i in range(4)}
        assert len(seeds) == 4 and seeds.isdisjoint({stream_seed(8, 4, i) for i in range(4)})


def stripped(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in ("seconds", "rounds_per_second")}


class TestSimulate:
    def test_result_is_the_sum_over_the_rounds_dealt(self):
        """simulate's net and wagered are the settlement of the same seeded rounds, dealt one by one."""
        result = simulate("blackjack", 300, seed=9, strategy="basic")
        game = load_game("blackjack", engine="compiled")
        rounds = deal_rounds(game, game.new_table(seed=9), {1: {"blackjack": 10.0}},
                             get_strategy("blackjack", "basic", game.rules))
        net = sum(r.net for _ in range(300) for r in next(rounds).settlement())
        total = result.total()
        assert (total.net, total.initial_wagered, result.rounds) == (net, 3000.0, 300)
        assert total.house_edge == pytest.approx(-net / 3000.0)

    def test_same_seed_same_result(self):
        """The same seed gives the same result; another seed another one."""
        a = simulate("blackjack", 200, seed=3, strategy="stand17").to_json()
        b = simulate("blackjack", 200, seed=3, strategy="stand17").to_json()
        c = simulate("blackjack", 200, seed=4, strategy="stand17").to_json()
        assert stripped(a) == stripped(b) != stripped(c)

    def test_two_workers_reproducible_and_complete(self):
        """--workers 2 deals every round once and gives the same answer for the same seed."""
        a = simulate("double-down-madness", 2 * CHUNK + 5, seed=3, workers=2)
        b = simulate("double-down-madness", 2 * CHUNK + 5, seed=3, workers=2)
        assert a.complete and a.rounds == 2 * CHUNK + 5
        assert stripped(a.to_json()) == stripped(b.to_json())

    def test_ctrl_c_returns_the_result_so_far(self):
        """An interrupt stops after the current chunk; the rounds done are reported as incomplete."""
        def interrupt(done, total):
            if done:  # the first report after rounds were dealt: press Ctrl-C
                os.kill(os.getpid(), signal.SIGINT)

        before = signal.getsignal(signal.SIGINT)
        result = simulate("blackjack", 50 * CHUNK, seed=1, strategy="stand17", progress=interrupt)
        assert not result.complete and result.rounds == CHUNK
        assert result.to_json()["complete"] is False
        assert signal.getsignal(signal.SIGINT) is before  # the handler is put back

    def test_ctrl_c_stops_every_worker(self):
        """With --workers 2 an interrupt stops both workers and reports the rounds they finished."""
        def interrupt(done, total):
            if done:
                os.kill(os.getpid(), signal.SIGINT)

        result = simulate("double-down-madness", 100 * CHUNK, seed=1, workers=2, progress=interrupt)
        assert not result.complete and CHUNK <= result.rounds < 100 * CHUNK
        assert result.rounds % CHUNK == 0

    def test_seats_and_optional_wagers_reported_per_wager(self):
        """Every wager placed is reported, main wager first, with the total over all of them."""
        result = simulate("double-down-madness", 200, seed=2,
                          seats={1: {"double_down_madness": 10, "push_22": 5}, 2: {"double_down_madness": 10}})
        assert [w.wager for w in result.wagers()] == ["double_down_madness", "push_22"]
        assert result.total().initial_wagered == 200 * 25

    def test_bad_inputs(self):
        """Workers below 1 and unknown wagers are errors before anything is dealt."""
        with pytest.raises(SimulationError, match="--workers"):
            simulate("blackjack", 10, workers=0)
        with pytest.raises(Exception, match="unknown Blackjack wager"):
            simulate("blackjack", 10, seats={1: {"nope": 5}})


class TestCommand:
    def run(self, *args: str):
        return CliRunner().invoke(main, ["simulate", *args])

    def test_json_document(self):
        """--json prints the documented fields; the edge is -(net)/(initial wagered) and lies in its interval."""
        result = self.run("blackjack", "--rounds", "500", "--seed", "5", "--strategy", "stand17", "--json")
        assert result.exit_code == 0, result.output
        doc = json.loads(result.output)
        assert set(doc) == {"game", "section", "strategy", "rules", "rules_file", "seats", "seed", "workers", "rounds_requested",
                            "rounds", "complete", "seconds", "rounds_per_second", "wagers", "total"}
        assert (doc["game"], doc["strategy"], doc["seed"], doc["rounds"], doc["complete"]) == \
            ("blackjack", "stand17", 5, 500, True)
        assert doc["seats"] == {"1": {"blackjack": 10.0}}
        assert (doc["rules"]["decks"], doc["rules"]["blackjack_pays"], doc["rules_file"]) == (6, "3:2", None)
        (wager,) = doc["wagers"]
        assert set(wager) == {"wager", "rounds", "initial_wagered", "net", "house_edge", "sd", "ci95"}
        assert wager["house_edge"] == pytest.approx(-wager["net"] / wager["initial_wagered"])
        assert wager["ci95"][0] < wager["house_edge"] < wager["ci95"][1]
        assert doc["total"]["wager"] == "total"

    def test_text_table_without_progress_bar_when_piped(self):
        """The plain-text result has a row per wager and the total, and no progress bar when not on a terminal."""
        result = self.run("blackjack", "--rounds", "200", "--seed", "5")
        assert result.exit_code == 0, result.output
        assert "house edge" in result.output and "\ntotal " in result.output
        assert "━" not in result.output and "simulating" not in result.output

    @pytest.mark.parametrize("args, message", [
        (["--rounds", "0"], "error: --rounds '0': simulate at least 1 round"),
        (["--rounds", "lots"], "error: --rounds 'lots': give a whole number of rounds"),
        (["--rounds", "10", "--strategy", "optimal"], "error: unknown strategy 'optimal' for blackjack"),
        (["--rounds", "10", "--workers", "0"], "error: --workers 0"),
    ])
    def test_user_errors_exit_2(self, args, message):
        """A bad --rounds, an unknown strategy or no workers is one line on stderr and exit status 2."""
        result = self.run("blackjack", *args)
        assert result.exit_code == 2
        assert result.output.startswith(message) and "Traceback" not in result.output
