"""The layout's and the shoe's own methods and properties in the fast path (issue 31): every round of a simulation
holds a layout of its game's one class and deals from its table's shoe, so the round function is made for those
classes, and a method or a property read from them (``rnd.layout.up_card``, ``lay.box(seat)``, ``rnd.shoe.draw()``)
is spliced like any function: its body, not a call. A local is taken to hold the layout only where every store to it
is ``= rnd.layout``.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path
from types import MappingProxyType

import pytest

from pa_table_games import load_game
from pa_table_games.fastpath.fold import Knowns, Namespace, typed_locals
from pa_table_games.fastpath.inline import Splicer
from pa_table_games.fastpath.source import body_of
from pa_table_games.games.blackjack.layout import BlackjackLayout
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.runtime import plain
from pa_table_games.runtime.round import Unrecorded
from pa_table_games.simulation.chunks import Deal, deal_tally
from pa_table_games.strategies import get_strategy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.scenarios import EVERY_OPTIONAL, TABLES  # noqa: E402  (the checkout's benchmarks: their tables)


def _made(game_name: str, seats: dict) -> object:
    game = load_game(game_name, engine="fast")
    return game.engine.function(Unrecorded(game, game.new_table(seed=1), seats))


@pytest.mark.parametrize("label", sorted(TABLES))
def test_the_busier_tables_net_what_the_compiled_runner_nets(label):
    """The bench's busier tables, 300 rounds: the round function with the layout's bodies spliced in deals the same
    rounds, wager by wager, as the compiled runner, which calls them."""
    game, seats, strategy = TABLES[label]
    fast, compiled = (deal_tally(Deal(game, None, seats, strategy, engine), 5, 300) for engine in ("fast", "compiled"))
    assert fast.sums == compiled.sums and fast.engines == {"fast": 300}


def test_the_layouts_properties_and_methods_are_spliced():
    """(g), (h): the up card, the hole card, each box's first hand and its initial two cards are read some three
    hundred times a round at seven seats; the round function reads the dealer's cards and the deal's entries itself,
    and the layout is asked under ten times a round each (by the functions it calls, a progressive's outcomes)."""
    seats = {seat: dict(EVERY_OPTIONAL) for seat in range(1, 8)}
    source = _made("blackjack", seats).source
    assert not re.search(r"\.(up_card|hole_card|has_up_card)\b", source)
    assert ".dealer[_" in source and ".boxes_dealt.get(" in source and ".initial_twos.get(" in source
    codes = {BlackjackLayout.box.__code__: "box", BlackjackLayout.up_card.fget.__code__: "up_card",
             BlackjackLayout.initial_two_of.__code__: "initial_two_of"}
    asked = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            asked[codes[frame.f_code]] += 1

    sys.setprofile(profile)
    try:
        deal_tally(Deal("blackjack", None, seats, "basic", "fast"), 5, 100)
    finally:
        sys.setprofile(None)
    assert max(asked.values(), default=0) < 10 * 100, asked


@pytest.mark.parametrize("game, seats", [("blackjack", {1: {"blackjack": 10}}), *((g, s) for g, s, _ in TABLES.values())])
def test_the_shoes_draw_is_spliced(game, seats):
    """Every card dealt is the shoe's draw: the round function takes the next card itself (the shoe's draw is called
    again only past the cover card, and by the cold path refilling a dry shoe)."""
    source = _made(game, seats).source
    assert "the shoe ran out of cards at" in source and "rnd.shoe.draw(" not in source


def test_a_round_whose_layout_is_of_another_class_has_a_function_of_its_own():
    """The function is made for the class of the round's layout: a round holding another (a subclass whose up card is
    read otherwise) is not played by the function made for the game's."""
    game = load_game("blackjack", engine="fast")
    rnd = Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}})
    made = game.engine.function(rnd)

    class Other(BlackjackLayout):
        @property
        def up_card(self):
            return self.dealer[-1]

    rnd.layout = Other()
    other = game.engine.function(rnd)
    assert other is not made and "dealer[-1]" in other.source and "dealer[-1]" not in made.source


