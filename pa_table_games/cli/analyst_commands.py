"""For the analyst: ``simulate`` many rounds and the exact house ``edge`` of a wager."""

from __future__ import annotations

import json
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pa_table_games.cli.app import GAME, RULES, SEED, WORKERS, StrategyOption, UserError, Whole
from pa_table_games.cli.play import parse_seats
from pa_table_games.games import canonical_game, game_info, load_game
from pa_table_games.money import check_seats
from pa_table_games.numbers import MAX_ROUNDS, MAX_WORKERS
from pa_table_games.simulation.chunks import CHUNK_SECONDS, sigint_blocked
from pa_table_games.simulation.dask_cluster import CONNECT_SECONDS, WORKER_SECONDS

# simulate and edge import their engines when they run: the exact analysis alone loads numpy.


@click.command(epilog="Examples:\n\n\b\n  pa-table-games simulate blackjack --rounds 1000000 --seed 7"
              "\n  pa-table-games simulate blackjack --rounds 100000 --strategy stand17 --workers 2 --json"
              "\n  pa-table-games simulate blackjack --rounds 1000000000 --seed 7 --scheduler tcp://scheduler-host:8786"
              "\n  pa-table-games simulate six-card-fortune-pai-gow --rounds 20000 --strategy player_way")
@GAME
@click.option("--rounds", type=Whole(1, MAX_ROUNDS, "rounds"), required=True,
              help=f"Rounds to deal, in the digits 0-9 (100000); at most {MAX_ROUNDS:,}.")
@click.option("--seed", type=SEED, help="Seed (default: a random one, reported so the run can be repeated).")
@click.option("--strategy", cls=StrategyOption, lead="How every player decides (a strategy that makes a wager only "
              "after seeing the cards shows that wager's edge against it: the player's advantage, negative):")
@RULES
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,...]; repeatable (default: seat 1, main wager 10, within the table limits).")
@click.option("--workers", type=WORKERS, help="Local processes (default 1), or the workers of "
              f"--scheduler local (default: one per core); at most {MAX_WORKERS}. The answer does not depend on it.")
@click.option("--scheduler", metavar="ADDRESS", help="Deal on a Dask cluster: its scheduler's address "
              "(tcp://HOST:8786), or 'local' to start one on this machine (needs pa-table-games[dask]).")
@click.option("--connect-timeout", type=Whole(1, 3600, "seconds"), default=CONNECT_SECONDS, show_default=True,
              metavar="SECONDS", help="With --scheduler ADDRESS: give up when the scheduler has not answered by then.")
@click.option("--worker-timeout", type=Whole(1, 86400, "seconds"), default=WORKER_SECONDS, show_default=True,
              metavar="SECONDS", help="With --scheduler: give up when no worker has joined the cluster by then.")
@click.option("--chunk-timeout", type=Whole(1, 86400, "seconds"), default=CHUNK_SECONDS, show_default=True,
              metavar="SECONDS", help="With --workers or --scheduler: when a chunk of 10,000 rounds handed to a "
              "worker has not come back by then (a worker stopped or hung), stop: the result so far, exit status 1.")
@click.option("--new-dealer-every", "new_dealer_every", type=Whole(1, 10**6, "rounds"), metavar="K",
              help="A new dealer comes to the table after every K rounds and burns one card before dealing (a game "
              "whose machine file declares that burn: new_dealer: true); counted at each chunk's table of 10,000 "
              "rounds (K below that).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (fields below).")
@click.pass_context
def simulate(ctx: click.Context, game: str, rounds: int, seed, strategy, rules, seats, workers, scheduler,
             connect_timeout: int, worker_timeout: int, chunk_timeout: int, new_dealer_every, as_json: bool) -> None:
    """Deal many rounds at one table; house edge per wager with a 95% interval.

    House edge = -(sum of net) / (sum of the initial amount wagered): doubles and splits
    are in the net, not the denominator. The rounds are dealt in chunks of 10,000, each
    from its own seed derived from --seed, so the same --seed and --rounds give the same
    result with any --workers or --scheduler. Ctrl-C stops early and prints the result so
    far (exit status 130).

    \b
    The text output states the Rules in effect (key options, those changed from the
    defaults, and the section's fixed dealer rule).

    \b
    --json: {"game", "section", "strategy", "rules" (every option), "rules_file", "seats", "seed", "new_dealer_every",
      "workers", "scheduler",
      "rounds_requested", "rounds", "complete", "stopped", "engines", "seconds", "rounds_per_second",
      "wagers": [{"wager", "rounds", "initial_wagered", "net", "initial_wagered_cents", "net_cents", "house_edge",
      "sd", "ci95", "skewness", "rounds_for_interval"}],
      "total": {same fields, "wager": "total"}, "notes": [text, ...]}
    house_edge and ci95 ([low, high]; null for rounds that show no spread) are fractions (0.00334 = 0.334%); rounds
    (per wager) counts the rounds the wager was placed in, and sd is the standard deviation of its net in one of
    them per unit initially wagered (ci95 = house_edge +- 1.96 sd / sqrt(rounds), Student's t up to 30 rounds);
    skewness is that of its net per round (at least what its top payout gives it, counted as possibly due though not
    dealt) and rounds_for_interval the rounds Cochran's rule (n > 25 skewness^2) asks before ci95 is to be trusted;
    notes say what the figures rest on beyond the section (each a "note:" line of the text; among them, each
    interval not to be trusted yet); engines counts the rounds each engine dealt ("fast": the round function
    generated from the machine; "compiled": its runner, for a chunk the fast path cannot make).

    Exit status: 0 every round dealt; 1 stopped at a chunk's deadline, or by a worker process that died
    (the result so far printed, the reason on stderr); 2 bad input, or no scheduler or worker within its
    timeout (one line on stderr); 130 Ctrl-C (the result so far printed).
    """

    from pa_table_games.simulation.simulate import simulate as run

    seated = parse_seats(seats, game_info(game).wagers[0])
    if seated:
        loaded = load_game(game, rules)
        check_seats(loaded.rules, loaded.info.wagers[0], seated)
    try:

        with _progress_bar() as progress:
            result = run(game, rounds, seed=seed, strategy=strategy, rules=rules, seats=seated or None,
                         workers=workers, progress=progress, scheduler=scheduler,
                         connect_timeout=connect_timeout, worker_timeout=worker_timeout,
                         chunk_timeout=chunk_timeout, new_dealer_every=new_dealer_every)
    except KeyboardInterrupt:  # before the simulation could catch Ctrl-C itself: nothing dealt yet
        click.echo("interrupted before any round was dealt", err=True)
        ctx.exit(130)
    click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False, allow_nan=False) if as_json
               else "\n".join(result.lines()))
    if result.stopped:  # a chunk past its deadline: the result so far, then why, in one line
        click.echo(f"error: {result.stopped}", err=True)
        ctx.exit(1)
    ctx.exit(0 if result.complete else 130)

