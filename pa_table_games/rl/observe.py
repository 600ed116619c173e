"""What one seat may see, as Gymnasium spaces; and the decisions it may take, as words of a ``Discrete`` space.

A seat sees what its player sees at the table (:mod:`pa_table_games.runtime.view`): a card dealt face
up, and a card dealt face down to its own place; never the dealer's hole card before it is turned
(§ 633a.7(f)(4), (l); § 692.7), nor a Pai Gow stack before it is exposed (§ 670a.8(d), (g)). Each
family of games has its observer, chosen by the game's name; any other game gets :class:`CardsObserver`.

The decisions are the player transitions of the game's machine file, in file order (Blackjack's:
``house_money=add`` ... ``insurance=yes`` ... ``hit``, ``stand``, ``double`` ...). A decision that takes a
card (Pai Gow's ``low=CARD``) is offered once per card the seat holds: ``low=card1`` .. ``low=card6``, the
cards in the order they were dealt to the seat (the observation's ``cards``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from typing import Any

import numpy as np
from gymnasium import spaces

from pa_table_games.equipment.cards import standard_deck
from pa_table_games.games.blackjack.hand import POINTS, points
from pa_table_games.runtime.view import Sight, seat_of

#: A card's index in ``cards``-like observations: 0 is no card, then the 52 cards and the joker.
CARD_INDEX = {card.code: i for i, card in enumerate(standard_deck(joker=True), 1)}
#: Hand totals observed: 0 (no hand) to 31 (20 and a ten, the highest a hand can hold).
TOTALS = 32


class Seen:
    """The cards a seat has seen face up (or face down at its own place) since the shoe was shuffled.

    Read from the rounds' event logs through a :class:`Sight`; at each round's start the count keeps
    only the cards still in the discard rack, so a reshuffle (§ 633a.7(e)(3), § 692.7(d)(2)) empties it."""

    def __init__(self, seat: int, owner: Any) -> None:
        self.seat, self.owner = seat, owner
        self.codes: Counter = Counter()
        self.rnd: Any = None
        self.read = 0
        self.sight = Sight(frozenset({seat}), owner)

    def begin(self, rnd: Any) -> None:
        """A round starts at the table: what went back into the shoe is no longer seen."""
        self.codes &= Counter(card.code for card in rnd.table.rack.cards())
        self.rnd, self.read, self.sight = rnd, 0, Sight(frozenset({self.seat}), self.owner)

    def update(self, rnd: Any) -> Counter:
        """Count the cards seen in the round's events not read yet; the count."""
        if rnd is not self.rnd:
            self.begin(rnd)
        events, sees = rnd.events, self.sight.sees
        for event in events[self.read:]:
            for move in event.cards:
                if not move.to.startswith("discard") and sees(move.card, move.to, move.face_up):
                    self.codes[move.card] += 1
        self.read = len(events)
        return self.codes


class Observer(ABC):
    """The observation and the decision words of one seat; a subclass per family of games gives its space and
    what the seat sees."""

    def __init__(self, game: Any, seat: int) -> None:
        view = game.info.view
        self.game, self.seat = game, seat
        self.seen = Seen(seat, view.owner if view is not None else seat_of)
        self.words = self.decision_words(game.spec)
        self.space = self.observation_space(game)

    @staticmethod
    def decision_words(spec: Any) -> tuple[str, ...]:
        """Every player decision of the machine file, once, in file order."""
        return spec.decision_words

    @abstractmethod
    def observation_space(self, game: Any) -> spaces.Dict:
        """The ``Dict`` space of :meth:`observe`'s answers for ``game``."""

    @abstractmethod
    def observe(self, rnd: Any) -> dict:
        """What the seat may see of ``rnd`` now (never a face-down card of another place)."""

    def begin(self, rnd: Any) -> None:
        self.seen.begin(rnd)

    def mask(self, legal: set[str], rnd: Any) -> np.ndarray:
        """1 for each decision word legal now (``legal``: the words of the round's legal actions), else 0."""
        return np.array([self.is_legal(word, legal, rnd) for word in self.words], dtype=np.int8)

    def is_legal(self, word: str, legal: set[str], rnd: Any) -> bool:
        """Whether ``word`` is one of the round's legal actions now, read as the round reads it (``low=card3``: the
        seat's third card, ``low=KS``, which the round lists unless it fouls the set)."""
        return self.action_word(word, rnd) in legal

    def action_word(self, word: str, rnd: Any) -> str:
        """The word as the round reads it (``low=card3`` -> ``low=KS``)."""
        return word


def _cards_seen_space(game: Any) -> spaces.Box:
    kinds = game.new_table(seed=0).cards_off_layout()
    return spaces.Box(0, max(kinds.values()), shape=(len(CARD_INDEX),), dtype=np.int64)


class CardsObserver(Observer):
    """Any game: the state of the round (as everyone at the table knows it) and the cards seen since
    the shuffle, counted by card (``seen[CARD_INDEX[code] - 1]``, at most the Rules' shoe holds)."""

    def observation_space(self, game: Any) -> spaces.Dict:
        self.states = {s.id: i for i, s in enumerate(game.spec.states)}
        return spaces.Dict({"state": spaces.Discrete(len(self.states)), "seen": _cards_seen_space(game)})

    def observe(self, rnd: Any) -> dict:
        seen = np.zeros(len(CARD_INDEX), dtype=np.int64)
        for code, count in self.seen.update(rnd).items():
            if code in CARD_INDEX:
                seen[CARD_INDEX[code] - 1] = count
        return {"state": self.states[rnd.state], "seen": np.minimum(seen, self.space["seen"].high)}


