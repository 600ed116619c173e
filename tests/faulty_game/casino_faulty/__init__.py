"""The toy High Card game (casino_high_card) with one deliberate fault of each kind ``pa-table-games check`` finds.

Each fault is marked ``# fault: CHECK`` on the line the check must name (tests/test_conformance.py); everything
else is the toy game's own.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from casino_high_card import INFO as TOY
from casino_faulty.rules_of_play import REGISTRY, CrashingStrategy


def check_wager(rnd, seat: int, name: str, amount: float) -> None:
    """A house limit written as a crash: a user placing too much gets a traceback, not a one-line refusal."""
    if amount > 50_000:
        raise ValueError("too much")  # fault: bad amounts


def price(ask):
    """An analyser that fails on the wager it should price."""
    return {"high_card": None}[ask.wager]  # fault: edge


INFO = attrs.evolve(  # fault: views
    TOY, name="faulty-high-card", machine=str(Path(__file__).with_name("faulty_high_card.yaml")), registry=REGISTRY,
    check_wager=check_wager, pricing=price, strategies={"stand": lambda rules: CrashingStrategy()},
    demo={"seats": {1: {"high_card": 10}}, "seed": 1, "actions": ["split"]})  # split: no decision of the game
