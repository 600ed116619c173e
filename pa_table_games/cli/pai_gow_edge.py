"""``edge six-card-fortune-pai-gow [WAGER]``: the list of the game's wagers, or one wager's price.

The pricing is :mod:`pa_table_games.analysis.pai_gow` (exact for the wagers settled on the
player's six cards, simulated for those settled against the dealer's hand); this module only
reads the command line, shows a bar on a terminal while anything slow runs, and prints.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pa_table_games.cli.app import UserError
from pa_table_games.errors import WagerError
from pa_table_games.simulation.chunks import sigint_blocked

GAME = "six-card-fortune-pai-gow"


@contextmanager
def _bar(what: str):
    """On a terminal, a bar on stderr once the work reports progress; yields its callback (None when piped)."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    bar = Progress(what, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console, transient=True)
    started: list[Any] = []

    def heard(done: int, total: int) -> None:
        if not started:
            with sigint_blocked():  # the refresh thread never takes a Ctrl-C meant for the work
                bar.start()
            started.append(bar.add_task(what, total=total))
        bar.update(started[0], completed=done, total=total)

    try:
        yield heard
    finally:
        bar.stop()


def pai_gow_edge(ctx: click.Context, wager: str | None, rules_file: str | None, rounds: int | None,
                 seed: int | None, as_json: bool) -> None:
    """Print the wager list (``wager`` None) or one wager's price; an unknown wager is a user error with the list."""
    from pa_table_games.analysis import pai_gow
    from pa_table_games.games import load_game
    from pa_table_games.simulation import pai_gow_edge as simulated

    rules = load_game(GAME, rules_file).rules
    counting = "counting every six-card hand (kept in the cache for next time)"
    if wager is None:
        with _bar(counting) as heard:
            if heard is not None:
                pai_gow.six_card_counts(rules.joker_rule, heard=heard)  # warm the cache under the bar
            doc = pai_gow.wager_list(rules)
        _show(doc | {"rules": rules_file}, pai_gow.list_lines(doc), as_json)
        return
    try:
        name = pai_gow.check_wager(wager, rules)
    except WagerError as error:
        raise UserError(str(error)) from None
    if pai_gow.WAGERS[name][2] == "exact":
        with _bar(counting) as heard:
            doc = pai_gow.exact_side_wager(name, rules, heard)
        lines = pai_gow.report_lines(doc)
    else:
        with _bar("simulating") as heard:
            doc = simulated.simulated_wager(name, rules, rules_file, rounds or simulated.ROUNDS,
                                            simulated.SEED if seed is None else seed, heard)
        lines = simulated.report_lines(doc)
    _show(doc | {"rules": rules_file}, lines, as_json)
    if not doc.get("complete", True):
        ctx.exit(130)  # Ctrl-C during the simulation: the deals so far were printed


def _show(doc: dict[str, Any], lines: list[str], as_json: bool) -> None:
    click.echo(json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) if as_json else "\n".join(lines))
