"""``pa-table-games``: the command line. The only place errors become exit codes.

Each command parses its options, calls one library function and renders the result. The
commands live by who uses them: :mod:`.table_commands` (play, demo), :mod:`.review_commands`
(diagram, review, diff, trace, coverage, replay) and :mod:`.analyst_commands` (simulate, edge);
:mod:`.app` holds the group, its one error boundary and the shared options.
"""

from __future__ import annotations

import pa_table_games.cli.analyst_commands  # noqa: F401  (registers its commands on main)
import pa_table_games.cli.review_commands  # noqa: F401
import pa_table_games.cli.table_commands  # noqa: F401
from pa_table_games.cli.app import main

__all__ = ["main"]

if __name__ == "__main__":  # pragma: no cover
    main()
