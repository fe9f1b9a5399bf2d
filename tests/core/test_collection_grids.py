"""The puzzle collection's Loopy grids, checked face by face, dot by dot and edge by edge
against the collection's own data (``tests/fixtures/collection_grids``)."""

import json
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import assert_is_the_collections
from tilewright.core import collection_grids
from tilewright.core.errors import TilewrightError
from tilewright.core.planar_map import planar_map

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "collection_grids"
# the collection's grid types that collection_grids builds
BUILT = [
    "kagome",
    "triangular",
    "snub-square",
    "cairo",
    "great-hexagonal",
    "kites",
    "dodecagonal",
    "great-dodecagonal",
    "great-great-dodecagonal",
    "compass-dodecagonal",
    "floret",
]


def builder(kind: str):
    return getattr(collection_grids, f"{kind.replace('-', '_')}_grid")


def fixture_names(kind: str) -> list[str]:
    return sorted(path.stem for path in FIXTURES.glob(f"{kind}-*.json"))


@pytest.mark.parametrize("name", [n for kind in BUILT for n in fixture_names(kind)])
def test_the_grid_is_the_collections(name):
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    grid = builder(theirs["type"])(theirs["width"], theirs["height"])
    assert grid.kind == theirs["type"]
    assert_is_the_collections(grid, theirs)


@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (2, 2), (2, 7), (4, 5), (6, 4), (9, 8)])
def test_eulers_formula_holds(kind, size):
    if kind == "cairo" and min(size) < 2:
        with pytest.raises(TilewrightError, match="at least 2 places"):
            builder(kind)(*size)
        return
    if kind == "floret" and size[1] == 1 and size[0] > 1:
        with pytest.raises(TilewrightError, match="at least 2 rows"):
            builder(kind)(*size)
        return
    grid = builder(kind)(*size)
    assert grid.params == {"width": size[0], "height": size[1]}
    plan = planar_map(grid)
    # a connected patch, the outer face not counted
    assert len(plan.dots) - len(plan.edges) + plan.num_faces == 1
    # every face turns the same way (which way: the collection's, checked above)
    areas = signed_areas(grid)
    assert (areas > 0).all() or (areas < 0).all()


def signed_areas(grid) -> np.ndarray:
    """Each face's shoelace area, y down (positive: clockwise on screen)."""
    areas = []
    for cell in range(grid.num_cells):
        x, y = grid.polygon(cell).T
        areas.append(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))
    return np.array(areas)


@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("size", [(0, 3), (3, -1)])
def test_a_side_below_one_is_refused(kind, size):
    with pytest.raises(TilewrightError, match="at least 1"):
        builder(kind)(*size)


@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("size", [(60, 2), (2, 60), (150, 3)])
def test_long_thin_boards_hold_together(kind, size):
    # keys spread too thinly for a table here, and are ranked by sorting instead
    grid = builder(kind)(*size)
    plan = planar_map(grid)
    assert len(plan.dots) - len(plan.edges) + plan.num_faces == 1
    # no two vertices at one place (unit edges: distinct corners are far apart), and the
    # corners start at 0 along each axis
    order = np.lexsort(grid.vertices.T)
    steps = np.abs(np.diff(grid.vertices[order], axis=0)).max(axis=1)
    assert steps.min() > 0.1
    assert np.array_equal(grid.vertices.min(axis=0), [0, 0])
    areas = signed_areas(grid)
    assert (areas > 0).all() or (areas < 0).all()
