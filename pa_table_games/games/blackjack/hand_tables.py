"""Blackjack-family strategies as data: hard, soft and pair tables read from YAML.

A table file (``strategy_tables/blackjack_basic.yaml``) gives, for each hand total and each dealer up card
``2 3 4 5 6 7 8 9 T A``, a code: ``H`` hit, ``S`` stand, ``Dh``/``Ds`` double else hit/stand,
``Rh``/``Rs`` surrender else hit/stand, and in the pair table ``P`` split, ``Ph`` split when
the Rules allow a double down after a split (else play the total), ``-`` do not split.
"Else" applies whenever the first choice is not a legal decision now (a third card, a split
hand, a Rules restriction), so one table serves every Rules Submission the machine allows.
A file also lists ``offers``: the answer to each decision that is not playing a hand, in
order, the first legal one given (``[even_money=no, insurance=no, house_money=keep]``).

The decision reads only the acting hand, the dealer's up card and the legal decisions,
through the layout shared by Blackjack (§ 633a.7) and Double Down Madness (§ 692.7), so the
same class plays both. Every problem in a file is a :class:`StrategyFileError` with ``file:line``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pa_table_games.errors import InputFileError, TableGamesError
from pa_table_games.games.blackjack.hand import POINTS
from pa_table_games.machine.yamlio import LineDict, check_text, load_yaml

#: Dealer up cards, one column each; ``T`` is any 10-value card.
COLUMNS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
TOTAL_CODES = {"H", "S", "Dh", "Ds", "Rh", "Rs"}
PAIR_CODES = {"P", "Ph", "-"}
#: Totals each table must cover (a one-card Double Down Madness hand is hard 2-10 or soft 11).
HARD, SOFT = range(2, 22), range(11, 22)
PAIR_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
_KEYS = {"name", "games", "summary", "offers", "hard", "soft", "pairs"}
_WORD = re.compile(r"^[a-z][a-z0-9_]*(=[a-z0-9_]+)?$")
_ROW = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class StrategyFileError(InputFileError):
    """A strategy table file breaks a rule (unknown key or code, a missing or repeated total)."""


#: an up card's rank -> its column in the tables
COLUMN = {rank: 9 if value == 1 else value - 2 for rank, value in POINTS.items()}


class HandTable:
    """A strategy read from a table file; ``choose(rnd, legal)`` returns the action word."""

    def __init__(self, path: Path, name: str, games: tuple[str, ...], summary: str, offers: tuple[str, ...],
                 hard: dict[int, tuple[str, ...]], soft: dict[int, tuple[str, ...]],
                 pairs: dict[int, tuple[str, ...]]) -> None:
        self.path, self.name, self.games, self.summary, self.offers = path, name, games, summary, offers
        self.hard, self.soft, self.pairs = hard, soft, pairs
        self.double_after_split = True
        self.line = self.offers_line = self.games_line = 1  # the lines of its name, offers and games in its file

    def for_rules(self, rules: Any) -> HandTable:
        """This table bound to a game's Rules (``Ph`` reads ``double_after_split``)."""
        bound = type(self)(self.path, self.name, self.games, self.summary, self.offers,
                           self.hard, self.soft, self.pairs)
        bound.double_after_split = bool(getattr(rules, "double_after_split", True))
        bound.line, bound.offers_line, bound.games_line = self.line, self.offers_line, self.games_line
        return bound

    def check_offers(self, decisions: Callable[[str], frozenset[str] | None]) -> None:
        """Each answer of ``offers`` is a decision of one of the table's games (``decisions(game)``: its player
        decisions, None for a game not installed): a misspelt one is refused where the strategy is named, at its
        line, not met mid-simulation as a decision no state offers."""
        known = [found for game in self.games if (found := decisions(game)) is not None]
        for offer in self.offers if known else ():
            if not any(offer in found for found in known):
                raise StrategyFileError(self.path, self.offers_line, f"offer {offer!r} is no decision of "
                                        f"{' or '.join(self.games)}")

    def choose(self, rnd: Any, legal: Any) -> str:
        """The answer to an offer (the first of ``offers`` that is legal), else the tables' play of the hand."""
        first_of = getattr(legal, "first_of", None)  # the compiled runner's: one question for all the offers
        offered = first_of(self.offers) if first_of is not None else [w for w in self.offers if w in legal][:1]
        if offered:
            return offered[0]
        lay = rnd.layout
        hand = rnd.turn
        if hand is None:
            raise TableGamesError(f"strategy {self.name!r} has no answer among {', '.join(legal)} ({self.path.name})")
        cards = hand.cards
        column = COLUMN[lay.up_card.rank]
        if len(cards) == 2 and self.pairs:
            first = POINTS[cards[0].rank]
            if first == POINTS[cards[1].rank] and first in self.pairs:
                code = self.pairs[first][column]
                if (code == "P" or (code == "Ph" and self.double_after_split)) and "split" in legal:
                    return "split"
            if getattr(hand, "split_aces", False) and "hit" not in legal:
                return "stand"  # § 633a.11: a split ace holding an ace it may split again, kept: one card only
        code = (self.soft if hand.soft else self.hard)[min(hand.total, 21)][column]
        if code == "H" or code == "S":
            return "hit" if code == "H" else "stand"
        first, otherwise = code[0], ("hit" if code[1] == "h" else "stand")
        word = "double" if first == "D" else "surrender"
        return word if word in legal else otherwise


