"""What a guard reads: a read-only view of the round, all the way down.

A guard is a pure predicate. In play it is asked with ``Round.view``: a proxy of the round through which
everything reachable is reachable only to be read. An attribute read through the view is the value itself when
nothing can change it (a number, a string, a card), else a view of it in turn: a list or a mapping that has no
method that changes it, an object whose own methods run with the view as ``self`` (so a method that would
change it is refused too). A set is read as a frozen copy. Setting or deleting anything, calling one of the
round's changes (``draw``, ``settle``, ``set`` ...) or a built-in method that is not known to only read is
refused with a one-line error naming the guard, the line that tried it and what it tried. The unit whose turn it
is, a guard's second argument, is read through the same view (:func:`viewed`), in a pass's scan and a walk's
``only:`` as in any transition.

A function or method that only reads what lies on the table but keeps a cache of its answers (the layout's memo)
is marked :func:`reads` (:func:`reads_round` for a function of the round): asked through a view it runs on the
object itself, and its answer is read through the view. Within one view the same object is always the same view of it, so ``is`` still answers as on the round.

A simulated round (not atomic) is asked itself: its guards are spliced into the fast path, which refuses when it
is generated a guard whose code writes (:mod:`pa_table_games.fastpath.purity`).
"""

from __future__ import annotations

import copy
import enum
import functools
import sys
import types
from collections import defaultdict
from collections.abc import Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, NoReturn

from pa_table_games.equipment.cards import Card
from pa_table_games.errors import TableGamesError
from pa_table_games.machine.registry import GUARDS

#: the Round methods that change it: a guard calling one is refused
CHANGES = ("apply", "set", "put", "append", "insert", "extend", "add_member", "restock", "randomly", "draw",
           "set_aside_cover_card", "record", "give_card", "split_off", "discard", "note", "place_wager",
           "add_to_wager", "settle", "step", "advance", "act", "begin_event", "end_event", "join_turn", "move_turn",
           "apply_taken")
#: built-in methods that only read (of a list, a mapping, a string, a shoe's counter ...)
READERS = frozenset({"get", "keys", "values", "items", "count", "index", "copy", "most_common", "total",
                     "startswith", "endswith", "split", "upper", "lower", "strip", "join", "isdisjoint", "issubset",
                     "issuperset", "union", "intersection", "difference", "getstate", "__len__", "__contains__"})
_PLAIN = (type(None), bool, int, float, complex, str, bytes, Decimal, Fraction, Card, range, type, enum.Enum,
          types.FunctionType, types.ModuleType)


class GuardWrites(TableGamesError, AttributeError):
    """A guard tried to change the round it only reads (an AttributeError too: ``hasattr`` on a view answers False
    for what it refuses)."""


def _refuse(what: str) -> NoReturn:
    raise GuardWrites(f"{_asker()}reads the round and may not change it: it tried {what} "
                      "(guards are pure predicates; only actions change a round)")


def _asker() -> str:
    """``file:line: guard 'name' `` for the line that tried the change (the first outside this module) and the
    registered guard asked (the innermost on the stack); ``a guard `` when neither is known."""
    frame, line, guard = sys._getframe(2), "", None
    while frame is not None and guard is None:
        code = frame.f_code
        if not line and code.co_filename != __file__:
            line = f"{code.co_filename}:{frame.f_lineno}: "
        guard = GUARDS.get(code)
        frame = frame.f_back
    return f"{line}guard {guard!r} " if guard is not None else f"{line}a guard "


def viewed(view: Any, value: Any, where: str = "unit") -> Any:
    """``value`` (the unit whose turn it is) read through ``view``, a view of the round, as what it reaches is; the
    value itself when ``view`` is the round (not atomic)."""
    if isinstance(view, _View):
        return object.__getattribute__(view, "_views").of(value, where)
    return value


def reads(fn: Any) -> Any:
    """Mark ``fn``, a method (or a function the round takes as one), as one that only reads what lies on the table
    though it may keep a cache of its answers: called through a view, it runs on the object itself, every argument
    unwrapped, and its answer is read through the view. Called on the object, it is ``fn`` itself, at no cost."""
    fn.__reads__ = True
    return fn


