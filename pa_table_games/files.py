"""Reading input files within limits and writing output files so a failure loses nothing.

Every file the project reads from a user (a Rules file, a machine file, a round log) is
read through :func:`read_text`: a regular file only (a pipe or a device such as ``/dev/zero``
is refused without waiting on it: it is opened non-blocking and checked before any read), at
most :data:`MAX_INPUT_BYTES` (reading stops one byte past the limit), UTF-8 only, no NUL byte.
Every file it writes (round logs, diagrams, review pages and dossiers, diffs, scenario files,
caches) goes through :func:`write_atomic`: whatever stands at the final name must be a regular
file (a symbolic link is never followed, a pipe never opened), the content goes to a temporary
file in the same folder, flushed to disk, then published under the final name, so a full disk or
an interruption leaves the previous file as it was. Each problem is an error naming the file, in
one line.

Publishing is where no-clobber holds, not a check made earlier: without ``replace`` the finished
temporary file is hard-linked to the final name, which fails if any file has that name by then
(two commands writing the same log: one wins, the other is refused); with ``replace`` it is
renamed over it. A replaced file keeps its permission bits only (never setuid, setgid or sticky).
While a command runs (:func:`one_command`), the files it names as its inputs (:func:`reads`: a
``--machine``, ``--rules`` or ``--key-file``, a log it reads) are remembered by device and inode, and
none of them is ever replaced by that command, whatever link or spelling leads to it. (A file the
command updates on purpose, such as a scenario file keeping its hand-written hints, is no input.)
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from pa_table_games.errors import InputFileError, TableGamesError

#: The largest input file read (1 MB): the project's own machine files are under 30 KB.
MAX_INPUT_BYTES = 1_000_000
#: The deepest nesting of lists and mappings accepted in a YAML or JSON input.
MAX_DEPTH = 32


class OutputFileError(TableGamesError):
    """A file that could not be written (``file: cannot write: reason``); the previous file is intact."""


class OutputExists(OutputFileError):
    """A file not replaced: one of that name exists (it may have appeared while the command ran)."""


#: (device, inode) of every input the running command names; None outside a command.
_INPUTS: ContextVar[set[tuple[int, int]] | None] = ContextVar("inputs of the running command", default=None)


@contextmanager
def one_command() -> Iterator[None]:
    """While the block runs, the inputs named by :func:`reads` are never replaced."""
    token = _INPUTS.set(set())
    try:
        yield
    finally:
        _INPUTS.reset(token)


def reads(*paths: str | Path | None) -> None:
    """Name files the running command reads (its ``--machine``, ``--rules``, ``--key-file``, a log), before
    it reads them: none is replaced by a write of the same command, through whatever link."""
    inputs = _INPUTS.get()
    for path in paths:
        if inputs is not None and path is not None:
            found = identity(path)
            if found is not None:
                inputs.add(found)


def identity(path: str | Path) -> tuple[int, int] | None:
    """(device, inode) of the file ``path`` leads to, links followed; None if there is none."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def same_file(one: str | Path, other: str | Path) -> bool:
    """Do both paths lead to one existing file (a hard or symbolic link, another spelling)?"""
    first = identity(one)
    return first is not None and first == identity(other)


def read_text(path: str | Path, error_class: type[InputFileError] = InputFileError,
              limit: int = MAX_INPUT_BYTES, what: str = "") -> str:
    """The text of ``path``: UTF-8, no NUL byte, at most ``limit`` bytes; else ``error_class(file, line, msg)``
    (``what`` names the file's kind in "cannot read ...")."""
    file = str(path)
    try:
        data = read_bytes(path, limit)
    except _NotRegular as err:
        raise error_class(file, None, f"cannot read{' ' + what if what else ''}: {err}") from None
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


class _NotRegular(OSError):
    """An input that is not a regular file (a pipe, a device, a folder, a socket)."""


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a pipe (FIFO)" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else
            "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file")


def read_bytes(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path``; a pipe or a device is refused
    (``_NotRegular``) before anything is read, and opening never waits (``O_NONBLOCK``)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _NotRegular(f"{_kind(mode)}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _regular_or_absent(path: Path) -> os.stat_result | None:
    """What stands at ``path``, not following a symbolic link: ``None`` if nothing, else a regular file
    that is no input of the running command."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(found.st_mode):
        what = "a symbolic link stands there (never followed)" if stat.S_ISLNK(found.st_mode) else \
            "not a regular file"
        raise OutputFileError(f"{path}: cannot write: {what}")
    if (found.st_dev, found.st_ino) in (_INPUTS.get() or ()):
        raise OutputFileError(f"{path}: cannot write: it is an input of this command (never replaced)")
    return found


def check_target(path: str | Path) -> Path:
    """``path`` may be written by :func:`write_atomic` (nothing there, or a regular file): checked
    before a long computation of its content, so that a planted link or pipe is refused at once."""
    path = Path(path)
    _regular_or_absent(path)
    return path


def write_atomic(path: str | Path, content: str | bytes, *, replace: bool = True) -> Path:
    """Write ``content`` to ``path`` through a temporary file in the same folder, published whole.

    On any failure the temporary file is removed and ``path`` keeps its previous content. Only a
    regular file is replaced, and only with ``replace``: without it a file of that name, even one
    created a moment before, is an :class:`OutputExists`. A symbolic link (never followed: a planted
    link cannot redirect the write to its target), a folder, a device such as ``/dev/full``, a pipe
    or an input the running command names is refused. A replaced file's permission bits carry over."""
    path = Path(path)
    if not path.name:
        raise OutputFileError(f"{path}: cannot write: no file name")
    data = content.encode("utf-8") if isinstance(content, str) else content
    temp = None
    try:
        before = _regular_or_absent(path)
        if before is not None and not replace:
            raise OutputExists(f"{path}: cannot write: the file exists (not replaced)")
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent or ".")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, before.st_mode & 0o777 if before is not None else 0o666 & ~_umask())
        _regular_or_absent(path)  # again just before publishing (which itself never follows a link)
        if replace:
            os.replace(temp, path)
            temp = None
        else:
            _publish_new(temp, path, data)
        _sync_folder(path.parent)
    except FileExistsError:
        raise OutputExists(f"{path}: cannot write: a file of that name appeared while this command ran "
                           "(not replaced)") from None
    except OSError as err:
        raise OutputFileError(f"{path}: cannot write: {err.strerror or err}") from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass
    return path


#: os.link failing so: the file system has no hard links (a FAT or some network file systems)
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}


def _publish_new(temp: str, path: Path, data: bytes) -> None:
    """Give the finished ``temp`` the name ``path`` if no file has it (``FileExistsError`` otherwise): a hard
    link, which never replaces; where the file system has none, a new file created exclusively."""
    try:
        os.link(temp, path, follow_symlinks=False)
        return
    except OSError as err:
        if err.errno not in _NO_LINKS:
            raise
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                 os.stat(temp).st_mode & 0o777)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.unlink(path)  # created by this command: a half-written file never stays
        raise


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to disk (where the system allows it)."""
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
