"""The progressive wagers settled after the dealer's hand: 58 Pa. Code § 633a.7(o) (and (h)).

Bad Beat (o)(1), Hit and Run (o)(2) and Straight Jack (o)(3) are "the remaining optional
wagers" settled after all cards are dealt: one pass, player by player in the order the machine
file declares (from the dealer's right), each player's in (o)'s order; after a dealer Blackjack, with the Blackjack Wagers ((h)), the
same pass follows its settlement.

Each progressive has a meter on the table, kept across rounds: each wager adds the Rules'
rate of progression when the cards are dealt, and a prize quoted as a share of the meter is
paid from it (a 100% jackpot resets it to the Rules' reset amount, plus what rounding each share down to the
cent left unpaid: only what was paid leaves the meter). Before any payout of
100 for 1 or more (Bad Beat, Straight Jack) or 200 for 1 or more (Hit and Run) a floorperson
verifies it, as a step of its own in that player's turn. The meter loses the paid shares once
the round's last wager of it is settled, so every winner's share is taken from the same meter. Who is paid off the table inventory:

- Bad Beat: every payout is credited to the player's game account ((o)(1)(ii)(C));
- Hit and Run: a 100% jackpot ((o)(2)(ii)(C));
- Straight Jack: a payout of 10% or more of the meter ((o)(3)(ii)(C)).

Several winners of a 100% jackpot share the meter: in proportion to their wagers (Bad Beat),
equally (Hit and Run, Straight Jack). A Magic Card or Lucky Player Bonus, if offered, is paid
on top of a Bad Beat win, or alone when the Bad Beat hand lost. A box split into several hands holds one Bad Beat
wager, won on the best of its hands; the Magic Card is looked for among the player's initial two cards, whatever a
split dealt after them.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from attrs import define, frozen

from pa_table_games.equipment.cards import Card, standard_deck
from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import CardCodeError
from pa_table_games.games.blackjack.paytables import unpaid
from pa_table_games.games.blackjack.last_cards import box_bad_beat_outcome, hit_and_run_outcome, straight_jack_outcome
from pa_table_games.games.blackjack.optional_wagers import open_wagers
from pa_table_games.games.blackjack.registry import action, guard
from pa_table_games.runtime.game import RoundOption
from pa_table_games.runtime.read_only import reads_round
from pa_table_games.runtime.turns import Player
from pa_table_games.money import ZERO, brief, exactly, round_to_cent
from pa_table_games.numbers import is_whole


@frozen
class Progressive:
    name: str
    cite: str  # the paragraph of (o)
    floorperson_at: int  # "N for 1" needing a floorperson's verification
    shared: str  # "proportionally" or "equally"


PROGRESSIVES = {
    "bad_beat": Progressive("bad_beat", "(o)(1)", 100, "proportionally"),
    "hit_and_run": Progressive("hit_and_run", "(o)(2)", 200, "equally"),
    "straight_jack": Progressive("straight_jack", "(o)(3)", 100, "equally"),
}


@frozen
class Payout:
    wager: Wager
    outcome: str
    net: Decimal
    off_table: Decimal
    from_meter: Decimal
    jackpot: bool  # won a 100% jackpot (or a share of one)

    @property
    def for_one(self) -> Decimal:
        """The payout quoted "N for 1": what comes back per unit wagered, the wager included."""
        return (self.net + self.wager.amount) / self.wager.amount


def meter(rnd, name: str) -> Decimal:
    """The progressive meter of ``name`` at this table: exact, fractions of a cent included (see the readings)."""
    found = rnd.table.meters.get(name)
    return found if found is not None else exactly(rnd.rules.progressive_reset)


def outcomes(rnd, wager: Wager) -> tuple[str, ...]:
    """The pay-table outcomes ``wager`` wins now (empty: it loses)."""
    lay, rules = rnd.layout, rnd.rules
    if wager.name == "hit_and_run":
        won = hit_and_run_outcome(lay.dealer)
        return (won,) if won else ()
    if wager.name == "straight_jack":
        box = lay.box(wager.seat)
        won = straight_jack_outcome(box.first_two or box.cards)  # a split ends the sequence
        return (won,) if won else ()
    seat = wager.seat
    won = box_bad_beat_outcome([h.cards for h in lay.hands if h.seat == seat], lay.dealer, rules.bad_beat_any_20)
    result = (won,) if won else ()
    if rules.magic_card_bonus and lay.box(seat) is not None and lay.magic_card in lay.initial_two_of(seat):
        result += ("magic_card_bonus",)
    if rules.lucky_player_bonus and lay.lucky_player == wager.seat:
        result += ("lucky_player_bonus",)
    return result


def _in_o(rnd, name: str) -> list[Wager]:
    """The ``name`` wagers (o) settles: open, or settled by (o) already this round, from the dealer's right."""
    done = rnd.layout.settled_in_o
    named = rnd.layout.memo.wagers_named(rnd.wagers, name)
    return sorted((w for w in named if not w.settled or (w.seat, name) in done), key=lambda w: -w.seat)


