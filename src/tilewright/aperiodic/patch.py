"""Spectre patches: every tile of one tiling that meets a rectangle, found breadth first.

A tile is placed by its neighbour alone: the step across edge e says which edge of the new
tile is shared, and the new tile is the one Spectre whose edge runs the other way along it.
Every Spectre of a tiling is the same shape turned by a multiple of 30° (one handedness), so
a tile is its turn and the exact position of its vertex 0; two routes to one tile give the
same integers, which is how the search recognises tiles it has seen.

The region is the rectangle [x, x + width] × [y, y + height] in units of one tile edge, y up;
a tile belongs to the patch when its interior meets the rectangle's. The test is made in
floating point on exact vertices: a vertex coordinate is a + b√3 with integers a, b, which
equals an integer bound only when b = 0 (then the float is exact), and otherwise differs
from it by far more than rounding for any region that fits in memory.
"""

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tilewright.aperiodic.coordinates import Address, Tiling
from tilewright.aperiodic.exact import ORIGIN, Point, add, sub, to_xy, unit
from tilewright.aperiodic.spectre_geometry import GREEK, SPECTRE_EDGES, place_spectre
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits

TILE_AREA = 3 + 3 * np.sqrt(3)  # ≈ 8.196, one Spectre with unit edges
BYTES_PER_TILE = 3000  # a breadth-first patch holds every tile found, in Python objects

# The Spectre with vertex 0 at the origin, turned by r × 30°: its vertices, exact and float.
SHAPES: tuple[tuple[Point, ...], ...] = tuple(
    tuple(place_spectre(ORIGIN, unit(r))) for r in range(12)
)
SHAPES_XY = np.array([[to_xy(p) for p in shape] for shape in SHAPES])
_TURN_OF = {unit(r): r for r in range(12)}
# direction of edge k of the unturned Spectre, in 30° steps
_EDGE_TURN = tuple(_TURN_OF[sub(SHAPES[0][(k + 1) % 14], SHAPES[0][k])] for k in range(14))


@dataclass(frozen=True)
class Placed:
    """Where a tile lies: turned by ``turn`` × 30°, its vertex 0 at ``corner``."""

    turn: int
    corner: Point

    def vertices(self) -> tuple[Point, ...]:
        return tuple(add(self.corner, p) for p in SHAPES[self.turn])

    def xy(self) -> np.ndarray:
        """The 14 vertices as floats, (14, 2)."""
        return SHAPES_XY[self.turn] + np.array(to_xy(self.corner))

    def across(self, edge: int, entry: int) -> "Placed":
        """The tile whose edge ``entry`` is this tile's ``edge`` run backwards."""
        shape = SHAPES[self.turn]
        start = add(self.corner, shape[(edge + 1) % SPECTRE_EDGES])
        turn = (self.turn + _EDGE_TURN[edge] + 6 - _EDGE_TURN[entry]) % 12
        return Placed(turn, sub(start, SHAPES[turn][entry]))


@dataclass(frozen=True)
class Tile:
    """One Spectre of a patch: its stable ``id``, the type of its level-0 hexagon
    (``hex_type``, a letter of ``TYPES``), ``index`` 1 for the second Spectre of a Γ, where
    it lies, and its ``colour`` (0–3) in a proper four-colouring of the tiling."""

    id: str
    hex_type: str
    index: int
    place: Placed
    colour: int

    @property
    def greek(self) -> str:
        return GREEK[self.hex_type]


def start_place(tiling: Tiling) -> Placed:
    """The start tile at the origin, turned by an even number of 30° steps (odd for the
    second Spectre of a Γ, which is turned 30° against all others)."""
    return Placed((2 * tiling.start_turn + tiling.start.spectre) % 12, ORIGIN)


def meets(xy: np.ndarray, box: tuple[float, float, float, float]) -> bool:
    """Whether the polygon ``xy`` and the open rectangle (x0, y0, x1, y1) overlap."""
    x0, y0, x1, y1 = box
    low, high = xy.min(axis=0), xy.max(axis=0)
    if high[0] <= x0 or low[0] >= x1 or high[1] <= y0 or low[1] >= y1:
        return False
    if low[0] >= x0 and high[0] <= x1 and low[1] >= y0 and high[1] <= y1:
        return True
    return clipped_area(xy, box) > 0.0


def clipped_area(xy: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """Area of the polygon ``xy`` inside the rectangle (Sutherland–Hodgman clipping)."""
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
    xs, ys = np.array(points).T
    return abs(float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))) / 2


def check_region(width: float, height: float) -> None:
    if not (width > 0 and height > 0):
        raise TilewrightError(
            f"a region needs a positive width and height, got {width:g}x{height:g}"
        )
    expected = (width + 8) * (height + 8) / TILE_AREA
    check_fits(expected * BYTES_PER_TILE, f"a breadth-first patch of {width:g}x{height:g}")


def patch(
    width: float, height: float, seed: int | None = None, origin: tuple[float, float] = (0, 0)
) -> Iterator[Tile]:
    """Every tile of the tiling ``seed`` that meets [x, x + width] × [y, y + height], in
    breadth-first order from the tile nearest the region's centre."""
    check_region(width, height)
    tiling = Tiling(seed)
    box = (origin[0], origin[1], origin[0] + width, origin[1] + height)
    address, place = _walk_to(tiling, tiling.start.copy(), start_place(tiling), box)
    seen = {place}
    queue = deque([(address, place)])
    while queue:
        address, place = queue.popleft()
        yield Tile(tiling.name(address), address.types[0], address.spectre, place, address.colour)
        for edge in range(SPECTRE_EDGES):
            neighbour, entry = tiling.step(address, edge)
            placed = place.across(edge, entry)
            if placed in seen:
                continue
            seen.add(placed)
            if meets(placed.xy(), box):
                queue.append((neighbour, placed))


def _walk_to(tiling: Tiling, address: Address, place: Placed, box) -> tuple[Address, Placed]:
    """From the start tile, step towards the region's centre until a tile meets it."""
    target = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    distance = np.linalg.norm(place.xy().mean(axis=0) - target)
    while not meets(place.xy(), box):
        best = None
        for edge in range(SPECTRE_EDGES):
            neighbour, entry = tiling.step(address, edge)
            placed = place.across(edge, entry)
            gap = np.linalg.norm(placed.xy().mean(axis=0) - target)
            if best is None or gap < best[0]:
                best = (gap, neighbour, placed)
        if best[0] >= distance:
            raise AssertionError("the walk towards the region stopped short of it")
        distance, address, place = best
    return address, place
