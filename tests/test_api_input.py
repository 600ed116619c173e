"""The Python API refuses a malformed call with one ``TableGamesError`` naming what is wrong, the round unchanged.

Each case below stopped on a Python traceback before (a ``ValueError``, ``TypeError`` or ``AttributeError`` from deep
inside), or was taken as something it is not (``seat=True`` as seat 1, ``rules=5`` until the first round).
"""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

import pa_table_games
from pa_table_games import Action, Shoe, load_game
from pa_table_games.equipment.cards import COVER_CARD, Card
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.equipment.table import Table
from pa_table_games.errors import IllegalAction, MachineFileError, TableGamesError
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.games.six_card_fortune_pai_gow.rules import SixCardFortuneRules
from pa_table_games.runtime import round as round_module
from pa_table_games.strategies import get_strategy

MACHINE = Path(pa_table_games.__file__).parent / "machines" / "blackjack.yaml"  # the installed machine file
SHOE = "2C TH 6S 5D 7C 6H TD"  # the burn card; the player's 10 and 5 against the dealer's 6: double is open


def round_at_double():
    return load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked(SHOE)).advance()


def seen(rnd) -> tuple:
    """What a refused call must leave as it was."""
    return (rnd.state, tuple(rnd.legal_actions()), tuple(rnd.shoe.remaining()), len(rnd.events),
            tuple((w.seat, w.name, w.amount, w.settled) for w in rnd.wagers))


@pytest.mark.parametrize("amount, said", [
    ("abc", "double='abc': 'abc' is not a number"), ("1,000", "double='1,000': '1,000' is not a number"),
    (3 + 0j, "double=(3+0j): (3+0j) is not a number"), ([5], "double=[5]: [5] is not a number"),
    (Decimal("sNaN"), "double=nan: nan is not a positive amount"),
    (1e308, "double=1e+308: 1e+308 is more than 1,000,000,000,000"),
])
def test_an_amount_that_is_no_number_is_refused_with_its_cite(amount, said):
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(IllegalAction) as refused:
        rnd.act(seat=1, name="double", amount=amount)
    assert str(refused.value) == f"{said} — § 633a.10"
    assert seen(rnd) == before


@pytest.mark.parametrize("word, said", [
    ("double=-5", "'-5': not an amount"), ("double=0", "'0': not a positive amount"),
    ("double=5.001", "'5.001': not a whole number of cents"), ("double=abc", "'abc': not an amount"),
])
def test_a_typed_amount_is_refused_for_what_is_wrong_with_it(word, said):
    """``act("double=-5")`` says what the command line says: not an amount (before: "'-5' is not a number")."""
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(IllegalAction) as refused:
        rnd.act(word)
    assert str(refused.value) == f"{word}: {said} (write double=AMOUNT) — § 633a.7(i)(2)"
    assert seen(rnd) == before


def test_a_typed_amount_with_another_script_s_space_is_refused_as_the_command_line_refuses_it():
    """``act("double=5\u00a0")`` names the no-break space, as ``play --actions`` does (before, the API stripped any
    Unicode space and doubled for 5); ASCII spaces around the word are still stripped."""
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(IllegalAction) as refused:
        rnd.act("double=5\u00a0")
    assert str(refused.value) == (r"'double=5\xa0': '5\xa0': NO-BREAK SPACE (U+00A0) is none of the ASCII digits 0-9 "
                                  "(write double=AMOUNT) — § 633a.7(i)(2)")
    assert seen(rnd) == before
    rnd.act(" double=5\t")
    assert seen(rnd) != before


