"""Round logs: `play --log` writes a header and one event a line; reading checks the form, naming the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games import Shoe, load_game
from pa_table_games.cli import main
from pa_table_games.audit.log import LogFileError, Recorder, Start, read_log, record
from pa_table_games.cli.play import play_round

MALFORMED = Path(__file__).parent / "replay" / "malformed"


def play_logged(tmp_path, *args):
    path = tmp_path / "round.jsonl"
    result = CliRunner().invoke(main, ["play", *args, "--log", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output), [json.loads(line) for line in path.read_text().splitlines()]


class TestPlayLog:
    def test_header_then_one_event_a_line(self, tmp_path):
        """The first line is the header; each further line is one event, as in --json, with its chained hash."""
        doc, lines = play_logged(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--actions", "stand")
        assert lines[0]["kind"] == "header" and all(line["kind"] == "event" for line in lines[1:])
        assert [{k: v for k, v in line.items() if k not in ("kind", "hash")} for line in lines[1:]] == doc["events"]

    def test_header_records_what_is_needed_to_rerun(self, tmp_path):
        """The header holds the game, the Rules as a mapping, the seats, the shoe as dealt and the decisions."""
        _, lines = play_logged(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--seat", "1:blackjack=10",
                               "--actions", "stand")
        header = lines[0]
        assert header["game"] == "blackjack" and header["rules"]["decks"] == 6
        assert header["seats"] == {"1": {"blackjack": 10.0}}
        assert header["shoe"] == ["2C", "TH", "7S", "9H", "KD"] and header["undealt"] == ["5C"]
        assert header["actions"] == ["stand"]

    def test_the_shoe_as_dealt_is_the_order_the_cards_came_out(self, tmp_path):
        """The header's shoe lists exactly the cards the events took from the shoe, in order."""
        _, lines = play_logged(tmp_path, "blackjack", "--seed", "11", "--actions", "stand")
        out = [m["card"] for e in lines[1:] for m in e.get("cards", []) if "turned face up" not in m["to"]
               and not (m["to"] == "discard rack" and e["trigger"] != "burn_first_card")]
        assert lines[0]["shoe"] == out and lines[0]["seed"] == 11

    def test_a_random_shoe_gets_a_seed_so_it_can_be_replayed(self, tmp_path):
        """Without a seed or a stacked shoe the recorder picks a seed, and the logged round replays clean."""
        from pa_table_games.audit.replay import replay

        game = load_game("double-down-madness")
        rec = Recorder(game, {}, seed=None, shoe=None)
        assert isinstance(rec.seed, int)
        rnd, words = game.new_round(rec.seats, seed=rec.seed).advance(), []
        while not rnd.is_over:
            words.append(rnd.legal_actions()[-1].word)
            rnd.act(words[-1])
            rnd.advance()
        rec.write(tmp_path / "r.jsonl", rnd, words)
        assert read_log(tmp_path / "r.jsonl").header["seed"] == rec.seed
        assert replay(tmp_path / "r.jsonl").conforms

    def test_library_record_of_a_round(self):
        """record() of a finished round keeps every event and the decisions given."""
        game = load_game("blackjack")
        seats = {1: {"blackjack": 10}}
        start = Start.of(game.new_table(shoe=Shoe.stacked("2C TH 7S 9H KD 5C")))
        rnd = play_round(game, seats, ["stand"], shoe="2C TH 7S 9H KD 5C")
        log = record(rnd, start, seats, ["stand"])
        assert len(log.events) == len(rnd.events) and log.lines[0] == 2
        assert log.to_jsonl().count("\n") == len(rnd.events) + 1

    def test_recorder_twin_table_matches_the_played_shoe(self):
        """The recorder's start is the shoe the round was dealt from (same seed, same cards)."""
        game = load_game("blackjack")
        rec = Recorder(game, {}, seed=5, shoe=None)
        assert list(rec.start.sides[""][:10]) == [c.code for c in game.new_table(seed=5).shoe.remaining()[:10]]
        assert rec.seats == {1: {"blackjack": 10.0}}


