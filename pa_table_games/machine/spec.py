"""The machine as data: the frozen :class:`MachineSpec` a machine file (``machines/*.yaml``) becomes.

A machine file is data only: states, transitions, citations and the *names* of guards
and actions. Every name is resolved against the game's registry when the file is
loaded (:mod:`.loader`), and every problem is a :class:`MachineFileError` with ``file:line``.

Dealer transitions (``by: dealer``, the default) fire on their own through
``Round.advance``: from one state they are tried in file order and the first whose
guards hold fires, so a transition without guards is the "otherwise" and comes last.
Player transitions (``by: player``) fire only through ``Round.act``.
"""

from __future__ import annotations

from collections import deque
from importlib.resources import files
from pathlib import Path

from attrs import field, frozen

from pa_table_games.machine.registry import Entry


#: Where a pass around the table starts, in the regulation's words (``turns: {from: ...}``).
TURN_ORDERS = {
    "dealer_left": "starting with the player farthest to the dealer's left, clockwise",
    "dealer_right": "starting with the player farthest to the dealer's right, counterclockwise",
}
#: What every game's passes can go over (of :data:`~.registry.TURN_ITEMS`; a game's own, ``GameInfo.units``): the
#: runtime finds a round's players and wagers itself.
FOUND_BY_THE_RUNTIME = ("player", "wager")
#: A ``turns:`` cite of the form ``reading:<id>``: where the section gives no direction for a pass,
#: the readings register entry with that ``id`` records the one taken.
READING_CITE = "reading:"


class PassKey(str):
    """The key of a pass's walk (a dealer transition looping on its state and declaring ``turns``), shared by the
    pass's transitions: ``"hole_card_dealt pass 2"``. A string, so finding the walk at every step of the pass hashes
    no declaration."""

    __slots__ = ()


@frozen
class Turns:
    """A pass around the table, declared on a state (its decisions) or a transition (its actions):
    ``turns: {each: hand, from: dealer_left, cite: "(i)"}``."""

    each: str  # one of registry.TURN_ITEMS
    start: str  # one of TURN_ORDERS
    cite: str  # the subsection whose sentence gives the direction, or "reading:<id>"
    #: a pass over each player: only the players holding one of these wagers (empty: every player)
    holding: tuple[str, ...] = field(default=(), converter=tuple)
    #: registered guards asked of each unit (shown as ``Round.turn``) when the walk starts: a unit for which
    #: one fails is passed over, adding no event (``only: [house_money_payout_awaits_answer]``)
    only: tuple[Entry, ...] = field(default=(), converter=tuple)

    @property
    def from_right(self) -> bool:
        """The pass starts from the dealer's right: the highest seat first."""
        return self.start == "dealer_right"

    @property
    def reading_id(self) -> str | None:
        """``insurance_offer_from_dealers_left`` for ``cite: "reading:insurance_offer_from_dealers_left"``; None for a
        subsection."""
        return self.cite[len(READING_CITE):] if self.cite.startswith(READING_CITE) else None

    @property
    def text(self) -> str:
        """``for each hand, starting with the player farthest to the dealer's left, clockwise``."""
        who = f" holding {', '.join(self.holding)}" if self.holding else ""
        only = "".join(f", where {g.doc}" for g in self.only)
        return f"for each {self.each}{who}{only}, {TURN_ORDERS[self.start]}"


@frozen
class StateSpec:
    id: str
    label: str
    cite: tuple[str, ...] = field(converter=tuple)
    final: bool
    line: int
    turns: Turns | None = None  # the order in which the state's decisions go round the table


@frozen
class PhaseSpec:
    """A stage of the round in the section's own sequence (shuffle, burn, deal, side-wager settlement,
    peek, player decisions, dealer draw, settlement, discard): a group of states, for the reader only.
    The machine stays flat: phases never change which transition fires."""

    id: str
    label: str
    cite: tuple[str, ...] = field(converter=tuple)
    states: tuple[str, ...] = field(converter=tuple)
    line: int


