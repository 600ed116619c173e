"""``edge blackjack [WAGER]`` (its ``GameInfo.pricing``, named ``"pa_table_games.games.blackjack.pricing:price"``): the Blackjack Wager exactly by card removal under
continuous shuffle (:mod:`pa_table_games.analysis.blackjack`), each optional wager decided by the first cards
exactly over every deal of them (:mod:`pa_table_games.analysis.edge`; the House Money Wager also with its payout
added to the Blackjack Wager, :mod:`pa_table_games.analysis.house_money`), the Insurance Wager (§ 633a.8) exactly per
wager taken, where the Rules offer it (:mod:`pa_table_games.analysis.insurance`); the progressives of (o) are priced by
the seeded simulation every game has, which here says what that figure rests on: an ILLUSTRATIVE pay table, and a
meter whose shares the jackpots are (the wager's amount, the Rules' ``progressive_reset`` and ``progressive_rate``).

:func:`exact_main`, :func:`exact_insurance` and :func:`exact_at_odds` serve Double Down Madness too: the same analysis
package prices its main wager and its Insurance wager, and one report format its Push 22 wager. This module is an analyst's tool: it imports the analysis, so the game names it
and never imports it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import attrs

from pa_table_games.analysis.dealer_cache import progress
from pa_table_games.analysis.edge import PROGRESSIVES, EdgeReport, edge_under_rules, exact_edge
from pa_table_games.analysis.exact import analyse
from pa_table_games.analysis.house_money import adding_lines, adding_price, with_decks
from pa_table_games.analysis.illustrative import FIELD, illustrative_lines
from pa_table_games.analysis.insurance import INSURANCE, assumptions, decks_words, insurance_edge
from pa_table_games.analysis.report import report_lines
from pa_table_games.errors import TableGamesError
from pa_table_games.games.blackjack.first_cards import FIRST_CARDS
from pa_table_games.games.blackjack.paytable_choice import no_deck_table
from pa_table_games.games.blackjack.paytables import pay_table
from pa_table_games.money import brief, default_wager, exactly
from pa_table_games.simulation.chunks import CHUNK
from pa_table_games.simulation.pricing import ROUNDS, simulated
from pa_table_games.values import EdgeAsk, Priced

MAIN = "blackjack"
#: The optional wager whose payout may be added to the Blackjack Wager ((g)(10)(ii)): priced both ways.
HOUSE_MONEY = "house_money"
#: The Insurance Wager's name in § 633a.8 and the cites that settle it: paid on a dealer Blackjack under (h),
#: collected under § 633a.8 (the cites of ``settle_against_dealer_blackjack`` and ``collect_insurance_wagers``);
#: a box holding a Blackjack is offered even money instead (§ 633a.8, the machine's ``insurance=yes`` unless).
INSURANCE_WAGER = ("Insurance Wager", "§ 633a.7(h), § 633a.8", True)
#: Why a pay table is ILLUSTRATIVE (paytables/blackjack.yaml marks the progressives' so).
NO_PAY_TABLE = "§ 633a.13, the payout odds, is not available, and no public table is"
#: The Royal Match 21 prize paid on top of a Royal Match where the Rules offer it ((g)(4)), and why its amount is
#: UNCERTAIN: no public source names Pennsylvania's (docs/reference.md).
CROWN_TREASURE_BONUS = "crown_treasure_bonus"
CROWN_TREASURE_UNCERTAIN = "an UNCERTAIN amount: docs/reference.md"
DEALER_WORK = "computing the dealer's probabilities (kept in the cache for next time)"


@contextmanager
def _dealer_bar(ask: EdgeAsk) -> Iterator[None]:
    """The ask's bar while the dealer's probabilities are computed (a cold cache: up to a minute)."""
    with ask.bar(DEALER_WORK) as heard:
        if heard is None:
            yield
            return
        rows: dict[int, tuple[int, int]] = {}

        def told(up: int, done: int, missing: int) -> None:
            rows[up] = (done, missing)
            heard(sum(d for d, _ in rows.values()), sum(m for _, m in rows.values()))

        with progress(told):
            yield


def _no_pay_table(ask: EdgeAsk, wager: str) -> None:
    """The main wager is paid by the Rules' own odds: ``--paytable`` is refused (before, silently ignored, a pay table
    of no name included). ``--rounds`` and ``--seed`` are a simulated price's, passed by a caller pricing every game
    alike (``check``): an exact price deals no rounds and reads neither."""
    if ask.paytable is not None:
        raise TableGamesError(f"edge {ask.game} {wager}: priced exactly, and the Rules set its pays, so --paytable "
                              "does not apply")


def _no_switch(ask: EdgeAsk) -> None:
    """A Blackjack Switch table ((g)(7)) is refused: the option changes only the Super Match Wager here, the switch
    itself is not modelled, and the plain game's edge is not that table's (without the option it is priced)."""
    if ask.rules.blackjack_switch:
        cite = attrs.fields_dict(type(ask.rules))["blackjack_switch"].metadata["cite"]
        raise TableGamesError(f"edge {ask.game} {MAIN}: the Rules set blackjack_switch: true (§ 633a.7{cite}), whose "
                              "switch is not modelled: no edge for a Blackjack Switch table's Blackjack Wager "
                              "(without the option, the plain game's)")


def exact_main(ask: EdgeAsk, wager: str) -> Priced:
    """The main wager's exact edge and strategy under the Rules (``--decks`` overriding theirs)."""
    _no_pay_table(ask, wager)
    rules = ask.rules if ask.decks is None else attrs.evolve(ask.rules, decks=ask.decks)
    with _dealer_bar(ask):
        doc = analyse(wager, rules) | {"rules": ask.rules_file}
    return Priced(doc, report_lines(doc))


