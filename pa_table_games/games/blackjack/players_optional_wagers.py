"""58 Pa. Code § 633a.7(g): "starting with the player farthest to the dealer's right and continuing
in a counterclockwise direction, settle the player's optional wagers".

One pass, player by player, in the order the machine file declares (``turns:`` on the transition;
the runtime walks the players, :mod:`pa_table_games.runtime.turns`): each step settles every
optional wager due of the player whose turn it is, "collecting all losing wagers and paying all
winning wagers": the player's losing ones first, then the winning ones, each in the order (g)(1)-(10)
lists them; a player with none due is passed over. The settlements (g) itself defers are not due in
the pass and keep their own steps: two queens of hearts or two kings of spades against an ace or
10-value up card ((g)(1), (g)(6): "after all other" such wagers, once the peek has answered), a
Royal Match against a king or queen up card ((g)(4): after the hole card is exposed) and a winning
House Money Wager against an ace or 10-value up card ((g)(10)(i): after the peek). What waits for the peek is
paid as (g) settles too: player by player from the dealer's right, each player's waiting pair before its House
Money Wager (:func:`a_players_optional_wagers_await_peek`).
"""

from __future__ import annotations

from pa_table_games.equipment.chips import Wager
import pa_table_games.games.blackjack.house_money as house_money
import pa_table_games.games.blackjack.optional_wagers as optional_wagers
from pa_table_games.games.blackjack.registry import action, guard
from pa_table_games.runtime.turns import Player

#: The (g) wagers in the order (g)(1)-(10) lists them.
ORDER = tuple(optional_wagers.CITES)
RANK = {name: i for i, name in enumerate(ORDER)}
_NAMES = frozenset(ORDER)


def _due(rnd, wager: Wager) -> bool:
    if wager.name == "house_money":
        return house_money.due_at_first_cards(rnd, wager)
    return optional_wagers.due_at_first_cards(rnd, wager)


def _is_due(rnd, wager: Wager) -> bool:
    return wager.name in _NAMES and not wager.settled and _due(rnd, wager)


@guard("(g)")
def a_players_optional_wagers_are_due(rnd, player) -> bool:
    """the player whose turn it is has an optional wager due (the ones (g) defers to the peek or the hole card wait)"""
    if not isinstance(player, Player) or rnd.wager_names.isdisjoint(_NAMES):  # the Blackjack Wager alone (most rounds)
        return False
    return any(_is_due(rnd, w) for w in player.wagers)


@guard(("(g)", "(g)(1)(i)", "(g)(6)(i)", "(g)(10)(i)"))
def a_players_optional_wagers_await_peek(rnd, player) -> bool:
    """the player whose turn it is holds two queens of hearts (Lucky Ladies) or two kings of spades (King's Bounty),
    or a winning House Money Wager, against an ace or 10-value up card, awaiting the peek's answer"""
    # whether every box holds its initial two cards asked once for both questions: it reads every box
    dealt = isinstance(player, Player) and optional_wagers.first_cards_dealt(rnd)
    if not dealt:
        return False
    pair = optional_wagers.pair_awaits_peek(rnd, player)
    if pair:
        return True
    winner = house_money.awaits_peek(rnd, player)
    return winner


@action(("(g)", "(g)(1)", "(g)(2)", "(g)(3)", "(g)(3)(i)", "(g)(3)(ii)", "(g)(4)", "(g)(5)", "(g)(6)", "(g)(7)",
         "(g)(8)", "(g)(9)", "(g)(10)", "(g)(10)(ii)", "§ 633a.13"))
def settle_optional_wagers_of_next_player(rnd) -> None:
    """settle every optional wager due of the player whose turn it is in the (g) pass: the losing ones collected,
    then the winning ones paid, each in (g)'s order"""
    player = rnd.turn
    losing, winning = [], []  # each due wager with its (outcome, net, cite), worked out once
    for wager in sorted((w for w in player.wagers if _is_due(rnd, w)), key=lambda w: RANK[w.name]):
        if wager.name == "house_money":
            settlement = house_money.settlement_at_first_cards(rnd, wager)
        else:
            settlement = optional_wagers.settlement_at_first_cards(rnd, wager)
        if settlement[1] < 0:
            losing.append((wager, settlement))
        else:
            winning.append((wager, settlement))
    due = losing + winning
    rnd.note(f"seat {player.seat}: optional wagers settled ({', '.join(wager.name for wager, _ in due)})")
    for wager, (outcome, net, cite) in due:
        if wager.name == "house_money":
            house_money.settle_at_first_cards(rnd, wager, outcome, net, cite)
        else:
            rnd.settle(wager, outcome, net, cite)
