"""Guards of § 670a.8 (and, by reference, § 670a.5, § 670a.7(c) and § 670a.11): pure yes/no questions.

The first paragraph of each doc string is the condition in the regulation's words; it is
shown on the review page and in refusals ("allowed only when <doc>").
"""

from __future__ import annotations

from pa_table_games.games.six_card_fortune_pai_gow.registry import guard
from pa_table_games.games.six_card_fortune_pai_gow.rules import CARDS_PER_HAND, STUB_CARDS
from pa_table_games.money import fraction_of

MAIN = "six_card_fortune"


# -- § 670a.5 and (a): the deck -------------------------------------------------------------
@guard("§ 670a.5")
def deck_needs_shuffle(rnd, unit) -> bool:
    """cards of an earlier round were dealt or discarded, so the deck must be shuffled again"""
    return rnd.shoe.dealt > 0 or bool(rnd.table.rack.bundles)


# -- (b)(1): the Envy lammers ----------------------------------------------------------------
@guard("(b)(1)", wager="fortune_bonus")
def a_qualifying_fortune_bonus_wager_has_no_envy_lammer(rnd, unit) -> bool:
    """the Fortune Bonus Wager is being offered and a Qualifying Fortune Bonus Wager has no Envy lammer next to it"""
    if not rnd.rules.fortune_bonus:
        return False
    least, lammers = rnd.rules.qualifying_fortune_bonus, rnd.layout.lammers
    for wager in rnd.wagers:
        if wager.name == "fortune_bonus" and wager.amount >= least and wager.seat not in lammers:
            return True
    return False


# -- (b)(2): the Progressive Payout Wager ---------------------------------------------------
@guard("(b)(2)")
def progressive_is_offered(rnd, unit) -> bool:
    """the Progressive Payout Wager is being offered"""
    return rnd.rules.progressive


@guard("(b)(2)")
def progressive_wagers_made(rnd, unit) -> bool:
    """any Progressive Payout Wagers have been made (chips on the layout, or wagers the system accepted)"""
    return any(w.name == "progressive" for w in rnd.wagers) or bool(rnd.options.get("progressive_accepted"))


@guard("(b)(2)")
def chip_count_differs_from_system(rnd, unit) -> bool:
    """the number of value chips wagered differs from the number of wagers the progressive system accepted"""
    return rnd.layout.progressive_chips != rnd.layout.progressive_accepted


# -- (e) (f): the stub ------------------------------------------------------------------------
@guard("(e)")
def stub_has_eleven_cards(rnd, unit) -> bool:
    """11 cards are left in the stub"""
    return len(rnd.layout.stub) == STUB_CARDS


@guard("(f)")
def a_stack_is_not_six_cards(rnd, unit) -> bool:
    """a player position or the dealer has more or less than six cards (the cards were misdealt)"""
    return any(len(s.cards) != CARDS_PER_HAND for s in rnd.layout.stacks.values())


# -- § 670a.7(c) and § 670a.11: completing the round ------------------------------------------
@guard("§ 670a.7(c)")
def acting_player_may_double_down(rnd, box) -> bool:
    """the Double Down Wager is offered, can be a cent or more, and the player setting the hand has not made one"""
    return (rnd.rules.double_down and box is not None and not box.doubled  # the box: its position's stack
            and fraction_of(rnd.wager(box.spot, MAIN).amount, rnd.rules.double_down_max) > 0)
