"""The package as a newcomer and an installer meet it: layers without cycles, one ``transitions``
module, and a plain ``pip install .`` that works from an empty folder."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pa_table_games"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "machines" in path.relative_to(PACKAGE).parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found[name] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every package module ``name`` imports, anywhere in the file (inside functions too)."""
    deps = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                keep = len(parts) - node.level + (1 if path.name == "__init__.py" else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                deps.add(target)
    return deps


def test_no_import_cycles():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(" -> ".join(stack[stack.index(dep):] + [dep]))
            elif dep not in state:
                visit(dep, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert cycles == []


def test_transitions_is_imported_by_the_adapter_only():
    users = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                   if any(isinstance(n, (ast.Import, ast.ImportFrom)) and
                          any((getattr(n, "module", None) or a.name).split(".")[0] == "transitions" for a in n.names)
                          for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))))
    assert users == ["machine/adapter.py"]


def test_layers_a_newcomer_can_name():
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("__"))
    assert folders == ["analysis", "audit", "cli", "equipment", "fastpath", "games", "machine", "machines", "paytables",
                       "regulations", "review", "rl", "rules", "runtime", "simulation", "strategies", "testing"]


#: The layers, lowest first: a module imports only from its own layer or a lower one (the top-level
#: modules errors, files, money, numbers, values are the floor). The exact analysis sits under the strategies (the computed
#: strategy is its basic strategy); review, simulation and audit are the users' layers, side by side; the
#: conformance kit (testing) uses them all; the command line and the learning environments (rl, an optional extra
#: that draws the seat's view as the command line does) are on top. The fast path is an engine beside the runtime's
#: (a game loads either).
LAYERS = (("errors", "files", "money", "numbers", "values"), ("equipment",), ("machine",), ("rules",),
          ("runtime", "fastpath"), ("games",),
          ("analysis",), ("strategies",), ("simulation", "review", "audit"), ("testing",), ("cli", "__main__", "rl"))


#: A game's own tools for the analyst (how ``edge`` prices its wagers, a strategy its analysis computes) live with the
#: game but belong to the users' layer: they import the analysis and the simulation, and the game's ``GameInfo``
#: names them (``"package.module:function"``), so no module of the games layer imports one.
GAME_TOOLS = ("pricing", "computed_strategy")


def _layer(name: str) -> str:
    parts = name.split(".")
    return "simulation" if parts[1] == "games" and parts[-1] in GAME_TOOLS else parts[1]


def test_each_layer_imports_only_from_its_own_or_lower_layers():
    rank = {name: i for i, names in enumerate(LAYERS) for name in names}
    modules = _modules()
    upward = []
    for name, path in modules.items():
        parts = name.split(".")
        if len(parts) < 2:
            continue  # the package's __init__ re-exports the public API
        mine = rank[_layer(name)]
        for dep in _imports(name, path, modules):
            layer = _layer(dep) if "." in dep else None
            if layer is not None and rank[layer] > mine:
                upward.append(f"{name} -> {dep}")
    assert upward == []




README_EXAMPLE = """
from pa_table_games import Shoe, load_game
rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 5H 9S 6D 8C TC")).advance()
print([a.name for a in rnd.legal_actions()])
rnd.act("stand").advance()
print(rnd.is_over, rnd.settlement()[0].outcome)
"""


