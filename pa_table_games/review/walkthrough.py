"""A logged round, step by step on the diagram: one self-contained HTML page per round.

The page steps through the round's events (buttons, or the arrow keys, Home and End). At each step
it shows, on the diagram of the phase the round is in (:mod:`.phases`), the state reached and the
step that fired; the table as the log records it (each box's cards as card pictures, a card dealt
face down drawn as its back until the dealer turns it, the wagers and what each was settled at);
and the step's citations with each subsection's line from the machine file. The steps are those the
machine fires when the log is replayed (:func:`~pa_table_games.audit.replay.rerun`), so the
highlighted arrow is the transition the machine took; a departure that ``replay`` finds is marked on
the step where it happens, with its cite. Nothing is fetched: the page works from ``file://``.

Only what a card's position says is shown: a face-down card's code stays in the page's data, never
in its visible text, until the event that turns it face up.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import attrs

from pa_table_games.equipment.shoe import Shoe
from pa_table_games.files import check_target, make_folder, write_atomic
from pa_table_games.games import load_game
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.audit.log import RoundLog, Start, read_log, record
from pa_table_games.strategies import get_strategy
from pa_table_games.review.diagram import render
from pa_table_games.review.phases import phase_sources
from pa_table_games.audit.replay import ReplayReport, rerun
from pa_table_games.review.page import inline_svg
from pa_table_games.review.walkthrough_page import WALK_PAGE, WALK_SCRIPT


def _subsection_lines(spec: MachineSpec, cites: list[str]) -> list[list[str]]:
    """``[["§ 633a.7(f)(1)", "First card face up to each box ..."], ...]`` for an event's cites."""
    lines = dict(spec.subsections) | dict(spec.references)
    out = []
    for cite in cites:
        key = cite[len(spec.short_section):] if cite.startswith(spec.short_section + "(") else cite
        out.append([cite, lines.get(key, "")])
    return out


def _ids_for(svg: str, prefix: str) -> str:
    """Give every element id of one phase's drawing a prefix, so several drawings share one page."""
    return re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m[1]}"', svg)


def walk_data(log: RoundLog) -> tuple[dict, MachineSpec, ReplayReport]:
    """What the page shows, step by step, and the replay's report."""
    fired: list[TransitionSpec] = []
    report = rerun(log, fired.append)
    header = log.header
    spec = load_game(header["game"]).spec
    phase_index = {s: n for n, p in enumerate(spec.phases) for s in p.states}
    departures = {}
    for d in report.departures:
        departures.setdefault(d.seq, []).append(str(d))
    steps = []
    for i, event in enumerate(log.events):
        t = fired[i] if i < len(fired) and (fired[i].trigger, fired[i].source, fired[i].dest) == \
            (event["trigger"], event["source"], event["dest"]) and i < report.compared else None
        steps.append({"seq": event["seq"], "trigger": event["trigger"], "source": event["source"],
                      "dest": event["dest"], "label": spec.state(event["dest"]).label if _known(spec, event["dest"]) else event["dest"],
                      "phase": phase_index.get(event["dest"], 0), "transition": t.index if t is not None else None,
                      "self_loop": t is not None and t.source == t.dest, "by": t.by if t is not None else None,
                      "cites": _subsection_lines(spec, event.get("cite", [])), "cards": event.get("cards", []),
                      "settled": event.get("settled", []), "notes": event.get("notes", []),
                      "seat": event.get("seat"), "departures": departures.get(event["seq"], [])})
    unplaced = [text for seq, texts in departures.items() if seq is None for text in texts]
    data = {"game": header["game"], "section": spec.section, "title": spec.title, "file": log.file,
            "seats": header["seats"], "actions": header.get("actions", []), "steps": steps,
            "conforms": report.conforms, "log_departures": unplaced,
            "phases": [{"id": p.id, "label": p.label} for p in spec.phases]}
    return data, spec, report


def _known(spec: MachineSpec, state: str) -> bool:
    return any(s.id == state for s in spec.states)


