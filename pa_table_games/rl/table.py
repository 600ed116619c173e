"""What the Gymnasium and the PettingZoo environments share: the game and its seats as given, the
start of a table at ``reset``, the refusal of a decision, and the seat's view as the terminal draws it."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pa_table_games.cli.display import settled_line
from pa_table_games.cli.table_view import table_lines, view_of
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.errors import TableGamesError, WagerError
from pa_table_games.games import game_info, load_game
from pa_table_games.money import money
from pa_table_games.numbers import MOST_SEED, given, is_seed
from pa_table_games.rules.options import rules_from_mapping
from pa_table_games.rl.dealer import Dealer

#: The options ``reset`` reads.
OPTIONS = ("shoe",)
#: ``render()`` returns the seat's view as text (``ansi``) or prints it (``human``).
RENDER_MODES = ["ansi", "human"]
#: What an illegal decision does: ``refuse`` (nothing changes, ``info["refused"]`` says why) or ``raise``.
ILLEGAL = ("refuse", "raise")


def load(game: str, rules: Any) -> Any:
    """``game`` under ``rules``: a Rules file's path, a mapping of options (as in a Rules file), a Rules
    object, or None for the defaults."""
    if isinstance(rules, Mapping):
        rules = rules_from_mapping(game_info(game).rules_class, dict(rules), "rules")
    return load_game(game, rules)


def wagers_of(game: Any, seat: Any, wagers: Mapping[str, Any] | None, learner: bool = True) -> dict[str, Decimal]:
    """A seat's wagers, exactly (whole cents); by default the game's main wager of 10 alone, the
    amount ``simulate`` places. A learner's reward is counted in units of its main wager: it must hold one."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise WagerError(f"seat {seat!r}: a seat is a whole number, 1 for the box farthest to the dealer's left")
    main = game.info.wagers[0]
    if wagers is not None and not isinstance(wagers, Mapping):
        raise WagerError(f"seat {seat}: wagers map each wager's name to its amount ({{'{main}': 10}}), "
                         f"not {given(wagers)}")
    wagers = dict(wagers) if wagers is not None else {main: 10}
    if learner and main not in wagers:
        raise WagerError(f"seat {seat}: the {main} wager is the one every reward is counted in: place it")
    try:
        return {name: money(amount) for name, amount in wagers.items()}
    except ValueError as err:
        raise WagerError(f"seat {seat}: {err}") from None


def checked(game: Any, seats: dict[int, dict[str, Decimal]]) -> dict[int, dict[str, Decimal]]:
    """``seats`` as a round places them: a bad seat, wager or amount is refused now, with its reason."""
    game.new_round(seats, seed=0)
    return seats


def illegal_mode(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise TableGamesError(f"illegal={illegal!r}: give one of {', '.join(ILLEGAL)}")
    return illegal


def render_mode_of(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode={mode!r}: give one of {', '.join(RENDER_MODES)}")
    return mode


def rendered(text: str, mode: str | None) -> str | None:
    """``text`` printed (``human``) or returned."""
    if mode == "human":
        print(text)
        return None
    return text


def seed_of(seed: Any) -> int | None:
    """``reset(seed=S)``'s S: any whole number ``simulate --seed`` takes (from -MOST_SEED to MOST_SEED), or None;
    anything else is refused in one line."""
    if seed is None or is_seed(seed):
        return seed
    raise TableGamesError(f"reset(seed={given(seed)}): give a whole number from {-MOST_SEED:,} to {MOST_SEED:,} "
                          f"(the seeds of simulate --seed)")


def generator_seed(seed: int) -> int:
    """The seed of the environment's own random generator for ``reset(seed=seed)``: numpy's (and Gymnasium's
    ``np_random``) takes none below 0, so a negative seed is counted on past the largest (-1 -> 2^64): every
    seed its own generator. The cards are dealt from ``seed`` itself (:func:`.dealer.table_seed`)."""
    return seed if seed >= 0 else MOST_SEED - seed


def start(dealer: Dealer, seed: int | None, options: Mapping[str, Any] | None, fresh: int) -> dict[int, list[float]]:
    """A new table when ``seed`` or ``options["shoe"]`` is given or none is set up yet (``fresh`` seeds it
    then), else the table goes on with its shoe and discard rack, once the round left unfinished there is
    completed by the strategy; then the rounds dealt until a learner decides (:meth:`Dealer.deal`), each
    learner's rewards of those played through. A round the table's stacked shoe cannot complete, or runs out of
    cards for as it is dealt, is dropped, uncounted, with its table, and the rounds go on at a new one seeded from
    ``fresh`` as when none was set up; a stacked shoe given here that is too short is refused (ShoeExhausted)."""
    if options is not None and not isinstance(options, Mapping):
        raise TableGamesError(f"reset options: a mapping such as {{'shoe': '2C TH 6S'}}, not {options!r}")
    options = dict(options or {})
    unknown = sorted(str(key) for key in options if key not in OPTIONS)
    if unknown:
        warnings.warn(f"reset options {', '.join(unknown)} ignored (known: {', '.join(OPTIONS)})", stacklevel=3)
    shoe = options.get("shoe")
    if shoe is not None and not isinstance(shoe, str):
        raise TableGamesError(f"reset option shoe: card codes, first card first ('2C TH 6S'), not {shoe!r}")
    if shoe is not None:
        dealer.new_table(shoe=Shoe.stacked(shoe))
        return dealer.deal()
    if seed is not None:
        dealer.new_table(seed=seed)
    elif dealer.table is None or not dealer.close_round():
        dealer.new_table(seed=fresh)
    return dealer.deal(fresh)


def view_text(dealer: Dealer, seat: int) -> str:
    """The seat's view as ``play`` draws it on a terminal: at a decision the dealer, each box, the wagers
    at risk and the legal actions; after the round the table and the seat's settlement."""
    rnd = dealer.rnd
    if rnd is None:
        return "no round dealt yet: call reset()"
    if not rnd.is_over:
        return "\n".join(table_lines(rnd))
    view = view_of(rnd)
    rows = [f"settled: {settled_line(s)}" for s in rnd.settlement() if s.seat == seat]
    return "\n".join([view.dealer(rnd), *view.boxes(rnd, None), *rows])
