"""The conformance kit: the project's own checks, for any registered game (``pa-table-games check GAME``).

:func:`check_game` runs them all and returns a :class:`Report` whose findings each name a ``file:line`` to fix:

- **play**: random rounds (random Rules, seats, wagers and legal decisions); at every step every guard answers
  True or False, illegal decisions and bad amounts are refused with a cite and change nothing, the step's effects
  undo exactly, and the invariants hold (every card kept, no chip created, each wager settled once, the log a
  walk through the machine); each table's first round, logged, replays and conforms (:mod:`.play`);
- **turns**: every ``turns:`` declaration is load-bearing (:mod:`.turns`);
- **reached**: every transition is fired by a seeded search, or waived with a reason;
- **views** and **trace**: diagrams, pages, walk-through and dossier written; every state reached and able to end,
  every citation in the index, every registered name used (:mod:`.surfaces`);
- **simulate** and **edge**: each strategy simulates, and ``edge`` prices the game's wager.

A plugin's own pytest asserts ``check_game("my-game").findings == []``, or uses the pieces: ``drive(rnd, actions)``
(a stacked round stepped with the invariants checked after every step), the random-play helpers of
:mod:`.randomplay` (``random_rounds``, ``check_round``, ``check_final``, ``refuse`` ...) and a game's oracle
registered in ``randomplay.ORACLES``.
"""

from __future__ import annotations

from pathlib import Path

from attrs import field, frozen

from pa_table_games.games import game_info, load_game
from pa_table_games.review.coverage import SCENARIOS, read_scenarios, scenario_path
from pa_table_games.testing.findings import Finding, Findings
from pa_table_games.testing.play import play_checks
from pa_table_games.testing.randomplay import (ORACLES, attempt, check_cards, check_final, check_round,
                                               decision_words, drive, play_random_round, random_rounds, refuse,
                                               snapshot)
from pa_table_games.testing.surfaces import reach_checks, run_checks, structure_checks, view_checks
from pa_table_games.testing.turns import turn_checks

__all__ = ["CHECKS", "DEPTHS", "ORACLES", "Finding", "Report", "attempt", "check_cards", "check_final", "check_game",
           "check_round", "decision_words", "drive", "play_random_round", "random_rounds", "refuse", "snapshot"]

#: How much each check does: rounds of random play, of them with every step undone, seeded rounds per flipped
#: declaration, sessions of the search for every transition, rounds simulated (and priced).
DEPTHS = {"quick": {"play": 30, "undo": 6, "turns": 8, "sessions": 600, "simulate": 300},
          "long": {"play": 600, "undo": 60, "turns": 40, "sessions": 3000, "simulate": 5000}}
#: The checks, in the order they run.
CHECKS = ("structure", "play", "turns", "reached", "views", "simulate")


@frozen
class Report:
    """What :func:`check_game` found, and how much it looked at."""

    game: str
    findings: tuple[Finding, ...] = field(converter=tuple)
    rounds: int  # random rounds that ended well
    declarations: int  # turns declarations flipped

    @property
    def conforms(self) -> bool:
        return not self.findings

    def lines(self) -> list[str]:
        """Each finding, then the verdict."""
        verdict = (f"{self.game}: conforms ({self.rounds} random rounds, {self.declarations} turns declarations "
                   "flipped, every transition reached, every view written, simulated and priced)"
                   if self.conforms else f"{self.game}: {len(self.findings)} finding(s)")
        return [str(f) for f in self.findings] + [verdict]


def check_game(name: str, depth: str = "quick", scenarios: str | Path | None = None,
               checks: tuple[str, ...] = CHECKS) -> Report:
    """Run the conformance checks on the registered game ``name``; ``scenarios``: a folder of scenario files
    (``coverage --write``) whose ``search`` hints the search for every transition uses, and whose
    ``waived`` entries it accepts (default: the checkout's ``tests/scenarios`` when there is one)."""
    meant = game_info(name).name
    size = DEPTHS[depth]
    folder = Path(scenarios) if scenarios is not None else SCENARIOS if SCENARIOS.is_dir() else None
    if folder is not None and (scenarios is not None or scenario_path(meant, folder).exists()):
        # a malformed scenario file, or none in the folder given, is bad input (one line, exit 2), no check's finding
        read_scenarios(meant, folder)
    found = Findings(meant, load_game(meant).spec)
    runs = {"structure": lambda: structure_checks(meant, found),
            "play": lambda: play_checks(meant, size["play"], seed=2026, found=found, undo_rounds=size["undo"]),
            "turns": lambda: turn_checks(meant, found, size["turns"], scenarios=folder),
            "reached": lambda: reach_checks(meant, found, size["sessions"], folder),
            "views": lambda: view_checks(meant, found),
            "simulate": lambda: run_checks(meant, found, size["simulate"])}
    counts = {}
    for check in checks:
        try:
            counts[check] = runs[check]()
        except Exception as err:  # noqa: BLE001 - a check the game broke is a finding; the others still run
            found.add(check, found.of_error(err, found.of_info()), f"the check stopped: {type(err).__name__}: {err}")
    return Report(meant, found.sorted(), counts.get("play") or 0, counts.get("turns") or 0)
