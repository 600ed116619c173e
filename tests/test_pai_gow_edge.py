"""`edge six-card-fortune-pai-gow [WAGER]`: the Fortune Bonus and Progressive Payout Wagers priced exactly
over every six-card hand of the 53-card deck (§ 670a.8(d)), the main and Double Down Wagers simulated."""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from types import MappingProxyType

import attrs
import pytest

from pa_table_games.analysis import pai_gow, pai_gow_hands
from pa_table_games.analysis.pai_gow_hands import six_card_counts
from pa_table_games.equipment.cards import JOKER, SUITS, Card
from pa_table_games.games import load_game
from pa_table_games.games.six_card_fortune_pai_gow import paytable
from pa_table_games.games.six_card_fortune_pai_gow.poker import JokerRule, best_six_card_category
from edge_cli import edge

GAME = "six-card-fortune-pai-gow"
ALL_HANDS = math.comb(53, 6)


def rules(**changes):
    return attrs.evolve(load_game(GAME).rules, **changes)


def every_hand(ranks: str, joker_rule: JokerRule) -> dict[str, int]:
    """Brute force: rank every six-card set of the deck of ``ranks`` in four suits and the joker."""
    deck = [Card.from_code(r + s) for r in ranks for s in SUITS] + [JOKER]
    return dict(Counter(best_six_card_category(hand, joker_rule).name for hand in combinations(deck, 6)))


class TestSixCardCounts:
    def test_every_hand_of_the_deck_is_counted_once(self) -> None:
        counts = six_card_counts()
        assert sum(counts.values()) == ALL_HANDS == 22_957_480
        # four aces and the joker with any of the 48 other cards
        assert counts["five aces"] == 48
        # a natural royal flush and any sixth card (4 x 48), or four of one and the joker with a
        # sixth card that is not the missing one (4 x 5 x 47)
        assert counts["royal flush"] == 4 * 48 + 4 * 5 * 47

    @pytest.mark.slow  # a heavy check: `make test-long`
    @pytest.mark.parametrize("joker_rule", list(JokerRule))
    def test_pattern_classes_agree_with_every_hand_of_a_reduced_deck(self, joker_rule: JokerRule) -> None:
        """J, Q, K, A in four suits and the joker: 12,376 hands ranked one by one."""
        assert six_card_counts(joker_rule, "JQKA") == every_hand("JQKA", joker_rule)

    @pytest.mark.slow
    def test_pattern_classes_agree_with_every_hand_of_a_seven_rank_deck(self) -> None:
        """8 to A in four suits and the joker (475,020 hands): straights, flushes, the joker filling both."""
        assert six_card_counts(JokerRule.BUG, "89TJQKA") == every_hand("89TJQKA", JokerRule.BUG)

    def test_the_wild_joker_makes_five_of_a_kind(self) -> None:
        wild = six_card_counts(JokerRule.WILD)
        assert sum(wild.values()) == ALL_HANDS
        assert "five of a kind" not in six_card_counts() and wild["five of a kind"] == 12 * 48

    def test_the_cache_keeps_only_a_count_of_every_hand(self, tmp_path) -> None:
        path, counts = tmp_path / "hands.json", six_card_counts()
        pai_gow_hands._save(path, counts)
        assert pai_gow_hands._stored(path, ALL_HANDS) == counts
        path.write_text(json.dumps(counts | {"flush": counts["flush"] + 1}), encoding="utf-8")
        assert pai_gow_hands._stored(path, ALL_HANDS) is None
        path.write_text("not json", encoding="utf-8")
        assert pai_gow_hands._stored(path, ALL_HANDS) is None

    def test_the_decks_counts_are_kept_in_the_user_cache_and_read_back_without_counting(self, monkeypatch,
                                                                                          tmp_path) -> None:
        """A count of the game's deck is written to the user cache (its folder made if missing); a process that
        finds it there reads it instead of counting again. A smaller deck's count is never kept."""
        known = six_card_counts()
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "no such folder yet"))
        monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
        monkeypatch.setattr(pai_gow_hands, "_KNOWN", {})
        monkeypatch.setattr(pai_gow_hands, "_count", lambda *_: dict(known))  # the count, as counted before
        assert six_card_counts() == known
        path = pai_gow_hands._path(JokerRule.BUG)
        assert path.is_file() and json.loads(path.read_text(encoding="utf-8")) == known
        monkeypatch.setattr(pai_gow_hands, "_KNOWN", {})  # a new process
        monkeypatch.setattr(pai_gow_hands, "_count", lambda *_: pytest.fail("counted again"))
        assert six_card_counts() == known
        monkeypatch.setattr(pai_gow_hands, "_count", lambda *_: {"flush": 1})
        six_card_counts(JokerRule.BUG, "JQKA")
        assert [p.name for p in path.parent.iterdir()] == [path.name]

    def test_the_count_reports_its_progress_against_the_hands_it_ranks(self, monkeypatch) -> None:
        """The bar under a cold count (`edge`) moves every 2,000 hands ranked and ends full. Its length is every
        hand the count ranks and the rank multisets it skips, those with five or six copies of one rank, which no
        deck holds (with 9 ranks: 9 with six copies, 9 x 8 with five and another rank, 9 with five and the joker)."""
        ranked = []
        monkeypatch.setattr(pai_gow_hands, "_KNOWN", {})  # counted here, whatever the process counted before
        monkeypatch.setattr(pai_gow_hands, "best_six_card_category",
                            lambda cards, rule: ranked.append(cards) or best_six_card_category(cards, rule))
        heard: list[tuple[int, int]] = []
        six_card_counts(JokerRule.BUG, "6789TJQKA", heard=lambda done, of: heard.append((done, of)))
        steps = heard[-1][1]
        assert heard == [(2000, steps), (4000, steps), (6000, steps), (steps, steps)]
        assert steps - len(ranked) == 9 + 9 * 8 + 9

    def test_counts_made_by_other_counting_code_are_not_read(self, monkeypatch, tmp_path) -> None:
        """The cache file is named for the ranking (``poker.py``) and for the count itself (this module): counts
        made before an edit of either are never priced."""
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
        before = pai_gow_hands._path(JokerRule.BUG)
        edited = tmp_path / "pai_gow_hands.py"
        edited.write_bytes(Path(pai_gow_hands.__file__).read_bytes() + b"# an edit\n")
        monkeypatch.setattr(pai_gow_hands, "__file__", str(edited))
        assert pai_gow_hands._path(JokerRule.BUG) != before


