"""Plugins for the tests: distributions under ``tests/`` declaring games in the entry-point group
``pa_table_games.games``, installed by pip as any casino's package is (``pip install --target FOLDER``, the
folder then on the path), and kept in pytest's cache folder while their files do not change.

The whole suite runs with the toy game of ``tests/toy_game`` installed so (``conftest.py``): the project's own
tests pass with a plugin installed, and every command meets one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The toy game's distribution (casino-high-card: the game ``high-card``).
TOY = TESTS / "toy_game"
#: The environment variable naming the folder the toy game is installed in, for the suite's processes.
TOY_FOLDER = "PA_TEST_TOY_PLUGIN"


def _digest(source: Path) -> str:
    """A digest of every file of ``source`` (its name and bytes): a changed file installs it again."""
    sha = hashlib.sha256()
    for path in sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                       and ".egg-info" not in str(p)):
        sha.update(str(path.relative_to(source)).encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:16]


def install(source: Path, cache: Path) -> Path:
    """``source`` (a folder with a ``pyproject.toml``) pip-installed into a folder of ``cache``; that folder.

    Installed once per content: the folder is named by the digest of the files and made by a rename, so a
    run sharing the cache never sees half an installation."""
    target = cache / f"{source.name}-{_digest(source)}"
    if target.is_dir():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=cache, prefix=".installing-"))
    copy = scratch / "source"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
                           "--target", str(scratch / "site"), str(copy)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        raise RuntimeError(f"pip could not install {source}: {done.stderr.strip()[-2000:]}")
    try:
        (scratch / "site").rename(target)
    except OSError:  # another run installed it meanwhile
        pass
    shutil.rmtree(scratch, ignore_errors=True)
    return target


def without_plugins(env: dict[str, str] | None = None) -> dict[str, str]:
    """An environment (default: this process's) whose path holds none of the plugins the suite installed: the
    package's own sections alone, as a plain install has them."""
    env = dict(os.environ if env is None else env)
    folder = env.pop(TOY_FOLDER, None)
    kept = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != folder]
    env["PYTHONPATH"] = os.pathsep.join(kept)
    return env


def on_path(folder: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """An environment (default: this process's) with ``folder`` first on ``PYTHONPATH``."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), *filter(None, [env.get("PYTHONPATH", "")])])
    return env
