"""The round as its section tells it: an overview of the phases, and a diagram per phase.

A machine file groups its states into phases (``phases:``, in the section's own sequence: shuffle,
burn, deal, side-wager settlement, peek, player decisions, dealer draw, settlement, discard). The
*overview* draws each phase as one box and the ways a round moves from one phase to the next, each
named with its condition in the guards' own words; it fits one printed page. A *phase diagram* draws
that phase's states and steps as the full diagram does (the same numbers, the same rows), with the
steps that enter or leave it drawn to a stub naming the neighbouring phase. Both are deterministic
DOT text like the full diagram, rendered by the same pinned ``dot``.
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import quote

import graphviz

from pa_table_games.machine.spec import MachineSpec, PhaseSpec, TransitionSpec
from pa_table_games.review.diagram import (_cites, _lines, _state_label, _wrap, action_words, comment, condition_words,
                                          numbers, render, title_lines, words, write_sources)

_ARROW_WIDTH = 49  # characters per line of an overview arrow's label listing several steps
_ONE_STEP_WIDTH = 34  # ... naming one step
_STUB = {"shape": "note", "style": "dashed", "fontsize": "9", "color": "grey40", "fontcolor": "grey20"}


def overview_stem(spec: MachineSpec) -> str:
    return f"{spec.name}.overview"


def phase_stem(spec: MachineSpec, phase: PhaseSpec) -> str:
    return f"{spec.name}.phase-{phase.id}"


def _link(stem: str) -> str:
    """A drawing's link to another beside it: relative and URL-encoded, whatever the machine file is called."""
    return quote(f"{stem}.svg", safe="")


def crossings(spec: MachineSpec) -> dict[tuple[str, str], list[TransitionSpec]]:
    """(phase, next phase) -> the transitions that move a round from one to the other, in file order."""
    found: dict[tuple[str, str], list[TransitionSpec]] = {}
    for t in spec.transitions:
        a, b = spec.phase_of(t.source), spec.phase_of(t.dest)
        if a is not None and b is not None and a.id != b.id:
            found.setdefault((a.id, b.id), []).append(t)
    return found


def short_cites(spec: MachineSpec, cites: tuple[str, ...]) -> str:
    """``§ 633a.7(h), (i), § 633a.8``: a section's number written once before its subsections."""
    said, section = [], None
    for c in cites:
        if c.startswith("\u00a7"):
            said.append(c)
            section = None
        else:
            said.append(c if section == spec.short_section else spec.cite_text(c))
            section = spec.short_section
    return ", ".join(said)


def _merged(spec: MachineSpec, steps: list[TransitionSpec]) -> list[str]:
    """One line of words per action: the conditions of steps with the same action joined by "or", then the
    subsection each of those steps cites first, as the machine file writes it (every arrow names where it comes
    from; its phase's diagram gives every cite, the overview stays one printed page)."""
    by_action: dict[str, list[str]] = {}
    cited: dict[str, dict[str, None]] = {}
    for t in steps:
        cond = condition_words(spec, t)
        action = ("player: " if t.by == "player" else "") + action_words(t)
        by_action.setdefault(action, []).append("" if cond == "always" else cond)
        cited.setdefault(action, {})[t.cite[0]] = None
    out = []
    for action, conds in by_action.items():
        conds = list(dict.fromkeys(c.removeprefix("if ") if i and c.startswith("if ") else c
                                   for i, c in enumerate(conds)))
        said = action + (", " + " or ".join(conds) if all(conds) else "")  # a step with no condition: always
        out.append(f"{said} ({', '.join(cited[action])})")  # the section is the overview's title
    return out


def _phase_box(spec: MachineSpec, n: int, phase: PhaseSpec) -> str:
    count = len(phase.states)
    cites = html.escape(f"{short_cites(spec, phase.cite)} \u00b7 {count} state{'s' * (count > 1)}")
    return (f'<<B>{n}. {html.escape(phase.label)}</B>  <FONT POINT-SIZE="10">{cites}</FONT>>')  # one line: the
    # overview is read on one printed page


