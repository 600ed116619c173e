"""Every ``turns:`` declaration drives the order it declares: flip it and the same rounds go the other way.

For each declaration in the machine files of the first three sections (:data:`GAMES`), a copy of the file with
that one declaration flipped (dealer_left <-> dealer_right) is bound to the game's registry, and the same
rounds (two or more seats, seeded shoes and stacked ones: Insurance offers, splits, optional wagers, House
Money, progressives, both settlement procedures, a double shoe) are played under the file as filed and under
the copy, each decision made by what the deciding seat holds (never by when it is asked). The rounds must
differ somewhere: in the order of the events, or of the cards and settlements inside one event. A declaration
the actions ignore would replay identically and fail here.

The rounds here are stacked for those three sections' rare passes, and decided by what a Blackjack or Pai Gow
hand holds; a section added to the package has each of its declarations flipped the same way by ``check``'s
turns check, on seeded rounds and its stored scenarios (``tests/test_conformance.py``, over every section).
"""

from __future__ import annotations

import random
import re
from functools import cache

import attrs
import pytest

from pa_table_games import IllegalAction, Shoe, load_game
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.errors import MachineFileError
from pa_table_games.games import game_info
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.machine.loader import load_spec
from pa_table_games.runtime.game import MACHINES, Game, bind

DECLARATION = re.compile(r"turns: \{each: \w+, from: (dealer_left|dealer_right), cite: \"[^\"]*\""
                         r"(, holding: \[[^\]]*\])?(, only: \[[^\]]*\])?\}")
FLIP = {"dealer_left": "dealer_right", "dealer_right": "dealer_left"}
GAMES = ("blackjack", "double-down-madness", "six-card-fortune-pai-gow")  # every section: test_conformance.py
BJ_OPTIONAL = ("lucky_ladies", "match_the_dealer", "in_between", "royal_match_21", "bet_the_set_21", "kings_bounty",
               "three_card_poker", "straight_jack", "house_money", "bad_beat", "hit_and_run")


def _text(name: str) -> str:
    return (MACHINES / game_info(name).machine).read_text(encoding="utf-8")


def declarations() -> list[tuple[str, int, str]]:
    """(game, k, the line) for the k-th ``turns:`` declaration of each machine file."""
    found = []
    for name in GAMES:
        for k, match in enumerate(DECLARATION.finditer(_text(name))):
            text = _text(name)
            line = text[text.rfind("\n", 0, match.start()) + 1:text.find("\n", match.end())]
            found.append((name, k, line.strip()))
    return found


@cache
def machine(name: str, flipped: int | None = None) -> tuple[BoundMachine, TransitionsEngine]:
    """The game's machine as filed, or with its ``flipped``-th declaration turned round."""
    info, text = game_info(name), _text(name)
    if flipped is not None:
        match = list(DECLARATION.finditer(text))[flipped]
        start, end = match.span(1)
        text = text[:start] + FLIP[match.group(1)] + text[end:]
    bound = BoundMachine(load_spec(MACHINES / info.machine, info.registry, text))
    return bound, TransitionsEngine(bound)


def decide(rnd, legal) -> str:
    """What the seat deciding now does, from what it holds: insure, keep House Money on odd seats, split 8s and
    aces, double on 10 or 11, hit below 15; Pai Gow hands are set the house way."""
    names = [a.name for a in legal]
    seat = legal[0].seat
    for offer, yes in (("insurance", "yes"), ("even_money", "no"), ("house_money", "add" if seat % 2 else "keep")):
        if f"{offer}={yes}" in names:
            return f"{offer}={yes}"
    if "house_way" in names:
        return "house_way"
    seat, index = rnd.deciding()
    hand = next(h for h in rnd.layout.hands if (h.seat, h.index) == (seat, index))
    ranks = [c.rank for c in hand.cards]
    if "surrender" in names and rnd.wager(seat, "royal_match_21") and rnd.layout.up_card.rank in "KQ":
        return "surrender"  # a Royal Match waiting for the hole card: its Blackjack Wager is settled after it
    if "split" in names and len(ranks) == 2 and ranks[0] == ranks[1] and ranks[0] in "8A":
        return "split"
    if "double" in names and hand.total in (10, 11) and not hand.doubles:
        return "double"
    if "hit" in names and hand.total < 15:
        return "hit"
    return "stand" if "stand" in names else names[0]


