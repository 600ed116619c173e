"""The round's change vocabulary, each verb the actions call (``rnd.set``, ``rnd.draw``, ``rnd.give_card`` ...) as
the bare change, with nothing kept: no effect, no journal, no event.

A round that records nothing (:class:`~pa_table_games.runtime.round.Unrecorded`, the simulation's) takes these
functions as its methods, and the fast path (:mod:`pa_table_games.fastpath`) splices their bodies into the code
it generates. A recorded round makes the same change by calling the same function (:mod:`.changes`): what it keeps
to undo it is the part of the table :data:`CHANGES` names, before and after, with what the event shows or the chip
ledger counts of it. No verb is written twice.

The step hooks at the end (:func:`begin_step`, :func:`end_step`) are what ``Round.begin_event`` and
``end_event`` do for such a round: the transition firing noted, the turn moved, the state set.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import WagerError
from pa_table_games.money import ZERO, check_limits, check_settlement, wager_amount
from pa_table_games.runtime import turns
from pa_table_games.runtime.effects import WHOLE, End
from pa_table_games.values import Settled

# -- the layout's and table's own bookkeeping ---------------------------------------------------
set = setattr  # noqa: A001  (the verb's name: ``rnd.set(obj, name, value)``)


def put(rnd: Any, mapping: dict, key: Any, value: Any) -> None:
    mapping[key] = value


def append(rnd: Any, items: list, item: Any) -> None:
    items.append(item)


def insert(rnd: Any, items: list, at: int, item: Any) -> None:
    items.insert(at, item)


def extend(rnd: Any, items: list, more: Any) -> None:
    items.extend(more)


def add_member(rnd: Any, items: set, member: Any) -> None:
    items.add(member)


def restock(rnd: Any, obj: Any, operation: Any, *args: Any) -> Any:
    return operation(*args)


def randomly(rnd: Any, rng: Any, draw: Any, *args: Any) -> Any:
    return draw(*args)


# -- cards -------------------------------------------------------------------------------------------
def draw(rnd: Any, to: Any, face_up: bool = True) -> Any:
    return rnd.shoe.draw(rnd.firing)  # the step dealing, named (by its trigger) only if a stacked shoe runs dry


def set_aside_cover_card(rnd: Any) -> Any:
    return rnd.shoe.set_aside_cover_card()


def record(rnd: Any, card: Any, to: str, face_up: bool = True) -> None:
    """``card``, already where the actions put it, is moved ``to`` (a card turned, a determinant card): nothing on
    the table changes (a played round's event shows the move)."""


def give_card(rnd: Any, hand: Any, card: Any) -> None:
    hand.add_card(card)


def split_off(rnd: Any, hand: Any) -> Any:
    return hand.split_off()


def discard(rnd: Any, label: str, cards: Any, *, moves: bool = True) -> None:
    rnd.table.rack.place(label, cards)


def note(rnd: Any, text: Any) -> None:
    """A note for the event being recorded: nothing on the table changes (a callable's text is made only when an
    event is recorded)."""


def move_turn(rnd: Any, walk: Any, at: int, taking: int | None) -> None:
    walk.at, walk.taking = at, taking


# -- chips -------------------------------------------------------------------------------------------
def checked_wager(rnd: Any, seat: int, name: str, amount: Any, hand: int = 0) -> Wager:
    """The wager a player places: a known name, a seat of the table, a positive amount in whole cents, the game's
    own rules (``GameInfo.check_wager``), then the limits; one line naming what is wrong otherwise."""
    info = rnd.game.info
    if name not in info.wagers:
        raise WagerError(f"seat {seat}: unknown {rnd.spec.title.split(':')[0]} wager {name!r} "
                         f"(known: {', '.join(info.wagers)})")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= rnd.rules.positions:
        raise WagerError(f"seat {seat}: the table has positions 1 to {rnd.rules.positions}")
    amount = wager_amount(seat, name, amount)
    info.check_wager(rnd, seat, name, amount)
    check_limits(rnd, seat, name, amount)  # the table's and the wager's own limits, as the command line checks them
    return Wager(seat, name, hand, amount)


def place_wager(rnd: Any, seat: int, name: str, amount: Any, hand: int = 0) -> Any:
    wager = checked_wager(rnd, seat, name, amount, hand)
    rnd.wagers.append(wager)
    rnd.wager_names.add(name)
    return wager


def add_to_wager(rnd: Any, wager: Any, amount: Any) -> None:
    wager.amount += amount


def settle(rnd: Any, wager: Any, outcome: str, net: Decimal, cite: str, off_table: Decimal = ZERO) -> Settled | None:
    """The wager settled once: its row kept (``record="settlements"``), or only its net added to its name's."""
    if wager.settled:
        raise AssertionError(f"{wager} settled twice")
    check_settlement(wager, net, off_table)
    wager.settled = True
    if not rnd.rows:
        name = wager.name
        nets = rnd._nets
        before = nets.get(name)  # most rounds settle each name once: its net as it is, no addition
        nets[name] = net if before is None else before + net
        if name not in rnd._seats.get(wager.seat, ()):
            rnd._placed_later.append((name, wager.amount))
        return None
    row = Settled(wager.seat, wager.name, wager.hand, wager.amount, outcome, net, rnd.spec.cite_text(cite), off_table)
    rnd._settled.append(row)
    return row


#: The verbs above, by name: a round recording nothing takes them as its methods.
VERBS = {name: fn for name, fn in dict(globals()).items()
         if name in ("set", "put", "append", "insert", "extend", "add_member", "restock", "randomly", "move_turn",
                     "draw", "set_aside_cover_card", "record", "give_card", "split_off", "discard",
                     "note", "place_wager", "add_to_wager", "settle")}


def _dealing(rnd: Any, to: Any, face_up: bool = True) -> tuple:
    """What a draw changes: the side of the shoe it deals from, its count and cover card, and its cards' end."""
    side = rnd.shoe.side
    return ((side, _COUNT), (side._cards, _END)), WHOLE


_COUNT, _END = ("dealt", "cover_card_aside"), End(2)  # a draw takes at most the cover card and the card after it


#: What each verb changes, from its arguments, as ``(target, key)``: an entry (a field, a mapping's key), several
#: fields (their names), a list's end (:class:`~.effects.End`), the target whole (``WHOLE``), or several such parts
#: (a tuple of pairs, ``WHOLE``); None, nothing on the table (the verb only records). A recorded round keeps it
#: before and after the change to undo it (:class:`~.effects.Changed`).
CHANGES = {
    "set": lambda rnd, obj, name, value: (obj, name),
    "put": lambda rnd, mapping, key, value: (mapping, key),
    "append": lambda rnd, items, item: (items, WHOLE),
    "insert": lambda rnd, items, at, item: (items, WHOLE),
    "extend": lambda rnd, items, more: (items, WHOLE),
    "add_member": lambda rnd, items, member: (items, WHOLE),
    "restock": lambda rnd, obj, operation, *args: (obj, WHOLE),
    "randomly": lambda rnd, rng, draw, *args: (rng, WHOLE),
    "move_turn": lambda rnd, walk, at, taking: (walk, ("at", "taking")),
    "give_card": lambda rnd, hand, card: (hand, hand.CARD_FIELDS),
    "split_off": lambda rnd, hand: (hand, hand.CARD_FIELDS),
    "draw": _dealing,
    "record": None,
    "note": None,
    "discard": lambda rnd, label, cards, moves=True: (rnd.table.rack.bundles, WHOLE),
    "set_aside_cover_card": lambda rnd: (rnd.shoe, WHOLE),
    "place_wager": lambda rnd, seat, name, amount, hand=0: (((rnd.wagers, WHOLE), (rnd.wager_names, WHOLE)), WHOLE),
    "add_to_wager": lambda rnd, wager, amount: (wager, "amount"),
    "settle": lambda rnd, wager, outcome, net, cite, off_table=ZERO: (
        ((wager, "settled"), (rnd._nets, WHOLE), (rnd._settled, WHOLE), (rnd._placed_later, WHOLE)), WHOLE),
}


# -- a step fired --------------------------------------------------------------------------------------
def begin_step(rnd: Any, t: Any, found: Any = None) -> None:
    """``Round.begin_event`` for a round recording nothing: a decision's argument checked, the transition noted
    as firing (actions going round the table read its ``turns``), a pass's unit shown as the turn (``found``:
    what its turn guard's scan of the pass found, when the caller kept it)."""
    if t.by != "dealer":
        acting = rnd.acting
        if acting.amount is not None or acting.choice is not None:
            rnd.begin_event(t)  # checks the argument (and notes the transition firing)
    rnd.firing = t
    if t.turn_guard is not None:
        turns.take_pass_turn(rnd, t, found)


def end_step(rnd: Any, t: Any) -> None:
    """``Round.end_event`` for a round recording nothing: the state set, the turn passed on or a walk started."""
    rnd.state = t.dest
    rnd.firing = None
    if t.walk is not None:
        turns.after(rnd, t)
    elif t.dest != t.source:
        turns.enter(rnd, t.dest)


def state_of(rnd: Any) -> str:
    """The state the round is in."""
    return rnd.state


def begin_decision(rnd: Any, action: Any) -> None:
    """A player's decision is being applied: what ``Round.act`` notes while the transition fires."""
    rnd.acting = action


def end_decision(rnd: Any) -> None:
    rnd.acting = None
