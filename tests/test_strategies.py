"""Strategies: the decisions each one makes on stacked hands, the registry, and table-file checks.

Blackjack shoe order: burn card, seat 1's first card, the dealer's up card, seat 1's second
card, the hole card, then draws. Double Down Madness: burn card, hole card, seat 1's card,
up card.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.games import BUILT_IN, GAMES, game_info
from pa_table_games.games.blackjack.rules import BlackjackRules
import pa_table_games.simulation.chunks as chunks
import pa_table_games.simulation.simulate as simulate_module
from pa_table_games.simulation.simulate import simulate
from pa_table_games.games.blackjack.hand_tables import StrategyFileError, load_table
from pa_table_games.strategies import UnknownStrategy, default_strategy, get_strategy, strategy_names


def decide(shoe: str, strategy: str = "basic", game: str = "blackjack", rules=None, then=()) -> str:
    """The strategy's word at the first decision of a stacked round (after playing ``then``)."""
    loaded = load_game(game, rules)
    rnd = loaded.new_round({1: {loaded.info.wagers[0]: 10}}, shoe=Shoe.stacked(shoe)).advance()
    for word in then:
        rnd.act(word).advance()
    legal = rnd.legal_names()
    return get_strategy(game, strategy, loaded.rules).choose(rnd, legal)


class TestBasicStrategy:
    @pytest.mark.parametrize("shoe, word", [
        ("2C TH KS 6D 7C", "surrender"),  # hard 16 against a 10: late surrender
        ("2C 5H 6S 6D 9C", "double"),  # hard 11 against a 6
        ("2C 8H TS 8D 7C", "split"),  # always split eights
        ("2C TH 4S 2D 9C", "stand"),  # hard 12 against a 4
        ("2C TH 2S 2D 9C", "hit"),  # hard 12 against a 2
        ("2C AH 3S 7D 9C", "double"),  # soft 18 against a 3
        ("2C AH 2S 7D 9C", "stand"),  # soft 18 against a 2
        ("2C AH 9S 7D 9C", "hit"),  # soft 18 against a 9
        ("2C 9H 9S 9D 8C", "split"),  # nines against a 9
        ("2C 9H 7S 9D 8C", "stand"),  # nines against a 7: stand on 18
        ("2C 5H 6S 5D 9C", "double"),  # fives are a hard 10, never split
    ])
    def test_published_table_decisions(self, shoe, word):
        """Basic strategy plays the published 4-8 deck, dealer-stands-on-17 table."""
        assert decide(shoe) == word

    def test_never_insurance_or_even_money(self):
        """Against an ace the offer is declined, with or without a player Blackjack."""
        assert decide("2C 5H AS 6D 9C") == "insurance=no"
        assert decide("2C AH AS KD 9C") == "even_money=no"

    def test_falls_back_when_the_first_choice_is_illegal(self):
        """A three-card 11 cannot double, so the table's 'double else hit' hits."""
        assert decide("2C 2H 6S 3D 9C 6H", then=["hit"]) == "hit"

    def test_surrender_none_in_the_rules_hits_sixteen(self):
        """With no surrender in the Rules, 16 against a 10 hits."""
        assert decide("2C TH KS 6D 7C", rules=BlackjackRules(surrender="none")) == "hit"

    def test_split_after_double_rule_decides_low_pairs(self):
        """Twos against a 3 split only when the Rules allow doubling after a split."""
        assert decide("2C 2H 3S 2D 9C") == "split"
        assert decide("2C 2H 3S 2D 9C", rules=BlackjackRules(double_after_split=False)) == "hit"


class TestStand17:
    @pytest.mark.parametrize("shoe, word", [
        ("2C TH 6S 6D 9C", "hit"),  # 16
        ("2C AH 6S 6D 9C", "stand"),  # soft 17
        ("2C 5H 6S 6D 9C", "hit"),  # 11: never doubles
        ("2C 8H TS 8D 7C", "hit"),  # 8-8: never splits
        ("2C TH KS 6D 7C", "hit"),  # 16 against a 10: never surrenders
    ])
    def test_hits_below_17_only(self, shoe, word):
        """stand17 hits any total below 17 and takes no other option."""
        assert decide(shoe, "stand17") == word


class TestDoubleDownMadness:
    def test_first_card_ace_doubles(self):
        """The madness table doubles a first-card ace, which receives one card only."""
        assert decide("2C 9S AH 6D", "madness", "double-down-madness") == "double"

    def test_one_small_card_hits(self):
        """A single 5 is a hard 5: hit (stand is not open before the second card)."""
        assert decide("2C 9S 5H 6D", "madness", "double-down-madness") == "hit"
        assert decide("2C 9S 5H 6D", "stand17", "double-down-madness") == "hit"


