"""The Rules in effect, stated with every run: the key options always (those the game's ``GameInfo``
names, else every option), every option that differs from its default, and what the section itself fixes
(the game's ``fixed_rule``: a dealer's drawing rule no Rules Submission changes).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import attrs


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value) + "}" if value else "each wager's default table"
    if isinstance(value, float):  # every digit, never an exponent: 100000.01 is not the default 100000
        return format(Decimal(repr(value)).normalize(), "f")
    return str(value)


def changed(rules: Any) -> list[tuple[str, Any, Any]]:
    """(option, value, default) for every option that differs from its default; an option whose metadata gives
    ``changes(rules, value)`` is compared by what of it changes the game (a pay table chosen that the wager takes
    anyway is none)."""
    out = []
    for f in attrs.fields(type(rules)):
        value = getattr(rules, f.name)
        if "changes" in f.metadata:
            value = f.metadata["changes"](rules, value)
        if value != f.default:
            out.append((f.name, value, f.default))
    return out


def changed_words(rules: Any) -> list[str]:
    """``blackjack_pays 6:5 (default 3:2)`` for every option that differs from its default."""
    return [f"{name} {_text(value)} (default {_text(default)})" for name, value, default in changed(rules)]


def rules_lines(info: Any, rules: Any) -> list[str]:
    """``Rules: decks 6, ...`` (the options ``info``, the game's ``GameInfo``, names as key: every option when it
    names none) / ``Rules changed from the defaults: ...`` / what the section fixes, when the game says."""
    names = [f.name for f in attrs.fields(type(rules))]
    shown = names if info.key_options is None else [name for name in info.key_options if name in names]
    key = ", ".join(f"{name} {_text(getattr(rules, name))}" for name in shown)
    lines = [f"Rules: {key}" if key else "Rules:"]
    lines.append("Rules changed from the defaults: " + (", ".join(changed_words(rules)) or "none"))
    if info.fixed_rule:
        lines.append(f"Fixed by the section: {info.fixed_rule}")
    return lines


def rules_json(rules: Any) -> dict:
    """Every option and its value, for ``--json``."""
    return {name: (dict(value) if isinstance(value, tuple) else value)
            for name, value in attrs.asdict(rules, recurse=False).items()}