class TestExactSideWagers:
    def test_fortune_bonus_edge_is_exact(self) -> None:
        doc = pai_gow.exact_side_wager("fortune_bonus", rules())
        assert doc["house_edge_exact"] == "12955/21658"
        assert round(doc["house_edge"] * 100, 4) == 59.8162
        assert sum(row["count"] for row in doc["outcomes"]) == ALL_HANDS
        assert [row["outcome"] for row in doc["outcomes"]][-1] == "lose"

    def test_a_planted_pay_change_moves_the_edge_by_its_probability(self, monkeypatch) -> None:
        """Paying a straight 4 to 1 instead of 3 lowers the edge by exactly P(straight)."""
        before = Fraction(pai_gow.exact_side_wager("fortune_bonus", rules())["house_edge_exact"])
        monkeypatch.setattr(paytable, "FORTUNE_BONUS",
                            MappingProxyType(dict(paytable.FORTUNE_BONUS) | {"straight": Fraction(4)}))
        after = Fraction(pai_gow.exact_side_wager("fortune_bonus", rules())["house_edge_exact"])
        assert before - after == Fraction(six_card_counts()["straight"], ALL_HANDS) == Fraction(696_228, ALL_HANDS)

    def test_progressive_pays_full_house_or_better(self) -> None:
        doc = pai_gow.exact_side_wager("progressive", rules())
        assert [row["outcome"] for row in doc["outcomes"]] == [
            "five aces", "royal flush", "straight flush", "four of a kind", "full house", "lose"]
        assert doc["house_edge_exact"] == "4584011/5739370"

    def test_envy_bonus_is_each_other_hand_priced_once(self) -> None:
        counts, envy = six_card_counts(), pai_gow.exact_side_wager("fortune_bonus", rules())["envy_bonus"]
        per_hand = sum(Fraction(counts.get(n, 0), ALL_HANDS) * Fraction(str(a)) for n, a in paytable.ENVY_BONUS.items())
        assert Fraction(envy["per_other_hand_exact"]) == per_hand
        assert envy["other_positions"] == 5 and envy["qualifying_wager"] == 5
        edge = Fraction(pai_gow.exact_side_wager("fortune_bonus", rules())["house_edge_exact"])
        assert Fraction(envy["house_edge_qualifying_full_table_exact"]) == edge - 5 * per_hand / 5

    def test_a_wager_the_rules_do_not_offer_is_refused(self) -> None:
        with pytest.raises(Exception, match="the Rules do not offer the Fortune Bonus Wager"):
            pai_gow.check_wager("fortune_bonus", rules(fortune_bonus=False))

    @pytest.mark.slow
    def test_the_games_own_settlement_agrees_with_the_exact_edge(self) -> None:
        """An independent check: the Fortune Bonus as the machine settles it, 40,000 rounds, Envy aside
        (a wager below the qualifying amount gets no lammer)."""
        from pa_table_games.simulation.simulate import simulate

        result = simulate(GAME, 40_000, seed=11, strategy="house_way",
                          seats={1: {"six_card_fortune": 10, "fortune_bonus": 1}})
        low, high = result.tally.edge("fortune_bonus").ci95
        assert low <= pai_gow.exact_side_wager("fortune_bonus", rules())["house_edge"] <= high


