"""The progressive wagers settled after the dealer's hand: 58 Pa. Code § 633a.7(o) (and (h)).

Bad Beat (o)(1), Hit and Run (o)(2) and Straight Jack (o)(3) are settled after all cards are
dealt, from the dealer's right, one wager after the other; after a dealer Blackjack, Bad Beat
and Hit and Run are settled with the Blackjack Wagers ((h)), and Straight Jack with them.

Each progressive has a meter on the table, kept across rounds: each wager adds the Rules'
rate of progression when the cards are dealt, and a prize quoted as a share of the meter is
paid from it (a 100% jackpot resets it to the Rules' reset amount). Before any payout of
100 for 1 or more (Bad Beat, Straight Jack) or 200 for 1 or more (Hit and Run) a floorperson
verifies it, as a step of its own. Who is paid off the table inventory:

- Bad Beat: every payout is credited to the player's game account ((o)(1)(ii)(C));
- Hit and Run: a 100% jackpot ((o)(2)(ii)(C));
- Straight Jack: a payout of 10% or more of the meter ((o)(3)(ii)(C)).

Several winners of a 100% jackpot share the meter: in proportion to their wagers (Bad Beat),
equally (Hit and Run, Straight Jack). A Magic Card or Lucky Player Bonus, if offered, is paid
on top of a Bad Beat win, or alone when the Bad Beat hand lost.
"""

from __future__ import annotations

from attrs import frozen

from pa_table_games.equipment.cards import Card, standard_deck
from pa_table_games.equipment.chips import Wager
from pa_table_games.games.blackjack.last_cards import bad_beat_outcome, hit_and_run_outcome, straight_jack_outcome
from pa_table_games.games.blackjack.optional_wagers import open_wagers
from pa_table_games.games.blackjack.registry import action, guard


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
    net: float
    off_table: float
    from_meter: float
    jackpot: bool  # won a 100% jackpot (or a share of one)

    @property
    def for_one(self) -> float:
        """The payout quoted "N for 1": what comes back per unit wagered, the wager included."""
        return (self.net + self.wager.amount) / self.wager.amount


def meter(rnd, name: str) -> float:
    """The progressive meter of ``name`` at this table."""
    return rnd.table.meters.get(name, rnd.rules.progressive_reset)


def _box_cards(rnd, seat: int) -> list:
    box = rnd.layout.box(seat)
    return box.cards if box is not None else []


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
    cards = _box_cards(rnd, wager.seat)
    won = bad_beat_outcome(cards, lay.dealer, rules.bad_beat_any_20)
    result = (won,) if won else ()
    if rules.magic_card_bonus and lay.magic_card in cards[:2]:
        result += ("magic_card_bonus",)
    if rules.lucky_player_bonus and lay.lucky_player == wager.seat:
        result += ("lucky_player_bonus",)
    return result


def payouts(rnd, name: str) -> list[Payout]:
    """How each open ``name`` wager is settled now, from the dealer's right (pure)."""
    table = rnd.rules.pay_table(name)  # first, as ever: a bad pay table choice is an error even with no wager
    wagers = open_wagers(rnd, name)
    if not wagers:
        return []
    spec, pot = PROGRESSIVES[name], meter(rnd, name)
    won = [(w, outcomes(rnd, w)) for w in wagers]
    full = [w for w, outs in won if any(table.jackpots.get(o) == 1 for o in outs)]
    stake = sum(w.amount for w in full)
    result = []
    for wager, outs in won:
        if not outs:
            result.append(Payout(wager, "lose", -wager.amount, 0.0, 0.0, False))
            continue
        net = from_meter = 0.0
        for o in outs:
            if o in table.pays:
                net += wager.amount * float(table.pays[o])
            else:
                share = float(table.jackpots[o])
                if share == 1:
                    share = wager.amount / stake if spec.shared == "proportionally" else 1 / len(full)
                net += pot * share
                from_meter += pot * share
        jackpot = any(wager is w for w in full)
        off = {"bad_beat": net, "hit_and_run": from_meter if jackpot else 0.0,
               "straight_jack": net if net >= pot / 10 else 0.0}[name]
        result.append(Payout(wager, "+".join(outs), net, off, from_meter, jackpot))
    return result


def _unverified(rnd, name: str) -> list[Payout]:
    floor = PROGRESSIVES[name].floorperson_at
    return [p for p in payouts(rnd, name) if p.net > 0 and p.for_one >= floor
            and (p.wager.seat, name) not in rnd.layout.verified]


def _verify(rnd, name: str) -> None:
    for p in _unverified(rnd, name):
        rnd.layout.verified.add((p.wager.seat, name))
        rnd.note(f"seat {p.wager.seat}: a floorperson verified the {name} payout of {p.net:g} "
                 f"({p.for_one:g} for 1)")


def _settle(rnd, name: str) -> None:
    spec, pot = PROGRESSIVES[name], meter(rnd, name)
    paid = 0.0
    for p in payouts(rnd, name):
        if p.net < 0:
            rnd.settle(p.wager, "lose", p.net, f"{spec.cite}(i)")
            continue
        rnd.note(f"seat {p.wager.seat}: the dealer verified the winning hand ({rnd.spec.cite_text(spec.cite + '(ii)(A)')})")
        rnd.settle(p.wager, p.outcome, p.net, f"{spec.cite}(ii)(C)", off_table=p.off_table)
        paid += p.from_meter
        if p.off_table and name != "bad_beat":
            rnd.note(f"seat {p.wager.seat}: {p.off_table:g} is not paid from the table inventory; the cards "
                     "stay on the table until the documentation is completed")
    if paid:
        rnd.table.meters[name] = max(pot - paid, rnd.rules.progressive_reset)
        rnd.note(f"{name} meter: {pot:g} -> {rnd.table.meters[name]:g}")


