"""Comprehensions as loops: in a state's function, a comprehension that a statement makes whole, and ``any``,
``all`` or ``bool([...])`` asked by an ``if``, written as the ``for`` loop it stands for.

In Python 3.11 a comprehension or a generator expression is a function of its own: each evaluation makes a
frame, and a generator is resumed once an item. On the two or three wagers of a player that costs more than
the loop. Written again are a comprehension that a statement's value is (``x = [...]``, ``{...}``, ``sorted(...)``,
``x = any(...)``), or a branch of it (``x = [] if ... else [...]``), or its left operand (``x = sum(...) * rate``);
the iterable of a ``for``; and ``any``, ``all``, ``bool([...])`` or ``[...]`` where an ``if`` asks only its truth
(the test, an operand of ``and``, ``or``, ``not``, a part of a conditional expression). The loop does what the
comprehension does, in the same order:

- its variables are renamed apart, so they do not leak into the function;
- its first iterable is evaluated once, before the loop, and each later one once a turn of the loop before it;
- ``any`` and ``all`` stop at the first item that decides, as they do; a list is made whole, every item asked;
- a list is built before it is bound, so ``units = [u for u in units if ...]`` reads the old list.

A comprehension anywhere else stays one (it may be evaluated in a different order, or not at all), and so does
one whose variables a lambda or a comprehension inside it binds again.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator

from pa_table_games.fastpath.trees import Transformer, negated, nodes_in

#: builtins whose first argument a statement may hand as a list built by a loop: the same answer
_TAKING_ITEMS = frozenset({"sorted", "min", "max", "sum", "list", "tuple", "set", "frozenset"})
_TRUTH = frozenset({"any", "all", "bool"})


def as_loops(function: ast.FunctionDef) -> ast.FunctionDef:
    """``function`` with its comprehensions written as loops where a statement makes them whole (see the module
    doc); the builtins are taken as builtins unless the function assigns their names."""
    stored = {n.id for n in nodes_in(function) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    stored |= {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
    return _Loops(stored).visit(function)


class _Loops(Transformer):
    """Writes a function's comprehensions as loops (:func:`as_loops`); ``stored``: the names the function
    assigns, which are not the builtins."""

    def __init__(self, stored: set[str]) -> None:
        self.stored = stored
        self.counter: Iterator[int] = itertools.count(1)

    def visit_Assign(self, node: ast.Assign) -> ast.stmt | list[ast.stmt]:
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            made = self._made(node.value, node.targets[0].id)
            if made is not None:
                return made
        return node

    def visit_If(self, node: ast.If) -> ast.stmt | list[ast.stmt]:
        node.body = self._visited(node.body)
        node.orelse = self._visited(node.orelse)
        if not self._has_truth(node.test):
            return node
        answer = self._fresh("test")
        before = self._truth(node.test, answer)
        node.test = _load(answer)
        return [*before, node]

    def visit_For(self, node: ast.For) -> ast.stmt | list[ast.stmt]:
        """``for x in <a comprehension>:``: its iterable is evaluated once, just before the loop, so it may be
        made there."""
        node.body = self._visited(node.body)
        node.orelse = self._visited(node.orelse)
        items = self._fresh("iter")
        made = self._made(node.iter, items)
        if made is None:
            return node
        node.iter = _load(items)
        return [*made, node]

    def _visited(self, statements: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for statement in statements:
            made = self.visit(statement)
            out.extend(made if isinstance(made, list) else [made])
        return out

    # -- a statement's value --------------------------------------------------------------------------------
    def _made(self, value: ast.expr, target: str) -> list[ast.stmt] | None:
        """``target = value`` as a loop, or None when ``value`` is not a comprehension made whole."""
        if isinstance(value, ast.ListComp):
            return self._listed(value, lambda items: [_assign(target, _load(items))])
        if isinstance(value, ast.SetComp) and "set" not in self.stored and self._renamable(value):
            items = self._fresh("items")
            loop = self._loop(value, lambda item: [_call(items, "add", item)])
            made = ast.Call(ast.Name("set", ast.Load()), [], [])
            return [_assign(items, made), *loop, _assign(target, _load(items))]
        if isinstance(value, ast.IfExp):  # ``a if test else b``: the branch taken is made
            body, orelse = self._made(value.body, target), self._made(value.orelse, target)
            if body is None and orelse is None:
                return None
            return [ast.If(value.test, body or [_assign(target, value.body)],
                           orelse or [_assign(target, value.orelse)])]
        if isinstance(value, ast.BinOp):  # ``sum(...) * rate``: the left operand is evaluated first
            left = self._fresh("left")
            made = self._made(value.left, left)
            if made is None:
                return None
            return [*made, _assign(target, ast.BinOp(_load(left), value.op, value.right))]
        call = self._builtin_call(value)
        if call is None or not call.args or not isinstance(call.args[0], (ast.GeneratorExp, ast.ListComp)) \
                or any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        name, rest = call.func.id, call.args[1:]
        if name in ("any", "all"):
            if rest or call.keywords or not self._deciding_loop(call.args[0]):
                return None
            answer = self._fresh("test")
            return [*self._deciding(call.args[0], answer, stop_at=name == "any"), _assign(target, _load(answer))]
        if name not in _TAKING_ITEMS:
            return None
        if name == "list" and not rest and not call.keywords:
            return self._listed(call.args[0], lambda items: [_assign(target, _load(items))])
        if name == "sorted" and not rest:  # sorted in place: the same stable order, no copy
            return self._listed(call.args[0], lambda items: [
                ast.Expr(ast.Call(ast.Attribute(_load(items), "sort", ast.Load()), [], call.keywords)),
                _assign(target, _load(items))])
        return self._listed(call.args[0], lambda items: [
            _assign(target, ast.Call(ast.Name(name, ast.Load()), [_load(items), *rest], call.keywords))])

    def _listed(self, comprehension: ast.ListComp | ast.GeneratorExp,
                then: Callable[[str], list[ast.stmt]]) -> list[ast.stmt] | None:
        """The comprehension's items appended to a new list by a loop, then ``then(the list's name)``."""
        if not self._renamable(comprehension):
            return None
        items = self._fresh("items")
        loop = self._loop(comprehension, lambda item: [_call(items, "append", item)])
        return [_assign(items, ast.List([], ast.Load())), *loop, *then(items)]

    # -- an if's test -----------------------------------------------------------------------------------------
    def _has_truth(self, test: ast.expr) -> bool:
        """Whether the test asks ``any``/``all``/``bool([...])`` of a comprehension where only its truth counts
        (the test itself, an operand of ``and``, ``or``, ``not``, a part of a conditional expression)."""
        if isinstance(test, ast.BoolOp):
            return any(self._has_truth(v) for v in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._has_truth(test.operand)
        if isinstance(test, ast.IfExp):
            return self._has_truth(test.test) or self._has_truth(test.body) or self._has_truth(test.orelse)
        if isinstance(test, ast.ListComp):  # a list asked whether it is empty: as ``bool([...])``
            return _pure(test.elt) and self._renamable(test)
        call = self._builtin_call(test)
        if call is None or call.func.id not in _TRUTH or len(call.args) != 1 or call.keywords:
            return False
        (comprehension,) = call.args
        if call.func.id == "bool":
            return isinstance(comprehension, ast.ListComp) and _pure(comprehension.elt) \
                and self._renamable(comprehension)
        return self._deciding_loop(comprehension)

    def _truth(self, test: ast.expr, answer: str) -> list[ast.stmt]:
        """Statements leaving in ``answer`` a value as true as ``test``, asking what ``test`` asks in its order."""
        if not self._has_truth(test):
            return [_assign(answer, test)]
        if isinstance(test, ast.BoolOp):
            return self._joined(test, answer)
        if isinstance(test, ast.UnaryOp):
            return [*self._truth(test.operand, answer), _assign(answer, negated(_load(answer)))]
        if isinstance(test, ast.IfExp):
            return [*self._truth(test.test, answer),
                    ast.If(_load(answer), self._truth(test.body, answer), self._truth(test.orelse, answer))]
        if isinstance(test, ast.ListComp) or test.func.id == "bool":  # the list is made whole: every item asked
            listed = test if isinstance(test, ast.ListComp) else test.args[0]
            return [_assign(answer, ast.Constant(False)),
                    *self._loop(listed, lambda item: [_assign(answer, ast.Constant(True))])]
        return self._deciding(test.args[0], answer, stop_at=test.func.id == "any")

    def _joined(self, test: ast.BoolOp, answer: str) -> list[ast.stmt]:
        """``a and b and ...`` (or ``or``): each operand asked only when those before did not decide; a run of
        operands with nothing to loop over stays one expression."""
        both = isinstance(test.op, ast.And)
        operands: list[ast.expr] = []
        for value in test.values:
            if operands and not self._has_truth(value) and not self._has_truth(operands[-1]):
                last = operands[-1]
                operands[-1] = ast.BoolOp(test.op, [*(last.values if isinstance(last, ast.BoolOp)
                                                      and type(last.op) is type(test.op) else [last]), value])
            else:
                operands.append(value)
        made: list[ast.stmt] = []
        for operand in reversed(operands):
            asked = self._truth(operand, answer)
            if made:
                go_on = _load(answer) if both else negated(_load(answer))
                asked = [*asked, ast.If(go_on, made, [])]
            made = asked
        return made

    def _deciding_loop(self, comprehension: ast.expr) -> bool:
        return isinstance(comprehension, ast.GeneratorExp) and self._renamable(comprehension)

    def _deciding(self, comprehension: ast.GeneratorExp, answer: str, stop_at: bool) -> list[ast.stmt]:
        """``any`` (``stop_at`` True) or ``all`` as a loop leaving its answer in ``answer``, stopping at the
        first item that decides."""
        def decided(item: ast.expr) -> list[ast.stmt]:
            stop = [_assign(answer, ast.Constant(stop_at)), ast.Break()]
            if isinstance(item, ast.Constant) and bool(item.value) is stop_at:
                return stop
            return [ast.If(item if stop_at else negated(item), stop, [])]
        stop = _load(answer) if stop_at else negated(_load(answer))
        return [_assign(answer, ast.Constant(not stop_at)), *self._loop(comprehension, decided, stop)]

    # -- the loop ------------------------------------------------------------------------------------------------
    def _loop(self, comprehension: ast.ListComp | ast.GeneratorExp, inner: Callable[[ast.expr], list[ast.stmt]],
              stop: ast.expr | None = None) -> list[ast.stmt]:
        """The comprehension's generators as nested ``for``/``if`` around ``inner(its item)``, its variables
        renamed apart, every ``if`` in it visited in turn (it is :meth:`_renamable`); with ``stop``, each loop
        holding another breaks off after it when ``stop`` holds (the inner one broke off)."""
        names = {n.id for g in comprehension.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        n = next(self.counter)
        renames = {name: f"_each{n}_{name}" for name in names}
        self.stored |= set(renames.values())
        first = comprehension.generators[0]
        first_iter, first.iter = first.iter, ast.Constant(None)  # evaluated where the comprehension stands
        comprehension = _Renamed(renames).visit(comprehension)
        comprehension.generators[0].iter = first_iter
        body = inner(comprehension.elt)
        for depth, generator in reversed(list(enumerate(comprehension.generators))):
            if stop is not None and depth < len(comprehension.generators) - 1:  # a loop inside stopped: so is this
                body = [*body, ast.If(stop, [ast.Break()], [])]
            for condition in reversed(generator.ifs):
                body = [ast.If(condition, body, [])]
            body = [ast.For(generator.target, generator.iter, body, [])]
        return self._visited(body)

    def _renamable(self, comprehension: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> bool:
        """Plain targets (names), no ``async``, and no scope inside it binding one of its names again."""
        names: set[str] = set()
        for generator in comprehension.generators:
            if generator.is_async:
                return False
            for node in ast.walk(generator.target):
                if isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
                    return False
                if isinstance(node, ast.Name):
                    names.add(node.id)
        inside = [comprehension.elt, *(c for g in comprehension.generators for c in g.ifs),
                  *(g.iter for g in comprehension.generators[1:])]
        for part in inside:
            for node in ast.walk(part):
                if isinstance(node, ast.Lambda) \
                        and names & {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}:
                    return False
                if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and names & {
                        t.id for g in node.generators for t in ast.walk(g.target) if isinstance(t, ast.Name)}:
                    return False
        return True

    def _builtin_call(self, node: ast.expr) -> ast.Call | None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id not in self.stored \
                and node.func.id in _TAKING_ITEMS | _TRUTH:
            return node
        return None

    def _fresh(self, what: str) -> str:
        name = f"_each{next(self.counter)}_{what}"
        self.stored.add(name)
        return name


class _Renamed(Transformer):
    """Names renamed (the comprehension's own variables, wherever they are read or bound)."""

    def __init__(self, renames: dict[str, str]) -> None:
        self.renames = renames

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(self.renames.get(node.id, node.id), node.ctx)


def _pure(node: ast.expr) -> bool:
    return isinstance(node, (ast.Name, ast.Constant))


def _load(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([ast.Name(name, ast.Store())], value)


def _call(items: str, method: str, item: ast.expr) -> ast.Expr:
    return ast.Expr(ast.Call(ast.Attribute(_load(items), method, ast.Load()), [item], []))
