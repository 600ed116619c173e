"""The review page: one static, self-contained HTML page per machine, and an index.

A compliance officer opens ``diagrams/<machine>.html`` straight from disk. It opens on the overview of the
round's phases at a size it can read; the tabs above the drawing show each phase's diagram and the full
diagram (inline, in their reader view). Beside them are the subsection table of
:mod:`pa_table_games.review.trace`, the waivers, the readings and the check of every quotation against the
stored section text (:mod:`.quotes`). Clicking a state, a row or an arrow shows its citation, its conditions
and actions with their one-line meaning (the first paragraph of each registered function's doc string, on one
line); clicking a subsection highlights the states and arrows that encode it; clicking a phase opens its diagram. Printed, the
page gives the full diagram in parts (:mod:`pa_table_games.review.page_print`) and then every table. No
server, no network, no framework: inline CSS and vanilla JavaScript (:mod:`.page_template`,
:mod:`.page_script`), built safely (:mod:`.markup`). The output is deterministic, so ``make check-diagrams``
catches drift like it does for the diagrams.

Diagram element ids (from :mod:`pa_table_games.review.diagram`, as graphviz-pure emits them): a state
is ``state-<id>``, an arrow ``t<index>``, and a self-loop listed inside its state's box
``a_t<index>`` (graphviz prefixes the id of a linked table cell with ``a_``). In the overview and the phase
drawings every id carries its drawing's prefix (``ov-``, ``p1-`` ...), so the full diagram keeps them plain.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import attrs

from pa_table_games.files import make_folder, write_atomic
from pa_table_games.games import game_info, load_game
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.review import page_print as review_print
from pa_table_games.review import quotes
from pa_table_games.review.diagram import action_words, condition_words, numbers, render, to_dot
from pa_table_games.review.markup import fill, href, inline_svg, policy, script_json, text
from pa_table_games.review.page_script import SCRIPT
from pa_table_games.review.page_template import INDEX, INDEX_STYLE, PAGE, STYLE, css_string
from pa_table_games.review.phases import overview_stem, phase_sources, phase_stem
from pa_table_games.review.trace import Row, Trace, trace

_ID = re.compile(r'\bid="([^"]+)"')

def svg_ids(svg: str) -> set[str]:
    return {html.unescape(m) for m in _ID.findall(svg)}


def prefixed(svg: str, prefix: str) -> str:
    """Every element id of a drawing with a prefix, so several drawings share one page."""
    return _ID.sub(lambda m: f'id="{prefix}{m[1]}"', svg) if prefix else svg


@attrs.frozen
class Drawing:
    """One drawing the page can show: the overview, a phase, or the full diagram."""

    id: str
    label: str
    file: str  # the SVG file ``diagram`` writes for it
    prefix: str
    svg: str  # inline, ids prefixed

    def meta(self) -> dict:
        return {"id": self.id, "label": self.label, "file": self.file, "prefix": self.prefix,
                "smallest": review_print.smallest_text(self.svg)}


def drawings(spec: MachineSpec, full_svg: str) -> list[Drawing]:
    """The overview and each phase (when the machine declares phases), then the full diagram."""
    out = []
    sources = phase_sources(spec)
    for n, (stem, dot) in enumerate(sources):
        svg = inline_svg(render(dot, "svg").decode("utf-8"))
        if n == 0:
            out.append(Drawing("overview", "Overview", f"{overview_stem(spec)}.svg", "ov-", prefixed(svg, "ov-")))
        else:
            phase = spec.phases[n - 1]
            out.append(Drawing(f"phase-{phase.id}", f"{n}. {phase.label}", f"{phase_stem(spec, phase)}.svg",
                               f"p{n}-", prefixed(svg, f"p{n}-")))
    return out + [Drawing("full", "Full diagram", f"{spec.name}.svg", "", full_svg)]


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


def machine_data(spec: MachineSpec, tr: Trace, svg: str, shown: list[Drawing] | None = None) -> dict:
    """What the page's script reads: every clickable element, every citation's paraphrase, the drawings."""
    ids = svg_ids(svg)
    elements = {f"state-{s.id}": _state(spec, s.id, ids) for s in spec.states}
    order = numbers(spec)
    elements.update({f"t{t.index}": _transition(spec, t, ids, order[t.index]) for t in spec.transitions})
    cites = {r.key: {"cite": r.cite, "text": r.text} for r in tr.rows + tr.references}
    views = [d.meta() for d in shown] if shown else []
    return {"game": tr.game, "section": tr.section, "elements": elements, "cites": cites, "views": views}


def _encoded_by(row: Row) -> str:
    if not row.citers:
        return f"<em>Waived:</em> {text(row.waiver)}" if row.waiver else "<strong>UNMAPPED</strong>"
    parts = []
    for kind in ("state", "transition", "guard", "action", "refusal"):
        names = list(dict.fromkeys(c.name.split(" (")[0] for c in row.of_kind(kind)))
        if names:
            parts.append(f"{kind}{'s' if len(names) > 1 else ''}: " +
                         ", ".join(f"<code>{text(n)}</code>" for n in names))
    return "; ".join(parts)


def _row(row: Row, status: str) -> str:
    waiver = f' data-waiver="{text(row.waiver)}"' if row.waiver and not row.citers else ""
    return (f'<tr class="{status}" data-key="{text(row.key)}" data-elements="{text(" ".join(row.elements))}"'
            f'{waiver} tabindex="0"><td class="cite">{text(row.cite)}</td>'
            f"<td>{text(row.text)}</td><td>{_encoded_by(row)}</td></tr>")


def waivers(spec: MachineSpec) -> str:
    """The waived subsections and why nothing encodes them."""
    if not spec.waived:
        return ""
    items = "".join(f'<tr><td class="cite">{text(spec.cite_text(key))}</td><td>{text(reason)}</td></tr>'
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
    words = lambda v: ", ".join(map(str, v)) if isinstance(v, (tuple, list)) else str(v)  # noqa: E731
    return [(str(k).replace("_", " "), words(v)) for k, v in pairs if v not in (None, "", (), [])]


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
        out.append('<dl class="reading">' + "".join(f"<dt>{text(k.capitalize())}</dt><dd>{text(v)}</dd>"
                                                     for k, v in fields) + "</dl>")
    return "\n".join(out)


def quotations(result: quotes.QuoteCheck) -> tuple[str, str]:
    """The header's line on the quotation check, and its part of the page (each departure named)."""
    cls = "departs" if result.departures else "caveat" if not result.stored else ""
    line = f'<a href="#quotes" class="{cls}">Quotations: {text(result.summary)}</a>'
    where = f" (stored text: <code>{text(result.text_file)}</code>)" if result.text_file else ""
    items = "".join(f"<li>{text(d)}</li>" for d in result.departures)
    part = (f'<h2 class="part" id="quotes">Quotations checked against the section text</h2>'
            f'<p class="{cls}">{text(result.summary)}{where}.</p>' + (f'<ul class="quotes">{items}</ul>' if items else ""))
    return line, part


