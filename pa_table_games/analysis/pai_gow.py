"""The house edge of each Six-Card Fortune Pai Gow Poker wager: exact where the cards allow, else simulated.

Wagers (:data:`~pa_table_games.games.six_card_fortune_pai_gow.WAGERS`):

* ``fortune_bonus`` and ``progressive`` are settled on the player's six cards alone (the best
  five-card hand among them), so their price is EXACT: the count of every six-card hand of the
  53-card deck per hand name (:mod:`.pai_gow_hands`), times the pay table's odds. The pay tables
  are the game's own (:mod:`~pa_table_games.games.six_card_fortune_pai_gow.paytable`), read when
  the price is asked for, so a changed table changes the price as it changes the play.
* The Envy Bonus paid to a Qualifying Fortune Bonus Wager (§ 670a.8(b)(1)) is a fixed amount per
  OTHER player's hand. Each other hand is, on its own, six cards taken at random from the same
  deck, so by linearity of expectation its value is exact too: the same counts times the Envy
  amounts, once per other wagered position, however the hands depend on one another.
* ``six_card_fortune`` (the main wager: both hands against the dealer's, set the house way, a copy
  to the dealer) and ``double_down`` (made after the cards are seen, § 670a.7(c)) depend on two
  set hands from one deck: ``C(53,6) x C(47,6)`` deals, each set by an algorithm, too many to
  enumerate here. They are SIMULATED by the game's own machine: :mod:`pa_table_games.games.six_card_fortune_pai_gow.pricing`.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from pa_table_games.analysis.illustrative import FIELD, illustrative_lines
from pa_table_games.analysis.pai_gow_hands import METHOD, Heard, six_card_counts
from pa_table_games.errors import WagerError
from pa_table_games.games.six_card_fortune_pai_gow import paytable

GAME = "six-card-fortune-pai-gow"
SECTION = "58 Pa. Code § 670a.8"
LOSS = "lose"
#: wager -> (its name in the regulation, where it is cited, how it is priced)
WAGERS = {
    "six_card_fortune": ("Six-Card Fortune Pai Gow Poker Wager", "§ 670a.7", "simulated"),
    "double_down": ("Double Down Wager", "§ 670a.7(c)", "simulated"),
    "fortune_bonus": ("Fortune Bonus Wager", "§ 670a.8(b)(1)", "exact"),
    "progressive": ("Progressive Payout Wager", "§ 670a.8(b)(2)", "exact"),
}
#: How the simulated wagers are played in the simulation (``edge GAME WAGER`` runs it).
SIMULATED_HOW = {"six_card_fortune": "simulated: the house way against the house way, a copy to the dealer",
                 "double_down": "simulated: made with a high hand of three of a kind or better"}
#: The Rules flag offering each optional wager.
OFFERED = {"double_down": "double_down", "fortune_bonus": "fortune_bonus", "progressive": "progressive"}


def _table(wager: str) -> dict[str, Fraction]:
    """The game's pay table of an exact wager, read now (a changed table is priced as played)."""
    return dict(paytable.FORTUNE_BONUS if wager == "fortune_bonus" else paytable.PROGRESSIVE)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def check_wager(wager: str, rules: Any) -> str:
    """The wager's name (any case), if the game takes it and the Rules offer it; else a one-line WagerError."""
    name = wager.strip().lower()
    if name not in WAGERS:
        raise WagerError(f"{GAME} has no wager {wager.strip()!r}: choose one of {', '.join(WAGERS)}")
    flag = OFFERED.get(name)
    if flag is not None and not getattr(rules, flag):
        raise WagerError(f"the Rules do not offer the {WAGERS[name][0]} ({flag}: no)")
    return name


