"""Broken plugins, one way each (tests/test_broken_plugins.py)."""