def trace(rnd) -> list[tuple]:
    """Each event with the cards it moved and the wagers it settled, in order."""
    return [(e.trigger, e.seat, e.hand, tuple((m.card, m.to) for m in e.cards),
             tuple((s.seat, s.wager, s.hand, s.outcome, s.net) for s in e.settled)) for e in rnd.events]


def play(name: str, flipped: int | None, recipe: tuple) -> list[tuple]:
    rules_changes, seats, shoe, options = recipe
    info = game_info(name)
    bound, engine = machine(name, flipped)
    game = Game(info, attrs.evolve(info.rules_class(), **rules_changes), bound, engine)
    table = game.new_table(shoe=shoe() if callable(shoe) else None, seed=None if callable(shoe) else shoe)
    rnd = game.new_round(seats, table=table, options=options)
    while not rnd.advance().is_over:
        rnd.act(decide(rnd, rnd.legal_actions()))
    return trace(rnd)


def _seeded(name: str, count: int) -> list[tuple]:
    """Seeded rounds with two to four seats, every Rules variant the passes depend on."""
    rng = random.Random(633)
    main = game_info(name).wagers[0]
    variants = [{}] if name == "six-card-fortune-pai-gow" else [{}, {"settlement": "right_to_left"}]
    if name == "blackjack":
        variants.append({"double_shoe": True})
    recipes = []
    for i in range(count):
        seats = {}
        for seat in sorted(rng.sample(range(1, 7), rng.randint(2, 4))):
            wagers = {main: 10}
            extras = BJ_OPTIONAL if name == "blackjack" else ("push_22",) if name == "double-down-madness" else ()
            wagers.update({w: 5 for w in extras if rng.random() < 0.5})
            seats[seat] = wagers
        recipes.append((variants[i % len(variants)], seats, 1000 + i, None))
    return recipes


