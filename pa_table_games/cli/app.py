"""The command line's frame: the one error boundary, the shared options and the group.

Every user error is one line on stderr and exit status 2: the library's errors, click's usage
errors, and whatever else a user can cause (an unwritable --out, a file nested too deeply, a
number too large) — :class:`_Group` is the one boundary that maps them. Ctrl-C is one line and
exit status 130 wherever it lands (a command that has a partial result prints it first).

The group loads a command's module only when that command runs (click's lazy subcommands,
:data:`COMMANDS`), and the command modules import the library inside each command: ``--version``
and ``list`` start without loading a machine, ``transitions``, numpy or rich.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from importlib import import_module

import click

from pa_table_games.errors import TableGamesError
from pa_table_games.games import GAMES, canonical_game
from pa_table_games.numbers import MAX_WORKERS, MOST_SEED, NumberError, is_whole, shown, whole

#: command -> "module:function" defining it, imported when the command is used (or listed in -h).
COMMANDS = {
    "list": "pa_table_games.cli.about_commands:list_games",
    "rules": "pa_table_games.cli.about_commands:rules",
    "play": "pa_table_games.cli.table_commands:play",
    "demo": "pa_table_games.cli.table_commands:demo",
    "diagram": "pa_table_games.cli.review_commands:diagram",
    "review": "pa_table_games.cli.review_commands:review",
    "diff": "pa_table_games.cli.review_commands:diff",
    "trace": "pa_table_games.cli.review_commands:trace",
    "coverage": "pa_table_games.cli.review_commands:coverage",
    "replay": "pa_table_games.cli.review_commands:replay",
    "simulate": "pa_table_games.cli.analyst_commands:simulate",
    "edge": "pa_table_games.cli.analyst_commands:edge",
    "check": "pa_table_games.cli.check_commands:check",
}


class UserError(click.ClickException):
    """A user error: one line, exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"error: {one_line(self.format_message())}", err=True)

