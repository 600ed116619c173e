"""One visibility model: how a game shows its table to a person, declared in its ``GameInfo.view``.

A card dealt face up is seen by everyone. A card dealt face down is seen by the player whose
seat it goes to (the place ``seat N ...``) when that player is the one looking, and by no one
else until it is turned (a later face-up move) or exposed. A game's :class:`TableView` says what
its table view shows (the dealer, each box, the deciding hand named in the game's words) and the
meaning of its decisions; the command line, its step log and its prompt read only this, so a game
needs no branch there. ``--json`` and logs are not views: they keep every card and its ``face_up``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from attrs import field, frozen

_SEAT = re.compile(r"^seat ([0-9]+)(?: hand ([0-9]+))?")


def seat_of(place: str) -> int | None:
    """The seat whose player may see a face-down card at ``place`` (``seat 3 hand 1`` -> 3); None for
    the dealer, the stub, the discard rack."""
    match = _SEAT.match(place)
    return int(match.group(1)) if match else None


_HAND = re.compile(r"\bseat ([0-9]+) hand ([0-9]+)\b")


def for_people(text: str) -> str:
    """A place or a note as people count: ``seat 1 hand 0`` -> ``seat 1 hand 1`` (the layout, the
    machine's notes and ``--json`` count split hands from 0)."""
    return _HAND.sub(lambda m: f"seat {m.group(1)} hand {int(m.group(2)) + 1}", text)


def _none(rnd: Any) -> list[str]:
    return []


#: What lies on the layout, as a walk-through draws it: ``[(place, [(card code, face up), ...]), ...]``, a place
#: named as people count (``seat 1 hand 2``). A face-down card's code is kept: the page draws its back.
Places = list[tuple[str, list[tuple[str, bool]]]]


def places_moved(rnd: Any) -> Places:
    """The layout as the round's card moves leave it (a game without a layout of its own to show): each card at
    the place it last went to, face up once a move turned it, gone once it went to the discard rack."""
    found: dict[str, list[list]] = {}
    for event in rnd.events:
        for move in event.cards:
            place = for_people(re.sub(r" \(.*\)$", "", move.to))
            for cards in found.values():
                held = next((c for c in cards if c[0] == move.card), None)
                if held is not None and (move.to.startswith("discard") or "turned face up" in move.to):
                    cards.remove(held)
                    break
            if not move.to.startswith("discard"):
                found.setdefault(place, []).append([move.card, move.face_up])
    return [(place, [(code, up) for code, up in cards]) for place, cards in found.items() if cards]


def _no_meanings(rnd: Any) -> dict[str, str]:
    return {}


def _no_choices(rnd: Any, decision: str) -> list[str] | None:
    return None


@frozen
class TableView:
    """What a game's table view shows at a decision, each part a function of the round.

    ``turn`` is the round's (seat, hand) deciding now, hands counted from 0 as in the layout."""

    dealer: Callable[[Any], str]  # round -> the dealer's line, face-down cards hidden
    boxes: Callable[[Any, tuple[int, int] | None], list[str]]  # (round, turn) -> a line per box, the deciding one marked
    hand: Callable[[Any, int, int], str]  # (round, seat, hand) -> the deciding hand's cards, named in the game's words
    advice: Callable[[Any], list[str]] = _none  # round -> lines after the wagers at risk (how to decide)
    meanings: Callable[[Any], dict[str, str]] = _no_meanings  # round -> decision -> meaning (the game's own words)
    owner: Callable[[str], int | None] = seat_of  # place -> the seat whose player sees a face-down card there
    places: Callable[[Any], Places] = places_moved  # round -> what lies on the layout, for the walk-through page
    #: a short form a player may type -> the decisions it may stand for (the first legal now): ``h`` -> ``hit``
    short: Mapping[str, tuple[str, ...]] = field(factory=dict)
    #: a decision ``name=value`` whose value is a word, not an amount -> how the typed value is read
    #: (``insurance=y`` -> ``yes``; ``low=5c`` -> ``5C``)
    values: Mapping[str, Callable[[str], str]] = field(factory=dict)
    #: (round, decision) -> every word a player could type now for a decision taking a value (``low=KS``, ...),
    #: for random play and ``check``; None: the decision's word alone
    choices: Callable[[Any, str], list[str] | None] = _no_choices


class Sight:
    """What a person has seen of one round so far, for the step log.

    ``viewer``: the seats the person plays (they see their own face-down cards; ``owner`` says whose
    seat a place is, from the game's view); None shows every card (``--reveal``). A face-down card moved to the discard rack is shown in brackets only if it
    was seen; otherwise (§ 670a.8(g): unwagered stacks are collected "unexposed") it stays hidden."""

    def __init__(self, viewer: frozenset[int] | None = frozenset(),
                 owner: Callable[[str], int | None] = seat_of) -> None:
        self.viewer, self.owner, self.seen = viewer, owner, set()

    def sees(self, card: Any, place: str, face_up: bool) -> bool:
        """Does the person see ``card`` arriving face up or down at ``place``? (Remembers what was seen.)"""
        if face_up or self.viewer is None or self.owner(place) in self.viewer:
            self.seen.add(card)
            return True
        return place.startswith("discard") and card in self.seen
