"""The dealer-table cache: shared safely by analyses running at once, never a reason to fail."""

from __future__ import annotations

import numpy as np

from pa_table_games.analysis.dealer_cache import DealerTable, cache_dir

NONE = (0,) * 10
ONE_FIVE = (0, 0, 0, 0, 1, 0, 0, 0, 0, 0)  # ace, 2..9, 10-value: one 5 removed
ONE_TEN = (0,) * 9 + (1,)


def test_two_analyses_saving_at_once_keep_both_tables(tmp_path, monkeypatch):
    """Two processes computing different hands against the same six-deck shoe both save: the file
    ends with every row either computed, each equal to a fresh computation."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    first, second = DealerTable(6, hits_soft_17=False), DealerTable(6, hits_soft_17=False)
    first.prefetch(9, [NONE, ONE_FIVE])
    second.prefetch(9, [ONE_TEN])
    first.save()
    second.save()  # does not throw away what the first one stored meanwhile
    reread = DealerTable(6, hits_soft_17=False)
    assert set(reread.known[9]) == {NONE, ONE_FIVE, ONE_TEN}
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    fresh = DealerTable(6, hits_soft_17=False)
    for removal in (NONE, ONE_FIVE, ONE_TEN):
        assert np.allclose(reread.get(9, removal), fresh.get(9, removal), rtol=1e-12, atol=0)
    assert [p.name for p in (tmp_path / "pa-table-games").iterdir()] == ["dealer-6d-s17.npz"]  # no temporary left


def test_a_damaged_cache_is_recomputed_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    path = cache_dir() / "dealer-6d-h17.npz"
    path.parent.mkdir()
    path.write_bytes(b"PK\x03\x04 truncated")
    table = DealerTable(6, hits_soft_17=True)
    assert table.known[0] == {}
    row = table.get(0, NONE)
    table.save()
    assert np.array_equal(DealerTable(6, hits_soft_17=True).known[0][NONE], row)


def test_a_cache_that_cannot_be_written_costs_only_time(tmp_path, monkeypatch):
    """A home whose cache folder cannot be made (here a file is in its way) still gets its answer."""
    (tmp_path / "pa-table-games").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    table = DealerTable(6, hits_soft_17=False)
    row = table.get(9, NONE)
    table.save()
    assert row.sum() > 0.99


def test_a_cold_computation_reports_its_progress(monkeypatch):
    """The edge command's bar listens to every batch computed; nothing is heard when all is known."""
    from pa_table_games.analysis.dealer_cache import DealerTable, progress

    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    table, heard = DealerTable(1, hits_soft_17=False), []
    removals = [(0,) * 9 + (n,) for n in range(3)]
    with progress(lambda up, done, missing: heard.append((up, done, missing))):
        table.prefetch(5, removals, batch=2)
        table.prefetch(5, removals, batch=2)  # known now: silent
    assert heard == [(5, 2, 3), (5, 3, 3)]
