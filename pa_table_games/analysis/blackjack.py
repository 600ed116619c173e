"""The Blackjack Wager's exact expectation under total-dependent basic strategy (§ 633a.7, continuous shuffle).

Method. For each dealer up card, every player hand is a multiset of ranks; its value is computed
with all its cards and the up card removed from the shoe, and with the hole card known not to
make a Blackjack when the dealer has peeked ((h), (i)). The strategy is *total-dependent*: one
action per hard total, soft total or pair against each up card, chosen by the expectation
averaged over the two-card hands with that total (weighted by how often they are dealt); hands of
three or more cards hit or stand by their total alone. The strategy is then played on every hand
composition exactly. Decisions are built from the highest totals down, so each uses only
decisions already made.

Splits (§ 633a.11) use the usual independent-hands reading: each split hand is valued with the
other split card(s) removed, and resplits follow the chance of drawing the pair card again,
limited by the most hands allowed; the cards other split hands draw are not removed.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from pa_table_games.analysis.dealer import ACE, RANKS, TEN
from pa_table_games.analysis.report import COLUMNS, cell_code
from pa_table_games.analysis.dealer_cache import DealerTable, full_shoe, peeks
from pa_table_games.analysis.dealer import without_blackjack
from pa_table_games.analysis.hands import (BUST, DOUBLES, EMPTY, EV, Hand, draw_probabilities,
                                           hands_up_to_21, plus, stand_outcome, total)
from pa_table_games.games.blackjack.guards import DOUBLE_ON_TOTALS

STAND, HIT, DOUBLE, SURRENDER_ACTION, SPLIT = "S", "H", "D", "R", "P"
Cell = tuple[str, int]  # ("hard" | "soft", total) or ("pair", rank index)


class UpCard:
    """Every value the strategy needs against one dealer up card."""

    def __init__(self, game: "BlackjackAnalysis", up: int) -> None:
        self.game, self.up, self.rules = game, up, game.rules
        self.peeked = peeks(up)
        self._value: dict[tuple[Hand, Hand], np.ndarray] = {}
        self._stand: dict[tuple[Hand, Hand], np.ndarray] = {}
        self._hit: dict[tuple[Hand, Hand], np.ndarray] = {}
        self._double: dict[tuple[Hand, Hand], np.ndarray] = {}
        self.hit_or_stand: dict[tuple[bool, int], str] = {}
        self.ranking: dict[tuple[bool, int], list[tuple[str, float]]] = {}
        self.pairs: dict[int, list[tuple[str, float]]] = {}
        self._decide()

    # -- probabilities ------------------------------------------------------------------------
    def draws(self, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        removal = tuple(h + e for h, e in zip(hand, extra))
        return draw_probabilities(self.game.dealer.shoe(self.up, removal), self.up, self.peeked)

    def stand(self, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        key = (hand, extra)
        if key not in self._stand:
            player, _ = total(hand)
            if player > 21:
                self._stand[key] = BUST.copy()
            else:
                removal = tuple(h + e for h, e in zip(hand, extra))
                dealer = self.game.dealer.get(self.up, removal)
                self._stand[key] = stand_outcome(player, without_blackjack(dealer) if self.peeked else dealer)
        return self._stand[key]

    # -- playing a hand -----------------------------------------------------------------------
    def value(self, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        """A hand of any size played on by hitting or standing on its total."""
        key = (hand, extra)
        if key in self._value:
            return self._value[key]
        player, soft = total(hand)
        if player > 21:
            out = BUST.copy()
        elif player == 21 or self.hit_or_stand.get((soft, player), STAND) == STAND:
            out = self.stand(hand, extra)
        else:
            out = self.hit(hand, extra)
        self._value[key] = out
        return out

    def hit(self, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        key = (hand, extra)
        if key not in self._hit:
            probs = self.draws(hand, extra)
            self._hit[key] = probs @ np.array([self.value(plus(hand, r), extra) for r in range(RANKS)])
        return self._hit[key]

    def double(self, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        """(k)(2): a Double Down Wager draws one card; the net counts twice the wager."""
        key = (hand, extra)
        if key not in self._double:
            probs = self.draws(hand, extra)
            out = probs @ np.array([self.stand(plus(hand, r), extra) for r in range(RANKS)])
            out[EV] *= 2
            out[DOUBLES] += 1
            self._double[key] = out
        return self._double[key]

    def action(self, name: str, hand: Hand, extra: Hand = EMPTY) -> np.ndarray:
        if name == STAND:
            return self.stand(hand, extra)
        if name == HIT:
            return self.hit(hand, extra)
        if name == DOUBLE:
            return self.double(hand, extra)
        return np.array([-0.5, 0, 0, 0, 1, 0])  # § 633a.9: half the wager is returned

    def may_double(self, hand: Hand, after_split: bool) -> bool:
        allowed = DOUBLE_ON_TOTALS[self.rules.double_on]
        player, soft = total(hand)
        return (allowed is None or (not soft and player in allowed)) and (self.rules.double_after_split or not after_split)

    def play_two(self, hand: Hand, extra: Hand = EMPTY, after_split: bool = False) -> np.ndarray:
        """A two-card hand played by its total's ranking, skipping what the Rules forbid here."""
        player, soft = total(hand)
        if player == 21:
            return self.stand(hand, extra)
        for name, _ in self.ranking[(soft, player)]:
            if name == DOUBLE and not self.may_double(hand, after_split):
                continue
            if name == SURRENDER_ACTION and after_split:
                continue
            return self.action(name, hand, extra)
        raise AssertionError("a ranking always holds stand and hit")

    # -- the strategy ---------------------------------------------------------------------------
    def _two_card_hands(self, soft: bool, player: int) -> list[tuple[Hand, float]]:
        """The two-card hands with this total, weighted by how often they are dealt (pairs only when
        no other two cards make the total: hard 4, hard 20, soft 12)."""
        shoe = full_shoe(self.game.rules.decks)
        shoe[self.up] -= 1
        found, pairs = [], []
        for a in range(RANKS):
            for b in range(a, RANKS):
                hand = plus(plus(EMPTY, a), b)
                if total(hand) != (player, soft):
                    continue
                if a == b:
                    pairs.append((hand, float(shoe[a] * (shoe[a] - 1))))
                else:
                    found.append((hand, float(2 * shoe[a] * shoe[b])))
        return found or pairs

    def _average(self, hands: list[tuple[Hand, float]], name: str) -> float:
        weight = sum(w for _, w in hands)
        return sum(w * self.action(name, h)[EV] for h, w in hands) / weight

    def _decide(self) -> None:
        order = [(False, t) for t in range(20, 10, -1)] + [(True, t) for t in range(20, 11, -1)] + \
                [(False, t) for t in range(10, 3, -1)]
        for cell in order:
            hands = self._two_card_hands(*cell)
            stand, hit = self._average(hands, STAND), self._average(hands, HIT)
            self.hit_or_stand[cell] = HIT if hit > stand else STAND
            choices = [(STAND, stand), (HIT, hit)]
            if any(self.may_double(h, False) for h, _ in hands):
                choices.append((DOUBLE, self._average(hands, DOUBLE)))
            if self.rules.surrender == "late":
                choices.append((SURRENDER_ACTION, -0.5))
            self.ranking[cell] = sorted(choices, key=lambda c: -c[1])
        for rank in range(RANKS):
            hand = plus(EMPTY, rank, 2)
            player, soft = total(hand)
            choices = [(name, self.action(name, hand)[EV]) for name, _ in self.ranking[(soft, player)]
                       if name != DOUBLE or self.may_double(hand, False)]
            if self.rules.split_max_hands >= 2:
                choices.append((SPLIT, self.split(rank)[EV]))
            self.pairs[rank] = sorted(choices, key=lambda c: -c[1])

    # -- § 633a.11 splits -----------------------------------------------------------------------
    def split(self, rank: int) -> np.ndarray:
        """Sum of the outcome vectors of every hand a split of two ``rank`` cards makes."""
        rules = self.rules
        extra = plus(EMPTY, rank)
        probs = self.draws(plus(EMPTY, rank, 2))
        one_card = rank == ACE and rules.split_aces_one_card
        resplit = (rank != ACE or rules.resplit_aces) and rules.split_max_hands > 2

        def finish(second: int) -> np.ndarray:
            hand = plus(plus(EMPTY, rank), second)
            return self.stand(hand, extra) if one_card else self.play_two(hand, extra, after_split=True)

        q = probs[rank]
        other = sum(p * finish(r) for r, p in enumerate(probs) if r != rank and p > 0) / (1 - q)
        same = finish(rank)
        memo: dict[tuple[int, int], np.ndarray] = {}

        def hands(pending: int, made: int) -> np.ndarray:
            """Expected outcome of ``pending`` hands still waiting for a second card."""
            if pending == 0:
                return np.zeros(6)
            if (pending, made) not in memo:
                if resplit and made < rules.split_max_hands:
                    drew_pair = hands(pending + 1, made + 1)
                else:
                    drew_pair = same + hands(pending - 1, made)
                memo[pending, made] = q * drew_pair + (1 - q) * (other + hands(pending - 1, made))
            return memo[pending, made]

        return hands(2, 2)