def walk_page(log: RoundLog) -> str:
    """The walk-through page of one logged round."""
    data, spec, report = walk_data(log)
    drawings = []
    for n, (_, dot) in enumerate(phase_sources(spec)[1:]):
        svg = _ids_for(inline_svg(render(dot, "svg").decode("utf-8")), f"p{n}-")
        drawings.append(f'<div class="phase" id="phase-{n}" hidden>{svg}</div>')
    verdict = ("The round conforms: replay found no departure." if report.conforms else
               f"replay found {len(report.departures)} departure(s): the first is marked on its step.")
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=False).replace("</", "<\\/")
    values = {"section": html.escape(spec.section), "title": html.escape(spec.title),
              "file": html.escape(Path(log.file).name), "verdict": html.escape(verdict),
              "verdict_class": "ok" if report.conforms else "departs", "drawings": "\n".join(drawings),
              "data": payload, "script": WALK_SCRIPT}
    page = WALK_PAGE
    for key, value in values.items():
        page = page.replace("{{" + key + "}}", value)
    return page


def demo_log(game: str) -> RoundLog:
    """The log of ``game``'s demo round (``make run`` plays it): stacked or seeded, the same every time."""
    loaded = load_game(game)
    demo = loaded.info.demo
    return _played(loaded, demo["seats"], list(demo.get("actions", [])), demo.get("seed"), demo.get("shoe"),
                   demo.get("options"))


def _played(game: Any, seats: dict, actions: list[str], seed: int | None, shoe: str | None, options: Any) -> RoundLog:
    """Play a round from a fresh table, the given decisions first and then the game's default strategy."""
    table = game.new_table(seed=seed, shoe=Shoe.stacked(shoe) if shoe is not None else None)
    start = Start.of(table)
    rnd = game.new_round(seats, table=table, options=options)
    words, used = list(actions), []
    strategy = get_strategy(game.info.name, None, game.rules)
    rnd.advance()
    while not rnd.is_over:
        word = words.pop(0) if words else strategy.choose(rnd, [a.name for a in rnd.legal_actions()])
        rnd.act(word)
        used.append(word)
        rnd.advance()
    return record(rnd, start, seats, used, seed=seed if shoe is None else None)


def write_walks(paths: list[Path], out: Path, key: bytes | None = None, allow_v1: bool = False) -> list[Path]:
    """``<log stem>.walk.html`` for each round log in ``paths`` (any log ``replay`` reads, with the same
    ``key`` and ``allow_v1``)."""
    make_folder(out)
    written = []
    for path in paths:
        target = check_target(out / f"{Path(path).stem}.walk.html")  # an input or a planted link: refused at once
        write_atomic(target, walk_page(read_log(path, key, allow_v1)))
        written.append(target)
    return written


def tampered(log: RoundLog) -> RoundLog:
    """``log`` with its last settlement's net changed: the sample of a departure the page marks."""
    events = [dict(e) for e in log.events]
    at = max(i for i, e in enumerate(events) if e.get("settled"))
    rows = [dict(r) for r in events[at]["settled"]]
    rows[-1]["net"] = rows[-1]["net"] + rows[-1]["amount"]  # paid one unit more than the machine pays
    events[at]["settled"] = rows
    return attrs.evolve(log, events=events, file=log.file.replace(".jsonl", "-tampered.jsonl"))


def write_demo_walks(games: list[str], out: Path) -> list[Path]:
    """``<machine>.walk.html``: each game's demo round (``make run`` plays it); for Blackjack also
    ``<machine>.tampered.walk.html``, the same round with a settlement changed, as ``replay`` marks it."""
    make_folder(out)
    written = []
    for game in sorted(games):
        name = load_game(game).spec.name
        log = attrs.evolve(demo_log(game), file=f"{name}-demo.jsonl")
        pages = [(out / f"{name}.walk.html", log)]
        if game == "blackjack":
            pages.append((out / f"{name}.tampered.walk.html", tampered(log)))
        for path, shown in pages:
            write_atomic(path, walk_page(shown))
            written.append(path)
    return written
