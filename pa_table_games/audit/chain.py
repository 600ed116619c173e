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

Since version 4 a keyed log's header names its key by a fingerprint (:func:`fingerprint`: it identifies
the key without revealing it), so a log checked with another key is told apart from a log that was changed:
"signed with another key" is not evidence of tampering, a broken chain under the key that signed it is.
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
#: The first log version whose keyed header carries ``key_fingerprint``.
FINGERPRINTED = 4


def load_key(key_file: str | Path | None = None) -> bytes | None:
    """The operator's key: the contents of ``key_file`` if given, else the environment variable, else none."""
    if key_file is not None:
        text = read_text(key_file, limit=4096).strip()
        if not text:
            raise TableGamesError(f"{key_file}: the key file is empty")
        return text.encode("utf-8")
    value = os.environ.get(KEY_VARIABLE)
    try:
        return value.encode("utf-8") if value else None
    except UnicodeEncodeError:  # bytes that are not UTF-8, kept by Python as lone surrogates
        raise TableGamesError(f"{KEY_VARIABLE}: the key is not UTF-8 text (a key file's is read as such too)") from None


def fingerprint(key: bytes) -> str:
    """A name for the operator's key that does not reveal it: 16 hex digits of HMAC-SHA256 of a fixed text."""
    return hmac.new(key, b"pa-table-games log key fingerprint", hashlib.sha256).hexdigest()[:16]


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


def problem(docs: list[Any], key: bytes | None, allow_v1: bool = False) -> tuple[int, str] | None:
    """Why the log ``docs`` (header first) cannot be trusted as written, at which line (index into ``docs``);
    ``None`` when its chain verifies. A version-1 log has no chain: unverifiable, unless ``allow_v1``."""
    header = docs[0]
    if header["version"] == 1:
        if key is not None:
            return 0, "header: a version-1 log has no hash chain: it cannot be verified with the key"
        if not allow_v1:
            return 0, ("header: unverifiable: a version-1 log has no hash chain, so nothing shows it was not edited "
                       "(give --allow-v1 to replay it anyway)")
        return None
    named = header.get("key_fingerprint")
    if key is None and named is not None:
        return 0, (f"the log is signed with a key (fingerprint {named}, HMAC-SHA256): set {KEY_VARIABLE} or give "
                   "--key-file to verify it")
    broken = broken_link(docs, header["machine_sha256"], key)
    if broken is None or key is None or broken[1].startswith("the line is not signed"):
        return broken
    if named is not None and named != fingerprint(key):
        return 0, (f"the log names the key that signed it by fingerprint {named}; the key given has fingerprint "
                   f"{fingerprint(key)}: signed with another key, or its fingerprint was changed; nothing in it is "
                   f"verified (verify it with the key that signed it)")
    if header["version"] < FINGERPRINTED:
        return broken[0], (broken[1] + f" (or it was signed with another key: a version-{header['version']} log "
                           "does not name its key)")
    return broken


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
