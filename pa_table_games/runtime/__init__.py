"""A round at the table: Rules, pay tables, the game, the round and its executors, the event log."""
