"""The tally (:mod:`pa_table_games.simulation.tally`) turns a simulation's rounds into the figures analysts publish:
each wager's house edge, its sd and 95 % interval, and the skewness Cochran's rule judges that interval by. If it broke,
``simulate`` would print figures that no longer follow from its rounds (a sum a cent off after many rounds, a run
dealt in chunks that disagrees with one dealt whole, an Insurance Wager measured over rounds it was not placed in, an
interval too narrow for a few rounds, a caution missing) and only the slow end-to-end runs would show a little of it.
Each case below works the figures out again from the rounds themselves, in fractions, and compares."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction
from statistics import NormalDist, stdev
from types import SimpleNamespace

import pytest

from pa_table_games.simulation.tally import (
    SUMS,
    Tally,
    WagerEdge,
    initial_by_name,
    interval_caution,
    interval_words,
    skewness_of,
)

#: Student's t, two-sided 95 % (upper 0.025 point), by degrees of freedom: NIST/SEMATECH e-Handbook of Statistical
#: Methods, section 1.3.6.7.2, "Critical values of Student's t distribution with nu degrees of freedom"
STUDENT_T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 19: 2.093, 29: 2.045}
NORMAL_975 = NormalDist().inv_cdf(0.975)

# A round: its initial amounts, (seat, wager) -> dollars before the deal, and its settlement rows, each
# (seat, wager, amount, net) in dollars; a row whose (seat, wager) is not among the initial ones was placed during it.
BJ = {(1, "blackjack"): "10"}
BJ_AND_SIDE = {(1, "blackjack"): "10", (1, "lucky_ladies"): "5"}
TWO_SEATS = {(1, "blackjack"): "10", (2, "blackjack"): "25", (2, "lucky_ladies"): "5"}
BIG = {(1, "blackjack"): "25"}

ROUND_SETS = {
    "a flat bet won, lost and pushed": [
        (BJ, [(1, "blackjack", "10", "10")]), (BJ, [(1, "blackjack", "10", "-10")]),
        (BJ, [(1, "blackjack", "10", "0")]), (BJ, [(1, "blackjack", "10", "15")]),
    ],
    "a double lost and a split's two hands": [
        (BJ, [(1, "blackjack", "20", "-20")]),
        (BJ, [(1, "blackjack", "10", "10"), (1, "blackjack", "20", "-20")]),
        (BJ, [(1, "blackjack", "10", "-10")]),
    ],
    "insurance placed in some rounds only": [
        (BJ, [(1, "insurance", "5", "10"), (1, "blackjack", "10", "-10")]),
        (BJ, [(1, "blackjack", "10", "10")]),
        (BJ, [(1, "insurance", "5", "-5"), (1, "blackjack", "10", "15")]),
        (BJ, [(1, "blackjack", "10", "-10")]),
    ],
    "two seats and a side wager": [
        (TWO_SEATS, [(1, "blackjack", "10", "-10"), (2, "blackjack", "25", "25"), (2, "lucky_ladies", "5", "-5")]),
        (TWO_SEATS, [(1, "blackjack", "10", "15"), (2, "blackjack", "25", "-25"), (2, "lucky_ladies", "5", "125")]),
        (TWO_SEATS, [(2, "blackjack", "25", "0"), (1, "blackjack", "10", "10"), (2, "lucky_ladies", "5", "-5")]),
    ],
    "a side wager placed but never settled nets nothing": [
        (BJ_AND_SIDE, [(1, "blackjack", "10", "10")]),
        (BJ_AND_SIDE, [(1, "blackjack", "10", "-10"), (1, "lucky_ladies", "5", "-5")]),
    ],
    "the amounts change between rounds": [
        (BJ, [(1, "blackjack", "10", "10")]), (BJ, [(1, "blackjack", "10", "-10")]),
        (BIG, [(1, "blackjack", "25", "-25")]), (BIG, [(1, "blackjack", "25", "37.50")]),
        (BJ, [(1, "blackjack", "10", "-10")]),
    ],
    "insurance between rounds counted by their nets": [
        (BJ_AND_SIDE, [(1, "blackjack", "10", "10"), (1, "lucky_ladies", "5", "-5")]),
        (BJ_AND_SIDE, [(1, "blackjack", "10", "10"), (1, "lucky_ladies", "5", "-5")]),
        (BJ_AND_SIDE, [(1, "insurance", "5", "-5"), (1, "blackjack", "10", "-10"), (1, "lucky_ladies", "5", "-5")]),
        (BJ_AND_SIDE, [(1, "blackjack", "10", "-10"), (1, "lucky_ladies", "5", "45")]),
    ],
    "cents": [
        (BJ, [(1, "blackjack", "10", "0.01")]), (BJ, [(1, "blackjack", "10", "-0.03")]),
        (BJ, [(1, "blackjack", "10", "0.07")]),
    ],
}


def row(seat: int, wager: str, amount: str, net: str) -> SimpleNamespace:
    """A settlement row as :meth:`Tally.add` reads it."""
    return SimpleNamespace(seat=seat, wager=wager, amount=Decimal(amount), net=Decimal(net))


def money(initial: dict) -> dict:
    return {key: Decimal(amount) for key, amount in initial.items()}


def by_rows(rounds) -> Tally:
    """The rounds added as the simulation adds rounds it logs: :meth:`Tally.add` with their settlement rows."""
    tally = Tally()
    for initial, rows in rounds:
        tally.add(money(initial), [row(*r) for r in rows])
    return tally


def by_totals(rounds) -> Tally:
    """The rounds added as the fast path adds them: :meth:`Tally.add_totals` with ``Round.totals()``, the initial
    amounts by name the same object from round to round while they stay the same (as ``deal_tally`` gives them)."""
    tally, by_name = Tally(), {}
    for initial, rows in rounds:
        named = by_name.setdefault(id(initial), initial_by_name(money(initial)))
        nets, placed_later = {}, []
        for seat, wager, amount, net in rows:
            nets[wager] = nets.get(wager, 0) + Decimal(net)
            if (seat, wager) not in initial:
                placed_later.append((wager, Decimal(amount)))
        tally.add_totals(named, nets, placed_later)
    return tally


def cents(dollars: str) -> int:
    value = Decimal(dollars) * 100
    assert value == int(value)
    return int(value)


def pairs_of(rounds) -> dict[str, list[tuple[int, int]]]:
    """Wager name ("" for the total) -> (net, initial amount) in cents of each round it was placed in, worked out
    from the module docstring's definitions: nets summed over hands and seats, the initial amount as placed before
    the deal, or when placed for a wager placed during the round; the total over every round and wager."""
    pairs: dict[str, list[tuple[int, int]]] = {}
    for initial, rows in rounds:
        x: dict[str, int] = {}
        y: dict[str, int] = {}
        for (_, name), amount in initial.items():
            y[name] = y.get(name, 0) + cents(amount)
        for seat, wager, amount, net in rows:
            x[wager] = x.get(wager, 0) + cents(net)
            if (seat, wager) not in initial:
                y[wager] = y.get(wager, 0) + cents(amount)
        for name in y:
            pairs.setdefault(name, []).append((x.get(name, 0), y[name]))
        pairs.setdefault("", []).append((sum(x.values()), sum(y.values())))
    return pairs


def moments(pairs: list[tuple[int, int]]) -> list[int]:
    """[rounds, Σx, Σy, Σx², Σy², Σxy, Σx³, Σx²y, Σxy², Σy³]."""
    powers = ((1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (3, 0), (2, 1), (1, 2), (0, 3))
    return [len(pairs), *(sum(x ** i * y ** j for x, y in pairs) for i, j in powers)]


def reference(pairs: list[tuple[int, int]], top: int | None = None) -> SimpleNamespace:
    """The figures of the module docstring, worked out round by round in fractions: the edge ``-R``, the sd of
    ``d = x - R y`` per unit, the interval with Student's t (from the table above) or the normal quantile, and the
    skewness ``g1`` of ``d``, at least what ``top`` would give at the rule of three's frequency ``3 / n``."""
    n = len(pairs)
    ratio = Fraction(sum(x for x, _ in pairs), sum(y for _, y in pairs))
    d = [x - ratio * y for x, y in pairs]
    sd = math.sqrt(sum(v * v for v in d) / (n - 1)) / (sum(y for _, y in pairs) / n)
    edge = -float(ratio)
    half = (STUDENT_T_975[n - 1] if n <= 30 else NORMAL_975) * sd / math.sqrt(n)
    second, third = sum(v ** 2 for v in d) / n, sum(v ** 3 for v in d) / n
    g1 = float(third) / float(second) ** 1.5
    if top:
        rare = min(Fraction(3, n), Fraction(1))
        g1 = max(g1, float(rare * top ** 3) / float(second + rare * top ** 2) ** 1.5)
    return SimpleNamespace(edge=edge, sd=sd, ci95=(edge - half, edge + half), skewness=g1,
                           rounds_for_interval=math.ceil(25 * g1 * g1))


