"""The fast engine: plays simulated rounds to their end with the generated round function (:mod:`.generate`).

One function is generated per game (bound machine and Rules), combination of placed ``holding`` wagers,
what the round keeps and the classes of the layout and the shoe it reads, the first time a round needs it. A
round is one that records nothing (an :class:`~pa_table_games.runtime.round.Unrecorded` round): the fast path
keeps no event log and undoes no step, so a round that must (play, replay, the tests' recorded rounds) is played
by the compiled runner instead.
Decisions come from a strategy's ``choose(rnd, legal)`` exactly as in the compiled runner; a decision no
transition accepts is refused by ``Round.act`` with the forbidding cite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pa_table_games.fastpath.generate import Generated, generate
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.runtime.round import Round, Unrecorded
from pa_table_games.values import Action


class FastEngine(CompiledEngine):
    """The compiled runner, whose ``play_out`` of a round recording nothing runs the generated function."""

    def __init__(self, machine: Any) -> None:
        super().__init__(machine)
        #: the functions made, for each Rules (a list: Rules are compared, a simulation loads its game per chunk)
        self.made: list[tuple[Any, dict[tuple[frozenset[str], str], Generated]]] = []

    def function(self, rnd: Round, trace: bool = False) -> Generated:
        """The generated round function for ``rnd``'s game, wagers, options and the classes of its layout and its
        table's shoe (made once per combination); with
        ``trace``, one that calls ``rnd.traced(t)`` as each transition fires (the tests' coverage of the fast path)."""
        game = rnd.game
        made = game._fast_functions
        if made is None:
            made = next((m for rules, m in self.made if rules == game.rules), None)
            if made is None:
                made = {}
                self.made.append((game.rules, made))
            game._fast_functions = made
        placed = self._nobody_holding if rnd.wager_names.isdisjoint(self.holding) else \
            self.holding.intersection(rnd.wager_names)
        options = rnd.options
        classes = {"layout": type(rnd.layout), "shoe": type(rnd.shoe)}  # the game's, the table's: read as such
        key = (placed, "settlements" if rnd.rows else "totals", repr(sorted(options.items())) if options else "",
               trace, tuple(classes.values()))
        function = made.get(key)
        if function is None:
            helpers = {"decide": self.decision_for, "refuse": _refuse, "stuck": _stuck}
            if trace:
                helpers["traced"] = _traced
            function = made[key] = generate(game, placed, key[1], Unrecorded, helpers, options, trace, classes)
        return function

    def play_out(self, rnd: Round, choose: Any, trace: bool = False) -> Round:
        """Play ``rnd`` to its end: the generated function for a round recording nothing, else the compiled runner."""
        return self.player_for(rnd, trace)(rnd, choose)

    def player_for(self, rnd: Round, trace: bool = False) -> Callable[[Round, Any], Round]:
        """``play_out`` for ``rnd`` and the rounds a simulation makes after it at its table (the same game, Rules,
        wagers placed before the deal and options: the same generated function), that function looked up once."""
        if rnd.log or rnd.atomic or type(rnd) is not Unrecorded:
            return super().play_out
        made = self.function(rnd, trace)
        play, placed = made.play, len(rnd.wager_names)

        def play_alike(rnd: Round, choose: Any) -> Round:
            rnd.naming_a_failed_step(play, rnd, choose)
            if len(rnd.wager_names) != placed and made is not self.function(rnd, trace):
                raise AssertionError(f"{rnd}: a wager a pass's 'holding' names was placed during the round; the "
                                     "fast path chooses a round's steps from the wagers placed before the deal")
            return rnd
        return play_alike


def _refuse(rnd: Round, action: Action) -> None:
    """No transition accepts the decision: the round refuses it with the forbidding cite."""
    rnd.act(action)
    raise AssertionError(f"{rnd}: {action.word} was refused by the fast path but accepted by the round")


def _traced(rnd: Round, t: Any) -> None:
    rnd.traced(t)


def _stuck(rnd: Round) -> None:
    raise AssertionError(f"{rnd}: no dealer transition is enabled and nobody decides")
