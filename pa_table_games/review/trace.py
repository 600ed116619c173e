"""Traceability: every subsection of a section -> the machine elements that encode it, or its waiver.

The subsection index of a machine file paraphrases each subsection of the seed in one
line. A subsection is *encoded* when a state, transition, guard, action or refusal cites
it or one of its sub-paragraphs (``(i)(1)(ii)(A)`` encodes ``(i)(1)`` and ``(i)``),
*waived* when nothing cites it and the file gives a reason, and *unmapped* otherwise —
which the loader already refuses, so a loaded machine always shows ``0 unmapped``.

The same rows feed ``pa-table-games trace`` (text, Markdown, JSON) and the review page,
which needs the diagram element ids (``state-<id>``, ``t<index>``) of every citer.
"""

from __future__ import annotations

import json

from attrs import field, frozen

from pa_table_games.machine.spec import MachineSpec, Reading, TransitionSpec, Turns, covers

KINDS = ("state", "transition", "turns", "guard", "action", "refusal")


def transition_name(t: TransitionSpec) -> str:
    """``trigger (source -> dest)``: how a transition is named in every report."""
    return f"{t.trigger} ({t.source} -> {t.dest})"


@frozen
class Citer:
    """One machine element citing a subsection: its kind, name, exact citation and diagram ids."""

    kind: str  # one of KINDS
    name: str
    cite: str  # the citation as written on the element, e.g. "(i)(1)(ii)(A)"
    elements: tuple[str, ...] = field(converter=tuple)  # ids in the SVG: state-x, t3 ...

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "cite": self.cite, "elements": list(self.elements)}


@frozen
class Row:
    """One subsection (or cross-referenced section) with what encodes it."""

    key: str  # "(k)(1)" or "§ 633a.8"
    cite: str  # "§ 633a.7(k)(1)"
    text: str
    citers: tuple[Citer, ...] = field(converter=tuple)
    waiver: str | None = None

    @property
    def status(self) -> str:
        return "encoded" if self.citers else "waived" if self.waiver else "unmapped"

    def of_kind(self, kind: str) -> list[Citer]:
        return [c for c in self.citers if c.kind == kind]

    @property
    def elements(self) -> list[str]:
        """Diagram ids of everything encoding this row, each once, in order."""
        return list(dict.fromkeys(e for c in self.citers for e in c.elements))

    def to_json(self) -> dict:
        doc: dict = {"key": self.key, "cite": self.cite, "text": self.text, "status": self.status}
        for kind in KINDS:
            doc[kind + "s"] = [c.to_json() for c in self.of_kind(kind)]
        doc["waiver"] = self.waiver
        return doc


@frozen
class Trace:
    """The traceability table of one machine."""

    game: str
    section: str
    title: str
    machine: str  # machine file name
    rows: tuple[Row, ...] = field(converter=tuple)  # subsections, in the file's order
    references: tuple[Row, ...] = field(converter=tuple)  # cross-referenced sections
    readings: tuple[Reading, ...] = field(converter=tuple, default=())  # the machine file's readings register
    cite_text: dict = field(factory=dict)  # "(g)" -> "§ 633a.7(g)", for the readings
    #: the machine file as outputs name it (``machines/<file>``, or a game's own file where it really is)
    shown: str = ""

    def reading_cites(self, reading: Reading) -> str:
        """``§ 633a.7(g), § 633a.7(o)``: what a reading concerns, in full (``[id]`` first when it has one,
        the name a ``turns:`` cite ``reading:<id>`` uses)."""
        return (f"[{reading.id}] " if reading.id else "") + ", ".join(self.cite_text.get(c, c) for c in reading.cite)

    def count(self, status: str) -> int:
        return sum(1 for r in self.rows if r.status == status)

    @property
    def summary(self) -> str:
        """``N of M subsections encoded, K waived, U unmapped``."""
        return (f"{self.count('encoded')} of {len(self.rows)} subsections encoded, "
                f"{self.count('waived')} waived, {self.count('unmapped')} unmapped")

    def to_json(self) -> dict:
        return {"game": self.game, "section": self.section, "title": self.title, "machine": self.machine,
                "subsections": [r.to_json() for r in self.rows],
                "references": [r.to_json() for r in self.references],
                "readings": [{"id": r.id, "cite": list(r.cite), "reading": r.reading, "rests_on": r.rests_on,
                              "rejected": r.rejected, "line": r.line} for r in self.readings],
                "summary": {"subsections": len(self.rows), "encoded": self.count("encoded"),
                            "waived": self.count("waived"), "unmapped": self.count("unmapped"),
                            "line": self.summary}}


def citers(spec: MachineSpec) -> list[Citer]:
    """Every citation in the machine, one :class:`Citer` per (element, cite), in file order."""
    found: list[Citer] = []
    for s in spec.states:
        found += [Citer("state", s.id, c, [f"state-{s.id}"]) for c in s.cite]
    for t in spec.transitions:
        found += [Citer("transition", transition_name(t), c, [f"t{t.index}"]) for c in t.cite]
    # a declared pass round the table cites the sentence that orders it, or the reading that does
    found += [c for s in spec.states if s.turns is not None
              for c in _turns_citers(spec, s.id, s.turns, f"state-{s.id}")]
    found += [c for t in spec.transitions if t.turns is not None
              for c in _turns_citers(spec, transition_name(t), t.turns, f"t{t.index}")]
    users: dict[str, list[str]] = {}
    for s in spec.states:  # a declared walk's ``only`` guards: the state whose walk asks them
        for entry in s.turns.only if s.turns is not None else ():
            users.setdefault(entry.name, []).append(f"state-{s.id}")
    for t in spec.transitions:
        for entry in t.when + t.unless + t.do + (t.turns.only if t.turns is not None else ()):
            users.setdefault(entry.name, []).append(f"t{t.index}")
    for e in spec.entries():
        found += [Citer(e.kind, e.name, c, dict.fromkeys(users[e.name])) for c in e.cite]
    found += [Citer("refusal", r.trigger, r.cite, []) for r in spec.refusals]
    return found


