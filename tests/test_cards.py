"""Card codes and shoes."""

from __future__ import annotations

from collections import Counter

import pytest

from pa_table_games.equipment.cards import COVER_CARD, JOKER, Card, parse_cards, standard_deck
from pa_table_games.errors import CardCodeError, ShoeExhausted
from pa_table_games.equipment.shoe import Shoe


class TestCards:
    def test_codes_round_trip(self):
        """Every code parses to a shared card with its rank and suit."""
        card = Card.from_code("td")
        assert (card.code, card.rank, card.suit) == ("TD", "T", "D") and card is Card.from_code("TD")
        assert JOKER.rank == "JK" and COVER_CARD.code == "CUT"

    def test_unknown_code_names_its_position(self):
        """A bad code in a list names its position and the valid forms."""
        with pytest.raises(CardCodeError, match="card 2: unknown card code '1S'"):
            parse_cards("AS, 1S")

    def test_deck_sizes(self):
        """A deck has 52 cards, 53 with the joker."""
        assert len(set(standard_deck())) == 52 and len(standard_deck(joker=True)) == 53


class TestShoe:
    def test_seeded_shuffle_is_repeatable(self):
        """The same seed deals the same order; the cover card sits at the Rules depth."""
        a, b = Shoe.shuffled(2, seed=5, cover_depth=26), Shoe.shuffled(2, seed=5, cover_depth=26)
        assert a.remaining() == b.remaining()
        assert a.remaining().index(COVER_CARD) == 104 - 26
        assert a.loaded == Counter(list(standard_deck()) * 2 + [COVER_CARD])

    def test_stacked_order_and_exhaustion(self):
        """A stacked shoe deals first code first and running out is an error naming the step."""
        shoe = Shoe.stacked("AS KD")
        assert [shoe.draw().code, shoe.draw().code] == ["AS", "KD"]
        with pytest.raises(ShoeExhausted, match="at deal_up_card after 2 cards"):
            shoe.draw("deal_up_card")

    def test_cover_card_is_set_aside_on_draw(self):
        """Drawing past the cover card sets it aside and returns the next card (§ 633a.7(e))."""
        shoe = Shoe.stacked("CUT 9H")
        assert shoe.draw().code == "9H" and shoe.cover_card_aside is COVER_CARD
