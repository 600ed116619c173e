"""Card codes and shoes."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from pa_table_games.equipment.cards import COVER_CARD, JOKER, Card, parse_cards, standard_deck
from pa_table_games.errors import CardCodeError, ShoeExhausted
from pa_table_games.equipment.shoe import DiscardRack, Shoe
from pa_table_games.runtime import plain


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

    def test_a_step_drawing_is_named_only_when_the_shoe_runs_out(self):
        """A stacked shoe that runs dry names the transition drawing, by its trigger; a draw that finds a card asks
        nothing of it (a simulation draws some five cards a round at a table of one)."""
        asked = Counter()

        class Firing:
            @property
            def trigger(self):
                asked["trigger"] += 1
                return "deal_second_cards"

        rnd = SimpleNamespace(shoe=Shoe.stacked("AS KD 9H"), firing=Firing())
        assert [plain.draw(rnd, "seat 1").code for _ in range(3)] == ["AS", "KD", "9H"] and not asked
        with pytest.raises(ShoeExhausted, match="ran out of cards at deal_second_cards after 3 cards"):
            plain.draw(rnd, "seat 1")
        rnd.firing = None
        with pytest.raises(ShoeExhausted, match="ran out of cards at a draw after 3 cards"):
            plain.draw(rnd, "dealer")

    def test_cover_card_is_set_aside_on_draw(self):
        """Drawing past the cover card sets it aside and returns the next card (§ 633a.7(e))."""
        shoe = Shoe.stacked("CUT 9H")
        assert shoe.draw().code == "9H" and shoe.cover_card_aside is COVER_CARD

    @pytest.mark.parametrize("decks", [1, 8])
    def test_a_reshuffle_takes_the_rack_and_loads_the_shoe_card_for_card_as_random_shuffle(self, decks):
        """The discard rack's cards, taken all together and loaded with the cover card, come out in exactly the
        order ``random.shuffle`` gives the rack's cards, the cover card at its depth (§ 633a.7(e))."""
        rack = DiscardRack()
        deck = list(standard_deck()) * decks
        for start in range(0, len(deck), 5):
            rack.place(f"seat {start}", deck[start:start + 5])
        shoe = Shoe([], Counter(deck + [COVER_CARD]), random.Random(7), cover_depth=20)
        shoe.load(rack.take_all() + [COVER_CARD])
        expected = list(deck)
        random.Random(7).shuffle(expected)
        expected.insert(len(expected) - 20, COVER_CARD)
        assert shoe.remaining() == expected and not rack.bundles