class TestPaiGow:
    def test_house_way_always_asks_for_the_house_way(self):
        """house_way answers every setting decision with the house_way action."""
        player = get_strategy("six-card-fortune-pai-gow", "house_way", load_game("six-card-fortune-pai-gow").rules)
        assert player.choose(None, ("double_down", "low", "house_way")) == "house_way"

    def test_player_way_names_the_low_card_and_doubles_trips(self):
        """player_way names its low card, and makes the Double Down Wager with three of a kind or better."""
        player = get_strategy("six-card-fortune-pai-gow", "player_way", load_game("six-card-fortune-pai-gow").rules)

        def at(cards: str):
            stack = SimpleNamespace(cards=list(parse_cards(cards)))
            return SimpleNamespace(turn=stack)

        assert player.choose(at("KS KH 9D 7C 4S 2H"), ("double_down", "low", "house_way")) == "low=2H"
        assert player.choose(at("KS KH KD 7C 4S 2H"), ("double_down", "low", "house_way")) == "double_down"
        assert player.choose(at("KS KH KD 7C 4S 2H"), ("low", "house_way")) == "low=2H"


class TestRegistry:
    def test_every_game_has_its_default(self):
        """Every registered game with strategies plays one of them by default: the one its INFO declares, else the
        first by name; each built-in section has some (the three first sections' defaults as they declare them)."""
        for game in GAMES:
            assert default_strategy(game) in strategy_names(game) or not strategy_names(game)
            first = strategy_names(game)[0] if strategy_names(game) else None
            assert default_strategy(game) == (game_info(game).default_strategy or first)
        assert all(strategy_names(game) for game in BUILT_IN)
        declared = {"blackjack": "basic", "double-down-madness": "madness", "six-card-fortune-pai-gow": "house_way"}
        assert {game: default_strategy(game) for game in declared} == declared

    def test_unknown_strategy_names_the_known_ones(self):
        """An unknown name is a user error listing the game's strategies."""
        with pytest.raises(UnknownStrategy, match=r"unknown strategy 'optimal' for blackjack \(known: basic, computed, stand17\)"):
            get_strategy("blackjack", "optimal", BlackjackRules())

    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_every_strategy_plays_whole_rounds(self, game):
        """Each strategy of each game plays rounds to the end with every decision accepted."""
        for name in strategy_names(game):
            result = simulate(game, 150, seed=4, strategy=name)
            assert result.complete and result.total().initial_wagered > 0


class Indexing:
    """A strategy reading ``legal`` as a sequence: ``legal[0]`` (``legal[-1]`` where the first needs a value, Pai
    Gow's ``low``); it notes each ``legal`` whose iteration, ``len`` and indexing are not ``rnd.legal_names()``."""

    name, summary = "indexing", "the first legal decision"

    def __init__(self) -> None:
        self.unlike: list[tuple] = []

    def choose(self, rnd, legal) -> str:
        word = legal[0] if legal[0] != "low" else legal[-1]
        if not tuple(legal) == tuple(legal[i] for i in range(len(legal))) == rnd.legal_names():
            self.unlike.append((tuple(legal), rnd.legal_names()))
        return word


class TestTheLegalDecisions:
    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_a_strategy_indexing_legal_deals_the_same_rounds_in_simulate_and_in_play(self, game, monkeypatch):
        """``legal`` is one thing wherever a strategy is asked: ``simulate``'s fast path gives what play and the
        Round API give (``engine="transitions"``: ``rnd.legal_names()``), and the same rounds follow. Before,
        ``legal[0]`` stopped ``simulate`` with "TypeError: 'Legal' object is not subscriptable"."""
        indexing = Indexing()
        for module in (simulate_module, chunks):
            monkeypatch.setattr(module, "get_strategy", lambda game, name, rules, get=module.get_strategy:
                                indexing if name == "indexing" else get(game, name, rules))
        fast, played = (simulate(game, 200, seed=4, strategy="indexing", engine=engine)
                        for engine in ("fast", "transitions"))
        assert fast.complete and fast.tally.sums == played.tally.sums and fast.tally.rounds == 200
        assert indexing.unlike == []


class TestTableFiles:
    def write(self, tmp_path, text: str):
        path = tmp_path / "t.yaml"
        path.write_text(text)
        return path

    GOOD = ('name: t\ngames: [blackjack]\nsummary: s\nhard:\n  "2-21": "H H H H H H H H H H"\n'
            'soft:\n  "11-21": "S S S S S S S S S S"\n')

    def test_a_minimal_file_loads(self, tmp_path):
        """A file covering every hard and soft total loads."""
        assert load_table(self.write(tmp_path, self.GOOD)).name == "t"

    @pytest.mark.parametrize("change, message", [
        (('"H H H H H H H H H H"', '"H H X H H H H H H H"'), "t.yaml:5: row '2-21': unknown code 'X'"),
        (('"2-21"', '"2-20"'), "t.yaml:5: hard table has no row for 21"),
        (("summary: s\n", "summary: s\nexpr: 1\n"), "t.yaml:4: unknown key 'expr'"),
        (('"H H H H H H H H H H"', '"H H H"'), "t.yaml:5: row '2-21' needs 10 codes"),
        # before, each was taken as a name ('None', '12') or a summary ('None') no one could choose or read
        (("name: t\n", "name:\n"), "t.yaml:1: 'name' must be a text, not None"),
        (("name: t\n", "name: 12\n"), "t.yaml:1: 'name' must be a text, not 12"),
        (("name: t\n", "name: Basic Strategy\n"), "t.yaml:1: 'name' must be a word like basic or stand17"),
        (("summary: s\n", "summary:\n"), "t.yaml:3: 'summary' must be a text, not None"),
        (("summary: s\n", "summary: \"s\\u202e\"\n"), "t.yaml:3: text .* holds the control character U.202E"),
    ])
    def test_mistakes_name_file_and_line(self, tmp_path, change, message):
        """A bad code, a missing total, an unknown key or a short row is an error at its line."""
        with pytest.raises(StrategyFileError, match=message.replace("(", r"\(")):
            load_table(self.write(tmp_path, self.GOOD.replace(*change)))


