"""A game = its machine spec + its registry + its Rules; it deals new rounds.

``load_game("blackjack", rules="casino.yaml")`` loads and validates the machine file
once per process and builds one engine for every round.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

from attrs import frozen

from pa_table_games.errors import TableGamesError
from pa_table_games.machine.registry import Registry
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.machine.spec import MachineSpec, TransitionSpec, load_spec
from pa_table_games.equipment.table import Table

#: The machine files: the repository's top-level machines/, shipped inside the package (a link) so a wheel has them.
MACHINES = Path(str(files("pa_table_games") / "machines"))


@frozen
class GameInfo:
    """What a game module declares about itself; the hooks are plain functions."""

    name: str  # command-line name: "blackjack"
    machine: str  # file in machines/
    registry: Registry
    rules_class: type
    wagers: tuple[str, ...]  # wager names (contract)
    layout: Callable[[Any], Any]  # round -> the game's layout data; its ``cards()`` lists the cards it holds
    turn: Callable[[Any], tuple[int, int] | None]  # round -> (seat, hand) deciding now
    check_wager: Callable[[Any, int, str, float], None]  # the game's own rules, after the generic checks
    new_shoe: Callable[[Any, int | None], Shoe]  # (rules, seed) -> shoe
    cover_card_cite: str
    demo: dict  # {"seats": ..., "seed": ..., "actions": ...} for `make run`


class Game:
    """A loaded game: deals rounds that all share one machine and one engine."""

    def __init__(self, info: GameInfo, rules: Any, spec: MachineSpec, engine: Any) -> None:
        self.info, self.rules, self.spec, self.engine = info, rules, spec, engine
        self._dealer: dict[str, list[TransitionSpec]] = {s.id: [] for s in spec.states}
        self._player: dict[str, list[TransitionSpec]] = {s.id: [] for s in spec.states}
        for t in spec.transitions:
            (self._dealer if t.by == "dealer" else self._player)[t.source].append(t)

    def new_table(self, *, seed: int | None = None, shoe: Shoe | None = None) -> Table:
        return Table(shoe if shoe is not None else self.info.new_shoe(self.rules, seed))

    def new_round(self, seats: dict[int, dict[str, float]], *, seed: int | None = None,
                  shoe: Shoe | None = None, table: Table | None = None, atomic: bool = True,
                  options: dict | None = None) -> Any:
        """A round with ``seats`` = {seat: {wager: amount}} at ``table`` (or a new one).

        ``options`` carries game-specific extras (e.g. ``{"misdeal": 3}`` in Pai Gow)."""
        from pa_table_games.runtime.round import Round

        return Round(self, table or self.new_table(seed=seed, shoe=shoe), seats,
                     atomic=atomic, options=options)

    @staticmethod
    def guards_hold(t: TransitionSpec, rnd: Any) -> bool:
        for g in t.when:
            if not g.fn(rnd):
                return False
        for g in t.unless:
            if g.fn(rnd):
                return False
        return True

    def next_dealer_transition(self, rnd: Any) -> TransitionSpec | None:
        """The first dealer transition out of the round's state whose guards hold."""
        for t in self._dealer[rnd.state]:
            if self.guards_hold(t, rnd):
                return t
        return None

    def player_transitions(self, state: str) -> list[TransitionSpec]:
        return self._player[state]


_LOADED: dict[str, MachineSpec] = {}
_ENGINES: dict[tuple[str, str], Any] = {}
#: Engine names: ``transitions`` (interactive, the default) or ``compiled`` (plain tables, for simulation).
ENGINES = ("transitions", "compiled")


def _spec_and_engine(info: GameInfo, engine: str = "transitions") -> tuple[MachineSpec, Any]:
    """Load each machine file once per process and build each engine for it once."""
    if engine not in ENGINES:
        raise TableGamesError(f"unknown engine {engine!r} (known: {', '.join(ENGINES)})")
    if info.name not in _LOADED:
        _LOADED[info.name] = load_spec(MACHINES / info.machine, info.registry)
    spec = _LOADED[info.name]
    if (info.name, engine) not in _ENGINES:
        if engine == "compiled":
            from pa_table_games.runtime.compiled import CompiledEngine as Engine
        else:
            from pa_table_games.machine.adapter import TransitionsEngine as Engine
        _ENGINES[info.name, engine] = Engine(spec)
    return spec, _ENGINES[info.name, engine]
