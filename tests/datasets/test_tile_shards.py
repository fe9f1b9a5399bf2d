"""Giant Spectre patches sharded: bands partition the single stream's tiles, parts agree
wherever they are made, reruns keep finished parts, bad input is one line."""

import itertools
import json
import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tilewright import TilewrightError
from tilewright.aperiodic import generate
from tilewright.aperiodic.spectre.geometry import GREEK, TYPES
from tilewright.aperiodic.spectre.patch import patch_arrays, tile_ids
from tilewright.aperiodic.spectre.stream import BLOCK, band_chunks, block_grid, line_chunks
from tilewright.cli import main
from tilewright.datasets import tile_shards
from tilewright.datasets.part_files import MANIFEST
from tilewright.datasets.tile_shards import SCHEMA, spectre_bands, write_spectre_shards


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    """Compile the kernels first, so that no timing or message below includes it."""
    from tilewright.aperiodic import warm

    warm.warm()


def stream_arrays(chunks) -> dict[str, np.ndarray]:
    """The tiles of ``chunks`` as whole columns, in their order."""
    chunks = list(chunks)
    if not chunks:
        return {"ids": np.array([], dtype=str), "turn": np.zeros(0), "corners": np.zeros((0, 4))}
    return {
        "ids": np.array([i for c in chunks for i in c.ids]),
        "types": np.concatenate([c.types for c in chunks]),
        "index": np.concatenate([c.index for c in chunks]),
        "colour": np.concatenate([c.colour for c in chunks]),
        "turn": np.concatenate([c.turn for c in chunks]),
        "corners": np.concatenate([c.corners for c in chunks]),
        "xy": np.concatenate([c.xy for c in chunks]),
    }


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# (width, height, origin, seed): block rows of full and fractional height, a region off
# the centre, one only a block wide, one whose top row is a sliver
REGIONS = [
    (200, 300, (0, 0), 3),
    (150.5, 500.25, (-333.3, -777.7), 11),
    (97, 960, (2e4, -3e3), 5),
    (120, 2 * BLOCK + 1e-3, (0, 0), 8),
]


@pytest.mark.parametrize(("width", "height", "origin", "seed"), REGIONS)
def test_bands_write_the_single_streams_tiles_once_in_its_order(width, height, origin, seed):
    whole = stream_arrays(line_chunks(width, height, seed, origin))
    assert len(set(whole["ids"].tolist())) == len(whole["ids"])  # each tile once
    rows = block_grid(width, height, origin)[1]
    for cuts in ([0, rows], [0, 1, rows], list(range(rows + 1)), [0, rows - 1, rows]):
        bands = [
            stream_arrays(band_chunks(width, height, seed, (first, stop), origin, chunk=500))
            for first, stop in itertools.pairwise(cuts)
            if first < stop
        ]
        for key, column in whole.items():
            joined = np.concatenate([band[key] for band in bands if len(band["ids"])])
            assert np.array_equal(joined, column), (cuts, key)


def test_the_union_of_the_bands_is_the_breadth_first_patch():
    # an independent search of the same region: the same tiles, as a set
    tiling, found = patch_arrays(180, 2 * BLOCK + 16, seed=2, origin=(-50, 10))
    expected = set(zip(tile_ids(tiling, found.rows), found.turns.tolist(), strict=True))
    got = []
    for band in spectre_bands(180, 2 * BLOCK + 16, seed=2, origin=(-50, 10), bands=3):
        table = band.table()
        got += zip(table["id"].to_pylist(), table["turn"].to_pylist(), strict=True)
    assert len(got) == len(set(got)) and set(got) == expected


def test_a_band_can_be_empty_and_still_has_the_columns():
    # the top row is a sliver: every tile meeting it meets the row below first
    band = spectre_bands(120, 2 * BLOCK + 1e-3, seed=8, bands=3)[2]
    assert band.rows == (2, 3)
    table = band.table()
    assert table.schema == SCHEMA and table.num_rows == 0


