"""The only way a round changes: :meth:`Changes.apply` of an effect (:mod:`.effects`), and the helpers the
actions call, each one effect (or a few) named in the regulation's words.

While a step fires, every applied effect joins the step's journal (``Round.journal``), which a refused step
undoes in reverse; while an event is recorded, it joins the event too (``Event.effects``). With neither (a
simulated round: ``atomic=False`` and no event log) a helper changes the round directly and builds nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import TableGamesError, WagerError
from pa_table_games.money import ZERO, check_limits, check_settlement, wager_amount
from pa_table_games.runtime.effects import (
    MISSING, CardMoved, ChipsMoved, Effect, FieldSet, HandCards, ListChanged, Noted, RandomUsed, Restocked,
    SetAdded, WagerPlaced, WagerRaised, WagerSettled, state_of)
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.values import CardMove, Settled


class Draft:
    """The event being built while a transition's actions run."""

    __slots__ = ("t", "seat", "hand", "cards", "settled", "notes", "effects")

    def __init__(self, t: TransitionSpec, seat: int | None, hand: int | None) -> None:
        self.t, self.seat, self.hand = t, seat, hand
        self.cards: list[CardMove] = []
        self.settled: list[Settled] = []
        self.notes: list[str] = []
        self.effects: list[Effect] = []


