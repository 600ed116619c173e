"""The busier tables, each as a ratio to the plain loop measured in the same run, and against that ratio before the
fast path was generated.

Seven seats each holding the Blackjack Wager and every optional wager allowed at a default table (basic
strategy); Double Down Madness with Push 22 at three seats (its own strategy); Six-Card Fortune with its wagers at
two seats (the house way). ``make bench`` deals each table with the code of cc76a2a too, the commit this work started
from, in the same run (:mod:`.before`). ``BEFORE`` is what it prints where that tree cannot be unpacked: each table's
ratio to the plain loop at cc76a2a as recorded on the 2-core machine (on a later machine the same code gave ratios
5 to 10 % lower, so a multiple against the recorded ones reads low).
"""

from __future__ import annotations

from collections.abc import Callable

from pa_table_games.simulation.chunks import Deal, deal_tally

#: Every optional wager placeable with the Blackjack Wager at a default table (not the Super Match: Blackjack
#: Switch only), the progressives at one chip.
EVERY_OPTIONAL = {"blackjack": 10.0, "lucky_ladies": 5.0, "match_the_dealer": 5.0, "in_between": 5.0,
                  "royal_match_21": 5.0, "bet_the_set_21": 5.0, "kings_bounty": 5.0, "three_card_poker": 5.0,
                  "straight_jack": 1.0, "house_money": 5.0, "bad_beat": 1.0, "hit_and_run": 1.0}
#: label -> (game, seats, strategy)
TABLES = {
    "seven seats, every optional wager": ("blackjack", {s: dict(EVERY_OPTIONAL) for s in range(1, 8)}, "basic"),
    "Double Down Madness, Push 22 at three seats": (
        "double-down-madness", {s: {"double_down_madness": 10.0, "push_22": 5.0} for s in (1, 3, 5)}, "madness"),
    "Six-Card Fortune, its wagers at two seats": (
        "six-card-fortune-pai-gow", {1: {"six_card_fortune": 10.0, "fortune_bonus": 5.0, "progressive": 1.0},
                                     4: {"six_card_fortune": 10.0, "fortune_bonus": 5.0}}, "house_way"),
}
#: each table's rounds per CPU-second over the plain loop's at cc76a2a (two runs on the 2-core machine: 0.0020 and
#: 0.0019, 0.0228 and 0.0224, 0.0042 and 0.0042; one seat standing on 17: 0.0524 and 0.0544), and the multiple
#: issue 31 asks for
BEFORE = {"seven seats, every optional wager": 0.0020, "Double Down Madness, Push 22 at three seats": 0.0226,
          "Six-Card Fortune, its wagers at two seats": 0.0042}
WANTED = {"seven seats, every optional wager": 5.0, "Double Down Madness, Push 22 at three seats": 5.0,
          "Six-Card Fortune, its wagers at two seats": 3.0}


def runner(label: str, engine: str = "fast") -> Callable[[int], object]:
    game, seats, strategy = TABLES[label]
    deal = Deal(game, None, seats, strategy, engine)
    return lambda n: deal_tally(deal, 1, n)
