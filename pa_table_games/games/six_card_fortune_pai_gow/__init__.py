"""Six-Card Fortune Pai Gow Poker, 58 Pa. Code § 670a.8: its registry, Rules and layout, declared as ``INFO``.

Wagers (contract): ``six_card_fortune`` (the Six-Card Fortune Pai Gow Poker Wager),
``double_down`` (made after the cards are seen, § 670a.7(c)), ``fortune_bonus`` and
``progressive``. Action words: ``low=KS`` (that card is the low hand, the other five the
high hand), ``house_way``, ``double_down`` or ``double_down=AMOUNT``; ``wager=NAME`` is
always refused after "no more bets" (§ 670a.7(c)).

Round options (training and tests): ``start_number`` (the number the (c) method gives),
``misdeal`` (a seat, or ``"dealer"``/0, dealt a seventh card in the last round of the deal,
or with ``misdeal_cards: 5`` skipped in it) and ``progressive_accepted`` (how many
Progressive Payout Wagers the progressive system accepted; default: as many as made).
"""

from __future__ import annotations

from pa_table_games.equipment.cards import COVER_CARD
from pa_table_games.errors import CardCodeError, IllegalAction, WagerError
from pa_table_games.runtime.game import GameInfo
from pa_table_games.money import fraction_of, money
from pa_table_games.games.six_card_fortune_pai_gow import actions, completion, guards  # noqa: F401  (register)
from pa_table_games.games.six_card_fortune_pai_gow.layout import PaiGowLayout
from pa_table_games.games.six_card_fortune_pai_gow.registry import REGISTRY
from pa_table_games.games.six_card_fortune_pai_gow.rules import SixCardFortuneRules
from pa_table_games.games.six_card_fortune_pai_gow.strategies import STRATEGIES
from pa_table_games.games.six_card_fortune_pai_gow.view import VIEW
from pa_table_games.equipment.shoe import Shoe

MAIN = "six_card_fortune"
WAGERS = (MAIN, "double_down", "fortune_bonus", "progressive")
LATE = "after \"no more bets\" no wager but the Double Down Wager may be made, changed or withdrawn"


def each_box(rnd) -> list:
    """What the players' walk goes over (each box): the stacks of the positions holding a wager, seat 1 first."""
    return rnd.layout.player_stacks()


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """Every wager but the Double Down before "no more bets" (§ 670a.7(c)); name, seat and amount
    are checked by Round.place_wager."""
    rules, layout = rnd.rules, getattr(rnd, "layout", None)
    if layout is not None and layout.no_more_bets and name != "double_down":
        raise IllegalAction(f"wager={name}", LATE, "§ 670a.7(c)")
    if name == "double_down" and (layout is None or not layout.setting_open or not rules.double_down):
        raise WagerError(f"seat {seat}: the Double Down Wager is made after the player sees the cards (§ 670a.7(c))")
    if name != MAIN and rnd.wager(seat, MAIN) is None:
        raise WagerError(f"seat {seat}: {name} needs a {MAIN} wager at the position, placed first (§ 670a.7)")
    if name == "fortune_bonus" and not rules.fortune_bonus:
        raise WagerError(f"seat {seat}: the Rules do not offer the Fortune Bonus Wager")
    if name == "progressive" and not rules.progressive:
        raise WagerError(f"seat {seat}: the Rules do not offer the Progressive Payout Wager")
    if name == "progressive" and amount != money(rules.progressive_wager):
        raise WagerError(f"seat {seat}: a Progressive Payout Wager is one value chip of {rules.progressive_wager:g}")


def new_shoe(rules: SixCardFortuneRules, seed: int | None) -> Shoe:
    """One shuffled 53-card deck (52 + the joker), no cover card."""
    return Shoe.shuffled(1, seed=seed, joker=True, cover_depth=None)


def double_down_maximum(rnd, seat: int, name: str):
    """The Double Down Wager's own maximum: the Rules' multiple of the position's wager, rounded down (§ 670a.7(c))."""
    main = rnd.wager(seat, MAIN) if name == "double_down" else None
    return fraction_of(main.amount, rnd.rules.double_down_max) if main is not None else None


def new_layout(rnd) -> PaiGowLayout:
    if COVER_CARD in rnd.shoe.loaded:  # stacked or shuffled: a deck with one would count it in the stub ((e))
        raise CardCodeError("CUT: a Six-Card Fortune Pai Gow Poker deck has no cover card: the stacked deck is placed "
                            "whole in the manual dealing shoe (§ 670a.8(a))")
    return PaiGowLayout.for_round(rnd.rules.positions, {w.seat for w in rnd.wagers if w.name == MAIN})


INFO = GameInfo(
    name="six-card-fortune-pai-gow",
    machine="six_card_fortune_pai_gow.yaml",
    registry=REGISTRY,
    rules_class=SixCardFortuneRules,
    wagers=WAGERS,
    layout=new_layout,
    units={"box": each_box},
    check_wager=check_wager,
    new_shoe=new_shoe,
    view=VIEW,
    cover_card_cite=None,  # one deck placed whole in a manual shoe (§ 670a.8(a)): no cover card (new_layout)
    demo={"seats": {1: {MAIN: 10, "fortune_bonus": 5}, 4: {MAIN: 10, "progressive": 1}},
          "seed": 7, "actions": ["double_down", "house_way", "house_way"]},
    strategies=STRATEGIES,
    default_strategy="house_way",
    pricing="pa_table_games.games.six_card_fortune_pai_gow.pricing:price",
    top_payout="pa_table_games.games.six_card_fortune_pai_gow.paytable:top_payout",
    wager_maximum=double_down_maximum,
    key_options=("double_down", "double_down_max", "joker"),
    fixed_rule="the dealer sets the hand the house way (§ 670a.11)",
    round_options={"misdeal": int},
    options=actions.OPTIONS,
)