@contextmanager
def _progress_bar():
    """A rich progress bar on stderr when it is a terminal (none when piped); yields the callback."""

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return

    with sigint_blocked():  # the bar's refresh thread never takes a Ctrl-C meant for the simulation
        bar = Progress("simulating", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                       transient=True)
        bar.start()
    with bar:
        task = bar.add_task("simulating", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)

def _wager_meant(word: str, second: str | None) -> tuple[str, str | None]:
    """``GAME [WAGER]`` or a bare ``WAGER`` -> (the game, the wager or None); any case, a game in either spelling
    (a note for ``_``). A bare wager is the game's that has it (a line on stderr for each game that cannot be
    loaded, when none has it)."""
    text = word.strip().lower()
    game = canonical_game(text)
    if game is not None:
        if "_" in text and game != text:
            click.echo(f"note: {text} is {game} on the command line", err=True)
        return game, second.strip().lower() if second is not None else None
    from pa_table_games.games import every_game

    names, broken = every_game()
    having = [name for name in names if text in game_info(name).wagers]
    if second is not None:
        raise UserError(f"edge {word.strip()} {second}: write edge GAME WAGER (a game: {', '.join(names)})")
    if len(having) == 1:
        return having[0], text
    if having:
        raise UserError(f"edge {word.strip()}: a wager of {' and '.join(having)}: name the game, "
                        f"e.g. edge {having[0]} {text}")
    for line in broken:
        click.echo(f"error: {line}", err=True)
    raise UserError(f"unknown game or wager {word.strip()!r}: edge GAME [WAGER] (games: {', '.join(names)}), or a "
                    f"wager of one game alone")

@click.command(epilog="Examples:\n\n\b\n  pa-table-games edge blackjack --rules casino.yaml"
              "\n  pa-table-games edge lucky_ladies\n  pa-table-games edge blackjack three_card_poker --decks 6 --json"
              "\n  pa-table-games edge blackjack insurance --decks 8"
              "\n  pa-table-games edge double-down-madness push_22"
              "\n  pa-table-games edge blackjack bad_beat --rounds 100000"
              "\n  pa-table-games edge six-card-fortune-pai-gow fortune_bonus --json")
@click.argument("wager", metavar="GAME|WAGER")
@click.argument("game_wager", metavar="[WAGER]", required=False)
@click.option("--decks", type=Whole(1, 12, "decks"), help="Decks in the shoe, for an analyser that takes them "
              "(default: the Rules' decks).")
@click.option("--paytable", help="Pay table name, for an analyser that takes one (default: the Rules' choice).")
@RULES
@click.option("--rounds", type=Whole(1, 10**9, "deals"), help="A simulated price: rounds to deal (default 20000).")
@click.option("--seed", type=SEED, help="A simulated price: the seed (default 1).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.pass_context
def edge(ctx: click.Context, wager: str, game_wager: str | None, decks: int | None, paytable: str | None,
         rules: str | None, rounds: int | None, seed: int | None, as_json: bool) -> None:
    """House edge of a wager of any game: GAME [WAGER], or a WAGER only one game has.

    Where the game declares an exact analyser for the wager (its GameInfo.pricing: the Blackjack and
    Double Down Madness main wagers by card removal under continuous shuffle, and the Insurance wager of
    both per wager taken, the Push 22 wager per wager against a full shoe, each Blackjack optional wager
    decided by the first cards, the Pai Gow wagers settled on the player's six cards), the price is exact; every other wager is priced by a seeded
    simulation of the game's own machine, with a 95 % interval, and the answer says so. Without WAGER,
    the game's own choice (its main wager, or its list).

    With --rules, every Rules option that changes the wager's pay or play is honoured; --json names the
    Rules file used.

    Exit status: 0 computed; 2 bad input (one line on stderr); 130 Ctrl-C.
    """

    from pa_table_games.cli.progress import work_bar
    from pa_table_games.simulation.pricing import price
    from pa_table_games.values import EdgeAsk

    game, meant = _wager_meant(wager, game_wager)
    ask = EdgeAsk(game, meant, load_game(game, rules).rules, rules, decks, paytable, rounds, seed, work_bar)
    priced = price(ask)
    click.echo(json.dumps(priced.doc, indent=2, ensure_ascii=False, allow_nan=False) if as_json
               else "\n".join(priced.lines))
    if not priced.complete:
        ctx.exit(130)  # Ctrl-C during a simulation: the rounds so far were printed
