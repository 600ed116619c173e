"""Driving one round from command-line words: seats, a stacked shoe, a list of decisions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from pa_table_games.cli.words import ASCII_SPACE, NotAnAction, normalise
from pa_table_games.errors import IllegalAction, InputFileError, MachineFileError, TableGamesError, WagerError
from pa_table_games.runtime.game import Game
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.runtime.composition import check_stacked
from pa_table_games.runtime.decisions import listed
from pa_table_games.money import check_seats, parse_amount
from pa_table_games.numbers import NumberError, shown, whole

class DecisionsRanOut(TableGamesError):
    """The round needs a decision and none is left."""


_SEAT = re.compile(r"[ \t]*([0-9]{1,3})[ \t]*:(.+)", re.DOTALL)


def parse_seats(specs: Iterable[str], example: str = "WAGER") -> dict[int, dict[str, Decimal]]:
    """``["1:blackjack=10,lucky_ladies=5"]`` -> ``{1: {"blackjack": Decimal("10.00"), "lucky_ladies": Decimal("5.00")}}``;
    ``example``: the wager a malformed seat's message shows (the game's main wager). The seat and every amount
    are read by :mod:`pa_table_games.numbers` (the digits 0-9 only)."""
    seats: dict[int, dict[str, Decimal]] = {}
    for spec in specs:
        match = _SEAT.fullmatch(spec)
        if not match:
            raise WagerError(f"--seat {spec!r}: write SEAT:WAGER=AMOUNT[,WAGER=AMOUNT...], e.g. 1:{example}=10")
        seat = whole(match.group(1), 0, 999)
        if seat in seats:
            raise WagerError(f"--seat {spec!r}: seat {seat} is given twice")
        wagers: dict[str, Decimal] = {}
        for item in match.group(2).split(","):
            name, eq, written = item.strip(" \t").partition("=")
            name = name.strip(" \t").lower()  # wager names in any case: Blackjack=10
            if not eq or not name:
                raise WagerError(f"--seat {spec!r}: {item.strip()!r} is not WAGER=AMOUNT with a positive amount")
            try:
                value = parse_amount(written)
            except NumberError as err:
                raise WagerError(f"--seat {spec!r}: {name}={written.strip(' ')}: {err.reason}") from None
            if name in wagers:
                raise WagerError(f"--seat {spec!r}: wager {name!r} is given twice")
            wagers[name] = value
        seats[seat] = wagers
    return seats




def new_dealer_before(number: int, every: int | None) -> bool:
    """Does a new dealer come to the table before round ``number``, one coming after every ``every`` rounds?"""
    return every is not None and number > 1 and (number - 1) % every == 0


def parse_actions(text: str | None) -> list[str]:
    """``"insurance=no, hit,stand"`` -> ``["insurance=no", "hit", "stand"]``; none given (or blank): none. An empty
    one between commas is refused: ``hit,,stand`` may have lost a decision."""
    words = [word.strip(ASCII_SPACE) for word in (text or "").split(",")]
    if words == [""]:
        return []
    if "" in words:
        raise TableGamesError(f"--actions {shown(text)}: decision {words.index('') + 1} is empty (between commas)")
    return words


def begin_round(game: Game, seats: dict[int, dict[str, float]], *, seed: int | None = None, shoe: str | None = None,
                options: dict | None = None, table=None):
    """The round :func:`play_round` plays, made and not yet advanced: the stacked shoe's cards and the seats
    checked (seat 1 with the table minimum's main wager when none is given)."""
    stacked = Shoe.stacked(shoe) if shoe is not None else None
    if stacked is not None:
        check_stacked(game, stacked)
    seats = seats or {1: {game.info.wagers[0]: 10.0}}
    check_seats(game.rules, game.info.wagers[0], seats)
    return (game.new_round(seats, options=options, table=table) if table is not None  # the table's shoe goes on
            else game.new_round(seats, seed=seed, shoe=stacked, options=options))


def play_round(game: Game, seats: dict[int, dict[str, float]], actions: Sequence[str], *,
               seed: int | None = None, shoe: str | None = None, options: dict | None = None,
               require_end: bool = True, strategy=None, played: list[str] | None = None, table=None):
    """Play one round: advance, apply each decision in order, advance; return the round.

    Words are read as a person types them (:func:`~pa_table_games.cli.words.normalise`).
    When the decisions run out, ``strategy`` (``choose(rnd, legal) -> word``) makes the rest.
    With ``require_end``, decisions running out before the round ends is an error naming
    the legal actions at that point. ``played`` collects every decision applied, as read.
    ``table``: deal at this table (its shoe, discard rack and cover card), as the round before.
    """
    rnd = begin_round(game, seats, seed=seed, shoe=shoe, options=options, table=table)
    played = played if played is not None else []
    rnd.advance()
    for number, word in enumerate(actions, 1):
        if rnd.is_over:
            raise TableGamesError(f"action {number} {shown(word)}: the round is already over")
        try:
            meant = normalise(rnd, word)
            if meant == "help":
                raise TableGamesError(f"help is for interactive play; legal now: {listed(rnd) or 'none'}")
            rnd.act(meant)
        except TableGamesError as err:
            raise _named(err, f"action {number} {shown(word)}") from None
        played.append(meant)
        rnd.advance()
    while strategy is not None and not rnd.is_over:
        word = _chosen(rnd, strategy)
        rnd.act(word)
        played.append(word)
        rnd.advance()
    if require_end and not rnd.is_over:
        legal = listed(rnd) or "none"
        who = rnd.legal_actions()[0] if rnd.legal_actions() else None
        whose = f" for seat {who.seat} hand {who.hand + 1}" if who else ""  # people count hands from 1
        raise DecisionsRanOut(f"the actions ran out in '{rnd.spec.state(rnd.state).label}': "
                              f"legal now{whose}: {legal}")
    return rnd


def _chosen(rnd, strategy) -> str:
    """``strategy``'s decision now. A strategy failing on a round of an edited machine file (a step left out, so the
    layout lacks what the game's strategy reads: an up card, say) is that file's failure, one line at the state's
    line, as a step of it that fails is (:meth:`Round._atomically`); on the installed machine, the project's bug."""
    try:
        return strategy.choose(rnd, rnd.legal_names())
    except TableGamesError:
        raise
    except Exception as err:
        if not rnd.game.edited:
            raise
        state = rnd.spec.state(rnd.state)
        raise MachineFileError(rnd.spec.shown_path, state.line, f"strategy {getattr(strategy, 'name', strategy)!r} "
                               f"could not decide in state {state.id!r}: {type(err).__name__}: {err} (the edited "
                               "machine's steps do not deal what its game's strategies read)") from None


def _named(err: TableGamesError, named: str) -> TableGamesError:
    """``err`` refusing a decision of a list, of its own type, its message led by the decision as ``named``
    (``action 2 'split': ...``); an edited machine file's failure, named at its line, as it is."""
    if isinstance(err, InputFileError):
        return err
    if isinstance(err, IllegalAction):
        said = f"{err.reason} — {err.cite}"
    else:
        said = err.reason if isinstance(err, NotAnAction) else str(err)
    err.args = (f"{named}: {said}",)  # itself kept, its words led by the decision: a game's own error (a subclass,
    return err  # made another way) keeps its type and fields, which remaking it would lose or misread
