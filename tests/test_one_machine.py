"""One machine, one interpreter: the machine file's order decides for every path alike.

Interactive play (``transitions`` chooses), simulation (the compiled engine), the legal
decisions and their refusals, and ``replay`` are all built from one bound machine. A variant
of blackjack.yaml that reorders two transitions out of the hole card (the card reader asked
before the Insurance offer) must change every one of them the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pa_table_games import IllegalAction, Shoe, load_game
from pa_table_games.runtime import game as game_module
from pa_table_games.audit.log import Recorder
from pa_table_games.audit.replay import replay

from conftest import drive, one_box, triggers
from depth import depth
from randomplay import random_rounds

#: burn, player ten, dealer ace up, player seven, hole nine: the dealer shows an ace, no Blackjack
SHOE = one_box("TH", "AS", "7D", "9C")
OFFER = "  - {trigger: offer_insurance, source: hole_card_dealt,"
READ_ON_ACE = "  - {trigger: read_hole_card, source: hole_card_dealt, dest: hole_card_read, cite: [\"(h)\"],\n     when: [dealer_shows_ace]"


def _reordered(tmp_path: Path) -> Path:
    """machines/ with blackjack.yaml's card reader on an ace moved before the Insurance offer."""
    lines = (game_module.MACHINES / "blackjack.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(OFFER))
    offer, read = lines[start:start + 2], lines[start + 2:start + 4]
    assert "".join(read).startswith(READ_ON_ACE), "the machine file changed: update the test's anchor"
    lines[start:start + 4] = read + offer
    folder = tmp_path / "machines"
    folder.mkdir()
    (folder / "blackjack.yaml").write_text("".join(lines), encoding="utf-8")
    return folder


@pytest.fixture(params=["as filed", "reordered"])
def machine(request, tmp_path, monkeypatch):
    """Every game loaded in the test binds either the machine as filed or the reordered variant."""
    monkeypatch.setattr(game_module, "_BOUND", {})
    monkeypatch.setattr(game_module, "_ENGINES", {})
    if request.param == "reordered":
        monkeypatch.setattr(game_module, "MACHINES", _reordered(tmp_path))
    return request.param


def _round(engine: str):
    return load_game("blackjack", engine=engine).new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked(SHOE))


def test_interactive_simulation_and_legal_decisions_follow_the_file_order(machine):
    offered = machine == "as filed"
    for engine in ("transitions", "compiled"):
        rnd = _round(engine).advance()
        assert triggers(rnd)[-1] == ("offer_insurance" if offered else "begin_player_decisions"), engine
        legal = [a.name for a in rnd.legal_actions()]
        assert legal == (["insurance=yes", "insurance=no"] if offered else ["hit", "stand", "double", "surrender"])
    both = [drive(_round(engine), ["insurance=no", "stand"] if offered else ["stand"]) for engine in
            ("transitions", "compiled")]
    assert [e.to_json() for e in both[0].events] == [e.to_json() for e in both[1].events]


def test_refusal_follows_the_file_order(machine):
    rnd = _round("transitions").advance()
    if machine == "as filed":
        with pytest.raises(IllegalAction) as refused:
            rnd.act("stand")
        assert refused.value.cite == "§ 633a.7(h)"  # the Insurance offer is answered first
    else:
        with pytest.raises(IllegalAction) as refused:
            rnd.act("insurance=yes")
        assert "not a decision open in 'Player decisions'" in refused.value.reason


def test_replay_follows_the_file_order(tmp_path, monkeypatch):
    """A round logged under the machine as filed departs, cited (h), from the reordered machine."""
    monkeypatch.setattr(game_module, "_BOUND", {})
    monkeypatch.setattr(game_module, "_ENGINES", {})
    game = load_game("blackjack")
    seats = {1: {"blackjack": 10}}
    recorder = Recorder(game, seats, seed=None, shoe=SHOE)
    rnd = drive(game.new_round(seats, shoe=Shoe.stacked(SHOE)), ["insurance=no", "stand"])
    log = recorder.write(tmp_path / "round.jsonl", rnd, ["insurance=no", "stand"])
    assert replay(log).conforms
    monkeypatch.setattr(game_module, "MACHINES", _reordered(tmp_path))
    monkeypatch.setattr(game_module, "_BOUND", {})
    monkeypatch.setattr(game_module, "_ENGINES", {})
    report = replay(log)
    assert not report.conforms
    step = next(d for d in report.departures if "'offer_insurance'" in d.message)  # after the changed-file note
    assert "read_hole_card" in step.message and "§ 633a.7(h)" in step.cite


@pytest.mark.parametrize("name", ["blackjack", "double-down-madness"])
def test_decisions_go_round_the_table_as_each_state_declares(name):
    """Within a stay in a state that declares ``turns``, the deciding seat only moves in the declared
    direction: (i) "from the player farthest to the dealer's left, clockwise" is seat 1 first (a split
    box's hands are played one at a time within the box, § 633a.11)."""

    declared = {s.id: s.turns for s in load_game(name).spec.states if s.turns is not None}
    assert "player_decisions" in declared
    checked = 0
    for rnd in random_rounds(name, depth(60, 150), seed=12):
        stay: list[int] = []
        state = None
        for e in rnd.events:
            if e.source != state:
                stay, state = [], e.source
            if state in declared and e.seat is not None:
                stay.append(e.seat)
                ordered = sorted(stay, reverse=declared[state].start == "dealer_right")
                assert stay == ordered, f"{state}: decisions went {stay}, not {declared[state].text}"
                checked += 1
    assert checked > 100
