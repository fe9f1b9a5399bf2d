"""A Spectre patch as a maze grid: every tile a cell, neighbours exactly the tiles that
share an edge, found here from the tiles' exact vertices with plain Python sets."""

import math
import subprocess
import sys

import numpy as np
import pytest

from tests.core.test_grids import check_grid, inside, neighbour_sets
from tilewright import TilewrightError
from tilewright.aperiodic import generate, spectre_grid
from tilewright.aperiodic.maze_grid import SPECTRE_GRID
from tilewright.aperiodic.spectre import grid as spectre_module
from tilewright.aperiodic.spectre.grid import vertex_keys

TILE_AREA = 3 + 3 * math.sqrt(3)  # a Spectre with unit edges: 14 edges, angles of 90° and 120°


def exact_tiles(patch):
    """Each tile's 14 exact vertices, from its Tile object."""
    return {tile.id: tile.place.vertices() for tile in patch}


def match_cells(grid, patch):
    """The tile id of each cell, matched by the positions of their vertices (y flipped)."""
    by_outline = {}
    for tile in patch:
        xy = tile.place.xy() * [1, -1]
        by_outline[tuple(np.round(xy, 6).ravel().tolist())] = tile.id
    return [
        by_outline[tuple(np.round(grid.polygon(i), 6).ravel().tolist())]
        for i in range(grid.num_cells)
    ]


@pytest.mark.parametrize(
    "width, height, seed, origin", [(12, 9, 1, (0, 0)), (20, 14, 7, (-30.5, 12))]
)
def test_every_tile_is_a_cell_and_neighbours_share_an_edge(width, height, seed, origin):
    grid = spectre_grid(width, height, seed=seed, origin=origin)
    patch = generate(width, height, seed=seed, origin=origin)
    assert grid.num_cells == len(patch)
    ids = match_cells(grid, patch)
    assert sorted(ids) == sorted(tile.id for tile in patch)  # each tile once
    # neighbours: tiles that run along one exact edge (in opposite directions)
    exact = exact_tiles(patch)
    owners: dict[frozenset, list[str]] = {}
    for name, points in exact.items():
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            owners.setdefault(frozenset((a, b)), []).append(name)
    assert all(len(names) <= 2 for names in owners.values())
    expected = {frozenset(names) for names in owners.values() if len(names) == 2}
    got = {frozenset((ids[a], ids[b])) for a, b in grid.graph.endpoints.tolist()}
    assert got == expected
    assert np.array_equal(np.diff(grid.polygon_ptr), np.full(grid.num_cells, 14))


def test_the_cells_tile_the_patch_and_cover_the_region():
    width, height = 25, 18
    grid = spectre_grid(width, height, seed=3)
    check_grid(grid, grid.num_cells * TILE_AREA, None)  # walls, graph, centres, orientation
    assert np.allclose(grid.areas(), TILE_AREA)
    # no gap inside the region: every boundary wall lies outside its interior (y down)
    ends = grid.vertices[grid.walls[grid.boundary()]]
    middle = ends.mean(axis=1)
    x, y = middle[:, 0], -middle[:, 1]
    assert not np.any((x > 0) & (x < width) & (y > 0) & (y < height))
    # every cell meets the region
    low, high = grid.vertices.min(axis=0), grid.vertices.max(axis=0)
    assert low[0] < 0 and high[0] > width and -high[1] < 0 and -low[1] > height
    for i in range(grid.num_cells):
        p = grid.polygon(i)
        assert p[:, 0].max() > 0 and p[:, 0].min() < width
        assert -p[:, 1].min() > 0 and -p[:, 1].max() < height


def test_a_far_grid_is_drawn_from_exact_numbers():
    # at 10^15 the tiling's floats step by an eighth of an edge: measured from a vertex near
    # the region, every cell is a Spectre again, walls and centres as near the centre
    grid = spectre_grid(14, 10, seed=5, origin=(1e15, -1e15))
    check_grid(grid, grid.num_cells * TILE_AREA, None)
    assert np.allclose(grid.areas(), TILE_AREA)
    assert grid.num_cells == len(generate(14, 10, seed=5, origin=(1e15, -1e15)))


def test_degrees_are_those_of_the_tiling():
    grid = spectre_grid(30, 30, seed=2)
    degree = np.diff(grid.graph.indptr)
    inner = np.setdiff1d(np.arange(grid.num_cells), grid.boundary_cells())
    # an inner tile's 14 sides are all shared, in runs of one or more sides a neighbour
    # (one passage for each run): between 3 neighbours (the least around a polygon) and 14
    sides = np.zeros(grid.num_cells, dtype=int)
    for a, b in grid.wall_cells.tolist():
        sides[a] += 1
        sides[b] += b >= 0
    assert np.all(sides[inner] == 14)
    assert degree[inner].min() >= 3 and degree.max() < 14
    runs = np.bincount(grid.wall_slot[grid.wall_slot >= 0])
    assert len(runs) == grid.graph.num_slots and runs.max() > 1


