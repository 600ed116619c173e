"""What a round log may hold, line by line: the format's name and versions, the header's and each event's fields,
their kinds and, by version, their amounts. :func:`pa_table_games.audit.log.read_log` asks it of every line; a line
that is not what the format says is a :class:`LogFileError` naming its file and line.
"""

from __future__ import annotations

import re
from typing import Any

from pa_table_games.audit.chain import FINGERPRINTED
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.errors import InputFileError, TableGamesError
from pa_table_games.games import round_options
from pa_table_games.money import MOST, amount_problem, whole_cents
from pa_table_games.numbers import is_whole

FORMAT = "pa-table-games round"
VERSION = 5
#: version 1: no hash chain, no 'stacked' (a log without a seed was stacked); version 2: amounts not
#: rounded to the cent; version 3: every amount whole cents (:mod:`pa_table_games.money`); version 4: a keyed
#: log's header names its key by fingerprint (:func:`pa_table_games.audit.chain.fingerprint`); version 5: a box's
#: split hands settled in one step go where they lie, not by their numbers (:func:`.turns.in_turn_order`)
VERSIONS = (1, 2, 3, 4, 5)
#: The first version whose amounts are all whole cents.
EXACT_MONEY = 3
#: The first version settling a box's hands where they lie: before it, after a resplit, by number.
HANDS_WHERE_THEY_LIE = 5
#: What a version-1 header never holds: the fields that came with version 2 (an event's 'hash' too)
SINCE_VERSION_2 = ("stacked", "machine_sha256", "incomplete", "hash")
_SEAT_KEY = re.compile(r"[1-9][0-9]{0,2}")
_FINGERPRINT = re.compile(r"[0-9a-f]{16}")

_HEADER = {"kind": True, "log": True, "version": True, "game": True, "section": False, "rules": True,
           "seats": True, "seed": False, "shoe": True, "undealt": False, "shoe_state": False,
           "table": False, "options": False, "actions": True, "stacked": False, "machine_sha256": False,
           "incomplete": False, "key_fingerprint": False, "hash": False}
_EVENT = {"kind": True, "seq": True, "trigger": True, "source": True, "dest": True, "cite": True,
          "seat": False, "hand": False, "cards": False, "settled": False, "notes": False, "hash": False}
_CARD = {"card": str, "to": str, "face_up": bool}
_SETTLED = {"seat": int, "wager": str, "hand": int, "amount": float, "outcome": str, "net": float, "cite": str}


class LogFileError(InputFileError):
    """A round log line that is not what the format says (``file:line: message``)."""



