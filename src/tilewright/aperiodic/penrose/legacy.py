"""The puzzle collection's older Penrose grids, for Loopy game IDs made before 2023.

An older description reads ``G<x>,<y>,<angle>``: the collection subdivides one large
triangle, turned by ``angle`` degrees (a multiple of 36), down to tiles of a fixed size, in
a fixed order (depth first, each half-tile's children in the order its rule lists them),
and keeps every tile whose corners, rounded to whole units, all lie in a ``width`` ×
``height`` box of hundreds of units centred on ``(x, y)``. The corners are sums of unit
vectors at multiples of 36° (four integers) placed with the collection's own rounded
sines and cosines; corners that round to the same place are one dot. Then the ragged
edge is trimmed as for the newer grids.

Floats are used exactly as the collection uses them (the same operations in the same
order on IEEE doubles), so the rounded places, and hence the dots, agree; the grid's
vertices are those whole places (the floats were only ever approximate). The search is
pruned where a triangle lies far outside the box, which leaves the order of the tiles kept
unchanged.
"""

import math
import re
from collections.abc import Callable

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted

Vector = tuple[int, int, int, int]

# the collection's rounded cosines and sines of 54° and 18°, and φ
_COS54, _SIN54, _COS18, _SIN18 = 0.5877852, 0.8090169, 0.9510565, 0.3090169
_PHI = 1.6180339887
# the radius of the circle inside the starting triangle, per unit of its size
_INCIRCLE = 0.22426
# C's whitespace, which its number reading skips
_SPACE = "[ \t\n\v\f\r]*"
_FORMAT = re.compile(f"G{_SPACE}([+-]?[0-9]+),{_SPACE}([+-]?[0-9]+),{_SPACE}([+-]?[0-9]+)")
_INT_MAX = 2**31 - 1


