"""Every round the effects proof (``test_effects.py``) plays, as generators of ``(round, rng, refuse, script)``:
seeded rounds and stacked ones with decisions at random, a double shoe, rounds with refused decisions, each
section's stored scenarios (``tests/scenarios``, written by ``coverage --write``: they reach every transition),
and stacked rounds with their decisions given (:data:`ROUNDS`) for the transitions the others never fire, so
that the rollback of every transition is proven (``test_the_proof_fires_every_transition``). A section added
to the package is proven on its seeded rounds and its stored scenarios with no line here.

A generator makes its next round only once the one before is played (rounds may share a table).

:data:`ROUNDS` gives an exact card order, Rules, seats and the decisions to make, with the subsection that makes
its transitions fire. Blackjack shoe order (one box): burn card, the player's first card, the up card, the
second card, the hole card, then draws; two boxes: burn, seat 1, seat 2, up, seat 1, seat 2, hole (§ 633a.7(c),
(f)). Double Down Madness: burn, the hole card, one card to each box, the up card (§ 692.7(c), (e)). Six-Card
Fortune Pai Gow deals one stacked deck from the starting position (§ 670a.8(d)).
"""

from __future__ import annotations

import random

import attrs
from attrs import field, frozen

from depth import depth
from pa_table_games import Shoe, load_game
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.games import BUILT_IN
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.review.coverage import game_with_rules, read_scenarios, table_for

BJ, DDM, PG = "blackjack", "double-down-madness", "six-card-fortune-pai-gow"
MADNESS = "double_down_madness"  # its main wager
GAMES = tuple(sorted(BUILT_IN))
SEEDS = range(depth(2, 6))  # an even seed refuses decisions, an odd one misdeals

#: one 52-card deck, stacked in a fixed order; with the joker, Six-Card Fortune Pai Gow's 53 cards (§ 670a.8(a))
DECK_52 = " ".join(rank + suit for suit in "SHDC" for rank in "AKQJT98765432")


OPTIONALS = {"lucky_ladies": 5, "match_the_dealer": 5, "in_between": 5, "royal_match_21": 5, "bet_the_set_21": 5,
             "kings_bounty": 5, "three_card_poker": 5, "straight_jack": 1, "house_money": 5, "bad_beat": 1,
             "hit_and_run": 1}


def seeded_seats(game, seed):
    """Two or three boxes; in Blackjack, every optional wager spread over them."""
    if game == BJ:
        names = list(OPTIONALS)
        return {seat: {BJ: 10, **{n: OPTIONALS[n] for n in names[seat % 3::3]}} for seat in (1, 3, 5)[:2 + seed % 2]}
    main = load_game(game).info.wagers[0]
    seats = {1: {main: 10}, 2: {main: 5}, 4: {main: 10}}
    if game == DDM:
        seats[2]["push_22"] = 5
    if game == PG:
        seats[1]["fortune_bonus"] = 5
        seats[4]["progressive"] = 1
    return seats


def seeded_rules(game, seed):
    """One deck with a shallow cover card (so the cover card comes, mid-round too, and the shoe is reshuffled);
    settlement from the dealer's right for odd seeds; in Blackjack the Magic Card and Lucky Player. Any other
    section's Rules are its defaults (its stored scenarios choose others)."""
    if game not in (BJ, DDM):
        return None
    rules = load_game(game).info.rules_class(decks=1, cover_card_depth_decks=0.25,
                                             settlement="right_to_left" if seed % 2 else "collect_then_pay")
    return attrs.evolve(rules, magic_card_bonus=True, lucky_player_bonus=True) if game == BJ else rules


def seeded_plays(game, seed):
    """Seeded rounds, one table for five rounds in a row (the cover card, the reshuffle, a new dealer's burn;
    in Pai Gow a misdeal and a progressive count that does not agree)."""
    loaded = load_game(game, seeded_rules(game, seed))
    table = loaded.new_table(seed=seed)
    rng = random.Random(seed)
    for n in range(5):
        table.new_dealer = n == 2 and loaded.new_dealer_refused("") is None  # where none burns, refused
        options = {}
        if game == PG and n == 3:
            options = {"misdeal": 2, "misdeal_cards": 7} if seed % 2 else {"progressive_accepted": 0}
        yield loaded.new_round(seeded_seats(game, seed), table=table, options=options), rng, seed % 2 == 0, None


STACKED = [
    # Insurance offered (ace up), a pair of eights split and doubled, a surrender: decisions at random
    (BJ, None, "2C 8H 8S AS 8D 8C 8D TC 3H 5D 9C 7C 6S 4D 2H 3C 5S 9H TH KD QS"),
    (BJ, None, "2C AH AS TS AD KC AC TD 9H 2S 3S 4S 5S 6S"),
    (BJ, None, "2C AH KC AS KH QD 9D 5S 6S 7S 8S"),  # Blackjacks against an ace: even money offered
    (DDM, None, "TC AH 5S 9D 8H 3C 4D 5C 6C 7C 8C 9C"),
    (PG, None, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
               "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C JK"),
]