def one_line(text: str) -> str:
    """``text`` on one line: a newline or other control character a user typed (a terminal's escape, a line or
    paragraph separator, a mark that turns text right to left) is shown escaped."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]",
                  lambda m: repr(m[0])[1:-1], text)

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
        where = f"{err.filename}: " if err.filename is not None else _echoed_to(err)
        return UserError(f"{where}{err.strerror or err}")
    if isinstance(err, RecursionError):
        return UserError("the input is nested too deeply to read")
    if isinstance(err, (OverflowError, MemoryError)):
        return UserError(f"a number or size in the input is too large ({err or type(err).__name__})")
    if isinstance(err, UnicodeError):
        return UserError(f"text that is not valid Unicode: {err}")
    return None

def _echoed_to(err: OSError) -> str:
    """``standard output: cannot write: `` when ``err`` came from writing what a command prints (a full disk under
    ``> FILE``): raised in click's ``echo`` or in a rich console's write (``standard error`` when they wrote there);
    else nothing (the error names no file)."""
    frame = err.__traceback__
    while frame is not None:
        code, local = frame.tb_frame.f_code, frame.tb_frame.f_locals
        printed = {"echo": ("click", lambda: local.get("err")), "_check_buffer": ("rich", lambda: local["self"].stderr)}
        found = printed.get(code.co_name)
        if found is not None and f"{os.sep}{found[0]}{os.sep}" in code.co_filename:
            return f"standard {'error' if found[1]() else 'output'}: cannot write: "
        frame = frame.tb_next
    return ""


def interrupted() -> click.exceptions.Exit:
    """Ctrl-C: one line on stderr, exit status 130 (128 + SIGINT), never a traceback."""
    click.echo("\ninterrupted", err=True)
    return click.exceptions.Exit(130)

class _Group(click.Group):
    """The group: lazy subcommands (click's documented pattern) and the one error boundary."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return super().get_command(ctx, name)
        module, _, function = COMMANDS[name].partition(":")
        return getattr(import_module(module), function)

    def _main_shell_completion(self, ctx_args, prog_name, complete_var=None) -> None:
        """Click's shell completion, which reads the shell's request from the environment: a request it
        cannot read (a COMP_CWORD that is no number, a COMP_WORDS with an open quote) completes nothing and
        says so in one line, exit status 2, never a traceback."""
        try:
            super()._main_shell_completion(ctx_args, prog_name, complete_var)
        except Exception as err:  # noqa: BLE001  (the shell's request, not the user's command)
            click.echo(f"error: shell completion: cannot read the shell's request ({one_line(str(err))}): "
                       "nothing completed", err=True)
            sys.exit(2)

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except KeyboardInterrupt:
            raise interrupted() from None
        except Exception as err:  # noqa: BLE001  (mapped, or re-raised unchanged)
            raise _boundary(err) or err from None

    def invoke(self, ctx: click.Context):
        from pa_table_games.files import one_command  # the inputs a command names are never replaced by it

        try:
            with one_command():
                return super().invoke(ctx)
        except (click.exceptions.Exit, click.Abort, UserError):
            raise
        except KeyboardInterrupt:  # a command with a partial result prints it itself (simulate, play)
            raise interrupted() from None
        except Exception as err:  # noqa: BLE001  (mapped, or re-raised unchanged)
            mapped = _boundary(err)
            if mapped is None:
                raise
            raise mapped from None

def report_broken(lines: list[str]) -> None:
    """After a command over every game: each game that could not be loaded, one line on stderr, then exit
    status 1 (the other games were handled); nothing when every game loaded."""
    for line in lines:
        click.echo(f"error: {one_line(line)}", err=True)
    if lines:
        raise click.exceptions.Exit(1)

def every_game_named(games: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The games a command over "GAME..." takes: those named, or (none named) every game that loads, with a
    line for each that does not (:func:`report_broken` shows them once the others are done)."""
    from pa_table_games.games import every_game

    return (list(games), []) if games else every_game()

class GameName(click.Choice):
    """A game's command-line name (``double-down-madness``); any case, and the underscore spelling
    (``double_down_madness``, the machine file's) with a one-line note on stderr."""

    def __init__(self) -> None:
        super().__init__(sorted(GAMES))

    def convert(self, value, param, ctx):
        meant = canonical_game(value) if isinstance(value, str) else None
        if meant is not None and meant != value and "_" in value:
            click.echo(f"note: {value} is {meant} on the command line", err=True)
        return super().convert(meant or value, param, ctx)

GAME = click.argument("game", metavar="GAME", type=GameName())

class StrategyOption(click.Option):
    """``--strategy``: its help names every game's strategies, read from the games when the help is shown."""

    def __init__(self, *args, lead: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lead = lead

    def get_help_record(self, ctx: click.Context):
        self.help = f"{self.lead} {strategies_named()}"
        return super().get_help_record(ctx)

def strategies_named() -> str:
    """``blackjack: basic (default), computed, stand17; ...``: each game that loads and its strategies."""
    from pa_table_games.games import every_game
    from pa_table_games.strategies import default_strategy, strategy_names

    parts = []
    for game in every_game()[0]:
        first = default_strategy(game)
        names = [f"{name} (default)" if name == first else name for name in strategy_names(game)]
        parts.append(f"{game}: {', '.join(names) or 'none'}")
    return "; ".join(parts) + "."

RULES = click.option("--rules", type=click.Path(dir_okay=False), help="Rules Submission YAML file (defaults if omitted).")

KEY_FILE = click.option("--key-file", type=click.Path(dir_okay=False),
                        help="File holding the operator's log key (HMAC-SHA256); default: $PA_TABLE_GAMES_LOG_KEY.")

class Whole(click.ParamType):
    """A whole-number option read by :func:`pa_table_games.numbers.whole` (the digits 0-9 only, at most 32
    characters, bounds checked before the number is built): anything else is one line naming the option,
    the accepted form and the range. Every numeric option is one (no click integer type)."""

    name = "integer"

    def __init__(self, low: int, high: int, unit: str = "", signed: bool = False) -> None:
        self.low, self.high, self.unit, self.signed = low, high, unit, signed

    def convert(self, value, param, ctx):
        if is_whole(value) and self.low <= value <= self.high:
            return value  # a default
        try:
            return whole(value, self.low, self.high, signed=self.signed)
        except NumberError as err:
            option = param.opts[0] if param is not None else "value"
            bounds = f"from {self.low:,} to {self.high:,}{' ' + self.unit if self.unit else ''}"
            if "limit" in err.reason or "range" in err.reason:
                raise UserError(f"{option} {_brief(value)}: {bounds}") from None
            raise UserError(f"{option} {shown(_brief(value))}: {err.reason}; {bounds}") from None


def _brief(value: object) -> str:
    return str(value) if len(str(value)) <= 20 else f"{str(value)[:17]}..."


#: A seed: any whole number of at most 64 bits (negative ones too, as Python's generator takes them).
SEED = Whole(-MOST_SEED, MOST_SEED, signed=True)
#: Local worker processes: 1 to MAX_WORKERS, however written.
WORKERS = Whole(1, MAX_WORKERS, "processes")

def out_folder(ctx, param, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise UserError(f"{param.opts[0]} is empty: give a folder name")
    return value

def log_path(ctx, param, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise UserError(f"--{param.name.removesuffix('_file')} is empty: give a file name")
    return value

@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="Examples:\n\n\b\n  pa-table-games list\n  pa-table-games rules blackjack"
             "\n  pa-table-games play blackjack --seed 7\n  pa-table-games diagram --out diagrams\n\n"
             "Shell completion (click's): add to ~/.bashrc\n\n\b\n"
             "  eval \"$(_PA_TABLE_GAMES_COMPLETE=bash_source pa-table-games)\"\n\n"
             "(zsh: zsh_source in ~/.zshrc; fish: fish_source).\n\n"
             "Exit status: 0 done; 2 a user error (one line on stderr: what and where); 130 Ctrl-C. "
             "diff, replay and simulate also exit 1 (changes, departures, a run stopped at a deadline): "
             "each command's -h lists its own.")
@click.version_option(package_name="pa-table-games", prog_name="pa-table-games", message="%(prog)s %(version)s")
def main() -> None:
    """Pennsylvania table-game regulations as executable, reviewable state machines."""
