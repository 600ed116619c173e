"""§ 633a.7(p)-(r), § 633a.11: a box's split hands are settled where they lie on the layout, from the dealer's right,
whatever their numbers. A hand split again lies to the right of the hand it was split from, so after 8-8 split three
times the hands lie 1, 4, 3, 2 from the dealer's left: played in that order, and settled 2, 3, 4, 1. Before log
version 5 they were settled by number (4, 3, 2, 1); such a log still replays, and a newer log settling by number is a
departure."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games.audit.chain import seal
from pa_table_games.cli import main

from forging import logged_round, written

#: burn 2C; seat 1 8C, up card 6S, seat 1 8H, hole card TD; three splits take 8D, 8S, 3C; the split hands' second
#: cards 2D, 9C, 7H; the dealer's 16 draws JS and busts: every hand wins, under either settlement procedure
RESPLIT = ["blackjack", "--shoe", "2C 8C 6S 8H TD 8D 8S 3C 2D 9C 7H JS TH 5C 5D",
           "--actions", "split,split,split,stand,stand,stand,stand"]
#: a log of that round written by version 4, which settled the hands by number
VERSION_4 = Path(__file__).parent / "replay" / "conforming_resplit_version_4.jsonl"


def _played(*args: str) -> tuple[list[str], list[str]]:
    """The hands as their turns come (``stand seat 1 hand N``) and as they are settled (``settled: seat 1 hand N``)."""
    said = CliRunner().invoke(main, ["play", *args])
    assert said.exit_code == 0, said.output
    hand = lambda line: (re.search(r"seat 1 hand (\d)", line) or ["", "1"])[1]  # noqa: E731 (the first hand: "seat 1")
    turns = [hand(line) for line in said.output.splitlines() if re.search(r"^\s*\d+ stand seat 1\b", line)]
    settled = [hand(line) for line in said.output.splitlines() if "settled: seat 1" in line]
    return turns, settled


@pytest.mark.parametrize("settlement", ["collect_then_pay", "right_to_left"])
def test_hands_split_again_are_settled_where_they_lie_from_the_dealers_right(tmp_path, settlement):
    rules = tmp_path / "rules.yaml"
    rules.write_text(f"settlement: {settlement}\n")
    turns, settled = _played(*RESPLIT, "--rules", str(rules))
    assert turns == ["1", "4", "3", "2"]
    assert settled == ["2", "3", "4", "1"], settled  # on the commit before: 4, 3, 2, 1


def test_losing_hands_collected_first_go_where_they_lie_too():
    """(r)(1): the hole card 3D with the up card 6S, and TS drawn: the dealer's 19 beats every hand, and the losing
    hands are collected from the dealer's right where they lie."""
    shoe = "2C 8C 6S 8H 3D 8D 8S 3C 2D 9C 7H TS TH 5C 5D"
    turns, settled = _played("blackjack", "--shoe", shoe, "--actions", "split,split,split,stand,stand,stand,stand")
    assert turns == ["1", "4", "3", "2"]
    assert settled == ["2", "3", "4", "1"], settled


def test_a_log_of_version_4_settling_the_hands_by_number_still_replays():
    said = CliRunner().invoke(main, ["replay", str(VERSION_4)])
    assert json.loads(VERSION_4.read_text().splitlines()[0])["version"] == 4
    assert said.exit_code == 0 and "conforms to 58 Pa. Code § 633a.7" in said.output, said.output


def test_a_newer_log_settling_the_hands_by_number_departs(tmp_path):
    """The settled rows of a version 5 log put back in the order version 4 wrote them, the chain recomputed: the
    money is the same, the order is not the regulation's."""
    docs = logged_round(tmp_path, "resplit", *RESPLIT)
    assert docs[0]["version"] == 5
    forged = copy.deepcopy(docs)
    rows = next(d for d in forged[1:] if len(d.get("settled", ())) == 4)["settled"]
    rows.sort(key=lambda r: -r["hand"])
    seal(forged, forged[0]["machine_sha256"], None)
    said = CliRunner().invoke(main, ["replay", str(written(tmp_path / "forged.jsonl", forged))])
    assert said.exit_code == 1 and "the wagers are settled in a different order" in said.output, said.output
    honest = CliRunner().invoke(main, ["replay", str(written(tmp_path / "honest.jsonl", docs))])
    assert honest.exit_code == 0, honest.output
