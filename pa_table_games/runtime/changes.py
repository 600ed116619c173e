"""The only way a recorded round changes: :meth:`Changes.apply` of an effect (:mod:`.effects`), and the verbs the
actions call, named in the regulation's words.

Each verb is its plain change (:mod:`.plain`, the function a simulated round calls and the fast path splices),
kept as the part of the table it changed, before and after (:func:`_kept`); a few keep besides what the event shows
(a card's move, a note, a settlement row) or the chip ledger counts. No verb is written twice (the listed table in
``tests/test_fast_path.py`` is empty).

What is kept of each effect is the round's :class:`Recorder`'s business: the step's undo journal (an atomic round:
a refused step is undone from it) and the event being recorded (a round keeping its log). A round that records
nothing is another kind of round (:class:`~pa_table_games.runtime.round.Unrecorded`), which calls the plain
changes themselves; no verb here asks which kind of round it is in.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.chips import Wager, settlement_moves
from pa_table_games.money import ZERO
from pa_table_games.runtime import plain
from pa_table_games.runtime.effects import (
    WHOLE, CardMoved, Changed, ChipsMoved, Effect, Noted, Shown, read)
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.runtime.plain import checked_wager
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
        elif kind is Shown:
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


def _kept(name: str, then: Callable[..., None] | None = None) -> Callable[..., Any]:
    """The recorded form of the verb ``name``: its plain change itself (:data:`.plain.VERBS`), with the part of the
    table it changes (:data:`.plain.CHANGES`) kept before and after as one :class:`Changed`; ``then(rnd, result,
    changed, *arguments)`` keeps what the event or the chip ledger shows of it besides (``changed``: that effect)."""
    change, part = plain.VERBS[name], plain.CHANGES[name]
    bare = change is setattr  # ``rnd.set`` is ``setattr`` itself: it takes no round

    def verb(self: Any, *args: Any, **kwargs: Any) -> Any:
        if part is None:  # nothing on the table changes
            result, changed = change(self, *args, **kwargs), None
        else:
            target, key = part(self, *args, **kwargs)
            entry = type(key) is str and type(target) is not dict  # one field (most changes: read here, at no call)
            before = getattr(target, key) if entry else read(target, key)
            changed = None
            try:
                result = change(*args) if bare else change(self, *args, **kwargs)
            finally:
                after = getattr(target, key) if entry else read(target, key)
                if after is not before:  # a field set to what it was keeps nothing
                    self.recorder.keep(changed := Changed(target, key, before, after))
        if then is not None:
            then(self, result, changed, *args, **kwargs)
        return result

    verb.__name__ = verb.__qualname__ = name
    verb.__doc__ = f"``plain.{name}``, kept as the part of the table it changed ({change.__doc__ or ''})"
    verb.change = change  # type: ignore[attr-defined]
    return verb


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

    # -- the plain changes, each kept as the part of the table it changed -------------------------
    set = _kept("set")
    put = _kept("put")
    append = _kept("append")
    insert = _kept("insert")
    extend = _kept("extend")
    add_member = _kept("add_member")
    restock = _kept("restock")  # one of the shoe's or the rack's own operations (load, refill, take ...)
    randomly = _kept("randomly")  # a side, a dice roll, a Magic Card drawn from a random generator
    move_turn = _kept("move_turn")  # a walk round the table moves on (:mod:`.turns`)
    give_card = _kept("give_card")
    split_off = _kept("split_off")

    # -- cards ------------------------------------------------------------------------------
    def _dealt(self, card: Card, changed: Changed, to: Any, face_up: bool = True) -> None:
        """What the event shows of a card dealt ``to`` a place (its name, or a hand: its ``label``, worked out only
        now): its move, and the cover card's appearance when the draw set it aside (§ 633a.7(e))."""
        self.apply_taken(CardMoved(card, "shoe", to if isinstance(to, str) else to.label, face_up))
        ((_, aside), _), ((_, now), _) = changed.before, changed.after  # (count, cover card), end: plain._dealing
        if now is not aside:
            self.note(f"cover card appeared and was set aside; the round is completed, then the cards "
                      f"are collected and reshuffled ({self.spec.cite_text(self.game.info.cover_card_cite)})")

    draw = _kept("draw", then=_dealt)

    def _set_aside(self, card: Card, _: Changed) -> None:
        """What the event shows of the cover card set aside (the shoe is kept whole: this happens once a shoe)."""
        self.apply_taken(CardMoved(card, "shoe", "set aside", True))

    set_aside_cover_card = _kept("set_aside_cover_card", then=_set_aside)  # § 633a.7(e)

    def _recorded(self, _: None, __: None, card: Card, to: str, face_up: bool = True) -> None:
        """What the event shows of a card the actions moved (a card turned, a determinant card)."""
        self.apply_taken(CardMoved(card, "layout", to, face_up))

    record = _kept("record", then=_recorded)

    def _discarded(self, _: None, __: Changed, label: str, cards: list[Card] | tuple[Card, ...], *,
                   moves: bool = True) -> None:
        """What the event shows of a discard: each card's move to the rack (unless ``moves`` is False)."""
        if moves:
            for card in cards:
                self.record(card, "discard rack", False)

    discard = _kept("discard", then=_discarded)  # one bundle in the rack, in order

    def _noted(self, _: None, __: None, text: str | Callable[[], str]) -> None:
        """The note the event being recorded shows; a callable is called only when one is."""
        if self.recorder.draft is not None:
            self.apply(Noted(text if isinstance(text, str) else text()))

    note = _kept("note", then=_noted)

    # -- chips ------------------------------------------------------------------------------
    def _move_chips(self, source: Any, to: Any, amount: Decimal) -> None:
        if self.ledger is None:  # a round keeping no event log keeps no ledger (``Round.ledger``)
            return
        seat = source if isinstance(source, int) else to
        new = isinstance(seat, int) and seat not in self.ledger.players
        self.apply(ChipsMoved(self.ledger, source, to, amount, new))

    def _placed(self, wager: Wager, _: Changed, seat: int, name: str, amount: Any, hand: int = 0) -> None:
        """What the chip ledger counts of a wager staked: its chips moved from the player to the layout."""
        self._move_chips(wager.seat, "layout", wager.amount)

    place_wager = _kept("place_wager", then=_placed)  # staked (:func:`~.plain.checked_wager`)

    def _raised(self, _: None, __: Changed, wager: Wager, amount: Decimal) -> None:
        """What the chip ledger counts of a wager raised (a double down, House Money): the chips added to it."""
        self._move_chips(wager.seat, "layout", amount)

    add_to_wager = _kept("add_to_wager", then=_raised)

    def _paid(self, row: Settled | None, _: Changed, wager: Wager, outcome: str, net: Decimal, cite: str,
              off_table: Decimal = ZERO) -> None:
        """What the chip ledger counts of a wager settled (:func:`~pa_table_games.equipment.chips.settlement_moves`)
        and the row the event shows."""
        if self.ledger is not None:
            for source, to, amount in settlement_moves(wager.seat, wager.amount, net, off_table):
                self._move_chips(source, to, amount)
        if row is not None and self.recorder.draft is not None:
            self.apply_taken(Shown(row))

    settle = _kept("settle", then=_paid)  # once, in whole cents: the row, or None when the round keeps totals
