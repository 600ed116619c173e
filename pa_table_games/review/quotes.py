"""Every sentence a machine file quotes, checked word for word against the stored section text.

The section texts are in ``docs/regulations/`` (shipped in the package as ``pa_table_games/regulations``). A
machine file quotes its section in each reading's ``rests_on`` and in every phrase it puts in double quotes
in a reading, the notes, a waiver or a refusal. :func:`check` says, for the review page and the dossier,
whether each of those is the text's own words (whitespace normalised; an ellipsis stands for words left out),
and names each one that is not. A machine whose section has no stored text (an illustrative section, or one
whose text is not in the package) is labelled so: its quotations are not checked, and none is a departure.

The section text is also read by paragraph (:func:`subsections`): ``(a)`` a subsection, ``(1)`` a paragraph,
``(i)`` a subparagraph, ``(A)`` a clause. A label that is both a letter and a roman numeral (``(i)``, ``(v)``)
is a subparagraph only under an open paragraph and in sequence; otherwise it is the next subsection. A list
number printed in front of a label (``9. (i)``, the garbled numbering of the Double Down Madness text) is
ignored.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from pathlib import Path

from attrs import field, frozen

from pa_table_games.machine.spec import MachineSpec, Reading

REGULATIONS = Path(str(files("pa_table_games") / "regulations"))
_LABEL = re.compile(r"^(?:\d+\.\s+)?\((?P<label>[a-z]{1,4}|[0-9]{1,2}|[A-Z])\)\s*")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def normalise(text: str) -> str:
    """Runs of whitespace (line breaks, indentation) as one space."""
    return " ".join(text.split())


def path_of(short_section: str) -> Path:
    """``regulations/633a.7.txt`` for ``§ 633a.7``."""
    return REGULATIONS / f"{short_section.removeprefix('§').strip()}.txt"


@cache
def section_text(short_section: str) -> str:
    """The whole section, whitespace normalised."""
    return normalise(path_of(short_section).read_text(encoding="utf-8"))


def _level(label: str, path: list[tuple[int, str]]) -> int:
    if label.isdigit():
        return 2
    if label.isupper():
        return 4
    if label in _ROMAN and any(level == 2 for level, _ in path):
        romans = [name for level, name in path if level == 3]
        if (not romans and label == "i") or (romans and _ROMAN.index(romans[-1]) + 1 < len(_ROMAN)
                                             and label == _ROMAN[_ROMAN.index(romans[-1]) + 1]):
            return 3
    return 1


@cache
def subsections(short_section: str) -> dict[str, str]:
    """Each labelled paragraph of the section: ``"(r)(2)"`` -> its own text (not its sub-paragraphs')."""
    found: dict[str, str] = {}
    path: list[tuple[int, str]] = []
    for line in path_of(short_section).read_text(encoding="utf-8").splitlines():
        match = _LABEL.match(line.strip())
        if not match:
            continue
        level = _level(match["label"], path)
        path = [p for p in path if p[0] < level] + [(level, match["label"])]
        found["".join(f"({name})" for _, name in path)] = normalise(line.strip()[match.end():])
    return found


def occurs(quote: str, text: str, capital_ok: bool = False) -> bool:
    """``quote`` is in ``text`` word for word (whitespace normalised); an ellipsis (``...``) in the quote
    stands for words left out, so its parts must occur in order. With ``capital_ok`` the first letter may be a
    capital, where the quote opens a sentence of ours ("Identical card" for "identical card")."""
    at = 0
    for n, part in enumerate(re.split(r"\s*(?:\.\.\.|\u2026)\s*", normalise(quote))):
        if not part:
            continue
        if capital_ok and n == 0 and part[0].isupper() and part[0].lower() + part[1:] in text[at:]:
            part = part[0].lower() + part[1:]  # a quote opening a sentence of ours takes a capital
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


def quoted(spec: MachineSpec) -> list[tuple[str, str]]:
    """Every phrase a field of the machine file puts in double quotes, as (where, phrase): the readings' words
    and rejected alternatives, the notes, the waivers and the refusals. A state's label (or its opening
    words) in quotes names the state, it does not quote the text."""
    labels = {s.label for s in spec.states}
    fields = [("notes", spec.notes)] + [(f"waiver {k}", v) for k, v in spec.waived]
    fields += [(f"refusal {r.trigger} at line {r.line}", r.reason) for r in spec.refusals]
    fields += [(f"reading at line {r.line}, {part}", getattr(r, part)) for r in _records(spec)
               for part in ("reading", "rejected")]
    return [(where, phrase) for where, text in fields for phrase in re.findall(r'"([^"]+)"', text)
            if not any(label.startswith(phrase) for label in labels)]


def _records(spec: MachineSpec) -> list[Reading]:
    """The readings register's entries (a spec made in a test may hold something else there: not quotations)."""
    return [r for r in getattr(spec, "readings", ()) or () if isinstance(r, Reading)]


@frozen
class Departure:
    """A quotation that is not the stored text's own words: where the machine file has it, and the words."""

    where: str
    words: str

    def __str__(self) -> str:
        return f"{self.where}: \u201c{self.words}\u201d is not in the stored text"


@frozen
class QuoteCheck:
    """The outcome of checking one machine file's quotations against its section's stored text."""

    section: str
    stored: bool  # the package holds the section's text
    checked: int  # quotations compared
    departures: tuple[Departure, ...] = field(converter=tuple)
    text_file: str = ""

    @property
    def summary(self) -> str:
        """One sentence for the page's header and the dossier's cover."""
        if not self.stored:
            return (f"no stored text for {self.section}: its quotations are not checked (an illustrative section, "
                    "or one whose text is not in the package)")
        if not self.departures:
            return f"all {self.checked} quotations are the words of the stored text of {self.section}"
        return (f"{len(self.departures)} of {self.checked} quotations depart from the stored text of "
                f"{self.section}: each is named below")


def check(spec: MachineSpec) -> QuoteCheck:
    """Each reading's ``rests_on`` and each quoted phrase of ``spec`` against the stored text of its section."""
    source = path_of(spec.short_section)
    if "§" not in spec.section or not source.is_file():
        return QuoteCheck(spec.short_section, False, 0, ())
    text = section_text(spec.short_section)
    name = Path(spec.path).name
    wanted = [(f"{name}:{r.line}: reading, rests on", r.rests_on, False) for r in _records(spec)]
    wanted += [(f"{name}: {where}", phrase, True) for where, phrase in quoted(spec)]
    wrong = [Departure(where, words) for where, words, capital in wanted if not occurs(words, text, capital)]
    return QuoteCheck(spec.short_section, True, len(wanted), wrong, f"docs/regulations/{source.name}")