def _first_cards(ask: EdgeAsk) -> Priced:
    """An optional wager decided by the first cards, exactly, under the pay choices of the Rules file if any; a table
    left to the deck count (Match-the-Dealer) and taken from the wager's default, for want of one, says so."""
    if ask.rules_file is None:
        report = exact_edge(ask.wager, decks=ask.decks or 6, paytable=ask.paytable)
    else:
        report = edge_under_rules(ask.wager, ask.rules, ask.rules_file, ask.paytable, ask.decks)
    doc, table = report.to_json(), pay_table(ask.wager, report.paytable)
    doc[FIELD] = table.illustrative
    chosen = ask.paytable or dict(ask.rules.paytables).get(ask.wager)
    doc["paytable_note"] = None if chosen else no_deck_table(ask.wager, report.decks)
    named = f" ({doc['paytable_note']})" if doc["paytable_note"] else ""
    crown = table.pays.get(CROWN_TREASURE_BONUS) if doc["crown_treasure_bonus"] else None
    doc["uncertain"] = [] if crown is None else [f"Crown Treasure Bonus {crown.numerator} to {crown.denominator} "
                                                 f"({CROWN_TREASURE_UNCERTAIN})"]
    bonus = "" if doc["crown_treasure_bonus"] else ", Crown Treasure Bonus not offered"
    if crown is not None:
        bonus = f", Crown Treasure Bonus {crown.numerator} to {crown.denominator} included ({CROWN_TREASURE_UNCERTAIN})"
    lines = [f"{ask.wager}, {decks_words(doc['decks'])}, pay table {doc['paytable']}{named}"
             + (f", Rules {ask.rules_file}" if ask.rules_file else "") + bonus,
             *illustrative_lines(doc, NO_PAY_TABLE, report.paytable),
             *outcome_rows(doc, report)]
    lines.append(f"house edge {float(report.house_edge) * 100:.4f} %")
    if ask.wager == HOUSE_MONEY:
        return _house_money(ask, report, doc, lines)
    return Priced(doc, lines)


def _house_money(ask: EdgeAsk, report: EdgeReport, doc: dict, lines: list[str]) -> Priced:
    """(g)(10): the cash-only price (every payout kept) and the price with the payout added to the Blackjack Wager
    whenever that gains ((ii)(A)-(C), :mod:`pa_table_games.analysis.house_money`), under the Rules' Blackjack rules
    and portion, with the decks the cash-only price counted."""
    doc["house_edge_counts"] = "the payout kept in cash, never added to the Blackjack Wager ((g)(10)(ii)(B))"
    lines[-1] += "  paid in cash only: every payout kept, never added to the Blackjack Wager ((g)(10)(ii)(B))"
    if ask.rules.blackjack_switch:  # the added payout earns the Blackjack Wager's expected net: not this table's
        doc["with_adding"] = None
        return Priced(doc, lines + ["with the payout added: not priced: the Rules set blackjack_switch: true, whose "
                                    "switch is not modelled (the plain game's Blackjack Wager is not this table's)"])
    pays = {name: odds for name, _, odds in report.outcomes if odds > 0}
    with _dealer_bar(ask):
        price = adding_price(with_decks(ask.rules, report.decks), pays, report.house_edge)
    doc["with_adding"] = price.to_json()
    return Priced(doc, lines + adding_lines(price))


def outcome_rows(doc: dict, report: EdgeReport) -> list[str]:
    """An exact price's table: each outcome's probability, its pays as exact odds (``5/2``) and its return."""
    return [f"  {'outcome':38} {'probability':>12}  {'pays':>8}  {'return':>9}"] + [
        f"  {row['outcome']:38} {row['probability']:12.8f}  {str(pays):>8}  {row['return']:+9.6f}"
        for row, (_, _, pays) in zip(doc["outcomes"], report.outcomes)]


