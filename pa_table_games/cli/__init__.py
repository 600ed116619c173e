"""``pa-table-games``: the command line. The only place errors become exit codes.

Each command parses its options, calls one library function and renders the result.
Every user error is one line on stderr and exit status 2: the library's errors, click's
usage errors, and whatever else a user can cause (an unwritable --out, a file nested too
deeply, a number too large) — :class:`_Group` is the one boundary that maps them.
"""

from __future__ import annotations

import errno
import json
import re
import sys
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console

from pa_table_games.cli import display
from pa_table_games.errors import TableGamesError
from pa_table_games.games import load_game
from pa_table_games.games import GAMES
from pa_table_games.cli.play import DecisionsRanOut, parse_actions, parse_seats, play_round


class UserError(click.ClickException):
    """A user error: one line, exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"error: {one_line(self.format_message())}", err=True)


def one_line(text: str) -> str:
    """``text`` on one line: a newline or other control character a user typed is shown escaped."""
    return re.sub(r"[\x00-\x1f\x7f\u2028\u2029\x85]", lambda m: repr(m[0])[1:-1], text)


def _usage(err: click.UsageError) -> UserError:
    """Click's usage error (several lines with the usage) as one line naming the command."""
    names, ctx = [], err.ctx
    while ctx is not None and ctx.parent is not None:  # the root is always called pa-table-games
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    command = " ".join(["pa-table-games", *names])
    return UserError(f"{command}: {' '.join(err.format_message().split())} (see {command} --help)")


def _boundary(err: BaseException) -> UserError | None:
    """A failure a user can cause, as one line; None for anything else (a bug, shown as such)."""
    if isinstance(err, TableGamesError):
        return UserError(str(err))
    if isinstance(err, click.UsageError) and not isinstance(err, click.exceptions.NoArgsIsHelpError):
        return _usage(err)
    if isinstance(err, OSError) and err.errno != errno.EPIPE:
        where = f"{err.filename}: " if err.filename is not None else ""
        return UserError(f"{where}{err.strerror or err}")
    if isinstance(err, RecursionError):
        return UserError("the input is nested too deeply to read")
    if isinstance(err, (OverflowError, MemoryError)):
        return UserError(f"a number or size in the input is too large ({err or type(err).__name__})")
    if isinstance(err, UnicodeError):
        return UserError(f"text that is not valid Unicode: {err}")
    return None


class _Group(click.Group):
    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except Exception as err:  # noqa: BLE001  (mapped, or re-raised unchanged)
            raise _boundary(err) or err from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.Abort, UserError):
            raise
        except Exception as err:  # noqa: BLE001  (mapped, or re-raised unchanged)
            mapped = _boundary(err)
            if mapped is None:
                raise
            raise mapped from None


GAME = click.argument("game", metavar="GAME", type=click.Choice(sorted(GAMES)))
RULES = click.option("--rules", type=click.Path(dir_okay=False), help="Rules Submission YAML file (defaults if omitted).")
KEY_FILE = click.option("--key-file", type=click.Path(dir_okay=False),
                        help="File holding the operator's log key (HMAC-SHA256); default: $PA_TABLE_GAMES_LOG_KEY.")
#: Bounds refused up front: processes one machine can sensibly run, rounds one run can sensibly deal.
MAX_WORKERS, MAX_ROUNDS = 256, 10**12


