"""Whose turn it is: the runtime walks each pass round the table the machine file declares.

A ``turns:`` declaration names what a pass goes over (``each``: box, hand, player, wager) and
where it starts (``from``: dealer_left, dealer_right). Seat 1 is the player farthest to the
dealer's left; a box's split hands go in the same direction as the seats.

- **On a state** (its decisions): entering the state starts a walk over the units; ``Round.turn``
  is the unit whose turn it is; a transition marked ``ends_turn: true`` passes the turn to the
  next unit once its actions ran; ``every_turn_taken`` (a guard the runtime answers) holds once
  every unit has had its turn. A hand split during its turn joins the walk right after it.
- ``only:`` (either kind) names registered guards asked of each unit (their second argument) when the
  walk starts: a unit for which one fails has no turn in it and is passed over without an event
  (a House Money choice asks only the players paid under § 633a.7(g)(10)(ii) who have not answered).
- **On a dealer transition looping on its state** (a pass, one step per unit): the transitions out
  of one state that declare the same ``turns`` share one walk. The next unit with a turn is the
  first, from the pass's position on, for which one of them holds; a unit with nothing to do in
  the pass is passed over. Each of them is asked through its turn guard: it holds when that unit
  exists and the transition's own guards hold for it (given it as their unit); while it fires, ``Round.turn``
  is that unit.
  Every unit is visited once per pass.
- **On any other transition** (a pass inside one step): its actions go round the table with
  :func:`in_turn_order`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, TypeVar

from attrs import define, field

from pa_table_games.machine.bound import holds_for_unit
from pa_table_games.machine.spec import TransitionSpec, Turns
from pa_table_games.runtime.read_only import Derived, reads, viewed

T = TypeVar("T")
_SEAT = attrgetter("seat")


@define
class Player:
    """A player of a pass ``each: player``: the seat and the wagers placed there, in placing order."""

    seat: int
    wagers: tuple = ()


@define
class Walk:
    """One declared pass round the table: its units in the declared order and how far it has come."""

    turns: Turns
    units: list = field(factory=list)
    at: int = 0  # the first unit that has not had its turn (a pass: where the search for the next starts)
    taking: int | None = None  # a pass: the unit whose turn the firing transition takes

    @property
    def current(self) -> Any:
        return self.units[self.at] if self.at < len(self.units) else None


def mark_of(items: list) -> tuple[int, int]:
    """What a memo was derived from: the list's length and its last item (a refused step may take an item
    back and a later one add another: the length alone would not tell; the memo keeps the item alive)."""
    return len(items), id(items[-1]) if items else 0


class Players(Derived):
    """The round's players, seat 1 first, as its wagers placed them, kept until a wager is placed (a round's
    wagers are only ever added to, or a refused step's taken back): a pass over the players asks once a
    round, not once a state."""

    __slots__ = ("of", "mark", "players", "holders")

    def __init__(self, wagers: list | None) -> None:
        self.of, self.mark = wagers, mark_of(wagers or [])
        self.players: tuple[Player, ...] = ()  # none placed, or not worked out yet (:data:`NOT_YET`)
        self.holders: dict[tuple[str, ...], tuple[Player, ...]] = {}  # a pass's ``holding`` -> its players
        if wagers:
            seats: dict[int, list] = {}
            for w in wagers:
                seats.setdefault(w.seat, []).append(w)
            self.players = tuple(Player(seat, tuple(seats[seat])) for seat in sorted(seats))


#: a round's players before any pass asked for them (one shared memo, never a round's own)
NOT_YET = Players(None)


def _players(rnd: Any) -> Players:
    """The round's :class:`Players`, worked out again only when its wagers changed."""
    memo, wagers = rnd.players, rnd.wagers
    if memo.of is not wagers or mark_of(wagers) != memo.mark:
        memo = rnd.players = Players(wagers)
    return memo


def players_of(rnd: Any) -> tuple[Player, ...]:
    """The round's players, seat 1 first."""
    return _players(rnd).players


def holders_of(rnd: Any, holding: tuple[str, ...]) -> tuple[Player, ...]:
    """The round's players holding one of the ``holding`` wagers, seat 1 first (asked once a round per pass)."""
    memo = _players(rnd)
    found = memo.holders.get(holding)
    if found is None:
        held = []
        for player in memo.players:  # loops: a generator's frame for each player cost more than the search
            for wager in player.wagers:
                if wager.name in holding:
                    held.append(player)
                    break
        found = memo.holders[holding] = tuple(held)
    return found


