"""A function's own body as the fast path splices it: parsed once from its source, its early returns folded
into ``if``/``else``, and the answer to whether it can be spliced at all.

A function can be spliced when every ``return`` in it ends the function (the last statement, or the last of a
branch of a last ``if``: none inside a ``try``), it has no ``yield``, ``global``, ``nonlocal``, nested ``def`` or
``class``, no ``**kwargs``, and names neither ``locals``, ``vars``, ``super``, ``eval``, ``exec`` nor ``__class__``;
anything else is called. It can be spliced *as an expression* (inside a condition) when its body is assignments to
names followed by one ``return`` (or ``if``/``return`` chains of them), each local read as its value: a local made by
a call is made where it is first read, so only where that read is always evaluated and no other call comes before
it; and never where a lambda, a comprehension or a ``:=`` binds the local's name or a name its value reads.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import types
from collections import Counter
from functools import cache
from typing import Any

from attrs import frozen

from pa_table_games.fastpath.trees import Transformer, copy_of, nodes_in

_REFUSED_NAMES = frozenset({"locals", "vars", "super", "eval", "exec", "__class__"})
_REFUSED_NODES = (ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal, ast.FunctionDef,
                  ast.AsyncFunctionDef, ast.ClassDef, ast.AsyncFor, ast.AsyncWith)


@frozen(eq=False)
class Body:
    """A spliceable function: its parameters (with defaults), its statements and the names local to it."""

    fn: types.FunctionType
    params: tuple[str, ...]
    vararg: str | None
    kwonly: tuple[str, ...]
    defaults: dict  # parameter -> its default value
    statements: tuple[ast.stmt, ...]
    locals: frozenset[str]  # assigned in the function (not its parameters)
    assigned_params: frozenset[str]  # parameters the body assigns again
    expression: ast.expr | None  # the body as one expression, when it is one (locals substituted or made in it)
    expression_locals: frozenset[str]  # the locals that expression makes where it first reads them (``:=``)
    reads: Counter  # how many times each name is read in the body

    def free(self, name: str) -> tuple[bool, Any]:
        """What a name that is neither local nor a parameter means here: a closure's cell, a global, a builtin."""
        code = self.fn.__code__
        if name in code.co_freevars:
            return True, self.fn.__closure__[code.co_freevars.index(name)].cell_contents
        if name in self.fn.__globals__:
            return True, self.fn.__globals__[name]
        return False, None


