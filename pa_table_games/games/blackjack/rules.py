"""Blackjack Rules Submission options (§ 601a.2) with the defaults in docs/reference.md.

Where § 633a.7 leaves a choice to the certificate holder, or cites a section whose
text is not available here, the option's help says "default" and names the source.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from pa_table_games.errors import RulesFileError, RulesValueError
from pa_table_games.games.blackjack.dealing_shoe import check_cover_card, cover_depth_cards, depth_or_none
from pa_table_games.games.blackjack.paytable_choice import cached_pay_table_for, pay_table_for, pay_tables_option
from pa_table_games.games.blackjack.paytables import PayTable
from pa_table_games.money import table_maximum_option, table_minimum_option
from pa_table_games.rules.options import flag, is_odds, number, odds, one_of, option, whole


@frozen
class BlackjackRules:
    """The certificate holder's Blackjack choices. Every default is ours unless a cite says otherwise."""

    decks: int = option(6, "§ 633a.2", "decks in the shoe, or in each side of a double shoe (default 6; at least 1)", whole(1, 12))
    double_shoe: bool = option(False, "(d)", "deal from a double shoe: a determinant card picks the side each round, "
                               "hearts/diamonds one side (\"red\"), spades/clubs the other (\"black\") (default no)", flag)
    positions: int = option(7, "§ 633a.2", "betting positions; seat 1 is farthest to the dealer's left (default 7)", whole(1, 9))
    shuffle: str = option("cover_card", "(e)", "cover_card: reshuffle after the cover card appears; every_round: "
                          "reshuffle after every round (a continuous shuffle)", one_of("cover_card", "every_round"))
    cover_card_depth_decks: float | None = option(None, "§ 633a.5", "decks left behind the cover card (default: a quarter "
                                                  "of the shoe, 1.5 of 6 decks; § 633a.5 not available)", depth_or_none)
    blackjack_pays: str = option("3:2", "§ 633a.13(a)", "a player Blackjack pays (default 3 to 2; § 633a.13 not available)", is_odds)
    blackjack_vs_ace_or_ten: str = option(
        "pay_at_once", "(i)(1)(ii)", "pay_at_once ((i)(1)(ii)(A)) or pay_after_hole_card ((i)(1)(ii)(B)) "
        "for a player Blackjack against an ace or 10-value up card", one_of("pay_at_once", "pay_after_hole_card"))
    insurance: bool = option(True, "§ 633a.8", "Insurance and even money offered against an ace (default yes)", flag)
    insurance_max: float = option(0.5, "§ 633a.8", "largest Insurance Wager as a fraction of the Blackjack Wager (default 1/2)", number(0.01, 0.5))
    insurance_pays: str = option("2:1", "§ 633a.8", "Insurance pays (default 2 to 1)", is_odds)
    double_on: str = option("any_two", "§ 633a.10", "first two cards a player may double on: any_two, nine_ten_eleven, "
                            "ten_eleven (default any_two)", one_of("any_two", "nine_ten_eleven", "ten_eleven"))
    double_after_split: bool = option(True, "§ 633a.10", "double down allowed on split hands (default yes)", flag)
    split_max_hands: int = option(4, "§ 633a.11", "most hands a player may split to (default 4)", whole(1, 8))
    resplit_aces: bool = option(False, "§ 633a.11", "split aces may be split again (default no)", flag)
    split_aces_one_card: bool = option(True, "§ 633a.11", "each split ace receives one card only (default yes)", flag)
    surrender: str = option("late", "§ 633a.9", "late: surrender the first two cards after the dealer checks for Blackjack, "
                            "not after a split; none (default late)", one_of("late", "none"))
    settlement: str = option("collect_then_pay", "(r)", "collect_then_pay ((r)(1)) or right_to_left ((r)(2))",
                             one_of("collect_then_pay", "right_to_left"))
    # -- optional wagers, (g) and (o) -------------------------------------------------------------
    paytables: tuple = pay_tables_option(cite="§ 633a.13", help=(
        "pay table chosen per optional wager, e.g. {lucky_ladies: B}; a wager not named uses its default "
        "(Match-the-Dealer: the table named for the deck count, else its default); tables in paytables/blackjack.yaml"))
    crown_treasure_bonus: bool = option(True, "(g)(4)", "the Crown Treasure Bonus is offered, paid when the chosen "
                                        "Royal Match 21 table lists it (default yes)", flag)
    blackjack_switch: bool = option(False, "(g)(7)", "a Blackjack Switch table: each Super Match Wager covers the "
                                    "player's two adjacent boxes (its seat and the next); the switch itself is not modelled (default no)", flag)
    house_money_portion: float = option(1.0, "(g)(10)(ii)(A)", "share of a winning House Money payout a player may add "
                                        "to the Blackjack Wager (default all of it)", number(0.01, 1.0))
    bad_beat_any_20: bool = option(False, "(o)(1)(i)", "a player 20 wins the Bad Beat Progressive whatever the "
                                   "dealer's total (default no)", flag)
    magic_card_bonus: bool = option(False, "(o)(1)(ii)", "the Magic Card Bonus is offered to Bad Beat bettors (default no)", flag)
    lucky_player_bonus: bool = option(False, "(o)(1)(ii)", "the Lucky Player Bonus is offered to Bad Beat bettors (default no)", flag)
    progressive_rate: float = option(0.10, "§ 633a.13", "rate of progression: share of each progressive wager added "
                                     "to its meter (default 10%, ILLUSTRATIVE)", number(0.0, 1.0))
    progressive_reset: float = option(10000.0, "§ 633a.13", "amount a progressive meter starts from and resets to "
                                      "after a 100% jackpot (default 10000, ILLUSTRATIVE)", number(0.0, 1e9))
    table_minimum: float = table_minimum_option()
    table_maximum: float = table_maximum_option()

    def __attrs_post_init__(self) -> None:
        """Cross-checks, refused when the Rules are made, as a ValueError so that a Rules file names the line
        that made the choice: the cover card lies in the shoe (each side of a double shoe) with one full deal
        in front of it (§ 633a.5, (e)); (o)(1)(i): an any-20 Bad Beat prize needs a pay table that has one."""
        check_cover_card(self.decks, self.cover_card_depth_decks, self.positions, "§ 633a.7(e)")
        if self.bad_beat_any_20:
            try:
                pay_table_for(self, "bad_beat")
            except RulesFileError as err:
                raise RulesValueError(err.message) from None

    @property
    def blackjack_odds(self) -> Fraction:
        return odds(self.blackjack_pays)

    @property
    def insurance_odds(self) -> Fraction:
        return odds(self.insurance_pays)

    def pay_table(self, wager: str) -> PayTable:
        """The pay table this casino uses for ``wager`` (chosen, else the default)."""
        return cached_pay_table_for(self, wager)

    @property
    def no_new_dealer_burn(self) -> str | None:
        """Why no new dealer burns a card under these Rules (``Game.new_dealer_refused``); None: one does, (c)."""
        return "a double shoe is dealt by § 633a.7(d), in lieu of (c): no new dealer's burn card" \
            if self.double_shoe else None

    @property
    def cover_depth_cards(self) -> int:
        return cover_depth_cards(self.decks, self.cover_card_depth_decks)
