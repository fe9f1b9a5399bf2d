"""Grids as planar maps: dots, edges and faces numbered as the puzzle collection numbers
them, checked against the collection's own grids (``tests/fixtures/collection_grids``)."""

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.helpers import assert_is_the_collections
from tilewright.core.errors import TilewrightError
from tilewright.core.grids import GRID_KINDS
from tilewright.core.planar_map import planar_map
from tilewright.core.polygon_grid import OUTSIDE, square_grid

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "collection_grids"
# tilewright's grid that is the collection's, by the collection's name
SAME = {"square": "square", "honeycomb": "honeycomb", "octagonal": "octagonal"}


def fixture_names(kind: str) -> list[str]:
    return sorted(path.stem for path in FIXTURES.glob(f"{kind}-*.json"))


@pytest.mark.parametrize("name", [n for kind in SAME for n in fixture_names(kind)])
def test_the_map_is_the_collections_grid(name):
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    grid = GRID_KINDS[SAME[theirs["type"]]].build((theirs["width"], theirs["height"]))
    assert_is_the_collections(grid, theirs)


@given(
    st.sampled_from(["square", "hex", "hex-flat", "triangle", "upsilon", "octagonal"]),
    st.integers(2, 9),
    st.integers(2, 9),
)
def test_every_edge_is_named_once_and_its_faces_are_the_grids(kind, width, height):
    grid = GRID_KINDS[kind].build((width, height))
    plan = planar_map(grid)
    # Euler's formula for a connected patch, the outer face not counted
    assert len(plan.dots) - len(plan.edges) + plan.num_faces == 1
    # each face's sides are its edges, in order, between its consecutive dots
    for f in range(plan.num_faces):
        dots = plan.face(f)
        sides = plan.face_edges[plan.face_ptr[f] : plan.face_ptr[f + 1]]
        for k, edge in enumerate(sides):
            pair = {int(dots[k]), int(dots[(k + 1) % len(dots)])}
            assert set(plan.edges[edge].tolist()) == pair
            assert f in plan.edge_faces[edge]
    # an edge between two faces is one of the grid's walls between the same two cells
    inner = plan.edge_faces[:, 1] != OUTSIDE
    assert inner.sum() == (grid.wall_cells[:, 1] != OUTSIDE).sum()
    pairs = {tuple(sorted(p)) for p in plan.edge_faces[inner].tolist()}
    assert pairs == {tuple(sorted(p)) for p in grid.wall_cells[grid.wall_cells[:, 1] >= 0].tolist()}
    # every dot's edges, as many as its degree
    ptr, at = plan.dot_edges()
    degree = np.bincount(plan.edges.ravel(), minlength=len(plan.dots))
    assert np.array_equal(np.diff(ptr), degree)
    for d in range(len(plan.dots)):
        assert all(d in plan.edges[e] for e in at[ptr[d] : ptr[d + 1]])


def numbered_by_sorting(grid):
    """The planar map's numbering by its definition, with NumPy's sorts: dots in order of
    first appearance, edges in the order sides first name them."""
    corners = grid.polygons.astype(np.int64)
    seen, first_at = np.unique(corners, return_index=True)
    by_first = seen[np.argsort(first_at, kind="stable")]
    dot_of = np.full(len(grid.vertices), -1)
    dot_of[by_first] = np.arange(len(by_first))
    face_dots = dot_of[corners]
    ptr = grid.polygon_ptr
    following = np.arange(len(corners)) + 1
    following[ptr[1:] - 1] = ptr[:-1]
    starts, ends = face_dots, face_dots[following]
    key = np.minimum(starts, ends) * len(by_first) + np.maximum(starts, ends)
    _, first_side, side_edge = np.unique(key, return_index=True, return_inverse=True)
    order = np.argsort(first_side, kind="stable")
    number = np.empty(len(order), dtype=np.int64)
    number[order] = np.arange(len(order))
    leading = first_side[order]
    return by_first, face_dots, number[side_edge], np.stack([starts, ends], 1)[leading]


@given(st.sampled_from(sorted(GRID_KINDS)), st.integers(1, 12), st.integers(1, 12))
def test_the_numbering_is_the_one_sorting_gives(kind, width, height):
    grid_kind = GRID_KINDS[kind]
    try:
        grid = grid_kind.build((width, height)[: grid_kind.numbers])
    except TilewrightError:  # a size this kind refuses (a strip that falls apart)
        assume(False)
    plan = planar_map(grid)
    by_first, face_dots, face_edges, edges = numbered_by_sorting(grid)
    assert np.array_equal(plan.dots, grid.vertices[by_first])
    assert np.array_equal(plan.face_dots, face_dots)
    assert np.array_equal(plan.face_edges, face_edges)
    assert np.array_equal(plan.edges, edges)


def test_a_grid_naming_a_missing_vertex_is_refused():
    grid = square_grid(3, 2)
    with pytest.raises(TilewrightError, match="names a vertex"):
        planar_map(dataclasses.replace(grid, polygons=grid.polygons + len(grid.vertices)))
    with pytest.raises(TilewrightError, match="polygon_ptr"):
        planar_map(dataclasses.replace(grid, polygon_ptr=grid.polygon_ptr[::-1].copy()))
