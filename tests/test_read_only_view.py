"""Guards read a read-only view of the round (issue 21 item 2): a guard that writes is refused, one line."""

from __future__ import annotations

import copy
import enum
import math
from collections import defaultdict

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games import Shoe, load_game
from pa_table_games.cli import main
from pa_table_games.games import GAMES, game_info
from pa_table_games.machine.registry import Registry
from pa_table_games.runtime.game import MACHINES
from pa_table_games.runtime.read_only import CHANGES, GuardWrites, read_only


@pytest.fixture(params=["transitions", "compiled"])
def writing_guard(request):
    """Blackjack bound afresh (either engine) with its guard ``dealer_shows_ace`` (the Insurance offer's)
    made to write the round while it is asked."""
    entry = game_info("blackjack").registry.lookup("guard", "dealer_shows_ace")
    original = entry.fn

    def writes(rnd, unit):
        rnd.layout.insurance_open = True  # a guard flipping a flag on the layout it reaches
        return original(rnd, unit)
    object.__setattr__(entry, "fn", writes)
    try:
        yield load_game("blackjack", engine=request.param, machine=MACHINES / "blackjack.yaml")
    finally:
        object.__setattr__(entry, "fn", original)


def test_a_guard_that_writes_is_refused_when_asked(writing_guard):
    """Asked by the machine (a dealer step), the writing guard raises a one-line error naming what it tried."""
    rnd = writing_guard.new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH AS 8D 7C 9D 4C"))
    with pytest.raises(GuardWrites) as err:
        rnd.advance()
    message = str(err.value)
    assert "\n" not in message and "tried to set rnd.layout.insurance_open" in message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_view_refuses_every_change_and_reads_the_round_live(name):
    game = load_game(name)
    rnd = game.new_round({1: {game.info.wagers[0]: 10}}, seed=1)
    view = rnd.view
    for helper in CHANGES:
        with pytest.raises(GuardWrites, match=f"rnd.{helper}"):
            getattr(view, helper)()
    with pytest.raises(GuardWrites, match="to set rnd.state"):
        view.state = "end"
    rnd.advance()
    assert view.state == rnd.state and view.layout == rnd.layout and view.events == rnd.events
    assert isinstance(view.layout, type(rnd.layout)) and view.layout is view.layout  # one view of each object


#: what a guard might try through the objects it reaches, and what the refusal names
REACHED = [
    (lambda view: setattr(view.layout, "hole_card_turned", True), "to set rnd.layout.hole_card_turned"),
    (lambda view: setattr(view.wagers[0], "amount", view.wagers[0].amount + 5), "to set rnd.wagers.amount"),
    (lambda view: view.shoe.draw(), "rnd.shoe._cards.pop"),
    (lambda view: view.layout.hands.append(None), "rnd.layout.hands.append"),
    (lambda view: view.table.rack.bundles.clear(), "rnd.table.rack.bundles.clear"),
    (lambda view: view.table.meters.__setitem__("bad_beat", 1), "an item of rnd.table.meters"),
    (lambda view: view.shoe.rng.random(), "rnd.shoe.rng.random"),
    (lambda view: view.layout.hands[0].add_card(view.layout.dealer[0]), "rnd.layout.hands.cards.append"),
]


@pytest.mark.parametrize("attempt, what", REACHED, ids=[w for _, w in REACHED])
def test_nothing_reachable_from_the_view_can_be_changed(attempt, what):
    """A flag flipped on the layout, a wager raised, a card drawn, a list or a meter changed, the random generator
    drawn from: through the view, each is refused with one line naming it, and the round is as it was."""
    from randomplay import snapshot

    game = load_game("blackjack")
    rnd = game.new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH 9S 6D 8C 7H 5D 9D"))
    rnd.advance()
    before = snapshot(rnd)
    with pytest.raises(GuardWrites) as refused:
        attempt(rnd.view)
    assert what in str(refused.value) and "\n" not in str(refused.value)
    assert snapshot(rnd) == before


@pytest.fixture
def pass_guard_raising_its_players_wager():
    """Blackjack's (g) pass guard made to raise the first wager of the player it is asked of, registered as a game
    registers a guard (the registry notes it, so a refusal can name it)."""
    entry = game_info("blackjack").registry.lookup("guard", "a_players_optional_wagers_are_due")
    original = entry.fn

    def a_players_optional_wagers_are_due(rnd, player):
        """the player whose turn it is has an optional wager due (and, wrongly, their first wager is raised)"""
        player.wagers[0].amount += 5
        return original(rnd, player)
    Registry("test").guard("(g)")(a_players_optional_wagers_are_due)
    object.__setattr__(entry, "fn", a_players_optional_wagers_are_due)
    try:
        yield
    finally:
        object.__setattr__(entry, "fn", original)


