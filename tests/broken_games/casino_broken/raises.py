"""A plugin whose module raises while it is imported."""

raise RuntimeError("the casino's database is not reachable")
