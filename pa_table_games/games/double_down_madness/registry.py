"""The Double Down Madness (§ 692.7) registry of guards and actions."""

from pa_table_games.machine.registry import Registry

REGISTRY = Registry("double-down-madness")
guard = REGISTRY.guard
action = REGISTRY.action