def reads_round(fn: Any) -> Any:
    """:func:`reads` for a function of the round called as a function (``fn(rnd, ...)``), not as its method."""
    @functools.wraps(fn)
    def reading(first: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(first, _ObjectView):
            return _run_on_object(fn, first, args, kwargs)
        return fn(first, *args, **kwargs)
    reading.__reads__ = True  # the fast path splices ``fn`` itself: its rounds are never views
    return reading


class Derived:
    """Answers worked out from what lies on the table and kept until it changes (a memo), never part of it: any
    two of a kind compare equal, so whatever holds one compares by what lies on the table alone."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return 0


def _run_on_object(fn: Any, view: Any, args: tuple, kwargs: dict) -> Any:
    views = object.__getattribute__(view, "_views")
    answer = fn(_target(view), *map(_target, args), **{k: _target(v) for k, v in kwargs.items()})
    return views.of(answer, f"{object.__getattribute__(view, '_where')}.{fn.__name__}()")


class _Views:
    """The views made within one view of a round: one per object, so identity is kept."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: dict[int, tuple[Any, Any]] = {}  # id -> (the object, its view): the object kept alive

    def of(self, value: Any, where: str) -> Any:
        kind = _read_as(type(value))
        if kind == "as it is" or (kind == "tuple" and all(_read_as(type(v)) == "as it is" for v in value)):
            return value  # nothing to change, or a view already
        made = self.made.get(id(value))
        if made is not None:
            return made[1]
        if kind == "set":
            view = frozenset(self.of(v, where) for v in value)
        elif kind == "tuple":
            view = (frozenset if isinstance(value, frozenset) else tuple)(self.of(v, where) for v in value)
        elif kind == "list":
            view = _ListView(value, self, where)
        elif kind == "mapping":
            view = _MappingView(value, self, where)
        elif kind == "built-in method":
            name = getattr(value, "__name__", "?")
            owner = getattr(value, "__self__", None)
            if name not in READERS and not (owner is None or isinstance(owner, types.ModuleType)):
                _refuse(f"{where}(...)")  # a built-in method of an object, not known to only read
            view = value
        else:
            view = _ObjectView(value, self, where)
        self.made[id(value)] = (value, view)
        return view


def _target(view: Any) -> Any:
    return object.__getattribute__(view, "_of") if isinstance(view, _View) else view


class _View:
    """What every view holds: the object it shows, the views made in this read, and where the read started."""

    __slots__ = ("_of", "_views", "_where")

    def __init__(self, target: Any, views: _Views, where: str) -> None:
        object.__setattr__(self, "_of", target)
        object.__setattr__(self, "_views", views)
        object.__setattr__(self, "_where", where)


class _ObjectView(_View):
    """An object read through the view: its attributes viewed in turn, its methods run with the view as ``self``."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        target = object.__getattribute__(self, "_of")
        cls = type(target)
        kind = _KINDS.get((cls, name)) or _kind(cls, name)
        if kind == "data":  # the commonest read; a number, a flag, a card needs no view and no place named
            value = getattr(target, name)
            return value if _READ_AS.get(type(value)) == "as it is" else \
                object.__getattribute__(self, "_views").of(value, f"{object.__getattribute__(self, '_where')}.{name}")
        views = object.__getattribute__(self, "_views")
        where = f"{object.__getattribute__(self, '_where')}.{name}"
        if kind == "refused":
            _refuse(f"{where}(...)")
        if kind == "method":
            method = getattr(cls, name)
            if getattr(method, "__reads__", False):  # its own bookkeeping runs on the object; its answer is viewed
                return lambda *args, **kwargs: _run_on_object(method, self, args, kwargs)
            return types.MethodType(method, self)
        if kind == "property":
            return views.of(_class_attribute(cls, name).fget(self), where)
        return getattr(cls, name)  # a class or static method: nothing of the object is reached through it

    def _own(self, name: str) -> Any:
        """The object's class's own ``name`` (``__iter__``, ``__lt__`` ...), to run with the view as ``self``."""
        method = _class_attribute(type(object.__getattribute__(self, "_of")), name)
        if method is None:
            raise TypeError(f"{object.__getattribute__(self, '_where')} has no {name}")
        return method

    def __iter__(self) -> Iterator[Any]:
        return iter(self._own("__iter__")(self))

    def __lt__(self, other: Any) -> Any:
        return self._own("__lt__")(self, other)

    def __le__(self, other: Any) -> Any:
        return self._own("__le__")(self, other)

    def __gt__(self, other: Any) -> Any:
        return self._own("__gt__")(self, other)

    def __ge__(self, other: Any) -> Any:
        return self._own("__ge__")(self, other)

    def __copy__(self) -> Any:  # a copy sharing the object's lists: read through the view as they are
        views = object.__getattribute__(self, "_views")
        return views.of(copy.copy(object.__getattribute__(self, "_of")), object.__getattribute__(self, "_where"))

    def __deepcopy__(self, memo: dict) -> Any:  # a copy of its own, which the guard may change: the round does not
        return copy.deepcopy(object.__getattribute__(self, "_of"), memo)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        _refuse(f"to set {object.__getattribute__(self, '_where')}.{name}")

    def __delattr__(self, name: str) -> NoReturn:
        _refuse(f"to delete {object.__getattribute__(self, '_where')}.{name}")

    @property
    def __class__(self) -> type:  # isinstance() answers as for the object
        return type(object.__getattribute__(self, "_of"))

    def __eq__(self, other: object) -> bool:
        return object.__getattribute__(self, "_of") == _target(other)

    def __hash__(self) -> int:
        return hash(object.__getattribute__(self, "_of"))

    def __len__(self) -> int:
        return len(object.__getattribute__(self, "_of"))

    def __bool__(self) -> bool:
        return bool(object.__getattribute__(self, "_of"))

    def __repr__(self) -> str:
        return repr(object.__getattribute__(self, "_of"))

    def __str__(self) -> str:
        return str(object.__getattribute__(self, "_of"))


class _ListView(_View):
    """A list read through the view: items viewed, nothing that changes it."""

    __slots__ = ()

    def _item(self, value: Any) -> Any:
        return object.__getattribute__(self, "_views").of(value, object.__getattribute__(self, "_where"))

    def __getitem__(self, index: Any) -> Any:
        value = object.__getattribute__(self, "_of")[index]
        return tuple(map(self._item, value)) if isinstance(index, slice) else self._item(value)

    def __len__(self) -> int:
        return len(object.__getattribute__(self, "_of"))

    def __iter__(self) -> Iterator[Any]:
        return map(self._item, list(object.__getattribute__(self, "_of")))

    def __reversed__(self) -> Iterator[Any]:
        return map(self._item, list(reversed(object.__getattribute__(self, "_of"))))

    def __contains__(self, value: object) -> bool:
        return _target(value) in object.__getattribute__(self, "_of")

    def __eq__(self, other: object) -> bool:
        return object.__getattribute__(self, "_of") == _target(other)

    def __bool__(self) -> bool:
        return bool(object.__getattribute__(self, "_of"))

    def __add__(self, other: Any) -> list:
        return list(self) + list(other)

    def __repr__(self) -> str:
        return repr(object.__getattribute__(self, "_of"))

    def index(self, value: Any, *args: Any) -> int:
        return object.__getattribute__(self, "_of").index(_target(value), *args)

    def count(self, value: Any) -> int:
        return object.__getattribute__(self, "_of").count(_target(value))

    def __getattr__(self, name: str) -> NoReturn:
        _refuse(f"{object.__getattribute__(self, '_where')}.{name}(...)")

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        _refuse(f"to set {object.__getattribute__(self, '_where')}.{name}")

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        _refuse(f"to set an item of {object.__getattribute__(self, '_where')}")

    def __delitem__(self, index: Any) -> NoReturn:
        _refuse(f"to delete an item of {object.__getattribute__(self, '_where')}")

    def __iadd__(self, other: Any) -> NoReturn:
        _refuse(f"to extend {object.__getattribute__(self, '_where')}")


class _MappingView(_ListView):
    """A mapping read through the view: values viewed, nothing that changes it."""

    __slots__ = ()

    def __iter__(self) -> Iterator[Any]:
        return map(self._item, list(object.__getattribute__(self, "_of")))

    def __contains__(self, key: object) -> bool:
        return _target(key) in object.__getattribute__(self, "_of")

    def __getitem__(self, key: Any) -> Any:
        mapping, key = object.__getattribute__(self, "_of"), _target(key)
        if isinstance(mapping, defaultdict) and key not in mapping and mapping.default_factory is not None:
            return self._item(mapping.default_factory())  # what reading it would make, not put in the mapping
        return self._item(mapping[key])

    def get(self, key: Any, default: Any = None) -> Any:
        mapping = object.__getattribute__(self, "_of")
        key = _target(key)
        return self._item(mapping[key]) if key in mapping else default

    def keys(self) -> Iterator[Any]:
        return iter(self)

    def values(self) -> Iterator[Any]:
        return map(self._item, list(object.__getattribute__(self, "_of").values()))

    def items(self) -> Iterator[tuple[Any, Any]]:
        return ((self._item(k), self._item(v)) for k, v in list(object.__getattribute__(self, "_of").items()))


_VIEWS = (_ObjectView, _ListView, _MappingView)
#: for each class met, how its objects are read through a view (:func:`_read_as`)
_READ_AS: dict[type, str] = {}


def _read_as(cls: type) -> str:
    """How an object of ``cls`` is read through a view: "as it is" (nothing can change it, or a view already),
    "tuple" (a tuple or a frozen set: as it is when its items are), "set" (a frozen copy), "list", "mapping",
    "built-in method" or "object" (worked out once per class: ``isinstance`` against the abstract classes
    costs a guard's read more than the read)."""
    kind = _READ_AS.get(cls)
    if kind is None:
        kind = _READ_AS[cls] = "as it is" if issubclass(cls, _PLAIN) or cls in _VIEWS \
            else "tuple" if issubclass(cls, (tuple, frozenset)) else "set" if issubclass(cls, set) \
            else "list" if issubclass(cls, list) else "mapping" if issubclass(cls, Mapping) \
            else "built-in method" if issubclass(cls, (types.BuiltinMethodType, types.MethodWrapperType)) else "object"
    return kind


_KINDS: dict[tuple[type, str], str] = {}


def _class_attribute(cls: type, name: str) -> Any:
    for klass in cls.__mro__:  # a loop: asked for every property read through a view
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None


def _kind(cls: type, name: str) -> str:
    """How an attribute of ``cls`` is read through a view: "refused" (a change of the round), "method", "class" (a
    class or static method), "property" or "data" (worked out once)."""
    kind = _KINDS.get((cls, name))
    if kind is None:
        attribute = _class_attribute(cls, name)
        kind = _KINDS[cls, name] = "refused" if name in CHANGES and getattr(cls, "is_round", False) \
            else "method" if isinstance(attribute, types.FunctionType) \
            else "class" if isinstance(attribute, (classmethod, staticmethod)) \
            else "property" if isinstance(attribute, property) else "data"
    return kind


class ReadOnlyView:
    """``Round.view``: made when asked and never kept (a view kept by its round would make the two a cycle
    for the garbage collector); a round that is not atomic (the simulation's) is asked itself, at no cost."""

    def __get__(self, rnd: Any, owner: type) -> Any:
        if rnd is None:
            return self
        return read_only(rnd) if rnd.atomic else rnd


def read_only(rnd: Any) -> Any:
    """A read-only view of ``rnd``: what it holds, live, all the way down; no change."""
    return _Views().of(rnd, "rnd")
