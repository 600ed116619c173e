"""The review page: one static, self-contained HTML page per machine, and an index.

A compliance officer opens ``diagrams/<machine>.html`` straight from disk: the SVG diagram
(inline, in its reader view), beside it the subsection table of :mod:`pa_table_games.review.trace`,
the waivers and the readings. Clicking a state, a row or an arrow shows its citation, its
conditions and actions with their one-line meaning (the first line of each registered
function's doc string); clicking a subsection highlights the states and arrows that encode it.
Printed, the page gives the whole diagram in parts (:mod:`pa_table_games.review.page_print`)
and then every table. No server, no network, no framework: inline CSS and vanilla JavaScript
(``review_template.py``, ``review_script.py``). The output is deterministic, so
``make check-diagrams`` catches drift like it does for the diagrams.

Diagram element ids (from :mod:`pa_table_games.review.diagram`, as graphviz-pure emits them): a state
is ``state-<id>``, an arrow ``t<index>``, and a self-loop listed inside its state's box
``a_t<index>`` (graphviz prefixes the id of a linked table cell with ``a_``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import attrs

from pa_table_games.files import make_folder, write_atomic
from pa_table_games.games import game_info, load_game
from pa_table_games.review import page_print as review_print
from pa_table_games.review.diagram import action_words, condition_words, numbers, render, to_dot
from pa_table_games.review.page_script import SCRIPT
from pa_table_games.review.page_template import INDEX, PAGE
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.review.phases import overview_stem, phase_stem
from pa_table_games.review.trace import Row, Trace, trace

_ID = re.compile(r'\bid="([^"]+)"')


def _fill(template: str, **values: str) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    return template


def inline_svg(svg: str) -> str:
    """The SVG document as an element to put inside HTML (no XML declaration or DOCTYPE)."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg, flags=re.S)
    return svg.strip()


def svg_ids(svg: str) -> set[str]:
    return {html.unescape(m) for m in _ID.findall(svg)}


def _entry(spec: MachineSpec, entry, negated: bool = False) -> dict:
    return {"name": entry.name, "doc": entry.doc, "negated": negated,
            "cites": [spec.cite_text(c) for c in entry.cite]}


def _transition(spec: MachineSpec, t: TransitionSpec, ids: set[str], number: int) -> dict:
    svg = next((i for i in (f"t{t.index}", f"a_t{t.index}") if i in ids), "")
    who = "Player decision" if t.by == "player" else "Dealer step"
    source, dest = spec.state(t.source).label, spec.state(t.dest).label
    where = f"in '{source}' (stays)" if t.source == t.dest else f"'{source}' → '{dest}'"
    cond = condition_words(spec, t)
    order = (f" Number {number} of the ways out of '{source}': " +
             ("the dealer's steps are tried in numbered order; the first whose condition holds fires." if t.by == "dealer"
              else "open to the player when no dealer step applies and its condition holds."))
    when = f" It fires {cond}." if cond in ("always", "otherwise") else f" Condition: {cond}." if cond else ""
    return {"svg": svg, "heading": f"{who}: {action_words(t)}", "summary": f"{where}.{when}{order}", "where": where,
            "cites": list(t.cite),
            "guards": [_entry(spec, g) for g in t.when] + [_entry(spec, g, True) for g in t.unless],
            "actions": [_entry(spec, a) for a in t.do]}


def _state(spec: MachineSpec, state_id: str, ids: set[str]) -> dict:
    s = spec.state(state_id)
    kind = "initial state" if s.id == spec.initial else "final state" if s.final else "state"
    out = spec.outgoing(s.id)
    steps = ", ".join(dict.fromkeys(action_words(t) for t in out if t.by == "dealer")) or "none"
    decisions = ", ".join(dict.fromkeys(action_words(t) for t in out if t.by == "player")) or "none"
    summary = f"{kind.capitalize()} '{s.label}'." + ("" if s.final else f" Dealer steps: {steps}. Player decisions: {decisions}.")
    key = f"state-{s.id}"
    return {"svg": key if key in ids else "", "heading": f"State: {s.label}", "summary": summary, "where": s.id,
            "cites": list(s.cite), "guards": [], "actions": []}


def machine_data(spec: MachineSpec, tr: Trace, svg: str) -> dict:
    """What the page's script reads: every clickable element and every citation's paraphrase."""
    ids = svg_ids(svg)
    elements = {f"state-{s.id}": _state(spec, s.id, ids) for s in spec.states}
    order = numbers(spec)
    elements.update({f"t{t.index}": _transition(spec, t, ids, order[t.index]) for t in spec.transitions})
    cites = {r.key: {"cite": r.cite, "text": r.text} for r in tr.rows + tr.references}
    return {"game": tr.game, "section": tr.section, "elements": elements, "cites": cites}


def _encoded_by(row: Row) -> str:
    if not row.citers:
        return f"<em>Waived:</em> {html.escape(row.waiver)}" if row.waiver else "<strong>UNMAPPED</strong>"
    parts = []
    for kind in ("state", "transition", "guard", "action", "refusal"):
        names = list(dict.fromkeys(c.name.split(" (")[0] for c in row.of_kind(kind)))
        if names:
            parts.append(f"{kind}{'s' if len(names) > 1 else ''}: " +
                         ", ".join(f"<code>{html.escape(n)}</code>" for n in names))
    return "; ".join(parts)


def _row(row: Row, status: str) -> str:
    waiver = f' data-waiver="{html.escape(row.waiver)}"' if row.waiver and not row.citers else ""
    return (f'<tr class="{status}" data-key="{html.escape(row.key)}" data-elements="{" ".join(row.elements)}"'
            f'{waiver} tabindex="0"><td class="cite">{html.escape(row.cite)}</td>'
            f"<td>{html.escape(row.text)}</td><td>{_encoded_by(row)}</td></tr>")


