"""A logged round, step by step on the diagram: one self-contained HTML page per round.

The page steps through the round's events (buttons, the arrow keys, Home and End, or ``#step=N`` in the
address, which an audit report can link to). At each step it shows, on the diagram of the phase the round is
in (:mod:`.phases`), the state reached and, marked apart from that state's other rows, the step that fired,
with who asked for it and the word they gave; the table after the step, as the machine re-deals the log
(:func:`~pa_table_games.audit.replay.rerun`): each hand as people count them with its own cards (a split
divides the pair), a card dealt face down drawn as its back until it is turned or exposed, each wager with its
amount, a wager placed, raised or doubled named at its step, and what each was settled at as the log records
it; and the step's citations with each subsection's line from the machine file. A departure that ``replay``
finds is marked on the step where it happens, with its cite; past a departure that stops the comparison the
table stays as the machine last had it, and the page says so. Under the verdict, what the replay took as given
from the log's header (:mod:`pa_table_games.audit.given`: a stacked shoe, Rules not the defaults ...). Nothing is
fetched: the page works from ``file://``, and its policy lets only its own script run (:mod:`.markup`).

A face-down card's code stays in the page's data, never in its visible text, until it is turned face up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from pa_table_games.equipment.shoe import Shoe
from pa_table_games.errors import TableGamesError
from pa_table_games.files import check_target, make_folder, write_atomic
from pa_table_games.games import load_game
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.audit.log import RoundLog, Start, read_log, record
from pa_table_games.strategies import get_strategy
from pa_table_games.review.diagram import render
from pa_table_games.review.markup import fill, href, inline_svg, policy, script_json, text
from pa_table_games.review.page import demo_walk_files, page_path, prefixed, write_review
from pa_table_games.review.phases import phase_sources
from pa_table_games.audit.replay import ReplayReport, rerun
from pa_table_games.review.walkthrough_page import WALK_PAGE, WALK_SCRIPT, WALK_STYLE
from pa_table_games.runtime.view import for_people, places_moved


def _subsection_lines(spec: MachineSpec, cites: list[str]) -> list[list[str]]:
    """``[["§ 633a.7(f)(1)", "First card face up to each box ..."], ...]`` for an event's cites."""
    lines = dict(spec.subsections) | dict(spec.references)
    out = []
    for cite in cites:
        key = cite[len(spec.short_section):] if cite.startswith(spec.short_section + "(") else cite
        out.append([cite, lines.get(key, "")])
    return out


def _table(rnd: Any) -> dict:
    """The layout and the wagers as the machine has them after a step (amounts in dollars, two decimals)."""
    view = rnd.game.info.view
    places = (view.places if view is not None else places_moved)(rnd)
    return {"places": [[name, [[code if up else None, up] for code, up in cards]] for name, cards in places],
            "wagers": [[w.seat, w.hand, w.name, f"{w.amount:.2f}"] for w in rnd.wagers]}


def _changes(before: list, after: list) -> list[list]:
    """``[[seat, hand, wager, amount before or None, amount after], ...]``: each wager placed or raised in a step."""
    was = {(s, h, n): a for s, h, n, a in before}
    return [[s, h, n, was.get((s, h, n)), a] for s, h, n, a in after if was.get((s, h, n)) != a]


def walk_data(log: RoundLog, machine: str | None = None) -> tuple[dict, MachineSpec, ReplayReport]:
    """What the page shows, step by step, and the replay's report (``machine``: an edited machine file of the
    log's game, replayed and drawn instead of the installed one)."""
    fired: list[TransitionSpec] = []
    tables: list[dict] = []
    report = rerun(log, lambda t, rnd: (fired.append(t), tables.append(_table(rnd))), machine)
    header = log.header
    spec = load_game(header["game"], machine=machine).spec
    phase_index = {s: n for n, p in enumerate(spec.phases) for s in p.states}
    departures: dict[Any, list[str]] = {}  # by the line of the event each is at (None: the log's as a whole)
    for d in report.departures:
        departures.setdefault(d.line if d.seq is not None else None, []).append(str(d))
    words = list(header.get("actions", []))
    wagers = [[int(seat), 0, name, f"{amount:.2f}"] for seat, placed in header["seats"].items()
              for name, amount in placed.items()]
    steps = []
    for i, event in enumerate(log.events):
        t = fired[i] if i < min(len(fired), report.compared) and (fired[i].trigger, fired[i].source, fired[i].dest) == \
            (event["trigger"], event["source"], event["dest"]) else None
        table = tables[i] if t is not None else None
        changes = _changes(wagers, table["wagers"]) if table else []
        wagers = table["wagers"] if table else wagers
        steps.append({"seq": event["seq"], "trigger": event["trigger"], "source": event["source"], "dest": event["dest"],
                      "label": spec.state(event["dest"]).label if _known(spec, event["dest"]) else event["dest"],
                      "phase": phase_index.get(event["dest"], 0), "transition": t.index if t is not None else None,
                      "self_loop": t is not None and t.source == t.dest, "by": t.by if t is not None else None,
                      "word": words.pop(0) if t is not None and t.by == "player" and words else None,
                      "cites": _subsection_lines(spec, event.get("cite", [])), "settled": event.get("settled", []),
                      "notes": [for_people(n) for n in event.get("notes", [])], "seat": event.get("seat"),
                      "hand": event.get("hand"),
                      "table": table, "changes": changes, "departures": departures.get(log.lines[i], [])})
    unplaced = departures.get(None, [])
    data = {"game": header["game"], "section": spec.section, "title": spec.title, "file": Path(log.file).name,
            "seats": header["seats"], "steps": steps, "verdict": report.verdict, "log_departures": unplaced,
            "phases": [{"id": p.id, "label": p.label} for p in spec.phases]}
    return data, spec, report


