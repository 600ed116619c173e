"""Splicing: a call to a guard, an action, a helper or a round's verb replaced by the callee's own body.

:class:`Splicer` walks generated code. A call in a statement of its own (``act(rnd)``, ``x = f(rnd)``)
becomes the callee's statements, its parameters bound to the arguments, its locals renamed apart, its free
names resolved to the objects they name, its returns to an assignment; a call inside an expression becomes
the callee's body as an expression, when it is one (:mod:`.source`). An ``except`` handler is the cold path (a
shoe run dry): its calls stay calls, so the round function is not a copy of the rare path at every draw. Each spliced
body is partially evaluated (:mod:`.fold`) before the calls in it are spliced in turn, so a branch a simulated round
never takes (the journal's, the event log's) is gone before anything in it is looked at. What cannot be spliced
stays a call: the same function, the same answer.

A call on the round (``rnd.draw(...)``) is looked up in the round's verbs in their plain form
(:mod:`pa_table_games.runtime.plain`), else on the round's class. A call on the layout (``rnd.layout.box(seat)``,
or on a local holding nothing but the layout) is looked up on the layout's class, as is a property read from it
(``rnd.layout.up_card``): every round of the run holds a layout of that class (:class:`~.fold.Knowns`).
"""

from __future__ import annotations

import ast
import inspect
import itertools
import types
from collections.abc import Iterator
from typing import Any

from pa_table_games.fastpath.fold import Folder, Knowns, Namespace, droppable, fold, typed_locals
from pa_table_games.fastpath.source import Body, body_of
from pa_table_games.fastpath.trees import Transformer, copy_of, nodes_in

#: how deep calls are spliced into calls
DEPTH = 8


