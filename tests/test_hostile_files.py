"""Hostile machine files and round logs of every version: no traceback, no hang, nothing written outside
the scratch folder.

A machine file is the data a compliance officer edits, and a round log the record an auditor is handed:
both come from outside. Hypothesis edits the three real machine files as YAML (a key removed, a value
replaced by a hostile one, an item repeated or moved, one place wired to another, an unknown key added)
or as bytes, and hands each to ``play --machine`` (a round dealt under it, the machine's loops
included), ``trace --machine`` or ``diagram --machine``. It edits real logs of each game the same way, as
version 1, 2 or 3, plain or keyed, with the chain left as it is, recomputed or recomputed with the key
(so the edit reaches the checks behind the chain), and hands each to ``replay`` or ``review --log``.
Every input obeys :func:`fuzzing.check`, in-process; the repository's files are compared before and
after. The default run draws 3 machine files and 12 logs; ``make test-long`` draws 320 of each
(about 32 s of CPU on the 2-core machine, 29 s of it binding machine files and dealing under them).
"""

from __future__ import annotations

import copy
import itertools
import json
import os
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import strategies as st

from fuzzing import EDITS, check, fuzz_test as _fuzz, mutate
from pa_table_games.audit.chain import seal
from pa_table_games.games import GAMES, machine_path
from pa_table_games.strategies import default_strategy

ROOT = Path(__file__).resolve().parent.parent
KEY = "operator key of the fuzz"
#: Each game with a strategy that makes every decision (a round runs to its end under the machine).
STRATEGY = {name: default_strategy(name) for name in GAMES}  # the toy game installed as a plugin too
_names = itertools.count()

#: Values that stand where a machine file or a log expects a name, a number, a list or a cite.
HOSTILE = st.sampled_from([
    "", " ", None, True, False, 0, -1, 7, 10**40, 1e308, float("nan"), "١٠", "x" * 5000, "nosuch", "round_start",
    "§ 999.9(zz)", "(zz)", "a:b", "!!python/object/apply:os.system ['echo ran']", "../../etc/passwd",
    "\u202egnp.exe", "line\nbreak", "nul\x00byte", "10_000", "1e6", [], {}, [[[[[]]]]], {"expr": "1+1"},
    ["not: x"], {"not": "x"}, {"all": []}, "3:2", "-1:2", [None], {"kind": "header"}])


def _paths(node, here=()) -> list[tuple]:
    """Every path into ``node`` (mapping keys and list indexes), the root excluded."""
    found = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found.append(here + (key,))
        found += _paths(child, here + (key,))
    return found


def _edit(doc, edits: list[tuple[int, int, int, object]]):
    """``doc`` with each edit (kind, path, other path, value) applied: 0 removes the node, 1 replaces it with
    ``value``, 2 repeats a list item, 3 moves it to the other end of its list, 4 puts another node's content
    there (a transition's dest set to another state), 5 adds an unknown key beside it."""
    doc = copy.deepcopy(doc)
    for kind, at, other, value in edits:
        value = copy.deepcopy(value)  # a fresh one each time: a hostile [] put twice must not hold itself
        paths = _paths(doc)
        if not paths:
            break
        path = paths[at % len(paths)]
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == 0:
            del parent[last]
        elif kind == 1:
            parent[last] = value
        elif kind in (2, 3) and isinstance(parent, list):
            item = parent.pop(last) if kind == 3 else copy.deepcopy(parent[last])
            parent.insert(0 if last else len(parent), item)
        elif kind == 4:
            source = doc
            for key in paths[other % len(paths)]:
                source = source[key]
            parent[last] = copy.deepcopy(source)
        elif isinstance(parent, dict):
            parent[f"unknown_{kind}"] = value
    return doc


EDIT = st.tuples(st.integers(0, 5), st.integers(0, 10**6), st.integers(0, 10**6), HOSTILE)


