"""Tampered round logs: `replay` reports every edit (exit 1, cited, or exit 2, malformed).

A real round is logged by `play --log` (a shuffled shoe from a seed, and a stacked one), then
edited in one of the ways listed in TAMPERINGS. Three kinds of editor are tried:

- a plain edit (a text editor, a disk error): the hash chain no longer matches — caught
  whatever else the edit did;
- a forger without the key who recomputes the plain SHA-256 chain: caught where the edit
  makes the header lie about the shoe or breaks a rule the replay re-checks; a forgery that
  is consistent throughout (a wager raised everywhere) is not, which is what the key is for;
- with the operator's key configured: every edit is caught, the recomputed ones included.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from click.testing import CliRunner

from pa_table_games import TableGamesError, load_game
from pa_table_games.audit.chain import seal
from pa_table_games.audit.log import Start, record, write_log
from pa_table_games.audit.log_format import VERSION, VERSIONS
from pa_table_games.cli import main
from pa_table_games.games import machine_path
from pa_table_games.strategies import get_strategy

from forging import as_version_1, logged_round

KEY = b"operator key held by the casino"
#: Edits a forger who recomputes the plain chain gets past: the round re-deals the same under them
#: (a Rules payout this round never used, a shuffled shoe re-declared stacked) or they are consistent
#: throughout (a wager raised in the header and every settlement). A downgrade to version 1 (no chain)
#: is not among them: a log without a chain is unverifiable (exit 2) unless `replay --allow-v1`.
FORGEABLE_WITHOUT_KEY = {"wager raised everywhere", "rules: blackjack pays 2:1", "seed removed and marked stacked"}
#: Edits of the hashes themselves: a recomputed chain undoes them.
OF_THE_HASHES = {"header hash removed", "header hash altered"}


def _settled(docs):
    return [row for d in docs[1:] for row in d.get("settled", [])]


def _first_card_event(docs):
    return next(d for d in docs[1:] if d.get("cards"))


# -- the tamperings: each edits the parsed log (header first) in place, or returns raw text ---------------
def _swap_shoe(d):
    d[0]["shoe"][2], d[0]["shoe"][3] = d[0]["shoe"][3], d[0]["shoe"][2]


def _card_consistently(d):
    old = d[0]["shoe"][1]
    new = "AS" if old != "AS" else "KD"
    d[0]["shoe"][1] = new
    for e in d[1:]:
        for m in e.get("cards", []):
            if m["card"] == old:
                m["card"] = new
                return


def _wager_everywhere(d):
    for seat in d[0]["seats"].values():
        seat["blackjack"] = seat["blackjack"] * 10
    for row in _settled(d):
        row["amount"], row["net"] = row["amount"] * 10, row["net"] * 10


def _raw_net_twice(d):
    row = _settled(d)[0]
    text = [json.dumps(x) for x in d]
    at = next(i for i, x in enumerate(d) if row in x.get("settled", []))
    text[at] = text[at].replace('"net": ', '"net": 999.0, "net": ', 1)
    return text


def _raw(pattern, replacement, line=0):
    def edit(d):
        text = [json.dumps(x) for x in d]
        text[line] = re.sub(pattern, replacement, text[line], count=1)
        return text
    return edit


def _event(at, edit):
    def tamper(d):
        edit(d[at])
    return tamper


def _set(**fields):
    def tamper(d):
        d[0].update(fields)
    return tamper


def _rules(**fields):
    def tamper(d):
        d[0]["rules"].update(fields)
    return tamper


def _seat_key(key):
    def tamper(d):
        d[0]["seats"][key] = dict(d[0]["seats"]["1"])
    return tamper


def _seat_key_renamed(key):
    def tamper(d):
        d[0]["seats"] = {key if k == "1" else k: v for k, v in d[0]["seats"].items()}
    return tamper


def _amount(value):
    def tamper(d):
        d[0]["seats"]["1"]["blackjack"] = value
    return tamper


def _settled_row(edit):
    def tamper(d):
        edit(_settled(d)[0])
    return tamper


def _events(edit):
    def tamper(d):
        d[1:] = edit(d[1:])
    return tamper


def _aces_beyond_the_decks(d):
    """25 Aces of Spades added to a six-deck stacked shoe (24 is all it holds), the load_shoe note saying so."""
    d[0]["undealt"] += ["AS"] * 25
    d[1]["notes"] = [f"{len(d[0]['shoe']) + len(d[0]['undealt'])} cards placed in the dealing shoe"]


def _flip(section, name):
    def tamper(d):
        d[0][section][name] = not d[0][section][name]
    return tamper


SEEDED = {  # name -> edit of the seeded Blackjack log (two seats, seed 7)
    "seed changed": _set(seed=8),
    "seed removed (null)": _set(seed=None),
    "seed removed and marked stacked": _set(seed=None, stacked=True),
    "seed key deleted": lambda d: d[0].__delitem__("seed"),
    "shoe: two cards swapped": _swap_shoe,
    "shoe: a card changed in shoe and events": _card_consistently,
    "undealt replaced by 300 AS": lambda d: d[0].update(undealt=["AS"] * 300),
    "undealt truncated": lambda d: d[0].update(undealt=d[0]["undealt"][:-10]),
    "undealt: one card added": lambda d: d[0]["undealt"].append("AS"),
    "undealt: a joker added": lambda d: d[0]["undealt"].append("JK"),
    "rules: decks 6 -> 8": _rules(decks=8),
    "rules: blackjack pays 2:1": _rules(blackjack_pays="2:1"),
    "rules: unknown option": _rules(splitting=True),
    "rules: cover card depth 0": _rules(cover_card_depth_decks=0),
    "rules: table maximum lowered below the wager": _rules(table_maximum=5),
    "section unknown": _set(section="58 Pa. Code § 999.9"),
    "section removed": lambda d: d[0].__delitem__("section"),
    "game changed": _set(game="double-down-madness"),
    "round option unknown": _set(options={"dealer_mood": "kind"}),
    "round option of another game (misdeal)": _set(options={"misdeal": 2}),
    "seat key '01' beside '1'": _seat_key("01"),
    "seat key '¹'": _seat_key_renamed("¹"),
    "seat key '-1'": _seat_key_renamed("-1"),
    "seat key '1.0'": _seat_key_renamed("1.0"),
    "seat key ' 1'": _seat_key_renamed(" 1"),
    "seat 8 at a 7-position table": _seat_key("8"),
    "wager NaN": _raw(r'"blackjack": 20(\.0)?', '"blackjack": NaN'),
    "wager Infinity": _raw(r'"blackjack": 20(\.0)?', '"blackjack": Infinity'),
    "wager 1e309": _raw(r'"blackjack": 20(\.0)?', '"blackjack": 1e309'),
    "wager raised everywhere": _wager_everywhere,
    "wager 0.001": _amount(0.001),
    "wager above the table maximum": _amount(1e7),
    "wager below the table minimum": _amount(0.5),
    "marked stacked (shuffled shoe)": _set(stacked=True),
    "downgraded to version 1": as_version_1,
    "a version not yet written": _set(version=VERSION + 1),
    "machine_sha256 replaced": _set(machine_sha256="0" * 64),
    "decision changed": lambda d: d[0]["actions"].__setitem__(0, "hit" if d[0]["actions"][0] != "hit" else "stand"),
    "decision appended": lambda d: d[0]["actions"].append("stand"),
    "decision removed": lambda d: d[0]["actions"].pop(),
    "marked incomplete": _set(incomplete=True),
    "shoe flag flipped": _flip("shoe_state", "batch_is_new"),
    "shoe flag of a stacked shoe added": lambda d: d[0]["shoe_state"].update(stacked_order=True),
    "header hash removed": lambda d: d[0].__delitem__("hash"),
    "header hash altered": lambda d: d[0].update(hash=d[0]["hash"][:-4] + "0000"),
    "event deleted": _events(lambda e: e[:3] + e[4:]),
    "event duplicated": _events(lambda e: e[:3] + [copy.deepcopy(e[3])] + e[3:]),
    "two events swapped": _events(lambda e: e[:2] + [e[3], e[2]] + e[4:]),
    "last event removed": _events(lambda e: e[:-1]),
    "event appended after the end": _events(lambda e: e + [dict(copy.deepcopy(e[-1]), seq=e[-1]["seq"] + 1)]),
    "event seq changed": _event(2, lambda e: e.update(seq=e["seq"] + 5)),
    "event trigger changed": _event(2, lambda e: e.update(trigger="hit")),
    "event dest changed": _event(2, lambda e: e.update(dest="round_complete")),
    "event cite changed": _event(2, lambda e: e.update(cite=["§ 633a.7(z)"])),
    "event note added": _event(1, lambda e: e.update(notes=e.get("notes", []) + ["the dealer smiled"])),
    "event card changed": lambda d: _first_card_event(d)["cards"][0].update(card="AS"),
    "event card turned face down": lambda d: _first_card_event(d)["cards"][0].update(
        face_up=not _first_card_event(d)["cards"][0]["face_up"]),
    "settled net changed": _settled_row(lambda r: r.update(net=999.0)),
    "settled net twice (duplicate key)": _raw_net_twice,
    "settled outcome changed": _settled_row(lambda r: r.update(outcome="lose" if r["outcome"] == "win" else "win")),
    "event unknown field": _event(1, lambda e: e.update(checksum="ok")),
    "event nested 100 deep": _raw(r'"notes": \[', '"notes": ' + "[" * 100 + '"x"' + "]" * 99 + ", [", line=1),
    "header moved to the end": lambda d: [json.dumps(x) for x in d[1:] + d[:1]],
}
STACKED = {  # name -> edit of the stacked Blackjack log
    "stacked card changed in shoe and events": _card_consistently,
    "stacked shoe: a joker": lambda d: d[0]["undealt"].append("JK"),
    "stacked marked shuffled": _set(stacked=False),
    # a stacked shoe's order is no state flag: before, the header could mark it not stacked (refilled from a shuffle
    # when it runs dry), and a round dealt so replayed as conforming (equipment/flags.py)
    "stacked shoe: its order marked not stacked": lambda d: d[0]["shoe_state"].update(stacked_order=False),
    "stacked shoe: 25 AS in six decks, its count noted": _aces_beyond_the_decks,
}
TAMPERINGS = {**{("seeded", k): v for k, v in SEEDED.items()}, **{("stacked", k): v for k, v in STACKED.items()}}


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    seeded = ["blackjack", "--seed", "7", "--seat", "1:blackjack=20", "--seat", "2:blackjack=10",
              "--actions", "stand,stand"]
    stacked = ["blackjack", "--shoe", "2C TH 7S 9H KD 5C 4D 3S", "--seat", "1:blackjack=20", "--actions", "stand"]
    return {("seeded", None): logged_round(folder, "seeded", *seeded),
            ("stacked", None): logged_round(folder, "stacked", *stacked),
            ("seeded", KEY): logged_round(folder, "seeded_keyed", *seeded, key=KEY),
            ("stacked", KEY): logged_round(folder, "stacked_keyed", *stacked, key=KEY)}


def _replay(tmp_path, docs_or_lines, key=None):
    lines = [x if isinstance(x, str) else json.dumps(x) for x in docs_or_lines]
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n")
    env = {"PA_TABLE_GAMES_LOG_KEY": key.decode() if key else ""}
    result = CliRunner(env=env).invoke(main, ["replay", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    return result.exit_code


def _tampered(logs, which, key, *, rechain_with):
    kind, name = which
    docs = copy.deepcopy(logs[kind, key])
    lines = TAMPERINGS[which](docs)
    if lines is None and rechain_with is not False:
        seal(docs, docs[0].get("machine_sha256", ""), rechain_with)
        if docs[0].get("version") == 1:
            for d in docs:
                d.pop("hash", None)
    return lines if lines is not None else docs


def test_the_untouched_logs_conform(logs, tmp_path):
    """The logs the tamperings start from replay clean, with and without the key."""
    for (kind, key), docs in logs.items():
        assert _replay(tmp_path, docs, key) == 0, kind


def test_sixty_two_kinds_of_tampering_are_listed():
    assert len(TAMPERINGS) >= 62


@pytest.mark.parametrize("which", sorted(TAMPERINGS), ids=lambda w: f"{w[0]}: {w[1]}")
def test_a_plain_edit_is_caught(logs, tmp_path, which):
    """An edit that leaves the hashes as they were: exit 1 or 2, never 'conforms'."""
    code = _replay(tmp_path, _tampered(logs, which, None, rechain_with=False))
    assert code in (1, 2), code


@pytest.mark.parametrize("which", sorted(TAMPERINGS), ids=lambda w: f"{w[0]}: {w[1]}")
def test_a_forger_who_recomputes_the_plain_chain(logs, tmp_path, which):
    """Without a key, a recomputed chain is caught unless the forgery is consistent throughout."""
    code = _replay(tmp_path, _tampered(logs, which, None, rechain_with=None))
    assert (code == 0) == (which[1] in FORGEABLE_WITHOUT_KEY | OF_THE_HASHES), code
    if which[1] == "machine_sha256 replaced":
        assert code == 1  # reported: the round was played under another machine file


@pytest.mark.parametrize("which", sorted(TAMPERINGS), ids=lambda w: f"{w[0]}: {w[1]}")
def test_with_the_key_every_edit_is_caught(logs, tmp_path, which):
    """With the operator's key, even a forger who recomputes the chain (without the key) is caught."""
    if which[1] not in OF_THE_HASHES:
        assert _replay(tmp_path, _tampered(logs, which, KEY, rechain_with=None), KEY) in (1, 2)
        assert _replay(tmp_path, _tampered(logs, which, KEY, rechain_with=b"a guessed key"), KEY) in (1, 2)
    assert _replay(tmp_path, _tampered(logs, which, KEY, rechain_with=False), KEY) in (1, 2)


