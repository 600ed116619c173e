"""`edge blackjack house_money`: the House Money Wager paid in cash only and with its payout added to the Blackjack
Wager whenever the hand's expected net is positive (§ 633a.7(g)(10)(ii)(A)-(C)).

The with-adding figure is checked against a count written here: every ordered deal of two of the 312 physical
cards of a six-deck shoe, classified by the pay table's words (not by the package's classifier), each up card
drawn from what is left and, against an ace or 10-value card, the hole card not making a dealer Blackjack; the
hand's expected net is the best first decision of the Blackjack Wager's exact analysis (checked against
published figures in ``test_exact_edge.py``). One cell of that analysis is worked out by hand here, in
fractions: a pair of 10-value cards standing against a 6 from one deck.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from click.testing import CliRunner

from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.analysis.hands import EMPTY, EV, plus
from pa_table_games.cli import main
from pa_table_games.games.blackjack.rules import BlackjackRules

#: Pay table A (docs/reference.md), to 1.
PAYS = {"ace_king_suited": 9, "two_card_straight_flush": 4, "pair": 3, "two_card_straight": 1}
HIGH = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}


def outcome(first: str, second: str) -> str | None:
    """(g)(10) from two card codes: ace-king suited, a two-card straight flush, a pair, a two-card straight."""
    suited = first[1] == second[1]
    ranks = {first[0], second[0]}
    if suited and ranks == {"A", "K"}:
        return "ace_king_suited"
    a, b = sorted((HIGH[first[0]], HIGH[second[0]]))
    if b - a == 1 or (a, b) == (2, 14):  # an ace plays high (A-K) or low
        return "two_card_straight_flush" if suited else "two_card_straight"
    return "pair" if first[0] == second[0] else None


def value_index(rank: str) -> int:
    """The analysis' rank index: 0 the ace, 1-8 the 2-9, 9 every 10-value card."""
    return 0 if rank == "A" else 9 if rank in "TJQK" else int(rank) - 1


def best_ev(card, a: int, b: int, rules: BlackjackRules) -> float:
    """The best first decision's expected net for two cards of value index a, b (no dealer Blackjack)."""
    hand = plus(plus(EMPTY, a), b)
    if {a, b} == {0, 9}:
        return 1.5
    evs = [card.stand(hand)[EV], card.hit(hand)[EV]] + [-0.5] * (rules.surrender == "late")
    if card.may_double(hand, False):
        evs.append(card.double(hand)[EV])
    if a == b and rules.split_max_hands >= 2:  # a pair is split only where the Rules allow two hands or more
        evs.append(card.split(a)[EV])
    return float(max(evs))


@cache
def counted(decks: int, **options: object) -> tuple[float, float]:
    """(cash-only edge, with-adding edge) counted over the physical cards of ``decks`` decks, under the Rules of
    these ``options``."""
    rules = BlackjackRules(decks=decks, **options)
    ups = BlackjackAnalysis(rules).ups
    shoe = [rank + suit for rank in "A23456789TJQK" for suit in "SHDC"] * decks
    n = len(shoe)
    deals: Counter = Counter()
    for i, first in enumerate(shoe):
        for j, second in enumerate(shoe):
            if i != j:
                deals[outcome(first, second), *sorted((value_index(first[0]), value_index(second[0])))] += 1
    cash = gain = Fraction(0)
    for (won, a, b), ways in deals.items():
        p = Fraction(ways, n * (n - 1))
        if won is None:
            cash -= p
            continue
        cash += p * PAYS[won]
        left = Counter(value_index(code[0]) for code in shoe)
        left[a] -= 1
        left[b] -= 1
        for up in range(10):
            p_up = Fraction(left[up], n - 2)
            if up in (0, 9):  # the card reader: no dealer Blackjack
                p_up *= 1 - Fraction(left[9 - up] - (up == 9 - up), n - 3)
            ev = best_ev(ups[up], a, b, rules)
            if ev > 0:
                gain += p * p_up * PAYS[won] * Fraction(ev)
    return float(-cash), float(-cash - gain)


