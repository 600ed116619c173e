"""For the newcomer: ``list`` the games and their installed machine files, and the ``rules`` a
casino may file for a game (every option with its default, allowed values and cite)."""

from __future__ import annotations

from pathlib import Path

import click

from pa_table_games.cli.app import GAME
from pa_table_games.games import GAMES, machine_path


def machine_heading(path: Path) -> str:
    """The machine file's ``section:``, read from its first lines (the games are not loaded)."""
    import yaml

    with open(path, encoding="utf-8") as stream:
        depth, key = 0, None
        for event in yaml.parse(stream):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent) and depth == 1:
                if key == "section":
                    return event.value
                key = event.value if key is None else None
                continue
            if depth == 1 and key is not None and not isinstance(event, yaml.ScalarEvent):
                key = None  # a key whose value was a mapping or a list: the next scalar is a key
    return "?"


@click.command("list", epilog="Example:\n\n\b\n  pa-table-games list")
def list_games() -> None:
    """List the games, their installed machine files and sections.

    Exit status: 0 listed; 2 a usage error; 130 Ctrl-C."""
    for name in sorted(GAMES):
        path = machine_path(name)
        click.echo(f"{name:28} {path}  {machine_heading(path)}")


@click.command(epilog="Examples:\n\n\b\n  pa-table-games rules blackjack\n  pa-table-games rules six-card-fortune-pai-gow")
@GAME
def rules(game: str) -> None:
    """Every Rules Submission option of GAME: its default, the values it takes and its cite.

    A Rules file is a YAML mapping of the options that differ from the defaults
    (e.g. "decks: 8"); play, simulate and edge read it with --rules FILE.

    Exit status: 0 listed; 2 an unknown game or a usage error; 130 Ctrl-C."""

    import attrs

    from pa_table_games.games import game_info
    from pa_table_games.rules.options import allowed_values

    cls = game_info(game).rules_class
    section = machine_heading(machine_path(game)).removeprefix("58 Pa. Code ")
    click.echo(f"Rules options for {game} ({section}): OPTION (default; allowed values; cite)")
    for f in attrs.fields(cls):
        default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default
        cite = f.metadata.get("cite", "")
        cite = f"{section}{cite}" if cite.startswith("(") else cite  # a subsection of the game's own section
        click.echo(f"{f.name} ({_as_written(default)}; {allowed_values(f)}; {cite})")
        click.echo(f"    {f.metadata.get('help', '')}")


def _as_written(value) -> str:
    """A default as a Rules file writes it: ``true``, ``none``, ``3:2``, ``{}``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value) + "}"
    return f"{value:g}" if isinstance(value, float) else str(value)
