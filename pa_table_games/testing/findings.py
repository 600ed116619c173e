"""What a conformance check finds: the check, the message, and the ``file:line`` to fix.

A finding is placed where its cause is written: a guard or action that raised at the line of the game's own
code the traceback last passed through, a function that broke a rule at its ``def``, a machine element at its
line in the machine file, what a ``GameInfo`` declares (its demo, its strategies) at the line declaring ``INFO``.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import traceback
from importlib import import_module
from pathlib import Path
from typing import Any

from attrs import frozen

from pa_table_games.games import GAMES, game_info
from pa_table_games.machine.spec import MachineSpec


@frozen(order=True)
class Finding:
    """One departure from what a conforming game does."""

    where: str  # file:line
    check: str  # the check that found it: "play", "guards", "effects", ...
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.check}: {self.message}"


def function_place(fn: Any) -> str:
    """``file:line`` of a function's ``def`` (past its decorators)."""
    code = getattr(inspect.unwrap(fn), "__code__", None)
    if code is None:
        return "?"
    line = code.co_firstlineno
    while linecache.getline(code.co_filename, line).lstrip().startswith("@"):
        line += 1
    return f"{code.co_filename}:{line}"


class Findings:
    """The findings about one game, each (check, place) once, and where the game's own files are."""

    def __init__(self, name: str, spec: MachineSpec) -> None:
        self.name, self.spec = name, spec
        self.found: dict[tuple[str, str], Finding] = {}
        self.fired: set[int] = set()  # the transitions random play fired (by index)
        info = game_info(name)
        module = import_module(GAMES[name]) if not GAMES[name].startswith("<") else None
        files = {Path(inspect.getsourcefile(e.fn) or "").resolve().parent for e in info.registry.entries()}
        if module is not None and getattr(module, "__file__", None):
            files.add(Path(module.__file__).resolve().parent)
        files.add(Path(spec.path).resolve().parent)
        self.roots = tuple(str(f) for f in files if str(f) != ".")
        self.module = module

    def add(self, check: str, where: str, message: str) -> None:
        key = (check, where)
        if key not in self.found:
            self.found[key] = Finding(where, check, " ".join(str(message).split())[:600])

    def sorted(self) -> list[Finding]:
        return sorted(self.found.values(), key=lambda f: (f.check, f.where))

    # -- places ----------------------------------------------------------------------------------
    def machine(self, line: int | None) -> str:
        return f"{self.spec.shown_path}:{line or 1}"

    def of_error(self, err: BaseException, fallback: str | None = None) -> str:
        """The line of the game's own code the traceback of ``err`` last passed through (else ``fallback``, else
        the line raising it)."""
        frames = traceback.extract_tb(err.__traceback__)
        mine = [f for f in frames if str(Path(f.filename).resolve()).startswith(self.roots)]
        if mine:
            return f"{mine[-1].filename}:{mine[-1].lineno}"
        if fallback is not None:
            return fallback
        return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else self.machine(None)

    def of_transition(self, t: Any) -> str:
        """A fired transition's place: its first action's ``def`` (where its changes are written), else its line."""
        return function_place(t.do[0].fn) if t.do else self.machine(t.line)

    def of_info(self) -> str:
        """The line declaring the game's ``INFO`` (its demo, strategies and hooks are written there)."""
        path = getattr(self.module, "__file__", None)
        if path is None:
            return self.machine(None)
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "INFO" for t in node.targets):
                return f"{path}:{node.lineno}"
        return f"{path}:1"


def transition_of(rnd: Any, event: Any) -> Any:
    """The transition that logged ``event``: of its trigger between its states, the one citing what it cites."""
    spec = rnd.spec
    return next((t for t in spec.transitions if (t.source, t.trigger, t.dest, spec.cites_of(t)) ==
                 (event.source, event.trigger, event.dest, tuple(event.cite))), None)
