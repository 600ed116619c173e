"""One reader for every number a user writes: one form per kind, in the digits 0-9, at most 32 characters,
every limit checked on the digits before any arithmetic; every other spelling refused, naming the option."""

from __future__ import annotations

import time
from decimal import Decimal
from fractions import Fraction

import click
import pytest
from click.testing import CliRunner

from pa_table_games import numbers
from pa_table_games.cli import main

from time_limit import within


class Hang(Exception):
    """A command still running after 60 s (a limit that did not hold: 10^14 rounds being dealt)."""


def run(*args):
    with within(60, f"{args!r}: still running after 60 s", Hang):
        result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused(result) -> str:
    """The one error line of a refused command (exit status 2)."""
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


#: Spellings Python's own parsers (int, float, Decimal, YAML) read as a number, and this project does not.
SPELLINGS = {"Arabic-Indic digits": "١٠", "Extended Arabic-Indic digits": "۱۰", "Devanagari digits": "१०",
             "fullwidth digits": "１０", "superscripts": "¹⁰", "mathematical bold digits": "𝟏𝟎",
             "an underscore": "1_0", "an exponent": "1e1", "a capital exponent": "1E1",
             "a no-break space": "\u00a010", "an em space": "10\u2003", "an ideographic space": "\u300010"}


class TestTheReader:
    @pytest.mark.parametrize("text, value", [("100000", 100000), (" 7 ", 7), ("\t7", 7), ("007", 7), ("0", 0),
                                             ("1000000000000", 10**12)])
    def test_the_one_form(self, text, value):
        assert numbers.whole(text, 0, 10**12) == value

    @pytest.mark.parametrize("text", [*SPELLINGS.values(), "100_000", "1e5", "1e00000000000004", "¹", "1.5", "1e-3",
                                      "0x10", "-1", "+1", "1e", "", "9" * 33, "9" * 5000, "nan", "inf"])
    def test_anything_else_is_refused(self, text):
        with pytest.raises(numbers.NumberError):
            numbers.whole(text, 0, 10**12)

    @pytest.mark.parametrize("text, named", [("١٠", "ARABIC-INDIC DIGIT ONE (U+0661)"),
                                             ("\u00a010", "NO-BREAK SPACE (U+00A0)"),
                                             ("１０", "FULLWIDTH DIGIT ONE (U+FF11)")])
    def test_a_refusal_names_the_character_and_the_form(self, text, named):
        with pytest.raises(numbers.NumberError) as refusal:
            numbers.whole(text, 0, 100)
        assert named in str(refusal.value) and "write a whole number in the digits 0-9 only" in str(refusal.value)

    @pytest.mark.parametrize("text", ["1000000000001", "10000000000000", "1" + "0" * 31])
    def test_the_limit_holds(self, text):
        with pytest.raises(numbers.NumberError, match="above the limit|out of range"):
            numbers.whole(text, 1, 10**12)

    def test_a_signed_seed(self):
        assert numbers.whole("-5", -10, 10, signed=True) == -5
        with pytest.raises(numbers.NumberError):
            numbers.whole("-5", -10, 10)

    @pytest.mark.parametrize("text, value", [("10", Decimal("10.00")), ("12.5", Decimal("12.50")),
                                             ("12.50", Decimal("12.50")), ("10.0100", Decimal("10.01")),
                                             ("0.01", Decimal("0.01")), (".5", Decimal("0.50"))])
    def test_amounts(self, text, value):
        assert numbers.amount(text) == value and numbers.amount_cents(text) == int(value * 100)

    @pytest.mark.parametrize("text, why", [("10.0000000001", "cents"), ("0.005", "cents"), ("0", "positive"),
                                           ("0.00", "positive"), ("-5", "not an amount"), ("1e3", "not an amount"),
                                           ("1_0", "not an amount"), ("10_0", "not an amount"), ("1E2", "not an amount"),
                                           ("١٠", "ASCII"), ("\u00a010", "NO-BREAK SPACE"), ("nan", "not an amount"),
                                           ("1" * 30, "more than"), ("1" * 40, "characters")])
    def test_amounts_refused(self, text, why):
        with pytest.raises(numbers.NumberError, match=why):
            numbers.amount(text)

    def test_no_amount_falls_back_to_another_reader(self):
        """`10_0` and `1e2` were wagers of 100.00 (Decimal() read them when the reader refused)."""
        from pa_table_games.money import parse_amount

        for text in ("10_0", "1e2", "0", "nan"):
            with pytest.raises(numbers.NumberError):
                parse_amount(text)

    @pytest.mark.parametrize("text, value", [("3:2", Fraction(3, 2)), ("6:5", Fraction(6, 5)), (" 25 : 1 ", 25),
                                             ("1000000:1", 1_000_000), ("1:1000000", Fraction(1, 1_000_000))])
    def test_odds(self, text, value):
        assert numbers.odds(text) == value

    @pytest.mark.parametrize("text", ["1000001:1", "9" * 309 + ":1", "1:0", "0:1", "3", "3:2:1", "٣:٢", "-3:2",
                                      "3.5:1", "1e6:1", "1_000:1", "6\u00a0:5", "6:\x1c5", 3])
    def test_absurd_odds_refused(self, text):
        with pytest.raises(numbers.NumberError):
            numbers.odds(text)

    @pytest.mark.parametrize("text, value", [("8", 8), ("-3", -3), ("+3", 3), ("0.5", 0.5), (".5", 0.5), ("2.", 2.0)])
    def test_numbers_in_a_file(self, text, value):
        read = numbers.in_file(text)
        assert read == value and type(read) is type(value)

    @pytest.mark.parametrize("text", ["1_000", "0x10", "0o17", "0b1", "1:30", "1.0e3", "١", "1e3"])
    def test_numbers_in_a_file_refused(self, text):
        with pytest.raises(numbers.NumberError):
            numbers.in_file(text)