def test_keyed_log_without_the_key_and_with_another_key(logs, tmp_path):
    """A keyed log is not verified without the key (exit 2, saying so), nor with another key."""
    docs = logs["seeded", KEY]
    assert _replay(tmp_path, docs) == 2
    assert _replay(tmp_path, docs, b"another key") == 2
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["replay", str(tmp_path / "tampered.jsonl")])
    assert "set PA_TABLE_GAMES_LOG_KEY or give --key-file" in result.stderr


def _replay_lines(tmp_path, docs_or_lines, *options):
    lines = [x if isinstance(x, str) else json.dumps(x, ensure_ascii=False) for x in docs_or_lines]
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["replay", str(path), *options])


def test_a_downgraded_log_is_unverifiable_without_allow_v1(logs, tmp_path):
    """An edited log rewritten as version 1 (no chain) is unverifiable, exit 2 as a broken chain is;
    `--allow-v1` replays it (the committed version-1 logs), and the edit then shows only if it departs."""
    docs = copy.deepcopy(logs["seeded", None])
    docs[0]["seats"]["1"]["blackjack"] = 25  # the wager raised, and the settlements with it
    as_version_1(docs)
    refused = _replay_lines(tmp_path, docs)
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
    assert "unverifiable: a version-1 log has no hash chain" in refused.stderr
    assert _replay_lines(tmp_path, docs, "--allow-v1").exit_code in (0, 1)


