"""A game = its bound machine (machine file + registry) + its Rules; it deals new rounds.

Each machine file is bound once per process (:func:`bound_machine`) and every executor of
it is built from that one :class:`~pa_table_games.machine.bound.BoundMachine`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from typing import Any

from attrs import field, frozen

from pa_table_games.errors import TableGamesError
from pa_table_games.numbers import MOST_SEED, given, is_seed
from pa_table_games.machine.registry import Registry
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.equipment.shoe import Shoe, sides
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.machine.loader import load_spec
from pa_table_games.machine.spec import FOUND_BY_THE_RUNTIME, MachineSpec, no_new_dealer
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.runtime.composition import table_shoe_differs
from pa_table_games.fastpath.engine import FastEngine
from pa_table_games.runtime.round import Round
from pa_table_games.equipment.table import Table

#: The machine files: the repository's top-level machines/, shipped inside the package (a link) so a wheel has them.
MACHINES = Path(str(files("pa_table_games") / "machines"))


@frozen
class RoundOption:
    """A round option a game's actions read: what it fixes, and ``problem(value, rules)``, why a value is refused
    under those Rules (None: it is read as given). The round asks it as it is made; the action then reads the value."""

    what: str
    problem: Callable[[Any, Any], str | None]


@frozen
class GameInfo:
    """What a game module declares about itself; the hooks are plain functions."""

    name: str  # command-line name: "blackjack"
    machine: str  # a file in machines/, or the path of a machine file outside the package
    registry: Registry
    rules_class: type
    wagers: tuple[str, ...]  # wager names (contract)
    layout: Callable[[Any], Any]  # round -> the game's layout data; its ``cards()`` lists the cards it holds
    check_wager: Callable[[Any, int, str, float], None]  # the game's own rules, after the generic checks
    new_shoe: Callable[[Any, int | None], Shoe]  # (rules, seed) -> shoe
    cover_card_cite: str | None  # the subsection completing a round when the cover card appears; None: no cover card
    #: {"seats": ..., "seed": ..., "actions": ...} for `make run` and the walk-through page; ``"tampered": True``
    #: also writes the walk-through of the same round with a settlement changed, as ``replay`` marks it
    demo: dict
    #: its strategies, name -> factory(rules), or the factory's name ``"package.module:function"`` (imported when
    #: the strategy is asked for); any mapping: one that reads its files when first asked is fine
    strategies: Mapping[str, Callable[[Any], Any] | str] = field(factory=dict)
    #: what its passes go over beyond the players and wagers the runtime finds itself (:mod:`.turns`): each item a
    #: ``turns: {each}`` may name ("box", "hand") -> round -> those units, seat 1 first, a box's hands in the order
    #: they are played; a machine file naming any other item is refused as it is loaded
    units: Mapping[str, Callable[[Any], list]] = field(factory=dict)
    view: Any = None  # its TableView (runtime/view.py): what a person at the table sees, and its words
    #: round -> None: the wagers placed before the deal checked together, and the shoe against the Rules, once
    #: every wager is placed (raises a WagerError, say); a round placing wagers checked already skips it
    check_seats: Callable[[Any], None] | None = None
    #: the strategy played when none is named (None: the first of ``strategies`` by name)
    default_strategy: str | None = None
    #: how ``edge GAME [WAGER]`` prices its wagers: :class:`~pa_table_games.values.EdgeAsk` -> a
    #: :class:`~pa_table_games.values.Priced`, or None for a wager it has no analyser for; None (or its None):
    #: a seeded simulation of the game's machine, with a 95 % interval, saying so. A function, or its name
    #: ``"package.module:function"``, imported when ``edge`` runs (an analyser may import the analysis tools)
    pricing: Callable[[Any], Any] | str | None = None
    #: (round, seat, wager name) -> that wager's own maximum (an amount) beyond the table maximum, or None
    wager_maximum: Callable[[Any, int, str], Any] | None = None
    #: the Rules options every run states (``Rules: decks 6, ...``); None: every option
    key_options: tuple[str, ...] | None = None
    #: what the section fixes that no Rules Submission changes (the dealer's drawing rule), stated with the Rules
    fixed_rule: str = ""
    #: (rules, seats, strategy name, rounds per table) -> what a reader of ``simulate``'s figures should know beyond
    #: the strategy's own note (a meter starting again at each chunk's table), or the function's name
    #: ``"package.module:function"``; each is printed as a ``note:`` line and listed in ``--json``'s ``notes``
    simulation_notes: Callable[[Any, dict, str, int], list[str]] | str | None = None
    #: (rules, wager name, amount) -> the most one such wager of that amount can win in a round, in dollars (its top
    #: payout; a progressive's at least its meter's reset), or None: not declared; or the function's name. ``simulate``
    #: judges an interval by it, the top payout possibly due though not dealt (:func:`.tally.skewness_of`)
    top_payout: Callable[[Any, str, Any], Any] | str | None = None
    #: round options a log may record, name -> type (``{"misdeal": int}``: an injected misdeal, for training)
    round_options: Mapping[str, type] = field(factory=dict)
    #: every round option the game's actions read (``Round(options=...)``, a scenario's ``options:``; training and
    #: tests), name -> :class:`RoundOption`: a name not here, or a value its Rules would not read, is refused as the
    #: round is made, never silently read as not given
    options: Mapping[str, RoundOption] = field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.units, Mapping):  # a plugin written before it was a mapping passed one function
            raise TableGamesError(f"game {self.name}: units maps each thing a pass goes over to a function of the "
                                  f"round giving them ({{'box': each_box}}), not {type(self.units).__name__}")
        unknown = set(self.round_options) - set(self.options)
        if unknown:
            raise TableGamesError(f"game {self.name}: round_options {', '.join(sorted(unknown))} not among its options")

    def option_problem(self, options: Mapping, rules: Any = None) -> str | None:
        """What is wrong with round ``options``: the first one the game's actions do not read or (with the ``rules``
        in play) would not read as given, or None."""
        for name, value in options.items():
            if name not in self.options:
                return f"unknown round option {name!r} for {self.name} (known: {', '.join(self.options) or 'none'})"
            problem = self.options[name].problem(value, rules) if rules is not None else None
            if problem:
                return f"round option {name} {value!r}: {problem}"
        return None

    @property
    def machine_file(self) -> Path:
        """Where the machine file really is: in the package's ``machines/`` or at the path the game gives."""
        return MACHINES / self.machine

    def machine_spec(self, path: str | Path | None = None, text: str | None = None) -> MachineSpec:
        """The machine file at ``path`` (default: the game's own; ``text``: its content, read elsewhere) against the
        game's registry: a pass names only the game's wagers and goes over only what the game walks."""
        return load_spec(self.machine_file if path is None else path, self.registry, text, self.wagers,
                         FOUND_BY_THE_RUNTIME + tuple(self.units))


