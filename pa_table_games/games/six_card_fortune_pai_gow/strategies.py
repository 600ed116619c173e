"""Six-Card Fortune Pai Gow Poker strategies: setting six cards is an algorithm, so these are code.

* ``house_way``: every player asks for the house way (action ``house_way``) and never makes
  the Double Down Wager. The dealer sets the same way, so this measures the game as dealt.
* ``player_way``: the player sets the hand by the package's player way
  (:data:`~pa_table_games.games.six_card_fortune_pai_gow.house_way.player_way`: the house-way
  algorithm under the Rules' joker rule), naming the low card (``low=KS``), and makes the
  Double Down Wager, equal to the wager (§ 670a.7(c)), when that high hand is three of a
  kind or better: a simple documented rule, not an optimised one.

Both play only through the machine's decisions, so the regulation's checks (a foul set is
refused) apply as for a person at the table.
"""

from __future__ import annotations

from typing import Any

from pa_table_games.games.six_card_fortune_pai_gow.house_way import HOUSE_WAYS
from pa_table_games.games.six_card_fortune_pai_gow.poker import THREE_OF_A_KIND, rank_five


class HouseWayPlayer:
    name = "house_way"
    summary = "ask for the house way on every hand; never the Double Down Wager"

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, rnd: Any, legal: Any) -> str:
        return "house_way"


class PlayerWay:
    name = "player_way"
    summary = "set by the player way (naming the low card); Double Down with three of a kind or better high"
    note = ("player_way makes the Double Down Wager only after seeing its cards and only with a high hand of three "
            "of a kind or better, so that wager wins far more often than it loses and its house edge is negative "
            "(the player's advantage on the wagers made); the total row is the game's edge against this player")

    def __init__(self, rules: Any) -> None:
        self.joker_rule = rules.joker_rule
        self.way = HOUSE_WAYS[self.joker_rule]

    def choose(self, rnd: Any, legal: Any) -> str:
        high, low = self.way.set_hand(rnd.turn.cards)
        if "double_down" in legal and rank_five(high, self.joker_rule).category >= THREE_OF_A_KIND:
            return "double_down"
        return f"low={low.code}"


#: name -> factory taking the game's Rules (its ``GameInfo.strategies``; ``house_way`` the default).
STRATEGIES = {"house_way": HouseWayPlayer, "player_way": PlayerWay}