def test_a_double_shoe_is_drawn_from_as_a_double_shoe():
    """§ 633a.7(d): a double shoe draws from the side in use, its draw naming the side in a dry shoe's message (it
    returns from inside a ``try``, so it is called). The function made for its class holds no single shoe's draw,
    and its rounds net what the compiled runner nets."""
    game = load_game("blackjack", BlackjackRules(double_shoe=True), engine="fast")
    made = game.engine.function(Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}}))
    assert "rnd.shoe.draw(" in made.source and "the shoe ran out of cards at" not in made.source
    fast, compiled = (deal_tally(Deal("blackjack", BlackjackRules(double_shoe=True), {1: {"blackjack": 10}}, "basic",
                                      engine), 5, 300) for engine in ("fast", "compiled"))
    assert fast.sums == compiled.sums and fast.engines == {"fast": 300}


@pytest.mark.parametrize("code, known", [
    ("lay = rnd.layout\nx = lay.box(1)", {"lay"}),
    ("lay = rnd.layout\nlay = rnd.layout", {"lay"}),  # a copy of the same splice: the same object
    ("lay = rnd.layout\nlay = rnd.shoe", set()),
    ("lay = rnd.layout\nfor lay in rnd.hands:\n    pass", set()),
    ("lay, seat = rnd.layout, 1", set()),
    ("lay = rnd.layout\n(lay := rnd.shoe)", set()),
    ("lay = rnd.layout\nf = lambda lay: lay", set()),
    ("lay = rnd.layout\nlay.up_index = 1", {"lay"}),  # an attribute stored, not the name
])
def test_a_local_holds_the_layout_only_where_every_store_to_it_does(code, known):
    """Every store counts: a second assignment of something else, a loop, an unpacking, a ``:=``, a parameter."""
    def class_of(node):
        return BlackjackLayout if ast.unparse(node) == "rnd.layout" else None

    assert {name for name, cls in typed_locals(ast.parse(code), class_of).items() if cls is not None} == known


def test_what_a_local_holds_is_known_only_in_the_code_that_stores_it():
    """One state's function takes ``lay`` for the layout; another's, storing something else under the same name, does
    not: the up card is read from the layout's cards in the first only."""
    knowns = Knowns("rnd", MappingProxyType({}), (), MappingProxyType({"layout": BlackjackLayout}))
    splicer = Splicer(Namespace(set()), knowns, Unrecorded, plain.VERBS)
    first = ast.unparse(splicer.visit(ast.parse("lay = rnd.layout\nx = lay.up_card")))
    second = ast.unparse(splicer.visit(ast.parse("lay = rnd.shoe\ny = lay.up_card")))
    assert "lay.dealer[lay.up_index]" in first and second == "lay = rnd.shoe\ny = lay.up_card"


class _PrivatelyRead(BlackjackLayout):
    """A layout whose up card is read through a class-private name (``self.__up``, mangled where the class stands)."""

    @property
    def __up(self):
        return self.up_index

    @property
    def up_card(self):
        return self.dealer[self.__up]


def test_a_property_reading_a_class_private_name_is_called_not_spliced():
    """Spliced outside its class, ``self.__up`` would name another attribute: such a body is called as it is."""
    assert body_of(_PrivatelyRead.up_card.fget) is None and body_of(BlackjackLayout.up_card.fget) is not None
    game = load_game("blackjack", engine="fast")
    rnd = Unrecorded(game, game.new_table(seed=1), {1: {"blackjack": 10}})
    rnd.layout = _PrivatelyRead()
    made = game.engine.function(rnd)
    assert ".up_card" in made.source
    made.play(rnd, get_strategy("blackjack", "basic", game.rules).choose)
    assert rnd.is_over
