"""For the newcomer: ``list`` the games and their installed machine files, and the ``rules`` a
casino may file for a game (every option with its default, allowed values and cite)."""

from __future__ import annotations

from pathlib import Path

import click

from pa_table_games.cli.app import GAME, report_broken
from pa_table_games.errors import MachineFileError
from pa_table_games.files import read_text
from pa_table_games.games import GAMES, BrokenGame, machine_path


def machine_heading(path: Path) -> str:
    """The machine file's ``section:``, read from its first lines through the one reader of input files (the
    games are not loaded); a file that cannot be read is a :class:`MachineFileError`."""
    import yaml

    depth, key = 0, None
    try:
        for event in yaml.parse(read_text(path, MachineFileError, what="machine file")):
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
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise MachineFileError(str(path), mark.line + 1 if mark else None, "not valid YAML") from None
    return "?"


@click.command("list", epilog="Example:\n\n\b\n  pa-table-games list")
def list_games() -> None:
    """List the games, their installed machine files and sections.

    A game another distribution declares that cannot be loaded is named on stderr, one line, and the
    others are listed.

    Exit status: 0 listed; 1 a game that cannot be loaded (named, the others listed); 2 a usage error; 130 Ctrl-C."""
    broken = [f"game {name!r}: {why}" for name, why in sorted(GAMES.problems().items())]
    for name in sorted(GAMES):
        try:
            path = machine_path(name)
            heading = machine_heading(path)
        except (BrokenGame, MachineFileError) as err:
            broken.append(str(err) if isinstance(err, BrokenGame) else f"game {name!r}: {err}")
            continue
        click.echo(f"{name:28} {path}  {heading}")
    report_broken(broken)


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