class Splicer(Transformer):
    """Splices the calls of the tree it visits (see the module doc)."""

    def __init__(self, ns: Namespace, knowns: Knowns, round_class: type, verbs: dict[str, Any],
                 counter: Iterator[int] | None = None, stack: tuple = (), made: dict | None = None,
                 typed: dict[str, type] | None = None) -> None:
        self.ns, self.knowns, self.round_class, self.verbs = ns, knowns, round_class, verbs
        #: locals known to hold an object of a known class (``lay = rnd.layout``, its only assignment)
        self.typed = dict(typed or {})
        self.counter = counter if counter is not None else itertools.count(1)
        self.stack = stack
        #: what each splice made, by callee, target and arguments: the same call spliced again is copied (its
        #: locals keep their names: they are assigned before they are read, wherever the copy stands)
        self.made = made if made is not None else {}
        self.scoped = 0  # inside a comprehension or a lambda: no ``:=`` may be spliced there
        self.folder = Folder(ns, knowns)

    # -- statements ----------------------------------------------------------------------------------------
    def visit_Module(self, node: ast.Module) -> ast.Module:
        """Its locals holding an object of a known class are noted first, for it alone (:func:`.fold.typed_locals`)."""
        outside, stored = self.typed, typed_locals(node, self.class_of)
        self.typed = {name: cls for name, cls in {**outside, **stored}.items() if cls is not None}
        try:
            return self.generic_visit(node)
        finally:
            self.typed = outside

    def visit_Expr(self, node: ast.Expr) -> Any:
        if isinstance(node.value, ast.Call):
            spliced = self.splice_statements(node.value, None)
            if spliced is not None:
                return spliced
        return self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> Any:
        """``x = f(...)``: ``f``'s statements, its returns assigned to ``x``; ``x, y = f(...)``: to a local first,
        then unpacked (``outcome, net = payout(rnd, wager)``)."""
        if len(node.targets) == 1 and isinstance(node.value, ast.Call):
            target = node.targets[0]
            if isinstance(target, ast.Name):
                spliced = self.splice_statements(node.value, target.id)
                if spliced is not None:
                    return spliced
            elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
                temp = f"_{next(self.counter)}_returned"
                spliced = self.splice_statements(node.value, temp)
                if spliced is not None:
                    return [*spliced, ast.Assign([target], ast.Name(temp, ast.Load()))]
        return self.generic_visit(node)

    def visit_For(self, node: ast.For) -> Any:
        """``for x in f(...)``: ``f`` is called once, before the loop, so it may be spliced there."""
        if isinstance(node.iter, ast.Call):
            temp = f"_{next(self.counter)}_items"
            hoisted = self.visit_Assign(ast.Assign([ast.Name(temp, ast.Store())], node.iter))
            node.iter = ast.Name(temp, ast.Load())
            return [*(hoisted if isinstance(hoisted, list) else [hoisted]), self.generic_visit(node)]
        return self.generic_visit(node)

    def visit_If(self, node: ast.If) -> Any:
        """``if f(...):`` whose ``f`` cannot be spliced as an expression: called just before, as a statement."""
        if isinstance(node.test, ast.Call) and not self._expression_spliceable(node.test):
            temp = f"_{next(self.counter)}_test"
            hoisted = self.visit_Assign(ast.Assign([ast.Name(temp, ast.Store())], node.test))
            node.test = ast.Name(temp, ast.Load())
            return [*(hoisted if isinstance(hoisted, list) else [hoisted]), self.generic_visit(node)]
        return self.generic_visit(node)

    def _scope(self, node: ast.AST) -> ast.AST:
        self.scoped += 1
        try:
            return self.generic_visit(node)
        finally:
            self.scoped -= 1

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        """Left as it is: the handler calls what it calls (its names are already the objects they name)."""
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_Lambda = _scope

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        """A property read from an object of a known class (``rnd.layout.up_card``): its body, if one expression."""
        self.generic_visit(node)
        cls = self.class_of(node.value) if isinstance(node.ctx, ast.Load) else None
        prop = inspect.getattr_static(cls, node.attr, None) if cls is not None else None
        if not isinstance(prop, property) or not isinstance(prop.fget, types.FunctionType):
            return node
        call = ast.Call(self.ns.ref(prop.fget, f"{cls.__name__}_{node.attr}"), [node.value], [])
        spliced = self.splice_expression(call)
        return spliced if spliced is not None else node

    def class_of(self, node: ast.expr) -> type | None:
        """The class of what ``node`` reads, when every round of the run gives one of that class: an attribute of
        the round named in :attr:`.Knowns.classes`, or a local holding one."""
        if isinstance(node, ast.Name):
            return self.typed.get(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.knowns.round:
            return self.knowns.classes.get(node.attr)
        return None

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        spliced = self.splice_expression(node)
        return spliced if spliced is not None else self._called_directly(node)

    def _called_directly(self, call: ast.Call) -> ast.Call:
        """A call left a call to a function read through a view's wrapper (``read_only.reads_round``) calls the
        function itself (:func:`_read_directly`): the wrapper only tells a view from a round."""
        if isinstance(call.func, ast.Name):
            ok, value, _ = self.folder.known(call.func)
            unwrapped = _read_directly(value) if ok else None
            if unwrapped is not None and unwrapped is not value:
                call.func = ast.Name(self.ns.name_for(unwrapped, call.func.id), ast.Load())
        return call

    # -- the callee ----------------------------------------------------------------------------------------------
    def callee(self, func: ast.expr) -> tuple[Any, list[ast.expr]] | None:
        """The function a call calls and the arguments it binds first (the round, for a method); a builtin
        verb as ``(builtin, [])``; None when it is not known before the run."""
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == self.knowns.round:
            verb = self.verbs.get(func.attr)
            if verb is None:
                verb = inspect.getattr_static(self.round_class, func.attr, None)
            if isinstance(verb, types.BuiltinFunctionType):
                return verb, []
            if isinstance(verb, staticmethod):
                return verb.__func__, []
            verb = _read_directly(verb)
            if isinstance(verb, types.FunctionType):
                return verb, [ast.Name(self.knowns.round, ast.Load())]
            return None
        cls = self.class_of(func.value) if isinstance(func, ast.Attribute) else None
        if cls is not None:  # a method of the layout, say: the class's own function, the object its first argument
            method = _read_directly(inspect.getattr_static(cls, func.attr, None))
            return (method, [func.value]) if isinstance(method, types.FunctionType) else None
        ok, value, _ = self.folder.known(func)
        if not ok:
            return None
        value = _read_directly(value)
        if isinstance(value, types.FunctionType):
            return value, []
        if isinstance(value, types.MethodType) and isinstance(value.__func__, types.FunctionType):
            return value.__func__, [self.ns.ref(value.__self__, "bound")]
        return None

    def _bind(self, body: Body, first: list[ast.expr], call: ast.Call) -> dict[str, ast.expr] | None:
        args = [*first, *call.args]
        if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in call.keywords):
            return None
        if len(args) > len(body.params) and body.vararg is None:
            return None
        bound: dict[str, ast.expr] = dict(zip(body.params, args))
        if body.vararg is not None:
            bound[body.vararg] = ast.Tuple(args[len(body.params):], ast.Load())
        by_keyword = (*body.params[body.fn.__code__.co_posonlyargcount:], *body.kwonly)  # not ``x`` of ``f(x, /)``
        for keyword in call.keywords:
            if keyword.arg in bound or keyword.arg not in by_keyword:
                return None
            bound[keyword.arg] = keyword.value
        for name in (*body.params, *body.kwonly):
            if name not in bound:
                if name not in body.defaults:
                    return None
                bound[name] = self.folder.node_of(body.defaults[name], name)
        return bound

    # -- splicing ------------------------------------------------------------------------------------------------
    def splice_statements(self, call: ast.Call, target: str | None) -> list[ast.stmt] | None:
        resolved = self.callee(call.func)
        if resolved is None:
            return None
        fn, first = resolved
        if isinstance(fn, types.BuiltinFunctionType):  # a verb that is a builtin (``rnd.set``: setattr)
            made = ast.Call(ast.Name(fn.__name__, ast.Load()), [self.visit(a) for a in call.args], [])
            return [ast.Expr(made) if target is None else ast.Assign([ast.Name(target, ast.Store())], made)]
        body = body_of(fn)
        if body is None or fn in self.stack or len(self.stack) >= DEPTH:
            return None
        bound = self._bind(body, first, call)
        if bound is None:
            return None
        args = {name: fold(self.visit(arg), self.ns, self.knowns) for name, arg in bound.items()
                if body.reads[name] or name in body.assigned_params or not droppable(arg)}  # one never read: not made
        key = (fn, target, tuple((name, ast.dump(arg)) for name, arg in args.items()))
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = self._spliced(fn, body, args, target)
        return copy_of(made)

    def _spliced(self, fn: Any, body: Body, args: dict[str, ast.expr], target: str | None) -> list[ast.stmt]:
        """``fn``'s statements with ``args`` bound, folded, and the calls in them spliced in turn."""
        n = next(self.counter)
        before: list[ast.stmt] = []
        values: dict[str, ast.expr] = {}
        for name, arg in args.items():
            if isinstance(arg, (ast.Constant, ast.Name)) and name not in body.assigned_params:
                values[name] = arg
            else:
                temp = f"_{n}_{name}"
                before.append(ast.Assign([ast.Name(temp, ast.Store())], arg))
                values[name] = ast.Name(temp, ast.Load())
        renames = {local: f"_{n}_{local}" for local in body.locals}
        statements = [_Rename(body, values, renames, self.ns).visit(copy_of(s)) for s in body.statements]
        statements = fold(before + _returns_as(statements, target), self.ns, self.knowns, passes=1)
        temps = {v.id for v in values.values() if isinstance(v, ast.Name) and v.id.startswith(f"_{n}_")}
        propagated = _propagated(statements, set(renames.values()) | temps, self.folder)
        if propagated is not statements:
            statements = fold(propagated, self.ns, self.knowns, passes=1)
        inner = Splicer(self.ns, self.knowns, self.round_class, self.verbs, self.counter, (*self.stack, fn), self.made,
                        self.typed)
        module = inner.visit(ast.Module(statements, []))
        return module.body

    def _expression_spliceable(self, call: ast.Call) -> bool:
        resolved = self.callee(call.func)
        if resolved is None:
            return False
        fn, first = resolved
        if isinstance(fn, types.BuiltinFunctionType):
            return True
        body = body_of(fn)
        if body is None or body.expression is None or fn in self.stack or len(self.stack) >= DEPTH \
                or (self.scoped and body.expression_locals):
            return False
        bound = self._bind(body, first, call)
        return bound is not None and all(_pure_load(a) for a in bound.values())

    def splice_expression(self, call: ast.Call) -> ast.expr | None:
        resolved = self.callee(call.func)
        if resolved is None:
            return None
        fn, first = resolved
        if isinstance(fn, types.BuiltinFunctionType):
            return ast.Call(ast.Name(fn.__name__, ast.Load()), call.args, call.keywords)
        body = body_of(fn)
        if body is None or body.expression is None or fn in self.stack or len(self.stack) >= DEPTH \
                or (self.scoped and body.expression_locals):
            return None
        bound = self._bind(body, first, call)
        if bound is None or not all(_pure_load(a) for a in bound.values()):
            return None
        n = next(self.counter)
        renames = {local: f"_{n}_{local}" for local in body.expression_locals}
        expression = _Rename(body, bound, renames, self.ns).visit(copy_of(body.expression))
        expression = fold(expression, self.ns, self.knowns)
        inner = Splicer(self.ns, self.knowns, self.round_class, self.verbs, self.counter, (*self.stack, fn), self.made,
                        self.typed)
        inner.scoped = self.scoped
        return fold(inner.visit(expression), self.ns, self.knowns)