def load_table(path: Path) -> HandTable:
    """Read and check one table file."""
    doc = load_yaml(path, StrategyFileError)
    if not isinstance(doc, LineDict):
        raise StrategyFileError(path, 1, "a strategy file is a mapping: name, games, hard, soft, pairs ...")
    check_text(doc, lambda line, message: StrategyFileError(path, line, message))  # its summary is shown as it is
    for key in doc:
        if key not in _KEYS:
            raise StrategyFileError(path, doc.line_of(key), f"unknown key {key!r} (allowed: {', '.join(sorted(_KEYS))})")
    for key in ("name", "games", "summary", "hard", "soft"):
        if key not in doc:
            raise StrategyFileError(path, doc.line, f"missing {key!r}")
    offers = doc.get("offers", [])
    if not isinstance(offers, list) or not all(isinstance(w, str) and _WORD.match(w) for w in offers):
        raise StrategyFileError(path, doc.line_of("offers"), "'offers' must be a list of action words like insurance=no")
    for key in ("name", "summary"):
        if not isinstance(doc[key], str) or not doc[key].strip():
            raise StrategyFileError(path, doc.line_of(key), f"{key!r} must be a text, not {doc[key]!r}")
    if not _NAME.match(doc["name"]):
        raise StrategyFileError(path, doc.line_of("name"), f"'name' must be a word like basic or stand17 (lower case, "
                                f"digits, - and _), not {doc['name']!r}")
    games = doc["games"]
    if not isinstance(games, list) or not games or not all(isinstance(g, str) for g in games):
        raise StrategyFileError(path, doc.line_of("games"), "'games' must be a list of game names")
    hard = _totals(path, doc, "hard", HARD, TOTAL_CODES)
    soft = _totals(path, doc, "soft", SOFT, TOTAL_CODES)
    pairs = _pairs(path, doc)
    table = HandTable(path, doc["name"], tuple(games), doc["summary"], tuple(offers), hard, soft, pairs)
    table.line, table.offers_line, table.games_line = doc.line_of("name"), doc.line_of("offers"), doc.line_of("games")
    return table


def _codes(path: Path, node: LineDict, key: Any, allowed: set[str]) -> tuple[str, ...]:
    row = node[key]
    codes = str(row).split() if isinstance(row, str) else []
    if len(codes) != len(COLUMNS):
        raise StrategyFileError(path, node.line_of(key), f"row {key!r} needs {len(COLUMNS)} codes, one per up card "
                                f"{' '.join(COLUMNS)}")
    for code in codes:
        if code not in allowed:
            raise StrategyFileError(path, node.line_of(key), f"row {key!r}: unknown code {code!r} "
                                    f"(allowed: {', '.join(sorted(allowed))})")
    return tuple(codes)


def _totals(path: Path, doc: LineDict, key: str, wanted: range, allowed: set[str]) -> dict[int, tuple[str, ...]]:
    node = doc[key]
    if not isinstance(node, LineDict):
        raise StrategyFileError(path, doc.line_of(key), f"{key!r} must map totals (\"12\" or \"13-16\") to codes")
    table: dict[int, tuple[str, ...]] = {}
    for row in node:
        match = _ROW.match(str(row))
        if not match:
            raise StrategyFileError(path, node.line_of(row), f"{key} row {row!r} must be a total or a range like 13-16")
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        codes = _codes(path, node, row, allowed)
        for total in range(low, high + 1):
            if total not in wanted or total in table:
                why = "is given twice" if total in table else f"is outside {wanted.start}-{wanted.stop - 1}"
                raise StrategyFileError(path, node.line_of(row), f"{key} total {total} {why}")
            table[total] = codes
    missing = [t for t in wanted if t not in table]
    if missing:
        raise StrategyFileError(path, node.line, f"{key} table has no row for {', '.join(map(str, missing))}")
    return table


def _pairs(path: Path, doc: LineDict) -> dict[int, tuple[str, ...]]:
    node = doc.get("pairs", LineDict())
    if not isinstance(node, LineDict):
        raise StrategyFileError(path, doc.line_of("pairs"), "'pairs' must map A, 2-9, T to codes")
    table = {}
    for rank in node:
        if str(rank) not in PAIR_RANKS:
            raise StrategyFileError(path, node.line_of(rank), f"pair {rank!r} must be one of {' '.join(PAIR_RANKS)}")
        table[POINTS[str(rank)]] = _codes(path, node, rank, PAIR_CODES)
    return table
