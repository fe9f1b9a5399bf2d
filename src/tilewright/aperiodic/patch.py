"""Regions common to every tiling: the first checks of a region, and how much of a tile
lies inside it.

A region is the rectangle [x, x + width] × [y, y + height] in the tiling's own units, y up.
Its first check (:func:`positive_region`) and how far out it may lie
(:func:`farthest_within`) are the same for the Spectre, the hat and the Penrose tilings;
the Spectre's breadth-first patch is ``spectre.patch``.
"""

import math

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_real

FLOAT_STEPS = 8  # the fewest float64 steps a region's side may span: 2 tile edges at 2**50
CHUNK = 1 << 15  # tiles handed to writers at a time


def clipped_area(xy: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """Area of the polygon ``xy`` inside the rectangle (Sutherland–Hodgman clipping).

    Parameters
    ----------
    xy : numpy.ndarray
        (k, 2) vertices of a simple polygon.
    box : tuple of float
        (x0, y0, x1, y1).

    Returns
    -------
    float

    Examples
    --------
    >>> clipped_area(np.array([[0, 0], [2, 0], [2, 2], [0, 2]]), (1, 1, 5, 5))
    1.0
    """
    x0, y0, x1, y1 = box
    points = [tuple(p) for p in xy]
    for axis, bound, keep_above in ((0, x0, True), (0, x1, False), (1, y0, True), (1, y1, False)):
        result = []
        for i, current in enumerate(points):
            previous = points[i - 1]
            inside_now = (current[axis] >= bound) == keep_above
            inside_before = (previous[axis] >= bound) == keep_above
            if inside_now != inside_before:
                t = (bound - previous[axis]) / (current[axis] - previous[axis])
                result.append(
                    tuple(p + t * (c - p) for p, c in zip(previous, current, strict=True))
                )
            if inside_now:
                result.append(current)
        points = result
        if not points:
            return 0.0
    # measured from the box's corner: thousands of units from the origin, the shoelace's
    # rounding alone (about 1e-9) would make a polygon that only touches a side seem to meet
    # the box, and the same hat be kept or not by how far the frame it is counted in lies
    xs, ys = (np.array(points) - (x0, y0)).T
    return abs(float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))) / 2


def farthest_within(
    region: tuple[float, float, float, float], limit: float, words: tuple[str, str, str]
) -> float:
    """The largest ``|x|`` or ``|y|`` of a region (x0, y0, x1, y1), refused past ``limit``,
    where float64 vertices lose a tile's shape; ``words`` name the region, its units and
    its tile in that refusal (``("a region", "tile edges", "tile")``).

    Examples
    --------
    >>> farthest_within((-5.0, 2.0, 25.0, 22.0), 2.0**50, ("a region", "tile edges", "tile"))
    25.0
    """
    farthest = max(map(abs, region))
    if not farthest <= limit:
        what, units, tile = words
        raise TilewrightError(
            f"{what} must lie within {limit:.0f} {units} of the tiling's centre in x and y "
            f"(float64 vertices lose a {tile}'s shape beyond); this one reaches "
            f"{float(farthest)!r}"  # every digit it takes to differ from the limit
        )
    return farthest


def real_region(width: object, height: object, origin: object) -> tuple[float, float, float, float]:
    """``(width, height, x, y)``: the sides as real numbers and the origin (``_origin``),
    or a ``TypeError`` / :class:`TilewrightError`."""
    return (require_real(width, "width"), require_real(height, "height"), *_origin(origin))


def positive_region(
    width: object, height: object, origin: object
) -> tuple[float, float, float, float]:
    """``(width, height, x, y)`` as ``real_region`` gives it, the sides also finite and
    positive (or one line saying they are not): the first check of every tiling's region."""
    width, height, x, y = real_region(width, height, origin)
    if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
        raise TilewrightError(
            f"a region needs a finite, positive width and height, got {width:g}x{height:g}"
        )
    return width, height, x, y


def _origin(origin: object) -> tuple[float, float]:
    """``origin`` as two finite floats, or a ``TypeError`` / :class:`TilewrightError`."""
    if isinstance(origin, str | bytes):
        raise TypeError("origin must be a pair (x, y) of real numbers, not text")
    given_x: object
    given_y: object
    try:
        given_x, given_y = origin  # type: ignore[misc]
    except (TypeError, ValueError):
        given = (
            f"got {len(origin)} value{'' if len(origin) == 1 else 's'}"
            if hasattr(origin, "__len__")
            else f"not {type(origin).__name__}"
        )
        raise TypeError(f"origin must be a pair (x, y) of real numbers, {given}") from None
    x, y = require_real(given_x, "origin x"), require_real(given_y, "origin y")
    if not (math.isfinite(x) and math.isfinite(y)):
        raise TilewrightError(f"the origin must be finite numbers, got ({x:g}, {y:g})")
    return x, y
