"""For the developer of a game: ``check`` that it conforms, as the project's own sections do."""

from __future__ import annotations

import click

from pa_table_games.cli.app import GAME


@click.command(epilog="Examples:\n\n\b\n  pa-table-games check blackjack\n  pa-table-games check blackjack --depth long"
               "\n  pa-table-games check double-down-madness --scenarios tests/scenarios")
@GAME
@click.option("--depth", type=click.Choice(["quick", "long"]), default="quick", show_default=True,
              help="How many rounds the checks play: quick (seconds) or long (ten times as many).")
@click.option("--scenarios", type=click.Path(file_okay=False, exists=True),
              help="Folder of GAME's scenario file (coverage --write): its stored scenarios and search hints help "
                   "reach every transition and pass; its search: waived: names transitions no round can fire "
                   "(default: the checkout's tests/scenarios).")
@click.pass_context
def check(ctx: click.Context, game: str, depth: str, scenarios: str | None) -> None:
    """Run the project's conformance checks on GAME; each finding names the file:line to fix.

    Random rounds with random Rules, wagers and legal decisions (illegal ones and bad amounts refused
    with a cite, every guard answering True or False, every step's effects undone exactly, cards and
    chips kept, logs replayed), every turns: declaration load-bearing, every transition reached (or
    waived), the diagrams, review page, walk-through and dossier written, trace complete, simulate
    (each strategy) and edge run.

    Exit status: 0 GAME conforms; 1 findings (one a line); 2 bad input (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.testing import check_game

    report = check_game(game, depth, scenarios)
    for line in report.lines():
        click.echo(line)
    ctx.exit(0 if report.conforms else 1)
