"""Six-Card Fortune Pai Gow Poker Rules Submission options (§ 601a.2), defaults from docs/reference.md.

§ 670a.8 fixes the deal (one 53-card deck, six cards to each position and the dealer,
an 11-card stub). What it leaves to sections whose text is not available here — the
starting-position methods of § 670a.5(i), the Qualifying Fortune Bonus Wager, the
joker, the Double Down Wager of § 670a.7 — are options whose help says "default".
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from pa_table_games.errors import RulesValueError
from pa_table_games.games.six_card_fortune_pai_gow.poker import JokerRule
from pa_table_games.money import is_amount, money, table_maximum_option, table_minimum_option
from pa_table_games.rules.options import flag, number, one_of, option, whole

#: One deck of 52 cards plus the joker: (e) leaves 11 after 6 cards to 6 positions and the dealer.
DECK_CARDS = 53
CARDS_PER_HAND = 6
#: (e): "determine whether 11 cards are left"; the number is the regulation's, not the Rules'.
STUB_CARDS = 11


def deal_leaves_eleven(_: Any, attribute: Any, value: Any) -> None:
    """Validator: (d) deals six cards to every position and the dealer; only a table whose deal leaves
    the 11-card stub of (e) is this game (53 - 6 x (6 + 1) = 11: six positions)."""
    whole(1, 9)(_, attribute, value)
    dealt = CARDS_PER_HAND * (value + 1)
    stub = DECK_CARDS - dealt
    if stub < 0:
        raise RulesValueError(f"{attribute.name} {value}: six cards to {value} positions and the dealer are {dealt} cards, "
                              f"more than the {DECK_CARDS}-card deck holds; § 670a.8(e) requires {STUB_CARDS} left "
                              "(six positions)")
    if stub != STUB_CARDS:
        raise RulesValueError(f"{attribute.name} {value}: six cards to {value} positions and the dealer leave a {stub}-card "
                         f"stub of the {DECK_CARDS}-card deck; § 670a.8(e) requires {STUB_CARDS} (six positions)")


@frozen
class SixCardFortuneRules:
    """The certificate holder's Six-Card Fortune Pai Gow Poker choices; every default is ours unless cited."""

    positions: int = option(6, "(e)", "player positions; seat 1 is farthest to the dealer's left (6: the only "
                            "count whose deal leaves the 11-card stub of (e))", deal_leaves_eleven)
    starting_position_method: str = option(
        "random_number", "(c)", "random_number: a random number 1-7 (1 to positions + 1); dice: the total of "
        "three dice, 3-18 (default random_number; § 670a.5(i) not available)", one_of("random_number", "dice"))
    fortune_bonus: bool = option(True, "(b)(1)", "the Fortune Bonus Wager is offered (default yes)", flag)
    qualifying_fortune_bonus: float = option(5.0, "(b)(1)", "smallest Fortune Bonus Wager that is a Qualifying "
                                             "Fortune Bonus Wager and gets an Envy lammer (default 5)",
                                             is_amount)
    progressive: bool = option(True, "(b)(2)", "the Progressive Payout Wager is offered (default yes)", flag)
    progressive_wager: float = option(1.0, "(b)(2)", "amount of one Progressive Payout Wager: one value chip "
                                      "(default 1)", is_amount)
    double_down: bool = option(True, "§ 670a.7(c)", "the Double Down Wager is offered after the cards are seen "
                               "(default yes)", flag)
    double_down_max: float = option(1.0, "§ 670a.7(c)", "largest Double Down Wager as a multiple of the Six-Card "
                                    "Fortune Pai Gow Poker Wager (default 1; § 670a.7 not available)",
                                    number(0.01, 10))
    joker: str = option("bug", "§ 670a.11", "bug: in the high hand an ace or any card completing a straight or "
                        "flush; wild: fully wild (default bug); the low hand's joker is an ace",
                        one_of("bug", "wild"))
    table_minimum: float = table_minimum_option()
    table_maximum: float = table_maximum_option()

    def __attrs_post_init__(self) -> None:
        """(b)(2): the Progressive Payout Wager is one value chip of ``progressive_wager``, which the table maximum must
        admit (a ValueError, so that a Rules file names the line that made the choice)."""
        if self.progressive and money(self.progressive_wager) > money(self.table_maximum):
            raise RulesValueError(f"progressive_wager {self.progressive_wager:g} is above table_maximum "
                                  f"{self.table_maximum:g}: no Progressive Payout Wager (one value chip of "
                                  f"{self.progressive_wager:g}) could be placed (§ 670a.8(b)(2))")

    @property
    def joker_rule(self) -> JokerRule:
        return JokerRule(self.joker)
