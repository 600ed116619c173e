"""``turns: {holding: [...]}``: a pass over the players holding some wagers names the game's wagers, once each.

The same check answers for a state's ``turns`` (its decisions) and a transition's (a pass): a copy of
machines/blackjack.yaml with one ``holding:`` broken is refused by every command that reads a machine
file, with one line naming the file and the line of the faulty entry, and exit status 2. A state's walk
limited to the holders of a wager is started by the compiled runner as by the transitions engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from time_limit import within

from pa_table_games import Shoe
from pa_table_games.cli import main
from pa_table_games.games import game_info
from pa_table_games.runtime import game as game_module
from pa_table_games.runtime.round import Round

ORIGINAL = (game_module.MACHINES / "blackjack.yaml").read_text(encoding="utf-8")
WAGERS = ", ".join(game_info("blackjack").wagers)
#: the Insurance offer (§ 633a.7(h)) as a state whose decisions go over each player holding ...
INSURANCE = ('turns: {each: box, from: dealer_left, cite: "reading:insurance_offer_from_dealers_left"}}',
             'turns: {each: player, from: dealer_left, cite: "reading:insurance_offer_from_dealers_left",\n'
             '       holding: HOLDING}}')
#: ... and the (o) floorperson's verification as a pass over each player holding ...
VERIFY = ('turns: {each: player, from: dealer_right, cite: "(o)", holding: [bad_beat, hit_and_run, straight_jack]},\n'
          '     cite: ["(o)(1)(ii)(B)"',
          'turns: {each: player, from: dealer_right, cite: "(o)",\n'
          '       holding: HOLDING},\n     cite: ["(o)(1)(ii)(B)"')
#: the House Money choice (§ 633a.7(g)(10)(ii)) declared over each player holding a Blackjack Wager (its guards read
#: only the seat whose turn it is: the Insurance offer's read a box, so binding refuses it over players)
HOUSE_MONEY = ('turns: {each: box, from: dealer_right, cite: "reading:house_money_choice_from_dealers_right",',
               'turns: {each: player, from: dealer_right, cite: "reading:house_money_choice_from_dealers_right",'
               ' holding: [blackjack],')
WHERE = {"state": (INSURANCE, "state 'insurance_offered'"),
         "transition": (VERIFY, "transition 'verify_bad_beat_payout'")}
#: (the holding written, the line of the fault counted from the ``holding:`` line, what the error says)
DEFECTS = {
    "unknown wager": ("[bad_beat,\n                 royal_mach]", 1,
                      f"turns holding 'royal_mach' is not a blackjack wager (known: {WAGERS})"),
    "repeated wager": ("[bad_beat, hit_and_run,\n                 bad_beat]", 1, "turns holding names 'bad_beat' twice"),
    "empty": ("[]", 0, "turns holding is a non-empty list of wager names, for a pass over each player"),
    "not a list": ("bad_beat", 0, "turns holding is a non-empty list of wager names, for a pass over each player"),
}


def broken(tmp_path: Path, where: str, defect: str) -> tuple[Path, int, str]:
    """A copy of machines/blackjack.yaml with the ``holding`` of ``where`` written as ``defect``; the line
    the error must name and its message."""
    (old, new), what = WHERE[where]
    holding, below, message = DEFECTS[defect]
    assert ORIGINAL.count(old) == 1
    text = ORIGINAL.replace(old, new.replace("HOLDING", holding))
    line = text[:text.index(f"holding: {holding}")].count("\n") + 1 + below
    path = tmp_path / "blackjack.yaml"
    path.write_text(text, encoding="utf-8")
    return path, line, f"{what}: {message}"


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, list(args))
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("defect", DEFECTS)
@pytest.mark.parametrize("where", WHERE)
def test_a_broken_holding_is_refused_with_its_line(tmp_path, where, defect):
    """``trace blackjack --machine COPY``: one line, the file:line of the faulty ``holding`` entry, exit 2."""
    path, line, message = broken(tmp_path, where, defect)
    assert cli("trace", "blackjack", "--machine", str(path)) == (2, "", f"error: {path}:{line}: {message}\n")


@pytest.mark.parametrize("where", WHERE)
def test_the_installed_machine_file_is_checked_the_same_way(tmp_path, monkeypatch, where):
    """A misspelt wager in the installed machine file stops `play` the same way, on a state as on a transition."""
    path, line, message = broken(tmp_path, where, "unknown wager")
    monkeypatch.setattr(game_module, "MACHINES", tmp_path)
    monkeypatch.setattr(game_module, "_BOUND", {})  # machine files are bound once per process
    monkeypatch.setattr(game_module, "_ENGINES", {})
    assert cli("play", "blackjack", "--seed", "1", "--actions", "stand") == (2, "", f"error: {path}:{line}: {message}\n")


def test_the_review_diff_reads_the_holding_as_the_game_does(tmp_path):
    """`diff` loads each side as a valid machine of its game: a misspelt wager in NEW is its file:line, exit 2."""
    path, line, message = broken(tmp_path, "state", "unknown wager")
    assert cli("diff", "blackjack", str(path)) == (2, "", f"error: {path}:{line}: {message}\n")


def test_a_state_may_go_over_the_players_holding_a_wager(tmp_path):
    """A state's walk over the players holding the game's wagers, named once each, loads as a pass's does."""
    path = tmp_path / "blackjack.yaml"
    path.write_text(ORIGINAL.replace(*HOUSE_MONEY), encoding="utf-8")
    code, out, err = cli("trace", "blackjack", "--machine", str(path))
    assert (code, err) == (0, "") and "house_money_offered" in out and "each player holding blackjack" in out


def test_the_fast_path_starts_a_state_walk_over_the_holders(tmp_path):
    """§ 633a.7(g)(10)(ii) with the House Money choice declared over each player holding a Blackjack Wager: the
    compiled runner, on a round keeping only its settlements (as a simulation's), starts that walk as the
    transitions engine does, and both settle alike (it left the walk unstarted and never ended the round)."""
    text = ORIGINAL.replace(*HOUSE_MONEY)
    assert text != ORIGINAL
    path = tmp_path / "blackjack.yaml"
    path.write_text(text, encoding="utf-8")
    info = game_info("blackjack")
    bound = game_module.bind(info, path)
    seats = {seat: {"blackjack": 10, "house_money": 5} for seat in (1, 2, 3)}

    def choose(rnd, legal) -> str:  # seat 1 adds its House Money payout, seat 2 keeps it; everyone stands
        seat = rnd.deciding()[0]
        return next(w for w in ("house_money=add" if seat % 2 else "house_money=keep", "stand") if w in legal)

    settled = {}
    for engine, record in (("transitions", "events"), ("compiled", "settlements")):
        game = game_module.Game(info, info.rules_class(), bound, game_module.ENGINES[engine](bound))
        rnd = Round(game, game.new_table(shoe=Shoe.stacked("2C 9C 7C KD 7D TD 8D 6C TS 9H 9S")), seats,
                                atomic=False, record=record)
        with within(20, f"the {engine} engine's round: still running after 20 s"):
            if engine == "compiled":
                game.engine.play_out(rnd, choose)
            else:
                while not rnd.advance().is_over:
                    rnd.act(choose(rnd, rnd.legal_names()))
        settled[engine] = [(s.seat, s.wager, s.outcome, s.net) for s in rnd.settlement()]
    assert settled["compiled"] == settled["transitions"]
    assert (1, "blackjack", "win", 15) in settled["compiled"]  # 10 + the House Money payout of 5 added, won
