"""The command line's frame: the one error boundary, the shared options, the group and ``list``.

Every user error is one line on stderr and exit status 2: the library's errors, click's usage
errors, and whatever else a user can cause (an unwritable --out, a file nested too deeply, a
number too large) — :class:`_Group` is the one boundary that maps them.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path

import click

from pa_table_games.errors import TableGamesError
from pa_table_games.games import GAMES, load_game
from pa_table_games.numbers import NumberError, whole
from pa_table_games.tools.chunks import MAX_ROUNDS, MAX_WORKERS  # noqa: F401  (MAX_ROUNDS: re-exported)


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

class Whole(click.ParamType):
    """A whole-number option read by :func:`pa_table_games.numbers.whole` (ASCII, at most 32 characters,
    bounds checked before the number is built): out of bounds is one line naming the option."""

    name = "integer"

    def __init__(self, low: int, high: int, unit: str = "", signed: bool = False) -> None:
        self.low, self.high, self.unit, self.signed = low, high, unit, signed

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return whole(value, self.low, self.high, signed=self.signed)
        except NumberError as err:
            option = param.opts[0] if param is not None else "value"
            bounds = f"from {self.low:,} to {self.high:,}{' ' + self.unit if self.unit else ''}"
            why = bounds if "limit" in str(err) or "range" in str(err) else f"{err} ({bounds})"
            word = str(value) if len(str(value)) <= 20 else f"{str(value)[:17]}..."
            raise UserError(f"{option} {word}: {why}") from None


#: A seed: any whole number of at most 64 bits (negative ones too, as Python's generator takes them).
SEED = Whole(-(2**64 - 1), 2**64 - 1, signed=True)
#: Local worker processes: 1 to MAX_WORKERS, however written.
WORKERS = Whole(1, MAX_WORKERS, "processes")

def out_folder(ctx, param, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise UserError(f"{param.opts[0]} is empty: give a folder name")
    return value

def workers_in_bounds(ctx, param, value: int | None) -> int | None:
    if value is not None and not 1 <= value <= MAX_WORKERS:
        shown = str(value) if len(str(value)) <= 20 else f"{str(value)[:17]}..."
        raise UserError(f"--workers {shown}: from 1 to {MAX_WORKERS} processes")
    return value

def log_path(ctx, param, value: str | None) -> str | None:
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
