"""Is a set of tiles a patch of its region? Checked exactly, edge by edge.

Why exact: every vertex is four integers (``exact``), so two tiles share an edge exactly
when they run along the same two points in opposite directions; no tolerance decides
anything except the final sum of areas. The check is made on arrays: the points are
numbered once (``np.unique``), an edge is the pair of its points' numbers as one integer,
and every question (is this edge run twice the same way? is its reverse there?) is a sort
or a binary search.
"""

import math
from collections.abc import Iterable

import numpy as np

from tilewright.aperiodic.exact import precise_difference, precise_xy, to_xy_array
from tilewright.aperiodic.patch import clipped_area
from tilewright.aperiodic.spectre.patch import (
    NEAR,
    SHAPES_ARRAY,
    SHAPES_XY,
    TILE_AREA,
    Tile,
)
from tilewright.aperiodic.spectre.tiling import Patch
from tilewright.core.memory import check_fits

# arrays held per tile while checking: 14 exact vertices, edges, their sort and look-ups
BYTES_PER_TILE = 4_000


def validate(
    tiles: Patch | Iterable[Tile], region: tuple[float, float, float, float] | None = None
) -> str | None:
    """Why ``tiles`` are not a patch of ``region``, or None when they are.

    A patch of a region is the set of tiles of one tiling that meet it, each once. So the
    checks are: every tile meets the region; no tile appears twice (by id or by place); no
    two tiles overlap (no edge is run the same way by two tiles); there is no gap (every
    edge with its midpoint inside the region is shared by two tiles); neighbours differ in
    colour (the four-colouring is proper); and the tiles' areas inside the region add up
    to the region's (which no gap or overlap at the border escapes).

    Parameters
    ----------
    tiles : Patch or iterable of Tile
        A patch from :func:`~tilewright.aperiodic.generate` (its region is its own), or
        tiles from one, kept, removed or changed.
    region : tuple of float, optional
        (x0, y0, x1, y1); needed unless ``tiles`` is a Patch.

    Returns
    -------
    str or None
        One line naming the first fault found, or None.

    Raises
    ------
    TypeError
        When ``region`` is missing for tiles that are not a Patch.
    TilewrightError
        When the check would not fit in memory (it holds every tile: about 4 kB each).

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> patch = generate(20, 15, seed=1)
    >>> validate(patch) is None
    True
    >>> tiles = list(patch)
    >>> validate(tiles[:20] + tiles[21:], patch.region)  # doctest: +ELLIPSIS
    'a gap: the edge from ... is open inside the region'
    >>> validate(tiles + tiles[:1], patch.region)  # doctest: +ELLIPSIS
    'tile ...: appears twice'
    """
    if isinstance(tiles, Patch):
        region = tiles.region
        check_fits(tiles.approximate_count * BYTES_PER_TILE, "checking this patch")
        ids, turns, corners, colours = _patch_arrays(tiles)
    elif region is None:
        raise TypeError("region (x0, y0, x1, y1) is needed unless the tiles are a Patch")
    else:
        ids, turns, corners, colours = _tile_arrays(list(tiles))
    return _fault(ids, turns, corners, colours, tuple(float(v) for v in region))


def _patch_arrays(patch: Patch) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    ids: list[str] = []
    turns, corners, colours = [], [], []
    for chunk in patch.chunks():
        ids += chunk.ids
        turns.append(chunk.turn)
        corners.append(chunk.corners)
        colours.append(chunk.colour)
    if not turns:
        return ids, np.empty(0, np.int64), np.empty((0, 4), np.int64), np.empty(0, np.int64)
    return ids, np.concatenate(turns), np.concatenate(corners), np.concatenate(colours)


def _tile_arrays(tiles: list[Tile]) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    check_fits(len(tiles) * BYTES_PER_TILE, "checking these tiles")
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise TypeError(f"tiles must be Tile objects, not {type(tile).__name__}")
    return (
        [tile.id for tile in tiles],
        np.array([tile.place.turn for tile in tiles], dtype=np.int64),
        np.array([tile.place.corner for tile in tiles], dtype=np.int64).reshape(-1, 4),
        np.array([tile.colour for tile in tiles], dtype=np.int64),
    )


