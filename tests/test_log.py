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

from forging import as_version_1, resealed, written

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
        assert header["version"] >= 4 and header["key_fingerprint"] == fingerprint(b"the casino's key")
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


def _downgraded(path: Path) -> Path:
    """The log at ``path`` rewritten as version 1: no chain, none of the fields that came with version 2."""
    docs = [json.loads(line) for line in path.read_text().splitlines()]
    as_version_1(docs)
    return written(path, docs)


def _unkeyed(tmp_path):
    """A one-stand round's log, played without a key, read back."""
    played = tmp_path / "played.jsonl"
    assert CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(
        main, ["play", "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand", "--log", str(played)]
    ).exit_code == 0
    return read_log(played)


class TestWhereTheChainFails:
    """Each reason a chain is not trusted names the line an editor shows: the header's for what the header
    says, the first line that does not verify for an edit."""

    def test_what_the_header_says_is_named_at_line_1(self, tmp_path):
        keyed = _keyed(tmp_path, b"the casino's key")
        assert _replayed(keyed, b"").output.startswith(f"error: {keyed}:1: the log is signed with a key (fingerprint")
        assert _replayed(keyed, b"another key").output.startswith(f"error: {keyed}:1: the log names the key that "
                                                                  "signed it by fingerprint")
        old = _downgraded(_keyed(tmp_path, b"the casino's key", "old.jsonl"))
        assert _replayed(old, b"the casino's key").output == (
            f"error: {old}:1: header: a version-1 log has no hash chain: it cannot be verified with the key\n")
        assert _replayed(old, b"").output.startswith(f"error: {old}:1: header: unverifiable: a version-1 log has no "
                                                     "hash chain")

    def test_an_edited_keyed_log_is_named_at_the_edited_line_and_not_blamed_on_another_key(self, tmp_path):
        """Version 4 names its key, so a line that does not verify with it was edited: no 'another key' excuse."""
        path = _keyed(tmp_path, b"the casino's key")
        lines = path.read_text().splitlines()
        edited = next(n for n, line in enumerate(lines, 1) if '"net": 10.0' in line)
        path.write_text(path.read_text().replace('"net": 10.0', '"net": 20.0'))
        assert _replayed(path, b"the casino's key").output == (
            f"error: {path}:{edited}: hash chain broken: the hash does not verify with the key: this line, or one "
            "before it, was changed, removed or inserted after the log was written\n")

    def test_an_edited_unkeyed_version_3_log_does_not_match_and_no_key_is_blamed(self, tmp_path):
        """A version-3 log names no key; replayed without one, an edit is a line that does not match its hash."""
        log = _unkeyed(tmp_path)
        older = type(log)(log.header | {"version": 3}, log.events, log.lines, log.file)
        path = tmp_path / "v3.jsonl"
        path.write_text(older.to_jsonl().replace('"net": 10.0', '"net": 20.0'))
        output = _replayed(path, b"").output
        assert "hash chain broken: the hash does not match the line" in output and "another key" not in output


class TestRewritten:
    def test_a_keyed_log_rewritten_without_the_key_drops_its_fingerprint_and_replays_unkeyed(self, tmp_path):
        """`RoundLog.to_jsonl()` of a keyed log read back: the header no longer names a key nobody signed with."""
        path = _keyed(tmp_path, b"the casino's key")
        path.write_text(read_log(path, b"the casino's key").to_jsonl())
        assert "key_fingerprint" not in path.read_text() and _replayed(path, b"").exit_code == 0

    def test_only_a_version_1_log_is_written_without_a_chain(self, tmp_path):
        """Versions 2 and later are chained as written; version 1 never had a chain. A log read back and relabelled
        version 1 is written without its lines' old hashes and the header's fields that came with version 2, so a
        version-1 reader reads it and `replay --allow-v1` replays it."""
        log = read_log(_keyed(tmp_path, b"k"), b"k")
        for version, chained in ((1, False), (2, True)):
            path = tmp_path / f"v{version}.jsonl"
            path.write_text(type(log)(log.header | {"version": version}, log.events, log.lines).to_jsonl())
            docs = [json.loads(line) for line in path.read_text().splitlines()]
            assert all(("hash" in doc) == chained for doc in docs), version
            assert read_log(path, allow_v1=True).header["version"] == version
        header = json.loads((tmp_path / "v1.jsonl").read_text().splitlines()[0])
        assert not {"stacked", "machine_sha256", "key_fingerprint"} & header.keys()
        replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "v1.jsonl"), "--allow-v1"])
        assert replayed.exit_code == 0, replayed.output


