"""Double Down Madness Rules Submission options (§ 601a.2) with the defaults in docs/reference.md.

§ 692.7 cites §§ 692.5 (shuffle), 692.8 (insurance), 692.9 (double down) and 692.10
(payout odds), whose text is not available here. Every option below that comes from
them is a default of ours, not the regulation, and its help says so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from attrs import frozen

from pa_table_games.games.blackjack.dealing_shoe import check_cover_card, cover_depth_cards, depth_or_none
from pa_table_games.money import table_maximum_option, table_minimum_option
from pa_table_games.rules.options import flag, is_odds, number, odds, one_of, option, whole


def _count_or_none(_: Any, attribute: Any, value: Any) -> None:
    """Validator: ``None`` (no limit) or a whole number of at least 1."""
    if value is not None:
        whole(1, 21)(_, attribute, value)


@frozen
class DoubleDownMadnessRules:
    """The certificate holder's Double Down Madness choices. Every default is ours (docs/reference.md)."""

    decks: int = option(6, "§ 692.5", "decks in the shoe (default 6; § 692.5 not available)", whole(1, 12))
    positions: int = option(6, "§ 692.5", "betting positions; seat 1 is farthest to the dealer's left "
                            "(default 6, not the regulation)", whole(1, 9))
    shuffle: str = option("cover_card", "(d)", "cover_card: reshuffle after the cover card appears; every_round: "
                          "reshuffle after every round (default cover_card)", one_of("cover_card", "every_round"))
    cover_card_depth_decks: float | None = option(None, "§ 692.5", "decks left behind the cover card (default: a "
                                                  "quarter of the shoe, 1.5 of 6 decks; § 692.5 not available)",
                                                  depth_or_none)
    suited_blackjack_pays: str = option("2:1", "§ 692.10(b)", "a player Blackjack of two cards of one suit pays "
                                        "(default 2 to 1; § 692.10 not available)", is_odds)
    blackjack_pays: str = option("3:2", "§ 692.10(b)", "any other player Blackjack pays "
                                 "(default 3 to 2; § 692.10 not available)", is_odds)
    push_22_pays: str = option("11:1", "§ 692.10(d)", "a Push 22 wager pays when the dealer ends on 22 "
                               "(default 11 to 1; § 692.10 not available)", is_odds)
    insurance: bool = option(True, "§ 692.8", "the Insurance wager is offered against an ace up card "
                             "(default yes; § 692.8 not available)", flag)
    insurance_max: float = option(0.5, "§ 692.8", "the Insurance wager as a fraction of the Double Down Madness "
                                  "wager (default 1/2; § 692.8 not available)", number(0.01, 0.5))
    insurance_pays: str = option("2:1", "§ 692.8", "Insurance pays (default 2 to 1; § 692.8 not available)", is_odds)
    double_down_wager: str = option(
        "equal", "§ 692.9", "equal: each Double Down wager equals the original wager; up_to: any amount up to it, "
        "written double=AMOUNT (default equal; § 692.9 not available)", one_of("equal", "up_to"))
    max_double_downs: int | None = option(
        None, "§ 692.9", "most Double Down wagers on one hand; null for any number (default any number; "
        "§ 692.9 not available)", _count_or_none)
    settlement: str = option("collect_then_pay", "(t)", "collect_then_pay ((t)(1)) or right_to_left ((t)(2))",
                             one_of("collect_then_pay", "right_to_left"))
    table_minimum: float = table_minimum_option()
    table_maximum: float = table_maximum_option()

    def __attrs_post_init__(self) -> None:
        """The cover card lies in the shoe with one full deal in front of it ((d), § 692.5); refused when the
        Rules are made, as a ValueError so that a Rules file names the line that made the choice."""
        check_cover_card(self.decks, self.cover_card_depth_decks, self.positions, "§ 692.7(d)")

    @property
    def suited_blackjack_odds(self) -> Fraction:
        return odds(self.suited_blackjack_pays)

    @property
    def blackjack_odds(self) -> Fraction:
        return odds(self.blackjack_pays)

    @property
    def push_22_odds(self) -> Fraction:
        return odds(self.push_22_pays)

    @property
    def insurance_odds(self) -> Fraction:
        return odds(self.insurance_pays)

    @property
    def cover_depth_cards(self) -> int:
        return cover_depth_cards(self.decks, self.cover_card_depth_decks)
