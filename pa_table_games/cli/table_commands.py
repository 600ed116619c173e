"""At the table: ``play`` one round step by step (interactive on a terminal) and the cited ``demo``."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import attrs
import click

import pa_table_games.cli.display as display
from pa_table_games.cli.app import (GAME, KEY_FILE, RULES, SEED, StrategyOption, UserError, Whole, every_game_named,
                                    log_path, report_broken)
from pa_table_games.cli.interactive import play_at_terminal
from pa_table_games.cli.play import DecisionsRanOut, new_dealer_before, parse_actions, parse_seats, play_round
from pa_table_games.games import load_game
from pa_table_games.audit.chain import load_key
from pa_table_games.audit.log import Recorder
from pa_table_games.files import OutputExists, reads, same_file, write_atomic
from pa_table_games.strategies import get_strategy


@click.command(epilog="Examples:\n\n\b\n  pa-table-games play blackjack --seed 7 --seat 1:blackjack=10 --actions stand"
              "\n  pa-table-games play blackjack --shoe '2C TH 6S 5D 7C 6H TD' --actions hit --json"
              "\n  pa-table-games play blackjack --seed 7 --strategy basic"
              "\n  pa-table-games play six-card-fortune-pai-gow --seed 3 --actions low=6D\n\n"
              "Decisions: hit (h), stand (s), double (d) or double=AMOUNT, split (p), surrender (r), "
              "insurance=yes|no and even_money=yes|no (y/n), house_money=add|keep (y/n); Pai Gow: low=CARD sets "
              "that card as the one-card low hand and the other five as the high hand, house_way asks for "
              "the house way, double_down. Any case; at the prompt, help or ? lists the legal actions.")
@GAME
@click.option("--seed", type=SEED, help="Seed of the shuffled shoe.")
@click.option("--shoe", help="Stacked shoe: card codes, first code = first card out (AS TD JK CUT ...).")
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,WAGER=AMOUNT...]; repeatable.")
@click.option("--actions", help="Comma-separated decisions consumed in order, e.g. insurance=no,hit,stand.")
@click.option("--strategy", cls=StrategyOption, lead="Make the decisions left after --actions by this strategy (as "
              "`simulate`):")
@RULES
@click.option("--machine", type=click.Path(dir_okay=False, exists=True),
              help="An edited machine file of GAME, read instead of the installed one.")
@click.option("--misdeal", type=Whole(0, 999, "(a seat, or 0 for the dealer)"), help="Inject a misdeal at this "
              "position (training, tests), in a game whose rounds take one.")
@click.option("--rounds", type=Whole(1, 1000, "rounds"), default=1, show_default=True,
              help="Rounds dealt one after another at one table (the same shoe, discard rack and cover card): "
              "on a terminal, or with --strategy.")
@click.option("--new-dealer-every", "new_dealer_every", type=Whole(1, 1000, "rounds"), metavar="K",
              help="With --rounds: a new dealer comes to the table after every K rounds and burns one card "
              "before dealing (a game whose machine file declares that burn: new_dealer: true).")
@click.option("--reveal", is_flag=True, help="Show every card in the step log, the face-down ones too (by default "
              "a face-down card is shown only to the player of its seat, until it is turned).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (every card with its face_up flag, "
              "and the full Rules).")
@click.option("--log", "log_file", type=click.Path(dir_okay=False), callback=log_path,
              help="Also write the round as JSON Lines (header + one event a line, hash-chained) for `replay`.")
@click.option("--force", is_flag=True, help="Let --log or --walk replace an existing file.")
@click.option("--walk", "walk_file", type=click.Path(dir_okay=False), callback=log_path,
              help="Also write the round's walk-through page (HTML: step by step on the phase diagrams; "
                   "with --actions or --strategy).")
@KEY_FILE
def play(game: str, seed, shoe, seats, actions, strategy, rules, machine, misdeal, rounds: int, new_dealer_every,
         reveal: bool, as_json: bool, log_file, force: bool, walk_file, key_file) -> None:
    """Play one round step by step; interactive on a terminal when neither --actions nor --strategy is given.

    Off a terminal (a pipe, a script, CI) give --actions, --strategy or both.

    With --log on a terminal, Ctrl-C or end of input keeps the decisions made so far in a
    log marked incomplete (exit status 130); so does a round that cannot go on (a stacked shoe
    with no card for a dealer step: exit status 2, its error line naming the log).

    Exit status: 0 played, and --log and --walk written; 2 bad input, a decision due and none given, or a
    file not written (one line on stderr); 130 Ctrl-C, or end of input at a prompt."""

    if rounds > 1 and (actions is not None or as_json or log_file or walk_file):
        raise UserError(f"--rounds {rounds}: --actions, --json, --log and --walk are for one round; play the rounds on a "
                        f"terminal or with --strategy")
    if seed is not None and shoe is not None:
        raise UserError("--seed and --shoe: a shoe is shuffled from a seed or stacked, not both")
    if new_dealer_every is not None and rounds == 1:
        raise UserError("--new-dealer-every: give --rounds too: a new dealer comes between rounds at one table")
    inputs = {"--machine": machine, "--rules": rules, "--key-file": key_file}
    reads(*inputs.values())  # never replaced by --log or --walk, --force or not
    if log_file:
        _check_log_target(log_file, force, inputs)
    if walk_file:
        _check_log_target(walk_file, force, {**inputs, "--log": log_file}, option="--walk")
    key = load_key(key_file) if log_file or key_file is not None else None  # a given --key-file is always checked
    loaded = load_game(game, rules, machine=machine)
    seated = parse_seats(seats, loaded.info.wagers[0])
    refused = loaded.new_dealer_refused("--new-dealer-every") if new_dealer_every is not None else None
    if refused:
        raise UserError(refused)
    chosen = get_strategy(game, strategy, loaded.rules) if strategy is not None else None
    if misdeal is not None and "misdeal" not in loaded.info.round_options:
        raise UserError(f"--misdeal: {game} has no injected misdeal (its rounds take no option 'misdeal')")
    options = {"misdeal": misdeal} if misdeal is not None else None
    recorder = Recorder(loaded, seated, seed=seed, shoe=shoe) if log_file or walk_file else None
    seed = recorder.seed if recorder else seed
    if actions is None and chosen is None and _terminal() and not as_json:
        if walk_file:
            raise UserError("--walk: give --actions or --strategy (interactive play writes its --log; "
                            "`review --log` draws it)")
        return _interactive(loaded, seated, seed, shoe, options, recorder and (recorder, log_file, key, force), rounds, reveal,
                            new_dealer_every)
    if rounds > 1:
        return _rounds_by_strategy(loaded, seated, seed, shoe, options, chosen, rounds, reveal, new_dealer_every)
    words: list[str] = []
    try:
        rnd = play_round(loaded, seated, parse_actions(actions), seed=seed, shoe=shoe, options=options,
                         strategy=chosen, played=words)
    except DecisionsRanOut as err:
        if actions is not None:
            raise
        raise UserError(f"{str(err).replace('the actions ran out', 'a decision is due')}: give --actions or "
                        f"--strategy, or run on a terminal") from None
    if log_file:
        with _no_clobber("--log", log_file):
            recorder.write(log_file, rnd, words, key=key, replace=force)
    if walk_file:
        from pa_table_games.review.walkthrough import walk_page  # the diagrams' renderer: only when asked

        with _no_clobber("--walk", walk_file):
            write_atomic(walk_file, walk_page(attrs.evolve(recorder.log(rnd, words), file=Path(walk_file).name),
                                              machine), replace=force)
    if as_json:
        click.echo(display.round_json(rnd))
    else:
        display.print_round(display.console(), rnd, reveal=reveal)

def _terminal() -> bool:
    """Is a person typing? (Interactive play asks for each decision.)"""
    return sys.stdin.isatty()

def _check_log_target(path: str, force: bool, inputs: dict[str, str | None], option: str = "--log") -> None:
    """--log (or --walk) never replaces an input of the same command (whatever link leads to it), nor an
    existing file without --force: refused at once, before the round. The write itself checks again
    (:func:`~pa_table_games.files.write_atomic`): a file appearing meanwhile is not replaced either."""
    target = Path(path)
    for other, given in inputs.items():
        if given and (same_file(target, given) or other == "--log" and Path(given).resolve() == target.resolve()):
            raise UserError(f"{option} {path}: it is the {other} file of this command: choose another file")
    if target.is_dir():
        raise UserError(f"{option} {path}: is a folder: give a file name")
    if target.exists() and not force:
        raise UserError(f"{option} {path}: the file exists: choose another name or add --force to replace it")


@contextmanager
def _no_clobber(option: str, path: str):
    """A file that appeared at ``path`` while the round was played is not replaced: one line, exit 2."""
    try:
        yield
    except OutputExists:
        raise UserError(f"{option} {path}: a file of that name appeared while the round was played: not replaced, "
                        f"nothing written (--force lets a command replace a file)") from None

def _rounds_by_strategy(game, seats, seed, shoe, options, strategy, rounds: int, reveal: bool,
                        new_dealer_every: int | None = None) -> None:
    """``rounds`` rounds at one table, each decision made by ``strategy``; each round's log and settlement.
    A new dealer comes after every ``new_dealer_every`` rounds (the round's log shows the burn)."""
    console, table = display.console(), None
    for number in range(1, rounds + 1):
        fresh = new_dealer_before(number, new_dealer_every)
        if fresh:
            table.new_dealer = True
        rnd = play_round(game, seats, [], seed=seed, shoe=shoe, options=options, strategy=strategy, table=table)
        table = rnd.table
        title = None if number == 1 else f"round {number} of {rounds}" + (": a new dealer" if fresh else "")
        display.print_round(console, rnd, title=title, reveal=reveal, rules=number == 1)

def _interactive(game, seats, seed, shoe, options, logging=None, rounds: int = 1, reveal: bool = False,
                 new_dealer_every: int | None = None) -> None:

    rnd, words = play_at_terminal(game, seats, seed, shoe, options,
                                  on_stop=lambda rnd, words: _stopped(rnd, words, logging), rounds=rounds, reveal=reveal,
                                  new_dealer_every=new_dealer_every,
                                  on_error=lambda rnd, words, err: _failed(rnd, words, err, logging))
    if logging:
        with _no_clobber("--log", logging[1]):
            logging[0].write(logging[1], rnd, words, key=logging[2], replace=logging[3])

def _kept(rnd, words: list[str], logging) -> Path | None:
    """With --log, the decisions so far in a log marked incomplete (a session ended mid-round): its path."""
    if not logging:
        return None
    with _no_clobber("--log", logging[1]):
        return logging[0].write(logging[1], rnd, words, incomplete=True, key=logging[2], replace=logging[3])

def _stopped(rnd, words: list[str], logging) -> None:
    """Ctrl-C or end of input mid-round: keep the decisions so far in a log marked incomplete; exit 130."""
    path = _kept(rnd, words, logging)
    kept = f": {path} keeps them, marked incomplete" if path is not None else ""
    click.echo(f"\nstopped after {len(words)} decision(s){kept}", err=True)
    click.get_current_context().exit(130)

def _failed(rnd, words: list[str], err: Exception, logging) -> None:
    """A round that cannot go on (a stacked shoe ran out at a dealer step): the decisions so far kept as when
    stopped; the error's one line then names the log (exit 2)."""
    path = _kept(rnd, words, logging)
    if path is not None:
        raise UserError(f"{err}; {path} keeps the {len(words)} decision(s) so far, marked incomplete") from None

@click.command(epilog="Example:\n\n\b\n  pa-table-games demo")
def demo() -> None:
    """Play one stacked demo round of each game and print its cited step log.

    Exit status: 0 played; 1 a game another distribution declares cannot be loaded (named, the others
    played); 2 a usage error; 130 Ctrl-C."""
    console, (names, broken) = display.console(), every_game_named(())
    for name in names:
        game = load_game(name)
        d = game.info.demo
        rnd = play_round(game, d["seats"], d.get("actions", []), seed=d.get("seed"), shoe=d.get("shoe"),
                         options=d.get("options"))
        display.print_round(console, rnd, title=f"{name}: {game.spec.section} — {game.spec.title}")
        console.print()
    report_broken(broken)
