"""The table a round log's header describes, set up again: the game under the logged Rules, the
logged shoe (stacked, or checked to be exactly the one the seed shuffles), the seats, the shoe's and
the table's flags. A header that cannot be set up is a ``LogFileError`` naming its line."""

from __future__ import annotations

import json
from typing import Any

from pa_table_games.equipment.double_shoe import SIDES, DoubleShoe
from pa_table_games.equipment.flags import state_flags
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.errors import TableGamesError
from pa_table_games.games import load_game
from pa_table_games.runtime.composition import check_stacked, shuffled_differs, sides
from pa_table_games.runtime.game import Game
from pa_table_games.audit.log import LogFileError, RoundLog, Start
from pa_table_games.money import check_seats
from pa_table_games.rules.options import rules_from_mapping


def setup(log: RoundLog, machine: str | None = None) -> tuple[Game, Any]:
    """The game under the logged Rules (and ``machine``, an edited machine file of it, if given) and a round at
    a table holding the logged shoe."""
    h, file = log.header, log.file
    try:
        game = load_game(h["game"], machine=machine)
        defaults = game.info.rules_class()
        rules = {k: tuple(v) if isinstance(v, list) and isinstance(getattr(defaults, k, None), tuple) else v
                 for k, v in h["rules"].items()}
        game = load_game(h["game"], rules_from_mapping(game.info.rules_class, rules, "rules"), machine=machine)
        if h.get("section", game.spec.section) != game.spec.section:
            raise TableGamesError(f"section {h['section']!r}: {h['game']} is {game.spec.section!r}")
        shoe = _logged_shoe(h)
        if h.get("seed") is None:
            check_stacked(game, shoe)
        else:
            _check_shuffled(game, shoe, h["seed"])
        seats = {int(seat): dict(w) for seat, w in h["seats"].items()}
        check_seats(game.rules, game.info.wagers[0], seats)
        if h.get("seed") is not None:  # the seed's shoe as shuffled: its generator, for any draw of chance in the
            fresh = game.new_table(seed=h["seed"]).shoe  # round; its refill when it runs dry; its cover card's depth
            shoe.rng, made = fresh.rng, sides(fresh)
            for name, side in sides(shoe).items():
                side.rng, side.stacked_order, side.cover_depth = shoe.rng, False, made[name].cover_depth
        shoe_state, table_state = _flags(game, h)
        for name, value in shoe_state.items():
            _set_flag(shoe, name, value)
        table = game.new_table(shoe=shoe)
        for name, value in table_state.items():
            _set_flag(table, name, value)
        refused = game.new_dealer_refused("table new_dealer: true") if table.new_dealer else None
        if refused:  # a dealer no round can bring (Game.new_round)
            raise TableGamesError(refused)
        return game, game.new_round(seats, table=table, options=dict(h.get("options", {})))
    except TableGamesError as err:
        raise LogFileError(file, log.header_line, f"header: {err}") from None


def fresh_flags(game: Game, h: dict) -> tuple[dict, dict]:
    """The shoe's and the table's flags as a fresh table has them, with the shoe the header describes (the one the
    seed shuffles, or the stacked shoe as logged): what a logged flag is told apart from (:mod:`.given`)."""
    table = game.new_table(seed=h["seed"]) if h.get("seed") is not None else game.new_table(shoe=_logged_shoe(h))
    return ({name: getattr(table.shoe, name) for name in state_flags(table.shoe)},
            {name: getattr(table, name) for name in state_flags(table)})


def _flags(game: Game, h: dict) -> tuple[dict, dict]:
    """The shoe's and the table's flags as the round found them. The shoe a seed shuffles is a fresh batch: a shoe
    flag the log gives otherwise (a batch not new: no burn of (c); a shuffle still due) would choose which cards the
    seed deals, and is refused. The table's flags are the round's own news (a new dealer's burn), as logged."""
    shoe_state, table = h.get("shoe_state", {}), h.get("table", {})
    if h.get("seed") is None:
        return shoe_state, table
    as_shuffled, _ = fresh_flags(game, h)  # every flag, a stacked shoe's own (no refill when it runs dry) too
    for name, value in shoe_state.items():
        if name in as_shuffled and value != as_shuffled[name]:
            raise TableGamesError(f"shoe_state {name}: {json.dumps(value)}: the shoe seed {h['seed']} shuffles is a "
                                  f"fresh one ({name}: {json.dumps(as_shuffled[name])})")
    return {**Start.of(game.new_table(seed=h["seed"])).shoe_state, **shoe_state}, table


def _check_shuffled(game: Game, shoe: Any, seed: int) -> None:
    """A shuffled shoe is the Rules' shoe, and exactly the one ``seed`` shuffles."""
    differs = shuffled_differs(game, shoe)
    if differs:
        raise TableGamesError(f"shoe: a shuffled shoe ('stacked': false) must be the Rules' shoe: {differs}")
    again = sides(game.new_table(seed=seed).shoe)
    for name, side in sides(shoe).items():
        logged, shuffled = side.remaining(), again[name].remaining()
        for position, (a, b) in enumerate(zip(logged, shuffled), 1):
            if a is not b:
                where = f"{name} side, card {position}" if name else f"card {position}"
                raise TableGamesError(f"shoe: seed {seed} shuffles another shoe ({where}: the seed gives "
                                      f"{b.code}, the log has {a.code})")


def _logged_shoe(h: dict) -> Any:
    """The shoe as the header logs it, stacked: the cards dealt, then those left behind them."""
    return _stacked(h["shoe"], h.get("undealt") or ([] if isinstance(h["shoe"], list) else {}))


def _stacked(dealt: Any, undealt: Any) -> Any:
    """The logged shoe, stacked: a list for a single shoe, {side: list} for a double shoe."""
    if isinstance(dealt, list):
        if not isinstance(undealt, list):
            raise TableGamesError("'undealt' must be a list like 'shoe'")
        return Shoe.stacked(dealt + undealt)

    if set(dealt) != set(SIDES) or not isinstance(undealt, dict) or not set(undealt) <= set(SIDES):
        raise TableGamesError(f"a double shoe is logged as {{{', '.join(SIDES)}}}: a list of card codes each")
    return DoubleShoe.stacked(*(dealt[side] + undealt.get(side, []) for side in SIDES))


def _set_flag(obj: Any, name: str, value: bool) -> None:
    flags = set(state_flags(obj))  # the flags a header may set
    if name not in flags:
        raise TableGamesError(f"unknown flag {name!r} (known: {', '.join(sorted(flags))})")
    setattr(obj, name, value)
