"""Tests for pa_table_games.analysis.edge: exact returns of the wagers decided by the first cards."""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from fractions import Fraction

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games.equipment.cards import RANKS, standard_deck
from pa_table_games.analysis.edge import (_DEALS, LOSS, PROGRESSIVES, EdgeReport, _deal_weights, edge_under_rules,
                                         exact_edge)
from pa_table_games.cli import main
from pa_table_games.errors import WagerError
from pa_table_games.games import load_game
from pa_table_games.games.blackjack.paytables import pay_table, table_names, wagers

FIRST_CARD_WAGERS = tuple(w for w in wagers() if w not in PROGRESSIVES)


def brute_force(wager: str, decks: int) -> dict[tuple[str, ...], Fraction]:
    """Probability of each sorted outcome tuple, visiting every ordered deal of card types."""
    deal, table, types = _DEALS[wager], pay_table(wager), standard_deck()
    counts: dict[tuple[str, ...], int] = defaultdict(int)
    for seq in itertools.product(range(52), repeat=deal.cards):
        ways = 1
        for i, c in enumerate(seq):
            ways *= decks - seq[:i].count(c)
        if ways > 0:
            counts[tuple(sorted(deal.outcomes([types[c] for c in seq], table)))] += ways
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def by_sorted_outcome(weights: dict[tuple[str, ...], int]) -> dict[tuple[str, ...], Fraction]:
    merged: dict[tuple[str, ...], int] = defaultdict(int)
    for won, ways in weights.items():
        merged[tuple(sorted(won))] += ways
    total = sum(merged.values())
    return {k: Fraction(v, total) for k, v in merged.items()}


class TestPublishedFigures:
    def test_lucky_ladies_table_a_six_decks(self) -> None:
        """Lucky Ladies table A, six decks, has a house edge of 24.7089 %."""
        # Source: docs/reference.md, "Figures the analysis is checked against": published 24.71 % (betfirm.com).
        report = exact_edge("lucky_ladies", 6, "A")
        assert round(float(report.house_edge) * 100, 4) == 24.7089
        assert exact_edge("lucky_ladies", paytable="A") == report  # six decks unless told

    def test_three_card_poker_all_nine_to_one_six_decks(self) -> None:
        """The Three Card Poker wager paying 9 to 1 on every win, six decks, has a 3.2386 % edge."""
        # Source: docs/reference.md, "Figures the analysis is checked against": published 3.2386 % (Eliot Jacobson).
        report = exact_edge("three_card_poker", 6, "A")
        assert round(float(report.house_edge) * 100, 4) == 3.2386
        # outcomes paying alike are listed by name, as printed; the loss last
        assert [name for name, _, _ in report.outcomes] == [
            "flush", "straight", "straight_flush", "suited_three_of_a_kind", "three_of_a_kind", "lose"]


