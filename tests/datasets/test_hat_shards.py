"""Hat patches as Parquet: bands of hexagon rows write every hat once, the hats of the
single walk in its order, the same bytes in this process and on Dask workers."""

import glob
import json

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.datasets.test_tile_shards import folder_bytes
from tilewright import TilewrightError
from tilewright.aperiodic import generate_hats
from tilewright.cli import main
from tilewright.datasets.hat_shards import HAT_SCHEMA, hat_bands, write_hat_shards


def parts_table(folder) -> pa.Table:
    return pa.concat_tables([pq.read_table(p) for p in sorted(glob.glob(f"{folder}/part-*"))])


@pytest.mark.parametrize(
    ("width", "height", "origin", "seed", "bands"),
    [(60, 40, (0, 0), 3, 1), (60, 40, (0, 0), 3, 5), (45.5, 90, (-700.25, 310), 8, 7)],
)
def test_bands_write_the_walks_hats_once_in_its_order(tmp_path, width, height, origin, seed, bands):
    write_hat_shards(width, height, tmp_path / "hats", seed=seed, origin=origin, bands=bands)
    table = parts_table(tmp_path / "hats")
    tiles = list(generate_hats(width, height, seed, origin))
    assert table.schema.equals(HAT_SCHEMA)
    assert table.column("id").to_pylist() == [tile.id for tile in tiles]
    assert table.column("colour").to_pylist() == [tile.colour for tile in tiles]
    assert table.column("reflected").to_pylist() == [tile.reflected for tile in tiles]
    vertices = np.array(table.column("vertices").to_pylist()).reshape(-1, 14, 2)
    assert np.array_equal(vertices, np.array([tile.xy() for tile in tiles]))
    starts = table.column("start").to_pylist()
    assert starts == [list(tile.place.start) for tile in tiles]


def test_the_neighbours_column_is_the_json_lines_neighbours(tmp_path, capsysbinary):
    write_hat_shards(30, 20, tmp_path / "hats", seed=2, bands=3, neighbours=True)
    named = parts_table(tmp_path / "hats").column("neighbours").to_pylist()
    main(["hat", "30x20", "-s", "2", "-f", "jsonl", "--neighbours"])
    rows = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]
    assert named == [row["neighbours"] for row in rows]


def test_two_dask_workers_write_the_same_bytes(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    write_hat_shards(80, 60, here, seed=6, bands=4)
    write_hat_shards(80, 60, there, seed=6, bands=4, workers=2)
    assert folder_bytes(here) == folder_bytes(there)


def test_bad_bands_are_refused_and_the_command_line_writes_parts(tmp_path, capsys):
    with pytest.raises(TilewrightError, match="bands must be from 1 to"):
        hat_bands(20, 10, 1, bands=99)
    target = tmp_path / "single.parquet"
    main(["hat", "40x30", "-s", "4", "-o", str(target)])
    assert pq.read_table(target).num_rows == len(generate_hats(40, 30, 4))
    assert "hats in 1 part" in capsys.readouterr().err
