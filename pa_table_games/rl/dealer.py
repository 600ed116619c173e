"""Rounds dealt one after another at one table for learning seats, through the Round API.

The dealer keeps the table (the shoe, the discard rack and the cover card go on from round to round,
reshuffled when the section orders it: § 633a.7(e), § 692.7(d), § 670a.5) and deals each round with
the game's interactive engine (``Game.new_round``, ``advance``, ``legal_actions``, ``act``), as ``play``
does. Seats held by no learner decide by a named strategy (:mod:`pa_table_games.strategies`), as in
``simulate``. A learner's reward is its net settlement of the round per unit of its initial main wager.

``table_seed(S)`` is the seed of the first chunk of ``simulate --seed S``
(:func:`pa_table_games.simulation.chunks.chunk_seed`): a table started with it deals the same cards.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pa_table_games.equipment.shoe import Shoe
from pa_table_games.equipment.table import Table
from pa_table_games.errors import IllegalAction, ShoeExhausted, TableGamesError, WagerError
from pa_table_games.simulation.chunks import chunk_seed

#: Rounds ``deal`` plays through without a learner's decision before it gives up (a seat that never decides).
MOST_ROUNDS_WITHOUT_A_DECISION = 10_000


def table_seed(seed: int) -> int:
    """The seed of the table that chunk 0 of ``simulate --seed seed`` deals at."""
    return chunk_seed(seed, 0)


class Dealer:
    """Deals rounds of ``game`` at one table to ``seats`` ({seat: {wager: amount}}); ``learners`` are
    the seats whose decisions come from outside, the others decide by ``strategy``."""

    def __init__(self, game: Any, seats: dict[int, dict[str, Decimal]], learners: tuple[int, ...],
                 strategy: Any) -> None:
        self.game, self.seats, self.learners, self.strategy = game, seats, learners, strategy
        self.main = {seat: seats[seat][game.info.wagers[0]] for seat in learners}
        self.table: Table | None = None
        self.rnd: Any = None
        self.watchers: list[Callable[[Any], None]] = []  # each told of every round as it starts
        self.carried: dict[int, list[float]] = {}  # rewards of a round completed as the table was replaced

    def new_table(self, seed: int | None = None, shoe: Shoe | None = None) -> None:
        """A fresh table: a shoe shuffled from ``table_seed(seed)``, or ``shoe`` itself. A round left unfinished at
        the old one is closed first (:meth:`close_round`)."""
        table = self.game.new_table(seed=None if seed is None else table_seed(seed), shoe=shoe)
        self.close_round()
        self.table, self.rnd = table, None

    def close_round(self) -> bool:
        """Complete the round left unfinished at this table by the strategy, the learners' decisions too, and keep
        their rewards for the next :meth:`deal` to report. False when it cannot be completed (its stacked shoe ran
        out, which the step that met it raised): that round is dropped, unsettled and uncounted, and this table
        with it (its cards cannot reach the discard rack), so a new table must be set up before the next deal."""
        try:
            self.carried = self._finished()
        except TableGamesError:
            self.carried, self.table, self.rnd = {}, None, None
            return False
        return True

    def deal(self, fresh: int | None = None) -> dict[int, list[float]]:
        """Deal rounds until a learner decides; each learner's reward in every round played through
        meanwhile (a dealer Blackjack at the peek, a misdeal: rounds in which no learner decided).

        A round left unfinished at this table is completed first, the learners' decisions made by the
        strategy too (its cards must reach the discard rack before the next round), and counted there.
        A round a stacked shoe runs out of cards for is dropped, uncounted, with its table: with ``fresh`` the
        rounds go on at a new table shuffled from ``table_seed(fresh)``, else the error is raised."""
        before: dict[int, list[float]] = {seat: [] for seat in self.learners}
        try:
            try:
                return self._deal(before)
            except ShoeExhausted:
                if fresh is None:
                    raise
            self.rnd = None  # never completed by the strategy: it may have stopped halfway through a step
            self.new_table(seed=fresh)
            return self._deal(before)
        except TableGamesError:  # this table cannot go on: the next reset deals anew
            self.table = self.rnd = None
            raise

    def _deal(self, before: dict[int, list[float]]) -> dict[int, list[float]]:
        for seat, rewards in (self.carried or self._finished()).items():
            before[seat] += rewards
        self.carried = {}
        for _ in range(MOST_ROUNDS_WITHOUT_A_DECISION):
            self.rnd = self.game.new_round(self.seats, table=self.table)
            for watch in self.watchers:
                watch(self.rnd)
            self.rnd.advance()
            self._others_decide()
            if not self.rnd.is_over:
                return before
            for seat in self.learners:
                before[seat].append(self.reward(seat))
        raise TableGamesError(f"no learner's seat had a decision in {MOST_ROUNDS_WITHOUT_A_DECISION:,} rounds")

    def _finished(self) -> dict[int, list[float]]:
        """Each learner's reward in the round left unfinished at this table, completed by the strategy (its cards
        must reach the discard rack before the next round), or in none."""
        before: dict[int, list[float]] = {seat: [] for seat in self.learners}
        if self.rnd is not None and not self.rnd.is_over:
            self._others_decide(everyone=True)
            for seat in self.learners:
                before[seat].append(self.reward(seat))
        return before

    def dealt(self) -> Any:
        """The round dealt at this table, the last one once over; before any, the error every call before a
        ``reset()`` gets."""
        if self.rnd is None:
            raise TableGamesError("no round dealt yet: call reset() first")
        return self.rnd

    def deciding(self) -> int | None:
        """The learner's seat deciding now; None once the round is over."""
        turn = None if self.rnd is None or self.rnd.is_over else self.rnd.deciding()
        return turn[0] if turn is not None else None

    def legal(self) -> set[str]:
        """The words of the round's legal actions now (``hit``, ``insurance=no``, ``low=7H``): each one it accepts."""
        return {a.word for a in self.rnd.legal_actions()}

    def act(self, word: str) -> None:
        """The deciding learner's decision, then the round plays on until a learner decides or it is over.

        A decision the regulation forbids raises :class:`IllegalAction` (a wager it cannot make, a
        :class:`WagerError`) and changes nothing: the round is atomic."""
        if self.dealt().is_over:
            raise TableGamesError("the round is over: deal the next one (reset)")
        with self.rnd.all_or_nothing():  # a decision and the play after it, or nothing (a stacked shoe run out)
            self.rnd.act(word)
            self.rnd.advance()
            self._others_decide()

    def _others_decide(self, everyone: bool = False) -> None:
        """The seats no learner holds decide by the strategy until a learner decides (``everyone``: the
        learners' seats too, until the round is over)."""
        rnd, choose = self.rnd, self.strategy.choose
        while not rnd.is_over:
            deciding = rnd.deciding()
            if deciding is None:
                raise TableGamesError(f"the round stopped in {rnd.state!r} with no decision open")
            if deciding[0] in self.learners and not everyone:
                return
            rnd.act(choose(rnd, rnd.legal_names()))
            rnd.advance()

    def reward(self, seat: int) -> float:
        """``seat``'s net settlement of the round per unit of its initial main wager (0 before it is settled)."""
        net = sum((s.net for s in self.rnd.settlement() if s.seat == seat), Decimal(0))
        return float(net / self.main[seat])


#: What a refused decision raises: it changes nothing and is reported, not an error of the program.
REFUSALS = (IllegalAction, WagerError)
