"""The regulation texts in ``docs/regulations/``, read for tests: the readers are the package's own
(:mod:`pa_table_games.review.quotes`, which the review page and the dossier use to check every quotation);
``REGULATIONS`` is the checkout's folder."""

from __future__ import annotations

from pathlib import Path

from pa_table_games.review.quotes import normalise, occurs, path_of, quoted, section_text, subsections

REGULATIONS = Path(__file__).resolve().parents[1] / "docs" / "regulations"

__all__ = ["REGULATIONS", "illustrative", "normalise", "occurs", "path_of", "quoted", "section_text", "subsections"]


def illustrative(paraphrase: str) -> bool:
    """Is a machine file's subsection marked illustrative (its paraphrase says "(illustrative ...")? Such a
    subsection is made up (a guide's example wager), not a paragraph of the text."""
    return "(illustrative" in paraphrase.lower()