def flat(nets: list[str], amount: str = "10") -> list:
    """Rounds of one $``amount`` wager ``w`` netting ``nets`` in turn."""
    return [({(1, "w"): amount}, [(1, "w", amount, net)]) for net in nets]


# -- the sums ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", ROUND_SETS.values(), ids=ROUND_SETS)
@pytest.mark.parametrize("add", [by_rows, by_totals], ids=["by rows", "by totals"])
def test_the_sums_are_those_of_the_rounds_worked_out_one_by_one(add, rounds):
    tally = add(rounds)
    assert tally.rounds == len(rounds)
    assert tally.sums == {name: moments(pairs) for name, pairs in pairs_of(rounds).items()}
    assert all(len(sums) == SUMS for sums in tally.sums.values())


@pytest.mark.parametrize("rounds", ROUND_SETS.values(), ids=ROUND_SETS)
def test_rounds_added_by_their_totals_read_as_rounds_added_by_their_rows(rounds):
    """The same sums, and the wagers in the same order: the order the report lists them in."""
    assert list(by_totals(rounds).sums.items()) == list(by_rows(rounds).sums.items())


def test_more_distinct_rounds_than_are_counted_before_adding_still_sum_exactly():
    rounds = flat([f"{net / 100:.2f}" for net in range(-3000, 3000)])
    assert by_totals(rounds).sums == by_rows(rounds).sums == {"w": moments(pairs_of(rounds)["w"]),
                                                             "": moments(pairs_of(rounds)[""])}


