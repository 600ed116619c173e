"""The diff drawn: NEW's diagram with the removed states and arrows put back, every change marked.

The drawing is the machine's own diagram (:func:`pa_table_games.review.diagram.to_dot`) of
:attr:`MachineDiff.drawing`, rendered by the pinned renderer; the marks are a style sheet on
the diagram's element ids (a state ``state-<id>``, an arrow ``t<index>``, a row listed inside
its state's box ``a_t<index>``): green added, red dashed and struck through removed, orange
changed. The review page is one self-contained HTML file: the list of changes, then the drawing.
"""

from __future__ import annotations

import re
from pathlib import Path

from pa_table_games.files import check_target, make_folder, write_atomic
from pa_table_games.review.diagram import render, to_dot
from pa_table_games.review.diff import MachineDiff
from pa_table_games.review.markup import fill, inline_svg, policy, svg_styles, text

COLOURS = {"added": "#1a7f37", "removed": "#cf222e", "changed": "#bc4c00"}


def _rules(element: str, how: str) -> str:
    colour = COLOURS[how]
    dashed = " stroke-dasharray: 6 3;" if how == "removed" else ""
    struck = " text-decoration: line-through;" if how == "removed" else ""
    outline = ", ".join(f"#{element} > {shape}" for shape in ("path", "polygon", "ellipse", "polyline"))
    words = f"#{element} > text, #a_{element} text"
    return (f"{outline} {{ stroke: {colour}; stroke-width: 3px;{dashed} }}\n"
            f"#{element} > polygon[fill=\"black\"] {{ fill: {colour}; }}\n"
            f"{words} {{ fill: {colour}; font-weight: bold;{struck} }}")


def style(d: MachineDiff) -> str:
    """The style sheet marking every changed element of the drawing."""
    return "\n".join(_rules(element, how) for element, how in sorted(d.marks().items()))


def marked_svg(d: MachineDiff) -> str:
    """The drawing as SVG text with the marks' style sheet inside it."""
    svg = render(to_dot(d.drawing), "svg").decode("utf-8")
    return re.sub(r"(<svg\b[^>]*>)", lambda m: f"{m[1]}\n<style>\n{style(d)}\n</style>", svg, count=1)


STYLE = """
body { font-family: Arimo, Arial, Helvetica, sans-serif; margin: 1.5em; color: #1f2328; }
table { border-collapse: collapse; margin: 1em 0; }
td, th { border: 1px solid #d0d7de; padding: 0.3em 0.6em; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
.added { color: #1a7f37; } .removed { color: #cf222e; } .changed { color: #bc4c00; }
.legend span { margin-right: 1.5em; font-weight: bold; }
.drawing { overflow: auto; border: 1px solid #d0d7de; }
@media print { .drawing { overflow: visible; } .drawing svg { max-width: 100%; height: auto; } }
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
{{policy}}
<title>Changes to {{short}}: {{title}}</title>
<style>{{style}}</style>
</head>
<body>
<h1>Changes to {{section}}</h1>
<p>{{title}}</p>
<p>From <code>{{old}}</code> to <code>{{new}}</code>: <strong>{{summary}}</strong>.</p>
<p class="legend"><span class="added">+ added</span><span class="removed">&#8722; removed (dashed, struck through)</span>
<span class="changed">~ changed</span> Elements without a colour are unchanged.</p>
<table>
<tr><th></th><th>Kind</th><th>Element</th><th>What changed</th></tr>
{{rows}}
</table>
<div class="drawing">
{{svg}}
</div>
</body>
</html>
"""


def _row(change) -> str:
    name = text(change.name)
    if change.elements:
        name = f'<a href="#{text(change.elements[0])}">{name}</a>'
    details = "<br>".join(text(d) for d in change.details)
    return (f'<tr class="{text(change.how)}"><td>{text(change.line[0])}</td><td>{text(change.kind)}</td>'
            f"<td>{name}</td><td>{details}</td></tr>")


def page(d: MachineDiff, svg: str) -> str:
    """The review page of the diff: the changes, then the marked drawing inline (one pass, under a policy that
    allows the page's style and the drawing's marks, and no script)."""
    inline = inline_svg(svg)
    rows = "\n".join(_row(c) for c in d.changes) or '<tr><td colspan="4">no changes</td></tr>'
    return fill(PAGE, policy=policy([], [STYLE, *svg_styles(inline)]), style=STYLE, short=text(d.new.short_section),
                section=text(d.new.section), title=text(d.new.title), old=text(d.old_label), new=text(d.new_label),
                summary=text(d.summary), rows=rows, svg=inline)


def write_diff(d: MachineDiff, out: Path) -> list[Path]:
    """Write ``<machine>.diff.svg`` and ``<machine>.diff.html`` into ``out`` (each whole, through
    :func:`~pa_table_games.files.write_atomic`); return the paths."""
    make_folder(out)
    paths = [check_target(out / f"{d.new.name}.diff.svg"), check_target(out / f"{d.new.name}.diff.html")]
    svg = marked_svg(d)
    write_atomic(paths[0], svg)
    write_atomic(paths[1], page(d, svg))
    return paths
