"""Frozen value classes shared by every game: actions, events, settlement rows, and what ``edge`` asks a
game's pricing and what it answers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from decimal import Decimal
from typing import Any

from attrs import field, frozen

from pa_table_games.numbers import is_whole


@frozen
class Action:
    """A player's decision: ``Action(seat=1, name="hit")``; ``hand`` counts split hands from 0."""

    seat: int
    name: str
    hand: int = 0
    amount: Decimal | None = None  # ``double=5``, in whole cents
    choice: str | None = None  # a free-form argument, e.g. a card code: ``low=KS``

    @property
    def word(self) -> str:
        """The action as typed on the command line (``double=5``, ``low=KS``)."""
        if self.amount is not None:
            return f"{self.name}={_number(self.amount)}"
        return self.name if self.choice is None else f"{self.name}={self.choice}"

    def __str__(self) -> str:
        return f"seat {self.seat} hand {self.hand + 1}: {self.word}"  # people count hands from 1


@frozen
class Settled:
    """One wager settled: a row of the round's settlement.

    ``net`` is what the player gained (+) or lost (-); ``cite`` is the subsection that decided it.
    Amounts are dollars in whole cents (``Decimal("15.02")``); ``to_json`` writes them as JSON numbers.
    """

    seat: int
    wager: str
    hand: int
    amount: Decimal
    outcome: str
    net: Decimal
    cite: str
    paid_off_table: Decimal = Decimal("0.00")

    def to_json(self) -> dict:
        row = {"seat": self.seat, "wager": self.wager, "hand": self.hand, "amount": float(self.amount),
               "outcome": self.outcome, "net": float(self.net), "cite": self.cite}
        if self.paid_off_table:
            row["paid_off_table"] = float(self.paid_off_table)
        return row


@frozen
class CardMove:
    """A card leaving the shoe, or going to the discard rack: ``card`` went ``to`` a place."""

    card: str
    to: str
    face_up: bool = True


@frozen
class Event:
    """One fired transition of the machine, with what it moved and settled."""

    seq: int
    trigger: str
    source: str
    dest: str
    cite: tuple[str, ...] = field(converter=tuple)
    seat: int | None = None
    hand: int | None = None
    cards: tuple[CardMove, ...] = field(default=(), converter=tuple)
    settled: tuple[Settled, ...] = field(default=(), converter=tuple)
    notes: tuple[str, ...] = field(default=(), converter=tuple)
    #: the effects the transition applied (:mod:`pa_table_games.runtime.effects`), of which ``cards``,
    #: ``settled`` and ``notes`` are the record; not written to a log (a log keeps the record)
    effects: tuple = field(default=(), converter=tuple, eq=False, repr=False)

    def to_json(self) -> dict:
        doc: dict = {"seq": self.seq, "trigger": self.trigger, "source": self.source,
                     "dest": self.dest, "cite": list(self.cite)}
        if self.seat is not None:
            doc["seat"] = self.seat
            doc["hand"] = self.hand
        if self.cards:
            doc["cards"] = [{"card": m.card, "to": m.to, "face_up": m.face_up} for m in self.cards]
        if self.settled:
            doc["settled"] = [s.to_json() for s in self.settled]
        if self.notes:
            doc["notes"] = list(self.notes)
        return doc


def _number(value: object) -> str:
    """An amount as typed (``5``, ``7.5``); anything else as given (it is refused where the amount is checked)."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            return "nan" if value.is_nan() else str(float(value))  # nan (a signalling one too), inf, -inf
        return str(int(value)) if value == value.to_integral_value() and abs(value) < _LONG else str(value)
    if isinstance(value, float) or is_whole(value):
        return str(int(value)) if float(value).is_integer() and abs(value) < _LONG else repr(value)
    return repr(value)


_LONG = 10 ** 15  # a whole amount past this is shown as Python writes it (1e+308, not its 309 digits)


@contextmanager
def no_bar(what: str) -> Iterator[None]:
    """No progress shown (the command line's bar on a terminal is its own)."""
    yield None


@frozen
class EdgeAsk:
    """What ``edge`` asks of a game's pricing (``GameInfo.pricing``): the game, its wager (None: the game's own
    choice), the Rules in effect and the options."""

    game: str
    wager: str | None
    rules: Any  # the Rules in effect, loaded
    rules_file: str | None = None
    decks: int | None = None  # for an analyser that takes a number of decks
    paytable: str | None = None  # for an analyser that takes a pay table's name
    rounds: int | None = None  # for a simulated price
    seed: int | None = None  # for a simulated price
    #: what -> a context yielding ``heard(done, total)`` to report progress (or None: nothing shown)
    bar: Callable[[str], AbstractContextManager[Callable[[int, int], None] | None]] = field(default=no_bar)


@frozen
class Priced:
    """A wager's price: the ``--json`` document, the text, and whether the work ran to its end (Ctrl-C)."""

    doc: dict
    lines: list[str]
    complete: bool = True
