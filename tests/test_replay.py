"""Replay: a recorded round re-runs clean; each hand-made tampered log (tests/replay) is caught, cited."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games import TableGamesError, load_game
from pa_table_games.cli import main
from pa_table_games.games import GAMES, machine_path
from pa_table_games.audit.log import LogFileError, Recorder, Start, record, write_log
from pa_table_games.audit.replay import (CARD, CITATION, EXTRA, ILLEGAL, MISSING, NOT_ALLOWED, REFUSED, SETTLEMENT, TURN,
                                   UNKNOWN, replay)

LOGS = Path(__file__).parent / "replay"


def _random_decision(rnd, rng) -> str:
    """Apply a random legal decision (a refused one, e.g. a bare `low` in Pai Gow, leaves the round as it was)."""
    legal = list(rnd.legal_actions())
    rng.shuffle(legal)
    for action in legal:
        try:
            rnd.act(action.word)
            return action.word
        except TableGamesError:
            continue
    raise AssertionError(f"no legal decision applies in {rnd.state}")


def replay_cli(path):
    """`replay --allow-v1 LOG`: the committed logs here are version 1 (written before the hash chain)."""
    return CliRunner().invoke(main, ["replay", str(path), "--allow-v1"])


class TestConformingRounds:
    @pytest.mark.parametrize("name", ["conforming.jsonl", "conforming_two_seats.jsonl",
                                      "conforming_double_down_madness.jsonl", "conforming_pai_gow.jsonl"])
    def test_recorded_round_replays_clean(self, name):
        """A recorded round conforms: exit 0, every event compared, no departure."""
        result = replay_cli(LOGS / name)
        assert result.exit_code == 0, result.output
        report = replay(LOGS / name, allow_v1=True)
        assert report.conforms and report.compared == report.events

    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_random_rounds_logged_by_play_replay_clean(self, game, tmp_path):
        """Rounds played with random legal decisions and logged replay without a departure."""
        loaded = load_game(game)
        for seed in range(4):
            rng = random.Random(seed)
            seats = {1: {loaded.info.wagers[0]: 10}, 3: {loaded.info.wagers[0]: 5}}
            rec = Recorder(loaded, seats, seed=seed, shoe=None)
            rnd, words = loaded.new_round(seats, seed=seed).advance(), []
            while not rnd.is_over:
                words.append(_random_decision(rnd, rng))
                rnd.advance()
            rec.write(tmp_path / "r.jsonl", rnd, words)
            report = replay(tmp_path / "r.jsonl")
            assert report.conforms, [str(d) for d in report.departures]

    def test_double_shoe_round_replays_clean(self, tmp_path):
        """A round dealt from a double shoe (§ 633a.7(d)) is logged side by side and replays clean."""
        rules, path = tmp_path / "double.yaml", tmp_path / "round.jsonl"
        rules.write_text("double_shoe: true\n")
        played = CliRunner().invoke(main, ["play", "blackjack", "--rules", str(rules), "--seed", "3",
                                           "--actions", "stand", "--log", str(path)])
        assert played.exit_code == 0, played.output
        header = json.loads(path.read_text().splitlines()[0])
        assert set(header["shoe"]) == {"red", "black"}
        assert replay_cli(path).exit_code == 0

    def test_a_seeded_shoe_that_runs_dry_replays_refilled(self, tmp_path):
        """A one-deck shoe run dry mid-round is refilled by the house procedure in play, and so in replay: the log
        conforms (before: replay dealt the seed's shoe as a stacked one, which is not refilled, and reported an
        honest round as departing at event 55)."""
        rules, path = tmp_path / "one_deck.yaml", tmp_path / "round.jsonl"
        rules.write_text("decks: 1\n")
        seats = [word for seat in range(1, 8) for word in ("--seat", f"{seat}:blackjack=10")]
        actions = ("hit,hit,hit,hit,hit,hit,hit,hit,hit,hit,split,split,hit,hit,split,hit,hit,hit,hit,hit,hit,hit,hit,"
                   "split,split,split,hit,hit,hit,hit")
        played = CliRunner().invoke(main, ["play", "blackjack", "--rules", str(rules), "--seed", "11", *seats,
                                           "--actions", actions, "--log", str(path)])
        assert played.exit_code == 0 and "HOUSE PROCEDURE: the shoe ran out during the round" in played.output
        result = replay_cli(path)
        assert result.exit_code == 0 and "63 of 63 events compared: conforms to" in result.output

    def test_cli_play_log_then_replay(self, tmp_path):
        """`play --log` then `replay` on the file: exit 0 and 'conforms to' the section."""
        path = tmp_path / "round.jsonl"
        played = CliRunner().invoke(main, ["play", "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand",
                                           "--log", str(path)])
        assert played.exit_code == 0, played.output
        result = replay_cli(path)
        assert result.exit_code == 0 and "conforms to 58 Pa. Code § 633a.7" in result.output


#: tampered log -> (kind of departure, the citation it must carry, words of the message)
TAMPERED = {
    "card_out_of_order.jsonl": (CARD, "§ 633a.7(f), § 633a.7(f)(1)",
                                "card 1: the log has 7S->seat 1, the machine TH->seat 1"),
    "dealer_draw_on_17.jsonl": (NOT_ALLOWED, "§ 633a.7(m)", "'draw_dealer_card'"),
    "hit_on_21.jsonl": (NOT_ALLOWED, "§ 633a.7(k)(1)", "hand totals 21 or more"),
    "settlement_differs.jsonl": (SETTLEMENT, "§ 633a.7(p)(2)", "the log has win +15.00 on 10.00"),
    "wager_not_on_layout.jsonl": (SETTLEMENT, "§ 633a.7(p), § 633a.7(q), § 633a.7(r)(1)", "no such wager is on the layout"),
    "unknown_event.jsonl": (UNKNOWN, "§ 633a.7(f)(4)", "'peek_at_hole_card'"),
    "missing_event.jsonl": (MISSING, "§ 633a.7(s)", "'end_round'"),
    "event_after_round.jsonl": (EXTRA, "§ 633a.7(s)", "after the round reached 'Round complete'"),
    "out_of_turn.jsonl": (TURN, "§ 633a.7(i)", "seat 1 hand 1 decides now"),
    "citation_differs.jsonl": (CITATION, "§ 633a.7(f)(2)", "the log cites § 633a.7(f)(4); the machine cites § 633a.7(f)(2)"),
    "surrender_not_offered.jsonl": (ILLEGAL, "§ 633a.9", "'surrender' is not allowed"),
    "split_in_double_down_madness.jsonl": (REFUSED, "§ 692.7(j)", "may not split pairs"),
    "wager_after_no_more_bets.jsonl": (REFUSED, "§ 670a.7(c)", "after \"no more bets\""),
}


class TestTamperedLogs:
    def test_every_tampered_log_is_listed(self):
        """Each file in tests/replay that is not a conforming round has its expected departure here."""
        files = {p.name for p in LOGS.glob("*.jsonl") if not p.name.startswith("conforming")}
        assert files == set(TAMPERED) and len({kind for kind, _, _ in TAMPERED.values()}) >= 8

    @pytest.mark.parametrize("name", sorted(TAMPERED))
    def test_departure_is_caught_with_its_citation(self, name):
        """The first departure has the right kind, cites the right subsection and names the logged line."""
        kind, cite, words = TAMPERED[name]
        report = replay(LOGS / name, allow_v1=True)
        assert not report.conforms
        first = report.departures[0]
        assert (first.kind, first.cite) == (kind, cite), str(first)
        assert words in first.message
        assert first.line is not None or kind == MISSING

    @pytest.mark.parametrize("name", sorted(TAMPERED))
    def test_cli_exits_1_listing_departures(self, name):
        """`replay` on a tampered log exits 1 and prints each departure with its citation."""
        result = replay_cli(LOGS / name)
        kind, cite, _ = TAMPERED[name]
        assert result.exit_code == 1
        assert f": {kind}: " in result.output and f"— {cite}" in result.output
        assert "departure(s) from" in result.output

    def test_json_report(self):
        """--json gives the departures as data with line, seq, kind, message and cite."""
        result = CliRunner().invoke(main, ["replay", str(LOGS / "dealer_draw_on_17.jsonl"), "--json", "--allow-v1"])
        doc = json.loads(result.output)
        assert result.exit_code == 1 and doc["conforms"] is False
        assert doc["departures"][0] == {"line": 11, "seq": 10, "kind": NOT_ALLOWED,
                                        "message": doc["departures"][0]["message"], "cite": "§ 633a.7(m)"}

    def test_comparison_stops_where_the_rounds_part(self):
        """After a step the machine would not take, the rest of the log is not compared (no cascade)."""
        report = replay(LOGS / "dealer_draw_on_17.jsonl", allow_v1=True)
        assert len(report.departures) == 1 and report.compared < report.events


    def test_a_split_hand_left_unsettled_is_named_as_people_count(self, tmp_path):
        """A split round whose log drops the second hand's settlement: the departure names 'hand 2'
        (the log itself counts that hand as 1)."""
        path = tmp_path / "split.jsonl"
        played = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, [
            "play", "blackjack", "--shoe", "2C 8H 6S 8D 7C 3S 2D TD", "--actions", "split,stand,stand", "--log", str(path)])
        assert played.exit_code == 0, played.output
        docs = [json.loads(line) for line in path.read_text().splitlines()]
        docs[0]["version"] = 1  # unchained, so that the edit below is compared, not refused
        for key in ("stacked", "machine_sha256", "hash"):
            docs[0].pop(key, None)
        for event in docs[1:]:
            event.pop("hash", None)
            event["settled"] = [row for row in event.get("settled", []) if row["hand"] != 1]
        path.write_text("".join(json.dumps(d) + "\n" for d in docs))
        messages = [d.message for d in replay(path, allow_v1=True).departures if d.kind == SETTLEMENT]
        assert messages and all("the log does not settle seat 1 blackjack hand 2;" in m for m in messages)


class TestMalformedLogs:
    @pytest.mark.parametrize(("name", "line"), [
        ("not_json.jsonl", 4), ("no_header.jsonl", 1), ("bad_card_code.jsonl", 1),
        ("event_without_trigger.jsonl", 3), ("unknown_field.jsonl", 6), ("wrong_kind.jsonl", 5),
        ("card_without_face.jsonl", 7), ("empty.jsonl", 1), ("unknown_game.jsonl", 1),
        ("unknown_rules_option.jsonl", 1),
    ])
    def test_exit_2_naming_the_line(self, name, line):
        """A malformed log exits 2 with one line 'error: FILE:LINE: ...' and no traceback."""
        path = LOGS / "malformed" / name
        result = replay_cli(path)
        assert result.exit_code == 2
        assert f"error: {path}:{line}: " in result.output and "Traceback" not in result.output

    def test_header_problems_are_log_file_errors(self):
        """An unknown Rules option in the header is a LogFileError on the header's line."""
        with pytest.raises(LogFileError, match=r":1: header: rules: unknown Rules option 'bonus_spins'"):
            replay(LOGS / "malformed" / "unknown_rules_option.jsonl", allow_v1=True)