def resolved(ref: Any) -> Any:
    """A hook as given (a function), or the one its name ``"package.module:function"`` names, imported now: a
    game's analyst tools are named so, so that loading the game never loads the tools."""
    if not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    try:
        return getattr(import_module(module), name)
    except (ImportError, AttributeError) as err:
        raise TableGamesError(f"cannot load {ref!r}: {err}") from None


class Game:
    """A loaded game: deals rounds that all share one bound machine and one engine."""

    def __init__(self, info: GameInfo, rules: Any, machine: BoundMachine, engine: Any, edited: bool = False) -> None:
        self.info, self.rules, self.machine, self.engine = info, rules, machine, engine
        #: the machine is an edited file (``--machine FILE``), not the installed one: a step of it that its game's
        #: actions cannot take is that file's fault, named at the transition's line (``Round._atomically``)
        self.edited = edited
        #: the fast engine's round functions for these Rules (:mod:`pa_table_games.fastpath.engine`)
        self._fast_functions: Any = None
        self._rules_shoe: dict[str, Counter] | None = None

    @property
    def spec(self) -> MachineSpec:
        return self.machine.spec

    @property
    def rules_shoe(self) -> dict[str, Counter]:
        """The shoe these Rules deal from, per side (``""``: a single shoe): every card a shoe shuffled for them holds
        (the cover card included). Shuffled once per Game: a round at a table made before is checked against it (a
        simulation deals a round after another)."""
        if self._rules_shoe is None:
            made = sides(self.info.new_shoe(self.rules, 0))
            self._rules_shoe = {name: Counter(side.loaded) for name, side in made.items()}
        return self._rules_shoe

    def new_dealer_refused(self, what: str) -> str | None:
        """Why no new dealer (``what`` brings one) comes to this game's tables under its Rules, as one line: its
        section has no new dealer's burn card, or its Rules replace that burn (a double shoe, § 633a.7(d)); None."""
        if self.spec.new_dealer_burn is None:
            return no_new_dealer(self.spec, what)
        why = getattr(self.rules, "no_new_dealer_burn", None)
        return f"{what}: {why}" if why else None

    def new_table(self, *, seed: int | None = None, shoe: Shoe | DoubleShoe | str | list[str] | None = None) -> Table:
        """A table dealing from a shoe shuffled from ``seed``, or from ``shoe``: the developer's own, at its first round
        and the next ones there, whatever it holds (a test may stack a card more often than the Rules' decks hold it,
        or a joker the game must refuse); ``play --shoe`` and ``replay`` refuse such a shoe (:func:`.check_stacked`).
        Card codes (a text or a list) are the shoe :meth:`Shoe.stacked` makes of them, as ``play --shoe`` takes them."""
        if seed is not None and shoe is not None:
            raise TableGamesError("new_round: give seed= (a shoe shuffled from it) or shoe= (a shoe of your own), "
                                  "not both")
        if seed is not None and not is_seed(seed):
            raise TableGamesError(f"new_round: seed= must be a whole number from {-MOST_SEED:,} to {MOST_SEED:,}, "
                                  f"not {given(seed)}")
        if isinstance(shoe, (str, list, tuple)):
            shoe = Shoe.stacked(shoe)
        if shoe is not None and not isinstance(shoe, (Shoe, DoubleShoe)):
            raise TableGamesError(f"new_round: shoe= is a Shoe, a DoubleShoe or card codes ('2C TH 6S'), "
                                  f"not {given(shoe)}")
        if shoe is not None:
            return Table(shoe, game=self.info.name)
        return Table(self.info.new_shoe(self.rules, seed), game=self.info.name, shuffled_by_game=True)

    def new_round(self, seats: dict[int, dict[str, float]], *, seed: int | None = None,
                  shoe: Shoe | DoubleShoe | str | list[str] | None = None, table: Table | None = None,
                  atomic: bool = True, options: dict | None = None) -> Round:
        """A round with ``seats`` = {seat: {wager: amount}} at ``table`` (or a new one, from ``seed`` or ``shoe``).

        ``options`` carries game-specific extras (e.g. ``{"misdeal": 3}`` in Pai Gow). A table goes on with its own
        shoe, so it is refused with a seed or a shoe, when another game made it, with a new dealer where the section
        has no new dealer's burn, while cards are on its layout (a round begun at it is not over), or when the shoe
        these Rules' game shuffled for it holds other cards than these Rules' shoe (a shoe given, ``shoe=``, is the
        developer's own, at its first round and the next)."""
        if not isinstance(atomic, bool):
            raise TableGamesError(f"new_round: atomic= is True (a refused step changes nothing) or False, "
                                  f"not {given(atomic)}")
        if table is None:
            table = self.new_table(seed=seed, shoe=shoe)
        else:
            _check_table(self, table, seed, shoe)
        return Round(self, table, seats, atomic=atomic, options=options)


