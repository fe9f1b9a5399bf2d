"""The hat tiling drawn with any tile of its family, Tile(a, b).

Tile(a, b) has the hat's fourteen sides and turns, eight sides of length a and six of
length b: Tile(0, 1) the chevron, Tile(1, √3) the hat, Tile(1, 1) the Spectre's polygon,
Tile(√3, 1) the turtle, Tile(1, 0) the comet (Smith, Myers, Kaplan and Goodman-Strauss 2023,
section 6). On the kite grid a hat's short sides (√3 grid units) are its a-sides and its
long ones (3) its b-sides; the a-sides of every hat add up to nothing, and so do its
b-sides, so each vertex of a tiling has a well-defined pair (sum of a-sides, sum of
b-sides) along any path from a fixed vertex, its *lift*. Scaling the two parts separately
redraws the same tiling, hat for hat, with Tile(a, b).
"""

import math
from collections import deque
from collections.abc import Sequence

import numpy as np

from tilewright.aperiodic.hat.geometry import GridPoint, add, sub
from tilewright.aperiodic.hat.walk import HatTile
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_real

HAT_SHAPE = (1.0, math.sqrt(3))
# Tile(a, b)'s sides, in hat units: each at most SHAPE_LONGEST, the longer at least
# SHAPE_SHORTEST. Why: a picture of a redrawn patch is its tiles' box with half a hat unit
# around, fitted to the pixel budget; tiles much smaller than that margin draw a blank
# picture, and sides near the floats' limit draw none at all (infinite coordinates)
SHAPE_SHORTEST = 0.1
SHAPE_LONGEST = 1000.0
SQRT3 = math.sqrt(3)
_A_NORM, _B_NORM = 3, 9  # squared lengths of the short and long sides on the grid


def check_shape(shape: Sequence[float]) -> tuple[float, float]:
    """``(a, b)`` checked: each side from 0 to ``SHAPE_LONGEST``, the longer at least
    ``SHAPE_SHORTEST``.

    Examples
    --------
    >>> check_shape((1, 0))
    (1.0, 0.0)
    >>> check_shape((1e-300, 1e-300))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a shape a,b needs sides from 0 to 1000, not ...
    """
    if isinstance(shape, str | bytes) or not hasattr(shape, "__len__") or len(shape) != 2:
        raise TypeError("a shape is two side lengths (a, b); the hat is (1, 1.732)")
    a, b = (require_real(value, "a side of the shape") for value in shape)
    # written so that NaN fails every comparison
    if not (0 <= a <= SHAPE_LONGEST and 0 <= b <= SHAPE_LONGEST and max(a, b) >= SHAPE_SHORTEST):
        raise TilewrightError(
            f"a shape a,b needs sides from 0 to {SHAPE_LONGEST:g}, not both 0: the longer "
            f"at least {SHAPE_SHORTEST:g}, got {a:g},{b:g}"
        )
    return a, b


def _norm(p: GridPoint) -> int:
    x, y = p
    return x * x + x * y + y * y


def side_lifts(vertices: Sequence[GridPoint]) -> list[GridPoint]:
    """Per vertex, the sum of the a-sides from vertex 0 to it (the b-sides make up the rest).

    Examples
    --------
    >>> from tilewright.aperiodic.hat.geometry import HAT_OUTLINE
    >>> side_lifts(HAT_OUTLINE)[:3]
    [(0, 0), (0, 0), (-1, 2)]
    """
    lifts, total = [], (0, 0)
    for k, vertex in enumerate(vertices):
        lifts.append(total)
        side = sub(vertices[(k + 1) % len(vertices)], vertex)
        norm = _norm(side)
        if norm not in (_A_NORM, _B_NORM):
            raise ValueError(f"a side of squared length {norm} is no hat side")
        if norm == _A_NORM:
            total = add(total, side)
    if total != (0, 0):
        raise ValueError("the a-sides of a hat do not close")
    return lifts


def shaped(
    tiles: Sequence[HatTile], shape: Sequence[float], origin: GridPoint = (0, 0)
) -> list[np.ndarray]:
    """Each tile's 14 vertices drawn with Tile(a, b), in hat units at the hat's size.

    The lifts spread from the first tile across shared vertices, so ``tiles`` must be
    joined through their vertices (the tiles meeting a rectangle are).

    Parameters
    ----------
    tiles : sequence of HatTile
    shape : tuple of float
        (a, b); (1, √3) gives back the hats as they are.
    origin : pair of int
        A kite-grid point the drawing is measured from: a constant shift of it, which
        keeps the floats small far out.

    Returns
    -------
    list of numpy.ndarray
        (14, 2) arrays.

    Raises
    ------
    ValueError
        When the tiles are not joined.
    """
    a, b = check_shape(shape)
    outlines = [[sub(v, origin) for v in tile.vertices()] for tile in tiles]
    lifts = [side_lifts(outline) for outline in outlines]
    by_vertex: dict[GridPoint, list[int]] = {}
    for index, outline in enumerate(outlines):
        for vertex in outline:
            by_vertex.setdefault(vertex, []).append(index)
    known: dict[GridPoint, GridPoint] = {}  # a vertex's a-part
    base: list[GridPoint | None] = [None] * len(tiles)
    queue: deque[int] = deque()
    if tiles:
        base[0] = outlines[0][0]
        queue.append(0)
    while queue:
        index = queue.popleft()
        start = base[index]
        assert start is not None
        for vertex, lift in zip(outlines[index], lifts[index], strict=True):
            part = add(start, lift)
            if known.setdefault(vertex, part) != part:
                raise ValueError("the lifts disagree: these are not tiles of one hat tiling")
            for other in by_vertex[vertex]:
                if base[other] is None:
                    offset = outlines[other].index(vertex)
                    base[other] = sub(part, lifts[other][offset])
                    queue.append(other)
    if any(start is None for start in base):
        raise ValueError("the tiles are not joined through their vertices")
    drawn = []
    for outline in outlines:
        a_parts = np.array([known[v] for v in outline], dtype=np.float64)
        b_parts = np.array(outline, dtype=np.float64) - a_parts
        drawn.append(a * _cartesian(a_parts) / SQRT3 + b * _cartesian(b_parts) / 3)
    return drawn


def _cartesian(points: np.ndarray) -> np.ndarray:
    x, y = points[:, 0], points[:, 1]
    return np.stack((x + y / 2, y * SQRT3 / 2), axis=-1)
