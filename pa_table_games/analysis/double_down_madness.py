"""The Double Down Madness Blackjack wager's exact expectation (§ 692.7, continuous shuffle).

§ 692.7(e): the dealer's hole card, one card to each player, then the dealer's up card; (g) the
dealer peeks on an ace or 10-value up card and a dealer Blackjack collects the wager before the
player's second card. (h)-(l): the player hits or doubles down for the second card, an initial
ace takes one card only, and after that the player may stand, hit or double down again (§ 692.9,
up to the Rules' limit); no split, no surrender. (i) a Blackjack (ace and 10-value card as the
first two cards) is paid at once on the whole wager, Double Down wagers included. (n) the dealer
hits soft 17; (p)(1) a dealer 22 returns every wager still on the table; a busted hand is
collected at once ((o), "remaining" in (p)(1)).

Every hand composition is played optimally with its own cards removed (composition-dependent):
this is the exact optimum. The printed table is the decision for two-card hands by total, with
no Double Down wager made yet, averaged over the two-card hands making that total.
A suited Blackjack (§ 692.10(b)) is one time in four exactly: suits are spread evenly over the
10-value cards whatever ranks were seen.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import numpy as np

from pa_table_games.analysis.dealer import ACE, RANKS, TEN, without_blackjack
from pa_table_games.analysis.dealer_cache import DealerTable, full_shoe, peeks
from pa_table_games.analysis.hands import (BUST, DOUBLES, EMPTY, EV, Hand, draw_probabilities, hands_up_to_21,
                                           plus, stand_outcome, total)
from pa_table_games.analysis.report import COLUMNS

STAND, HIT, DOUBLE = "S", "H", "D"
#: More units than any hand can carry: 21 aces make hard 21, so no hand holds more than 21 cards.
MAX_UNITS = 22
#: The Double Down row of a stake already at § 692.9's limit: never the best choice.
NO_DOUBLE = np.array([[-np.inf, 0, 0, 0, 0, 0]])
#: Row ``s - 1`` scales a one-unit outcome vector to ``s`` units: only the expected net scales.
_UNITS = np.ones((MAX_UNITS, 6))
_UNITS[:, EV] = np.arange(1, MAX_UNITS + 1)


def _staked(outcome: np.ndarray, rows: int) -> np.ndarray:
    """``outcome`` (for one unit) for 1 .. ``rows`` units at risk."""
    return outcome * _UNITS[:rows]


@lru_cache(maxsize=None)
def _busted(rows: int) -> tuple[str, np.ndarray]:
    """The table of every busted hand of ``rows`` stakes (the most common hand: one table a size)."""
    return STAND * rows, _staked(BUST, rows)


class DdmUpCard:
    """Every hand's best play against one dealer up card, for every stake the hand can carry.

    A hand (its cards, and whether its first card was an ace) is solved once for all its stakes at
    once: row ``s - 1`` of its table is the hand played with ``s`` units at risk (the wager and
    ``s - 1`` Double Down wagers). A hand of ``n`` cards carries at most ``n`` units (each Double
    Down wager draws a card), and at most one more than the Rules' limit (§ 692.9)."""

    def __init__(self, game: "DoubleDownMadnessAnalysis", up: int) -> None:
        self.game, self.up, self.rules = game, up, game.rules
        self.peeked = peeks(up)
        limit = self.rules.max_double_downs
        self.most_units = MAX_UNITS if limit is None else limit + 1
        self._tables: dict[tuple[Hand, bool], tuple[str, np.ndarray]] = {}

    def draws(self, hand: Hand) -> np.ndarray:
        return draw_probabilities(self.game.dealer.shoe(self.up, hand), self.up, self.peeked)

    def stand(self, hand: Hand, rows: int) -> np.ndarray:
        dealer = self.game.dealer.get(self.up, hand)
        return _staked(stand_outcome(total(hand)[0], without_blackjack(dealer) if self.peeked else dealer,
                                     bust_at=23), rows)

    def choices(self, hand: Hand, rows: int, ace_first: bool) -> list[tuple[str, np.ndarray]]:
        """(h), (j): stand (not before the second card), hit, or double down (while § 692.9's limit
        allows: a row whose stake is at the limit has no Double Down, its expectation -inf)."""
        nxt = np.array([self.table(plus(hand, r), ace_first)[1] for r in range(RANKS)])
        drawn = (self.draws(hand) @ nxt.reshape(RANKS, -1)).reshape(nxt.shape[1:])  # row s - 1: s units
        doubled = np.vstack([drawn[1:rows + 1], NO_DOUBLE])[:rows]
        doubled[:, DOUBLES] += 1
        found = [] if sum(hand) == 1 else [(STAND, self.stand(hand, rows))]
        return found + [(HIT, drawn[:rows]), (DOUBLE, doubled)]

    def table(self, hand: Hand, ace_first: bool = False) -> tuple[str, np.ndarray]:
        """(the decision per stake, one letter a row; the outcome vector per stake)."""
        key = (hand, ace_first)
        if key in self._tables:
            return self._tables[key]
        player, _ = total(hand)
        cards = sum(hand)
        rows = min(cards, self.most_units)
        if player > 21:
            found = _busted(rows)
        elif cards == 2 and hand[ACE] == 1 and hand[TEN] == 1:
            pays = 0.25 * float(self.rules.suited_blackjack_odds) + 0.75 * float(self.rules.blackjack_odds)
            found = (STAND * rows, _staked(np.array([pays, 1.0, 0, 0, 0, 0]), rows))  # (i): paid at once
        elif player == 21 or (ace_first and cards == 2):  # (l)(1), (l)(2)
            found = (STAND * rows, self.stand(hand, rows))
        else:
            names, outs = zip(*self.choices(hand, rows, ace_first))
            outs = np.stack(outs)
            pick = np.argmax(outs[:, :, EV], axis=0)  # the first of equals, in the order stand, hit, double
            found = ("".join(names[i] for i in pick), outs[pick, np.arange(rows)])
        found[1].flags.writeable = False  # shared by every hand that reaches it
        self._tables[key] = found
        return found

    def best(self, hand: Hand, stake: int, ace_first: bool = False) -> tuple[str, np.ndarray]:
        """The best decision for ``hand`` with ``stake`` units at risk, and its outcome vector."""
        decisions, outs = self.table(hand, ace_first)
        return decisions[stake - 1], outs[stake - 1]

    def cell(self, soft: bool, player: int) -> str:
        """The decision for two-card hands with this total, averaged over the hands that make it."""
        shoe = full_shoe(self.rules.decks)
        shoe[self.up] -= 1
        evs: dict[str, float] = {}
        for a in range(1, RANKS):  # a first card other than an ace: the hand may go on
            for b in range(RANKS):
                hand = plus(plus(EMPTY, a), b)
                if total(hand) != (player, soft):
                    continue
                w = float(shoe[a] * (shoe[b] - (a == b)))
                for name, out in self.choices(hand, 1, False):
                    if np.isfinite(out[0, EV]):
                        evs[name] = evs.get(name, 0.0) + w * out[0, EV]
        return max(evs, key=evs.get) if evs else STAND


