"""High Card: an illustrative toy section (not a regulation), a plugin of its own distribution.

It is what docs/adding-a-game.md builds: a machine file (``high_card.yaml``), a registry of
guards and actions (:mod:`.rules_of_play`), Rules, a layout and a ``GameInfo``. Its
``pyproject.toml`` declares it in the entry-point group ``pa_table_games.games``; the test suite
runs with it installed.
"""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

from pa_table_games.equipment.shoe import Shoe
from pa_table_games.runtime.game import GameInfo
from pa_table_games.money import table_maximum_option, table_minimum_option
from pa_table_games.rules.options import flag, option, whole

from casino_high_card.rules_of_play import REGISTRY, HighCardLayout, each_box, stand_always


@frozen
class HighCardRules:
    """The house's High Card choices (illustrative)."""

    positions: int = option(5, "(b)", "boxes at the table (default 5)", whole(1, 7))
    double: bool = option(True, "(c)", "a player may double the wager (default yes)", flag)
    table_minimum: float = table_minimum_option()
    table_maximum: float = table_maximum_option()


def new_shoe(rules: HighCardRules, seed: int | None) -> Shoe:
    """One shuffled 52-card deck, no cover card: (a) shuffles the discards back in when half of it is dealt."""
    return Shoe.shuffled(1, seed=seed, cover_depth=None)


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """Nothing beyond the generic checks (name, seat, a positive amount)."""


INFO = GameInfo(
    name="high-card",
    machine=str(Path(__file__).with_name("high_card.yaml")),
    registry=REGISTRY,
    rules_class=HighCardRules,
    wagers=("high_card",),
    layout=lambda rnd: HighCardLayout(),
    check_wager=check_wager,
    new_shoe=new_shoe,
    cover_card_cite="(a)",
    demo={"seats": {1: {"high_card": 10}, 2: {"high_card": 10}}, "seed": 1, "actions": ["double", "stand"]},
    strategies={"stand": stand_always},
    units={"box": each_box},
)
