"""Penrose patches as Parquet: bands of rows write every tile of the region once, the tiles
of ``generate_penrose``, the same bytes in this process and on Dask workers; a rerun keeps
the parts made; bad input is one line."""

import os

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.datasets.test_tile_shards import folder_bytes
from tilewright import TilewrightError
from tilewright.aperiodic.penrose.tiling import generate_penrose
from tilewright.cli import main
from tilewright.datasets.part_files import MANIFEST
from tilewright.datasets.penrose_shards import PENROSE_SCHEMA, PENROSE_SHARDS


def bands_table(width, height, seed, origin, tiling, bands) -> pa.Table:
    """Every band's table, bottom up, one after another."""
    cut = PENROSE_SHARDS[tiling].bands(width, height, seed, origin, bands)
    assert len(cut) == bands
    return pa.concat_tables([band.table() for band in cut])


def assert_the_patch_s_tiles_once(table, width, height, seed, origin, tiling):
    ids = table.column("id").to_pylist()
    assert len(ids) == len(set(ids))  # no tile twice
    tiles = {tile.id: tile for tile in generate_penrose(width, height, seed, origin, tiling)}
    assert set(ids) == set(tiles)  # none lost, none more
    assert table.column("type").to_pylist() == [tiles[i].type for i in ids]
    assert table.column("turn").to_pylist() == [tiles[i].turn for i in ids]
    exact = np.array(table.column("exact").to_pylist(), dtype=np.int64).reshape(-1, 4, 4)
    assert np.array_equal(exact, np.array([tiles[i].exact for i in ids]).reshape(-1, 4, 4))
    vertices = np.array(table.column("vertices").to_pylist()).reshape(-1, 4, 2)
    assert np.array_equal(vertices, np.array([tiles[i].xy for i in ids]).reshape(-1, 4, 2))


@settings(max_examples=16, deadline=None)
@given(
    tiling=st.sampled_from(["p3", "p2"]),
    seed=st.integers(0, 1000),
    width=st.floats(0.5, 14),
    height=st.floats(1.5, 14),
    x=st.floats(-40, 40),
    y=st.floats(-40, 40),
    share=st.floats(0, 1),
)
def test_bands_write_every_tile_of_the_region_once(tiling, seed, width, height, x, y, share):
    rows = int(np.ceil(height))
    bands = 1 + round(share * (rows - 1))
    table = bands_table(width, height, seed, (x, y), tiling, bands)
    assert table.schema.equals(PENROSE_SCHEMA)
    assert_the_patch_s_tiles_once(table, width, height, seed, (x, y), tiling)


@pytest.mark.parametrize("tiling", ["p3", "p2"])
@pytest.mark.parametrize(
    ("width", "height", "origin", "bands"),
    [
        # a cut through the centre 0,0: tiles there have their lowest corner on it exactly
        (9, 8, (-4, -3), 8),
        (9, 8, (0, 0), 8),
        # far out, where the floats are coarser
        (6, 5, (3e8, -7e8), 5),
    ],
)
def test_tiles_on_a_cut_go_to_one_band(tiling, width, height, origin, bands):
    table = bands_table(width, height, 4, origin, tiling, bands)
    assert_the_patch_s_tiles_once(table, width, height, 4, origin, tiling)


def test_one_file_holds_a_row_group_a_band_and_the_folder_s_rows(tmp_path):
    folder, single = tmp_path / "tiles", tmp_path / "tiles.parquet"
    write = PENROSE_SHARDS["p2"].write
    write(20, 12, folder, seed=5, origin=(-3.5, 2.25), bands=3)
    write(20, 12, single, seed=5, origin=(-3.5, 2.25), bands=3)
    assert pq.read_metadata(single).num_row_groups == 3
    parts = [pq.read_table(folder / f"part-{k:05d}.parquet") for k in range(3)]
    assert pq.read_table(single).equals(pa.concat_tables(parts))