def exact_side_wager(wager: str, rules: Any, heard: Heard | None = None) -> dict[str, Any]:
    """The exact price of ``fortune_bonus`` or ``progressive`` under ``rules`` (joker rule, Envy qualifying amount)."""
    counts = six_card_counts(rules.joker_rule, heard=heard)
    total = sum(counts.values())
    table = _table(wager)
    rows = [(name, ways, table[name]) for name, ways in counts.items() if name in table]
    rows.sort(key=lambda row: (-row[2], row[0]))
    losing = total - sum(ways for _, ways, _ in rows)
    rows.append((LOSS, losing, Fraction(-1)))
    edge = -sum((Fraction(ways, total) * pays for _, ways, pays in rows), Fraction(0))
    doc: dict[str, Any] = {
        "game": GAME, "wager": wager, "name": WAGERS[wager][0], "cite": WAGERS[wager][1], "method": METHOD,
        "joker": rules.joker, "hands": total, FIELD: paytable.ILLUSTRATIVE,
        "outcomes": [{"outcome": name, "count": ways, "probability": ways / total,
                      "probability_exact": _fraction(Fraction(ways, total)), "pays": float(pays),
                      "return": float(Fraction(ways, total) * pays)} for name, ways, pays in rows],
        "house_edge": float(edge), "house_edge_exact": _fraction(edge),
    }
    if wager == "fortune_bonus":
        doc["envy_bonus"] = _envy(counts, rules, edge)
    if wager == "progressive":
        doc["note"] = "paid by the progressive table game system (§ 670a.8(b)(2)) at the fixed odds of the table"
    return doc


def _envy(counts: dict[str, int], rules: Any, edge: Fraction) -> dict[str, Any]:
    """What the Envy Bonus adds to a Qualifying Fortune Bonus Wager (see the module doc)."""
    total = sum(counts.values())
    amounts = {name: Fraction(str(amount)) for name, amount in paytable.ENVY_BONUS.items()}
    per_hand = sum((Fraction(counts.get(name, 0), total) * amount for name, amount in amounts.items()),
                   Fraction(0))
    qualifying, others = Fraction(str(Decimal(str(rules.qualifying_fortune_bonus)))), rules.positions - 1
    with_envy = edge - others * per_hand / qualifying
    return {"per_other_hand": float(per_hand), "per_other_hand_exact": _fraction(per_hand),
            "qualifying_wager": float(qualifying), "other_positions": others,
            "house_edge_qualifying_full_table": float(with_envy),
            "house_edge_qualifying_full_table_exact": _fraction(with_envy)}


def wager_list(rules: Any) -> dict[str, Any]:
    """Every wager of the game, how it is priced and, for the exact ones, the edge (from the cache when warm)."""
    rows = []
    for wager, (name, cite, how) in WAGERS.items():
        flag = OFFERED.get(wager)
        row: dict[str, Any] = {"wager": wager, "name": name, "cite": cite, "method": how,
                               "offered": flag is None or bool(getattr(rules, flag))}
        if how == "exact" and row["offered"]:
            row["house_edge"] = exact_side_wager(wager, rules)["house_edge"]
        rows.append(row)
    return {"game": GAME, "joker": rules.joker, "wagers": rows}


def list_lines(doc: dict[str, Any]) -> list[str]:
    lines = [f"{GAME} ({SECTION}), joker {doc['joker']}: wagers (edge {GAME} WAGER prices one)"]
    for row in doc["wagers"]:
        if not row["offered"]:
            what = "not offered by the Rules"
        elif "house_edge" in row:
            what = f"exact, house edge {row['house_edge'] * 100:.4f} %"
        else:
            what = SIMULATED_HOW[row["wager"]]
        lines.append(f"  {row['wager']:18} {row['name']} ({row['cite']}): {what}")
    return lines


def report_lines(doc: dict[str, Any]) -> list[str]:
    """Plain text of :func:`exact_side_wager`'s document."""
    lines = [f"{doc['wager']}: the {doc['name']} ({doc['cite']}), {GAME}, joker {doc['joker']}",
             f"method: {doc['method']}",
             *illustrative_lines(doc, "the payout section of chapter 670a is not available"), "",
             f"  {'outcome':18} {'hands':>10} {'probability':>22} {'pays':>6} {'return':>10}"]
    for row in doc["outcomes"]:
        lines.append(f"  {row['outcome']:18} {row['count']:>10,} {row['probability_exact']:>22} "
                     f"{row['pays']:>6g} {row['return']:>+10.6f}")
    lines += [f"  {'all':18} {doc['hands']:>10,}", "",
              f"house edge {doc['house_edge'] * 100:.4f} % = {doc['house_edge_exact']} (exact)"]
    envy = doc.get("envy_bonus")
    if envy:
        lines.append(f"Envy Bonus: each other wagered position's hand is worth {envy['per_other_hand']:.6f} to a "
                     f"Qualifying Fortune Bonus Wager (exact, ILLUSTRATIVE amounts); a {envy['qualifying_wager']:g} "
                     f"wager with {envy['other_positions']} others at the table: house edge "
                     f"{envy['house_edge_qualifying_full_table'] * 100:.4f} %")
    if doc.get("note"):
        lines.append(f"note: {doc['note']}")
    return lines
