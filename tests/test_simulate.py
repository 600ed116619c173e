"""simulate: the house-edge statistics, the same answer however spread (workers, Dask), Ctrl-C, and the command."""

from __future__ import annotations

import fcntl
import json
import math
import os
import pty
import re
import select
import socket
import struct
import termios
import signal
import threading
import subprocess
import sys
import time
from decimal import Decimal
from multiprocessing import Pipe
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from conftest import needs_dask
from pa_table_games.cli import main
from pa_table_games.errors import TableGamesError
from pa_table_games.games import load_game
from pa_table_games.numbers import MAX_ROUNDS
from pa_table_games.runtime.round import Round
from pa_table_games.simulation.chunks import (STEP, ChunkOverdue, Deal, SimulationError, chunk_seed, deal_chunk, deal_rounds,
                                              parse_rounds)
from pa_table_games.simulation.dask_cluster import Deadlines
from pa_table_games.simulation.local_workers import _hand_out
from pa_table_games.simulation.simulate import simulate
from pa_table_games.strategies import get_strategy
from pa_table_games.simulation.tally import Tally, WagerEdge



def row(seat: int, wager: str, amount: float, net: float):
    return SimpleNamespace(seat=seat, wager=wager, amount=amount, net=net)


class TestTally:
    def test_json_sums_are_exact_in_cents_beyond_a_doubles_precision(self):
        """A billion rounds at the table maximum stake 10^14 dollars: the float is a cent off, the cents are not."""
        edge = WagerEdge("blackjack", 10 ** 9, Decimal("99999999999999.99"), Decimal("-1234567890123.45"),
                         0.01, 1.0, None)
        doc = json.loads(json.dumps(edge.to_json()))
        assert repr(doc["initial_wagered"]) == "99999999999999.98"  # the JSON number: a cent off
        assert (doc["initial_wagered_cents"], doc["net_cents"]) == (9999999999999999, -123456789012345)

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
        t3 = 3.182  # four rounds: Student's t with 3 degrees of freedom, not 1.96
        assert edge.ci95 == pytest.approx((0.125 - t3 * sd / 2, 0.125 + t3 * sd / 2))

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

    def test_a_wager_placed_in_some_rounds_is_measured_over_those(self):
        """Insurance taken in 4 of 100 rounds (won 2:1 twice, lost twice): its sd is that of its 4 nets per unit (a
        +2/-1 wager: about 1.73, not the 0.35 of 100 rounds mostly empty), its interval takes Student's t with 3
        degrees of freedom (4 rounds, not 100), and the README's edge ± t·sd/√rounds holds with its own rounds."""
        tally = Tally()
        initial = {(1, "blackjack"): 10.0}
        for r in range(100):
            rows = [row(1, "blackjack", 10.0, 0.0)]
            if r < 4:
                rows.append(row(1, "insurance", 5.0, 10.0 if r % 2 else -5.0))
            tally.add(initial, rows)
        edge = tally.edge("insurance")
        units = [-1.0, 2.0, -1.0, 2.0]
        sd = math.sqrt(sum((u - 0.5) ** 2 for u in units) / 3)
        assert (edge.rounds, edge.house_edge) == (4, pytest.approx(-0.5))
        assert edge.sd == pytest.approx(sd)
        assert edge.ci95 == pytest.approx((-0.5 - 3.182 * sd / 2, -0.5 + 3.182 * sd / 2))

    def test_merging_equals_one_tally(self):
        """Sums from two halves merge to the sums of the whole run."""
        rounds = [[row(1, "blackjack", 10.0, n)] for n in (10.0, -10.0, 0.0, 15.0, -10.0)]
        whole, first, second = Tally(), Tally(), Tally()
        for i, rows in enumerate(rounds):
            whole.add({(1, "blackjack"): 10.0}, rows)
            (first if i < 2 else second).add({(1, "blackjack"): 10.0}, rows)
        assert first.merge(second).edge("blackjack") == whole.edge("blackjack")


