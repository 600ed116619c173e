"""A plugin whose module declares no INFO."""

GAME = "forgot to declare INFO"
