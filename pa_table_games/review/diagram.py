"""Machine spec -> DOT (via the ``graphviz`` package) -> SVG, byte-stable.

Two views of the same drawing. The *reader* view (the default, and the review page's) writes
every condition as its guards' one-line meanings ("if the dealer's first card is an ace"), never
their identifiers; the *code* view writes the identifiers (``[dealer_shows_ace]``) for developers.
In both, a state's ways out are numbered in the order they are tried (see :func:`try_order`) and
the legend describes only what the drawing shows. States and transitions keep the machine file's
order, so the same file gives the same DOT text; the SVG is rendered by the pinned static ``dot``
of ``graphviz-pure`` (never the system's, whose output depends on installed fonts).
"""

from __future__ import annotations

import html
import shutil
import subprocess
import sys
import textwrap
from functools import lru_cache
from pathlib import Path

import graphviz

from pa_table_games.files import check_target, make_folder, write_atomic
from pa_table_games.errors import TableGamesError
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.machine.spec import MachineSpec, TransitionSpec, Turns

VIEWS = ("reader", "code")
#: The rule every numbered drawing follows (spec.py: dealer steps first, in file order, first match).
RULE = ("In each state the dealer's steps are tried in their numbered order and the first row or arrow "
        "whose condition holds fires; when none holds, the player chooses one of the decisions whose condition holds.")
_ROW_WIDTH = 72  # characters per line of a row inside a state box
_EDGE_WIDTH = 40  # characters per line of an arrow's label


def _cites(spec: MachineSpec, cites: tuple[str, ...]) -> str:
    return ", ".join(spec.cite_text(c) for c in cites)


def words(text: str) -> str:
    """Text of a machine file as a plain DOT label: a backslash is a backslash and ``<...>`` is not an HTML label
    (graphviz would read a label or tooltip written ``<b>x</b>`` as markup, and ``\\G`` as the graph's name)."""
    return graphviz.escape(text)


def comment(text: str) -> str:
    """Text for a DOT ``//`` comment: one line (a file name may hold a line break, which would end it)."""
    return "".join(c if c.isprintable() else "?" for c in text)


def edge_text(t: TransitionSpec) -> str:
    """``trigger [guard and not other]``: the code view's name of a transition."""
    guards = [g.name for g in t.when] + [f"not {g.name}" for g in t.unless]
    return t.trigger + (f" [{' and '.join(guards)}]" if guards else "")


def try_order(spec: MachineSpec, state_id: str) -> list[TransitionSpec]:
    """The ways out of a state in the order the bound machine tries them: dealer steps in file
    order (the first whose guards hold fires), then the player's decisions in file order (a
    decision listed twice fires its first entry whose guards hold)."""
    machine = _bound(spec)
    return [*machine.dealer[state_id], *machine.player[state_id]]


_BOUND: dict[int, tuple[MachineSpec, BoundMachine]] = {}


def _bound(spec: MachineSpec) -> BoundMachine:
    """The bound machine of ``spec``, made once for the drawings of one spec (binding generates code: a page
    numbering every state's ways out in ten drawings would bind it hundreds of times)."""
    found = _BOUND.get(id(spec))
    if found is None or found[0] is not spec:
        if len(_BOUND) >= 16:
            _BOUND.clear()
        found = _BOUND[id(spec)] = (spec, BoundMachine(spec))
    return found[1]


def turns_words(spec: MachineSpec, turns: Turns) -> str:
    """``For each hand, starting with the player farthest to the dealer's left, clockwise (§ 633a.7(i))``."""
    return f"{turns.text[0].upper()}{turns.text[1:]} ({spec.turns_source(turns)})"


def numbers(spec: MachineSpec) -> dict[int, int]:
    """Transition index -> its number (1, 2 ...) among the ways out of its source state."""
    return {t.index: n for s in spec.states for n, t in enumerate(try_order(spec, s.id), 1)}


def action_words(t: TransitionSpec) -> str:
    """``deal up card``, ``insurance: yes``: a trigger read as words."""
    name, _, value = t.trigger.partition("=")
    return name.replace("_", " ") + (f": {value.replace('_', ' ')}" if value else "")


