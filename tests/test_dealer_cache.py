"""The dealer-table cache: shared safely by analyses running at once, never a reason to fail."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pa_table_games.analysis import dealer
from pa_table_games.analysis.dealer import dealer_outcomes
from pa_table_games.analysis.dealer_cache import DealerTable, cache_dir, progress
from pa_table_games.cli import main

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
    assert [p.name for p in (tmp_path / "pa-table-games").iterdir()] == [reread._path.name]  # no temporary left
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    fresh = DealerTable(6, hits_soft_17=False)
    for removal in (NONE, ONE_FIVE, ONE_TEN):
        assert np.allclose(reread.get(9, removal), fresh.get(9, removal), rtol=1e-12, atol=0)


def test_a_damaged_cache_is_recomputed_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    path = DealerTable(6, hits_soft_17=True)._path
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


def _saved(tmp_path, monkeypatch, edit) -> tuple:
    """A real cache file (six decks, S17: the rows for up card 9 and nothing removed) with ``edit``
    applied to its arrays; (its path, the row computed afresh)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    table = DealerTable(6, hits_soft_17=False)
    row = table.get(9, NONE).copy()
    table.save()
    path = table._path
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    edit(arrays)
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in arrays.items():
            with archive.open(f"{name}.npy", "w") as member:
                if isinstance(array, bytes):
                    member.write(array)
                else:
                    np.lib.format.write_array(member, np.asarray(array), allow_pickle=False)
    return path, row


def _header_claiming(shape) -> bytes:
    """A .npy member whose header claims ``shape`` of float64 (80 GB for 10^10 x 8) but holds 64 bytes."""
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": "<f8", "fortran_order": False, "shape": shape})
    return out.getvalue() + b"\0" * 64


@pytest.mark.parametrize("edit", [
    lambda a: a.update(v9=a["v9"][:, :7]),  # a wrong-shaped row
    lambda a: a.update(v9=np.vstack([a["v9"], a["v9"]])),  # more rows than keys
    lambda a: a.update(v9=a["v9"] * 2),  # not a probability distribution
    lambda a: a.update(v9=np.full_like(a["v9"], np.nan)),
    lambda a: a.update(k9=a["k9"] - 5),  # a removal no shoe allows
    lambda a: a.update(k9=a["k9"].astype(np.float64)),
    lambda a: a.update(v9=_header_claiming((10**10, 8))),  # a header claiming 80 GB
    lambda a: a.update(v9=_header_claiming((10**10, 7))),
    lambda a: a.pop("k3"),
], ids=["row of 7", "extra rows", "sums to 2", "nan", "negative removal", "float keys", "80 GB", "80 GB of 7",
        "missing array"])
def test_a_damaged_cache_is_discarded_never_trusted(tmp_path, monkeypatch, edit):
    """Whatever is wrong in the file, nothing of it is used: the rows are computed again, equal to a
    fresh computation, and the next save replaces the file with a sound one."""
    path, fresh = _saved(tmp_path, monkeypatch, edit)
    table = DealerTable(6, hits_soft_17=False)
    assert all(known == {} for known in table.known)
    row = table.get(9, NONE)
    assert row.shape == (8,) and np.allclose(row, fresh, rtol=1e-12, atol=0)
    table.save()
    assert np.allclose(DealerTable(6, hits_soft_17=False).known[9][NONE], fresh, rtol=1e-12, atol=0)


@pytest.mark.slow  # a heavy check: `make test-long`
def test_edge_with_a_damaged_cache_answers(tmp_path, monkeypatch):
    """`edge blackjack` with a cache whose rows are the wrong shape gives its answer, exit 0."""
    _saved(tmp_path, monkeypatch, lambda a: a.update(v9=a["v9"][:, :7]))
    result = CliRunner().invoke(main, ["edge", "blackjack", "--json"])
    assert result.exit_code == 0, result.output
    assert "house_edge" in result.output


def test_a_cold_computation_reports_its_progress(monkeypatch):
    """The edge command's bar listens to every batch computed; nothing is heard when all is known."""
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    table, heard = DealerTable(1, hits_soft_17=False), []
    removals = [(0,) * 9 + (n,) for n in range(3)]
    with progress(lambda up, done, missing: heard.append((up, done, missing))):
        table.prefetch(5, removals, batch=2)
        table.prefetch(5, removals, batch=2)  # known now: silent
    assert heard == [(5, 2, 3), (5, 3, 3)]


