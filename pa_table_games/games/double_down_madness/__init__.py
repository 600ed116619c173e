"""Double Down Madness, 58 Pa. Code § 692.7 (number presumed): its registry, Rules and layout, as ``INFO``.

The hand arithmetic, the layout and the actions shared with Blackjack come from
``pa_table_games.games.blackjack``; what differs lives here: the one-card start with the
hole card dealt first (e), repeated Double Down wagers (h) (l) § 692.9, the Push 22
wager (o) (p), and no split or surrender (j) (refusals in the machine file).
"""

from __future__ import annotations

from pathlib import Path

from pa_table_games.errors import WagerError
from pa_table_games.runtime.game import GameInfo
from pa_table_games.games.blackjack import UNITS, insurance_maximum
from pa_table_games.games.blackjack.strategies import FOLDER as BLACKJACK_TABLES, TableStrategies
from pa_table_games.games.double_down_madness import actions, guards  # noqa: F401  (register the names)
from pa_table_games.games.double_down_madness.layout import INSURANCE, MAIN, PUSH_22, check_seats, new_layout
from pa_table_games.games.double_down_madness.registry import REGISTRY
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules
from pa_table_games.games.double_down_madness.view import VIEW
from pa_table_games.equipment.shoe import Shoe

WAGERS = (MAIN, PUSH_22, INSURANCE)


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """Insurance only when the dealer offers it (name, seat and amount are checked by Round.place_wager)."""
    if name == INSURANCE and not getattr(getattr(rnd, "layout", None), "insurance_open", False):
        raise WagerError(f"seat {seat}: the Insurance wager is placed when the dealer offers it (§ 692.7(f))")


def new_shoe(rules: DoubleDownMadnessRules, seed: int | None) -> Shoe:
    return Shoe.shuffled(rules.decks, seed=seed, cover_depth=rules.cover_depth_cards)


#: The tables of this game's strategies: its own, and the Blackjack ones that name it.
TABLES = Path(__file__).with_name("strategy_tables")


INFO = GameInfo(
    name="double-down-madness",
    machine="double_down_madness.yaml",
    registry=REGISTRY,
    rules_class=DoubleDownMadnessRules,
    wagers=WAGERS,
    layout=new_layout,
    check_seats=check_seats,
    check_wager=check_wager,
    new_shoe=new_shoe,
    view=VIEW,
    cover_card_cite="(d)",
    # Burn 9C; hole card 8D; seat 1 gets 5H, seat 2 AS; up card 6C. Seat 1 doubles (6S: 11),
    # doubles again (KD: 21, closed by (l)(1)); seat 2 hits (7H: soft 18, closed by (l)(2)).
    # The dealer turns 8D (14), hits 8S: 22 — (p)(1) returns both hands and pays the Push 22.
    demo={"seats": {1: {"double_down_madness": 10, "push_22": 5}, 2: {"double_down_madness": 10}},
          "shoe": "9C 8D 5H AS 6C 6S KD 7H 8S", "actions": ["double", "double", "hit"]},
    units=UNITS,
    strategies=TableStrategies("double-down-madness", TABLES, BLACKJACK_TABLES),
    default_strategy="madness",
    pricing="pa_table_games.games.double_down_madness.pricing:price",
    wager_maximum=insurance_maximum,
    simulation_notes="pa_table_games.games.double_down_madness.simulation_notes:notes",
    top_payout="pa_table_games.games.double_down_madness.simulation_notes:top_payout",
    key_options=("decks", "blackjack_pays", "suited_blackjack_pays", "double_down_wager", "max_double_downs", "shuffle"),
    fixed_rule="the dealer draws to a hard 17 and hits soft 17 (§ 692.7(n))",
)
