"""The table as the deciding player sees it: the dealer, each box, the wagers at risk, and the
legal actions with what each one means — all from the game's :class:`~pa_table_games.runtime.view.TableView`
(``GameInfo.view``), so no game has a branch here.

Face-down cards stay hidden until turned; the deciding player's own cards are shown. People
count seats and hands from 1 (``--json`` and logs count hands from 0).
"""

from __future__ import annotations

from pa_table_games.money import show
from pa_table_games.runtime.view import TableView


def _generic_view() -> TableView:
    """For a game that declares no view: who decides, and nothing of the cards."""
    return TableView(dealer=lambda rnd: "dealer", boxes=lambda rnd, turn: [],
                     hand=lambda rnd, seat, hand: f"seat {seat} hand {hand + 1}")


def view_of(rnd) -> TableView:
    return rnd.game.info.view or _generic_view()


def turn_of(rnd) -> tuple[int, int] | None:
    """(seat, hand) deciding now, read through the game (hands from 0)."""
    return rnd.deciding()


def meaning(rnd, trigger: str) -> str:
    """The one-line meaning of a decision: the game's words, else its first action's doc string."""
    words = view_of(rnd).meanings(rnd)
    if trigger in words:
        return words[trigger]
    t = next(t for t in rnd.spec.transitions if t.trigger == trigger)
    return t.do[0].doc if t.do else trigger


def cites(rnd, trigger: str) -> str:
    t = next(t for t in rnd.spec.transitions if t.trigger == trigger)
    return ", ".join(rnd.spec.cite_text(c) for c in t.cite)


def legal_lines(rnd) -> list[str]:
    """``  hit              take one more card  § 633a.7(i)(2)`` for each legal decision (once, whatever values it
    takes: ``low``)."""
    legal = list(rnd.legal_names())
    width = max((len(name) for name in legal), default=0)
    return [f"  {name:{width}}  {meaning(rnd, name)}  {cites(rnd, name)}" for name in legal]


def _at_risk(rnd, seat: int) -> str:
    open_wagers = [w for w in rnd.wagers if w.seat == seat and not w.settled]
    return ", ".join(f"{w.name}{f' (hand {w.hand + 1})' if w.hand else ''} {show(w.amount)}" for w in open_wagers) or "none"


def prompt_line(rnd) -> str:
    """The prompt's first line: who decides, their hand named, what they see of the dealer."""
    turn = turn_of(rnd)
    return "" if turn is None else view_of(rnd).hand(rnd, *turn)


def table_lines(rnd, brief: bool = False) -> list[str]:
    """The whole view at a decision: the dealer, each box (the deciding one marked), the wagers at risk,
    the game's advice and the legal actions; ``brief`` leaves out the actions' explanations (after the
    first decision of a session: ``help`` or ``?`` shows them)."""
    view, turn = view_of(rnd), turn_of(rnd)
    out = [view.dealer(rnd), *view.boxes(rnd, turn)]
    if turn is not None:
        out.append(f"wagers at risk for seat {turn[0]}: {_at_risk(rnd, turn[0])}")
        out.extend(view.advice(rnd))
    if not brief:
        out.append("legal actions:")
        out.extend(legal_lines(rnd))
    return out
