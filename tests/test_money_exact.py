"""Money's own functions, each case checked against a reference computed another way (``Fraction``, ``Decimal``).

If :mod:`pa_table_games.money` broke, a payout or a share could be off by a cent (rounded up, or away from zero
for a loss), an amount could gain or lose its two places, a wager of a fraction of a cent or above the table
maximum could be taken, or a Double Down could pass the maximum: every edge figure would then be published with
chips created or lost. The games' rounds meet few of these cases (an odd cent, a negative net, a limit met
exactly), so each is written out here.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

import pytest

from pa_table_games.errors import IllegalAction, WagerError
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.money import (
    MOST, SURRENDER_LOSS, ZERO, addition, amount_problem, as_json, brief, check_limits, check_seats,
    check_settlement, default_wager, exact_or_as_is, exactly, fraction_of, in_cents, money, room_under_maximum,
    round_to_cent, show, signed, times, typed, typed_amount_problem, wager_amount, whole_cents,
)


def _toward_zero(exact: Fraction) -> Decimal:
    """The reference rounding: ``exact`` dollars cut toward zero to the cent, as a two-place Decimal."""
    return Decimal(math.trunc(exact * 100)) / Decimal(100)


def _same_amount(got: Decimal, want: Decimal) -> None:
    """The same value, written with two places (``15.01``, ``0.00``), as every amount is."""
    assert type(got) is Decimal and got == want and got.as_tuple().exponent == -2, (got, want)


# -- times: an amount at odds, exact then rounded once toward zero --------------------------------------------------
TIMES = {
    "3 to 2 on an odd cent": ("10.01", Fraction(3, 2)),
    "6 to 5 on an odd cent": ("10.01", Fraction(6, 5)),
    "7 to 5 on a cent": ("0.01", Fraction(7, 5)),
    "a third": ("10.00", Fraction(1, 3)),
    "two thirds": ("0.02", Fraction(2, 3)),
    "the surrender half of an odd cent": ("10.01", SURRENDER_LOSS),
    "a half of one cent": ("0.01", Fraction(1, 2)),
    "a loss at 3 to 2 of an odd cent": ("-10.01", Fraction(3, 2)),
    "a loss of half a cent": ("-0.01", Fraction(1, 2)),
    "a loss of a third": ("-10.00", Fraction(1, 3)),
    "whole odds as a fraction": ("10.01", Fraction(4, 1)),
    "a win": ("10.01", 1),
    "a loss": ("10.01", -1),
    "a push": ("10.01", 0),
    "whole odds 2 to 1": ("10.01", 2),
    "whole odds lost twice": ("10.01", -2),
    "whole odds 3 to 1": ("10.01", 3),
    "a share written as 0.33": ("10.01", 0.33),
    "a share written as 0.3": ("10.00", 0.3),
    "a share written as 0.07": ("123.45", 0.07),
}


@pytest.mark.parametrize("amount, ratio", TIMES.values(), ids=TIMES)
def test_an_amount_at_odds_is_exact_then_rounded_once_toward_zero_to_the_cent(amount, ratio):
    exact = Fraction(Decimal(amount)) * (ratio if not isinstance(ratio, float) else Fraction(repr(ratio)))
    _same_amount(times(Decimal(amount), ratio), _toward_zero(exact))


def test_a_share_is_read_as_written_not_as_the_nearest_binary_float():
    """0.3 of 10.00 is 3.00; the float 0.3 is a hair below it, and would pay 2.99."""
    _same_amount(fraction_of(Decimal("10.00"), 0.3), Decimal("3.00"))
    _same_amount(fraction_of(Decimal("10.01"), 0.5), Decimal("5.00"))
    _same_amount(fraction_of(Decimal("10.01"), 1.0), Decimal("10.01"))


def test_the_surrender_loss_is_half():
    assert SURRENDER_LOSS == Fraction(1, 2)


ROUND_TO_CENT = {
    "nothing": Fraction(0),
    "whole cents": Fraction(1501, 100),
    "a third of a dollar": Fraction(1, 3),
    "just under a cent": Fraction(99, 10_000),
    "a loss of a third": Fraction(-1, 3),
    "a loss just under a cent": Fraction(-99, 10_000),
    "a loss of whole cents": Fraction(-1501, 100),
    "a meter's share": Fraction(123_456_789, 1000),
}


@pytest.mark.parametrize("exact", ROUND_TO_CENT.values(), ids=ROUND_TO_CENT)
def test_an_exact_sum_is_rounded_once_toward_zero_to_the_cent(exact):
    _same_amount(round_to_cent(exact), _toward_zero(exact))


@pytest.mark.parametrize("text, cents", [("15.01", 1501), ("-15.01", -1501), ("0.00", 0), ("1000000000000.00", 10**14)],
                         ids=["a win", "a loss", "nothing", "the largest amount"])
def test_an_amount_counts_its_cents_exactly(text, cents):
    assert in_cents(Decimal(text)) == cents


# -- what is an amount -----------------------------------------------------------------------------------------------
REFUSED = {
    "True, though it equals 1": (True, "not a number"),
    "text": ("10", "not a number"),
    "None": (None, "not a number"),
    "nan": (float("nan"), "not a positive amount"),
    "inf": (float("inf"), "not a positive amount"),
    "a Decimal nan": (Decimal("NaN"), "not a positive amount"),
    "zero": (0, "not a positive amount"),
    "a loss": (-5, "not a positive amount"),
    "a tiny float": (1e-300, "not a whole number of cents"),
    "half a cent": (0.005, "not a whole number of cents"),
    "a hair over ten": (10.0000000001, "not a whole number of cents"),
    "a third as a fraction": (Fraction(1, 3), "not a whole number of cents"),
    "a cent over the largest": (Decimal(MOST) + Decimal("0.01"), "more than 1,000,000,000,000"),
    "a huge int": (10**400, "more than 1,000,000,000,000"),
}

AMOUNTS = {
    "a cent": (0.01, "0.01"),
    "one": (1, "1.00"),
    "an odd cent as a float": (10.01, "10.01"),
    "a Decimal of one place": (Decimal("12.5"), "12.50"),
    "a fraction of whole cents": (Fraction(1001, 100), "10.01"),
    "the largest amount": (MOST, "1000000000000.00"),
    "the largest amount as a float": (float(MOST), "1000000000000.00"),
}


@pytest.mark.parametrize("value, problem", REFUSED.values(), ids=REFUSED)
def test_what_is_no_amount_is_refused_naming_why(value, problem):
    assert amount_problem(value) == problem
    with pytest.raises(ValueError, match=f"^{problem}$"):
        money(value)


@pytest.mark.parametrize("value, text", AMOUNTS.values(), ids=AMOUNTS)
def test_an_amount_becomes_a_decimal_of_two_places(value, text):
    assert amount_problem(value) is None
    assert str(money(value)) == text
    assert whole_cents(value)


def test_an_unhashable_value_is_no_number():
    with pytest.raises(ValueError, match="^not a number$"):
        money([10])


WHOLE_CENTS = {
    "zero": (0, True), "a loss": (Decimal("-10.01"), True), "the largest loss": (-MOST, True),
    "the largest win": (MOST, True), "past the largest": (MOST + 1, False), "past the largest loss": (-MOST - 1, False),
    "a tenth of a cent": (Decimal("0.001"), False), "a loss of a tenth of a cent": (Decimal("-0.001"), False),
    "True": (True, False), "nan": (float("nan"), False), "text": ("1", False),
}


@pytest.mark.parametrize("value, whole", WHOLE_CENTS.values(), ids=WHOLE_CENTS)
def test_whole_cents_of_any_sign_up_to_the_largest_amount(value, whole):
    assert whole_cents(value) is whole


EXACTLY = {
    "zero": (0, "0"), "a float by its shortest text": (10.01, "10.01"),
    "a float near a binary fraction": (0.07, "0.07"),
    "a third of a cent is kept": (Decimal("0.003333"), "0.003333"), "a fraction": (Fraction(1, 8), "0.125"),
    "a thousand largest amounts": (MOST * 1000, str(MOST * 1000)),
    "one over them": (MOST * 1000 + 1, str(MOST * 1000 + 1)),
}


@pytest.mark.parametrize("value, text", EXACTLY.values(), ids=EXACTLY)
def test_a_rules_number_is_read_exactly_not_rounded(value, text):
    assert exactly(value) == Decimal(text)


def test_an_int_far_past_every_limit_reads_as_just_past_them():
    """So that an absurd int is refused as too large without arithmetic on all its digits."""
    assert exactly(10**400) == exactly(MOST * 1000 + 2) == Decimal(MOST * 1000 + 1)


EXACT_OR_AS_IS = {"an int": (5, Decimal("5.00")), "a float": (12.5, Decimal("12.50")), "None": (None, None),
                  "text": ("abc", "abc"), "a loss": (-5, -5), "half a cent": (0.005, 0.005)}


@pytest.mark.parametrize("value, result", EXACT_OR_AS_IS.values(), ids=EXACT_OR_AS_IS)
def test_a_decisions_amount_is_exact_when_it_is_one_and_as_given_otherwise(value, result):
    got = exact_or_as_is(value)
    assert got == result and type(got) is type(result)


def test_a_wager_that_is_no_amount_is_refused_naming_the_seat_and_the_wager():
    assert str(wager_amount(2, "ante", 10.01)) == "10.01"
    with pytest.raises(WagerError, match=r"^seat 2: ante must be a positive amount of whole cents, not 0\.005 "
                                         r"\(not a whole number of cents\)$"):
        wager_amount(2, "ante", 0.005)


TYPED = {"an amount": ("12.50", None), "zero": ("0", "not a positive amount"),
         "half a cent": ("1.005", "not a whole number of cents"), "words": ("abc", "not an amount"),
         "an exponent": ("1e3", "not an amount"), "no text": (None, "not a number")}


@pytest.mark.parametrize("text, problem", TYPED.values(), ids=TYPED)
def test_a_typed_answer_that_is_no_amount_names_the_first_clause_of_why(text, problem):
    assert typed_amount_problem(text) == problem


# -- settlements move whole cents only -------------------------------------------------------------------------------
SETTLED = {"a win": (Decimal("15.01"), ZERO), "a loss": (Decimal("-10.01"), ZERO), "a push": (Decimal("0.00"), ZERO),
           "paid off the table": (Decimal("-10.00"), Decimal("25.01")), "another zero": (Decimal("5.00"), Decimal("0"))}
NOT_SETTLED = {"a float net": (15.01, ZERO), "half a cent": (Decimal("15.015"), ZERO),
               "an infinite net": (Decimal("Infinity"), ZERO), "a nan net": (Decimal("NaN"), ZERO),
               "a float off the table": (Decimal("1.00"), 0.5),
               "half a cent off the table": (Decimal("1.00"), Decimal("0.005")),
               "an infinite amount off the table": (Decimal("1.00"), Decimal("-Infinity"))}


@pytest.mark.parametrize("net, off_table", SETTLED.values(), ids=SETTLED)
def test_a_settlement_of_whole_cents_passes(net, off_table):
    check_settlement("blackjack", net, off_table)


@pytest.mark.parametrize("net, off_table", NOT_SETTLED.values(), ids=NOT_SETTLED)
def test_a_settlement_of_anything_but_whole_cents_is_a_bug(net, off_table):
    with pytest.raises(AssertionError, match="not whole cents"):
        check_settlement("blackjack", net, off_table)


# -- how amounts are written -----------------------------------------------------------------------------------------
WRITTEN = {  # value: (show, brief, signed)
    "ten": (Decimal("10.00"), "10.00", "10", "+10.00"),
    "a hundred": (Decimal("100.00"), "100.00", "100", "+100.00"),
    "a hundred as an int": (100, "100.00", "100", "+100.00"),
    "a million with an exponent": (Decimal("1E+6"), "1000000.00", "1000000", "+1000000.00"),
    "a half": (Decimal("12.50"), "12.50", "12.5", "+12.50"),
    "a tenth of a cent": (10000.001, "10000.00", "10000.001", "+10000.00"),
    "one": (Decimal("1.00"), "1.00", "1", "+1.00"),
    "nothing": (ZERO, "0.00", "0", "0.00"),
    "a loss": (Decimal("-10.00"), "-10.00", "-10", "-10.00"),
    "a loss of one": (Decimal("-1.00"), "-1.00", "-1", "-1.00"),
}


@pytest.mark.parametrize("value, shown, briefly, with_sign", WRITTEN.values(), ids=WRITTEN)
def test_an_amount_is_written_in_dollars(value, shown, briefly, with_sign):
    assert (show(value), brief(value), signed(value)) == (shown, briefly, with_sign)


TYPED_NUMBERS = {"nan": (Decimal("NaN"), "nan"), "a signalling nan": (Decimal("sNaN"), "nan"),
                 "a Decimal loss": (Decimal("-5"), "-5.0"), "zero": (0.0, "0.0"), "text": ("abc", "'abc'")}


@pytest.mark.parametrize("value, text", TYPED_NUMBERS.values(), ids=TYPED_NUMBERS)
def test_a_refused_number_is_shown_as_typed(value, text):
    assert typed(value) == text


def test_an_amount_in_json_is_the_float_of_the_same_shortest_text():
    assert (as_json(Decimal("10.01")), type(as_json(Decimal("10.01")))) == (10.01, float)


# -- table limits ----------------------------------------------------------------------------------------------------
def _rules(minimum=1.0, maximum=100_000.0):
    return SimpleNamespace(table_minimum=minimum, table_maximum=maximum)


@pytest.mark.parametrize("amount, room", [("15.00", "5.00"), ("19.99", "0.01"), ("20.00", "0.00"), ("25.00", "0.00")],
                         ids=["room", "a cent of room", "at the maximum", "above it"])
def test_the_room_under_the_maximum_is_never_negative(amount, room):
    _same_amount(room_under_maximum(_rules(maximum=20), Decimal(amount)), Decimal(room))


@pytest.mark.parametrize("minimum, maximum, wager", [(1, 100, "10.00"), (25, 100, "25.00"), (1, 5, "5.00"),
                                                     (10, 10, "10.00")],
                         ids=["ten", "the minimum above ten", "the maximum below ten", "ten the only wager"])
def test_the_default_wager_is_ten_within_the_limits(minimum, maximum, wager):
    _same_amount(default_wager(_rules(minimum, maximum)), Decimal(wager))


SEATS_TAKEN = {"the minimum": {1: {"main": 5}}, "the maximum": {1: {"main": 100}},
               "a side wager below the minimum": {1: {"main": 5, "side": 0.01}}, "no seats": {},
               "every seat checked": {1: {"main": 5}, 2: {"main": 100, "side": 100}}}
SEATS_REFUSED = {
    "a cent below the minimum": ({1: {"main": 4.99}}, r"^seat 1 main=4\.99: below the table minimum "
                                                        r"\(Rules table_minimum: 5\)$"),
    "a cent above the maximum": ({1: {"main": 100.01}}, r"^seat 1 main=100\.01: above the table maximum "
                                                          r"\(Rules table_maximum: 100\)$"),
    "a side wager above the maximum": ({1: {"main": 5, "side": 100.01}}, "seat 1 side=100.01: above the table maximum"),
    "a later seat": ({1: {"main": 5}, 3: {"main": 101}}, "seat 3 main=101: above"),
    "half a cent": ({1: {"main": 5, "side": 0.005}}, r"^seat 1 side=0\.005: not a whole number of cents$"),
    "no number": ({2: {"main": "ten"}}, r"^seat 2 main='ten': not a number$"),
}


@pytest.mark.parametrize("seats", SEATS_TAKEN.values(), ids=SEATS_TAKEN)
def test_wagers_within_the_table_limits_are_taken(seats):
    check_seats(_rules(5, 100), "main", seats)


@pytest.mark.parametrize("seats, message", SEATS_REFUSED.values(), ids=SEATS_REFUSED)
def test_a_wager_outside_the_table_limits_is_refused(seats, message):
    with pytest.raises(WagerError, match=message):
        check_seats(_rules(5, 100), "main", seats)


def _round_placing(own_maximum=None):
    info = SimpleNamespace(wagers=("main", "side"), wager_maximum=own_maximum)
    return SimpleNamespace(rules=_rules(5, 100), game=SimpleNamespace(info=info))


LIMITS_TAKEN = {"the main wager at the minimum": (None, "main", "5.00"), "at the maximum": (None, "main", "100.00"),
                "a side wager below the minimum": (None, "side", "1.00"),
                "at the wager's own maximum": (lambda rnd, seat, name: 25, "side", "25.00"),
                "a wager without its own maximum": (lambda rnd, seat, name: None, "side", "100.00")}
LIMITS_REFUSED = {"below the minimum": (None, "main", "4.99", "below the table minimum"),
                  "above the maximum": (None, "side", "100.01", "above the table maximum"),
                  "above the wager's own maximum": (lambda rnd, seat, name: 25, "side", "25.01",
                                                    r"^seat 1 side=25\.01: above that wager's own maximum 25 under")}


@pytest.mark.parametrize("own, name, amount", LIMITS_TAKEN.values(), ids=LIMITS_TAKEN)
def test_a_wager_a_round_places_within_its_limits_is_taken(own, name, amount):
    check_limits(_round_placing(own), 1, name, Decimal(amount))


@pytest.mark.parametrize("own, name, amount, message", LIMITS_REFUSED.values(), ids=LIMITS_REFUSED)
def test_a_wager_a_round_places_outside_its_limits_is_refused(own, name, amount, message):
    with pytest.raises(WagerError, match=message):
        check_limits(_round_placing(own), 1, name, Decimal(amount))


RULES_REFUSED = {
    "a Decimal": ({"table_minimum": Decimal("5")}, r"table_minimum must be .* \(write it as a plain number\)"),
    "zero": ({"table_minimum": 0}, r"table_minimum must be .* \(not a positive amount\)"),
    "half a cent": ({"table_maximum": 0.005}, r"table_maximum must be .* \(not a whole number of cents\)"),
    "the minimum above the maximum": ({"table_minimum": 100.01, "table_maximum": 100},
                                      "^table_minimum 100.01 is above table_maximum 100$"),
}


@pytest.mark.parametrize("options, message", RULES_REFUSED.values(), ids=RULES_REFUSED)
def test_table_limits_in_the_rules_are_amounts_the_minimum_at_most_the_maximum(options, message):
    with pytest.raises(ValueError, match=message):
        BlackjackRules(**options)


def test_a_table_whose_minimum_is_its_maximum_is_allowed():
    rules = BlackjackRules(table_minimum=50, table_maximum=50)
    assert (rules.table_minimum, rules.table_maximum) == (50, 50)


# -- a Double Down's addition ----------------------------------------------------------------------------------------
def _doubling(maximum, asked=None):
    """A round whose acting decision is ``double`` (``double=ASKED``), at a table of that maximum."""
    notes = []
    return SimpleNamespace(acting=SimpleNamespace(word="double" if asked is None else f"double={asked}", amount=asked),
                           spec=SimpleNamespace(cite_text=lambda cite: f"{cite} text"),
                           rules=_rules(maximum=maximum), note=notes.append, notes=notes)


ADDED = {  # maximum, asked, current, original, equal: the amount added, and whether a note says it is less
    "the original": (100, None, "10.00", "10.00", False, "10.00", False),
    "less, asked for": (100, 4, "10.00", "10.00", False, "4.00", False),
    "the original, asked for": (100, 10, "10.00", "10.00", False, "10.00", False),
    "exactly up to the maximum": (20, None, "10.00", "10.00", False, "10.00", False),
    "exactly up to the maximum, equal": (20, None, "10.00", "10.00", True, "10.00", False),
    "what the maximum leaves": (15, None, "10.00", "10.00", False, "5.00", True),
    "a cent the maximum leaves": (10.01, None, "10.00", "10.00", False, "0.01", True),
    "the original of a wager already added to": (100, None, "20.00", "10.00", False, "10.00", False),
}
REFUSED_ADDITIONS = {  # maximum, asked, current, original, equal: the refusal
    "half a cent": (100, 0.005, "10.00", "10.00", False,
                    r"^double=0.005: 0\.005 is not a whole number of cents — x text$"),
    "nothing": (100, 0, "10.00", "10.00", False, "^double=0: 0 is not a positive amount — x text$"),
    "more than the original": (100, 10.01, "10.00", "10.00", False,
                               "a Double Down Wager may be at most the original 10 — x text$"),
    "less when it must be equal": (100, 5, "10.00", "10.00", True, "a Double Down Wager may be at most 10 — x text$"),
    "more when it must be equal": (100, 11, "10.00", "10.00", True, "a Double Down Wager may be at most 10 — "),
    "asked for more than the maximum leaves": (15, 10, "10.00", "10.00", False,
                                               "the wager of 10 would become 20, above the table maximum 15 "),
    "equal, past the maximum": (15, None, "10.00", "10.00", True, "would become 20, above the table maximum 15 "),
    "no room at all": (10, None, "10.00", "10.00", False, r"would become 20, above the table maximum 10 \(Rules"),
}


@pytest.mark.parametrize("maximum, asked, current, original, equal, added, noted", ADDED.values(), ids=ADDED)
def test_a_double_down_adds_at_most_the_original_and_never_passes_the_maximum(maximum, asked, current, original,
                                                                               equal, added, noted):
    rnd = _doubling(maximum, asked)
    equal_only = {"equal": True} if equal else {}  # may be for less unless told otherwise
    _same_amount(addition(rnd, Decimal(current), Decimal(original), "x", **equal_only), Decimal(added))
    assert bool(rnd.notes) is noted
    if noted:
        assert rnd.notes == [f"Double Down Wager of {brief(Decimal(added))}, not {brief(Decimal(original))}: the table "
                             f"maximum {brief(maximum)} leaves no more (§ 601a.2)"]


@pytest.mark.parametrize("maximum, asked, current, original, equal, message", REFUSED_ADDITIONS.values(),
                         ids=REFUSED_ADDITIONS)
def test_a_double_down_that_cannot_be_made_is_refused_citing_the_rule(maximum, asked, current, original, equal,
                                                                       message):
    rnd = _doubling(maximum, asked)
    with pytest.raises(IllegalAction, match=message):
        addition(rnd, Decimal(current), Decimal(original), "x", **({"equal": True} if equal else {}))
    assert rnd.notes == []


@pytest.mark.parametrize("value", [-(10 ** 16), -(10 ** 100)], ids=["-10^16", "-10^100"])
def test_a_huge_negative_whole_number_is_no_positive_amount_and_keeps_its_sign(value):
    """Refused for its sign, not for its size; and read as a negative number (it was read as 10^15 + 1)."""
    assert amount_problem(value) == "not a positive amount"
    assert exactly(value) < 0