def test_a_dime_won_a_hundred_thousand_times_is_exactly_ten_thousand_dollars():
    """Whole cents, not floats: 100,000 additions of 0.1 in floating point drift off 10,000."""
    assert sum(0.1 for _ in range(100_000)) != 10_000
    tally, initial = Tally(), {"w": Decimal("10")}
    for _ in range(100_000):
        tally.add_totals(initial, {"w": Decimal("0.10")}, [])
    edge = tally.edge("w")
    assert (edge.net, edge.initial_wagered, edge.rounds) == (Decimal("10000.00"), Decimal("1000000.00"), 100_000)
    assert tally.sums["w"][:3] == [100_000, 1_000_000, 100_000_000]


def test_a_wager_counts_only_the_rounds_it_was_placed_in_and_the_total_every_round():
    rounds = ROUND_SETS["insurance placed in some rounds only"]
    for tally in (by_rows(rounds), by_totals(rounds)):
        assert (tally.edge("insurance").rounds, tally.edge("blackjack").rounds, tally.edge().rounds) == (2, 4, 4)
        assert tally.edge("insurance").initial_wagered == Decimal("10.00")  # its amount when placed, twice
        assert tally.edge().initial_wagered == Decimal("50.00")
        assert tally.edge().net == Decimal("10.00")


def test_a_split_or_doubled_hand_adds_to_the_net_and_not_to_the_initial_amount():
    tally = by_rows(ROUND_SETS["a double lost and a split's two hands"])
    edge = tally.edge("blackjack")
    assert (edge.initial_wagered, edge.net) == (Decimal("30.00"), Decimal("-40.00"))


def test_the_initial_amounts_by_name_add_the_seats_together():
    initial = money(TWO_SEATS)
    assert initial_by_name(initial) == {"blackjack": Decimal("35"), "lucky_ladies": Decimal("5")}
    assert list(initial_by_name(initial)) == ["blackjack", "lucky_ladies"]
    assert initial_by_name({}) == {}


# -- merging chunks ---------------------------------------------------------------------------------------------


def chunks() -> tuple[list, list]:
    """Two chunks of rounds, the second with a wager (Insurance) the first never saw."""
    rounds = ROUND_SETS["a flat bet won, lost and pushed"] + ROUND_SETS["insurance placed in some rounds only"]
    return rounds[:4], rounds[4:]


