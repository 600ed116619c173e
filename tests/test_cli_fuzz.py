"""Fuzzing the command line: no input, however hostile, gives a traceback.

Hypothesis draws argument vectors from each command's grammar (good words and bad ones:
card codes, seats, amounts, decisions, paths, numbers), and mutates the bytes of Rules
files and round logs. Every input obeys the rule of :func:`fuzzing.check` (exit status 0, 1 or
2, an error in one line, no traceback, no hang); ``test_hostile_files.py`` does the same for
hostile machine files and round logs of every version. Hostile mutators add a symbolic
link, a pipe (FIFO), a dangling link or a folder at an output's name (whose target must keep its
bytes), numbers in Unicode digits or thousands of digits, revisions that look like git options
(no file may appear) and absurd pay odds in a Rules file. The default run draws about 300
inputs; ``pytest -m slow`` (and ``make test-long``, run by CI) draws 2,500.
"""

from __future__ import annotations

import itertools
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import strategies as st

from fuzzing import EDITS, check, fuzz_test as _fuzz, mutate
from pa_table_games.games import GAMES

HERE = Path(__file__).parent
LOGS = sorted((HERE / "replay").glob("*.jsonl")) + sorted((HERE / "bad_input" / "logs").glob("*.jsonl"))
RULES = sorted((HERE / "bad_input" / "rules").glob("*.yaml"))
SEED_LOGS = [p for p in LOGS if p.parent.name == "replay"]
_names = itertools.count()


# -- the grammar ------------------------------------------------------------------------------------------
JUNK = st.sampled_from(["", " ", "x", "-1", "0", "1e999", "nan", "\n", "é", "¹", "--", "-", "9" * 40, "\0"])
CARDS = st.sampled_from(["AS", "TD", "KH", "2C", "9S", "5H", "JK", "CUT", "ZZ", "5ſ", "as", "10H", "", "A", "🂡"])
GAME = st.one_of(st.sampled_from(sorted(GAMES)), JUNK, st.sampled_from(["poker", "BLACKJACK"]))
SEAT = st.builds(lambda s, w, a: f"{s}:{w}={a}", st.sampled_from(["1", "2", "0", "9", "01", "¹", "-1", "x", ""]),
                 st.sampled_from(["blackjack", "double_down_madness", "six_card_fortune", "push_22", "lucky_ladies",
                                  "fortune_bonus", "progressive", "insurance", "poker", ""]),
                 st.sampled_from(["10", "5", "0", "-5", "nan", "inf", "1e308", "0.001", "1e-300", "abc", "100000",
                                  "1_0", "10.50", "2.5", "1" * 30, "10.0000000001", "١٠", "9" * 5000, "10.001",
                                  "10.010", ".5", "5."]))
WORDS = st.sampled_from(["stand", "hit", "double", "double=5", "double=0", "double=nan", "double=abc", "split",
                         "surrender", "insurance=yes", "insurance=no", "house_way", "player_way", "wager=fortune_bonus",
                         "low=KS", "fold", "", "stand\nhit", "double_down", "double_down=-1"])
ACTIONS = st.lists(WORDS, max_size=6).map(",".join)
SHOE = st.lists(CARDS, max_size=12).map(" ".join)
#: Numbers in other scripts' digits, thousands of digits, and powers of ten spelled oddly.
HOSTILE_NUMBERS = st.sampled_from(["١٠", "٩e13", "1e١٠٠٠٠٠٠٠٠", "٩٩٩٩٩٩٩٩٩٩٩٩٩٩", "9" * 5000, "1" + "0" * 40, "¹²",
                                   "1e00000000000001", "1e0000000000000000000000000000000001", "10_000", "1e12",
                                   "-9" + "9" * 4000, "𝟗", "٢", "٠"])
NUMBER = st.one_of(st.integers(-5, 40).map(str), JUNK, HOSTILE_NUMBERS)


