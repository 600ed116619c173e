"""What a round works out once and then reads, where it used to work it out at every question (issue 31: the
busier tables' speed). Each test deals rounds with the memo, counts the work, and checks the sums against the
compiled runner's for the same rounds.

- The players a pass goes over (``each: player``): grouped from the round's wagers once a round, and again only
  when a wager is placed, not at every state that starts a walk.
- The players holding one of a pass's wagers (``holding:``): picked once a round for each pass, not at every
  state that starts the pass's walk.
- The key of a pass's walk: made once per pass by the loader, so finding the walk compares no declarations.
- Whether every box holds its initial two cards (the (g) passes ask it of every player): read off each box's
  cards, or the pair kept at a split, without asking each box for its initial two.
- A first-cards wager's pay table as the Rules offer it (§ 633a.7(g)(4): the Crown Treasure Bonus only where
  offered): looked up once per wager and Rules, not once per wager settled, and only for a wager whose outcomes
  depend on it.
- Each box's first hand, and its initial two cards: entered as the deal makes them, where every question looked for
  the box among the hands and asked it for its first two cards.
- A progressive's outcomes in the (o) pass ((o)(1)-(3)): worked out once for every wager, when the pass first asks,
  and read from there by the floorperson's question as by the settlement.
- Whether a player's pair waits for the peek ((g)(1)(i), (g)(6)(i)) or a Royal Match for the hole card ((g)(4)):
  the box's two cards, or the up card, asked first; the player's wagers are read only when they could wait.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import ShoeExhausted
from pa_table_games.games.blackjack import first_cards as fc, optional_wagers, progressives
from pa_table_games.games.blackjack.layout import BlackjackLayout, Hand
from pa_table_games.machine.spec import PassKey, Turns
from pa_table_games.runtime import turns
from pa_table_games.runtime.round import Unrecorded
from pa_table_games.simulation.chunks import Deal, deal_tally

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.scenarios import EVERY_OPTIONAL  # noqa: E402  (the checkout's benchmarks: their busier table)
from randomplay import random_rounds  # noqa: E402

SEVEN = {seat: dict(EVERY_OPTIONAL) for seat in range(1, 8)}  # seven seats, each with every optional wager
ROUNDS = 200
SEED = 4


def _dealt(engine: str = "fast"):
    return deal_tally(Deal("blackjack", None, SEVEN, "basic", engine), SEED, ROUNDS)


def _dealt_counting(monkeypatch, owner, name: str, counting):
    """The fast path's rounds with ``owner.name`` replaced by ``counting`` (it counts the work), shown to net, wager by
    wager, what the compiled runner nets."""
    want = _dealt("compiled").sums
    monkeypatch.setattr(owner, name, counting)
    tally = _dealt()
    assert tally.sums == want
    return tally


def test_the_players_a_pass_goes_over_are_grouped_once_a_round(monkeypatch):
    """Seven seats start about seven walks over the players a round; the players are grouped from the wagers
    about once a round (again after an Insurance wager or a split's wager is placed): at most two groupings a
    round, where every walk grouped them anew (about 47 players made a round)."""
    made = Counter()

    class Counted(turns.Player):
        def __init__(self, *args, **kwargs):
            made["players"] += 1
            super().__init__(*args, **kwargs)

    _dealt_counting(monkeypatch, turns, "Player", Counted)
    assert 0 < made["players"] <= 2 * len(SEVEN) * ROUNDS, made


def test_the_players_holding_a_passs_wagers_are_picked_once_a_round():
    """The (o) pass goes over the players holding a progressive: the players are picked from their wagers once, and
    each later walk over them reads what was picked; a wager placed afterwards (here a second progressive at a seat
    that held none) is picked up."""
    game = load_game("blackjack", engine="compiled")
    seats = {1: {"blackjack": 10, "bad_beat": 1}, 2: {"blackjack": 10}, 3: {"blackjack": 10, "hit_and_run": 1}}
    rnd = Unrecorded(game, game.new_table(seed=SEED), seats)
    holding = ("bad_beat", "hit_and_run", "straight_jack")
    assert [p.seat for p in turns.units_of(rnd, "player", holding)] == [1, 3]

    class Unread(tuple):
        def __iter__(self):
            raise AssertionError("a player's wagers were read again")

    for player in turns.players_of(rnd):
        player.wagers = Unread(player.wagers)
    assert [p.seat for p in turns.units_of(rnd, "player", holding)] == [1, 3]  # read once, not again
    rnd.place_wager(2, "straight_jack", 1)  # the players are grouped anew from the wagers now placed
    assert [p.seat for p in turns.units_of(rnd, "player", holding)] == [1, 2, 3]


def test_a_wager_taken_back_and_another_placed_in_its_stead_is_picked_up():
    """The players are grouped anew when the wagers changed though their count did not: a step refused after placing
    a wager takes it back, and a later step may place another (here seat 2's Straight Jack, picked up, taken back,
    then a Lucky Ladies Wager in its stead: seat 2 holds none of the (o) pass's progressives again)."""
    game = load_game("blackjack", engine="compiled")
    seats = {1: {"blackjack": 10, "bad_beat": 1}, 2: {"blackjack": 10}, 3: {"blackjack": 10, "hit_and_run": 1}}
    rnd = Unrecorded(game, game.new_table(seed=SEED), seats)
    holding = ("bad_beat", "hit_and_run", "straight_jack")
    rnd.place_wager(2, "straight_jack", 1)
    assert [p.seat for p in turns.units_of(rnd, "player", holding)] == [1, 2, 3]
    rnd.wagers.pop()  # as a refused step's undo takes it back
    rnd.place_wager(2, "lucky_ladies", 5)
    assert [p.seat for p in turns.units_of(rnd, "player", holding)] == [1, 3]


def test_a_passs_walk_is_found_by_the_one_key_its_transitions_share(monkeypatch):
    """The transitions of a pass (a dealer self-loop declaring ``turns``) take part in one walk, looked up by its
    key at every turn: the loader makes that key once per pass, a string naming the pass, so finding the walk never
    compares two equal declarations (the (o) pass compared seven a round at seven seats) nor hashes one (the key
    held the declaration: some fifty-five a round). The same sums as the compiled runner."""
    by_pass: dict = {}
    for t in load_game("blackjack").machine.spec.transitions:
        if isinstance(t.walk, PassKey):
            by_pass.setdefault(t.walk, []).append(t)
    assert len(by_pass) > 1 and all(all(t.walk is ts[0].walk for t in ts) for ts in by_pass.values())
    assert all(key.startswith(f"{ts[0].source} pass ") for key, ts in by_pass.items())
    compared = Counter()
    equal, hashed = Turns.__eq__, Turns.__hash__

    def counted(self, other):
        compared[self.cite] += 1
        return equal(self, other)

    def counted_hash(self):
        compared["hashed"] += 1
        return hashed(self)

    monkeypatch.setattr(Turns, "__eq__", counted)
    monkeypatch.setattr(Turns, "__hash__", counted_hash)
    fast = _dealt()
    assert not compared, compared
    assert fast.sums == _dealt("compiled").sums


def test_a_first_cards_wagers_pay_table_is_read_only_by_a_classifier_that_reads_it(monkeypatch):
    """Of the (g) wagers only Royal Match 21 reads its pay table to classify (the Crown Treasure Bonus is an outcome
    only where the table in play lists it); the others' outcomes do not depend on it, and theirs is not looked up
    to decide them (about fifty a round at this table), only to pay a win."""
    asked = Counter()
    offered = optional_wagers.offered_pay_table

    def counted(rules, wager):
        asked[wager] += 1
        return offered(rules, wager)

    want = _dealt("compiled").sums
    monkeypatch.setattr(optional_wagers, "offered_pay_table", counted)
    made = load_game("blackjack", engine="fast").engine.made
    made.clear()  # the round function made again, with the counting one: the fast path splices what it calls
    try:
        tally = _dealt()
    finally:
        made.clear()
    assert tally.sums == want
    reading = {name for name, how in fc.FIRST_CARDS.items() if how.with_table}
    assert reading == {"royal_match_21"} and set(asked) == reading, asked


def test_a_first_cards_wagers_offered_pay_table_is_looked_up_once_per_rules(monkeypatch):
    """About fifty (g) wagers are settled a round at this table; each wager's table as offered is worked out
    once for the Rules the simulation deals under, not once per wager settled."""
    asked = Counter()
    as_offered = fc.as_offered

    def counted(table, crown_treasure_bonus):
        asked[table.wager] += 1
        return as_offered(table, crown_treasure_bonus)

    tally = _dealt_counting(monkeypatch, fc, "as_offered", counted)
    assert tally.sums["lucky_ladies"][0] == ROUNDS  # settled in every round
    assert max(asked.values(), default=0) <= 1, asked  # none when the Rules are those asked last


def test_a_simulations_tally_adds_each_distinct_round_once(monkeypatch):
    """One seat standing on 17: 2,000 rounds come in a handful of nets (lost, pushed, won, Blackjack, doubled ...);
    the tally adds each distinct one once, times how many, where it added every round, and its sums are exactly
    those of the same rounds added one by one from their settlement rows."""
    from pa_table_games.simulation.tally import Tally

    seat = {1: {"blackjack": 10.0}}
    one_by_one = deal_tally(Deal("blackjack", None, seat, "stand17", "compiled", log=True), SEED, 2000).sums
    added = Counter()
    add = Tally._add

    def counted(self, name, *args):
        added[name] += 1
        return add(self, name, *args)

    monkeypatch.setattr(Tally, "_add", counted)
    tally = deal_tally(Deal("blackjack", None, seat, "stand17"), SEED, 2000)
    assert tally.sums == one_by_one and list(tally.sums) == list(one_by_one)
    assert tally.sums["blackjack"][0] == 2000 and added["blackjack"] <= 20, added


@pytest.mark.parametrize("hands, dealer, dealt", [
    ([(1, 0, "AS KD", ""), (2, 0, "9H 9C", "")], "5S 7D", True),
    ([(1, 0, "AS KD", ""), (2, 0, "9H", "")], "5S 7D", False),  # the second box waits for its second card
    ([(1, 0, "AS KD", ""), (2, 0, "9H 9C", "")], "5S", False),  # the dealer's hole card not yet dealt
    # a split box: its first hand holds one card, its pair kept; a split hand's one card is not a box's
    ([(1, 0, "AS KD", ""), (2, 0, "8H", "8H 8C"), (2, 1, "8C", "")], "5S 7D", True),
])
def test_whether_every_box_holds_its_initial_two_cards(hands, dealer, dealt):
    """(g): the first-cards wagers are decided once every box holds its initial two cards and the dealer two cards;
    a box whose pair was split still holds its initial two (kept at the split)."""
    layout = BlackjackLayout(dealer=list(parse_cards(dealer)))
    for seat, index, cards, first_two in hands:
        layout.hands.append(Hand(seat, index, Wager(seat, "blackjack", index, 10), list(parse_cards(cards)),
                                 first_two=tuple(parse_cards(first_two)) if first_two else ()))
    assert optional_wagers.first_cards_dealt(SimpleNamespace(layout=layout)) is dealt


def test_whether_the_first_cards_are_dealt_asks_no_box_for_its_initial_two(monkeypatch):
    """The (g) passes ask it of every player, about ninety times a round at seven seats, each time over every box:
    it is read off the boxes' cards; and the wagers' own questions read each box's initial two as the deal of the
    second cards entered them: no box is asked for its initial two (they were about 175 times a round, then about
    ninety)."""
    asked = Counter()
    initial_two = Hand.initial_two

    def counted(hand):
        asked["initial_two"] += 1
        return initial_two.fget(hand)

    _dealt_counting(monkeypatch, Hand, "initial_two", property(counted))
    assert not asked, asked



class _Unread(tuple):
    def __iter__(self):
        raise AssertionError("the player's wagers were read")


@pytest.mark.parametrize("player_cards, up, hole_turned, guard", [
    ("QH QD", "KS", False, optional_wagers.pair_awaits_peek),  # a pair of queens, not of queens of hearts
    ("KS 9S", "AS", False, optional_wagers.pair_awaits_peek),
    ("KH QH", "9S", True, optional_wagers.royal_match_awaits_hole_card),  # a Royal Match against a 9: settled in (g)
])
def test_a_waiting_pass_reads_a_players_wagers_only_when_the_cards_could_make_one_wait(player_cards, up, hole_turned,
                                                                                        guard):
    """(g)(1)(i), (g)(6)(i): only two queens of hearts or two kings of spades wait for the peek; (g)(4): only a Royal
    Match against a king or queen waits for the hole card. Their passes ask each player's box (or the up card)
    first and read none of the player's wagers when nothing can wait (the pair's pass read every wager twice)."""
    layout = BlackjackLayout(dealer=list(parse_cards(f"{up} 7D")), hole_card_turned=hole_turned)
    layout.hands.append(Hand(3, 0, Wager(3, "blackjack", 0, 10), list(parse_cards(player_cards))))
    rnd = SimpleNamespace(layout=layout)
    assert guard(rnd, turns.Player(3, _Unread())) is False


def test_the_waiting_passes_read_a_players_wagers_fewer_times_a_round(monkeypatch):
    """Seven seats with every optional wager: each player's wagers are read about nine times a round (the (g) pass,
    House Money's, the (o) pass ...), where the pair's pass alone read them about four times more."""
    read = Counter()

    class Counted(tuple):
        def __iter__(self):
            read["wagers"] += 1
            return tuple.__iter__(self)

    class Player(turns.Player):
        def __init__(self, seat, wagers=()):
            super().__init__(seat, Counted(wagers))

    _dealt_counting(monkeypatch, turns, "Player", Player)
    assert 0 < read["wagers"] <= 10 * len(SEVEN) * ROUNDS, read


def test_a_progressives_outcomes_are_worked_out_once_a_round():
    """(o)(1)(ii)(B), (o)(2)(ii)(B), (o)(3)(ii)(B): whether a floorperson must verify a player's payout is read from
    the (o) pass's payouts, worked out once for every wager; each progressive wager's outcomes are worked out once a
    round (about 1.85 times, where the question worked out the player's again), and the sums are the compiled
    runner's."""
    want = _dealt("compiled").sums
    code = progressives.outcomes.__code__
    asked = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is code:
            asked[frame.f_locals["wager"].seat, frame.f_locals["wager"].name] += 1

    sys.setprofile(profile)
    try:
        tally = _dealt()
    finally:
        sys.setprofile(None)
    assert tally.sums == want
    held = {(seat, name) for seat, wagers in SEVEN.items() for name in wagers if name in progressives.PROGRESSIVES}
    assert set(asked) <= held and len(held) == 3 * len(SEVEN)
    assert sum(asked.values()) <= len(held) * ROUNDS, asked


@pytest.mark.parametrize("game", ["blackjack", "double-down-madness"])
def test_each_boxs_first_hand_is_the_one_found_among_the_hands(game):
    """Random rounds under random Rules (splits, the double shoe's determinant card among them): before every step,
    the first hand the deal entered for each seat is the one a look among the hands finds, and every box is entered;
    the initial two cards it entered are the box's own, kept through a split."""
    def check(rnd):
        lay = rnd.layout
        for seat in {h.seat for h in lay.hands}:
            assert lay.box(seat) is lay._box_among_hands(seat) is lay.boxes_dealt[seat], (rnd.state, seat)
            assert lay.initial_two_of(seat) == lay.box(seat).initial_two, (rnd.state, seat)
        assert set(lay.boxes_dealt) == {h.seat for h in lay.hands}
        assert all(lay.initial_twos[seat] == lay.box(seat).initial_two and len(lay.initial_twos[seat]) == 2
                   for seat in lay.initial_twos)

    triggers = {e.trigger for rnd in random_rounds(game, 60, seed=31, before_step=check) for e in rnd.events}
    if game == "blackjack":  # the sample holds a split and a box whose first card is the determinant card
        assert {"split", "use_determinant_as_first_card"} <= triggers, sorted(triggers)


def test_a_box_entered_by_a_step_the_shoe_refuses_is_taken_back():
    """The shoe runs dry at seat 2's first card: the deal is dropped whole, seat 1's box with it."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}, 2: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH"))
    with pytest.raises(ShoeExhausted):
        while True:
            rnd.step()
    assert rnd.layout.hands == [] and rnd.layout.boxes_dealt == {} and rnd.layout.box(1) is None


def test_initial_two_cards_entered_by_a_step_the_shoe_refuses_are_taken_back():
    """(f)(3): the shoe runs dry at seat 2's second card: the deal is dropped whole, seat 1's initial two with it."""
    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}, 2: {"blackjack": 10}},
                                           shoe=Shoe.stacked("2C TH 6S 8D 7C"))
    with pytest.raises(ShoeExhausted):
        while True:
            rnd.step()
    assert rnd.layout.initial_twos == {} and [c.code for c in rnd.layout.initial_two_of(1)] == ["TH"]


class _NotLookedAt(list):
    def __iter__(self):
        raise AssertionError("the hands were looked through")


def test_a_dealt_box_is_answered_without_looking_through_the_hands():
    """Seven seats ask for a box about a hundred times a round: once dealt, each box's first hand is answered from
    what the deal entered, not from a look through the hands (the look's index stood only while no hand was added)."""
    game = load_game("blackjack", engine="compiled")
    rnd = Unrecorded(game, game.new_table(seed=SEED), SEVEN, record="totals")
    while rnd.state != "hole_card_dealt":
        rnd.step()
    lay = rnd.layout
    boxes = [lay.box(seat) for seat in SEVEN]
    lay.hands = _NotLookedAt(lay.hands)
    assert [lay.box(seat) for seat in SEVEN] == boxes and all(b.seat == s for b, s in zip(boxes, SEVEN))