@cache
def _machine(game: str) -> dict:
    return yaml.safe_load(machine_path(game).read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def nothing_changes_outside_the_scratch_folder():
    """The repository's files (its checkout, not the scratch folder) and every game's machine file (an installed
    plugin's too) are the same after the module's inputs."""
    def files() -> dict[str, tuple[int, int]]:
        skip = {".git", ".venv", ".hypothesis", ".pytest_cache", "__pycache__"}
        found = {str(path): (path.stat().st_size, path.stat().st_mtime_ns)  # an installed plugin's too
                 for path in map(machine_path, GAMES)}
        for folder, names, files_here in os.walk(ROOT):
            names[:] = [n for n in names if n not in skip and not n.endswith(".egg-info")]
            for name in files_here:
                stat = os.stat(os.path.join(folder, name))
                found[os.path.join(folder, name)] = (stat.st_size, stat.st_mtime_ns)
        return found

    before = files()
    yield
    after = files()
    assert after == before, sorted(set(after.items()) ^ set(before.items()))[:10]


def _hostile_machine(tmp: Path, game: str, edits, raw, how: str, seed: int) -> None:
    """A machine file edited as YAML (or as bytes) obeys the rule under play, trace or diagram --machine."""
    folder = tmp / f"machine{next(_names)}"
    folder.mkdir()
    path = folder / machine_path(game).name  # a plugin's machine file is named by its real, absolute path
    doc = _edit(_machine(game), edits)
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8")
    path.write_bytes(mutate(text, raw) if raw else text)
    commands = {"play": ["play", game, "--machine", str(path), "--seed", str(seed), "--strategy", STRATEGY[game],
                         "--json"],
                "trace": ["trace", game, "--machine", str(path), "--format", "json"],
                "diagram": ["diagram", "--machine", str(path), "--format", "dot", "--view", "code",
                            "--out", str(folder / "drawn")]}
    check(commands[how], tmp)


@cache
def _logged(game: str, keyed: bool, scratch: str) -> list[dict]:
    """A round of ``game`` logged by `play --log` (keyed with KEY or not), as its parsed lines."""
    path = Path(scratch) / f"logged{next(_names)}" / f"{game}-{keyed}.jsonl"
    path.parent.mkdir()
    env = {"PA_TABLE_GAMES_LOG_KEY": KEY} if keyed else {}
    result = check(["play", game, "--seed", "11", "--strategy", STRATEGY[game], "--log", str(path)], path.parent, env)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _as_version(docs: list[dict], version: int) -> None:
    """``docs`` rewritten as a log of ``version``: 1 has no chain, no 'stacked', no machine digest."""
    docs[0]["version"] = version
    if version == 1:
        for key in ("stacked", "machine_sha256", "incomplete"):
            docs[0].pop(key, None)
        for doc in docs:
            doc.pop("hash", None)


def _hostile_log(tmp: Path, game: str, keyed: bool, version: int, chain: str, edits, raw, how: str) -> None:
    """A log of ``version`` edited (its chain kept, recomputed, or recomputed with the key) obeys the rule
    under replay or review --log."""
    docs = copy.deepcopy(_logged(game, keyed, str(tmp)))
    _as_version(docs, version)
    at = edits[0][1] % len(docs) if edits else 0
    docs[at] = _edit(docs[at], edits)
    if chain != "kept" and version > 1 and all(isinstance(d, dict) for d in docs):
        anchor = docs[0].get("machine_sha256", "")
        try:
            seal(docs, anchor if isinstance(anchor, str) else "", KEY.encode() if chain == "keyed" else None)
        except ValueError:  # a NaN has no JSON to hash: the line is written as NaN, for the reader to refuse
            pass
    text = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs).encode("utf-8")
    path = tmp / f"log{next(_names)}.jsonl"
    path.write_bytes(mutate(text, raw) if raw else text)
    options = ["--allow-v1"] * (version == 1)
    env = {"PA_TABLE_GAMES_LOG_KEY": KEY} if keyed or chain == "keyed" else {}
    command = (["replay", str(path), *options] if how == "replay" else
               ["review", "--log", str(path), *options, "--out", str(tmp / f"walks{next(_names)}")])
    check(command, tmp, env)


MACHINES_DRAWN = dict(game=st.sampled_from(sorted(GAMES)), edits=st.lists(EDIT, min_size=1, max_size=4),
                      raw=st.one_of(st.just([]), st.just([]), EDITS), how=st.sampled_from(["play", "play", "trace", "diagram"]),
                      seed=st.integers(0, 10**6))
LOGS_DRAWN = dict(game=st.sampled_from(sorted(GAMES)), keyed=st.booleans(), version=st.sampled_from([1, 2, 3, 3]),
                  chain=st.sampled_from(["kept", "plain", "plain", "keyed"]), edits=st.lists(EDIT, max_size=3),
                  raw=st.one_of(st.just([]), st.just([]), st.just([]), EDITS), how=st.sampled_from(["replay", "replay", "review"]))


# the default run: a few (a machine file bound and a round dealt under it cost about 0.25 s of CPU; a log 0.01 s)
test_hostile_machine_files = _fuzz(3, **MACHINES_DRAWN)(_hostile_machine)
test_hostile_logs = _fuzz(12, **LOGS_DRAWN)(_hostile_log)
# make test-long: at least 300 of each
test_hostile_machine_files_long = _fuzz(320, slow=True, **MACHINES_DRAWN)(_hostile_machine)
test_hostile_logs_long = _fuzz(320, slow=True, **LOGS_DRAWN)(_hostile_log)