class TestStrategyNames:
    TABLE = TestTableFiles.GOOD.replace("name: t\n", "name: {name}\n", 1)

    def folder(self, tmp_path, sub: str, name: str):
        folder = tmp_path / sub
        folder.mkdir()
        (folder / f"{sub}.yaml").write_text(self.TABLE.format(name=name), encoding="utf-8")
        return folder

    def test_a_name_given_twice_is_refused_at_the_second_tables_name(self, tmp_path):
        """A table named as another folder's table, or as one of the game's own strategies, is refused at its name's
        line: before, the later one silently won (a hand-written table named 'computed' was never played, and
        Double Down Madness's own table named stand17 was overridden by Blackjack's)."""
        from pa_table_games.games.blackjack.strategies import TableStrategies

        first, second = self.folder(tmp_path, "first", "mine"), self.folder(tmp_path, "second", "mine")
        with pytest.raises(StrategyFileError, match=rf"second.yaml:1: strategy 'mine' for blackjack is defined twice "
                                                    rf"\(first in {first / 'first.yaml'}\)"):
            list(TableStrategies("blackjack", first, second))
        with pytest.raises(StrategyFileError, match="first.yaml:1: strategy 'mine' for blackjack is one of the game's "
                                                    "own strategies"):
            list(TableStrategies("blackjack", first, extra={"mine": "somewhere:else"}))
        assert list(TableStrategies("blackjack", first, extra={"computed": "somewhere:else"})) == ["mine", "computed"]

    def test_a_table_naming_no_installed_game_is_refused_at_its_games_line(self, tmp_path, monkeypatch):
        """A table whose ``games:`` names no installed game (a misspelt 'blackjak') can never be played: refused at
        that line when the folder is read. Before, it was silently left out, and ``--strategy mine`` said only that
        blackjack has no such strategy. A table naming an installed game beside one not installed still loads."""
        folder = tmp_path / "tables"
        folder.mkdir()
        (folder / "mine.yaml").write_text(self.TABLE.format(name="mine").replace("[blackjack]", "[blackjak]"),
                                          encoding="utf-8")
        strategies = game_info("blackjack").strategies
        monkeypatch.setattr(strategies, "folders", (*strategies.folders, folder))
        with pytest.raises(StrategyFileError, match=r"mine.yaml:2: 'games' names no installed game: 'blackjak' "
                                                    r"\(installed: blackjack, double-down-madness, "):
            get_strategy("blackjack", "mine", BlackjackRules())
        both = tmp_path / "both"
        both.mkdir()
        (both / "mine.yaml").write_text(self.TABLE.format(name="mine").replace("[blackjack]", "[blackjack, poker]"),
                                        encoding="utf-8")
        monkeypatch.setattr(strategies, "folders", (*strategies.folders[:-1], both))
        assert get_strategy("blackjack", "mine", BlackjackRules()).name == "mine"

    def test_an_offer_answer_no_game_of_the_table_offers_is_refused_where_it_is_named(self, tmp_path, monkeypatch):
        """Before, a misspelt offer (insurence=no) loaded, and the simulation stopped mid-round on 'hit: not a
        decision open in Insurance / even money offered', naming neither the file nor the offer."""
        from click.testing import CliRunner

        from pa_table_games.cli import main

        folder = tmp_path / "tables"
        folder.mkdir()
        text = self.TABLE.format(name="mine").replace("summary: s\n", "summary: s\noffers: [insurence=no]\n")
        (folder / "mine.yaml").write_text(text, encoding="utf-8")
        strategies = game_info("blackjack").strategies
        monkeypatch.setattr(strategies, "folders", (*strategies.folders, folder))
        result = CliRunner().invoke(main, ["simulate", "blackjack", "--rounds", "50", "--strategy", "mine"])
        assert result.exit_code == 2, result.output
        assert result.output.splitlines() == [
            f"error: {folder / 'mine.yaml'}:4: offer 'insurence=no' is no decision of blackjack"]
        mended = tmp_path / "mended"  # (a folder's tables are read once a process)
        mended.mkdir()
        (mended / "mine.yaml").write_text(text.replace("insurence", "insurance"), encoding="utf-8")
        monkeypatch.setattr(strategies, "folders", (*strategies.folders[:-1], mended))
        assert get_strategy("blackjack", "mine", game_info("blackjack").rules_class()).offers == ("insurance=no",)
