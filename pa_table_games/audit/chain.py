"""The hash chain of a round log: each line carries a hash of itself and of the line before it.

The header's hash starts from the SHA-256 of the machine file the round was played under
(``machine_sha256``), and each event's hash covers the event and the previous line's hash,
so no line can be changed, removed, inserted or moved without breaking every hash after it.

What the chain proves depends on the key (``PA_TABLE_GAMES_LOG_KEY`` or ``--key-file``):

- **with a key** the hashes are HMAC-SHA256 under the operator's key: nobody without the key
  can write a chain that verifies, so a log that verifies is the log the table wrote
  (the "critical memory" a gaming laboratory asks to be validated before it is trusted);
- **without a key** the hashes are plain SHA-256: they catch an edit, a truncation or a
  lost line made by anything that did not recompute the chain (a disk error, a hand edit
  in a text editor), but a forger who recomputes them is not caught — the re-dealt round
  (replay's "recall of previous games") still is, where the forgery departs from the rules.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from pa_table_games.errors import TableGamesError
from pa_table_games.files import read_text

KEY_VARIABLE = "PA_TABLE_GAMES_LOG_KEY"
PLAIN, KEYED = "sha256", "hmac-sha256"


def load_key(key_file: str | Path | None = None) -> bytes | None:
    """The operator's key: the contents of ``key_file`` if given, else the environment variable, else none."""
    if key_file is not None:
        text = read_text(key_file, limit=4096).strip()
        if not text:
            raise TableGamesError(f"{key_file}: the key file is empty")
        return text.encode("utf-8")
    value = os.environ.get(KEY_VARIABLE)
    return value.encode("utf-8") if value else None


@cache
def file_sha256(path: str) -> str:
    """The SHA-256 of a file's bytes, in hex (the machine file a log was written under)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def canonical(doc: dict) -> bytes:
    """One line's content as hashed: every field but ``hash``, keys sorted, no spaces."""
    body = {k: v for k, v in doc.items() if k != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def link(previous: str, doc: dict, key: bytes | None) -> str:
    """The hash of ``doc`` following ``previous``: ``"sha256:<hex>"`` or ``"hmac-sha256:<hex>"``."""
    message = previous.encode("ascii", "replace") + b"\n" + canonical(doc)
    if key is None:
        return f"{PLAIN}:{hashlib.sha256(message).hexdigest()}"
    return f"{KEYED}:{hmac.new(key, message, hashlib.sha256).hexdigest()}"


def seal(docs: list[dict], anchor: str, key: bytes | None) -> None:
    """Give each of ``docs`` (header first) its ``hash``, chained from ``anchor``."""
    previous = anchor
    for doc in docs:
        doc.pop("hash", None)
        doc["hash"] = previous = link(previous, doc, key)


def broken_link(docs: list[Any], anchor: str, key: bytes | None) -> tuple[int, str] | None:
    """The first line (index into ``docs``) whose hash does not verify, and why; ``None`` when all do."""
    previous = anchor
    for index, doc in enumerate(docs):
        given = doc.get("hash")
        if not isinstance(given, str):
            return index, "the line has no 'hash': a chained log has one on every line"
        kind = given.partition(":")[0]
        if key is None and kind == KEYED:
            return index, (f"the log is signed with a key (HMAC-SHA256): set {KEY_VARIABLE} or give "
                           "--key-file to verify it")
        if key is not None and kind != KEYED:
            return index, ("the line is not signed with the key (HMAC-SHA256): it was written without "
                           "the key, or re-chained by someone who does not have it")
        if not given.isascii() or not hmac.compare_digest(given, link(previous, doc, key)):
            what = "does not verify with the key" if key is not None else "does not match the line"
            return index, (f"hash chain broken: the hash {what}: this line, or one before it, was changed, "
                           "removed or inserted after the log was written")
        previous = given
    return None