@pytest.mark.parametrize("hash_", ["sha256:é" + "0" * 63, "sha256:٠١٢", "sha256:ｆｆ"])
def test_a_non_ascii_hash_is_one_line_exit_2(logs, tmp_path, hash_):
    """A hash with a non-ASCII character is a broken chain (exit 2, one line), not a TypeError (exit 1)."""
    docs = copy.deepcopy(logs["stacked", None])
    docs[2]["hash"] = hash_
    result = _replay_lines(tmp_path, docs)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "hash chain broken" in result.stderr


@pytest.mark.parametrize("content", ["", "   \n"])
def test_the_key_file_is_checked_without_log(tmp_path, content):
    """`play --key-file FILE` without --log still reads the key: an empty or missing key file is refused."""
    key = tmp_path / "key"
    key.write_text(content)
    for given in (key, tmp_path / "missing-key"):
        result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(
            main, ["play", "blackjack", "--seed", "7", "--actions", "stand", "--key-file", str(given)])
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {given}: "), result.output


def test_a_key_variable_that_is_not_text_is_named(logs, tmp_path):
    """PA_TABLE_GAMES_LOG_KEY holding bytes that are not UTF-8 (Python keeps them as lone surrogates) is refused in
    one line naming the variable: before, the line named neither the variable nor the key ('text that is not valid
    Unicode: ... surrogates not allowed')."""
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in logs["seeded", None]) + "\n", encoding="utf-8")
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": "\udcff\udcfe"}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr == "error: PA_TABLE_GAMES_LOG_KEY: the key is not UTF-8 text (a key file's is read as such too)\n"


def test_a_payout_moved_under_a_cent_in_a_relabelled_log_is_shown(logs, tmp_path):
    """An unkeyed log relabelled as version 2 (amounts then in floating point, taken within a cent) with a payout moved
    by less than a cent and the chain recomputed: the verdict names the amount it took as the machine's whole cents
    (line, seat, wager, field, the logged figure and the cents), on the terminal and in --json. Before, it said only
    "conforms"."""
    docs = copy.deepcopy(logs["stacked", None])
    at, row = next((i, r) for i, d in enumerate(docs) for r in d.get("settled", []))
    docs[0]["version"] = 2
    row["net"] += 0.009
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    shown = f"line {at + 1}: seat {row['seat']} {row['wager']} net {row['net']!r} as {row['net'] - 0.009:.2f}"
    assert said.exit_code == 0 and shown in said.stdout and "taken as the machine's whole cents" in said.stdout
    report = json.loads(_replay_lines(tmp_path, docs, "--json").stdout)
    assert report["verdict"] == "conforms" and report["within_a_cent"] == [shown]


@pytest.mark.parametrize("net", [10.01, 9.99])
def test_a_payout_moved_by_a_whole_cent_in_a_relabelled_log_departs(tmp_path, net):
    """A relabelled version-2 log whose win of 10.00 is logged as 10.01 or 9.99: a whole cent is no floating-point
    error, so the settlement departs. Before, the floats subtracted came to 0.00999... and the cent was taken as
    the machine's: the log conformed."""
    docs = logged_round(tmp_path, "ten", "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--seat", "1:blackjack=10",
                 "--actions", "stand")
    row = next(r for d in docs for r in d.get("settled", []))
    assert (row["outcome"], row["net"]) == ("win", 10.0)
    docs[0]["version"] = 2
    row["net"] = net
    seal(docs, docs[0]["machine_sha256"], None)
    report = json.loads(_replay_lines(tmp_path, docs, "--json").stdout)
    assert report["verdict"] == "departs" and report["within_a_cent"] == []
    assert [d["kind"] for d in report["departures"]] == ["settlement differs"]


@pytest.mark.parametrize("game", ["blackjack", "double-down-madness"])
@pytest.mark.parametrize("flag", ["shoe batch_is_new", "shoe needs_shuffle"])
def test_a_seeded_round_dealt_from_a_shoe_the_seed_never_gives_is_refused(tmp_path, game, flag):
    """A forger without the key re-deals the seed's shoe with a flag no seeded shoe has (not a new batch: no burn of
    (c); a shuffle still due), records that round consistently and chains it: the shoe a seed shuffles is a fresh
    one, so the flag is refused at the header. Before, the round replayed as conforming."""
    loaded = load_game(game)
    table = loaded.new_table(seed=7)
    where, name = flag.split()
    setattr(table.shoe if where == "shoe" else table, name, not getattr(table.shoe if where == "shoe" else table, name))
    start, seats = Start.of(table), {1: {loaded.info.wagers[0]: 10}}
    rnd, words = loaded.new_round(seats, table=table).advance(), []
    strategy = get_strategy(game, None, loaded.rules)
    while not rnd.is_over:
        words.append(strategy.choose(rnd, rnd.legal_names()))
        rnd.act(words[-1]).advance()
    path = tmp_path / "forged.jsonl"
    write_log(path, record(rnd, start, seats, words, seed=7))
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(
        f"error: {path}:1: header: shoe_state {name}: "), result.output
    assert "the shoe seed 7 shuffles is a fresh one" in result.stderr


def test_text_from_the_log_cannot_forge_the_verdict_on_the_terminal(logs, tmp_path):
    """A cite holding a carriage return, a terminal's erase-line and a newline with a fake verdict: each departure is
    one line, its control characters shown escaped, so the real verdict is the line after the departures (followed only
    by what the replay took as given) and nothing is overwritten or concealed. Before, the fake "conforms" line was
    printed raw, erasing the departure on a terminal."""
    docs = copy.deepcopy(logs["stacked", None])
    fake = "\r\x1b[2Kforged.jsonl: blackjack, 9 of 9 events compared: conforms to 58 Pa. Code § 633a.7\n\x1b[8m\u202e"
    next(d for d in docs[1:] if d.get("cite"))["cite"] = [fake]
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    assert said.exit_code == 1
    lines = said.stdout.split("\n")[:-1]
    assert not re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202e]", said.stdout.replace("\n", ""))
    assert len(lines) == 3 and "\\r\\x1b[2K" in lines[0] and "1 departure" in lines[1]
    assert lines[2].startswith("  taken as given: a stacked shoe (")


