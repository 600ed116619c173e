"""Reading a decision as a person types it: any case, short forms, ``help``, and typos
answered as typos (with suggestions), never with a regulation's citation.

A word that names a real decision is passed on as written, so a decision the regulation
forbids is still refused by the round with the subsection that forbids it.
"""

from __future__ import annotations

import difflib

from pa_table_games.errors import TableGamesError
from pa_table_games.numbers import ASCII_SPACE, NumberError, amount, shown
from pa_table_games.runtime.decisions import listed

HELP_WORDS = ("help", "?")


class NotAnAction(TableGamesError):
    """A word that is no decision of this game: a typo, answered with suggestions. ``reason``: what is wrong with the
    word, for a message that names it another way (``action 2 'hti': not an action: did you mean hit? ...``)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def _player_triggers(rnd) -> list[str]:
    """Every decision word of the game, and every word its machine file refuses with a cite."""
    return list(dict.fromkeys([*rnd.spec.decision_words, *(r.trigger for r in rnd.spec.refusals)]))


def normalise(rnd, text: str) -> str:
    """The decision ``text`` means, as the round reads it (``H`` -> ``hit``, ``low=5c`` -> ``low=5C``);
    ``help`` for a request for help; :class:`NotAnAction` for a word no decision resembles."""
    word = text.strip(ASCII_SPACE).lower()  # another script's space is kept, for an amount to refuse it by name
    if word in HELP_WORDS:
        return "help"
    legal = list(rnd.legal_names())
    triggers = _player_triggers(rnd)
    if word in triggers:
        return word
    view = rnd.game.info.view
    short, values = (view.short, view.values) if view is not None else ({}, {})
    if word in short:
        meant = short[word]
        now = [m for m in meant if m in legal]
        if len(now) == 1:
            return now[0]
        known = [m for m in meant if m in triggers]
        if len(now) > 1 or not known:
            reason = f"ambiguous or not a decision here: type one of {listed(rnd) or 'no decision'} (help lists them)"
            raise NotAnAction(f"{shown(text.strip(ASCII_SPACE))} is {reason}", reason)
        return known[0]  # a decision of the game that is not open now: the round refuses it, cited
    name, eq, value = word.partition("=")
    if eq:
        value = values[name](value) if name in values else value
        if f"{name}={value}" in triggers or any(t == name for t in triggers):
            misread = _misread_number(value) if name not in values and value.rstrip() != value else None
            if misread:  # the round would read it without the space of another script at its end: refused here, named
                reason = (f"{shown(value)}: {misread}: write {name}=AMOUNT in the digits 0-9, e.g. {name}=10 or "
                          f"{name}=12.50")
                raise NotAnAction(f"{shown(text.strip(ASCII_SPACE))}: {reason}", reason)
            return f"{name}={value}"  # an amount the number reader refuses: the round refuses it, with its cite
    reason = typo_reason(text.strip(ASCII_SPACE), legal, triggers, listed(rnd))
    raise NotAnAction(f"{shown(text.strip(ASCII_SPACE))} is {reason}", reason)


def _misread_number(value: str) -> str | None:
    """Why :mod:`pa_table_games.numbers` refuses ``value`` as an amount, when it is written with digits of any
    script or Python's float() would read it (``5\u00a0``, ending in a no-break space); None for a word that is no
    number (``fortune_bonus``) or an amount."""
    if not any(c.isnumeric() for c in value):
        try:
            float(value)
        except (ValueError, OverflowError):
            return None
    try:
        amount(value)
    except NumberError as err:
        return err.reason.split(": write ")[0]
    return None


def typo_reason(text: str, legal: list[str], triggers: list[str], listing: str) -> str:
    """``not an action: did you mean hit? (legal now: hit, stand)`` for ``hti``: a suggestion among the names
    ``legal`` and ``triggers``; ``listing``, the legal actions as the line lists them (``low=CARD (7H 7D ...)``)."""
    pool = list(dict.fromkeys(legal + triggers))
    near = difflib.get_close_matches(text.lower(), pool, n=3, cutoff=0.5)
    guess = f": did you mean {' or '.join(near)}?" if near else ""
    return f"not an action{guess} (legal now: {listing or 'none'})"
