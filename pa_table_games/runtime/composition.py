"""What a game's shoe is made of under its Rules, and checks of a shoe against it.

A stacked shoe (training, tests, replay) may hold fewer cards than the Rules' shoe, in any order,
but no card the game's decks do not have (a joker, ``JK``, in a Blackjack or Double Down Madness
shoe, whose decks are of 52 cards) and no card more often than the Rules' decks hold it: a round
no shoe could deal is not played or replayed. A shuffled shoe recorded in a log must be exactly
the Rules' shoe: so many decks, the joker or not, the cover card or not. So must a shuffled shoe a round is
dealt from (:func:`table_shoe_differs`), given or at a table made before; where its cover card lies is the
shoe's own (a game may cut at a depth each shuffle draws).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pa_table_games.equipment.cards import COVER_CARD
from pa_table_games.equipment.shoe import sides
from pa_table_games.errors import CardCodeError


def composition(game: Any) -> dict[str, Counter]:
    """Per side, every card of a freshly shuffled shoe under ``game``'s Rules (the cover card included)."""
    return {name: Counter(cards) for name, cards in game.rules_shoe.items()}


def check_stacked(game: Any, shoe: Any) -> None:
    """Refuse a stacked card the game's decks do not hold. The cover card is allowed where the game's shoe has one (it
    is not dealt); a Pai Gow deck, placed whole in a manual shoe (§ 670a.8(a)), has none."""
    made = composition(game)
    made_of = set().union(*made.values())
    title = game.spec.title.split(":")[0]
    stacked = sides(shoe)
    if stacked.keys() != made.keys():
        return  # a single shoe where the Rules deal from a double one, or the reverse: the game's own check names it
    for name, side in stacked.items():
        held, seen = made[name], Counter()
        for position, card in enumerate(side.remaining(), 1):
            where = f"{name} side, card {position}" if name else f"card {position}"
            if card not in made_of:
                what = (f"{card.code}: a {title} shoe has no cover card" if card is COVER_CARD
                        else f"{card.code} is not a card of a {title} shoe")
                raise CardCodeError(f"{where}: {what} ({_describe(game)}, Rules decks)")
            seen[card] += 1
            if seen[card] > held[card]:
                raise CardCodeError(f"{where}: {card.code} once more than a {title} shoe holds: {held[card]} in "
                                    f"{_describe(game)} (Rules decks)")


def shuffled_differs(game: Any, shoe: Any) -> str | None:
    """How a shoe said to be shuffled differs from the Rules' shoe, or ``None`` when it is one."""
    expected = composition(game)
    got = {name: Counter(side.remaining()) for name, side in sides(shoe).items()}
    if set(got) != set(expected):
        return f"the Rules deal from {'a double' if len(expected) > 1 else 'a single'} shoe"
    for name, cards in expected.items():
        have = got[name]
        if have != cards:
            side = f"{name} side: " if name else ""
            missing, extra = cards - have, have - cards
            detail = "; ".join(part for part in (
                f"missing {_few(missing)}" if missing else "", f"extra {_few(extra)}" if extra else "") if part)
            return (f"{side}{sum(have.values())} cards, not the {sum(cards.values())} of the Rules' shoe "
                    f"({_describe(game)}): {detail}")
    return None


def table_shoe_differs(game: Any, shoe: Any, whose: str = "the table's shoe") -> str | None:
    """How a shuffled shoe (``whose``, in words) differs from the shoe ``game``'s Rules deal from: other cards put in
    it (a fresh deck brought to complete a round aside); None when it holds those cards, or when it is stacked (the
    order a developer chose: :func:`check_stacked` reads its cards)."""
    have, made, rules = sides(shoe), game.rules_shoe, game.rules
    if any(side.stacked_order for side in have.values()):
        return None
    if set(have) != set(made):
        return (f"{whose} is {_kind(have)} shoe; these Rules deal from {_kind(made)} shoe"
                f"{_option(rules, 'double_shoe')}")
    for name, cards in made.items():
        side = have[name]
        where, each = (f"the {name} side of {whose}", " in each side") if name else (whose, "")
        put_in = side.loaded - side.brought if side.brought else side.loaded
        if put_in != cards:
            size = 53 if any(card.is_joker for card in cards) else 52
            held, dealt = (sum(n for card, n in c.items() if card is not COVER_CARD) for c in (put_in, cards))
            if held != dealt and put_in.keys() == cards.keys():
                return (f"{where} holds {_decks(held, size)}; these Rules deal {_decks(dealt, size, count=False)}"
                        f"{each}{_option(rules, 'decks')}")
            missing, extra = cards - put_in, put_in - cards
            if put_in.keys() != cards.keys():  # a kind of card one has and the other has not (a joker, the cover card)
                missing = Counter({card: n for card, n in missing.items() if card not in put_in})
                extra = Counter({card: n for card, n in extra.items() if card not in cards})
            return f"{where} is not the shoe these Rules deal from: " + "; ".join(part for part in (
                f"missing {_few(missing)}" if missing else "", f"extra {_few(extra)}" if extra else "") if part)
    return None


def _kind(shoe_sides: dict) -> str:
    return "a double" if len(shoe_sides) > 1 else "a single"


def _decks(cards: int, size: int, count: bool = True) -> str:
    """``1 deck (52 cards)``, ``6 decks`` (not ``count``), or ``60 cards`` (not whole decks of ``size``)."""
    if cards % size:
        return f"{cards} cards"
    decks = f"{cards // size} deck{'s' * (cards != size)}"
    return f"{decks} ({cards} cards)" if count else decks


def _option(rules: Any, name: str) -> str:
    """`` (Rules option NAME)`` where the game's Rules have that option."""
    return f" (Rules option {name})" if hasattr(rules, name) else ""


def _describe(game: Any) -> str:
    decks = getattr(game.rules, "decks", 1)
    joker = any(card.is_joker for side in composition(game).values() for card in side)
    return f"{decks} deck{'s' if decks != 1 else ''} of {53 if joker else 52} cards"


def _few(cards: Counter) -> str:
    shown = [f"{count}x {card.code}" if count > 1 else card.code for card, count in sorted(
        cards.items(), key=lambda item: item[0].code)]
    return ", ".join(shown[:5]) + (f" and {len(shown) - 5} more" if len(shown) > 5 else "")
