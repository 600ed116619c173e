"""Effects: what an action changed, as data that can apply itself and undo itself.

Actions change a round only through :meth:`Round.apply <pa_table_games.runtime.round.Round.apply>`
(or the Round helpers built on it: ``draw``, ``discard``, ``note``, ``place_wager``, ``settle``,
``set`` ...). While a step fires, every applied effect is appended to the step's journal; a step
refused halfway (an illegal decision, a stacked shoe run dry) is dropped whole by undoing its
journal in reverse. Each effect keeps exactly what its undo needs (the old value, the cards taken
and where from), so nothing is ever copied wholesale.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from typing import Any

import attrs
from attrs import frozen

#: a key that was absent before a :class:`FieldSet` on a mapping
MISSING = type("Missing", (), {"__repr__": lambda self: "MISSING"})()


class Effect(ABC):
    """One change to a round: ``apply(rnd)`` makes it, ``undo(rnd)`` takes it back exactly (each kind
    below says both: an effect without them cannot be made)."""

    __slots__ = ()

    @abstractmethod
    def apply(self, rnd: Any) -> None:
        """Make the change."""

    @abstractmethod
    def undo(self, rnd: Any) -> None:
        """Take the change back."""


@frozen(eq=False)
class FieldSet(Effect):
    """The layout's or table's own bookkeeping: ``obj.name`` (or ``obj[name]`` for a mapping) from ``old`` to ``new``."""

    obj: Any
    name: Any
    old: Any
    new: Any

    def apply(self, rnd: Any) -> None:
        _put(self.obj, self.name, self.new)

    def undo(self, rnd: Any) -> None:
        _put(self.obj, self.name, self.old)


def _put(obj: Any, name: Any, value: Any) -> None:
    if isinstance(obj, dict):
        if value is MISSING:
            del obj[name]
        else:
            obj[name] = value
    else:
        setattr(obj, name, value)


@frozen(eq=False)
class ListChanged(Effect):
    """``items[at:at + len(removed)]`` became ``added`` (an append, insert, pop or emptying)."""

    items: list
    at: int
    removed: tuple
    added: tuple

    def apply(self, rnd: Any) -> None:
        self.items[self.at:self.at + len(self.removed)] = self.added

    def undo(self, rnd: Any) -> None:
        self.items[self.at:self.at + len(self.added)] = self.removed


@frozen(eq=False)
class SetAdded(Effect):
    """``member`` joined ``items`` (recorded only when it was not there)."""

    items: set
    member: Any

    def apply(self, rnd: Any) -> None:
        self.items.add(self.member)

    def undo(self, rnd: Any) -> None:
        self.items.discard(self.member)


@frozen(eq=False)
class CardMoved(Effect):
    """A card went ``to`` a place, face up or down, from the shoe (``taken``: every card the shoe gave up,
    the cover card set aside first when it came) or from where it lay; the event records it."""

    card: Any
    source: str
    to: str
    face_up: bool = True
    shoe: Any = None  # the shoe (a side of a double shoe) the card came out of, else None
    taken: tuple = ()  # the cards popped off the shoe, in order
    before: tuple = ()  # the shoe's (dealt, cover_card_aside) before the draw
    after: tuple = ()

    def apply(self, rnd: Any) -> None:
        shoe = self.shoe
        if shoe is not None:
            del shoe._cards[len(shoe._cards) - len(self.taken):]
            shoe.dealt, shoe.cover_card_aside = self.after

    def undo(self, rnd: Any) -> None:
        shoe = self.shoe
        if shoe is not None:
            shoe._cards.extend(reversed(self.taken))
            shoe.dealt, shoe.cover_card_aside = self.before


@frozen(eq=False)
class HandCards(Effect):
    """A player hand's cards from ``old`` to ``new`` (a card added, or split off): the hand keeps its total."""

    hand: Any
    old: tuple
    new: tuple

    def apply(self, rnd: Any) -> None:
        self.hand.cards[:] = self.new
        self.hand.__attrs_post_init__()

    def undo(self, rnd: Any) -> None:
        self.hand.cards[:] = self.old
        self.hand.__attrs_post_init__()


@frozen(eq=False)
class Restocked(Effect):
    """The shoe, its rack or a side loaded, refilled, emptied or shuffled: every field of ``obj`` before and after
    (lists as tuples, a random generator as its state). Rare (a shuffle, a refill), so kept whole."""

    obj: Any
    before: dict
    after: dict

    def apply(self, rnd: Any) -> None:
        restore(self.obj, self.after)

    def undo(self, rnd: Any) -> None:
        restore(self.obj, self.before)


def state_of(obj: Any) -> dict:
    """What :class:`Restocked` keeps of a shoe, double shoe or rack: its fields, containers as tuples."""
    out = {}
    for f in attrs.fields(type(obj)):
        value = getattr(obj, f.name)
        if isinstance(value, random.Random):
            out[f.name] = ("rng", value.getstate())
        elif isinstance(value, Counter):
            out[f.name] = ("counter", dict(value))
        elif isinstance(value, list):
            out[f.name] = ("list", tuple(value))
        elif isinstance(value, dict):
            out[f.name] = ("dict", {k: ("state", state_of(v)) if attrs.has(type(v)) else
                                    ("list", tuple(v)) if isinstance(v, list) else ("value", v)
                                    for k, v in value.items()})
        else:
            out[f.name] = ("value", value)
    return out