def overview_dot(spec: MachineSpec) -> str:
    """One box per phase, one arrow per pair of phases a round can move between; each box links to its
    phase diagram."""
    g = graphviz.Digraph(words(overview_stem(spec)), comment=comment(f"{spec.section}: the phases of a round "
                                                                     f"(overview of {Path(spec.path).name})"))
    g.attr(rankdir="TB", fontname="Arimo", fontsize="11", labelloc="t", nodesep="0.2", ranksep="0.12",
           label=words("\n".join(_wrap(" \u2014 ".join(title_lines(spec)[:-1] + ["the round's phases in order; "
                                                                           "arrows: the steps between them"]),
                                        90, "", ""))))
    g.attr("node", shape="box", style="rounded", fontname="Arimo", fontsize="10", margin="0.08,0.03")
    g.attr("edge", fontname="Arimo", fontsize="10")
    for n, phase in enumerate(spec.phases, 1):
        final = all(spec.state(s).final for s in phase.states)
        g.node(phase.id, _phase_box(spec, n, phase), id=f"phase-{phase.id}", href=_link(phase_stem(spec, phase)),
               tooltip=words(phase.label), **({"penwidth": "2"} if spec.initial in phase.states else {}),
               **({"peripheries": "2"} if final else {}))
    for (a, b), steps in crossings(spec).items():
        steps_said = _merged(spec, steps)
        bullet = "\u2022 " if len(steps_said) > 1 else ""
        width = _ARROW_WIDTH if bullet else _ONE_STEP_WIDTH  # a long list of steps spreads wider, so less high
        lines = [line for w in steps_said for line in _wrap(bullet + w, width, "", "  " if bullet else "")]
        player = all(t.by == "player" for t in steps)
        g.edge(a, b, words("\n".join(lines)), id=f"cross-{a}-{b}",
               **({"style": "dashed", "color": "blue4", "fontcolor": "blue4"} if player else {}))
    return g.source


def phase_dot(spec: MachineSpec, phase: PhaseSpec) -> str:
    """``phase``'s states and steps as in the full diagram; steps to or from other phases end at a stub."""
    order = numbers(spec)
    n = spec.phases.index(phase) + 1
    g = graphviz.Digraph(words(phase_stem(spec, phase)), comment=comment(f"{spec.section}: phase {n}, {phase.label} "
                                                                         f"(from {Path(spec.path).name})"))
    g.attr(rankdir="TB", fontname="Arimo", fontsize="12", labelloc="t",
           label=words("\n".join([spec.section, f"Phase {n} of {len(spec.phases)}: {phase.label} "
                                   f"({_cites(spec, phase.cite)})", "Dashed notes: the neighbouring phases. Numbers: "
                                   "the order in which a state's ways out are tried, as in the full diagram."])))
    g.attr("node", shape="box", style="rounded", fontname="Arimo", fontsize="10")
    g.attr("edge", fontname="Arimo", fontsize="8")
    mine = set(phase.states)
    for s in spec.states:
        if s.id in mine:
            g.node(s.id, _state_label(spec, s.id, "reader", order), id=f"state-{s.id}",
                   **({"peripheries": "2"} if s.final else {}), **({"penwidth": "2"} if s.id == spec.initial else {}))
    stubs: set[str] = set()
    for t in spec.transitions:
        inside = (t.source in mine, t.dest in mine)
        if t.source == t.dest or not any(inside):
            continue
        ends = [t.source, t.dest]
        for i, here in enumerate(inside):
            if not here:
                other = spec.phase_of(ends[i])
                stub = f"{'from' if i == 0 else 'to'}_{other.id}"
                if stub not in stubs:
                    stubs.add(stub)
                    said = f"{'from' if i == 0 else 'to'} phase {spec.phases.index(other) + 1}: {other.label}"
                    g.node(stub, words("\n".join(_wrap(said, 30, "", ""))), href=_link(phase_stem(spec, other)), **_STUB)
                ends[i] = stub
        label = "\n".join(_lines(spec, t, "reader", order[t.index], 40))
        g.edge(ends[0], ends[1], words(label), id=f"t{t.index}",
               **({"style": "dashed", "color": "blue4", "fontcolor": "blue4"} if t.by == "player" else {}))
    return g.source


def phase_sources(spec: MachineSpec) -> list[tuple[str, str]]:
    """``(file stem, DOT text)`` of the overview and every phase diagram (none when no phases are declared)."""
    if not spec.phases:
        return []
    return [(overview_stem(spec), overview_dot(spec))] + [(phase_stem(spec, p), phase_dot(spec, p)) for p in spec.phases]


def write_phase_diagrams(spec: MachineSpec, out: Path, formats: tuple[str, ...] = ("dot", "svg")) -> list[Path]:
    """Write ``<machine>.overview.<fmt>`` and ``<machine>.phase-<id>.<fmt>`` into ``out``."""
    return write_sources(phase_sources(spec), out, formats)