def _check_table(game: Game, table: Table, seed: int | None, shoe: Shoe | None) -> None:
    """Why ``game`` cannot begin a round at ``table`` (:meth:`Game.new_round`), as one line."""
    if not isinstance(table, Table):
        raise TableGamesError(f"new_round: table= is a Table (game.new_table(...)), not {given(table)}")
    if seed is not None or shoe is not None:
        raise TableGamesError("new_round: a table goes on with its own shoe: give table=, or seed= or shoe= for a "
                              "new table, not both")
    if table.game is not None and table.game != game.info.name:
        raise TableGamesError(f"new_round: the table was made for {table.game}, not {game.info.name}: its shoe "
                              "holds that game's decks")
    refused = game.new_dealer_refused("table.new_dealer") if table.new_dealer else None
    if refused:  # as play and simulate refuse --new-dealer-every
        raise TableGamesError(f"new_round: {refused}")
    out = table.cards_on_layout()
    if out:
        raise TableGamesError(f"new_round: {out} card{'s' * (out != 1)} of the table's shoe {'are' if out != 1 else 'is'}"
                              " on the layout: a round begun at this table is not over; finish it first")
    differs = table_shoe_differs(game, table.shoe) if table.shuffled_by_game else None
    if differs:
        raise TableGamesError(f"new_round: {differs}")


_BOUND: dict[str, BoundMachine] = {}
_ENGINES: dict[tuple[str, str], Any] = {}
#: Engine names: ``transitions`` (interactive, the default), ``compiled`` (the rule generated per state) or ``fast``
#: (a whole round generated, for simulation: :mod:`pa_table_games.fastpath`).
ENGINES = {"transitions": TransitionsEngine, "compiled": CompiledEngine, "fast": FastEngine}


def bind(info: GameInfo, path: str | Path | None = None, text: str | None = None) -> BoundMachine:
    """The machine file at ``path`` (default: ``info``'s installed one; ``text``: its content, read elsewhere) bound
    to ``info``'s registry, as :meth:`GameInfo.machine_spec` reads it."""
    return BoundMachine(info.machine_spec(path, text))


def bound_machine(info: GameInfo) -> BoundMachine:
    """``info``'s machine file bound to its registry, once per process."""
    if info.name not in _BOUND:
        _BOUND[info.name] = bind(info)
    return _BOUND[info.name]


def machine_and_engine(info: GameInfo, engine: str = "transitions") -> tuple[BoundMachine, Any]:
    """The bound machine and the named engine built from it (each once per process)."""
    made = engine_class(engine)
    machine = bound_machine(info)
    if (info.name, engine) not in _ENGINES:
        _ENGINES[info.name, engine] = made(machine)
    return machine, _ENGINES[info.name, engine]


def engine_class(engine: Any) -> type:
    """The engine named ``engine`` (:data:`ENGINES`); any other name or value is one line."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise TableGamesError(f"unknown engine {given(engine)} (known: {', '.join(ENGINES)})")
    return ENGINES[engine]
