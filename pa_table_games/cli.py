"""``pa-table-games``: the command line. The only place errors become exit codes.

Each command parses its options, calls one library function and renders the result.
Every user error is one line on stderr and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from pa_table_games import display
from pa_table_games.errors import TableGamesError
from pa_table_games.game import load_game
from pa_table_games.games import GAMES
from pa_table_games.play import parse_actions, parse_seats, play_round


class UserError(click.ClickException):
    """A user error: one line, exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except TableGamesError as err:
            raise UserError(str(err)) from None


GAME = click.argument("game", type=click.Choice(sorted(GAMES)))
RULES = click.option("--rules", type=click.Path(dir_okay=False), help="Rules Submission YAML file (defaults if omitted).")


@click.group(cls=_Group, epilog="Examples:\n\n\b\n  pa-table-games list\n  pa-table-games play blackjack --seed 7"
             "\n  pa-table-games diagram --out diagrams")
def main() -> None:
    """Pennsylvania table-game regulations as executable, reviewable state machines."""


@main.command("list", epilog="Example:\n\n\b\n  pa-table-games list")
def list_games() -> None:
    """List the games and their machine files."""
    for name in sorted(GAMES):
        game = load_game(name)
        click.echo(f"{name:28} machines/{Path(game.spec.path).name:32} {game.spec.section}")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games diagram\n  pa-table-games diagram blackjack --format dot,svg,png")
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--out", type=click.Path(file_okay=False), default="diagrams", show_default=True)
@click.option("--format", "formats", default="dot,svg", show_default=True, help="Comma-separated: dot, svg, png.")
def diagram(games: tuple[str, ...], out: str, formats: str) -> None:
    """Render machines to DOT and SVG (default: every game, into diagrams/)."""
    from pa_table_games.diagram import write_diagrams

    wanted = tuple(f.strip() for f in formats.split(",") if f.strip())
    if not wanted or not set(wanted) <= {"dot", "svg", "png"}:
        raise UserError(f"--format {formats!r}: choose from dot, svg, png")
    for name in games or sorted(GAMES):
        for path in write_diagrams(load_game(name).spec, Path(out), wanted):
            click.echo(f"wrote {path}")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games play blackjack --seed 7 --seat 1:blackjack=10 --actions stand"
              "\n  pa-table-games play blackjack --shoe '5C AS 9D 6H KH 7C' --actions stand --json")
@GAME
@click.option("--seed", type=int, help="Seed of the shuffled shoe.")
@click.option("--shoe", help="Stacked shoe: card codes, first code = first card out (AS TD JK CUT ...).")
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,WAGER=AMOUNT...]; repeatable.")
@click.option("--actions", help="Comma-separated decisions consumed in order, e.g. insurance=no,hit,stand.")
@RULES
@click.option("--misdeal", type=int, help="Pai Gow: inject a misdeal at this position (training, tests).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def play(game: str, seed, shoe, seats, actions, rules, misdeal, as_json: bool) -> None:
    """Play one round step by step; interactive on a terminal when --actions is not given."""
    loaded = load_game(game, rules)
    options = {"misdeal": misdeal} if misdeal is not None else None
    if actions is None and sys.stdin.isatty() and not as_json:
        return _interactive(loaded, parse_seats(seats), seed, shoe, options)
    rnd = play_round(loaded, parse_seats(seats), parse_actions(actions), seed=seed, shoe=shoe, options=options)
    if as_json:
        click.echo(display.round_json(rnd))
    else:
        display.print_round(Console(), rnd)


def _interactive(game, seats, seed, shoe, options) -> None:
    console = Console()
    rnd = play_round(game, seats, [], seed=seed, shoe=shoe, options=options, require_end=False)
    shown = display.print_new_events(console, rnd, 0)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        who = f"seat {legal[0].seat} hand {legal[0].hand}" if legal else ""
        word = click.prompt(f"{who} — legal: {', '.join(a.word for a in legal)}", prompt_suffix="\n> ")
        try:
            rnd.act(word)
            rnd.advance()
        except TableGamesError as err:
            console.print(f"refused: {err}", style="red", highlight=False, markup=False)
        shown = display.print_new_events(console, rnd, shown)
    display.print_round(console, rnd, title="Round complete")


@main.command(epilog="Example:\n\n\b\n  pa-table-games demo")
def demo() -> None:
    """Play one stacked demo round of each game and print its cited step log."""
    console = Console()
    for name in sorted(GAMES):
        game = load_game(name)
        d = game.info.demo
        rnd = play_round(game, d["seats"], d.get("actions", []), seed=d.get("seed"), shoe=d.get("shoe"),
                         options=d.get("options"))
        display.print_round(console, rnd, title=f"{name}: {game.spec.section} — {game.spec.title}")
        console.print()


@main.command(epilog="Example:\n\n\b\n  pa-table-games trace blackjack")
@GAME
def trace(game: str) -> None:
    """Map every subsection of the section to the machine elements citing it, or its waiver."""
    spec = load_game(game).spec
    cited, waived = spec.cited_keys(), dict(spec.waived)
    for key, text in spec.subsections:
        click.echo(f"{spec.cite_text(key)}  {text}")
        users = [u for c, names in cited.items() if c.startswith(key) for u in names]
        for user in dict.fromkeys(users):
            click.echo(f"    {user}")
        if key in waived:
            click.echo(f"    waived: {waived[key]}")
    unmapped = spec.unmapped()
    encoded = len(spec.subsections) - len(waived)
    click.echo(f"{encoded} of {len(spec.subsections)} subsections encoded, {len(waived)} waived, {len(unmapped)} unmapped")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games edge lucky_ladies\n  pa-table-games edge three_card_poker --decks 6 --json")
@click.argument("wager")
@click.option("--decks", type=click.IntRange(1, 12), default=6, show_default=True)
@click.option("--paytable", help="Pay table name (default: the wager's default; see the pay-table file).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def edge(wager: str, decks: int, paytable: str | None, as_json: bool) -> None:
    """Exact return of a Blackjack optional wager decided by the first cards (§ 633a.7(g))."""
    import json

    from pa_table_games.edge import exact_edge

    report = exact_edge(wager, decks=decks, paytable=paytable)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2))
        return
    doc = report.to_json()
    click.echo(f"{wager}, {decks} decks, pay table {doc['paytable']}")
    for row in doc["outcomes"]:
        click.echo(f"  {row['outcome']:38} p={row['probability']:.8f}  pays {row['pays']:>8g}  return {row['return']:+.6f}")
    click.echo(f"house edge {float(report.house_edge) * 100:.4f} %")


if __name__ == "__main__":  # pragma: no cover
    main()
