"""What is priced is what is played: every Rules option that changes a decision or a payout moves the
simulated edge as the exact analysis says it does.

For each such option of the Blackjack (§ 633a.7) and Double Down Madness (§ 692.7) Rules, the exact edge of
the analysis' own strategy (``computed`` for Blackjack; for Double Down Madness each hand played as the
composition-dependent analysis plays it) is compared with rounds of that same strategy dealt through the
machine under that option. A continuous shuffle, as the analysis assumes: every round is dealt from a fresh
shoe shuffled from its own seed, and the same seeds deal the rounds with and without the option (paired
rounds: each round of the option is the same shoe as its round of the defaults, so most of the luck
cancels). Each option's EFFECT (its edge minus the defaults' edge) must agree with the exact effect within
three standard errors of the paired differences, and the defaults' edge with the exact one within three
standard errors. A payout broken in the simulation only (6 to 5 where 3 to 2 is filed) must fail the check.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import attrs
import numpy as np
import pytest

from pa_table_games.analysis.blackjack import BlackjackAnalysis
from pa_table_games.analysis.double_down_madness import DOUBLE, HIT, DoubleDownMadnessAnalysis
from pa_table_games.analysis.hands import EMPTY, plus
from pa_table_games.games import load_game
from pa_table_games.games.blackjack.hand import POINTS
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules
from pa_table_games.money import ZERO, times
from pa_table_games.runtime.round import Round
from pa_table_games.strategies import get_strategy

#: Options the exact analysis prices, with the value checked against the default.
PRICED = {
    BlackjackRules: {"blackjack_pays": "6:5", "double_on": ("ten_eleven", "nine_ten_eleven"),
                     "double_after_split": False, "split_max_hands": 2, "resplit_aces": True,
                     "split_aces_one_card": False, "surrender": "none", "decks": 2},
    DoubleDownMadnessRules: {"suited_blackjack_pays": "3:2", "blackjack_pays": "6:5", "max_double_downs": 1,
                             "decks": 2},
}
#: Options that change no decision and no payout of the main wager as the analysis' strategy plays it.
NOT_PRICED = {
    BlackjackRules: {
        "double_shoe": "which side deals, not what is dealt: each side is a shuffled shoe of the same decks",
        "positions": "the analysis and this check play one box; other boxes do not change a continuous shuffle",
        "shuffle": "the analysis assumes a continuous shuffle; this check deals every round from a fresh shoe",
        "cover_card_depth_decks": "where the reshuffle comes: no cover card is reached in a fresh shoe's round",
        "blackjack_vs_ace_or_ten": "when a player Blackjack is paid (at once or after the hole card), not how much",
        "insurance": "the computed strategy never takes Insurance or even money",
        "insurance_max": "the computed strategy never takes Insurance",
        "insurance_pays": "the computed strategy never takes Insurance",
        "settlement": "the order wagers are collected and paid in, not the amounts",
        "paytables": "optional wagers' pay tables; the analysis prices the Blackjack Wager",
        "crown_treasure_bonus": "an optional wager's bonus ((g)(4))",
        "blackjack_switch": "the Super Match optional wager's table ((g)(7))",
        "house_money_portion": "an optional wager's payout added to the Blackjack Wager ((g)(10))",
        "bad_beat_any_20": "an optional progressive wager ((o)(1))",
        "magic_card_bonus": "an optional progressive wager's bonus ((o)(1))",
        "lucky_player_bonus": "an optional progressive wager's bonus ((o)(1))",
        "progressive_rate": "progressive meters, optional wagers",
        "progressive_reset": "progressive meters, optional wagers",
        "table_minimum": "the wager's limits, not its play",
        "table_maximum": "the wager's limits, not its play",
    },
    DoubleDownMadnessRules: {
        "positions": "the analysis and this check play one box; other boxes do not change a continuous shuffle",
        "shuffle": "the analysis assumes a continuous shuffle; this check deals every round from a fresh shoe",
        "cover_card_depth_decks": "where the reshuffle comes: no cover card is reached in a fresh shoe's round",
        "push_22_pays": "the Push 22 wager, a separate wager; the analysis prices the Double Down Madness wager",
        "insurance": "the analysis' play never takes Insurance",
        "insurance_max": "the analysis' play never takes Insurance",
        "insurance_pays": "the analysis' play never takes Insurance",
        "double_down_wager": "the analysis' play doubles the full original wager, which 'equal' and 'up_to' both allow",
        "settlement": "the order wagers are collected and paid in, not the amounts",
        "table_minimum": "the wager's limits, not its play",
        "table_maximum": "the wager's limits, not its play",
    },
}
GAME = {BlackjackRules: "blackjack", DoubleDownMadnessRules: "double-down-madness"}
MAIN = {BlackjackRules: "blackjack", DoubleDownMadnessRules: "double_down_madness"}
#: Rounds per Rules variant in the full check (every variant deals the same seeds), and the seed.
ROUNDS = {BlackjackRules: 150_000, DoubleDownMadnessRules: 150_000}
SEED = 633


def variants(rules_class) -> list[tuple[str, object]]:
    """(option, value) for every priced option value checked."""
    out = []
    for name, values in PRICED[rules_class].items():
        out += [(name, v) for v in (values if isinstance(values, tuple) else (values,))]
    return out


# -- the analysis' play of a Double Down Madness hand ---------------------------------------------------------
class MadnessAsPriced:
    """Each decision exactly as :class:`DoubleDownMadnessAnalysis` plays the hand (its cards, the stake at
    risk, a first-card ace) against the up card: the strategy whose edge the analysis computes."""

    WORDS = {HIT: "hit", DOUBLE: "double"}

    def __init__(self, rules) -> None:
        self.ups = DoubleDownMadnessAnalysis(rules).ups
        self.known: dict[tuple, str] = {}

    def choose(self, rnd, legal) -> str:
        if "insurance=no" in legal:
            return "insurance=no"
        lay = rnd.layout
        hand = rnd.turn
        key = (lay.up_card.rank, tuple(sorted(POINTS[card.rank] for card in hand.cards)), hand.doubles,
               hand.one_card_only)
        word = self.known.get(key)
        if word is None:
            counts = EMPTY
            for points in key[1]:
                counts = plus(counts, points - 1)  # the analysis' rank index: 0 the ace .. 9 the tens
            decision, _ = self.ups[POINTS[key[0]] - 1].best(counts, 1 + hand.doubles, hand.one_card_only)
            word = self.known[key] = self.WORDS.get(decision, "stand")
        return word


def strategy_for(rules):
    if isinstance(rules, BlackjackRules):
        return get_strategy("blackjack", "computed", rules)
    return MadnessAsPriced(rules)


def exact_edge(rules) -> float:
    analysis = BlackjackAnalysis(rules) if isinstance(rules, BlackjackRules) else DoubleDownMadnessAnalysis(rules)
    return float(analysis.house_edge)


# -- paired rounds ---------------------------------------------------------------------------------------------
def returns(rules, rounds: int, seed: int) -> np.ndarray:
    """The main wager's net per unit wagered, round by round; round ``i`` is dealt from a fresh shoe shuffled
    from its own seed, the same for every Rules variant (a continuous shuffle, paired across variants)."""
    kind = type(rules)
    game = load_game(GAME[kind], rules, engine="compiled")
    choose = strategy_for(rules).choose
    main, seats = MAIN[kind], {1: {MAIN[kind]: 10.0}}
    play_out = game.engine.play_out
    out = np.empty(rounds)
    for i in range(rounds):
        table = game.new_table(seed=seed * 10_000_019 + i)
        nets, _ = play_out(Round(game, table, seats, atomic=False, record="totals"), choose).totals()
        out[i] = float(nets[main]) / 10.0
    return out


def cross_check(rules_class, rounds: int, seed: int = SEED, only: list[tuple[str, object]] | None = None,
                ) -> tuple[list[str], list[str]]:
    """``(failures, report)``: the defaults' edge and each option's effect, simulated against exact."""
    base = rules_class()
    base_returns = returns(base, rounds, seed)
    base_exact = exact_edge(base)
    failures, report = [], []
    sim, se = -base_returns.mean(), base_returns.std(ddof=1) / math.sqrt(rounds)
    line = f"{GAME[rules_class]} defaults: exact {base_exact:.5f}, simulated {sim:.5f} +/- {se:.5f}"
    report.append(line)
    if abs(sim - base_exact) > 3 * se:
        failures.append(line)
    for name, value in (only if only is not None else variants(rules_class)):
        rules = attrs.evolve(base, **{name: value})
        exact = exact_edge(rules) - base_exact
        diff = base_returns - returns(rules, rounds, seed)  # house gain of the option, round by round
        effect, se = diff.mean(), diff.std(ddof=1) / math.sqrt(rounds)
        line = f"{GAME[rules_class]} {name}={value}: effect exact {exact:+.5f}, simulated {effect:+.5f} +/- {se:.5f}"
        report.append(line)
        if abs(effect - exact) > 3 * se + 1e-12:
            failures.append(line)
    return failures, report


# -- the tests -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_class", [BlackjackRules, DoubleDownMadnessRules], ids=lambda c: GAME[c])
def test_every_rules_option_is_priced_or_says_why_not(rules_class):
    """A Rules class that gains an option fails here until the option is checked (PRICED) or shown to change
    no decision and no payout the analysis prices (NOT_PRICED, with the reason)."""
    options = {f.name for f in attrs.fields(rules_class)}
    assert set(PRICED[rules_class]) | set(NOT_PRICED[rules_class]) == options
    assert not set(PRICED[rules_class]) & set(NOT_PRICED[rules_class])


@pytest.mark.slow
@pytest.mark.parametrize("rules_class", [BlackjackRules, DoubleDownMadnessRules], ids=lambda c: GAME[c])
def test_what_is_priced_is_what_is_played(rules_class):
    """Every priced option: the simulated effect within 3 standard errors of the exact effect (paired rounds),
    and the defaults' simulated edge within 3 standard errors of the exact edge."""
    failures, report = cross_check(rules_class, ROUNDS[rules_class])
    print("\n".join(report))
    assert failures == [], "\n".join(report)


def paying_6_to_5_for_3_to_2(settle: Callable) -> Callable:
    """Round.settle, but a Blackjack paid at 3 to 2 is paid 6 to 5: a payout broken in the simulation only."""
    def settle_broken(self, wager, outcome, net, cite, off_table=ZERO):
        if outcome == "blackjack" and self.rules.blackjack_pays == "3:2":
            net = times(net, Fraction(4, 5))  # 6:5 where 3:2 is filed: four fifths of the payout
        return settle(self, wager, outcome, net, cite, off_table)
    return settle_broken


@pytest.mark.slow
def test_a_6_to_5_payout_where_3_to_2_is_filed_fails_the_check(monkeypatch):
    """The test of the test: a simulation paying 6 to 5 while the Rules file (and the analysis prices) 3 to 2
    fails the cross-check, both the defaults' edge and the blackjack_pays effect."""
    monkeypatch.setattr(Round, "settle", paying_6_to_5_for_3_to_2(Round.settle))
    failures, report = cross_check(BlackjackRules, 50_000, only=[("blackjack_pays", "6:5"), ("surrender", "none")])
    failed = [line.split(":")[0] for line in failures]
    assert "blackjack blackjack_pays=6" in failed and "blackjack surrender=none" not in failed, report