class Changes:
    """The Round's helpers for actions: every change an effect."""

    journal: list[Effect] | None  # the effects of the step firing now (None: no step, or a round not atomic)
    _draft: Draft | None

    def apply(self, effect: Effect) -> None:
        """Make ``effect`` and keep it in the step's journal and the event's effects."""
        effect.apply(self)
        self._keep(effect)

    def _keep(self, effect: Effect) -> None:
        if self.journal is not None:
            self.journal.append(effect)
        draft = self._draft
        if draft is not None:
            draft.effects.append(effect)
            if type(effect) is CardMoved:
                draft.cards.append(CardMove(effect.card.code, effect.to, effect.face_up))
            elif type(effect) is Noted:
                draft.notes.append(effect.text)
            elif type(effect) is WagerSettled:
                draft.settled.append(effect.row)

    # -- the layout's and table's own bookkeeping -------------------------------------------
    def set(self, obj: Any, name: str, value: Any) -> None:
        """``obj.name = value`` as an effect."""
        if self.journal is None and self._draft is None:
            setattr(obj, name, value)
        elif getattr(obj, name) is not value:
            self.apply(FieldSet(obj, name, getattr(obj, name), value))

    def put(self, mapping: dict, key: Any, value: Any) -> None:
        """``mapping[key] = value`` as an effect."""
        if self.journal is None and self._draft is None:
            mapping[key] = value
        else:
            self.apply(FieldSet(mapping, key, mapping.get(key, MISSING), value))

    def append(self, items: list, item: Any) -> None:
        if self.journal is None and self._draft is None:
            items.append(item)
        else:
            self.apply(ListChanged(items, len(items), (), (item,)))

    def insert(self, items: list, at: int, item: Any) -> None:
        if self.journal is None and self._draft is None:
            items.insert(at, item)
        else:
            self.apply(ListChanged(items, at, (), (item,)))

    def extend(self, items: list, more: Iterable) -> None:
        more = tuple(more)
        if self.journal is None and self._draft is None:
            items.extend(more)
        elif more:
            self.apply(ListChanged(items, len(items), (), more))

    def add_member(self, items: set, member: Any) -> None:
        if self.journal is None and self._draft is None:
            items.add(member)
        elif member not in items:
            self.apply(SetAdded(items, member))

    def restock(self, obj: Any, operation: Callable[..., Any], *args: Any) -> Any:
        """Run one of the shoe's or the rack's own operations on ``obj`` (load, refill, take ...) as one effect."""
        if self.journal is None and self._draft is None:
            return operation(*args)
        before = state_of(obj)
        try:
            return operation(*args)
        finally:
            self._keep(Restocked(obj, before, state_of(obj)))

    def randomly(self, rng: Any, draw: Callable[..., Any], *args: Any) -> Any:
        """``draw(*args)`` from ``rng`` (a side, a dice roll, a Magic Card) as an effect."""
        if self.journal is None and self._draft is None:
            return draw(*args)
        before = rng.getstate()
        result = draw(*args)
        self._keep(RandomUsed(rng, before, rng.getstate()))
        return result

    # -- cards ------------------------------------------------------------------------------
    def draw(self, to: Any, face_up: bool = True) -> Card:
        """Deal the next card from the shoe to ``to`` (a place's name, or a hand: its ``label``), recording it in
        the current event (a hand's label is worked out only then)."""
        shoe = self.shoe
        if self.journal is None and self._draft is None:  # the simulation: no effect built, no event to note in
            return shoe.draw("a draw")
        side = shoe.side if hasattr(shoe, "sides") else shoe
        top, before, left = side._cards[-2:][::-1], (side.dealt, side.cover_card_aside), len(side._cards)
        card = self._take_from_shoe(shoe)
        taken = tuple(top[:left - len(side._cards)])  # in the order taken: the cover card, if it came, first
        to = to if isinstance(to, str) else to.label
        self._keep(CardMoved(card, "shoe", to, face_up, side, taken, before, (side.dealt, side.cover_card_aside)))
        return card

    def _take_from_shoe(self, shoe: Any) -> Card:
        """The shoe's draw; the cover card, if it comes, noted (and kept as an effect when the shoe then runs dry)."""
        draft = self._draft
        aside = shoe.cover_card_aside
        try:
            card = shoe.draw(draft.t.trigger if draft is not None else "a draw")
        except TableGamesError:
            side = shoe.side if hasattr(shoe, "sides") else shoe
            if self.journal is not None and side.cover_card_aside is not aside:  # the cover card came, then none
                self._keep(CardMoved(side.cover_card_aside, "shoe", "set aside", True, side,
                                     (side.cover_card_aside,), (side.dealt - 1, aside), (side.dealt, side.cover_card_aside)))
            raise
        if shoe.cover_card_aside is not aside:
            self.note(f"cover card appeared and was set aside; the round is completed, then the cards "
                      f"are collected and reshuffled ({self.spec.cite_text(self.game.info.cover_card_cite)})")
        return card

    def set_aside_cover_card(self) -> Card:
        """The cover card is the next card: remove it and place it to the side (§ 633a.7(e))."""
        shoe = self.shoe
        side = shoe.side if hasattr(shoe, "sides") else shoe
        before = (side.dealt, side.cover_card_aside)
        card = shoe.set_aside_cover_card()
        self.apply_taken(CardMoved(card, "shoe", "set aside", True, side, (card,), before,
                                   (side.dealt, side.cover_card_aside)))
        return card

    def apply_taken(self, effect: Effect) -> None:
        """Keep an effect whose change was already made."""
        if self.journal is not None or self._draft is not None:
            self._keep(effect)

    def record(self, card: Card, to: str, face_up: bool = True) -> None:
        """``card``, already where the actions put it, is recorded as moved ``to`` (a card turned, a determinant card)."""
        if self.journal is not None or self._draft is not None:
            self._keep(CardMoved(card, "layout", to, face_up))

    def give_card(self, hand: Any, card: Card) -> None:
        """Give a player hand one more card (it keeps its total)."""
        if self.journal is None and self._draft is None:
            hand.add_card(card)
        else:
            self.apply(HandCards(hand, tuple(hand.cards), (*hand.cards, card)))

    def split_off(self, hand: Any) -> Card:
        """Take the second card of a pair away, to start the new hand of a split."""
        card = hand.cards[-1]
        self.apply(HandCards(hand, tuple(hand.cards), tuple(hand.cards[:-1])))
        return card

    def discard(self, label: str, cards: list[Card] | tuple[Card, ...], *, moves: bool = True) -> None:
        """Put ``cards`` in the discard rack as one bundle, in order (``moves``: record each card's move)."""
        rack = self.table.rack
        if self.journal is None and self._draft is None:
            rack.place(label, cards)
            return
        if cards:
            self.apply(ListChanged(rack.bundles, len(rack.bundles), (), ((label, tuple(cards)),)))
        if moves:
            for card in cards:
                self.record(card, "discard rack", False)

    def note(self, text: str | Callable[[], str]) -> None:
        """Add ``text`` to the current event; a callable is called only when an event is being recorded."""
        if self._draft is not None:
            self.apply(Noted(text if isinstance(text, str) else text()))

    # -- chips ------------------------------------------------------------------------------
    def _move_chips(self, source: Any, to: Any, amount: Decimal) -> None:
        if self.ledger is None:  # a round keeping no event log keeps no ledger (``Round.ledger``)
            return
        seat = source if isinstance(source, int) else to
        new = isinstance(seat, int) and seat not in self.ledger.players
        self.apply(ChipsMoved(self.ledger, source, to, amount, new))

    def place_wager(self, seat: int, name: str, amount: Any, hand: int = 0) -> Wager:
        """Stake a wager: a known name, a seat of the table, a positive amount in whole cents, then the game's own rules."""
        info = self.game.info
        if name not in info.wagers:
            raise WagerError(f"seat {seat}: unknown {self.spec.title.split(':')[0]} wager {name!r} "
                             f"(known: {', '.join(info.wagers)})")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.rules.positions:
            raise WagerError(f"seat {seat}: the table has positions 1 to {self.rules.positions}")
        amount = wager_amount(seat, name, amount)
        info.check_wager(self, seat, name, amount)
        check_limits(self, seat, name, amount)
        wager = Wager(seat, name, hand, amount)
        if self.journal is None and self._draft is None:
            self.wagers.append(wager)
            self.wager_names.add(name)
            if self.ledger is not None:
                self.ledger.stake(seat, wager.amount)
        else:
            self.apply(WagerPlaced(wager, name not in self.wager_names))
            self._move_chips(seat, "layout", wager.amount)
        return wager

    def add_to_wager(self, wager: Wager, amount: Decimal) -> None:
        """Raise a wager (a double down, House Money) by whole cents, within the maximum (``money.addition``)."""
        if self.journal is None and self._draft is None:
            wager.amount += amount
            if self.ledger is not None:
                self.ledger.stake(wager.seat, amount)
        else:
            self.apply(WagerRaised(wager, amount))
            self._move_chips(wager.seat, "layout", amount)

    def settle(self, wager: Wager, outcome: str, net: Decimal, cite: str, off_table: Decimal = ZERO) -> Settled | None:
        """Settle ``wager`` once: ``net`` (whole cents) < 0 collects that much and returns the rest; >= 0 pays it.
        The settlement row, or None when the round records totals only."""
        if wager.settled:
            raise AssertionError(f"{wager} settled twice")
        check_settlement(wager, net, off_table)
        if self.journal is None and self._draft is None:
            return self._settle_direct(wager, outcome, net, cite, off_table)
        seat = wager.seat
        if net < 0:
            self._move_chips("layout", "inventory", -net)
            if wager.amount + net:
                self._move_chips("layout", seat, wager.amount + net)
        else:
            self._move_chips("layout", seat, wager.amount)
            if net - off_table:
                self._move_chips("inventory", seat, net - off_table)
            if off_table:
                self._move_chips("off_table", seat, off_table)
        if not self.rows:
            later = wager.name not in self._seats.get(seat, ())
            self.apply(WagerSettled(wager, net, None, "totals", wager.name not in self._nets, later))
            return None
        row = Settled(seat, wager.name, wager.hand, wager.amount, outcome, net, self.spec.cite_text(cite), off_table)
        self.apply(WagerSettled(wager, net, row, "event" if self._draft is not None or self.log else "rows"))
        return row

    def _settle_direct(self, wager: Wager, outcome: str, net: Decimal, cite: str, off_table: Decimal) -> Settled | None:
        wager.settled = True
        if self.ledger is not None:  # a round keeping no event log keeps no ledger (``Round.ledger``)
            self.ledger.settle(wager.seat, wager.amount, net, off_table)
        if not self.rows:
            name = wager.name
            nets = self._nets
            before = nets.get(name)  # most rounds settle each name once: its net as it is, no addition
            nets[name] = net if before is None else before + net
            if name not in self._seats.get(wager.seat, ()):
                self._placed_later.append((name, wager.amount))
            return None
        row = Settled(wager.seat, wager.name, wager.hand, wager.amount, outcome, net,
                      self.spec.cite_text(cite), off_table)
        if not self.log:
            self._settled.append(row)
        return row
