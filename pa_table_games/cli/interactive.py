"""Playing a round at a terminal: the table view at every decision, forgiving input.

The prompt names the deciding hand with its cards and total and the dealer's up card;
the dealer's hole card (and in Pai Gow the dealer's six cards) stays face down until turned.
"""

from __future__ import annotations

import click

import pa_table_games.cli.display as display
from pa_table_games.cli.play import play_round
from pa_table_games.cli.table_view import legal_lines, prompt_line, table_lines
from pa_table_games.cli.words import NotAnAction, normalise
from pa_table_games.errors import IllegalAction


def play_at_terminal(game, seats, seed, shoe, options):
    """Deal, then ask for each decision until the round is over; returns (round, decisions applied)."""
    console, words = display.console(), []
    rnd = play_round(game, seats, [], seed=seed, shoe=shoe, options=options, require_end=False)
    display.print_title(console, rnd)
    shown, fresh = display.print_new_events(console, rnd, 0), True
    while not rnd.is_over:
        if fresh:  # a new decision: the whole table once; after help, a typo or a refusal, only the prompt
            for line in table_lines(rnd):
                console.print(line, highlight=False, markup=False)
            fresh = False
        legal = ", ".join(a.word for a in rnd.legal_actions())
        text = click.prompt(f"{prompt_line(rnd)}\nlegal: {legal} (help or ? explains)", prompt_suffix="\n> ")
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
        except IllegalAction as err:
            console.print(f"refused: {err}", style="red", highlight=False, markup=False)
            continue
        words.append(word)
        fresh = True
        rnd.advance()  # a dealer step that cannot go on (a stacked shoe ran out) ends the session: exit 2
        shown = display.print_new_events(console, rnd, shown)
    display.print_outcome(console, rnd)
    return rnd, words
