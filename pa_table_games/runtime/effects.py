"""Effects: what an action changed, as data that can apply itself and undo itself.

Actions change a round only through its verbs (``rnd.set``, ``rnd.draw``, ``rnd.discard``, ``rnd.settle`` ...,
:mod:`.changes`). While a step fires, every effect is appended to the step's journal; a step refused halfway (an
illegal decision, a stacked shoe run dry) is dropped whole by undoing its journal in reverse. Most verbs keep one
:class:`Changed`: the part of the table their plain change (:mod:`.plain`) touched, before and after. The shoe's
draws, the wagers placed and settled and the chips moved keep what the event and the chip ledger show as well.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from decimal import Decimal
from operator import attrgetter
from typing import Any

import attrs
from attrs import frozen

#: a key that was absent from a mapping before a :class:`Changed` of it
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


#: the key of a :class:`Changed` that kept its target whole
WHOLE = type("Whole", (), {"__repr__": lambda self: "WHOLE"})()


class Changed(Effect):
    """What one plain change touched (:data:`.plain.CHANGES` names it from the change's arguments), as it was
    ``before`` and ``after``: an entry of ``target`` (``key``: an attribute, or a mapping's key), several of its
    fields (``key``: their names, a hand's cards and totals, a walk's place), a list's end (:class:`End`: the
    shoe's cards a draw takes), or ``target`` whole (a list, a set, a mapping, a random generator, the shoe or the
    rack; or several parts, a tuple of ``(target, key)``: :func:`read`)."""

    __slots__ = ("target", "key", "before", "after")  # the most made effect: a plain class, made at little cost

    def __init__(self, target: Any, key: Any, before: Any, after: Any) -> None:
        self.target, self.key, self.before, self.after = target, key, before, after

    def __repr__(self) -> str:
        return f"Changed({self.target!r}, {self.key!r}, {self.before!r}, {self.after!r})"

    def apply(self, rnd: Any) -> None:
        write(self.target, self.key, self.after)

    def undo(self, rnd: Any) -> None:
        write(self.target, self.key, self.before)


@frozen
class End:
    """The key of a list's last ``n`` items and its length: what dealing from its end changes (a shoe's cards,
    taken from the end; at most the cover card and the card after it in one draw)."""

    n: int


#: a reader of each tuple of field names :func:`read` has been given
_GETTERS: dict[tuple[str, ...], Any] = {}


def read(target: Any, key: Any = WHOLE) -> Any:
    """What :class:`Changed` keeps of ``target`` (or of its entry ``key``): containers as tuples or frozensets, a
    random generator as its state, any other object as every field of it (:func:`state_of`)."""
    if key is not WHOLE:
        if type(key) is tuple:  # several fields
            getter = _GETTERS.get(key) or _GETTERS.setdefault(key, attrgetter(*key))
            values = getter(target) if len(key) > 1 else (getter(target),)
            return tuple([tuple(value) if type(value) is list else value for value in values])
        if type(key) is End:
            return len(target), tuple(target[-key.n:])
        return target.get(key, MISSING) if type(target) is dict else getattr(target, key)
    kind = type(target)
    if kind is list:
        return tuple(target)
    if kind is tuple:  # several parts, each (target, key)
        return tuple([read(each, its) for each, its in target])
    if kind is set:
        return frozenset(target)
    if kind is dict:
        return tuple(target.items())
    if isinstance(target, random.Random):
        return target.getstate()
    return state_of(target)


def write(target: Any, key: Any, value: Any) -> None:
    """Put back what :func:`read` saw, keeping each container's identity (the same kinds, told apart as it does)."""
    if type(key) is tuple:
        for name, its in zip(key, value):
            if type(current := getattr(target, name)) is list:
                current[:] = its
            else:
                setattr(target, name, its)
    elif type(key) is End:
        length, end = value
        del target[length - len(end):]  # what lies before the end is as it was
        target.extend(end)
    elif key is not WHOLE:
        _put(target, key, value)
    elif (kind := type(target)) is list:
        target[:] = value
    elif kind is tuple:
        for (each, its_key), its in zip(target, value):
            write(each, its_key, its)
    elif kind is set or kind is dict:
        target.clear()
        target.update(value)
    elif isinstance(target, random.Random):
        target.setstate(value)
    else:
        restore(target, value)


def _put(obj: Any, name: Any, value: Any) -> None:
    if isinstance(obj, dict):
        if value is MISSING:
            del obj[name]
        else:
            obj[name] = value
    else:
        setattr(obj, name, value)


class CardMoved(Effect):
    """A card went ``to`` a place, face up or down, from the shoe or from where it lay: the event records it (the
    shoe or the layout it left is a :class:`Changed`)."""

    __slots__ = ("card", "source", "to", "face_up")  # made for every card dealt: a plain class, as Changed

    def __init__(self, card: Any, source: str, to: str, face_up: bool = True) -> None:
        self.card, self.source, self.to, self.face_up = card, source, to, face_up

    def __repr__(self) -> str:
        return f"CardMoved({self.card!r}, {self.source!r}, {self.to!r}, {self.face_up!r})"

    def apply(self, rnd: Any) -> None:
        pass

    def undo(self, rnd: Any) -> None:
        pass


#: the field names of each kind of object :func:`state_of` has read
_FIELDS: dict[type, tuple[str, ...]] = {}
#: field values kept as they are (no container to copy)
_AS_IS = frozenset({type(None), bool, int, str, tuple, Decimal})


def state_of(obj: Any) -> dict:
    """What :class:`Changed` keeps of an object whole (a shoe, a double shoe, the rack): its fields, containers as
    tuples."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls))
    out = {}
    for name in names:
        value = getattr(obj, name)
        kind = type(value)
        if kind in _AS_IS:
            out[name] = ("value", value)
        elif kind is list:
            out[name] = ("list", tuple(value))
        elif isinstance(value, random.Random):
            out[name] = ("rng", value.getstate())
        elif isinstance(value, Counter):
            out[name] = ("counter", dict(value))
        elif isinstance(value, dict):
            out[name] = ("dict", {k: ("state", state_of(v)) if attrs.has(type(v)) else
                                  ("list", tuple(v)) if isinstance(v, list) else ("value", v)
                                  for k, v in value.items()})
        else:
            out[name] = ("value", value)
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
class Shown(Effect):
    """A settlement row the dealer's step records in its event (the wager settled is a :class:`Changed`)."""

    row: Any

    def apply(self, rnd: Any) -> None:
        pass

    def undo(self, rnd: Any) -> None:
        pass


@frozen(eq=False)
class Logged(Effect):
    """An event appended to the round's log."""

    event: Any

    def apply(self, rnd: Any) -> None:
        rnd.events.append(self.event)

    def undo(self, rnd: Any) -> None:
        if rnd.events and rnd.events[-1] is self.event:
            rnd.events.pop()