def _play(tmp: Path):
    # a --log at an existing file: a copy of a Rules file in the scratch folder (see _argv), never the
    # repository's own file, which --force would replace
    existing = tmp / RULES[0].name
    log = st.sampled_from(["new", "", "dir", "rules"]).map(
        lambda kind: f"{tmp}/log{next(_names)}.jsonl" if kind == "new" else
        "" if kind == "" else str(tmp) if kind == "dir" else str(existing))
    options = st.lists(st.one_of(
        st.tuples(st.just("--seed"), NUMBER), st.tuples(st.just("--shoe"), SHOE), st.tuples(st.just("--seat"), SEAT),
        st.tuples(st.just("--actions"), ACTIONS), st.tuples(st.just("--rules"), st.sampled_from(RULES).map(str)),
        st.tuples(st.just("--misdeal"), NUMBER), st.tuples(st.just("--json")), st.tuples(st.just("--force")),
        st.tuples(st.just("--log"), log), st.tuples(st.just("--nonsense"))), max_size=6)
    hostile = st.tuples(GAME, options).map(lambda go: ["play", go[0], *[w for opt in go[1] for w in opt]])
    usual = st.tuples(st.sampled_from([("blackjack", "stand"), ("double-down-madness", "stand"),
                                       ("six-card-fortune-pai-gow", "house_way")]), st.integers(0, 50), options
                      ).map(lambda g: ["play", g[0][0], "--seed", str(g[1]), "--actions", g[0][1],
                                       *[w for opt in g[2] for w in opt if opt[0] != "--actions"]])
    return st.one_of(hostile, usual, usual)


def _others(tmp: Path):
    replay = st.tuples(st.one_of(st.sampled_from(LOGS).map(str), st.just(str(tmp)), st.just(f"{tmp}/none.jsonl")),
                       st.sampled_from([[], ["--json"], ["--key-file", "/dev/null"], ["--key-file", str(RULES[0])]])
                       ).map(lambda r: ["replay", r[0], *r[1]])
    simulate = st.tuples(GAME, st.one_of(st.sampled_from(["1", "3", "0", "-1", "1e13", "1e999999", "x", "1_0", "2e0"]),
                                         HOSTILE_NUMBERS.filter(lambda n: n not in ("1e12", "10_000"))),
                         st.lists(st.one_of(st.tuples(st.just("--workers"), st.one_of(
                             st.sampled_from(["1", "0", "257", "x"]), HOSTILE_NUMBERS)),
                                            st.tuples(st.just("--seat"), SEAT), st.tuples(st.just("--seed"), NUMBER),
                                            st.tuples(st.just("--strategy"), st.sampled_from(["basic", "stand17", "x"])),
                                            st.tuples(st.just("--json"))), max_size=3)
                         ).map(lambda s: ["simulate", s[0], "--rounds", s[1], *[w for o in s[2] for w in o]])
    diagram = st.tuples(st.sampled_from(["blackjack", "poker"]), st.sampled_from(["dot", "pdf", "", ",,", "dot,x"]),
                        st.sampled_from([f"{tmp}/d", "", str(RULES[0]), str(RULES[0] / "sub"), "/dev/null"])
                        ).map(lambda d: ["diagram", d[0], "--format", d[1], "--out", d[2]])
    simple = st.one_of(
        st.tuples(st.just("trace"), GAME, st.sampled_from(["--format=text", "--format=json", "--format=pdf"])),
        st.tuples(st.just("edge"), st.sampled_from(["lucky_ladies", "poker", ""]), st.sampled_from(["--decks=6", "--decks=0", "--decks=x"])),
        st.tuples(st.just("coverage"), GAME, st.sampled_from(["--sessions=0", "--sessions=x", "--sessions=٣",
                                                              "--sessions=" + "9" * 5000])),
        st.tuples(st.sampled_from(["list", "demo", "nosuch", "--help", "", "--version"]))).map(list)
    return st.one_of(replay, simulate, diagram, simple)


VALID_RULES = b"decks: 6\nblackjack_pays: \"3:2\"\ninsurance: true\npaytables: {lucky_ladies: A}\ntable_minimum: 5\n"


