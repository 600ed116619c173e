"""Nothing lost on failure: logs, diagrams and review pages are replaced whole or not at all.

A full disk is a real one when the tests run as root (a 64 KB tmpfs mounted for the test),
otherwise a writer that fails as a full disk does; either way the previous log and diagram
are byte for byte what they were, and the command says so in one line, exit status 2.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pa_table_games.cli.table_commands as table_commands
import pa_table_games.files as files
from pa_table_games.cli import main
from pa_table_games.runtime.game import MACHINES

ROUND = ["play", "blackjack", "--shoe", "2C TH 7S 9H KD 5C", "--actions", "stand"]


def run(*args, env=None):
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": "", **(env or {})}).invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture(params=["tmpfs", "injected"])
def small_disk(request, tmp_path, monkeypatch):
    """A folder on a 64 KB disk: a real tmpfs (as root), and a writer failing with ENOSPC past 64 KB."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = request.param == "tmpfs" and os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True).returncode == 0
    if request.param == "tmpfs" and not mounted:
        pytest.skip("mounting a tmpfs needs root")
    if not mounted:
        real_fdopen = os.fdopen

        class FullDisk:
            def __init__(self, handle):
                self.handle, self.written = handle, 0

            def write(self, data):
                used = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
                if used + len(data) > 64 * 1024:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                return self.handle.write(data)

            def __getattr__(self, name):
                return getattr(self.handle, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

        monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode)))
    yield folder
    if mounted:
        subprocess.run(["umount", str(folder)], check=True)


def fill(folder):
    """Take every free byte of the 64 KB disk (real or simulated) but about a hundred."""
    used = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    filler = folder / "filler.bin"
    try:
        with open(filler, "wb") as handle:  # at most 64 KB, whatever the disk
            for _ in range(64):
                handle.write(b"\0" * min(1024, max(64 * 1024 - used - 100 - handle.tell(), 0)))
                handle.flush()
    except OSError:  # the real disk is full
        pass


class TestFullDisk:
    def test_previous_log_and_diagram_intact(self, small_disk):
        """A full disk refuses the new log and diagram in one line each; the old files are untouched."""
        log = small_disk / "round.jsonl"
        assert run(*ROUND, "--log", str(log)).exit_code == 0
        assert run("diagram", "blackjack", "--format", "dot", "--view", "code", "--out", str(small_disk)).exit_code == 0
        before = {p.name: p.read_bytes() for p in small_disk.iterdir()}
        fill(small_disk)

        again = run("play", "blackjack", "--seed", "7", "--actions", "stand", "--log", str(log), "--force")
        assert again.exit_code == 2 and again.stderr.startswith(f"error: {log}: cannot write: ")
        assert again.stderr.count("\n") == 1
        drawn = run("diagram", "blackjack", "--format", "dot", "--view", "code", "--out", str(small_disk))
        assert drawn.exit_code == 2 and "cannot write" in drawn.stderr and drawn.stderr.count("\n") == 1

        assert {p.name: p.read_bytes() for p in small_disk.iterdir() if p.name in before} == before
        assert not [p.name for p in small_disk.iterdir() if p.name.endswith(".partial")]
        assert run("replay", str(log)).exit_code == 0


