"""``pa-table-games diff OLD NEW``: what an amendment (or a casino's new Rules) changes in a machine.

Each argument is read by one rule: an existing path is a machine file, a game's name (either
spelling) its installed machine file, anything else a git revision (``git rev-parse --verify``):
``diff blackjack new.yaml`` compares the installed machine with a file; ``diff blackjack HEAD~3``
compares ``machines/blackjack.yaml`` at ``HEAD~3`` with the working copy.
Both sides are loaded against the game's registry, so each is a valid machine in its own right.

The report lists, in this order, the subsections, waivers, cross-references, states, arrows,
guards, actions and readings that were added (``+``), removed (``-``) or changed (``~``). Arrows
are matched by trigger, source and destination; where a state has several arrows with the same
trigger to the same place (a file-order choice), identical ones are matched first, then the rest
in file order. Dealer steps out of a state are tried in file order, so a reordering of the arrows
both files keep is a change of that state. A changed guard or action marks the arrows that use it,
and a guard a walk's ``turns: {only: [...]}`` asks marks the state or pass declaring that walk.
:mod:`.diff_page` draws NEW with the changes marked.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import attrs
from attrs import field, frozen

from pa_table_games.errors import MachineFileError, TableGamesError
from pa_table_games.games import GAMES, canonical_game, game_info
from pa_table_games.machine.registry import Entry
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.machine.yamlio import LineDict, load_yaml
from pa_table_games.review.trace import transition_name

SIGN = {"added": "+", "removed": "-", "changed": "~"}
KINDS = ("heading", "subsection", "waiver", "reference", "phase", "state", "arrow", "guard", "action", "reading")


@frozen
class Change:
    """One element added, removed or changed, with what changed and its ids in the drawing."""

    kind: str  # one of KINDS
    how: str  # "added", "removed" or "changed"
    name: str
    details: tuple[str, ...] = field(converter=tuple, default=())
    elements: tuple[str, ...] = field(converter=tuple, default=())  # ids in the diff drawing (NEW plus what was removed)

    @property
    def line(self) -> str:
        """``~ arrow hit (player_decisions -> player_decisions): guards: a -> b``."""
        return f"{SIGN[self.how]} {self.kind} {self.name}" + (f": {'; '.join(self.details)}" if self.details else "")


@frozen
class MachineDiff:
    """The changes from ``old`` to ``new``, and ``drawing``: NEW plus the removed states and arrows."""

    old: MachineSpec
    new: MachineSpec
    old_label: str
    new_label: str
    changes: tuple[Change, ...] = field(converter=tuple)
    drawing: MachineSpec

    def count(self, how: str) -> int:
        return sum(1 for c in self.changes if c.how == how)

    @property
    def summary(self) -> str:
        if not self.changes:
            return "no changes"
        return f"{self.count('added')} added, {self.count('removed')} removed, {self.count('changed')} changed"

    def lines(self) -> list[str]:
        return [f"--- {self.old_label}", f"+++ {self.new_label}", *(c.line for c in self.changes),
                f"{self.new.short_section}: {self.summary}"]

    def marks(self) -> dict[str, str]:
        """Diagram element id -> "added", "removed" or "changed" (the first change naming it wins)."""
        found: dict[str, str] = {}
        for c in self.changes:
            for element in c.elements:
                found.setdefault(element, c.how)
        return found


# -- loading the two sides -------------------------------------------------------------------------
def _game_of(path: str, text: str | None = None) -> str:
    doc = load_yaml(path, MachineFileError, text)
    game = doc.get("game") if isinstance(doc, LineDict) else None
    if game not in GAMES:
        line = doc.line_of("game") if isinstance(doc, LineDict) else 1
        raise MachineFileError(path, line, f"'game' must name a known game ({', '.join(GAMES)}) to load its guards and actions")
    return game


def load_side(path: str, text: str | None = None) -> MachineSpec:
    """A machine file (or its ``text`` from a revision, named ``path``) against its game's registry."""
    info = game_info(_game_of(path, text))
    return info.machine_spec(path, text)


def machine_file(name: str) -> Path:
    """A game's name (either spelling) -> its installed machine file, where it really is."""
    meant = canonical_game(name)
    if meant is None:
        raise TableGamesError(f"{name!r} is neither a machine file nor a machine (known: {', '.join(GAMES)})")
    return game_info(meant).machine_file


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, check=False,
                          stdin=subprocess.DEVNULL, timeout=60)