class TestEnumeration:
    @pytest.mark.parametrize("wager", FIRST_CARD_WAGERS)
    @pytest.mark.parametrize("decks", [1, pytest.param(2, marks=pytest.mark.slow), 6,
                                       pytest.param(8, marks=pytest.mark.slow)])
    def test_probabilities_sum_to_one(self, wager: str, decks: int) -> None:
        """Every deal is counted once: the outcome probabilities sum to exactly 1."""
        report = exact_edge(wager, decks)
        assert sum(p for _, p, _ in report.outcomes) == 1
        assert report.house_edge == -sum(p * r for _, p, r in report.outcomes)

    @pytest.mark.parametrize("wager", [w for w in FIRST_CARD_WAGERS if _DEALS[w].cards <= 3])
    def test_classes_agree_with_every_card(self, wager: str) -> None:
        """For two- and three-card wagers the class enumeration equals a card-by-card one."""
        weights = _deal_weights(_DEALS[wager], 2, pay_table(wager))
        assert by_sorted_outcome(weights) == brute_force(wager, 2)

    @pytest.mark.parametrize(("wager", "groups", "named_suits"), [
        # four-card deals split into many classes: about 3 s of CPU together, `make test-long` only
        pytest.param("lucky_ladies", ("A", "2345", "678", "9", "TJ", "K", "Q"), "H", marks=pytest.mark.slow),
        pytest.param("kings_bounty", ("A", "2345678", "9", "TJQ", "K"), "SD", marks=pytest.mark.slow),
        ("royal_match_21", ("K", "Q", "A2345", "6789", "TJ"), "C"),
        ("super_match", tuple(RANKS), ""),
    ])
    def test_finer_classes_give_the_same_answer(
        self, wager: str, groups: tuple[str, ...], named_suits: str
    ) -> None:
        """Splitting rank groups and naming more suits leaves four-card results unchanged."""
        deal, table = _DEALS[wager], pay_table(wager)
        finer = attrs.evolve(deal, groups=groups,
                             named_suits=named_suits if deal.suits_matter else "")
        assert by_sorted_outcome(_deal_weights(finer, 2, table)) == \
            by_sorted_outcome(_deal_weights(deal, 2, table))

    @pytest.mark.parametrize("wager", FIRST_CARD_WAGERS)
    def test_groups_partition_the_ranks(self, wager: str) -> None:
        """Each wager's rank groups use every rank exactly once."""
        assert sorted("".join(_DEALS[wager].groups)) == sorted(RANKS)

    @pytest.mark.parametrize("wager", FIRST_CARD_WAGERS)
    def test_every_table_outcome_happens(self, wager: str) -> None:
        """Each table's outcomes are exactly those its classifier returns on a six-deck shoe."""
        for name in table_names(wager):
            if name.endswith("-deck"):
                name_decks = int(name.split("-")[0])
            else:
                name_decks = 6
            report = exact_edge(wager, name_decks, name)
            seen = {o for line, _, _ in report.outcomes if line != LOSS for o in line.split("+")}
            assert seen == set(pay_table(wager, name).pays), (wager, name)


class TestReport:
    def test_match_the_dealer_pays_each_matching_card(self) -> None:
        """Two matching cards return the sum of both odds (suited 11 + unsuited 4 = 15)."""
        report = exact_edge("match_the_dealer", 6)
        returns = {name: r for name, _, r in report.outcomes}
        assert returns["suited+unsuited"] == 15
        assert returns["suited+suited"] == 22
        assert returns[LOSS] == -1
        # each pair of matches is one row, named in the pay table's order whichever player card matched first
        assert [name for name, _, _ in report.outcomes] == [
            "suited+suited", "suited+unsuited", "suited", "unsuited+unsuited", "unsuited", LOSS]

    def test_deck_named_table_is_chosen(self) -> None:
        """With no table named, Match-the-Dealer uses the table made for the deck count."""
        assert exact_edge("match_the_dealer", 8).paytable == "8-deck"
        assert exact_edge("match_the_dealer", 2).paytable == "2-deck"
        assert exact_edge("match_the_dealer", 4).paytable == "6-deck"

    def test_crown_treasure_counts_when_the_table_lists_it(self) -> None:
        """Royal Match table A adds the Crown Treasure Bonus on top; table B has none."""
        a = {name for name, _, _ in exact_edge("royal_match_21", 6, "A").outcomes}
        b = {name for name, _, _ in exact_edge("royal_match_21", 6, "B").outcomes}
        assert "royal_match+crown_treasure_bonus" in a
        assert b == {"royal_match", "suited_match", LOSS}

    def test_single_deck_cannot_hold_two_identical_cards(self) -> None:
        """With one deck a queen-of-hearts pair, a matched 20 or a suited pair never happens."""
        ll = {name for name, _, _ in exact_edge("lucky_ladies", 1).outcomes}
        assert ll == {"suited_20", "any_20", LOSS}
        assert {n for n, _, _ in exact_edge("bet_the_set_21", 1).outcomes} == {"pair", LOSS}

    def test_to_json(self) -> None:
        """The JSON form has the documented keys, with return = probability x pays."""
        data = exact_edge("house_money", 6).to_json()
        json.dumps(data)
        assert set(data) == {"wager", "decks", "paytable", "rules", "crown_treasure_bonus", "outcomes", "house_edge"}
        assert data["paytable"] == "A" and data["decks"] == 6
        for line in data["outcomes"]:
            assert set(line) == {"outcome", "probability", "pays", "return"}
            assert line["return"] == pytest.approx(line["probability"] * line["pays"])
        assert data["house_edge"] == pytest.approx(-sum(x["return"] for x in data["outcomes"]))

    def test_report_is_frozen(self) -> None:
        """An EdgeReport cannot be changed after it is made."""
        report = exact_edge("bet_the_set_21")
        assert isinstance(report, EdgeReport)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            report.decks = 1  # type: ignore[misc]


