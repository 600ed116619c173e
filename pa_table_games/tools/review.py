"""The review page: one static, self-contained HTML page per machine, and an index.

A compliance officer opens ``diagrams/<machine>.html`` straight from disk: the SVG diagram
(inline), beside it the subsection table of :mod:`pa_table_games.tools.trace`. Clicking a state or
an arrow shows its citation, its guards and actions with their one-line meaning (the first
line of each registered function's doc string); clicking a subsection highlights the states
and arrows that encode it. No server, no network, no framework: a little inline vanilla
JavaScript (``review_template.py``). The output is deterministic, so ``make check-diagrams``
catches drift like it does for the diagrams.

Diagram element ids (from :mod:`pa_table_games.tools.diagram`, as graphviz-pure emits them): a state
is ``state-<id>``, an arrow ``t<index>``, and a self-loop listed inside its state's box
``a_t<index>`` (graphviz prefixes the id of a linked table cell with ``a_``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from pa_table_games.tools.diagram import render, to_dot
from pa_table_games.games import load_game
from pa_table_games.tools.review_template import INDEX, PAGE
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.tools.trace import Row, Trace, trace

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


def _transition(spec: MachineSpec, t: TransitionSpec, ids: set[str]) -> dict:
    svg = next((i for i in (f"t{t.index}", f"a_t{t.index}") if i in ids), "")
    who = "Player decision" if t.by == "player" else "Dealer step"
    source, dest = spec.state(t.source).label, spec.state(t.dest).label
    where = f"in '{source}' (stays)" if t.source == t.dest else f"'{source}' → '{dest}'"
    order = "" if t.by == "player" else " Dealer steps out of a state are tried in file order; the first whose guards hold fires."
    return {"svg": svg, "heading": f"{who}: {t.trigger}", "summary": f"{where}.{order}", "where": where,
            "cites": list(t.cite),
            "guards": [_entry(spec, g) for g in t.when] + [_entry(spec, g, True) for g in t.unless],
            "actions": [_entry(spec, a) for a in t.do]}


def _state(spec: MachineSpec, state_id: str, ids: set[str]) -> dict:
    s = spec.state(state_id)
    kind = "initial state" if s.id == spec.initial else "final state" if s.final else "state"
    out = spec.outgoing(s.id)
    steps = ", ".join(dict.fromkeys(t.trigger for t in out if t.by == "dealer")) or "none"
    decisions = ", ".join(dict.fromkeys(t.trigger for t in out if t.by == "player")) or "none"
    summary = f"{kind} '{s.id}'." + ("" if s.final else f" Dealer steps: {steps}. Player decisions: {decisions}.")
    key = f"state-{s.id}"
    return {"svg": key if key in ids else "", "heading": f"State: {s.label}", "summary": summary, "where": s.id,
            "cites": list(s.cite), "guards": [], "actions": []}


def machine_data(spec: MachineSpec, tr: Trace, svg: str) -> dict:
    """What the page's script reads: every clickable element and every citation's paraphrase."""
    ids = svg_ids(svg)
    elements = {f"state-{s.id}": _state(spec, s.id, ids) for s in spec.states}
    elements.update({f"t{t.index}": _transition(spec, t, ids) for t in spec.transitions})
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


def _reading(tr: Trace, r) -> str:
    """A row of the readings register; clicking it highlights what encodes the subsections it concerns."""
    elements = dict.fromkeys(e for row in tr.rows + tr.references if row.key in r.cite for e in row.elements)
    return (f'<tr class="reading" data-key="{html.escape(r.cite[0])}" data-elements="{" ".join(elements)}" tabindex="0">'
            f'<td class="cite">{html.escape(tr.reading_cites(r))}</td><td><em>Reading:</em> {html.escape(r.reading)}'
            f'</td><td><em>Rests on:</em> "{html.escape(r.rests_on)}" <em>Rejected:</em> {html.escape(r.rejected)}</td></tr>')


def page(spec: MachineSpec, game: str, svg: str | None = None) -> str:
    """The review page of ``spec`` (``svg``: its rendered diagram; rendered here if omitted)."""
    tr = trace(spec, game)
    svg = inline_svg(svg if svg is not None else render(to_dot(spec), "svg").decode("utf-8"))
    data = json.dumps(machine_data(spec, tr, svg), ensure_ascii=False, sort_keys=True, indent=0)
    rows = [_row(r, r.status) for r in tr.rows] + [_row(r, "reference") for r in tr.references]
    rows += [_reading(tr, r) for r in tr.readings]
    return _fill(PAGE, short=html.escape(spec.short_section), section=html.escape(spec.section),
                 title=html.escape(spec.title), summary=html.escape(tr.summary),
                 machine=html.escape(f"machines/{spec.name}.yaml"), rows="\n".join(rows),
                 data=data.replace("</", "<\\/"), svg=svg)


def index(specs: list[tuple[str, MachineSpec]]) -> str:
    rows = []
    for game, spec in specs:
        tr = trace(spec, game)
        rows.append(f'<tr><td><a href="{html.escape(spec.name)}.html">{html.escape(spec.section)}</a><br>'
                    f"{html.escape(spec.title)}</td><td><code>{html.escape(game)}</code></td>"
                    f"<td>{html.escape(tr.summary)}</td></tr>")
    return _fill(INDEX, rows="\n".join(rows))


def write_review(games: list[str], out: Path) -> list[Path]:
    """Write ``<machine>.html`` for each game and ``index.html`` into ``out``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written, specs = [], []
    for game in sorted(games):
        spec = load_game(game).spec
        specs.append((game, spec))
        path = out / f"{spec.name}.html"
        path.write_text(page(spec, game), encoding="utf-8")
        written.append(path)
    path = out / "index.html"
    path.write_text(index(specs), encoding="utf-8")
    return written + [path]