class TestVerdicts:
    def test_a_log_without_a_chain_is_unverifiable_never_conforming(self):
        """`replay --allow-v1` of a version-1 log that re-deals without a departure says "unverifiable", in words
        and in --json, not "conforms": nothing shows the log was not edited."""
        result = replay_cli(LOGS / "conforming.jsonl")
        assert result.exit_code == 0 and "unverifiable" in result.output and "conforms" not in result.output
        doc = json.loads(CliRunner().invoke(main, ["replay", str(LOGS / "conforming.jsonl"), "--allow-v1", "--json"]).output)
        assert (doc["verdict"], doc["chained"]) == ("unverifiable", False)

    def test_a_chained_log_that_re_deals_clean_conforms(self, tmp_path):
        """A log `play --log` wrote (hash-chained) and re-dealt without a departure: "conforms to" the section."""
        path = tmp_path / "round.jsonl"
        assert CliRunner().invoke(main, ["play", "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand",
                                         "--log", str(path)]).exit_code == 0
        result = CliRunner().invoke(main, ["replay", str(path)])
        assert result.exit_code == 0 and "conforms to 58 Pa. Code § 633a.7" in result.output
        assert replay(path).verdict == "conforms"


SEED_7 = ("the seed 7 (the shoe is the one this seed shuffles, card for card; that the seed was drawn at random, not "
          "chosen, is not shown)")


