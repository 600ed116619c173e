"""A guard that writes is refused when the fast path is generated.

In play a guard is asked through a read-only view of the round (:mod:`pa_table_games.runtime.read_only`); the fast
path splices guards into code that runs on the round itself, so it reads their code instead, and the functions
they call that it can name (the module's own, the round's, the layout's, called on the round or a name for it or
for what it holds; the function a decorator wraps): an assignment to an attribute or an item (a loop's or a
``with``'s name among them), a ``del`` of one, ``setattr``, a method known to change its object (``append``,
``pop``, a shoe's ``draw`` ...), ``+=`` on a name bound to what it reads (``cards = rnd.layout.dealer``) or one of
the round's changes is a write. A list or a mapping the guard made itself (``ranks = []``) is its own to fill and
sort. A function marked as reading through a cache (``read_only.reads``) keeps its cache: only what it answers is
read. One line names the guard and where it writes (``file:line``). A guard whose own source cannot be read (made
by ``exec``, or an object that is no function) is refused too, named where it was made: a decorator's wrapper is
read under the name it was defined with.

This is a reading of code, not a proof: what a name holds only at run time is not followed (a method fetched by
``getattr`` or kept in a name, a function the guard closes over, a class's ``__init__``, a property's getter,
``exec``; ``+=`` on a name bound to a call's answer). The machine's own guards are each checked here and, in play,
asked through the read-only view, which refuses any write it meets.
"""

from __future__ import annotations

import ast
import types
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.fastpath.fold import typed_locals
from pa_table_games.fastpath.source import definition, pairs
from pa_table_games.runtime.read_only import CHANGES

#: methods that change the object they are called on
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
                      "setdefault", "sort", "reverse", "popitem", "draw", "shuffle", "load", "refill", "take",
                      "take_all", "take_remaining", "set_aside_cover_card", "place", "add_card", "split_off",
                      "use_side", "setstate", "seed", "random", "randint", "choice", "__setitem__", "__setattr__",
                      "__delitem__", "__delattr__", "__iadd__", "__ior__", "setitem", "delitem", "setattr",
                      "delattr",
                      # a random generator's other draws (``choices`` is left out: an action's chooser is called so)
                      "uniform", "randrange", "getrandbits", "randbytes", "sample", "gauss", "normalvariate",
                      "triangular", "expovariate", "betavariate", "gammavariate", "lognormvariate", "vonmisesvariate",
                      "paretovariate", "weibullvariate", "binomialvariate"})
#: how deep the functions a guard calls are read
DEPTH = 6


class WritingGuard(TableGamesError):
    """A guard whose code changes what it reads, or whose code cannot be read to tell."""


def check_guard(name: str, fn: Any, round_class: type, classes: Mapping[str, type] = MappingProxyType({})) -> None:
    """Refuse guard ``name`` (its function ``fn``) if it, or a function it calls, writes (see the module doc), or if
    its own source cannot be read (made by ``exec``, or no function); ``classes``: the class of what the round holds
    under each name (its layout), whose methods it calls are read too."""
    found = _writes(fn, (round_class, classes), round_class, 0, set())
    if found is not None:
        where, what = found
        at = f"{where}: " if where else ""
        if what is None:
            raise WritingGuard(f"{at}guard {name!r}: its source cannot be read, so whether it only reads cannot be "
                               "told (a simulated round asks its guards on the round itself)")
        raise WritingGuard(f"{at}guard {name!r} {what}: a guard only reads the round (only actions change it)")


def _writes(fn: Any, classes: tuple[type, Mapping[str, type]], owner: type, depth: int, seen: set
            ) -> tuple[str, str | None] | None:
    """Where ``fn`` (or a function it calls, that can be named) writes, and what: ``(file:line, what)``; its first
    parameter is an ``owner`` (the round, or what it holds for one of their methods). A function wrapped by a
    decorator (``functools.wraps``) is read with the function it wraps."""
    if getattr(fn, "__reads__", False) or fn in seen or depth > DEPTH:
        return None
    if not isinstance(fn, types.FunctionType):  # a builtin, a callable object: the guard's own cannot be read
        return _unread(fn) if depth == 0 else None
    seen.add(fn)
    wrapped = getattr(fn, "__wrapped__", None)
    if wrapped is not None and (found := _writes(wrapped, classes, owner, depth + 1, seen)) is not None:
        return found
    node = definition(fn)
    if node is None:  # made by exec: the guard's own is refused, a function it calls is called as it is
        return _unread(fn) if depth == 0 else None
    params = [*node.args.posonlyargs, *node.args.args]
    body = ast.Module(node.body, [])
    scratch, aliases = _scratch(body, {p.arg for p in (*params, *node.args.kwonlyargs)})
    first = {params[0].arg: owner} if params else {}  # and the names bound to it or to what the round holds
    typed = typed_locals(body, lambda value: _class_of(value, first, classes))
    held = first | {name: cls for name, cls in typed.items() if cls is not None}
    for n in ast.walk(body):  # its body (not its decorators: they ran when it was defined)
        what = _write(n, held, classes[0], scratch, aliases)
        if what is not None:
            line = n.lineno if hasattr(n, "lineno") else (n.optional_vars or n.context_expr).lineno \
                if isinstance(n, ast.withitem) else n.target.lineno  # a with's item, a comprehension's loop
            return f"{fn.__code__.co_filename}:{line}", what
        callee, its = _callee(n, fn, held, classes)
        if callee is not None:
            found = _writes(callee, classes, its, depth + 1, seen)
            if found is not None:
                return found
    return None