class TestNumbersAndNesting:
    def test_since_version_3_a_number_is_written_only_as_its_shortest_decimal(self, tmp_path):
        """Version 3 is EXACT_MONEY: a wager written 1.000e1 is refused at its line, as in version 4."""
        log = _unkeyed(tmp_path)
        for version in (3, 4):
            path = tmp_path / f"v{version}.jsonl"
            path.write_text(type(log)(log.header | {"version": version}, log.events, log.lines).to_jsonl()
                            .replace('"blackjack": 10.0', '"blackjack": 1.000e1', 1))
            with pytest.raises(LogFileError, match=r":1: the number 1\.000e1 is not written as the shortest"):
                read_log(path)

    @pytest.mark.parametrize("inner", ["[]", "{}", "0"])
    @pytest.mark.parametrize(("depth", "refused"), [(32, False), (33, True)])
    def test_a_line_nested_deeper_than_32_levels_is_refused_as_no_reader_would_read_it(self, tmp_path, depth,
                                                                                     refused, inner):
        """files.MAX_DEPTH: an event whose notes nest to 32 levels (an empty list or object counts as a level, a
        number as none) is read as JSON and refused for its form; at 33 it is refused as JSON nested too deep."""
        lines = (MALFORMED.parent / "conforming.jsonl").read_text().splitlines()
        event = json.loads(lines[1])
        lists = depth - 1 - (inner != "0")  # the event object is level 1
        event["notes"] = json.loads("[" * lists + inner + "]" * lists)
        lines[1] = json.dumps(event)
        path = tmp_path / "deep.jsonl"
        path.write_text("\n".join(lines) + "\n")
        with pytest.raises(LogFileError) as caught:
            read_log(path, allow_v1=True)
        assert ("nested deeper than 32 levels" in str(caught.value)) == refused, str(caught.value)
        assert ":2:" in str(caught.value)


def _set_seat_wager(value):
    return lambda docs: docs[0]["seats"]["1"].update(blackjack=value)


def _first_settled(docs):
    return next(d for d in docs if d.get("settled"))["settled"][0]


def _settled_net(value):
    return lambda docs: _first_settled(docs).update(net=value)


OUT_OF_RANGE = "must be a number from -1,000,000,000,000 to 1,000,000,000,000"
#: one field of a played version-4 log made malformed -> what reading it says, at which line
MALFORMED_FIELDS = {
    "a fingerprint in a version-3 header": (
        lambda docs: docs[0].update(version=3, key_fingerprint="0123456789abcdef"),
        1, "header: 'key_fingerprint' is 16 hex digits, in a keyed log of version 4 or later"),
    "a wager of 0": (_set_seat_wager(0), 1, "header: seat '1': seats map a seat number to {wager: positive amount}"),
    "a wager of 10.001 in version 3": (
        lambda docs: docs[0].update(version=3, seats={"1": {"blackjack": 10.001}}),
        1, "header: seat '1': blackjack 10.001 is"),
    "a round option true": (lambda docs: docs[0].update(game="six-card-fortune-pai-gow", options={"misdeal": True}),
                            1, "header: round option 'misdeal' must be a whole number, not True"),
    "the decisions as one string": (lambda docs: docs[0].update(actions="stand"),
                                    1, "header: 'actions' must be a list of strings\n"),
    "the shoe as one string": (lambda docs: docs[0].update(shoe="2C"),
                               1, "header: 'shoe' must be a list of strings (or {side: list} for a double shoe)"),
    "an empty trigger": (lambda docs: docs[1].update(trigger=""), 2, "event: 'trigger' must be a non-empty string"),
    "a hand true": (lambda docs: docs[2].update(hand=True), 3, "event: 'hand' must be a whole number"),
    "a net of 10.001 in version 3": (lambda docs: (docs[0].update(version=3), _settled_net(10.001)(docs)), None,
                                     "event: settled item 1: 'net' 10.001 is not a whole number of cents (version 3 "
                                     "amounts are whole cents)"),
    "a settled seat true": (lambda docs: _first_settled(docs).update(seat=True), None,
                            "event: settled item 1: 'seat' must be int"),
    "decks as a list in the Rules": (lambda docs: docs[0]["rules"].update(decks=[6]), 1,
                                     "header: rules: decks must be a whole number 1..12, not [6]\n"),
    "a double shoe logged with one side": (
        lambda docs: docs[0].update(shoe={"red": docs[0]["shoe"]}, undealt={}), 1,
        "header: a double shoe is logged as {red, black}: a list of card codes each"),
    "a net below -10**12": (_settled_net(-10 ** 12 - 1), None, f"event: settled item 1: 'net' {OUT_OF_RANGE}"),
    "a net above 10**12": (_settled_net(10 ** 12 + 1), None, f"event: settled item 1: 'net' {OUT_OF_RANGE}"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED_FIELDS))
def test_a_malformed_field_is_refused_at_its_line(tmp_path, name):
    """`replay` names the line and what is wrong with it, in one line, exit 2 (log_format's checks of a line's form,
    then replay_setup's of what the header describes)."""
    edit, line, words = MALFORMED_FIELDS[name]
    _, docs = play_logged(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--actions", "stand")
    edit(docs)
    line = line or next(n for n, d in enumerate(docs, 1) if d.get("settled"))
    path = resealed(tmp_path / "malformed.jsonl", docs)  # as a forger would: the line's form is what is refused
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and f"error: {path}:{line}: {words}" in result.output, result.output


@pytest.mark.parametrize("amount", [10 ** 12, -10 ** 12, 0.5])
def test_the_bounds_of_an_amount_are_well_formed(tmp_path, amount):
    """A net of exactly ±10**12 and a wager of 0.5 are numbers a log may hold: what refuses the edited log is its
    hash chain, not the form of the line."""
    _, docs = play_logged(tmp_path, "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--actions", "stand")
    (_set_seat_wager if amount == 0.5 else _settled_net)(amount)(docs)
    path = written(tmp_path / "edited.jsonl", docs)
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "must be" not in result.output and "positive amount" not in result.output
    assert "hash chain broken" in result.output, result.output
