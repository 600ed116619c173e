"""The baseline: a plain hand-written Python loop dealing the same Blackjack game from the same shoe.

No machine, no guards, no event log: one function that deals § 633a.7 rounds for one
seat playing "stand on 17" (hit below 17, never double, split, surrender or insure) from
the project's own :class:`~pa_table_games.equipment.shoe.Shoe`, the way the machine does: burn the
first card of a fresh batch, deal (f), peek on an ace or 10-value up card, pay a Blackjack
3 to 2 at once, the dealer stands on 17, discard by hand, and after the cover card collect
and reshuffle. It deals exactly the cards the machine deals, so its net equals the
compiled runner's for the same seed: the benchmark checks that before comparing speeds.
"""

from __future__ import annotations

from pa_table_games.equipment.cards import COVER_CARD
from pa_table_games.games.blackjack.hand import POINTS
from pa_table_games.equipment.shoe import Shoe


def plain_stand17(shoe: Shoe, rounds: int, wager: float = 10.0, every_round: bool = False) -> float:
    """Deal ``rounds`` rounds to one seat from ``shoe``; the player's total net."""
    draw = shoe.draw
    rack: list = []
    net = 0.0
    for _ in range(rounds):
        if shoe.batch_is_new:  # (c): burn the first card of a fresh batch
            rack.append(draw())
            shoe.batch_is_new = False
        if shoe.next_card() is COVER_CARD:  # (e): the cover card first in a round is set aside
            shoe.set_aside_cover_card()
        p1, up, p2, hole = draw(), draw(), draw(), draw()
        player, dealer = [p1, p2], [up, hole]
        hard = POINTS[p1.rank] + POINTS[p2.rank]
        ace = p1.rank == "A" or p2.rank == "A"
        total = hard + 10 if ace and hard <= 11 else hard
        up_value = POINTS[up.rank]
        d_hard = up_value + POINTS[hole.rank]
        d_ace = up_value == 1 or hole.rank == "A"
        d_total = d_hard + 10 if d_ace and d_hard <= 11 else d_hard
        if d_total == 21 and up_value in (1, 10):  # (h): the card reader finds a dealer Blackjack
            net += 0.0 if total == 21 else -wager
        elif total == 21:  # (i)(1): a player Blackjack is paid 3 to 2 at once
            net += 1.5 * wager
        else:
            while total < 17:  # the player hits below 17
                card = draw()
                player.append(card)
                hard += POINTS[card.rank]
                ace = ace or card.rank == "A"
                total = hard + 10 if ace and hard <= 11 else hard
            if total > 21:
                net -= wager  # busted: (n) the dealer draws no card
            else:
                while d_total < 17:  # (m): the dealer draws to 17
                    card = draw()
                    dealer.append(card)
                    d_hard += POINTS[card.rank]
                    d_ace = d_ace or card.rank == "A"
                    d_total = d_hard + 10 if d_ace and d_hard <= 11 else d_hard
                if d_total > 21 or total > d_total:
                    net += wager
                elif total < d_total:
                    net -= wager
        rack += player
        rack += dealer
        if shoe.cover_card_aside is not None or every_round:  # (e): collect and reshuffle
            cards = rack + shoe.take_remaining()
            if shoe.cover_card_aside is not None:
                cards.append(shoe.cover_card_aside)
            shoe.load(cards)
            rack = []
    return net
