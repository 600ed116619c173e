"""The review dossier: one PDF per machine, for a compliance officer, with no browser.

Contents: a cover (section, title, the machine file's SHA-256, the caveats: the machine file's
notes and the cross-referenced sections not available), the diagram, the states, the subsection
table (paraphrase -> the states and arrows that encode it, or the waiver and its reason), every
step in words in the order it is tried, the guards and actions with their meaning and
citations, the Rules defaults, the readings register and any refusals.

The diagram is the committed SVG of the pinned renderer drawn as vectors (:mod:`.svg_pdf`).
Drawn whole on one page the Blackjack diagram's 8-point labels would shrink to about 2.6 points,
so it is tiled: scaled so that its smallest text is 6 points, cut into Letter pages that overlap
by a quarter inch (the overlap marked by dashed lines, each neighbour named in the margin),
after a one-page map of the tiles. reportlab writes the PDF with ``invariant=1`` (no date or
random document id) and the standard Helvetica fonts (nothing embedded), so the same machine
file gives the same bytes on every machine, like the SVGs.
"""

from __future__ import annotations

import hashlib
import html
import io
from importlib.metadata import version
from pathlib import Path

import attrs
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Table, TableStyle)

from pa_table_games.errors import TableGamesError
from pa_table_games.files import check_target, make_folder, write_atomic
from pa_table_games.games import game_info, load_game
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.review.diagram import render, to_dot
from pa_table_games.review import quotes
from pa_table_games.review.phases import phase_sources
from pa_table_games.review.svg_pdf import Diagram, Painter, parse, plain, tiles
from pa_table_games.review.trace import Row, Trace, trace

MARGIN, FOOTER = 36.0, 18.0
PAGES = {"portrait": LETTER, "landscape": landscape(LETTER)}
FRAMES = {name: (size[0] - 2 * MARGIN, size[1] - 2 * MARGIN) for name, size in PAGES.items()}
FRAME = FRAMES["portrait"]  # the text pages
CAPTION, OVERLAP, SMALLEST_TEXT = 16.0, 18.0, 6.0
OVERVIEW_TEXT, PHASE_TEXT = 9.0, 7.0  # the smallest text of the overview page and of a phase's pages, in points

_SHEET = getSampleStyleSheet()
BODY = ParagraphStyle("body", _SHEET["Normal"], fontName="Helvetica", fontSize=9.5, leading=12, spaceAfter=4)
CELL = ParagraphStyle("cell", BODY, fontSize=8, leading=9.6, spaceAfter=0)
H1 = ParagraphStyle("h1", _SHEET["Heading1"], fontName="Helvetica-Bold", fontSize=16, leading=20)
H2 = ParagraphStyle("h2", _SHEET["Heading2"], fontName="Helvetica-Bold", fontSize=12, leading=15, spaceBefore=8)
H3 = ParagraphStyle("h3", BODY, fontName="Helvetica-Bold", fontSize=9.5, spaceBefore=6)
GRID = TableStyle([("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                   ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")), ("LEFTPADDING", (0, 0), (-1, -1), 3),
                   ("RIGHTPADDING", (0, 0), (-1, -1), 3)])