@pytest.mark.parametrize("call, said", [
    ({"seat": True, "name": "hit"}, "act: seat must be a whole number, not True"),
    ({"seat": 1.0, "name": "hit"}, "act: seat must be a whole number, not 1.0"),
    ({"seat": "1", "name": "hit"}, "act: seat must be a whole number, not '1'"),
    ({"seat": 1, "name": "hit", "hand": "0"}, "act: hand must be a whole number, not '0'"),
    ({"seat": 1, "name": 5}, "act: name must be a word, not 5"),
    ({"action": b"hit"}, "act takes an Action, a word such as 'hit', or seat= and name=, not b'hit'"),
    # an Action made by the caller holds the same values (before: seat True and hand False were taken, and the
    # round's event said seat True, hand False: JSON true and false where a number belongs)
    ({"action": Action(seat=True, name="hit")}, "act: seat must be a whole number, not True"),
    ({"action": Action(seat=1, name="hit", hand=False)}, "act: hand must be a whole number, not False"),
    ({"action": Action(seat=None, name="hit")}, "act: seat must be a whole number, not None"),
    ({"action": Action(seat=1, name=b"hit")}, "act: name must be a word, not b'hit'"),
    ({"action": Action(seat=1, name="hit", choice=3)}, "act: choice must be a word, not 3"),
    # hands count from 0 here: -1 was refused as "not seat 1 hand 0", a hand the caller never named
    ({"seat": 1, "name": "hit", "hand": -1}, "act: hand counts a seat's hands from 0 (its first hand), not -1"),
    ({"action": "hit", "seat": 1, "hand": -2}, "act: hand counts a seat's hands from 0 (its first hand), not -2"),
    ({"seat": 1, "name": "hit", "hand": -10**60},
     "act: hand counts a seat's hands from 0 (its first hand), not '-1000000000000000000'... (62 characters)"),
    ({"action": Action(seat=1, name="hit", hand=-1)},
     "act: hand counts a seat's hands from 0 (its first hand), not -1"),
])
def test_act_with_an_argument_of_the_wrong_kind_is_refused(call, said):
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(TableGamesError, match=f"^{said}$".replace("(", r"\(").replace(")", r"\)")):
        rnd.act(**call)
    assert seen(rnd) == before
    rnd.act(seat=1, name="hit")  # and the round goes on


@pytest.mark.parametrize("call, said", [
    ({"seat": 2, "name": "hit"}, "not seat 2 hand 1"),
    ({"seat": 1, "name": "hit", "hand": 10**60}, "not seat 1 hand '10000000000000000000'... (61 characters)"),
    ({"seat": 10**60, "name": "hit"}, "not seat '10000000000000000000'... (61 characters) hand 1"),
])
def test_a_decision_out_of_turn_quotes_the_seat_and_hand_it_names_as_every_message_quotes_what_it_was_given(
        call, said):
    rnd = round_at_double()
    before = seen(rnd)
    refusal = f"hit: seat 1 hand 1 decides now, {said}: players act in turn — § 633a.7(i)"
    with pytest.raises(IllegalAction, match=f"^{re.escape(refusal)}$"):
        rnd.act(**call)
    assert seen(rnd) == before


@pytest.mark.parametrize("seats", [{1: {"blackjack": 10}, "1": {"blackjack": 10}}, {1: None}, {1: "blackjack=10"},
                                   {1: [("blackjack", 10)]}, None, [1], {True: {"blackjack": 10}}])
def test_seats_that_are_no_map_of_seat_numbers_to_wagers_are_refused(seats):
    game = load_game("blackjack")
    table = game.new_table(seed=1)
    cards = table.shoe.remaining()
    with pytest.raises(TableGamesError, match=r"^seats map each seat number to its wagers \(\{1: \{'blackjack': 10\}\}\)"):
        game.new_round(seats, table=table)
    assert table.shoe.remaining() == cards


@pytest.mark.parametrize("rules, said", [
    (5, "rules for blackjack: a BlackjackRules, a mapping of its options or a Rules file, not 5"),
    ({"deks": 8}, "rules: unknown Rules option 'deks' for BlackjackRules: did you mean decks?"),
])
def test_rules_of_another_kind_are_refused_when_the_game_is_loaded(rules, said):
    with pytest.raises(TableGamesError, match=f"^{said}"):
        load_game("blackjack", rules=rules)
    assert load_game("blackjack", rules={"decks": 8}).rules.decks == 8  # a mapping of its options: as a file's