_NOTHING_FROM_METER = round_to_cent(Fraction(0))  # a payout with no share of the meter takes this from it


def payouts(rnd, name: str) -> list[Payout]:
    """How each ``name`` wager of (o) is settled, from the dealer's right (pure). Shares of a 100% jackpot are
    taken over every winner of the round and from the meter as (o) began (it changes once all are settled)."""
    table = rnd.rules.pay_table(name)  # first, as ever: a bad pay table choice is an error even with no wager
    if name not in rnd.wager_names:
        return []
    wagers = _in_o(rnd, name)
    if not wagers:
        return []
    spec, pot = PROGRESSIVES[name], meter(rnd, name)
    won = [(w, outcomes(rnd, w)) for w in wagers]
    full = [w for w, outs in won if outs and any(table.jackpots.get(o) == 1 for o in outs)]
    stake, in_full = sum(w.amount for w in full), {id(w) for w in full}
    result = []
    for wager, outs in won:
        if not outs:
            result.append(Payout(wager, "lose", -wager.amount, ZERO, ZERO, False))
            continue
        odds = shares = Fraction(0)  # summed exactly, each payout rounded once (down, to the cent)
        for o in outs:
            if o in table.pays:
                odds += table.pays[o]
            elif o in table.jackpots:
                share = Fraction(table.jackpots[o])
                if share == 1:
                    share = Fraction(wager.amount) / Fraction(stake) if spec.shared == "proportionally" else Fraction(1, len(full))
                shares += share
            else:  # the pay table file's gap, named as for a first-cards wager
                raise unpaid(table, outs)
        if shares:
            exact_from_meter = Fraction(pot) * shares
            net = round_to_cent(Fraction(wager.amount) * odds + exact_from_meter)
            from_meter = round_to_cent(exact_from_meter)
        else:  # paid by the odds alone (most wins): what the sum above makes of a share of nothing
            net, from_meter = round_to_cent(Fraction(wager.amount) * odds), _NOTHING_FROM_METER
        jackpot = id(wager) in in_full
        off = {"bad_beat": net, "hit_and_run": from_meter if jackpot else ZERO,
               "straight_jack": net if net >= pot / 10 else ZERO}[name]
        result.append(Payout(wager, "+".join(outs), net, off, from_meter, jackpot))
    return result


@define
class _InPass:
    """A progressive's payouts in the (o) pass: worked out once for every wager, by seat; how many are open."""

    state: str  # where the round was when they were worked out
    by_seat: dict[int, list[Payout]]
    open: int


@reads_round
def _in_pass(rnd, name: str) -> _InPass:
    """``name``'s payouts for the (o) pass, computed in one pass over its wagers when a player's turn first asks
    in the round's state: the cards are final then, the meter stays as (o) began until the last is settled,
    and settling one changes no other's payout; each turn then reads its own seat's."""
    memo = rnd.layout.memo.o_payouts
    found = memo.get(name)
    if found is None or found.state != rnd.state:
        by_seat: dict[int, list[Payout]] = {}
        for p in payouts(rnd, name):
            by_seat.setdefault(p.wager.seat, []).append(p)
        open_ = sum(not p.wager.settled for ps in by_seat.values() for p in ps)
        found = memo[name] = _InPass(rnd.state, by_seat, open_)
    return found