def _argv(tmp: Path, args: list[str]) -> None:
    """A command line drawn from the grammar of a command obeys the rule."""
    shutil.copyfile(RULES[0], tmp / RULES[0].name)  # the existing file a drawn --log may aim at (and replace)
    check([a.replace("{tmp}", str(tmp)) for a in args], tmp)


def _rules(tmp: Path, edits, game: str) -> None:
    """A Rules file with random bytes replaced, inserted or deleted obeys the rule under `play --rules`."""
    path = tmp / "mutated.yaml"
    path.write_bytes(mutate(VALID_RULES, edits))
    check(["play", game, "--rules", str(path), "--seed", "3", "--actions", "stand"], tmp)


def _log(tmp: Path, source: Path, edits) -> None:
    """A round log with random bytes replaced, inserted or deleted obeys the rule under `replay`."""
    path = tmp / "mutated.jsonl"
    path.write_bytes(mutate(source.read_bytes(), edits))
    check(["replay", str(path)], tmp)


# -- hostile mutators: what stands at an output, revisions that look like options, absurd odds ----------
MACHINE = HERE.parent / "pa_table_games" / "machines" / "blackjack.yaml"
#: command (with {out}: the output folder, {file}: the output file) -> the name it writes in {out}
OUTPUTS = {
    ("play", "blackjack", "--seed", "3", "--actions", "stand", "--force", "--log", "{file}"): "round.jsonl",
    ("diagram", "blackjack", "--format", "dot", "--view", "code", "--out", "{out}"): "blackjack.code.dot",
    ("review", "blackjack", "--out", "{out}"): "blackjack.html",
    ("review", "blackjack", "--pdf", "--out", "{out}"): "blackjack.pdf",
    ("diff", str(MACHINE), "{new}", "--out", "{out}"): "blackjack.diff.html",
}
PLANTED = st.sampled_from(["symlink", "fifo", "dangling", "folder", "symlink to folder", "nothing"])


def _planted(tmp: Path, command: tuple[str, ...], planted: str) -> None:
    """A link, pipe or folder planted at an output's name: refused in one line, never written through,
    never blocking; the victim file keeps its bytes."""
    folder = tmp / f"planted{next(_names)}"
    out = folder / "out"
    out.mkdir(parents=True)
    victim = folder / "victim.txt"
    victim.write_text("the operator's records\n")
    target = out / OUTPUTS[command]
    if planted in ("symlink", "dangling", "symlink to folder"):
        target.symlink_to(victim if planted == "symlink" else folder / "gone" if planted == "dangling" else folder)
    elif planted == "fifo":
        os.mkfifo(target)
    elif planted == "folder":
        target.mkdir()
    new = folder / "new" / "blackjack.yaml"
    new.parent.mkdir()
    new.write_text(MACHINE.read_text(encoding="utf-8").replace('"Round starts"', '"Round begins"', 1), encoding="utf-8")
    args = [a.format(out=out, file=target, new=new) for a in command]
    result = check(args, tmp)
    assert victim.read_text() == "the operator's records\n", args
    if planted == "nothing":
        assert result.exit_code in (0, 1) and target.is_file() and not target.is_symlink(), (args, result.output)
    else:
        assert result.exit_code == 2, (args, result.output)
        assert os.path.lexists(target) and not (target.is_file() and not target.is_symlink()), args


REVISIONS = st.one_of(st.sampled_from(["--output={tmp}/written", "-o{tmp}/written", "--output={tmp}/written HEAD",
                                       "-", "--", "--help", "-p", "--no-index", "--ext-diff", "HEAD --output={tmp}/w2",
                                       "@{-1}", "HEAD^{tree}", ":/x", "\0", "HEAD\n--output={tmp}/w3", ""]),
                      st.text(alphabet="-=/{}:^~@.xHEAD ", max_size=20))


