"""The committed diagram SVG drawn onto a PDF page, as vectors with real (searchable) text.

The pinned renderer (graphviz-pure 0.2.2) writes a small, fixed subset of SVG: groups, ``<a>``
links, ``path`` (``M`` and ``C``), ``polygon``, ``polyline``, ``ellipse`` and ``text`` with
``text-anchor``, ``font-size``, ``font-weight`` and ``fill``, under one ``translate``. This
module reads exactly that subset with the standard library and draws it with reportlab's
canvas; anything else in the file is an error rather than a silently missing piece. Text is
set in Helvetica, whose metrics Arimo (the diagram's font) shares, so labels keep their boxes.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from attrs import frozen
from reportlab.lib import colors

from pa_table_games.errors import TableGamesError

NS = "{http://www.w3.org/2000/svg}"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")
_SKIP = {"title", "desc", "metadata", "style"}
#: Characters the standard PDF fonts (WinAnsi) lack, written as their plain equivalents.
PLAIN = str.maketrans({"→": "->", "←": "<-", "≥": ">=", "≤": "<=", "≠": "!=", "−": "-", "✓": "v", "…": "..."})


def plain(text: str) -> str:
    """``text`` with only characters Helvetica can show (others as their plain equivalents or '?')."""
    return text.translate(PLAIN).encode("cp1252", errors="replace").decode("cp1252")


@frozen
class Diagram:
    """A parsed diagram: its size in points and its root element."""

    width: float
    height: float
    root: ET.Element
    translate: tuple[float, float]

    def min_font_size(self) -> float:
        sizes = [float(t.get("font-size", "14")) for t in self.root.iter(f"{NS}text")]
        return min(sizes) if sizes else 14.0


def parse(svg: str) -> Diagram:
    """Parse the renderer's SVG; sizes are in points (``1437pt``)."""
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", svg, flags=re.S).encode("utf-8"))
    width, height = (float(root.get(key, "0").removesuffix("pt")) for key in ("width", "height"))
    graph = root.find(f"{NS}g")
    match = re.search(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)", graph.get("transform", "") if graph is not None else "")
    if not width or not height or match is None:
        raise TableGamesError("the diagram SVG has no size or no graph translation: not the pinned renderer's output")
    return Diagram(width, height, root, (float(match[1]), float(match[2])))


def _colour(value: str | None):
    if value in (None, "none", "transparent"):
        return None
    try:
        return colors.toColor(value)
    except ValueError:
        raise TableGamesError(f"diagram colour {value!r} is not understood") from None


def _points(text: str) -> list[tuple[float, float]]:
    values = [float(v) for v in re.split(r"[ ,]+", text.strip()) if v]
    return list(zip(values[0::2], values[1::2]))


class Painter:
    """Draws a :class:`Diagram` on a reportlab canvas whose user space is the diagram's points, y up."""

    def __init__(self, canvas, diagram: Diagram, text: bool = True) -> None:
        self.c, self.d, self.text = canvas, diagram, text
        self.dx, self.dy = diagram.translate

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x + self.dx, self.d.height - (y + self.dy)

    def paint(self) -> None:
        self._children(self.d.root)

    def _children(self, node: ET.Element) -> None:
        for child in node:
            tag = child.tag.removeprefix(NS).split("}")[-1]
            if tag in ("g", "a", "svg"):
                self._children(child)
            elif tag not in _SKIP:
                getattr(self, f"_{tag}", self._unknown)(child)

    def _unknown(self, node: ET.Element) -> None:
        raise TableGamesError(f"diagram SVG element <{node.tag.removeprefix(NS)}> is not one the pinned renderer writes")

    def _style(self, node: ET.Element) -> tuple[bool, bool]:
        fill, stroke = _colour(node.get("fill", "black")), _colour(node.get("stroke"))
        if fill is not None:
            self.c.setFillColor(fill)
        if stroke is not None:
            self.c.setStrokeColor(stroke)
            self.c.setLineWidth(float(node.get("stroke-width", "1")))
            dash = node.get("stroke-dasharray")
            self.c.setDash([float(v) for v in re.split(r"[ ,]+", dash)] if dash else [])
        return fill is not None, stroke is not None

    def _shape(self, node: ET.Element, path, close: bool) -> None:
        if close:
            path.close()
        fill, stroke = self._style(node)
        if fill or stroke:
            self.c.drawPath(path, fill=int(fill), stroke=int(stroke))

    def _path(self, node: ET.Element) -> None:
        path, command, numbers = self.c.beginPath(), None, []
        for token in _NUMBER.findall(node.get("d", "")):
            if token.isalpha():
                self._segment(path, command, numbers)
                command, numbers = token, []
            else:
                numbers.append(float(token))
        self._segment(path, command, numbers)
        self._shape(node, path, close=False)

    def _segment(self, path, command: str | None, numbers: list[float]) -> None:
        """One path command (``M``, ``L``, ``C`` or ``Z``) with its numbers, absolute as the renderer writes them."""
        points = [self.xy(x, y) for x, y in zip(numbers[0::2], numbers[1::2])]
        if command == "M" and points:
            path.moveTo(*points[0])
            for p in points[1:]:
                path.lineTo(*p)
        elif command == "L":
            for p in points:
                path.lineTo(*p)
        elif command == "C":
            for i in range(0, len(points) - 2, 3):
                path.curveTo(*points[i], *points[i + 1], *points[i + 2])
        elif command == "Z":
            path.close()
        elif command is not None:
            raise TableGamesError(f"diagram SVG path command {command!r} is not one the pinned renderer writes")

    def _poly(self, node: ET.Element, close: bool) -> None:
        points = [self.xy(x, y) for x, y in _points(node.get("points", ""))]
        if not points:
            return
        path = self.c.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        self._shape(node, path, close)

    def _polygon(self, node: ET.Element) -> None:
        self._poly(node, close=True)

    def _polyline(self, node: ET.Element) -> None:
        self._poly(node, close=False)

    def _ellipse(self, node: ET.Element) -> None:
        cx, cy = self.xy(float(node.get("cx", "0")), float(node.get("cy", "0")))
        rx, ry = float(node.get("rx", "0")), float(node.get("ry", "0"))
        path = self.c.beginPath()
        path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)
        self._shape(node, path, close=False)

    def _text(self, node: ET.Element) -> None:
        if not self.text or not (node.text or "").strip():
            return
        x, y = self.xy(float(node.get("x", "0")), float(node.get("y", "0")))
        bold = node.get("font-weight") == "bold"
        font, size = "Helvetica-Bold" if bold else "Helvetica", float(node.get("font-size", "14"))
        self.c.setFont(font, size)
        self.c.setFillColor(_colour(node.get("fill", "black")) or colors.black)
        words = plain(node.text)
        draw = {"middle": self.c.drawCentredString, "end": self.c.drawRightString}.get(node.get("text-anchor"),
                                                                                      self.c.drawString)
        draw(x, y, words)


def tiles(width: float, height: float, room: tuple[float, float], overlap: float) -> list[tuple[int, int, float, float]]:
    """Cut a ``width`` x ``height`` drawing into tiles of ``room`` that overlap by ``overlap``:
    (row, column, x, y-from-top) of each tile's top-left corner, row by row from the top."""
    cols = max(1, math.ceil((width - overlap) / (room[0] - overlap)))
    rows = max(1, math.ceil((height - overlap) / (room[1] - overlap)))
    return [(r, c, c * (room[0] - overlap), r * (room[1] - overlap)) for r in range(rows) for c in range(cols)]