def _awaits_verification(rnd, name: str, seat: int, p: Payout) -> bool:
    """``seat``'s payout ``p`` of ``name`` is open and one a floorperson verifies, and has not yet ((o)(1)-(3)(ii)(B))."""
    return p.net > 0 and not p.wager.settled and p.for_one >= PROGRESSIVES[name].floorperson_at \
        and (seat, name) not in rnd.layout.verified


def _unverified(rnd, name: str, seat: int) -> list[Payout]:
    """``seat``'s open ``name`` payouts a floorperson verifies and has not yet."""
    if name not in rnd.wager_names:
        return []
    return [p for p in _in_pass(rnd, name).by_seat.get(seat, ()) if _awaits_verification(rnd, name, seat, p)]


def _settle(rnd, name: str, seat: int, losing: bool) -> None:
    """Settle ``seat``'s open ``name`` wager if it is ``losing`` (else if it wins); once the last of the round is
    settled, take the paid shares off the meter."""
    if name not in rnd.wager_names:  # none placed: nothing open, nothing paid from its meter
        return
    # the pass's payouts asked for once here, not again for each one settled and for the meter
    spec, lay, in_pass = PROGRESSIVES[name], rnd.layout, _in_pass(rnd, name)
    for p in in_pass.by_seat.get(seat, ()):
        if p.wager.settled or (p.net < 0) != losing:
            continue
        rnd.set(in_pass, "open", in_pass.open - 1)  # an effect: a refused step counts it back
        if p.net < 0:
            _collect(rnd, name, p.wager)
            continue
        rnd.add_member(lay.settled_in_o, (seat, name))
        rnd.note(f"seat {seat}: the dealer verified the winning hand ({rnd.spec.cite_text(spec.cite + '(ii)(A)')})")
        rnd.settle(p.wager, p.outcome, p.net, f"{spec.cite}(ii)(C)", off_table=p.off_table)
        rnd.put(lay.paid_from_meter, name, lay.paid_from_meter.get(name, ZERO) + p.from_meter)
        if p.off_table and name != "bad_beat":
            rnd.note(_off_table_note(rnd, seat, p.off_table))
    paid = lay.paid_from_meter.get(name, ZERO)
    if paid and not in_pass.open:  # the round's last wager of it is settled
        pot, reset = meter(rnd, name), exactly(rnd.rules.progressive_reset)
        left = pot - paid  # only what was paid leaves the meter: the fractions rounded off stay (readings)
        emptied = any(p.jackpot for ps in in_pass.by_seat.values() for p in ps)
        rnd.put(rnd.table.meters, name, reset + max(left, ZERO) if emptied else max(left, reset))
        rnd.put(lay.paid_from_meter, name, ZERO)
        rnd.note(f"{name} meter: {brief(pot)} -> {brief(rnd.table.meters[name])}")


#: The progressives (h) settles against a dealer Blackjack, with the Blackjack Wagers (Straight Jack waits for (o)).
SETTLED_BY_H = ("bad_beat", "hit_and_run")


def collect_losing_against_dealer_blackjack(rnd, seat: int) -> None:
    """(h), (r)(1): collect ``seat``'s losing Bad Beat and Hit and Run wagers with the losing Blackjack Wagers, before
    any winning wager is paid (the (o) pass then works out and pays the winners)."""
    for name in SETTLED_BY_H:
        for wager in rnd.layout.memo.wagers_named(rnd.wagers, name):
            if wager.seat == seat and not wager.settled:
                won = outcomes(rnd, wager)
                if not won:
                    _collect(rnd, name, wager)


def _collect(rnd, name: str, wager: Wager) -> None:
    """Collect a losing ``name`` wager, settled in (o) (or with (h)): a wager the pass still counts among its own."""
    rnd.add_member(rnd.layout.settled_in_o, (wager.seat, name))
    rnd.settle(wager, "lose", -wager.amount, f"{PROGRESSIVES[name].cite}(i)")


