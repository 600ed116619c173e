"""The table as the deciding player sees it: their hand and total, the dealer's up card,
the other boxes, the wagers at risk, and the legal actions with what each one means.

Face-down cards stay hidden ("hole card: face down") until the dealer turns them; the
players' own cards are shown to the table view, as each player looks at their own.
"""

from __future__ import annotations

from pa_table_games.games.blackjack.hand import points
from pa_table_games.games.blackjack.layout import BlackjackLayout
from pa_table_games.games.six_card_fortune_pai_gow.house_way import HouseWay
from pa_table_games.games.six_card_fortune_pai_gow.layout import PaiGowLayout
from pa_table_games.runtime.money import show

#: One line per decision, in the player's words (the cite comes from the machine file).
MEANINGS = {
    "hit": "take one more card",
    "stand": "take no more cards",
    "double": "add a Double Down Wager and take one more card (double=AMOUNT for less than the wager)",
    "split": "split the pair into two hands, with a second wager equal to the first",
    "surrender": "give up the hand: half the wager is collected, half returned",
    "insurance=yes": "place an Insurance Wager against a dealer Blackjack",
    "insurance=no": "decline Insurance",
    "even_money=yes": "take even money for the Blackjack now",
    "even_money=no": "decline even money and play the Blackjack out",
    "house_money=add": "add the House Money payout to the Blackjack Wager",
    "house_money=keep": "take the House Money payout",
    "double_down": "make the Double Down Wager after seeing the cards (double_down=AMOUNT for less)",
    "low": "low=CARD: set that card as the one-card low hand, the other five as the high hand",
    "house_way": "have the hand set the house way (shown below)",
}


def meaning(rnd, trigger: str) -> str:
    """The one-line meaning of a decision: the table above, else its first action's doc string."""
    if trigger in MEANINGS:
        return MEANINGS[trigger]
    t = next(t for t in rnd.spec.transitions if t.trigger == trigger)
    return t.do[0].doc if t.do else trigger


def cites(rnd, trigger: str) -> str:
    t = next(t for t in rnd.spec.transitions if t.trigger == trigger)
    return ", ".join(rnd.spec.cite_text(c) for c in t.cite)


def legal_lines(rnd) -> list[str]:
    """``  hit              take one more card  § 633a.7(i)(2)`` for each legal action."""
    legal = rnd.legal_actions()
    width = max((len(a.name) for a in legal), default=0)
    return [f"  {a.name:{width}}  {meaning(rnd, a.name)}  {cites(rnd, a.name)}" for a in legal]


def total_text(cards) -> str:
    """``soft 17`` / ``hard 15``."""
    total, soft = points(cards)
    return f"{'soft' if soft else 'hard'} {total}"


def _cards(cards) -> str:
    return " ".join(c.code for c in cards)


def _at_risk(rnd, seat: int) -> str:
    open_wagers = [w for w in rnd.wagers if w.seat == seat and not w.settled]
    return ", ".join(f"{w.name}{f' (hand {w.hand})' if w.hand else ''} {show(w.amount)}" for w in open_wagers) or "none"


def dealer_line(lay: BlackjackLayout) -> str:
    """``dealer: up card 6D, hole card: face down`` (or the dealer's cards once the hole card is turned)."""
    if not lay.dealer:
        return "dealer: no cards yet"
    if lay.hole_card_turned:
        return f"dealer: {_cards(lay.dealer)} ({total_text(lay.dealer)})"
    if len(lay.dealer) <= lay.up_index:
        return "dealer: hole card: face down, up card not dealt yet"
    return f"dealer: up card {lay.up_card.code}, hole card: face down"


def prompt_line(rnd) -> str:
    """The prompt's first line: who decides, their hand and total, the dealer's up card."""
    turn = rnd.game.info.turn(rnd)
    if turn is None:
        return ""
    seat, index = turn
    lay = rnd.layout
    if isinstance(lay, BlackjackLayout):
        hand = next((h for h in lay.hands if h.seat == seat and h.index == index), None)
        cards = f"{_cards(hand.cards)} ({total_text(hand.cards)})" if hand else "no hand"
        return f"seat {seat} hand {index}: {cards} — {dealer_line(lay)}"
    return f"seat {seat}: {_pai_gow_cards(lay, seat)} — dealer: 6 cards face down"


def _pai_gow_cards(lay: PaiGowLayout, seat: int) -> str:
    return _cards(lay.stacks[seat].cards)


def table_lines(rnd) -> list[str]:
    """The whole view at a decision: the dealer, each box (the acting one marked), the legal actions."""
    turn = rnd.game.info.turn(rnd)
    lay = rnd.layout
    out: list[str] = []
    if isinstance(lay, BlackjackLayout):
        out.append(dealer_line(lay))
        for h in lay.hands:
            mark = "->" if turn == (h.seat, h.index) else "  "
            state = " (settled)" if h.settled else " (stood)" if h.stood else ""
            cards = f"{_cards(h.cards)} ({total_text(h.cards)})" if h.cards else "no cards"
            out.append(f"{mark} {h.label}: {cards}{state}; wager {h.wager.name} {show(h.wager.amount)}")
    elif isinstance(lay, PaiGowLayout):
        out.append("dealer: 6 cards face down")
        for s in lay.player_stacks():
            mark = "->" if turn and turn[0] == s.spot else "  "
            if turn and turn[0] == s.spot:
                cards = _cards(s.cards)
            elif s.is_set:
                cards = "set (face down)"
            else:
                cards = f"{len(s.cards)} cards face down"
            out.append(f"{mark} {s.label}: {cards}")
    if turn is not None:
        out.append(f"wagers at risk for seat {turn[0]}: {_at_risk(rnd, turn[0])}")
        if isinstance(lay, PaiGowLayout) and lay.setting_open and lay.acting_stack() is not None:
            out.extend(_pai_gow_help(rnd, lay))
    out.append("legal actions:")
    out.extend(legal_lines(rnd))
    return out


def _pai_gow_help(rnd, lay: PaiGowLayout) -> list[str]:
    """How to set six cards (§ 670a.11) and the house way's suggestion."""

    stack = lay.acting_stack()
    high, low = HouseWay(rnd.rules.joker_rule).set_hand(stack.cards)
    return [f"set the hand: low=CARD names the one-card low hand, e.g. low={stack.cards[0].code}; "
            f"the other five are the high hand (§ 670a.11)",
            f"house way: high {_cards(high)} / low {low.code} (type house_way, or low={low.code})"]