class TestTakenAsGiven:
    """Under the verdict, what the replay took from the log's header (or --machine) and could not check: "conforms"
    holds relative to it. Information, not a departure: the exit status stays the verdict's."""

    def _played(self, tmp_path, *args, key=""):
        path = tmp_path / "round.jsonl"
        env = {"PA_TABLE_GAMES_LOG_KEY": key}
        played = CliRunner(env=env).invoke(main, ["play", *args, "--log", str(path)])
        assert played.exit_code == 0, played.output
        return path, env

    def _replayed(self, path, env, *args):
        said = CliRunner(env=env).invoke(main, ["replay", str(path), *args])
        doc = json.loads(CliRunner(env=env).invoke(main, ["replay", str(path), "--json", *args]).output)
        return said, doc

    def test_a_stacked_shoe_is_taken_as_given(self, tmp_path):
        """A stacked shoe's order is the header's: the line says so, and --json's taken_as_given. Before, "conforms"
        alone, as if the order had been shuffled."""
        path, env = self._played(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand")
        said, doc = self._replayed(path, env)
        lines = said.output.splitlines()
        assert said.exit_code == 0 and "conforms to 58 Pa. Code § 633a.7" in lines[-2], said.output
        assert lines[-1].startswith("  taken as given: a stacked shoe (the card order was given, not shuffled from "
                                    "a seed: the round is shown dealt as the machine deals that order, not that the "
                                    "order was random); ")
        assert doc["taken_as_given"][0].startswith("a stacked shoe (") and doc["conforms"] is True

    def test_a_stacked_keyed_round_takes_only_its_order_as_given_even_under_an_identical_machine_copy(self, tmp_path):
        """A stacked shoe's flags are a fresh stacked shoe's, so none is named; a --machine file byte for byte the
        installed one is no edited machine (the mutation audit: a mutant naming that copy passed every test)."""
        path, env = self._played(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand",
                                 key="operator key")
        copied = tmp_path / "copy.yaml"
        copied.write_bytes(machine_path("blackjack").read_bytes())
        for args in ((), ("--machine", str(copied))):
            said, doc = self._replayed(path, env, *args)
            assert said.exit_code == 0 and len(doc["taken_as_given"]) == 1, said.output
            assert doc["taken_as_given"][0].startswith("a stacked shoe (")

    def test_rules_not_the_defaults_are_named_with_both_values(self, tmp_path):
        """A round dealt under a Rules file: each changed option with its logged and its default value."""
        rules = tmp_path / "rules.yaml"
        rules.write_text('blackjack_pays: "6:5"\n')
        path, env = self._played(tmp_path, "blackjack", "--seed", "7", "--rules", str(rules), "--actions", "stand",
                                 key="operator key")
        said, doc = self._replayed(path, env)
        assert said.exit_code == 0 and said.output.splitlines()[-1] == \
            f"  taken as given: {SEED_7}; Rules blackjack_pays 6:5 (default 3:2)", said.output
        assert doc["taken_as_given"] == [SEED_7, "Rules blackjack_pays 6:5 (default 3:2)"]

    def test_a_changed_number_is_shown_to_its_last_digit(self, tmp_path):
        """table_maximum 100000.01 is not the default 100000: shown with every digit, never rounded to look like the
        default (before, 'table_maximum 100000 (default 100000)')."""
        rules = tmp_path / "rules.yaml"
        rules.write_text("table_maximum: 100000.01\ninsurance_max: 0.4999999\n")
        path, env = self._played(tmp_path, "blackjack", "--seed", "7", "--rules", str(rules), "--actions", "stand",
                                 key="operator key")
        said, doc = self._replayed(path, env)
        assert doc["taken_as_given"][1:] == ["Rules insurance_max 0.4999999 (default 0.5)",
                                             "Rules table_maximum 100000.01 (default 100000)"], said.output

    def test_a_seeded_keyed_round_under_the_defaults_takes_only_its_seed_as_given(self, tmp_path):
        """A shuffled shoe (checked against its seed), the default Rules, a chain keyed with the operator's key: the
        seed alone is given, since whoever dealt chose it (trying seeds picks a deal as surely as stacking does)."""
        path, env = self._played(tmp_path, "blackjack", "--seed", "7", "--actions", "stand", key="operator key")
        said, doc = self._replayed(path, env)
        assert said.exit_code == 0 and said.output.splitlines()[-1] == f"  taken as given: {SEED_7}", said.output
        assert doc["taken_as_given"] == [SEED_7]

    def test_an_unkeyed_chain_says_it_shows_no_writer(self, tmp_path):
        """The same round logged without a key: the plain chain shows the file is whole, not who wrote it."""
        path, env = self._played(tmp_path, "blackjack", "--seed", "7", "--actions", "stand")
        said, doc = self._replayed(path, env)
        assert said.exit_code == 0 and doc["taken_as_given"] == [SEED_7,
            "a hash chain not keyed with an operator key (it shows the file is whole, not who wrote it: anyone can "
            "write a consistent unkeyed log)"]

    def test_a_round_option_and_an_edited_machine_are_named(self, tmp_path):
        """An injected misdeal (a round option) as logged; an edited machine file given with --machine."""
        path, env = self._played(tmp_path, "six-card-fortune-pai-gow", "--seed", "7", "--misdeal", "2",
                                 "--strategy", "house_way", key="operator key")
        said, doc = self._replayed(path, env)
        assert said.exit_code == 0 and doc["taken_as_given"] == [SEED_7,
            "round option misdeal 2, injected as logged (a seat, or dealer/0, misdealt in the last round of the deal)"]
        edited = tmp_path / "edited.yaml"
        edited.write_text(machine_path("blackjack").read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
        path, env = self._played(tmp_path, "blackjack", "--machine", str(edited), "--seed", "7", "--actions", "stand",
                                 "--force", key="operator key")
        said, doc = self._replayed(path, env, "--machine", str(edited))
        assert said.exit_code == 0 and doc["taken_as_given"] == [SEED_7,
            f"an edited machine file, {edited.resolve()} (--machine): the round was replayed under it, not under the "
            f"installed machines/blackjack.yaml"]

    def test_a_table_flag_not_a_fresh_tables_is_named(self, tmp_path):
        """A round logged at a table a new dealer has just come to (the table's flag as logged): named with a fresh
        table's value."""
        game, seats = load_game("blackjack"), {1: {"blackjack": 10}}
        table = game.new_table(seed=7)
        table.new_dealer = True
        start, rnd = Start.of(table), game.new_round(seats, table=table).advance()
        while not rnd.is_over:
            rnd.act("stand")
            rnd.advance()
        write_log(tmp_path / "r.jsonl", record(rnd, start, seats, ["stand"], seed=7), b"operator key")
        report = replay(tmp_path / "r.jsonl", b"operator key")
        assert report.conforms and report.taken_as_given == (SEED_7,
            "the table's flag new_dealer true, as logged (a fresh table's is false)",)

    def test_a_control_character_in_the_header_is_shown_escaped(self, tmp_path):
        """Rules odds holding a tab ("6\\t:5", which odds allow): shown escaped on the line, which stays one line
        under the verdict."""
        rules = tmp_path / "rules.yaml"
        rules.write_text('blackjack_pays: "6\\t:5"\n')
        path, env = self._played(tmp_path, "blackjack", "--seed", "7", "--rules", str(rules), "--actions", "stand",
                                 key="operator key")
        said, doc = self._replayed(path, env)
        assert said.exit_code == 0 and "\t" not in said.output and len(said.output.splitlines()) == 2, said.output
        assert said.output.splitlines()[-1] == f"  taken as given: {SEED_7}; Rules blackjack_pays 6\\t:5 (default 3:2)"
        assert doc["taken_as_given"] == [SEED_7, "Rules blackjack_pays 6\t:5 (default 3:2)"]


def test_a_log_played_under_another_machine_file_says_how_to_replay_it_as_played(tmp_path):
    """'machine file differs' names the way to replay the round under the file it was played under."""
    log, machine = tmp_path / "round.jsonl", tmp_path / "blackjack.yaml"
    played = CliRunner().invoke(main, ["play", "blackjack", "--shoe", "2C TH 6S 5D 7C 6H TD", "--actions", "stand",
                                       "--log", str(log)])
    assert played.exit_code == 0, played.output
    machine.write_text(machine_path("blackjack").read_text(encoding="utf-8") + "# edited\n",
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--machine", str(machine), str(log)])
    assert "(replay --machine FILE replays it under the file it was played under)" in result.output