class HandObserver(Observer):
    """Blackjack (§ 633a.7) and Double Down Madness (§ 692.7): the deciding hand (this seat's hand whose
    turn it is, else its first), the dealer's up card and the cards seen since the shuffle.

    ``hand_total`` 0-31 (0: no hand), ``soft`` 1 when an ace counts 11, ``pair`` the value of a two-card
    pair of equal value (1 for aces, 10 for any two 10-value cards; 0 otherwise), ``hand_cards`` its
    number of cards, ``dealer_up`` 1 (ace) to 10 (0: not dealt yet), ``seen[v - 1]`` the cards of value
    ``v`` seen since the shoe was shuffled (index 9: every 10-value card)."""

    def observation_space(self, game: Any) -> spaces.Dict:
        kinds = game.new_table(seed=0).cards_off_layout()
        most = Counter()
        for card, count in kinds.items():
            if card.rank in POINTS:
                most[POINTS[card.rank]] += count
        return spaces.Dict({
            "hand_total": spaces.Discrete(TOTALS), "soft": spaces.Discrete(2), "pair": spaces.Discrete(11),
            "hand_cards": spaces.Discrete(TOTALS), "dealer_up": spaces.Discrete(11),
            "seen": spaces.Box(0, max(most.values()), shape=(10,), dtype=np.int64)})

    def hand(self, rnd: Any) -> Any:
        turn = rnd.deciding()
        index = turn[1] if turn is not None and turn[0] == self.seat else 0
        return next((h for h in rnd.layout.hands if h.seat == self.seat and h.index == index), None)

    def observe(self, rnd: Any) -> dict:
        hand, lay = self.hand(rnd), rnd.layout
        cards = hand.cards if hand is not None else []
        total, soft = points(cards) if cards else (0, False)
        pair = POINTS[cards[0].rank] if len(cards) == 2 and POINTS[cards[0].rank] == POINTS[cards[1].rank] else 0
        seen = np.zeros(10, dtype=np.int64)
        for code, count in self.seen.update(rnd).items():
            if code[0] in POINTS:
                seen[POINTS[code[0]] - 1] += count
        return {"hand_total": min(total, TOTALS - 1), "soft": int(soft), "pair": pair,
                "hand_cards": min(len(cards), TOTALS - 1),
                "dealer_up": POINTS[lay.up_card.rank] if lay.has_up_card else 0,
                "seen": np.minimum(seen, self.space["seen"].high)}  # a stacked shoe may hold more than the Rules' decks


class SixCardObserver(Observer):
    """Six-Card Fortune Pai Gow Poker (§ 670a.8): the seat's six cards in the order dealt (face down,
    seen by their player), whether it made the Double Down Wager, and the dealer's six cards once the
    dealer exposes them (§ 670a.11); a card as :data:`CARD_INDEX`, 0 for none."""

    LOW = "low"
    HELD = 6

    @classmethod
    def decision_words(cls, spec: Any) -> tuple[str, ...]:
        words = []
        for word in Observer.decision_words(spec):
            words += [f"{word}=card{i}" for i in range(1, cls.HELD + 1)] if word == cls.LOW else [word]
        return tuple(words)

    def observation_space(self, game: Any) -> spaces.Dict:
        cards = spaces.MultiDiscrete([len(CARD_INDEX) + 1] * self.HELD)
        return spaces.Dict({"cards": cards, "double_down": spaces.Discrete(2), "dealer": cards})

    def _stack(self, rnd: Any, spot: int) -> Any:
        return rnd.layout.stacks.get(spot)

    def observe(self, rnd: Any) -> dict:
        mine, dealer = self._stack(rnd, self.seat), rnd.layout.dealer
        return {"cards": _indexes(mine.cards if mine is not None else []),
                "double_down": int(bool(mine is not None and mine.doubled)),
                "dealer": _indexes(dealer.cards if dealer.is_set else [])}

    def action_word(self, word: str, rnd: Any) -> str:
        name, _, which = word.partition("=card")
        if not which:
            return word
        mine = self._stack(rnd, self.seat)
        held = mine.cards if mine is not None else []
        return f"{name}={held[int(which) - 1].code}" if int(which) <= len(held) else word


def _indexes(cards: list) -> np.ndarray:
    out = np.zeros(SixCardObserver.HELD, dtype=np.int64)
    for i, card in enumerate(cards[:SixCardObserver.HELD]):
        out[i] = CARD_INDEX[card.code]
    return out


#: The observer of each family, by the game's command-line name; any other game: :class:`CardsObserver`.
OBSERVERS = {"blackjack": HandObserver, "double-down-madness": HandObserver, "six-card-fortune-pai-gow": SixCardObserver}


def observer_for(game: Any, seat: int) -> Observer:
    return OBSERVERS.get(game.info.name, CardsObserver)(game, seat)