def exact_insurance(ask: EdgeAsk, wager: tuple[str, str, bool]) -> Priced:
    """The Insurance wager exactly, per wager taken, at the odds the game settles it by (the Rules'
    ``insurance_odds``); ``wager`` is its name and cites in the game's section, and whether a box holding a
    Blackjack is offered even money instead. Rules that offer no Insurance are told so, with their option's cite: no
    rounds are dealt to find the wager never made."""
    if not ask.rules.insurance:
        cite = attrs.fields_dict(type(ask.rules))["insurance"].metadata["cite"]
        raise TableGamesError(f"edge {ask.game} {INSURANCE}: the Rules offer no Insurance (insurance: false, {cite})")
    name, cite, even_money_instead = wager
    decks = ask.decks or ask.rules.decks
    report = insurance_edge(decks, ask.rules.insurance_odds, even_money_instead)
    return exact_at_odds(ask, report, (name, cite), "insurance_pays",
                         assumptions(report.decks, name, even_money_instead))


def exact_at_odds(ask: EdgeAsk, report: EdgeReport, wager: tuple[str, str], option: str, assumes: str) -> Priced:
    """A wager paid at the Rules' own odds (their ``option``: Insurance, Push 22) priced exactly as ``report`` says:
    ``wager`` is its name and cites in the game's section, ``assumes`` what the price assumes, in words. The odds are
    the paying outcome's, the report's first; ``--paytable`` is refused."""
    _no_pay_table(ask, report.wager)
    name, cite = wager
    odds = report.outcomes[0][2]
    doc = {"game": ask.game, "wager": report.wager, "name": name, "cite": cite, "method": "exact",
           "odds": f"{odds.numerator}:{odds.denominator}", "assumes": assumes} | \
        attrs.evolve(report, rules=ask.rules_file).to_json()
    for row, (_, probability, _) in zip(doc["outcomes"], report.outcomes):
        row["probability_exact"] = str(probability)
    doc["house_edge_exact"] = str(report.house_edge)
    lines = [f"{report.wager}: the {name} ({cite}), {decks_words(report.decks)}, pays {odds.numerator} to "
             f"{odds.denominator} (the Rules' {option})" + (f", Rules {ask.rules_file}" if ask.rules_file else ""),
             f"{doc['method']}, {doc['assumes']}",
             *outcome_rows(doc, report)]
    lines.append(f"house edge {float(report.house_edge) * 100:.4f} % = {doc['house_edge_exact']} (exact)")
    return Priced(doc, lines)


def _progressive(ask: EdgeAsk) -> Priced:
    """A progressive of (o), simulated, saying what the figure rests on besides the rounds: its pay table, labelled
    ILLUSTRATIVE as the Pai Gow prices label theirs, and the meter its jackpots are shares of: the same wager on
    another amount, or under another ``progressive_reset`` or ``progressive_rate``, has another edge."""
    table, rules = ask.rules.pay_table(ask.wager), ask.rules
    terms: dict = {"paytable": table.name, FIELD: table.illustrative}
    said = illustrative_lines(terms, NO_PAY_TABLE, table.name)
    if table.jackpots:
        amount = default_wager(rules)
        per_table = min(CHUNK, ask.rounds or ROUNDS)  # a chunk's, or all the rounds asked: one table's
        terms["meter"] = {"wager": float(amount), "progressive_reset": rules.progressive_reset,
                          "progressive_rate": rules.progressive_rate, "rounds_per_table": per_table}
        said.append(f"jackpots are shares of the meter: this edge is for a wager of {brief(amount)}, the meter starting "
                    f"at {brief(rules.progressive_reset)} (the Rules' progressive_reset) and gaining "
                    f"{brief(exactly(rules.progressive_rate) * 100)} % of each wager (progressive_rate), a new table every "
                    f"{per_table:,} rounds; another amount, reset or rate gives another edge")
    return simulated(ask, terms=terms, said=said)


def price(ask: EdgeAsk) -> Priced | None:
    """The Blackjack Wager (no WAGER too), a first-cards optional wager or the Insurance Wager, exactly; a progressive
    simulated, with what its figure rests on; None for any other wager."""
    if ask.wager in (None, MAIN):
        _no_switch(ask)
        return exact_main(ask, MAIN)
    if ask.wager in FIRST_CARDS:
        return _first_cards(ask)
    if ask.wager == INSURANCE:
        return exact_insurance(ask, INSURANCE_WAGER)
    if ask.wager in PROGRESSIVES:
        return _progressive(ask)
    return None