class DoubleDownMadnessAnalysis:
    """The Double Down Madness Blackjack wager's exact expectation and outcome frequencies."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.dealer = DealerTable(rules.decks, hits_soft_17=True)  # § 692.7(n): hits soft 17

    @cached_property
    def ups(self) -> list[DdmUpCard]:
        removals = list(hands_up_to_21())
        for up in range(RANKS):
            self.dealer.prefetch(up, removals)
        self.dealer.save()
        return [DdmUpCard(self, up) for up in range(RANKS)]

    @cached_property
    def rounds(self) -> dict[str, float]:
        shoe = full_shoe(self.rules.decks).astype(float)
        size = shoe.sum()
        r = dict.fromkeys(("ev", "dealer_blackjack", "win", "push", "lose", "double"), 0.0)
        for up, card in enumerate(self.ups):
            for first in range(RANKS):
                p = shoe[up] / size * (shoe[first] - (first == up)) / (size - 1)
                hand = plus(EMPTY, first)
                left = self.dealer.shoe(up, hand)
                dealer_bj = (left[TEN] if up == ACE else left[ACE] if up == TEN else 0) / left.sum()
                r["dealer_blackjack"] += p * dealer_bj
                r["ev"] -= p * dealer_bj
                _, out = card.best(hand, 1, ace_first=first == ACE)
                w = p * (1 - dealer_bj)
                r["ev"] += w * out[EV]
                for name, i in (("win", 1), ("push", 2), ("lose", 3), ("double", DOUBLES)):
                    r[name] += w * out[i]
        return r

    @property
    def house_edge(self) -> float:
        return -self.rounds["ev"]

    def strategy_tables(self) -> dict[str, dict[str, list[str]]]:
        ups = self.ups
        names = ["A"] + [str(v) for v in range(2, 11)]
        first = {names[r]: [ups[u].best(plus(EMPTY, r), 1, r == ACE)[0] for u in COLUMNS] for r in range(RANKS)}
        hard = {str(t): [ups[u].cell(False, t) for u in COLUMNS] for t in range(4, 21)}
        soft = {f"A,{t - 11}": [ups[u].cell(True, t) for u in COLUMNS] for t in range(13, 21)}
        return {"first card": first, "hard": hard, "soft": soft}

    def to_json(self) -> dict:
        r = self.rounds
        return {"wager": "double_down_madness", "section": "§ 692.7", "decks": self.rules.decks, "strategy_kind": "composition-dependent; two-card decisions by total shown",
                "dealer": "dealer hits soft 17 (§ 692.7(n)); a dealer 22 pushes ((p)(1))",
                "house_edge": float(self.house_edge),
                "outcomes": {"dealer blackjack (wager lost)": float(r["dealer_blackjack"]),
                             "hands won (player Blackjack included)": float(r["win"]),
                             "hands pushed (dealer 22 included)": float(r["push"]),
                             "hands lost": float(r["lose"]),
                             "double down wagers per round": float(r["double"])},
                "strategy": self.strategy_tables(),
                "approximations": [
                    "none in the expectation; the strategy is composition-dependent (each hand played "
                    "optimally); the table shows two-card decisions by total with no Double Down yet"]
                + (["double_down_wager up_to is analysed as equal Double Down wagers (a smaller one never "
                    "helps a player who doubles with the edge)"] if self.rules.double_down_wager == "up_to" else [])}