class TestParsing:
    @pytest.mark.parametrize("text, rounds", [("100000", 100000), (" 1000000 ", 10**6), (7, 7)])
    def test_rounds_in_the_digits_0_9(self, text, rounds):
        """--rounds takes 100000, in the digits 0-9."""
        assert parse_rounds(text) == rounds

    @pytest.mark.parametrize("text", ["0", "-5", "abc", "1.5", "", "1e", "1e6", "100_000", "١٠"])
    def test_bad_rounds_is_an_error(self, text):
        """Zero, negative, fractional or non-numeric rounds are refused."""
        with pytest.raises(SimulationError, match="--rounds"):
            parse_rounds(text)

    @pytest.mark.parametrize("seed", ["7", 7.5, True, 2**64])
    def test_a_seed_is_a_whole_number_as_seed_takes_it(self, seed):
        """simulate(seed=...) takes the seeds --seed takes; before, '7' and 7.5 were dealt from (as 7 and 7.5)."""
        with pytest.raises(SimulationError, match=r"^seed .*: give a whole number from -18,446,744,073,709,551,615 to"):
            simulate("blackjack", 10, seed=seed)

    def test_chunk_seeds(self):
        """Each chunk has its own seed derived from the run's seed and the chunk's index."""
        seeds = {chunk_seed(7, i) for i in range(100)}
        assert len(seeds) == 100 and seeds.isdisjoint({chunk_seed(8, i) for i in range(100)})
        assert chunk_seed(7, 3) == chunk_seed(7, 3)


def stripped(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in ("seconds", "rounds_per_second")}