def condition_words(spec: MachineSpec, t: TransitionSpec) -> str:
    """The condition in the guards' own words: ``if A and B, unless C or D``; a dealer step without
    guards reads ``always`` when it is the only one, ``otherwise`` when others are tried first."""
    parts = []
    if t.when:
        parts.append("if " + " and ".join(g.doc for g in t.when))
    if t.unless:
        parts.append("unless " + " or ".join(g.doc for g in t.unless))
    if parts or t.by == "player":
        return ", ".join(parts)
    dealer = [d for d in try_order(spec, t.source) if d.by == "dealer"]
    return "always" if dealer == [t] else "otherwise"


def _wrap(text: str, width: int, first: str, rest: str) -> list[str]:
    """``textwrap.wrap`` that never separates "§" from its number."""
    lines = textwrap.wrap(text.replace("\u00a7 ", "\u00a7\0"), width, initial_indent=first,
                          subsequent_indent=rest, break_on_hyphens=False)
    return [line.replace("\u00a7\0", "\u00a7 ") for line in lines]


def _lines(spec: MachineSpec, t: TransitionSpec, view: str, n: int, width: int) -> list[str]:
    """The text of one way out, as lines of at most ``width`` characters."""
    who = "Player" if t.by == "player" else "Dealer"
    if view == "code":
        turns = f" {{turns: {t.turns.each}, from {t.turns.start}}}" if t.turns else ""
        ends = " {ends_turn}" if t.ends_turn else ""
        return [f"{n}. {who.lower()}: {edge_text(t)}{turns}{ends} \u2014 {_cites(spec, t.cite)}"]
    head = _wrap(f"{n}. {who}: {action_words(t)} \u2014 {_cites(spec, t.cite)}", width, "", "    ")
    cond = condition_words(spec, t)
    turns = _wrap(turns_words(spec, t.turns), width, "    ", "      ") if t.turns else []
    ends = _wrap("The turn passes to the next in the pass.", width, "    ", "      ") if t.ends_turn else []
    return head + (_wrap(cond, width, "    ", "      ") if cond else []) + turns + ends


def _state_label(spec: MachineSpec, state_id: str, view: str, order: dict[int, int]) -> str:
    """An HTML-like label: the state, its cite, then its self-loops one per row (a loop per
    transition would pile up unreadably; each row keeps the transition's id for the review page,
    and a white cell so a click anywhere on the row selects it)."""
    s = spec.state(state_id)
    rows = [f'<TR><TD><B>{html.escape(s.label)}</B></TD></TR>',
            f'<TR><TD><FONT POINT-SIZE="9">{html.escape(_cites(spec, s.cite))}</FONT></TD></TR>']
    if s.turns is not None:  # the pass round the table the state's decisions follow
        text = '<BR/>'.join(html.escape(line) for line in _wrap(turns_words(spec, s.turns) + ":", _ROW_WIDTH, "", ""))
        rows.append(f'<TR><TD><FONT POINT-SIZE="8"><I>{text}</I></FONT></TD></TR>')
    for t in try_order(spec, state_id):
        if t.dest != state_id:
            continue
        colour = "blue4" if t.by == "player" else "black"
        text = '<BR ALIGN="LEFT"/>'.join(html.escape(line) for line in _lines(spec, t, view, order[t.index], _ROW_WIDTH))
        rows.append(f'<TR><TD ALIGN="LEFT" BALIGN="LEFT" BGCOLOR="white" ID="t{t.index}" HREF="#t{t.index}" '
                    f'TITLE="{html.escape(action_words(t))}"><FONT POINT-SIZE="8" COLOR="{colour}">{text}</FONT></TD></TR>')
    return "<" + '<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1">' + "".join(rows) + "</TABLE>>"


def legend(spec: MachineSpec) -> list[str]:
    """What the drawing shows, and only that: its lines depend on what this machine draws."""
    player_rows = any(t.by == "player" and t.source == t.dest for t in spec.transitions)
    player_arrows = any(t.by == "player" and t.source != t.dest for t in spec.transitions)
    rows = any(t.source == t.dest for t in spec.transitions)
    lines = ["Box: a state (thick border: where a round starts; double border: where it ends). "
             "Arrow: a step to another state" + ("; row inside a box: a step that stays in that state." if rows else ".")]
    colours = "Black rows and arrows: the dealer's steps"
    if player_rows or player_arrows:
        where = " and ".join(w for w, shown in (("rows", player_rows), ("dashed arrows", player_arrows)) if shown)
        colours += f"; blue {where}: a player's decisions"
    lines.append(colours + ". Each names the subsections it carries out.")
    if any(s.turns for s in spec.states) or any(t.turns for t in spec.transitions):
        lines.append("\"For each ...\": the pass round the table that a step's actions, or a state's decisions "
                     "(in italics under its name), follow.")
    lines += textwrap.wrap("Numbers: " + RULE, 110)
    return lines