def _last_settled(docs):
    return [d for d in docs[1:] if d.get("settled")][-1]["settled"]


def test_a_wager_settled_twice_is_named(logs, tmp_path):
    """A second, winning row for a wager the log already settles, the chain recomputed: named as settled twice, with
    both rows. Before, the first row vanished from the comparison and the departure read "the wagers are settled in
    a different order"."""
    docs = copy.deepcopy(logs["stacked", None])
    rows = _last_settled(docs)
    rows.insert(0, dict(rows[-1], outcome="win", net=rows[-1]["amount"] * 5))
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    assert said.exit_code == 1 and "different order" not in said.stdout
    assert re.search(r"the log settles seat 1 blackjack 2 times \(win \+100\.00 on 20\.00; \w+ [+-]\d+\.\d\d on 20\.00\)"
                     r": each wager is settled once", said.stdout), said.stdout


def test_a_settlement_differing_in_a_field_not_shown_names_it(logs, tmp_path):
    """A row whose paid_off_table alone differs: the departure names that field with both figures, to the cent. Before,
    "the log has win +20 on 20 ...; the machine settles win +20 on 20", the same on both sides."""
    docs = copy.deepcopy(logs["stacked", None])
    _last_settled(docs)[0]["paid_off_table"] = 12345.67
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    assert said.exit_code == 1 and "(paid_off_table 12,345.67 in the log, " in said.stdout, said.stdout


