"""The machine: spec files loaded safely, the registry of guards and actions, the bound machine and the one `transitions` adapter."""