def restore(obj: Any, state: dict) -> None:
    """Put ``obj``'s fields back as :func:`state_of` saw them, keeping each container's identity."""
    for name, (kind, value) in state.items():
        current = getattr(obj, name)
        if kind == "rng":
            current.setstate(value)
        elif kind == "list":
            current[:] = value
        elif kind == "counter":
            current.clear()
            current.update(value)
        elif kind == "dict":
            for key in [k for k in current if k not in value]:
                del current[key]
            for key, (inner, saved) in value.items():
                if inner == "state":
                    restore(current[key], saved)
                elif inner == "list" and isinstance(current.get(key), list):
                    current[key][:] = saved
                else:
                    current[key] = list(saved) if inner == "list" else saved
        else:
            setattr(obj, name, value)


@frozen(eq=False)
class WagerPlaced(Effect):
    """A wager staked on the layout (its chips move through :class:`ChipsMoved`)."""

    wager: Any
    new_name: bool  # the first wager of its name this round

    def apply(self, rnd: Any) -> None:
        rnd.wagers.append(self.wager)
        rnd.wager_names.add(self.wager.name)

    def undo(self, rnd: Any) -> None:
        rnd.wagers.remove(self.wager)
        if self.new_name:
            rnd.wager_names.discard(self.wager.name)


@frozen(eq=False)
class WagerRaised(Effect):
    """A wager raised by ``amount`` (a double down, House Money)."""

    wager: Any
    amount: Any

    def apply(self, rnd: Any) -> None:
        self.wager.amount += self.amount

    def undo(self, rnd: Any) -> None:
        self.wager.amount -= self.amount


@frozen(eq=False)
class WagerSettled(Effect):
    """A wager settled once: its row (None when the round records totals only) or its net in the totals."""

    wager: Any
    net: Any
    row: Any  # the Settled row
    kept: str  # where the row went: "event", "rows", "totals"
    new_total: bool = False  # totals: the first net of this wager name
    placed_later: bool = False  # totals: a wager placed during the round

    def apply(self, rnd: Any) -> None:
        self.wager.settled = True
        if self.kept == "rows":
            rnd._settled.append(self.row)
        elif self.kept == "totals":
            name = self.wager.name
            rnd._nets[name] = rnd._nets.get(name, 0) + self.net
            if self.placed_later:
                rnd._placed_later.append((name, self.wager.amount))

    def undo(self, rnd: Any) -> None:
        self.wager.settled = False
        if self.kept == "rows":
            rnd._settled.pop()
        elif self.kept == "totals":
            name = self.wager.name
            if self.new_total:
                del rnd._nets[name]
            else:
                rnd._nets[name] -= self.net
            if self.placed_later:
                rnd._placed_later.pop()


#: the chip ledger's accounts: a seat (int) or one of these
ACCOUNTS = ("layout", "inventory", "off_table")


@frozen(eq=False)
class ChipsMoved(Effect):
    """``amount`` of chips from one ledger account to another (a seat number is that player's account)."""

    ledger: Any
    source: Any
    to: Any
    amount: Any
    new_seat: bool = False  # the seat had no balance yet this round

    def apply(self, rnd: Any) -> None:
        _add(self.ledger, self.source, -self.amount)
        _add(self.ledger, self.to, self.amount)

    def undo(self, rnd: Any) -> None:
        _add(self.ledger, self.to, -self.amount)
        _add(self.ledger, self.source, self.amount)
        if self.new_seat:
            seat = self.source if isinstance(self.source, int) else self.to
            del self.ledger.players[seat]


def _add(ledger: Any, account: Any, amount: Any) -> None:
    if isinstance(account, int):
        players = ledger.players
        players[account] = players.get(account, 0) + amount
    else:
        setattr(ledger, account, getattr(ledger, account) + amount)


@frozen(eq=False)
class Noted(Effect):
    """A note the dealer's step records in its event; it changes nothing on the table."""

    text: str

    def apply(self, rnd: Any) -> None:
        pass

    def undo(self, rnd: Any) -> None:
        pass


@frozen(eq=False)
class TurnMoved(Effect):
    """A walk round the table moved on (``at``: the first unit that has not had its turn; ``taking``: the unit
    a pass's firing transition takes). A hand split off joining the walk is a :class:`ListChanged` of its units."""

    walk: Any
    old: tuple  # (at, taking)
    new: tuple

    def apply(self, rnd: Any) -> None:
        self.walk.at, self.walk.taking = self.new

    def undo(self, rnd: Any) -> None:
        self.walk.at, self.walk.taking = self.old


@frozen(eq=False)
class RandomUsed(Effect):
    """A random generator drew (the determinant side, a dice roll, a Magic Card): its state before and after."""

    rng: Any
    old: Any
    new: Any

    def apply(self, rnd: Any) -> None:
        self.rng.setstate(self.new)

    def undo(self, rnd: Any) -> None:
        self.rng.setstate(self.old)


@frozen(eq=False)
class Logged(Effect):
    """An event appended to the round's log."""

    event: Any

    def apply(self, rnd: Any) -> None:
        rnd.events.append(self.event)

    def undo(self, rnd: Any) -> None:
        if rnd.events and rnd.events[-1] is self.event:
            rnd.events.pop()