def _stacked(name: str) -> list[tuple]:
    """Stacked rounds for what seeded shoes seldom deal."""
    if name == "blackjack":
        hit_and_run = {1: {"blackjack": 10, "hit_and_run": 5}, 2: {"blackjack": 10, "hit_and_run": 5}}
        return [
            # (o): nine dealer cards: both players' jackpots verified by a floorperson, then paid
            ({}, hit_and_run, lambda: Shoe.stacked("2C TH TS 2C 9H 9S 3C 2D 3D 2H AC AD AH AS TC"), None),
            # (o)(1)(ii)(B): matched 20s at seats 1 and 2 beaten by a suited Blackjack: both jackpots verified
            ({}, {1: {"blackjack": 10, "bad_beat": 5}, 2: {"blackjack": 10, "bad_beat": 15}},
             lambda: Shoe.stacked("2C JD TH AS JD TH KS"), None),
            # (o)(3)(ii)(B): five-card straights (2 to 6) at seats 1 and 2 against a dealer 17: both verified
            ({}, {1: {"blackjack": 10, "straight_jack": 5}, 2: {"blackjack": 10, "straight_jack": 5}},
             lambda: Shoe.stacked("2C 2H 2S 9C 3D 3H 8D 4C 5D 6S 4D 5C 6H"), None),
            # (h), § 633a.8: an ace up, both insure, no dealer Blackjack: the Insurance Wagers are collected
            ({}, {1: {"blackjack": 10}, 3: {"blackjack": 10}}, lambda: Shoe.stacked("2C TH 9S AD 8C 5D 7H 9D 8S 8D"), None),
            # (g)(10)(ii): a 7 up, seats 1 (9-10) and 2 (7-8) hold two-card straights, are paid House Money in (g)
            # and answer in the declared turn (seat 2 keeps, seat 1 adds); seat 3's (K-6) is collected: no turn
            ({}, {1: {"blackjack": 10, "house_money": 5}, 2: {"blackjack": 10, "house_money": 5},
                  3: {"blackjack": 10, "house_money": 5}},
             lambda: Shoe.stacked("2C 9C 7C KD 7D TD 8D 6C TS 9H 9S"), None),
            # (d): a double shoe, the determinant card picks the side
            ({"double_shoe": True}, {1: {"blackjack": 10}, 2: {"blackjack": 10}},
             lambda: DoubleShoe.stacked("QH 9S 6D 8C 7S 5C TC 4D 3H", "2S 3S"), {"determinant_side": "red"}),
            # (g)(1)(i): two queens of hearts at seats 1 and 2 against a 10 up, no dealer Blackjack: paid after the peek
            ({}, {1: {"blackjack": 10, "lucky_ladies": 5}, 2: {"blackjack": 10, "lucky_ladies": 5}},
             lambda: Shoe.stacked("2C QH QH TD QH QH 7C"), None),
            # (g)(4): Royal Matches at seats 1 and 2 against a queen up, settled once the hole card is exposed, each
            # before the Blackjack Wager its player surrendered (§ 633a.9); seat 3's holds none
            ({}, {1: {"blackjack": 10, "royal_match_21": 5}, 2: {"blackjack": 10, "royal_match_21": 5},
                  3: {"blackjack": 10}}, lambda: Shoe.stacked("2C KH KD 9S QS QH QD 8S 7C"), None),
            ({"surrender": "none"}, {1: {"blackjack": 10, "royal_match_21": 5}, 2: {"blackjack": 10, "royal_match_21": 5}},
             lambda: Shoe.stacked("2C KH KD QS QH QD 7C"), None),
        ]
    if name == "double-down-madness":
        seats = {1: {"double_down_madness": 10, "push_22": 5}, 2: {"double_down_madness": 10, "push_22": 5}}
        return [
            # (g): a dealer Blackjack (hole KD, up AS): every wager collected, each Insurance wager paid
            ({}, seats, lambda: Shoe.stacked("9C KD 5H 7H AS 2C"), None),
            # § 692.8: an ace up, no dealer Blackjack: both Insurance wagers collected
            ({}, seats, lambda: Shoe.stacked("9C 8D 5H 7H AS 9S TD 6C 2C 3C 4C 5C 2D 3D"), None),
            # (p)(1): a dealer 22 returns both hands and pays both Push 22 wagers
            ({}, seats, lambda: Shoe.stacked("9C 8D TH TS 6C 8S 8H 8C"), None),
        ]
    if name == "six-card-fortune-pai-gow":
        two = {1: {"six_card_fortune": 10, "progressive": 1}, 4: {"six_card_fortune": 10, "progressive": 1}}
        deck = " ".join(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK")
        return [
            # (f): seat 3 dealt seven cards: every wager returned
            ({}, two, 5, {"misdeal": 3}),
            # (f): a stub of 12 (a stacked deck of 54), every spot six cards: the wagers returned, the deck removed
            ({}, two, lambda: Shoe.stacked(f"{deck} JK 2S"), None),
            # (b)(2): two progressive chips, but the system accepted three: every wager returned
            ({}, two, 5, {"progressive_accepted": 3}),
        ]
    return []


@cache
def recipes(name: str) -> tuple:
    return tuple(_stacked(name) + _seeded(name, {"blackjack": 30, "double-down-madness": 24}.get(name, 4)))


@cache
def as_filed(name: str) -> tuple:
    return tuple(play(name, None, r) for r in recipes(name))


def test_every_declaration_is_found():
    """All 33 passes the texts (or the readings) order are declared: 19 in § 633a.7, 9 in § 692.7, 5 in § 670a.8."""
    counts = {name: sum(1 for d in declarations() if d[0] == name) for name in GAMES}
    assert counts == {"blackjack": 19, "double-down-madness": 9, "six-card-fortune-pai-gow": 5}


@pytest.mark.parametrize("name,k,line", declarations(), ids=lambda v: str(v)[:60] if isinstance(v, str) else str(v))
def test_flipping_a_declaration_changes_the_order(name, k, line):
    """The rounds played under the flipped declaration differ from those played under the file as filed."""
    for recipe, filed in zip(recipes(name), as_filed(name)):
        if play(name, k, recipe) != filed:
            return
    pytest.fail(f"{name}: flipping {line!r} changed no round: the declaration is decorative")


def _bind_edited(name: str, old: str, new: str):
    info, text = game_info(name), _text(name)
    assert old in text
    return load_spec(MACHINES / info.machine, info.registry, text.replace(old, new, 1))


def test_ends_turn_needs_a_declared_pass():
    """``ends_turn: true`` on a transition out of a state that declares no pass is a file:line error."""
    with pytest.raises(MachineFileError, match=r"blackjack.yaml:\d+: .*'ends_turn' needs a pass round the table"):
        _bind_edited("blackjack", "dest: up_card_dealt, cite:", "dest: up_card_dealt, ends_turn: true, cite:")


@pytest.mark.parametrize("name, old, new", [
    ("blackjack", "turns: {each: hand, from: dealer_left", "turns: {each: position, from: dealer_left"),
    ("six-card-fortune-pai-gow", "turns: {each: box, from: dealer_left", "turns: {each: hand, from: dealer_left")])
def test_a_pass_over_what_the_game_does_not_walk_is_refused_as_the_file_is_loaded(tmp_path, name, old, new):
    """Blackjack walks boxes and hands, Six-Card Fortune its boxes (the stacks of the positions holding a wager), every
    game its players and wagers: a pass over anything else (walked before as hands, or as boxes) is refused at its line
    when the file is bound to the game."""
    text, path = _text(name), tmp_path / game_info(name).machine
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    walked = "player, wager, box, hand" if name == "blackjack" else "player, wager, box"
    with pytest.raises(MachineFileError, match=rf"{path.name}:{line}: state '\w+': turns each '{new.split()[2][:-1]}' "
                                               rf"is not one of {walked}$"):
        bind(game_info(name), path)


def test_every_turn_taken_is_asked_only_where_a_pass_is_declared():
    """The runtime's guard ``every_turn_taken`` out of a state without ``turns`` is a file:line error."""
    with pytest.raises(MachineFileError, match=r"'every_turn_taken' is asked only out of a state that declares"):
        _bind_edited("blackjack", "when: [dealer_total_below_17]", "when: [every_turn_taken]")


def test_a_state_left_before_every_turn_is_taken_leaves_nobody_deciding():
    """A machine built wrong on purpose: Double Down Madness's dealer turns the hole card as soon as the hand deciding
    has its second card, not once every turn is taken (§ 692.7(m)). Seat 1 hits, the hole card is turned with seat 2
    never asked, and from then on nobody is deciding (the state entered declares no walk): a decision is refused."""
    info = game_info("double-down-madness")
    bound = BoundMachine(_bind_edited("double-down-madness", "when: [every_turn_taken], do: [turn_hole_card]",
                                      "when: [acting_hand_has_second_card], do: [turn_hole_card]"))
    game = Game(info, info.rules_class(), bound, TransitionsEngine(bound))
    rnd = game.new_round({1: {"double_down_madness": 10}, 2: {"double_down_madness": 10}},
                         shoe=Shoe.stacked("4H 6H 6C 5H 5S 2H 4D QD")).advance()
    assert rnd.deciding() == (1, 0)
    rnd.act("hit")
    deciding = []
    while (event := rnd.step()) is not None:
        deciding.append((event.trigger, rnd.deciding()))
        with pytest.raises(IllegalAction, match="stand: no player decision is open while the round is in"):
            rnd.act("stand")
    assert deciding[:2] == [("turn_hole_card", None), ("draw_dealer_card", None)]
    assert {who for _, who in deciding} == {None} and rnd.is_over


def test_a_split_hand_takes_its_turn_right_after_the_hand_it_split_from():
    """§ 633a.11: seat 1 splits 8s; both its hands play before seat 2, the first hand first (hit to 18,
    then the second hand), whichever way (i) goes; flipped, seat 2 decides first."""
    recipe = ({}, {1: {"blackjack": 10}, 2: {"blackjack": 10}},
              lambda: Shoe.stacked("2C 8H 9S 6D 8S TS 7C TH 3D TD 4C 5C 6C"), None)
    k = next(k for name, k, line in declarations() if name == "blackjack" and "each: hand, from: dealer_left" in line)
    for flipped, order in ((None, [(1, 0), (1, 0), (1, 1), (2, 0)]), (k, [(2, 0), (1, 0), (1, 0), (1, 1)])):
        decided = [(seat, hand) for trigger, seat, hand, *_ in play("blackjack", flipped, recipe) if seat is not None]
        assert decided[:len(order)] == order, decided


def test_items_a_game_reads_its_own_way_are_put_in_the_declared_order():
    """``rnd.in_turn_order(items, seat=...)`` (a new game's own items, which hold no ``seat``): at Blackjack's
    player decisions, declared from the dealer's left ((i)), seat 1 first; the hand read as 0 when not given."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}, 2: {"blackjack": 10}},
                                           shoe=Shoe.stacked("2C 8H 9S 6D 8S TS 7C TH 3D TD 4C 5C 6C")).advance()
    assert rnd.state == "player_decisions"
    items = [(3, "c"), (1, "a"), (2, "b")]
    assert rnd.in_turn_order(items, seat=lambda item: item[0]) == [(1, "a"), (2, "b"), (3, "c")]
    assert rnd.in_turn_order(items, seat=lambda item: item[0], hand=lambda item: 0) == [(1, "a"), (2, "b"), (3, "c")]


def test_the_house_money_choice_goes_the_declared_way():
    """§ 633a.7(g)(10)(ii): two players paid House Money answer from the dealer's right as filed (seat 2 keeps, then
    seat 1 adds) and from the dealer's left when the state's declaration is flipped; seat 3, whose House Money
    Wager was collected, has no turn either way (its ``only:`` guard passes it over, adding no event)."""
    recipe = next(r for r in recipes("blackjack") if 3 in r[1] and "house_money" in r[1][3])
    k = next(k for name, k, line in declarations() if name == "blackjack" and "house_money_choice" in line)
    answers = {flipped: [(trigger, seat) for trigger, seat, *_ in play("blackjack", flipped, recipe)
                         if trigger.startswith("house_money=")] for flipped in (None, k)}
    assert answers == {None: [("house_money=keep", 2), ("house_money=add", 1)],
                       k: [("house_money=add", 1), ("house_money=keep", 2)]}


@pytest.mark.parametrize("old, new, message", [
    ("only: [house_money_payout_awaits_answer]", "only: [house_money_was_paid]",
     r"state 'house_money_offered' turns: no guard named 'house_money_was_paid'"),
    ("only: [house_money_payout_awaits_answer]", "only: [every_turn_taken]",
     r"turns only is a list of registered guard names"),
    ("cite: \"(f)\"}, cite: [\"(f)(3)\"]", "cite: \"(f)\", only: [house_money_payout_awaits_answer]}, cite: [\"(f)(3)\"]",
     r"'deal_second_cards': turns only picks the units of a walk"),
])
def test_a_declared_unit_filter_is_checked_by_the_loader(old, new, message):
    """``turns: {only: [...]}`` names registered guards (not the runtime's ``every_turn_taken``), on a walk: a
    state's decisions or a pass; anything else is a file:line error."""
    with pytest.raises(MachineFileError, match=rf"blackjack.yaml:\d+: .*{message}"):
        _bind_edited("blackjack", old, new)



@pytest.mark.parametrize("old, new, message", [
    ('turns: {each: hand, from: dealer_left, cite: "(i)"}', 'turns: {each: hand, from: dealer_left, cite: ["(k)", "(i)"]}',
     r"state 'player_decisions': turns cites one subsection \(the one giving the order\), not 2"),
    ('{id: hole_card_turned, label: "Hole card turned; dealer draws"', '{id: hole_card_turned, label: [Hole, card]',
     r"'label' must be a non-empty string"),
    ('{id: hole_card_turned, label: "Hole card turned; dealer draws"', '{id: hole_card_turned, label: 12',
     r"'label' must be a non-empty string"),
])
def test_a_turns_cite_and_a_state_label_are_read_as_written_or_refused(old, new, message):
    """A turns declaration cites the one subsection giving its order, and a state's label is text: before, a list of
    two cites kept the first and dropped (i) from trace and every view, and a label [Hole, card] or 12 was drawn as
    "['Hole', 'card']" or "12"."""
    with pytest.raises(MachineFileError, match=rf"blackjack.yaml:\d+: .*{message}"):
        _bind_edited("blackjack", old, new)


def test_a_refusal_of_one_of_the_machines_own_decisions_is_refused():
    """A refusal is asked before the machine's decisions: one naming a decision the machine offers (hit, in Double
    Down Madness) would make that decision impossible, every hit refused with the refusal's reason. Before, the file
    loaded and hit could never be taken."""
    with pytest.raises(MachineFileError, match=r"double_down_madness.yaml:\d+: refusal 'hit' is a decision of this "):
        _bind_edited("double-down-madness", '{trigger: split, cite: "(j)"', '{trigger: hit, cite: "(j)"')