class TestOnTheCommandLine:
    @pytest.mark.parametrize("rounds", ["1e١٠٠٠٠٠٠٠٠", "٩e13", "٩٩٩٩٩٩٩٩٩٩٩٩٩٩", "9" * 5000, "1e13", "1" + "0" * 13,
                                        "1_000_000_000_001"])
    def test_rounds_beyond_the_limit_in_any_spelling_are_one_line(self, rounds):
        """Unicode digits and huge integers never pass the 10^12 limit, and never hang or trace back."""
        start = time.monotonic()
        line = refused(run("simulate", "blackjack", "--rounds", rounds, "--seed", "1"))
        assert line.startswith("error: --rounds ") and time.monotonic() - start < 30

    @pytest.mark.parametrize("workers", ["٢", "1e3", "9" * 5000, "257", "0"])
    def test_workers_beyond_the_limit_in_any_spelling(self, workers):
        assert refused(run("simulate", "blackjack", "--rounds", "10", "--workers", workers)).startswith("error: --workers ")

    @pytest.mark.parametrize("seed", ["٧", "9" * 5000, "1e30"])
    def test_seed_in_unicode_digits_or_huge_is_one_line(self, seed):
        assert refused(run("play", "blackjack", "--seed", seed, "--actions", "stand")).startswith("error: --seed ")

    def test_an_amount_that_is_not_whole_cents(self):
        """`blackjack=10.0000000001` is not a whole number of cents (a float took it for 10.00)."""
        line = refused(run("play", "blackjack", "--seed", "7", "--actions", "stand", "--seat", "1:blackjack=10.0000000001"))
        assert "not a whole number of cents" in line

    def test_an_amount_in_unicode_digits(self):
        refused(run("play", "blackjack", "--seed", "7", "--actions", "stand", "--seat", "1:blackjack=١٠"))


#: Each command with the arguments it needs to reach its options (a numeric option given after them wins).
COMMAND_ARGS = {"play": ["play", "blackjack", "--seed", "7", "--actions", "stand"],
                "simulate": ["simulate", "blackjack", "--rounds", "10"], "edge": ["edge", "lucky_ladies"],
                "coverage": ["coverage", "blackjack"]}


def numeric_options() -> list[tuple[str, str]]:
    """(command, option) for every option of every command read as a whole number, found in the commands."""
    from pa_table_games.cli.app import COMMANDS, Whole

    found = []
    with click.Context(main) as ctx:
        for name in sorted(COMMANDS):
            for param in main.get_command(ctx, name).params:
                if isinstance(param.type, Whole):
                    found.append((name, param.opts[0]))
    return found


