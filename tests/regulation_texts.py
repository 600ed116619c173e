"""The regulation texts in ``docs/regulations/``, read for tests: the whole section with its whitespace
normalised, and the section split into its subsections (``(i)(1)(ii)(A)`` -> that paragraph's own text).

The paragraph labels are read by their shape: ``(a)`` a subsection, ``(1)`` a paragraph, ``(i)`` a
subparagraph, ``(A)`` a clause. A label that is both a letter and a roman numeral (``(i)``, ``(v)``) is a
subparagraph only under an open paragraph and in sequence (``(i)`` first, then ``(ii)`` ...); otherwise it
is the next subsection, as ``(i)`` after § 633a.7(h) or § 692.7(h)(2)(ii). A list number the text prints
in front of a label (``9. (i)``, the garbled numbering of the Double Down Madness text) is ignored.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

REGULATIONS = Path(__file__).resolve().parents[1] / "docs" / "regulations"
_LABEL = re.compile(r"^(?:\d+\.\s+)?\((?P<label>[a-z]{1,4}|[0-9]{1,2}|[A-Z])\)\s*")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def normalise(text: str) -> str:
    """Runs of whitespace (line breaks, indentation) as one space."""
    return " ".join(text.split())


def path_of(short_section: str) -> Path:
    """``docs/regulations/633a.7.txt`` for ``§ 633a.7``."""
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


def illustrative(paraphrase: str) -> bool:
    """Is a machine file's subsection marked illustrative (its paraphrase says "(illustrative ...")? Such a
    subsection is made up (a guide's example wager), not a paragraph of the text."""
    return "(illustrative" in paraphrase.lower()


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
