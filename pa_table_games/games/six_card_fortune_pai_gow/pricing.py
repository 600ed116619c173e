"""``edge six-card-fortune-pai-gow [WAGER]``: the game's wagers listed, or one priced (its ``GameInfo.pricing``; an
analyst's tool, it runs the simulation: the game names it and never imports it).

``fortune_bonus`` and ``progressive`` are exact (:mod:`pa_table_games.analysis.pai_gow`). The Six-Card
Fortune Pai Gow Poker Wager and the Double Down Wager are settled on the player's set hands against the
dealer's (a copy goes to the dealer), from one 53-card deck: ``C(53,6) x C(47,6)`` deals, each hand set by
an algorithm, too many to enumerate here. So they are SIMULATED by the game's own machine
(:func:`~pa_table_games.simulation.simulate.simulate`: the deal of § 670a.8, the house way, the
settlement), seeded so the figures repeat, with the ``player_way`` strategy: the house-way set for
the player (the same set as ``house_way``) and the Double Down Wager with a high hand of three of
a kind or better, the only rule for that wager this package has.

Outcome frequencies come from the tally's exact sums: a wager that can only win, push or lose its
amount ``a`` has ``wins - losses = sum x / a`` and ``wins + losses = sum x^2 / a^2``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pa_table_games.analysis import pai_gow
from pa_table_games.analysis.pai_gow import WAGERS
from pa_table_games.errors import TableGamesError
from pa_table_games.money import money
from pa_table_games.simulation.simulate import simulate
from pa_table_games.simulation.tally import SUMS, interval_caution, interval_words
from pa_table_games.values import EdgeAsk, Priced

GAME = "six-card-fortune-pai-gow"
ROUNDS = 20_000
SEED = 1
WHY_SIMULATED = ("simulated, not exact: the wager is settled on the player's and the dealer's hands, both set by "
                 "an algorithm, from one 53-card deck (C(53,6) x C(47,6) = 2.4e14 deals), too many to enumerate")


def simulated_wager(wager: str, rules: Any, rules_file: str | None, rounds: int, seed: int,
                    progress: Any = None) -> dict[str, Any]:
    """The main wager or the Double Down Wager priced by the game's own simulation (see the module doc)."""
    main = max(money(10), money(rules.table_minimum))
    result = simulate(GAME, rounds, seed=seed, strategy="player_way", rules=rules_file or rules,
                      seats={1: {"six_card_fortune": float(main)}}, progress=progress)
    sums = result.tally.sums.get(wager, [0] * SUMS)
    edge = result.edge(wager)
    placed, sx, sy, sxx = sums[0], sums[1], sums[2], sums[3]
    deals = result.rounds
    outcomes = []
    if placed:
        amount = Fraction(sy, placed)  # every placement of the wager is the same amount (in cents)
        net, swing = Fraction(sx) / amount, Fraction(sxx) / amount ** 2
        wins, losses = (swing + net) / 2, (swing - net) / 2
        for name, count, pays in (("player wins both hands", wins, 1),
                                  ("push: one hand won, the other lost or copied", placed - wins - losses, 0),
                                  ("dealer wins or copies both hands (a copy goes to the dealer)", losses, -1)):
            outcomes.append({"outcome": name, "count": int(count), "frequency": float(count / placed), "pays": pays})
    doc = {
        "game": GAME, "wager": wager, "name": WAGERS[wager][0], "cite": WAGERS[wager][1],
        "method": f"simulated: {deals:,} deals of the game's own machine, seed {seed}, strategy player_way "
                  f"(the house way; the Double Down Wager with a high hand of three of a kind or better)",
        "why": WHY_SIMULATED, "joker": rules.joker, "deals": deals, "seed": seed, "complete": result.complete,
        "placed": placed, "outcomes": outcomes, "house_edge": edge.house_edge, "sd": edge.sd,
        "ci95": list(edge.ci95) if edge.ci95 is not None else None, "skewness": edge.skewness,
        "rounds_for_interval": edge.rounds_for_interval, "caution": interval_caution(edge),
    }
    if wager == "double_down":
        doc["note"] = ("the player makes this wager after seeing the cards, so its edge is the strategy's: "
                       "made only with three of a kind or better it is the player's advantage (a negative edge)")
    return doc


def price(ask: EdgeAsk) -> Priced:
    """``edge`` asked of this game: the wager list (no WAGER), or one wager's price; an unknown wager is a user
    error with the list."""
    if ask.decks is not None or ask.paytable is not None:
        raise TableGamesError(f"edge {GAME}: one 53-card deck (§ 670a.8) and the game's own pay tables; "
                              "--decks and --paytable do not apply")
    rules = ask.rules
    counting = "counting every six-card hand (kept in the cache for next time)"
    if ask.wager is None:
        with ask.bar(counting) as heard:
            if heard is not None:
                pai_gow.six_card_counts(rules.joker_rule, heard=heard)  # warm the cache under the bar
            doc = pai_gow.wager_list(rules)
        return Priced(doc | {"rules": ask.rules_file}, pai_gow.list_lines(doc))
    name = pai_gow.check_wager(ask.wager, rules)
    if pai_gow.WAGERS[name][2] == "exact":
        with ask.bar(counting) as heard:
            doc = pai_gow.exact_side_wager(name, rules, heard)
        return Priced(doc | {"rules": ask.rules_file}, pai_gow.report_lines(doc))
    with ask.bar("simulating") as heard:
        doc = simulated_wager(name, rules, ask.rules_file, ask.rounds or ROUNDS, SEED if ask.seed is None else ask.seed,
                              heard)
    return Priced(doc | {"rules": ask.rules_file}, report_lines(doc), doc["complete"])


def report_lines(doc: dict[str, Any]) -> list[str]:
    """Plain text of :func:`simulated_wager`'s document."""
    lines = [f"{doc['wager']}: the {doc['name']} ({doc['cite']}), {GAME}, joker {doc['joker']}",
             f"{doc['method']}", f"{doc['why']}", "",
             f"  {'outcome':62} {'count':>8} {'frequency':>10} {'pays':>5}"]
    for row in doc["outcomes"]:
        lines.append(f"  {row['outcome']:62} {row['count']:>8,} {row['frequency']:>10.6f} {row['pays']:>+5d}")
    lines.append("")
    if doc["house_edge"] is None:
        lines.append("the wager was never made in the deals simulated")
    else:
        lines.append(f"simulated: {doc['deals']:,} deals, house edge {doc['house_edge'] * 100:.3f} %, "
                     f"{interval_words(doc['ci95'])} (made on {doc['placed']:,} deals)")
    if not doc["complete"]:
        lines.append("interrupted: the figures are for the deals dealt so far")
    for said in ("note", "caution"):
        if doc.get(said):
            lines.append(f"note: {doc[said]}")
    return lines