def title_lines(spec: MachineSpec) -> list[str]:
    """The section, its caveat if the machine file gives one (``section_note``), and the title."""
    return [spec.section] + ([f"Caveat: {spec.section_note}"] if spec.section_note else []) + [spec.title]


def to_dot(spec: MachineSpec, view: str = "reader") -> str:
    """The DOT source of ``spec`` in ``view`` (reader or code): deterministic text, committed for review."""
    if view not in VIEWS:
        raise TableGamesError(f"unknown diagram view {view!r} (known: {', '.join(VIEWS)})")
    order = numbers(spec)
    g = graphviz.Digraph(words(spec.name), comment=comment(f"{spec.section}: {spec.title} ({view} view of "
                                                          f"{Path(spec.path).name})"))
    g.attr(rankdir="TB", fontname="Arimo", fontsize="12", labelloc="t",
           label=words("\n".join(title_lines(spec) + legend(spec))))
    g.attr("node", shape="box", style="rounded", fontname="Arimo", fontsize="10")
    g.attr("edge", fontname="Arimo", fontsize="8")
    for s in spec.states:
        g.node(s.id, _state_label(spec, s.id, view, order), id=f"state-{s.id}",
               **({"peripheries": "2"} if s.final else {}),
               **({"penwidth": "2"} if s.id == spec.initial else {}))
    for t in spec.transitions:
        if t.source == t.dest:
            continue
        label = "\n".join(_lines(spec, t, view, order[t.index], _EDGE_WIDTH))
        g.edge(t.source, t.dest, words(label), id=f"t{t.index}",
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


@lru_cache(maxsize=64)
def render(dot: str, fmt: str = "svg") -> bytes:
    """Render DOT text to ``fmt`` bytes with the pinned renderer (the same text gives the same bytes, so a
    drawing the review page, the walk-throughs and the dossier all show is rendered once a process)."""
    result = subprocess.run([dot_executable(), "-q", f"-T{fmt}"], input=dot.encode(),
                            capture_output=True, check=False)
    if result.returncode != 0:
        raise TableGamesError(f"dot failed: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def file_stem(spec: MachineSpec, view: str) -> str:
    """``blackjack`` for the reader view, ``blackjack.code`` for the code view."""
    return spec.name if view == "reader" else f"{spec.name}.{view}"


def diagram_sources(spec: MachineSpec, views: tuple[str, ...] = VIEWS) -> list[tuple[str, str]]:
    """``(file stem, DOT)`` of the machine's diagram in each view: ``<machine>`` (reader), ``<machine>.code``."""
    return [(file_stem(spec, view), to_dot(spec, view)) for view in views]


def write_sources(sources: list[tuple[str, str]], out: Path, formats: tuple[str, ...] = ("dot", "svg")) -> list[Path]:
    """Each ``(stem, DOT)`` as ``<stem>.<fmt>`` in ``out``; every file's place is checked before any is written,
    so a refused one (an input of the command, a link) leaves no partial set behind."""
    make_folder(out)
    targets = [(check_target(out / f"{stem}.{fmt}"), dot, fmt) for stem, dot in sources for fmt in formats]
    for path, dot, fmt in targets:
        write_atomic(path, dot if fmt == "dot" else render(dot, fmt))
    return [path for path, _, _ in targets]


def write_diagrams(spec: MachineSpec, out: Path, formats: tuple[str, ...] = ("dot", "svg"),
                   views: tuple[str, ...] = VIEWS) -> list[Path]:
    """Write ``<machine>.<fmt>`` (reader view) and ``<machine>.code.<fmt>`` files into ``out``."""
    return write_sources(diagram_sources(spec, views), out, formats)
