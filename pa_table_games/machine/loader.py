"""Reading a machine file: safe YAML with line numbers -> a validated, frozen :class:`MachineSpec`.

Every rule is checked here and every breach is a :class:`MachineFileError` naming ``file:line``: a text holding a
control character, a state's or phase's label over 120 characters or any other text over 4,000
(:func:`~pa_table_games.machine.yamlio.check_text`: a diagram draws a label on one line), unknown keys, missing
parts, unknown states, guards or actions, citations outside the subsection index, unreachable states, a transition
that can never fire, a subsection neither cited nor waived, a refusal of one of the machine's own decisions, a
``turns:`` cite ``reading:<id>`` naming no reading of the register, a ``turns: {only: [...]}`` naming no registered
guard or declared on a transition that starts no walk, a ``turns: {holding: [...]}`` (on a state or a transition)
empty, naming a wager twice or naming one the game does not have.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from pa_table_games.errors import MachineFileError, TableGamesError
from pa_table_games.machine.registry import TURN_ITEMS, Entry, Registry
from pa_table_games.machine.spec import (READING_CITE, TURN_ORDERS, MachineSpec, PassKey, PhaseSpec, Reading,
                                         Refusal, StateSpec, TransitionSpec, Turns)
from pa_table_games.machine.yamlio import LineDict, LineList, check_text, load_yaml

CITE = re.compile(r"^(\([a-z]{1,2}\)|\([0-9]{1,2}\)|\([ivx]{1,5}\)|\([A-Z]\))+$")
STATE_ID = re.compile(r"^[a-z][a-z0-9_]*$")
TRIGGER = re.compile(r"^[a-z][a-z0-9_]*(=[a-z0-9_]+)?$")

_TOP = {"section", "title", "game", "notes", "section_note", "subsections", "references", "waived",
        "refusals", "initial", "phases", "states", "transitions", "readings"}
_STATE = {"id", "label", "cite", "final", "turns"}
_TRANSITION = {"trigger", "source", "dest", "by", "cite", "when", "unless", "do", "turns", "ends_turn", "new_dealer"}
#: The guard the runtime answers itself, in a state that declares ``turns``: every unit has had its turn.
EVERY_TURN_TAKEN = "every_turn_taken"
#: Guards a machine file may name that no game registers: the runtime answers them.
RUNTIME_GUARDS = frozenset({EVERY_TURN_TAKEN})


def every_turn_taken(rnd: Any, unit: Any) -> bool:
    """every unit of the state's declared pass round the table has taken its turn"""
    return rnd.every_turn_taken()


def _turn_guard(t: TransitionSpec) -> Callable[[Any, Any], bool]:
    def turn_guard(rnd: Any, unit: Any) -> bool:
        return rnd.pass_allows(t)
    return turn_guard
_TURNS = {"each", "from", "cite", "holding", "only"}
_REFUSAL = {"trigger", "cite", "reason"}
_REQUIRED = {"section", "title", "game", "subsections", "initial", "states", "transitions"}  # of a machine file
_READING = {"id", "cite", "reading", "rests_on", "rejected"}
_PHASE = {"id", "label", "cite", "states"}


def load_spec(path: str | Path, registry: Registry, text: str | None = None,
              wagers: tuple[str, ...] | None = None, items: tuple[str, ...] = TURN_ITEMS) -> MachineSpec:
    """Load and validate one machine file against ``registry`` (``text``: its content, read elsewhere, e.g. from a
    git revision; ``path`` then only names it in errors). ``wagers``: the game's wager names, the only ones a ``turns:
    {holding: [...]}`` may name (None: not checked); ``items``: what the game's passes go over (``turns: {each}``)."""
    return _Loader(Path(path), registry, text, wagers, items).load()