class TestEveryNumericOption:
    """Every number a command takes is read by the one reader: each spelling Python would read is refused in
    one line naming the option and the accepted form (click's integer type took Unicode digits; `play
    --rounds ١٠` dealt 10 rounds; the amount reader fell back to Decimal(), so `10_0` was a wager of 100)."""

    def test_no_option_is_read_by_a_click_number_type(self):
        """No click integer or float type is left, and every numeric option is one this test tries."""
        from pa_table_games.cli.app import COMMANDS

        with click.Context(main) as ctx:
            types = [p.type for name in COMMANDS for p in main.get_command(ctx, name).params]
        assert not [t for t in types if isinstance(t, (click.types.IntParamType, click.types.FloatParamType))]
        assert {command for command, _ in numeric_options()} == set(COMMAND_ARGS)

    @pytest.mark.parametrize("spelling", SPELLINGS.values(), ids=SPELLINGS.keys())
    @pytest.mark.parametrize("command, option", numeric_options())
    def test_each_spelling_is_refused_naming_the_option(self, command, option, spelling):
        line = refused(run(*COMMAND_ARGS[command], option, spelling))
        assert line.startswith(f"error: {option} ") and "the digits 0-9" in line, line

    @pytest.mark.parametrize("spelling", SPELLINGS.values(), ids=SPELLINGS.keys())
    @pytest.mark.parametrize("where", ["play --seat", "simulate --seat", "--seat's seat", "double=AMOUNT"])
    def test_each_spelling_of_an_amount_or_a_seat_is_refused(self, where, spelling):
        args = {"play --seat": [*COMMAND_ARGS["play"], "--seat", f"1:blackjack={spelling}"],
                "simulate --seat": [*COMMAND_ARGS["simulate"], "--seat", f"1:blackjack={spelling}"],
                "--seat's seat": [*COMMAND_ARGS["play"], "--seat", f"{spelling}:blackjack=10"],
                "double=AMOUNT": ["play", "blackjack", "--shoe", "2C 9H 5S 8D 7C TD", "--actions", f"double={spelling}"]}
        line = refused(run(*args[where]))
        assert ("--seat" in line) != (where == "double=AMOUNT"), line
        if where == "double=AMOUNT":  # the round's refusal, with the form and the cite (a space at the end: the form)
            assert "write double=AMOUNT" in line, line
        else:
            assert "digits 0-9" in line or "SEAT:WAGER=AMOUNT" in line, line


class TestInRulesFiles:
    def rules(self, tmp_path, text):
        path = tmp_path / "casino.yaml"
        path.write_text(text, encoding="utf-8")
        return path, run("play", "blackjack", "--seed", "7", "--actions", "stand", "--rules", str(path))

    def test_a_5000_digit_integer_is_one_line_at_its_line(self, tmp_path):
        path, result = self.rules(tmp_path, "# casino\ndecks: " + "9" * 5000 + "\n")
        assert refused(result).startswith(f"error: {path}:2: ")

    @pytest.mark.parametrize("odds", ["1000001:1", "9" * 309 + ":1", "9" * 301 + ":1"])
    def test_absurd_pay_odds_are_refused_at_their_line(self, tmp_path, odds):
        """Pay odds are at most 1,000,000 to 1: a Blackjack paying +inf or 1e301 is refused, file:line."""
        path, result = self.rules(tmp_path, f'decks: 6\nblackjack_pays: "{odds}"\n')
        line = refused(result)
        assert line.startswith(f"error: {path}:2: blackjack_pays must be odds")

    def test_the_largest_odds_are_accepted(self, tmp_path):
        _, result = self.rules(tmp_path, 'blackjack_pays: "1000000:1"\n')
        assert result.exit_code == 0, result.output

    def test_odds_in_unicode_digits_are_refused(self, tmp_path):
        path, result = self.rules(tmp_path, 'insurance_pays: "٢:١"\n')
        assert refused(result).startswith(f"error: {path}:1: insurance_pays must be odds")


class TestDecisionAmounts:
    @pytest.mark.parametrize("word", ["double=١٠", "double=1_0", "double=" + "9" * 5000])
    def test_a_double_amount_in_other_digits_or_huge_is_no_amount(self, word):
        """`double=١٠` is not read as 10 (Python's float() reads Arabic-Indic digits); one line, exit 2, with the
        decision's cite as the round refuses it; the huge one quoted by its start and length (numbers.shown)."""
        line = refused(run("play", "blackjack", "--shoe", "2C 9H 5S 8D 7C TD", "--actions", word))
        assert f"{numbers.shown(word)}: " in line and line.endswith("(write double=AMOUNT) — § 633a.7(i)(2)\n")