def _keys(doc: dict, known: dict, what: str, file: str, line: int) -> None:
    for key in doc:
        if key not in known:
            raise LogFileError(file, line, f"unknown field {key!r} in the {what}")
    for key, required in known.items():
        if required and key not in doc:
            raise LogFileError(file, line, f"the {what} is missing {key!r}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_amount(value: Any) -> bool:
    """A number a log's amount may be: finite and no larger than any the tables take (a version 1 or 2 amount, not
    yet whole cents, is compared in floating point: a larger one would not convert)."""
    return _is_number(value) and -MOST <= value <= MOST


def check_header(doc: dict, file: str, line: int) -> None:
    _keys(doc, _HEADER, "header", file, line)
    fail = lambda message: LogFileError(file, line, f"header: {message}")  # noqa: E731
    if doc["log"] != FORMAT or not is_whole(doc["version"]) or doc["version"] not in VERSIONS:  # 4.0 is no version
        raise fail(f"not a {FORMAT!r} log of version {' or '.join(map(str, VERSIONS))}")
    if doc["version"] >= 2:
        for key in ("section", "stacked", "machine_sha256", "hash"):
            if key not in doc:
                raise LogFileError(file, line, f"the header is missing {key!r}")
    elif any(key in doc for key in SINCE_VERSION_2):
        raise fail("'stacked', 'machine_sha256', 'incomplete' and 'hash' came with version 2")
    for key in ("game", "section", "machine_sha256"):
        if key in doc and not isinstance(doc[key], str):
            raise fail(f"{key!r} must be a string")
    if "key_fingerprint" in doc and (doc["version"] < FINGERPRINTED or not _FINGERPRINT.fullmatch(str(doc["key_fingerprint"]))):
        raise fail(f"'key_fingerprint' is 16 hex digits, in a keyed log of version {FINGERPRINTED} or later")
    for key in ("stacked", "incomplete"):
        if key in doc and not isinstance(doc[key], bool):
            raise fail(f"{key!r} must be true or false")
    if doc.get("stacked") is True and doc.get("seed") is not None:
        raise fail("a stacked shoe has no seed ('seed' must be null when 'stacked' is true)")
    if doc.get("stacked") is False and doc.get("seed") is None:
        raise fail("a shuffled shoe needs its 'seed' ('stacked' is false)")
    for key in ("rules", "seats", "options", "shoe_state", "table"):
        if not isinstance(doc.get(key, {}), dict):
            raise fail(f"{key!r} must be a mapping")
    for seat, wagers in doc["seats"].items():
        if not _SEAT_KEY.fullmatch(seat):
            raise fail(f"seat {seat!r}: a seat is a number written 1, 2, ... (no sign, no leading zero)")
        if not isinstance(wagers, dict) or not all(isinstance(k, str) and _is_number(v) and v > 0
                                                   for k, v in wagers.items()):
            raise fail(f"seat {seat!r}: seats map a seat number to {{wager: positive amount}}")
        for name, value in wagers.items():
            if doc["version"] >= EXACT_MONEY and amount_problem(value):
                raise fail(f"seat {seat!r}: {name} {value!r} is {amount_problem(value)} (version {EXACT_MONEY}"
                           " amounts are whole cents)")
            if not _is_amount(value):
                raise fail(f"seat {seat!r}: {name} is more than {MOST:,}")
    known = round_options(doc["game"])
    for name, value in doc.get("options", {}).items():
        if name not in known:
            raise fail(f"unknown round option {name!r} for {doc['game']} (known: {', '.join(known) or 'none'})")
        if not isinstance(value, known[name]) or isinstance(value, bool):
            raise fail(f"round option {name!r} must be a whole number, not {value!r}")
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


def check_event(doc: dict, file: str, line: int, version: int = VERSION) -> None:
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
        if key in doc and doc[key] < _LEAST[key]:
            raise fail(_below(key, doc[key]))
    _check_rows(doc.get("cards", []), _CARD, "cards", fail)
    _check_rows(doc.get("settled", []), _SETTLED, "settled", fail, optional={"paid_off_table": float})
    for i, row in enumerate(doc.get("settled", []), 1):
        for key in ("seat", "hand"):
            if row[key] < _LEAST[key]:
                raise fail(f"settled item {i}: {_below(key, row[key])}")
    if version >= EXACT_MONEY:
        for i, row in enumerate(doc.get("settled", []), 1):
            for key in ("amount", "net", "paid_off_table"):
                if key in row and not whole_cents(row[key]):
                    raise fail(f"settled item {i}: {key!r} {row[key]!r} is not a whole number of cents "
                               f"(version {EXACT_MONEY} amounts are whole cents)")


#: the least seat and hand a log names: seats are numbered from 1, a box's hands logged from 0 (shown from 1)
_LEAST = {"seat": 1, "hand": 0}


def _below(key: str, value: int) -> str:
    return f"{key!r} {value} is not a {key} (logged from {_LEAST[key]})"


def _check_rows(rows: Any, fields: dict, what: str, fail: Any, optional: dict | None = None) -> None:
    if not isinstance(rows, list):
        raise fail(f"{what!r} must be a list")
    allowed = {**fields, **(optional or {})}
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict) or set(fields) - set(row) or set(row) - set(allowed):
            raise fail(f"{what} item {i} must have exactly {', '.join(fields)}")
        for key, kind in allowed.items():
            if key in row and not (_is_amount(row[key]) if kind is float else
                                   isinstance(row[key], kind) and not (kind is int and isinstance(row[key], bool))):
                raise fail(f"{what} item {i}: {key!r} must be "
                           f"{f'a number from {-MOST:,} to {MOST:,}' if kind is float else kind.__name__}")
