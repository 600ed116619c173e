"""Partial evaluation: spliced code simplified by what is fixed for the whole run.

Fixed are the objects the generated function names (its :class:`Namespace`): the Rules, the transitions,
the bound machine and the game, modules, registered functions; the attributes a simulated round keeps the same
all its life (:class:`Knowns`: it records nothing, has no options); anything read from a frozen ``attrs``
instance (the Rules, a transition, the bound machine's tables); and the round-wide constants of a module,
named in capitals. An expression made only of fixed things is replaced by its value, an ``if`` on a value by
the branch it takes, and a statement with no effect is dropped. Nothing that can change during a run is
ever read here.
"""

from __future__ import annotations

import ast
import builtins
import keyword
import operator
import types
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from pa_table_games.fastpath.trees import Transformer, negated, nodes_in
from pa_table_games.fastpath.unroll import unrolled

_LITERALS = (type(None), bool, int, float, str, bytes)
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
_UNARY = {ast.Not: operator.not_, ast.USub: operator.neg, ast.UAdd: operator.pos}
#: builtins answering from fixed arguments with no effect
_PURE_CALLS = {builtins.len, builtins.isinstance, builtins.hasattr, builtins.getattr, builtins.bool, builtins.int,
               builtins.min, builtins.max, builtins.abs}


class Namespace:
    """The generated module's globals: every object the spliced code names, each under one name of its own."""

    def __init__(self, reserved: set[str]) -> None:
        self.values: dict[str, Any] = {}
        self.deep: set[str] = set()  # names whose contents are fixed too (a frozen instance's table, say)
        self._by_id: dict[int, str] = {}
        self._reserved = set(reserved) | set(dir(builtins))

    def name_for(self, obj: Any, hint: str) -> str:
        name = self._by_id.get(id(obj))
        if name is not None:
            return name
        base = hint if hint.isidentifier() and not keyword.iskeyword(hint) else "value"
        name, n = base, 1
        while name in self.values or name in self._reserved:
            n += 1
            name = f"{base}_{n}"
        self.values[name] = obj  # kept alive here, so its id names nothing else
        self._by_id[id(obj)] = name
        return name

    def ref(self, obj: Any, hint: str, deep: bool = False) -> ast.Name:
        name = self.name_for(obj, hint)
        if deep:
            self.deep.add(name)
        return ast.Name(name, ast.Load())


@attrs.frozen
class Knowns:
    """What the generated function may take as fixed about its round: ``round`` is the round's local name, and
    ``attributes`` what reading each of those attributes of it gives for the whole run; ``fixed`` objects keep
    every attribute as it is during a run (the game); ``classes`` the class of what reading each of those
    attributes gives, the same for every round of the run (the layout's: its methods and properties are known)."""

    round: str
    attributes: Mapping[str, Any]
    fixed: tuple = ()
    classes: Mapping[str, type] = attrs.field(factory=dict)


def _frozen(obj: Any) -> bool:
    cls = type(obj)
    return attrs.has(cls) and getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"