def test_a_double_shoe_log_with_no_seat_is_one_line(tmp_path):
    """A double-shoe log whose header seats nobody, the chain recomputed: the header is refused, one line, exit 2.
    Before, a traceback (the determinant card's first box looked up among no wagers) with exit status 1."""
    rules = tmp_path / "double.yaml"
    rules.write_text("double_shoe: true\n")
    docs = logged_round(tmp_path, "double", "blackjack", "--rules", str(rules), "--seed", "11", "--strategy", "basic")
    docs[0]["seats"] = {}
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    assert said.exit_code == 2 and said.stderr.count("\n") == 1 and ":1: header: a round from a double shoe needs a " \
        "Blackjack Wager" in said.stderr, said.output


def test_lines_are_numbered_as_an_editor_numbers_them(logs, tmp_path):
    """A keyed log with a line separator (U+2028) and a form feed after the second line, and a settled net edited
    further on: the first problem is named at the line an editor shows it on (the second: no JSON ends in U+2028).
    Before, lines were also split at U+2028, \\f and other separators: the edits went unseen there, the chain (over
    the parsed lines) held, and the net's line was named two lines further on than an editor shows it."""
    lines = [json.dumps(d, ensure_ascii=False) for d in logs["seeded", KEY]]
    at = next(i for i, d in enumerate(logs["seeded", KEY]) if d.get("settled"))
    lines[at] = lines[at].replace('"net": ', '"net": 1', 1)
    lines[1] += "\u2028\x0c"
    path = tmp_path / "shifted.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": KEY.decode()}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {path}:2: not JSON"), result.stderr


