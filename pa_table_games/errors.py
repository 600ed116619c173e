"""One error root for everything a user can get wrong.

Library code raises these; only ``cli.py`` turns them into exit codes.
Every message is one line naming what went wrong and where.
"""

from __future__ import annotations


class TableGamesError(Exception):
    """A user error: bad input, an illegal action, a malformed file."""


class InputFileError(TableGamesError):
    """A problem at a known place in an input file (``file:line: message``)."""

    def __init__(self, file: object, line: int | None, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.message = message
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class MachineFileError(InputFileError):
    """A machine file in ``machines/`` breaks a loader rule."""


class RulesFileError(InputFileError):
    """A Rules Submission file has an unknown option or a bad value."""


class RulesValueError(TableGamesError, ValueError):
    """A Rules option given a value it cannot take, or two options that cannot go together: raised as the Rules are
    made (a ValueError too, as validators raise; a Rules file names the line that chose it)."""


class CardCodeError(TableGamesError):
    """A card code that is not ``AS``..``KC``, ``JK`` or ``CUT``."""


class ShoeExhausted(TableGamesError):
    """A stacked shoe ran out of cards; never silently reshuffled."""


class WagerError(TableGamesError):
    """An unknown wager name, a bad amount or a bad ``--seat`` spec."""


class IllegalAction(TableGamesError):
    """An action the regulation does not allow now; names the subsection that forbids it."""

    def __init__(self, action: str, reason: str, cite: str) -> None:
        self.action = action
        self.reason = reason
        self.cite = cite
        super().__init__(f"{action}: {reason} — {cite}")
