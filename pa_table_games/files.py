"""Reading input files within limits and writing output files so a failure loses nothing.

Every file the project reads from a user (a Rules file, a machine file, a round log) is
read through :func:`read_text`: at most :data:`MAX_INPUT_BYTES` (reading stops one byte
past the limit, so ``/dev/zero`` is refused at once), UTF-8 only, no NUL byte. Every file
it writes (round logs, diagrams, review pages, scenario files) goes through
:func:`write_atomic`: a temporary file in the same folder, flushed to disk, then renamed
over the target, so a full disk or an interruption leaves the previous file as it was.
Each problem is an error naming the file, in one line.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pa_table_games.errors import InputFileError, TableGamesError

#: The largest input file read (1 MB): the project's own machine files are under 30 KB.
MAX_INPUT_BYTES = 1_000_000
#: The deepest nesting of lists and mappings accepted in a YAML or JSON input.
MAX_DEPTH = 32


class OutputFileError(TableGamesError):
    """A file that could not be written (``file: cannot write: reason``); the previous file is intact."""


def read_text(path: str | Path, error_class: type[InputFileError] = InputFileError,
              limit: int = MAX_INPUT_BYTES, what: str = "") -> str:
    """The text of ``path``: UTF-8, no NUL byte, at most ``limit`` bytes; else ``error_class(file, line, msg)``
    (``what`` names the file's kind in "cannot read ...")."""
    file = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise error_class(file, None, f"cannot read{' ' + what if what else ''}: {err.strerror or err}") from None
    if len(data) > limit:
        raise error_class(file, None, f"larger than {limit:,} bytes: not read")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise error_class(file, line, f"not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})") from None
    if "\0" in text:
        raise error_class(file, text[:text.index("\0")].count("\n") + 1, "holds a NUL byte: not a text file")
    return text


def write_atomic(path: str | Path, content: str | bytes) -> Path:
    """Write ``content`` to ``path`` through a temporary file in the same folder, renamed into place.

    On any failure the temporary file is removed and ``path`` keeps its previous content. Only a
    regular file is replaced: a folder, a device such as ``/dev/full`` or a pipe is refused."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    temp = None
    try:
        if path.exists() and not path.is_file():  # a folder, a device (/dev/full), a pipe: never replaced
            raise OutputFileError(f"{path}: cannot write: not a regular file")
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent or ".")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_umask()
        os.chmod(temp, mode)
        os.replace(temp, path)
        temp = None
    except OSError as err:
        raise OutputFileError(f"{path}: cannot write: {err.strerror or err}") from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass
    return path


def make_folder(path: str | Path) -> Path:
    """Create the output folder ``path`` (and its parents); an error names it."""
    if not str(path).strip():
        raise OutputFileError("the output folder is empty: give a folder name")
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputFileError(f"{path}: cannot create the folder: {err.strerror or err}") from None
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
