"""The only way a recorded round changes: :meth:`Changes.apply` of an effect (:mod:`.effects`), and the verbs the
actions call, each one effect (or a few) named in the regulation's words.

What is kept of each effect is the round's :class:`Recorder`'s business: the step's undo journal (an atomic round:
a refused step is undone from it) and the event being recorded (a round keeping its log). A round that records
nothing is another kind of round (:class:`~pa_table_games.runtime.round.Unrecorded`), whose verbs are the same
changes in their plain form (:mod:`.plain`); no verb here asks which kind of round it is in.
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
    SetAdded, TurnMoved, WagerPlaced, WagerRaised, WagerSettled, state_of)
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

    def keep(self, effect: Effect) -> None:
        self.effects.append(effect)
        kind = type(effect)
        if kind is CardMoved:
            self.cards.append(CardMove(effect.card.code, effect.to, effect.face_up))
        elif kind is Noted:
            self.notes.append(effect.text)
        elif kind is WagerSettled and effect.kept == "event":
            self.settled.append(effect.row)


class Recorder:
    """What a recorded round keeps of the effects it applies, handed to the round: ``journal``, the effects of the
    step firing now (while an atomic round fires one), and ``draft``, the event being recorded (while a round
    keeping its log fires a step)."""

    __slots__ = ("journal", "draft")

    def __init__(self) -> None:
        self.journal: list[Effect] | None = None
        self.draft: Draft | None = None

    def keep(self, effect: Effect) -> None:
        if self.journal is not None:
            self.journal.append(effect)
        if self.draft is not None:
            self.draft.keep(effect)

    def keep_for_undo(self, effect: Effect) -> None:
        """Keep an effect in the journal only: a change the event does not show (a step that fails undoes it)."""
        if self.journal is not None:
            self.journal.append(effect)


def checked_wager(rnd: Any, seat: int, name: str, amount: Any, hand: int = 0) -> Wager:
    """The wager a player places: a known name, a seat of the table, a positive amount in whole cents, the game's
    own rules (``GameInfo.check_wager``), then the limits; one line naming what is wrong otherwise."""
    info = rnd.game.info
    if name not in info.wagers:
        raise WagerError(f"seat {seat}: unknown {rnd.spec.title.split(':')[0]} wager {name!r} "
                         f"(known: {', '.join(info.wagers)})")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= rnd.rules.positions:
        raise WagerError(f"seat {seat}: the table has positions 1 to {rnd.rules.positions}")
    amount = wager_amount(seat, name, amount)
    info.check_wager(rnd, seat, name, amount)
    check_limits(rnd, seat, name, amount)  # the table's and the wager's own limits, as the command line checks them
    return Wager(seat, name, hand, amount)


class Changes:
    """The recorded round's verbs for actions: every change an effect, kept by the round's recorder."""

    recorder: Recorder

    def apply(self, effect: Effect) -> None:
        """Make ``effect`` and keep it."""
        effect.apply(self)
        self.recorder.keep(effect)

    def apply_taken(self, effect: Effect) -> None:
        """Keep an effect whose change was already made."""
        self.recorder.keep(effect)

    # -- the layout's and table's own bookkeeping -------------------------------------------
    def set(self, obj: Any, name: str, value: Any) -> None:
        """``obj.name = value`` as an effect."""
        if getattr(obj, name) is not value:
            self.apply(FieldSet(obj, name, getattr(obj, name), value))

    def put(self, mapping: dict, key: Any, value: Any) -> None:
        """``mapping[key] = value`` as an effect."""
        self.apply(FieldSet(mapping, key, mapping.get(key, MISSING), value))

    def append(self, items: list, item: Any) -> None:
        self.apply(ListChanged(items, len(items), (), (item,)))

    def insert(self, items: list, at: int, item: Any) -> None:
        self.apply(ListChanged(items, at, (), (item,)))

    def extend(self, items: list, more: Iterable) -> None:
        more = tuple(more)
        if more:
            self.apply(ListChanged(items, len(items), (), more))

    def add_member(self, items: set, member: Any) -> None:
        if member not in items:
            self.apply(SetAdded(items, member))

    def restock(self, obj: Any, operation: Callable[..., Any], *args: Any) -> Any:
        """Run one of the shoe's or the rack's own operations on ``obj`` (load, refill, take ...) as one effect."""
        before = state_of(obj)
        try:
            return operation(*args)
        finally:
            self.apply_taken(Restocked(obj, before, state_of(obj)))

    def randomly(self, rng: Any, draw: Callable[..., Any], *args: Any) -> Any:
        """``draw(*args)`` from ``rng`` (a side, a dice roll, a Magic Card) as an effect."""
        before = rng.getstate()
        result = draw(*args)
        self.apply_taken(RandomUsed(rng, before, rng.getstate()))
        return result

    def move_turn(self, walk: Any, at: int, taking: int | None) -> None:
        """A walk round the table moves on (:mod:`.turns`)."""
        self.apply(TurnMoved(walk, (walk.at, walk.taking), (at, taking)))

    # -- cards ------------------------------------------------------------------------------
    def draw(self, to: Any, face_up: bool = True) -> Card:
        """Deal the next card from the shoe to ``to`` (a place's name, or a hand: its ``label``), recording it in
        the current event (a hand's label is worked out only then)."""
        shoe = self.shoe
        side = shoe.side if hasattr(shoe, "sides") else shoe
        top, before, left = side._cards[-2:][::-1], (side.dealt, side.cover_card_aside), len(side._cards)
        card = self._take_from_shoe(shoe)
        taken = tuple(top[:left - len(side._cards)])  # in the order taken: the cover card, if it came, first
        to = to if isinstance(to, str) else to.label
        self.apply_taken(CardMoved(card, "shoe", to, face_up, side, taken, before, (side.dealt, side.cover_card_aside)))
        return card

    def _take_from_shoe(self, shoe: Any) -> Card:
        """The shoe's draw; the cover card, if it comes, noted (and kept as an effect when the shoe then runs dry)."""
        draft = self.recorder.draft
        aside = shoe.cover_card_aside
        try:
            card = shoe.draw(draft.t.trigger if draft is not None else "a draw")
        except TableGamesError:
            side = shoe.side if hasattr(shoe, "sides") else shoe
            if side.cover_card_aside is not aside:  # the cover card came, then none
                self.recorder.keep_for_undo(CardMoved(side.cover_card_aside, "shoe", "set aside", True, side,
                                           (side.cover_card_aside,), (side.dealt - 1, aside),
                                           (side.dealt, side.cover_card_aside)))
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

    def record(self, card: Card, to: str, face_up: bool = True) -> None:
        """``card``, already where the actions put it, is recorded as moved ``to`` (a card turned, a determinant card)."""
        self.apply_taken(CardMoved(card, "layout", to, face_up))

    def give_card(self, hand: Any, card: Card) -> None:
        """Give a player hand one more card (it keeps its total)."""
        self.apply(HandCards(hand, tuple(hand.cards), (*hand.cards, card)))

    def split_off(self, hand: Any) -> Card:
        """Take the second card of a pair away, to start the new hand of a split."""
        card = hand.cards[-1]
        self.apply(HandCards(hand, tuple(hand.cards), tuple(hand.cards[:-1])))
        return card

    def discard(self, label: str, cards: list[Card] | tuple[Card, ...], *, moves: bool = True) -> None:
        """Put ``cards`` in the discard rack as one bundle, in order (``moves``: record each card's move)."""
        rack = self.table.rack
        if cards:
            self.apply(ListChanged(rack.bundles, len(rack.bundles), (), ((label, tuple(cards)),)))
        if moves:
            for card in cards:
                self.record(card, "discard rack", False)

    def note(self, text: str | Callable[[], str]) -> None:
        """Add ``text`` to the event being recorded; a callable is called only when one is."""
        if self.recorder.draft is not None:
            self.apply(Noted(text if isinstance(text, str) else text()))

    # -- chips ------------------------------------------------------------------------------
    def _move_chips(self, source: Any, to: Any, amount: Decimal) -> None:
        if self.ledger is None:  # a round keeping no event log keeps no ledger (``Round.ledger``)
            return
        seat = source if isinstance(source, int) else to
        new = isinstance(seat, int) and seat not in self.ledger.players
        self.apply(ChipsMoved(self.ledger, source, to, amount, new))

    def place_wager(self, seat: int, name: str, amount: Any, hand: int = 0) -> Wager:
        """Stake a wager (:func:`checked_wager`)."""
        wager = checked_wager(self, seat, name, amount, hand)
        self.apply(WagerPlaced(wager, name not in self.wager_names))
        self._move_chips(seat, "layout", wager.amount)
        return wager

    def add_to_wager(self, wager: Wager, amount: Decimal) -> None:
        """Raise a wager (a double down, House Money) by whole cents, within the maximum (``money.addition``)."""
        self.apply(WagerRaised(wager, amount))
        self._move_chips(wager.seat, "layout", amount)

    def settle(self, wager: Wager, outcome: str, net: Decimal, cite: str, off_table: Decimal = ZERO) -> Settled | None:
        """Settle ``wager`` once: ``net`` (whole cents) < 0 collects that much and returns the rest; >= 0 pays it.
        The settlement row, or None when the round records totals only."""
        if wager.settled:
            raise AssertionError(f"{wager} settled twice")
        check_settlement(wager, net, off_table)
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
        self.apply(WagerSettled(wager, net, row, "event" if self.log else "rows"))
        return row
