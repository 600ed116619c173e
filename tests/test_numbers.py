"""One reader for every number a user writes: the documented forms, in ASCII, at most 32 characters,
every limit checked on the digits before any arithmetic, whatever the spelling."""

from __future__ import annotations

import signal
import time
from decimal import Decimal
from fractions import Fraction

import pytest
from click.testing import CliRunner

from pa_table_games import numbers
from pa_table_games.cli import main


class Hang(Exception):
    """A command still running after 60 s (a limit that did not hold: 10^14 rounds being dealt)."""


def run(*args):
    def alarm(signum, frame):
        raise Hang(f"{args!r}: still running after 60 s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, 60)
    try:
        result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, list(args))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused(result) -> str:
    """The one error line of a refused command (exit status 2)."""
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


class TestTheReader:
    @pytest.mark.parametrize("text, value", [("100000", 100000), ("100_000", 100000), ("1e5", 100000),
                                             ("1E5", 100000), (" 7 ", 7), ("1e00000000000004", 10**4),
                                             ("0e99999999999999999999", 0), ("1000000000000", 10**12)])
    def test_documented_forms(self, text, value):
        assert numbers.whole(text, 0, 10**12) == value

    @pytest.mark.parametrize("text", ["١٠", "٩e13", "1e١٠٠٠٠٠٠٠٠", "¹", "1.5", "1e-3", "_1", "1__0", "0x10", "-1",
                                      "1e", "", "9" * 33, "9" * 5000, "nan", "inf", "1e1000000000000000000000000000"])
    def test_anything_else_is_refused(self, text):
        with pytest.raises(numbers.NumberError):
            numbers.whole(text, 0, 10**12)

    @pytest.mark.parametrize("text", ["1000000000001", "1e13", "10_000_000_000_000", "1" + "0" * 31, "1e99999999"])
    def test_the_limit_holds_for_every_spelling(self, text):
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
                                           ("1_0", "not an amount"), ("١٠", "ASCII"), ("nan", "not an amount"),
                                           ("1" * 30, "more than"), ("1" * 40, "characters")])
    def test_amounts_refused(self, text, why):
        with pytest.raises(numbers.NumberError, match=why):
            numbers.amount(text)

    @pytest.mark.parametrize("text, value", [("3:2", Fraction(3, 2)), ("6:5", Fraction(6, 5)), (" 25 : 1 ", 25),
                                             ("1000000:1", 1_000_000), ("1:1000000", Fraction(1, 1_000_000))])
    def test_odds(self, text, value):
        assert numbers.odds(text) == value

    @pytest.mark.parametrize("text", ["1000001:1", "9" * 309 + ":1", "1:0", "0:1", "3", "3:2:1", "٣:٢", "-3:2",
                                      "3.5:1", "1e6:1", 3])
    def test_absurd_odds_refused(self, text):
        with pytest.raises(numbers.NumberError):
            numbers.odds(text)


class TestOnTheCommandLine:
    @pytest.mark.parametrize("rounds", ["1e١٠٠٠٠٠٠٠٠", "٩e13", "٩٩٩٩٩٩٩٩٩٩٩٩٩٩", "9" * 5000, "1e13", "1" + "0" * 13,
                                        "1_000_000_000_001"])
    def test_rounds_beyond_the_limit_in_any_spelling_are_one_line(self, rounds):
        """Unicode digits and huge integers never pass the 10^12 limit, and never hang or trace back."""
        start = time.monotonic()
        line = refused(run("simulate", "blackjack", "--rounds", rounds, "--seed", "1"))
        assert line.startswith("error: --rounds ") and time.monotonic() - start < 30

    def test_a_power_of_ten_with_leading_zeros_in_the_exponent(self):
        """`--rounds 1e00000000000004` is 10^4 rounds, and simulates them."""
        result = run("simulate", "blackjack", "--rounds", "1e00000000000004", "--seed", "1", "--json")
        assert result.exit_code == 0, result.output
        assert '"rounds": 10000' in result.output

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
        """`double=١٠` is not read as 10 (Python's float() reads Arabic-Indic digits); one line, exit 2."""
        line = refused(run("play", "blackjack", "--shoe", "2C 9H 5S 8D 7C TD", "--actions", word))
        assert "is not an amount: write double=AMOUNT in the digits 0-9" in line