def units_of(rnd: Any, each: str, holding: tuple[str, ...] = ()) -> list:
    """The units a pass ``each`` goes over, seat 1 first (a box's hands in the order they are played);
    ``holding``: only the players holding one of these wagers."""
    if each == "player":
        if holding and rnd.wager_names.isdisjoint(holding):  # nobody holds one (most rounds)
            return []
        return list(holders_of(rnd, holding) if holding else players_of(rnd))
    if each == "wager":
        found = rnd.wagers
    else:
        units = rnd.game.info.units.get(each)
        if units is None:  # a machine file bound to the game is refused as it is loaded (GameInfo.machine_spec)
            raise AssertionError(f"{rnd.game.info.name}: a pass over each {each} needs GameInfo.units[{each!r}]")
        found = units(rnd)
    return sorted(found, key=_SEAT) if len(found) > 1 else list(found)  # stable: a box's hands keep their order


def enter(rnd: Any, state: str) -> None:
    """On entering ``state``: start its walks (its decisions' and its passes'); the turn is the first unit's.

    Each walk's plan (its units, its direction) was worked out when the machine was bound
    (``BoundMachine.plans``); a pass over the players holding wagers none of which is placed has no
    unit, so no walk is started for it (its turn guard then holds for nobody, as for an empty walk);
    a declaration's ``only`` guards pick the units that have a turn, here, once."""
    plan = rnd.game.machine.plans.get(state)
    if plan is None:  # most states
        if rnd.turn is not None:
            _set_turn(rnd, None)
        return
    walks = {}
    placed = rnd.wager_names
    for key, turns, reverse, holding in plan:
        if holding and placed.isdisjoint(holding):  # nobody holds one (most rounds)
            continue
        units = units_of(rnd, turns.each, turns.holding)
        if turns.only and units:
            units = _having_a_turn(rnd, turns.only, units)
        if reverse and len(units) > 1:
            units.reverse()
        walks[key] = Walk(turns, units)
    walk = walks.get(state)
    rnd.set(rnd, "walks", walks)
    rnd.set(rnd, "turn", walk.current if walk is not None else None)


def _having_a_turn(rnd: Any, only: tuple, units: list) -> list:
    """The units for which every guard the declaration's ``only`` names holds, each asked of that unit; the
    others are passed over, adding no event."""
    view = rnd.view
    return [unit for unit in units if all(g.fn(view, viewed(view, unit)) for g in only)]


def _show_turn(rnd: Any) -> None:
    walk = rnd.walks.get(rnd.state)
    rnd.set(rnd, "turn", walk.current if walk is not None else None)


@reads  # the runtime's own bookkeeping: asked through a view, it reads the round itself
def every_turn_taken(rnd: Any) -> bool:
    """Every unit of the state's declared walk has had its turn."""
    walk = rnd.walks.get(rnd.state)
    return walk is None or walk.at >= len(walk.units)


def join(rnd: Any, unit: Any) -> None:
    """``unit`` (a hand split off during its turn) takes its turn right after the unit whose turn it is."""
    walk = rnd.walks[rnd.state]
    rnd.insert(walk.units, walk.at + 1, unit)  # the turn stays with the hand it split from


def _next_with_a_turn(rnd: Any, walk: Walk, members: tuple[TransitionSpec, ...]) -> tuple[int, int] | None:
    """The first unit from the pass's position on for which one of its transitions holds, and the first
    of them that holds for it (those before it in the file do not): ``(unit, member)`` indexes."""
    view = rnd.view
    units = walk.units
    for i in range(walk.at, len(units)):
        unit = viewed(view, units[i])
        for m, member in enumerate(members):
            if holds_for_unit(member, view, unit):
                return i, m
    return None


@reads
def pass_scan(rnd: Any, key: Any) -> tuple[int, int] | None:
    """The next unit with a turn in the pass ``key`` (a pass transition's ``walk``) and the first of the pass's
    transitions that holds for it (:func:`_next_with_a_turn`); None when nobody is left or the walk is not under way."""
    walk = rnd.walks.get(key)
    if walk is None:
        return None
    return _next_with_a_turn(rnd, walk, rnd.game.machine.passes[key])


@reads
def pass_holds(rnd: Any, t: TransitionSpec, found: tuple[int, int] | None) -> bool:
    """The turn guard of a pass's transition ``t``, given what :func:`pass_scan` found for its pass: that unit
    exists and ``t`` holds for it."""
    if found is None:
        return False
    i, m = found
    mine = rnd.game.machine.members[t.index]
    if mine <= m:  # the scan asked t of that unit already
        return mine == m
    view = rnd.view
    return holds_for_unit(t, view, viewed(view, rnd.walks[t.walk].units[i]))


@reads
def pass_allows(rnd: Any, t: TransitionSpec) -> bool:
    """The turn guard of a pass's transition ``t``: the next unit with a turn exists and ``t`` holds for it."""
    return pass_holds(rnd, t, pass_scan(rnd, t.walk))