def _off_table_note(rnd, seat: int, amount: Decimal) -> str:
    """(o)(2)(ii)(C), (o)(3)(ii)(C): the cards stay on the table until the documentation is completed; those of a
    Blackjack paid at once ((i)(1)(i), even money) were removed then, and are in their bundle in the discard rack
    (the texts conflict: readings, off_table_cards_removed_earlier)."""
    said = f"seat {seat}: {brief(amount)} is not paid from the table inventory; "
    if any(h.discarded for h in rnd.layout.hands if h.seat == seat):
        return said + ("the player's cards were removed from the layout when the Blackjack Wager was settled: they "
                       "are in their bundle in the discard rack for the documentation")
    return said + "the cards stay on the table until the documentation is completed"


# -- at the deal: the meters and the table game system ---------------------------------------------------------
@action("§ 633a.13")
def add_wagers_to_progressive_meters(rnd) -> None:
    """add the Rules' rate of progression of each progressive wager to its meter"""
    for name in PROGRESSIVES:
        if name not in rnd.wager_names:  # no such wager: nothing to add
            continue
        named = rnd.layout.memo.wagers_named(rnd.wagers, name)
        amount = sum(w.amount for w in named) * Decimal(str(rnd.rules.progressive_rate))
        if amount:
            rnd.put(rnd.table.meters, name, meter(rnd, name) + amount)
            rnd.note(f"{name} meter: {brief(rnd.table.meters[name])}")


@action("(o)(1)(ii)")
def have_table_game_system_pick_bonuses(rnd) -> None:
    """the table game system picks the Magic Card and the Lucky Player position at random, if offered"""
    rules, lay = rnd.rules, rnd.layout
    if "bad_beat" not in rnd.wager_names:
        return
    if rules.magic_card_bonus:
        chosen = rnd.options.get("magic_card")
        rng = rnd.shoe.rng
        rnd.set(lay, "magic_card", Card.from_code(chosen) if chosen else rnd.randomly(rng, rng.choice, standard_deck()))
        rnd.note(f"table game system: Magic Card {lay.magic_card.code}")
    if rules.lucky_player_bonus:
        rng = rnd.shoe.rng
        rnd.set(lay, "lucky_player", rnd.options.get("lucky_player") or rnd.randomly(rng, rng.randint, 1, rules.positions))
        rnd.note(f"table game system: Lucky Player position {lay.lucky_player}")


def _magic_card_problem(code: Any, rules: Any) -> str | None:
    if not rules.magic_card_bonus:
        return "the Rules offer no Magic Card Bonus ((o)(1)(ii))"
    try:
        card = Card.from_code(code) if isinstance(code, str) else None
    except CardCodeError as err:
        return str(err)
    return None if card in standard_deck() else "a card of a standard deck, such as KS"


def _lucky_player_problem(seat: Any, rules: Any) -> str | None:
    if not rules.lucky_player_bonus:
        return "the Rules offer no Lucky Player Bonus ((o)(1)(ii))"
    return None if is_whole(seat) and 1 <= seat <= rules.positions else f"a position 1 to {rules.positions}"


#: the table game system's picks, given (training, tests): ``GameInfo.options``
OPTIONS = {"magic_card": RoundOption("the Magic Card the table game system selects, a card code", _magic_card_problem),
           "lucky_player": RoundOption("the Lucky Player position the table game system selects",
                                       _lucky_player_problem)}


# -- (o): the remaining optional wagers, player by player from the dealer's right -----------------------------
def _open_progressive(rnd, player) -> bool:
    """``player`` (the one whose turn it is in the (o) pass) has a progressive wager still open."""
    if not isinstance(player, Player) or rnd.wager_names.isdisjoint(PROGRESSIVES):  # none placed (most rounds)
        return False
    return any(w.name in PROGRESSIVES and not w.settled for w in player.wagers)


def _awaits_floorperson(rnd, player, name: str) -> bool:
    """``player`` (the one whose turn it is, holding a progressive wager still open) has a ``name`` payout a
    floorperson has not yet verified."""
    if name not in rnd.wager_names:
        return False
    # the payouts are read from the pass's (:func:`_in_pass`, worked out once for every wager): none is worked out here
    for p in _in_pass(rnd, name).by_seat.get(player.seat, ()):
        if _awaits_verification(rnd, name, player.seat, p):
            return True
    return False


