"""The state flags of the shoe and the table: the true/false fields a round log's header records, a replay sets and
the coverage search draws (a full batch just placed, to burn from; a shuffle due; a new dealer who has not burned).

A field is one because it is declared one (:func:`state_flag`), not because it is true or false: a field that is
no state of the table between rounds (a stacked shoe's order, a mark of who made the table) stays out of every
log, replay and search.
"""

from __future__ import annotations

from typing import Any

import attrs

_STATE_FLAG = "state_flag"


def state_flag(default: bool) -> Any:
    """An attrs field of the shoe or the table that is a state flag, ``default`` when made."""
    return attrs.field(default=default, metadata={_STATE_FLAG: True})


def state_flags(obj: Any) -> tuple[str, ...]:
    """The state flags of ``obj`` (an attrs instance or class: a shoe, a double shoe, the table), in field order."""
    cls = obj if isinstance(obj, type) else type(obj)
    return tuple(f.name for f in attrs.fields(cls) if f.metadata.get(_STATE_FLAG))
