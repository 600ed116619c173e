"""The search behind ``pa-table-games coverage --write``: seeded random table sessions.

Each session draws a Rules variant (each option's valid values other than the default, found
from its type and help text and checked by the Rules validators), one to three seats with
the main wager and, at random, the other wagers that can be placed before the deal, table
flags, round options and the file's hints, then plays one or more rounds at one table with
random legal decisions. Sessions that fire a transition not seen before are kept; a greedy
set cover, then dropping any scenario the others make redundant, leaves a small set.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs
from attrs import field, frozen

from pa_table_games.review.coverage import (SCENARIOS, Scenario, TracedRound, game_with_rules, table_for,
                                     play_scenario, read_scenarios, scenario_path, search_block, write_scenarios)
from pa_table_games.errors import TableGamesError
from pa_table_games.money import check_seats
from pa_table_games.runtime.game import Game
from pa_table_games.games import load_game
from pa_table_games.equipment.flags import state_flags
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.machine.spec import MachineSpec
from pa_table_games.equipment.table import Table
from pa_table_games.review.trace import transition_name


def _rule_choices(rules_class: type) -> dict[str, list]:
    """Per Rules option, the valid values other than the default (words of its help, a few numbers)."""
    defaults = rules_class()
    choices: dict[str, list] = {}
    for f in attrs.fields(rules_class):
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            candidates: list = [not default]
        elif isinstance(default, str):
            candidates = list(dict.fromkeys(re.findall(r"[a-z][a-z0-9_]*", f.metadata.get("help", ""))))
        elif isinstance(default, (int, float)):
            candidates = [1, 2, 0.5, 3, 0]
        else:
            continue
        valid = []
        for value in candidates:
            try:
                attrs.evolve(defaults, **{f.name: value})
            except (ValueError, TypeError):
                continue
            if value != default:
                valid.append(value)
        if valid:
            choices[f.name] = valid
    return choices


class _Search:
    """Seeded random table sessions: random Rules variants, seats, flags, hints and legal decisions."""

    def __init__(self, game_name: str, search: dict, seed: int) -> None:
        self.name = game_name
        self.game = load_game(game_name)
        self.spec: MachineSpec = self.game.spec
        self.rng = random.Random(seed)
        self.hints = {key: list(search.get(key) or []) for key in ("rules", "options", "tables")}
        self.choices = _rule_choices(self.game.info.rules_class)
        self.flags = state_flags(Table)
        self.needs_argument: set[str] = set()  # decisions refused without an argument (``low=KS``)

    def random_rules(self) -> dict:
        rng, rules = self.rng, {}
        if self.hints["rules"] and rng.random() < 0.3:
            rules.update(rng.choice(self.hints["rules"]))
        if rng.random() < 0.6:
            for name in rng.sample(sorted(self.choices), min(len(self.choices), rng.randint(1, 3))):
                rules[name] = rng.choice(self.choices[name])
        return rules

    def random_seats(self, game: Game) -> dict:
        rng, wagers = self.rng, game.info.wagers
        seats: dict[int, dict] = {}
        for seat in sorted(rng.sample(range(1, 4), rng.randint(1, 3))):
            seats[seat] = {wagers[0]: min(max(10, game.rules.table_minimum), game.rules.table_maximum)}  # within the limits
            for name in wagers[1:]:
                if rng.random() < 0.35:
                    for amount in (5, 1, 10, 25):
                        trial = {**seats, seat: {**seats[seat], name: amount}}
                        try:
                            check_seats(game.rules, wagers[0], trial)  # the table limits, as play and replay
                            game.new_round(trial, shoe=Shoe.stacked("AS"))
                        except TableGamesError:
                            continue
                        seats = trial
                        break
        return seats

    def candidate(self) -> Scenario | None:
        rng = self.rng
        hint = rng.choice(self.hints["tables"]) if self.hints["tables"] and rng.random() < 0.25 else {}
        try:
            rules = {**self.random_rules(), **hint.get("rules", {})} if hint else self.random_rules()
            game = game_with_rules(self.name, rules)
            seats = hint.get("seats") or self.random_seats(game)
        except TableGamesError:
            return None
        options = hint.get("options") or (rng.choice(self.hints["options"])
                                          if self.hints["options"] and rng.random() < 0.3 else {})
        table = hint.get("table") or {flag: True for flag in self.flags if rng.random() < 0.15}
        shoe = hint.get("shoe")
        seed = hint.get("seed", rng.randrange(10**6)) if shoe is None else None
        rounds = hint.get("rounds") or [[]] * (1 if hint else rng.choice((1, 1, 1, 2, 3, 5, 8)))
        return Scenario("", rounds, seats, seed, shoe, rules, table, dict(options))

    def play(self, sc: Scenario) -> tuple[Scenario, set[int]] | None:
        """Play ``sc`` with random legal decisions (or a hint's own); the scenario with its decisions, and what fired."""
        if any(sc.rounds):
            try:
                return sc, set(play_scenario(self.name, sc))
            except TableGamesError:
                return None
        try:
            game = game_with_rules(self.name, sc.rules)
            table = table_for(game, sc.seed, sc.shoe, sc.table)
            rounds, fired = [], set()
            for _ in sc.rounds:
                rnd = TracedRound(game, table, sc.seats, options=dict(sc.options), atomic=False)
                words = self.play_round(rnd)
                if words is None:
                    break
                rounds.append(words)
                fired.update(rnd.fired)
        except TableGamesError:
            return None
        if not rounds:
            return None
        return attrs.evolve(sc, rounds=rounds), fired

    def play_round(self, rnd: TracedRound) -> list[str] | None:
        words: list[str] = []
        rnd.advance()
        while not rnd.is_over:
            word = self.decide(rnd)
            if word is None or len(words) > 60:
                return None
            words.append(word)
            rnd.advance()
        return words

    def decide(self, rnd: TracedRound) -> str | None:
        """Apply one random legal decision. A decision the machine offers is applied as is (no
        snapshot: fast); one that once needed an argument is tried with card codes seen so far."""
        legal = list(rnd.legal_names())
        self.rng.shuffle(legal)
        for name in legal:
            if name not in self.needs_argument:
                try:
                    rnd.act(name)
                    return name
                except TableGamesError:
                    self.needs_argument.add(name)
                    raise  # the round may be half-changed: give the session up
            seen = list(dict.fromkeys(m.card for e in rnd.events for m in e.cards))
            rnd.atomic = True
            try:
                for word in [name] + [f"{name}={c}" for c in self.rng.sample(seen, min(len(seen), 12))]:
                    try:
                        rnd.act(word)
                        return word
                    except TableGamesError:
                        continue
            finally:
                rnd.atomic = False
        return None

    def run(self, sessions: int, patience: int, progress: Callable[[int], None] | None = None
            ) -> tuple[list[Scenario], set[int]]:
        """Up to ``sessions`` sessions, stopping when all transitions fired or ``patience`` found nothing new;
        ``progress(sessions tried)`` after each."""
        everything = {t.index for t in self.spec.transitions}
        kept: list[tuple[Scenario, set[int]]] = []
        covered: set[int] = set()
        idle = 0
        for tried in range(1, sessions + 1):
            sc = self.candidate()
            result = self.play(sc) if sc is not None else None
            idle += 1
            if progress is not None:
                progress(tried)
            if result is None:
                continue
            played, fired = result
            if fired - covered:
                kept.append((played, fired))
                covered |= fired
                idle = 0
            if covered >= everything or idle >= patience:
                break
        return _minimise(self.name, kept), covered


def _minimise(name: str, kept: list[tuple[Scenario, set[int]]]) -> list[Scenario]:
    """Greedy set cover, then drop any scenario whose transitions the others already fire."""
    chosen: list[tuple[Scenario, set[int]]] = []
    left = set().union(*(f for _, f in kept)) if kept else set()
    pool = list(kept)
    while left:
        best = max(pool, key=lambda item: (len(item[1] & left), -sum(len(r) + 1 for r in item[0].rounds)))
        chosen.append(best)
        left -= best[1]
        pool.remove(best)
    for item in list(reversed(chosen)):
        others = set().union(*(f for sc, f in chosen if sc is not item[0]))
        if item[1] <= others:
            chosen.remove(item)
    chosen.sort(key=lambda item: min(item[1]))
    return [attrs.evolve(sc, id=f"{name}-{n}", covers=sorted(f)) for n, (sc, f) in enumerate(chosen, 1)]


def generate(game_name: str, *, sessions: int = 3000, patience: int = 1500, seed: int = 2024,
             directory: Path = SCENARIOS, progress: Callable[[int], None] | None = None
             ) -> tuple[list[Scenario], list[str], dict]:
    """Search for a small scenario set covering every transition; (scenarios, uncovered names, hints).
    ``progress(sessions tried)`` is called after each session.

    The hand-written ``search`` hints come from ``directory``'s file, else from the checkout's
    (so a search into a fresh folder finds what one into tests/scenarios finds)."""
    source = hints_file(game_name, directory)  # a file that is there but malformed is refused, not passed over
    search = read_scenarios(game_name, source.parent).search if source is not None else {}
    searcher = _Search(game_name, search, seed)
    scenarios, covered = searcher.run(sessions, patience, progress)
    uncovered = [f"t{t.index} {transition_name(t)}" for t in searcher.spec.transitions if t.index not in covered]
    return scenarios, uncovered, search


def hints_file(game_name: str, directory: Path) -> Path | None:
    """The scenario file the hand-written hints are read from: ``directory``'s, else the checkout's, else none."""
    for folder in dict.fromkeys((Path(directory), SCENARIOS)):
        if scenario_path(game_name, folder).exists():
            return scenario_path(game_name, folder)
    return None


@frozen
class Generated:
    """What a search found for one game, and where it was written (None: not written)."""

    game: str
    scenarios: tuple[Scenario, ...] = field(converter=tuple)
    transitions: int
    uncovered: tuple[str, ...] = field(converter=tuple)
    path: Path | None = None


def regenerate(names: Iterable[str], *, write: bool = False, sessions: int = 3000,
               directory: Path = SCENARIOS, progress: Callable[[str, int], None] | None = None) -> list[Generated]:
    """Search every game in ``names``; with ``write``, rewrite its scenario file (keeping the hints).
    ``progress(game, sessions tried)`` is called after each session."""
    results = []
    for name in names:
        heard = (lambda tried, name=name: progress(name, tried)) if progress is not None else None
        scenarios, uncovered, search = generate(name, sessions=sessions, directory=directory, progress=heard)
        source = hints_file(name, directory) if write else None
        kept = search_block(source, search) if source is not None else None  # as written, comments and all
        path = write_scenarios(name, scenarios, search, uncovered, directory, kept) if write else None
        results.append(Generated(name, scenarios, len(load_game(name).spec.transitions), uncovered, path))
    return results


