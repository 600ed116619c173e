"""One round of play: the same small API for every game.

``advance()`` fires the dealer's transitions until a player must decide or the round
is over; ``legal_actions()`` lists what the acting player may do now; ``act()`` applies
one decision or raises :class:`IllegalAction` citing the subsection that forbids it,
leaving the round unchanged. Every fired transition appends one :class:`Event`.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from collections.abc import Callable

import attrs
from typing import Any

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.table import Table
from pa_table_games.equipment.chips import ChipLedger, Wager
from pa_table_games.errors import IllegalAction, TableGamesError, WagerError
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.values import Action, CardMove, Event, Settled


class _Draft:
    """The event being built while a transition's actions run."""

    __slots__ = ("t", "seat", "hand", "cards", "settled", "notes")

    def __init__(self, t: TransitionSpec, seat: int | None, hand: int | None) -> None:
        self.t, self.seat, self.hand = t, seat, hand
        self.cards: list[CardMove] = []
        self.settled: list[Settled] = []
        self.notes: list[str] = []


class Round:
    """A round in progress at ``table`` under ``game``'s machine and Rules."""

    def __init__(self, game: Any, table: Table, seats: dict[int, dict[str, float]],
                 *, atomic: bool = True, options: dict | None = None, count_cards: bool = True) -> None:
        self.game = game
        self.spec = game.spec
        self.rules = game.rules
        self.table = table
        self.shoe = table.shoe
        self.state = game.spec.initial
        self.events: list[Event] = []
        self.ledger = ChipLedger()
        self.wagers: list[Wager] = []
        self.wager_names: set[str] = set()  # every name in ``wagers``: "is any such wager placed?" at a glance
        self.acting: Action | None = None
        self.atomic = atomic
        self.options = dict(options) if options else {}  # game-specific extras, e.g. an injected misdeal
        self._draft: _Draft | None = None
        # the card-conservation baseline; a fast simulation round (count_cards=False) takes none
        self._deck = table.cards_off_layout() if count_cards else None
        for seat in sorted(seats):
            for name, amount in seats[seat].items():
                self.place_wager(seat, name, amount)
        self.layout: Any = game.info.layout(self)

    # -- the API ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.spec.state(self.state).final

    def step(self) -> Event | None:
        """Fire one dealer transition if one is enabled now; return its event."""
        t = self.game.next_dealer_transition(self)
        if t is None:
            return None
        self._atomically(lambda: self.game.engine.fire(self, t))
        return self.events[-1]

    def advance(self) -> Round:
        """Fire dealer transitions until a player must decide or the round is over."""
        while self.step() is not None:
            pass
        return self

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the acting player now, in the machine file's order."""
        turn = self.game.info.turn(self)
        if turn is None or self.game.next_dealer_transition(self) is not None:
            return ()  # a forced dealer step comes before any decision
        names: list[str] = []
        for t in self.game.player_transitions(self.state):
            if t.trigger not in names and self.game.guards_hold(t, self):
                names.append(t.trigger)
        return tuple(Action(turn[0], name, turn[1]) for name in names)

    def act(self, action: Action | str | None = None, *, seat: int | None = None, name: str | None = None,
            hand: int | None = None, amount: float | None = None, choice: str | None = None) -> Round:
        """Apply one player decision (``act(seat=1, name="hit")`` or ``act("hit")`` for whoever
        decides now), then stop; call ``advance()`` next."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if action is None:
            if seat is None or name is None:
                raise TableGamesError("act needs an Action or seat= and name=")
            turn = self.game.info.turn(self)
            action = Action(seat, name, hand if hand is not None else (turn[1] if turn else 0), amount, choice)
        t = self._check(action)
        self.acting = action
        try:
            self._atomically(lambda: self.game.engine.fire(self, t))
        finally:
            self.acting = None
        return self

    def parse_action(self, word: str) -> Action:
        """``hit``, ``insurance=yes``, ``double=5`` or ``low=KS`` for the seat and hand deciding now."""
        word = word.strip()
        turn = self.game.info.turn(self) or (0, 0)
        if any(t.trigger == word for t in self.spec.transitions) or "=" not in word:
            return Action(turn[0], word, turn[1])
        name, _, value = word.partition("=")
        try:
            return Action(turn[0], name, turn[1], amount=float(value))
        except ValueError:
            return Action(turn[0], name, turn[1], choice=value)

    def settlement(self) -> tuple[Settled, ...]:
        """Every settled wager, in the order the dealer settled them."""
        return tuple(s for e in self.events for s in e.settled)

    def __str__(self) -> str:
        return f"{self.game.info.name} round in {self.state!r} ({len(self.events)} events)"

    # -- helpers for actions (the only place state changes) ----------------------------------
    def draw(self, to: str, face_up: bool = True) -> Card:
        """Deal the next card from the shoe to ``to``, recording it in the current event."""
        shoe, draft = self.shoe, self._draft
        aside = shoe.cover_card_aside
        card = shoe.draw(draft.t.trigger if draft is not None else "a draw")
        if shoe.cover_card_aside is not aside:
            self.note(f"cover card appeared and was set aside; the round is completed, then the cards "
                      f"are collected and reshuffled ({self.spec.cite_text(self.game.info.cover_card_cite)})")
        if draft is not None:
            self.record(card, to, face_up)
        return card

    def record(self, card: Card, to: str, face_up: bool = True) -> None:
        if self._draft is not None:
            self._draft.cards.append(CardMove(card.code, to, face_up))

    def discard(self, label: str, cards: list[Card] | tuple[Card, ...]) -> None:
        """Put ``cards`` in the discard rack as one bundle, in order."""
        self.table.rack.place(label, cards)
        if self._draft is not None:
            for card in cards:
                self.record(card, "discard rack", False)

    def note(self, text: str | Callable[[], str]) -> None:
        """Add ``text`` to the current event; a callable is called only when an event is being recorded."""
        if self._draft is not None:
            self._draft.notes.append(text if isinstance(text, str) else text())

    def place_wager(self, seat: int, name: str, amount: float, hand: int = 0) -> Wager:
        """Stake a wager: a known name, a seat of the table, a positive amount, then the game's own rules."""
        info = self.game.info
        if name not in info.wagers:
            raise WagerError(f"seat {seat}: unknown {self.spec.title.split(':')[0]} wager {name!r} "
                             f"(known: {', '.join(info.wagers)})")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.rules.positions:
            raise WagerError(f"seat {seat}: the table has positions 1 to {self.rules.positions}")
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not 0 < amount < math.inf:
            raise WagerError(f"seat {seat}: {name} must be a positive amount, not {amount!r}")
        info.check_wager(self, seat, name, amount)
        wager = Wager(seat, name, hand, float(amount))
        self.wagers.append(wager)
        self.wager_names.add(name)
        self.ledger.stake(seat, wager.amount)
        return wager

    def add_to_wager(self, wager: Wager, amount: float) -> None:
        """Raise a wager (a double down); the chips come from the player."""
        wager.amount += amount
        self.ledger.stake(wager.seat, amount)

    def wager(self, seat: int, name: str, hand: int = 0) -> Wager | None:
        for w in self.wagers:
            if w.seat == seat and w.name == name and w.hand == hand:
                return w
        return None

    def settle(self, wager: Wager, outcome: str, net: float, cite: str, off_table: float = 0.0) -> Settled:
        """Settle ``wager`` once: ``net`` < 0 collects that much and returns the rest; >= 0 pays it."""
        if wager.settled:
            raise AssertionError(f"{wager} settled twice")
        wager.settled = True
        ledger = self.ledger
        if net < 0:
            ledger.collect(-net)
            if wager.amount + net:
                ledger.give_back(wager.seat, wager.amount + net)
        else:
            ledger.give_back(wager.seat, wager.amount)
            if net - off_table:
                ledger.pay(wager.seat, net - off_table)
            if off_table:
                ledger.pay(wager.seat, off_table, off_table=True)
        row = Settled(wager.seat, wager.name, wager.hand, wager.amount, outcome, net,
                      self.spec.cite_text(cite), off_table)
        if self._draft is not None:
            self._draft.settled.append(row)
        return row

    # -- invariants ------------------------------------------------------------------------
    def cards_now(self) -> Counter:
        """Every card accounted for: layout + shoe + rack + cover card aside + removed deck."""
        held = self.table.cards_off_layout()
        held.update(self.layout.cards())  # every game's layout lists the cards it holds
        return held

    def check_invariants(self) -> None:
        """Cards are never lost or duplicated; chips are never created; a final round settled all."""
        if self._deck is None:
            raise AssertionError("a round dealt with count_cards=False keeps no conservation baseline")
        if self.cards_now() != self._deck:
            lost = self._deck - self.cards_now()
            extra = self.cards_now() - self._deck
            raise AssertionError(f"cards not conserved in {self.state}: lost {lost}, extra {extra}")
        if not abs(self.ledger.total()) <= 1e-9:  # so that NaN fails
            raise AssertionError(f"chips not conserved in {self.state}: {self.ledger}")
        if self.is_over:
            unsettled = [w for w in self.wagers if not w.settled]
            if unsettled or not abs(self.ledger.layout) <= 1e-9:
                raise AssertionError(f"round over with unsettled wagers {unsettled}")

    # -- engine hooks ----------------------------------------------------------------------
    def begin_event(self, t: TransitionSpec) -> None:
        seat = self.acting.seat if self.acting else None
        hand = self.acting.hand if self.acting else None
        self._draft = _Draft(t, seat, hand)

    def end_event(self, t: TransitionSpec) -> None:
        d = self._draft
        self.events.append(Event(len(self.events) + 1, t.trigger, t.source, t.dest,
                                 tuple(self.spec.cite_text(c) for c in t.cite),
                                 d.seat, d.hand, d.cards, d.settled, d.notes))
        self.state = t.dest
        self._draft = None

    def _atomically(self, fire: Any) -> None:
        """Run ``fire``; on a user error put the round and its table back as they were."""
        if not self.atomic:
            fire()
            return
        keep = (self, self.game, self.rules, self.spec, self.table, self.shoe, self.events)
        saved = copy.deepcopy(self.__dict__, {id(x): x for x in keep})
        saved_table = copy.deepcopy(self.table)
        logged = len(self.events)  # events are frozen: the log only needs cutting back
        try:
            fire()
        except TableGamesError:
            self.__dict__.update(saved)
            del self.events[logged:]
            _restore_into(self.table, saved_table)
            raise

    def _check(self, action: Action) -> TransitionSpec:
        """The transition ``action`` fires, or :class:`IllegalAction` with the forbidding cite."""
        spec, word = self.spec, action.word
        for refusal in spec.refusals:
            if refusal.trigger == action.name:
                raise IllegalAction(word, refusal.reason, spec.cite_text(refusal.cite))
        state = spec.state(self.state)
        here = spec.cite_text(state.cite[0])
        candidates = [t for t in self.game.player_transitions(self.state) if t.trigger == action.name]
        turn = self.game.info.turn(self)
        if turn is None or not self.game.player_transitions(self.state):
            raise IllegalAction(word, f"no player decision is open while the round is in '{state.label}'", here)
        due = self.game.next_dealer_transition(self)  # a forced dealer step comes before any decision
        if not candidates:
            known = sorted({t.trigger for t in spec.transitions if t.by == "player"})
            why = "not a decision open in" if action.name in known else "unknown action in"
            raise IllegalAction(word, f"{why} '{state.label}' (legal now: "
                                f"{', '.join(a.name for a in self.legal_actions()) or 'none'})", here)
        if (action.seat, action.hand) != turn:
            raise IllegalAction(word, f"seat {turn[0]} hand {turn[1]} decides now, not seat "
                                f"{action.seat} hand {action.hand}: players act in turn", here)
        self.acting = action
        try:
            for t in candidates:
                if self.game.guards_hold(t, self):
                    _check_argument(action, t, spec.cite_text(t.cite[0]))
                    if due is not None:
                        raise IllegalAction(word, f"the dealer's step {due.trigger!r} comes first: call advance()",
                                            spec.cite_text(due.cite[0]))
                    return t
            t = candidates[0]
            for g in t.when:
                if not g.fn(self):
                    raise IllegalAction(word, f"allowed only when {g.doc}", spec.cite_text(g.cite[0]))
            for g in t.unless:
                if g.fn(self):
                    raise IllegalAction(word, f"not allowed: {g.doc}", spec.cite_text(g.cite[0]))
            raise IllegalAction(word, "not allowed now", here)
        finally:
            self.acting = None


def _check_argument(action: Action, t: TransitionSpec, cite: str) -> None:
    """An argument (``double=5``, ``low=KS``) only where one of the transition's actions reads it."""
    given = "amount" if action.amount is not None else "choice" if action.choice is not None else None
    if given == "choice" and any(a.takes == "amount" for a in t.do):
        raise IllegalAction(action.word, f"{action.choice!r} is not a number (write {action.name}=AMOUNT)", cite)
    if given is not None and not any(a.takes == given for a in t.do):
        what = "amount" if given == "amount" else "argument"
        raise IllegalAction(action.word, f"{action.name} takes no {what} (write {action.name!r})", cite)


def _restore_into(original: Any, saved: Any) -> None:
    """Copy ``saved``'s attrs fields back into ``original``, keeping nested objects' identity."""
    for f in attrs.fields(type(original)):
        value, current = getattr(saved, f.name), getattr(original, f.name)
        if value is current:
            continue
        if attrs.has(type(value)) and type(current) is type(value) and not _frozen(value):
            _restore_into(current, value)
        else:
            setattr(original, f.name, value)


def _frozen(obj: Any) -> bool:
    params = getattr(type(obj), "__attrs_props__", None)
    return bool(params.is_frozen) if params is not None else False
