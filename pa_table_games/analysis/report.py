"""The printable and JSON report of an exact main-wager analysis: edge, strategy tables, outcome frequencies."""

from __future__ import annotations

from typing import Any

from pa_table_games.analysis.dealer import RANKS

UP_CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
#: Column order of the strategy tables: up cards 2..10 then the ace (rank index 0).
COLUMNS = tuple(range(1, RANKS)) + (0,)
LEGEND = {"S": "stand", "H": "hit", "D": "double down", "R": "surrender", "P": "split"}


def cell_code(ranking: list[tuple[str, float]]) -> str:
    """The best action, and for a double down or surrender the best of stand/hit/split behind it
    (``Dh``: double, else hit), as the published tables write it."""
    first = ranking[0][0]
    if first in ("D", "R"):
        fallback = next(name for name, _ in ranking[1:] if name in ("S", "H", "P"))
        return first + fallback.lower()
    return first


def render_tables(tables: dict[str, dict[str, list[str]]]) -> list[str]:
    lines = []
    for kind, rows in tables.items():
        lines.append(f"{kind:>10} | " + " ".join(f"{u:>3}" for u in UP_CARDS))
        lines.append("-" * (13 + 4 * len(UP_CARDS)))
        for label, codes in rows.items():
            lines.append(f"{label:>10} | " + " ".join(f"{c:>3}" for c in codes))
        lines.append("")
    legend = ", ".join(f"{k} {v}" for k, v in LEGEND.items())
    lines.append(f"{legend}; Dh/Ds: double, else hit/stand; Rh/Rs/Rp: surrender, else hit/stand/split")
    return lines


def report_lines(doc: dict[str, Any]) -> list[str]:
    """Plain text of a report document (see ``to_json`` of each analysis)."""
    lines = [f"{doc['wager']} ({doc['section']}), {doc['decks']} decks, {doc['dealer']}, continuous shuffle",
             f"house edge {doc['house_edge'] * 100:.4f} %  (expected net per round {-doc['house_edge']:+.6f})", "",
             "outcome frequencies per round:"]
    for name, value in doc["outcomes"].items():
        lines.append(f"  {name:40} {value:.6f}")
    lines += ["", f"strategy ({doc['strategy_kind']}):"]
    lines += render_tables(doc["strategy"])
    if doc.get("approximations"):
        lines += ["", "approximations:"] + [f"  - {a}" for a in doc["approximations"]]
    return lines
