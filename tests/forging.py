"""Round logs as the tampering tests edit them: played by `play --log`, edited, the plain hash chain recomputed (as a
forger without the operator's key can), or relabelled version 1 (no chain at all)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pa_table_games.audit.chain import seal
from pa_table_games.audit.log_format import SINCE_VERSION_2
from pa_table_games.cli import main


def logged_round(tmp_path: Path, name: str, *args: str, key: bytes | None = None) -> list[dict]:
    """`play ARGS --log NAME.jsonl`, keyed with ``key`` (else unkeyed): the log's lines, header first."""
    path = tmp_path / f"{name}.jsonl"
    env = {"PA_TABLE_GAMES_LOG_KEY": key.decode() if key else ""}
    result = CliRunner(env=env).invoke(main, ["play", *args, "--log", str(path)])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in path.read_text().splitlines()]


def written(path: Path, docs: list[dict]) -> Path:
    """``docs`` (header first) written to ``path``, one JSON line each, as they stand."""
    path.write_text("".join(json.dumps(doc) + "\n" for doc in docs))
    return path


def resealed(path: Path, docs: list[dict]) -> Path:
    """``docs`` chained again with the plain hash chain, as a forger without the key can, and written to ``path``."""
    seal(docs, docs[0]["machine_sha256"], None)
    return written(path, docs)


def as_version_1(docs: list[dict]) -> None:
    """``docs`` relabelled version 1 in place: no chain, none of the fields that came with version 2 or 4."""
    docs[0]["version"] = 1
    for doc in docs:
        for field in (*SINCE_VERSION_2, "key_fingerprint"):
            doc.pop(field, None)
