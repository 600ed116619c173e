"""Double Down Madness's table view: Blackjack's (the same boxes, totals and hole card), with its
own Double Down: a wager equal to the original unless the Rules say ``up_to`` (§ 692.9)."""

from __future__ import annotations

import attrs

from pa_table_games.games.blackjack.view import MEANINGS as BLACKJACK
from pa_table_games.games.blackjack.view import VIEW as BLACKJACK_VIEW


def meanings(rnd) -> dict[str, str]:
    """``double`` takes an amount only when the Rules allow less than the original wager (§ 692.9)."""
    double = ("add a Double Down wager equal to the original wager and take one more card (§ 692.9)"
              if rnd.rules.double_down_wager == "equal" else
              "add a Double Down wager and take one more card (double=AMOUNT for less than the original wager)")
    return {**BLACKJACK, "double": double}


VIEW = attrs.evolve(BLACKJACK_VIEW, meanings=meanings)