def _revision(tmp: Path, revision: str) -> None:
    """`diff blackjack -- REVISION`: a revision that looks like an option writes no file."""
    folder = tmp / f"revision{next(_names)}"
    landings = [folder / f"{name}:." for name in ("written", "w2", "w3")]  # git show --output=PATH:./FILE
    for landing in landings:
        landing.mkdir(parents=True)
    check(["diff", "blackjack", "--", revision.replace("{tmp}", str(folder))], tmp)
    written = [p for landing in landings for p in landing.iterdir()] + [p for p in folder.iterdir() if p not in landings]
    assert not written, (revision, written)


ODDS = st.one_of(st.sampled_from(["1e308:1", "9" * 400 + ":1", "9" * 308 + ":1", "1" + "0" * 300 + ":1", "1000001:1",
                                  "1000000:1", "٣:٢", "3:0", "0:1", "-3:2",
                                  "3:2:1", "inf:1", "nan:1", "1:" + "9" * 40, "3.5:1", "0x10:1", "1_000:1", " 6 : 5 "]),
                 st.tuples(st.integers(0, 10**12), st.integers(0, 10**12)).map(lambda t: f"{t[0]}:{t[1]}"),
                 st.integers(290, 320).map(lambda n: "9" * n + ":1"))  # a Blackjack paying 1e301 or +inf
ODDS_OPTIONS = st.sampled_from(["blackjack_pays", "blackjack_pays", "insurance_pays", "push_22_pays",
                                "suited_blackjack_pays"])


def _odds(tmp: Path, option: str, odds: str, game: str) -> None:
    """Absurd pay odds in a Rules file: refused at their line, or a round that settles in finite amounts
    (the Blackjack round is stacked so that the player has a Blackjack: blackjack_pays is paid)."""
    path = tmp / f"odds{next(_names)}.yaml"
    path.write_text(f'{option}: "{odds}"\n', encoding="utf-8")
    deal = ["--shoe", "2C AS 6S KD 7C"] if game == "blackjack" else ["--seed", "3"]
    result = check(["play", game, "--rules", str(path), *deal, "--strategy", "stand17", "--json"], tmp)
    if result.exit_code == 2:
        assert result.stderr.startswith(f"error: {path}:1: "), result.stderr
    else:
        assert "Infinity" not in result.stdout and "e+" not in result.stdout, result.stdout[-500:]


ARGV = st.one_of(_play(Path("{tmp}")), _others(Path("{tmp}")))
PLANTS = dict(command=st.sampled_from(sorted(OUTPUTS)), planted=PLANTED)
ABSURD_ODDS = dict(option=ODDS_OPTIONS, odds=ODDS, game=st.sampled_from(["blackjack", "blackjack", "double-down-madness"]))
RULE_EDITS = dict(edits=EDITS, game=st.sampled_from(sorted(GAMES)))
LOG_EDITS = dict(source=st.sampled_from(SEED_LOGS), edits=EDITS)

# the default run: 296 inputs
test_argument_vectors = _fuzz(120, args=ARGV)(_argv)
test_mutated_rules_files = _fuzz(40, **RULE_EDITS)(_rules)
test_mutated_logs = _fuzz(60, **LOG_EDITS)(_log)
test_planted_outputs = _fuzz(6, **PLANTS)(_planted)
test_option_looking_revisions = _fuzz(10, revision=REVISIONS)(_revision)  # each runs git: 120 in the long profile
test_absurd_odds = _fuzz(40, **ABSURD_ODDS)(_odds)
# the long profile (pytest -m slow, make test-long): 2,500 inputs
test_argument_vectors_long = _fuzz(1200, slow=True, args=ARGV)(_argv)
test_mutated_rules_files_long = _fuzz(400, slow=True, **RULE_EDITS)(_rules)
test_mutated_logs_long = _fuzz(600, slow=True, **LOG_EDITS)(_log)
test_planted_outputs_long = _fuzz(60, slow=True, **PLANTS)(_planted)
test_option_looking_revisions_long = _fuzz(120, slow=True, revision=REVISIONS)(_revision)
test_absurd_odds_long = _fuzz(120, slow=True, **ABSURD_ODDS)(_odds)
