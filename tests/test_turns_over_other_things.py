"""A machine file whose ``turns:`` goes over other things than its game's guards and actions read: refused as it is
bound, at a line, or played to the end; never a traceback mid-round.

Each ``turns: {each: ...}`` of the three sections' machine files is turned, one at a time, to each other thing a pass
may go over (box, hand, player, position, wager). Before binding checked what a game walks and what its guards read,
a Blackjack walk over positions went over hands, a Six-Card Fortune walk over hands over boxes, and a walk over the
wagers where a guard read a box's Blackjack raised AttributeError as soon as that guard was asked.
"""

from __future__ import annotations

import random
import re

import attrs
import pytest

from pa_table_games.errors import MachineFileError, TableGamesError
from pa_table_games.games import game_info
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.machine.registry import TURN_ITEMS
from pa_table_games.runtime.game import MACHINES, Game
from test_turn_declarations import GAMES, _seeded

EACH = re.compile(r"turns: \{each: (\w+)")
ROUNDS = 4  # seeded rounds a turned machine plays: two to four seats, optional wagers, each Rules variant


def turned(name: str) -> list[tuple[int, str, str]]:
    """(line, the thing gone over instead, the machine file's text so turned), each declaration and thing."""
    text = (MACHINES / game_info(name).machine).read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, item, text[:m.start(1)] + item + text[m.end(1):])
            for m in EACH.finditer(text) for item in TURN_ITEMS if item != m.group(1)]


def play(info, bound: BoundMachine, recipe: tuple) -> None:
    """One seeded round, each decision drawn at random from the legal ones; a refusal the game gives is fine."""
    rules_changes, seats, seed, _ = recipe
    game = Game(info, attrs.evolve(info.rules_class(), **rules_changes), bound, TransitionsEngine(bound))
    rnd = game.new_round(seats, table=game.new_table(seed=seed))
    choose = random.Random(seed)
    try:
        for _ in range(200):
            if rnd.advance().is_over:
                return
            rnd.act(choose.choice(rnd.legal_actions()))
    except TableGamesError:
        return


@pytest.mark.parametrize("name", GAMES)
def test_every_pass_turned_to_other_things_is_refused_at_a_line_or_played(name):
    info = game_info(name)
    refused = 0
    for line, item, text in turned(name):
        try:
            bound = BoundMachine(info.machine_spec(text=text))
        except MachineFileError as err:
            assert re.match(rf".*{re.escape(info.machine)}:\d+: ", str(err)), err
            refused += 1
            continue
        for recipe in _seeded(name, ROUNDS):
            try:
                play(info, bound, recipe)
            except Exception as err:  # the game's own refusals end a round in play: anything else is a crash
                pytest.fail(f"{info.machine}:{line} turned to each {item}: {type(err).__name__}: {err}")
    assert refused  # each game refuses some: its guards read hands or boxes, and no game walks positions


def test_a_game_giving_what_its_passes_go_over_as_one_function_is_refused_in_one_line():
    """``GameInfo.units`` maps each thing to the function giving it; a game written when it was one function
    ``units(rnd, each)`` is refused as it is declared (a plugin's import then fails alone, in one line)."""
    with pytest.raises(TableGamesError, match=r"^game blackjack: units maps each thing a pass goes over to a function "
                                              r"of the round giving them \({'box': each_box}\), not function$"):
        attrs.evolve(game_info("blackjack"), units=lambda rnd, each: [])
