"""Rendering rounds for people: the only presentation code (rich on a terminal, plain when piped)."""

from __future__ import annotations

import json
from decimal import Decimal

from rich.console import Console
from rich.table import Table as RichTable

from pa_table_games.money import show, signed
from pa_table_games.rules.in_effect import rules_json, rules_lines
from pa_table_games.runtime.view import Sight, for_people
from pa_table_games.values import CardMove, Event, Settled

#: How a card dealt face down and not yet turned is shown (``--json`` keeps the card and its face_up flag).
FACE_DOWN = "[face down]"


def console(stderr: bool = False) -> Console:
    """Rich on a terminal; when piped or written to a file, no wrapping at all (one record a line, for grep)."""
    out = Console(stderr=stderr)
    if out.is_terminal:
        return out
    return Console(stderr=stderr, width=100_000, soft_wrap=True)


def _money(value: Decimal) -> str:
    """A net in dollars with two decimals and its sign: ``+15.02``, ``-10.00``, ``0.00``."""
    return signed(value)


def shown(m: CardMove, sight: Sight) -> str:
    """``7C->dealer``, ``[AH]->seat 5`` (face down, seen by its player) or ``[face down]->dealer (hole card)``."""
    place = for_people(m.to)
    if not sight.sees(m.card, m.to, m.face_up):
        return f"{FACE_DOWN}->{place}"
    return f"{m.card}->{place}" if m.face_up else f"[{m.card}]->{place}"


def event_line(e: Event, sight: Sight | None = None) -> str:
    """``  6 deal_hole_card  § 633a.7(f)(4)  [face down]->dealer (hole card)``; hands counted from 1."""
    sight = sight if sight is not None else Sight()
    who = f" seat {e.seat}" + (f" hand {e.hand + 1}" if e.hand else "") if e.seat is not None else ""
    parts = [f"{e.seq:>3} {e.trigger}{who}", ", ".join(e.cite)]
    if e.cards:
        parts.append(" ".join(_runs([shown(m, sight) for m in e.cards])))
    line = "  ".join(parts)
    for note in e.notes:
        line += f"\n      {for_people(note)}"
    for s in e.settled:
        line += f"\n      settled: {settled_line(s)}"
    return line


def _runs(shown: list[str]) -> list[str]:
    """Repeated hidden moves once, counted: ``11 x [face down]->stub (spread face down)``; a card seen moves as
    often as it moves (two 8S of a hand from a multi-deck shoe, both to the discard rack)."""
    out: list[str] = []
    i = 0
    while i < len(shown):
        j = i
        while j < len(shown) and shown[j] == shown[i]:
            j += 1
        if shown[i].startswith(FACE_DOWN) and j - i > 1:
            out.append(f"{j - i} x {shown[i]}")
        else:
            out.extend(shown[i:j])
        i = j
    return out


def settled_line(s: Settled) -> str:
    hand = f" hand {s.hand + 1}" if s.hand else ""
    off = f" ({show(s.paid_off_table)} paid off the table)" if s.paid_off_table else ""
    return f"seat {s.seat}{hand} {s.wager} {show(s.amount)}: {s.outcome} {_money(s.net)}{off}  {s.cite}"


def print_title(console: Console, rnd, title: str | None = None, rules: bool = True) -> None:
    """The section's title and the Rules in effect (``rules=False``: the title alone, for a later round)."""
    console.print(f"[bold]{title or rnd.spec.section + ' — ' + rnd.spec.title}[/bold]", highlight=False)
    for line in rules_lines(rnd.game.info, rnd.rules) if rules else []:
        console.print(line, highlight=False, markup=False)


def sight(rnd, reveal: bool = False) -> Sight:
    """What the step log's reader may see: the person playing every seat with a wager (``--reveal``: every
    card), the places' owners as the game's view says."""
    view = rnd.game.info.view
    return Sight(None if reveal else frozenset(w.seat for w in rnd.wagers), *([view.owner] if view else []))


def print_round(console: Console, rnd, title: str | None = None, reveal: bool = False, rules: bool = True) -> None:
    """The cited step log of a round and its settlement table, as the person playing its seats saw it."""
    print_title(console, rnd, title, rules)
    seen = sight(rnd, reveal)
    for e in rnd.events:
        console.print(event_line(e, seen), highlight=False, markup=False)
    print_outcome(console, rnd)


def print_outcome(console: Console, rnd) -> None:
    """Where the round ended and the settlement table (after the log has been shown)."""
    summary = getattr(rnd.layout, "summary", None)
    if summary is not None:
        console.print(summary(), highlight=False, markup=False)
    console.print(f"state: {rnd.spec.state(rnd.state).label} ({rnd.state})", highlight=False, markup=False)
    rows = rnd.settlement()
    if rows:
        table = RichTable("seat", "wager", "hand", "amount", "outcome", "net", "cite", title="Settlement")
        for s in rows:
            table.add_row(str(s.seat), s.wager, str(s.hand + 1), show(s.amount), s.outcome, _money(s.net), s.cite)
        console.print(table)


def print_new_events(console: Console, rnd, since: int, reveal: bool = False) -> int:
    """Print the events after the first ``since``; face-down cards stay hidden until turned."""
    seen = sight(rnd, reveal)
    for i, e in enumerate(rnd.events):
        line = event_line(e, seen)
        if i >= since:
            console.print(line, highlight=False, markup=False)
    return len(rnd.events)


def round_json(rnd) -> str:
    """The ``--json`` document (contract in DESIGN.md)."""
    return json.dumps({
        "game": rnd.game.info.name,
        "section": rnd.spec.section,
        "rules": rules_json(rnd.rules),
        "final_state": rnd.state,
        "events": [e.to_json() for e in rnd.events],
        "settlement": [s.to_json() for s in rnd.settlement()],
    }, indent=2, allow_nan=False)
