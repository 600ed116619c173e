"""A long search shown as it goes: a rich bar on stderr when stderr is a terminal, nothing when piped.

The bar never takes stdout (the command's result stays on stdout, whatever the bar does) and
its refresh thread is started with SIGINT blocked, so a Ctrl-C always reaches the command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from pa_table_games.simulation.chunks import sigint_blocked


@contextmanager
def search_bar(games: Sequence[str], sessions: int) -> Iterator[Callable[[str, int], None] | None]:
    """On a terminal, one row per game searched (sessions tried of at most ``sessions``); yields
    ``heard(game, tried)``, or None when stderr is not a terminal."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    bar = Progress(TextColumn("searching {task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("sessions"), TimeElapsedColumn(), console=console, transient=True,
                   redirect_stdout=False, redirect_stderr=False)
    rows: dict[str, int] = {}

    def heard(game: str, tried: int) -> None:
        if game not in rows:
            for row in rows.values():  # a search stops early once nothing new is found: its row is full
                bar.update(row, total=bar.tasks[row].completed)
            rows[game] = bar.add_task(game, total=sessions)
        bar.update(rows[game], completed=tried)

    with sigint_blocked():  # the refresh thread is started with SIGINT blocked, for good
        bar.start()
    try:
        for game in games[:1]:
            heard(game, 0)
        yield heard
    finally:
        bar.stop()


@contextmanager
def work_bar(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """On a terminal, a bar on stderr once the work reports progress; yields its callback ``heard(done, total)``
    (None when stderr is not a terminal)."""
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