def _why(result: subprocess.CompletedProcess) -> str:
    return (result.stderr.strip().splitlines() or ["git failed"])[-1].removeprefix("fatal: ")


def commit_of(folder: Path, revision: str, what: str) -> str:
    """The commit ``revision`` names, checked by ``git rev-parse --verify`` before any other git command.

    A revision is never handed to git where it could be read as an option: one starting with
    ``-`` (``--output=FILE``) is refused here, and what git is given afterwards is the commit's
    hexadecimal name it printed."""
    if not revision.strip() or revision.startswith("-") or any(c in revision for c in "\0\n\r"):
        raise TableGamesError(f"cannot read {what} at revision {revision!r}: not a git revision "
                              "(a commit, a tag, HEAD~3; never an option)")
    result = _git(folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}")
    commit = result.stdout.strip()
    if result.returncode != 0 or not commit or not all(c in "0123456789abcdef" for c in commit):
        raise TableGamesError(f"cannot read {what} at revision {revision!r}: "
                              f"{_why(result) if result.stderr.strip() else 'no such commit in this repository'}")
    return commit


def at_revision(path: Path, revision: str) -> str:
    """The text of ``path`` at git ``revision`` (``HEAD~3``, a tag, a commit)."""
    here = path.resolve()
    commit = commit_of(here.parent, revision, f"machines/{here.name}")
    result = _git(here.parent, "show", "--end-of-options", f"{commit}:./{here.name}")
    if result.returncode != 0:
        raise TableGamesError(f"cannot read machines/{here.name} at revision {revision!r}: {_why(result)}")
    return result.stdout


def read_argument(arg: str) -> tuple[str, Path | None]:
    """How ``diff`` reads one argument, by one rule: an existing path is a file; a game's name (either
    spelling) is its installed machine file; anything else is a git revision (checked when used)."""
    if Path(arg).exists():
        return "file", Path(arg)
    if canonical_game(arg) is not None:
        return "game", machine_file(arg)
    return "revision", None


def verified_revision(path: Path, revision: str) -> str:
    """``revision`` if ``git rev-parse --verify`` knows it in the repository holding ``path``, else a one-line error
    (one that git could read as an option is refused by :func:`commit_of` before git sees it)."""
    here = path.resolve()
    if not revision.strip() or revision.startswith("-") or any(c in revision for c in "\0\n\r"):
        commit_of(here.parent, revision, f"machines/{here.name}")
    result = _git(here.parent, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}")
    if result.returncode != 0:
        why = (result.stderr.strip().splitlines() or [f"no such revision in the repository holding {here.parent}"])[-1]
        raise TableGamesError(f"cannot read machines/{here.name} at revision {revision!r}: it is neither a file, a game "
                              f"({', '.join(GAMES)}) nor a git revision ({why.removeprefix('fatal: ')})")
    return revision


def diff_args(old: str, new: str, said: list[str] | None = None) -> MachineDiff:
    """``OLD NEW`` as the command line takes them (:func:`read_argument`): two machines (files or games), or a
    machine and a git revision (then OLD is the machine at that revision, NEW the machine now). ``said``
    collects one line per argument saying how it was read."""
    said = said if said is not None else []
    (old_kind, old_path), (new_kind, new_path) = read_argument(old), read_argument(new)
    for side, arg, kind, path in (("OLD", old, old_kind, old_path), ("NEW", new, new_kind, new_path)):
        said.append(f"{side} {arg}: " + {"file": "a machine file", "game": f"a game: its installed machine file {path}",
                                         "revision": "a git revision"}[kind])
    if old_path is not None and new_path is not None:
        return compare(load_side(str(old_path)), load_side(str(new_path)), _label(old, old_path), _label(new, new_path))
    if old_path is None and new_path is None:
        raise TableGamesError(f"{old!r} is neither a machine file nor a machine (known: {', '.join(GAMES)})")
    path, revision = (old_path, new) if old_path is not None else (new_path, old)
    label = f"machines/{path.name}"
    text = at_revision(path, verified_revision(path, revision))
    return compare(load_side(f"{revision}:{label}", text), load_side(str(path)), f"{label} at {revision}",
                   f"{label} (working copy)")


def _label(arg: str, path: Path) -> str:
    return arg if Path(arg).exists() else f"{arg} ({path})"


