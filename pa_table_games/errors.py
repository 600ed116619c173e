"""One error root for everything a user can get wrong.

Library code raises these; only ``cli.py`` turns them into exit codes.
Every message is one line naming what went wrong and where.
"""

from __future__ import annotations

from pa_table_games.numbers import shown


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
    """An action the regulation does not allow now; names the subsection that forbids it. The message names the
    action as written when it is one short word (``split``, ``double=5``), else quoted, a long one by its start
    and length (:func:`~pa_table_games.numbers.shown`); ``action`` keeps it whole."""

    def __init__(self, action: str, reason: str, cite: str) -> None:
        self.action = action
        self.reason = reason
        self.cite = cite
        said = action if _is_one_word(action) else shown(action)
        super().__init__(f"{said}: {reason} — {cite}")


def _is_one_word(text: object) -> bool:
    """``text`` reads unquoted in a message: a word of at most 40 characters, with no space or unprintable one."""
    return isinstance(text, str) and 0 < len(text) <= 40 and text.isprintable() and " " not in text