def _links(spec: MachineSpec, walks: list[str], with_index: bool) -> str:
    """The page's links beside its drawings' tabs: the dossier, the walk-throughs written beside it, the index."""
    out = [f'<a href="{href(spec.name + ".pdf")}">Dossier (PDF)</a>']
    if walks:
        out.append("Walk-throughs: " + ", ".join(f'<a href="{href(w)}">{text(_walk_words(spec, w))}</a>' for w in walks))
    if with_index:
        out.append('<a href="index.html">All machines</a>')
    return " · ".join(out) + f" · machine file <code>{text(spec.shown_path)}</code>"


def page(spec: MachineSpec, game: str, svg: str | None = None, walks: list[str] = (), with_index: bool = True) -> str:
    """The review page of ``spec`` (``svg``: its rendered diagram; the reader view rendered here if omitted);
    ``walks``: the walk-through pages written beside it; ``with_index``: an index.html is written beside it."""
    tr = trace(spec, game)
    svg = inline_svg(svg if svg is not None else render(to_dot(spec), "svg").decode("utf-8"))
    shown = drawings(spec, svg)
    data = script_json(machine_data(spec, tr, svg, shown), indent=0)
    rows = [_row(r, r.status) for r in tr.rows] + [_row(r, "reference") for r in tr.references]
    caveat = f'<p class="caveat">Caveat: {text(spec.section_note)}</p>' if spec.section_note else ""
    quotes_line, quotes_part = quotations(quotes.check(spec))
    tabs = "".join(f'<button type="button" role="tab" id="tab-{d.id}" aria-selected="false">{text(d.label)}</button>'
                   for d in shown)
    views = "\n".join(f'<div class="view" id="view-{d.id}" hidden>{d.svg}</div>' for d in shown)
    style = fill(STYLE, footer=css_string(spec.short_section))
    return fill(PAGE, policy=policy([SCRIPT], [style]), style=style, short=text(spec.short_section),
                section=text(spec.section), title=text(spec.title), caveat=caveat, summary=text(tr.summary),
                quotes_line=quotes_line, quotes=quotes_part, links=_links(spec, list(walks), with_index),
                tabs=tabs, views=views, rows="\n".join(rows), waivers=waivers(spec), readings=readings(spec),
                print_note=text(review_print.note(review_print.layout(svg))), tiles=review_print.tiles(svg),
                script=SCRIPT, data=data)