# -- comparing ---------------------------------------------------------------------------------------
def _cites(spec: MachineSpec, cites: tuple[str, ...]) -> str:
    return ", ".join(spec.cite_text(c) for c in cites) or "none"


def _guards(t: TransitionSpec) -> str:
    return ", ".join([g.name for g in t.when] + [f"not {g.name}" for g in t.unless]) or "none"


def _actions(t: TransitionSpec) -> str:
    return ", ".join(a.name for a in t.do) or "none"


def _was(what: str, old: str, new: str) -> list[str]:
    return [] if old == new else [f"{what}: {old} -> {new}"]


def _mapping(kind: str, old: dict[str, str], new: dict[str, str], quote: bool = True) -> list[Change]:
    q = (lambda s: f'"{s}"') if quote else (lambda s: s)
    changes = [Change(kind, "removed", k, [q(v)]) for k, v in old.items() if k not in new]
    changes += [Change(kind, "added", k, [q(v)]) for k, v in new.items() if k not in old]
    changes += [Change(kind, "changed", k, [f"{q(old[k])} -> {q(v)}"]) for k, v in new.items() if k in old and old[k] != v]
    return changes


def _pairs(old: MachineSpec, new: MachineSpec):
    """Matched (old, new) arrows, and the removed and added ones."""
    def groups(spec):
        out: dict[tuple, list[TransitionSpec]] = {}
        for t in spec.transitions:
            out.setdefault((t.trigger, t.source, t.dest), []).append(t)
        return out

    def same(a: TransitionSpec, b: TransitionSpec) -> bool:
        return attrs.evolve(a, line=0, index=0) == attrs.evolve(b, line=0, index=0)

    olds, news = groups(old), groups(new)
    pairs, removed, added = [], [], []
    for key in dict.fromkeys([*olds, *news]):
        left, right = list(olds.get(key, [])), list(news.get(key, []))
        for a in list(left):
            b = next((b for b in right if same(a, b)), None)
            if b is not None:
                pairs.append((a, b))
                left.remove(a)
                right.remove(b)
        pairs += list(zip(left, right))
        removed += left[len(right):]
        added += right[len(left):]
    for a in list(removed):  # the same step out of the same state, now going elsewhere: redirected
        b = next((b for b in added if (b.trigger, b.source) == (a.trigger, a.source)), None)
        if b is not None:
            pairs.append((a, b))
            removed.remove(a)
            added.remove(b)
    return sorted(pairs, key=lambda p: p[1].index), removed, added


def _arrow(old: MachineSpec, new: MachineSpec, a: TransitionSpec, b: TransitionSpec) -> list[str]:
    return (_was("goes to", a.dest, b.dest) + _was("by", a.by, b.by) + _was("guards", _guards(a), _guards(b)) + _was("actions", _actions(a), _actions(b))
            + _was("cite", _cites(old, a.cite), _cites(new, b.cite))
            + _was("turns", a.turns.text if a.turns else "none", b.turns.text if b.turns else "none"))


def _states(old: MachineSpec, new: MachineSpec, pairs) -> list[Change]:
    before, after = {s.id: s for s in old.states}, {s.id: s for s in new.states}
    changes = [Change("state", "removed", s, [f'"{before[s].label}"'], [f"state-{s}"]) for s in before if s not in after]
    changes += [Change("state", "added", s, [f'"{after[s].label}"'], [f"state-{s}"]) for s in after if s not in before]
    kept = {b.index: a.index for a, b in pairs}
    for s, b in after.items():
        if s not in before:
            continue
        a = before[s]
        details = (_was("label", f'"{a.label}"', f'"{b.label}"') + _was("cite", _cites(old, a.cite), _cites(new, b.cite))
                   + _was("final", str(a.final), str(b.final))
                   + _was("initial", str(old.initial == s), str(new.initial == s))
                   + _was("turns", a.turns.text if a.turns else "none", b.turns.text if b.turns else "none"))
        # dealer steps both files keep, in the order NEW tries them: was that OLD's order too?
        steps = [t for t in new.outgoing(s) if t.by == "dealer" and t.index in kept]
        if [kept[t.index] for t in steps] != sorted(kept[t.index] for t in steps):
            details.append("dealer steps now tried in the order " + ", ".join(t.trigger for t in steps))
        if details:
            changes.append(Change("state", "changed", s, details, [f"state-{s}"]))
    return changes


