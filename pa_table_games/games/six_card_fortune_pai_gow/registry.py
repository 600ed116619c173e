"""The Six-Card Fortune Pai Gow Poker (§ 670a.8 and, by reference, § 670a.11) registry of guards and actions."""

from pa_table_games.machine.registry import Registry

REGISTRY = Registry("six-card-fortune-pai-gow")
guard = REGISTRY.guard
action = REGISTRY.action