@cache
def edge(*args: str) -> str:
    result = CliRunner().invoke(main, ["edge", "blackjack", "house_money", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_six_decks_with_adding_is_the_independent_count() -> None:
    """Both figures, printed to 4 decimals, are the count's; the cash-only one is labelled so."""
    cash, with_adding = counted(6)
    out = edge()
    assert f"house edge {cash * 100:.4f} %  paid in cash only" in out
    assert f"house edge {with_adding * 100:.4f} %  with all of the payout added to the Blackjack Wager" in out
    assert "house edge 26.4902 %  paid in cash only" in out and "house edge 9.6109 %  with all of the payout" in out
    assert "gain +0.168793 per unit of House Money Wager: the added payout's expected net on the Blackjack Wager, " \
           "counted to the House Money Wager" in out


def test_json_fields() -> None:
    doc = json.loads(edge("--json"))
    cash, with_adding = counted(6)
    assert doc["house_edge"] == pytest.approx(cash, abs=1e-12)  # unchanged: the cash-only figure
    assert "kept in cash" in doc["house_edge_counts"]
    adding = doc["with_adding"]
    assert set(adding) == {"house_edge", "gain", "gain_counted", "cite", "portion", "blackjack_pays", "added_when",
                           "play", "outcomes", "columns", "add", "ev", "first_decision", "ignores", "wager_added_too"}
    assert adding["house_edge"] == pytest.approx(with_adding, abs=1e-12)
    assert adding["gain"] == pytest.approx(cash - with_adding, abs=1e-12)
    assert adding["gain"] == pytest.approx(sum(o["gain"] for o in adding["outcomes"]))
    assert [o["outcome"] for o in adding["outcomes"]] == list(PAYS)
    assert adding["portion"] == 1.0 and adding["blackjack_pays"] == "3:2"
    assert adding["cite"] == "§ 633a.7(g)(10)(ii)(A)-(C)"
    assert adding["columns"] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    assert adding["add"]["A,K"] == ["Y"] * 10 and adding["ev"]["A,K"] == [1.5] * 10  # (ii)(B): a Blackjack too
    assert adding["add"]["7,8"] == ["N"] * 10  # a hard 15 loses on average against every up card
    assert adding["add"]["10,10"] == ["Y"] * 10 and adding["first_decision"]["10,10"] == ["S"] * 10
    assert any("table maximum" in what for what in adding["ignores"])
    assert any("other boxes" in what for what in adding["ignores"])


@pytest.mark.parametrize("options", [
    {"split_max_hands": 1, "surrender": "none"},  # no split: A,A against a 10 is no longer added
    {"split_max_hands": 2, "double_after_split": False},  # one split, no double after it: A,A still split
])
def test_rules_that_change_the_first_decision_are_the_independent_count(tmp_path, options) -> None:
    """The best first decision is the one the Rules allow ((g)(10)(ii)(C)): no split where they allow one hand, a
    split where they allow two, a double on the two cards where they allow no double after a split."""
    rules = tmp_path / "casino.yaml"
    rules.write_text("".join(f"{name}: {str(value).lower()}\n" for name, value in options.items()))
    doc = json.loads(edge("--json", "--rules", str(rules)))
    cash, with_adding = counted(6, **options)
    assert doc["with_adding"]["house_edge"] == pytest.approx(with_adding, abs=1e-12)
    assert doc["house_edge"] == pytest.approx(cash, abs=1e-12) == counted(6)[0]
    assert (doc["with_adding"]["add"]["A,A"][8] == "Y") == (options["split_max_hands"] >= 2)


def test_published_figure_counts_the_wager_too() -> None:
    """discountgambling.net, 'House Money BJ Side Bet': 2.6 % for six decks with the correct capping strategy, the
    player adding the 'proceeds' (10 units on a 9 to 1 win): counted so, 2.6388 %, which rounds to it."""
    doc = json.loads(edge("--json"))
    published = doc["with_adding"]["wager_added_too"]["house_edge"] * 100
    assert round(published, 1) == 2.6
    assert "house edge 2.6388 %  for comparison only" in edge()


def test_a_blackjack_switch_table_is_priced_in_cash_only(tmp_path) -> None:
    """The added payout earns the Blackjack Wager's expected net, which `edge blackjack` refuses to price for a
    Blackjack Switch table: so is the with-adding figure (before: the plain game's 9.6109 %, with no word)."""
    rules = tmp_path / "switch.yaml"
    rules.write_text("blackjack_switch: true\n")
    doc = json.loads(edge("--json", "--rules", str(rules)))
    assert doc["with_adding"] is None and doc["house_edge"] == json.loads(edge("--json"))["house_edge"]
    assert edge("--rules", str(rules)).splitlines()[-1].startswith(
        "with the payout added: not priced: the Rules set blackjack_switch: true")


def test_a_portion_of_one_half_adds_half_the_gain(tmp_path) -> None:
    """(g)(10)(ii)(A): the Rules' portion scales every addition, so the gain halves; the cash-only figure stays."""
    rules = tmp_path / "half.yaml"
    rules.write_text("house_money_portion: 0.5\n")
    full = json.loads(edge("--json"))
    half = json.loads(edge("--json", "--rules", str(rules)))
    assert half["house_edge"] == full["house_edge"]
    assert half["with_adding"]["portion"] == 0.5
    assert half["with_adding"]["gain"] == pytest.approx(full["with_adding"]["gain"] / 2, abs=1e-12)
    cash, with_adding = counted(6)
    assert half["with_adding"]["house_edge"] == pytest.approx(cash - (cash - with_adding) / 2, abs=1e-12)
    assert half["with_adding"]["add"] == full["with_adding"]["add"]  # when to add does not change
    assert half["with_adding"]["wager_added_too"] == full["with_adding"]["wager_added_too"]
    out = edge("--rules", str(rules))
    assert "house edge 18.0506 %  with 0.5 of the payout (the Rules' portion) added" in out


@cache
def dealer_from(counts: tuple[int, ...], total: int, soft: bool) -> dict[int, Fraction]:
    """The dealer's final total (22 for any bust) drawing from ``counts`` (cards of 1 to 10 points) to 17, standing
    on every 17 (§ 633a.7(m))."""
    if total > 21 and soft:
        total, soft = total - 10, False
    if total >= 17:
        return {min(total, 22): Fraction(1)}
    finals: dict[int, Fraction] = {}
    for index, n in enumerate(counts):
        if n == 0:
            continue
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        points = index + 1
        ace = points == 1 and total + 11 <= 21
        for final, p in dealer_from(rest, total + (11 if ace else points), soft or ace).items():
            finals[final] = finals.get(final, Fraction(0)) + Fraction(n, sum(counts)) * p
    return finals


def test_one_deck_cell_worked_by_hand() -> None:
    """One deck, two 10-value cards against a 6: the hand stands, and its expected net is the dealer's chance to
    bust or stop short of 20 less the chance of 21, from the 49 cards left. The one-deck figures are pinned
    (docs/reference.md quotes them)."""
    finals = dealer_from((4, 4, 4, 4, 4, 3, 4, 4, 4, 14), 6, False)  # ace .. 9, then the 10-value cards
    stand_20 = finals.get(22, 0) + sum(finals.get(t, 0) for t in (17, 18, 19)) - finals.get(21, 0)
    doc = json.loads(edge("--json", "--decks", "1"))
    adding = doc["with_adding"]
    assert adding["first_decision"]["10,10"][4] == "S"
    assert adding["ev"]["10,10"][4] == pytest.approx(float(stand_20), abs=1e-12)
    assert f"{adding['house_edge'] * 100:.4f}" == "15.4250" and f"{doc['house_edge'] * 100:.4f}" == "31.8250"


#: The with-adding section of ``edge blackjack house_money`` at the default table (six decks, pay table A), as
#: printed: each outcome's chance of being added and gain, the add-or-keep table row by row (the pairs first, aces
#: first, then two consecutive values upwards, ace-king last) and what 10,10 stands for.
OUTCOME_ROWS = """\
  outcome                                    P(added)       gain
  ace_king_suited                          0.00283269  +0.038241
  two_card_straight_flush                  0.01824443  +0.032296
  pair                                     0.04611652  +0.061286
  two_card_straight                        0.06323135  +0.036969
"""
ADD_OR_KEEP = ("add the payout (Y) or keep it (N), by the initial two cards and the up card (first decision the best "
               "for the two cards, then the table of `edge blackjack`):")
TABLE_ROWS = """\
           |   2   3   4   5   6   7   8   9  10   A
-----------------------------------------------------
       A,A |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
       2,2 |   N   N   Y   Y   Y   Y   N   N   N   N
       3,3 |   N   N   Y   Y   Y   N   N   N   N   N
       4,4 |   N   Y   Y   Y   Y   Y   N   N   N   N
       5,5 |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
       6,6 |   N   N   Y   Y   Y   N   N   N   N   N
       7,7 |   N   N   Y   Y   Y   N   N   N   N   N
       8,8 |   Y   Y   Y   Y   Y   Y   N   N   N   N
       9,9 |   Y   Y   Y   Y   Y   Y   Y   N   N   N
     10,10 |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
       A,2 |   Y   Y   Y   Y   Y   Y   Y   N   N   N
       2,3 |   N   N   N   N   Y   N   N   N   N   N
       3,4 |   N   N   N   Y   Y   N   N   N   N   N
       4,5 |   Y   Y   Y   Y   Y   Y   Y   N   N   N
       5,6 |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
       6,7 |   N   N   N   N   N   N   N   N   N   N
       7,8 |   N   N   N   N   N   N   N   N   N   N
       8,9 |   N   N   N   N   Y   N   N   N   N   N
      9,10 |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
       A,K |   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y
10,10 is two 10-value cards: a pair, or a two-card straight 10-J, J-Q or Q-K
""".splitlines()


def test_the_adding_section_is_printed_row_by_row() -> None:
    """What an analyst reads: every row of the add-or-keep table, in its order, with the outcomes' gains above it
    (their figures are the independent count's, above; these are the words and cells around them)."""
    out, expected = edge().splitlines(), [*OUTCOME_ROWS.splitlines(), "", ADD_OR_KEEP, *TABLE_ROWS]
    start = out.index(expected[0])
    assert out[start:start + len(expected)] == expected