def stacked_plays(game, rules, shoe, seed):
    """Two boxes from a stacked shoe, decisions at random (a branch the stack does not reach runs it dry:
    the dry-shoe tests of test_effects.py prove that rollback)."""
    loaded = load_game(game, rules)
    seats = {1: {loaded.info.wagers[0]: 10}, 2: {loaded.info.wagers[0]: 10}}
    yield loaded.new_round(seats, shoe=Shoe.stacked(shoe)), random.Random(seed), True, None


def double_shoe_plays():
    """A double shoe: the determinant card, a side's segregated area, the side's reshuffle."""
    loaded = load_game(BJ, BlackjackRules(double_shoe=True, decks=1, shuffle="every_round"))
    table = loaded.new_table(seed=3)
    rng = random.Random(3)
    for _ in range(4):
        yield loaded.new_round({1: {BJ: 10}, 2: {BJ: 10}}, table=table), rng, True, None


def scenario_plays(game):
    """The game's stored scenarios, each at a table of its own, round after round with the decisions stored."""
    for scenario in read_scenarios(game).scenarios:
        loaded = game_with_rules(game, scenario.rules)
        table = table_for(loaded, scenario.seed, scenario.shoe, scenario.table)
        seats = {int(seat): dict(wagers) for seat, wagers in scenario.seats.items()}
        for decisions in scenario.rounds:
            yield loaded.new_round(seats, table=table, options=dict(scenario.options)), None, True, decisions


def refused_plays(game):
    """Refused decisions of every kind, in rounds of each game: nothing changes, no copy is taken."""
    loaded = load_game(game)
    for seed in range(3):
        rnd = loaded.new_round(seeded_seats(game, seed) if game != BJ else {1: {BJ: 10}, 2: {BJ: 10}}, seed=seed)
        yield rnd, random.Random(seed), True, None


@frozen
class StackedRound:
    """One round of the proof: ``shoe`` (first card first; a pair of strings is a double shoe's red and black
    sides), ``seats``, every decision in order, ``rules`` (Rules options) and ``options`` (round options);
    ``fires``: the triggers it is here for."""

    name: str
    game: str
    fires: tuple[str, ...] = field(converter=tuple)
    shoe: str | tuple[str, str]
    seats: dict
    actions: tuple[str, ...] = field(default=(), converter=tuple)
    rules: dict = field(factory=dict)
    options: dict = field(factory=dict)

    def new_round(self, loaded=None):
        """The round, dealt by ``loaded`` (a game with these Rules, e.g. one with a mutated registry) or by the game."""
        if loaded is None:
            game = load_game(self.game)
            loaded = load_game(self.game, game.info.rules_class(**self.rules)) if self.rules else game
        shoe = DoubleShoe.stacked(*self.shoe) if isinstance(self.shoe, tuple) else Shoe.stacked(self.shoe)
        return loaded.new_round(self.seats, shoe=shoe, options=self.options)


