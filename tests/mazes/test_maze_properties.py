"""Every algorithm, at every size, makes a perfect maze, and the seed decides which."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import grid_edges, spanning_tree_of
from tilewright.mazes import ALGORITHMS, generate, stream_bands

NAMES = list(ALGORITHMS)
ROW_BASED = [name for name, info in ALGORITHMS.items() if info.kind == "rows"]

sizes = st.one_of(
    st.tuples(st.integers(1, 40), st.integers(1, 40)),
    st.tuples(st.just(1), st.integers(1, 200)),
    st.tuples(st.integers(1, 200), st.just(1)),
)


@pytest.mark.parametrize("name", NAMES)
@given(size=sizes, seed=st.integers(0, 2**63 - 1))
def test_every_maze_is_a_spanning_tree(name, size, seed):
    width, height = size
    maze = generate(width, height, name, seed=seed)
    assert maze.connections.shape == (2, height, width)
    assert spanning_tree_of(width * height, grid_edges(maze.connections))
    assert maze.is_perfect()


@pytest.mark.parametrize("name", NAMES)
def test_one_by_one(name):
    maze = generate(1, 1, name, seed=0)
    assert maze.passage_count() == 0
    assert maze.is_perfect()


@pytest.mark.parametrize("name", NAMES)
@given(size=st.tuples(st.integers(1, 25), st.integers(1, 25)), seed=st.integers(0, 10**9))
def test_one_seed_gives_one_maze(name, size, seed):
    assert generate(*size, name, seed=seed) == generate(*size, name, seed=seed)


@pytest.mark.parametrize("name", NAMES)
def test_different_seeds_differ(name):
    mazes = {generate(12, 12, name, seed=s).connections.tobytes() for s in range(20)}
    assert len(mazes) == 20


@pytest.mark.parametrize(
    "strategy", ["newest", "oldest", "middle", "random", "newest:75,random:25", "oldest,middle:3"]
)
@given(size=st.tuples(st.integers(1, 30), st.integers(1, 30)), seed=st.integers(0, 10**9))
def test_growing_tree_strategies_make_perfect_mazes(strategy, size, seed):
    maze = generate(*size, "growing-tree", seed=seed, strategy=strategy)
    assert spanning_tree_of(size[0] * size[1], grid_edges(maze.connections))


@pytest.mark.parametrize("name", ROW_BASED)
@given(
    size=st.tuples(st.integers(1, 30), st.integers(1, 60)),
    seed=st.integers(0, 10**9),
    rows_per_band=st.integers(1, 70),
)
def test_streamed_rows_equal_the_whole_maze(name, size, seed, rows_per_band):
    width, height = size
    whole = generate(width, height, name, seed=seed)
    south = np.zeros((height, width), dtype=bool)
    east = np.zeros((height, width), dtype=bool)
    next_row = 0
    for band in stream_bands(width, height, name, seed=seed, rows_per_band=rows_per_band):
        assert band.first_row == next_row
        south[band.first_row : band.first_row + band.rows] = band.south
        east[band.first_row : band.first_row + band.rows] = band.east
        next_row += band.rows
    assert next_row == height
    assert np.array_equal(south, whole.south)
    assert np.array_equal(east, whole.east)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("eller", {"join": 0.0}),
        ("eller", {"join": 1.0, "down": 1.0}),
        ("eller", {"join": 0.9, "down": 0.0}),
        ("binary-tree", {"bias": 0.0}),
        ("binary-tree", {"bias": 1.0}),
        ("sidewinder", {"bias": 0.0}),
        ("sidewinder", {"bias": 1.0}),
    ],
)
def test_extreme_parameters_still_make_perfect_mazes(name, params):
    for seed in range(5):
        assert generate(23, 17, name, seed=seed, **params).is_perfect()
