"""What a compliance officer reads in `trace` beside the text: each subsection lists the steps that encode it,
and a step is listed only under the subsections that say what it does (corrections of a reading of the texts)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.games.blackjack.first_cards import in_between_outcome
from pa_table_games.games import load_game

from conftest import one_box


def traced(game: str) -> dict[str, list[str]]:
    """``trace GAME``'s lines under each subsection, by its number (``"(g)(10)(ii)(C)"``), and under each section
    the game refers to (``"§ 670a.11"``)."""
    result = CliRunner().invoke(main, ["trace", game])
    assert result.exit_code == 0, result.output
    rows: dict[str, list[str]] = {}
    under: list[str] = []
    for line in result.output.splitlines():
        if line.startswith("§ ") and "  " in line:
            head = line.split("  ", 1)[0]
            under = rows.setdefault("(" + head.split("(", 1)[1] if "(" in head else head, [])
        elif line.startswith("    "):
            under.append(line.strip())
        elif not line.strip():
            under = []
    return rows


@pytest.fixture(scope="module")
def blackjack():
    return traced("blackjack")


def test_a_split_after_house_money_is_traced_to_its_match(blackjack):
    """§ 633a.7(g)(10)(ii)(C): "if the player elects to split ... or doubles down ..., the player shall match the
    entire Blackjack Wager": the split, not only the double, is listed under it."""
    listed = blackjack["(g)(10)(ii)(C)"]
    assert "action split_pair" in listed and "guard double_down_may_match_entire_wager" in listed
    # not on every double's or split's step: a log cites (C) only where the refusal names it
    assert not [line for line in listed if line.startswith(("transition split ", "transition double "))]


def test_the_meters_are_not_traced_to_paying_a_progressive(blackjack):
    """(o)(1)(ii)(C), (o)(2)(ii)(C), (o)(3)(ii)(C) credit or pay a winning progressive wager; adding the rate of
    progression to a meter at the deal is § 633a.13's, listed there alone."""
    for key in ("(o)(1)(ii)(C)", "(o)(2)(ii)(C)", "(o)(3)(ii)(C)"):
        assert not [line for line in blackjack[key] if "add_wagers_to_progressive_meters" in line], key


def test_a_double_the_maximum_leaves_no_room_to_match_is_refused_citing_the_match():
    """(g)(10)(ii)(C) requires the match; the table maximum (§ 601a.2, the guard's second cite) leaves no room."""
    game = load_game("blackjack", {"table_maximum": 30})
    rnd = game.new_round({1: {"blackjack": 10, "house_money": 10}},
                         shoe=Shoe.stacked(one_box("5H", "6D", "6S", "TC", "9C", "8C"))).advance()
    rnd.act("house_money=add")
    rnd.advance()
    refusal = game.machine.refusal(rnd.state, "double", rnd.view)
    assert refusal == ("allowed only when the table maximum leaves room for a Double Down Wager matching the entire "
                       "Blackjack Wager, as (g)(10)(ii)(C) requires once a House Money payout is added to it",
                       "§ 633a.7(g)(10)(ii)(C)")


@pytest.fixture(scope="module")
def madness():
    return traced("double-down-madness")


def test_the_stack_placed_in_the_shoe_is_traced_to_a(madness):
    """§ 692.7(a): "the stacked cards shall be placed in the dealing shoe": the load is listed under (a), as
    Blackjack's is, not waived as physical."""
    assert any(line.startswith("transition load_shoe ") for line in madness["(a)"])
    assert "action place_stack_in_shoe" in madness["(a)"]
    assert not [line for line in madness["(a)"] if line.startswith("waived")]


def test_insurance_as_a_rules_option_is_a_disclosed_reading():
    """§ 692.7(f): "the dealer shall offer the Insurance wager in accordance with § 692.8"; the Rules option that
    turns it off is a reading the trace shows, marked UNCERTAIN."""
    result = CliRunner().invoke(main, ["trace", "double-down-madness"])
    readings = result.output.split("Readings (", 1)[1]
    assert "unless the Rules option insurance is false" in " ".join(readings.split())
    assert "(UNCERTAIN)" in readings


