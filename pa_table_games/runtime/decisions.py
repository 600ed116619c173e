"""A player's decisions as the round offers and reads them: the legal actions now (a decision taking one of a list
of values offered once per value), a word or the keywords of ``act`` made an :class:`Action` for the seat and hand
deciding now, and the refusals ``act`` makes before and as the decision fires.

Each refusal is an :class:`IllegalAction` naming the decision as the player wrote it (a long one by its start and
length) and ending with a subsection: the one that forbids it, or for an argument that cannot be read
(``double=abc``) the decision's own. ``Round`` calls these as its methods, as it calls :mod:`.turns`'s.
"""

from __future__ import annotations

from typing import Any

from pa_table_games.errors import IllegalAction, TableGamesError
from pa_table_games.machine.registry import Entry
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.money import exact_or_as_is, parse_amount, typed_amount_problem
from pa_table_games.numbers import ASCII_SPACE, given, is_whole, shown
from pa_table_games.values import Action


def legal_actions(rnd: Any) -> tuple[Action, ...]:
    """The decisions open to the acting player now, in the machine file's order, each one ``act`` takes: a decision
    whose action names the values it accepts (Pai Gow's ``low=CARD``) once per value open now (``low=7H``,
    ``low=7D`` ..., a card that would foul the set left out)."""
    turn = rnd.deciding()
    out: list[Action] = []
    for name in legal_names(rnd):
        chooser = _chooser(rnd, name)
        if chooser is None:
            out.append(Action(turn[0], name, turn[1]))
        else:
            out.extend(Action(turn[0], name, turn[1], choice=value) for value in chooser.choices(rnd.view))
    return tuple(out)


def legal_names(rnd: Any) -> tuple[str, ...]:
    """The names of the decisions open now, each once, in the machine file's order (``low`` for every ``low=CARD``):
    what a strategy chooses among (``choose(rnd, legal)``), as the compiled engine offers them."""
    machine = rnd.game.machine
    if rnd.deciding() is None or machine.dealer_step(rnd.state, rnd) is not None:
        return ()  # a forced dealer step comes before any decision
    return machine.decisions(rnd.state, rnd)


def _chooser(rnd: Any, name: str) -> Entry | None:
    """The action naming the values decision ``name`` takes, of the transition it fires now; None for a decision
    taking none (or any value at all)."""
    if not any(a.choices is not None for t in rnd.game.machine.player[rnd.state] if t.trigger == name for a in t.do):
        return None
    t = rnd.game.machine.decision(rnd.state, name, rnd)
    return _chooser_of(t) if t is not None else None


def _chooser_of(t: TransitionSpec) -> Entry | None:
    """The action of ``t`` naming the values its decision takes (Pai Gow's ``low=CARD``), if it has one."""
    return next((a for a in t.do if a.choices is not None), None)


def listed(rnd: Any) -> str:
    """The legal actions now as a line lists them: each decision once, one taking a value by its form and the values
    open (``double_down, low=CARD (7H 7D 6D TC TS TD), house_way``); empty for none."""
    values: dict[str, list[str]] = {}
    for a in rnd.legal_actions():
        values.setdefault(a.name, []).extend([a.choice] if a.choice is not None else [])
    words = []
    for name, open_ in values.items():
        chooser = _chooser(rnd, name) if open_ else None
        words.append(f"{name}={chooser.form if chooser else 'VALUE'} ({' '.join(open_)})" if open_ else name)
    return ", ".join(words)


def parse_action(rnd: Any, word: str) -> Action:
    """``hit``, ``insurance=yes``, ``double=5`` or ``low=KS`` for the seat and hand deciding now."""
    word = word.strip(ASCII_SPACE)  # as the command line: another script's space is refused, named, in an amount
    turn = rnd.deciding() or (0, 0)
    if any(t.trigger == word for t in rnd.spec.transitions) or "=" not in word:
        return Action(turn[0], word, turn[1])
    name, _, value = word.partition("=")
    try:
        return Action(turn[0], name, turn[1], amount=parse_amount(value))
    except ValueError:
        return Action(turn[0], name, turn[1], choice=value)


