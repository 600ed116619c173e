"""``pa-table-games edge`` as the analyst runs it, for the tests of its answers: the result, never a traceback."""

from __future__ import annotations

import json

from click.testing import CliRunner, Result

from pa_table_games.cli import main


def edge(*args: str) -> Result:
    """``edge ARGS`` run as the command line runs it; its output holds no traceback, whatever its exit status."""
    result = CliRunner().invoke(main, ["edge", *args])
    assert "Traceback" not in result.output, result.output
    return result


def priced(*args: str) -> dict:
    """``edge ARGS --json``'s document, the command having succeeded."""
    result = edge(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)
