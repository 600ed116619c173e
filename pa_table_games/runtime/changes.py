"""The only way a recorded round changes: :meth:`Changes.apply` of an effect (:mod:`.effects`), and the verbs the
actions call, named in the regulation's words.

Each verb is its plain change (:mod:`.plain`, the function a simulated round calls and the fast path splices),
kept as the part of the table it changed, before and after (:func:`_kept`); a few keep besides what the event shows
(a card's move, a settlement row) or the chip ledger counts. Only ``draw`` is written again here, and ``record``
and ``note``, which change nothing on the table (the listed table in ``tests/test_fast_path.py``).

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
from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import TableGamesError
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

    def keep_for_undo(self, effect: Effect) -> None:
        """Keep an effect in the journal only: a change the event does not show (a step that fails undoes it)."""
        if self.journal is not None:
            self.journal.append(effect)


def _kept(name: str, then: Callable[..., None] | None = None) -> Callable[..., Any]:
    """The recorded form of the verb ``name``: its plain change itself (:data:`.plain.VERBS`), with the part of the
    table it changes (:data:`.plain.CHANGES`) kept before and after as one :class:`Changed`; ``then(rnd, result,
    *arguments)`` keeps what the event or the chip ledger shows of it besides."""
    change, part = plain.VERBS[name], plain.CHANGES[name]
    bare = change is setattr  # ``rnd.set`` is ``setattr`` itself: it takes no round

    def verb(self: Any, *args: Any, **kwargs: Any) -> Any:
        target, key = part(self, *args, **kwargs)
        entry = type(key) is str and type(target) is not dict  # one field (most changes: read here, at no call)
        before = getattr(target, key) if entry else read(target, key)
        try:
            result = change(*args) if bare else change(self, *args, **kwargs)
        finally:
            after = getattr(target, key) if entry else read(target, key)
            if after is not before:  # a field set to what it was keeps nothing
                self.recorder.keep(Changed(target, key, before, after))
        if then is not None:
            then(self, result, *args, **kwargs)
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

    def _set_aside(self, card: Card) -> None:
        """What the event shows of the cover card set aside (the shoe is kept whole: this happens once a shoe)."""
        self.apply_taken(CardMoved(card, "shoe", "set aside", True))

    set_aside_cover_card = _kept("set_aside_cover_card", then=_set_aside)  # § 633a.7(e)

    def record(self, card: Card, to: str, face_up: bool = True) -> None:
        """``card``, already where the actions put it, is recorded as moved ``to`` (a card turned, a determinant card)."""
        self.apply_taken(CardMoved(card, "layout", to, face_up))

    def _discarded(self, _: None, label: str, cards: list[Card] | tuple[Card, ...], *, moves: bool = True) -> None:
        """What the event shows of a discard: each card's move to the rack (unless ``moves`` is False)."""
        if moves:
            for card in cards:
                self.record(card, "discard rack", False)

    discard = _kept("discard", then=_discarded)  # one bundle in the rack, in order

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

    def _placed(self, wager: Wager, seat: int, name: str, amount: Any, hand: int = 0) -> None:
        """What the chip ledger counts of a wager staked: its chips moved from the player to the layout."""
        self._move_chips(wager.seat, "layout", wager.amount)

    place_wager = _kept("place_wager", then=_placed)  # staked (:func:`~.plain.checked_wager`)

    def _raised(self, _: None, wager: Wager, amount: Decimal) -> None:
        """What the chip ledger counts of a wager raised (a double down, House Money): the chips added to it."""
        self._move_chips(wager.seat, "layout", amount)

    add_to_wager = _kept("add_to_wager", then=_raised)

    def _paid(self, row: Settled | None, wager: Wager, outcome: str, net: Decimal, cite: str,
              off_table: Decimal = ZERO) -> None:
        """What the chip ledger counts of a wager settled (``net`` < 0 collects that much and returns the rest;
        >= 0 pays it) and the row the event shows."""
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
        if row is not None and self.recorder.draft is not None:
            self.apply_taken(Shown(row))

    settle = _kept("settle", then=_paid)  # once, in whole cents: the row, or None when the round keeps totals
