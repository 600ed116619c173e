"""``edge double-down-madness [WAGER]`` (its ``GameInfo.pricing``): the main wager exactly by card removal under
continuous shuffle (:mod:`pa_table_games.analysis.double_down_madness`), the Insurance wager exactly per wager taken,
where the Rules offer it (:mod:`pa_table_games.analysis.insurance`: the hole card is dealt before the up card here,
(e)(1) and (e)(3), the same pair of cards); the Push 22 wager is left to the seeded simulation every game has. An
analyst's tool: the game names it and never imports it."""

from __future__ import annotations

from pa_table_games.games.blackjack.pricing import exact_insurance, exact_main
from pa_table_games.games.double_down_madness.layout import INSURANCE, MAIN
from pa_table_games.values import EdgeAsk, Priced

#: The Insurance wager's name in § 692.7 and the cites that settle it: paid under (g)(2), collected under § 692.8
#: (the cites of ``pay_insurance_wagers`` and ``collect_insurance_wagers``); every box is offered it, a Blackjack
#: too (no even money in § 692.8).
INSURANCE_WAGER = ("Insurance wager", "§ 692.7(g)(2), § 692.8", False)


def price(ask: EdgeAsk) -> Priced | None:
    """The main wager (no WAGER too) or the Insurance wager exactly; None for the others."""
    if ask.wager in (None, MAIN):
        return exact_main(ask, MAIN)
    if ask.wager == INSURANCE:
        return exact_insurance(ask, INSURANCE_WAGER)
    return None