def test_two_dask_workers_write_the_same_bytes_and_a_rerun_keeps_parts(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    write = PENROSE_SHARDS["p3"].write
    made = write(30, 24, here, seed=6, bands=4)
    assert (made.parts, made.made) == (4, 4)
    write(30, 24, there, seed=6, bands=4, workers=2)
    assert folder_bytes(here) == folder_bytes(there)

    # a run that ended early: one part and the manifest missing, the others kept as they are
    lost = here / "part-00001.parquet"
    kept = {p.name: p.stat().st_mtime_ns for p in here.glob("part-*.parquet") if p != lost}
    lost.unlink()
    (here / MANIFEST).unlink()
    again = write(30, 24, here, seed=6, bands=4)
    assert (again.parts, again.made, again.items) == (4, 1, made.items)
    assert folder_bytes(here) == folder_bytes(there)
    for name, stamp in kept.items():
        assert (here / name).stat().st_mtime_ns == stamp

    # another dataset (another tiling, seed or cut) is refused, and the folder left alone
    for tiling, seed, bands in (("p2", 6, 4), ("p3", 7, 4), ("p3", 6, 3)):
        with pytest.raises(TilewrightError, match="another dataset"):
            PENROSE_SHARDS[tiling].write(30, 24, here, seed=seed, bands=bands)
    assert folder_bytes(here) == folder_bytes(there)


def test_the_command_line_writes_the_csv_tiles(tmp_path, capsys):
    main(["penrose", "25x15", "-s", "9", "--tiling", "p2", "--origin", "5,-7", "-f", "csv"])
    ids = [line.split(",", 1)[0] for line in capsys.readouterr().out.splitlines()[1:]]
    folder = tmp_path / "tiles"
    args = ["25x15", "-s", "9", "--tiling", "p2", "--origin", "5,-7", "-o", str(folder)]
    main(["penrose", *args, "-f", "parquet", "--bands", "3"])
    assert capsys.readouterr().err.startswith(f"tilewright: {len(ids):,} tiles in 3 parts")
    table = pa.concat_tables([pq.read_table(folder / f"part-{k:05d}.parquet") for k in range(3)])
    assert sorted(table.column("id").to_pylist()) == sorted(ids)
    assert set(table.column("type").to_pylist()) == {"kite", "dart"}


def test_parts_too_large_for_memory_are_refused_before_any_work(tmp_path):
    # a band is whole rows: one row of a region 10^9 edges wide is some 7·10^9 tiles
    with pytest.raises(TilewrightError, match=r"Parquet parts of a row .* tiles"):
        PENROSE_SHARDS["p3"].write(1e9, 10, tmp_path / "tiles", seed=1)
    assert not (tmp_path / "tiles").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "2"], "--workers is for -f parquet only, not -f svg"),
        (["-f", "csv", "--bands", "2"], "--bands is for -f parquet only"),
        (["-f", "parquet"], "give -o"),
        (["-f", "parquet", "-o", "{tmp}/t", "--bands", "11"], "bands must be from 1 to 10"),
        (["-f", "parquet", "-o", "{tmp}/t", "--workers", "2", "--scheduler", "x"], "not both"),
        (["-f", "parquet", "-o", "{tmp}/t", "--method", "bfs"], "drop --method"),
        (["-f", "parquet", "-o", "{tmp}/t", "--neighbours"], "not -f parquet"),
        (["-f", "parquet", "-o", "{tmp}/t", "--cut"], "not -f parquet"),
        (["-f", "parquet", "-o", "{tmp}/no/such/t"], "does not exist"),
        (["-f", "parquet", "-o", "{tmp}/t", "--origin", "2e9,0"], "Penrose region"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    with pytest.raises(SystemExit) as ended:
        main(["penrose", "10x10", "-s", "1", *args])
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tilewright: error:"), err
    assert message in err, err
    assert os.listdir(tmp_path) == []
