"""Mazes as Zarr arrays: the array is the maze ``generate`` makes, streamed band by band for
the row-based algorithms, whole for the others; bands must be the chunks."""

import os

import numpy as np
import pytest
import zarr
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets import maze_arrays
from tilewright.datasets.maze_arrays import chunk_rows, write_maze_zarr
from tilewright.mazes import generate


# capsys is read out (and so emptied) by every run_cli call: safe to share between inputs
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    algorithm=st.sampled_from(["eller", "sidewinder", "binary-tree", "kruskal", "backtracker"]),
    width=st.integers(1, 30),
    height=st.integers(1, 30),
    chunk_cells=st.integers(1, 200),
    seed=st.integers(0, 2**40),
)
def test_the_command_writes_the_maze_generate_makes(
    tmp_path_factory, capsys, algorithm, width, height, chunk_cells, seed
):
    out = tmp_path_factory.mktemp("m") / "maze.zarr"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(maze_arrays, "CHUNK_CELLS", chunk_cells)
        status, err = run_cli(
            capsys, "maze", f"{width}x{height}", "-a", algorithm, "-s", str(seed), "-o", str(out)
        )
    assert status == 0, err
    maze = generate(width, height, algorithm, seed=seed)
    array = zarr.open_array(out, mode="r")
    assert array.dtype == np.bool_
    assert array.chunks == (2, min(max(1, chunk_cells // width), height), width)
    assert np.array_equal(array[:], maze.connections)
    assert array.attrs["tilewright"] == maze.info


def test_bands_that_are_not_the_chunks_are_refused_and_leave_nothing(tmp_path):
    maze = generate(10, 9, "wilson", seed=1)
    with pytest.raises(TilewrightError, match="is not the chunk of 9 rows from row 0"):
        write_maze_zarr(maze.bands(4), 10, 9, tmp_path / "m.zarr", info=maze.info)
    with pytest.raises(TilewrightError, match="cover 0 of the maze's 9 rows"):
        write_maze_zarr(iter([]), 10, 9, tmp_path / "m.zarr", info=maze.info)
    assert os.listdir(tmp_path) == []


def test_chunks_hold_whole_rows_of_about_the_chunk_size():
    assert chunk_rows(1) == maze_arrays.CHUNK_CELLS
    assert chunk_rows(maze_arrays.CHUNK_CELLS * 3) == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["20x10", "-f", "zarr"], "give -o MAZE.zarr"),
        (["20x10", "-o", "m.zarr", "--solve"], "draw on pictures"),
        (["20x10", "--grid", "hex", "-o", "m.zarr"], "cannot write .zarr files"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    status, err = run_cli(capsys, "maze", *args, "-s", "1")
    assert status == 2
    assert said in err and len(err.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == []
