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


# -- no-clobber at the moment of writing; --force never onto an input; permission bits only -----------------
SHOE = "2C TH 6S 5D 7C 6H TD"  # seat 1 holds TH 5D against the 6S: a decision is due


def at_the_prompt(args: list[str]):
    """``pa-table-games args`` on a pseudo-terminal (stdin too), once it shows its prompt: (process, terminal)."""
    import pty

    from terminal import CLI, read_until

    master, slave = pty.openpty()
    proc = subprocess.Popen([str(CLI), *args], stdin=slave, stdout=slave, stderr=slave, close_fds=True,
                            env={**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PA_TABLE_GAMES_LOG_KEY": ""})
    os.close(slave)
    read_until(master, rb"\n> $")  # the round is dealt and waits: its --log was checked and is still absent
    return proc, master


class TestNoClobberWhenWriting:
    """--log is checked again at the moment of writing: a file that appeared meanwhile is never replaced."""

    def test_two_rounds_at_the_prompt_logging_to_one_file_one_wins(self, tmp_path):
        """Two interactive rounds wait at their prompts with the same --log (absent when both started): the
        first answered writes its log; the second is refused in one line, exit 2, the first log intact."""
        from terminal import read_until

        log = tmp_path / "same.jsonl"
        rounds = [at_the_prompt(["play", "blackjack", "--shoe", SHOE, "--seat", f"1:blackjack={amount}",
                                 "--log", str(log)]) for amount in (10, 20)]
        shown = []
        try:
            for proc, master in rounds:
                os.write(master, b"s\n")
                shown.append(read_until(master, None))
                proc.wait(60)
        finally:
            for proc, master in rounds:
                os.close(master)
                if proc.poll() is None:
                    proc.kill()
        assert rounds[0][0].returncode == 0, shown[0]
        assert rounds[1][0].returncode == 2, shown[1]
        assert shown[1].strip().splitlines()[-1] == (
            f"error: --log {log}: a file of that name appeared while the round was played: not replaced, "
            "nothing written (--force lets a command replace a file)")
        assert "Traceback" not in shown[1]
        assert json.loads(log.read_text().splitlines()[0])["seats"] == {"1": {"blackjack": 10}}
        assert [p.name for p in tmp_path.iterdir()] == ["same.jsonl"]

    @pytest.mark.slow  # two commands in their own processes: the prompt test above shows it for certain
    def test_two_commands_started_together_one_wins(self, tmp_path):
        """Two `play --log same.jsonl` started at once: exactly one exits 0, the other says why in one line, exit 2."""
        log = tmp_path / "same.jsonl"
        command = [sys.executable, "-m", "pa_table_games", "play", "blackjack", "--seed", "7", "--actions", "stand",
                   "--log", str(log)]
        env = {**os.environ, "PA_TABLE_GAMES_LOG_KEY": ""}
        procs = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
                 for _ in range(2)]
        results = sorted((p.wait(120), p.stderr.read()) for p in procs)
        assert [code for code, _ in results] == [0, 2], results
        assert results[1][1].count("\n") == 1 and results[1][1].startswith(f"error: --log {log}: "), results

    @pytest.mark.parametrize("links", [True, False], ids=["hard links", "no hard links"])
    def test_a_file_appearing_before_publishing_is_kept(self, tmp_path, monkeypatch, links):
        """write_atomic(replace=False): another writer's file landing after the check is kept, the new
        content is refused (OutputExists) and no temporary file stays; where the file system has no hard
        links, the file is created exclusively instead."""
        target = tmp_path / "round.jsonl"
        real_fsync = os.fsync

        def other_writer_first(fd):
            real_fsync(fd)
            if not target.exists():
                target.write_text("the other round\n")

        monkeypatch.setattr(files.os, "fsync", other_writer_first)
        if not links:
            monkeypatch.setattr(files.os, "link", lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EPERM, "no")))
        with pytest.raises(files.OutputExists, match="appeared while this command ran"):
            files.write_atomic(target, "this round\n", replace=False)
        assert target.read_text() == "the other round\n" and [p.name for p in tmp_path.iterdir()] == ["round.jsonl"]
        fresh = tmp_path / "fresh.jsonl"
        files.write_atomic(fresh, "this round\n", replace=False)
        assert fresh.read_text() == "this round\n"


def _lead_to(path, how: str, tmp_path):
    """A name leading to ``path``: the path itself, a hard link, or the path through a linked folder."""
    if how == "itself":
        return path
    if how == "hard link":
        os.link(path, tmp_path / "other-name")
        return tmp_path / "other-name"
    (tmp_path / "via").symlink_to(path.parent)
    return tmp_path / "via" / path.name