def _out_folder(ctx, param, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise UserError(f"{param.opts[0]} is empty: give a folder name")
    return value


def _workers(ctx, param, value: int | None) -> int | None:
    if value is not None and not 1 <= value <= MAX_WORKERS:
        shown = str(value) if len(str(value)) <= 20 else f"{str(value)[:17]}..."
        raise UserError(f"--workers {shown}: from 1 to {MAX_WORKERS} processes")
    return value


def _log_path(ctx, param, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise UserError("--log is empty: give a file name")
    return value


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


@main.command(epilog="Examples:\n\n\b\n  pa-table-games diagram\n  pa-table-games diagram blackjack --format dot,svg,png"
              "\n  pa-table-games diagram blackjack --view code")
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--out", type=click.Path(file_okay=False), default="diagrams", show_default=True, callback=_out_folder)
@click.option("--format", "formats", default="dot,svg", show_default=True, help="Comma-separated: dot, svg, png.")
@click.option("--view", "view", type=click.Choice(["reader", "code", "both"]), default="both", show_default=True,
              help="reader: conditions in the regulation's words (<machine>.svg); "
                   "code: guard identifiers, for developers (<machine>.code.svg).")
def diagram(games: tuple[str, ...], out: str, formats: str, view: str) -> None:
    """Render machines to DOT and SVG (default: every game, both views, into diagrams/)."""
    from pa_table_games.tools.diagram import VIEWS, write_diagrams

    wanted = tuple(f.strip() for f in formats.split(",") if f.strip())
    if not wanted or not set(wanted) <= {"dot", "svg", "png"}:
        raise UserError(f"--format {formats!r}: choose from dot, svg, png")
    views = VIEWS if view == "both" else (view,)
    for name in games or sorted(GAMES):
        for path in write_diagrams(load_game(name).spec, Path(out), wanted, views):
            click.echo(f"wrote {path}")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games review\n  pa-table-games review blackjack --out review"
              "\n  pa-table-games review --pdf")
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--out", type=click.Path(file_okay=False), default="diagrams", show_default=True, callback=_out_folder)
@click.option("--pdf", is_flag=True, help="Write the review dossier instead: one PDF per machine, no browser needed.")
def review(games: tuple[str, ...], out: str, pdf: bool) -> None:
    """Write a static review page per machine (diagram + subsection table) and an index.html;
    with --pdf, a review dossier per machine (cover, diagram, subsections, steps, Rules, readings)."""
    from pa_table_games.tools.dossier import write_dossiers
    from pa_table_games.tools.review import write_review

    for path in (write_dossiers if pdf else write_review)(list(games or sorted(GAMES)), Path(out)):
        click.echo(f"wrote {path}")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games diff blackjack HEAD~3\n  pa-table-games diff old.yaml new.yaml --out review")
@click.argument("old")
@click.argument("new")
@click.option("--out", type=click.Path(file_okay=False), help="Also write NAME.diff.svg and NAME.diff.html here.")
@click.pass_context
def diff(ctx: click.Context, old: str, new: str, out: str | None) -> None:
    """Subsections, states, arrows, guards and actions added, removed or changed between two machine files
    (OLD NEW), or in a machine since a git revision (MACHINE REVISION). Exit status 0: no change; 1: changes."""
    from pa_table_games.tools.diff import diff_args
    from pa_table_games.tools.diff_page import write_diff

    changes = diff_args(old, new)
    click.echo("\n".join(changes.lines()))
    for path in write_diff(changes, Path(out)) if out else []:
        click.echo(f"wrote {path}")
    ctx.exit(1 if changes.changes else 0)


@main.command(epilog="Examples:\n\n\b\n  pa-table-games play blackjack --seed 7 --seat 1:blackjack=10 --actions stand"
              "\n  pa-table-games play blackjack --shoe '2C TH 6S 5D 7C 6H TD' --actions hit --json"
              "\n  pa-table-games play blackjack --seed 7 --strategy basic"
              "\n  pa-table-games play six-card-fortune-pai-gow --seed 3 --actions low=6D\n\n"
              "Decisions: hit (h), stand (s), double (d) or double=AMOUNT, split (p), surrender (r), "
              "insurance=yes|no and even_money=yes|no (y/n), house_money=add|keep; Pai Gow: low=CARD sets "
              "that card as the one-card low hand and the other five as the high hand, house_way asks for "
              "the house way, double_down. Any case; at the prompt, help or ? lists the legal actions.")
@GAME
@click.option("--seed", type=int, help="Seed of the shuffled shoe.")
@click.option("--shoe", help="Stacked shoe: card codes, first code = first card out (AS TD JK CUT ...).")
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,WAGER=AMOUNT...]; repeatable.")
@click.option("--actions", help="Comma-separated decisions consumed in order, e.g. insurance=no,hit,stand.")
@click.option("--strategy", help="Make the decisions left after --actions by this strategy (as `simulate`: "
              "blackjack basic or stand17, double-down-madness madness or stand17, six-card-fortune-pai-gow "
              "house_way or player_way).")
