"""The syntax trees the fast path's generator makes, walked, copied and given positions its own way: faster than the
:mod:`ast` module's functions for the same answers (a state's function is tens of thousands of nodes, made anew for
each Rules and wagers placed); and a test negated."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

#: nodes that hold nothing and are never changed in place: shared by every copy (``Load()``, ``Add()``, ``Eq()``)
_SHARED = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)


class _Visited(dict):
    """For each type met, whether its instances are visited and copied: a node that is not shared (a name, a number,
    a context or an operator is not). Asked once a field, so answered by a look-up once the type has been met."""

    def __missing__(self, kind: type) -> bool:
        visited = self[kind] = issubclass(kind, ast.AST) and not issubclass(kind, _SHARED)
        return visited


_VISITED = _Visited()


def nodes_in(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but the shared ones (contexts and operators), in no set order: :func:`ast.walk` for
    a question any node may answer (is there a return, which names are stored), walked faster."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        todo += _children(node)


def _children(node: ast.AST) -> list[ast.AST]:
    """``node``'s children but the shared ones, in the order of its fields."""
    fields, children = node.__dict__, []
    for name in node._fields:
        value = fields.get(name)
        if type(value) is list:
            children += [v for v in value if _VISITED[type(v)]]
        elif _VISITED[type(value)]:
            children.append(value)
    return children


class Transformer(ast.NodeTransformer):
    """:class:`ast.NodeTransformer` as the generator uses it, walked faster: a context or an operator (a third
    of the nodes) is never visited, only a node's fields are walked (not its position), and the method for each
    kind of node is looked up once."""

    def visit(self, node: ast.AST) -> Any:
        return (self._methods.get(type(node)) or self._method(type(node)))(self, node)

    def _method(self, kind: type) -> Any:
        method = self._methods[kind] = getattr(type(self), "visit_" + kind.__name__, type(self).generic_visit)
        return method

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}

    def generic_visit(self, node: ast.AST) -> ast.AST:
        fields, methods, visited = node.__dict__, self._methods, _VISITED
        for name in node._fields:
            old = fields.get(name)  # a field unset (deleted by a visit) is skipped
            if type(old) is list:
                new: list = []
                for value in old:
                    kind = type(value)
                    if visited[kind]:
                        value = (methods.get(kind) or self._method(kind))(self, value)  # self.visit(value), inline
                        if value is None:
                            continue
                        if not isinstance(value, ast.AST):
                            new.extend(value)
                            continue
                    new.append(value)
                old[:] = new
            elif visited[type(old)]:
                value = (methods.get(type(old)) or self._method(type(old)))(self, old)
                if value is None:
                    del fields[name]
                else:
                    fields[name] = value
        return node


def copy_of(node: Any) -> Any:
    """A deep copy of an AST node or a list of them (spliced code is never shared between two places)."""
    if type(node) is list:
        return _copied(node)
    return _copy_node(node) if _VISITED[type(node)] else node  # an identifier, a number, a context: shared


def _copied(nodes: list) -> list:
    visited = _VISITED
    return [_copy_node(n) if visited[type(n)] else _copied(n) if type(n) is list else n for n in nodes]


def _copy_node(node: ast.AST) -> ast.AST:
    """A copy of ``node``, its fields copied in turn; its other entries (its position, a pass's marks) are numbers and
    flags, taken as they are."""
    kind, visited = type(node), _VISITED
    new = kind.__new__(kind)
    entries = new.__dict__ = node.__dict__.copy()
    for name in kind._fields:
        value = entries.get(name)
        its = type(value)
        if its is list:
            entries[name] = [_copy_node(v) if visited[type(v)] else _copied(v) if type(v) is list else v
                             for v in value]
        elif visited[its]:
            entries[name] = _copy_node(value)
    return new


def located(tree: ast.AST) -> ast.AST:
    """:func:`ast.fix_missing_locations`, walked faster: a node with no position takes its parent's, each of line,
    column, end line and end column (a module's: 1, 0, 1, 0), in the same order, so the positions are the same."""
    todo = [(tree, 1, 0, 1, 0)]
    pop, push = todo.pop, todo.append
    while todo:
        node, line, column, end_line, end_column = pop()
        entries, kind = node.__dict__, type(node)
        if "lineno" in kind._attributes:
            line = entries.setdefault("lineno", line)
            column = entries.setdefault("col_offset", column)
            if entries.get("end_lineno") is None:
                entries["end_lineno"] = end_line
            else:
                end_line = entries["end_lineno"]
            if entries.get("end_col_offset") is None:
                entries["end_col_offset"] = end_column
            else:
                end_column = entries["end_col_offset"]
        for child in reversed(_children(node)):  # the first child walked first, as the recursion walks them
            push((child, line, column, end_line, end_column))
    return tree


def negated(test: ast.expr) -> ast.expr:
    """``not test`` (``test`` itself when it is a ``not``: only an ``if`` reads it, for its truth)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    return ast.UnaryOp(ast.Not(), test)