@frozen
class TransitionSpec:
    trigger: str
    source: str
    dest: str
    by: str  # "dealer" or "player"
    cite: tuple[str, ...] = field(converter=tuple)
    when: tuple[Entry, ...] = field(converter=tuple)
    unless: tuple[Entry, ...] = field(converter=tuple)
    do: tuple[Entry, ...] = field(converter=tuple)
    line: int
    index: int  # position in the file: identifies the transition
    turns: Turns | None = None  # the order in which the transition's actions go round the table
    #: ``ends_turn: true``: once its actions ran, the unit whose turn it was has had it
    ends_turn: bool = False
    #: the walk round the table this transition takes part in: its source state's id (a decision
    #: state's ``turns``) or its pass's :class:`PassKey` (a dealer self-loop declaring ``turns``)
    walk: object = None
    #: a pass's transition: the runtime's question "does a unit from the pass's position on have a turn
    #: this transition takes?", asked instead of ``when``/``unless`` (which it asks of that unit)
    turn_guard: Entry | None = None
    #: ``new_dealer: true``: the burn a dealer new to the table makes before dealing (``--new-dealer-every``
    #: brings one: ``Table.new_dealer``)
    new_dealer: bool = False

    @property
    def guards(self) -> tuple[Entry, ...]:
        return self.when + self.unless

    @property
    def asked(self) -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
        """``(when, unless)`` as the selection rule asks them: a pass's turn guard stands for both."""
        return ((self.turn_guard,), ()) if self.turn_guard is not None else (self.when, self.unless)


@frozen
class Refusal:
    """A decision the section forbids outright (``split`` in Double Down Madness)."""

    trigger: str
    cite: str
    reason: str
    line: int


@frozen
class Reading:
    """Where the text is ambiguous, silent, or points to a section we do not have: the reading the
    machine takes, the sentence of the seed it rests on, and the alternative it rejects."""

    cite: tuple[str, ...] = field(converter=tuple)  # the subsections (or references) it concerns
    reading: str
    rests_on: str  # the seed's own words, quoted
    rejected: str
    line: int
    id: str = ""  # optional; a ``turns:`` declaration cites the reading as ``reading:<id>``


