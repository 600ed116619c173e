"""``pa-table-games``: the command line. The only place errors become exit codes.

Each command parses its options, calls one library function and renders the result. The
commands live by who uses them: :mod:`.about_commands` (list, rules), :mod:`.table_commands`
(play, demo), :mod:`.review_commands` (diagram, review, diff, trace, coverage, replay) and
:mod:`.analyst_commands` (simulate, edge) and :mod:`.check_commands` (check); :mod:`.app` holds the group (which loads a command's
module only when it runs), its one error boundary and the shared options.
"""

from __future__ import annotations

import signal
import sys

__all__ = ["main", "run"]


def run() -> None:
    """The console script: Ctrl-C at any instant, from the package's first statement (its import), through
    the imports of the command line, to the command's end, is one line and exit status 130."""
    try:
        held = getattr(sys.modules["pa_table_games"], "_hold_ctrl_c", None)
        if held is not None and signal.getsignal(signal.SIGINT) is held:  # the console script's start-up
            signal.signal(signal.SIGINT, signal.default_int_handler)  # from here a Ctrl-C is a KeyboardInterrupt
            if held.pressed:
                raise KeyboardInterrupt
        if sys.stdout is None:  # started with its output closed (>&-): all it prints would be lost, said nowhere
            if sys.stderr is not None:
                sys.stderr.write("error: standard output: closed: what the command prints cannot be written\n")
            sys.exit(2)
        from pa_table_games.cli.app import main as group

        group(prog_name="pa-table-games")
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C while this is said is no traceback
        sys.stderr.write("\ninterrupted\n")
        sys.exit(130)


def __getattr__(name: str):
    if name == "main":  # the click group, for CliRunner and ``python -m pa_table_games``
        from pa_table_games.cli.app import main

        return main
    raise AttributeError(f"module 'pa_table_games.cli' has no attribute {name!r}")


if __name__ == "__main__":  # pragma: no cover
    run()
