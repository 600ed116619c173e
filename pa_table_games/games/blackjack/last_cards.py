"""Blackjack progressive wagers decided by the finished hands: 58 Pa. Code § 633a.7(o).

Each function is pure: it reads cards and returns the winning outcome's name, a key of the
wager's pay table in ``paytables/blackjack.yaml`` (the progressive tables are ILLUSTRATIVE),
or ``None`` when the wager loses. Totals are Blackjack's (:mod:`.hand`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pa_table_games.equipment.cards import Card
from pa_table_games.games.blackjack.first_cards import HIGH_ORDER, is_suited, is_two_card_straight
from pa_table_games.games.blackjack.hand import is_blackjack, total

_LENGTHS = {2: "two_card_straight", 3: "three_card_straight", 4: "four_card_straight",
            5: "five_card_straight", 6: "six_card_straight"}
_DEALER_CARDS = {5: "dealer_five_cards", 6: "dealer_six_cards", 7: "dealer_seven_cards",
                 8: "dealer_eight_cards"}


def bad_beat_outcome(player: Sequence[Card], dealer: Sequence[Card], any_20: bool = False) -> str | None:
    """Bad Beat Progressive Wager, § 633a.7(o)(1)(i).

    The player's hand totals 20 and the dealer has a Blackjack or 21; with the Rules option
    ``any_20`` a player 20 also wins against any other dealer hand. Against a suited dealer
    Blackjack a Matched 20 (two identical cards other than a queen-of-hearts pair, § 633a.1)
    or a suited two-card 20 wins a share of the meter (ILLUSTRATIVE table).
    """
    if total(player) != 20:
        return None
    if is_blackjack(dealer):
        if len(player) == 2 and is_suited(dealer):
            identical = player[0].code == player[1].code
            if identical and player[0].code != "QH":
                return "player_matched_20_beaten_by_suited_blackjack"
            if is_suited(player):
                return "player_suited_20_beaten_by_suited_blackjack"
        return "player_20_beaten_by_blackjack"
    if total(dealer) == 21:
        return "player_20_beaten_by_21"
    return "any_other_20" if any_20 else None


#: The Bad Beat outcomes, the player's best first: a box split into several hands holds one wager, won once, on the
#: best of them
BAD_BEAT_OUTCOMES = ("player_matched_20_beaten_by_suited_blackjack", "player_suited_20_beaten_by_suited_blackjack",
                     "player_20_beaten_by_blackjack", "player_20_beaten_by_21", "any_other_20")


def box_bad_beat_outcome(hands: Sequence[Sequence[Card]], dealer: Sequence[Card], any_20: bool = False) -> str | None:
    """The Bad Beat Progressive Wager of a box whose ``hands`` are these (one, or several after a split): the best
    outcome any of them wins (the machine file's reading of (o)(1)(i)), so the order the split hands were played in
    changes nothing."""
    won = []  # a loop, not a generator: the fast path splices this into a dealer Blackjack's settlement ((h))
    for cards in hands:
        outcome = bad_beat_outcome(cards, dealer, any_20)
        if outcome:
            won.append(outcome)
    return min(won, key=BAD_BEAT_OUTCOMES.index) if won else None


def hit_and_run_outcome(dealer: Sequence[Card]) -> str | None:
    """Hit and Run Progressive Wager, § 633a.7(o)(2)(i): a dealer Blackjack, or five or more
    dealer cards counting a card that takes the dealer over 21 (a 14 in five cards that draws
    to 23 is six cards)."""
    if is_blackjack(dealer):
        return "dealer_blackjack"
    if len(dealer) >= 9:
        return "dealer_nine_or_more_cards"
    return _DEALER_CARDS.get(len(dealer))


def _values(card: Card) -> tuple[int, ...]:
    """Ranks in straight order; an ace plays high (14) or low (1)."""
    return (14, 1) if card.rank == "A" else (HIGH_ORDER[card.rank],)


def straight_length(cards: Sequence[Card]) -> int:
    """Straight Jack, § 633a.7(o)(3)(i): how many cards of the player's hand form the straight.

    0 unless the first two cards are a two-card straight (ace-king and ace-2 are). Each later
    card, in the order drawn, extends the sequence at either end; the first card that does not
    breaks it ((C): 4-5 then 2 then 3 is a two-card straight), and a card taking the hand over
    21 does not count ((D): 4-5-6 then 7 is a three-card straight).
    """
    if len(cards) < 2 or not is_two_card_straight(cards[:2]):
        return 0
    pair = [v for card in cards[:2] for v in _values(card)]
    low, high = min(pair), max(pair)
    if high - low != 1:  # an ace in a two-card straight: A-2 plays low, A-K high
        low, high = (1, 2) if 2 in pair else (13, 14)
    length = 2
    for count, card in enumerate(cards[2:], start=3):
        if total(cards[:count]) > 21:
            break
        values = _values(card)
        if low - 1 in values and low > 1:
            low -= 1
        elif high + 1 in values and high < 14:
            high += 1
        else:
            break
        length += 1
    return length


def straight_jack_outcome(cards: Sequence[Card]) -> str | None:
    """Straight Jack Progressive Wager, § 633a.7(o)(3): the straight's length, or ``None``."""
    return _LENGTHS.get(straight_length(cards))
