"""Rendering rounds for people: the only presentation code (rich on a terminal, plain when piped)."""

from __future__ import annotations

import json

from rich.console import Console
from rich.table import Table as RichTable

from pa_table_games.values import Event, Settled


def _money(value: float) -> str:
    return f"{value:+g}" if value else "0"


def event_line(e: Event) -> str:
    """``  7 deal_hole_card  § 633a.7(f)(4)  8C->dealer (hole card)``."""
    who = f" seat {e.seat}" + (f" hand {e.hand}" if e.hand else "") if e.seat is not None else ""
    parts = [f"{e.seq:>3} {e.trigger}{who}", ", ".join(e.cite)]
    if e.cards:
        parts.append(" ".join(f"{m.card}->{m.to}" if m.face_up else f"[{m.card}]->{m.to}" for m in e.cards))
    line = "  ".join(parts)
    for note in e.notes:
        line += f"\n      {note}"
    for s in e.settled:
        line += f"\n      settled: {settled_line(s)}"
    return line


def settled_line(s: Settled) -> str:
    hand = f" hand {s.hand}" if s.hand else ""
    off = f" ({s.paid_off_table:g} paid off the table)" if s.paid_off_table else ""
    return f"seat {s.seat}{hand} {s.wager} {s.amount:g}: {s.outcome} {_money(s.net)}{off}  {s.cite}"


def print_round(console: Console, rnd, title: str | None = None) -> None:
    """The cited step log of a round and its settlement table."""
    console.print(f"[bold]{title or rnd.spec.section + ' — ' + rnd.spec.title}[/bold]", highlight=False)
    for e in rnd.events:
        console.print(event_line(e), highlight=False, markup=False)
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
            table.add_row(str(s.seat), s.wager, str(s.hand), f"{s.amount:g}", s.outcome, _money(s.net), s.cite)
        console.print(table)


def print_new_events(console: Console, rnd, since: int) -> int:
    for e in rnd.events[since:]:
        console.print(event_line(e), highlight=False, markup=False)
    return len(rnd.events)


def round_json(rnd) -> str:
    """The ``--json`` document (contract in DESIGN.md)."""
    return json.dumps({
        "game": rnd.game.info.name,
        "section": rnd.spec.section,
        "final_state": rnd.state,
        "events": [e.to_json() for e in rnd.events],
        "settlement": [s.to_json() for s in rnd.settlement()],
    }, indent=2, allow_nan=False)