class Folder(Transformer):
    """One pass of partial evaluation over a tree (:func:`fold` repeats it until nothing changes)."""

    def __init__(self, ns: Namespace, knowns: Knowns) -> None:
        self.ns, self.knowns = ns, knowns
        self.changed = False
        self.root: ast.AST | None = None  # the tree folded, set by fold()
        self.reads: Counter | None = None

    # -- what is known --------------------------------------------------------------------------------
    def known(self, node: ast.AST) -> tuple[bool, Any, bool]:
        """``(known, value, deep)``: whether ``node``'s value is fixed for the run, the value, and whether
        what it holds is fixed too (a frozen instance's tables, a constant in capitals, an immutable container)."""
        if isinstance(node, ast.Constant):
            return True, node.value, True
        if isinstance(node, ast.Name):
            if node.id in self.ns.values:
                value = self.ns.values[node.id]
                deep = node.id in self.ns.deep or node.id.rstrip("_0123456789").isupper() or _immutable(value)
                return True, value, deep
            return False, None, False
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == self.knowns.round:
                if node.attr in self.knowns.attributes:
                    value = self.knowns.attributes[node.attr]
                    return True, value, _immutable(value)
                return False, None, False
            ok, owner, _ = self.known(node.value)
            if ok and (self.keeps_attributes(owner) or isinstance(owner, types.ModuleType)):
                try:
                    value = getattr(owner, node.attr)
                except AttributeError:
                    return False, None, False
                if isinstance(owner, types.ModuleType) and not _module_constant(node.attr, value):
                    return False, None, False
                return True, value, _frozen(owner) or _immutable(value)
            return False, None, False
        if isinstance(node, ast.Subscript):
            ok, owner, deep = self.known(node.value)
            okk, key, _ = self.known(node.slice)
            if ok and okk and deep:
                try:
                    value = owner[key]
                except (KeyError, IndexError, TypeError):
                    return False, None, False
                return True, value, _immutable(value)
        return False, None, False

    def keeps_attributes(self, obj: Any) -> bool:  # fixed for the run: a frozen instance's, the game's
        return _frozen(obj) or any(obj is f for f in self.knowns.fixed)

    def node_of(self, value: Any, hint: str = "value", deep: bool = False) -> ast.expr:
        """A literal for a value of a literal type itself (a subclass's, a pass's key say, compiles to no literal: it
        is named)."""
        if type(value) in _LITERALS or (type(value) in (tuple, frozenset) and all(type(v) in _LITERALS for v in value)):
            return ast.Constant(value)
        return self.ns.ref(value, hint, deep)

    def _fold_to(self, node: ast.AST, value: Any, deep: bool = False) -> ast.expr:
        self.changed = True
        return ast.copy_location(self.node_of(value, getattr(node, "attr", "value"), deep), node)

    # -- expressions ----------------------------------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute | ast.Subscript) -> ast.expr:
        """``a.b`` or ``a[b]`` read from what the run fixes: its value."""
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load):
            ok, value, deep = self.known(node)
            if ok:
                return self._fold_to(node, value, deep)
        return node

    visit_Subscript = visit_Attribute

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        values = [self.known(n) for n in (node.left, *node.comparators)]
        identity = all(type(op) in (ast.Is, ast.IsNot) for op in node.ops)  # else what a list the run fills holds
        if all(ok and (deep or identity) for ok, _, deep in values) and all(type(op) in _COMPARE for op in node.ops):
            try:
                result = all(_COMPARE[type(op)](values[i][1], values[i + 1][1]) for i, op in enumerate(node.ops))
            except Exception:  # noqa: BLE001 - left to run time, where it raises as it would have
                return node
            return self._fold_to(node, result)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        ok, value, _ = self.known(node.operand)
        if ok and type(node.op) in _UNARY:
            try:
                return self._fold_to(node, _UNARY[type(node.op)](value))
            except Exception:  # noqa: BLE001
                return node
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        self.generic_visit(node)
        (okl, left, _), (okr, right, _) = self.known(node.left), self.known(node.right)
        if okl and okr and type(node.op) in _BINARY and isinstance(left, _LITERALS) and isinstance(right, _LITERALS):
            try:
                return self._fold_to(node, _BINARY[type(node.op)](left, right))
            except Exception:  # noqa: BLE001
                return node
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        """Fixed operands: ``False and x`` is False, ``True and x`` is ``x``, ``x and True and y`` is ``x and y``,
        ``x and False and y`` is ``x and False`` (and so for ``or``)."""
        self.generic_visit(node)
        stops = isinstance(node.op, ast.Or)  # the value that ends the evaluation: True for or, False for and
        values: list[ast.expr] = []
        for i, value in enumerate(node.values):
            ok, known, _ = self.known(value)
            if ok and bool(known) is not stops and i < len(node.values) - 1:
                self.changed = True
                continue  # passed over, whatever comes before
            values.append(value)
            if ok and bool(known) is stops:
                self.changed = self.changed or i < len(node.values) - 1
                break  # nothing after it is asked
        if not values:
            return self._fold_to(node, not stops)
        first_ok, first, _ = self.known(values[0])
        if first_ok and (bool(first) is stops or len(values) == 1):
            return self._fold_to(node, first)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        ok, value, _ = self.known(node.test)
        if ok:
            self.changed = True
            return node.body if value else node.orelse
        return node

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        args = [self.known(a) for a in node.args]
        if node.keywords or not all(a[0] for a in args):
            return node
        values = [a[1] for a in args]
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "get" and 1 <= len(values) <= 2:
            ok, owner, deep = self.known(func.value)  # ``mapping.get(key)`` of a fixed mapping
            if ok and deep and isinstance(owner, Mapping):
                try:
                    value = owner.get(*values)
                except TypeError:
                    return node
                return self._fold_to(node, value, _immutable(value) or deep)
            return node
        ok, fn, _ = self.known(func)
        if ok and any(fn is pure for pure in _PURE_CALLS) and (  # len(a list the run fills): asked at run time
                fn is isinstance or all(deep for _, _, deep in args)
                or (fn in (getattr, hasattr) and bool(values) and self.keeps_attributes(values[0]))):
            try:
                return self._fold_to(node, fn(*values))
            except Exception:  # noqa: BLE001
                return node
        return node

    # -- statements -------------------------------------------------------------------------------------------
    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        ok, value, _ = self.known(node.test)
        if ok:
            self.changed = True
            return (node.body if value else node.orelse) or []
        node.body = node.body or [ast.Pass()]
        if not any(not isinstance(s, ast.Pass) for s in node.orelse):
            node.orelse = []
        if all(isinstance(s, ast.Pass) for s in node.body):
            self.changed = True
            if not node.orelse:  # if x: pass
                return [] if droppable(node.test) else ast.copy_location(ast.Expr(node.test), node)
            node.test, node.body, node.orelse = _negated(node.test), node.orelse, []  # if x: pass else: b
        return node

    def visit_While(self, node: ast.While) -> Any:
        self.generic_visit(node)
        ok, value, _ = self.known(node.test)
        if ok and not value:
            self.changed = True
            return node.orelse or []
        node.body = node.body or [ast.Pass()]
        return node

    def visit_For(self, node: ast.For) -> Any:
        """A loop over a tuple the run fixes: written out (:mod:`.unroll`), each item's copy then folded."""
        iterated = node.iter
        fixed = isinstance(iterated, ast.Constant) or (isinstance(iterated, ast.Name) and iterated.id in self.ns.values)
        inside = _reads(node) if fixed else None  # as the pass found it: nothing in the loop is visited yet
        self.generic_visit(node)
        node.body = node.body or [ast.Pass()]
        ok, items, deep = self.known(node.iter) if fixed else (False, None, False)
        if ok and deep:
            reads = self._reads()
            written = unrolled(node, items, self._item, lambda name: reads[name] > inside[name])
            if written is not None:
                self.changed = True
                return written
        return node

    def _item(self, value: Any, name: str) -> ast.expr:
        """An item of a loop written out, as its copy reads it (named after the loop's name, ``_85_turns``: turns)."""
        return self.node_of(value, name.lstrip("_0123456789") or "value", _immutable(value))

    def _reads(self) -> Counter:
        """How often each name is read in the whole tree, counted when first asked in the pass (folding only
        drops reads and writing a loop out only copies them: a name read outside a loop then is read there still)."""
        if self.reads is None:
            self.reads = _reads(self.root)
        return self.reads

    def visit_Assign(self, node: ast.Assign) -> Any:
        """``a, b = x, y`` of spliced locals is ``a = x`` then ``b = y`` (each then read as what it is)."""
        self.generic_visit(node)
        target, value = node.targets[0], node.value
        if len(node.targets) == 1 and isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
                and len(target.elts) == len(value.elts) and all(isinstance(t, ast.Name) for t in target.elts):
            names = {t.id for t in target.elts}
            if not any(isinstance(n, ast.Name) and n.id in names for v in value.elts for n in ast.walk(v)):
                self.changed = True
                return [ast.copy_location(ast.Assign([t], v), node) for t, v in zip(target.elts, value.elts)]
        return node

    def visit_Expr(self, node: ast.Expr) -> Any:
        self.generic_visit(node)
        value = node.value
        if droppable(value):
            self.changed = True
            return []  # a value no one reads, made by nothing that acts
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "setattr" \
                and len(value.args) == 3 and isinstance(value.args[1], ast.Constant) \
                and isinstance(value.args[1].value, str) and value.args[1].value.isidentifier():
            self.changed = True
            target = ast.Attribute(value.args[0], value.args[1].value, ast.Store())
            return ast.copy_location(ast.Assign([target], value.args[2]), node)
        return node

    def visit_Pass(self, node: ast.Pass) -> Any:
        return []


