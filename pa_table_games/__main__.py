"""``python -m pa_table_games``."""

from pa_table_games.cli import run

run()