def _entries(kind: str, old: MachineSpec, new: MachineSpec, ids: dict[str, list[str]]) -> list[Change]:
    def used(spec):
        return {e.name: e for e in spec.entries() if e.kind == kind}

    def words(spec, e: Entry) -> str:
        return f"{e.doc} ({_cites(spec, e.cite)})"

    before, after = used(old), used(new)
    changes = [Change(kind, "removed", n, [words(old, e)], ids.get(n, [])) for n, e in before.items() if n not in after]
    changes += [Change(kind, "added", n, [words(new, e)], ids.get(n, [])) for n, e in after.items() if n not in before]
    changes += [Change(kind, "changed", n, [f"{words(old, before[n])} -> {words(new, e)}"], ids.get(n, []))
                for n, e in after.items() if n in before and words(old, before[n]) != words(new, e)]
    return changes


def compare(old: MachineSpec, new: MachineSpec, old_label: str, new_label: str) -> MachineDiff:
    """Every change from ``old`` to ``new``, in the order of :data:`KINDS`."""
    pairs, removed, added = _pairs(old, new)
    gone = [attrs.evolve(t, index=len(new.transitions) + i) for i, t in enumerate(removed)]
    drawing = attrs.evolve(new, states=new.states + tuple(s for s in old.states if s.id not in {x.id for x in new.states}),
                           transitions=new.transitions + tuple(gone))
    users: dict[str, list[str]] = {}
    for t in drawing.transitions:  # a pass's ``only`` guards are asked for its arrow, as its ``when`` and ``unless``
        for e in t.when + t.unless + t.do + (t.turns.only if t.turns is not None else ()):
            users.setdefault(e.name, []).append(f"t{t.index}")
    for s in old.states + drawing.states:  # a state's walk asks them for its decisions (OLD's: a guard it dropped)
        for e in s.turns.only if s.turns is not None else ():
            if f"state-{s.id}" not in users.setdefault(e.name, []):
                users[e.name].append(f"state-{s.id}")
    heading = {"section": new.section, "title": new.title}
    changes = _mapping("heading", {"section": old.section, "title": old.title}, heading)
    changes += _mapping("subsection", dict(old.subsections), dict(new.subsections))
    changes += _mapping("waiver", dict(old.waived), dict(new.waived))
    changes += _mapping("reference", dict(old.references), dict(new.references))
    changes += _mapping("phase", _phases(old), _phases(new), quote=False)
    changes += _states(old, new, pairs)
    changes += [Change("arrow", "removed", transition_name(t), [f"guards: {_guards(t)}; cite: {_cites(old, t.cite)}"],
                       [f"t{g.index}"]) for t, g in zip(removed, gone)]
    changes += [Change("arrow", "added", transition_name(t), [f"guards: {_guards(t)}; cite: {_cites(new, t.cite)}"],
                       [f"t{t.index}"]) for t in added]
    changes += [Change("arrow", "changed", transition_name(b), _arrow(old, new, a, b), [f"t{b.index}"])
                for a, b in pairs if _arrow(old, new, a, b)]
    changes += _entries("guard", old, new, users) + _entries("action", old, new, users)
    changes += _readings(old, new)
    return MachineDiff(old, new, old_label, new_label, changes, drawing)


def _phases(spec: MachineSpec) -> dict[str, str]:
    """Each phase by id: its label, cites and states in order (the reader's grouping, § by § as filed)."""
    return {p.id: f'"{p.label}" ({_cites(spec, p.cite)}): {", ".join(p.states)}' for p in spec.phases}


def _readings(old: MachineSpec, new: MachineSpec) -> list[Change]:
    """Readings matched by their id, or without one by what they concern; a changed one names the parts
    that changed. (Two readings may concern the same subsections: an id keeps them apart.)"""
    def keyed(spec):
        return {f"[{r.id}] {_cites(spec, r.cite)}" if r.id else _cites(spec, r.cite): r for r in spec.readings}

    before, after = keyed(old), keyed(new)
    changes = [Change("reading", "removed", k, [r.reading]) for k, r in before.items() if k not in after]
    changes += [Change("reading", "added", k, [r.reading]) for k, r in after.items() if k not in before]
    for k, r in after.items():
        if k in before:
            details = [f'{part}: "{getattr(before[k], part)}" -> "{getattr(r, part)}"'
                       for part in ("reading", "rests_on", "rejected") if getattr(before[k], part) != getattr(r, part)]
            changes += [Change("reading", "changed", k, details)] if details else []
    return changes
