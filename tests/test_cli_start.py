"""Starting the command line: a command loads only what it uses, and Ctrl-C is one line and exit 130.

Start-up is measured in imported modules and CPU seconds (never wall-clock): ``--version`` and
``list`` load no machine, no ``transitions``, numpy or rich, and cost at most 0.3 s of CPU over a
bare interpreter (with the package's own sections: ``list`` imports a plugin's module to find its machine file).
"""

from __future__ import annotations

import importlib
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import pa_table_games.cli as cli
from pa_table_games.cli import main

from plugins import without_plugins

#: What a quick command must not load: the machines, their engines and the heavy libraries.
HEAVY = ("transitions", "numpy", "rich", "reportlab", "distributed", "pa_table_games.machine.bound",
         "pa_table_games.runtime.round", "pa_table_games.games.blackjack", "pa_table_games.review",
         "pa_table_games.simulation", "pa_table_games.audit")


def imported(*args: str) -> tuple[list[str], str]:
    """The modules ``python -m pa_table_games ARGS`` imports (``-X importtime``), and what it printed."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pa_table_games", *args],
                          capture_output=True, text=True, timeout=120, env=without_plugins())
    assert done.returncode == 0, done.stderr[-2000:]
    names = [line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    return names[1:], done.stdout  # the first line is the header


def cpu_seconds(*command: str) -> float:
    """User + system CPU of a child running ``command`` (the least of three runs)."""
    spent = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, capture_output=True, check=True, timeout=120, env=without_plugins())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(spent)


class TestLazyStart:
    @pytest.mark.parametrize("args", [["--version"], ["list"]])
    def test_quick_commands_load_no_machine(self, args):
        names, out = imported(*args)
        loaded = [n for n in names if n.split(".")[0] in HEAVY or any(n.startswith(h) for h in HEAVY)]
        assert out and loaded == []

    @pytest.mark.parametrize("args", [["--version"], ["list"]])
    def test_quick_commands_cost_at_most_0_3_s_of_cpu_over_a_bare_interpreter(self, args):
        bare = cpu_seconds(sys.executable, "-c", "pass")
        spent = cpu_seconds(sys.executable, "-m", "pa_table_games", *args)
        assert spent - bare <= 0.3, f"{spent - bare:.2f} s of CPU over a bare interpreter"

    def test_a_command_loads_its_own_module_only(self):
        """`rules` (about the games) loads neither the simulation nor the review tools."""
        names, _ = imported("rules", "blackjack")
        assert not {"pa_table_games.cli.analyst_commands", "pa_table_games.cli.review_commands",
                    "pa_table_games.simulation.simulate", "numpy", "reportlab"} & set(names)

    def test_version(self):
        result = CliRunner().invoke(main, ["--version"])
        assert result.exit_code == 0 and result.output.startswith("pa-table-games 0.")


@pytest.mark.signals
class TestInterrupt:
    def test_ctrl_c_in_a_command_is_one_line_and_exit_130(self, monkeypatch):
        """Ctrl-C while `edge` computes: 'interrupted', exit status 130, no traceback (click said 'Aborted!', 1)."""
        import pa_table_games.games.blackjack.pricing as edge

        def interrupted(*args, **kwargs):
            raise KeyboardInterrupt

        monkeypatch.setattr(edge, "exact_edge", interrupted)
        result = CliRunner().invoke(main, ["edge", "lucky_ladies"])
        assert result.exit_code == 130 and result.output.strip() == "interrupted"

    def test_ctrl_c_while_a_command_module_is_imported(self, monkeypatch, capsys):
        """Ctrl-C landing in the import of a command's module (the slow part of a start)."""
        app = importlib.import_module("pa_table_games.cli.app")
        real = app.import_module

        def slow_import(name):
            if name.endswith("table_commands"):
                raise KeyboardInterrupt
            return real(name)

        monkeypatch.setattr(app, "import_module", slow_import)
        monkeypatch.setattr(sys, "argv", ["pa-table-games", "play", "blackjack", "--seed", "7"])
        with pytest.raises(SystemExit) as stop:
            cli.run()
        assert stop.value.code == 130
        err = capsys.readouterr().err
        assert err.strip() == "interrupted" and "Traceback" not in err

    def test_ctrl_c_before_the_group_is_loaded(self, monkeypatch, capsys):
        """Ctrl-C in the console script's first import (the command-line frame itself)."""
        monkeypatch.delitem(sys.modules, "pa_table_games.cli.app")

        class Interrupting:
            @staticmethod
            def find_spec(name, path=None, target=None):
                if name == "pa_table_games.cli.app":
                    raise KeyboardInterrupt
                return None

        monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
        monkeypatch.setattr(sys, "argv", ["pa-table-games", "list"])
        with pytest.raises(SystemExit) as stop:
            cli.run()
        assert stop.value.code == 130 and capsys.readouterr().err.strip() == "interrupted"

    @pytest.mark.parametrize("module", ["pa_table_games.errors", "pa_table_games.cli", "pa_table_games.cli.app"])
    def test_ctrl_c_from_the_console_scripts_first_statement(self, tmp_path, module):
        """The real console script, Ctrl-C (SIGINT) arriving while ``module`` is imported: inside the package's
        own start-up (its first statement is the guard) or the script's import line, outside run(): one line,
        exit status 130, no traceback (a Ctrl-C in the script's import line was a traceback)."""
        (tmp_path / "sitecustomize.py").write_text(
            "import os, signal, sys\n"
            "class CtrlC:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            f"        if name == {module!r}:\n"
            "            sys.meta_path.remove(self)\n"
            "            os.kill(os.getpid(), signal.SIGINT)\n"
            "sys.meta_path.insert(0, CtrlC())\n")
        env = {**os.environ, "PYTHONPATH": str(tmp_path)}
        done = subprocess.run([str(Path(sys.executable).with_name("pa-table-games")), "list"], capture_output=True,
                              text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)
        assert (done.returncode, done.stderr.strip(), done.stdout) == (130, "interrupted", ""), done.stderr


