"""Tests for pa_table_games.games.blackjack.paytables: the Blackjack optional-wager pay tables as data."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pa_table_games import load_game
from pa_table_games.errors import RulesFileError, WagerError
from pa_table_games.games.blackjack.paytables import (
    default_table_name,
    load_pay_tables,
    pay_table,
    table_names,
    wager_tables,
    wagers,
)

CONTRACT_WAGERS = (
    "lucky_ladies", "match_the_dealer", "in_between", "royal_match_21", "bet_the_set_21",
    "kings_bounty", "super_match", "three_card_poker", "straight_jack", "house_money", "bad_beat",
    "hit_and_run",
)  # (g)'s order ((g)(9) collects the Straight Jack Wagers without a two-card straight), then (o)
PROGRESSIVES = ("bad_beat", "hit_and_run", "straight_jack")


def made_up(wager: str) -> bool:
    """Does the Blackjack machine file mark the subsection settling ``wager`` illustrative (not a regulation's)?"""
    spec = load_game("blackjack").spec
    key = wager_tables(wager).cite.partition("633a.7")[2]
    return "(illustrative" in dict(spec.subsections).get(key, "").lower()


def odds(**pays: str) -> dict[str, Fraction]:
    """``odds(a="5:2")`` -> ``{"a": Fraction(5, 2)}``."""
    return {k: Fraction(*map(int, v.split(":"))) for k, v in pays.items()}


class TestPackagedTables:
    def test_wagers_are_the_contract_names(self) -> None:
        """The packaged file keeps every contract wager name, in the documented order (a wager added since joins
        them, as the guide's example does, without changing theirs)."""
        assert tuple(w for w in wagers() if w in CONTRACT_WAGERS) == CONTRACT_WAGERS

    def test_lucky_ladies_tables(self) -> None:
        """Lucky Ladies defaults to table A (1000/125/19/9/4) and offers B (1000/200/25/10/4)."""
        assert default_table_name("lucky_ladies") == "A"
        assert table_names("lucky_ladies") == ("A", "B")
        names = ("queen_of_hearts_pair_dealer_blackjack", "queen_of_hearts_pair", "matched_20",
                 "suited_20", "any_20")
        a, b = pay_table("lucky_ladies"), pay_table("lucky_ladies", "B")
        assert dict(a.pays) == dict(zip(names, map(Fraction, (1000, 125, 19, 9, 4))))
        assert dict(b.pays) == dict(zip(names, map(Fraction, (1000, 200, 25, 10, 4))))

    def test_match_the_dealer_tables_are_named_by_deck_count(self) -> None:
        """Match-the-Dealer has 6-deck (default, 11/4), 8-deck (14/3) and 2-deck (19/4) tables."""
        assert default_table_name("match_the_dealer") == "6-deck"
        expected = {"6-deck": (11, 4), "8-deck": (14, 3), "2-deck": (19, 4)}
        for name, (suited, unsuited) in expected.items():
            assert dict(pay_table("match_the_dealer", name).pays) == {
                "suited": Fraction(suited), "unsuited": Fraction(unsuited)}

    def test_royal_match_suited_match_pays_five_to_two(self) -> None:
        """Royal Match 21 table A pays 25, 5 to 2 and a 1000 Crown Treasure Bonus; B pays 10/3."""
        assert dict(pay_table("royal_match_21").pays) == odds(
            royal_match="25:1", suited_match="5:2", crown_treasure_bonus="1000:1")
        assert dict(pay_table("royal_match_21", "B").pays) == odds(
            royal_match="10:1", suited_match="3:1")

    def test_other_defaults_match_reference(self) -> None:
        """The remaining defaults are exactly docs/reference.md's "to 1" odds."""
        assert dict(pay_table("in_between").pays) == odds(
            triple_match="30:1", one_card_spread="10:1", two_card_spread="6:1",
            three_card_spread="4:1", four_or_more_card_spread="1:1")
        assert pay_table("in_between", "B").pays["one_card_spread"] == 12
        assert dict(pay_table("bet_the_set_21").pays) == odds(suited_pair="15:1", pair="10:1")
        assert [pay_table("bet_the_set_21", n).pays["suited_pair"] for n in "BC"] == [12, 20]
        assert dict(pay_table("kings_bounty").pays) == odds(
            king_of_spades_pair_dealer_blackjack="1000:1", king_of_spades_pair="100:1",
            suited_kings="30:1", suited_queens_jacks_or_tens="20:1", suited_20="9:1",
            unsuited_kings="6:1", unsuited_20="4:1")
        assert dict(pay_table("super_match").pays) == odds(
            four_of_a_kind="40:1", two_pair="8:1", three_of_a_kind="5:1", pair="1:1")
        assert set(pay_table("three_card_poker").pays.values()) == {9}
        assert dict(pay_table("three_card_poker", "B").pays) == odds(
            suited_three_of_a_kind="100:1", straight_flush="40:1", three_of_a_kind="30:1",
            straight="10:1", flush="5:1")
        assert dict(pay_table("house_money").pays) == odds(
            ace_king_suited="9:1", two_card_straight_flush="4:1", pair="3:1",
            two_card_straight="1:1")

    def test_only_progressive_tables_are_illustrative(self) -> None:
        """Every progressive table is flagged illustrative, and besides them only the tables of a wager whose
        subsection the machine file marks illustrative (the guide's example); all name a source."""
        for wager in wagers():
            for name in table_names(wager):
                table = pay_table(wager, name)
                assert table.illustrative == (wager in PROGRESSIVES or made_up(wager)), (wager, name)
                assert table.source

    def test_progressive_top_prizes_are_meter_shares(self) -> None:
        """Each progressive table pays its top prizes as a share of the meter, 100% the biggest."""
        for wager in PROGRESSIVES:
            table = pay_table(wager)
            assert max(table.jackpots.values()) == 1
            assert all(0 < share <= 1 for share in table.jackpots.values())
            assert table.outcomes[-len(table.jackpots):] == tuple(table.jackpots)

    def test_wager_tables_carry_title_and_cite(self) -> None:
        """Each wager's record names its regulation title and its § 633a.7 subsection."""
        entry = wager_tables("lucky_ladies")
        assert entry.title == "Lucky Ladies Twenty Point Bonus Wager"
        assert entry.cite == "633a.7(g)(1)"
        assert all(wager_tables(w).cite.startswith("633a.7(") for w in wagers())

    def test_pays_are_read_only(self) -> None:
        """A loaded table's odds cannot be changed in place."""
        with pytest.raises(TypeError):
            pay_table("house_money").pays["pair"] = Fraction(100)  # type: ignore[index]


class TestLookupErrors:
    def test_unknown_wager_lists_wagers(self) -> None:
        """An unknown wager is a one-line WagerError naming the wagers that exist."""
        with pytest.raises(WagerError, match="unknown wager 'blackjack_bonus'.*lucky_ladies"):
            pay_table("blackjack_bonus")
        with pytest.raises(WagerError):
            table_names("nope")

    def test_unknown_table_lists_tables(self) -> None:
        """An unknown table name is a one-line WagerError listing that wager's tables."""
        with pytest.raises(WagerError, match="no pay table 'Z': choose one of A, B$") as info:
            pay_table("lucky_ladies", "Z")
        assert "\n" not in str(info.value)

    @pytest.mark.parametrize("text, line", [
        ("paytables: [[lucky_ladies, A], [lucky_ladies, B]]\n", 1),
        ("paytables:\n- [lucky_ladies, B]\n- [lucky_ladies, A]\n", 3),
    ])
    def test_a_rules_file_choosing_two_tables_for_one_wager_is_refused(self, tmp_path: Path, text, line) -> None:
        """The stored form of the choice (pairs, as a round log holds it) names each wager once: before, a Rules file
        written as pairs gave the wager whichever table came last, as the mapping form's duplicate-key check never
        saw it."""
        from pa_table_games.rules.options import load_rules

        (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
        with pytest.raises(RulesFileError, match=rf"rules.yaml:{line}: paytables: 'lucky_ladies' is given a table twice"):
            load_rules(load_game("blackjack").info.rules_class, tmp_path / "rules.yaml")

    @pytest.mark.parametrize("text, said", [
        ("paytables: [[[a], b]]\n", "rules.yaml:1: paytables: a wager is named by a word, not \"['a']\""),
        ("paytables: [[" + "x" * 100_000 + ", A]]\n",
         "rules.yaml:1: paytables: unknown optional wager 'xxxxxxxxxxxxxxxxxxxx'... (100,000 characters) (known: "),
    ])
    def test_a_wager_name_that_is_no_word_or_is_too_long_is_named_briefly(self, tmp_path: Path, text, said) -> None:
        """A list where a wager's name goes is named as such (before, Python's "unhashable type: 'LineList'"), and a
        100,000-character name is quoted by its start and its length (before, whole: a 600 KB error line)."""
        from pa_table_games.rules.options import load_rules

        (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
        with pytest.raises(RulesFileError) as refused:
            load_rules(load_game("blackjack").info.rules_class, tmp_path / "rules.yaml")
        assert str(refused.value).startswith(str(tmp_path / said)) and len(str(refused.value)) < 600


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tables.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
wagers:
  house_money:
    default: A
    tables:
      - name: A
        pays:
          pair: "3:1"
"""


class TestLoaderErrors:
    def test_minimal_file_from_path(self, tmp_path: Path) -> None:
        """A well-formed file given by path loads, with the table's odds as fractions."""
        tables = load_pay_tables(write(tmp_path, GOOD))
        assert dict(tables["house_money"].tables[0].pays) == {"pair": Fraction(3)}

    def test_unquoted_odds_are_refused_with_line(self, tmp_path: Path) -> None:
        """Unquoted 3:1 (a YAML base-60 number) is a RulesFileError pointing at its line."""
        path = write(tmp_path, GOOD.replace('"3:1"', "3:1"))
        with pytest.raises(RulesFileError, match=r"tables.yaml:7: .*quoted"):
            load_pay_tables(path)

    def test_unknown_key_is_refused(self, tmp_path: Path) -> None:
        """A table with an unknown key is a RulesFileError naming the key."""
        text = GOOD.replace("      - name: A\n", "      - name: A\n        odds: 1\n")
        path = write(tmp_path, text)
        with pytest.raises(RulesFileError, match=r":5: .*unknown keys: \['odds'\]"):
            load_pay_tables(path)

    def test_default_must_name_a_table(self, tmp_path: Path) -> None:
        """A default that names no table is a RulesFileError at the default's line."""
        with pytest.raises(RulesFileError, match=r":3: .*default 'B' is not one of \['A'\]"):
            load_pay_tables(write(tmp_path, GOOD.replace("default: A", "default: B")))

    def test_a_jackpot_share_under_one_percent_is_read(self, tmp_path: Path) -> None:
        """A jackpot of half a percent of the meter is more than 0% and is read as 1/200 (the mutation audit: a floor
        of 1% passed every test)."""
        tables = load_pay_tables(write(tmp_path, GOOD.replace('"3:1"', '{jackpot: "0.5%"}')))
        assert dict(tables["house_money"].tables[0].jackpots) == {"pair": Fraction(1, 200)}

    def test_bad_jackpot_share_is_refused(self, tmp_path: Path) -> None:
        """A jackpot share above 100% of the meter is a RulesFileError."""
        path = write(tmp_path, GOOD.replace('"3:1"', '{jackpot: "150%"}'))
        with pytest.raises(RulesFileError, match="percentage of the meter"):
            load_pay_tables(path)

    def test_python_tags_are_refused(self, tmp_path: Path) -> None:
        """A ``!!python/object`` tag is refused by safe loading, as a RulesFileError."""
        path = write(tmp_path, GOOD.replace('"3:1"', "!!python/object:os.system {}"))
        with pytest.raises(RulesFileError, match="tables.yaml:7: YAML: tags are not allowed"):
            load_pay_tables(path)

    def test_a_control_character_is_refused_at_its_line(self, tmp_path: Path) -> None:
        """Titles and sources are printed by edge and the review page: a control character in one is refused, as in a
        machine file (before, U+202E turned the text printed after it around)."""
        path = write(tmp_path, GOOD.replace("      - name: A\n", '      - name: A\n        source: "x\\u202e"\n'))
        with pytest.raises(RulesFileError, match=r"tables.yaml:6: text .* holds the control character U.202E"):
            load_pay_tables(path)

    @pytest.mark.parametrize("change, said", [
        (("    default: A\n", ""), r":3: wager 'house_money': needs 'default' and 'tables'"),
        (("    tables:\n      - name: A\n        pays:\n          pair: \"3:1\"\n", ""),
         r":3: wager 'house_money': needs 'default' and 'tables'"),
        (("      - name: A\n", "      - source: A\n"), r":5: wager 'house_money' table 1: needs 'name' and 'pays'"),
        (("        pays:\n          pair: \"3:1\"\n", "        source: x\n"),
         r":5: wager 'house_money' table 1: needs 'name' and 'pays'"),
        (("        pays:\n          pair: \"3:1\"\n", "        pays: {}\n"),
         r":6: house_money/A 'pays' must be a non-empty mapping"),
        (("          pair: \"3:1\"\n", "          - pair\n"), r":7: house_money/A 'pays' must be a non-empty mapping"),
        ((GOOD[GOOD.index("  house_money:"):], "  house_money: {}\n"),
         r":2: wager 'house_money' must be a non-empty mapping"),
        ((GOOD[GOOD.index("    tables:"):], "    tables: []\n"),
         r":4: wager 'house_money': 'tables' must be a non-empty list"),
        (('"3:1"', '{share: "3%"}'), r":7: house_money/A: odds \"\{'share': '3%'\}\" must be a quoted \"N:M\" string"),
    ])
    def test_a_missing_or_empty_part_is_refused_at_its_line(self, tmp_path: Path, change, said) -> None:
        """A wager without its default or tables, a table without its name or pays, and pays that are empty or a list
        are each refused at their line, naming what is missing (the mutation audit: with ``and`` for ``or`` in these
        checks, each was taken, or failed with a Python error)."""
        with pytest.raises(RulesFileError, match="tables.yaml" + said):
            load_pay_tables(write(tmp_path, GOOD.replace(*change)))

    @pytest.mark.parametrize("change, line", [
        (('          pair: "3:1"\n', '          pair: "3:1"\n          pair: "30:1"\n'), 8),
        (("    default: A\n", "    default: A\n    default: B\n"), 4),
    ])
    def test_a_key_given_twice_is_refused_at_its_line(self, tmp_path: Path, change, line) -> None:
        """A pay given twice (or a default) is refused where it is repeated: before, plain YAML loading kept the last
        one, and ``edge`` priced the wager at the second figure without a word."""
        with pytest.raises(RulesFileError, match=rf"tables.yaml:{line}: duplicate key '(pair|default)'"):
            load_pay_tables(write(tmp_path, GOOD.replace(*change)))

    def test_missing_file(self, tmp_path: Path) -> None:
        """A missing file is a RulesFileError, not an OSError."""
        with pytest.raises(RulesFileError, match="cannot read pay tables"):
            load_pay_tables(tmp_path / "absent.yaml")



def _without(monkeypatch, wager: str, outcome: str) -> None:
    """The packaged pay tables with ``outcome`` dropped from each table of ``wager`` (a gap in the file), for the test."""
    import attrs

    from pa_table_games.games.blackjack import paytable_choice, paytables

    packaged = dict(paytables._packaged())
    tables = tuple(attrs.evolve(t, pays={o: p for o, p in t.pays.items() if o != outcome},
                                jackpots={o: p for o, p in t.jackpots.items() if o != outcome})
                   for t in packaged[wager].tables)
    packaged[wager] = attrs.evolve(packaged[wager], tables=tables)
    monkeypatch.setattr(paytables, "_packaged", lambda: packaged)
    monkeypatch.setattr(paytable_choice, "_CHOSEN", {})
    monkeypatch.setattr(paytable_choice, "_last", (None, {}, {}))


@pytest.mark.parametrize("engine", ["transitions", "compiled", "fast"])
def test_a_win_the_pay_table_gives_no_odds_for_is_named(monkeypatch, engine) -> None:
    """A pay table file lacking an outcome its wager's classifier names (matched_20 dropped from Lucky Ladies table A,
    say) names the wager, the table and the outcome when a round meets it, in every engine - as ``edge`` names it.
    Before, the round stopped on a bare KeyError: 'matched_20' (a traceback from the command line)."""
    from pa_table_games.equipment.shoe import Shoe
    from pa_table_games.runtime.round import Unrecorded
    from pa_table_games.strategies import get_strategy

    _without(monkeypatch, "lucky_ladies", "matched_20")
    game = load_game("blackjack", engine=engine)
    seats = {1: {"blackjack": 10, "lucky_ladies": 5}}
    shoe = Shoe.stacked("2H KS 5C KS 9D 2C 3C 4C 5D 6D 7D 8D")  # the burn card, then KS KS: a Matched 20, (g)(1)
    with pytest.raises(WagerError, match=r"^lucky_ladies pay table 'A' gives no odds for matched_20 "
                                         r"\(paytables/blackjack.yaml\)$"):
        if engine == "transitions":
            game.new_round(seats, shoe=shoe).advance()
        else:
            rnd = Unrecorded(game, game.new_table(shoe=shoe), seats, record="totals")
            game.engine.play_out(rnd, get_strategy("blackjack", "stand17", game.rules).choose)


def test_a_progressive_win_the_pay_table_gives_no_odds_for_is_named(monkeypatch) -> None:
    """The same for a progressive (o)(1): before, a KeyError from its meter shares."""
    from conftest import one_box, play

    _without(monkeypatch, "bad_beat", "player_20_beaten_by_21")
    with pytest.raises(WagerError, match=r"^bad_beat pay table '.*' gives no odds for player_20_beaten_by_21 "):
        play("blackjack", one_box("KS", "9C", "QD", "2H", "TD"), {1: {"blackjack": 10, "bad_beat": 5}}, ["stand"])