class TestLogTarget:
    def test_existing_log_needs_force(self, tmp_path):
        """--log does not replace a file unless --force; with it, the new round replaces the old."""
        log = tmp_path / "round.jsonl"
        log.write_text("the operator's notes\n")
        refused = run(*ROUND, "--log", str(log))
        assert refused.exit_code == 2 and "add --force" in refused.stderr
        assert log.read_text() == "the operator's notes\n"
        assert run(*ROUND, "--log", str(log), "--force").exit_code == 0
        assert json.loads(log.read_text().splitlines()[0])["kind"] == "header"

    def test_log_never_replaces_the_rules_file(self, tmp_path):
        """--log naming the command's own --rules file is refused, even with --force."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("decks: 6\n")
        refused = run(*ROUND, "--rules", str(rules), "--log", str(rules), "--force")
        assert refused.exit_code == 2 and "it is the --rules file" in refused.stderr
        assert rules.read_text() == "decks: 6\n"

    def test_a_device_is_never_replaced(self):
        """--log /dev/full with --force is refused: only a regular file is replaced."""
        refused = run(*ROUND, "--log", "/dev/full", "--force")
        assert (refused.exit_code, refused.stderr) == (2, "error: /dev/full: cannot write: not a regular file\n")
        assert not os.path.isfile("/dev/full")


class TestInterruptedPlay:
    @pytest.mark.parametrize("typed", ["", "hit\n"], ids=["no decision", "one decision"])
    def test_end_of_input_keeps_a_partial_log(self, tmp_path, monkeypatch, typed):
        """End of input mid-round (as Ctrl-C) keeps the decisions so far, marked incomplete; exit 130;
        replay reads the partial log and reports it as incomplete, exit 1."""
        monkeypatch.setattr(table_commands, "_terminal", lambda: True)
        log = tmp_path / "partial.jsonl"
        shoe = "2C 9H 5S 8D 7C 2D 2H 2S 3C 3D"
        result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(
            main, ["play", "blackjack", "--shoe", shoe, "--log", str(log)], input=typed)
        assert result.exit_code == 130, result.output
        header = json.loads(log.read_text().splitlines()[0])
        assert header["incomplete"] is True and header["actions"] == [w for w in typed.split()]
        replayed = run("replay", str(log))
        assert replayed.exit_code == 1
        assert "incomplete log: the log is marked incomplete: play stopped after " \
               f"{len(typed.split())} decision(s), before the round was over" in replayed.stdout


# -- what stands at an output's name, or is given as an input ---------------------------------------------
def cli(*args, timeout=120):
    """``pa-table-games args`` in its own process (a hang is a failure after ``timeout`` s, not a stuck suite)."""
    env = {**os.environ, "PA_TABLE_GAMES_LOG_KEY": ""}
    try:
        return subprocess.run([sys.executable, "-m", "pa_table_games", *args], capture_output=True, text=True,
                              timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pa-table-games {' '.join(args)}: still running after {timeout} s (blocked on a pipe?)")


def two_machines(tmp_path):
    """OLD and NEW machine files for `diff` (NEW with one state's label changed)."""
    text = (MACHINES / "blackjack.yaml").read_text(encoding="utf-8")
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    old, new = tmp_path / "old" / "blackjack.yaml", tmp_path / "new" / "blackjack.yaml"
    old.write_text(text, encoding="utf-8")
    new.write_text(text.replace('label: "Round starts"', 'label: "Round begins"', 1), encoding="utf-8")
    return old, new


class TestPlantedAtTheOutput:
    """A symbolic link planted at an output's name is never written through (its target keeps its bytes),
    and a pipe there never blocks: the command refuses in one line, exit status 2."""

    @pytest.fixture
    def victim(self, tmp_path):
        path = tmp_path / "victim.txt"
        path.write_text("the operator's records\n")
        return path

    def test_review_pdf_refuses_a_link_at_the_dossier(self, tmp_path, victim):
        out = tmp_path / "out"
        out.mkdir()
        (out / "blackjack.pdf").symlink_to(victim)
        result = run("review", "blackjack", "--pdf", "--out", str(out))
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
        assert "symbolic link" in result.stderr
        assert victim.read_text() == "the operator's records\n" and (out / "blackjack.pdf").is_symlink()

    def test_diff_out_refuses_a_link_at_the_page(self, tmp_path, victim):
        old, new = two_machines(tmp_path)
        out = tmp_path / "out"
        out.mkdir()
        (out / "blackjack.diff.html").symlink_to(victim)
        result = run("diff", str(old), str(new), "--out", str(out))
        errors = [line for line in result.stderr.splitlines() if not line.startswith("note: ")]  # how each argument was read
        assert result.exit_code == 2 and len(errors) == 1 and errors[0].startswith("error: "), result.output
        assert victim.read_text() == "the operator's records\n"

    @pytest.mark.parametrize("command", [["play", *ROUND[1:], "--force", "--log"], ["diagram", "blackjack", "--out"]],
                             ids=["log", "diagram"])
    def test_a_link_at_a_log_or_diagram_is_refused(self, tmp_path, victim, command):
        out = tmp_path / "out"
        out.mkdir()
        target = out / ("round.jsonl" if command[0] == "play" else "blackjack.svg")
        target.symlink_to(victim)
        result = run(*command, str(target if command[0] == "play" else out))
        assert result.exit_code == 2 and "symbolic link" in result.stderr, result.output
        assert victim.read_text() == "the operator's records\n" and target.is_symlink()

    def test_review_pdf_refuses_a_fifo_at_the_dossier_without_blocking(self, tmp_path):
        out = tmp_path / "out"
        out.mkdir()
        os.mkfifo(out / "blackjack.pdf")
        result = cli("review", "blackjack", "--pdf", "--out", str(out))
        assert result.returncode == 2 and result.stderr == f"error: {out / 'blackjack.pdf'}: cannot write: not a regular file\n"

    def test_diff_out_empty_is_refused(self, tmp_path):
        old, new = two_machines(tmp_path)
        result = run("diff", str(old), str(new), "--out", "")
        assert result.exit_code == 2 and result.stderr == "error: --out is empty: give a folder name\n"


class TestInputsThatAreNoFile:
    """A pipe (FIFO) or a device given as an input is refused at once, never waited on."""

    @pytest.mark.parametrize("option", ["--rules", "--key-file", "log"])
    def test_a_fifo_input_is_refused_at_once(self, tmp_path, option):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        args = (["replay", str(fifo)] if option == "log" else
                ["play", "blackjack", "--seed", "7", "--actions", "stand", option, str(fifo)])
        result = cli(*args)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert "pipe" in result.stderr and str(fifo) in result.stderr

    def test_a_device_as_rules_is_refused(self):
        result = run("play", "blackjack", "--seed", "7", "--actions", "stand", "--rules", "/dev/zero")
        assert result.exit_code == 2 and "a device, not a regular file" in result.stderr
