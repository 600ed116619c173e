"""``edge double-down-madness [WAGER]`` (its ``GameInfo.pricing``): the main wager exactly by card removal under
continuous shuffle (:mod:`pa_table_games.analysis.double_down_madness`), the Insurance wager exactly per wager taken,
where the Rules offer it (:mod:`pa_table_games.analysis.insurance`: the hole card is dealt before the up card here,
(e)(1) and (e)(3), the same pair of cards), the Push 22 wager exactly per wager, from the dealer's hand alone
(:mod:`pa_table_games.analysis.push_22`). An analyst's tool: the game names it and never imports it."""

from __future__ import annotations

from pa_table_games.analysis.push_22 import assumptions, push_22_edge
from pa_table_games.games.blackjack.pricing import exact_at_odds, exact_insurance, exact_main
from pa_table_games.games.double_down_madness.layout import INSURANCE, MAIN, PUSH_22
from pa_table_games.values import EdgeAsk, Priced

#: The Insurance wager's name in § 692.7 and the cites that settle it: paid under (g)(2), collected under § 692.8
#: (the cites of ``pay_insurance_wagers`` and ``collect_insurance_wagers``); every box is offered it, a Blackjack
#: too (no even money in § 692.8).
INSURANCE_WAGER = ("Insurance wager", "§ 692.7(g)(2), § 692.8", False)
#: The Push 22 wager's name in § 692.7 and the cites that settle it: paid on a dealer 22 under (p)(1) at the odds of
#: § 692.10(d), collected under (p)(2) (the cites of ``return_wagers_and_pay_push_22`` and
#: ``collect_losing_wagers``); a dealer Blackjack collects it under (g)(1).
PUSH_22_WAGER = ("Push 22 wager", "§ 692.7(p), § 692.10(d)")


def price(ask: EdgeAsk) -> Priced | None:
    """The main wager (no WAGER too), the Insurance wager or the Push 22 wager exactly; None for any other."""
    if ask.wager in (None, MAIN):
        return exact_main(ask, MAIN)
    if ask.wager == INSURANCE:
        return exact_insurance(ask, INSURANCE_WAGER)
    if ask.wager == PUSH_22:
        decks = ask.decks or ask.rules.decks
        return exact_at_odds(ask, push_22_edge(decks, ask.rules.push_22_odds), PUSH_22_WAGER, "push_22_pays",
                             assumptions(decks))
    return None
