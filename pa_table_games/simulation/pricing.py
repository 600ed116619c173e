"""``edge GAME [WAGER]``: the house edge of any game's wager, priced as well as the game knows how.

A game's ``GameInfo.pricing`` is its own analyser: it answers an :class:`~pa_table_games.values.EdgeAsk`
with a :class:`~pa_table_games.values.Priced` (exact figures, say), or with None for a wager it has no analyser for. Every wager it leaves, and every
wager of a game that declares none, is priced by a **seeded simulation of the game's own machine**
(:func:`simulated`): the main wager, and the wager asked for where it can be placed before the deal,
dealt round after round at one table by the game's default strategy, with the 95 % interval of the
simulation and the words "simulated, not exact" in the answer. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pa_table_games.errors import TableGamesError, WagerError
from pa_table_games.games import game_info, load_game
from pa_table_games.money import default_wager
from pa_table_games.runtime.game import resolved
from pa_table_games.simulation.simulate import simulate
from pa_table_games.simulation.tally import interval_caution, interval_words
from pa_table_games.values import EdgeAsk, Priced

#: A simulated price: rounds dealt and seed, unless the command says otherwise.
ROUNDS = 20_000
SEED = 1
WHY_SIMULATED = "simulated, not exact: the game declares no exact analyser for this wager"


def price(ask: EdgeAsk) -> Priced:
    """The price of ``ask.wager``: the game's own analyser where it has one, else a seeded simulation."""
    pricing = game_info(ask.game).pricing
    priced = resolved(pricing)(ask) if pricing is not None else None
    return priced if priced is not None else simulated(ask)


def simulated(ask: EdgeAsk, strategy: str | None = None, terms: Mapping[str, Any] | None = None,
              said: Sequence[str] = ()) -> Priced:
    """``ask.wager`` (default: the main wager) priced by ``ask.rounds`` rounds of the game's own machine. A game
    pricing its own wager this way adds what the figure rests on beyond the rounds: ``terms`` to the document,
    ``said`` (the lines saying them) to the text, after how the rounds were dealt."""
    game = load_game(ask.game, ask.rules)
    wager = ask.wager or game.info.wagers[0]
    if wager not in game.info.wagers:
        raise WagerError(f"unknown {ask.game} wager {wager!r} (known: {', '.join(game.info.wagers)})")
    if ask.decks is not None or ask.paytable is not None:
        raise TableGamesError(f"edge {ask.game} {wager}: {WHY_SIMULATED}, so --decks and --paytable do not apply "
                              "(a Rules file sets the game's options)")
    rounds, seed = ask.rounds or ROUNDS, SEED if ask.seed is None else ask.seed
    with ask.bar("simulating") as heard:
        result = simulate(ask.game, rounds, seed=seed, strategy=strategy, rules=game.rules,
                          seats=seats_for(game, wager), progress=heard)
    edge = result.edge(wager) if wager in result.tally.sums else None
    doc = {"game": ask.game, "section": game.spec.section, "wager": wager, "method": "simulated",
           "how": f"{result.rounds:,} rounds of the game's own machine, seed {seed}, strategy {result.strategy}",
           "why": WHY_SIMULATED, "rules": ask.rules_file, "rounds": result.rounds, "seed": seed,
           "strategy": result.strategy, "complete": result.complete, "seats": result.to_json()["seats"],
           "placed": edge.rounds if edge else 0, "house_edge": edge.house_edge if edge else None,
           "sd": edge.sd if edge else None, "ci95": list(edge.ci95) if edge and edge.ci95 else None,
           "skewness": edge.skewness if edge else None,
           "rounds_for_interval": edge.rounds_for_interval if edge else None,
           "caution": interval_caution(edge) if edge else None} | dict(terms or {})
    return Priced(doc, simulated_lines(doc, result.note, said), result.complete)


def seats_for(game: Any, wager: str) -> dict[int, dict[str, Any]]:
    """Seat 1 with the main wager (10, or the table minimum) and ``wager`` beside it where the round accepts it
    before the deal; otherwise the main wager alone (the strategy places ``wager`` during the round, if ever)."""
    rules = game.rules
    main = game.info.wagers[0]
    amount = default_wager(rules)
    alone = {1: {main: amount}}
    if wager == main:
        return alone
    beside = {1: {main: amount, wager: amount}}
    try:
        game.new_round(beside, seed=0)
    except TableGamesError:
        return alone
    return beside


def simulated_lines(doc: dict[str, Any], note: str = "", said: Sequence[str] = ()) -> list[str]:
    """The text of :func:`simulated`'s document, with the game's ``said`` lines after how the rounds were dealt."""
    rules = f", Rules {doc['rules']}" if doc.get("rules") else ""
    lines = [f"{doc['wager']}: {doc['game']} ({doc['section']}){rules}", doc["why"], doc["how"], *said, ""]
    if doc["house_edge"] is None:
        lines.append(f"the wager was never made in the {doc['rounds']:,} rounds simulated")
    else:
        lines.append(f"simulated: house edge {doc['house_edge'] * 100:.3f} %, {interval_words(doc['ci95'])} "
                     f"(made in {doc['placed']:,} rounds)")
    if not doc["complete"]:
        lines.append("interrupted: the figures are for the rounds dealt so far")
    lines += [f"note: {line}" for line in (note, doc.get("caution")) if line]
    return lines
