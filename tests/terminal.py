"""Driving the command line on a pseudo-terminal, as a person at a keyboard would (stdlib pty only).

Shared by ``test_play_terminal.py`` and ``test_readme.py`` (the README's ``pty`` transcript).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

CLI = Path(sys.executable).parent / "pa-table-games"


def session(args: list[str], answers: list[str], *, timeout: float = 600.0, columns: int = 200) -> tuple[int, str, list[str]]:
    """Run ``pa-table-games ARGS`` on a pseudo-terminal ``columns`` wide, typing each answer at
    each prompt (a line ending in ``> ``); returns (exit status, everything shown, the screen
    before each answer was typed). ``timeout`` only ends a hung session: no test depends on the
    machine's speed."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm", "COLUMNS": str(columns), "NO_COLOR": "1"}  # "dumb" means 80 columns to rich
    proc = subprocess.Popen([str(CLI), *args], stdin=slave, stdout=slave, stderr=slave, close_fds=True, env=env)
    os.close(slave)
    shown, screens, pending = b"", [], list(answers)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            shown += chunk
            if shown.endswith(b"> ") and pending:
                screens.append(_text(shown))
                os.write(master, (pending.pop(0) + "\n").encode())
        else:
            proc.kill()
            raise AssertionError(f"no end after {timeout} s; shown:\n{_text(shown)}")
    finally:
        os.close(master)
    return proc.wait(10), _text(shown), screens


def _text(raw: bytes) -> str:
    """What a person reads: the terminal's styling (bold, colour) left out."""
    return _STYLE.sub("", raw.decode("utf-8", errors="replace").replace("\r\n", "\n"))


_STYLE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_RAW_STYLE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def started(args: list[str], *, columns: int = 160, env: dict | None = None) -> tuple[subprocess.Popen, int]:
    """``pa-table-games ARGS`` with stdout and stderr on a pseudo-terminal, in its own process group
    (as a shell runs it: Ctrl-C is ``os.killpg(proc.pid, SIGINT)``); returns (process, terminal).
    ``env`` adds to the environment."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm", "COLUMNS": str(columns), "NO_COLOR": "1", **(env or {})}
    # a shell starts a command with SIGINT unblocked, whatever the thread running this test blocks (a child
    # inherits the mask of the thread that starts it: one that blocked SIGINT made a Ctrl-C test's command
    # deaf to it, once in a full run)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        proc = subprocess.Popen([str(CLI), *args], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
                                close_fds=True, env=env, start_new_session=True)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    os.close(slave)
    return proc, master


def read_until(master: int, pattern: bytes | None, seconds: float = 600.0) -> str:
    """What the terminal shows until ``pattern`` (a regular expression) appears, or until the end
    (``None``); ``seconds`` only ends a hung command."""
    shown, deadline = b"", time.monotonic() + seconds
    while time.monotonic() < deadline:
        if pattern is not None and re.search(pattern, _RAW_STYLE.sub(b"", shown)):
            return _text(shown)
        if not select.select([master], [], [], 0.2)[0]:
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the command closed the terminal
            chunk = b""
        if not chunk:
            assert pattern is None, f"ended before {pattern!r}: {_text(shown)[-2000:]}"
            return _text(shown)
        shown += chunk
    raise AssertionError(f"no {pattern!r} after {seconds} s: {_text(shown)[-2000:]}")
