"""Machine spec -> DOT (via the ``graphviz`` package) -> SVG, byte-stable.

Every node shows its label and citation; every edge shows ``trigger [guards] § cite``.
Player decisions are drawn dashed. States and edges keep the machine file's order, so
the same file gives the same DOT text; the SVG is rendered by the pinned static ``dot``
of ``graphviz-pure`` (never the system's, whose output depends on installed fonts).
"""

from __future__ import annotations

import html
import shutil
import subprocess
import sys
from pathlib import Path

import graphviz

from pa_table_games.files import make_folder, write_atomic
from pa_table_games.errors import TableGamesError
from pa_table_games.machine.spec import MachineSpec, TransitionSpec


def _cites(spec: MachineSpec, cites: tuple[str, ...]) -> str:
    return ", ".join(spec.cite_text(c) for c in cites)


def edge_text(t: TransitionSpec) -> str:
    """``trigger [guard and not other]``."""
    guards = [g.name for g in t.when] + [f"not {g.name}" for g in t.unless]
    return t.trigger + (f" [{' and '.join(guards)}]" if guards else "")


def edge_label(spec: MachineSpec, t: TransitionSpec) -> str:
    return f"{edge_text(t)}\n{_cites(spec, t.cite)}"


def _state_label(spec: MachineSpec, state_id: str) -> str:
    """An HTML-like label: the state, its cite, then its self-loops one per row (a loop per
    transition would pile up unreadably; each row keeps the transition's id for the review page)."""
    s = spec.state(state_id)
    rows = [f'<TR><TD><B>{html.escape(s.label)}</B></TD></TR>',
            f'<TR><TD><FONT POINT-SIZE="9">{html.escape(_cites(spec, s.cite))}</FONT></TD></TR>']
    for t in spec.transitions:
        if t.source == t.dest == state_id:
            colour = "blue4" if t.by == "player" else "black"
            who = "player: " if t.by == "player" else "dealer: "
            rows.append(f'<TR><TD ALIGN="LEFT" ID="t{t.index}" HREF="#t{t.index}" TITLE="{html.escape(t.trigger)}">'
                        f'<FONT POINT-SIZE="8" COLOR="{colour}">{who}{html.escape(edge_text(t))} '
                        f'&#8212; {html.escape(_cites(spec, t.cite))}</FONT></TD></TR>')
    return "<" + '<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1">' + "".join(rows) + "</TABLE>>"


def to_dot(spec: MachineSpec) -> str:
    """The DOT source of ``spec``: deterministic text, committed for review."""
    g = graphviz.Digraph(spec.name, comment=f"{spec.section}: {spec.title} (generated from {Path(spec.path).name})")
    g.attr(rankdir="TB", fontname="Arimo", fontsize="12", labelloc="t",
           label=f"{spec.section}\n{spec.title}\nsolid: dealer step   dashed: player decision")
    g.attr("node", shape="box", style="rounded", fontname="Arimo", fontsize="10")
    g.attr("edge", fontname="Arimo", fontsize="8")
    for s in spec.states:
        g.node(s.id, _state_label(spec, s.id), id=f"state-{s.id}",
               **({"peripheries": "2"} if s.final else {}),
               **({"penwidth": "2"} if s.id == spec.initial else {}))
    for t in spec.transitions:
        if t.source == t.dest:
            continue
        g.edge(t.source, t.dest, edge_label(spec, t), id=f"t{t.index}",
               **({"style": "dashed", "color": "blue4", "fontcolor": "blue4"} if t.by == "player" else {}))
    return g.source


def dot_executable() -> str:
    """The pinned renderer: ``graphviz-pure`` (or its ``dot`` link) beside this Python, else on PATH."""
    here = Path(sys.executable).parent
    for candidate in (here / "graphviz-pure", here / "dot"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which("graphviz-pure") or shutil.which("dot")
    if not found:
        raise TableGamesError("no diagram renderer: install graphviz-pure==0.2.2 (make diagrams does)")
    return found


def render(dot: str, fmt: str = "svg") -> bytes:
    """Render DOT text to ``fmt`` bytes with the pinned renderer."""
    result = subprocess.run([dot_executable(), "-q", f"-T{fmt}"], input=dot.encode(),
                            capture_output=True, check=False)
    if result.returncode != 0:
        raise TableGamesError(f"dot failed: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def write_diagrams(spec: MachineSpec, out: Path, formats: tuple[str, ...] = ("dot", "svg")) -> list[Path]:
    """Write ``<machine>.<fmt>`` files into ``out``; return the paths written."""
    make_folder(out)
    dot = to_dot(spec)
    written = []
    for fmt in formats:
        path = out / f"{spec.name}.{fmt}"
        if fmt == "dot":
            write_atomic(path, dot)
        else:
            write_atomic(path, render(dot, fmt))
        written.append(path)
    return written
