"""Round logs: one round as JSON Lines, written by ``play --log`` and read back by ``replay``.

Line 1 is the header: what is needed to re-run the round — the game, the Rules as a
mapping, the seats, the shoe as dealt (``shoe``: the cards the round took out of the shoe,
in order; ``undealt``: the cards left behind them; for a double shoe, § 633a.7(d), each is
``{"red": [...], "black": [...]}``), the seed of a shuffled shoe (its generator also draws
any chance inside the round, e.g. a Pai Gow starting position), the shoe and table flags at
the start, the round options and the player decisions, in order. Every further line is one event —
a fired transition with the cards it moved and the wagers it settled — as in ``--json``::

    {"kind": "header", "log": "pa-table-games round", "version": 1, "game": "blackjack", ...}
    {"kind": "event", "seq": 1, "trigger": "load_shoe", "source": "round_start", ...}

Reading checks the form only (a malformed line is a :class:`LogFileError` naming its
line); whether the round followed the regulation is :mod:`pa_table_games.tools.replay`'s job.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from pa_table_games.equipment.cards import parse_cards
from pa_table_games.errors import InputFileError, TableGamesError
from pa_table_games.runtime.game import Game
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.equipment.table import Table

FORMAT = "pa-table-games round"
VERSION = 1

_HEADER = {"kind": True, "log": True, "version": True, "game": True, "section": False, "rules": True,
           "seats": True, "seed": False, "shoe": True, "undealt": False, "shoe_state": False,
           "table": False, "options": False, "actions": True}
_EVENT = {"kind": True, "seq": True, "trigger": True, "source": True, "dest": True, "cite": True,
          "seat": False, "hand": False, "cards": False, "settled": False, "notes": False}
_CARD = {"card": str, "to": str, "face_up": bool}
_SETTLED = {"seat": int, "wager": str, "hand": int, "amount": float, "outcome": str, "net": float, "cite": str}


class LogFileError(InputFileError):
    """A round log line that is not what the format says (``file:line: message``)."""


def _flags(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, bool]:
    """The plain true/false fields of an attrs object (the shoe's and table's state flags)."""
    return {f.name: getattr(obj, f.name) for f in attrs.fields(type(obj))
            if f.type in ("bool", bool) and f.name not in skip}


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
        sides = getattr(shoe, "sides", None) or {"": shoe}  # a double shoe (§ 633a.7(d)) has two
        return cls({name: tuple(c.code for c in side.remaining()) for name, side in sides.items()},
                   _flags(shoe, ("stacked_order",)), _flags(table))


@frozen
class RoundLog:
    """A header (a mapping) and the events (mappings), each with the line it is on."""

    header: dict
    events: tuple[dict, ...] = field(converter=tuple)
    lines: tuple[int, ...] = field(converter=tuple)  # lines[i] is the line of events[i]
    file: str = "<log>"
    header_line: int = 1

    def to_jsonl(self) -> str:
        return "".join(json.dumps(doc, ensure_ascii=False) + "\n" for doc in (self.header, *self.events))


def _dealt_count(start: tuple[str, ...], after: Any) -> int:
    """How many cards the round took from the front of ``start``: all of them if the shoe was
    refilled (a reshuffle) — cards are conserved, so a refill comes after the rest was taken."""
    left = [c.code for c in after.remaining()]
    if len(left) <= len(start) and list(start[len(start) - len(left):]) == left:
        return len(start) - len(left)
    return len(start)


def _as_dealt(start: Start, shoe: Any) -> tuple[Any, Any]:
    """(shoe, undealt) for the header: lists for a single shoe, {side: list} for a double shoe."""
    after = getattr(shoe, "sides", None) or {"": shoe}
    dealt = {name: _dealt_count(cards, after[name]) for name, cards in start.sides.items()}
    taken = {name: list(cards[:dealt[name]]) for name, cards in start.sides.items()}
    left = {name: list(cards[dealt[name]:]) for name, cards in start.sides.items()}
    return (taken[""], left[""]) if "" in start.sides else (taken, left)


def record(rnd: Any, start: Start, seats: dict[int, dict[str, float]], actions: list[str], *,
           seed: int | None = None) -> RoundLog:
    """The log of ``rnd``, which began at a table in state ``start`` with ``seats`` and was played with ``actions``."""
    taken, left = _as_dealt(start, rnd.shoe)
    header = {"kind": "header", "log": FORMAT, "version": VERSION, "game": rnd.game.info.name,
              "section": rnd.spec.section, "rules": _plain(attrs.asdict(rnd.rules)),
              "seats": {str(seat): dict(w) for seat, w in sorted(seats.items())},
              "seed": seed, "shoe": taken, "undealt": left,
              "shoe_state": dict(start.shoe_state), "table": dict(start.table),
              "options": _plain(dict(rnd.options)), "actions": list(actions)}
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
        self.seats = {seat: dict(w) for seat, w in seats.items()} or {1: {game.info.wagers[0]: 10.0}}
        twin = game.new_table(seed=self.seed, shoe=Shoe.stacked(shoe) if shoe is not None else None)
        self.start = Start.of(twin)
        self.shuffled = shoe is None  # a stacked shoe's generator is not the seed's

    def write(self, path: str | Path, rnd: Any, actions: list[str]) -> Path:
        seed = self.seed if self.shuffled else None
        return write_log(path, record(rnd, self.start, self.seats, actions, seed=seed))


def write_log(path: str | Path, log: RoundLog) -> Path:
    path = Path(path)
    try:
        path.write_text(log.to_jsonl(), encoding="utf-8")
    except OSError as err:
        raise TableGamesError(f"{path}: cannot write the log: {err.strerror or err}") from None
    return path


# -- reading ------------------------------------------------------------------------------------
def read_log(path: str | Path) -> RoundLog:
    """Parse and check the form of a round log; any problem names its line."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise LogFileError(file, None, f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    header, events, lines = None, [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as err:
            raise LogFileError(file, number, f"not JSON: {err.msg} (column {err.colno})") from None
        if not isinstance(doc, dict):
            raise LogFileError(file, number, "each line is a JSON object")
        kind = doc.get("kind")
        if header is None:
            if kind != "header":
                raise LogFileError(file, number, "the first line must be the header ({\"kind\": \"header\", ...})")
            _check_header(doc, file, number)
            header, header_line = doc, number
        elif kind == "event":
            _check_event(doc, file, number)
            events.append(doc)
            lines.append(number)
        else:
            raise LogFileError(file, number, f"'kind' must be \"event\" after the header, not {kind!r}")
    if header is None:
        raise LogFileError(file, 1, "empty log: no header line")
    return RoundLog(header, events, lines, file, header_line)


