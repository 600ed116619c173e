"""The cost of the (g) and (o) passes as seats and optional wagers grow (``python -m benchmarks.passes``).

A benchmark, not a test. Blackjack under its default Rules, the compiled runner with ``stand17``:
1, 3 and 7 seats, each with a Blackjack Wager and 1, 6 or 11 optional wagers (the first of
:data:`OPTIONAL`). For each size, CPU microseconds per round, and the cost per (seat, wager): what
the optional wagers add to the same seats' round without them, divided by seats x wagers. A declared
pass visits each of its players once (``Round.turn``), so the cost per (seat, wager) stays flat.
"""

from __future__ import annotations

import time

from pa_table_games.simulation.chunks import Deal, deal_tally

#: Eleven optional wagers placeable at a default table (not the Super Match: Blackjack Switch only).
OPTIONAL = ("lucky_ladies", "match_the_dealer", "in_between", "royal_match_21", "bet_the_set_21", "kings_bounty",
            "three_card_poker", "straight_jack", "house_money", "bad_beat", "hit_and_run")
SEATS, WAGERS = (1, 3, 7), (1, 6, 11)


def seats(n: int, wagers: int) -> dict[int, dict[str, float]]:
    return {seat: {"blackjack": 10.0, **{name: 5.0 for name in OPTIONAL[:wagers]}} for seat in range(1, n + 1)}


def us_per_round(n: int, wagers: int, seconds: float = 1.0) -> float:
    """CPU microseconds per round, over rounds dealt for about ``seconds`` of CPU."""
    deal, rounds = Deal("blackjack", None, seats(n, wagers), "stand17"), 200
    while True:
        start = time.process_time()
        deal_tally(deal, 1, rounds)
        spent = time.process_time() - start
        if spent >= seconds:
            return spent * 1e6 / rounds
        rounds *= 2


def pass_costs(seconds: float = 1.0) -> dict[tuple[int, int], tuple[float, float]]:
    """(seats, wagers) -> (us per round, us per (seat, wager) the optional wagers add)."""
    result = {}
    for n in SEATS:
        alone = us_per_round(n, 0, seconds)
        for w in WAGERS:
            cost = us_per_round(n, w, seconds)
            result[n, w] = (cost, (cost - alone) / (n * w))
    return result


def main() -> None:
    costs = pass_costs()
    print("seats x optional wagers: CPU us per round | us per (seat, wager) added by the optional wagers")
    for (n, w), (cost, each) in costs.items():
        print(f"  {n} x {w:>2}: {cost:9.1f} us/round | {each:6.2f} us per (seat, wager)")
    base = costs[1, 1][1]
    print(f"cost per (seat, wager) at 7 x 11 / at 1 x 1: {costs[7, 11][1] / base:.2f} (want at most 1.5)")


if __name__ == "__main__":
    main()
