"""Round logs: one round as JSON Lines, written by ``play --log`` and read back by ``replay``.

Line 1 is the header: what is needed to re-run the round — the game, the Rules as a
mapping, the seats, the shoe as dealt (``shoe``: the cards the round took out of the shoe,
in order; ``undealt``: the cards left behind them; for a double shoe, § 633a.7(d), each is
``{"red": [...], "black": [...]}``), the seed of a shuffled shoe (its generator also draws
any chance inside the round, e.g. a Pai Gow starting position), the shoe and table flags at
the start, the round options and the player decisions, in order; ``stacked`` says whether the
shoe was stacked (true) or shuffled from the seed (false), ``incomplete`` marks a round the
player stopped before its end. Every further line is one event — a fired transition with the
cards it moved and the wagers it settled — as in ``--json``. Since version 2 every line
carries a ``hash`` chaining it to the line before, the header's to the machine file's
SHA-256 (``machine_sha256``), keyed when the operator has a key (:mod:`.chain`)::

    {"kind": "header", "log": "pa-table-games round", "version": 3, "game": "blackjack", ...}
    {"kind": "event", "seq": 1, "trigger": "load_shoe", "source": "round_start", ..., "hash": "sha256:..."}

Amounts (the seats' wagers, a settlement's ``amount``, ``net`` and ``paid_off_table``) are JSON
numbers of dollars. Since version 3 each is a whole number of cents, written as the shortest
decimal that is exactly it (``10.01``, ``-5.0``) and read back exactly; a version-3 log holding
any other amount is malformed. Versions 1 and 2 (amounts in floating point, never rounded) are
still read; :mod:`pa_table_games.audit.replay` takes their settled amounts as matching within a cent.

Reading checks the form (:mod:`.log_format`) and the chain (a malformed line, a duplicate key, a NaN, a broken
hash is a :class:`LogFileError` naming its line). A version-1 log has no chain, so nothing shows it was not
edited: it is refused as unverifiable, like a broken chain, unless the reader allows version 1
(``replay --allow-v1``, for the committed version-1 logs). Whether the round followed the
regulation is :mod:`pa_table_games.audit.replay`'s job.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from pa_table_games.files import MAX_DEPTH, read_text, write_atomic
from pa_table_games.audit.chain import FINGERPRINTED, file_sha256, fingerprint, problem, seal
from pa_table_games.audit.log_format import (EXACT_MONEY, FORMAT, SINCE_VERSION_2, VERSION, LogFileError, check_event,
                                             check_header)
from pa_table_games.runtime.game import Game
from pa_table_games.money import as_json, money
from pa_table_games.equipment.flags import state_flags
from pa_table_games.equipment.shoe import Shoe, sides
from pa_table_games.equipment.table import Table

def _flags(obj: Any) -> dict[str, bool]:
    """The state flags of the shoe or the table, as they are."""
    return {name: getattr(obj, name) for name in state_flags(obj)}


@frozen
class Start:
    """The table as a round found it: the cards in the shoe (each side of a double shoe), next
    card first, and the flags."""

    sides: dict  # side -> card codes; a single shoe has one side, ""
    shoe_state: dict
    table: dict

    @classmethod
    def of(cls, table: Table) -> Start:
        shoe = table.shoe
        # a double shoe (§ 633a.7(d)) has two sides
        return cls({name: tuple(c.code for c in side.remaining()) for name, side in sides(shoe).items()},
                   _flags(shoe), _flags(table))


@frozen
class RoundLog:
    """A header (a mapping) and the events (mappings), each with the line it is on."""

    header: dict
    events: tuple[dict, ...] = field(converter=tuple)
    lines: tuple[int, ...] = field(converter=tuple)  # lines[i] is the line of events[i]
    file: str = "<log>"
    header_line: int = 1

    def to_jsonl(self, key: bytes | None = None) -> str:
        """The log as JSON Lines; a version-2 or later log is chained (keyed with ``key``) as it is written, a
        version-1 log (a log read back and relabelled) without the chain and the fields that came after it."""
        docs = [dict(self.header), *(dict(e) for e in self.events)]
        docs[0].pop("key_fingerprint", None)
        if key is not None and self.header.get("version", 0) >= FINGERPRINTED:
            docs[0]["key_fingerprint"] = fingerprint(key)
        if self.header.get("version") != 1:
            seal(docs, self.header["machine_sha256"], key)
        else:
            for doc in docs:
                for name in SINCE_VERSION_2:
                    doc.pop(name, None)
        return "".join(json.dumps(doc, ensure_ascii=False, allow_nan=False) + "\n" for doc in docs)


def _dealt_count(start: tuple[str, ...], after: Any) -> int:
    """How many cards the round took from the front of ``start``: all of them if the shoe was
    refilled (a reshuffle) — cards are conserved, so a refill comes after the rest was taken."""
    left = [c.code for c in after.remaining()]
    if len(left) <= len(start) and list(start[len(start) - len(left):]) == left:
        return len(start) - len(left)
    return len(start)


def _as_dealt(start: Start, shoe: Any) -> tuple[Any, Any]:
    """(shoe, undealt) for the header: lists for a single shoe, {side: list} for a double shoe."""
    after = sides(shoe)
    dealt = {name: _dealt_count(cards, after[name]) for name, cards in start.sides.items()}
    taken = {name: list(cards[:dealt[name]]) for name, cards in start.sides.items()}
    left = {name: list(cards[dealt[name]:]) for name, cards in start.sides.items()}
    return (taken[""], left[""]) if "" in start.sides else (taken, left)


def record(rnd: Any, start: Start, seats: dict[int, dict[str, float]], actions: list[str], *,
           seed: int | None = None, incomplete: bool = False) -> RoundLog:
    """The log of ``rnd``, which began at a table in state ``start`` with ``seats`` and was played with ``actions``.

    A ``seed`` means the shoe was shuffled from it; without one the shoe was stacked.
    ``incomplete`` marks a round stopped before its end (the decisions made so far are kept)."""
    taken, left = _as_dealt(start, rnd.shoe)
    header = {"kind": "header", "log": FORMAT, "version": VERSION, "game": rnd.game.info.name,
              "section": rnd.spec.section, "machine_sha256": file_sha256(str(rnd.spec.path)),
              "stacked": seed is None, "rules": _plain(attrs.asdict(rnd.rules)),
              "seats": {str(seat): {name: as_json(money(a)) for name, a in w.items()} for seat, w in sorted(seats.items())},
              "seed": seed, "shoe": taken, "undealt": left,
              "shoe_state": dict(start.shoe_state), "table": dict(start.table),
              "options": _plain(dict(rnd.options)), "actions": list(actions)}
    if incomplete:
        header["incomplete"] = True
    events = [{"kind": "event", **e.to_json()} for e in rnd.events]
    return RoundLog(header, events, range(2, len(events) + 2))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class Recorder:
    """Logs a round played by :func:`pa_table_games.cli.play.play_round` from a fresh table.

    A shuffled shoe without a seed gets one, so that the log can re-create it; the start
    is read from a twin table built the same way (a seed gives the same shoe every time).
    """

    def __init__(self, game: Game, seats: dict[int, dict[str, float]], *, seed: int | None,
                 shoe: str | None) -> None:
        self.seed = seed if seed is not None or shoe is not None else random.SystemRandom().randrange(2**31)
        self.seats = {seat: dict(w) for seat, w in seats.items()} or {1: {game.info.wagers[0]: money(10)}}
        twin = game.new_table(seed=self.seed, shoe=Shoe.stacked(shoe) if shoe is not None else None)
        self.start = Start.of(twin)
        self.shuffled = shoe is None  # a stacked shoe's generator is not the seed's

    def log(self, rnd: Any, actions: list[str], *, incomplete: bool = False) -> RoundLog:
        """The log of ``rnd``, played with ``actions``."""
        seed = self.seed if self.shuffled else None
        return record(rnd, self.start, self.seats, actions, seed=seed, incomplete=incomplete)

    def write(self, path: str | Path, rnd: Any, actions: list[str], *, incomplete: bool = False,
              key: bytes | None = None, replace: bool = True) -> Path:
        return write_log(path, self.log(rnd, actions, incomplete=incomplete), key, replace=replace)


def write_log(path: str | Path, log: RoundLog, key: bytes | None = None, *, replace: bool = True) -> Path:
    """Write ``log`` to ``path`` whole or not at all; without ``replace`` never over an existing file."""
    return write_atomic(path, log.to_jsonl(key), replace=replace)


# -- reading ------------------------------------------------------------------------------------
def read_log(path: str | Path, key: bytes | None = None, allow_v1: bool = False) -> RoundLog:
    """Parse and check the form of a round log and its hash chain (with ``key``, the keyed chain);
    any problem names its line. A version-1 log (no chain) is read only with ``allow_v1``."""
    file = str(path)
    text = read_text(path, LogFileError)
    header, events, lines = None, [], []
    for number, line in enumerate(text.split("\n"), 1):  # lines as an editor numbers them (not at U+2028, \f ...)
        if not line.strip():
            continue
        odd: list[str] = []  # numbers not written as the shortest decimal of their value (``2.000e1``)
        doc = _parse_line(line, file, number, odd)
        if not isinstance(doc, dict):
            raise LogFileError(file, number, "each line is a JSON object")
        kind = doc.get("kind")
        if header is None:
            if kind != "header":
                raise LogFileError(file, number, "the first line must be the header ({\"kind\": \"header\", ...})")
            check_header(doc, file, number)
            header, header_line = doc, number
        elif kind == "event":
            check_event(doc, file, number, header["version"])
            events.append(doc)
            lines.append(number)
        else:
            raise LogFileError(file, number, f"'kind' must be \"event\" after the header, not {kind!r}")
        if odd and header["version"] >= EXACT_MONEY:  # each amount is written one way, as the writer writes it
            raise LogFileError(file, number, f"the number {odd[0][:30]} is not written as the shortest decimal of its "
                               f"value ({float(odd[0])!r}): since version {EXACT_MONEY} every number is")
    if header is None:
        raise LogFileError(file, 1, "empty log: no header line")
    _check_chain(header, events, [header_line, *lines], file, key, allow_v1)
    return RoundLog(header, events, lines, file, header_line)


class _Duplicate(ValueError):
    """A JSON line no reader would read the same way: a key twice, NaN, a number beyond a float."""


def _unique(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object whose keys are all different (a reader keeping the first or the last would differ)."""
    doc = {}
    for k, v in pairs:
        if k in doc:
            raise _Duplicate(f"duplicate key {k!r}")
        doc[k] = v
    return doc


