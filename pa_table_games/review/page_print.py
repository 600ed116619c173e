"""The printed diagram of a review page: the whole drawing, in parts, with its text at 6 pt or more.

The Blackjack drawing scaled to one page would print its smallest text at about 2 pt, so the
drawing is cut into overlapping parts, one per page, at the largest scale that fits the page
when the whole drawing fits, else at the scale that prints the smallest text at
:data:`MIN_TEXT_PT`. Each part is an ``<svg>`` whose ``viewBox`` frames one region of the
inline diagram and draws it with ``<use href="#graph0">`` (graphviz's outermost group), so
the page carries the drawing once. Grey dashed lines inside a part mark where its neighbours
begin and end. A part is sized to fit both A4 and US Letter inside the page's margins.
"""

from __future__ import annotations

import math
import re

from attrs import frozen

PART_W_PT, PART_H_PT = 500.0, 650.0  # the drawing's share of a page (A4 and US Letter, 12-16 mm margins)
MIN_TEXT_PT = 6.0
OVERLAP_PT = 36.0  # of the drawing, shared by neighbouring parts (half an inch at 1:1)

_VIEWBOX = re.compile(r'<svg[^>]*\bviewBox="([-\d. ]+)"')
_FONT = re.compile(r'font-size="([\d.]+)"')


@frozen
class Part:
    row: int
    col: int
    x: float  # the region of the drawing, in its own points
    y: float


@frozen
class Layout:
    scale: float
    width: float  # region of the drawing one part shows
    height: float
    rows: int
    cols: int
    smallest: float  # the drawing's smallest text, in its own points
    drawing_w: float
    drawing_h: float

    @property
    def parts(self) -> list[Part]:
        step_x = (self.drawing_w - self.width) / (self.cols - 1) if self.cols > 1 else 0.0
        step_y = (self.drawing_h - self.height) / (self.rows - 1) if self.rows > 1 else 0.0
        return [Part(r, c, c * step_x, r * step_y) for r in range(self.rows) for c in range(self.cols)]


def drawing_size(svg: str) -> tuple[float, float]:
    """Width and height of the drawing, in points (its ``viewBox``)."""
    _, _, w, h = (float(v) for v in _VIEWBOX.search(svg).group(1).split())
    return w, h


def smallest_text(svg: str) -> float:
    return min((float(v) for v in _FONT.findall(svg)), default=MIN_TEXT_PT)


def _count(total: float, part: float) -> int:
    return 1 if total <= part else math.ceil((total - OVERLAP_PT) / (part - OVERLAP_PT))


def layout(svg: str) -> Layout:
    """How ``svg`` is cut into pages: one page if it fits with its text at 6 pt or more, else parts."""
    w, h = drawing_size(svg)
    smallest = smallest_text(svg)
    one_page = min(PART_W_PT / w, PART_H_PT / h, 1.0)
    scale = one_page if smallest * one_page >= MIN_TEXT_PT else MIN_TEXT_PT / smallest
    pw, ph = PART_W_PT / scale, PART_H_PT / scale
    return Layout(scale, pw, ph, _count(h, ph), _count(w, pw), smallest, w, h)


def _n(value: float) -> str:
    return f"{value:.2f}"


def _marks(lay: Layout, part: Part, parts: dict[tuple[int, int], Part]) -> str:
    """Dashed lines where the neighbouring parts begin (right, below) and end (left, above); ``parts``: every
    part by (row, column), made once for the drawing (a part's neighbours are looked up, not searched for)."""
    lines = []
    style = f'stroke="#888" stroke-width="{_n(0.6 / lay.scale)}" stroke-dasharray="{_n(4 / lay.scale)}"'
    y0, y1, x0, x1 = part.y, part.y + lay.height, part.x, part.x + lay.width
    for dc in (-1, 1):
        other = parts.get((part.row, part.col + dc))
        if other:
            x = other.x if dc == 1 else other.x + lay.width
            lines.append(f'<line x1="{_n(x)}" y1="{_n(y0)}" x2="{_n(x)}" y2="{_n(y1)}" {style}/>')
    for dr in (-1, 1):
        other = parts.get((part.row + dr, part.col))
        if other:
            y = other.y if dr == 1 else other.y + lay.height
            lines.append(f'<line x1="{_n(x0)}" y1="{_n(y)}" x2="{_n(x1)}" y2="{_n(y)}" {style}/>')
    return "".join(lines)


def note(lay: Layout) -> str:
    """One sentence for the printed page: how the diagram is printed."""
    parts = len(lay.parts)
    how = ("on one page." if parts == 1 else
           f"in {parts} overlapping parts, one per page ({lay.rows} rows by {lay.cols} columns); "
           "grey dashed lines mark where each neighbouring part begins.")
    return (f"The diagram is printed at {lay.scale:.0%} of its size, so that its smallest text is "
            f"{lay.smallest * lay.scale:.1f} pt, {how} The subsection table, the waivers and the readings follow it.")


def tiles(svg: str) -> str:
    """The print-only parts of the drawing, as ``<figure>`` elements referring to ``#graph0``."""
    lay = layout(svg)
    parts = lay.parts
    grid = {(p.row, p.col): p for p in parts}
    out, total = [], len(parts)
    for k, part in enumerate(parts, 1):
        width, height = lay.width * lay.scale, lay.height * lay.scale
        out.append(
            f'<figure class="tile"><svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}pt" height="{_n(height)}pt" '
            f'viewBox="{_n(part.x)} {_n(part.y)} {_n(lay.width)} {_n(lay.height)}" role="img" '
            f'aria-label="diagram part {k} of {total}"><use href="#graph0"/>{_marks(lay, part, grid)}</svg>'
            f"<figcaption>Diagram, part {k} of {total}: row {part.row + 1} of {lay.rows}, "
            f"column {part.col + 1} of {lay.cols}.</figcaption></figure>")
    return "\n".join(out)
