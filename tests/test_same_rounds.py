"""The same rounds: for a pinned seed, Rules and wagers, ``simulate`` deals the rounds it dealt before the
fast path was generated (``tests/same_rounds/pinned.json``, recorded at cc76a2a), to the cent; a case re-pinned after a fidelity
correction says why in the file's ``repinned``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from depth import depth
from pa_table_games.games import game_info
from pa_table_games.rules.options import rules_from_mapping
from pa_table_games.simulation.simulate import simulate

PINNED = json.loads((Path(__file__).parent / "same_rounds" / "pinned.json").read_text())
#: the pinned length of each case this run deals, and the engines that deal it (the compiled runner, slower, in the
#: long run only)
LENGTH, ENGINES = depth(("quick", ("fast",)), ("long", ("fast", "compiled")))


def run(case: dict, engine: str = "fast", length: str = LENGTH):
    rules = rules_from_mapping(game_info(case["game"]).rules_class, case["rules"]) if case.get("rules") else None
    seats = {int(seat): wagers for seat, wagers in case["seats"].items()}
    return simulate(case["game"], case[length]["rounds"], seed=case["seed"], strategy=case["strategy"], rules=rules,
                    seats=seats, new_dealer_every=case.get("new_dealer_every"), engine=engine)


class TestPinnedNets:
    @pytest.mark.parametrize("engine", ENGINES)
    @pytest.mark.parametrize("case", PINNED["cases"], ids=[c["id"] for c in PINNED["cases"]])
    def test_simulate_deals_the_pinned_rounds(self, case, engine):
        """Every wager's exact sums (its net, and the squares that tell one round from another) as pinned, by the
        fast path (and in the long run by the compiled runner) alike."""
        result = run(case, engine)
        sums = {name or "total": [int(v) for v in s[:6]] for name, s in result.tally.sums.items()}  # the six pinned
        assert sums == case[LENGTH]["sums"]
        assert result.tally.engines == {engine: case[LENGTH]["rounds"]}