class TestSimulate:
    def test_result_is_the_sum_over_the_rounds_dealt(self):
        """simulate's net and wagered are the settlement of rounds dealt one by one at tables
        shuffled from the chunk seeds (here chunks of 200 rounds: 200 from chunk 0, 100 from chunk 1)."""
        result = simulate("blackjack", 300, seed=9, strategy="basic", chunk=200)
        game = load_game("blackjack", engine="compiled")
        net = 0  # exact: the settled amounts are whole cents
        for index, count in ((0, 200), (1, 100)):
            rounds = deal_rounds(game, game.new_table(seed=chunk_seed(9, index)), {1: {"blackjack": 10.0}},
                                 get_strategy("blackjack", "basic", game.rules))
            net += sum(r.net for _ in range(count) for r in next(rounds).settlement())
        total = result.total()
        assert (total.net, total.initial_wagered, result.rounds) == (net, 3000.0, 300)
        assert total.house_edge == pytest.approx(-float(net) / 3000.0)

    def test_rounds_placing_checked_wagers_settle_as_rounds_placing_them_anew(self):
        """A simulation checks the seats' wagers once, at its first round, and places them unchanged at the next:
        two seats with optional wagers ((g)(1) Lucky Ladies, (g)(4) Royal Match 21) settle exactly as rounds whose
        wagers are each placed and checked as a player places them."""
        seats = {1: {"blackjack": 10.0, "lucky_ladies": 5.0}, 3: {"blackjack": 25.0, "royal_match_21": 5.0}}
        game = load_game("blackjack", engine="compiled")
        basic = get_strategy("blackjack", "basic", game.rules)
        simulated = deal_rounds(game, game.new_table(seed=4), seats, basic)
        anew_table = game.new_table(seed=4)
        for _ in range(150):
            anew = game.engine.play_out(Round(game, anew_table, seats, atomic=False, record="settlements"), basic.choose)
            assert next(simulated).settlement() == anew.settlement()

    @pytest.mark.parametrize("log", [False, True])
    def test_rounds_dealt_on_the_transitions_engine_are_the_compiled_runners(self, log):
        """``deal_rounds`` with a game loaded on the ``transitions`` engine (which plays only through the Round
        API) deals, from the same seeded table, the very rounds the compiled runner deals: the same cards out of
        the shoe and the same settlements, split, doubled or surrendered, with and without the event log."""
        seats = {1: {"blackjack": 10.0, "lucky_ladies": 5.0}, 4: {"blackjack": 25.0}}
        dealt = {}
        for engine in ("transitions", "compiled"):
            game = load_game("blackjack", engine=engine)
            table = game.new_table(seed=chunk_seed(5, 0))
            rounds = deal_rounds(game, table, seats, get_strategy("blackjack", "basic", game.rules), log=log)
            dealt[engine] = [(next(rounds).settlement(), tuple(table.rack.bundles)) for _ in range(60)]
        assert dealt["transitions"] == dealt["compiled"]
        racks = [rack for _, rack in dealt["compiled"]]
        assert all(before != after for before, after in zip(racks, racks[1:]))  # each round discarded cards
        assert any(row.net > 10 for settled, _ in dealt["compiled"] for row in settled)  # a double, a split or 3 to 2

    def test_a_new_dealer_every_k_rounds_burns_a_card_at_each_table(self):
        """--new-dealer-every 7: at each chunk's table a new dealer burns one card before rounds 8, 15, ...
        (§ 633a.7(c)); the net is that of rounds dealt one by one with the new dealer set so, and differs
        from the run without."""
        result = simulate("blackjack", 60, seed=9, strategy="basic", chunk=40, new_dealer_every=7)
        game = load_game("blackjack", engine="compiled")
        net, burns = 0, 0
        for index, count in ((0, 40), (1, 20)):
            table = game.new_table(seed=chunk_seed(9, index))
            rounds = deal_rounds(game, table, {1: {"blackjack": 10.0}}, get_strategy("blackjack", "basic", game.rules),
                                 log=True)
            for number in range(count):
                table.new_dealer = number > 0 and number % 7 == 0
                rnd = next(rounds)
                burns += sum(e.trigger == "burn_for_new_dealer" for e in rnd.events)
                net += sum(r.net for r in rnd.settlement())
        assert burns == 5 + 2 and (result.total().net, result.rounds) == (net, 60)
        assert result.total().net != simulate("blackjack", 60, seed=9, strategy="basic", chunk=40).total().net
        assert result.to_json()["new_dealer_every"] == 7 and ", a new dealer every 7 rounds," in result.lines()[0]

    def test_no_new_dealer_where_the_section_has_none(self):
        """§ 670a.8 has no new dealer's burn card: simulate refuses --new-dealer-every in one line, exit 2."""
        result = CliRunner().invoke(main, ["simulate", "six-card-fortune-pai-gow", "--rounds", "10", "--new-dealer-every", "2"])
        assert result.exit_code == 2
        assert result.output == ("error: --new-dealer-every: 58 Pa. Code § 670a.8 has no new dealer's burn card (no "
                                 "transition of machines/six_card_fortune_pai_gow.yaml is declared new_dealer: true)\n")

    def test_no_new_dealer_that_would_never_come(self):
        """A table deals one chunk of 10,000 rounds: --new-dealer-every 10000 or more is refused in one line, exit 2
        (before: accepted, stated in the header, and no dealer came: the nets were those of no new dealer)."""
        result = CliRunner().invoke(main, ["simulate", "blackjack", "--rounds", "10", "--new-dealer-every", "10000"])
        assert (result.exit_code, result.output) == (2, "error: --new-dealer-every 10,000: a table deals at most 10 "
                                                        "rounds here (the rounds asked, or a chunk's, each chunk at a "
                                                        "fresh table where the count starts again), so no new dealer "
                                                        "would come: give fewer rounds\n")
        result = CliRunner().invoke(main, ["simulate", "blackjack", "--rounds", "50", "--new-dealer-every", "60"])
        assert result.exit_code == 2 and "a table deals at most 50 rounds here" in result.output  # 60 > 50 rounds
        result = CliRunner().invoke(main, ["simulate", "blackjack", "--rounds", "20000", "--new-dealer-every", "10000"])
        assert result.exit_code == 2 and "a table deals at most 10,000 rounds here" in result.output
        assert simulate("blackjack", 20, seed=1, new_dealer_every=19).to_json()["new_dealer_every"] == 19

    def test_no_new_dealer_at_a_double_shoe(self, tmp_path):
        """§ 633a.7(d) deals a double shoe in lieu of (c): no new dealer burns there, so simulate and play refuse
        --new-dealer-every, new_round a table with a new dealer, in one line (before: accepted, stated in the
        header, and nothing burned)."""
        rules = tmp_path / "double.yaml"
        rules.write_text("double_shoe: true\n")
        said = "--new-dealer-every: a double shoe is dealt by § 633a.7(d), in lieu of (c): no new dealer's burn card\n"
        for command in (["simulate", "blackjack", "--rounds", "500"], ["play", "blackjack", "--rounds", "2",
                                                                        "--strategy", "basic"]):
            result = CliRunner().invoke(main, [*command, "--rules", str(rules), "--seed", "3", "--new-dealer-every", "1"])
            assert (result.exit_code, result.output) == (2, f"error: {said}")
        game = load_game("blackjack", rules=str(rules))
        table = game.new_table(seed=3)
        table.new_dealer = True
        with pytest.raises(TableGamesError, match=r"^new_round: table\.new_dealer: a double shoe is dealt by "):
            game.new_round({1: {"blackjack": 10}}, table=table)

    def test_same_seed_same_result(self):
        """The same seed gives the same result; another seed another one."""
        a = simulate("blackjack", 200, seed=3, strategy="stand17").to_json()
        b = simulate("blackjack", 200, seed=3, strategy="stand17").to_json()
        c = simulate("blackjack", 200, seed=4, strategy="stand17").to_json()
        assert stripped(a) == stripped(b) != stripped(c)

    def test_same_answer_with_1_and_2_workers(self):
        """Three chunks in this process, or shared by 2 worker processes: the identical result."""
        one, two = (simulate("blackjack", 3 * 300, seed=5, workers=w, chunk=300) for w in (1, 2))
        assert two.complete and stripped(two.to_json()) | {"workers": 1} == stripped(one.to_json())

    @pytest.mark.slow  # starting 8 worker processes
    def test_same_answer_with_1_2_and_8_workers(self):
        """The same seed and rounds give the identical result (net, sums, interval) with 1, 2 or 8
        worker processes: 9 chunks handed out to whichever worker is free, merged exactly."""
        results = [simulate("double-down-madness", 8 * 300 + 7, seed=3, workers=w, chunk=300,
                            seats={1: {"double_down_madness": 10, "push_22": 5}}) for w in (1, 2, 8)]
        assert all(r.complete and r.rounds == 8 * 300 + 7 for r in results)
        docs = [{k: v for k, v in stripped(r.to_json()).items() if k != "workers"} for r in results]
        assert docs[0] == docs[1] == docs[2]
        assert [r.workers for r in results] == [1, 2, 8]

    @needs_dask
    @pytest.mark.slow  # starting a Dask cluster: 7-15 s here
    def test_same_answer_on_a_local_dask_cluster(self):
        """--scheduler local (a Dask LocalCluster of 2 worker processes) gives the one-process result; where there is
        one chunk, it starts one worker and says so, as local processes do (before: 2 started, 2 reported)."""
        here = simulate("blackjack", 3 * 200 + 50, seed=11, chunk=200)
        dask = simulate("blackjack", 3 * 200 + 50, seed=11, chunk=200, scheduler="local", workers=2)
        assert dask.complete and (dask.scheduler, dask.workers) == ("local", 2)
        assert stripped(dask.to_json()) | {"workers": 1, "scheduler": None} == stripped(here.to_json())
        one_chunk = simulate("blackjack", 150, seed=11, chunk=200, scheduler="local", workers=2)
        assert one_chunk.complete and one_chunk.workers == 1  # as without Dask: no worker started to stand idle
        assert stripped(one_chunk.to_json()) | {"scheduler": None} == stripped(
            simulate("blackjack", 150, seed=11, chunk=200, workers=2).to_json())

    @pytest.mark.signals
    def test_ctrl_c_returns_the_result_so_far(self):
        """An interrupt stops after the current chunk; the rounds done are reported as incomplete."""
        def interrupt(done, total):
            if done:  # the first report after rounds were dealt: press Ctrl-C
                os.kill(os.getpid(), signal.SIGINT)

        before = signal.getsignal(signal.SIGINT)
        result = simulate("blackjack", 50 * STEP, seed=1, strategy="stand17", progress=interrupt)
        assert not result.complete and result.rounds == STEP
        assert result.to_json()["complete"] is False
        assert signal.getsignal(signal.SIGINT) is before  # the handler is put back

    @pytest.mark.signals
    def test_ctrl_c_stops_every_worker(self):
        """With --workers 2 an interrupt stops both workers and reports the rounds they finished."""
        def interrupt(done, total):
            if done:
                os.kill(os.getpid(), signal.SIGINT)

        result = simulate("double-down-madness", 100 * STEP, seed=1, workers=2, progress=interrupt)
        assert not result.complete and STEP <= result.rounds < 100 * STEP
        assert result.rounds % STEP == 0

    def test_seats_and_optional_wagers_reported_per_wager(self):
        """Every wager placed is reported, main wager first, with the total over all of them."""
        result = simulate("double-down-madness", 200, seed=2,
                          seats={1: {"double_down_madness": 10, "push_22": 5}, 2: {"double_down_madness": 10}})
        assert [w.wager for w in result.wagers()] == ["double_down_madness", "push_22"]
        assert result.total().initial_wagered == 200 * 25

    def test_bad_inputs(self):
        """Workers below 1 or above 256 and unknown wagers are errors before anything is dealt."""
        with pytest.raises(SimulationError, match="--workers"):
            simulate("blackjack", 10, workers=0)
        with pytest.raises(SimulationError, match="1 to 256"):
            simulate("blackjack", 10, workers=10**30)
        with pytest.raises(Exception, match="unknown Blackjack wager"):
            simulate("blackjack", 10, seats={1: {"nope": 5}})

    @pytest.mark.parametrize("given, said", [
        ({"seats": 5}, "seats map each seat number to its wagers ({1: {'blackjack': 10}}), not 5"),
        ({"seats": {1: 10}}, "seats map each seat number to its wagers ({1: {'blackjack': 10}}), not {1: 10}"),
        ({"seats": {"1": {"blackjack": 10}}}, "seats map each seat number to its wagers ({1: {'blackjack': 10}}), not "
                                              "{'1': {'blackjack': Decimal('10.00')}}"),
        ({"seats": {1.5: {"blackjack": 10}}}, "seats map each seat number to its wagers ({1: {'blackjack': 10}}), not "
                                              "{1.5: {'blackjack': Decimal('10.00')}}"),
        ({"progress": 5}, "progress is a function called with (rounds done, rounds), not 5"),
        ({"chunk_timeout": -1}, "--chunk-timeout -1: give a number of seconds above 0"),
        ({"chunk_timeout": "600"}, "--chunk-timeout '600': give a number of seconds above 0"),
        ({"connect_timeout": float("nan")}, "--connect-timeout nan: give a number of seconds above 0"),
        ({"worker_timeout": True}, "--worker-timeout True: give a number of seconds above 0"),
    ])
    def test_arguments_of_the_wrong_kind_are_one_line_before_anything_is_dealt(self, given, said):
        """Before: AttributeError for seats that are no mapping, seat '1' played as seat 1 and seat 1.5 as seat 1,
        TypeError for a progress that is no function (after the first chunk was dealt), and any timeout taken."""
        with pytest.raises(TableGamesError, match="^" + re.escape(said) + "$"):
            simulate("blackjack", 10, **given)


