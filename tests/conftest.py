"""Shared helpers: drive a round step by step, checking the invariants after every transition.

The suite runs with the toy game installed as a plugin (``plugins.py``): pip installs its distribution once
(into pytest's cache folder), and every process of the run, the test workers and the commands they start,
finds it on the path, as a casino's installed package is found.
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest
from hypothesis import settings

from depth import DEPTH
from pa_table_games import Shoe, load_game
from pa_table_games.testing.randomplay import drive
from plugins import TOY, TOY_FOLDER, install, on_path


def pytest_configure(config):
    """Install the toy game (once, in the process that starts the workers) and put it on every process's path."""
    folder = os.environ.get(TOY_FOLDER)
    if folder is None:
        cache = getattr(config, "cache", None)  # none with -p no:cacheprovider: the same folder, made here
        plugins = cache.mkdir("plugins") if cache is not None else config.rootpath / ".pytest_cache" / "d" / "plugins"
        plugins.mkdir(parents=True, exist_ok=True)
        folder = str(install(TOY, Path(plugins)))
        os.environ.update(on_path(Path(folder)), **{TOY_FOLDER: folder})
    if folder not in sys.path:
        sys.path.insert(0, folder)
        importlib.invalidate_caches()

# ``@given`` tests: fewer examples in the quick run; hypothesis's own default (100) in the long one.
settings.register_profile("quick", max_examples=25)
settings.register_profile("long", max_examples=100)
settings.load_profile(DEPTH)


def _missing(module: str, extra: str) -> str | None:
    """Why a test needing the optional ``module`` is skipped here (None: it is installed)."""
    try:
        found = find_spec(module) is not None
    except (ImportError, ValueError):  # hidden (sys.modules[module] = None) or broken
        found = False
    return None if found else f"{module} is not installed: the optional {extra} (pip install -e '.[{extra.split()[0]}]')"


#: A test of `simulate --scheduler` (Dask) is skipped, saying why, when the Dask extra is absent.
needs_dask = pytest.mark.skipif(bool(_missing("distributed", "dask extra")),
                                reason=_missing("distributed", "dask extra") or "")


def play(game_name, shoe, seats=None, actions=(), rules=None, **kwargs):
    """One round from a stacked shoe, driven with invariant checks."""
    game = load_game(game_name, rules)
    seats = seats or {1: {game.info.wagers[0]: 10}}
    return drive(game.new_round(seats, shoe=Shoe.stacked(shoe), **kwargs), actions)


def rows(rnd):
    """Settlement rows as (seat, wager, hand, outcome, net, cite) tuples."""
    return [(s.seat, s.wager, s.hand, s.outcome, s.net, s.cite) for s in rnd.settlement()]


def triggers(rnd):
    return [e.trigger for e in rnd.events]


def event(rnd, trigger):
    """The first event fired by ``trigger``."""
    return next(e for e in rnd.events if e.trigger == trigger)


def one_box(p1, up, p2, hole, *draws):
    """A stacked blackjack shoe for one box: burn, first card, up card, second card, hole card, draws."""
    return " ".join(("2C", p1, up, p2, hole) + draws)


def row(rnd, wager, seat=1):
    """The settlement row of ``wager`` at ``seat``."""
    return next(s for s in rnd.settlement() if s.wager == wager and s.seat == seat)


def settled_by(rnd, wager, seat=1):
    """The trigger of the event that settled ``wager`` at ``seat``."""
    return next(e.trigger for e in rnd.events for s in e.settled if s.wager == wager and s.seat == seat)


@pytest.fixture
def blackjack():
    return load_game("blackjack")
