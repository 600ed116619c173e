"""Guards and actions: small named Python functions, each registered with the citation it implements.

A machine file names them; the loader looks every name up here and never evaluates
anything. A guard is ``def dealer_shows_ace(rnd, unit) -> bool``: pure, a question about the round
(its read-only view) and the unit whose turn it is (a hand, a box, a player; None outside a walk round
the table), in the regulation's words, whose doc string's first paragraph reads as a condition ("the dealer's
up card is an ace"); its second parameter names what it reads of that unit (``def acting_hand_is_busted(rnd,
hand)``; ``unit``: at most its seat, which every unit has). An action is ``def burn_one_card(rnd) -> None``:
one procedural step.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from pa_table_games.errors import TableGamesError

#: What a pass round the table may go over (``turns: {each}``), and what a guard reading the unit whose turn it is
#: calls its second parameter: it is asked only in a walk over such units (:func:`.bound.check_units`).
TURN_ITEMS = ("box", "hand", "player", "position", "wager")

#: each registered guard's code -> its name: a write it tries through the round's read-only view is refused naming
#: it (:mod:`pa_table_games.runtime.read_only`)
GUARDS: dict[Any, str] = {}


@frozen
class Entry:
    """A registered guard or action."""

    name: str
    kind: str  # "guard" or "action"
    fn: Callable[[Any], Any]
    cite: tuple[str, ...] = field(converter=tuple)
    doc: str
    takes: str | None = None  # an action reading the decision's argument: "amount" (double=5) or "choice" (low=KS)
    wager: str | None = None  # a guard about one wager: False in any round where no such wager is placed
    #: an action taking a choice: ``choices(rnd)``, every value it accepts now (``("7H", "7D", ...)``), and ``form``,
    #: what the value is, as a player writes the decision (``low=CARD``)
    choices: Callable[[Any], tuple[str, ...]] | None = None
    form: str = "VALUE"
    unit: str | None = None  # the unit a guard reads (one of TURN_ITEMS), None: none, or only its seat

    @property
    def meaning(self) -> str:
        return self.doc


def _unit_read(fn: Callable) -> str | None:
    """What a guard reads of the unit whose turn it is: its second parameter's name, None for ``unit`` (its seat)."""
    try:
        name = list(inspect.signature(fn).parameters)[1]
    except (TypeError, ValueError, IndexError):
        return None
    return None if name == "unit" else name


def _positional(fn: Callable) -> int | None:
    """How many positional arguments ``fn`` needs (None: any number)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty for p in params)


class Registry:
    """The guards and actions of one game, by name."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._entries: dict[str, Entry] = {}

    def _register(self, kind: str, cite: str | tuple[str, ...], takes: str | None = None,
                  wager: str | None = None, choices: Callable | None = None, form: str = "VALUE") -> Callable:
        cites = (cite,) if isinstance(cite, str) else tuple(cite)

        def decorate(fn: Callable) -> Callable:
            name = fn.__name__
            if not name.isidentifier():  # machine files and the compiled engine's generated code use the name
                raise ValueError(f"{self.game}: a {kind} needs a function name, not {name!r}")
            if name in self._entries:
                raise ValueError(f"{self.game}: {kind} {name!r} registered twice")
            # what it means, as diagrams and trace show it: the doc string's first paragraph, on one line (a label
            # wrapped over two lines of the source is one label, not its first line cut off)
            doc = " ".join((fn.__doc__ or "").strip().split("\n\n")[0].split())
            if kind == "guard" and _positional(fn) != 2:
                raise ValueError(f"{self.game}: guard {name!r} takes the round's view and the unit whose turn it "
                                 f"is: def {name}(rnd, unit) -> bool")
            unit = _unit_read(fn) if kind == "guard" else None
            if unit is not None and unit not in TURN_ITEMS:
                raise ValueError(f"{self.game}: guard {name!r} calls the unit whose turn it is by what it reads "
                                 f"({', '.join(TURN_ITEMS)}; 'unit' when it reads no more than its seat), not {unit!r}")
            if not doc:
                raise ValueError(f"{self.game}: {kind} {name!r} needs a doc string saying what it means")
            self._entries[name] = Entry(name, kind, fn, cites, doc, takes, wager, choices, form, unit)
            if kind == "guard" and hasattr(fn, "__code__"):
                GUARDS[fn.__code__] = name
            return fn

        return decorate

    def guard(self, cite: str | tuple[str, ...], wager: str | None = None) -> Callable:
        """Register a guard implementing ``cite`` (``"(k)(1)"`` or ``"§ 633a.11"``).

        ``wager`` names the wager a guard is about when the guard is False in every round
        where no such wager is placed (``wager not in rnd.wager_names``): a statement the tests
        check on sampled rounds; no executor leaves a transition out on its word (only a pass's
        declared ``holding`` does, :meth:`~pa_table_games.machine.bound.BoundMachine.steps`)."""
        return self._register("guard", cite, wager=wager)

    def action(self, cite: str | tuple[str, ...], takes: str | None = None,
               choices: Callable[[Any], tuple[str, ...]] | None = None, form: str = "VALUE") -> Callable:
        """Register an action implementing ``cite``; ``takes`` names the argument it reads from the
        decision ("amount" for ``double=5``, "choice" for ``low=KS``), which no other action accepts.

        An action taking a choice names the values it accepts now with ``choices(rnd)`` (the round's read-only
        view; ``("7H", "7D", ...)``) and what they are with ``form`` (``"CARD"``): ``Round.legal_actions`` then
        lists the decision once per value (``low=7H``, ``low=7D`` ...), each one the action accepts, and the
        decision without a value is refused, saying what to write (``low=CARD``). Without ``choices`` the
        decision is listed by its word alone, and the action reads whatever value is given."""
        if takes not in (None, "amount", "choice"):
            raise ValueError(f"{self.game}: takes must be 'amount' or 'choice', not {takes!r}")
        if choices is not None and takes != "choice":
            raise ValueError(f"{self.game}: choices= belongs to an action that takes='choice'")
        return self._register("action", cite, takes, choices=choices, form=form)

    def lookup(self, kind: str, name: str) -> Entry:
        entry = self._entries.get(name)
        if entry is None or entry.kind != kind:
            raise TableGamesError(f"no {kind} named {name!r} in the {self.game} registry")
        return entry

    def names(self, kind: str) -> set[str]:
        return {name for name, entry in self._entries.items() if entry.kind == kind}

    def entries(self) -> list[Entry]:
        return list(self._entries.values())