class TestErrors:
    @pytest.mark.parametrize("wager", sorted(PROGRESSIVES))
    def test_progressives_are_refused(self, wager: str) -> None:
        """A progressive wager is not decided by the first cards: a one-line WagerError."""
        with pytest.raises(WagerError, match="progressive wager settled after the hand"):
            exact_edge(wager)
        with pytest.raises(WagerError, match="progressive wager settled after the hand"):
            edge_under_rules(wager, load_game("blackjack").rules)  # under a Rules file too, not a report of None

    def test_unknown_wager(self) -> None:
        """An unknown wager name is a WagerError listing the wagers."""
        with pytest.raises(WagerError, match="unknown wager 'insurance'"):
            exact_edge("insurance")

    def test_unknown_table(self) -> None:
        """An unknown pay table name is a WagerError listing the wager's tables."""
        with pytest.raises(WagerError, match="no pay table 'C'"):
            exact_edge("lucky_ladies", 6, "C")

    def test_table_missing_an_outcome(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A pay table without odds for an outcome that happens is a WagerError naming it."""
        short = attrs.evolve(pay_table("bet_the_set_21"), pays={"pair": Fraction(10)})
        monkeypatch.setattr("pa_table_games.analysis.edge.pay_table", lambda wager, name=None: short)
        with pytest.raises(WagerError, match="gives no odds for suited_pair"):
            exact_edge("bet_the_set_21")

    @pytest.mark.parametrize("decks", [0, -2, 1.5, True])
    def test_bad_deck_count(self, decks: object) -> None:
        """A deck count that is not a whole number of at least 1 is a WagerError."""
        with pytest.raises(WagerError, match="decks must be"):
            exact_edge("house_money", decks)  # type: ignore[arg-type]


class TestRulesFile:
    """`edge WAGER --rules FILE` honours the pay choices a casino filed (issue: Crown Treasure off)."""

    def test_royal_match_21_without_crown_treasure_six_decks(self, tmp_path) -> None:
        from click.testing import CliRunner

        from pa_table_games.cli import main

        rules = tmp_path / "casino.yaml"
        rules.write_text("crown_treasure_bonus: false\npaytables: {royal_match_21: A}\n")
        result = CliRunner().invoke(main, ["edge", "royal_match_21", "--rules", str(rules), "--json"])
        assert result.exit_code == 0, result.output
        doc = json.loads(result.output)
        assert doc["rules"] == str(rules) and doc["crown_treasure_bonus"] is False
        assert round(doc["house_edge"] * 100, 4) == 6.6658
        assert [row["outcome"] for row in doc["outcomes"]] == ["royal_match", "suited_match", "lose"]
        assert [row["pays"] for row in doc["outcomes"]] == [25, 2.5, -1]

    def test_decks_asked_for_price_those_decks_under_a_rules_file(self, tmp_path) -> None:
        """``--decks`` with ``--rules``: the Rules' pay choices, the decks asked for (before, only without a Rules
        file was this checked): Lucky Ladies' table A in two decks, not in the file's six."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("decks: 6\n")
        asked = CliRunner().invoke(main, ["edge", "lucky_ladies", "--rules", str(rules), "--decks", "2", "--json"])
        doc = json.loads(asked.output)
        assert (doc["decks"], doc["paytable"], doc["rules"]) == (2, "A", str(rules))
        assert doc["house_edge"] == float(exact_edge("lucky_ladies", 2, "A").house_edge)
        assert doc["house_edge"] != float(exact_edge("lucky_ladies", 6, "A").house_edge)

    def test_the_rules_table_unless_one_is_asked_for(self, tmp_path) -> None:
        """A Rules file choosing Lucky Ladies' table B is priced at B; ``--paytable A`` beside it prices A."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("paytables: {lucky_ladies: B}\n")
        for asked, table in (([], "B"), (["--paytable", "A"], "A")):
            result = CliRunner().invoke(main, ["edge", "lucky_ladies", "--rules", str(rules), *asked, "--json"])
            doc = json.loads(result.output)
            priced = float(exact_edge("lucky_ladies", 6, table).house_edge)
            assert (doc["paytable"], doc["house_edge"]) == (table, priced)

    def test_crown_treasure_offered_pays_on_top(self) -> None:
        with_bonus = exact_edge("royal_match_21", 6, "A")
        without = exact_edge("royal_match_21", 6, "A", crown_treasure_bonus=False)
        assert with_bonus.house_edge < without.house_edge
        assert "royal_match+crown_treasure_bonus" in [name for name, _, _ in with_bonus.outcomes]

    def test_printed_table_lists_probability_and_return_of_each_outcome(self) -> None:
        from click.testing import CliRunner

        from pa_table_games.cli import main

        result = CliRunner().invoke(main, ["edge", "lucky_ladies"])
        assert result.exit_code == 0
        assert "probability" in result.output and "return" in result.output
        assert "house edge 24.7089 %" in result.output


def test_a_price_from_one_round_says_it_has_no_interval():
    """`edge ... --rounds 1`: one round has no spread, so no 95 % interval is printed; before, '[nan %, nan %]'."""
    result = CliRunner().invoke(main, ["edge", "blackjack", "bad_beat", "--rounds", "1", "--seed", "1"])
    assert result.exit_code == 0 and "nan" not in result.output, result.output
    assert "no 95 % interval (it needs two rounds or more that did not all net alike)" in result.output


def test_rounds_that_all_netted_alike_give_no_interval():
    """Two rounds in which the wager lost both times show no spread: no 95 % interval, where before the price claimed
    [100.000 %, 100.000 %] (a Bad Beat wager priced, a Push 22 wager simulated); simulate's table shows '-' for it,
    beside the main wager's interval."""
    result = CliRunner().invoke(main, ["edge", "blackjack", "bad_beat", "--rounds", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "house edge 100.000 %, no 95 % interval (it needs two rounds or more that did not all net alike)" in \
        result.output
    table = CliRunner().invoke(main, ["simulate", "double-down-madness", "--rounds", "2", "--seed", "1",
                                      "--seat", "1:double_down_madness=10,push_22=5", "--json"])
    push_22 = next(w for w in json.loads(table.stdout)["wagers"] if w["wager"] == "push_22")
    assert push_22["house_edge"] == 1.0 and push_22["sd"] == 0.0 and push_22["ci95"] is None


@pytest.mark.parametrize("args, said", [
    (["blackjack", "--paytable", "NO_SUCH_TABLE", "--rounds", "5"], "edge blackjack blackjack: priced exactly, and the "
                                                                    "Rules set its pays, so --paytable does not apply"),
    (["double-down-madness", "--paytable", "A"], "edge double-down-madness double_down_madness: priced exactly, and "
                                                 "the Rules set its pays, so --paytable does not apply"),
])
def test_a_pay_table_for_a_main_wager_priced_exactly_is_refused(args, said):
    """The main wager's pays are the Rules': --paytable is refused, as a simulated price refuses it. Before, a pay table
    of no name was silently ignored and the exact edge printed. (--rounds and --seed, a simulated price's, are passed
    by `check` to every game alike and read by none of the exact prices.)"""
    result = CliRunner().invoke(main, ["edge", *args])
    assert result.exit_code == 2 and result.stderr == f"error: {said}\n", result.output


def test_a_few_rounds_widen_the_interval_by_students_t_and_a_zero_net_is_zero():
    """Three rounds: the 95 % interval takes Student's t with 2 degrees of freedom (4.303), not 1.96, which
    understated a few rounds' spread more than twice; a wager that netted nothing has an edge of 0.0, where JSON had
    -0.0 and the table '-0.000%'."""
    said = CliRunner().invoke(main, ["simulate", "double-down-madness", "--rounds", "3", "--seed", "6",
                                     "--seat", "1:double_down_madness=10,push_22=5", "--json"])
    main_wager = next(w for w in json.loads(said.stdout)["wagers"] if w["wager"] == "double_down_madness")
    assert '"house_edge": 0.0,' in said.stdout and main_wager["sd"] == 1.0
    assert main_wager["ci95"] == pytest.approx([-4.303 / 3 ** 0.5, 4.303 / 3 ** 0.5])
