"""What the users run on the machine: simulate, replay, trace, coverage, diagram, review, edge."""
