"""The dealer's outcome probabilities per shoe, computed in batches and kept in a user cache directory.

The dealer's final-hand probabilities depend only on the decks, the soft-17 rule, the up card and
the cards removed, never on pay rules, so one table serves every Rules file with those three.
The table is kept under ``$XDG_CACHE_HOME/pa-table-games`` (else ``~/.cache/pa-table-games``), in a file
named for a digest of the code that computes its rows (:func:`code_digest` of ``dealer.py``): a table made by
other code, an older release's or an edited one, is never read, so a corrected computation is never priced from
the rows of the one it corrects. ``PA_TABLE_GAMES_CACHE=off`` keeps it in memory only.

A cache file's form is never trusted: each array's header is read before its data and must have the
shape and type this module writes, claim no more bytes than the file holds (a header claiming
80 GB is not believed) and at most :data:`MAX_CACHE_BYTES`; every key must be a removal the shoe
allows and every row a probability distribution. A file that fails any check, or cannot be read
at all, is discarded: the rows are computed again and the file replaced at the next save. The checks are of form:
rows that are distributions but not this code's (a file planted by someone who can write the user's cache folder)
would be priced; ``PA_TABLE_GAMES_CACHE=off`` computes every row afresh.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from pa_table_games.analysis import dealer
from pa_table_games.analysis.dealer import RANKS, TEN, dealer_outcomes
from pa_table_games.files import OutputFileError, write_atomic

Removal = tuple[int, ...]
#: The largest cache file, and the largest array in it, read (a six-deck table is a few MB).
MAX_CACHE_BYTES = 256 * 2**20
_KEY_TYPE, _ROW_TYPE = np.dtype("<i2"), np.dtype("<f8")


class _Damaged(Exception):
    """A cache file that is not what :meth:`DealerTable.save` writes."""


def _array(archive: zipfile.ZipFile, name: str, dtype: np.dtype, width: int) -> np.ndarray:
    """Member ``name`` of the cache, its header checked before a byte of its data is read."""
    info = archive.getinfo(f"{name}.npy")
    if info.file_size > MAX_CACHE_BYTES:
        raise _Damaged(name)
    with archive.open(info) as member:
        version = np.lib.format.read_magic(member)
        read_header = {(1, 0): np.lib.format.read_array_header_1_0,
                       (2, 0): np.lib.format.read_array_header_2_0}.get(version)
        if read_header is None:
            raise _Damaged(name)
        shape, fortran, found = read_header(member)
        if fortran or found != dtype or len(shape) != 2 or shape[1] != width:
            raise _Damaged(name)
        size = shape[0] * width * dtype.itemsize
        if size > info.file_size:  # the header claims more than the member holds
            raise _Damaged(name)
        data = member.read(size + 1)
    if len(data) != size:
        raise _Damaged(name)
    return np.frombuffer(data, dtype=dtype).reshape(shape)


def _checked(keys: np.ndarray, rows: np.ndarray, most: np.ndarray) -> dict[Removal, np.ndarray]:
    """The rows by removal, if every removal is one the shoe allows and every row a distribution."""
    if len(keys) != len(rows) or (keys < 0).any() or (keys > most).any():
        raise _Damaged("keys")
    if not np.isfinite(rows).all() or (rows < 0).any() or (rows > 1).any() or \
            (len(rows) and np.abs(rows.sum(axis=1) - 1).max() > 1e-9):
        raise _Damaged("rows")
    return dict(zip(map(tuple, keys.tolist()), rows.copy()))

#: Told ``(up card, rows computed, rows missing)`` after each batch of a cold computation (the CLI's bar).
_LISTENERS: list[Callable[[int, int, int], None]] = []


@contextmanager
def progress(listener: Callable[[int, int, int], None]) -> Iterator[None]:
    """Within the block, ``listener`` hears of every batch of dealer outcomes computed (none when cached)."""
    _LISTENERS.append(listener)
    try:
        yield
    finally:
        _LISTENERS.remove(listener)


def full_shoe(decks: int) -> np.ndarray:
    """Counts of ace, 2..9 and the 10-value cards in ``decks`` 52-card decks."""
    return np.array([4 * decks] * 9 + [16 * decks], dtype=np.int64)


def cache_dir() -> Path | None:
    if os.environ.get("PA_TABLE_GAMES_CACHE", "").lower() == "off":
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pa-table-games"


def code_digest(*sources: str) -> str:
    """16 hex digits of the SHA-256 of the ``sources`` files (modules' ``__file__``), in order: a cache file named
    with it is read only by the code that wrote it."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


class DealerTable:
    """Dealer outcomes (see :data:`~pa_table_games.analysis.dealer.OUTCOMES`) per (up card, cards removed)."""

    def __init__(self, decks: int, hits_soft_17: bool) -> None:
        self.decks, self.hits_soft_17 = decks, hits_soft_17
        self.full = full_shoe(decks)
        self.known: list[dict[Removal, np.ndarray]] = [{} for _ in range(RANKS)]
        self._dirty = False
        self._load()

    @property
    def _stem(self) -> str:
        """The name every cache file of these decks and this soft-17 rule starts with, whatever code made it."""
        return f"dealer-{self.decks}d-{'h17' if self.hits_soft_17 else 's17'}"

    @property
    def _path(self) -> Path | None:
        folder = cache_dir()
        return None if folder is None else folder / f"{self._stem}-{code_digest(dealer.__file__)}.npz"

    def _load(self) -> None:
        for up, table in enumerate(self._stored()):
            self.known[up].update(table)

    def _stored(self) -> list[dict[Removal, np.ndarray]]:
        """What the cache file holds: nothing when there is none, or it is damaged (then recomputed)."""
        path = self._path
        if path is None or not path.exists():
            return []
        try:
            if not path.is_file() or path.stat().st_size > MAX_CACHE_BYTES:
                raise _Damaged(str(path))
            with zipfile.ZipFile(path) as archive:
                stored = []
                for up in range(RANKS):
                    most = self.full.copy()
                    most[up] -= 1
                    stored.append(_checked(_array(archive, f"k{up}", _KEY_TYPE, RANKS),
                                           _array(archive, f"v{up}", _ROW_TYPE, 8), most))
                return stored
        except Exception:  # noqa: BLE001 - a damaged cache is never fatal: it is computed again
            self._dirty = True
            return []

    def save(self) -> None:
        """Add what was computed to the cache file, keeping what another process put there meanwhile, and remove the
        file of these decks and rule that releases before code digests wrote (never read again). Another digest's
        file is kept: another installation sharing the cache folder reads it.

        The file is written whole through :func:`~pa_table_games.files.write_atomic`, so two
        analyses saving at once never leave it half-written; a cache that cannot be written
        (a read-only home) only costs the next run the time to recompute."""
        path = self._path
        if path is None or not self._dirty:
            return
        for up, table in enumerate(self._stored()):
            for key, row in table.items():
                self.known[up].setdefault(key, row)
        arrays = {}
        for up, table in enumerate(self.known):
            arrays[f"k{up}"] = np.array(list(table), dtype=np.int16).reshape(-1, RANKS)
            arrays[f"v{up}"] = np.array(list(table.values())).reshape(-1, 8)
        data = io.BytesIO()
        np.savez_compressed(data, **arrays)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data.getvalue())
            before_digests = path.with_name(f"{self._stem}.npz")  # what releases before code digests wrote
            if before_digests.is_file() and not before_digests.is_symlink():
                before_digests.unlink()
        except (OSError, OutputFileError):
            return
        self._dirty = False

    def prefetch(self, up: int, removals: list[Removal], batch: int = 4096) -> None:
        """Compute, in batches, every removal not yet known for this up card."""
        table = self.known[up]
        missing = [r for r in dict.fromkeys(removals) if r not in table]
        start = self.full.copy()
        start[up] -= 1
        for i in range(0, len(missing), batch):
            chunk = missing[i:i + batch]
            shoes = start - np.array(chunk, dtype=np.int64)
            for key, row in zip(chunk, dealer_outcomes(shoes, up, self.hits_soft_17)):
                table[key] = row
            for listener in _LISTENERS:
                listener(up, i + len(chunk), len(missing))
        self._dirty |= bool(missing)

    def get(self, up: int, removal: Removal) -> np.ndarray:
        table = self.known[up]
        if removal not in table:
            self.prefetch(up, [removal])
        return table[removal]

    def shoe(self, up: int, removal: Removal) -> np.ndarray:
        """Counts left after the up card and ``removal``."""
        shoe = self.full - np.array(removal, dtype=np.int64)
        shoe[up] -= 1
        return shoe


def peeks(up: int) -> bool:
    """The dealer checks the hole card for a Blackjack when the up card is an ace or a 10-value card."""
    return up in (0, TEN)