@pytest.mark.parametrize("add", [by_rows, by_totals], ids=["by rows", "by totals"])
@pytest.mark.parametrize("first_done", [0, 1], ids=["in order", "the second chunk first"])
def test_merged_chunks_read_as_one_tally_of_all_their_rounds(add, first_done):
    parts = chunks()
    whole = by_rows(parts[0] + parts[1])
    first, second = add(parts[first_done]), add(parts[1 - first_done])
    first.engines, second.engines = {"fast": first.rounds}, {"fast": second.rounds, "compiled": 1}
    merged = first.merge(second)
    assert merged is first
    assert merged.sums == whole.sums and merged.rounds == whole.rounds == 8
    assert merged.engines == {"fast": 8, "compiled": 1}
    for name in ("", "blackjack", "insurance"):
        assert merged.edge(name) == whole.edge(name)


def test_a_tally_rebuilt_from_what_a_worker_sends_merges_as_the_tally_itself():
    """Workers send (rounds, sums, engines); the runner sets them on a new tally and merges it."""
    parts = chunks()
    sent = by_totals(parts[1])
    sent.engines = {"compiled": sent.rounds}
    received = Tally()
    received.rounds, received.sums, received.engines = sent.rounds, sent.sums, sent.engines
    merged = by_totals(parts[0]).merge(received)
    assert (merged.rounds, merged.sums, merged.engines) == (8, by_rows(parts[0] + parts[1]).sums, {"compiled": 4})


def test_setting_a_tallys_sums_replaces_all_it_held_rounds_not_yet_added_among_them():
    tally = by_totals(flat(["10", "-10"]))
    tally.sums = {}
    assert tally.sums == {}


# -- the edge, its sd and interval -------------------------------------------------------------------------------

FIGURES = {
    "two rounds (t with 1 degree of freedom)": (flat(["10", "-10"]), "w", None),
    "four rounds, a double among them": (flat(["10", "-10", "15", "-20"]), "w", None),
    "ten rounds": (flat(["10", "-10", "-10", "10", "15", "-10", "0", "-10", "-20", "10"]), "w", None),
    "thirty rounds (the last t)": (flat(["10", "-10", "-10", "15", "0"] * 6), "w", None),
    "thirty-one rounds (the normal quantile)": (flat(["10", "-10", "-10", "15", "0"] * 6 + ["20"]), "w", None),
    "a rare large win, twenty rounds": (flat(["-5"] * 19 + ["500"], "5"), "w", None),
    "unequal amounts: insurance": (ROUND_SETS["insurance between rounds counted by their nets"], "", None),
    "unequal amounts: two seats": (ROUND_SETS["two seats and a side wager"], "blackjack", None),
    "unequal amounts, the total": (ROUND_SETS["the amounts change between rounds"], "", None),
    "a top payout never dealt, two rounds": (flat(["10", "-10"]), "w", 1_001_000),
    "a top payout never dealt, ten rounds": (flat(["10", "-10"] * 5), "w", 1_001_000),
    "a top payout smaller than the skew dealt": (flat(["-5"] * 19 + ["500"], "5"), "w", 1000),
}


@pytest.mark.parametrize("rounds, name, top", FIGURES.values(), ids=FIGURES)
def test_the_edge_sd_interval_and_skewness_are_those_of_the_rounds(rounds, name, top):
    want = reference(pairs_of(rounds)[name], top)
    for tally in (by_rows(rounds), by_totals(rounds)):
        edge = tally.edge(name, top)
        assert edge.wager == (name or "total")
        assert edge.rounds == len(pairs_of(rounds)[name])
        assert edge.house_edge == pytest.approx(want.edge, rel=1e-12, abs=1e-15)
        assert edge.sd == pytest.approx(want.sd, rel=1e-9)
        assert edge.ci95 == pytest.approx(want.ci95, rel=1e-9, abs=1e-12)
        assert edge.skewness == pytest.approx(want.skewness, rel=1e-9)
        assert edge.rounds_for_interval == want.rounds_for_interval


def test_a_flat_bets_sd_is_the_standard_deviation_of_its_net_per_unit():
    nets = ["10", "-10", "-10", "15", "0", "-10", "10"]
    assert by_rows(flat(nets)).edge("w").sd == pytest.approx(stdev(float(net) / 10 for net in nets), rel=1e-12)