@pytest.mark.parametrize("make, said", [
    (lambda: BlackjackRules(decks="8"), "decks must be a whole number 1..12, not '8'"),
    (lambda: BlackjackRules(decks=1, cover_card_depth_decks=2), "cover_card_depth_decks 2 is deeper than the 1-deck shoe"),
    (lambda: SixCardFortuneRules(positions=5), "positions 5: six cards to 5 positions"),
])
def test_rules_built_directly_with_a_bad_value_raise_the_projects_error(make, said):
    """Rules made in Python (not from a file) refuse a bad value as a TableGamesError, still a ValueError: before, a
    plain ValueError that a caller catching the project's errors missed."""
    with pytest.raises(TableGamesError, match=f"^{re.escape(said)}") as refused:
        make()
    assert isinstance(refused.value, ValueError)


def test_a_decision_whose_word_holds_its_answer_takes_it_as_choice():
    """``act(seat=1, name="insurance", choice="no")`` is ``insurance=no``: before, it was refused as an unknown action
    'insurance', the legal list naming insurance=no beside it."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH AS 5D 7C 6H TD")).advance()
    assert "insurance=no" in [a.name for a in rnd.legal_actions()]
    rnd.act(seat=1, name="insurance", choice="no")
    assert rnd.events[-1].trigger == "insurance=no"


@pytest.mark.parametrize("given", [{"seat": 1}, {"name": "stand"}, {"hand": 0, "name": "stand"}])
def test_act_by_keywords_needs_both_the_seat_and_the_name(given):
    """``act(seat=1)`` or ``act(name="stand")`` alone is refused, naming what it needs, the round as it was."""
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(TableGamesError, match="^act needs an Action or seat= and name=$"):
        rnd.act(**given)
    assert seen(rnd) == before


def test_a_choice_that_is_no_word_of_its_own_stays_the_decisions_value():
    """Six-Card Fortune: ``act(seat=1, name="low", choice=CARD)`` sets that card as the low hand (``low=CARD``); only
    a decision whose word holds its answer (``insurance=no``) is read as that word."""
    game = load_game("six-card-fortune-pai-gow")
    rnd = game.new_round({1: {"six_card_fortune": 10}}, table=game.new_table(seed=7)).advance()
    low = next(a for a in rnd.legal_actions() if a.name == "low")
    rnd.act(seat=1, name="low", choice=low.choice)
    assert (rnd.events[-1].trigger, rnd.events[-1].seat) == ("low", 1)


def test_step_by_step_nothing_is_legal_while_a_dealer_step_is_due():
    """§ 633a.7(k)(1): the hand hit to 21 is still the turn's, but the dealer closes it first, so a developer stepping
    the round sees no decision open until that step fires."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 9H 6C 2S TS TC 9S 8S"))
    rnd.advance().act("hit")
    assert rnd.deciding() == (1, 0) and rnd.legal_actions() == ()
    before = seen(rnd)
    with pytest.raises(IllegalAction, match="^stand: the dealer's step 'close_hand_at_21' comes first: call "
                                            r"advance\(\) — § 633a\.7\(k\)\(1\)$"):
        rnd.act("stand")
    assert seen(rnd) == before and rnd.step().trigger == "close_hand_at_21"


