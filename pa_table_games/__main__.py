"""``python -m pa_table_games``: the console script's run(), its import guarded too."""

try:
    from pa_table_games.cli import run
except KeyboardInterrupt:  # Ctrl-C while the command line's frame is imported
    import sys

    sys.stderr.write("\ninterrupted\n")
    sys.exit(130)

run()