def _have_floorperson_verify(rnd, name: str) -> None:
    """A floorperson or above verifies each ``name`` payout of the player whose turn it is."""
    seat = rnd.turn.seat
    for p in _unverified(rnd, name, seat):
        rnd.add_member(rnd.layout.verified, (seat, name))
        rnd.note(f"seat {seat}: a floorperson verified the {name} payout of {brief(p.net)} ({float(p.for_one):g} for 1)")


@guard("(o)(1)(ii)(B)")
def next_players_bad_beat_payout_awaits_floorperson(rnd, player) -> bool:
    """the player whose turn it is has a Bad Beat payout of 100 for 1 or more not yet verified by a floorperson"""
    return _open_progressive(rnd, player) and _awaits_floorperson(rnd, player, "bad_beat")


@guard("(o)(2)(ii)(B)")
def next_players_hit_and_run_payout_awaits_floorperson(rnd, player) -> bool:
    """the player whose turn it is has a Hit and Run payout of 200 for 1 or more not yet verified by a floorperson"""
    return _open_progressive(rnd, player) and _awaits_floorperson(rnd, player, "hit_and_run")


@guard("(o)(3)(ii)(B)")
def next_players_straight_jack_payout_awaits_floorperson(rnd, player) -> bool:
    """the player whose turn it is has a Straight Jack payout of 100 for 1 or more not yet verified by a floorperson"""
    return _open_progressive(rnd, player) and _awaits_floorperson(rnd, player, "straight_jack")


@action("(o)(1)(ii)(B)")
def have_floorperson_verify_bad_beat_payout(rnd) -> None:
    """have a floorperson or above verify the Bad Beat payout of the player whose turn it is"""
    _have_floorperson_verify(rnd, "bad_beat")


@action("(o)(2)(ii)(B)")
def have_floorperson_verify_hit_and_run_payout(rnd) -> None:
    """have a floorperson or above verify the Hit and Run payout of the player whose turn it is"""
    _have_floorperson_verify(rnd, "hit_and_run")


@action("(o)(3)(ii)(B)")
def have_floorperson_verify_straight_jack_payout(rnd) -> None:
    """have a floorperson or above verify the Straight Jack payout of the player whose turn it is"""
    _have_floorperson_verify(rnd, "straight_jack")


@guard("(o)")
def remaining_optional_wagers_are_open(rnd, player) -> bool:
    """the player whose turn it is has a Bad Beat, Hit and Run or Straight Jack Progressive Wager not yet settled"""
    return _open_progressive(rnd, player)


@action(("(o)", "(o)(1)(i)", "(o)(1)(ii)(A)", "(o)(1)(ii)(C)", "(o)(2)(i)", "(o)(2)(ii)(A)", "(o)(2)(ii)(C)",
         "(o)(3)(i)", "(o)(3)(i)(A)", "(o)(3)(i)(B)", "(o)(3)(i)(C)", "(o)(3)(i)(D)", "(o)(3)(ii)(A)",
         "(o)(3)(ii)(C)"))
def settle_remaining_optional_wagers_of_next_player(rnd) -> None:
    """settle the Bad Beat, Hit and Run and Straight Jack Progressive Wagers of the player whose turn it is,
    "collecting all losing wagers and paying all winning wagers": the losing ones first, each in (o)'s order"""
    seat = rnd.turn.seat
    for losing in (True, False):
        for name in PROGRESSIVES:  # (o)(1), (o)(2), (o)(3)
            _settle(rnd, name, seat, losing)


# -- (n): does the dealer's hand still decide a progressive? --------------------------------------------------
def dealer_hand_decides_a_progressive(rnd) -> bool:
    """A Hit and Run wager is open, or a Bad Beat wager is open on a box with a hand totalling 20 (any of a split's)."""
    if rnd.wager_names.isdisjoint(("hit_and_run", "bad_beat")):  # neither placed (most rounds)
        return False
    if open_wagers(rnd, "hit_and_run"):
        return True
    return any(h.total == 20 for w in open_wagers(rnd, "bad_beat") for h in rnd.layout.hands if h.seat == w.seat)