def test_a_changed_fingerprint_does_not_clear_a_tampered_log(logs, tmp_path):
    """A keyed log with a net edited and the header's key fingerprint replaced: it cannot be verified with the key
    given, and the message says the fingerprint may have been changed. Before, it read "another key, not evidence of
    a change", clearing the edit."""
    docs = copy.deepcopy(logs["seeded", KEY])
    _last_settled(docs)[0]["net"] = 999.0
    docs[0]["key_fingerprint"] = "0123456789abcdef"
    path = tmp_path / "refingerprinted.jsonl"
    path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": KEY.decode()}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "not evidence of a change" not in result.stderr
    assert "signed with another key, or its fingerprint was changed; nothing in it is verified" in result.stderr


def test_a_skipped_dealer_step_is_named_with_its_cite(tmp_path):
    """A Pai Gow log with the progressive lock-out step removed and the rest renumbered, the chain recomputed: the
    departure names the step the machine fires (lock_progressive_system, § 670a.8(b)(2)). Before, it named the next
    logged step's own move and cite ((c)), as if that step were wrong."""
    docs = logged_round(tmp_path, "pai_gow", "six-card-fortune-pai-gow", "--seed", "3", "--actions", "low=6D")
    at = next(i for i, d in enumerate(docs) if d.get("trigger") == "lock_progressive_system")
    del docs[at]
    for d in docs[at:]:
        d["seq"] -= 1
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    assert said.exit_code == 1 and "the machine fires 'lock_progressive_system' first — § 670a.8(b)(2)" in said.stdout, \
        said.stdout


