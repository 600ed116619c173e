"""``python -m pa_table_games``."""

from pa_table_games.cli import main

main(prog_name="pa-table-games")
