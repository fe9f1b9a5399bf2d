"""A dataset folder as tilewright writes it opens in the other Parquet readers, given the
folder itself: pandas, pyarrow's datasets, polars and Hugging Face's ``datasets``.

They read every file in a folder whose name does not start with ``.`` (pandas and pyarrow
also skip ``_``; polars, given the folder, reads everything unless told which prefixes are
hidden), so a finished folder holds its parts and, besides them, only ``.manifest.json``.
Every family's folder is checked: mazes, Rectangles puzzles, tromino tilings, Loopy
puzzles, Spectre and hat bands.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import polars as pl
import pyarrow.dataset
import pytest

from tilewright.datasets import (
    MANIFEST,
    LoopyConfig,
    MazeConfig,
    Mixture,
    RectanglesConfig,
    TrominoConfig,
    generate,
    load,
)
from tilewright.datasets.hat_shards import write_hat_shards
from tilewright.datasets.tile_shards import write_spectre_shards

FAMILIES = {
    "mazes": lambda out: generate(MazeConfig(6, 5, "wilson"), 25, 1, out, part_size=10),
    "mixture": lambda out: generate(
        Mixture((MazeConfig(4, 4), MazeConfig(5, 3, "kruskal")), (1, 2)), 12, 2, out, part_size=5
    ),
    "rectangles": lambda out: generate(RectanglesConfig(5, 4), 9, 3, out, part_size=4),
    "tromino": lambda out: generate(TrominoConfig(4, 4, colours=4), 9, 4, out, part_size=4),
    "loopy": lambda out: generate(LoopyConfig(5, 5, "kites", "hard"), 9, 5, out, part_size=4),
    "spectre": lambda out: write_spectre_shards(12, 600, out, seed=5, bands=2),
    "hat": lambda out: write_hat_shards(20, 15, out, seed=6),
}


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, Path]:
    made = {}
    for family, write in FAMILIES.items():
        folder = tmp_path_factory.mktemp(family) / "data"
        write(folder)
        made[family] = folder
    return made


def first_column(table) -> tuple[str, list]:
    """The name and values of a table's first column, as tilewright reads it."""
    name = table.column_names[0]
    return name, table[name].to_pylist()


@pytest.mark.parametrize("family", FAMILIES)
def test_a_finished_folder_holds_its_parts_and_a_hidden_manifest_only(folders, family):
    names = sorted(os.listdir(folders[family]))
    assert names[0] == MANIFEST == ".manifest.json"
    assert names[1:] and all(name.endswith(".parquet") for name in names[1:]), names


@pytest.mark.parametrize("family", FAMILIES)
def test_pandas_reads_the_folder(folders, family):
    ours = load(folders[family])
    frame = pd.read_parquet(folders[family])
    name, values = first_column(ours)
    assert list(frame.columns) == ours.column_names
    assert frame[name].tolist() == values


@pytest.mark.parametrize("family", FAMILIES)
def test_pyarrow_datasets_read_the_folder(folders, family):
    ours = load(folders[family])
    table = pyarrow.dataset.dataset(folders[family]).to_table()
    assert table.schema.remove_metadata() == ours.schema.remove_metadata()
    assert table.num_rows == ours.num_rows
    assert first_column(table) == first_column(ours)


@pytest.mark.parametrize("family", FAMILIES)
def test_polars_reads_the_parts_of_the_folder(folders, family):
    folder = folders[family]
    name, values = first_column(load(folder))
    assert pl.read_parquet(f"{folder}/*.parquet")[name].to_list() == values
    assert pl.scan_parquet(f"{folder}/*.parquet").collect()[name].to_list() == values
    # the folder itself: polars reads every file in it, save those it is told are hidden
    scanned = pl.scan_parquet(folder, hidden_file_prefix=".").collect()
    assert scanned[name].to_list() == values


# Hugging Face's datasets reads a folder in a process of its own: offline, with its cache
# in the test's folder, and its import (which patches pickling) kept out of this one.
HUGGING_FACE = """
import json, sys
import datasets

datasets.disable_progress_bars()
counts = {}
for family, folder in json.loads(sys.argv[1]).items():
    data = datasets.load_dataset("parquet", data_dir=folder, split="train", cache_dir=sys.argv[2])
    counts[family] = [data.num_rows, data.column_names, list(data[data.column_names[0]])]
print(json.dumps(counts))
"""


def test_hugging_face_datasets_read_the_folder(folders, tmp_path):
    pytest.importorskip("datasets")
    paths = {family: str(folder) for family, folder in folders.items()}
    environment = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    environment["HF_HOME"] = str(tmp_path / "home")
    done = subprocess.run(
        [sys.executable, "-c", HUGGING_FACE, json.dumps(paths), str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    read = json.loads(done.stdout)
    for family, folder in folders.items():
        ours = load(folder)
        assert read[family] == [ours.num_rows, ours.column_names, first_column(ours)[1]], family
