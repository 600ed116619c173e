"""Random play for the tests: the conformance kit's (:mod:`pa_table_games.testing.randomplay`), with the oracles
of the built-in sections registered: each game's dealer rule restated from the regulation, independently of the
machine, asked of every finished round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pa_table_games.games.blackjack.hand import points
from pa_table_games.testing.randomplay import (  # noqa: F401  (the tests' names for the kit's)
    AMOUNTS, CITED, KNOWN_BUGS, ORACLES, STEP_BOUND, attempt, check_cards, check_final, check_round, decision_words,
    game_rules_space, make_rules, plain, play_random_round, positions, random_rounds, random_rules, random_wanted,
    exact_cents, refuse, rules_space, snapshot, snapshot_table, valid_seats, words_for)


def _dealer_draws(must_draw: Callable[[int, bool], bool], cite: str, stop: str) -> Callable[[Any], None]:
    """The dealer draws exactly while ``must_draw`` holds (unless the no-draw exception fired)."""

    def check(rnd) -> None:
        lay = rnd.layout
        if not getattr(lay, "hole_card_turned", False) or len(lay.dealer) < 2:
            return
        for n in range(2, len(lay.dealer)):
            total, soft = points(lay.dealer[:n])
            assert must_draw(total, soft), f"{cite}: the dealer drew on {'soft ' if soft else ''}{total}"
        triggers = [e.trigger for e in rnd.events]
        if stop not in triggers and "dealer_stands" in triggers:
            total, soft = points(lay.dealer)
            assert not must_draw(total, soft), f"{cite}: the dealer stood on {'soft ' if soft else ''}{total}"
        for hand in lay.hands:
            for n in range(2, len(hand.cards)):
                assert points(hand.cards[:n])[0] < 21, f"a hand drew to {points(hand.cards[:n])[0]}: {hand}"

    return check


ORACLES.update({
    # § 633a.7(m): the dealer draws until a hard or soft 17 or more; (k)(1): no draw on 21.
    "blackjack": _dealer_draws(lambda total, soft: total < 17, "§ 633a.7(m)", "stop_drawing"),
    # § 692.7(n): the dealer draws until a hard 17 or more, hitting soft 17; (l)(1): no draw on 21.
    "double-down-madness": _dealer_draws(lambda total, soft: total < 17 or (total == 17 and soft),
                                         "§ 692.7(n)", "stop_drawing"),
})