def test_parts_hold_the_streams_tiles_column_by_column(tmp_path):
    width, height, origin, seed = 160, 4 * BLOCK + 16.5, (-10.5, 20), 4
    summary = write_spectre_shards(
        width, height, tmp_path / "tiles", seed=seed, origin=origin, bands=3
    )
    manifest = json.loads((tmp_path / "tiles" / MANIFEST).read_text())
    assert [entry["block_rows"] for entry in manifest["parts"]] == [[0, 1], [1, 3], [3, 5]]
    assert manifest["parts"][-1]["y"] == [20 + 3 * BLOCK, 20 + height]
    tables = [pq.read_table(tmp_path / "tiles" / e["file"]) for e in manifest["parts"]]
    bands = spectre_bands(width, height, seed, origin, bands=3)
    assert all(t.num_rows <= band.size for t, band in zip(tables, bands, strict=True))
    table = pa.concat_tables(tables)
    assert table.schema.remove_metadata() == SCHEMA
    whole = stream_arrays(generate(width, height, seed, origin).chunks())
    assert summary.items == table.num_rows == len(whole["ids"])
    assert table["id"].to_pylist() == whole["ids"].tolist()
    assert table["type"].to_pylist() == [GREEK[TYPES[t]] for t in whole["types"]]
    for name, key in (("index", "index"), ("colour", "colour"), ("turn", "turn")):
        assert np.array_equal(table[name].to_numpy(), whole[key])
    corners = np.stack(table["corner"].to_numpy(zero_copy_only=False))
    assert np.array_equal(corners, whole["corners"])
    vertices = np.stack(table["vertices"].to_numpy(zero_copy_only=False))
    assert np.array_equal(vertices.reshape(-1, 14, 2), whole["xy"])  # bit for bit

    # one .parquet file: the same rows, one row group per band
    single = tmp_path / "tiles.parquet"
    write_spectre_shards(width, height, single, seed=seed, origin=origin, bands=3)
    assert pq.read_metadata(single).num_row_groups == 3
    assert pq.read_table(single).equals(table)