@RULES
@click.option("--misdeal", type=int, help="Pai Gow: inject a misdeal at this position (training, tests).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (every card with its face_up flag, "
              "and the full Rules).")
@click.option("--log", "log_file", type=click.Path(dir_okay=False), callback=_log_path,
              help="Also write the round as JSON Lines (header + one event a line, hash-chained) for `replay`.")
@click.option("--force", is_flag=True, help="Let --log replace an existing file.")
@KEY_FILE
def play(game: str, seed, shoe, seats, actions, strategy, rules, misdeal, as_json: bool, log_file, force: bool,
         key_file) -> None:
    """Play one round step by step; interactive on a terminal when neither --actions nor --strategy is given.

    Off a terminal (a pipe, a script, CI) give --actions, --strategy or both.

    With --log on a terminal, Ctrl-C or end of input keeps the decisions made so far in a
    log marked incomplete (exit status 130)."""
    from pa_table_games.runtime.chain import load_key
    from pa_table_games.runtime.log import ROUND_OPTIONS, Recorder
    from pa_table_games.strategies import get_strategy

    if log_file:
        _check_log_target(log_file, force, inputs={"--rules": rules, "--key-file": key_file})
    key = load_key(key_file) if log_file else None
    loaded, seated = load_game(game, rules), parse_seats(seats)
    chosen = get_strategy(game, strategy, loaded.rules) if strategy else None
    if misdeal is not None and "misdeal" not in ROUND_OPTIONS.get(game, {}):
        raise UserError(f"--misdeal: {game} has no injected misdeal (only "
                        f"{', '.join(g for g, o in ROUND_OPTIONS.items() if 'misdeal' in o)})")
    options = {"misdeal": misdeal} if misdeal is not None else None
    recorder = Recorder(loaded, seated, seed=seed, shoe=shoe) if log_file else None
    seed = recorder.seed if recorder else seed
    if actions is None and chosen is None and _terminal() and not as_json:
        return _interactive(loaded, seated, seed, shoe, options, recorder and (recorder, log_file, key))
    words: list[str] = []
    try:
        rnd = play_round(loaded, seated, parse_actions(actions), seed=seed, shoe=shoe, options=options,
                         strategy=chosen, played=words)
    except DecisionsRanOut as err:
        if actions is not None:
            raise
        raise UserError(f"{str(err).replace('the actions ran out', 'a decision is due')}: give --actions or "
                        f"--strategy, or run on a terminal") from None
    if recorder:
        recorder.write(log_file, rnd, words, key=key)
    if as_json:
        click.echo(display.round_json(rnd))
    else:
        display.print_round(display.console(), rnd)


def _terminal() -> bool:
    """Is a person typing? (Interactive play asks for each decision.)"""
    return sys.stdin.isatty()


def _check_log_target(path: str, force: bool, inputs: dict[str, str | None]) -> None:
    """--log never replaces an input of the same command, nor an existing file without --force."""
    target = Path(path)
    for option, given in inputs.items():
        if given and target.exists() and Path(given).exists() and target.resolve() == Path(given).resolve():
            raise UserError(f"--log {path}: it is the {option} file of this command: choose another file")
    if target.is_dir():
        raise UserError(f"--log {path}: is a folder: give a file name")
    if target.exists() and not force:
        raise UserError(f"--log {path}: the file exists: choose another name or add --force to replace it")


def _interactive(game, seats, seed, shoe, options, logging=None) -> None:
    from pa_table_games.cli.interactive import play_at_terminal

    rnd, words = play_at_terminal(game, seats, seed, shoe, options,
                                  on_stop=lambda rnd, words: _stopped(rnd, words, logging))
    if logging:
        logging[0].write(logging[1], rnd, words, key=logging[2])


def _stopped(rnd, words: list[str], logging) -> None:
    """Ctrl-C or end of input mid-round: keep the decisions so far in a log marked incomplete; exit 130."""
    if logging:
        path = logging[0].write(logging[1], rnd, words, incomplete=True, key=logging[2])
        click.echo(f"\nstopped after {len(words)} decision(s): {path} keeps them, marked incomplete", err=True)
    else:
        click.echo(f"\nstopped after {len(words)} decision(s)", err=True)
    click.get_current_context().exit(130)


