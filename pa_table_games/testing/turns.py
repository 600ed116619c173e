"""Every ``turns:`` declaration is load-bearing: flip its direction (``dealer_left`` <-> ``dealer_right``) in a copy
of the machine file and the same rounds must go another way somewhere: in the order of the events, or of the
cards and settlements inside one. A declaration the actions ignore (they order the boxes themselves) would replay
identically: a finding at the declaration's line.

The rounds: seeded ones with three to six seats (random Rules, most wagers placed), the stored scenarios of the
game when there are (they reach every transition) and the stacked tables their file gives as hints (for a pass
too rare for random rounds: two progressive jackpots verified, say); each decision is made by what the deciding
seat and hand hold and have decided before (half the time by the game's default strategy), never by when they
are asked, so the decisions are the same whichever way the table is gone round.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from pa_table_games.files import read_text
from pa_table_games.games import game_info, load_game
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.review.coverage import ScenarioFileError, read_scenarios
from pa_table_games.rules.options import rules_from_mapping
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.runtime.game import Game, bind
from pa_table_games.strategies import get_strategy, strategy_names
from pa_table_games.testing.findings import Findings
from pa_table_games.testing.randomplay import decision_words, positions, random_rules, valid_seats

_FROM = re.compile(r"\bfrom:\s*(dealer_left|dealer_right)\b")
FLIP = {"dealer_left": "dealer_right", "dealer_right": "dealer_left"}


def declarations(spec: Any, text: str) -> list[tuple[int, int, int]]:
    """(line, start, end) of each flippable ``from:`` of a ``turns:`` declaration, in file order."""
    elements = sorted([s.line for s in spec.states] + [t.line for t in spec.transitions])
    offsets = [0]
    for line in text.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    found = []
    for element in [s for s in spec.states if s.turns] + [t for t in spec.transitions if t.turns]:
        if element.turns.start not in FLIP:
            continue
        later = [line for line in elements if line > element.line]
        end = offsets[min(later[0] - 1, len(offsets) - 1)] if later else len(text)
        match = _FROM.search(text, offsets[element.line - 1], end)
        if match is not None:
            found.append((text[:match.start()].count("\n") + 1, *match.span(1)))
    return sorted(set(found))


def _decide(rnd: Any, seed: int, made: dict, strategy: Any) -> str:
    """The word the deciding seat and hand choose, by what they hold and decided before, never by when they are
    asked: half the time the game's default strategy's (it reads the hand), else one of the legal words."""
    words = sorted(decision_words(rnd))
    who = rnd.deciding() or (None, None)
    made[who] = made.get(who, 0) + 1
    pick = random.Random(f"{seed}:{who}:{made[who]}")
    if strategy is not None and pick.random() < 0.5:
        try:
            return strategy.choose(rnd, rnd.legal_names())
        except Exception:  # noqa: BLE001 - a strategy that fails is simulate's finding; here any word will do
            pass
    return pick.choice(words)


def _trace(rnd: Any) -> list[tuple]:
    return [(e.trigger, e.seat, e.hand, tuple((m.card, m.to) for m in e.cards),
             tuple((s.seat, s.wager, s.hand, s.outcome, s.net) for s in e.settled)) for e in rnd.events]


def _play(game: Game, recipe: tuple, seed: int) -> list[tuple] | str:
    """One round of ``recipe`` (rules, seats, seed or stacked shoe, options, the first decisions); its trace, or
    the error it met."""
    rules, seats, shoe, options, script = recipe
    script = list(script)
    game = Game(game.info, rules, game.machine, game.engine)
    strategy = get_strategy(game.info.name, None, rules) if strategy_names(game.info.name) else None
    try:
        table = game.new_table(seed=shoe if isinstance(shoe, int) else None,
                               shoe=Shoe.stacked(shoe) if isinstance(shoe, str) else None)
        rnd = game.new_round(seats, table=table, options=dict(options or {}))
        made: dict = {}
        for _ in range(600):
            if rnd.advance().is_over:
                return _trace(rnd)
            rnd.act(script.pop(0) if script else _decide(rnd, seed, made, strategy))
        return "no end"
    except Exception as err:  # noqa: BLE001 - the round as it went: an error the play check reports
        return f"{type(err).__name__}: {err}"


def _recipes(name: str, count: int, seed: int, scenarios: Path | None) -> list[tuple]:
    """Seeded rounds with three to six seats, random Rules and wagers, then the game's stored scenarios (their
    first rounds) and the stacked tables its scenario file gives the search as hints (with their first decisions)."""
    info, rng, recipes = game_info(name), random.Random(seed), []
    for i in range(count):
        game = load_game(name, random_rules(rng, name, info.rules_class))
        k = min(positions(game.rules), rng.randint(3, 6))
        wanted = [(seat, w, 10) for seat in sorted(rng.sample(range(1, positions(game.rules) + 1), k))
                  for w in info.wagers if w == info.wagers[0] or rng.random() < 0.6]
        seats = valid_seats(game, game.new_table(seed=1), wanted)
        recipes.append((game.rules, seats, 1000 + i, None, ()))
    try:
        stored = read_scenarios(name, scenarios) if scenarios is not None else None
    except ScenarioFileError:
        stored = None
    for sc in stored.scenarios if stored else ():
        recipes.append((_rules(name, sc.rules), {int(s): dict(w) for s, w in sc.seats.items()},
                        sc.shoe if sc.shoe is not None else sc.seed, sc.options, ()))
    for hint in (stored.search.get("tables") or []) if stored else []:  # stacked tables for rare passes
        if "shoe" in hint and "seats" in hint:
            recipes.append((_rules(name, hint.get("rules") or {}), {int(s): dict(w) for s, w in hint["seats"].items()},
                            hint["shoe"], hint.get("options"), tuple((hint.get("rounds") or [[]])[0])))
    return recipes


def _rules(name: str, mapping: Any) -> Any:
    return rules_from_mapping(game_info(name).rules_class, dict(mapping), f"{name} scenario")


def turn_checks(name: str, found: Findings, count: int = 12, seed: int = 633, scenarios: Path | None = None) -> int:
    """Flip each declaration of ``name``'s machine file in turn; a finding for each that changes no round.
    Returns how many declarations were checked."""
    info, game = game_info(name), load_game(name)
    path = info.machine_file
    text = read_text(path)
    recipes = _recipes(name, count, seed, scenarios)
    filed = [_play(game, r, seed) for r in recipes]
    checked = declarations(game.spec, text)
    for line, start, end in checked:
        flipped_text = text[:start] + FLIP[text[start:end]] + text[end:]
        bound = bind(info, path, flipped_text)
        flipped = Game(info, game.rules, bound, TransitionsEngine(bound))
        if not any(_play(flipped, r, seed) != f for r, f in zip(recipes, filed)):
            found.add("turns", found.machine(line),
                      f"flipping 'from: {text[start:end]}' changed none of {len(recipes)} rounds: the actions do not "
                      "go round the table as the declaration says (order them by rnd.in_turn_order)")
    return len(checked)