@cache
def body_of(fn: Any) -> Body | None:
    """``fn``'s body ready to splice, or None when it must be called."""
    if not isinstance(fn, types.FunctionType):
        return None
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_VARKEYWORDS | inspect.CO_ASYNC_GENERATOR):
        return None
    node = definition(fn)
    if node is None:
        return None
    statements = list(node.body)
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant) \
            and isinstance(statements[0].value.value, str):
        statements = statements[1:]  # the doc string
    for n in nodes_in(ast.Module(statements, [])):
        if isinstance(n, _REFUSED_NODES) or (isinstance(n, ast.Name) and n.id in _REFUSED_NAMES) \
                or _private(n):
            return None
    statements = _early_returns_folded(statements)
    if not _returns_end(statements):
        return None
    args = node.args
    params = tuple(a.arg for a in (*args.posonlyargs, *args.args))
    kwonly = tuple(a.arg for a in args.kwonlyargs)
    defaults = dict(zip(params[len(params) - len(fn.__defaults__ or ()):], fn.__defaults__ or ()))
    defaults.update(fn.__kwdefaults__ or {})
    all_params = {*params, *kwonly, *((args.vararg.arg,) if args.vararg else ())}
    local = frozenset(code.co_varnames + code.co_cellvars) - all_params
    assigned = frozenset(n.id for n in nodes_in(ast.Module(statements, []))
                         if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)) & all_params
    reads = Counter(n.id for n in nodes_in(ast.Module(statements, []))
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
    shaped = None if assigned else _as_expression(statements, local)
    expression, named = shaped if shaped is not None else (None, frozenset())
    return Body(fn, params, args.vararg.arg if args.vararg else None, kwonly, defaults, tuple(statements), local,
                assigned, expression, named, reads)


def _private(node: ast.AST) -> bool:
    """A class-private name (``self.__count``): mangled where its class defines it, not where it is spliced."""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name.startswith("__") and not name.endswith("__")


def definition(fn: types.FunctionType) -> ast.FunctionDef | None:
    """``fn``'s definition as parsed from its source file (None when its source cannot be read)."""
    code = fn.__code__
    return _definitions(code.co_filename).get((code.co_firstlineno, code.co_name))  # a decorator may rename it


@cache
def _definitions(filename: str) -> dict[tuple[int, str], ast.FunctionDef]:
    """Every function defined in a source file, by its first line (its first decorator's) and name."""
    source = "".join(linecache.getlines(filename))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found[first, node.name] = node
    return found


def _early_returns_folded(statements: list[ast.stmt]) -> list[ast.stmt]:
    """``if test: ...; return`` followed by more statements becomes ``if test: ...; return`` ``else:`` the rest,
    so that every return ends the function."""
    for i, stmt in enumerate(statements):
        if isinstance(stmt, ast.If) and not stmt.orelse and stmt.body and isinstance(stmt.body[-1], ast.Return) \
                and i < len(statements) - 1:
            folded = ast.If(stmt.test, stmt.body, _early_returns_folded(statements[i + 1:]))
            return [*statements[:i], ast.copy_location(folded, stmt)]
    return statements


def _returns_end(statements: list[ast.stmt] | tuple) -> bool:
    """Every return in ``statements`` is the last statement of the function, or of a branch of a last ``if``."""
    for i, stmt in enumerate(statements):
        last = i == len(statements) - 1
        if isinstance(stmt, ast.Return):
            if not last:
                return False
        elif isinstance(stmt, ast.If) and last:
            if not (_returns_end(stmt.body) and _returns_end(stmt.orelse)):
                return False
        elif any(isinstance(n, ast.Return) for n in nodes_in(stmt)):
            return False
    return True


def _as_expression(statements: list[ast.stmt] | tuple, local: frozenset[str]) -> tuple[ast.expr, frozenset[str]] | None:
    """The body as one expression, and the locals it still names: ``a = x; return f(a)`` is ``f(x)``, ``if t:
    return a`` ``else: return b`` is ``a if t else b``, and a local made by a call and read more than once is made
    where it is first read (``(a := g()).x or a.y``), when that read is always evaluated. None when the body is not
    of that shape, or a call would be made where it was not, or not made."""
    values: dict[str, ast.expr] = {}
    for i, stmt in enumerate(statements):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            bound = pairs(stmt.targets[0], stmt.value)
            if bound is None or any(name in values or name not in local for name, _ in bound):
                return None
            values.update(bound)
            continue
        if i != len(statements) - 1:
            return None
        named: frozenset[str] = frozenset()
        if isinstance(stmt, ast.Return):
            result = copy_of(stmt.value or ast.Constant(None))
        elif isinstance(stmt, ast.If):
            then, otherwise = _as_expression(stmt.body, local), _as_expression(stmt.orelse, local)
            if then is None or otherwise is None:
                return None
            result, named = ast.IfExp(copy_of(stmt.test), then[0], otherwise[0]), then[1] | otherwise[1]
        else:
            return None
        for name in reversed(list(values)):  # the last made first: its value may name the ones before
            result = _placed(result, name, values[name])
            if result is None:
                return None
            if any(isinstance(n, ast.NamedExpr) and n.target.id == name for n in ast.walk(result)):
                named |= {name}
        return result, named
    return None


def _placed(result: ast.expr, name: str, value: ast.expr) -> ast.expr | None:
    """``result`` with the local ``name`` read as ``value``: in its place when read once where it is always
    evaluated (or made by no call), else made at its first read, ``(name := value)``."""
    reads = [n for n in ast.walk(result) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    calls = any(isinstance(n, ast.Call) for n in ast.walk(value))
    if _bound_inside(result, {name} | {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}):
        return None  # read there, ``name`` or what its value reads would be another thing
    if not reads:
        return None if calls else result  # a call never made would change what happens
    if not calls:
        return _substituted(result, {name: value})
    first = _first_read(result, name)
    if first is None or not _always_evaluated(result, first) or _called_before(result, first):
        return None
    if len(reads) == 1:
        return _Replace(first, copy_of(value)).visit(result)
    return _Replace(first, ast.NamedExpr(ast.Name(name, ast.Store()), copy_of(value))).visit(result)


def _first_read(node: ast.AST, name: str) -> ast.Name | None:
    """The read of ``name`` evaluated first (operands left to right)."""
    for child in _in_order(node):
        if isinstance(child, ast.Name) and child.id == name:
            return child
    return None


def _in_order(node: ast.AST):
    """The nodes of an expression in the order Python evaluates them (a call's function before its arguments, a
    comparison's operands left to right, a conditional's test before its branches, a dict's key before its value)."""
    if isinstance(node, ast.IfExp):
        order = [node.test, node.body, node.orelse]
    elif isinstance(node, ast.Dict):  # its fields list every key, then every value
        order = [part for pair in zip(node.keys, node.values) for part in pair if part is not None]
    else:
        order = list(ast.iter_child_nodes(node))
    yield node
    for child in order:
        yield from _in_order(child)


def _always_evaluated(root: ast.AST, target: ast.AST) -> bool:
    """Is ``target`` evaluated whenever ``root`` is (not in a later operand of ``and``/``or``, a conditional's
    branch, a chained comparison's later operand, a lambda or a comprehension)?"""
    path = _path(root, target)
    if path is None:
        return False
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, ast.BoolOp) and child is not parent.values[0]:
            return False
        if isinstance(parent, ast.IfExp) and child is not parent.test:
            return False
        if isinstance(parent, ast.Compare) and child not in (parent.left, parent.comparators[0]):
            return False
        if isinstance(parent, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return False
    return True


def _called_before(root: ast.AST, read: ast.Name) -> bool:
    """Is a call made before ``read`` is evaluated (a call ``read`` is no argument of)? A call's value placed at
    ``read`` would then be made after it, where the body made it before."""
    around = {id(n) for n in _path(root, read) or ()}
    for node in _in_order(root):
        if node is read:
            return False
        if isinstance(node, ast.Call) and id(node) not in around:
            return True
    return False


def _bound_inside(root: ast.AST, names: set[str]) -> bool:
    """Does a lambda's parameter, a comprehension's loop name or a ``:=`` in ``root`` bind one of ``names``?"""
    for node in ast.walk(root):
        if isinstance(node, ast.Lambda):
            args = node.args
            bound = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
        elif isinstance(node, ast.comprehension):
            bound = {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.NamedExpr):
            bound = {node.target.id}
        else:
            continue
        if bound & names:
            return True
    return False


def _path(root: ast.AST, target: ast.AST) -> list[ast.AST] | None:
    if root is target:
        return [root]
    for child in ast.iter_child_nodes(root):
        found = _path(child, target)
        if found is not None:
            return [root, *found]
    return None


class _Replace(Transformer):
    def __init__(self, old: ast.AST, new: ast.expr) -> None:
        self.old, self.new = old, new

    def generic_visit(self, node: ast.AST) -> ast.AST:
        return self.new if node is self.old else super().generic_visit(node)


def pairs(target: ast.expr, value: ast.expr) -> list[tuple[str, ast.expr]] | None:
    """Each name ``target`` binds with the part of ``value`` it is bound to (``a, b = x, y``: a to x, b to y); None
    when a part is no name or ``value`` is not written as a tuple of as many."""
    if isinstance(target, ast.Name):
        return [(target.id, value)]
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts) \
            and all(isinstance(t, ast.Name) for t in target.elts):
        return [(t.id, v) for t, v in zip(target.elts, value.elts)]
    return None


class Substitute(Transformer):
    """Each name read replaced by a copy of the expression ``values`` gives for it."""

    def __init__(self, values: dict[str, ast.expr]) -> None:
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.expr:
        value = self.values.get(node.id)
        return copy_of(value) if value is not None and isinstance(node.ctx, ast.Load) else node


def _substituted(expr: ast.expr, values: dict[str, ast.expr]) -> ast.expr:
    return Substitute(values).visit(copy_of(expr)) if values else copy_of(expr)