def _keys(doc: dict, known: dict, what: str, file: str, line: int) -> None:
    for key in doc:
        if key not in known:
            raise LogFileError(file, line, f"unknown field {key!r} in the {what}")
    for key, required in known.items():
        if required and key not in doc:
            raise LogFileError(file, line, f"the {what} is missing {key!r}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_header(doc: dict, file: str, line: int) -> None:
    _keys(doc, _HEADER, "header", file, line)
    fail = lambda message: LogFileError(file, line, f"header: {message}")  # noqa: E731
    if doc["log"] != FORMAT or doc["version"] != VERSION:
        raise fail(f"not a {FORMAT!r} log of version {VERSION}")
    if not isinstance(doc["game"], str):
        raise fail("'game' must be a game name")
    for key in ("rules", "seats", "options", "shoe_state", "table"):
        if not isinstance(doc.get(key, {}), dict):
            raise fail(f"{key!r} must be a mapping")
    for seat, wagers in doc["seats"].items():
        if not str(seat).isdigit() or not isinstance(wagers, dict) or \
                not all(isinstance(k, str) and _is_number(v) and v > 0 for k, v in wagers.items()):
            raise fail(f"seat {seat!r}: seats map a seat number to {{wager: positive amount}}")
    for key in ("shoe", "undealt", "actions"):
        value = doc.get(key, [])
        sides = value.values() if isinstance(value, dict) and key != "actions" else [value]
        if not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in sides):
            raise fail(f"{key!r} must be a list of strings" + ("" if key == "actions" else
                                                                 " (or {side: list} for a double shoe)"))
    for key in ("shoe_state", "table"):
        if not all(isinstance(v, bool) for v in doc.get(key, {}).values()):
            raise fail(f"{key!r} holds true/false flags only")
    if doc.get("seed") is not None and (not isinstance(doc["seed"], int) or isinstance(doc["seed"], bool)):
        raise fail("'seed' must be a whole number or null")
    try:
        for key in ("shoe", "undealt"):
            value = doc.get(key, [])
            for cards in value.values() if isinstance(value, dict) else [value]:
                parse_cards(cards)
    except TableGamesError as err:
        raise fail(f"shoe: {err}") from None


def _check_event(doc: dict, file: str, line: int) -> None:
    _keys(doc, _EVENT, "event", file, line)
    fail = lambda message: LogFileError(file, line, f"event: {message}")  # noqa: E731
    if not isinstance(doc["seq"], int) or isinstance(doc["seq"], bool):
        raise fail("'seq' must be a whole number")
    for key in ("trigger", "source", "dest"):
        if not isinstance(doc[key], str) or not doc[key]:
            raise fail(f"{key!r} must be a non-empty string")
    for key in ("cite", "notes"):
        if not isinstance(doc.get(key, []), list) or not all(isinstance(c, str) for c in doc.get(key, [])):
            raise fail(f"{key!r} must be a list of strings")
    for key in ("seat", "hand"):
        if key in doc and (not isinstance(doc[key], int) or isinstance(doc[key], bool)):
            raise fail(f"{key!r} must be a whole number")
    _check_rows(doc.get("cards", []), _CARD, "cards", fail)
    _check_rows(doc.get("settled", []), _SETTLED, "settled", fail, optional={"paid_off_table": float})


def _check_rows(rows: Any, fields: dict, what: str, fail: Any, optional: dict | None = None) -> None:
    if not isinstance(rows, list):
        raise fail(f"{what!r} must be a list")
    allowed = {**fields, **(optional or {})}
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict) or set(fields) - set(row) or set(row) - set(allowed):
            raise fail(f"{what} item {i} must have exactly {', '.join(fields)}")
        for key, kind in allowed.items():
            if key in row and not (_is_number(row[key]) if kind is float else
                                   isinstance(row[key], kind) and not (kind is int and isinstance(row[key], bool))):
                raise fail(f"{what} item {i}: {key!r} must be {'a number' if kind is float else kind.__name__}")