def test_a_decision_after_every_turn_is_taken_is_refused_while_the_state_still_takes_decisions():
    """§ 633a.7(i): the only hand stood; until the dealer turns the hole card the round stays in 'Player decisions',
    but nobody's turn is left: a hit is refused as no decision open, not asked of a turn that is not there."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH 7S 9H KD 5C"))
    rnd.advance().act("stand")
    assert (rnd.state, rnd.deciding()) == ("player_decisions", None)
    with pytest.raises(IllegalAction, match="^hit: no player decision is open while the round is in 'Player "
                                            "decisions'"):
        rnd.act("hit")


def test_a_round_of_exactly_the_most_steps_plays_to_its_end(monkeypatch):
    """round.MOST_STEPS bounds the transitions one round fires (a machine going round without an end is stopped):
    a round of exactly that many steps ends; one more is refused at the transition that would pass it."""
    def stood():
        return round_at_double().act("stand").advance()

    steps = len(stood().events)
    monkeypatch.setattr(round_module, "MOST_STEPS", steps)
    assert stood().is_over
    monkeypatch.setattr(round_module, "MOST_STEPS", steps - 1)
    with pytest.raises(MachineFileError, match=f"takes one round past {steps - 1} steps"):
        stood()


@pytest.mark.parametrize("word, echoed", [
    ("x" * 100_000, "'xxxxxxxxxxxxxxxxxxxx'... (100,000 characters)"),
    (" double = 5 ", "'double = 5'"),  # read as the decision 'double ' of 5: named as given, not 'double =5'
])
def test_a_refused_word_is_named_as_given_a_long_one_by_its_start(word, echoed):
    """act names the word it refuses as it was given (its surrounding spaces aside), quoted when it holds a space, a long
    one by its start and length (numbers.shown): before, a 100,000-character word made a 100,095-character message,
    and ' double = 5 ' was named 'double =5'."""
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(IllegalAction) as refused:
        rnd.act(word)
    assert str(refused.value) == f"{echoed}: unknown action in 'Player decisions' (legal now: hit, stand, double, " \
                                 "surrender) — § 633a.7(i)"
    assert seen(rnd) == before
    rnd.act("hit").advance()
    with pytest.raises(IllegalAction) as refused:
        rnd.act(word)
    assert str(refused.value) == f"{echoed}: no player decision is open while the round is in 'Round complete' — " \
                                 "§ 633a.7(s)"


def test_a_table_goes_on_with_its_own_shoe_and_one_round_at_a_time():
    """new_round(table=T) refuses what it cannot honour, in one line: a seed or a shoe beside the table (before:
    ignored, the table's shoe dealt), a table another game made (before: a Blackjack round dealt from a Pai Gow
    deck, its joker included), and a table whose last round is not over (before: dealt from the same shoe, the
    first round's cards then lost to its invariants)."""
    game = load_game("blackjack")
    seats = {1: {"blackjack": 10}}
    first = game.new_round(seats, seed=1).advance()
    with pytest.raises(TableGamesError, match="^new_round: a table goes on with its own shoe: give table=, or seed= "):
        game.new_round(seats, table=first.table, seed=99)
    with pytest.raises(TableGamesError, match=r"^new_round: 4 cards of the table's shoe are on the layout: a round "
                                              r"begun at this table is not over; finish it first$"):
        game.new_round(seats, table=first.table)
    assert pickle.loads(pickle.dumps(first.table)).cards_on_layout() == 4  # a table keeps no round: it pickles
    first.act("stand")
    first.advance()
    game.new_round(seats, table=first.table).advance().check_invariants()  # over: the table goes on
    for name in ("double-down-madness", "six-card-fortune-pai-gow"):  # a finished round leaves none on the layout
        other = load_game(name)
        rnd = other.new_round({1: {other.info.wagers[0]: 10}}, seed=2).advance()
        while not rnd.is_over:
            names = rnd.legal_names()
            rnd.act("house_way" if "house_way" in names else names[0])
            rnd.advance()
        assert rnd.table.cards_on_layout() == 0
        other.new_round({1: {other.info.wagers[0]: 10}}, table=rnd.table)
    pai_gow_table = load_game("six-card-fortune-pai-gow").new_table(seed=1)
    with pytest.raises(TableGamesError, match="^new_round: the table was made for six-card-fortune-pai-gow, not "
                                              "blackjack: its shoe holds that game's decks$"):
        game.new_round(seats, table=pai_gow_table)


def test_only_the_round_begun_last_at_a_table_deals_from_its_shoe():
    """A round made at a table and left before its first card, then another made there: the first may no longer
    deal or act (before: both dealt from the one shoe, each round's cards counted against the same table), in one
    line; the newer round plays, and a refused new round leaves the older one its turn."""
    game = load_game("blackjack")
    seats = {1: {"blackjack": 10}}
    table = game.new_table(seed=3)
    left = game.new_round(seats, table=table)
    with pytest.raises(TableGamesError):
        game.new_round({1: {"no_such_wager": 10}}, table=table)  # refused: begins nothing
    newer = game.new_round(seats, table=table).advance()
    for go_on in (left.advance, lambda: left.act("stand")):
        with pytest.raises(TableGamesError, match=r"^this round cannot go on: another round has begun at its table "
                                                  r"since \(new_round\); only the round begun last deals from"):
            go_on()
    assert left.events == [] and table.cards_on_layout() == 4
    newer.act("stand").advance().check_invariants()
    assert newer.is_over and table.cards_on_layout() == 0
    game.new_round(seats, table=table)  # a round over is left as it ended: advance does nothing, act is refused cited
    assert newer.advance() is newer and newer.is_over
    with pytest.raises(IllegalAction, match=r"— § 633a\.7\(s\)$"):
        newer.act("hit")


@pytest.mark.parametrize("name, made_for, dealt_by, said", [
    ("blackjack", {"decks": 1}, {}, "the table's shoe holds 1 deck (52 cards); these Rules deal 6 decks (Rules option "
                                    "decks)"),
    ("blackjack", {"decks": 8}, {}, "the table's shoe holds 8 decks (416 cards); these Rules deal 6 decks (Rules "
                                    "option decks)"),
    ("blackjack", {"double_shoe": True, "decks": 2}, {"double_shoe": True},
     "the red side of the table's shoe holds 2 decks (104 cards); these Rules deal 6 decks in each side (Rules option "
     "decks)"),
    ("blackjack", {"double_shoe": True}, {}, "the table's shoe is a double shoe; these Rules deal from a single shoe "
                                             "(Rules option double_shoe)"),
    ("double-down-madness", {"decks": 2}, {}, "the table's shoe holds 2 decks (104 cards); these Rules deal 6 decks "
                                              "(Rules option decks)"),
])
def test_a_table_shuffled_for_other_rules_is_refused(name, made_for, dealt_by, said):
    """new_round(table=T) where T's shoe was shuffled for other Rules of the game: before, six-deck Rules dealt from a
    one-deck shoe, and the round's log claimed six decks. The table is as it was, and goes on under its own Rules."""
    table = load_game(name, made_for).new_table(seed=1)
    seats = {1: {load_game(name).info.wagers[0]: 10}}
    before = tuple(tuple(side.remaining()) for side in getattr(table.shoe, "sides", {"": table.shoe}).values())
    with pytest.raises(TableGamesError, match=f"^new_round: {re.escape(said)}$"):
        load_game(name, dealt_by).new_round(seats, table=table)
    assert tuple(tuple(side.remaining()) for side in getattr(table.shoe, "sides", {"": table.shoe}).values()) == before
    load_game(name, made_for).new_round(seats, table=table).advance().check_invariants()


def test_where_the_cover_card_lies_and_a_shoe_given_are_the_table_s_own():
    """The cards are checked, not the cover card's depth (a game may cut at a depth each shuffle draws): a table
    shuffled with the cover card two decks deep goes on under the default Rules. A shoe given (shoe=) is the
    developer's own at its first round and the next ones at that table (before: the next round was refused)."""
    seats = {1: {"blackjack": 10}}
    deep = load_game("blackjack", {"cover_card_depth_decks": 2}).new_table(seed=1)
    load_game("blackjack").new_round(seats, table=deep).advance().check_invariants()
    game = load_game("blackjack")
    rnd = game.new_round(seats, shoe=Shoe.shuffled(2, seed=1, cover_depth=5)).advance()
    while not rnd.is_over:
        rnd.act(next(word for word in ("stand", "insurance=no", "even_money=no") if word in rnd.legal_names()))
        rnd.advance()
    game.new_round(seats, table=rnd.table).advance().check_invariants()


def test_a_pai_gow_table_without_the_joker_is_refused():
    """A table said to be shuffled by the game (shuffled_by_game) from a 52-card deck: Pai Gow deals 53 cards, the joker
    among them (§ 670a.8)."""
    game = load_game("six-card-fortune-pai-gow")
    with pytest.raises(TableGamesError, match="^new_round: the table's shoe is not the shoe these Rules deal from: "
                                              "missing JK$"):
        game.new_round({1: {"six_card_fortune": 10}}, table=Table(Shoe.shuffled(1), shuffled_by_game=True))


def _shoe_of(cards, seed=1):
    """A shoe shuffled from ``cards`` (the cover card among them), as a table's own."""
    shoe = Shoe([], Counter(cards), random.Random(seed))
    shoe.load(list(cards))
    return shoe


@pytest.mark.parametrize("swap, named", [
    ("KD AS", "missing KD; extra AS"),  # the same kinds of card, one more of one and one fewer of another
    ("KD AS KD AS", "missing 2x KD; extra 2x AS"),
    ("2C AS 3C AS 4C AS 5C AS 6C AS", "missing 2C, 3C, 4C, 5C, 6C; extra 5x AS"),
    ("2C AS 3C AS 4C AS 5C AS 6C AS 7C AS", "missing 2C, 3C, 4C, 5C, 6C and 1 more; extra 6x AS"),
    ("KD JK", "extra JK"),  # a kind of card the Rules' shoe has not: named alone
])
def test_a_table_whose_shuffled_shoe_holds_other_cards_is_refused_naming_them(swap, named):
    """A table shuffled by the game holds the Rules' six decks with cards swapped for others, as many in all: the
    round is refused naming what is missing and what is extra (at most five named, then how many more)."""
    game = load_game("blackjack")
    cards = list(game.rules_shoe[""].elements())
    codes = swap.split()
    for old, new in zip(codes[::2], codes[1::2]):  # each card taken out, and the one put in its place
        cards[next(i for i, card in enumerate(cards) if card.code == old)] = Card.from_code(new)
    with pytest.raises(TableGamesError, match=f"^new_round: the table's shoe is not the shoe these Rules deal from: "
                                              f"{re.escape(named)}$"):
        game.new_round({1: {"blackjack": 10}}, table=Table(_shoe_of(cards), shuffled_by_game=True))


def test_a_stacked_shoe_and_a_fresh_deck_brought_go_on_at_any_table():
    """A stacked shoe is the order a developer chose: dealt at a table whatever Rules made it. A fresh deck brought to
    complete a round (house procedure, the whole shoe dealt) is not the Rules' decks: the table goes on (seed 11, one
    deck, seven boxes splitting and hitting)."""
    stacked = load_game("blackjack", {"decks": 1}).new_table(shoe=Shoe.stacked("2C TH 6S 5D 7C 6H TD"))
    load_game("blackjack").new_round({1: {"blackjack": 10}}, table=stacked).advance()
    game = load_game("blackjack", {"decks": 1})
    seats = {seat: {"blackjack": 10} for seat in range(1, 8)}
    rnd = game.new_round(seats, seed=11).advance()
    while not rnd.is_over:
        rnd.act(next(word for word in ("split", "hit", "stand", "insurance=no") if word in rnd.legal_names()))
        rnd.advance()
    assert any("a fresh deck, inspected, is" in note for event in rnd.events for note in event.notes)
    assert sum(rnd.table.shoe.loaded.values()) == 53 + 52
    game.new_round(seats, table=rnd.table).advance().check_invariants()


def test_the_rules_shoe_is_shuffled_once_per_game(monkeypatch):
    """The table's shoe is checked against the Rules' shoe, made once: a simulation deals a round after another."""
    game, made, real = load_game("blackjack"), [], Shoe.shuffled.__func__
    table = game.new_table(seed=1)
    monkeypatch.setattr(Shoe, "shuffled", classmethod(lambda cls, *args, **kw: made.append(1) or
                                                      real(cls, *args, **kw)))
    for _ in range(5):
        rnd = game.new_round({1: {"blackjack": 10}}, table=table).advance()
        while not rnd.is_over:
            rnd.act(next(word for word in ("stand", "insurance=no", "even_money=no") if word in rnd.legal_names()))
            rnd.advance()
    assert len(made) == 1


def test_a_table_read_back_from_a_pickle_keeps_its_cover_card():
    """A table pickled and read back deals on as the table it was: its cover card is still the cover card, set aside
    when it appears (§ 633a.7(e)), never dealt into a hand. Before: read back as another object, it was dealt at round
    44 into a hand (a KeyError 'CUT'), and every card after a pickle could be told from its twin only by code."""
    assert pickle.loads(pickle.dumps(COVER_CARD)) is COVER_CARD
    assert pickle.loads(pickle.dumps(Card.from_code("QH").with_back("red"))) is Card.from_code("QH").with_back("red")
    game = load_game("blackjack")
    table = pickle.loads(pickle.dumps(game.new_table(seed=1)))
    strategy = get_strategy("blackjack", "basic", game.rules)
    for _ in range(80):
        rnd = game.new_round({1: {"blackjack": 10}}, table=table).advance()
        while not rnd.is_over:
            rnd.act(strategy.choose(rnd, rnd.legal_names()))
            rnd.advance()
        rnd.check_invariants()


@pytest.mark.parametrize("call, said", [
    ({"seed": 3, "shoe": "2C TH 6S 5D 7C 6H TD"},
     "new_round: give seed= (a shoe shuffled from it) or shoe= (a shoe of your own), not both"),
    ({"seed": "7"}, "new_round: seed= must be a whole number from -18,446,744,073,709,551,615 to "
                    "18,446,744,073,709,551,615, not '7'"),
    ({"seed": 7.5}, "new_round: seed= must be a whole number from -18,446,744,073,709,551,615 to "
                    "18,446,744,073,709,551,615, not 7.5"),
    ({"seed": 2**70}, "new_round: seed= must be a whole number from -18,446,744,073,709,551,615 to "
                      "18,446,744,073,709,551,615, not 1180591620717411303424"),
])
def test_a_new_table_takes_a_seed_as_seed_takes_it_or_a_shoe(call, said):
    """A seed is a whole number as --seed takes it, and a seed with a shoe is refused (before: the seed was ignored)."""
    if "shoe" in call:
        call = {**call, "shoe": Shoe.stacked(call["shoe"])}
    with pytest.raises(TableGamesError, match="^" + re.escape(said)):
        load_game("blackjack").new_round({1: {"blackjack": 10}}, **call)


@pytest.mark.parametrize("codes", [SHOE, SHOE.split()])
def test_a_shoe_given_as_card_codes_deals_them_as_play_shoe_does(codes):
    """``shoe=`` takes card codes, a text or a list, as ``play --shoe`` and the Gymnasium reset take them: the
    burn card, then 10 and 5 against the dealer's 6, double open (before: AttributeError, 'str' object has no
    attribute 'held')."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=codes).advance()
    assert [card.code for card in rnd.layout.box(1).cards] == ["TH", "5D"]
    assert rnd.legal_names() == ("hit", "stand", "double", "surrender")
    rnd.act("double")
    rnd.advance()
    # 6H doubles to 21; the dealer's 6S 7C draw TD and bust
    assert [(row.wager, float(row.net)) for row in rnd.settlement()] == [("blackjack", 20.0)]


@pytest.mark.parametrize("shoe, said", [
    (42, "new_round: shoe= is a Shoe, a DoubleShoe or card codes ('2C TH 6S'), not 42"),
    (b"2C TH", "new_round: shoe= is a Shoe, a DoubleShoe or card codes ('2C TH 6S'), not b'2C TH'"),
    ("2C ZZ", "card 2: unknown card code 'ZZ'"),
])
def test_a_shoe_of_another_kind_is_refused_in_one_line(shoe, said):
    with pytest.raises(TableGamesError, match="^" + re.escape(said)):
        load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=shoe)


@pytest.mark.parametrize("make, said", [
    (lambda: Shoe.stacked(5), "a stacked shoe is card codes, a text ('AS TD') or a list of codes, not 5"),
    (lambda: Shoe.stacked(["2C", 3]), "card 2: a card code is a word such as 'AS', not 3"),
    (lambda: load_game("blackjack").new_round({1: {"blackjack": 10}}, seed=1, options=[1]),
     "options map each round option's name to its value, not [1]"),
    (lambda: load_game("blackjack").new_round({1: {"blackjack": 10}}, table=5),
     "new_round: table= is a Table (game.new_table(...)), not 5"),
    (lambda: load_game("blackjack").new_round({1: {"blackjack": 10}}, seed=1, atomic="no"),
     "new_round: atomic= is True (a refused step changes nothing) or False, not 'no'"),
    (lambda: load_game("blackjack", machine=5), "machine for blackjack: a machine file's path, not 5"),
    (lambda: load_game("blackjack", engine="fastest", machine=MACHINE),
     "unknown engine 'fastest' (known: transitions, compiled, fast)"),
    (lambda: load_game("blackjack", engine=["fast"]), "unknown engine ['fast'] (known: transitions, compiled, fast)"),
    (lambda: Shoe.shuffled("6"), "Shoe.shuffled: decks= must be a whole number of decks, 1 or more, not '6'"),
    (lambda: Shoe.shuffled(0), "Shoe.shuffled: decks= must be a whole number of decks, 1 or more, not 0"),
    (lambda: Shoe.shuffled(1, seed="7"), "Shoe.shuffled: seed= must be a whole number as --seed takes it, not '7'"),
    (lambda: Shoe.stacked("AS", seed=1.5), "Shoe.stacked: seed= must be a whole number as --seed takes it, not 1.5"),
    (lambda: DoubleShoe.shuffled(2, seed="7"),
     "DoubleShoe.shuffled: seed= must be a whole number as --seed takes it, not '7'"),
    (lambda: DoubleShoe.stacked("AS", "KD", seed=[1]),
     "DoubleShoe.stacked: seed= must be a whole number as --seed takes it, not [1]"),
    (lambda: Shoe.shuffled(1, cover_depth=53),
     "Shoe.shuffled: cover_depth= must be None or a whole number of cards from 0 to 52, not 53"),
    (lambda: Shoe.shuffled(1, joker=True, cover_depth="5"),
     "Shoe.shuffled: cover_depth= must be None or a whole number of cards from 0 to 53, not '5'"),
])
def test_api_arguments_of_the_wrong_kind_raise_the_projects_error(make, said):
    """Before: TypeError, AttributeError ('int' object has no attribute 'isascii'), AttributeError (a developer
    audit); a program catching TableGamesError, as the command line does, saw a traceback. The next five (a later
    audit): AttributeError ('int' object has no attribute 'game'), atomic 'no' taken as True, TypeError, KeyError,
    TypeError (unhashable). A shoe shuffled of '6' decks: TypeError; of 0 decks: an empty shoe; a seed '7' or 1.5:
    taken as a seed, and [1]: TypeError; a cover card 53 cards deep in 52: put on top without a word; '5' cards deep:
    TypeError."""
    with pytest.raises(TableGamesError, match="^" + re.escape(said) + "$"):
        make()


def test_all_or_nothing_blocks_do_not_nest():
    """``Round.all_or_nothing`` keeps one block of steps together: a second opened inside it is refused, and the
    outer block still undoes its steps when it fails."""
    rnd = round_at_double()
    before = seen(rnd)
    with pytest.raises(TableGamesError, match="^all_or_nothing: an atomic round, one block at a time$"):
        with rnd.all_or_nothing():
            rnd.act("stand")
            with rnd.all_or_nothing():
                pass
    assert seen(rnd) == before
