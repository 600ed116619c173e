"""Blackjack, 58 Pa. Code § 633a.7: its registry, Rules and layout, declared as ``INFO``."""

from __future__ import annotations

from pa_table_games.errors import WagerError
from pa_table_games.runtime.game import GameInfo
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.games.blackjack import (  # noqa: F401  (register the names)
    actions, determinant, guards, house_money, optional_wagers, players_optional_wagers, progressives)
from pa_table_games.games.blackjack.dealing_shoe import refuse_joker
from pa_table_games.games.blackjack.layout import BlackjackLayout
from pa_table_games.games.blackjack.registry import REGISTRY
from pa_table_games.games.blackjack.paytables import wagers
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.games.blackjack.strategies import FOLDER, TableStrategies
from pa_table_games.games.blackjack.view import VIEW
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.money import fraction_of

#: The optional wagers (contract names), each placed with a Blackjack Wager in the same box: every wager
#: with a pay table in ``paytables/blackjack.yaml``, in that file's order ((g)(1)-(10), then (o)).
OPTIONAL = wagers()
WAGERS = ("blackjack", "insurance") + OPTIONAL


def each_box(rnd) -> list:
    """Each box a declared pass goes over (its first hand), seat 1 first."""
    return rnd.layout.boxes()


def each_hand(rnd) -> list:
    """Each hand a declared pass goes over, seat 1 first, a box's split hands in the order they are played."""
    return list(rnd.layout.hands)


#: what Blackjack's passes go over beyond its players and wagers (``GameInfo.units``)
UNITS = {"box": each_box, "hand": each_hand}


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """The Insurance Wager is placed only when the dealer offers it (§ 633a.8)."""
    if name == "insurance" and not getattr(getattr(rnd, "layout", None), "insurance_open", False):
        raise WagerError(f"seat {seat}: the Insurance Wager is placed when the dealer offers it (§ 633a.8)")
    if name == "super_match" and not rnd.rules.blackjack_switch:
        raise WagerError(f"seat {seat}: the Super Match Wager is offered at a Blackjack Switch table only "
                         "(Rules blackjack_switch: true) (§ 633a.7(g)(7))")


def _check_optional_wagers_have_boxes(rnd) -> None:
    """Each optional wager has a Blackjack Wager in its box; a Super Match Wager, in the next box too."""
    boxes = {w.seat for w in rnd.wagers if w.name == "blackjack"}
    for w in rnd.wagers:
        if w.name in OPTIONAL and w.seat not in boxes:
            raise WagerError(f"seat {w.seat}: an optional wager ({w.name}) requires a Blackjack Wager in the "
                             "same box (§ 633a.7(f)(1), (g))")
        if w.name == "super_match" and w.seat + 1 not in boxes:
            raise WagerError(f"seat {w.seat}: a Super Match Wager covers the player's two boxes at a Blackjack "
                             f"Switch table: place a Blackjack Wager at seat {w.seat + 1} too (§ 633a.7(g)(7))")


def check_seats(rnd) -> None:
    """Once every wager is placed: each optional wager needs a Blackjack Wager in its box (a Super Match
    Wager, in the next box too), and the shoe must suit the Rules and hold 52-card decks only (no joker); a round
    from a double shoe has a box for the determinant card ((d)(2))."""
    if not rnd.wager_names.isdisjoint(OPTIONAL):
        _check_optional_wagers_have_boxes(rnd)
    refuse_joker(rnd.shoe, "Blackjack", "§ 633a.2")
    if rnd.rules.double_shoe != isinstance(rnd.shoe, DoubleShoe):
        raise WagerError("the Rules deal from a double shoe: stack it with DoubleShoe.stacked(red=..., black=...)"
                         if rnd.rules.double_shoe else "a double shoe needs the Rules option double_shoe: true (§ 633a.7(d))")
    if rnd.rules.double_shoe and rnd.game.info.wagers[0] not in rnd.wager_names:
        raise WagerError("a round from a double shoe needs a Blackjack Wager: (d)(2) may give the determinant card "
                         "to the first box (§ 633a.7(d)(2))")


def insurance_maximum(rnd, seat: int, name: str):
    """An Insurance Wager's own maximum: the Rules' share of the box's wager, rounded down (§ 633a.8)."""
    main = rnd.wager(seat, rnd.game.info.wagers[0]) if name == "insurance" else None
    return fraction_of(main.amount, rnd.rules.insurance_max) if main is not None else None


#: The Rules options every run states, and what the section fixes (shared with Double Down Madness' own).
KEY_OPTIONS = ("decks", "blackjack_pays", "double_on", "double_after_split", "split_max_hands", "resplit_aces",
               "split_aces_one_card", "surrender", "shuffle")
FIXED_RULE = "the dealer draws to 17 and stands on every 17, soft or hard (§ 633a.7(m))"


def new_layout(rnd) -> BlackjackLayout:
    """An empty layout (its first bundles in the discard rack are those of earlier rounds)."""
    return BlackjackLayout(earlier_bundles=len(rnd.table.rack.bundles))


def new_shoe(rules: BlackjackRules, seed: int | None) -> Shoe | DoubleShoe:
    """A shuffled shoe; with the Rules' double shoe, ``decks`` decks in each side (§ 633a.7(d))."""
    if rules.double_shoe:
        return DoubleShoe.shuffled(rules.decks, seed=seed, cover_depth=rules.cover_depth_cards)
    return Shoe.shuffled(rules.decks, seed=seed, cover_depth=rules.cover_depth_cards)


INFO = GameInfo(
    name="blackjack",
    machine="blackjack.yaml",
    registry=REGISTRY,
    rules_class=BlackjackRules,
    wagers=WAGERS,
    layout=new_layout,
    check_seats=check_seats,
    check_wager=check_wager,
    new_shoe=new_shoe,
    view=VIEW,
    cover_card_cite="(e)",
    demo={"seats": {1: {"blackjack": 10}, 2: {"blackjack": 10}},
          "shoe": "5C 9H TS 6D 2H 7S 8C 9S 3D KH", "actions": ["double", "stand"], "tampered": True},
    units=UNITS,
    strategies=TableStrategies(
        "blackjack", FOLDER, extra={"computed": "pa_table_games.games.blackjack.computed_strategy:computed_table"}),
    default_strategy="basic",
    pricing="pa_table_games.games.blackjack.pricing:price",
    wager_maximum=insurance_maximum,
    simulation_notes="pa_table_games.games.blackjack.simulation_notes:notes",
    top_payout="pa_table_games.games.blackjack.simulation_notes:top_payout",
    key_options=KEY_OPTIONS,
    options={"determinant_side": determinant.SIDE_OPTION, **progressives.OPTIONS},
    fixed_rule=FIXED_RULE,
)