def waivers(spec: MachineSpec) -> str:
    """The waived subsections and why nothing encodes them."""
    if not spec.waived:
        return ""
    items = "".join(f'<tr><td class="cite">{html.escape(spec.cite_text(key))}</td><td>{html.escape(reason)}</td></tr>'
                    for key, reason in spec.waived)
    return (f'<h2 class="part" id="waivers">Waivers ({len(spec.waived)})</h2><table class="waivers">'
            f"<thead><tr><th>Subsection</th><th>Why nothing encodes it</th></tr></thead><tbody>{items}</tbody></table>")


def _fields(reading) -> list[tuple[str, str]]:
    """A reading's fields in order, as (name, text), whatever record the machine file loads it into."""
    if attrs.has(type(reading)):
        pairs = [(f.name, getattr(reading, f.name)) for f in attrs.fields(type(reading)) if f.name != "line"]
    elif isinstance(reading, dict):
        pairs = list(reading.items())
    elif isinstance(reading, (tuple, list)) and len(reading) == 2:
        pairs = [("subsection", reading[0]), ("reading", reading[1])]
    else:
        pairs = [("reading", reading)]
    text = lambda v: ", ".join(map(str, v)) if isinstance(v, (tuple, list)) else str(v)  # noqa: E731
    return [(str(k).replace("_", " "), text(v)) for k, v in pairs if v not in (None, "", (), [])]


def readings(spec: MachineSpec) -> str:
    """The readings register (where the text is ambiguous or silent, the reading taken), if the
    machine file has one."""
    register = getattr(spec, "readings", None) or ()
    items = list(register.items()) if isinstance(register, dict) else list(register)
    if not items:
        return ""
    out = [f'<h2 class="part" id="readings">Readings ({len(items)})</h2>']
    for reading in items:
        fields = _fields(reading)
        out.append('<dl class="reading">' + "".join(f"<dt>{html.escape(k.capitalize())}</dt><dd>{html.escape(v)}</dd>"
                                                     for k, v in fields) + "</dl>")
    return "\n".join(out)


def page(spec: MachineSpec, game: str, svg: str | None = None) -> str:
    """The review page of ``spec`` (``svg``: its rendered diagram; the reader view rendered here if omitted)."""
    tr = trace(spec, game)
    svg = inline_svg(svg if svg is not None else render(to_dot(spec), "svg").decode("utf-8"))
    data = json.dumps(machine_data(spec, tr, svg), ensure_ascii=False, sort_keys=True, indent=0, allow_nan=False)
    rows = [_row(r, r.status) for r in tr.rows] + [_row(r, "reference") for r in tr.references]
    caveat = f'<p class="caveat">Caveat: {html.escape(spec.section_note)}</p>' if spec.section_note else ""
    return _fill(PAGE, short=html.escape(spec.short_section), section=html.escape(spec.section),
                 title=html.escape(spec.title), caveat=caveat, summary=html.escape(tr.summary),
                 machine=html.escape(spec.shown_path), rows="\n".join(rows),
                 waivers=waivers(spec), readings=readings(spec),
                 print_note=html.escape(review_print.note(review_print.layout(svg))),
                 tiles=review_print.tiles(svg), script=SCRIPT,
                 data=data.replace("</", "<\\/"), svg=svg)


def _reading_links(spec: MachineSpec) -> str:
    """The overview, each phase's diagram, the full diagram, the review page and the dossier of ``spec``."""
    name = html.escape(spec.name)
    links = []
    if spec.phases:
        links.append(f'<a href="{html.escape(overview_stem(spec))}.svg">overview</a>')
        links.append("phases: " + ", ".join(f'<a href="{html.escape(phase_stem(spec, p))}.svg">{n}. {html.escape(p.label)}</a>'
                                            for n, p in enumerate(spec.phases, 1)))
    links += [f'<a href="{name}.svg">full diagram</a>', f'<a href="{name}.html">review page</a>',
              f'<a href="{name}.pdf">dossier (PDF)</a>', f'<a href="{name}.walk.html">walk-through of the demo round</a>']
    if game_info(spec.game).demo.get("tampered"):
        links.append(f'<a href="{name}.tampered.walk.html">the same round tampered: the departure marked</a>')
    return "<br>".join(links)


def index(specs: list[tuple[str, MachineSpec]]) -> str:
    rows = []
    for game, spec in specs:
        tr = trace(spec, game)
        caveat = f'<br><span class="caveat">Caveat: {html.escape(spec.section_note)}</span>' if spec.section_note else ""
        rows.append(f'<tr><td><a href="{html.escape(spec.name)}.html">{html.escape(spec.section)}</a>{caveat}<br>'
                    f"{html.escape(spec.title)}</td><td><code>{html.escape(game)}</code></td>"
                    f"<td>{_reading_links(spec)}</td><td>{html.escape(tr.summary)}</td></tr>")
    return _fill(INDEX, rows="\n".join(rows))


def write_review(games: list[str], out: Path, machine: str | None = None) -> list[Path]:
    """Write ``<machine>.html`` for each game and ``index.html`` into ``out`` (``machine``: an edited machine
    file of the one game); return the paths."""
    make_folder(out)
    written, specs = [], []
    for game in sorted(games):
        spec = load_game(game, machine=machine).spec
        specs.append((game, spec))
        path = out / f"{spec.name}.html"
        write_atomic(path, page(spec, game))
        written.append(path)
    path = out / "index.html"
    write_atomic(path, index(specs))
    return written + [path]