# -- at the deal: the meters and the table game system ---------------------------------------------------------
@action(("(o)(1)(ii)(C)", "(o)(2)(ii)(C)", "(o)(3)(ii)(C)", "§ 633a.13"))
def add_wagers_to_progressive_meters(rnd) -> None:
    """add the Rules' rate of progression of each progressive wager to its meter"""
    for name in PROGRESSIVES:
        if name not in rnd.wager_names:  # no such wager: nothing to add
            continue
        amount = sum(w.amount for w in rnd.wagers if w.name == name) * rnd.rules.progressive_rate
        if amount:
            rnd.table.meters[name] = meter(rnd, name) + amount
            rnd.note(f"{name} meter: {rnd.table.meters[name]:g}")


@action("(o)(1)(ii)")
def have_table_game_system_pick_bonuses(rnd) -> None:
    """the table game system picks the Magic Card and the Lucky Player position at random, if offered"""
    rules, lay = rnd.rules, rnd.layout
    if "bad_beat" not in rnd.wager_names:
        return
    if rules.magic_card_bonus:
        chosen = rnd.options.get("magic_card")
        lay.magic_card = Card.from_code(chosen) if chosen else rnd.shoe.rng.choice(standard_deck())
        rnd.note(f"table game system: Magic Card {lay.magic_card.code}")
    if rules.lucky_player_bonus:
        lay.lucky_player = int(rnd.options.get("lucky_player") or rnd.shoe.rng.randint(1, rules.positions))
        rnd.note(f"table game system: Lucky Player position {lay.lucky_player}")


# -- (o)(1) Bad Beat ------------------------------------------------------------------------------------------
@guard("(o)(1)(ii)(B)", wager="bad_beat")
def bad_beat_payout_awaits_floorperson(rnd) -> bool:
    """a Bad Beat Progressive payout of 100 for 1 or more has not been verified by a floorperson"""
    return bool(_unverified(rnd, "bad_beat"))


@action("(o)(1)(ii)(B)")
def have_floorperson_verify_bad_beat_payout(rnd) -> None:
    """have a floorperson or above verify each Bad Beat Progressive payout of 100 for 1 or more"""
    _verify(rnd, "bad_beat")


@guard("(o)(1)", wager="bad_beat")
def bad_beat_wagers_remain(rnd) -> bool:
    """a Bad Beat Progressive Wager has not been settled"""
    return bool(open_wagers(rnd, "bad_beat"))


@action(("(o)(1)(i)", "(o)(1)(ii)(A)", "(o)(1)(ii)(C)"))
def settle_bad_beat_wagers(rnd) -> None:
    """credit each winning Bad Beat Progressive Wager and bonus to the player's game account; collect the rest"""
    _settle(rnd, "bad_beat")


# -- (o)(2) Hit and Run ---------------------------------------------------------------------------------------
@guard("(o)(2)(ii)(B)", wager="hit_and_run")
def hit_and_run_payout_awaits_floorperson(rnd) -> bool:
    """a Hit and Run Progressive payout of 200 for 1 or more has not been verified by a floorperson"""
    return bool(_unverified(rnd, "hit_and_run"))


@action("(o)(2)(ii)(B)")
def have_floorperson_verify_hit_and_run_payout(rnd) -> None:
    """have a floorperson or above verify each Hit and Run Progressive payout of 200 for 1 or more"""
    _verify(rnd, "hit_and_run")


@guard("(o)(2)", wager="hit_and_run")
def hit_and_run_wagers_remain(rnd) -> bool:
    """a Hit and Run Progressive Wager has not been settled"""
    return bool(open_wagers(rnd, "hit_and_run"))


@action(("(o)(2)(i)", "(o)(2)(ii)(A)", "(o)(2)(ii)(C)"))
def settle_hit_and_run_wagers(rnd) -> None:
    """pay each Hit and Run Progressive Wager on a dealer Blackjack or five or more dealer cards; collect the rest"""
    _settle(rnd, "hit_and_run")


# -- (o)(3) Straight Jack -------------------------------------------------------------------------------------
@guard("(o)(3)(ii)(B)", wager="straight_jack")
def straight_jack_payout_awaits_floorperson(rnd) -> bool:
    """a Straight Jack Progressive payout of 100 for 1 or more has not been verified by a floorperson"""
    return bool(_unverified(rnd, "straight_jack"))


@action("(o)(3)(ii)(B)")
def have_floorperson_verify_straight_jack_payout(rnd) -> None:
    """have a floorperson or above verify each Straight Jack Progressive payout of 100 for 1 or more"""
    _verify(rnd, "straight_jack")


@guard("(o)(3)", wager="straight_jack")
def straight_jack_wagers_remain(rnd) -> bool:
    """a Straight Jack Progressive Wager has not been settled"""
    return bool(open_wagers(rnd, "straight_jack"))


@action(("(o)(3)(i)", "(o)(3)(i)(A)", "(o)(3)(i)(B)", "(o)(3)(i)(C)", "(o)(3)(i)(D)",
         "(o)(3)(ii)(A)", "(o)(3)(ii)(C)"))
def settle_straight_jack_wagers(rnd) -> None:
    """pay each two-card straight by the cards that extend it without passing 21"""
    _settle(rnd, "straight_jack")


# -- (n): does the dealer's hand still decide a progressive? --------------------------------------------------
def dealer_hand_decides_a_progressive(rnd) -> bool:
    """A Hit and Run wager is open, or a Bad Beat wager is open on a hand totalling 20."""
    if open_wagers(rnd, "hit_and_run"):
        return True
    return any(rnd.layout.box(w.seat).total == 20 for w in open_wagers(rnd, "bad_beat"))