class TestShellCompletion:
    @pytest.mark.parametrize("shell", ["bash_complete", "zsh_complete"])  # fish sends the word itself
    def test_a_request_that_is_no_number_is_one_line(self, shell):
        """COMP_CWORD that is no number (a broken shell set-up): nothing completed, one line, exit 2 (a traceback)."""
        env = {"_PA_TABLE_GAMES_COMPLETE": shell, "COMP_WORDS": "pa-table-games pl", "COMP_CWORD": "x"}
        result = CliRunner(env=env).invoke(main, [], prog_name="pa-table-games")
        assert result.exit_code == 2 and result.stdout == "", result.output
        assert result.stderr.startswith("error: shell completion: cannot read the shell's request (")
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output

    def test_a_good_request_completes(self):
        env = {"_PA_TABLE_GAMES_COMPLETE": "bash_complete", "COMP_WORDS": "pa-table-games pl", "COMP_CWORD": "1"}
        result = CliRunner(env=env).invoke(main, [], prog_name="pa-table-games")
        assert result.exit_code == 0 and "plain,play" in result.stdout.splitlines()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["simulate", "blackjack", "--rounds", "20", "--seed", "1"],
                                  ["play", "blackjack", "--seed", "1", "--strategy", "basic"]])
def test_output_that_cannot_be_written_is_named(args):
    """Standard output on a full disk: one line naming it, exit 2 (before: 'error: No space left on device', which
    names nothing). Closed (`>&-`): refused at once, exit 2 (before: exit 0, every line lost, nothing said)."""
    command = [sys.executable, "-m", "pa_table_games", *args]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                              env=without_plugins())
    assert done.returncode == 2 and done.stderr == "error: standard output: cannot write: No space left on device\n"
    closed = subprocess.run(command, stderr=subprocess.PIPE, text=True, timeout=120, env=without_plugins(),
                            preexec_fn=lambda: os.close(1))
    assert closed.returncode == 2 and closed.stderr == \
        "error: standard output: closed: what the command prints cannot be written\n"