def test_pai_gow_settlement_order_is_not_traced_to_the_deal():
    """§ 670a.8(d) orders the deal only; the reading that settles from the dealer's right rests on it but does not
    encode it, so the steps it orders are not listed under (d)."""
    listed = traced("six-card-fortune-pai-gow")["(d)"]
    assert not [line for line in listed if "settlement_from_dealers_right" in line]


@pytest.mark.parametrize("player, up, outcome", [
    (("QH", "AS"), "KD", "one_card_spread"), (("KH", "AS"), "QD", None), (("2H", "AS"), "KD", "four_or_more_card_spread")])
def test_in_between_ranks_the_ace_high_as_its_reading_says(player, up, outcome):
    """§ 633a.7(g)(3)(i) does not say where an ace falls; the reading the trace lists says high, and so it plays."""
    assert in_between_outcome([Card.from_code(c) for c in player], Card.from_code(up)) == outcome
    readings = CliRunner().invoke(main, ["trace", "blackjack"]).output.split("Readings (", 1)[1]
    assert "In Between Wager an ace ranks above a king" in " ".join(readings.split())


def test_inviting_the_players_to_set_their_hands_is_traced_to_the_setting_section():
    """§ 670a.8(g) says when the cards were dealt properly; the setting it opens is § 670a.11's (the compliance audit:
    before, the step was listed under (g) alone, which only collects the unwagered stacks)."""
    lines = CliRunner().invoke(main, ["trace", "six-card-fortune-pai-gow"]).output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("§ 670a.11  "))
    under = lines[start + 1:next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("    "))]
    assert "    action invite_players_to_set_hands" in under


@pytest.mark.parametrize(("game", "subsection", "step", "listed"), [
    # § 633a.7: the discard after a dealer Blackjack is (s)'s, not (h)'s; continuing a shoe burns nothing under (c),
    # and places nothing under (a); (p) and (q) say who wins and who ties in either settlement procedure of (r);
    # the card a Double Down takes is dealt under (j), as a hit's
    ("blackjack", "(h)", "transition discard_hands (dealer_hand_complete -> hands_discarded)", False),
    ("blackjack", "(s)", "transition discard_hands (dealer_hand_complete -> hands_discarded)", True),
    ("blackjack", "(a)", "transition continue_shoe (round_start -> dealer_ready)", False),
    ("blackjack", "(c)", "transition continue_shoe (round_start -> dealer_ready)", True),
    ("blackjack", "(p)", "transition pay_winning_wagers (losing_wagers_collected -> wagers_settled)", True),
    ("blackjack", "(q)", "transition settle_right_to_left (dealer_hand_complete -> wagers_settled)", True),
    ("blackjack", "(j)", "transition double (player_decisions -> player_decisions)", True),
    ("blackjack", "(h)", "state dealer_hand_complete", True),  # also reached after a dealer Blackjack
    # § 692.7: the discard after a dealer Blackjack is (u)'s; (s)(1) is waived, so settlement cites (s)(2); the
    # dealer draws for live Push 22 wagers under (o) in the state 'Hole card turned'
    ("double-down-madness", "(g)", "transition discard_hands (dealer_blackjack_settled -> hands_discarded)", False),
    ("double-down-madness", "(u)", "transition discard_hands (dealer_blackjack_settled -> hands_discarded)", True),
    ("double-down-madness", "(s)", "transition settle_right_to_left (dealer_hand_complete -> wagers_settled)", False),
    ("double-down-madness", "(s)(2)", "transition settle_right_to_left (dealer_hand_complete -> wagers_settled)",
     True),
    ("double-down-madness", "(o)", "state hole_card_turned", True),
    # § 670a.8: a misdeal's stub goes to the discard rack as (e) says; inviting the players to set their hands opens
    # § 670a.11
    ("six-card-fortune-pai-gow", "(e)", "transition void_misdeal (stub_counted -> misdeal_void)", True),
    ("six-card-fortune-pai-gow", "§ 670a.11", "transition collect_unwagered_stacks (stub_discarded -> "
     "players_setting_hands)", True),
])
def test_each_step_is_traced_to_the_subsection_that_says_what_it_does(game, subsection, step, listed):
    """A citation audit of the three machine files (2026-12): each step listed under exactly the text it does."""
    rows = traced(game)
    assert (step in rows.get(subsection, [])) is listed, rows.get(subsection)


