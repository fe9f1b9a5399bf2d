"""``from_polygons`` derives walls and the cell graph from outlines alone, as documented:
checked against a plain-Python version written from its docstring, on grids, pieces of
grids and hostile outlines."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core import polygon_grid
from tilewright.core.graph import CellGraph
from tilewright.core.grids import hex_grid, polar_grid, triangle_grid, upsilon_grid
from tilewright.core.polygon_grid import OUTSIDE, from_polygons, restrict, square_grid


def reference(counts, keys, coords):
    """The grid's arrays by the documented rules, with dictionaries: vertices in ascending
    key order (each at its first corner's position), walls in the order their first cell
    lists them, graph edges in the order of their first wall, and the CSR lists of
    ``CellGraph.from_edges`` (a cell's edges as first end, then as second end)."""
    keys, counts = [int(k) for k in keys], [int(c) for c in counts]
    distinct = sorted(set(keys))
    number = {key: i for i, key in enumerate(distinct)}
    vertices = np.array([coords[keys.index(key)] for key in distinct])
    polygons = [number[k] for k in keys]
    walls, wall_cells, found = [], [], {}
    start = 0
    for cell, count in enumerate(counts):
        ids = polygons[start : start + count]
        start += count
        for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
            edge = frozenset((a, b))
            if edge in found:
                wall_cells[found[edge]][1] = cell
            else:
                found[edge] = len(walls)
                walls.append([a, b])
                wall_cells.append([cell, OUTSIDE])
    pairs, wall_slot = {}, []
    for a, b in wall_cells:
        if b == OUTSIDE:
            wall_slot.append(-1)
            continue
        pair = frozenset((a, b))
        if pair not in pairs:
            pairs[pair] = (len(pairs), [a, b])
        wall_slot.append(pairs[pair][0])
    endpoints = [ends for _, ends in sorted(pairs.values())]
    lists = [[] for _ in counts]
    for end in (0, 1):
        for slot, ends in enumerate(endpoints):
            lists[ends[end]].append((ends[1 - end], slot))
    return {
        "vertices": vertices,
        "polygons": np.array(polygons),
        "walls": np.array(walls).reshape(-1, 2),
        "wall_cells": np.array(wall_cells).reshape(-1, 2),
        "wall_slot": np.array(wall_slot),
        "endpoints": np.array(endpoints).reshape(-1, 2),
        "indptr": np.cumsum([0] + [len(entries) for entries in lists]),
        "indices": np.array([c for entries in lists for c, _ in entries]),
        "slots": np.array([s for entries in lists for _, s in entries]),
    }


def assert_matches(grid, counts, keys, coords):
    expected = reference(counts, keys, coords)
    got = {
        "vertices": grid.vertices,
        "polygons": grid.polygons,
        "walls": grid.walls,
        "wall_cells": grid.wall_cells,
        "wall_slot": grid.wall_slot,
        "endpoints": grid.graph.endpoints,
        "indptr": grid.graph.indptr,
        "indices": grid.graph.indices,
        "slots": grid.graph.slots,
    }
    for name, array in got.items():
        assert np.array_equal(array, expected[name]), name
    assert grid.polygons.dtype == np.int32 and grid.walls.dtype == np.int32
    assert grid.wall_cells.dtype == np.int32 and grid.wall_slot.dtype == np.int64
    assert np.array_equal(grid.polygon_ptr, np.concatenate([[0], np.cumsum(counts)]))


def outlines(grid):
    """The corner keys and positions a grid was built from (its vertex ids as keys)."""
    counts = np.diff(grid.polygon_ptr)
    return counts, grid.polygons.astype(np.int64), grid.vertices[grid.polygons]


GRIDS = [
    square_grid(4, 3),
    hex_grid(5, 4),
    hex_grid(3, 4, flat=True),
    triangle_grid(6, 3),
    polar_grid(3),
    upsilon_grid(3, 3),
]


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: g.kind)
def test_walls_and_graph_follow_the_documented_order(grid):
    counts, keys, coords = outlines(grid)
    assert_matches(from_polygons("x", {}, counts, keys, coords), counts, keys, coords)


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: g.kind)
def test_sparse_keys_give_the_grid_dense_keys_give(grid):
    # keys spread over all of int64 go through the hash table, the lattice's through a
    # table indexed by key; an increasing map of the keys changes nothing
    counts, keys, coords = outlines(grid)
    spread = keys * 7_919_000_000_003 - 2**62
    assert spread.min() < -(2**61) and np.all(np.diff(np.sort(np.unique(spread))) > 0)
    sparse = from_polygons("x", {}, counts, spread, coords)
    dense = from_polygons("x", {}, counts, keys, coords)
    for name in ("vertices", "polygons", "walls", "wall_cells", "wall_slot", "centres"):
        assert np.array_equal(getattr(sparse, name), getattr(dense, name)), name
    assert np.array_equal(sparse.graph.indices, dense.graph.indices)