def _turns_citers(spec: MachineSpec, name: str, turns: Turns, element: str) -> list[Citer]:
    """A pass cites its subsection; a pass ordered by a reading (``reading:<id>``) is listed under
    each subsection the reading concerns, named with the reading."""
    if turns.reading_id is None:
        return [Citer("turns", f"{name}: {turns.text}", turns.cite, [element])]
    return [Citer("turns", f"{name}: {turns.text} (reading {turns.reading_id})", c, [element])
            for c in spec.reading(turns.reading_id).cite]


def trace(spec: MachineSpec, game: str | None = None) -> Trace:
    """The traceability table of ``spec``."""
    every = citers(spec)
    waived = dict(spec.waived)
    rows = [Row(key, spec.cite_text(key), text, [c for c in every if covers(c.cite, key)], waived.get(key))
            for key, text in spec.subsections]
    references = [Row(key, key, text, [c for c in every if c.cite == key]) for key, text in spec.references]
    return Trace(game or spec.game, spec.section, spec.title, spec.name + ".yaml", rows, references,
                 spec.readings, {row.key: row.cite for row in rows}, spec.shown_path)


# -- rendering (plain strings; the CLI only prints them) --------------------------------------
def _citer_text(spec_row: Row, c: Citer) -> str:
    via = "" if c.cite == spec_row.key else f"  (via {c.cite})"
    return f"{c.kind} {c.name}{via}"


def to_text(tr: Trace, coverage: list | None = None) -> str:
    lines = [f"{tr.section} — {tr.title}  ({tr.shown})", ""]
    for row in tr.rows + tr.references:
        if row is (tr.references or (None,))[0]:
            lines += ["", "Cross-referenced sections:"]
        lines.append(f"{row.cite}  {row.text}")
        lines += [f"    {_citer_text(row, c)}" for c in row.citers]
        if row.waiver:
            lines.append(f"    {'waived' if not row.citers else 'also waived'}: {row.waiver}")
        elif row.status == "unmapped":
            lines.append("    UNMAPPED: nothing cites this subsection and it is not waived")
    if tr.readings:
        lines += ["", "Readings (where the text is ambiguous, silent, or points to a section not available):"]
    for r in tr.readings:
        lines += [f"{tr.reading_cites(r)}  ({tr.shown}:{r.line})", f"    reading: {r.reading}",
                  f"    rests on: \"{r.rests_on}\"", f"    rejected: {r.rejected}"]
    lines += ["", tr.summary]
    if coverage is not None:
        lines += ["", "Transition coverage (tests/scenarios):"]
        for item in coverage:
            who = item.scenario or "NOT COVERED by any scenario"
            lines.append(f"  t{item.index:<3} {item.name:60} {who}")
        covered = sum(1 for item in coverage if item.scenario)
        lines.append(f"{covered} of {len(coverage)} transitions covered")
    return "\n".join(lines)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(tr: Trace, coverage: list | None = None) -> str:
    lines = [f"# {tr.section}: {tr.title}", "", f"Machine file: `{tr.shown}`", "",
             "| Subsection | Paraphrase | States | Transitions | Guards | Actions | Waiver |",
             "|---|---|---|---|---|---|---|"]
    for row in tr.rows + tr.references:
        cells = [", ".join(dict.fromkeys(f"`{c.name}`" for c in row.of_kind(kind)))
                 for kind in ("state", "transition", "guard", "action")]
        refusals = row.of_kind("refusal")
        if refusals:
            cells[1] += (", " if cells[1] else "") + ", ".join(f"refusal `{c.name}`" for c in refusals)
        waiver = row.waiver if (row.waiver and not row.citers) else ("**UNMAPPED**" if row.status == "unmapped" else "")
        lines.append("| " + " | ".join(_md(x) for x in [row.cite, row.text, *cells, waiver]) + " |")
    if tr.readings:
        lines += ["", "## Readings", ""]
    for r in tr.readings:
        lines += [f"- **{tr.reading_cites(r)}** (`{tr.shown}:{r.line}`): {r.reading}",
                  f"  - rests on: \"{r.rests_on}\"", f"  - rejected: {r.rejected}"]
    lines += ["", f"**{tr.summary}**"]
    if coverage is not None:
        lines += ["", "## Transition coverage", "", "| Transition | Scenario |", "|---|---|"]
        lines += [f"| t{c.index} `{_md(c.name)}` | {c.scenario or '**NOT COVERED**'} |" for c in coverage]
    return "\n".join(lines)


def to_json(tr: Trace, coverage: list | None = None) -> str:
    doc = tr.to_json()
    if coverage is not None:
        doc["coverage"] = [c.to_json() for c in coverage]
    return json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False)


RENDER = {"text": to_text, "markdown": to_markdown, "json": to_json}