@main.command(epilog="Example:\n\n\b\n  pa-table-games demo")
def demo() -> None:
    """Play one stacked demo round of each game and print its cited step log."""
    console = display.console()
    for name in sorted(GAMES):
        game = load_game(name)
        d = game.info.demo
        rnd = play_round(game, d["seats"], d.get("actions", []), seed=d.get("seed"), shoe=d.get("shoe"),
                         options=d.get("options"))
        display.print_round(console, rnd, title=f"{name}: {game.spec.section} — {game.spec.title}")
        console.print()


@main.command(epilog="Examples:\n\n\b\n  pa-table-games trace blackjack\n  pa-table-games trace blackjack --format markdown"
              "\n  pa-table-games trace blackjack --coverage --format json")
@GAME
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--coverage", "with_coverage", is_flag=True,
              help="Also list each transition with the stored scenario (tests/scenarios) that fires it.")
def trace(game: str, fmt: str, with_coverage: bool) -> None:
    """Map every subsection of the section to the machine elements citing it, or its waiver."""
    from pa_table_games.tools import trace as tracing
    from pa_table_games.tools.coverage import transition_coverage

    covered = transition_coverage(game) if with_coverage else None
    click.echo(tracing.RENDER[fmt](tracing.trace(load_game(game).spec, game), covered))


@main.command(epilog="Examples:\n\n\b\n  pa-table-games coverage\n  pa-table-games coverage blackjack --write"
              "\n  pa-table-games coverage --write --out scenarios")
@click.argument("games", nargs=-1, type=click.Choice(sorted(GAMES)))
@click.option("--write", is_flag=True, help="Write <game>.yaml with the scenarios found (into --out).")
@click.option("--out", type=click.Path(file_okay=False), callback=_out_folder,
              help="Folder for --write (default: tests/scenarios of the checkout you are in).")
@click.option("--sessions", type=click.IntRange(1), default=3000, show_default=True, help="Most table sessions tried per game.")
def coverage(games: tuple[str, ...], write: bool, out: str | None, sessions: int) -> None:
    """Search seeded random rounds for a small set of scenarios firing every transition.

    The search is seeded: the same games and --sessions always find the same scenarios."""
    from pa_table_games.files import make_folder
    from pa_table_games.tools.coverage_search import regenerate

    folder = Path(out) if out else _checkout_scenarios() if write else None
    if folder is not None and write:
        make_folder(folder)
    kwargs = {"directory": folder} if folder is not None else {}
    results = regenerate(games or sorted(GAMES), write=write, sessions=sessions, **kwargs)
    for r in results:
        click.echo(f"{r.game}: {len(r.scenarios)} scenarios fire {r.transitions - len(r.uncovered)} of {r.transitions} transitions")
        for item in r.uncovered:
            click.echo(f"  not reached by any scenario: {item}")
        if r.path:
            click.echo(f"  wrote {r.path}")
    click.get_current_context().exit(1 if any(r.uncovered for r in results) else 0)