def _known(spec: MachineSpec, state: str) -> bool:
    return any(s.id == state for s in spec.states)


def _nav(spec: MachineSpec, beside: list[str] | None) -> str:
    """Links to the pages written beside this one: the review page (its overview and phases), the dossier and
    the other walk-throughs; ``None``: written alone (``play --walk``), so it says where those come from."""
    if beside is None:
        return ("The machine's review page (its overview, phases and full diagram) and its dossier: "
                "<code>pa-table-games review</code>; this round beside them: <code>review --log</code>.")
    page_file = f"{spec.name}.html"
    out = [f'<a href="{href(page_file, "view=overview")}">Overview</a>']
    out += [f'<a href="{href(page_file, "view=phase-" + p.id)}">{n}. {text(p.label)}</a>' for n, p in enumerate(spec.phases, 1)]
    out += [f'<a href="{href(page_file)}">Review page</a>', f'<a href="{href(spec.name + ".pdf")}">Dossier (PDF)</a>']
    out += [f'<a href="{href(w)}">{text(w)}</a>' for w in beside]
    return " · ".join(out)


def walk_page(log: RoundLog, machine: str | None = None, beside: list[str] | None = None) -> str:
    """The walk-through page of one logged round (``machine``: an edited machine file of its game; ``beside``:
    the other walk-through pages written in the same folder, with the review page and the dossier)."""
    data, spec, report = walk_data(log, machine)
    drawings = []
    for n, (_, dot) in enumerate(phase_sources(spec)[1:]):
        svg = prefixed(inline_svg(render(dot, "svg").decode("utf-8")), f"p{n}-")
        drawings.append(f'<div class="phase" id="phase-{n}" hidden>{svg}</div>')
    verdict = report.sentence() + (": the first is marked on its step." if report.departures else ".")
    given = (f'\n<div class="given">Taken as given: {text("; ".join(report.taken_as_given))}.</div>'
             if report.taken_as_given else "")
    return fill(WALK_PAGE, policy=policy([WALK_SCRIPT], [WALK_STYLE]), style=WALK_STYLE,
                section=text(spec.section), title=text(spec.title), file=text(Path(log.file).name),
                verdict=text(verdict), verdict_class=report.verdict, given=given, nav=_nav(spec, beside),
                drawings="\n".join(drawings), data=script_json(data), script=WALK_SCRIPT)


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
        word = words.pop(0) if words else strategy.choose(rnd, rnd.legal_names())
        rnd.act(word)
        used.append(word)
        rnd.advance()
    return record(rnd, start, seats, used, seed=seed if shoe is None else None)


def write_walks(paths: list[Path], out: Path, key: bytes | None = None, allow_v1: bool = False,
                machine: str | None = None) -> list[Path]:
    """``<log stem>.walk.html`` for each round log in ``paths`` (any log ``replay`` reads, with the same ``key``
    and ``allow_v1``; ``machine``: an edited machine file of their game), and the review page of each game
    beside them, which the walk-throughs link to; return the paths."""
    make_folder(out)
    logs = [read_log(path, key, allow_v1) for path in paths]
    names = [f"{Path(path).stem}.walk.html" for path in paths]
    for at, name in enumerate(names):  # one page each: a second of the same name would replace the first
        if name in names[:at]:
            raise TableGamesError(f"{paths[names.index(name)]} and {paths[at]} are both drawn as {out / name}: give "
                                  f"the logs different names")
    walks: dict[str, list[str]] = {}
    for log, name in zip(logs, names):
        walks.setdefault(load_game(log.header["game"]).info.name, []).append(name)
    for game in walks:  # an input or a planted link where a page goes: refused before any page is written
        check_target(page_path(out, load_game(game, machine=machine).spec))
    pages = [(check_target(out / name), walk_page(log, machine, [n for n in names if n != name]))
             for log, name in zip(logs, names)]
    written = [write_atomic(target, page) for target, page in pages]  # each replayed and drawn before any is written
    return written + write_review(sorted(walks), out, machine, walks=walks, with_index=False)


def tampered(log: RoundLog) -> RoundLog:
    """``log`` with its last settlement's net changed: the sample of a departure the page marks."""
    events = [dict(e) for e in log.events]
    at = max(i for i, e in enumerate(events) if e.get("settled"))
    rows = [dict(r) for r in events[at]["settled"]]
    rows[-1]["net"] = rows[-1]["net"] + rows[-1]["amount"]  # paid one unit more than the machine pays
    events[at]["settled"] = rows
    return attrs.evolve(log, events=events, file=log.file.replace(".jsonl", "-tampered.jsonl"))


def write_demo_walks(games: list[str], out: Path) -> list[Path]:
    """``<machine>.walk.html``: each game's demo round (``make run`` plays it); for a game whose demo says
    ``"tampered": True`` also ``<machine>.tampered.walk.html``, the same round with a settlement changed, as
    ``replay`` marks it."""
    make_folder(out)
    written = []
    for game in sorted(games):
        spec = load_game(game).spec
        log = attrs.evolve(demo_log(game), file=f"{spec.name}-demo.jsonl")
        files = demo_walk_files(spec)
        for path, shown in zip(files, (log, tampered(log))):
            write_atomic(out / path, walk_page(shown, beside=[f for f in files if f != path]))
            written.append(out / path)
    return written
