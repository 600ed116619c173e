"""Shared helpers: drive a round step by step, checking the invariants after every transition."""

from __future__ import annotations

import pytest

from pa_table_games import Shoe, load_game


def drive(rnd, actions=()):
    """Step the round, checking card and chip conservation after each transition and decision."""
    words = list(actions)
    rnd.check_invariants()
    while not rnd.is_over:
        if rnd.step() is not None:
            rnd.check_invariants()
            continue
        assert words, f"actions ran out in {rnd.state}; legal: {rnd.legal_actions()}"
        rnd.act(words.pop(0))
        rnd.check_invariants()
    assert not words, f"unused actions {words}"
    return rnd


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


@pytest.fixture
def blackjack():
    return load_game("blackjack")
