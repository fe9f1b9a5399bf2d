"""Check a hat patch exactly: every tile a hat or its mirror, no gap, no overlap, edges meet,
neighbours coloured apart.

Why kites: hats are unions of kites of one grid, so a patch is a tiling of its region
exactly when every kite meeting the region is covered by one hat, and never by two. All
of it is integer arithmetic on the kite grid; only "meets the region" uses floats.
"""

import math
from collections.abc import Iterable

import numpy as np

from tilewright.aperiodic.hat.geometry import (
    HAT_OUTLINE,
    HEXAGON_STEP,
    UNITS,
    GridPoint,
    Kite,
    hat_kites,
    kite_corners,
    mirror,
    multiply,
    sub,
)
from tilewright.aperiodic.hat.walk import MEETS, HatTile, grid_xy, region_frame
from tilewright.aperiodic.patch import clipped_area


def _sides(points: list[GridPoint]) -> tuple[GridPoint, ...]:
    return tuple(sub(points[(k + 1) % len(points)], p) for k, p in enumerate(points))


def _hat_sides() -> dict[tuple[GridPoint, ...], bool]:
    """Every side sequence a hat can have, from any vertex, each with its handedness."""
    known = {}
    for reflected in (False, True):
        for unit in UNITS:
            outline = [multiply(mirror(v) if reflected else v, unit) for v in HAT_OUTLINE]
            sides = _sides(outline[::-1] if reflected else outline)
            for shift in range(len(sides)):
                known[sides[shift:] + sides[:shift]] = reflected
    return known


_HAT_SIDES = _hat_sides()
SLIVER = 1e-6


def validate_hats(
    tiles: Iterable[HatTile], region: tuple[float, float, float, float]
) -> str | None:
    """Why ``tiles`` are not exactly the hats of a tiling covering ``region``, or None.

    Parameters
    ----------
    tiles : iterable of HatTile
        A patch (``generate_hats``), or any hats.
    region : tuple of float
        (x0, y0, x1, y1) in hat units.

    Returns
    -------
    str or None
        The first fault found, in one line.

    Examples
    --------
    >>> from tilewright.aperiodic.hat.tiling import generate_hats
    >>> patch = generate_hats(30, 20, seed=4)
    >>> validate_hats(patch, patch.region) is None
    True
    >>> validate_hats(list(patch)[1:], patch.region)  # doctest: +ELLIPSIS
    'a gap: the kite ...'
    """
    tiles = list(tiles)
    # measured from the walk's frame: far out, absolute floats would misjudge every side
    frame = region_frame(region)
    origin = frame.origin
    owner: dict[Kite, str] = {}
    edges: dict[tuple[GridPoint, GridPoint], HatTile] = {}
    area = 0.0
    for tile in tiles:
        vertices = tile.vertices()
        handed = _HAT_SIDES.get(_sides(vertices))
        if handed is None:
            return f"tile {tile.id} is not a hat"
        if handed != tile.reflected:
            return f"tile {tile.id} is {'' if handed else 'not '}mirrored, but says otherwise"
        if not 0 <= tile.colour <= 3 or (tile.colour == 3) != tile.reflected:
            return f"tile {tile.id} has colour {tile.colour}: 3 is for the mirrored hats only"
        for kite in hat_kites(tile.place):
            if kite in owner:
                return f"tiles {owner[kite]} and {tile.id} overlap"
            owner[kite] = tile.id
        for k, start in enumerate(vertices):
            edges[(start, vertices[(k + 1) % len(vertices)])] = tile
        xy = tile.xy(origin)
        inside = clipped_area(xy, frame.box)
        if inside <= MEETS:
            return f"tile {tile.id} does not meet the region"
        area += inside
    x0, y0, x1, y1 = frame.box
    for (x, y), j in _kites_meeting(frame.box):
        kite = ((x + origin[0], y + origin[1]), j)
        if kite not in owner:
            (x, y), j = kite
            return f"a gap: the kite at ({x}, {y}) facing {j} meets the region, no tile covers it"
    for (start, end), tile in edges.items():
        other = edges.get((end, start))
        if other is not None:
            if other.colour == tile.colour:
                return f"neighbours {tile.id} and {other.id} have one colour, {tile.colour}"
            continue
        middle = grid_xy(np.array([sub(start, origin), sub(end, origin)], np.float64)).mean(0)
        # a hat meeting the region in less than a sliver (``MEETS``) is not in the patch, so
        # an edge closer than ``SLIVER`` to the region's side may lack its other side
        if x0 + SLIVER < middle[0] < x1 - SLIVER and y0 + SLIVER < middle[1] < y1 - SLIVER:
            return f"tile {tile.id}'s edge from {start} to {end} meets no other tile's edge"
    expected = (x1 - x0) * (y1 - y0)
    if not math.isclose(area, expected, rel_tol=1e-9):
        return f"the tiles cover {area:.9g} of the region's area {expected:.9g}"
    return None


def _kites_meeting(region: tuple[float, float, float, float]):
    """Every kite of the grid whose interior meets the region."""
    x0, y0, x1, y1 = region
    sqrt3 = math.sqrt(3)
    for b in range(math.floor(y0 / 3) - 1, math.ceil(y1 / 3) + 2):
        first = math.floor((x0 / sqrt3 - b) / 2) - 1
        last = math.ceil((x1 / sqrt3 - b) / 2) + 1
        for a in range(first, last + 1):
            for j in range(6):
                kite = ((HEXAGON_STEP * a, HEXAGON_STEP * b), j)
                xy = grid_xy(np.array(kite_corners(kite), dtype=np.float64))
                low, high = xy.min(axis=0), xy.max(axis=0)
                if high[0] <= x0 or low[0] >= x1 or high[1] <= y0 or low[1] >= y1:
                    continue
                if clipped_area(xy, region) > MEETS:
                    yield kite
