"""For the analyst: ``simulate`` many rounds and the exact house ``edge`` of a wager."""

from __future__ import annotations

import json
from contextlib import contextmanager

import attrs
import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from pa_table_games.cli.app import GAME, RULES, SEED, WORKERS, UserError, Whole
from pa_table_games.cli.play import parse_seats
from pa_table_games.games import canonical_game, load_game
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
@click.option("--strategy", help="How every player decides: blackjack basic (default), computed (the table `edge blackjack` "
              "computes for the Rules in effect) or stand17; double-down-madness "
              "madness (default) or stand17; six-card-fortune-pai-gow house_way (default) or player_way "
              "(which makes the Double Down Wager only after seeing three of a kind or better, so that wager shows "
              "a negative house edge: the player's advantage on it).")
@RULES
@click.option("--seat", "seats", multiple=True, help="SEAT:WAGER=AMOUNT[,...]; repeatable (default: seat 1, main wager 10).")
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
              help="A new dealer comes to the table after every K rounds and burns one card before dealing "
              "(blackjack § 633a.7(c), double-down-madness § 692.7(c)); counted at each chunk's table.")
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
      "rounds_requested", "rounds", "complete", "stopped", "seconds", "rounds_per_second",
      "wagers": [{"wager", "rounds", "initial_wagered", "net", "house_edge", "sd", "ci95"}],
      "total": {same fields, "wager": "total"}}
    house_edge and ci95 ([low, high]) are fractions (0.00334 = 0.334%); sd is the standard
    deviation of one round's net per unit initially wagered; rounds (per wager) counts the
    rounds the wager was placed in.

    Exit status: 0 every round dealt; 1 stopped at a chunk's deadline (the result so far printed, the
    reason on stderr); 2 bad input, or no scheduler or worker within its timeout (one line on stderr);
    130 Ctrl-C (the result so far printed).
    """

    from pa_table_games.simulation.simulate import simulate as run

    seated = parse_seats(seats)
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

@contextmanager
def _cold_start_bar():
    """On a terminal, a bar on stderr while the dealer's probabilities are computed (a cold cache: up to a
    minute); nothing when they are cached or stderr is piped."""
    from pa_table_games.analysis.dealer_cache import progress

    console = Console(stderr=True)
    if not console.is_terminal:
        yield
        return
    rows: dict[int, tuple[int, int]] = {}
    bar = Progress("computing the dealer's probabilities (kept in the cache for next time)", BarColumn(),
                   MofNCompleteColumn(), TimeRemainingColumn(), console=console, transient=True)

    def heard(up: int, done: int, missing: int) -> None:
        if not rows:
            with sigint_blocked():  # the refresh thread never takes a Ctrl-C meant for the computation
                bar.start()
            bar.add_task("dealer", total=None)
        rows[up] = (done, missing)
        bar.update(bar.task_ids[0], completed=sum(d for d, _ in rows.values()),
                   total=sum(m for _, m in rows.values()))

    try:
        with progress(heard):
            yield
    finally:
        bar.stop()

#: game -> its main wager, whose exact edge the analysis computes
MAIN_WAGERS = {"blackjack": "blackjack", "double-down-madness": "double_down_madness"}
#: games whose every wager `edge GAME [WAGER]` prices (cli/pai_gow_edge.py)
GAME_WAGERS = ("six-card-fortune-pai-gow",)

def _wager_meant(text: str) -> tuple[str, str | None]:
    """(the wager, its game when it is a main wager); any case, a game in either spelling (a note for ``_``)."""
    word = text.strip().lower()
    game = canonical_game(word)
    if game in MAIN_WAGERS or game in GAME_WAGERS:
        if "_" in word:
            click.echo(f"note: {word} is {game} on the command line", err=True)
        return MAIN_WAGERS.get(game, ""), game
    if game is not None:
        raise UserError(f"edge {text.strip()}: no exact edge is computed for {game}'s wagers; "
                        f"simulate them: pa-table-games simulate {game} --rounds 1000000")
    from pa_table_games.rules.paytables import wagers

    if word not in wagers():
        raise UserError(f"unknown wager {text.strip()!r}: choose a main wager ({', '.join(MAIN_WAGERS)}) or a "
                        f"Blackjack optional wager ({', '.join(wagers())}); "
                        f"{', '.join(f'{g} [WAGER]' for g in GAME_WAGERS)} lists or prices that game's wagers")
    return word, None

@click.command(epilog="Examples:\n\n\b\n  pa-table-games edge lucky_ladies\n  pa-table-games edge three_card_poker --decks 6 --json"
              "\n  pa-table-games edge royal_match_21 --rules casino.yaml\n  pa-table-games edge blackjack --rules casino.yaml"
              "\n  pa-table-games edge double-down-madness --json\n  pa-table-games edge six-card-fortune-pai-gow"
              "\n  pa-table-games edge six-card-fortune-pai-gow fortune_bonus --json")
@click.argument("wager", metavar="WAGER|GAME")
@click.argument("game_wager", metavar="[WAGER]", required=False)
@click.option("--decks", type=Whole(1, 12, "decks"), help="Decks in the shoe (default: the Rules' decks, else 6).")
@click.option("--paytable", help="Pay table name (default: the Rules' choice, else the wager's default).")
@RULES
@click.option("--rounds", type=Whole(1, 10**9, "deals"), help="six-card-fortune-pai-gow's simulated wagers: "
              "deals to simulate (default 20000).")
@click.option("--seed", type=SEED, help="six-card-fortune-pai-gow's simulated wagers: the seed (default 1).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.pass_context
def edge(ctx: click.Context, wager: str, game_wager: str | None, decks: int | None, paytable: str | None,
         rules: str | None, rounds: int | None, seed: int | None, as_json: bool) -> None:
    """House edge of a wager: a Blackjack optional wager decided by the first cards (§ 633a.7(g)),
    or a main wager (blackjack, double-down-madness) by card removal under continuous shuffle, exact.

    \b
    six-card-fortune-pai-gow [WAGER]: without WAGER, the game's wagers; with it, one priced
    (fortune_bonus, progressive: exact over every six-card hand; six_card_fortune,
    double_down: simulated by the game's own machine, seeded, with a 95 % interval).

    With --rules, every Rules option that changes the wager's pay or play is honoured (pay table
    choice, Crown Treasure Bonus offered or not; for a main wager decks, doubling, splitting,
    surrender, Blackjack odds ...); --json names the Rules file used.

    Exit status: 0 computed; 2 bad input (one line on stderr); 130 Ctrl-C.
    """

    from pa_table_games.analysis.exact import analyse
    from pa_table_games.analysis.report import report_lines
    from pa_table_games.games.blackjack.rules import BlackjackRules
    from pa_table_games.rules.options import load_rules
    from pa_table_games.analysis.edge import edge_under_rules, exact_edge

    wager, game = _wager_meant(wager)
    if game in GAME_WAGERS:
        if decks is not None or paytable is not None:
            raise UserError(f"edge {game}: one 53-card deck (§ 670a.8) and the game's own pay tables; "
                            "--decks and --paytable do not apply")
        from pa_table_games.cli.pai_gow_edge import pai_gow_edge

        pai_gow_edge(ctx, game_wager, rules, rounds, seed, as_json)
        return
    if game_wager is not None:
        raise UserError(f"edge {game or wager}: a second argument ({game_wager}) is taken only after a game "
                        f"whose wagers are priced ({', '.join(GAME_WAGERS)})")
    if game is not None:
        loaded = load_game(game, rules).rules
        if decks is not None:
            loaded = attrs.evolve(loaded, decks=decks)
        with _cold_start_bar():
            doc = analyse(wager, loaded) | {"rules": rules}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False) if as_json else "\n".join(report_lines(doc)))
        return

    if rules is None:
        report = exact_edge(wager, decks=decks or 6, paytable=paytable)
    else:
        report = edge_under_rules(wager, load_rules(BlackjackRules, rules), rules, paytable, decks)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, allow_nan=False))
        return
    doc = report.to_json()
    bonus = "" if doc["crown_treasure_bonus"] else ", Crown Treasure Bonus not offered"
    click.echo(f"{wager}, {doc['decks']} decks, pay table {doc['paytable']}"
               + (f", Rules {rules}" if rules else "") + bonus)
    click.echo(f"  {'outcome':38} {'probability':>12}  {'pays':>8}  {'return':>9}")
    for row in doc["outcomes"]:
        click.echo(f"  {row['outcome']:38} {row['probability']:12.8f}  {row['pays']:>8g}  {row['return']:+9.6f}")
    click.echo(f"house edge {float(report.house_edge) * 100:.4f} %")