def action_of(rnd: Any, action: Action | str | None, seat: int | None, name: str | None, hand: int | None,
              amount: Any, choice: str | None) -> Action:
    """What ``act`` was given, as an :class:`Action`: an Action, a word (:func:`parse_action`; with ``seat=`` or
    ``hand=``, that hand's), or ``seat=`` and ``name=`` (``hand=``, ``amount=``, ``choice=``) for a hand of that
    seat."""
    if action is not None and not isinstance(action, (str, Action)):
        raise TableGamesError(f"act takes an Action, a word such as 'hit', or seat= and name=, not {action!r}")
    if action is not None and (name, amount, choice) != (None, None, None) or \
            isinstance(action, Action) and (seat, hand) != (None, None):
        raise TableGamesError(f"act: give the decision as a word ({_word(action)!r}) or as name=, not both")
    is_action = isinstance(action, Action)  # made by the caller: what it holds is read as a keyword's value
    values = (action.seat, action.hand, action.name, action.choice) if is_action else (seat, hand, name, choice)
    for what, value in zip(("seat", "hand", "name", "choice"), values):
        if value is None and (what == "choice" or not is_action):  # an Action holds a seat, a hand and a name
            continue
        number = what in ("seat", "hand")
        if not (is_whole(value) if number else isinstance(value, str)):
            raise TableGamesError(f"act: {what} must be {'a whole number' if number else 'a word'}, not {given(value)}")
        if what == "hand" and value < 0:  # refused here: the turn's refusal would name it counted from 1, as hand 0
            raise TableGamesError(f"act: hand counts a seat's hands from 0 (its first hand), not {given(value)}")
    if isinstance(action, str):
        word = parse_action(rnd, action)
        if seat is None and hand is None:
            return word
        return Action(seat if seat is not None else word.seat, word.name, hand if hand is not None else word.hand,
                      word.amount, word.choice)
    if action is not None:
        return action
    if seat is None or name is None:
        raise TableGamesError("act needs an Action or seat= and name=")
    if choice is not None and f"{name}={choice}" in rnd.spec.decision_words:
        name, choice = f"{name}={choice}", None  # a decision whose word holds its answer (insurance=yes)
    turn = rnd.deciding()
    return Action(seat, name, hand if hand is not None else (turn[1] if turn else 0), exact_or_as_is(amount), choice)


def _word(action: Action | str) -> str:
    return action.word if isinstance(action, Action) else action.strip(ASCII_SPACE)


def as_given(err: IllegalAction, given: Any, action: Action) -> IllegalAction | None:
    """``err`` naming the decision as it was given to ``act`` when reading it changed how it is written
    (``' double = 5 '`` is read as the decision ``double `` of 5, written ``double =5``); None when it does already."""
    if not isinstance(given, str) or err.action != action.word or given.strip(ASCII_SPACE) == action.word:
        return None
    return IllegalAction(given.strip(ASCII_SPACE), err.reason, err.cite)


def check(rnd: Any, action: Action) -> None:
    """Refuse, with the forbidding cite, a decision that is not this player's to make now."""
    spec, word, machine = rnd.spec, action.word, rnd.game.machine
    for refusal in spec.refusals:
        if refusal.trigger == action.name:
            raise IllegalAction(word, refusal.reason, spec.cite_text(refusal.cite))
    state = spec.state(rnd.state)
    here = spec.cite_text(state.cite[0])
    turn = rnd.deciding()
    if turn is None or not machine.player[rnd.state]:
        raise IllegalAction(word, f"no player decision is open while the round is in '{state.label}'", here)
    if not any(t.trigger == action.name for t in machine.player[rnd.state]):
        why = "not a decision open in" if action.name in spec.decision_words else "unknown action in"
        raise IllegalAction(word, f"{why} '{state.label}' (legal now: {listed(rnd) or 'none'})", here)
    if (action.seat, action.hand) != turn:
        raise IllegalAction(word, f"seat {turn[0]} hand {turn[1] + 1} decides now, not seat "  # people count hands from 1
                            f"{given(action.seat)} hand {given(action.hand + 1)}: players act in turn", here)
    due = machine.dealer_step(rnd.state, rnd)  # a forced dealer step comes before any decision
    # a guard asks the unit whose turn it is (checked above), never the acting decision
    if due is not None and machine.decision(rnd.state, action.name, rnd) is not None:
        raise IllegalAction(word, f"the dealer's step {due.trigger!r} comes first: call advance()",
                            spec.cite_text(due.cite[0]))


def check_argument(rnd: Any, action: Action, t: TransitionSpec, cite: str) -> None:
    """An argument (``double=5``, ``low=KS``) only where one of the transition's actions reads it, and one where an
    action names the values it takes (``low`` alone: what to write is said, with the decision's ``cite``)."""
    given = "amount" if action.amount is not None else "choice" if action.choice is not None else None
    chooser = _chooser_of(t) if given is None else None
    if chooser is not None:
        raise IllegalAction(action.word, f"no {chooser.form.lower()} named (write {action.name}={chooser.form}, one "
                            f"of {' '.join(chooser.choices(rnd.view))})", cite)
    if given == "choice" and any(a.takes == "amount" for a in t.do):
        why = typed_amount_problem(action.choice) or "given as a choice, not as the amount"
        raise IllegalAction(action.word, f"{shown(action.choice)}: {why} (write {action.name}=AMOUNT)", cite)
    if given is not None and not any(a.takes == given for a in t.do):
        what = "amount" if given == "amount" else "argument"
        chooser = _chooser_of(t)  # low=10: write low=CARD, not low
        write = f"{action.name}={chooser.form}" if chooser is not None else repr(action.name)
        raise IllegalAction(action.word, f"{action.name} takes no {what} (write {write})", cite)