@pytest.mark.parametrize("spelling", ["2.000e1", "20.00000000000000000001", "20.000"])
def test_an_amount_spelt_another_way_is_malformed_even_under_the_key(logs, tmp_path, spelling):
    """A keyed log's settled net 20.0 spelt another way (the chain, over the parsed values, still verifies): since
    version 3 a number is written one way, the shortest decimal of its value, so the line is malformed. Before, it
    replayed as conforming."""
    lines = [json.dumps(d, ensure_ascii=False) for d in logs["seeded", KEY]]
    at = next(i for i, line in enumerate(lines) if '"net": 20.0' in line)
    lines[at] = lines[at].replace('"net": 20.0', f'"net": {spelling}', 1)
    path = tmp_path / "respelt.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": KEY.decode()}).invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(
        f"error: {path}:{at + 1}: the number {spelling} is not written as the shortest decimal of its value (20.0)"), \
        result.output


def test_a_version_written_as_a_fraction_is_refused(logs, tmp_path):
    docs = copy.deepcopy(logs["seeded", None])
    docs[0]["version"] = 4.0
    seal(docs, docs[0]["machine_sha256"], None)
    said = _replay_lines(tmp_path, docs)
    refused = f":1: header: not a 'pa-table-games round' log of version {' or '.join(map(str, VERSIONS))}"
    assert said.exit_code == 2 and refused in said.stderr, said.output