def _student_t_cdf(t: float, df: int, steps: int = 2000) -> float:
    """P(T <= t), T Student's t with ``df`` degrees of freedom: its density integrated by Simpson's rule."""
    scale = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) * math.gamma(df / 2))
    h = t / steps
    area = sum((1 if i in (0, steps) else 4 if i % 2 else 2) * (1 + (i * h) ** 2 / df) ** (-(df + 1) / 2)
               for i in range(steps + 1))
    return 0.5 + scale * area * h / 3


@pytest.mark.parametrize("n", range(2, 41))
def test_the_interval_takes_students_t_up_to_thirty_rounds_and_the_normal_quantile_after(n):
    """The interval's half width is quantile · sd / √n; the quantile's three decimals hold the t distribution's
    97.5 % point with n - 1 degrees of freedom (12.706 for two rounds), then 1.96."""
    edge = by_totals(flat(["10", "-10", "15"] * 14)[:n]).edge("w")
    quantile = (edge.ci95[1] - edge.ci95[0]) / 2 * math.sqrt(n) / edge.sd
    if n > 30:
        assert quantile == pytest.approx(NORMAL_975, rel=1e-12)
        return
    assert _student_t_cdf(quantile - 0.0005, n - 1) < 0.975 < _student_t_cdf(quantile + 0.0005, n - 1)
    if n - 1 in STUDENT_T_975:
        assert quantile == pytest.approx(STUDENT_T_975[n - 1], rel=1e-12)


def reference_edge(rounds, name: str) -> float:
    pairs = pairs_of(rounds)[name]
    return -sum(x for x, _ in pairs) / sum(y for _, y in pairs)


NO_INTERVAL = {
    "one round": (flat(["10"]), "w"),
    "two Push 22 Wagers lost": (flat(["-10", "-10"]), "w"),
    "three wins at 3 to 2": (flat(["15", "15", "15"]), "w"),
    "insurance placed twice in four rounds, won both times": (
        ROUND_SETS["insurance placed in some rounds only"][:2] * 2, "insurance"),
}


@pytest.mark.parametrize("rounds, name", NO_INTERVAL.values(), ids=NO_INTERVAL)
def test_rounds_that_show_no_spread_give_no_interval(rounds, name):
    edge = by_totals(rounds).edge(name, top=1_001_000)
    assert edge.house_edge == pytest.approx(reference_edge(rounds, name))
    assert (edge.ci95, edge.skewness, edge.rounds_for_interval) == (None, None, None)
    assert interval_caution(edge) is None
    assert interval_words(edge.ci95) == "no 95 % interval (it needs two rounds or more that did not all net alike)"


def test_two_wins_at_7_to_5_show_no_spread_and_give_no_interval():
    """The rounds all netted alike: no interval (it was [-140.000 %, -140.000 %] while the spread was told in floating
    point, where 7 / 5 is inexact), as the skewness already said."""
    edge = by_totals(flat(["14", "14"])).edge("w")
    assert edge.ci95 is None


def test_a_single_cent_of_spread_gives_an_interval():
    edge = by_totals(flat(["0", "0.01"])).edge("w")
    assert edge.ci95 is not None and edge.ci95[0] < edge.house_edge < edge.ci95[1]
    assert edge.skewness == 0 and edge.rounds_for_interval == 0


def test_a_wager_never_placed_has_no_edge():
    tally = by_rows(flat(["10", "-10"]))
    assert tally.edge("insurance") == WagerEdge("insurance", 0, Decimal(0), Decimal(0), None, None, None)
    assert Tally().edge() == WagerEdge("total", 0, Decimal(0), Decimal(0), None, None, None)


def test_a_net_of_nothing_is_an_edge_of_zero_not_minus_zero():
    edge = by_rows(flat(["10", "-10", "0"])).edge("w")
    assert edge.house_edge == 0 and math.copysign(1, edge.house_edge) == 1


def test_sums_kept_without_the_third_powers_give_an_interval_but_no_skewness():
    """Sums of six, as kept before the third powers were: the edge and interval stand, the skewness is not known."""
    full = by_rows(flat(["10", "-10", "15"]))
    old = Tally()
    old.rounds, old.sums = full.rounds, {"w": full.sums["w"][:6]}
    edge, want = old.edge("w"), full.edge("w")
    assert (edge.house_edge, edge.sd, edge.ci95) == (want.house_edge, want.sd, want.ci95)
    assert (edge.skewness, edge.rounds_for_interval) == (None, None)