class BlackjackAnalysis:
    """The Blackjack Wager's exact expectation, strategy and outcome frequencies under ``rules``."""

    def __init__(self, rules, hits_soft_17: bool = False) -> None:
        """§ 633a.7(m): the dealer stands on soft 17; ``hits_soft_17`` answers the same question for a
        dealer who hits it (to compare with published figures), never a Blackjack Rules option."""
        self.rules = rules
        self.dealer = DealerTable(rules.decks, hits_soft_17=hits_soft_17)

    @cached_property
    def ups(self) -> list[UpCard]:
        self._prefetch()
        ups = [UpCard(self, up) for up in range(RANKS)]
        self.dealer.save()
        return ups

    def _prefetch(self) -> None:
        """All removals the analysis reads, computed in batches: every hand of 21 or less, and
        every split hand with its other split card."""
        removals = list(hands_up_to_21())
        if self.rules.split_max_hands >= 2:
            for rank in range(RANKS):
                removals += [plus(h, rank) for h in hands_up_to_21(plus(EMPTY, rank))]
        for up in range(RANKS):
            self.dealer.prefetch(up, removals)

    @cached_property
    def rounds(self) -> dict[str, float]:
        """Expected net and outcome frequencies per round (one Blackjack Wager of one unit)."""
        shoe = full_shoe(self.rules.decks).astype(float)
        size = shoe.sum()
        bj_pays = float(self.rules.blackjack_odds)
        totals = dict.fromkeys(("ev", "player_blackjack", "dealer_blackjack", "both_blackjack", "surrender",
                                "win", "push", "lose", "double", "split", "hands"), 0.0)
        for up, card in enumerate(self.ups):
            p_up = shoe[up] / size
            rest = shoe.copy()
            rest[up] -= 1
            for a in range(RANKS):
                for b in range(a, RANKS):
                    pa = rest[a] / (size - 1)
                    pb = (rest[b] - (a == b)) / (size - 2)
                    p = p_up * pa * pb * (1 if a == b else 2)
                    if p == 0:
                        continue
                    hand = plus(plus(EMPTY, a), b)
                    left = card.game.dealer.shoe(up, hand)
                    dealer_bj = (left[TEN] if up == ACE else left[ACE] if up == TEN else 0) / left.sum()
                    if {a, b} == {ACE, TEN}:
                        totals["ev"] += p * (1 - dealer_bj) * bj_pays
                        totals["player_blackjack"] += p * (1 - dealer_bj)
                        totals["both_blackjack"] += p * dealer_bj
                        totals["hands"] += p
                        continue
                    totals["dealer_blackjack"] += p * dealer_bj
                    totals["ev"] -= p * dealer_bj
                    totals["hands"] += p * dealer_bj
                    played, splits = self._first_decision(card, a, b)
                    w = p * (1 - dealer_bj)
                    totals["ev"] += w * played[EV]
                    for name, idx in (("win", 1), ("push", 2), ("lose", 3), ("surrender", 4), ("double", 5)):
                        totals[name] += w * played[idx]
                    totals["split"] += w * splits
                    totals["hands"] += w * played[1:5].sum()
        return totals

    def _first_decision(self, card: UpCard, a: int, b: int) -> tuple[np.ndarray, float]:
        hand = plus(plus(EMPTY, a), b)
        if a == b and card.pairs[a][0][0] == SPLIT:
            out = card.split(a)
            return out, 1.0
        if a == b:
            name = card.pairs[a][0][0]
            return card.action(name, hand), 0.0
        return card.play_two(hand), 0.0

    @property
    def house_edge(self) -> float:
        return -self.rounds["ev"]

    def strategy_tables(self) -> dict[str, dict[str, list[str]]]:
        """Printable tables: hard 5-20, soft 13-20 and pairs against each up card (2..10, A)."""
        ups = self.ups
        hard = {str(t): [cell_code(ups[u].ranking[(False, t)]) for u in COLUMNS] for t in range(5, 21)}
        soft = {f"A,{t - 11}": [cell_code(ups[u].ranking[(True, t)]) for u in COLUMNS] for t in range(13, 21)}
        names = ["A"] + [str(v) for v in range(2, 11)]
        pairs = {f"{names[r]},{names[r]}": [cell_code(ups[u].pairs[r]) for u in COLUMNS]
                 for r in [0] + list(range(RANKS - 1, 0, -1))}
        return {"hard": hard, "soft": soft, "pair": pairs}

    def to_json(self) -> dict:
        r = self.rounds
        outcomes = {"player blackjack paid": r["player_blackjack"],
                    "dealer blackjack (wager lost)": r["dealer_blackjack"],
                    "both blackjack (push)": r["both_blackjack"],
                    "surrender": r["surrender"], "hands won": r["win"], "hands pushed": r["push"],
                    "hands lost": r["lose"], "double downs": r["double"], "rounds split": r["split"],
                    "hands per round": r["hands"]}
        return {"wager": "blackjack", "section": "§ 633a.7", "decks": self.rules.decks, "strategy_kind": "total-dependent basic strategy",
                "dealer": "dealer hits soft 17" if self.dealer.hits_soft_17 else "dealer stands on soft 17 (§ 633a.7(m))",
                "house_edge": float(self.house_edge),
                "outcomes": {k: float(v) for k, v in outcomes.items()},
                "strategy": self.strategy_tables(),
                "approximations": [SPLIT_READING]}


SPLIT_READING = ("split hands are valued one at a time with the other split cards removed; cards drawn to "
                 "the other split hands are not removed (the usual independent-hands reading)")