@st.composite
def pieces(draw):
    """A random piece of a random small grid, its cells shuffled, its keys relabelled."""
    grid = draw(st.sampled_from(GRIDS))
    keep = np.array(draw(st.lists(st.booleans(), min_size=grid.num_cells, max_size=grid.num_cells)))
    if not keep.any():
        keep[0] = True
    cells = np.flatnonzero(keep)
    order = draw(st.permutations(cells.tolist()))
    counts = np.diff(grid.polygon_ptr)[order]
    ids = np.concatenate(
        [grid.polygons[grid.polygon_ptr[c] : grid.polygon_ptr[c + 1]] for c in order]
    )
    relabel = np.array(draw(st.permutations(range(len(grid.vertices)))), dtype=np.int64)
    scale = draw(st.sampled_from([1, 3, 2**40 + 1]))
    return counts, relabel[ids] * scale, grid.vertices[ids]


@given(pieces())
def test_any_piece_of_a_grid_in_any_order(piece):
    counts, keys, coords = piece
    grid = from_polygons("piece", {"n": 1}, counts, keys, coords)
    assert_matches(grid, counts, keys, coords)
    assert grid.params == {"n": 1} and grid.kind == "piece"
    # the centres: shoelace centroids
    for cell in range(grid.num_cells):
        p = grid.polygon(cell)
        x, y = p[:, 0], p[:, 1]
        xn, yn = np.roll(x, -1), np.roll(y, -1)
        cross = x * yn - xn * y
        area = cross.sum() / 2
        centre = [((x + xn) * cross).sum() / (6 * area), ((y + yn) * cross).sum() / (6 * area)]
        assert np.allclose(grid.centres[cell], centre)


def test_restrict_keeps_the_cells_a_mask_allows():
    grid = hex_grid(4, 3)
    keep = np.ones(12, dtype=bool)
    keep[[5, 6]] = False
    small = restrict(grid, keep)
    assert small.num_cells == 10
    counts, keys, coords = outlines(grid)
    corners = np.repeat(keep, counts)
    assert_matches(small, counts[keep], keys[corners], coords[corners])


def test_the_graph_is_a_checked_cell_graph():
    grid = hex_grid(6, 5)
    graph = grid.graph
    rebuilt = CellGraph.from_edges(grid.num_cells, graph.endpoints)
    for name in ("indptr", "indices", "slots", "endpoints"):
        assert np.array_equal(getattr(graph, name), getattr(rebuilt, name)), name


SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=float)


@pytest.mark.parametrize(
    "counts, keys, message",
    [
        ([], [], "needs at least one cell"),
        ([4], [0, 1, 2], "one entry per corner"),
        ([2, 2], [0, 1, 1, 0], "at least 3 corners"),
        ([4], [0, 1, 1, 3], "repeats a corner"),
        ([3, 3, 3], [0, 1, 2, 1, 0, 3, 0, 1, 4], "overlap: an edge belongs to three"),
        ([6], [0, 1, 2, 0, 1, 3], "touches itself along an edge"),
    ],
)
def test_outlines_that_do_not_make_a_grid_are_refused(counts, keys, message):
    coords = np.resize(SQUARE, (len(keys), 2))
    with pytest.raises(TilewrightError, match=message) as caught:
        from_polygons("test", {}, np.array(counts, dtype=np.int64), np.array(keys), coords)
    assert "\n" not in str(caught.value)


def test_a_repeated_corner_is_named_before_other_faults_wherever_it_is():
    keys = [0, 1, 2, 1, 0, 3, 0, 1, 4, 5, 6, 6]  # an edge thrice, then a repeated corner
    with pytest.raises(TilewrightError, match="repeats a corner"):
        from_polygons("test", {}, np.array([3, 3, 3, 3]), np.array(keys), np.zeros((12, 2)))


def test_the_memory_needed_is_checked_first(monkeypatch):
    counts, keys, coords = outlines(hex_grid(300, 300))
    monkeypatch.setattr("tilewright.core.memory.available_bytes", lambda: 10**6)
    with pytest.raises(TilewrightError, match="a demo grid of 90000 cells needs about"):
        from_polygons("demo", {}, counts, keys, coords)


def test_too_many_corners_for_int32_ids_are_refused(monkeypatch):
    counts, keys, coords = outlines(square_grid(3, 1))
    monkeypatch.setattr(polygon_grid, "MAX_CORNERS", 10)
    with pytest.raises(TilewrightError, match="at most 10 corners, got 12"):
        from_polygons("square", {}, counts, keys, coords)
    with pytest.raises(TilewrightError, match="a square grid may have at most 2 cells, got 3"):
        square_grid(3, 1)


def test_square_grid_is_unchanged():
    grid = square_grid(3, 2)
    assert grid.vertices.tolist()[:5] == [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1]]
    assert grid.polygons[:8].tolist() == [0, 1, 5, 4, 1, 2, 6, 5]
    assert grid.wall_cells[:5].tolist() == [[0, -1], [0, 1], [0, 3], [0, -1], [1, -1]]
    assert grid.graph.endpoints.tolist() == [[0, 1], [0, 3], [1, 2], [1, 4], [2, 5], [3, 4], [4, 5]]
