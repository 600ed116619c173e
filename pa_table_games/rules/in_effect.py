"""The Rules in effect, stated with every run: the key options always, every option that
differs from its default, and the section's own dealer rule, which no Rules Submission changes.
"""

from __future__ import annotations

from typing import Any

import attrs

#: The dealer's drawing or setting rule each section fixes (not a Rules Submission option).
FIXED_DEALER_RULE = {
    "blackjack": "the dealer draws to 17 and stands on every 17, soft or hard (§ 633a.7(m))",
    "double-down-madness": "the dealer draws to a hard 17 and hits soft 17 (§ 692.7(n))",
    "six-card-fortune-pai-gow": "the dealer sets the hand the house way (§ 670a.11)",
}

#: Options stated on every run where a game has them: decks, Blackjack pays, double, split, surrender, shuffle.
KEY_OPTIONS = ("decks", "blackjack_pays", "suited_blackjack_pays", "double_on", "double_after_split",
               "double_down_wager", "max_double_downs", "split_max_hands", "resplit_aces", "split_aces_one_card",
               "surrender", "double_down", "double_down_max", "joker", "shuffle")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value) + "}" if value else "defaults"
    return f"{value:g}" if isinstance(value, float) else str(value)


def changed(rules: Any) -> list[tuple[str, Any, Any]]:
    """(option, value, default) for every option that differs from its default."""
    out = []
    for f in attrs.fields(type(rules)):
        value = getattr(rules, f.name)
        if value != f.default:
            out.append((f.name, value, f.default))
    return out


def rules_lines(game: str, rules: Any) -> list[str]:
    """``Rules: decks 6, blackjack_pays 3:2, ...`` / ``changed from the defaults: ...`` / the dealer rule."""
    names = {f.name for f in attrs.fields(type(rules))}
    key = ", ".join(f"{name} {_text(getattr(rules, name))}" for name in KEY_OPTIONS if name in names)
    diff = changed(rules)
    lines = [f"Rules: {key}" if key else "Rules:"]
    lines.append("Rules changed from the defaults: " + (", ".join(
        f"{name} {_text(value)} (default {_text(default)})" for name, value, default in diff) or "none"))
    if game in FIXED_DEALER_RULE:
        lines.append(f"Fixed by the section: {FIXED_DEALER_RULE[game]}")
    return lines


def rules_json(rules: Any) -> dict:
    """Every option and its value, for ``--json``."""
    return {name: (dict(value) if isinstance(value, tuple) else value)
            for name, value in attrs.asdict(rules, recurse=False).items()}