def _checkout_scenarios() -> Path:
    """tests/scenarios of the pa-table-games checkout holding the current folder, else a user error."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "machines").is_dir() and (folder / "tests" / "scenarios").is_dir():
            return folder / "tests" / "scenarios"
    raise UserError("coverage --write: not inside a pa-table-games checkout; give --out DIR")


@main.command(epilog="Examples:\n\n\b\n  pa-table-games play blackjack --seed 7 --actions stand --log round.jsonl"
              "\n  pa-table-games replay round.jsonl\n  pa-table-games replay round.jsonl --json")
@click.argument("log_file", metavar="LOG.jsonl", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@KEY_FILE
@click.pass_context
def replay(ctx: click.Context, log_file: str, as_json: bool, key_file) -> None:
    """Re-run a logged round through the machine and report every departure, cited.

    Every line's hash is verified first (keyed with the operator's key when one is set: any
    edit by someone without the key is found). Exit status 0: the round conforms; 1: it
    departs (each departure listed; a log marked incomplete departs); 2: the log is malformed
    or its hash chain is broken."""
    from pa_table_games.runtime.chain import load_key
    from pa_table_games.tools.replay import replay as replay_log

    report = replay_log(log_file, load_key(key_file))
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False, allow_nan=False))
    else:
        for departure in report.departures:
            click.echo(str(departure))
        verdict = "conforms to" if report.conforms else f"{len(report.departures)} departure(s) from"
        click.echo(f"{report.file}: {report.game}, {report.compared} of {report.events} events compared: "
                   f"{verdict} {report.section}")
    ctx.exit(0 if report.conforms else 1)


@main.command(epilog="Examples:\n\n\b\n  pa-table-games simulate blackjack --rounds 1e6 --seed 7"
              "\n  pa-table-games simulate blackjack --rounds 100000 --strategy stand17 --workers 2 --json"
              "\n  pa-table-games simulate blackjack --rounds 1e9 --seed 7 --scheduler tcp://scheduler-host:8786"
              "\n  pa-table-games simulate six-card-fortune-pai-gow --rounds 20000 --strategy player_way")
@GAME
@click.option("--rounds", required=True, help="Rounds to deal: 100000, 100_000 or 1e5.")
@click.option("--seed", type=int, help="Seed (default: a random one, reported so the run can be repeated).")
@click.option("--strategy", help="How every player decides: blackjack basic (default) or stand17; double-down-madness "
              "madness (default) or stand17; six-card-fortune-pai-gow house_way (default) or player_way "
              "(which makes the Double Down Wager only after seeing three of a kind or better, so that wager shows "
              "a negative house edge: the player's advantage on it).")
@RULES
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,...]; repeatable (default: seat 1, main wager 10).")
@click.option("--workers", type=int, callback=_workers, help="Local processes (default 1), or the workers of "
              f"--scheduler local (default: one per core); at most {MAX_WORKERS}. The answer does not depend on it.")
@click.option("--scheduler", metavar="ADDRESS", help="Deal on a Dask cluster: its scheduler's address "
              "(tcp://HOST:8786), or 'local' to start one on this machine (needs pa-table-games[dask]).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (fields below).")
@click.pass_context
def simulate(ctx: click.Context, game: str, rounds: str, seed, strategy, rules, seats, workers, scheduler,
             as_json: bool) -> None:
    """Deal many rounds at one table; house edge per wager with a 95% interval.

    House edge = -(sum of net) / (sum of the initial amount wagered): doubles and splits
    are in the net, not the denominator. The rounds are dealt in chunks of 10,000, each
    from its own seed derived from --seed, so the same --seed and --rounds give the same
    result with any --workers or --scheduler. Ctrl-C stops early and prints the result so
    far (exit status 130).

    \b
    The text output states the Rules in effect (key options, those changed from the
    defaults, and the section's fixed dealer rule).

    \b
    --json: {"game", "section", "strategy", "rules" (every option), "rules_file", "seats", "seed", "workers", "scheduler",
      "rounds_requested", "rounds", "complete", "seconds", "rounds_per_second",
      "wagers": [{"wager", "rounds", "initial_wagered", "net", "house_edge", "sd", "ci95"}],
      "total": {same fields, "wager": "total"}}
    house_edge and ci95 ([low, high]) are fractions (0.00334 = 0.334%); sd is the standard
    deviation of one round's net per unit initially wagered; rounds (per wager) counts the
    rounds the wager was placed in.
    """
    from pa_table_games.runtime.money import check_seats

    _check_rounds(rounds)
    seated = parse_seats(seats)
    if seated:
        loaded = load_game(game, rules)
        check_seats(loaded.rules, loaded.info.wagers[0], seated)
    try:
        from pa_table_games.tools.simulate import simulate as run

        with _progress_bar() as progress:
            result = run(game, rounds, seed=seed, strategy=strategy, rules=rules, seats=seated or None,
                         workers=workers, progress=progress, scheduler=scheduler)
    except KeyboardInterrupt:  # before the simulation could catch Ctrl-C itself: nothing dealt yet
        click.echo("interrupted before any round was dealt", err=True)
        ctx.exit(130)
    click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False, allow_nan=False) if as_json
               else "\n".join(result.lines()))
    ctx.exit(0 if result.complete else 130)


def _check_rounds(text: str) -> None:
    """--rounds at most 10^12, refused before the number is built (``1e999999999`` is not computed)."""
    from pa_table_games.tools.simulate import parse_rounds

    word = text.strip().replace("_", "").lower()
    mantissa, _, exponent = word.partition("e")
    if mantissa.isdigit() and mantissa.isascii() and (exponent == "" or (exponent.isdigit() and exponent.isascii())):
        digits = len(mantissa.lstrip("0")) + (0 if not exponent else int(exponent) if len(exponent) < 4 else 10**4)
        if digits > 13 or parse_rounds(text) > MAX_ROUNDS:
            raise UserError(f"--rounds {text.strip()!r}: at most {MAX_ROUNDS:,} rounds (10^12) in one run")
    parse_rounds(text)


@contextmanager
def _progress_bar():
    """A rich progress bar on stderr when it is a terminal (none when piped); yields the callback."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    from pa_table_games.tools.chunks import sigint_blocked

    with sigint_blocked():  # the bar's refresh thread never takes a Ctrl-C meant for the simulation
        bar = Progress("simulating", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                       transient=True)
        bar.start()
    with bar:
        task = bar.add_task("simulating", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


MAIN_WAGERS = {"blackjack": "blackjack", "double_down_madness": "double_down_madness"}


@main.command(epilog="Examples:\n\n\b\n  pa-table-games edge lucky_ladies\n  pa-table-games edge three_card_poker --decks 6 --json"
              "\n  pa-table-games edge royal_match_21 --rules casino.yaml\n  pa-table-games edge blackjack --rules casino.yaml")
@click.argument("wager")
@click.option("--decks", type=click.IntRange(1, 12), help="Decks in the shoe (default: the Rules' decks, else 6).")
@click.option("--paytable", help="Pay table name (default: the Rules' choice, else the wager's default).")
@RULES
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def edge(wager: str, decks: int | None, paytable: str | None, rules: str | None, as_json: bool) -> None:
    """Exact house edge of a wager: a Blackjack optional wager decided by the first cards (§ 633a.7(g)),
    or a main wager (blackjack, double_down_madness) by card removal under continuous shuffle.

    With --rules, every Rules option that changes the wager's pay or play is honoured (pay table
    choice, Crown Treasure Bonus offered or not; for a main wager decks, doubling, splitting,
    surrender, Blackjack odds ...); --json names the Rules file used.
    """
    import attrs

    if wager in MAIN_WAGERS:
        from pa_table_games.analysis.exact import analyse
        from pa_table_games.analysis.report import report_lines

        loaded = load_game(wager.replace("_", "-"), rules).rules  # the wager and its game share a name
        if decks is not None:
            loaded = attrs.evolve(loaded, decks=decks)
        doc = analyse(wager, loaded) | {"rules": rules}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False) if as_json else "\n".join(report_lines(doc)))
        return
    from pa_table_games.games.blackjack.rules import BlackjackRules
    from pa_table_games.runtime.rules import load_rules
    from pa_table_games.tools.edge import edge_under_rules, exact_edge

    if rules is None:
        report = exact_edge(wager, decks=decks or 6, paytable=paytable)
    else:
        report = edge_under_rules(wager, load_rules(BlackjackRules, rules), rules, paytable, decks)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, allow_nan=False))
        return
    doc = report.to_json()
    bonus = "" if doc["crown_treasure_bonus"] else ", Crown Treasure Bonus not offered"
    click.echo(f"{wager}, {doc['decks']} decks, pay table {doc['paytable']}"
               + (f", Rules {rules}" if rules else "") + bonus)
    click.echo(f"  {'outcome':38} {'probability':>12}  {'pays':>8}  {'return':>9}")
    for row in doc["outcomes"]:
        click.echo(f"  {row['outcome']:38} {row['probability']:12.8f}  {row['pays']:>8g}  {row['return']:+9.6f}")
    click.echo(f"house edge {float(report.house_edge) * 100:.4f} %")


if __name__ == "__main__":  # pragma: no cover
    main()
