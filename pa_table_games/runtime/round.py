"""One round of play: the same small API for every game.

``advance()`` fires the dealer's transitions until a player must decide or the round
is over; ``legal_actions()`` lists what the acting player may do now; ``act()`` applies
one decision or raises :class:`IllegalAction` citing the subsection that forbids it,
leaving the round unchanged. Every fired transition appends one :class:`Event`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, TypeVar

from pa_table_games.equipment.table import Table
from pa_table_games.equipment.chips import ChipLedger, Wager
from pa_table_games.errors import IllegalAction, MachineFileError, TableGamesError
from pa_table_games.machine.bound import DEALER_STEP
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.numbers import given
from pa_table_games.runtime import decisions as _decisions, plain, turns as _turns
from pa_table_games.runtime.changes import Changes, Draft, Recorder
from pa_table_games.runtime.effects import Effect, Logged
from pa_table_games.runtime.read_only import ReadOnlyView
from pa_table_games.values import Action, Event, Settled

#: What a round keeps: the full event log, only its settlement rows, or only each wager's net.
RECORDS = ("events", "settlements", "totals")
#: The most transitions one round fires: a round of seven boxes split to the limit fires a few hundred; a machine file
#: whose transitions go round without a decision or an end (a guarded loop nothing changes) is stopped here
MOST_STEPS = 10_000
#: why a round past :data:`MOST_STEPS` is stopped, as every engine says it
GOES_ROUND = "the machine goes round without a decision or an end (the round stopped)"
T = TypeVar("T")


class Round(Changes):
    """A round in progress at ``table`` under ``game``'s machine and Rules."""

    #: what guards are asked with: the round, and everything it holds, read only (:mod:`.read_only`)
    view = ReadOnlyView()
    is_round = True  # a view refuses its changes by name
    _taken: list | None = None  # the steps of an :meth:`all_or_nothing` block under way, each its effects

    def __init__(self, game: Any, table: Table, seats: dict[int, dict[str, float]],
                 *, atomic: bool = True, options: dict | None = None, record: str = "events",
                 checked: tuple[tuple[int, str, Decimal], ...] | None = None) -> None:
        """``record`` is what the round keeps: ``"events"``, the full event log (every card, note and
        settlement, for play, logs and replay), ``"settlements"``, only the settled wagers (no events and
        no card-conservation baseline), or ``"totals"``, the simulation's mode: only the sums a tally
        reads (:meth:`totals`), no settlement rows either. ``checked``: the wagers as an earlier round at this
        table placed them (:meth:`Unrecorded`'s)."""
        if record not in RECORDS:
            raise TableGamesError(f"record must be one of {', '.join(RECORDS)}, not {record!r}")
        if options is not None and not isinstance(options, Mapping):
            raise TableGamesError(f"options map each round option's name to its value, not {given(options)}")
        if options and (problem := game.info.option_problem(options, game.rules)):
            raise TableGamesError(problem)
        self.game = game
        self.spec = game.machine.spec
        self.rules = game.rules
        self.table = table
        self.shoe = table.shoe
        self.state = self.spec.initial
        self.log = record == "events"
        self.rows = record != "totals"
        self.events: list[Event] = []
        # the chips' accounts: read by ``check_invariants`` alone, which needs the event log's card baseline too,
        # so a round keeping no event log keeps none (its settlements are its record of the money)
        self.ledger: ChipLedger | None = ChipLedger() if self.log else None
        self.wagers: list[Wager] = []
        self.wager_names: set[str] = set()  # every name in ``wagers``: "is any such wager placed?" at a glance
        self.acting: Action | None = None
        self.atomic = atomic
        self.options = dict(options) if options else {}  # game-specific extras, e.g. an injected misdeal
        #: what is kept of each change: the step's undo journal (atomic), the event being recorded (``record="events"``)
        self.recorder = Recorder()
        # what a round does not keep is an empty tuple, shared: nothing is made for it, and a stray append fails
        self.last_step: list[Effect] | tuple = ()  # the effects the last step applied (an atomic round's)
        self.firing: TransitionSpec | None = None  # the transition whose actions run now
        self.walks: dict = {}  # the passes round the table under way in this state (:mod:`.turns`)
        #: the unit whose turn it is: a pass's, while its transition is asked or fires; else the one deciding
        #: in the state's walk; None when no walk is under way or every turn is taken (kept by :mod:`.turns`)
        self.turn: Any = None
        self.steps_fired = 0  # transitions fired so far (:data:`MOST_STEPS`)
        self.players = _turns.NOT_YET  # the players its wagers make, kept while they stand (:func:`.turns.players_of`)
        # the settlement rows when no event log is kept (a round keeping totals keeps none either)
        self._settled: list[Settled] = []  # in the order settled (a round keeping events shows them there too)
        # record="totals": net per wager name, in the order first settled, and the amounts of wagers
        # settled that were not among ``seats`` (placed during the round: Insurance), in order
        self._nets: dict[str, Decimal] = {}  # exact: whole cents
        self._placed_later: list[tuple[str, Decimal]] = []
        self._seats = seats
        # the card-conservation baseline; a round recording settlements only takes none
        self._deck = table.cards_off_layout() if self.log else None
        self._place_before_deal(seats, checked)
        self.layout: Any = game.info.layout(self)
        table.rounds_begun += 1
        self._begun = table.rounds_begun  # the table's newest round (:meth:`_check_newest`)

    def _place_before_deal(self, seats: dict[int, dict[str, float]], checked: tuple | None = None) -> None:
        """Each wager placed as a player places it, then the game checks them together (``GameInfo.check_seats``);
        or the wagers ``checked`` placed again as they are (on hand 0, before the deal: a simulation's rounds)."""
        if checked is not None:
            for seat, name, amount in checked:
                self.wagers.append(Wager(seat, name, 0, amount))
                self.wager_names.add(name)
            return
        if not isinstance(seats, Mapping) or not all(
                type(seat) is int and isinstance(wagers, Mapping) and all(isinstance(name, str) for name in wagers)
                for seat, wagers in seats.items()):
            raise TableGamesError(f"seats map each seat number to its wagers ({{1: {{'blackjack': 10}}}}), not {seats!r}")
        for seat in sorted(seats):
            for name, amount in seats[seat].items():
                self.place_wager(seat, name, amount)
        check_seats = self.game.info.check_seats
        if check_seats is not None:
            check_seats(self)

    # -- the API ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.spec.state(self.state).final

    def step(self) -> Event | None:
        """Fire the dealer transition due now, if any (the machine chooses it); return its event."""
        self._check_newest()
        logged = len(self.events)
        fired = self._atomically(lambda: self.game.engine.fire(self, DEALER_STEP))
        return self.events[-1] if fired and len(self.events) > logged else None

    def advance(self) -> Round:
        """Fire dealer transitions until a player must decide or the round is over."""
        while self.step() is not None:
            pass
        return self

    def _check_newest(self) -> None:
        """A round deals only while it is its table's newest: one begun after it, before it dealt a card, took the
        table's shoe (:meth:`Game.new_round` refuses a new round while cards are on the layout)."""
        if self._begun != self.table.rounds_begun and not self.is_over:  # a round over is left as it ended
            raise TableGamesError("this round cannot go on: another round has begun at its table since (new_round); "
                                  "only the round begun last deals from the table's shoe")

    #: ``legal_actions()``: the decisions open to the acting player now, in the machine file's order, each one ``act``
    #: takes (a decision taking one of a list of values once per value: ``low=7H``, ``low=7D`` ...; :mod:`.decisions`)
    legal_actions = _decisions.legal_actions
    #: ``legal_names()``: the names of those decisions, each once (``low`` for every ``low=CARD``): what a strategy's
    #: ``choose(rnd, legal)`` is given
    legal_names = _decisions.legal_names

    def act(self, action: Action | str | None = None, *, seat: int | None = None, name: str | None = None,
            hand: int | None = None, amount: Any = None, choice: str | None = None) -> Round:
        """Apply one player decision (``act(seat=1, name="hit")`` or ``act("hit")`` for whoever
        decides now), then stop; call ``advance()`` next. A refused decision changes nothing."""
        self._check_newest()
        given, action = action, _decisions.action_of(self, action, seat, name, hand, amount, choice)
        try:
            _decisions.check(self, action)
            self.acting = action
            try:
                if not self._atomically(lambda: self.game.engine.fire(self, action.name)):
                    reason, cite = self.game.machine.refusal(self.state, action.name, self) or \
                        ("not allowed now", self.spec.cite_text(self.spec.state(self.state).cite[0]))
                    raise IllegalAction(action.word, reason, cite)
            finally:
                self.acting = None
        except IllegalAction as err:
            echoed = _decisions.as_given(err, given, action)
            if echoed is None:
                raise
            raise echoed from None
        return self

    #: ``parse_action(word)``: ``hit``, ``insurance=yes``, ``double=5`` or ``low=KS`` as an :class:`Action` for the
    #: seat and hand deciding now (:mod:`.decisions`)
    parse_action = _decisions.parse_action

    def settlement(self) -> tuple[Settled, ...]:
        """Every settled wager, in the order the dealer settled them."""
        if not self.rows:
            raise TableGamesError("a round recording totals keeps no settlement rows: make it with "
                                  "record=\"settlements\" or \"events\"")
        if not self.log:
            return tuple(self._settled)
        return tuple(s for e in self.events for s in e.settled)

    def totals(self) -> tuple[dict[str, Decimal], list[tuple[str, Decimal]]]:
        """A ``record="totals"`` round's sums: net per wager name, summed over seats and hands in the
        order settled, and ``(name, amount)`` of each settled wager not placed before the deal."""
        return self._nets, self._placed_later

    def __str__(self) -> str:
        return f"{self.game.info.name} round in {self.state!r} ({len(self.events)} events)"

    # -- whose turn it is (:mod:`.turns`): its functions, called as the round's methods ------------
    #: the runtime's guard ``every_turn_taken``
    every_turn_taken = _turns.every_turn_taken
    #: a pass's turn guard, ``pass_allows(t)``
    pass_allows = _turns.pass_allows
    #: ``deciding()``: (seat, hand) of the unit whose turn it is, None outside a walk
    deciding = _turns.deciding
    #: ``join_turn(unit)``: a hand split off during its turn plays right after it
    join_turn = _turns.join
    #: ``in_turn_order(items, seat=..., hand=...)``: ``items`` (boxes, hands, wagers) in the pass declared on
    #: the transition firing now (else on the state); ``seat=`` and ``hand=`` read an item's seat and hand
    #: when they are not its attributes
    in_turn_order = _turns.in_turn_order

    def wager(self, seat: int, name: str, hand: int = 0) -> Wager | None:
        for w in self.wagers:
            if w.seat == seat and w.name == name and w.hand == hand:
                return w
        return None

    # -- invariants ------------------------------------------------------------------------
    def cards_now(self) -> Counter:
        """Every card accounted for: layout + shoe + rack + cover card aside + removed deck."""
        held = self.table.cards_off_layout()
        held.update(self.layout.cards())  # every game's layout lists the cards it holds
        return held

    def check_invariants(self) -> None:
        """Cards are never lost or duplicated; chips are never created; a final round settled all."""
        if self._deck is None:
            raise AssertionError("a round that records settlements only keeps no conservation baseline")
        if self.cards_now() != self._deck:
            lost = self._deck - self.cards_now()
            extra = self.cards_now() - self._deck
            raise AssertionError(f"cards not conserved in {self.state}: lost {lost}, extra {extra}")
        if self.ledger.total() != 0:
            raise AssertionError(f"chips not conserved in {self.state}: {self.ledger}")
        if self.is_over:
            unsettled = [w for w in self.wagers if not w.settled]
            if unsettled or self.ledger.layout != 0:
                raise AssertionError(f"round over with unsettled wagers {unsettled}")

    # -- engine hooks ----------------------------------------------------------------------
    def begin_event(self, t: TransitionSpec) -> None:
        """Open ``t``'s event; a decision's argument is checked here, before any action runs."""
        acting = self.acting
        if acting is not None:
            _decisions.check_argument(self, acting, t, self.spec.cite_text(t.cite[0]))
        self.steps_fired += 1
        if self.steps_fired > MOST_STEPS:
            raise MachineFileError(self.spec.shown_path, t.line,
                                   f"transition {t.trigger!r} ({t.source} -> {t.dest}) takes one round past {MOST_STEPS:,} "
                                   f"steps: {GOES_ROUND}")
        self.firing = t
        if t.turn_guard is not None:
            _turns.take_pass_turn(self, t)
        if self.log:
            self.recorder.draft = Draft(t, acting.seat if acting else None, acting.hand if acting else None)

    def end_event(self, t: TransitionSpec) -> None:
        recorder = self.recorder
        d = recorder.draft
        if d is not None:  # None: no event log is kept (settlements or totals only)
            recorder.draft = None
            self.apply(Logged(Event(len(self.events) + 1, t.trigger, t.source, t.dest,
                                    self.spec.cites_of(t),
                                    d.seat, d.hand, d.cards, d.settled, d.notes, d.effects)))
        self.set(self, "state", t.dest)
        self.firing = None
        if t.walk is not None:
            _turns.after(self, t)
        elif t.source != t.dest:
            _turns.enter(self, t.dest)

    @contextmanager
    def all_or_nothing(self) -> Iterator[Round]:
        """The steps taken inside kept together: an error inside undoes every one of them, in reverse, and the round
        is as it was before the first (a learner's step: its decision and the play up to its next one)."""
        if not self.atomic or self._taken is not None:
            raise TableGamesError("all_or_nothing: an atomic round, one block at a time")
        taken = self._taken = []
        logged, steps, last = len(self.events), self.steps_fired, self.last_step
        try:
            yield self
        except Exception:
            for journal in reversed(taken):
                for effect in reversed(journal):
                    effect.undo(self)
            del self.events[logged:]
            self.steps_fired, self.acting, self.last_step = steps, None, last
            raise
        finally:
            self._taken = None

    def failed_in_edited_step(self, err: Exception) -> bool:
        """``err`` came from a step of an edited machine file (``--machine``) as it fired, and is no user error: the
        file's steps do not fit its game's actions (the installed machine's failing is the project's bug)."""
        return self.game.edited and self.firing is not None and not isinstance(err, TableGamesError)

    def failed_step(self, err: Exception, after: str = "") -> MachineFileError:
        """The edited machine file's transition firing when ``err`` came, named at its line (any engine)."""
        t = self.firing
        return MachineFileError(self.spec.shown_path, t.line, f"transition {t.trigger!r} ({t.source} -> {t.dest}) "
                                f"failed: {type(err).__name__}: {err} (the edited machine's steps do not fit its "
                                f"game's actions{after})")

    def naming_a_failed_step(self, play: Callable[..., T], *args: Any) -> T:
        """``play(*args)`` (steps that keep no journal: a simulation's, a round's that is not atomic), an edited
        machine file's step failing in it named at its line (:meth:`failed_step`)."""
        try:
            return play(*args)
        except Exception as err:
            if not self.failed_in_edited_step(err):
                raise
            raise self.failed_step(err) from None

    def _atomically(self, fire: Callable[[], bool]) -> bool:
        """Run ``fire`` keeping its effects in a journal; on a user error undo them in reverse, so the
        round and its table are as they were (no copy is taken: each effect knows its undo)."""
        if not self.atomic:
            return self.naming_a_failed_step(fire)
        recorder = self.recorder
        journal = recorder.journal = []
        logged, steps = len(self.events), self.steps_fired
        try:
            fired = fire()
        except Exception as err:
            edited_step = self.failed_in_edited_step(err)
            if not edited_step and not isinstance(err, TableGamesError):
                raise  # the installed machine's step failing is the project's bug: shown as one
            for effect in reversed(journal):
                effect.undo(self)
            del self.events[logged:]
            self.steps_fired = steps
            named = self.failed_step(err, "; the round is as it was") if edited_step else None  # before firing clears
            recorder.draft = self.firing = None
            if named is None:
                raise
            raise named from None
        finally:
            recorder.journal = None
        if fired:  # a decision no transition takes changed nothing: the last step is still the one before
            self.last_step = journal
            if self._taken is not None:
                self._taken.append(journal)
        return fired


