"""Playing rounds at a terminal: the table view at every decision, forgiving input.

The prompt names the deciding hand with its cards and total and the dealer's up card;
the dealer's hole card (and in Pai Gow the dealer's six cards) stays face down until turned.
The first decision of a session explains every legal action with its cite; later ones show
the table and a short prompt (``help`` or ``?`` explains again). Several rounds are dealt at
one table: the same shoe, discard rack and cover card, as a dealer deals them.
"""

from __future__ import annotations

import click

import pa_table_games.cli.display as display
from pa_table_games.cli.play import begin_round, new_dealer_before
from pa_table_games.cli.table_view import legal_lines, prompt_line, table_lines, turn_of, view_of
from pa_table_games.cli.words import NotAnAction, normalise
from pa_table_games.errors import IllegalAction, ShoeExhausted, TableGamesError
from pa_table_games.runtime.decisions import listed


def play_at_terminal(game, seats, seed, shoe, options, on_stop=None, rounds: int = 1, reveal: bool = False,
                     new_dealer_every: int | None = None, on_error=None):
    """Deal ``rounds`` rounds at one table, asking for each decision; returns (last round, its decisions).
    A new dealer comes to the table after every ``new_dealer_every`` rounds and burns a card (§ 633a.7(c)).

    Ctrl-C or end of input at a prompt calls ``on_stop(round, decisions so far)`` (which may keep
    them, e.g. in a partial log) before the session ends; a round that cannot go on (a stacked shoe ran out
    at a dealer step), ``on_error(round, decisions so far, error)``, which may keep them too and raise the error
    the session ends with."""
    console, explained, table = display.console(), False, None
    for number in range(1, rounds + 1):
        words: list[str] = []
        fresh = new_dealer_before(number, new_dealer_every)
        if fresh:
            table.new_dealer = True
        rnd = begin_round(game, seats, seed=seed, shoe=shoe, options=options, table=table)
        table = rnd.table
        if number == 1:
            display.print_title(console, rnd)
        if rounds > 1:
            console.print(f"round {number} of {rounds}" + (": a new dealer" if fresh else ""), style="bold",
                          highlight=False, markup=False)
        try:  # the deal too: a stacked shoe may run out before the first decision
            rnd.advance()
            shown = display.print_new_events(console, rnd, 0, reveal)
            explained = _decide(console, rnd, words, shown, explained, reveal, on_stop)
        except TableGamesError as err:  # the round cannot go on (a dealer step the stacked shoe has no card for)
            if on_error is not None:
                on_error(rnd, words, err)
            raise
        display.print_outcome(console, rnd)
    return rnd, words


def _decide(console, rnd, words: list[str], shown: int, explained: bool, reveal: bool, on_stop) -> bool:
    """Ask for each decision until ``rnd`` is over, appending each one taken to ``words``; ``shown``: the events
    printed so far. Returns whether the legal actions were explained (the first decision of a session explains)."""
    fresh = True
    while not rnd.is_over:
        if fresh:  # a new decision: the table once; after help, a typo or a refusal, only the prompt
            for line in table_lines(rnd, brief=explained):
                console.print(line, highlight=False, markup=False)
            fresh, explained = False, True
        legal = listed(rnd)
        try:
            text = click.prompt(f"{prompt_line(rnd)}\nlegal: {legal} (help or ? explains)", prompt_suffix="\n> ")
        except (click.Abort, KeyboardInterrupt, EOFError):
            if on_stop is not None:
                on_stop(rnd, words)
            raise
        deciding = turn_of(rnd)
        try:
            word = normalise(rnd, text)
            if word == "help":
                console.print("legal actions (their meaning, the subsection):", highlight=False, markup=False)
                for line in legal_lines(rnd):
                    console.print(line, highlight=False, markup=False)
                continue
            rnd.act(word)
        except NotAnAction as err:
            console.print(f"not understood: {err}", style="yellow", highlight=False, markup=False)
            continue
        except (IllegalAction, ShoeExhausted) as err:  # a hit the stacked shoe has no card for: undone, asked again
            console.print(f"refused: {err}", style="red", highlight=False, markup=False)
            continue
        words.append(word)
        fresh = True
        try:
            rnd.advance()  # a dealer step that cannot go on (a stacked shoe ran out) ends the session: exit 2
        finally:
            shown = display.print_new_events(console, rnd, shown, reveal)
        if deciding is not None:  # the hand just decided, as its player now sees it (Pai Gow: both hands named)
            console.print(view_of(rnd).hand(rnd, *deciding), highlight=False, markup=False)
    return explained