@frozen
class MachineSpec:
    path: str
    section: str
    title: str
    game: str
    notes: str
    subsections: tuple[tuple[str, str], ...] = field(converter=tuple)
    references: tuple[tuple[str, str], ...] = field(converter=tuple)
    waived: tuple[tuple[str, str], ...] = field(converter=tuple)
    refusals: tuple[Refusal, ...] = field(converter=tuple)
    initial: str
    states: tuple[StateSpec, ...] = field(converter=tuple)
    transitions: tuple[TransitionSpec, ...] = field(converter=tuple)
    #: A caveat about the section itself that every view of the machine repeats next to its number,
    #: e.g. "number presumed: the seed text does not print it" (optional ``section_note:``).
    section_note: str = ""
    readings: tuple[Reading, ...] = field(converter=tuple, default=())  # the readings register
    phases: tuple[PhaseSpec, ...] = field(converter=tuple, default=())  # the round's stages, in order

    @property
    def new_dealer_burn(self) -> TransitionSpec | None:
        """The transition declared ``new_dealer: true`` (a dealer new to the table burns a card); None if none."""
        return next((t for t in self.transitions if t.new_dealer), None)

    def phase_of(self, state_id: str) -> PhaseSpec | None:
        """The phase ``state_id`` belongs to (None in a machine that declares no phases)."""
        return next((p for p in self.phases if state_id in p.states), None)

    @property
    def name(self) -> str:
        """The machine's file stem, used for diagram file names."""
        return Path(self.path).stem

    @property
    def shown_path(self) -> str:
        """The machine file as every output names it: ``machines/blackjack.yaml`` for a section of this package
        (its folder in the repository), else where the file really is."""
        return shown_path(self.path)

    @property
    def short_section(self) -> str:
        """``§ 633a.7`` from ``58 Pa. Code § 633a.7``."""
        return self.section[self.section.index("§"):] if "§" in self.section else self.section

    def cite_text(self, cite: str) -> str:
        """``§ 633a.7(k)(1)`` for ``(k)(1)``; a reference to another section is kept as written."""
        return cite if cite.startswith("§") else f"{self.short_section}{cite}"

    def cites_of(self, t: TransitionSpec) -> tuple[str, ...]:
        """What an event of ``t`` cites (``("§ 692.7(j)", "§ 692.7(k)")``): how a log, ``replay`` and the tests tell
        apart arrows of one trigger between the same states."""
        return tuple(self.cite_text(c) for c in t.cite)

    def reading(self, reading_id: str) -> Reading:
        return next(r for r in self.readings if r.id == reading_id)

    def turns_source(self, turns: Turns) -> str:
        """Where a pass's direction comes from: ``§ 633a.7(i)``, or the reading that takes it,
        ``reading insurance_offer_from_dealers_left on § 633a.7(h), § 633a.8`` (the section gives none)."""
        if turns.reading_id is None:
            return self.cite_text(turns.cite)
        cites = ", ".join(self.cite_text(c) for c in self.reading(turns.reading_id).cite)
        return f"reading {turns.reading_id} on {cites}"

    def state(self, state_id: str) -> StateSpec:
        return next(s for s in self.states if s.id == state_id)

    @property
    def decision_words(self) -> tuple[str, ...]:
        """Every player decision of the machine, once, in file order (``hit``, ``insurance=no``)."""
        return tuple(dict.fromkeys(t.trigger for t in self.transitions if t.by == "player"))

    def final_states(self) -> set[str]:
        return {s.id for s in self.states if s.final}

    def outgoing(self, state_id: str) -> list[TransitionSpec]:
        return [t for t in self.transitions if t.source == state_id]

    def entries(self) -> list[Entry]:
        """Every guard and action the machine uses, once each, in file order (a declared pass's ``only``
        guards with the states', then the transitions')."""
        seen: dict[str, Entry] = {}
        for s in self.states:
            for entry in s.turns.only if s.turns is not None else ():
                seen.setdefault(entry.name, entry)
        for t in self.transitions:
            for entry in t.when + t.unless + t.do + (t.turns.only if t.turns is not None else ()):
                seen.setdefault(entry.name, entry)
        return list(seen.values())

    def reachable(self) -> set[str]:
        """States reachable from the initial state over the transitions."""
        seen, queue = {self.initial}, deque([self.initial])
        while queue:
            for t in self.outgoing(queue.popleft()):
                if t.dest not in seen:
                    seen.add(t.dest)
                    queue.append(t.dest)
        return seen

    def cited_keys(self) -> dict[str, list[str]]:
        """Each citation -> the machine elements that cite it (``state x``, ``guard y`` ...)."""
        cited: dict[str, list[str]] = {}
        for s in self.states:
            for c in s.cite:
                cited.setdefault(c, []).append(f"state {s.id}")
        for t in self.transitions:
            for c in t.cite:
                cited.setdefault(c, []).append(f"transition {t.trigger} ({t.source} -> {t.dest})")
        for e in self.entries():
            for c in e.cite:
                cited.setdefault(c, []).append(f"{e.kind} {e.name}")
        for r in self.refusals:
            cited.setdefault(r.cite, []).append(f"refusal {r.trigger}")
        return cited

    def unmapped(self) -> list[str]:
        """Subsections neither cited (itself or a sub-paragraph) nor waived."""
        cited = self.cited_keys()
        waived = dict(self.waived)
        return [key for key, _ in self.subsections
                if key not in waived and not any(covers(c, key) for c in cited)]


def no_new_dealer(spec: MachineSpec, what: str = "--new-dealer-every") -> str:
    """Why a new dealer (``what`` brings one) does not come to ``spec``'s game."""
    return (f"{what}: {spec.section} has no new dealer's burn card (no transition of "
            f"{spec.shown_path} is declared new_dealer: true)")


def shown_path(path: str | Path) -> str:
    """``machines/<file>`` for a file of this package's ``machines/`` folder, else ``path`` itself, absolute."""
    where = Path(path).resolve()
    return f"machines/{where.name}" if where.parent == _PACKAGE_MACHINES.resolve() else str(where)


#: This package's machine files (a link to the repository's top-level folder, shipped inside a wheel).
_PACKAGE_MACHINES = Path(str(files("pa_table_games") / "machines"))


def covers(cite: str, key: str) -> bool:
    """``cite`` is subsection ``key`` or one of its sub-paragraphs: "(g)(1)(i)" covers "(g)(1)",
    "(g)(10)" does not."""
    return cite == key or (cite.startswith(key) and cite[len(key)] == "(")
