"""Blackjack, 58 Pa. Code § 633a.7: its registry, Rules and layout, declared as ``INFO``."""

from __future__ import annotations

from pa_table_games.errors import WagerError
from pa_table_games.game import GameInfo
from pa_table_games.games.blackjack import actions, guards  # noqa: F401  (register the names)
from pa_table_games.games.blackjack.layout import BlackjackLayout
from pa_table_games.games.blackjack.registry import REGISTRY
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.shoe import Shoe

WAGERS = ("blackjack", "insurance")


def turn(rnd) -> tuple[int, int] | None:
    """The box answering the Insurance offer, or the hand deciding in (i)."""
    lay = rnd.layout
    if lay.insurance_open:
        boxes = lay.boxes()
        return (boxes[lay.insurance_asked].seat, 0) if lay.insurance_asked < len(boxes) else None
    hand = lay.acting_hand()
    return (hand.seat, hand.index) if hand is not None else None


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """The Insurance Wager is placed only when the dealer offers it (§ 633a.8)."""
    if name == "insurance" and not getattr(getattr(rnd, "layout", None), "insurance_open", False):
        raise WagerError(f"seat {seat}: the Insurance Wager is placed when the dealer offers it (§ 633a.8)")


def new_shoe(rules: BlackjackRules, seed: int | None) -> Shoe:
    return Shoe.shuffled(rules.decks, seed=seed, cover_depth=rules.cover_depth_cards)


INFO = GameInfo(
    name="blackjack",
    machine="blackjack.yaml",
    registry=REGISTRY,
    rules_class=BlackjackRules,
    wagers=WAGERS,
    layout=lambda rnd: BlackjackLayout(),
    turn=turn,
    cards_on_layout=lambda rnd: rnd.layout.cards(),
    check_wager=check_wager,
    new_shoe=new_shoe,
    cover_card_cite="(e)",
    demo={"seats": {1: {"blackjack": 10}, 2: {"blackjack": 10}},
          "shoe": "5C 9H TS 6D 2H 7S 8C 9S 3D KH", "actions": ["double", "stand"]},
)
