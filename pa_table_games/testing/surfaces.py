"""What every view of a game must give: the machine's structure (every state reached and able to end, every
citation in the index, every registered name used), every transition reached by a seeded search or waived,
the diagrams, review page, walk-through and dossier written, ``trace`` complete, ``simulate`` (each strategy)
and ``edge`` run. Each problem is a finding at the line to fix.
"""

from __future__ import annotations

import tempfile
from collections import deque
from pathlib import Path
from typing import Any

from pa_table_games.games import game_info, load_game
from pa_table_games.machine.loader import RUNTIME_GUARDS
from pa_table_games.errors import TableGamesError
from pa_table_games.review.coverage import ScenarioFileError, play_scenario, read_scenarios
from pa_table_games.review.coverage_search import generate
from pa_table_games.review.diagram import VIEWS, write_diagrams
from pa_table_games.review.dossier import write_dossiers
from pa_table_games.review.page import write_review
from pa_table_games.review.phases import write_phase_diagrams
from pa_table_games.review.trace import to_text, trace, transition_name
from pa_table_games.review.walkthrough import write_demo_walks
from pa_table_games.simulation.pricing import price
from pa_table_games.simulation.simulate import simulate
from pa_table_games.strategies import strategy_names
from pa_table_games.testing.findings import Findings, function_place
from pa_table_games.values import EdgeAsk


# -- the machine's structure ------------------------------------------------------------------------
def unreachable(spec: Any) -> set[str]:
    """States no path from the initial state reaches."""
    return {s.id for s in spec.states} - spec.reachable()


def trapped(spec: Any) -> set[str]:
    """States from which no path leads to a final state (a round there could never end)."""
    reaches = set(spec.final_states())
    queue = deque(reaches)
    while queue:
        state = queue.popleft()
        for t in spec.transitions:
            if t.dest == state and t.source not in reaches:
                reaches.add(t.source)
                queue.append(t.source)
    return {s.id for s in spec.states} - reaches


def uncited(spec: Any, registry: Any = None) -> list[tuple[str, str]]:
    """(element, cite) for every citation outside the subsection index and the references, and every
    state or transition that cites nothing."""
    known = {k for k, _ in spec.subsections} | {k for k, _ in spec.references}
    cites = [(f"state {s.id}", c) for s in spec.states for c in s.cite or ("nothing",)]
    cites += [(f"transition {t.trigger}", c) for t in spec.transitions for c in t.cite or ("nothing",)]
    cites += [(f"refusal {r.trigger}", r.cite) for r in spec.refusals]
    cites += [(f"{e.kind} {e.name}", c) for e in (registry.entries() if registry else spec.entries()) for c in e.cite]
    return [(what, c) for what, c in cites if c not in known]


def unused(spec: Any, registry: Any) -> list[Any]:
    """Registered guards and actions the machine file never names (dead code the review cannot see)."""
    used = {e.name for e in spec.entries()} | RUNTIME_GUARDS
    return [e for e in registry.entries() if e.name not in used]


def structure_checks(name: str, found: Findings) -> None:
    """Reachable, never trapped, all cited, every registered name used, and ``trace`` complete."""
    spec, registry = load_game(name).spec, game_info(name).registry
    lines = {s.id: s.line for s in spec.states}
    for state in sorted(unreachable(spec)):
        found.add("structure", found.machine(lines[state]), f"state {state!r} cannot be reached from the start")
    for state in sorted(trapped(spec)):
        found.add("structure", found.machine(lines[state]), f"no round in state {state!r} can ever end")
    for what, cite in uncited(spec, registry):
        found.add("trace", found.machine(None), f"{what} cites {cite!r}, which is not in the subsection index")
    for entry in unused(spec, registry):
        found.add("trace", function_place(entry.fn), f"{entry.kind} {entry.name} is registered but no transition "
                  "of the machine file names it")
    traced = trace(spec, name)
    for row in traced.rows:
        if row.status == "unmapped":
            found.add("trace", found.machine(None), f"subsection {row.key} is neither encoded nor waived")
    to_text(traced)


# -- reached, drawn, simulated, priced --------------------------------------------------------------
def reach_checks(name: str, found: Findings, sessions: int, scenarios: Path | None) -> None:
    """Every transition is fired by random play, a stored scenario of the game (``coverage --write``) or some
    session of the seeded search, or waived with a reason in the ``search: {waived: {transition: reason}}``
    block of the game's scenario file."""
    folder = scenarios or Path(tempfile.gettempdir())
    try:
        waived = dict(read_scenarios(name, folder).search.get("waived") or {})
    except ScenarioFileError as err:
        if err.line is not None:  # there, and malformed (``check`` refuses such a file before any check runs)
            raise
        waived = {}  # no scenario file: nothing waived
    spec = load_game(name).spec
    reached = set(found.fired)
    try:
        for scenario in read_scenarios(name, folder).scenarios:  # the stored scenarios: each fires what it claims
            reached.update(play_scenario(name, scenario))
    except (ScenarioFileError, TableGamesError) as err:
        if not isinstance(err, ScenarioFileError) or err.line is not None:
            found.add("reached", str(err).partition(": ")[0] or found.machine(None), f"a stored scenario: {err}")
    missing = [t for t in spec.transitions if t.index not in reached]
    if missing:
        _, uncovered, _ = generate(name, sessions=sessions, patience=sessions // 2, directory=folder)
        searched = {int(item.split()[0][1:]) for item in uncovered}
        missing = [t for t in missing if t.index in searched]
    for t in missing:
        if t.trigger not in waived and transition_name(t) not in waived:
            found.add("reached", found.machine(t.line), f"transition {transition_name(t)} was fired by no random "
                      f"round, stored scenario or any of {sessions:,} seeded sessions (waive it with a reason if "
                      "none can fire it)")


def view_checks(name: str, found: Findings) -> None:
    """The diagrams (both views, the overview and its phases), the review page, the demo's walk-through and the
    review dossier are written."""
    spec = load_game(name).spec
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for what, write in (("diagram", lambda: write_diagrams(spec, out, ("dot", "svg"), VIEWS)),
                            ("phase diagrams", lambda: write_phase_diagrams(spec, out, ("dot", "svg"))),
                            ("review page", lambda: write_review([name], out)),
                            ("walk-through of the demo round", lambda: write_demo_walks([name], out)),
                            ("review dossier", lambda: write_dossiers([name], out))):
            try:
                write()
            except Exception as err:  # noqa: BLE001 - the finding
                found.add("views", found.of_error(err, found.of_info()), f"the {what} cannot be written: "
                          f"{type(err).__name__}: {err}")
        if not spec.phases:
            found.add("views", found.machine(None), "no phases: declared: the review has no overview of the round "
                      "and the walk-through no diagram to follow")


def run_checks(name: str, found: Findings, rounds: int) -> None:
    """``simulate`` with each of the game's strategies, and ``edge`` of its own choice of wager."""
    for strategy in strategy_names(name) or [None]:
        try:
            result = simulate(name, rounds, seed=1, strategy=strategy)
            if not result.complete:
                found.add("simulate", found.of_info(), f"strategy {strategy}: {result.rounds} of {rounds} rounds")
        except Exception as err:  # noqa: BLE001
            found.add("simulate", found.of_error(err, found.of_info()), f"strategy {strategy}: "
                      f"{type(err).__name__}: {err}")
    try:
        price(EdgeAsk(name, None, load_game(name).rules, rounds=rounds, seed=1))
    except Exception as err:  # noqa: BLE001
        found.add("edge", found.of_error(err, found.of_info()), f"{type(err).__name__}: {err}")