def _rotate(v: Vector, degrees: int) -> Vector:
    """``v`` turned by ``degrees`` (a multiple of 36) the collection's way round."""
    a, b, c, d = v
    for _ in range((360 - degrees % 360) // 36 % 10):
        a, b, c, d = -d, d + a, -d + b, d + c
    return (a, b, c, d)


def _grow(v: Vector) -> Vector:
    a, b, c, d = v
    return (a + b - d, c + d, a + b, c + d - a)


def _shrink(v: Vector) -> Vector:
    a, b, c, d = v
    return (b - d, c + d - b, a + b - c, c - a)


def _add(u: Vector, v: Vector) -> Vector:
    return (u[0] + v[0], u[1] + v[1], u[2] + v[2], u[3] + v[3])


def _place(v: Vector) -> tuple[float, float]:
    a, b, c, d = v
    return ((a + d) * _COS54 + (b + c) * _COS18, (a - d) * _SIN54 + (b - c) * _SIN18)


def _nearest(r: float) -> int:
    """``r`` rounded to the nearest whole number, halves away from zero."""
    return math.floor(r + 0.5) if r > 0.0 else math.ceil(r - 0.5)


def _xform(edge: Vector, scale: int, origin: Vector, degrees: int) -> Vector:
    if scale < 0:
        edge = _shrink(edge)
    elif scale > 0:
        edge = _grow(edge)
    return _add(_rotate(edge, degrees), origin)


def legacy_size(which: str, width: int, height: int) -> tuple[float, int, int]:
    """The collection's radius a patch may be taken from, the starting triangle's size
    and the depth of its subdivision."""
    tilesize = 150 if which == "p2" else 125
    radius = tilesize * 3.11 * math.sqrt(float(width * width + height * height))
    size, depth = float(tilesize), 0
    while size * _INCIRCLE < radius:
        depth += 1
        size = size * _PHI
    return radius, int(size), depth


def read_legacy(text: str, which: str, width: int, height: int) -> tuple[int, int, int]:
    """The centre and angle an older description names, checked as the collection checks
    them (all but whether the patch keeps a tile).

    Raises
    ------
    TilewrightError
        In one line, when the collection would refuse it; also for numbers past its int.
    """
    what = f"the older Penrose grid description {quoted(text)}"
    found = _FORMAT.match(text)
    if not found:
        raise TilewrightError(f"{what} must read G<x>,<y>,<angle> (three whole numbers)")
    # past an int's ten digits (the collection's reading overflows) is out of bounds
    x, y, angle = (_whole(n) for n in found.groups())
    radius = legacy_size(which, width, height)[0]
    inner = int(radius - math.sqrt(float(width * width + height * height)))
    if max(abs(x), abs(y)) > _INT_MAX or math.sqrt(float(x * x + y * y)) > inner:
        raise TilewrightError(f"{what} is centred too far out: at most {inner} from 0")
    if angle % 36 != 0 or not 0 <= angle < 360:
        raise TilewrightError(f"{what} has an angle that is not 0, 36, ... or 324")
    return x, y, angle


def _whole(text: str) -> int:
    """``text`` (a sign and digits) as a number, any past an int's range as INT_MAX + 1."""
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > 10:
        return _INT_MAX + 1
    return int(text)


class _Subdivision:
    """The collection's recursion, emitting the tiles of its last level inside a box."""

    def __init__(self, depth: int, box: tuple[int, int, int, int], margin: float) -> None:
        self.depth = depth
        self.box = box
        self.margin = margin
        self.tiles: list[tuple[tuple[tuple[int, int], tuple[float, float]], ...]] = []

    def far(self, corners: tuple[Vector, ...]) -> bool:
        """Whether a triangle lies so far outside the box that no tile it holds reaches
        it (the margin covers a tile's reach beyond its triangle, with room to spare)."""
        places = [_place(v) for v in corners]
        left, right, bottom, top = self.box
        m = self.margin
        return (
            max(p[0] for p in places) < left - m
            or min(p[0] for p in places) > right + m
            or max(p[1] for p in places) < bottom - m
            or min(p[1] for p in places) > top + m
        )

    def ends(
        self,
        depth: int,
        flip: int,
        triangle: tuple[Vector, ...],
        tile: Callable[[], list[Vector]],
    ) -> bool:
        """Whether the recursion stops at this half-tile: when ``triangle`` lies far
        outside the box, or at the last level, where the tile whose corners ``tile()``
        gives is kept from its first half (``flip`` > 0), if the box holds it."""
        if self.far(triangle):
            return True
        if depth < self.depth:
            return False
        if flip > 0:
            self.keep(tile())
        return True

    def keep(self, corners: list[Vector]) -> None:
        """Keep a tile whose corners, rounded to whole places, all lie in the box."""
        left, right, bottom, top = self.box
        kept = []
        for corner in corners:
            place = _place(corner)
            x, y = _nearest(place[0]), _nearest(place[1])
            if not (left <= x <= right and bottom <= y <= top):
                return
            # its floats are themselves rounded (its sines): the whole dots are its grid
            kept.append(((x, y), (float(x), float(y))))
        self.tiles.append(tuple(kept))

    def p2_large(self, depth: int, flip: int, origin: Vector, edge: Vector) -> None:
        triangle = (origin, _add(origin, edge), _xform(edge, 0, origin, -36 * flip))
        if self.ends(depth, flip, triangle, lambda: _symmetric(origin, edge, 0)):
            return
        other = _add(origin, _rotate(edge, -36 * flip))
        turned = _rotate(edge, 108 * flip)
        self.p2_small(depth + 1, flip, origin, _shrink(edge))
        self.p2_large(depth + 1, flip, other, _shrink(turned))
        self.p2_large(depth + 1, -flip, other, _shrink(turned))

    def p2_small(self, depth: int, flip: int, origin: Vector, edge: Vector) -> None:
        triangle = (origin, _add(origin, edge), _xform(edge, -1, origin, -36 * flip))
        if self.ends(depth, flip, triangle, lambda: _dart(origin, edge)):
            return
        self.p2_large(depth + 1, -flip, origin, _shrink(_rotate(edge, -36 * flip)))
        self.p2_small(depth + 1, flip, _add(origin, edge), _shrink(_rotate(edge, -144 * flip)))

    def p3_large(self, depth: int, flip: int, origin: Vector, edge: Vector) -> None:
        triangle = (origin, _xform(edge, 1, origin, 0), _xform(edge, 0, origin, -36 * flip))
        if self.ends(depth, flip, triangle, lambda: _symmetric(origin, edge, 1)):
            return
        self.p3_from_tip(depth, flip, origin, edge)
        far_tip = _add(origin, _grow(edge))
        self.p3_large(depth + 1, flip, far_tip, _shrink(_rotate(edge, -144 * flip)))

    def p3_small(self, depth: int, flip: int, origin: Vector, edge: Vector) -> None:
        triangle = (origin, _add(origin, edge), _xform(edge, 0, origin, -36 * flip))
        if not self.ends(depth, flip, triangle, lambda: _thin_rhomb(origin, edge)):
            self.p3_from_tip(depth, flip, origin, edge)

    def p3_from_tip(self, depth: int, flip: int, origin: Vector, edge: Vector) -> None:
        """The children both P3 half-tiles have at the tip of ``edge``, in the order the
        collection lists them."""
        tip = _add(origin, edge)
        self.p3_large(depth + 1, -flip, tip, _shrink(_rotate(edge, 180)))
        self.p3_small(depth + 1, flip, tip, _shrink(_rotate(edge, -108 * flip)))


def _symmetric(origin: Vector, edge: Vector, scale: int) -> list[Vector]:
    """A large half-tile's tile, symmetric about ``edge``: ``origin``, the end of ``edge``
    turned 36° each way, and the far corner along it (``scale`` 0: at its end, the P2
    kite; 1: φ times as far, the P3 thick rhomb)."""
    return [
        origin,
        _xform(edge, 0, origin, -36),
        _xform(edge, scale, origin, 0),
        _xform(edge, 0, origin, 36),
    ]


def _dart(origin: Vector, edge: Vector) -> list[Vector]:
    """The P2 dart of a small half-tile: its corners from ``origin`` round."""
    return [
        origin,
        _xform(edge, 0, origin, -72),
        _xform(edge, -1, origin, -36),
        _xform(edge, 0, origin, 0),
    ]


def _thin_rhomb(origin: Vector, edge: Vector) -> list[Vector]:
    """The P3 thin rhomb of a small half-tile: its corners from ``origin`` round."""
    fourth = _xform(edge, 0, origin, 0)
    return [origin, _xform(edge, 0, origin, -36), _xform(edge, 0, fourth, -36), fourth]


def legacy_tiles(
    which: str, width: int, height: int, centre: tuple[int, int, int]
) -> list[tuple[tuple[tuple[int, int], tuple[float, float]], ...]]:
    """The tiles of an older description's patch, in the collection's order: each corner
    as its whole place, twice (as the dot, and as the place drawn)."""
    x, y, angle = centre
    _, start, depth = legacy_size(which, width, height)
    half_width, half_height = width * 100 // 2, height * 100 // 2
    box = (x - half_width, x + half_width, y - half_height, y + half_height)
    tilesize = 150 if which == "p2" else 125
    search = _Subdivision(depth, box, margin=8.0 * tilesize)
    origin = _rotate(_shrink(_shrink((0, -start, -start, 0))), angle)
    edge = _rotate((0, start, 0, 0), angle)
    if which == "p2":
        search.p2_large(0, 1, origin, edge)
    else:
        search.p3_small(0, 1, origin, edge)
    return search.tiles