def test_an_amount_taken_within_a_cent_is_shown_with_every_verdict(logs, tmp_path):
    """A version-1 log (no chain: unverifiable with --allow-v1) with a payout moved under a cent: the amount taken as
    the machine's cents is named with the verdict, as for version 2. Before, only --json listed it."""
    docs = copy.deepcopy(logs["stacked", None])
    row = next(r for d in docs for r in d.get("settled", []))
    for d in docs:
        d.pop("hash", None)
    for name in ("stacked", "machine_sha256", "section"):
        docs[0].pop(name, None)
    docs[0]["version"] = 1
    row["net"] += 0.009
    said = _replay_lines(tmp_path, docs, "--allow-v1")
    assert said.exit_code == 0 and "unverifiable" in said.stdout and "taken as the machine's whole cents" in said.stdout, \
        said.output


def test_a_page_name_from_a_machine_file_cannot_turn_the_terminal_line_around(logs, tmp_path):
    """`review --log` names the pages it wrote after the --machine file; a name holding a right-to-left override
    (U+202E) is shown escaped on the 'wrote' lines, as replay shows text from a log. Before, it was printed raw and
    the name read reversed on a terminal."""
    log = tmp_path / "round.jsonl"
    log.write_text("".join(json.dumps(d) + "\n" for d in logs["seeded", None]), encoding="utf-8")
    machine = tmp_path / "evil\u202eLMTH.yaml"
    machine.write_text(machine_path("blackjack").read_text(encoding="utf-8"), encoding="utf-8")
    said = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(
        main, ["review", "--log", str(log), "--machine", str(machine), "--out", str(tmp_path / "pages")])
    assert said.exit_code == 0, said.output
    assert "\u202e" not in said.stdout and "evil\\u202eLMTH" in said.stdout


def test_the_verdict_names_the_game_replayed_not_the_header_s_spelling(logs, tmp_path):
    """A header naming the game with a Kelvin sign for its K (looked up as blackjack): the verdict names blackjack, the
    game replayed (before: 'blacKjack, ... conforms')."""
    docs = copy.deepcopy(logs["stacked", None])
    docs[0]["game"] = "blac\u212ajack"
    seal(docs, docs[0]["machine_sha256"], None)
    result = _replay_lines(tmp_path, docs)
    assert result.exit_code == 0 and ": blackjack, " in result.stdout and "\u212a" not in result.stdout


def test_a_new_dealer_at_a_game_without_one_is_refused(tmp_path):
    """A Six-Card Fortune log whose header brings a new dealer to the table (§ 670a.8 has no new dealer's burn, and
    `play` refuses --new-dealer-every there), its chain recomputed: refused in one line, as new_round refuses such a
    table (before: it conformed, the flag listed as logged)."""
    path = tmp_path / "pai_gow.jsonl"
    played = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, [
        "play", "six-card-fortune-pai-gow", "--seed", "3", "--strategy", "house_way", "--log", str(path)])
    assert played.exit_code == 0, played.output
    docs = [json.loads(line) for line in path.read_text().splitlines()]
    docs[0].setdefault("table", {})["new_dealer"] = True
    seal(docs, docs[0]["machine_sha256"], None)
    result = _replay_lines(tmp_path, docs)
    assert result.exit_code == 2 and result.stderr.endswith(
        ":1: header: table new_dealer: true: 58 Pa. Code § 670a.8 has no new dealer's burn card (no transition of "
        "machines/six_card_fortune_pai_gow.yaml is declared new_dealer: true)\n")
    game = load_game("six-card-fortune-pai-gow")
    table = game.new_table(seed=3)
    table.new_dealer = True
    with pytest.raises(TableGamesError, match=r"^new_round: table\.new_dealer: 58 Pa\. Code § 670a\.8 has no new "):
        game.new_round({1: {"six_card_fortune": 10}}, table=table)
