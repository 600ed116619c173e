"""The exact house edge of a main wager, by its wager name: the analysis each game needs."""

from __future__ import annotations

from typing import Any

from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.analysis.double_down_madness import DoubleDownMadnessAnalysis

#: wager name -> its analysis
ANALYSES = {"blackjack": BlackjackAnalysis, "double_down_madness": DoubleDownMadnessAnalysis}


def analyse(wager: str, rules: Any) -> dict[str, Any]:
    """The report document of a main wager (``blackjack`` or ``double_down_madness``) under ``rules``."""
    return ANALYSES[wager](rules).to_json()
