"""The House Money Wager with its payout added to the Blackjack Wager: 58 Pa. Code § 633a.7(g)(10)(ii)(A)-(C).

A winning House Money Wager (initial two cards forming a two-card straight, a pair, a two-card straight flush or
an ace-king suited, (g)(10)) is paid by its pay table. Then the player may add the payout, all of it or the
portion the Rules Submission specifies (``house_money_portion``, (ii)(A)), to the Blackjack Wager, which becomes
the entire Blackjack Wager: a Double Down or split matches it ((ii)(C)). A player Blackjack may be added to as
well ((ii)(B), last sentence). Against an ace or 10-value up card the choice comes only once the card reader
has found no dealer Blackjack ((i)(B) -> (ii)); with a dealer Blackjack the payout is paid and nothing is added
((i)(A)). The payout is what the pay table pays (9 to 1 pays 9 units): the House Money Wager itself is not
added, as the machine adds it (``add_house_money_payout_to_blackjack_wager``).

Counting. The House Money Wager is priced as its own cash return plus the gain of adding: a payout ``A`` added
to the Blackjack Wager nets ``A x EV`` more, ``EV`` the hand's expected net per unit of Blackjack Wager given its
two cards, the up card and no dealer Blackjack; the player adds when that ``EV`` is positive. The hand is played
alike with or without the addition (every amount scales), so that gain is the addition's alone, and it is
counted to the House Money Wager, per unit of House Money Wager: ``A = odds x portion`` per unit.

Method. Every ordered deal of the box's two cards from the Rules' decks is counted exactly by its ranks and
whether its two cards are suited, classified by the classifier that settles the wager
(:func:`~pa_table_games.games.blackjack.first_cards.house_money_outcome`); the up card is drawn from the shoe
less those two cards, the hole card from the shoe less all three. ``EV`` comes from the Blackjack Wager's exact
analysis (:class:`~pa_table_games.analysis.blackjack.BlackjackAnalysis`, the figures of ``edge blackjack``): the
first decision is the best for the exact two cards against the up card (stand, hit, double down and split where
the Rules allow them, late surrender), later ones follow the total-dependent table that analysis computes, with
its card removal and its reading of split hands.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import attrs
from attrs import frozen

from pa_table_games.analysis.blackjack import DOUBLE, HIT, SPLIT, STAND, SURRENDER_ACTION, BlackjackAnalysis, UpCard
from pa_table_games.analysis.dealer import ACE, RANKS, TEN
from pa_table_games.analysis.dealer_cache import full_shoe, peeks
from pa_table_games.analysis.hands import EV, Hand, total, two_cards
from pa_table_games.analysis.report import COLUMNS, UP_CARDS
from pa_table_games.equipment.cards import RANKS as CARD_RANKS, Card
from pa_table_games.games.blackjack.first_cards import house_money_outcome

ADD, KEEP = "Y", "N"
#: The first decision of a two-card 21: none, the Blackjack is paid at the Rules' odds.
BLACKJACK = "blackjack"
CITE = "§ 633a.7(g)(10)(ii)(A)-(C)"
GAIN_COUNTED = ("the added payout's expected net on the Blackjack Wager, counted to the House Money Wager, per "
                "unit of House Money Wager")
IGNORED = (
    "the other boxes' cards (a continuous shuffle of the Rules' decks: on average they change nothing)",
    "the table maximum (§ 601a.2): play adds no more than it leaves and hands the rest to the player",
    "whole cents: play adds the portion rounded down to the cent",
    "Insurance and even money, declined (a box paid even money is handed its payout; "
    "`edge blackjack insurance` prices Insurance)",
)
WAGER_TOO = ("the House Money Wager itself added too, all of it with the payout (the 'proceeds' of the published "
             "figures: 10 units on a 9 to 1 win): (g)(10)(ii) adds the payout only")


def row_label(hand: Hand) -> str:
    """``"A,A"``, ``"9,10"``; an ace with a 10-value card wins only as ace-king: ``"A,K"``."""
    names = [("A" if r == ACE else str(r + 1)) for r in range(RANKS) for _ in range(hand[r])]
    return "A,K" if names == ["A", "10"] else ",".join(names)


def pair_rank(hand: Hand) -> int | None:
    """The rank of two cards of equal value (a pair, or two 10-value cards: splittable, § 633a.11), else None."""
    return next((r for r in range(RANKS) if hand[r] == 2), None)


def best_first_play(card: UpCard, hand: Hand) -> tuple[str, float]:
    """The best first decision on these two cards against ``card``'s up card and its expected net per unit of
    Blackjack Wager, with no dealer Blackjack (the card reader has told, (h)); a two-card 21 is paid the Rules'
    Blackjack odds."""
    rules = card.rules
    if total(hand)[0] == 21:
        return BLACKJACK, float(rules.blackjack_odds)
    choices = [(STAND, float(card.stand(hand)[EV])), (HIT, float(card.hit(hand)[EV]))]
    if card.may_double(hand, after_split=False):
        choices.append((DOUBLE, float(card.double(hand)[EV])))
    rank = pair_rank(hand)
    if rank is not None and rules.split_max_hands >= 2:
        choices.append((SPLIT, float(card.split(rank)[EV])))
    if rules.surrender == "late":
        choices.append((SURRENDER_ACTION, -0.5))  # § 633a.9: half the wager is returned
    return max(choices, key=lambda choice: choice[1])


def winning_deals(decks: int) -> dict[tuple[str, Hand], int]:
    """(outcome, the two cards' ranks) -> ordered deals of two of the ``decks * 52`` physical cards that win it.

    Two cards are counted by their ranks (13 of them: a jack and a queen are a straight, a 10 and a jack too) and
    whether they are suited; the classifier that settles the wager reads one representative of each."""
    deals: dict[tuple[str, Hand], int] = defaultdict(int)
    for first in CARD_RANKS:
        for second in CARD_RANKS:
            for suited in (True, False):
                # the second card of the first's suit: d copies (d - 1 of the same card); of another: 3 d
                same = first == second
                ways = 4 * decks * ((decks - same) if suited else 3 * decks)
                won = house_money_outcome((Card.from_code(first + "S"), Card.from_code(second + "SH"[not suited])))
                if won is None or ways == 0:
                    continue
                hand = two_cards(first, second)
                deals[won, hand] += ways
    return dict(deals)


@frozen
class AddingPrice:
    """The House Money Wager with its payout added when that gains, beside the cash-only price it starts from."""

    decks: int
    #: the pay table's odds per winning outcome, best first
    pays: dict[str, Fraction]
    #: the Rules' ``house_money_portion`` ((ii)(A)) and Blackjack odds
    portion: float
    blackjack_pays: Fraction
    #: the cash-only house edge (every payout kept), exact
    cash_edge: Fraction
    #: per outcome: the probability it wins and the payout is added, and the sum of that probability times EV
    added: dict[str, Fraction]
    weighted: dict[str, float]
    #: row label -> per up card (2..10, A) the best first decision and its EV (no dealer Blackjack)
    plays: dict[str, list[tuple[str, float]]]

    def gain(self, outcome: str, wager_too: bool = False) -> float:
        """The gain of adding, per unit of House Money Wager, from one outcome."""
        added = float(self.pays[outcome]) * self.portion if not wager_too else float(self.pays[outcome]) + 1
        return added * self.weighted[outcome]

    @property
    def total_gain(self) -> float:
        return sum(self.gain(o) for o in self.pays)

    @property
    def house_edge(self) -> float:
        return float(self.cash_edge) - self.total_gain

    @property
    def house_edge_wager_too(self) -> float:
        return float(self.cash_edge) - sum(self.gain(o, wager_too=True) for o in self.pays)

    def to_json(self) -> dict[str, Any]:
        return {
            "house_edge": self.house_edge, "gain": self.total_gain, "gain_counted": GAIN_COUNTED, "cite": CITE,
            "portion": self.portion,
            "blackjack_pays": f"{self.blackjack_pays.numerator}:{self.blackjack_pays.denominator}",
            "added_when": "the hand's expected net per unit of Blackjack Wager is positive, with no dealer Blackjack",
            "play": ("the first decision the best for the exact two cards against the up card; later ones by the "
                     "table `edge blackjack` computes"),
            "outcomes": [{"outcome": o, "pays": float(self.pays[o]), "probability_added": float(self.added[o]),
                          "gain": self.gain(o)} for o in self.pays],
            "columns": list(UP_CARDS),
            "add": {label: [ADD if ev > 0 else KEEP for _, ev in row] for label, row in self.plays.items()},
            "ev": {label: [ev for _, ev in row] for label, row in self.plays.items()},
            "first_decision": {label: [play for play, _ in row] for label, row in self.plays.items()},
            "ignores": list(IGNORED),
            "wager_added_too": {"house_edge": self.house_edge_wager_too, "counts": WAGER_TOO},
        }


def adding_price(rules: Any, pays: dict[str, Fraction], cash_edge: Fraction) -> AddingPrice:
    """The House Money Wager under ``rules`` (its decks, Blackjack rules and portion) paid ``pays``, its cash-only
    edge ``cash_edge``, with the payout added to the Blackjack Wager whenever the hand's EV is positive."""
    analysis = BlackjackAnalysis(rules)
    ups = analysis.ups
    decks = rules.decks
    size = 52 * decks
    deals = winning_deals(decks)
    plays: dict[Hand, list[tuple[str, float]]] = {
        hand: [best_first_play(ups[up], hand) for up in COLUMNS] for hand in sorted({h for _, h in deals}, key=_order)}
    added: dict[str, Fraction] = dict.fromkeys(pays, Fraction(0))
    weighted: dict[str, float] = dict.fromkeys(pays, 0.0)
    for (outcome, hand), ways in deals.items():
        left = full_shoe(decks) - hand
        for column, up in enumerate(COLUMNS):
            ev = plays[hand][column][1]
            if ev <= 0 or left[up] == 0:
                continue  # (ii): the payout is kept
            p = Fraction(ways, size * (size - 1)) * Fraction(int(left[up]), size - 2)
            if peeks(up):  # (i): added only when the card reader finds no dealer Blackjack ((i)(B))
                hole = left.copy()
                hole[up] -= 1
                p *= 1 - Fraction(int(hole[TEN if up == ACE else ACE]), size - 3)
            added[outcome] += p
            weighted[outcome] += float(p) * ev
    return AddingPrice(decks, dict(pays), rules.house_money_portion, rules.blackjack_odds, cash_edge, added, weighted,
                       {row_label(hand): row for hand, row in plays.items()})


def _order(hand: Hand) -> tuple[int, ...]:
    """Rows in print order: the pairs (aces first), then two consecutive values upwards, ace-king last."""
    rank = pair_rank(hand)
    if rank is not None:
        return (0, rank)
    low = min(r for r in range(RANKS) if hand[r])
    return (1, 10 if hand[ACE] and hand[TEN] else low)


def adding_lines(price: AddingPrice) -> list[str]:
    """The text of the with-adding price, after the cash-only one."""
    portion = "all of the payout" if price.portion == 1 else f"{price.portion:g} of the payout (the Rules' portion)"
    lines = [f"house edge {price.house_edge * 100:.4f} %  with {portion} added to the Blackjack Wager whenever the "
             f"hand's expected net is positive ({CITE})",
             f"  gain {price.total_gain:+.6f} per unit of House Money Wager: {GAIN_COUNTED}",
             f"  {'outcome':38} {'P(added)':>12}  {'gain':>9}"]
    lines += [f"  {o:38} {float(price.added[o]):12.8f}  {price.gain(o):+9.6f}" for o in price.pays]
    lines += ["", "add the payout (Y) or keep it (N), by the initial two cards and the up card "
              "(first decision the best for the two cards, then the table of `edge blackjack`):",
              f"{'':>10} | " + " ".join(f"{u:>3}" for u in UP_CARDS), "-" * (13 + 4 * len(UP_CARDS))]
    lines += [f"{label:>10} | " + " ".join(f"{ADD if ev > 0 else KEEP:>3}" for _, ev in row)
              for label, row in price.plays.items()]
    lines += ["10,10 is two 10-value cards: a pair, or a two-card straight 10-J, J-Q or Q-K", "",
              "ignored:"] + [f"  - {what}" for what in IGNORED]
    lines += ["", f"house edge {price.house_edge_wager_too * 100:.4f} %  for comparison only, with {WAGER_TOO}"]
    return lines


def with_decks(rules: Any, decks: int) -> Any:
    """The Rules with ``decks`` in the shoe (the decks the cash-only price counted)."""
    return rules if rules.decks == decks else attrs.evolve(rules, decks=decks)