@pytest.mark.slow
def test_plain_pip_install_works_from_an_empty_folder(tmp_path):
    """``pip install .`` (a wheel, not editable) ships the machine files and the renderer."""
    source = tmp_path / "source"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.splitlines():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        origin = ROOT / name
        if origin.is_symlink():
            os.symlink(os.readlink(origin), target)
        elif origin.is_file():
            shutil.copy2(origin, target)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(source)], check=True, capture_output=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    cli = str(env_dir / "bin" / "pa-table-games")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = "/usr/bin:/bin"  # nothing of the checkout's venv: the renderer comes with the install

    def run(*args: str, status: tuple[int, ...] = (0,)) -> str:
        done = subprocess.run(args, cwd=empty, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode in status, f"{args}: {done.stderr}"
        return done.stdout

    assert run(cli, "--version").startswith("pa-table-games ")
    for command in ["", "list", "rules", "play", "demo", "diagram", "review", "diff", "trace", "coverage", "replay",
                    "simulate", "edge", "check"]:
        assert run(cli, *command.split(), "-h").startswith("Usage: pa-table-games")
    listed = run(cli, "list")
    assert "58 Pa. Code § 633a.7" in listed and str(env_dir) in listed  # the installed machine files
    installed = Path(listed.split()[1])
    assert "decks (6; whole number 1..12; § 633a.2)" in run(cli, "rules", "blackjack")
    run(cli, "coverage", "six-card-fortune-pai-gow", "--write", "--sessions", "20", "--out", "found", status=(0, 1))
    assert "six-card-fortune-pai-gow-1" in run(cli, "trace", "six-card-fortune-pai-gow", "--coverage", "--scenarios", "found")
    stands = 'cite: ["(m)"]}\n'  # dealer_stands, cited to (l) as well in the copy
    (empty / "new.yaml").write_text(installed.read_text(encoding="utf-8").replace(stands, 'cite: ["(l)", "(m)"]}\n', 1))
    assert "~ arrow dealer_stands" in run(cli, "diff", "blackjack", "new.yaml", status=(1,))
    assert "§ 670a.8" in run(cli, "demo")
    assert "§ 633a.7" in run(cli, "play", "blackjack", "--shoe", "2C 5H 9S 6D 8C TC", "--actions", "stand")
    assert "(k)(1)" in run(cli, "trace", "blackjack")
    assert "%" in run(cli, "edge", "lucky_ladies")
    run(cli, "diagram", "--out", "diagrams")
    run(cli, "review", "--out", "diagrams")
    assert (empty / "diagrams" / "blackjack.svg").read_text(encoding="utf-8").rstrip().endswith("</svg>")
    assert (empty / "diagrams" / "blackjack.html").stat().st_size > 10_000
    assert run(str(python), "-c", README_EXAMPLE).splitlines() == \
        ["['hit', 'stand', 'double', 'surrender']", "True lose"]
    # what ran is the installed wheel, not the checkout: the package and its machine files come from the venv
    where = run(str(python), "-c", "import pa_table_games, pathlib; p = pathlib.Path(pa_table_games.__file__).parent; "
                "print(p); print((p / 'machines' / 'blackjack.yaml').is_file()); "
                "print((p / 'regulations' / '633a.7.txt').is_file())").splitlines()
    assert where[0].startswith(str(env_dir)) and where[1:] == ["True", "True"], where


#: Where an import inside a function is the design: the command line starts by loading only what the
#: command used needs (``--version`` and ``list`` load no machine), and ``load_game`` loads the runtime
#: only when a game is loaded. test_no_import_cycles reads those imports too.
LAZY = ("cli/", "games/__init__.py")


def test_nothing_outside_the_rl_extra_imports_it():
    """pa_table_games.rl needs the optional extra rl (gymnasium, pettingzoo): no other module imports it."""
    modules = _modules()
    def in_rl(name: str) -> bool:
        return name == "pa_table_games.rl" or name.startswith("pa_table_games.rl.")

    users = sorted(name for name, path in modules.items()
                   if not in_rl(name) and any(in_rl(dep) for dep in _imports(name, path, modules)))
    assert users == []


#: Imports refused by a meta-path finder: the optional extra rl is not installed.
WITHOUT_RL = """
import sys
class Absent:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("gymnasium", "pettingzoo"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Absent())
from pa_table_games import Shoe, load_game
from pa_table_games.simulation.simulate import simulate
rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 5H 9S 6D 8C TC")).advance()
rnd.act("stand").advance()
print(rnd.settlement()[0].outcome, simulate("blackjack", 100, seed=1).rounds)
try:
    import pa_table_games.rl
except ModuleNotFoundError as err:
    print("rl needs", err.name)
"""


def test_the_package_works_without_the_rl_extra():
    """With gymnasium and pettingzoo absent, a round plays and simulates; only pa_table_games.rl needs them."""
    done = subprocess.run([sys.executable, "-c", WITHOUT_RL], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["lose 100", "rl needs gymnasium"]


def test_no_package_import_hides_inside_a_function():
    """Layers are imported at the top of a module, where a cycle would show (only an optional extra,
    Dask's ``distributed``, is imported where it is used, and the lazy start of :data:`LAZY`)."""
    hidden = []
    for path in PACKAGE.rglob("*.py"):
        if str(path.relative_to(PACKAGE)).startswith(LAZY):
            continue
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hidden += [f"{path.relative_to(PACKAGE)}:{n.lineno}" for n in ast.walk(fn)
                           if isinstance(n, (ast.Import, ast.ImportFrom)) and
                           (getattr(n, "module", None) or n.names[0].name).split(".")[0] != "distributed"]
    assert hidden == []


def test_modules_are_short_enough_to_read_in_one_sitting():
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert long == {}