class TestForceNeverReplacesAnInput:
    """--force lets --log or --walk replace a file, never one the same command reads, whatever leads to it."""

    @pytest.mark.parametrize("how", ["itself", "hard link", "linked folder"])
    @pytest.mark.parametrize("option", ["--machine", "--rules", "--key-file"])
    def test_log_onto_an_input_is_refused(self, tmp_path, option, how):
        inputs = tmp_path / "inputs"
        inputs.mkdir()
        given = {"--machine": inputs / "blackjack.yaml", "--rules": inputs / "casino.yaml",
                 "--key-file": inputs / "key.txt"}
        given["--machine"].write_bytes((MACHINES / "blackjack.yaml").read_bytes())
        given["--rules"].write_text("decks: 6\n")
        given["--key-file"].write_text("operator key\n")
        before = {p: p.read_bytes() for p in given.values()}
        target = _lead_to(given[option], how, tmp_path)
        args = [f"{o}={p}" for o, p in given.items()]
        for output in ("--log", "--walk"):
            result = run(*ROUND, *args, output, str(target), "--force")
            assert result.exit_code == 2 and result.stderr == (
                f"error: {output} {target}: it is the {option} file of this command: choose another file\n"), result.output
        assert {p: p.read_bytes() for p in given.values()} == before

    def test_walk_onto_the_log_is_refused(self, tmp_path):
        log = tmp_path / "round.jsonl"
        result = run(*ROUND, "--log", str(log), "--walk", str(tmp_path / "round.jsonl"), "--force")
        assert result.exit_code == 2 and "it is the --log file of this command" in result.stderr

    def test_an_output_leading_to_the_machine_file_read_is_refused(self, tmp_path):
        """`diagram --machine FILE`: an output name hard-linked to FILE is refused when written, FILE intact."""
        machine = tmp_path / "blackjack.yaml"
        machine.write_bytes((MACHINES / "blackjack.yaml").read_bytes())
        out = tmp_path / "out"
        out.mkdir()
        os.link(machine, out / "blackjack.code.dot")
        result = run("diagram", "--machine", str(machine), "--format", "dot", "--view", "code", "--out", str(out))
        assert result.exit_code == 2 and result.stderr == (
            f"error: {out / 'blackjack.code.dot'}: cannot write: it is an input of this command (never replaced)\n")
        assert machine.read_bytes() == (MACHINES / "blackjack.yaml").read_bytes()

    def test_a_refused_diagram_leaves_no_partial_set(self, tmp_path):
        """`diagram --machine DIR/blackjack.dot --out DIR`: the machine file has the name of the first diagram; it
        is refused before any other diagram or phase diagram is written (not after eighteen of them)."""
        machine = tmp_path / "blackjack.dot"
        machine.write_bytes((MACHINES / "blackjack.yaml").read_bytes())
        result = run("diagram", "--machine", str(machine), "--out", str(tmp_path))
        assert result.exit_code == 2 and result.stderr == (
            f"error: {machine}: cannot write: it is an input of this command (never replaced)\n"), result.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["blackjack.dot"]

    def test_two_logs_of_one_name_are_refused_before_any_page_is_written(self, tmp_path):
        """`review --log a/round.jsonl --log b/round.jsonl`: both would be drawn as round.walk.html, the second
        replacing the first (a departing round's page replaced by a conforming one): refused, nothing written."""
        for folder in ("a", "b"):
            (tmp_path / folder).mkdir()
            assert run(*ROUND, "--log", str(tmp_path / folder / "round.jsonl")).exit_code == 0
        out = tmp_path / "out"
        result = run("review", "--log", str(tmp_path / "a" / "round.jsonl"), "--log", str(tmp_path / "b" / "round.jsonl"),
                     "--out", str(out))
        assert result.exit_code == 2 and result.stderr == (
            f"error: {tmp_path / 'a' / 'round.jsonl'} and {tmp_path / 'b' / 'round.jsonl'} are both drawn as "
            f"{out / 'round.walk.html'}: give the logs different names\n"), result.output
        assert list(out.iterdir()) == []

    def test_a_review_page_that_cannot_be_written_leaves_no_walk_page(self, tmp_path):
        """A link planted where the review page goes: refused before the walk-through is written (before, the walk
        page was written, then the error)."""
        log = tmp_path / "round.jsonl"
        assert run(*ROUND, "--log", str(log)).exit_code == 0
        out = tmp_path / "out"
        out.mkdir()
        (out / "blackjack.html").symlink_to(tmp_path / "elsewhere.html")
        result = run("review", "--log", str(log), "--out", str(out))
        assert result.exit_code == 2 and "a symbolic link stands there" in result.stderr, result.output
        assert sorted(p.name for p in out.iterdir()) == ["blackjack.html"]

    def test_a_walk_page_never_replaces_a_log_given_later(self, tmp_path):
        """`review --log A --log B`: A's page would take B's name (a hard link to B): refused before B is read."""
        first = tmp_path / "a" / "round.jsonl"
        first.parent.mkdir()
        assert run(*ROUND, "--log", str(first)).exit_code == 0
        second = tmp_path / "b" / "round.walk.html"
        second.parent.mkdir()
        assert run(*ROUND, "--log", str(second)).exit_code == 0
        kept = second.read_bytes()
        result = run("review", "--log", str(first), "--log", str(second), "--out", str(second.parent))
        assert result.exit_code == 2 and "it is an input of this command" in result.stderr, result.output
        assert second.read_bytes() == kept


class TestPermissionBits:
    def test_a_replaced_log_keeps_its_permission_bits_only(self, tmp_path):
        """A log replaced with --force keeps rwx bits but never setuid, setgid or sticky."""
        log = tmp_path / "round.jsonl"
        log.write_text("old\n")
        os.chmod(log, 0o7750)
        special = os.stat(log).st_mode & 0o7000
        if not special:
            pytest.skip("this file system keeps no setuid, setgid or sticky bit on a file")
        assert run(*ROUND, "--log", str(log), "--force").exit_code == 0
        assert os.stat(log).st_mode & 0o7777 == 0o750
