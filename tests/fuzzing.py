"""What every fuzz test asks of one input, and how it mutates bytes (``test_cli_fuzz.py``,
``test_hostile_files.py``).

The rule for every input: exit status 0, 1 (an answer: a replay that departs) or 2; never an exception
escaping the command line; an error is one line on stderr, ``error: ...``; no input runs longer than
:data:`HANG_SECONDS`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from time_limit import within

from pa_table_games.cli import main

#: The longest any one input may run (a blocked pipe or a network wait is a failure, not a stuck suite).
HANG_SECONDS = 60


class Hang(Exception):
    """An input ran longer than HANG_SECONDS."""


def check(args: list[str], tmp: Path, env: dict | None = None, **kwargs):
    """Run ``pa-table-games args``; the outcome obeys the rule; return the result."""
    with within(HANG_SECONDS, f"{args!r}: still running after {HANG_SECONDS} s", Hang):
        result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": "", **(env or {})}).invoke(main, args, **kwargs)
    assert not isinstance(result.exception, Hang), str(result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{args!r}: {type(result.exception).__name__}: {result.exception}"
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    if result.exit_code == 2:  # besides the notes saying how an argument was read (diff, a game's other spelling)
        errors = [line for line in result.stderr.splitlines() if not line.startswith("note: ")]
        assert len(errors) == 1 and errors[0].startswith("error: ") and result.stderr.endswith("\n"), (args, result.stderr)
    return result


def mutate(data: bytes, edits: list[tuple[int, int, int]]) -> bytes:
    """Each edit (kind, position, byte): 0 replaces a byte, 1 inserts one, 2 deletes one."""
    out = bytearray(data)
    for kind, position, value in edits:
        at = position % (len(out) + 1)
        if kind == 0 and at < len(out):
            out[at] = value
        elif kind == 1:
            out[at:at] = bytes([value])
        elif kind == 2 and at < len(out):
            del out[at]
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 10**6),
                           st.one_of(st.integers(0, 255), st.sampled_from(list(b'{}[]":,0\n\\-9eE')))), min_size=1, max_size=6)


def fuzz_test(examples: int, slow: bool = False, **strategies):
    """A fuzz test drawing ``examples`` inputs from ``strategies`` for its body ``(scratch folder, **drawn)``;
    ``slow`` marks the long profile (``make test-long``)."""
    def make(body):
        @settings(max_examples=examples, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
        @given(**strategies)
        def test(tmp_path_factory, **drawn):
            body(tmp_path_factory.getbasetemp(), **drawn)
        test.__doc__ = body.__doc__
        return pytest.mark.slow(test) if slow else test
    return make
