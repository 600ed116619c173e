"""For the compliance officer and the auditor: ``diagram``, ``review``, ``diff``, ``trace``,
``coverage`` and ``replay``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pa_table_games.cli.app import (GAME, KEY_FILE, GameName, UserError, Whole, every_game_named, one_line, out_folder,
                                    report_broken)
from pa_table_games.games import load_game

# Each command imports the tools it uses when it runs (the dossier alone loads reportlab).


@click.command(epilog="Examples:\n\n\b\n  pa-table-games diagram\n  pa-table-games diagram blackjack --format dot,svg,png"
              "\n  pa-table-games diagram blackjack --view code")
@click.argument("games", nargs=-1, type=GameName())
@click.option("--out", type=click.Path(file_okay=False), default="diagrams", show_default=True, callback=out_folder)
@click.option("--format", "formats", default="dot,svg", show_default=True, help="Comma-separated: dot, svg, png.")
@click.option("--view", "view", type=click.Choice(["reader", "code", "both"]), default="both", show_default=True,
              help="reader: conditions in the regulation's words (<machine>.svg); "
                   "code: guard identifiers, for developers (<machine>.code.svg).")
@click.option("--machine", type=click.Path(dir_okay=False, exists=True),
              help="An edited machine file of an installed game (its game: names it), read instead of the installed one.")
def diagram(games: tuple[str, ...], out: str, formats: str, view: str, machine: str | None) -> None:
    """Render machines to DOT and SVG (default: every game, both views, into diagrams/); the reader view
    also draws the overview of the round's phases (<machine>.overview.svg) and a diagram per phase
    (<machine>.phase-<id>.svg).

    Exit status: 0 every file written; 1 with no game named, a game another distribution declares that
    cannot be loaded (named on stderr, the other games' files written); 2 bad input or a file that cannot be
    written (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.files import reads
    from pa_table_games.review.diagram import VIEWS, diagram_sources, write_sources
    from pa_table_games.review.phases import phase_sources

    reads(machine)  # never replaced by an output, whatever --out
    wanted = tuple(f.strip() for f in formats.split(",") if f.strip())
    if not wanted or not set(wanted) <= {"dot", "svg", "png"}:
        raise UserError(f"--format {formats!r}: choose from dot, svg, png")
    views = VIEWS if view == "both" else (view,)
    names, broken = _games_for(games, machine)
    sources = []  # every game's, so that a file refused is refused before any is written
    for name in names:
        spec = load_game(name, machine=machine).spec
        sources += diagram_sources(spec, views) + (phase_sources(spec) if "reader" in views else [])
    for path in write_sources(sources, Path(out), wanted):
        click.echo(one_line(f"wrote {path}"))
    report_broken(broken)

@click.command(epilog="Examples:\n\n\b\n  pa-table-games review\n  pa-table-games review blackjack --out review"
              "\n  pa-table-games review --pdf")
@click.argument("games", nargs=-1, type=GameName())
@click.option("--out", type=click.Path(file_okay=False), default="diagrams", show_default=True, callback=out_folder)
@click.option("--pdf", is_flag=True, help="Write the review dossier instead: one PDF per machine, no browser needed.")
@click.option("--log", "logs", multiple=True, type=click.Path(dir_okay=False),
              help="Write the walk-through page of this logged round instead (<log>.walk.html; repeatable), and "
                   "the review page of its machine beside it (with --machine: the edited machine, replayed and drawn).")
@click.option("--allow-v1", is_flag=True, help="With --log: also draw a version-1 log (no hash chain: unverifiable).")
@KEY_FILE
@click.option("--machine", type=click.Path(dir_okay=False, exists=True),
              help="An edited machine file of an installed game (its game: names it), read instead of the installed one.")
def review(games: tuple[str, ...], out: str, pdf: bool, logs: tuple[str, ...], allow_v1: bool,
           key_file: str | None, machine: str | None) -> None:
    """Write a static review page per machine (diagram + subsection table), the walk-through of each game's
    demo round (<machine>.walk.html) and an index.html; with --pdf, a review dossier per machine (cover,
    phases, subsections, steps, Rules, readings); with --log, the walk-through page of each logged round:
    step by step on the phase diagrams, the table as the log records it, each step's cite.

    Exit status: 0 every file written; 1 with no game named, a game another distribution declares that
    cannot be loaded (named on stderr, the other games' files written); 2 bad input or a file that cannot be
    written (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.files import reads

    reads(machine, key_file, *logs)  # never replaced by an output, whatever --out
    if logs:
        from pa_table_games.audit.chain import load_key
        from pa_table_games.review.walkthrough import write_walks

        if pdf or games:
            raise UserError("--log writes walk-through pages: give it without --pdf and games")
        for path in write_walks([Path(p) for p in logs], Path(out), load_key(key_file), allow_v1, machine):
            click.echo(one_line(f"wrote {path}"))
        return
    chosen, broken = _games_for(games, machine)
    if pdf:
        from pa_table_games.review.dossier import write_dossiers

        written = write_dossiers(chosen, Path(out), machine)
    else:
        from pa_table_games.review.page import write_review
        from pa_table_games.review.walkthrough import write_demo_walks

        # an edited machine file gets its review page; the demo rounds are the installed machines'
        written = write_review(chosen, Path(out), machine, demo_walks=not machine) + (
            [] if machine else write_demo_walks(chosen, Path(out)))
    for path in written:
        click.echo(one_line(f"wrote {path}"))
    report_broken(broken)

#: diff lines as the terminal colours them: added green, removed red, changed yellow (the HTML page's colours)
_COLOUR = {"+ ": "green", "- ": "red", "~ ": "yellow"}

@click.command(epilog="Examples:\n\n\b\n  pa-table-games diff blackjack HEAD~3\n  pa-table-games diff blackjack new.yaml"
               "\n  pa-table-games diff old.yaml new.yaml --out review")
@click.argument("old")
@click.argument("new")
@click.option("--out", type=click.Path(file_okay=False), callback=out_folder,
              help="Also write NAME.diff.svg and NAME.diff.html here.")
@click.pass_context
def diff(ctx: click.Context, old: str, new: str, out: str | None) -> None:
    """Subsections, states, arrows, guards and actions added, removed or changed between two machines
    (OLD NEW), or in a machine since a git revision (MACHINE REVISION).

    Each argument is read by one rule, said on stderr: an existing path is a machine file; a game's
    name is its installed machine file; anything else is a git revision (git rev-parse --verify).

    Exit status: 0 no change; 1 changes (listed); 2 bad input or a file that cannot be written (one line
    on stderr); 130 Ctrl-C."""

    from pa_table_games.files import reads
    from pa_table_games.review.diff import diff_args
    from pa_table_games.review.diff_page import write_diff

    reads(old, new)  # the machine files compared (a revision or a game's name is none) are never replaced
    said: list[str] = []
    changes = diff_args(old, new, said)
    for line in said:
        click.echo(f"note: {line}", err=True)
    for line in changes.lines():  # coloured on a terminal only (click leaves the colour out when piped)
        click.echo(click.style(line, fg=_COLOUR.get(line[:2])))
    for path in write_diff(changes, Path(out)) if out else []:
        click.echo(one_line(f"wrote {path}"))
    ctx.exit(1 if changes.changes else 0)

@click.command(epilog="Examples:\n\n\b\n  pa-table-games trace blackjack\n  pa-table-games trace blackjack --format markdown"
              "\n  pa-table-games trace blackjack --coverage --format json")
@GAME
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--coverage", "with_coverage", is_flag=True,
              help="Also list each transition with the stored scenario that fires it (the checkout's tests/scenarios, "
                   "or --scenarios).")
@click.option("--scenarios", type=click.Path(file_okay=False, exists=True),
              help="Folder of <game>.yaml scenario files, as `coverage GAME --write --out DIR` writes them.")
@click.option("--machine", type=click.Path(dir_okay=False, exists=True),
              help="An edited machine file of an installed game (its game: names it), read instead of the installed one.")
def trace(game: str, fmt: str, with_coverage: bool, scenarios: str | None, machine: str | None) -> None:
    """Map every subsection of the section to the machine elements citing it, or its waiver.

    Exit status: 0 traced; 2 bad input (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.review import trace as tracing
    from pa_table_games.review.coverage import transition_coverage

    covered = transition_coverage(game, _scenario_folder(scenarios)) if with_coverage else None
    click.echo(tracing.RENDER[fmt](tracing.trace(load_game(game, machine=machine).spec, game), covered))

def _scenario_folder(given: str | None) -> Path:
    """--scenarios, else the stored scenarios of the checkout the package or the current folder is in."""
    from pa_table_games.review.coverage import SCENARIOS

    if given:
        return Path(given)
    if SCENARIOS.is_dir():
        return SCENARIOS
    try:
        return _checkout_scenarios()
    except UserError:
        raise UserError("trace --coverage: no stored scenarios outside a checkout: write them with "
                        "`pa-table-games coverage GAME --write --out DIR` and give --scenarios DIR") from None

def _games_for(games: tuple[str, ...], machine: str | None) -> tuple[list[str], list[str]]:
    """The games named (default: every game that loads, with a line for each that does not); with --machine,
    the one game its file names."""
    if machine is None:
        return every_game_named(games)
    from pa_table_games.games import game_of_machine

    named = game_of_machine(machine)
    if games and set(games) != {named}:
        raise UserError(f"--machine {machine}: a machine file of {named}, not of {', '.join(games)}")
    return [named], []

@click.command(epilog="Examples:\n\n\b\n  pa-table-games coverage\n  pa-table-games coverage blackjack --write"
              "\n  pa-table-games coverage --write --out scenarios")
@click.argument("games", nargs=-1, type=GameName())
@click.option("--write", is_flag=True, help="Write <game>.yaml with the scenarios found (into --out).")
@click.option("--out", type=click.Path(file_okay=False), callback=out_folder,
              help="Folder for --write (default: tests/scenarios of the checkout you are in).")
@click.option("--sessions", type=Whole(1, 10**7, "sessions"), default=3000, show_default=True, help="Most table sessions tried per game.")
def coverage(games: tuple[str, ...], write: bool, out: str | None, sessions: int) -> None:
    """Search seeded random rounds for a small set of scenarios firing every transition.

    The search is seeded: the same games and --sessions always find the same scenarios. On a
    terminal a bar on stderr counts the sessions tried. Ctrl-C stops the search: the games
    finished are reported (with the files written), the game being searched is not written,
    exit status 130.

    Exit status: 0 the search ran, and with --write its files are written, whatever it reached (a
    transition no scenario reaches is listed: the verdict on it is the machine's conformance check's);
    1 with no game named, a game another distribution declares that cannot be loaded (named on stderr, the
    other games searched); 2 bad input or a file that cannot be written (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.cli.progress import search_bar
    from pa_table_games.files import make_folder
    from pa_table_games.review.coverage_search import regenerate

    folder = Path(out) if out else _checkout_scenarios() if write else None
    if folder is not None and write:
        make_folder(folder)
    kwargs = {"directory": folder} if folder is not None else {}
    (names, broken), results, tried = every_game_named(games), [], {}
    try:
        with search_bar(names, sessions) as heard:
            def progress(game: str, count: int) -> None:
                tried[game] = count
                if heard is not None:
                    heard(game, count)

            for name in names:  # one game at a time: a Ctrl-C keeps the games finished
                results += regenerate([name], write=write, sessions=sessions, progress=progress, **kwargs)
    except KeyboardInterrupt:
        _coverage_lines(results)
        stopped = names[len(results)] if len(results) < len(names) else names[-1]
        unwritten = "its scenarios are not written" if write else "nothing more is reported"
        click.echo(f"\ninterrupted: the search of {stopped} stopped after {tried.get(stopped, 0):,} of {sessions:,} "
                   f"sessions; {unwritten}", err=True)
        click.get_current_context().exit(130)
    _coverage_lines(results)
    report_broken(broken)

def _coverage_lines(results) -> None:
    """Per game searched: the transitions its scenarios fire, those none reaches, the file written."""
    for r in results:
        click.echo(f"{r.game}: {len(r.scenarios)} scenarios fire {r.transitions - len(r.uncovered)} of {r.transitions} transitions")
        for item in r.uncovered:
            click.echo(f"  not reached by any scenario: {item}")
        if r.path:
            click.echo(one_line(f"  wrote {r.path}"))

def _checkout_scenarios() -> Path:
    """tests/scenarios of the pa-table-games checkout holding the current folder, else a user error."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "machines").is_dir() and (folder / "tests" / "scenarios").is_dir():
            return folder / "tests" / "scenarios"
    raise UserError("coverage --write: not inside a pa-table-games checkout; give --out DIR")

@click.command(epilog="Examples:\n\n\b\n  pa-table-games play blackjack --seed 7 --actions stand --log round.jsonl"
              "\n  pa-table-games replay round.jsonl\n  pa-table-games replay round.jsonl --json")
@click.argument("log_file", metavar="LOG.jsonl", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@KEY_FILE
@click.option("--allow-v1", is_flag=True, help="Replay a version-1 log (written before logs were hash-chained) "
              "although nothing shows it was not edited: the verdict says unverifiable.")
@click.option("--machine", type=click.Path(dir_okay=False, exists=True),
              help="An edited machine file of the log's game, replayed instead of the installed one.")
@click.pass_context
def replay(ctx: click.Context, log_file: str, as_json: bool, key_file, allow_v1: bool, machine: str | None) -> None:
    """Re-run a logged round through the machine and report every departure, cited.

    Every line's hash is verified first (keyed with the operator's key when one is set: any
    edit by someone without the key is found). With --allow-v1 a version-1 log that re-deals without a
    departure is reported unverifiable, not as conforming. A line under the verdict names what the replay took
    as given from the log's header or --machine and could not check (a stacked shoe's order or the seed, Rules not
    the defaults, round options, table flags, a chain not keyed with an operator key, an edited machine file):
    information, not a departure, it leaves the exit status as it is.

    Exit status: 0 the round conforms (or, with --allow-v1, a version-1 log re-deals without a departure);
    1 it departs (each departure listed; a log marked incomplete departs); 2 the log is malformed, its hash
    chain is broken, it names another key than the one given, or it has none (version 1) and --allow-v1 is
    not given (one line on stderr); 130 Ctrl-C."""

    from pa_table_games.audit.chain import load_key
    from pa_table_games.audit.replay import replay as replay_log

    report = replay_log(log_file, load_key(key_file), allow_v1, machine)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False, allow_nan=False))
    else:
        for departure in report.departures:  # text taken from the log: its control characters shown escaped
            click.echo(one_line(str(departure)))
        click.echo(one_line(f"{report.file}: {report.game}, {report.compared} of {report.events} events compared: "
                            f"{report.sentence()}"))
        if report.given():  # information, not a departure: the exit status stays the verdict's
            click.echo(one_line(f"  {report.given()}"))
    ctx.exit(0 if report.conforms else 1)
