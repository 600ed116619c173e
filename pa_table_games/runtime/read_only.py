"""What a guard reads: a read-only view of the round (issue 21 item 2).

A guard is a pure predicate. It is asked with ``Round.view``, an object made when asked that shares the round's own
attributes (reading them costs what reading the round costs) but refuses to set one and refuses every
helper that changes the round (``draw``, ``settle``, ``set`` ...), with a one-line error naming what was
tried. The unit whose turn it is comes to a guard as its own argument (:mod:`.turns` asks a pass's guards of
each unit in turn), so nothing is ever set on the round while a guard is asked.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NoReturn

#: the Round methods that change it: a guard calling one is refused
CHANGES = ("apply", "set", "put", "append", "insert", "extend", "add_member", "restock", "randomly", "draw",
           "set_aside_cover_card", "record", "give_card", "split_off", "discard", "note", "place_wager",
           "add_to_wager", "settle", "step", "advance", "act", "begin_event", "end_event", "join_turn")


class GuardWrites(AttributeError):
    """A guard tried to change the round it only reads."""


def _refuse(what: str) -> NoReturn:
    raise GuardWrites(f"a guard reads the round and may not change it: it tried {what} "
                      "(guards are pure predicates; only actions change a round)")


def _refusing(name: str) -> Any:
    def refused(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse(f"rnd.{name}(...)")
    refused.__name__ = name
    return refused


def _no_set(self: Any, name: str, value: Any) -> NoReturn:
    _refuse(f"to set rnd.{name}")


def _no_del(self: Any, name: str) -> NoReturn:
    _refuse(f"to delete rnd.{name}")


@cache
def _view_class(round_class: type) -> type:
    methods = {name: _refusing(name) for name in CHANGES}
    return type(f"ReadOnly{round_class.__name__}", (round_class,),
                {"__setattr__": _no_set, "__delattr__": _no_del, "read_only": True, **methods})


class ReadOnlyView:
    """``Round.view``: made when asked and never kept (a view kept by its round would make the two a cycle
    for the garbage collector); a round that is not atomic (the simulation's) is asked itself, at no cost."""

    def __get__(self, rnd: Any, owner: type) -> Any:
        if rnd is None:
            return self
        return read_only(rnd) if rnd.atomic and not getattr(type(rnd), "read_only", False) else rnd


def read_only(rnd: Any) -> Any:
    """A read-only view of ``rnd``: its attributes, live; no change."""
    view = object.__new__(_view_class(type(rnd)))
    object.__setattr__(view, "__dict__", rnd.__dict__)  # the same attributes, not a copy
    return view