def _p(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph of plain text: escaped, so markup in a machine file's words (``<b>``, ``<font>``, ``&amp;``)
    is printed as written, never read as reportlab's paragraph markup; characters Helvetica lacks written
    plainly."""
    return Paragraph(html.escape(plain(text), quote=False), style)


def _table(header: list[str], rows: list[list[str]], widths: list[float]) -> Table:
    cells = [[_p(h, CELL) for h in header]] + [[_p(c, CELL) for c in row] for row in rows]
    return Table(cells, colWidths=[w * FRAME[0] for w in widths], repeatRows=1, style=GRID)


# -- the diagram -------------------------------------------------------------------------------------
def _scale(d: Diagram, room: tuple[float, float], smallest: float = SMALLEST_TEXT) -> float:
    """Whole on one page if its smallest text stays >= ``smallest`` pt there, else the scale that makes it so."""
    fit = min(room[0] / d.width, room[1] / d.height, 1.0)
    return fit if fit * d.min_font_size() >= smallest else min(1.0, smallest / d.min_font_size())


def orientation(d: Diagram, smallest: float = SMALLEST_TEXT) -> str:
    """The page orientation that cuts the diagram into fewer tiles (portrait on a tie)."""
    def count(name: str) -> int:
        room = (FRAMES[name][0], FRAMES[name][1] - CAPTION)
        s = _scale(d, room, smallest)
        return len(tiles(d.width * s, d.height * s, room, OVERLAP))
    return min(PAGES, key=lambda name: (count(name), name != "portrait"))


def _tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


class DiagramPage(Flowable):
    """One page of the diagram: the map of the tiles (``tile=None``) or one tile at :func:`_scale`."""

    def __init__(self, d: Diagram, name: str, frame: tuple[float, float],
                 tile: tuple[int, int, float, float] | None = None, smallest: float = SMALLEST_TEXT,
                 form: str = "diagram") -> None:
        super().__init__()
        self.d, self.name, self.tile, self.frame, self.form = d, name, tile, frame, form
        self.room = (frame[0], frame[1] - CAPTION)
        self.smallest = smallest
        self.s = _scale(d, self.room, smallest)
        self.grid = tiles(d.width * self.s, d.height * self.s, self.room, OVERLAP)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.frame

    def draw(self) -> None:
        c = self.canv
        rows, cols = max(t[0] for t in self.grid) + 1, max(t[1] for t in self.grid) + 1
        c.setFont("Helvetica-Bold", 9)
        c.setFillColor(colors.black)
        if self.tile is None:
            c.drawString(0, self.frame[1] - 10, plain(f"{self.name}: map of the {rows * cols} tiles that follow ({rows} rows "
                                                 f"x {cols} columns, drawn at {self.s:.0%}; text at least {self.smallest:g} pt)"))
            self._map()
            return
        row, col, x, y = self.tile
        where = "" if len(self.grid) == 1 else f", tile {_tile_name(row, col)} (row {row + 1} of {rows}, column {col + 1} of {cols})"
        c.drawString(0, self.frame[1] - 10, plain(f"{self.name}{where}, drawn at {self.s:.0%}"))
        c.saveState()
        box = c.beginPath()
        box.rect(0, 0, *self.room)
        c.clipPath(box, stroke=0, fill=0)
        c.translate(-x, self.room[1] + y - self.d.height * self.s)
        c.scale(self.s, self.s)
        c.doForm(self._form())
        c.restoreState()
        self._overlaps(row, col, rows, cols)

    def _form(self) -> str:
        """The whole drawing, stored once in the PDF and placed on every tile (each page clips its part)."""
        name = self.form
        if not self.canv.hasForm(name):
            self.canv.beginForm(name, 0, 0, self.d.width, self.d.height)
            Painter(self.canv, self.d).paint()
            self.canv.endForm()
        return name

    def _overlaps(self, row: int, col: int, rows: int, cols: int) -> None:
        """Dashed lines where the neighbouring tiles begin; their names in the margin."""
        c, (w, h) = self.canv, self.room
        c.setDash([3, 3])
        c.setStrokeColor(colors.grey)
        c.setLineWidth(0.5)
        c.setFont("Helvetica", 7)
        c.setFillColor(colors.grey)
        for dr, dc, x1, y1, x2, y2, tx, ty in ((0, 1, w - OVERLAP, 0, w - OVERLAP, h, w - 2, h / 2),
                                               (0, -1, OVERLAP, 0, OVERLAP, h, 2, h / 2),
                                               (1, 0, 0, OVERLAP, w, OVERLAP, w / 2, 2),
                                               (-1, 0, 0, h - OVERLAP, w, h - OVERLAP, w / 2, h - 8)):
            if 0 <= row + dr < rows and 0 <= col + dc < cols:
                c.line(x1, y1, x2, y2)
                label = f"continues on {_tile_name(row + dr, col + dc)}"
                {1: c.drawRightString, -1: c.drawString}.get(dc, c.drawCentredString)(tx, ty, label)
        c.setDash([])

    def _map(self) -> None:
        c, d = self.canv, self.d
        fit = min(self.room[0] / (d.width * self.s), (self.room[1] - 12) / (d.height * self.s))
        c.saveState()
        c.translate(0, self.room[1] - 12 - d.height * self.s * fit)
        c.scale(self.s * fit, self.s * fit)
        Painter(c, d, text=False).paint()
        c.restoreState()
        c.setStrokeColor(colors.red)
        c.setFillColor(colors.red)
        c.setFont("Helvetica-Bold", 9)
        top, width, height = self.room[1] - 12, d.width * self.s * fit, d.height * self.s * fit
        for row, col, x, y in self.grid:  # each tile's outline, cut to the drawing
            left, right = x * fit, min((x + self.room[0]) * fit, width)
            upper, lower = top - y * fit, max(top - (y + self.room[1]) * fit, top - height)
            c.rect(left, lower, right - left, upper - lower, fill=0)
            c.drawString(left + 3, upper - 11, _tile_name(row, col))


def diagram_pages(drawings: list[tuple[Diagram, str, float, str]]) -> list[Flowable]:
    """Each drawing ``(diagram, caption, smallest text in pt, form name)``: its tiles (after a map of them
    when there are more than two), on pages turned the way that needs fewer of them; then back to portrait."""
    out: list[Flowable] = []
    for d, name, smallest, form in drawings:
        turn = orientation(d, smallest)
        frame = FRAMES[turn]
        pages = DiagramPage(d, name, frame, smallest=smallest, form=form)
        shown = [DiagramPage(d, name, frame, t, smallest, form) for t in pages.grid]
        if len(shown) > 2:
            shown.insert(0, pages)
        for page in shown:
            out += [NextPageTemplate(turn), PageBreak(), page]
    return out + [NextPageTemplate("portrait"), PageBreak()]


# -- the text ------------------------------------------------------------------------------------------
def _cites(spec: MachineSpec, cites) -> str:
    return ", ".join(spec.cite_text(c) for c in cites)


def _encoded_by(spec: MachineSpec, row: Row) -> str:
    if not row.citers:
        return f"Waived: {row.waiver}" if row.waiver else "UNMAPPED"
    labels = {s.id: s.label for s in spec.states}
    parts = []
    for kind, noun in (("state", "states"), ("transition", "arrows"), ("guard", "guards"), ("action", "actions"),
                       ("refusal", "refusals")):
        names = list(dict.fromkeys(f'"{labels[c.name]}"' if kind == "state" else c.name for c in row.of_kind(kind)))
        if names:
            parts.append(f"{noun}: " + ", ".join(names))
    return "; ".join(parts)


def _step(spec: MachineSpec, t: TransitionSpec, n: int) -> Paragraph:
    who = f"Dealer step {n}" if t.by == "dealer" else "Player decision"
    where = "stays" if t.source == t.dest else f'goes to "{spec.state(t.dest).label}"'
    words = [f"{who}: {t.trigger}, {where} ({_cites(spec, t.cite)})."]
    words += [f"When {g.doc}." for g in t.when] + [f"Unless {g.doc}." for g in t.unless]
    words += [f"Then: {a.doc}." for a in t.do] or ["Does nothing else."]
    if t.turns:
        words.append(f"Goes {t.turns.text} ({spec.turns_source(t.turns)}).")
    return _p(" ".join(words))


def _steps(spec: MachineSpec) -> list[Flowable]:
    out: list[Flowable] = [_p("From each state the dealer's steps are tried in the order numbered; the first whose "
                              "conditions hold fires. A player decision fires only when a player makes it.")]
    for s in spec.states:
        if s.final:
            continue
        out.append(_p(f'From "{s.label}" ({s.id}, {_cites(spec, s.cite)})', H3))
        if s.turns:
            out.append(_p(f"Its decisions go {s.turns.text} ({spec.turns_source(s.turns)})."))
        dealer = 0
        for t in spec.outgoing(s.id):
            dealer += t.by == "dealer"
            out.append(_step(spec, t, dealer))
    return out


def _rules(game: str) -> list[list[str]]:
    rows = []
    for f in attrs.fields(game_info(game).rules_class):
        default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default
        rows.append([f.name, "none" if default is None else str(default), f.metadata.get("cite", ""),
                     f.metadata.get("help", "")])
    return rows


def _cover(spec: MachineSpec, tr: Trace, game: str, digest: str) -> list[Flowable]:
    out = [_p(spec.section, H1), _p(spec.title, H2),
           _p(f"Review dossier of the machine file {spec.shown_path} (game {game}), generated by "
              f"pa-table-games {version('pa-table-games')} from that file, its game's guards and actions and the "
              "default Rules. The same machine file gives the same PDF, byte for byte."),
           _p(f"Machine file SHA-256: {digest}"),
           _p(f"{tr.summary}; {len(spec.states)} states, {len(spec.transitions)} steps (arrows and rows), "
              f"{len(spec.readings)} readings."),
           _p("Caveats", H2)]
    out += [_p(f"Caveat about the section itself: {spec.section_note}")] if spec.section_note else []
    quoted = quotes.check(spec)
    out += [_p(f"Quotations: {quoted.summary}" + (f" ({quoted.text_file})." if quoted.text_file else "."))]
    out += [_p(f"Departure: {d}", CELL) for d in quoted.departures]
    out += [_p(spec.notes or "none")]
    out += [_p(f"{key}: {text}") for key, text in spec.references]
    out += [_p("Contents", H2)] + [_p(f"{i}. {name}") for i, name in enumerate(
        ["The phases of a round (overview, then a diagram per phase)" if spec.phases else "Diagram", "States", "Subsections and what encodes them", "Every step in words",
         "Guards and actions", "Rules defaults", "Readings register", "Refusals"], start=1)]
    out += [_p("How to read the diagram", H2),
            _p("The overview draws each phase of the round as a box, in the section's order, and the steps that "
               "lead from one phase to the next with their conditions. Each phase's own diagram draws its states "
               "(each box a state with its citation) and its steps, each with its trigger, its conditions and its "
               "citation; dashed notes name the neighbouring phases. The full diagram of every state at once is "
               "diagrams/<machine>.svg and the review page. Section 4 says every step in words, in the order it "
               "is tried." if spec.phases else
               "The diagram's legend, under its title, says what its boxes, lines and colours mean. Each box is a "
               "state with its citation; each step is drawn with its trigger, its conditions and its citation. "
               "Section 4 says every step in words, in the order it is tried.")]
    return out


def story(game: str, machine: str | None = None) -> list[Flowable]:
    """Everything in the dossier of ``game`` (``machine``: an edited machine file of it), in order."""
    spec = load_game(game, machine=machine).spec
    tr = trace(spec, game)
    digest = hashlib.sha256(Path(spec.path).read_bytes()).hexdigest()
    out = _cover(spec, tr, game, digest)
    sources = phase_sources(spec)
    drawn = lambda dot: parse(render(dot, "svg").decode("utf-8"))  # noqa: E731
    if sources:  # the overview on one page, then each phase: the round as the section tells it
        out += diagram_pages([(drawn(sources[0][1]), "1. The phases of a round", OVERVIEW_TEXT, "overview")] + [
            (drawn(dot), f"1.{n} Phase {n} of {len(spec.phases)}: {phase.label}", PHASE_TEXT, f"phase{n}")
            for n, ((_, dot), phase) in enumerate(zip(sources[1:], spec.phases), 1)])
    else:
        out += diagram_pages([(drawn(to_dot(spec)), f"1. Diagram of {spec.short_section}", SMALLEST_TEXT, "diagram")])
    out += [_p("2. States", H2), _table(["State", "Id", "Cites", "Kind"], [
        [s.label, s.id, _cites(spec, s.cite), "initial" if s.id == spec.initial else "final" if s.final else ""]
        for s in spec.states], [0.42, 0.25, 0.23, 0.1])]
    out += [_p("3. Subsections and what encodes them", H2), _p(tr.summary),
            _table(["Subsection", "Paraphrase", "Encoded by, or the waiver and its reason"],
                   [[r.cite, r.text, _encoded_by(spec, r)] for r in tr.rows + tr.references], [0.14, 0.46, 0.40])]
    out += [_p("4. Every step in words", H2)] + _steps(spec)
    out += [_p("5. Guards and actions", H2), _table(["Name", "Kind", "Meaning", "Cites"], [
        [e.name, e.kind, e.doc, _cites(spec, e.cite)] for e in spec.entries()], [0.3, 0.08, 0.44, 0.18])]
    out += [_p("6. Rules defaults (a Rules Submission may choose otherwise)", H2),
            _table(["Option", "Default", "Cite", "Meaning"], _rules(game), [0.22, 0.13, 0.12, 0.53])]
    out += [_p("7. Readings register", H2),
            _p("Where the text is ambiguous, silent, or points to a section not available: the reading taken, the "
               "sentence of the section it rests on, and the alternative rejected.")]
    for r in spec.readings:
        out += [_p(f"{tr.reading_cites(r)} ({spec.shown_path}:{r.line})", H3),
                _p(f"Reading: {r.reading}"), _p(f'Rests on: "{r.rests_on}"'), _p(f"Rejected: {r.rejected}")]
    out += [_p("8. Refusals", H2)] + ([_p(f"{r.trigger}: refused, {r.reason} ({spec.cite_text(r.cite)})")
                                        for r in spec.refusals] or [_p("none")])
    return out


def dossier(game: str, path: Path, machine: str | None = None) -> Path:
    """Write the dossier of ``game`` (``machine``: an edited machine file of it) to ``path`` (built in memory,
    then written whole through :func:`~pa_table_games.files.write_atomic`: never through a link or a pipe)."""
    spec = load_game(game, machine=machine).spec

    def footer(width: float):
        def draw(canvas, doc) -> None:
            canvas.setFont("Helvetica", 7.5)
            canvas.setFillColor(colors.black)
            canvas.drawString(MARGIN, FOOTER, plain(f"{spec.section}: review dossier"))
            canvas.drawRightString(width - MARGIN, FOOTER, f"page {doc.page}")
        return draw

    pdf = io.BytesIO()
    doc = BaseDocTemplate(pdf, pagesize=LETTER, invariant=1, pageCompression=0,
                          title=plain(f"{spec.section}: review dossier"), author="pa-table-games",
                          subject=plain(spec.title), creator="pa-table-games",
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    doc.addPageTemplates([PageTemplate(name, [Frame(MARGIN, MARGIN, *FRAMES[name], leftPadding=0, rightPadding=0,
                                                    topPadding=0, bottomPadding=0)],
                                       onPage=footer(size[0]), pagesize=size) for name, size in PAGES.items()])
    try:
        doc.build(story(game, machine))
    except LayoutError as err:  # a text no page can hold (the loader's limits keep the installed machines far off)
        raise TableGamesError(f"{spec.path}: the dossier cannot lay out a page: {str(err).splitlines()[0][:120]}") from None
    return write_atomic(path, pdf.getvalue())


def write_dossiers(games: list[str], out: Path, machine: str | None = None) -> list[Path]:
    """Write ``<machine>.pdf`` for each game into ``out`` (``machine``: an edited machine file of the one game);
    return the paths."""
    make_folder(out)
    names = {game: load_game(game, machine=machine).spec.name for game in games}
    for game in games:  # a link or a pipe at any target is refused before any dossier is built
        check_target(out / f"{names[game]}.pdf")
    return [dossier(game, out / f"{names[game]}.pdf", machine) for game in sorted(games)]