def _dealt(game: str, shoe: str, actions=(), rules=None) -> dict[str, list[tuple[str, ...]]]:
    """The cites of each step of a stacked round of one box of 10, by trigger."""
    main_wager = "blackjack" if game == "blackjack" else "double_down_madness"
    rnd = load_game(game, rules).new_round({1: {main_wager: 10}}, shoe=Shoe.stacked(shoe)).advance()
    for word in actions:
        rnd.act(word)
        rnd.advance()
    assert rnd.is_over
    steps: dict[str, list[tuple[str, ...]]] = {}
    for e in rnd.events:
        steps.setdefault(e.trigger, []).append(e.cite)
    return steps


@pytest.mark.parametrize(("game", "shoe", "actions", "rules", "trigger", "cite"), [
    # (i)(1)(i) pays a Blackjack against 2 to 9; (i)(1)(ii)(A) against an ace or 10 only where the Rules say so
    ("blackjack", one_box("AH", "6D", "KS", "TC"), [], None, "pay_player_blackjack", ("§ 633a.7(i)(1)(i)",)),
    ("blackjack", one_box("AH", "KD", "KS", "7C"), [], {"blackjack_vs_ace_or_ten": "pay_at_once"},
     "pay_player_blackjack", ("§ 633a.7(i)(1)(ii)", "§ 633a.7(i)(1)(ii)(A)")),
    # (k): a hand over 21 may not draw (it may draw only below 21); (k)(1) is 21 itself
    ("blackjack", one_box("TH", "6D", "6S", "TC", "KC"), ["hit"], None, "close_busted_hand", ("§ 633a.7(k)",)),
    ("blackjack", one_box("TH", "6D", "5S", "TC", "6C", "2D"), ["hit"], None, "close_hand_at_21", ("§ 633a.7(k)(1)",)),
    # play begins under (i) / (h) after every peek; § 633a.8 / § 692.8 collect the Insurance wagers in a step of their
    # own, only where one was placed (before, play began citing the Insurance section after every peek, at a 10 too)
    ("blackjack", one_box("TH", "KD", "7S", "7C"), ["stand"], None, "begin_player_decisions", ("§ 633a.7(i)",)),
    ("blackjack", one_box("TH", "AD", "7S", "7C"), ["insurance=no", "stand"], None, "begin_player_decisions",
     ("§ 633a.7(i)",)),
    ("blackjack", one_box("TH", "AD", "7S", "7C"), ["insurance=yes", "stand"], None, "collect_insurance_wagers",
     ("§ 633a.8",)),
    ("double-down-madness", "2C 7C 9H AD 8S", ["insurance=no", "hit", "stand"], None, "begin_player_decisions",
     ("§ 692.7(h)",)),
    ("double-down-madness", "2C 7C 9H AD 8S", ["insurance=yes", "hit", "stand"], None, "collect_insurance_wagers",
     ("§ 692.8",)),
])
def test_a_step_cites_what_governs_this_round(game, shoe, actions, rules, trigger, cite):
    """A citation audit's splits (2026-12): where one arrow cited every subsection that might govern it, each
    round's step now cites the one that does."""
    assert _dealt(game, shoe, actions, rules)[trigger] == [cite]


@pytest.mark.parametrize(("game", "shoe", "actions"), [
    ("blackjack", one_box("TH", "AD", "7S", "7C"), ["insurance=no", "stand"]),
    ("double-down-madness", "2C 7C 9H AD 8S", ["insurance=no", "hit", "stand"])])
def test_no_insurance_collected_where_none_was_placed(game, shoe, actions):
    """§ 633a.8, § 692.8: an ace offered Insurance and nobody took it: no collection step is logged."""
    assert "collect_insurance_wagers" not in _dealt(game, shoe, actions)