@pytest.mark.parametrize("name", ["dealer-6d-s17.npz", "dealer-6d-s17-0123456789abcdef.npz"],
                         ids=["named before code digests", "another code's digest"])
def test_a_table_made_by_other_code_is_never_read(tmp_path, monkeypatch, name):
    """A sound cache file that other code made (an older release's name, or another version of ``dealer.py``'s
    digest) is not read, even when every row is a probability distribution: here one row has been moved 0.1 from
    one outcome to another, as a corrected computation would move it. The rows are computed afresh."""
    path, fresh = _saved(tmp_path, monkeypatch, lambda a: a.update(v9=a["v9"] + [0.1, -0.1, 0, 0, 0, 0, 0, 0]))
    path.replace(path.with_name(name))
    table = DealerTable(6, hits_soft_17=False)
    assert table._path.name.startswith("dealer-6d-s17-") and table._path.name != name
    assert all(known == {} for known in table.known)
    assert np.allclose(table.get(9, NONE), fresh, rtol=1e-12, atol=0)
    table.save()  # the file of a release before code digests is removed; another installation's digest is kept
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(
        {table._path.name, name} - {"dealer-6d-s17.npz"})


def test_no_cache_means_nothing_is_read_or_written(tmp_path, monkeypatch):
    """``PA_TABLE_GAMES_CACHE=off`` keeps every table in memory: no cache folder is named, nothing is written where
    one would be, and saving is no error."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "OFF")
    table = DealerTable(1, hits_soft_17=False)
    assert cache_dir() is None and table._path is None
    table.get(9, NONE)
    table.save()
    assert list(tmp_path.iterdir()) == []


def test_a_cache_folder_is_made_with_its_parents(tmp_path, monkeypatch):
    """A home with no cache folder yet (``XDG_CACHE_HOME`` naming one not made) gets one, and the table is kept."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "new home" / ".cache"))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    table = DealerTable(1, hits_soft_17=False)
    row = table.get(9, NONE)
    table.save()
    assert table._path.is_file() and np.array_equal(DealerTable(1, hits_soft_17=False).known[9][NONE], row)


def test_a_table_is_named_for_the_code_that_computes_it(tmp_path, monkeypatch):
    """An edit of ``dealer.py`` names another cache file, so rows computed before the edit are never read after it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PA_TABLE_GAMES_CACHE", raising=False)
    before = DealerTable(6, hits_soft_17=False)._path
    edited = tmp_path / "dealer.py"
    edited.write_bytes(Path(dealer.__file__).read_bytes() + b"# an edit\n")
    monkeypatch.setattr(dealer, "__file__", str(edited))
    after = DealerTable(6, hits_soft_17=False)._path
    assert after.parent == before.parent and after.name != before.name
    assert after.name.startswith("dealer-6d-s17-") and len(after.stem) == len("dealer-6d-s17-") + 16


def test_a_listener_hears_only_within_its_block(monkeypatch):
    """Once its block ends, the edge command's bar hears no more batches (another command's computation)."""
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    heard = []
    with progress(lambda *batch: heard.append(batch)):
        DealerTable(1, hits_soft_17=False).get(5, NONE)
    DealerTable(1, hits_soft_17=False).get(4, NONE)
    assert heard == [(5, 1, 1)]


@pytest.mark.parametrize("up", [0, 5, 9], ids=["ace up", "6 up", "10 up"])
def test_a_row_is_the_dealers_outcomes_from_the_shoe_less_the_up_card_and_the_removal(monkeypatch, up):
    """The table's row for an up card and the cards removed is the dealer's final-hand probabilities from the shoe
    that is left: the up card out of it too."""
    monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
    left = np.array([4] * 9 + [16]) - np.array(ONE_FIVE)
    left[up] -= 1
    row = DealerTable(1, hits_soft_17=False).get(up, ONE_FIVE)
    assert np.allclose(row, dealer_outcomes(left[None, :], up, False)[0], rtol=1e-12, atol=0)
    assert not np.allclose(row, dealer_outcomes((left + np.eye(10, dtype=int)[up])[None, :], up, False)[0],
                           rtol=1e-9, atol=0)
