"""How `replay` explains a forged step: the line, the event, the kind of departure and the subsection, as an
auditor reads them. Each log is played by `play --log` (or `record`), edited as a forger would, the plain hash
chain recomputed, and replayed."""

from __future__ import annotations

import copy

from click.testing import CliRunner

from pa_table_games import Shoe, load_game
from pa_table_games.audit.log import Start, read_log, record, write_log
from pa_table_games.audit.replay import NOT_ALLOWED, OUT_OF_ORDER, SEQUENCE, replay, rerun
from pa_table_games.cli import main
from pa_table_games.cli.play import play_round

from forging import logged_round, resealed

NO_KEY = {"PA_TABLE_GAMES_LOG_KEY": ""}


def _played(tmp_path, *args):
    return logged_round(tmp_path, "played", *args)


def _forged(tmp_path, docs):
    return resealed(tmp_path / "forged.jsonl", docs)


def _inserted(docs, before: str, event: dict):
    """``docs`` with a copy of ``event`` logged just before the first ``before`` step, the events numbered again."""
    at = next(i for i, d in enumerate(docs) if d.get("trigger") == before)
    docs = docs[:at] + [copy.deepcopy(event)] + docs[at:]
    for seq, logged in enumerate(docs[1:], 1):
        logged["seq"] = seq
    return docs


def _only(path):
    report = replay(path)
    assert len(report.departures) == 1, [str(d) for d in report.departures]
    return report.departures[0]


TWO_SEATS = ["blackjack", "--shoe", "2C 9H TD 6C 2S 7D TS TC 9S", "--seat", "1:blackjack=10", "--seat",
             "2:blackjack=10", "--actions", "hit,stand"]  # seat 1: 9 2, hits TC to 21; seat 2 stands on 17


def test_a_hit_logged_on_a_hand_closed_at_21_is_refused_by_k1(tmp_path):
    """§ 633a.7(k)(1): seat 1's hand reached 21 and seat 2 stood after it; a second hit logged for seat 1 is
    explained by seat 1's hand, not by seat 2's, whose turn it last was. Before, replay asked the guards of
    the unit whose turn it was (none), and called the hit merely out of order."""
    docs = _played(tmp_path, *TWO_SEATS)
    hit = next(d for d in docs if d.get("trigger") == "hit")
    departure = _only(_forged(tmp_path, _inserted(docs, "turn_hole_card", hit)))
    assert str(departure) == (
        "line 12 (event 11): transition not allowed: 'hit' in 'Player decisions' is not allowed when the hand "
        "totals 21 or more, so it may not draw additional cards; the machine fires 'turn_hole_card' — § 633a.7(k)(1)")


def test_a_hit_logged_on_a_split_hand_closed_at_21_names_that_hand(tmp_path):
    """§ 633a.7(k)(1): 8-8 split; the first hand stands on 18, the second hits 3 then TC to 21. A further hit
    logged for the second hand (hand 1 in the log) is refused by that hand's 21, not allowed by the first's 18."""
    docs = _played(tmp_path, "blackjack", "--shoe", "2C 8H 6C 8S TS TD 3C TH 9S", "--seat", "1:blackjack=10",
                   "--actions", "split,stand,hit")
    hit = next(d for d in docs if d.get("trigger") == "hit")
    assert (hit["seat"], hit["hand"]) == (1, 1)
    departure = _only(_forged(tmp_path, _inserted(docs, "turn_hole_card", hit)))
    assert (departure.kind, departure.cite, departure.line) == (NOT_ALLOWED, "§ 633a.7(k)(1)", 14)


def test_a_stand_logged_after_every_turn_is_a_players_decision_the_dealer_goes_first(tmp_path):
    """§ 633a.7(l): a second stand logged for seat 2 after every player has acted: the stand is allowed to a
    hand of 17, so the departure is its order: the dealer's turning of the hole card comes first."""
    docs = _played(tmp_path, *TWO_SEATS)
    stand = next(d for d in docs if d.get("trigger") == "stand")
    departure = _only(_forged(tmp_path, _inserted(docs, "turn_hole_card", stand)))
    assert (departure.kind, departure.cite) == (OUT_OF_ORDER, "§ 633a.7(l)")
    assert departure.message.startswith("'stand' is a player's decision; the dealer's 'turn_hole_card' comes first")


def test_a_dealer_step_logged_to_another_state_names_both_moves(tmp_path):
    """§ 633a.7(c): the burn logged as moving the round to 'round_complete' is a state that differs, the machine's
    own move named; the text names the line and the event."""
    docs = _played(tmp_path, *TWO_SEATS)
    docs[2]["dest"] = "round_complete"
    result = CliRunner(env=NO_KEY).invoke(main, ["replay", str(_forged(tmp_path, docs))])
    assert result.exit_code == 1 and result.output.splitlines()[0] == (
        "line 3 (event 2): state differs: the log moves 'shoe_loaded' -> 'round_complete'; the machine's "
        "'burn_first_card' goes 'shoe_loaded' -> 'dealer_ready' — § 633a.7(c)")


def test_an_event_numbered_out_of_sequence_is_named_by_its_logged_number(tmp_path):
    """The burn logged as event 7: reported at its line under the number the log gives it, and compared on."""
    docs = _played(tmp_path, *TWO_SEATS)
    docs[2]["seq"] = 7
    report = replay(_forged(tmp_path, docs))
    assert [str(d) for d in report.departures] == [
        "line 3 (event 7): sequence differs: the log numbers this event 7; it is event 2 — § 633a.7(c)"]
    assert report.departures[0].kind == SEQUENCE and report.compared == report.events


def test_a_house_money_offer_closed_to_the_card_reader_before_the_peek_is_refused(tmp_path):
    """§ 633a.7(g)(10)(i)(B), (h): the dealer shows a 6, so the card reader was never used; an offer logged as
    closing to 'hole_card_read' is refused by that arrow's own guard (cited from (h), where the reader is used), not
    explained by the arrow the machine takes to 'hole_card_dealt'."""
    docs = _played(tmp_path, "blackjack", "--shoe", "2C 5H 6D 6S TC 9C 8C", "--seat",
                   "1:blackjack=10,house_money=10", "--actions", "house_money=keep,stand")
    close = next(d for d in docs if d.get("trigger") == "close_house_money_offer")
    assert close["dest"] == "hole_card_dealt"
    close["dest"] = "hole_card_read"
    departure = _only(_forged(tmp_path, docs))
    assert (departure.kind, departure.cite) == (NOT_ALLOWED, "§ 633a.7(h)"), str(departure)
    assert "is allowed only when the card reader has already been used on the hole card" in departure.message


def test_a_round_logged_in_memory_names_the_lines_its_file_will_have(tmp_path):
    """`record` (the walk-through page's log) numbers the header line 1 and the events from line 2, as the file
    written from it does: an incomplete round is reported at line 1 either way."""
    game, seats, shoe = load_game("blackjack"), {1: {"blackjack": 10}}, "2C TH 7S 9H KD 5C"
    start = Start.of(game.new_table(shoe=Shoe.stacked(shoe)))
    log = record(play_round(game, seats, ["stand"], shoe=shoe), start, seats, ["stand"], incomplete=True)
    path = write_log(tmp_path / "incomplete.jsonl", log)
    in_memory, from_file = rerun(log), replay(path)
    assert [d.line for d in in_memory.departures] == [d.line for d in from_file.departures] == [1]
    assert log.header_line == 1 and log.lines == read_log(path).lines == tuple(range(2, len(log.events) + 2))
