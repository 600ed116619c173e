"""A guard that writes is refused when the fast path is generated.

In play a guard is asked through a read-only view of the round (:mod:`pa_table_games.runtime.read_only`); the fast
path splices guards into code that runs on the round itself, so it reads their code instead, and the functions
they call that it can name (the module's own, the round's): an assignment to an attribute or an item, a ``del``
of one, ``setattr``, a method known to change its object (``append``, ``pop``, a shoe's ``draw`` ...) or one of
the round's changes is a write. A function marked as reading through a cache (``read_only.reads``) keeps its
cache: only what it answers is read. One line names the guard and where it writes (``file:line``).
"""

from __future__ import annotations

import ast
import types
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.fastpath.source import definition
from pa_table_games.runtime.read_only import CHANGES

#: methods that change the object they are called on
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
                      "setdefault", "sort", "reverse", "popitem", "draw", "shuffle", "load", "refill", "take",
                      "take_all", "take_remaining", "set_aside_cover_card", "place", "add_card", "split_off",
                      "use_side", "setstate", "seed", "random", "randint", "choice", "__setitem__", "__setattr__"})
#: how deep the functions a guard calls are read
DEPTH = 6


class WritingGuard(TableGamesError):
    """A guard whose code changes what it reads."""


def check_guard(name: str, fn: Any, round_class: type) -> None:
    """Refuse guard ``name`` (its function ``fn``) if it, or a function it calls, writes (see the module doc)."""
    found = _writes(fn, round_class, 0, set())
    if found is not None:
        where, what = found
        raise WritingGuard(f"{where}: guard {name!r} {what}: a guard only reads the round (only actions change it)")


def _writes(fn: Any, round_class: type, depth: int, seen: set) -> tuple[str, str] | None:
    """Where ``fn`` (or a function it calls, that can be named) writes, and what: ``(file:line, what)``."""
    if getattr(fn, "__reads__", False) or not isinstance(fn, types.FunctionType) or fn in seen or depth > DEPTH:
        return None
    seen.add(fn)
    node = definition(fn)
    if node is None:
        return None
    params = [*node.args.posonlyargs, *node.args.args]
    first = params[0].arg if params else None
    for n in ast.walk(ast.Module(node.body, [])):  # its body (not its decorators: they ran when it was defined)
        what = _write(n, first)
        if what is not None:
            return f"{fn.__code__.co_filename}:{n.lineno}", what
        callee = _callee(n, fn, first, round_class)
        if callee is not None:
            found = _writes(callee, round_class, depth + 1, seen)
            if found is not None:
                return found
    return None


def _write(node: ast.AST, first: str | None) -> str | None:
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        for target in targets:
            for t in ast.walk(target):
                if isinstance(t, (ast.Attribute, ast.Subscript)) and isinstance(t.ctx, (ast.Store, ast.Del)):
                    return f"assigns {ast.unparse(t)}"
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("setattr", "delattr"):
            return f"calls {func.id}()"
        if isinstance(func, ast.Attribute):
            if func.attr in MUTATORS:
                return f"calls {ast.unparse(func)}()"
            if isinstance(func.value, ast.Name) and func.value.id == first and func.attr in CHANGES:
                return f"calls the round's change {func.attr}()"
    return None


def _callee(node: ast.AST, fn: types.FunctionType, first: str | None, round_class: type) -> Any:
    """The function a call names, when it can be named before the run: a global of ``fn``'s module, or a method
    of the round called on ``fn``'s first parameter."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        return fn.__globals__.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        if func.value.id == first:
            return getattr(round_class, func.attr, None)
        owner = fn.__globals__.get(func.value.id)
        if isinstance(owner, types.ModuleType):
            return getattr(owner, func.attr, None)
    return None
