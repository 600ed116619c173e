"""The Blackjack analysis (:mod:`pa_table_games.analysis.blackjack`) picks one action per total by averaging the
two-card hands that make it, each weighted by how often it is dealt once the dealer's up card is out of the shoe,
and then plays a pair that is not split by the pair's own ranking, not its total's. Either slip moves the six-deck
house edge by less than its published rounding, so the published figures cannot show it: here both are checked at
one deck, where a card more or less matters most, against references counted plainly from the 52 cards."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from pa_table_games.analysis.blackjack import SPLIT, SURRENDER_ACTION, BlackjackAnalysis
from pa_table_games.analysis.dealer import ACE, RANKS, TEN
from pa_table_games.analysis.hands import EMPTY, EV, SURRENDER, Hand, plus, total
from pa_table_games.analysis.report import COLUMNS
from pa_table_games.games.blackjack.rules import BlackjackRules

#: One deck as the analysis counts ranks (0 the ace, 1-8 the 2-9, 9 a 10-value card): 52 cards.
ONE_DECK = [rank for rank in range(RANKS) for _ in range(16 if rank == TEN else 4)]
NAMES = ["A"] + [str(v) for v in range(2, 11)]


@pytest.fixture(scope="module")
def one_deck():
    """The default Rules at one deck, analysed with the dealer cache off (nothing read from or written to the
    user's cache folder)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PA_TABLE_GAMES_CACHE", "off")
        analysis = BlackjackAnalysis(BlackjackRules(decks=1))
        analysis.rounds  # noqa: B018 - computed here, under the cache setting
        yield analysis


def _hand(a: int, b: int) -> Hand:
    return plus(plus(EMPTY, a), b)


def _dealt_against(up: int) -> Counter:
    """How many ways each two-card hand is dealt from the 51 cards left beside the up card: every ordered pair of
    two of those cards, counted one by one."""
    rest = list(ONE_DECK)
    rest.remove(up)
    return Counter(_hand(a, b) for a, b in permutations(rest, 2))


@pytest.mark.parametrize("up", range(RANKS), ids=[f"against {NAMES[u]}" for u in range(RANKS)])
def test_a_totals_choice_averages_its_hands_as_dealt_without_the_up_card(one_deck, up) -> None:
    """Each action's value in a total's ranking (stand, hit, double) is the average of that action over the
    two-card hands making the total, each counted as often as it is dealt with the up card out of the deck: against
    a 10, a hard 12 of 2 and 10 counts 4 * 15 * 2 = 120 ways, not 128. A pair counts only for a total no other two
    cards make (hard 4, hard 20, soft 12). The ranking (``UpCard.ranking``) is the figure the strategy is chosen by;
    each hand's own value comes from the analysis (``UpCard.action``)."""
    card = one_deck.ups[up]
    dealt = _dealt_against(up)
    for (soft, player), ranking in card.ranking.items():
        making = {h: n for h, n in dealt.items() if total(h) == (player, soft)}
        unpaired = {h: n for h, n in making.items() if max(h) == 1}
        counted = unpaired or making
        for name, value in ranking:
            if name == SURRENDER_ACTION:  # a fixed half of the wager, whatever the hands
                assert value == -0.5
                continue
            expected = sum(n * card.action(name, h)[EV] for h, n in counted.items()) / sum(counted.values())
            assert value == pytest.approx(expected, rel=0, abs=1e-12), (NAMES[up], soft, player, name)


def test_at_one_deck_a_pair_of_sevens_against_a_ten_is_surrendered_though_a_hard_14_is_hit(one_deck) -> None:
    """The case the next test turns on: 7,7 against a 10 surrenders (the two sevens gone leave the hitting hand
    fewer of its best cards), while hard 14 of other cards hits."""
    tables = one_deck.strategy_tables()
    against_ten = COLUMNS.index(TEN)
    assert tables["pair"]["7,7"][against_ten] == "Rs"
    assert tables["hard"]["14"][against_ten] == "H"


def _deals() -> Counter:
    """Every ordered deal of the up card, then the player's two cards, from one deck, by (up, lower, higher)."""
    return Counter((up, min(a, b), max(a, b)) for up, a, b in permutations(ONE_DECK, 3))


def test_a_rounds_figures_play_a_pair_by_its_own_ranking_and_other_hands_by_their_totals(one_deck) -> None:
    """The round's expected net, surrender and split frequencies, summed over every deal of one deck: a dealer
    Blackjack (peeked under an ace or a 10) takes the wager unless the player's two cards are one too (a push), a
    player Blackjack alone is paid 3 to 2, and otherwise a pair is played by the first action of its own ranking
    (the printed pair row: 7,7 against a 10 surrenders) and any other hand by its total's ranking
    (``UpCard.play_two``)."""
    deals = _deals()
    every = sum(deals.values())
    ev = surrendered = split = 0.0
    for (up, a, b), ways in deals.items():
        card, p = one_deck.ups[up], ways / every
        left = Counter(ONE_DECK)
        left.subtract((up, a, b))
        dealer_blackjack = {ACE: left[TEN], TEN: left[ACE]}.get(up, 0) / 49
        if {a, b} == {ACE, TEN}:
            ev += p * (1 - dealer_blackjack) * 1.5
            continue
        ev -= p * dealer_blackjack
        played = p * (1 - dealer_blackjack)
        if a == b:
            name, value = card.pairs[a][0]
            ev += played * value
            surrendered += played * (name == SURRENDER_ACTION)
            split += played * (name == SPLIT)
        else:
            outcome = card.play_two(_hand(a, b))
            ev += played * outcome[EV]
            surrendered += played * outcome[SURRENDER]
    rounds = one_deck.rounds
    assert rounds["ev"] == pytest.approx(ev, rel=0, abs=1e-12)
    assert rounds["surrender"] == pytest.approx(surrendered, rel=0, abs=1e-12)
    assert rounds["split"] == pytest.approx(split, rel=0, abs=1e-12)