def _read_directly(fn: Any) -> Any:
    """A function reading through a cache (``read_only.reads``) is its own body here: these rounds are no views."""
    return getattr(fn, "__wrapped__", fn) if getattr(fn, "__reads__", False) else fn


def _pure_load(node: ast.expr) -> bool:
    """A name, a constant or a chain of attributes of a name: read twice or not at all, it is the same."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, (ast.Name, ast.Constant))


class _Rename(Transformer):
    """A spliced body's names: parameters to their arguments, locals renamed apart, free names to the objects
    they name (a name bound inside a lambda or a comprehension is left alone there)."""

    def __init__(self, body: Body, values: dict[str, ast.expr], renames: dict[str, str], ns: Namespace) -> None:
        self.body, self.values, self.renames, self.ns = body, values, renames, ns
        self.inner: list[set[str]] = []

    def _bound_inside(self, name: str) -> bool:
        return any(name in scope for scope in self.inner)

    def visit_Name(self, node: ast.Name) -> ast.expr:
        name = node.id
        if self._bound_inside(name):
            return node
        if name in self.values:
            value = self.values[name]
            if isinstance(node.ctx, ast.Load):
                return copy_of(value)
            return ast.Name(value.id, node.ctx)  # an assigned parameter: its temporary
        if name in self.renames:
            return ast.Name(self.renames[name], node.ctx)
        found, value = self.body.free(name)
        if found:
            if not isinstance(node.ctx, ast.Load):
                raise AssertionError(f"{self.body.fn.__qualname__}: assigns the global {name!r}")
            return self.ns.ref(value, name)
        return node  # a builtin

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        """``except E as name``: the name renamed apart with the other locals (it is a string, not a Name)."""
        if node.name is not None and not self._bound_inside(node.name):
            node.name = self.renames.get(node.name, node.name)
        return self.generic_visit(node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.expr:
        names = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
        node.args.defaults = [self.visit(d) for d in node.args.defaults]  # made where the lambda is, outside it
        node.args.kw_defaults = [d if d is None else self.visit(d) for d in node.args.kw_defaults]
        self.inner.append(names)
        node.body = self.visit(node.body)
        self.inner.pop()
        return node

    def _comprehension(self, node: Any) -> Any:
        names = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        first_iter = node.generators[0].iter
        node.generators[0].iter = self.visit(first_iter)  # evaluated where the comprehension stands
        self.inner.append(names)
        for i, g in enumerate(node.generators):
            if i:
                g.iter = self.visit(g.iter)
            g.ifs = [self.visit(c) for c in g.ifs]
        for field in ("elt", "key", "value"):
            if hasattr(node, field):
                setattr(node, field, self.visit(getattr(node, field)))
        self.inner.pop()
        return node

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension


def _returns_as(statements: list[ast.stmt], target: str | None) -> list[ast.stmt]:
    """Each return (they all end the function) as the assignment of its value to ``target``, or dropped."""
    if not statements:
        return [ast.Assign([ast.Name(target, ast.Store())], ast.Constant(None))] if target else []
    *head, last = statements
    if isinstance(last, ast.Return):
        value = last.value or ast.Constant(None)
        tail = [ast.Assign([ast.Name(target, ast.Store())], value)] if target else [ast.Expr(value)]
        return [*head, *tail]
    if isinstance(last, ast.If):
        last.body = _returns_as(last.body, target) or [ast.Pass()]
        last.orelse = _returns_as(last.orelse, target)
        return [*head, last]
    if target:
        return [*statements, ast.Assign([ast.Name(target, ast.Store())], ast.Constant(None))]
    return statements


def _propagated(statements: list[ast.stmt], names: set[str], folder: Folder) -> list[ast.stmt]:
    """A spliced local (or temporary) assigned once, at the top of the body, a fixed value: read as that value."""
    stores: dict[str, int] = {}
    for n in nodes_in(ast.Module(statements, [])):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in names:
            stores[n.id] = stores.get(n.id, 0) + 1
    fixed: dict[str, ast.expr] = {}
    kept: list[ast.stmt] = []
    for stmt in statements:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                and stores.get(stmt.targets[0].id) == 1 and folder.known(stmt.value)[0]:
            fixed[stmt.targets[0].id] = stmt.value
            continue
        kept.append(stmt)
    if not fixed:
        return statements

    class Read(Transformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return copy_of(fixed[node.id]) if node.id in fixed and isinstance(node.ctx, ast.Load) else node

    return Read().visit(ast.Module(kept, [])).body