def _no_constant(word: str) -> Any:
    raise _Duplicate(f"{word} is not a JSON number (RFC 8259)")


def _finite(word: str, odd: list[str]) -> float:
    value = float(word)
    if not math.isfinite(value):
        raise _Duplicate(f"the number {word[:20]} is too large for a float")
    if repr(value) != word:
        odd.append(word)
    return value


def _parse_line(line: str, file: str, number: int, odd: list[str]) -> Any:
    """One line as JSON: no duplicate key, no NaN or Infinity, nested at most MAX_DEPTH deep; a number not written
    as the shortest decimal of its value is added to ``odd``."""
    try:
        doc = json.loads(line, object_pairs_hook=_unique, parse_constant=_no_constant,
                         parse_float=lambda word: _finite(word, odd))
    except json.JSONDecodeError as err:
        raise LogFileError(file, number, f"not JSON: {err.msg} (column {err.colno})") from None
    except _Duplicate as err:
        raise LogFileError(file, number, f"not JSON: {err}") from None
    except RecursionError:
        raise LogFileError(file, number, f"not JSON: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:  # a number too long for Python to read
        raise LogFileError(file, number, f"not JSON: {' '.join(str(err).split()[:8])}") from None
    if _depth(doc) > MAX_DEPTH:
        raise LogFileError(file, number, f"not JSON: nested deeper than {MAX_DEPTH} levels")
    return doc


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _check_chain(header: dict, events: list[dict], lines: list[int], file: str, key: bytes | None,
                 allow_v1: bool = False) -> None:
    """A version-2 or later log's hashes verify (keyed with ``key``, the key it names since version 4); a
    version-1 log has none to verify, so it is unverifiable unless ``allow_v1``."""
    found = problem([header, *events], key, allow_v1)
    if found is not None:
        raise LogFileError(file, lines[found[0]], found[1])