def take_pass_turn(rnd: Any, t: TransitionSpec, found: tuple[int, int] | None = None) -> None:
    """``t`` fires in its pass: its actions see the unit whose turn it takes as ``Round.turn``. ``found``: what
    :func:`pass_scan` found when ``t``'s turn guard was asked, nothing changed since (else the pass is scanned)."""
    walk = rnd.walks[t.walk]
    taking = (found or _next_with_a_turn(rnd, walk, rnd.game.machine.passes[t.walk]))[0]
    _move(rnd, walk, walk.at, taking)
    _set_turn(rnd, walk.units[taking])


def after(rnd: Any, t: TransitionSpec) -> None:
    """Once ``t``'s actions ran: pass the turn on if ``t`` ends it; on entering a new state, start its walks."""
    walks = rnd.walks
    walk = walks.get(t.walk)
    if walk is not None:
        if walk.taking is not None:  # a pass: units before this one had nothing to do in it
            _move(rnd, walk, walk.taking + t.ends_turn, None)
        elif t.ends_turn:
            _move(rnd, walk, walk.at + 1, None)
    if t.dest != t.source:
        enter(rnd, t.dest)
    else:
        _show_turn(rnd)  # the state's own walk: whose turn it is now


def _set_turn(rnd: Any, unit: Any) -> None:
    rnd.set(rnd, "turn", unit)


def _move(rnd: Any, walk: Walk, at: int, taking: int | None) -> None:
    """The walk moves on (in a recorded round an effect: a refused step moves it back)."""
    rnd.move_turn(walk, at, taking)


def deciding(rnd: Any) -> tuple[int, int] | None:
    """``(seat, hand)`` of the unit whose turn it is (hands counted from 0), None when no walk is under way."""
    unit = rnd.turn
    return _seat_and_hand(unit) if unit is not None else None


def unit_at(rnd: Any, seat: int | None, hand: int) -> Any:
    """The unit of the state's walk at ``seat`` and ``hand`` (counted from 0), None when the walk has none."""
    walk = rnd.walks.get(rnd.state)
    units = walk.units if walk is not None else ()
    return next((unit for unit in units if _seat_and_hand(unit) == (seat, hand)), None)


def _seat_and_hand(item: Any) -> tuple[int, int]:
    return item.seat, getattr(item, "hand", getattr(item, "index", 0))


#: how to order items by their class: a wager by its seat and ``hand``; a box's hands (an ``index``) by seat alone,
#: each box's as they lie (:func:`in_turn_order`); else by seat, hand 0
_KEYS: dict[type, Callable[[Any], Any]] = {}


def _key_of(cls: type, item: Any) -> Callable[[Any], Any]:
    key = _KEYS.get(cls)
    if key is None:
        key = _KEYS[cls] = (attrgetter("seat", "hand") if hasattr(item, "hand") else
                            _SEAT if hasattr(item, "index") else _seat_and_hand)
    return key


def in_turn_order(rnd: Any, items: Iterable[T], seat: Callable[[T], int] | None = None,
                  hand: Callable[[T], int] | None = None) -> list[T]:
    """``items`` (boxes, hands, wagers) in the pass declared on the transition firing now (else on
    the state), from the dealer's left or right; ``seat``/``hand`` read an item's seat and hand
    (default: its ``seat``, and its ``hand`` or 0). A box's hands (items with an ``index``) go where they lie,
    given as the layout lists them: a split hand lies to the right of the hand it was split from, whatever
    its number, so from the dealer's right a box's rightmost hand comes first, as a walk over hands goes."""
    items = list(items)
    if len(items) < 2:  # one box: nothing to order (a pass with no declaration is refused once there are two)
        return items
    firing = rnd.firing
    turns = (firing.turns if firing is not None else None) or rnd.spec.state(rnd.state).turns
    if turns is None:
        raise AssertionError(f"{rnd.spec.path}: no 'turns' declared for a pass around the table in "
                             f"{firing.trigger if firing else rnd.state!r}")
    reverse = turns.from_right
    if seat is None and hand is None:
        kinds = set(map(type, items))
        key = _key_of(kinds.pop(), items[0]) if len(kinds) == 1 else _seat_and_hand
    else:
        read_seat, read_hand = seat or _SEAT, hand or (lambda item: getattr(item, "hand", getattr(item, "index", 0)))
        key = lambda item: (read_seat(item), read_hand(item))  # noqa: E731
    if key is _SEAT:  # hands: by seat, stable, then the whole turned round (a reversed sort keeps ties in order)
        ordered = sorted(items, key=_SEAT)
        if reverse:
            ordered.reverse()
        return ordered
    return sorted(items, key=key, reverse=reverse)