def _reads(tree: ast.AST) -> Counter:
    return Counter(n.id for n in nodes_in(tree) if type(n) is ast.Name and type(n.ctx) is ast.Load)


def droppable(node: ast.expr | ast.comprehension) -> bool:
    """An expression whose value, unread, may go unmade: it calls nothing (formatting text, an f-string or a
    lambda, is taken as calling nothing: it only describes; a comprehension's loops and conditions are read too)."""
    if isinstance(node, (ast.JoinedStr, ast.Lambda)):
        return True
    if isinstance(node, (ast.Call, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
        return False
    return all(droppable(c) for c in ast.iter_child_nodes(node) if isinstance(c, (ast.expr, ast.comprehension)))


def _negated(test: ast.expr) -> ast.expr:
    """:func:`~.trees.negated`, a single comparison turned round (``a in b``: ``a not in b``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPPOSITE:
        return ast.Compare(test.left, [_OPPOSITE[type(test.ops[0])]()], test.comparators)
    return negated(test)


_OPPOSITE = {ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq,
             ast.NotEq: ast.Eq}


def _immutable(value: Any) -> bool:
    return isinstance(value, (*_LITERALS, tuple, frozenset, types.MappingProxyType)) or _frozen(value)


def _module_constant(name: str, value: Any) -> bool:  # a function, a module, a literal named in capitals
    return callable(value) or isinstance(value, types.ModuleType) or (  # (in lower case, it may be a counter)
        isinstance(value, (*_LITERALS, tuple, frozenset)) and name.rstrip("_0123456789").isupper())


def fold(tree: Any, ns: Namespace, knowns: Knowns, passes: int = 8) -> Any:
    """``tree`` (a node or statements) partially evaluated until nothing more is fixed (at most ``passes`` times)."""
    for _ in range(passes):
        folder = Folder(ns, knowns)
        if isinstance(tree, list):
            module = folder.root = ast.Module(tree, [])
            folder.visit(module)
            tree = module.body
        else:
            folder.root = tree
            tree = folder.visit(tree)
        if not folder.changed:
            break
    return tree


def typed_locals(module: ast.Module, class_of: Callable[[ast.expr], type | None]) -> dict[str, type | None]:
    """Every name ``module`` stores, with the class of what it holds when each store is a plain assignment of an
    object of a known class (``lay = rnd.layout``), else None (a loop, an unpacking, a :=, a parameter, another
    value): what a name of the first kind holds is known wherever it is read there."""
    found: dict[str, type | None] = {}
    assigned: set[int] = set()  # the target of each plain assignment of one name
    for node in nodes_in(module):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, cls = node.targets[0].id, class_of(node.value)
            found[name] = cls if found.get(name, cls) is cls else None
            assigned.add(id(node.targets[0]))
    for node in nodes_in(module):
        if (isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and id(node) not in assigned) \
                or isinstance(node, ast.arg):
            found[node.id if isinstance(node, ast.Name) else node.arg] = None
    return found