def _reading_links(spec: MachineSpec, walks: list[str]) -> str:
    """The review page (opening on the overview), each phase, the full diagram, the dossier and the walks of ``spec``."""
    page_file = spec.name + ".html"
    links = []
    if spec.phases:
        links.append(f'<a href="{href(page_file, "view=overview")}">overview</a>')
        links.append("phases: " + ", ".join(f'<a href="{href(page_file, "view=phase-" + p.id)}">{n}. {text(p.label)}</a>'
                                            for n, p in enumerate(spec.phases, 1)))
    links += [f'<a href="{href(page_file, "view=full")}">full diagram</a>', f'<a href="{href(page_file)}">review page</a>',
              f'<a href="{href(spec.name + ".pdf")}">dossier (PDF)</a>']
    links += [f'<a href="{href(w)}">walk-through: {text(_walk_words(spec, w))}</a>' for w in walks]
    return "<br>".join(links)


def _walk_words(spec: MachineSpec, walk: str) -> str:
    if walk == f"{spec.name}.walk.html":
        return "the demo round"
    if walk == f"{spec.name}.tampered.walk.html":
        return "the same round tampered, its departure marked"
    return walk


def index(specs: list[tuple[str, MachineSpec]], walks: dict[str, list[str]] | None = None) -> str:
    """The index of the review pages written beside it (``walks``: per machine, its walk-through pages)."""
    rows = []
    for game, spec in specs:
        tr = trace(spec, game)
        caveat = f'<br><span class="caveat">Caveat: {text(spec.section_note)}</span>' if spec.section_note else ""
        rows.append(f'<tr><td><a href="{href(spec.name + ".html")}">{text(spec.section)}</a>{caveat}<br>'
                    f"{text(spec.title)}</td><td><code>{text(game)}</code></td>"
                    f"<td>{_reading_links(spec, (walks or {}).get(spec.name, []))}</td><td>{text(tr.summary)}</td></tr>")
    return fill(INDEX, policy=policy([], [INDEX_STYLE]), style=INDEX_STYLE, rows="\n".join(rows))


def demo_walk_files(spec: MachineSpec) -> list[str]:
    """The walk-through pages ``review`` writes beside a machine's page: its demo round, and the same round tampered
    for a game whose demo says ``"tampered": True``."""
    tampered = game_info(spec.game).demo.get("tampered")
    return [f"{spec.name}.walk.html"] + ([f"{spec.name}.tampered.walk.html"] if tampered else [])


def page_path(out: Path, spec: MachineSpec) -> Path:
    """Where a machine's review page is written: ``<machine>.html`` in ``out``."""
    return out / f"{spec.name}.html"


def write_review(games: list[str], out: Path, machine: str | None = None, demo_walks: bool = False,
                 walks: dict[str, list[str]] | None = None, with_index: bool = True) -> list[Path]:
    """Write ``<machine>.html`` for each game and, ``with_index``, ``index.html`` into ``out`` (``machine``: an
    edited machine file of the one game); each page links the walk-throughs written beside it: the demo
    rounds' (``demo_walks``) or ``walks[game]``. Return the paths."""
    make_folder(out)
    written, specs, listed = [], [], {}
    for game in sorted(games):
        spec = load_game(game, machine=machine).spec
        specs.append((game, spec))
        listed[spec.name] = demo_walk_files(spec) if demo_walks else list((walks or {}).get(game, []))
        path = page_path(out, spec)
        write_atomic(path, page(spec, game, walks=listed[spec.name], with_index=with_index))
        written.append(path)
    if with_index:
        path = out / "index.html"
        write_atomic(path, index(specs, listed))
        written.append(path)
    return written
