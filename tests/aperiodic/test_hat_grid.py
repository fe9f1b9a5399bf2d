"""A hat patch as a maze grid: every hat a cell, neighbours exactly the hats that share an
edge (found here from the hats' exact vertices with plain Python sets), and mazes on it
spanning trees."""

import math

import numpy as np
import pytest

from tests.core.test_grids import check_grid
from tilewright.aperiodic import generate_hats, hat_grid
from tilewright.mazes import generate_on, validate

HAT_AREA = 8 * math.sqrt(3)


@pytest.mark.parametrize(
    ("width", "height", "seed", "origin"), [(15, 10, 1, (0, 0)), (25, 18, 7, (-300.5, 42))]
)
def test_every_hat_is_a_cell_and_neighbours_share_an_edge(width, height, seed, origin):
    grid = hat_grid(width, height, seed=seed, origin=origin)
    tiles = list(generate_hats(width, height, seed=seed, origin=origin))
    assert grid.num_cells == len(tiles)
    for i, tile in enumerate(tiles):  # cells in the walk's order, outlines reversed, y down
        assert np.allclose(grid.polygon(i), tile.xy()[::-1] * [1, -1])
    owners: dict[frozenset, list[int]] = {}
    for i, tile in enumerate(tiles):
        points = tile.vertices()
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            owners.setdefault(frozenset((a, b)), []).append(i)
    assert all(len(cells) <= 2 for cells in owners.values())
    expected = {frozenset(cells) for cells in owners.values() if len(cells) == 2}
    assert {frozenset(pair) for pair in grid.graph.endpoints.tolist()} == expected


def test_the_cells_tile_the_patch():
    grid = hat_grid(30, 20, seed=3)
    check_grid(grid, grid.num_cells * HAT_AREA, None)
    assert np.allclose(grid.areas(), HAT_AREA)
    inner = np.setdiff1d(np.arange(grid.num_cells), grid.boundary_cells())
    degree = np.diff(grid.graph.indptr)
    assert len(inner) > 10 and degree[inner].min() >= 3


def test_a_far_grid_is_drawn_from_exact_numbers():
    # at 10^15 the floats step by an eighth of a hat unit: measured from a point near the
    # region, every cell is a hat again
    grid = hat_grid(20, 15, seed=5, origin=(1e15, -1e15))
    check_grid(grid, grid.num_cells * HAT_AREA, None)
    assert np.allclose(grid.areas(), HAT_AREA)


@pytest.mark.parametrize("algorithm", ["wilson", "backtracker", "kruskal"])
def test_mazes_on_hats_are_spanning_trees(algorithm):
    maze = generate_on(hat_grid(40, 30, seed=4), algorithm, seed=4)
    assert validate(maze) is None
    assert int(maze.passages.sum()) == maze.grid.num_cells - 1


def test_the_seed_is_recorded_and_reproduces_the_grid():
    drawn = hat_grid(12, 12)
    again = hat_grid(12, 12, seed=drawn.params["seed"])
    assert np.array_equal(drawn.vertices, again.vertices)
    assert np.array_equal(drawn.graph.endpoints, again.graph.endpoints)