LUCKY_LADIES = {1: {"blackjack": 10, "lucky_ladies": 5}}
SHOE = "2C TH 6S 5D 7C 6H TD"


@pytest.mark.parametrize("engine", ["transitions", "compiled"])
def test_a_pass_guard_reads_the_unit_it_is_asked_of_read_only(pass_guard_raising_its_players_wager, engine):
    """The (g) pass asks its guard of each player holding an optional wager: the player, like the round, is read
    through the view, so the guard's write is refused with one line naming the guard and its line, and the
    round's wagers are as placed."""
    game = load_game("blackjack", engine=engine, machine=MACHINES / "blackjack.yaml")
    rnd = game.new_round(LUCKY_LADIES, shoe=Shoe.stacked(SHOE))
    with pytest.raises(GuardWrites) as refused:
        rnd.advance()
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"{__file__}:")
    assert "guard 'a_players_optional_wagers_are_due' reads the round" in message
    assert "tried to set unit.wagers.amount" in message
    assert [w.amount for w in rnd.wagers] == [10, 5]


def test_a_guard_that_writes_stops_play_with_one_line_and_exit_2(pass_guard_raising_its_players_wager):
    """At the command line the refusal is one line naming the guard and where it wrote, exit status 2."""
    result = CliRunner().invoke(main, ["play", "blackjack", "--machine", str(MACHINES / "blackjack.yaml"),
                                       "--shoe", SHOE, "--seat", "1:blackjack=10,lucky_ladies=5", "--actions", "stand"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.count("\n") == 1
    assert f"error: {__file__}:" in result.output and "guard 'a_players_optional_wagers_are_due'" in result.output


@attrs.define
class _Hand:
    """A hand as a new game might write it: iterable, ordered by its length, with a classmethod."""

    cards: list

    def __iter__(self):
        return iter(self.cards)

    def __lt__(self, other):
        return len(self.cards) < len(other.cards)

    @classmethod
    def empty(cls):
        return cls([])


@attrs.define
class _Layout:
    hands: list
    marks: defaultdict = attrs.field(factory=lambda: defaultdict(list))
    rounding: object = math.floor  # a module's built-in function, held as a field


def test_what_a_pure_guard_does_with_a_game_s_own_objects_answers_through_the_view():
    """Through the view a guard may iterate a hand, compare and sort hands, call a classmethod or a module's built-in
    function the layout holds, read a defaultdict's missing key (the layout keeps no new key) and change a deep copy
    of its own; changing a hand stays refused."""
    layout = _Layout([_Hand(["AS", "9D"]), _Hand(["KD"])])
    view = read_only(layout)
    assert list(view.hands[0]) == ["AS", "9D"] and view.hands[1] < view.hands[0]
    assert [len(h.cards) for h in sorted(view.hands)] == [1, 2] and view.hands[0].empty() == _Hand([])
    assert view.marks[7] == [] and dict(layout.marks) == {} and view.rounding(2.5) == 2
    mine = copy.deepcopy(view.hands[0])
    mine.cards.append("5C")
    assert layout.hands[0].cards == ["AS", "9D"]
    with pytest.raises(GuardWrites, match="hands.cards.append"):
        copy.copy(view.hands[0]).cards.append("5C")
    assert layout.hands[0].cards == ["AS", "9D"]


class _Pair(tuple):
    """A tuple of a class no view has read before: its items decide how it is read."""


class _Suit(enum.Enum):
    """Items of a class no view has read before either."""

    SPADES = "S"
    HEARTS = "H"


@attrs.define
class _Held:
    pair: tuple
    mixed: tuple
    seats: set
    fixed: frozenset
    first_seen: _Pair


def test_what_cannot_change_is_read_as_it_is_and_what_can_through_a_view():
    """A tuple or a frozen set of numbers and strings is the object itself, read first or again (``is`` answers as
    on the round), and so is a view; a tuple holding a list is a tuple of views; a set is a frozen copy; a changing
    list stays refused however the value holding it was read first."""
    cards = ["AS"]
    held = _Held((1, "two"), (3, cards), {1, 2}, frozenset({"a"}), _Pair((_Suit.SPADES, _Suit.HEARTS)))
    view = read_only(held)
    assert view.pair is held.pair and view.fixed is held.fixed and view.first_seen is held.first_seen
    assert view.pair is view.pair and view.first_seen is view.first_seen
    assert read_only(view) is view and read_only(view.seats) is view.seats  # a view is read as it is: no view of it
    assert view.mixed == (3, cards) and view.mixed is not held.mixed and view.mixed[0] == 3
    assert view.seats == frozenset({1, 2}) and type(view.seats) is frozenset
    with pytest.raises(GuardWrites, match="tried rnd.mixed.append"):
        view.mixed[1].append("KD")
    assert held.mixed == (3, ["AS"])
