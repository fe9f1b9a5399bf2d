"""The backtracker's walk of its own on square grids draws as its walk on any graph does, so
the maze of a seed is the same whichever walk makes it (a grid too long for the square
walk's int32 places takes the other), and the tree it traces is the maze's."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import reference_distances
from tilewright.core.seeds import MAX_SEED, kernel_state
from tilewright.mazes import generate
from tilewright.mazes._walk_kernels import (
    _graph_backtrack,
    backtracker,
    square_backtrack,
    square_walk_buffers,
)

sides = st.integers(1, 24)
seeds = st.integers(0, MAX_SEED)


@given(width=sides, height=sides, seed=seeds)
def test_the_square_walk_makes_the_graph_walks_maze(width, height, seed):
    grid = (np.int64(width), np.int64(height))
    square_state, graph_state = kernel_state(seed), kernel_state(seed)
    made = backtracker(grid, square_state)
    assert np.array_equal(made, _graph_backtrack(grid, graph_state))
    assert square_state[0] == graph_state[0]  # the same draws, not only the same maze


@given(width=sides, height=sides, seed=seeds)
def test_the_traced_tree_is_the_mazes(width, height, seed):
    """Each cell's parent is its neighbour one step nearer the root, and its depth its
    distance from the root in the maze (the batch reads paths off them: test_batch)."""
    cells = width * height
    passages = np.zeros(2 * cells, dtype=np.bool_)
    parents = np.full(cells, -2, dtype=np.int32)
    depths = np.full(cells, -2, dtype=np.int32)
    w, h = np.int64(width), np.int64(height)
    square_backtrack(
        w, h, kernel_state(seed), passages, *square_walk_buffers(w, h), parents, depths
    )
    maze = generate(width, height, "backtracker", seed=seed)
    assert np.array_equal(passages, maze.connections.reshape(-1))
    roots = np.flatnonzero(parents == -1)
    assert len(roots) == 1
    distances = reference_distances(maze.connections, divmod(int(roots[0]), width))
    assert np.array_equal(depths, distances.reshape(-1))
    others = np.flatnonzero(parents >= 0)
    assert len(others) == cells - 1
    assert np.array_equal(depths[others], depths[parents[others]] + 1)
    steps = np.abs(others - parents[others])
    assert np.all((steps == 1) | (steps == width))  # neighbours, by a passage (the depths)
