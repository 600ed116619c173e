"""High Card whose shoe never comes: a search of its rounds cannot finish, whatever the machine's speed.

The work a Ctrl-C test interrupts: when a table is set up, ``new_shoe`` says so on stderr (the test's
readiness line) and then waits for good, so a Ctrl-C sent once that line is read always arrives while
the work is under way. The command line finds the game through an entry point (``tests/test_coverage.py``):
it is the toy game the suite installs as a plugin (``plugins.py``), under another name.
"""

from __future__ import annotations

import sys
import time

import attrs

from casino_high_card import INFO as HIGH_CARD

#: What ``new_shoe`` prints before it waits: the test's readiness line.
READY = "stalled-high-card: waiting for a shoe that never comes"


def never_dealt(rules, seed):
    """Say so, then wait for good, in short sleeps: Python runs a Ctrl-C's handler between them. One long
    sleep missed a Ctrl-C that arrived after the readiness line but before the sleep began (or in another
    thread): the handler waited for the sleep's end, an hour later, and a CI run failed."""
    sys.stderr.write(f"\n{READY}\n")
    sys.stderr.flush()
    while True:
        time.sleep(0.1)


INFO = attrs.evolve(HIGH_CARD, name="stalled-high-card", new_shoe=never_dealt)