# -- skewness and Cochran's rule ------------------------------------------------------------------------------


SKEWED = {
    "flat, a rare large win": (flat(["-5"] * 19 + ["500"], "5"), "w"),
    "flat, a rare large loss": (flat(["5"] * 19 + ["-500"], "5"), "w"),
    "unequal amounts": (ROUND_SETS["insurance between rounds counted by their nets"], ""),
}


@pytest.mark.parametrize("rounds, name", SKEWED.values(), ids=SKEWED)
@pytest.mark.parametrize("top", [None, 0, 1000, 100_000], ids=["no top", "a top of 0", "a small top", "a large top"])
def test_the_skewness_is_the_rounds_own_or_at_least_what_an_unseen_top_payout_gives(rounds, name, top):
    sums = by_rows(rounds).sums[name]
    assert skewness_of(sums, top) == pytest.approx(reference(pairs_of(rounds)[name], top).skewness, rel=1e-12)


def test_the_rule_of_three_never_makes_an_unseen_payout_more_frequent_than_every_round():
    """Two rounds: 3 / n would be 1.5; the frequency is 1 at most."""
    sums = by_rows(flat(["10", "-10"])).sums["w"]
    top = 1_001_000
    assert skewness_of(sums, top) == pytest.approx(top ** 3 / (1000 ** 2 + top ** 2) ** 1.5, rel=1e-12)


def test_sums_that_show_no_spread_have_no_skewness():
    assert skewness_of(by_rows(flat(["-10", "-10"])).sums["w"]) is None
    assert skewness_of(by_rows(flat(["-10", "-10"])).sums["w"], top=1_001_000) is None


def caution_for(rounds: int, needed: int | None, skewness: float | None = 12.5) -> str | None:
    return interval_caution(WagerEdge("lucky_ladies", rounds, Decimal(0), Decimal(0), -0.1, 5.0, (-0.2, 0.0),
                                      skewness, needed))


def test_a_caution_names_the_wager_the_rule_and_the_rounds_when_they_fall_short():
    assert caution_for(3_905, 3_907) == (
        "lucky_ladies: its 95 % interval is not to be trusted yet: Cochran's rule (n > 25 g1²) asks about 3,907 "
        "rounds placed for a net this skewed (g1 12.5, its top payout counted even where not dealt), and it was "
        "placed in 3,905")


@pytest.mark.parametrize("rounds, needed", [(3_907, 3_907), (10_000, 3_907), (2, None)],
                         ids=["as many rounds as asked", "more", "no skewness known"])
def test_no_caution_where_the_rounds_suffice_or_the_skewness_is_unknown(rounds, needed):
    assert caution_for(rounds, needed) is None


def test_the_rounds_the_rule_asks_are_25_times_the_squared_skewness_rounded_up():
    edge = by_rows(flat(["-5"] * 19 + ["500"], "5")).edge("w")
    assert edge.rounds_for_interval == math.ceil(25 * edge.skewness ** 2) > edge.rounds
    assert interval_caution(edge) is not None


# -- how a result is written ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ci95, words", [((0.00123, 0.00456), "95 % interval [0.123 %, 0.456 %]"),
                                         ((-0.5, 0.25), "95 % interval [-50.000 %, 25.000 %]")],
                         ids=["small", "negative"])
def test_an_interval_is_written_in_percent_to_three_decimals(ci95, words):
    assert interval_words(ci95) == words


@pytest.mark.parametrize("nets", [["10", "-10", "15"], ["10"]], ids=["with an interval", "without"])
def test_a_wager_edge_as_json_holds_its_figures_and_exact_cents(nets):
    edge = by_rows(flat(nets)).edge("w", top=1_001_000)
    doc = json.loads(json.dumps(edge.to_json()))
    assert doc == {"wager": "w", "rounds": edge.rounds, "initial_wagered": float(edge.initial_wagered),
                   "net": float(edge.net), "initial_wagered_cents": 1000 * len(nets),
                   "net_cents": sum(cents(net) for net in nets), "house_edge": edge.house_edge, "sd": edge.sd,
                   "ci95": None if edge.ci95 is None else list(edge.ci95), "skewness": edge.skewness,
                   "rounds_for_interval": edge.rounds_for_interval}