# a thin strip has about 9.5 vertices a tile, more than the first table holds: the
# kernel gives up early and the second, larger table is used
@pytest.mark.parametrize("width, height", [(15, 10), (200, 0.01)])
def test_keys_agree_exactly_where_the_vertices_do(monkeypatch, width, height):
    patch = generate(width, height, seed=4, method="bfs")
    turns, corners = patch._breadth_first()[1].turns, patch._breadth_first()[1].corners
    points = (spectre_module.SHAPES_ARRAY[turns] + corners[:, None, :]).reshape(-1, 4)
    _, classes = np.unique(points, axis=0, return_inverse=True)
    keys, xy = vertex_keys(turns, corners)
    # the same partition of the corners: key i == key j exactly when point i == point j
    pairs = {(int(a), int(b)) for a, b in zip(keys, classes.ravel(), strict=True)}
    assert len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs})
    assert np.allclose(xy, spectre_module.to_xy_array(points) * [1, -1])
    # numbered in order of first appearance
    first = np.unique(keys, return_index=True)[1]
    assert np.all(np.diff(first) > 0) and keys[0] == 0
    # coordinates too wide to pack: ranked by a sort instead, the same partition
    monkeypatch.setattr(spectre_module, "_PACKED_LIMIT", 1)
    ranked, xy_ranked = vertex_keys(turns, corners)
    assert np.array_equal(ranked, classes.ravel())
    assert np.allclose(xy_ranked, xy)


def test_the_vertex_table_refuses_to_fill_up():
    patch = generate(3, 3, seed=4, method="bfs")
    found = patch._breadth_first()[1]
    low, radix = np.zeros(4, dtype=np.int64), np.array([1, 100, 10**4, 10**6])
    corners = found.corners - found.corners.min(axis=0) + 10  # all coordinates positive
    args = (found.turns, corners, spectre_module.SHAPES_ARRAY, low, radix, np.array([-50.0, -50.0]))
    keys, xy = spectre_module.kernels.number_vertices(*args, 20.0, 3, 3)  # 9 slots
    assert keys.shape == (0,) and xy.shape == (0, 2)
    keys, xy = spectre_module.kernels.number_vertices(*args, 1.0, 200, 200)
    assert len(np.unique(keys)) == keys.max() + 1 > 14


def test_a_grid_from_wide_coordinates_is_the_same_grid(monkeypatch):
    grid = spectre_grid(10, 8, seed=9)
    monkeypatch.setattr(spectre_module, "_PACKED_LIMIT", 1)
    wide = spectre_grid(10, 8, seed=9)
    for name in ("wall_cells", "wall_slot", "polygon_ptr"):
        assert np.array_equal(getattr(grid, name), getattr(wide, name)), name
    assert np.array_equal(grid.graph.endpoints, wide.graph.endpoints)
    assert np.allclose(grid.vertices[grid.walls], wide.vertices[wide.walls])


def test_the_seed_is_recorded_and_reproduces_the_grid():
    drawn = spectre_grid(8, 8)
    seed = drawn.params["seed"]
    again = spectre_grid(8, 8, seed=seed)
    assert np.array_equal(drawn.vertices, again.vertices)
    assert drawn.params == {"width": 8.0, "height": 8.0, "origin": [0.0, 0.0], "seed": seed}
    assert drawn.kind == "spectre"
    assert neighbour_sets(drawn) == neighbour_sets(again)


def test_the_centre_of_each_tile_lies_inside_it():
    grid = spectre_grid(12, 12, seed=11)
    for i in range(grid.num_cells):
        assert inside(grid.centres[i], grid.polygon(i))


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: spectre_grid(0, 5), TilewrightError, "positive width and height"),
        (lambda: spectre_grid(5, 5, origin=(1e16, 0)), TilewrightError, "within 1125899906842624 "),
        (lambda: spectre_grid("5", 5), TypeError, "width must be a real number"),
        (lambda: spectre_grid(5, 5, seed=-1), TilewrightError, "seed must be between"),
        (lambda: spectre_grid(1e6, 1e6), TilewrightError, "memory"),
    ],
)
def test_bad_regions_are_refused_in_one_line(call, error, message):
    with pytest.raises(error, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_a_grid_too_large_for_memory_is_refused_before_the_search(monkeypatch):
    searched = []
    monkeypatch.setattr(spectre_module, "patch_arrays", lambda *args: searched.append(args))
    monkeypatch.setattr("tilewright.core.memory.available_bytes", lambda: 2 * 10**8)
    # the patch alone (400 bytes a tile) would fit; the grid of its 124,000 tiles would not
    with pytest.raises(TilewrightError, match=r"a Spectre grid of 1000x1000 \(about 123"):
        spectre_grid(1000, 1000, seed=1)
    assert searched == []


def test_the_grid_kind_for_the_command_line():
    grid = SPECTRE_GRID.build("10x7", seed=5)
    assert grid.params["seed"] == 5 and grid.params["width"] == 10
    assert SPECTRE_GRID.seeded and SPECTRE_GRID.parse("30x20") == (30, 20)
    with pytest.raises(TilewrightError, match="the region in tile edges"):
        SPECTRE_GRID.build("30")


def test_listing_the_grids_loads_no_tiling():
    # the entries import their builder when a grid is built
    code = (
        "import sys\n"
        "from tilewright.registry import grid_kinds\n"
        "grid_kinds()\n"
        "print(sorted(m for m in sys.modules if m.startswith('tilewright.aperiodic.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    loaded = done.stdout.split("\n")[-2]
    assert loaded == str(
        ["tilewright.aperiodic.collection_grid_kinds", "tilewright.aperiodic.maze_grid"]
    )