class _Loader:
    def __init__(self, path: Path, registry: Registry, text: str | None = None,
                 wagers: tuple[str, ...] | None = None, items: tuple[str, ...] = TURN_ITEMS) -> None:
        self.path, self.registry, self.source, self.wagers = path, registry, text, wagers
        self.file, self.walks = str(path), items  # what the game walks: what a pass may go over (turns: {each})
        self.reading_refs: list[tuple[int, str, str]] = []  # (line, what, id) of each turns cite "reading:<id>"

    def fail(self, line: int | None, message: str) -> MachineFileError:
        return MachineFileError(self.file, line, message)

    def load(self) -> MachineSpec:
        doc = load_yaml(self.path, MachineFileError, self.source)
        if not isinstance(doc, LineDict):
            raise self.fail(1, "a machine file is a mapping with section, title, game, states, transitions")
        check_text(doc, self.fail)
        self.check_keys(doc, _TOP, "machine file", required=_REQUIRED)
        self.index = self.mapping_of_text(doc, "subsections")
        self.references = self.mapping_of_text(doc, "references", optional=True)
        waived = self.mapping_of_text(doc, "waived", optional=True)
        for key in (key for key in waived if key not in self.index):
            raise self.fail(doc["waived"].line_of(key), f"waived {key!r} is not in subsections")
        states = self.states(doc)
        self.state_ids, self.state_cites = {s.id for s in states}, {s.id: s.cite for s in states}
        self.state_turns = {s.id: s.turns for s in states}
        transitions = self.passes(self.transitions(doc))
        refusals = self.refusals(doc, {t.trigger for t in transitions if t.by == "player"})
        initial = self.text(doc, "initial")
        if initial not in self.state_ids:
            raise self.fail(doc.line_of("initial"), f"initial state {initial!r} is not a state")
        spec = MachineSpec(self.file, self.text(doc, "section"), self.text(doc, "title"),
                           self.text(doc, "game"), str(doc.get("notes", "")).strip(),
                           self.index.items(), self.references.items(), waived.items(),
                           refusals, initial, states, transitions,
                           self.text(doc, "section_note") if "section_note" in doc else "",
                           readings=self.readings(doc), phases=self.phases(doc, states))
        self.check_reading_refs(spec)
        self.check_structure(spec, doc)
        return spec

    # -- pieces --------------------------------------------------------------------------
    def check_keys(self, node: LineDict, allowed: set[str], what: str, required: set[str] = frozenset()) -> None:
        for key in node:
            if key not in allowed:
                raise self.fail(node.line_of(key), f"unknown key {key!r} in {what} (allowed: {', '.join(sorted(allowed))})")
        for key in sorted(required - set(node)):
            raise self.fail(node.line, f"{what} is missing {key!r}")

    def text(self, node: LineDict, key: str) -> str:
        value = node.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(node.line_of(key), f"{key!r} must be a non-empty string")
        return value.strip()

    def mapping_of_text(self, doc: LineDict, key: str, optional: bool = False) -> dict[str, str]:
        node = doc.get(key, LineDict() if optional else None)
        if not isinstance(node, LineDict):
            raise self.fail(doc.line_of(key), f"{key!r} must be a mapping of citation -> one line of text")
        for k, v in node.items():
            if not isinstance(v, str) or not v.strip():
                raise self.fail(node.line_of(k), f"{key} {k!r} needs a one-line text (a waiver needs its reason)")
            if key != "references" and not CITE.match(str(k)):
                raise self.fail(node.line_of(k), f"{k!r} is not a subsection like '(a)' or '(k)(1)'")
            if key == "references" and not str(k).startswith("§"):
                raise self.fail(node.line_of(k), f"reference {k!r} must start with '§'")
        return {str(k): " ".join(v.split()) for k, v in node.items()}

    def items(self, doc: LineDict, key: str, optional: bool = False) -> LineList:
        node = doc.get(key, LineList() if optional else None)
        if not isinstance(node, LineList) or (not node and not optional):
            raise self.fail(doc.line_of(key), f"{key!r} must be a non-empty list")
        for i, item in enumerate(node):
            if not isinstance(item, LineDict):
                raise self.fail(node.line_of(i), f"each entry of {key!r} must be a mapping")
        node.line = node.line or doc.line_of(key)
        return node

    def cites(self, node: LineDict, what: str) -> tuple[str, ...]:
        value = node.get("cite")
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or not all(isinstance(c, str) for c in value):
            raise self.fail(node.line_of("cite"), f"{what} needs 'cite': a subsection or a list of them")
        for c in value:
            if c not in self.index and c not in self.references:
                raise self.fail(node.line_of("cite"), f"{what} cites {c!r}, which is not in subsections or references")
        return tuple(value)

    def names(self, node: LineDict, key: str, kind: str, what: str, source: str = "") -> tuple[Entry, ...]:
        value = node.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(node.line_of(key), f"{what}: {key!r} must be a list of {kind} names")
        entries = []
        for name in value:
            if kind == "guard" and name == EVERY_TURN_TAKEN:
                entries.append(self.every_turn_taken(node, key, what, source))
                continue
            try:
                entry = self.registry.lookup(kind, name)
            except TableGamesError as err:
                raise self.fail(node.line_of(key), f"{what}: {err}") from None
            for c in entry.cite:
                if c not in self.index and c not in self.references:
                    raise self.fail(node.line_of(key), f"{what}: {kind} {name!r} cites {c!r}, which is not in subsections or references")
            entries.append(entry)
        return tuple(entries)

    def states(self, doc: LineDict) -> list[StateSpec]:
        states, seen = [], set()
        for node in self.items(doc, "states"):
            self.check_keys(node, _STATE, "a state", required={"id", "cite"})
            state_id = self.text(node, "id")
            if not STATE_ID.match(state_id):
                raise self.fail(node.line_of("id"), f"state id {state_id!r} must be lower_snake_case (no ':')")
            if state_id in seen:
                raise self.fail(node.line_of("id"), f"duplicate state id {state_id!r}")
            seen.add(state_id)
            final = node.get("final", False)
            if not isinstance(final, bool):
                raise self.fail(node.line_of("final"), "'final' must be true or false")
            label = self.text(node, "label") if "label" in node else state_id.replace("_", " ")
            states.append(StateSpec(state_id, label, self.cites(node, f"state {state_id!r}"), final, node.line,
                                    self.turns(node, f"state {state_id!r}")))
        return states

    def transitions(self, doc: LineDict) -> list[TransitionSpec]:
        result = []
        passes: dict[tuple, PassKey] = {}  # a pass's key, one for all its transitions: a walk is looked up by it
        for index, node in enumerate(self.items(doc, "transitions")):
            self.check_keys(node, _TRANSITION, "a transition", required={"trigger", "source", "dest", "cite"})
            trigger = self.text(node, "trigger")
            if not TRIGGER.match(trigger):
                raise self.fail(node.line_of("trigger"), f"trigger {trigger!r} must be lower_snake_case, optionally '=value'")
            what = f"transition {trigger!r}"
            ends = {}
            for key in ("source", "dest"):
                ends[key] = self.text(node, key)
                if ends[key] not in self.state_ids:
                    raise self.fail(node.line_of(key), f"{what}: unknown state {ends[key]!r}")
            by = node.get("by", "dealer")
            if by not in ("dealer", "player"):
                raise self.fail(node.line_of("by"), f"{what}: 'by' must be dealer or player")
            source, turns = ends["source"], self.turns(node, what)
            is_pass = turns is not None and by == "dealer" and source == ends["dest"]
            walk = passes.setdefault((source, turns), PassKey(f"{source} pass {len(passes) + 1}")) if is_pass \
                else source if self.state_turns[source] is not None else None
            ends_turn = node.get("ends_turn", False)
            if not isinstance(ends_turn, bool):
                raise self.fail(node.line_of("ends_turn"), f"{what}: 'ends_turn' must be true or false")
            new_dealer = self.new_dealer(node, what, by, result)
            if turns is not None and turns.only and not is_pass:
                raise self.fail(node.line_of("turns"), f"{what}: turns only picks the units of a walk: declare it "
                                "on a state's turns, or on a dealer transition looping on its state (a pass)")
            if ends_turn and walk is None:
                raise self.fail(node.line_of("ends_turn"), f"{what}: 'ends_turn' needs a pass round the table: "
                                f"declare 'turns' on state {source!r}, or on this transition looping on it")
            result.append(TransitionSpec(
                trigger, source, ends["dest"], by, self.cites(node, what),
                self.names(node, "when", "guard", what, source), self.names(node, "unless", "guard", what, source),
                self.names(node, "do", "action", what), node.line, index, turns, ends_turn, walk,
                new_dealer=new_dealer))
        return result

    def new_dealer(self, node: LineDict, what: str, by: str, before: list[TransitionSpec]) -> bool:
        """``new_dealer: true``: the one dealer transition that is a new dealer's burn."""
        flag = node.get("new_dealer", False)
        if not isinstance(flag, bool):
            raise self.fail(node.line_of("new_dealer"), f"{what}: 'new_dealer' must be true or false")
        if flag and by != "dealer":
            raise self.fail(node.line_of("new_dealer"), f"{what}: a new dealer's burn is the dealer's transition")
        earlier = next((t for t in before if t.new_dealer and t.trigger != node.get("trigger")), None)
        if flag and earlier is not None:
            raise self.fail(node.line_of("new_dealer"), f"{what}: the new dealer's burn is declared already, by "
                            f"transition {earlier.trigger!r} (line {earlier.line})")
        return flag

    def every_turn_taken(self, node: LineDict, key: str, what: str, source: str) -> Entry:
        """The runtime's own guard, cited by the declaration of the state it is asked in."""
        turns = self.state_turns.get(source)
        if turns is None:
            raise self.fail(node.line_of(key), f"{what}: {EVERY_TURN_TAKEN!r} is asked only out of a state "
                            f"that declares 'turns' ({source!r} does not)")
        cites = self.state_cites[source] if turns.reading_id else (turns.cite,)  # a reading is no subsection
        return Entry(EVERY_TURN_TAKEN, "guard", every_turn_taken, cites,
                     f"every {turns.each} has taken its turn, {TURN_ORDERS[turns.start]}")

    def passes(self, transitions: list[TransitionSpec]) -> list[TransitionSpec]:
        """Each pass's transitions (dealer self-loops declaring the same ``turns`` out of one state) share
        one walk; each is asked through the runtime's turn guard for the next unit that has a turn."""
        result = []
        for t in transitions:
            if isinstance(t.walk, PassKey):
                guard = Entry(f"turn_in_pass_{t.index}", "guard", _turn_guard(t),
                              t.cite if t.turns.reading_id else (t.turns.cite,), f"a {t.turns.each} {TURN_ORDERS[t.turns.start]} has this turn to take")
                t = attrs.evolve(t, turn_guard=guard)
            result.append(t)
        return result

    def turns(self, node: LineDict, what: str) -> Turns | None:
        """A declared pass around the table: what it goes over, where it starts, and its cite."""
        value = node.get("turns")
        if value is None:
            return None
        if not isinstance(value, LineDict):
            raise self.fail(node.line_of("turns"), f"{what}: 'turns' must be a mapping with each, from, cite")
        self.check_keys(value, _TURNS, f"{what} turns", required=_TURNS - {"holding", "only"})
        each, start = value["each"], value["from"]
        if each not in self.walks:
            raise self.fail(value.line_of("each"), f"{what}: turns each {each!r} is not one of {', '.join(self.walks)}")
        if not isinstance(start, str) or start not in TURN_ORDERS:  # a mapping or list there is no name
            raise self.fail(value.line_of("from"), f"{what}: turns from {start!r} is not one of {', '.join(TURN_ORDERS)}")
        holding = self.holding(value, what, each)
        only = self.only(value, what)
        cite = value["cite"]
        if isinstance(cite, str) and cite.startswith(READING_CITE):
            self.reading_refs.append((value.line_of("cite"), what, cite[len(READING_CITE):]))
            return Turns(each, start, cite, holding, only)
        cites = self.cites(value, f"{what} turns")
        if len(cites) > 1:  # the one subsection giving the order: a second would be dropped from every view
            raise self.fail(value.line_of("cite"), f"{what}: turns cites one subsection (the one giving the order), "
                            f"not {len(cites)}")
        return Turns(each, start, cites[0], holding, only)

    def holding(self, value: LineDict, what: str, each: str) -> tuple[str, ...]:
        """A pass over each player's ``holding``, on a state or a transition alike: the game's wagers, each
        named once (no ``holding``: every player)."""
        if "holding" not in value:
            return ()
        names = value["holding"]
        if not isinstance(names, LineList) or not names or not all(isinstance(h, str) and h for h in names) or (
                each != "player"):
            raise self.fail(value.line_of("holding"), f"{what}: turns holding is a non-empty list of wager names, "
                            "for a pass over each player")
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.fail(names.line_of(i), f"{what}: turns holding names {name!r} twice")
            if self.wagers is not None and name not in self.wagers:
                raise self.fail(names.line_of(i), f"{what}: turns holding {name!r} is not a {self.registry.game} "
                                f"wager (known: {', '.join(self.wagers)})")
        return tuple(names)

    def only(self, value: LineDict, what: str) -> tuple[Entry, ...]:
        """A declared pass's ``only``: registered guards, each asked of a unit when the walk starts (not the
        runtime's ``every_turn_taken``, which is about the walk, not a unit)."""
        if "only" not in value:
            return ()
        names = value["only"]
        if not isinstance(names, list) or not names or EVERY_TURN_TAKEN in names:
            raise self.fail(value.line_of("only"), f"{what}: turns only is a list of registered guard names, each "
                            "asked of a unit when the walk starts (a unit for which one fails has no turn)")
        return self.names(value, "only", "guard", f"{what} turns")

    def refusals(self, doc: LineDict, decisions: set[str]) -> list[Refusal]:
        result = []  # decisions the section forbids outright: never the machine's own, which one would shadow
        for node in self.items(doc, "refusals", optional=True):
            self.check_keys(node, _REFUSAL, "a refusal", required={"trigger", "cite", "reason"})
            cite, trigger = self.cites(node, "refusal"), self.text(node, "trigger")
            if trigger in decisions:
                raise self.fail(node.line_of("trigger"), f"refusal {trigger!r} is a decision of this machine")
            result.append(Refusal(trigger, cite[0], self.text(node, "reason"), node.line))
        return result

    def readings(self, doc: LineDict) -> list[Reading]:
        """The readings register: each entry cites what it concerns and quotes the seed it rests on."""
        result, ids = [], set()
        for node in self.items(doc, "readings", optional=True):
            self.check_keys(node, _READING, "a reading", required=_READING - {"id"})
            texts = [" ".join(self.text(node, key).split()) for key in ("reading", "rests_on", "rejected")]
            reading_id = self.text(node, "id") if "id" in node else ""
            if reading_id and not STATE_ID.match(reading_id):
                raise self.fail(node.line_of("id"), f"reading id {reading_id!r} must be lower_snake_case")
            if reading_id and reading_id in ids:
                raise self.fail(node.line_of("id"), f"duplicate reading id {reading_id!r}")
            ids.add(reading_id)
            result.append(Reading(self.cites(node, "a reading"), *texts, node.line, reading_id))
        return result

    def phases(self, doc: LineDict, states: list[StateSpec]) -> list[PhaseSpec]:
        """The round's stages, in order: when declared, every state belongs to exactly one."""
        result: list[PhaseSpec] = []
        owner: dict[str, str] = {}
        for node in self.items(doc, "phases", optional=True):
            self.check_keys(node, _PHASE, "a phase", required=_PHASE)
            phase_id = self.text(node, "id")
            if not STATE_ID.match(phase_id) or any(p.id == phase_id for p in result):
                raise self.fail(node.line_of("id"), f"phase id {phase_id!r} must be lower_snake_case and unique")
            members = node.get("states")
            if not isinstance(members, list) or not members or not all(isinstance(m, str) for m in members):
                raise self.fail(node.line_of("states"), f"phase {phase_id!r}: 'states' must be a list of state ids")
            for member in members:
                if member not in self.state_ids:
                    raise self.fail(node.line_of("states"), f"phase {phase_id!r}: unknown state {member!r}")
                if member in owner:
                    raise self.fail(node.line_of("states"), f"phase {phase_id!r}: state {member!r} is already in "
                                    f"phase {owner[member]!r}")
                owner[member] = phase_id
            result.append(PhaseSpec(phase_id, self.text(node, "label"), self.cites(node, f"phase {phase_id!r}"),
                                    members, node.line))
        if result:
            for s in states:
                if s.id not in owner:
                    raise self.fail(s.line, f"state {s.id!r} is in no phase (phases: list every state once)")
        return result

    def check_reading_refs(self, spec: MachineSpec) -> None:
        """A pass whose direction the section does not give cites a reading of the register by its id."""
        known = sorted(r.id for r in spec.readings if r.id)
        for line, what, reading_id in self.reading_refs:
            if reading_id not in known:
                raise self.fail(line, f"{what} turns cites reading {reading_id!r}, which is not in readings "
                                f"(ids: {', '.join(known) or 'none'})")

    def check_structure(self, spec: MachineSpec, doc: LineDict) -> None:
        finals = spec.final_states()
        for s in spec.states:
            out = spec.outgoing(s.id)
            if s.final and out:
                raise self.fail(out[0].line, f"final state {s.id!r} may not have transitions out")
            if not s.final and not out:
                raise self.fail(s.line, f"state {s.id!r} is not final and has no way out")
        for s in spec.states:
            dealer = [t for t in spec.outgoing(s.id) if t.by == "dealer"]
            for t, later in zip(dealer, dealer[1:]):
                if not t.guards:
                    raise self.fail(later.line, f"transition {later.trigger!r} can never fire: "
                                    f"{t.trigger!r} from {s.id!r} has no guards and is tried first")
        if not finals:
            raise self.fail(doc.line_of("states"), "no state is final")
        unreachable = [s for s in spec.states if s.id not in spec.reachable()]
        if unreachable:
            raise self.fail(unreachable[0].line, f"state {unreachable[0].id!r} cannot be reached from {spec.initial!r}")
        for key in spec.unmapped():
            raise self.fail(doc["subsections"].line_of(key),
                            f"subsection {key} is neither cited by the machine nor waived with a reason")
