"""The Blackjack (§ 633a.7) registry of guards and actions."""

from pa_table_games.machine.registry import Registry

REGISTRY = Registry("blackjack")
guard = REGISTRY.guard
action = REGISTRY.action
