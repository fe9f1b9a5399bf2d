"""Maze datasets as maze-dataset's MazeDataset: the same passages and solutions, valid there."""

import sys

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

maze_dataset = pytest.importorskip("maze_dataset")

from tilewright import TilewrightError  # noqa: E402
from tilewright.datasets import (  # noqa: E402
    MazeConfig,
    Mixture,
    connection_lists,
    maze_items,
    solution_paths,
)
from tilewright.datasets.maze_dataset_conversion import to_maze_dataset  # noqa: E402


def check_converted(table: pa.Table, dataset) -> None:
    """Every maze of ``dataset`` is the row's maze, solved by the row's path, valid there."""
    lists = connection_lists(table)
    rows = table.select(["origin", "target", "algorithm", "seed"]).to_pylist()
    assert len(dataset) == dataset.cfg.n_mazes == table.num_rows
    assert dataset.cfg.grid_n == lists.shape[2] == lists.shape[3]
    paths = solution_paths(table)
    for maze, connections, row, path in zip(dataset, lists, rows, paths, strict=True):
        assert isinstance(maze, maze_dataset.SolvedMaze)
        assert np.array_equal(maze.connection_list, connections)
        assert maze.solution.tolist() == path.tolist()
        assert maze.start_pos.tolist() == row["origin"]
        assert maze.end_pos.tolist() == row["target"]
        # maze-dataset's own reading of its layout: each step through an open passage, and
        # (the maze being perfect) its shortest path is the one path
        assert maze.is_valid_path(maze.solution)
        assert np.array_equal(maze.find_shortest_path(maze.start_pos, maze.end_pos), maze.solution)
        assert maze.generation_meta["algorithm"] == row["algorithm"]
        assert maze.generation_meta["seed"] == row["seed"]


def mixture_rows(*configs: MazeConfig) -> pa.Table:
    return Mixture(configs).rows(1, np.arange(4), np.zeros(4, dtype=np.int64))


@given(
    side=st.integers(2, 12),
    algorithm=st.sampled_from(["backtracker", "wilson", "eller", "binary-tree", "kruskal"]),
    endpoints=st.sampled_from(["corners", "random"]),
    seed=st.integers(0, 10**6),
    first=st.integers(0, 10**6),
    count=st.integers(1, 8),
)
def test_converted_mazes_are_the_rows(side, algorithm, endpoints, seed, first, count):
    table = maze_items(MazeConfig(side, side, algorithm, endpoints=endpoints), seed, first, count)
    check_converted(table, to_maze_dataset(table, name="test"))


def test_chunked_and_sliced_tables_convert_row_for_row():
    config = MazeConfig(7, 7, "wilson", endpoints="random")
    table = pa.concat_tables([maze_items(config, 1, 0, 5), maze_items(config, 1, 5, 6)])
    table = table.slice(3, 6)  # the solutions start in the middle of their first chunk
    assert table["solution"].num_chunks == 2
    check_converted(table, to_maze_dataset(table))


def test_the_configuration_names_the_same_algorithm_or_the_default():
    def generator(algorithm):
        table = maze_items(MazeConfig(5, 5, algorithm), 1, 0, 2)
        return to_maze_dataset(table, name="mine").cfg.maze_ctor.__name__

    assert generator("wilson") == "gen_wilson"
    assert generator("backtracker") == "gen_dfs"
    assert generator("kruskal") == "gen_kruskal"
    assert generator("eller") == "gen_dfs"  # maze-dataset has no Eller's: its default
    # one size, two algorithms: each maze's generation_meta says which made it
    table = mixture_rows(MazeConfig(5, 5, "wilson"), MazeConfig(5, 5, "kruskal"))
    dataset = to_maze_dataset(table)
    assert dataset.cfg.maze_ctor.__name__ == "gen_dfs"
    check_converted(table, dataset)


def test_maze_datasets_own_tools_take_the_converted_dataset():
    table = maze_items(MazeConfig(9, 9, "wilson"), 2, 0, 120)
    dataset = to_maze_dataset(table)
    # 100 mazes or more save in maze-dataset's compact form, collecting generation_meta
    again = maze_dataset.MazeDataset.load(dataset.serialize())
    assert len(again) == 120
    for before, after in zip(dataset, again, strict=True):
        assert np.array_equal(before.connection_list, after.connection_list)
        assert np.array_equal(before.solution, after.solution)
    assert len(dataset.filter_by.path_length(min_length=17)) == 120  # corner to corner
    # new endpoints drawn by maze-dataset, which needs the mazes marked fully connected
    path = dataset[0].generate_random_path()
    assert dataset[0].is_valid_path(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: maze_items(MazeConfig(6, 4), 1, 0, 3), "square mazes only.*6x4"),
        (lambda: maze_items(MazeConfig(5, 5), 1, 0, 2).slice(0, 0), "no mazes"),
        (lambda: mixture_rows(MazeConfig(5, 5), MazeConfig(6, 6)), "different sizes"),
        (
            lambda: maze_items(MazeConfig(5, 5), 1, 0, 2).drop_columns(["connections"]),
            "no 'connections'",
        ),
        (
            lambda: maze_items(MazeConfig(5, 5), 1, 0, 2).drop_columns(["solution"]),
            "no 'solution'",
        ),
    ],
)
def test_what_maze_dataset_cannot_hold_is_refused(make, message):
    with pytest.raises(TilewrightError, match=message):
        to_maze_dataset(make())


def test_without_maze_dataset_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "maze_dataset", None)  # import fails as if absent
    with pytest.raises(
        TilewrightError,
        match=r"needs the maze-dataset extra: pip install 'tilewright\[maze-dataset\]'",
    ):
        to_maze_dataset(maze_items(MazeConfig(3, 3), 1, 0, 1))