class TestCommandLine:
    def test_the_game_alone_lists_every_wager(self) -> None:
        result = edge(GAME)
        assert result.exit_code == 0
        assert result.output.splitlines()[1:] == [
            "  six_card_fortune   Six-Card Fortune Pai Gow Poker Wager (§ 670a.7): simulated: the house way against "
            "the house way, a copy to the dealer",
            "  double_down        Double Down Wager (§ 670a.7(c)): simulated: made with a high hand of three of a "
            "kind or better",
            "  fortune_bonus      Fortune Bonus Wager (§ 670a.8(b)(1)): exact, house edge 59.8162 %",
            "  progressive        Progressive Payout Wager (§ 670a.8(b)(2)): exact, house edge 79.8696 %"]

    def test_one_side_wager_prints_its_outcome_table(self) -> None:
        """The wager named with its cite, its outcomes, its edge and what the Envy Bonus adds at a full table."""
        result = edge(GAME, "fortune_bonus")
        assert result.exit_code == 0
        lines = result.output.splitlines()
        assert lines[0] == ("fortune_bonus: the Fortune Bonus Wager (§ 670a.8(b)(1)), six-card-fortune-pai-gow, "
                            "joker bug")
        assert "  straight              696,228           13389/441490      3  +0.090981" in lines
        assert lines[-2:] == [
            "house edge 59.8162 % = 12955/21658 (exact)",
            "Envy Bonus: each other wagered position's hand is worth 0.044927 to a Qualifying Fortune Bonus Wager "
            "(exact, ILLUSTRATIVE amounts); a 5 wager with 5 others at the table: house edge 55.3236 %"]

    def test_the_progressive_says_who_pays_it(self) -> None:
        """§ 670a.8(b)(2): the Progressive Payout Wager is paid by the progressive table game system, in the text and
        in --json; it has no Envy Bonus."""
        lines = edge(GAME, "progressive").output.splitlines()
        assert lines[0] == ("progressive: the Progressive Payout Wager (§ 670a.8(b)(2)), six-card-fortune-pai-gow, "
                            "joker bug")
        note = "paid by the progressive table game system (§ 670a.8(b)(2)) at the fixed odds of the table"
        assert lines[-2:] == ["house edge 79.8696 % = 4584011/5739370 (exact)", f"note: {note}"]
        doc = json.loads(edge(GAME, "progressive", "--json").output)
        assert (doc["name"], doc["cite"], doc["note"]) == ("Progressive Payout Wager", "§ 670a.8(b)(2)", note)
        assert "envy_bonus" not in doc and "note" not in json.loads(edge(GAME, "fortune_bonus", "--json").output)

    def test_the_list_says_which_wagers_the_rules_do_not_offer(self, tmp_path) -> None:
        rules = tmp_path / "casino.yaml"
        rules.write_text("progressive: false\n", encoding="utf-8")
        assert edge(GAME, "--rules", str(rules)).output.splitlines()[-1] == (
            "  progressive        Progressive Payout Wager (§ 670a.8(b)(2)): not offered by the Rules")

    def test_json_gives_the_same_numbers(self) -> None:
        doc = json.loads(edge(GAME, "progressive", "--json").output)
        assert doc["house_edge_exact"] == "4584011/5739370" and doc["hands"] == ALL_HANDS
        assert json.loads(edge(GAME, "--json").output)["wagers"][2]["house_edge"] == pytest.approx(0.598162, abs=1e-6)

    def test_the_main_wager_is_simulated_and_says_so(self) -> None:
        result = edge(GAME, "six_card_fortune", "--rounds", "600", "--seed", "3", "--json")
        doc = json.loads(result.output)
        assert doc["deals"] == 600 and doc["why"].startswith("simulated, not exact")
        assert sum(row["count"] for row in doc["outcomes"]) == 600
        net = sum(row["count"] * row["pays"] for row in doc["outcomes"])
        assert doc["house_edge"] == pytest.approx(-net / 600)
        text = edge(GAME, "six_card_fortune", "--rounds", "600", "--seed", "3").output
        assert "simulated: 600 deals, house edge" in text and "95 % interval" in text

    def test_an_unknown_wager_exits_2_with_the_games_wagers(self) -> None:
        result = edge(GAME, "envy")
        assert result.exit_code == 2
        assert "no wager 'envy': choose one of six_card_fortune, double_down, fortune_bonus, progressive" \
            in result.output

    def test_the_rules_file_chooses_the_joker_and_the_wagers_offered(self, tmp_path) -> None:
        wild = tmp_path / "wild.yaml"
        wild.write_text("joker: wild\nprogressive: false\n", encoding="utf-8")
        doc = json.loads(edge(GAME, "fortune_bonus", "--rules", str(wild), "--json").output)
        assert doc["joker"] == "wild" and doc["rules"] == str(wild)
        assert {"outcome": "five of a kind", "count": 576} == {k: v for k, v in doc["outcomes"][1].items()
                                                              if k in ("outcome", "count")}
        result = edge(GAME, "progressive", "--rules", str(wild))
        assert result.exit_code == 2 and "the Rules do not offer the Progressive Payout Wager" in result.output

    def test_every_wager_the_game_takes_is_priced(self) -> None:
        assert tuple(pai_gow.WAGERS) == load_game(GAME).info.wagers

    def test_an_unknown_wager_names_the_game(self) -> None:
        result = edge(GAME, "nope")
        assert result.exit_code == 2 and "six-card-fortune-pai-gow has no wager 'nope'" in result.output

    def test_decks_and_paytable_do_not_apply_to_the_53_card_deck(self) -> None:
        result = edge(GAME, "fortune_bonus", "--decks", "6")
        assert result.exit_code == 2 and "one 53-card deck (§ 670a.8)" in result.output


class TestOnATerminal:
    @pytest.mark.slow
    def test_counting_and_simulating_show_a_bar(self, monkeypatch) -> None:
        """No cache: the count (about 5 s of CPU) runs under a bar, and so does the simulation."""
        from terminal import session

        monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
        code, shown, _ = session(["edge", GAME, "fortune_bonus"], [], timeout=300)
        assert code == 0 and "counting every six-card hand" in shown and "house edge 59.8162 %" in shown
        code, shown, _ = session(["edge", GAME, "six_card_fortune", "--rounds", "3000"], [], timeout=300)
        assert code == 0 and "simulating" in shown and "simulated: 3,000 deals" in shown