def _fault(ids, turns, corners, colours, region) -> str | None:
    count = len(turns)
    if count == 0:
        return "no tiles"
    seen: set[str] = set()
    for name in ids:
        if name in seen:
            return f"tile {name}: appears twice"
        seen.add(name)
    places = np.unique(np.column_stack((turns, corners)), axis=0)
    if len(places) < count:
        return "two tiles lie in one place"
    vertices = SHAPES_ARRAY[turns] + corners[:, None, :]  # (n, 14, 4), exact
    points, number = np.unique(vertices.reshape(-1, 4), axis=0, return_inverse=True)
    number = number.reshape(count, 14)
    start, end = number, np.roll(number, -1, axis=1)
    edges = (start * len(points) + end).ravel()
    order = np.argsort(edges, kind="stable")
    ordered = edges[order]
    repeated = np.flatnonzero(ordered[1:] == ordered[:-1])
    if len(repeated):
        a, b = order[repeated[0]] // 14, order[repeated[0] + 1] // 14
        return f"tiles {ids[a]} and {ids[b]} overlap: both run along one edge the same way"
    reverse = (end * len(points) + start).ravel()
    at = np.minimum(np.searchsorted(ordered, reverse), len(ordered) - 1)
    shared = ordered[at] == reverse
    owner = np.arange(count).repeat(14)
    neighbour = order[at] // 14
    clash = np.flatnonzero(shared & (colours[owner] == colours[neighbour]))
    if len(clash):
        a, b = owner[clash[0]], neighbour[clash[0]]
        return f"tiles {ids[a]} and {ids[b]} are neighbours of one colour"
    # the geometry in floats measured as the walk measures it (``patch.Frame``): from the
    # centre near it, where a tile touching a side is told exactly, and far out from a
    # vertex of the first tile, as floats of the corners' large integers cancel there
    a, b, c, d = (int(v) for v in corners[0])
    base = (a, b, c, d) if max(abs(region[0]), abs(region[1])) > NEAR else (0, 0, 0, 0)
    offset = np.array(precise_xy(base))
    local = tuple(precise_difference(region[k], base, k % 2) for k in range(4))
    shift = np.array([base], dtype=np.int64)
    fault = _open_edge_inside(points - shift, start.ravel(), end.ravel(), shared, local, offset)
    if fault is not None:
        return fault
    return _area_fault(ids, turns, corners - shift, local)


def _open_edge_inside(points, start, end, shared, region, offset) -> str | None:
    xy = to_xy_array(points)
    middle = (xy[start[~shared]] + xy[end[~shared]]) / 2
    x0, y0, x1, y1 = region
    inside = (middle[:, 0] > x0) & (middle[:, 0] < x1) & (middle[:, 1] > y0) & (middle[:, 1] < y1)
    if not inside.any():
        return None
    mx, my = middle[np.argmax(inside)] + offset
    return f"a gap: the edge from ({mx:.3f}, {my:.3f}) is open inside the region"


def _area_fault(ids, turns, corners, region) -> str | None:
    """Each tile meets the region, and their areas inside it add up to the region's."""
    x0, y0, x1, y1 = region
    xy = SHAPES_XY[turns] + to_xy_array(corners)[:, None, :]
    low, high = xy.min(axis=1), xy.max(axis=1)
    within = (low[:, 0] >= x0) & (high[:, 0] <= x1) & (low[:, 1] >= y0) & (high[:, 1] <= y1)
    areas = [float(np.count_nonzero(within)) * TILE_AREA]
    for n in np.flatnonzero(~within):
        area = clipped_area(xy[n], region)
        if area <= 0:
            return f"tile {ids[n]} does not meet the region"
        areas.append(area)
    covered, expected = math.fsum(areas), (x1 - x0) * (y1 - y0)
    if not math.isclose(covered, expected, rel_tol=1e-9):
        return f"the tiles cover {covered:.6g} of the region's {expected:.6g} square edges"
    return None
