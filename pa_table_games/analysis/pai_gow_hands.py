"""How many six-card hands of the 53-card deck make each poker hand: exact counts by pattern classes.

§ 670a.8(d) deals six cards to each position from one deck of 52 cards and the joker, so a
position's six cards are one of ``C(53, 6) = 22,957,480`` equally likely sets. The Fortune
Bonus and the Progressive Payout Wager are settled on the best five-card hand among those six
(:func:`~pa_table_games.games.six_card_fortune_pai_gow.poker.best_six_card_category`, the very
function settlement calls), so their price is a count of hands per hand name.

**Method** (exact, about 54,000 hands ranked instead of 23 million): suits only matter
through a flush, and a six-card hand can hold a flush in at most one suit. So the sets split in two:

1. *Flush-capable* sets: five or six cards of one suit, or (with the joker) four or five of the
   five other cards in one suit. These are listed directly: the suited ranks, then the other
   card's rank; each listed hand stands for the 4 choices of the flush suit times the 3 choices
   of the other card's suit (suits are interchangeable: no suit is named and suits never break ties).
2. Every other set ranks the same whatever its suits (no five ranked cards share a suit), so it is
   ranked once per multiset of ranks (with or without the joker), counted as the number of
   ways to give those ranks suits, ``prod C(4, copies)``, less the flush-capable ways of part 1.

Every representative hand is ranked by the game's own function, under the Rules' joker rule, so
the price and the play cannot disagree. The counts add up to ``C(53, 6)`` (checked on every call).

**Cache**: a cold count takes a few seconds of CPU, so the full deck's counts are kept beside the
dealer's probabilities (:func:`~pa_table_games.analysis.dealer_cache.cache_dir`) as a small JSON
file named for the joker rule and a digest of ``poker.py`` and this module
(:func:`~pa_table_games.analysis.dealer_cache.code_digest`): an edited ranking or count is never priced from
old counts. A file that is not a count of every hand is ignored and computed again.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from pa_table_games.analysis.dealer_cache import cache_dir, code_digest
from pa_table_games.equipment.cards import JOKER, RANKS, SUITS, Card
from pa_table_games.files import OutputFileError, write_atomic
from pa_table_games.games.six_card_fortune_pai_gow import poker
from pa_table_games.games.six_card_fortune_pai_gow.poker import JokerRule, best_six_card_category

#: Told ``(classes ranked, classes in all)`` as a cold count goes (the CLI's bar); never when cached.
Heard = Callable[[int, int], None]

HAND = 6
#: How the counts were obtained, printed with every exact price.
METHOD = ("exact: every six-card hand of the 53-card deck (C(53,6) = 22,957,480), counted by pattern "
          "classes (flush-capable hands listed by suited ranks, the rest by rank multiset) and each class "
          "ranked by the game's own best_six_card_category")


def _card(rank: str, suit: str) -> Card:
    return Card.from_code(rank + suit)


_KNOWN: dict[tuple[JokerRule, str], dict[str, int]] = {}


def six_card_counts(joker_rule: JokerRule = JokerRule.BUG, ranks: str = RANKS,
                    heard: Heard | None = None) -> dict[str, int]:
    """Hand name -> how many six-card sets of the deck make it (see the module doc).

    ``ranks`` makes the deck smaller (four suits of those ranks and the joker) for cross-checks;
    the game's deck is every rank (the only one cached on disk)."""
    key = (joker_rule, ranks)
    if key not in _KNOWN:
        path = _path(joker_rule) if ranks == RANKS else None
        counts = _stored(path, _total(ranks))
        if counts is None:
            counts = _count(joker_rule, ranks, heard)
            _save(path, counts)
        _KNOWN[key] = counts
    return dict(_KNOWN[key])


def _total(ranks: str) -> int:
    return math.comb(len(ranks) * len(SUITS) + 1, HAND)


def _path(joker_rule: JokerRule) -> Path | None:
    folder = cache_dir()
    digest = code_digest(poker.__file__, __file__)
    return None if folder is None else folder / f"six-card-hands-{joker_rule.value}-{digest}.json"


def _stored(path: Path | None, total: int) -> dict[str, int] | None:
    """The cached counts, if the file is a count of every hand by known names; else None."""
    if path is None or not path.is_file() or path.stat().st_size > 4096:
        return None
    try:
        counts = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    names = set(poker.CATEGORY_NAMES) | {"royal flush", "five aces"}
    if not isinstance(counts, dict) or not set(counts) <= names or \
            not all(type(v) is int and v > 0 for v in counts.values()) or sum(counts.values()) != total:
        return None
    return counts


def _save(path: Path | None, counts: dict[str, int]) -> None:
    """Keep the counts for the next run; a cache that cannot be written only costs that run the time."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(counts, indent=1, sort_keys=True))
    except (OSError, OutputFileError):
        return


def _count(joker_rule: JokerRule, ranks: str, heard: Heard | None) -> dict[str, int]:
    """The count itself (see the module doc)."""
    flush_suit, off_suit = SUITS[0], SUITS[1]
    n = len(ranks)
    # hands ranked: part 1 exactly, part 2 at most (multisets with five copies of a rank are skipped)
    steps = math.comb(n, 6) + math.comb(n, 5) * (1 + n) + math.comb(n, 4) * n + math.comb(n + 5, 6) \
        + math.comb(n + 4, 5)
    ranked = 0

    def name(cards: list[Card]) -> str:
        nonlocal ranked
        ranked += 1
        if heard is not None and ranked % 2000 == 0:
            heard(ranked, steps)
        return best_six_card_category(cards, joker_rule).name

    counts: Counter[str] = Counter()
    flush_ways: Counter[tuple[tuple[int, ...], bool]] = Counter()  # (rank indices, joker) -> ways counted in 1.
    index = {rank: i for i, rank in enumerate(ranks)}

    def listed(suited: tuple[str, ...], other: str | None, joker: bool) -> None:
        cards = [_card(r, flush_suit) for r in suited]
        ways = 4
        if other is not None:
            cards.append(_card(other, off_suit))
            ways *= 3
        if joker:
            cards.append(JOKER)
        counts[name(cards)] += ways
        held = sorted(index[r] for r in (*suited, *([other] if other else [])))
        flush_ways[tuple(held), joker] += ways

    # 1. flush-capable sets
    for suited in combinations(ranks, 6):
        listed(suited, None, False)
    for suited in combinations(ranks, 5):
        listed(suited, None, True)
        for other in ranks:
            listed(suited, other, False)
    for suited in combinations(ranks, 4):
        for other in ranks:
            listed(suited, other, True)

    # 2. the rest, one rank multiset at a time; card i gets suit i mod 4 (copies of a rank sit
    #    together, so they get different suits, and no suit holds more than two cards)
    for joker in (False, True):
        for held in combinations_with_replacement(range(len(ranks)), HAND - joker):
            copies = Counter(held)
            if max(copies.values()) > len(SUITS):
                continue
            ways = math.prod(math.comb(len(SUITS), c) for c in copies.values()) - flush_ways[held, joker]
            if ways:
                cards = [_card(ranks[r], SUITS[i % len(SUITS)]) for i, r in enumerate(held)]
                counts[name(cards + [JOKER] * joker)] += ways

    if heard is not None:
        heard(steps, steps)
    if sum(counts.values()) != _total(ranks):  # a broken class split, never the caller's doing
        raise AssertionError(f"six-card counts add to {sum(counts.values())}, not {_total(ranks)}")
    return dict(counts)