def test_two_dask_workers_write_the_same_bytes_and_a_rerun_keeps_parts(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    made = write_spectre_shards(300, 3 * BLOCK + 10, here, seed=6, bands=4)
    assert (made.parts, made.made) == (4, 4)
    write_spectre_shards(300, 3 * BLOCK + 10, there, seed=6, bands=4, workers=2)
    assert folder_bytes(here) == folder_bytes(there)

    # a run that ended early: one part and the manifest missing, the others kept as they are
    kept = {p.name: p.stat().st_mtime_ns for p in here.glob("part-*.parquet")}
    (here / "part-00002.parquet").unlink()
    (here / MANIFEST).unlink()
    again = write_spectre_shards(300, 3 * BLOCK + 10, here, seed=6, bands=4)
    assert (again.parts, again.made, again.items) == (4, 1, made.items)
    assert folder_bytes(here) == folder_bytes(there)
    for name, stamp in kept.items():
        if name != "part-00002.parquet":
            assert (here / name).stat().st_mtime_ns == stamp

    # another dataset (another seed, or another cut) is refused, and the folder left alone
    for other in ({"seed": 7, "bands": 4}, {"seed": 6, "bands": 3}):
        with pytest.raises(TilewrightError, match="another dataset"):
            write_spectre_shards(300, 3 * BLOCK + 10, here, **other)
    assert folder_bytes(here) == folder_bytes(there)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"bands": 0}, "bands must be from 1 to 4"),
        ({"bands": 5}, "bands must be from 1 to 4"),
        ({"workers": 0}, "workers must be from 1"),
        ({"workers": 2, "scheduler": "tcp://nowhere:1"}, "not both"),
        ({"seed": -1}, "seed must be from 0"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(tmp_path, arguments, error):
    arguments = {"seed": 1, **arguments}
    with pytest.raises(TilewrightError, match=error):
        write_spectre_shards(100, 3 * BLOCK + 10, tmp_path / "tiles", **arguments)
    assert not (tmp_path / "tiles").exists()
    with pytest.raises(TypeError):
        spectre_bands(100, 300, seed=1, bands=1.5)
    with pytest.raises(TilewrightError, match="first < stop"):
        band_chunks(100, 300, 1, (2, 2))


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        main(["spectre", *args])
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_writes_the_csv_tiles_as_parquet(tmp_path, capsys):
    status, csv, _ = run(capsys, "150x300", "-s", "9", "--origin", "5,-7", "-f", "csv")
    assert status == 0
    ids = [line.split(",", 1)[0] for line in csv.splitlines()[1:]]
    folder = tmp_path / "tiles"
    status, _, err = run(
        capsys, "150x300", "-s", "9", "--origin", "5,-7", "-f", "parquet", "-o", str(folder),
        "--bands", "2",
    )  # fmt: skip
    assert status == 0, err
    assert err.startswith(f"tilewright: {len(ids):,} tiles in 2 parts")
    parts = [pq.read_table(folder / name) for name in ("part-00000.parquet", "part-00001.parquet")]
    assert [i for part in parts for i in part["id"].to_pylist()] == ids
    # FILE.parquet names the format itself; without --seed the seed drawn is printed and kept
    status, _, err = run(capsys, "20x20", "-o", str(tmp_path / "one.parquet"))
    assert status == 0, err
    seed = int(err.split("\n")[0].removeprefix("seed: "))
    footer = pq.read_metadata(tmp_path / "one.parquet").metadata[b"tilewright.part"]
    assert json.loads(footer)["dataset"]["seed"] == seed


def test_the_command_line_hands_workers_and_scheduler_over(tmp_path, capsys, monkeypatch):
    seen = {}

    def fake_write_parts(output, identity, tasks, **options):
        seen.update(options)
        return []

    monkeypatch.setattr(tile_shards, "write_parts", fake_write_parts)
    monkeypatch.setattr(tile_shards, "rows_written", lambda output, parts: 0)
    for option, value in (("--workers", 3), ("--scheduler", "tcp://10.0.0.1:8786")):
        status, _, err = run(
            capsys, "10x10", "-s", "1", "-f", "parquet", "-o", str(tmp_path / "t"), option,
            str(value),
        )  # fmt: skip
        assert status == 0, err
        assert seen[option.removeprefix("--")] == value


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "2"], "--workers is for -f parquet only, not -f svg"),
        (["-f", "csv", "--scheduler", "tcp://a:1"], "--scheduler is for -f parquet only"),
        (["-f", "jsonl", "--bands", "2"], "--bands is for -f parquet only"),
        (["-f", "parquet"], "give -o"),
        (["-f", "parquet", "-o", "-"], "give -o"),
        (["-f", "parquet", "-o", "{tmp}/t", "--bands", "2"], "bands must be from 1 to 1"),
        (["-f", "parquet", "-o", "{tmp}/t", "--workers", "0"], "--workers must be at least 1"),
        (["-f", "parquet", "-o", "{tmp}/t", "--workers", "2", "--scheduler", "x"], "not both"),
        (["-f", "parquet", "-o", "{tmp}/t", "--method", "bfs"], "drop --method"),
        (["-f", "parquet", "-o", "{tmp}/no/such/t"], "does not exist"),
        (["-f", "parquet", "-o", "{tmp}/t.csv"], "-f parquet does not write .csv"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    status, out, err = run(capsys, "10x10", "-s", "1", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tilewright: error:"), err
    assert message in err, err
    assert os.listdir(tmp_path) == []


def test_parts_too_large_for_memory_are_refused_before_any_work(tmp_path):
    # a band is whole block rows: one row of a region 2·10^7 edges wide is 6·10^8 tiles
    with pytest.raises(TilewrightError, match=r"Parquet parts of up to [\d,]+ tiles"):
        write_spectre_shards(2e7, 300, tmp_path / "tiles", seed=1)
    assert not (tmp_path / "tiles").exists()