class TestReadLog:
    @pytest.mark.parametrize(("name", "line", "words"), [
        ("not_json.jsonl", 4, "not JSON"),
        ("no_header.jsonl", 1, "first line must be the header"),
        ("bad_card_code.jsonl", 1, "unknown card code 'ZZ'"),
        ("event_without_trigger.jsonl", 3, "missing 'trigger'"),
        ("unknown_field.jsonl", 6, "unknown field 'dealer_mood'"),
        ("wrong_kind.jsonl", 5, "'kind' must be \"event\""),
        ("card_without_face.jsonl", 7, "cards item 1"),
        ("empty.jsonl", 1, "empty log"),
    ])
    def test_malformed_line_is_named(self, name, line, words):
        """A malformed log is a LogFileError naming the file and the line."""
        with pytest.raises(LogFileError) as caught:
            read_log(MALFORMED / name)
        assert caught.value.line == line and words in str(caught.value)
        assert str(caught.value).startswith(f"{MALFORMED / name}:{line}: ")

    def test_missing_file(self, tmp_path):
        """A log that cannot be read is a LogFileError naming the file."""
        with pytest.raises(LogFileError, match="cannot read"):
            read_log(tmp_path / "nope.jsonl")

    def test_blank_lines_are_ignored(self, tmp_path):
        """Blank lines between records are allowed; line numbers still count them."""
        text = (Path(__file__).parent / "replay" / "conforming.jsonl").read_text()
        path = tmp_path / "spaced.jsonl"
        path.write_text(text.replace("\n", "\n\n"))
        log = read_log(path, allow_v1=True)
        assert log.lines[0] == 3 and len(log.events) == text.count("\n") - 1


def _keyed(tmp_path, key: bytes, name: str = "round.jsonl") -> Path:
    path = tmp_path / name
    done = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": key.decode()}).invoke(
        main, ["play", "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand", "--log", str(path)])
    assert done.exit_code == 0, done.output
    return path


def _replayed(path: Path, key: bytes):
    return CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": key.decode()}).invoke(main, ["replay", str(path)])


class TestWhichKey:
    def test_a_keyed_header_names_its_key_by_a_fingerprint_that_does_not_reveal_it(self, tmp_path):
        """Version 4: a keyed log's header carries the key's fingerprint (16 hex digits), never the key."""
        from pa_table_games.audit.chain import fingerprint

        path = _keyed(tmp_path, b"the casino's key")
        header = json.loads(path.read_text().splitlines()[0])
        assert header["version"] == 4 and header["key_fingerprint"] == fingerprint(b"the casino's key")
        assert "casino" not in path.read_text()

    def test_a_wrong_key_is_told_apart_from_a_changed_log(self, tmp_path):
        """Checked with another key the log is refused as signed with another key, naming both fingerprints, not
        as tampering; checked with its own key after an edit, the chain is broken."""
        path = _keyed(tmp_path, b"the casino's key")
        wrong = _replayed(path, b"another key")
        assert wrong.exit_code == 2 and "signed with another key, or its fingerprint was changed; nothing in it is " \
            "verified" in wrong.output
        assert "hash chain broken" not in wrong.output
        path.write_text(path.read_text().replace('"net": 10.0', '"net": 20.0'))
        changed = _replayed(path, b"the casino's key")
        assert changed.exit_code == 2 and "hash chain broken" in changed.output

    def test_older_versions_still_replay(self, tmp_path):
        """A keyed version-3 log (no fingerprint) still verifies with its key and replays; the committed
        version-1 logs still replay with --allow-v1 (tests/replay)."""
        path = _keyed(tmp_path, b"the casino's key")
        log = read_log(path, b"the casino's key")
        older = type(log)({k: v for k, v in log.header.items() if k != "key_fingerprint"} | {"version": 3},
                          log.events, log.lines, log.file)
        path.write_text(older.to_jsonl(b"the casino's key"))
        assert "key_fingerprint" not in path.read_text().splitlines()[0]
        assert _replayed(path, b"the casino's key").exit_code == 0
        wrong = _replayed(path, b"another key")
        assert wrong.exit_code == 2 and "or it was signed with another key" in wrong.output
