"""A Spectre patch as a grid of cells, for mazes: each tile a cell, neighbours across edges.

The Spectre tiling is edge to edge (every side two tiles share is a whole edge of both), so
the cells are the tiles and two cells are neighbours when their tiles share an edge. Every
vertex is exact (four integers, see ``exact``), and four integers name one point only (1,
d, d², d³ are independent over the rationals), so two corners are one vertex exactly when
their integers agree. The vertices are numbered here, by those integers packed into one
int64 (``_grid_kernels``), and the numbers are the keys
:func:`~tilewright.core.polygon_grid.from_polygons` matches walls by: dense keys, which it
numbers fastest. The grid's ``--grid`` entry is ``aperiodic.maze_grid.SPECTRE_GRID``.
"""

import math

import numpy as np

from tilewright.aperiodic.exact import to_xy_array
from tilewright.aperiodic.spectre import _grid_kernels as kernels
from tilewright.aperiodic.spectre.geometry import SPECTRE_EDGES
from tilewright.aperiodic.spectre.patch import (
    SHAPES_ARRAY,
    SHAPES_XY,
    START_DEPTH,
    TILE_AREA,
    Frame,
    check_region,
    patch_arrays,
)
from tilewright.aperiodic.tiling_patch import check_grid_fits
from tilewright.core.polygon_grid import PolygonGrid, from_polygons
from tilewright.core.seeds import resolve_seed

# keys are packed in mixed radix while the product of the four coordinates' ranges stays
# below this; past it (patches far beyond memory today) points are numbered by a sort
_PACKED_LIMIT = 2**62


def spectre_grid(
    width: float,
    height: float,
    seed: int | None = None,
    origin: tuple[float, float] = (0, 0),
) -> PolygonGrid:
    """The tiles of a Spectre patch as the cells of a grid.

    Every tile whose interior meets the rectangle [x, x + width] × [y, y + height] (tile
    edges, as :func:`~tilewright.aperiodic.generate` takes them) is a cell; two cells are
    neighbours when their tiles share an edge. Drawn with ``y`` down: the tiling's point
    (x, y) is the grid's (x, −y), so the picture shows the patch as ``tilewright spectre``
    draws it; a region past ``spectre.patch.NEAR`` is measured from a vertex near it, as its
    pictures are (the tiling's own floats there are too coarse to draw).

    Parameters
    ----------
    width, height : float
        The region in tile edges (see :func:`~tilewright.aperiodic.spectre.patch.check_region`).
    seed : int, optional
        The tiling; None draws one (read it back from ``grid.params["seed"]``).
    origin : pair of float
        The region's lower-left corner (x, y), y up.

    Returns
    -------
    PolygonGrid
        Kind ``"spectre"``, params ``width``, ``height``, ``origin``, ``seed``; cells in
        the breadth-first order of the patch, each a 14-gon with unit edges.

    Raises
    ------
    TypeError
        For an argument of the wrong type.
    TilewrightError
        For a region out of range or a grid that would not fit in memory.

    Examples
    --------
    >>> grid = spectre_grid(20, 15, seed=1)
    >>> grid.num_cells, grid.params["seed"]
    (56, 1)
    >>> bool(np.allclose(grid.areas(), 3 + 3 * np.sqrt(3)))
    True
    """
    width, height, origin = check_region(width, height, origin)
    seed = resolve_seed(seed)
    check_grid_fits(width, height, TILE_AREA, SPECTRE_EDGES, ("a Spectre grid", "tiles"))
    tiling, found = patch_arrays(width, height, seed, origin)
    # far out measured from a vertex near the region, as the pictures are
    base = Frame.of(tiling, origin, START_DEPTH).drawn_from
    keys, xy = vertex_keys(found.turns, found.corners if base is None else found.corners - base)
    params = {"width": width, "height": height, "origin": list(origin), "seed": seed}
    return from_polygons(
        "spectre",
        params,
        np.full(len(found.turns), SPECTRE_EDGES, dtype=np.int64),
        keys,
        xy,
    )


def vertex_keys(turns: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each tile vertex's key, equal exactly when the vertices are, and its position.

    Parameters
    ----------
    turns : numpy.ndarray
        (n,) int64: each tile's turn (0-11).
    corners : numpy.ndarray
        (n, 4) int64: each tile's vertex 0, exact.

    Returns
    -------
    keys : numpy.ndarray
        (n × 14,) int64, tile after tile: the vertices numbered in order of first
        appearance (or, for a patch whose coordinates are too wide to pack in one int64,
        ranked among the distinct vertices).
    xy : numpy.ndarray
        (n × 14, 2) float64: the vertices' positions, ``y`` down. A tile's vertices ran
        clockwise with ``y`` up, so they run clockwise on screen now.

    Examples
    --------
    Two tiles' keys agree exactly where their vertices do:

    >>> turns, corners = np.array([0, 3]), np.array([[0, 0, 0, 0], [1, 0, 0, 0]])
    >>> points = (SHAPES_ARRAY[turns] + corners[:, None, :]).reshape(-1, 4)
    >>> keys, xy = vertex_keys(turns, corners)
    >>> keys.shape, xy.shape, len(np.unique(keys)) == len(np.unique(points, axis=0))
    ((28,), (28, 2), True)
    """
    shapes = SHAPES_ARRAY.reshape(-1, 4)
    # a box holding every vertex: the corners' box widened by the shapes'
    low = corners.min(axis=0) + shapes.min(axis=0)
    spans = [int(v) for v in corners.max(axis=0) + shapes.max(axis=0) - low + 1]
    if math.prod(spans) >= _PACKED_LIMIT:
        points = (SHAPES_ARRAY[turns] + corners[:, None, :]).reshape(-1, 4)
        ranks = np.unique(points, axis=0, return_inverse=True)[1].reshape(-1)
        xy = (SHAPES_XY[turns] + to_xy_array(corners)[:, None, :]).reshape(-1, 2)
        return ranks.astype(np.int64), xy * np.array([1.0, -1.0])
    radix = np.array([1, spans[0], spans[0] * spans[1], spans[0] * spans[1] * spans[2]])
    place = to_xy_array(corners)
    bottom_left = place.min(axis=0) + SHAPES_XY.reshape(-1, 2).min(axis=0) - 1
    top_right = place.max(axis=0) + SHAPES_XY.reshape(-1, 2).max(axis=0) + 1
    extent = top_right - bottom_left
    # The plane cut into squares, one table slot each: about 8.4 a tile first (a large
    # patch has about 6 vertices a tile, so the table is 70% full), and if that is too
    # few (a small or thin patch has more a tile along its edge), two for every corner.
    for slots_per_tile in (0.6 * SPECTRE_EDGES, 2 * SPECTRE_EDGES):
        cell = math.sqrt(extent[0] * extent[1] / (slots_per_tile * len(turns) + 64))
        columns, rows = math.ceil(extent[0] / cell), math.ceil(extent[1] / cell)
        keys, xy = kernels.number_vertices(
            turns, corners, SHAPES_ARRAY, low, radix, bottom_left, cell, columns, rows
        )
        if len(keys) or not len(turns):
            break
    return keys, xy