def _with_plain_verbs(cls: type) -> type:
    """Every verb of :data:`.plain.VERBS` as the class's own method (``rnd.set`` is ``setattr`` itself)."""
    for name, verb in plain.VERBS.items():
        setattr(cls, name, verb)
    return cls


@_with_plain_verbs
class Unrecorded(Round):
    """A round that records no event and undoes no step: the simulation's (not atomic, ``record`` settlements
    or totals). Its verbs are the changes in their plain form (:mod:`.plain`), the functions the fast path
    splices: nothing is made to keep, and no verb asks what kind of round it is in."""

    def __init__(self, game: Any, table: Table, seats: dict[int, dict[str, float]], *,
                 options: dict | None = None, record: str = "totals",
                 checked: tuple[tuple[int, str, Decimal], ...] | None = None) -> None:
        """``checked``: the wagers at ``seats`` as an earlier round at this table placed them before its deal
        (:meth:`checked_wagers`), every check passed then (each wager's and ``GameInfo.check_seats``): placed
        again as they are (a simulation's rounds)."""
        if record == "events":
            raise TableGamesError("a round that records its events is a Round, not an Unrecorded round")
        # no attribute of its own: a round's instance dictionary stays one CPython shares the keys of (at most 30)
        Round.__init__(self, game, table, seats, atomic=False, options=options, record=record, checked=checked)

    def checked_wagers(self) -> tuple[tuple[int, str, Decimal], ...]:
        """The wagers placed before the deal, ``(seat, name, amount)`` each, for the next round's ``checked``
        (call it before the round is played: a double down changes an amount)."""
        return tuple((w.seat, w.name, w.amount) for w in self.wagers)

