"""How deep the randomised tests go: quick by default (``make test``), today's full depth with
``PA_TEST_DEPTH=long`` (``make test-long``, run by CI as well).

The quick depth still plays random rounds of every game through every invariant; the long
depth plays eight to ten times as many. The hypothesis profile of the same name is loaded in
``conftest.py``, so ``@given`` tests follow the same switch.
"""

from __future__ import annotations

import os

#: "quick" or "long".
DEPTH = os.environ.get("PA_TEST_DEPTH", "quick")
if DEPTH not in ("quick", "long"):
    raise SystemExit(f"error: PA_TEST_DEPTH={DEPTH!r}: use quick or long")
LONG = DEPTH == "long"


def depth(quick, long):
    """``quick`` in the quick run, ``long`` in the long one."""
    return long if LONG else quick
