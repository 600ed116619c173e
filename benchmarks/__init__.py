"""Benchmarks (``make bench``): not tests; see ``__main__.py``."""
