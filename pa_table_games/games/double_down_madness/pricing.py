"""``edge double-down-madness [WAGER]`` (its ``GameInfo.pricing``): the main wager exactly by card removal under
continuous shuffle (:mod:`pa_table_games.analysis.double_down_madness`); the Push 22 and Insurance wagers are
left to the seeded simulation every game has. An analyst's tool: the game names it and never imports it."""

from __future__ import annotations

from pa_table_games.games.blackjack.pricing import exact_main
from pa_table_games.games.double_down_madness.layout import MAIN
from pa_table_games.values import EdgeAsk, Priced


def price(ask: EdgeAsk) -> Priced | None:
    """The main wager (no WAGER too) exactly; None for the others."""
    return exact_main(ask, MAIN) if ask.wager in (None, MAIN) else None