class TestCommand:
    def run(self, *args: str):
        return CliRunner().invoke(main, ["simulate", *args])

    def test_what_the_figures_rest_on_is_noted(self):
        """A progressive's meter starting again at each chunk's table, House Money's adding under computed (counted
        in the Blackjack Wager's row), and Double Down Madness' default strategy not being the best play edge prices
        are each a note: a line of the text and an item of --json's notes (before: said nowhere)."""
        seat = "1:blackjack=10,house_money=5,bad_beat=1,hit_and_run=1"
        text = self.run("blackjack", "--rounds", "200", "--seed", "5", "--strategy", "computed", "--seat", seat).output
        assert ("note: bad_beat, hit_and_run: jackpots are shares of a meter that starts at the Rules' "
                "progressive_reset at each chunk's fresh table (200 rounds)") in text
        assert "note: computed adds a House Money payout to the Blackjack Wager where" in text
        doc = json.loads(self.run("blackjack", "--rounds", "200", "--seed", "5", "--strategy", "basic", "--seat", seat,
                                  "--json").output)
        assert doc["notes"][0].startswith("bad_beat, hit_and_run: jackpots")
        assert all("interval is not to be trusted yet" in note for note in doc["notes"][1:])  # 200 rounds of jackpots
        doc = json.loads(self.run("double-down-madness", "--rounds", "200", "--seed", "5", "--json").output)
        assert doc["strategy"] == "madness" and "not an optimised strategy" in doc["notes"][0]

    def test_the_help_describes_the_json_it_prints(self):
        """simulate --help names --json's notes and defines sd as the README does: per round the wager was placed in
        (before: no notes, and sd 'of one round's net')."""
        said = " ".join(self.run("--help").output.split())
        assert '"total": {same fields, "wager": "total"}, "notes": [text, ...]}' in said
        assert "sd is the standard deviation of its net in one of them per unit initially wagered" in said

    def test_no_house_money_note_where_computed_keeps_the_payout(self, tmp_path):
        """At a Blackjack Switch table computed keeps every House Money payout (edge does not price adding there):
        no note says it adds one."""
        rules = tmp_path / "switch.yaml"
        rules.write_text("blackjack_switch: true\n")
        doc = json.loads(self.run("blackjack", "--rules", str(rules), "--strategy", "computed", "--rounds", "200",
                                  "--seed", "2", "--seat", "1:blackjack=10,house_money=5", "--json").output)
        assert doc["notes"] == []

    def test_json_document(self):
        """--json prints the documented fields; the edge is -(net)/(initial wagered) and lies in its interval."""
        result = self.run("blackjack", "--rounds", "500", "--seed", "5", "--strategy", "stand17", "--json")
        assert result.exit_code == 0, result.output
        doc = json.loads(result.output)
        assert set(doc) == {"game", "section", "strategy", "rules", "rules_file", "seats", "seed", "new_dealer_every", "workers", "scheduler", "rounds_requested",
                            "rounds", "complete", "stopped", "engines", "seconds", "rounds_per_second", "wagers",
                            "total", "notes"}
        assert doc["notes"] == []
        assert (doc["game"], doc["strategy"], doc["seed"], doc["rounds"], doc["complete"], doc["stopped"],
                doc["engines"]) == ("blackjack", "stand17", 5, 500, True, None, {"fast": 500})
        assert doc["seats"] == {"1": {"blackjack": 10.0}}
        assert (doc["rules"]["decks"], doc["rules"]["blackjack_pays"], doc["rules_file"]) == (6, "3:2", None)
        (wager,) = doc["wagers"]
        assert set(wager) == {"wager", "rounds", "initial_wagered", "net", "initial_wagered_cents", "net_cents",
                              "house_edge", "sd", "ci95", "skewness", "rounds_for_interval"}
        assert wager["house_edge"] == pytest.approx(-wager["net"] / wager["initial_wagered"])
        assert (wager["net_cents"], wager["initial_wagered_cents"]) == (round(wager["net"] * 100), 500_000)
        assert wager["ci95"][0] < wager["house_edge"] < wager["ci95"][1]
        assert doc["total"]["wager"] == "total"

    def test_text_table_without_progress_bar_when_piped(self):
        """The plain-text result has a row per wager and the total, and no progress bar when not on a terminal."""
        result = self.run("blackjack", "--rounds", "200", "--seed", "5")
        assert result.exit_code == 0, result.output
        assert "house edge" in result.output and "\ntotal " in result.output
        assert "━" not in result.output and "simulating" not in result.output

    @pytest.mark.parametrize("args, message", [
        (["--rounds", "0"], "error: --rounds 0: from 1 to 1,000,000,000,000 rounds"),
        (["--rounds", "lots"], "error: --rounds 'lots': not a whole number in the digits 0-9 only"),
        (["--rounds", "10", "--strategy", "optimal"], "error: unknown strategy 'optimal' for blackjack"),
        (["--rounds", "10", "--workers", "0"], "error: --workers 0"),
        (["--rounds", "10", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "error: --workers with --scheduler"),
        pytest.param(["--rounds", "10", "--scheduler", "tcp://"],
                     "error: --scheduler tcp://: cannot connect to a Dask scheduler", marks=needs_dask),
    ])
    def test_user_errors_exit_2(self, args, message):
        """A bad --rounds, an unknown strategy, no workers or no scheduler is one line on stderr and exit status 2."""
        result = self.run("blackjack", *args)
        assert result.exit_code == 2
        assert result.output.startswith(message) and "Traceback" not in result.output


def workers_of(pid: int) -> list[int]:
    """The live worker processes (multiprocessing's spawned children) of process ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state, ppid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(ppid) == pid and state != "Z" and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition, seconds: float = 600.0, every: float = 0.01):
    """``condition()`` once it is true; the limit only ends a hung test (no test depends on speed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError("timed out")


@pytest.mark.signals
class TestCtrlCWhileWorkersStart:
    def test_a_ctrl_c_taken_by_another_thread_still_reaches_the_handler(self):
        """While worker processes start, a Ctrl-C is held back, not lost, though a thread that does
        not block SIGINT takes it (as OpenBLAS's thread does, started when numpy is imported): the
        command's handler hears it. (Ignoring SIGINT meanwhile let the kernel drop it: the command
        then dealt on and `test_ctrl_c_during_worker_start_up` hung about one run in four under load.)"""
        import threading

        from pa_table_games.simulation.chunks import children_block_sigint

        heard, release = [], threading.Event()
        other = threading.Thread(target=release.wait)  # started with SIGINT unblocked
        other.start()
        before = signal.signal(signal.SIGINT, lambda *_: heard.append("Ctrl-C"))
        try:
            with children_block_sigint():
                os.kill(os.getpid(), signal.SIGINT)
                while signal.SIGINT in signal.sigpending():  # until a thread not blocking it has taken it
                    time.sleep(0.001)
            wait_for(lambda: heard, seconds=60)
        finally:
            signal.signal(signal.SIGINT, before)
            release.set()
            other.join()
        assert heard == ["Ctrl-C"]


@pytest.mark.signals
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
class TestSignals:
    """The real command in its own process group, as a terminal runs it: Ctrl-C sends SIGINT to the
    whole group (workers included); a supervisor or the OOM killer ends the parent alone."""

    @pytest.fixture(autouse=True)
    def _end_the_group(self):
        """A failed test still ends the command it started, with its workers."""
        self.started: list[subprocess.Popen] = []
        yield
        for proc in self.started:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()

    def start(self, *args: str) -> subprocess.Popen:
        command = [str(Path(sys.executable).with_name("pa-table-games")), "simulate", "blackjack",
                   "--rounds", str(MAX_ROUNDS), "--seed", "3", *args]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        self.started.append(proc)
        return proc

    def ctrl_c(self, proc: subprocess.Popen) -> tuple[str, str]:
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 130, err
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        return out, err

    def start_on_terminal(self, *args: str) -> tuple[subprocess.Popen, int]:
        """The command with its output on a pseudo-terminal, so that it shows its progress bar."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "160", "NO_COLOR": "1"}
        command = [str(Path(sys.executable).with_name("pa-table-games")), "simulate", "blackjack",
                   "--rounds", str(MAX_ROUNDS), "--seed", "3", *args]
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, close_fds=True,
                                env=env, start_new_session=True)
        os.close(slave)
        self.started.append(proc)
        return proc, master

    @staticmethod
    def read_until(master: int, pattern: bytes | None, seconds: float = 600.0) -> bytes:
        """What the terminal shows until ``pattern`` (a regular expression) appears, or until the end."""
        shown, deadline = b"", time.monotonic() + seconds
        while time.monotonic() < deadline:
            if pattern is not None and re.search(pattern, shown):
                return shown
            if not select.select([master], [], [], 0.2)[0]:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the command closed the terminal
                chunk = b""
            if not chunk:
                assert pattern is None, f"ended before {pattern!r}: {shown[-2000:]!r}"
                return shown
            shown += chunk
        raise AssertionError(f"no {pattern!r} after {seconds} s: {shown[-2000:]!r}")

    @pytest.mark.slow  # real worker processes, each a Python started and stopped: a heavy check, `make test-long`
    @pytest.mark.parametrize("workers", ["1", "2"])
    def test_ctrl_c_prints_the_result_so_far(self, workers):
        """Ctrl-C while dealing: the rounds dealt so far, marked interrupted, exit 130, no traceback.

        Ctrl-C is sent once the progress bar counts rounds dealt (a readiness line, not a delay),
        so the test holds however loaded the machine is."""
        proc, master = self.start_on_terminal("--workers", workers)
        try:
            self.read_until(master, rb"[1-9][0-9,]*/1,?000,?000,?000,?000")  # rounds dealt: the bar's "M/N"
            os.killpg(proc.pid, signal.SIGINT)
            shown = self.read_until(master, None).decode("utf-8", "replace").replace("\r\n", "\n")
        finally:
            os.close(master)
        assert proc.wait(600) == 130, shown
        assert "Traceback" not in shown and "KeyboardInterrupt" not in shown, shown
        assert "interrupted:" in shown and " of 1,000,000,000,000)" in shown and "\ntotal " in shown, shown

    def test_ctrl_c_during_worker_start_up(self):
        """Ctrl-C the moment the first worker process exists (its interpreter still starting):
        the result so far is printed, exit 130, and no worker prints a traceback."""
        proc = self.start("--workers", "2")
        wait_for(lambda: workers_of(proc.pid), every=0.001)
        out, _ = self.ctrl_c(proc)
        assert "interrupted:" in out and "\ntotal " in out

    @needs_dask
    @pytest.mark.parametrize("where", ["a silent listener", "a scheduler with no worker"])
    def test_ctrl_c_while_waiting_for_the_cluster(self, where):
        """Ctrl-C while the scheduler is asked who it is (a listener that never answers) or while no worker has
        joined: the wait stops at once, exit 130. Before, the Ctrl-C was held for the whole --connect-timeout or
        --worker-timeout, then the run ended as a bad-input error (exit 2)."""
        with socket.socket() as listener:
            listener.bind(("127.0.0.1", 0))
            listener.listen(5)
            port = listener.getsockname()[1]
            scheduler = None
            if where != "a silent listener":
                listener.close()
                scheduler = subprocess.Popen([str(Path(sys.executable).with_name("dask")), "scheduler", "--port",
                                              str(port), "--dashboard-address", ":0", "--no-show"],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
                self.started.append(scheduler)
                wait_for(lambda: _answers(port), seconds=60)
            proc = self.start("--scheduler", f"tcp://127.0.0.1:{port}", "--connect-timeout", "120",
                              "--worker-timeout", "120")
            time.sleep(3)
            started = time.monotonic()
            self.ctrl_c(proc)
            assert time.monotonic() - started < 30

    @pytest.mark.slow  # real worker processes: a heavy check, `make test-long`
    def test_killing_the_parent_ends_its_workers(self):
        """kill -TERM of the parent alone: no worker goes on dealing its share."""
        proc = self.start("--workers", "2")
        workers = wait_for(lambda: (lambda w: w if len(w) == 2 else None)(workers_of(proc.pid)))  # readiness
        proc.terminate()
        proc.communicate(timeout=60)
        assert proc.returncode == -signal.SIGTERM
        wait_for(lambda: not any(alive(pid) for pid in workers), seconds=10)

    def test_a_deadline_shorter_than_a_worker_s_start_up_says_so(self):
        """--chunk-timeout counts a worker's start-up in its first chunk (spawning, importing, generating its round
        function: about a second): a deadline of 0.05 s stops the run, and the line says the worker may only have
        been slow to start (before: 'a worker stopped, hung or unreachable', of workers that were none of those)."""
        result = simulate("blackjack", 30_000, seed=7, workers=2, chunk_timeout=0.05)
        assert not result.complete and "or slower than that: a worker's first chunk includes its start-up" in \
            result.stopped

    @pytest.mark.slow  # real worker processes: a heavy check, `make test-long`
    def test_a_worker_process_that_stops_ends_the_run_at_the_chunk_deadline(self):
        """One of two worker processes is stopped (SIGSTOP) once rounds are being dealt: it is killed when its
        chunk is --chunk-timeout late, and the run ends with the other's rounds and one line, exit status 1."""
        proc = self.start("--workers", "2", "--chunk-timeout", "3")
        workers = wait_for(lambda: (lambda w: w if len(w) == 2 else None)(workers_of(proc.pid)))
        os.kill(workers[0], signal.SIGSTOP)
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 1, err
        assert err.startswith("error: --chunk-timeout: chunk ") and err.count("\n") == 1, err
        assert "handed to a worker process gave no result within 3 s" in err
        assert "(stopped: " in out and " of 1,000,000,000,000)" in out and "\ntotal " in out
        wait_for(lambda: not any(alive(pid) for pid in workers), seconds=60)


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


class TestWorkersLost:
    def test_a_worker_that_dies_stops_the_run_and_keeps_what_came_back(self):
        """A worker process killed while dealing its second chunk (its pipe closes, nothing reported): the run stops
        there with the first chunk's rounds kept and the chunk named, as for a chunk past its deadline (exit status 1
        and the result so far). Before, 'a worker process died without reporting' threw every round away (exit 2)."""
        deal = Deal("blackjack", None, {1: {"blackjack": 10}}, "stand17", chunk=50)
        mine, theirs = Pipe()

        def dies_at_its_second_chunk():
            d, seed, rounds = theirs.recv()
            index = theirs.recv()
            tally = deal_chunk(d, seed, rounds, index, lambda: False, lambda done: None)
            theirs.send(("chunk", index, tally.rounds, tally.sums, tally.engines))
            theirs.recv()  # the second chunk: killed while dealing it
            theirs.close()

        worker = threading.Thread(target=dies_at_its_second_chunk)
        worker.start()
        with pytest.raises(ChunkOverdue, match=r"^chunk 1: the worker process dealing it died without reporting") as lost:
            _hand_out({mine: None}, deal, 7, 150, lambda: False, None)
        worker.join()
        assert lost.value.tally.rounds == 50

    def test_the_workers_reported_are_the_processes_that_dealt(self):
        """One chunk is dealt here, by this process alone; three chunks by at most three processes. Before, --workers 8
        reported 8 whatever dealt."""
        assert simulate("blackjack", 300, seed=1, workers=8).workers == 1
        assert simulate("blackjack", 3 * 300, seed=1, workers=8, chunk=300).to_json()["workers"] == 3


def test_the_default_seat_holds_a_wager_within_the_rules_table_limits():
    """Rules with a table minimum of 25 and no --seat: seat 1's main wager is the minimum, as edge's is. Before, the
    run was refused for 'seat 1 blackjack=10: below the table minimum', a seat nobody typed."""
    result = simulate("blackjack", 100, seed=1, rules={"table_minimum": 25})
    assert result.complete and result.to_json()["seats"] == {"1": {"blackjack": 25.0}}


def test_a_chunk_queued_behind_others_on_a_cluster_has_its_deadline_run_from_its_turn():
    """One worker thread, three chunks sent (a few wait at each thread), each dealt in 5 s, deadline 6 s: no chunk is
    late, since the second's and the third's deadlines run from when the thread could take them. Before, each ran from
    when it was sent: the third, sent at 0, was 'late' at 10 s though dealt within 5 s of its turn."""
    chunks = Deadlines(threads=1)
    for index in range(3):
        chunks.sent(f"future {index}", index)
    for now in (0, 5, 10):
        chunks.tick(now)
        assert chunks.late(now, 6) == [], now
        chunks.done(f"future {now // 5}")
    chunks.sent("future 3", 3)
    chunks.tick(15)
    assert chunks.late(22, 6) == [3]  # a chunk that does take too long is still caught