def _unread(fn: Any) -> tuple[str, None]:
    """A guard whose source cannot be read: where it was made, ``file:line`` (empty when it has no code)."""
    code = getattr(fn, "__code__", None)
    return (f"{code.co_filename}:{code.co_firstlineno}" if code is not None else ""), None


def _class_of(node: ast.expr, held: Mapping[str, type], classes: tuple[type, Mapping[str, type]]) -> type | None:
    """The class ``node`` holds, when a name for the round or what it holds says so (``rnd.layout``)."""
    if isinstance(node, ast.Name):
        return held.get(node.id)
    if isinstance(node, ast.Attribute) and _class_of(node.value, held, classes) is classes[0]:
        return classes[1].get(node.attr)
    return None


#: what makes a new container the guard alone holds (``[]``, ``{}``, ``sorted(...)``, a comprehension ...)
_FRESH = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Constant, ast.BinOp)
_MAKERS = frozenset({"list", "dict", "set", "sorted", "Counter", "defaultdict"})


def _scratch(body: ast.Module, params: set[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The local names that only ever hold a container the function made itself (changing one changes nothing of
    the round), and those that may hold what it reads: a parameter (a nested function's and a lambda's too), a
    loop's name, a ``match``'s capture, a name bound to an attribute, an item or another name
    (``cards = rnd.layout.dealer``, ``cards, n = rnd.layout.dealer, 0``)."""
    fresh, other, aliases = set(), set(params), set(params)
    for n in ast.walk(body):
        if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
            made = isinstance(n.value, _FRESH) or (isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
                                                   and n.value.func.id in _MAKERS)
            for target in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                names = [t.id for t in ast.walk(target) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)]
                (fresh if made and isinstance(target, ast.Name) else other).update(names)
                bound = pairs(target, n.value) or [(name, n.value) for name in names]  # else each may hold any part
                aliases.update(name for name, value in bound if isinstance(value, (ast.Attribute, ast.Subscript,
                                                                                    ast.Name)))
        elif isinstance(n, (ast.For, ast.comprehension, ast.With, ast.NamedExpr)):
            targets = [n.target] if not isinstance(n, ast.With) else [i.optional_vars for i in n.items]
            names = [t.id for target in targets if target is not None for t in ast.walk(target)
                     if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)]
            other.update(names)
            aliases.update(names)
        elif isinstance(n, (ast.arg, ast.MatchAs, ast.MatchStar)) or isinstance(n, ast.MatchMapping) and n.rest:
            name = n.arg if isinstance(n, ast.arg) else n.rest if isinstance(n, ast.MatchMapping) else n.name
            if name is not None:
                other.add(name)
                aliases.add(name)
    return frozenset(fresh - other), frozenset(aliases)


def _own(node: ast.AST, scratch: frozenset[str]) -> bool:
    """Whether ``node`` is one of the guard's own containers itself (``ranks``), not something held in one."""
    return isinstance(node, ast.Name) and node.id in scratch


def _write(node: ast.AST, held: Mapping[str, type], round_class: type, scratch: frozenset[str] = frozenset(),
           aliases: frozenset[str] = frozenset()) -> str | None:
    """What ``node`` writes, said; None when it writes nothing (``held``: the names for the round and what it
    holds, by their class)."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete, ast.For, ast.comprehension,
                         ast.withitem)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) \
            else [node.optional_vars] if isinstance(node, ast.withitem) else [node.target]
        for target in filter(None, targets):
            for t in ast.walk(target):
                if isinstance(t, (ast.Attribute, ast.Subscript)) and isinstance(t.ctx, (ast.Store, ast.Del)) \
                        and not (isinstance(t, ast.Subscript) and _own(t.value, scratch)):
                    return f"{'deletes' if isinstance(t.ctx, ast.Del) else 'assigns'} {ast.unparse(t)}"
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id in aliases:
            return f"changes {node.target.id} in place ({ast.unparse(node)}: what it reads, if a list, would change)"
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("setattr", "delattr"):
            return f"calls {func.id}()"
        if isinstance(func, ast.Attribute):
            if func.attr in MUTATORS and not _own(func.value, scratch):
                return f"calls {ast.unparse(func)}()"
            if isinstance(func.value, ast.Name) and held.get(func.value.id) is round_class and func.attr in CHANGES:
                return f"calls the round's change {func.attr}()"
    return None


def _callee(node: ast.AST, fn: types.FunctionType, held: Mapping[str, type], classes: tuple[type, Mapping[str, type]]
            ) -> tuple[Any, type]:
    """The function a call names, when it can be named before the run, and the class of its first parameter: a
    global of ``fn``'s module or a function of a module it names (given the round), or a method of the round or
    of what it holds, called on a name for it (``rnd.f()``, ``self.f()``, ``layout.f()``, ``rnd.layout.f()``)."""
    if not isinstance(node, ast.Call):
        return None, classes[0]
    func = node.func
    if isinstance(func, ast.Name):
        return fn.__globals__.get(func.id), classes[0]
    if isinstance(func, ast.Attribute):
        its = _class_of(func.value, held, classes)
        if its is not None:
            return getattr(its, func.attr, None), its
        owner = fn.__globals__.get(func.value.id) if isinstance(func.value, ast.Name) else None
        if isinstance(owner, types.ModuleType):
            return getattr(owner, func.attr, None), classes[0]
    return None, classes[0]