ROUNDS = [
    # § 633a.7(e): the cover card out first is set aside: after the burn (c), and after a double shoe's determinant
    # card (d)(2), which here is the first box's first card
    StackedRound("cover card after the burn", BJ, ["set_aside_cover_card"],
                 "2C CUT TH 6S 8D 7C 5C", {1: {BJ: 10}}, ["stand"]),
    StackedRound("cover card after the determinant card", BJ, ["set_aside_cover_card"],
                 ("QH CUT 6D 8C 7S 5C", "2S 3S"), {1: {BJ: 10}}, ["stand"],
                 rules={"double_shoe": True}, options={"determinant_side": "red"}),
    # (g)(10)(ii) (A) (B): two winning House Money hands against a 6 (a straight at seat 1, a pair at seat 2) are
    # paid in (g); each player, from the dealer's right, adds the payout or keeps it; the offer closes before the peek
    StackedRound("House Money added and kept", BJ,
                 ["offer_house_money_choice", "house_money=add", "house_money=keep", "close_house_money_offer"],
                 "2C 5H 8H 6D 6S 8S TC 9C", {1: {BJ: 10, "house_money": 10}, 2: {BJ: 10, "house_money": 10}},
                 ["house_money=add", "house_money=keep", "stand", "stand"]),
    # (g)(10)(i) (B), (h): a pair against an ace waits for the peek, which (no Insurance offered, by the Rules)
    # follows (g) at once; no dealer Blackjack: paid, then the choice offered and closed after the hole card was read
    StackedRound("House Money after the peek, no Insurance", BJ,
                 ["read_hole_card", "pay_optional_wagers_after_peek", "offer_house_money_choice", "close_house_money_offer"],
                 "2C 8H AD 8S 7C 9C", {1: {BJ: 10, "house_money": 10}}, ["house_money=keep", "stand"],
                 rules={"insurance": False}),
    # (g)(1)(i): two queens of hearts against a king are paid after the peek finds no Blackjack
    StackedRound("Lucky Ladies pair after the peek", BJ, ["pay_optional_wagers_after_peek"],
                 "2C QH KS KD QH QS 7C", {1: {BJ: 10, "lucky_ladies": 5}, 2: {BJ: 10, "lucky_ladies": 5}},
                 ["stand", "stand"]),
    # (i)(1)(ii)(B): a Blackjack against a 10 is announced and paid after the hole card (Rules)
    StackedRound("Blackjack announced", BJ, ["announce_player_blackjack"], "2C AS KD KH 7C", {1: {BJ: 10}},
                 rules={"blackjack_vs_ace_or_ten": "pay_after_hole_card"}),
    # § 633a.11: split aces take one card each; the ace with a 9 is closed
    StackedRound("split aces closed", BJ, ["close_split_ace_hand"], "2C AH 6S AD 7C 9S KD 5C", {1: {BJ: 10}},
                 ["split"]),
    # (g)(4): a Royal Match against a king is settled once the hole card is turned
    StackedRound("Royal Match after the hole card", BJ, ["settle_royal_match_after_hole_card"],
                 "2C KH KS QH QS", {1: {BJ: 10, "royal_match_21": 5}}, ["stand"]),
    # (g)(4), § 633a.9: a player who surrendered while the Royal Match waited is settled after it
    StackedRound("Royal Match, then the surrender, after the hole card", BJ,
                 ["settle_royal_match_and_surrender_after_hole_card"], "2C KH KS QH 9S",
                 {1: {BJ: 10, "royal_match_21": 5}}, ["surrender"]),
    # (o)(1)(ii)(B): a matched 20 beaten by a suited Blackjack wins the Bad Beat meter: a floorperson verifies it
    StackedRound("Bad Beat verified by a floorperson", BJ, ["verify_bad_beat_payout"],
                 "2C JD AS JD KS", {1: {BJ: 10, "bad_beat": 5}}, ["insurance=no"]),
    # § 692.7(c) (e): the cover card out first after the burn is set aside
    StackedRound("cover card after the burn", DDM, ["set_aside_cover_card"],
                 "2C CUT 9D 5H 6C TD 8S", {1: {MADNESS: 10}}, ["hit", "stand"]),
    # § 692.7(f) (g), § 692.8: Insurance against an ace, taken and declined; the dealer Blackjack settles every wager
    StackedRound("Insurance and a dealer Blackjack", DDM,
                 ["offer_insurance", "insurance=yes", "insurance=no", "read_hole_card", "settle_dealer_blackjack",
                  "discard_hands"],
                 "2C KD 5H 9S AH", {1: {MADNESS: 10, "push_22": 5}, 2: {MADNESS: 10}},
                 ["insurance=yes", "insurance=no"]),
    # § 692.7(f) (g): without Insurance (Rules) the ace up card goes straight to the peek
    StackedRound("ace up without Insurance", DDM, ["read_hole_card"], "2C KD 5H 9S AH",
                 {1: {MADNESS: 10}, 2: {MADNESS: 10}}, rules={"insurance": False}),
    # § 692.7(o): every hand busted and no Push 22 wager: the dealer draws nothing
    StackedRound("dealer stops drawing", DDM, ["stop_drawing"], "2C 5D TH 6C 6S 8H", {1: {MADNESS: 10}},
                 ["hit", "hit"]),
    # § 670a.8(b)(2): the Progressive Payout Wager not offered (Rules): no lock, the starting position next
    StackedRound("no progressive", PG, ["determine_starting_position"], DECK_52 + " JK",
                 {1: {"six_card_fortune": 10}, 3: {"six_card_fortune": 5}}, ["house_way", "house_way"],
                 rules={"progressive": False}, options={"start_number": 7}),
    # § 670a.8(f): a 52-card deck (the joker missing) leaves a 10-card stub: every hand void, the deck removed
    StackedRound("deck without its joker", PG, ["void_and_remove_deck"], DECK_52,
                 {1: {"six_card_fortune": 10, "fortune_bonus": 5}}, options={"start_number": 7}),
]


def stacked_round_plays(stacked, loaded=None):
    """One of :data:`ROUNDS`, its decisions as given (``loaded``: the game dealing it)."""
    yield stacked.new_round(loaded), None, True, stacked.actions


def every_play_of_the_proof():
    """``(plays, may run dry)`` of every test of the proof, at the depth this run plays (``may run dry``: a
    stacked shoe with decisions at random runs out on a branch it does not reach)."""
    for game in GAMES:
        for seed in SEEDS:
            yield seeded_plays(game, seed), False
    for game, rules, shoe in STACKED:
        for seed in range(3):
            yield stacked_plays(game, rules, shoe, seed), True
    yield double_shoe_plays(), False
    for game in GAMES:
        yield refused_plays(game), False
        yield scenario_plays(game), False
    for stacked in ROUNDS:
        yield stacked_round_plays(stacked), False
