"""Spectre patches: every tile of one tiling that meets a rectangle, found breadth first.

A tile is placed by its neighbour alone: the step across edge e says which edge of the new
tile is shared, and the new tile is the one Spectre whose edge runs the other way along it.
Every Spectre of a tiling is the same shape turned by a multiple of 30° (one handedness), so
a tile is its turn and the exact position of its vertex 0; two routes to one tile give the
same integers, which is how the search recognises tiles it has seen.

The region is the rectangle [x, x + width] × [y, y + height] in units of one tile edge, y up;
a tile belongs to the patch when its interior meets the rectangle's. The test is made in
floating point on exact vertices: a vertex coordinate is (a + b√3)/2 with integers a, b,
which equals a whole or half bound only when b = 0 (then the float is exact), and otherwise
differs from it by far more than rounding for any region that fits in memory.
Far from the centre (``Frame``) coordinates are measured from a tile near the region, whose
position is irrational: there a tile that only touches a side may be judged either way (the
rounding is about 10⁻¹⁵ of an edge).
"""

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tilewright.aperiodic.exact import (
    ORIGIN,
    Point,
    add,
    precise_difference,
    precise_xy,
    sub,
    to_xy,
    to_xy_array,
    unit,
)
from tilewright.aperiodic.patch import CHUNK, FLOAT_STEPS, farthest_within, real_region
from tilewright.aperiodic.spectre import _search_kernels as search
from tilewright.aperiodic.spectre._step_kernels import COLOUR, LEVELS, SPECTRE
from tilewright.aperiodic.spectre.coordinates import Tiling
from tilewright.aperiodic.spectre.geometry import GREEK, SPECTRE_EDGES, TYPES, place_spectre
from tilewright.aperiodic.spectre.hierarchy import CLOSE, Locator, colour_roles
from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits

TILE_AREA = 3 + 3 * np.sqrt(3)  # ≈ 8.196, one Spectre with unit edges
# a breadth-first patch holds every tile found: peak RSS grew by about 170 bytes a tile at
# 10^6 tiles (address rows, placements, hash table); the rest is room for the writers
BYTES_PER_TILE = 400

# The Spectre with vertex 0 at the origin, turned by r × 30°: its vertices, exact and float.
SHAPES: tuple[tuple[Point, ...], ...] = tuple(
    tuple(place_spectre(ORIGIN, unit(r))) for r in range(12)
)
SHAPES_XY = np.array([[to_xy(p) for p in shape] for shape in SHAPES])
_TURN_OF = {unit(r): r for r in range(12)}
# direction of edge k of the unturned Spectre, in 30° steps
_EDGE_TURN = tuple(_TURN_OF[sub(SHAPES[0][(k + 1) % 14], SHAPES[0][k])] for k in range(14))
SHAPES_ARRAY = np.array(SHAPES, dtype=np.int64)
EDGE_TURNS = np.array(_EDGE_TURN, dtype=np.int64)
MAX_COORDINATE = 2.0**50
"""Where a region may lie: x, y, x + width and y + height all within this many tile edges
(about 1.13e15) of the start tile (the tiling's centre, at 0, 0).

Why: a far region's start tile is found through the hierarchy (``spectre.hierarchy.Locator``) in
milliseconds at any distance, and positions stay exact (Python integers there, int64 in the
kernels, whose coordinates are measured from the region's corner: see :class:`Frame`); but
the vertices written are float64, whose spacing is 1/8 of a tile edge at 10^15 and 1/4 at
2^50, so a region farther out could not be drawn faithfully.
"""
NEAR = 4096.0
"""A region whose lower-left corner lies within this many tile edges of the centre (in x and
y) is walked to from the start tile, as always (a millisecond or two); a farther one starts
from a tile found through the hierarchy near its corner (``Frame``)."""
FAR_START = CLOSE  # how far from a far region's corner its start tile lies (all but always)
MIN_SIDE = 1e-6
"""The smallest side a region may have, as a share of max(1, its largest coordinate in the
kernels' frame: from the centre, or from its corner when it is farther than ``NEAR``).

Why: the compiled overlap test (``spectre._search_kernels.meets``) measures a tile's area inside
the region by the shoelace formula on the frame's coordinates, whose rounding grows with their
square: a region of side s at distance C shows no area at all once s is below about 1e-8 C
(measured: at the centre, 1e-8 already fails), and the walk into it then never ends (the
AssertionError "no straight walk reached the region"). 1e-6 leaves a hundredfold margin.
Measuring the area relative to the region's corner in ``_clipped_area`` would lift this.
"""
# levels of ancestry a kernel row starts with: a walk across 7.9^16 tiles would need more
START_DEPTH = 16
# a point inside the Spectre for each turn (its vertex 0 at the origin): the midpoint of the
# diagonal from vertex 0 to vertex 7 lies well inside
INTERIOR = (SHAPES_XY[:, 0] + SHAPES_XY[:, 7]) / 2
_GREEK = [GREEK[t] for t in TYPES]
# math.e, not np.e: the NumPy 2.4 stubs delete the name e, which mypy then refuses
NUDGES = np.array(
    [[1e-7 * math.pi, 1e-7 * math.e], [-3e-6 * math.e, 2e-6 * math.pi], [0.01, -0.013]]
)


@dataclass(frozen=True)
class Placed:
    """Where a tile lies, exactly: turned by ``turn`` × 30°, its vertex 0 at ``corner``.

    Attributes
    ----------
    turn : int
        0–11; odd only for the second Spectre of a Γ.
    corner : Point
        Vertex 0 as four integers (see ``exact``).

    Examples
    --------
    >>> place = Placed(2, (0, 0, 0, 0))
    >>> place.vertices()[0], place.xy().shape
    ((0, 0, 0, 0), (14, 2))
    """

    turn: int
    corner: Point

    def vertices(self) -> tuple[Point, ...]:
        """The 14 vertices, exact, clockwise."""
        return tuple(add(self.corner, p) for p in SHAPES[self.turn])

    def xy(self) -> np.ndarray:
        """The 14 vertices as floats, (14, 2), y up."""
        return SHAPES_XY[self.turn] + np.array(to_xy(self.corner))

    def across(self, edge: int, entry: int) -> "Placed":
        """The tile whose edge ``entry`` is this tile's ``edge`` run backwards.

        Parameters
        ----------
        edge, entry : int
            0–13: this tile's edge, and the neighbour's edge along it (from ``Tiling.step``).

        Returns
        -------
        Placed
        """
        shape = SHAPES[self.turn]
        start = add(self.corner, shape[(edge + 1) % SPECTRE_EDGES])
        turn = (self.turn + _EDGE_TURN[edge] + 6 - _EDGE_TURN[entry]) % 12
        return Placed(turn, sub(start, SHAPES[turn][entry]))


@dataclass(frozen=True)
class Tile:
    """One Spectre of a patch.

    Attributes
    ----------
    id : str
        Its stable address in the substitution hierarchy (``"0:5317"``): the same tile has
        the same id in any region of one tiling.
    type : str
        The type of its level-0 metatile, a Greek letter Γ Δ Θ Λ Ξ Π Σ Φ Ψ.
    index : int
        1 for the second Spectre of a Γ (turned 30° against all others), else 0.
    place : Placed
        Where it lies, exactly.
    colour : int
        0–3, a proper four-colouring of the tiling.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> tile = next(iter(generate(3, 3, seed=1)))
    >>> tile.type in "ΓΔΘΛΞΠΣΦΨ", tile.place.xy().shape
    (True, (14, 2))
    """

    id: str
    type: str
    index: int
    place: Placed
    colour: int


def start_place(tiling: Tiling) -> Placed:
    """The start tile at the origin, turned by an even number of 30° steps (odd for the
    second Spectre of a Γ, which is turned 30° against all others).

    Parameters
    ----------
    tiling : Tiling

    Returns
    -------
    Placed

    Examples
    --------
    >>> start_place(Tiling(3)).corner
    (0, 0, 0, 0)
    """
    return Placed((2 * tiling.start_turn + tiling.start.spectre) % 12, ORIGIN)


@dataclass(frozen=True)
class Frame:
    """Where the kernels measure from: an exact vertex of the tiling and its position.

    Why: the kernels' overlap test works in float64 on exact corners converted to floats,
    which is precise only while the corners' four integers are small; a tile far from the
    centre has large ones (each about its distance), whose conversion cancels. So a region
    far out is searched in corners measured from a tile near its corner, found through the
    hierarchy (every tile the walk reaches from there has small integers again), and its
    box from that tile's position, rounded once from exact arithmetic. The corners found
    are shifted back (exactly: integers) before anything is written. Near the centre the
    frame is the centre itself, at the start tile.

    Attributes
    ----------
    base : Point
        The vertex, exact (0 near the centre).
    x, y : float
        Its position, correctly rounded.
    start : tuple
        The tile whose vertex 0 it is: (its int8 address row, its turn).

    Examples
    --------
    >>> near, far = Frame.of(Tiling(3), (10.5, -3), 16), Frame.of(Tiling(3), (1e9, 5), 16)
    >>> near.base, abs(far.x - 1e9) < 50
    ((0, 0, 0, 0), True)
    """

    base: Point
    x: float
    y: float
    start: tuple[np.ndarray, int]

    @classmethod
    def of(cls, tiling: Tiling, origin: tuple[float, float], depth: int) -> "Frame":
        """The frame of ``tiling`` for a region with lower-left corner ``origin``, with a
        start row of at least ``depth`` levels."""
        start = start_place(tiling)
        if max(abs(origin[0]), abs(origin[1])) <= NEAR:
            return cls(ORIGIN, 0.0, 0.0, (start_row(tiling, depth), start.turn))
        start_pose = (start.turn, start.corner, colour_roles(tiling.start))
        address, (turn, corner, _) = Locator(tiling, start_pose).near(origin)
        depth = max(depth, len(address.types))
        row = [address.spectre, address.hex_colour, address.previous_colour, address.entry_parity]
        for level in range(len(address.indices)):
            row += [TYPES.index(address.types[level]), address.indices[level]]
        row += start_row(tiling, depth)[len(row) :].tolist()
        return cls(corner, *precise_xy(corner), (np.array(row, dtype=np.int8), turn))

    @property
    def shift(self) -> np.ndarray:
        """The base as (4,) int64: add it to a corner found to get the true corner."""
        return np.array(self.base, dtype=np.int64)

    @property
    def drawn_from(self) -> np.ndarray | None:
        """:attr:`shift` far out, where pictures measure from the base; None near the
        centre, where they use the tiles' own floats."""
        return None if self.base == ORIGIN else self.shift

    def box(self, origin: tuple[float, float], width: float, height: float) -> np.ndarray:
        """The region (x, y, x + width, y + height) in the frame's coordinates (near the
        centre: the region itself, as ever)."""
        if self.base == ORIGIN:
            return np.array([origin[0], origin[1], origin[0] + width, origin[1] + height])
        x0 = precise_difference(origin[0], self.base, 0)
        y0 = precise_difference(origin[1], self.base, 1)
        # the sides as the region's own floats give them, so the grid of blocks is the one
        # ``spectre.stream.block_grid`` counts without a tiling
        across, up = (origin[0] + width) - origin[0], (origin[1] + height) - origin[1]
        return np.array([x0, y0, x0 + across, y0 + up])

    def start_tile(self) -> tuple[np.ndarray, int, np.ndarray]:
        """The tile at the base: (a copy of its row, its turn, corner 0 in the frame)."""
        row, turn = self.start
        return row.copy(), turn, np.zeros(4, dtype=np.int64)


def check_region(
    width: float,
    height: float,
    origin: tuple[float, float] = (0.0, 0.0),
    *,
    whole: bool = True,
) -> tuple[float, float, tuple[float, float]]:
    """Check a region before any tile is searched.

    Parameters
    ----------
    width, height : float
        The region's sides in tile edges: finite, positive, at least ``MIN_SIDE`` ×
        max(1, its largest coordinate).
    origin : pair of float
        Its lower-left corner (x, y); the whole region within ±``MAX_COORDINATE``.
    whole : bool
        Whether the whole patch is held in memory (the breadth-first ``patch``); then the
        memory it needs is checked too. The streamed walk (``spectre.stream``) needs no such check.

    Returns
    -------
    tuple
        ``(width, height, (x, y))`` as floats.

    Raises
    ------
    TypeError
        When a side or a coordinate is not a real number, or ``origin`` is not a pair.
    TilewrightError
        When a number is out of range (one line saying which limit), or the patch would not
        fit in memory.

    Examples
    --------
    >>> check_region(40, 30.5, (-2, 1))
    (40.0, 30.5, (-2.0, 1.0))
    """
    width, height, x, y = real_region(width, height, origin)
    if not (width > 0 and height > 0):
        raise TilewrightError(
            f"a region needs a positive width and height, got {width:g}x{height:g}"
        )
    if math.isinf(width) or math.isinf(height):
        raise TilewrightError(
            f"a region's width and height must be finite, got {width:g}x{height:g}"
        )
    words = ("a region", "tile edges", "tile")
    farthest = farthest_within((x, y, x + width, y + height), MAX_COORDINATE, words)
    # far out the kernels measure from a tile at the region's corner (``Frame``)
    reach = farthest if max(abs(x), abs(y)) <= NEAR else max(width, height) + FAR_START
    # and a side spans a few steps of the floats there, or the region's own corners (x +
    # width) would round it away
    smallest = max(MIN_SIDE * max(1.0, reach), FLOAT_STEPS * float(np.spacing(farthest)))
    if min(width, height) < smallest:
        raise TilewrightError(
            f"a region's sides must be at least {smallest:g} tile edges here ({MIN_SIDE:g} "
            f"times its farthest coordinate from the centre, or from its corner when that is "
            f"farther than {NEAR:g}, and {FLOAT_STEPS} steps of the floats there), "
            f"got {width:g}x{height:g}"
        )
    if whole:
        expected = (width + 8) * (height + 8) / TILE_AREA
        check_fits(expected * BYTES_PER_TILE, f"a breadth-first patch of {width:g}x{height:g}")
    return width, height, (x, y)


@dataclass(frozen=True)
class Found:
    """A patch as arrays, in breadth-first order.

    Attributes
    ----------
    rows : numpy.ndarray
        (n, L) int8 address rows (see ``spectre._step_kernels``).
    turns : numpy.ndarray
        (n,) int64.
    corners : numpy.ndarray
        (n, 4) int64 exact corners.
    """

    rows: np.ndarray
    turns: np.ndarray
    corners: np.ndarray


def patch_arrays(
    width: float, height: float, seed: int | None = None, origin: tuple[float, float] = (0, 0)
) -> tuple[Tiling, Found]:
    """The breadth-first patch of a region as arrays (``generate(..., method="bfs")``).

    Parameters
    ----------
    width, height : float
        The region in tile edges.
    seed : int, optional
        The tiling; None draws one.
    origin : pair of float
        The region's lower-left corner.

    Returns
    -------
    tuple
        (the ``Tiling``, the ``Found`` arrays), breadth first from the first tile met.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`check_region` says (memory included).

    Examples
    --------
    >>> tiling, found = patch_arrays(40, 30, seed=3)
    >>> len(found.turns)
    179
    """
    width, height, origin = check_region(width, height, origin)
    tiling = Tiling(seed)
    frame = Frame.of(tiling, origin, START_DEPTH)
    box = frame.box(origin, width, height)
    expected = (width + 8) * (height + 8) / TILE_AREA
    capacity = int(expected * 1.25) + 256
    depth = START_DEPTH
    while True:
        row, turn, corner = frame.start_tile()
        row = deepened_row(tiling, row, depth)
        status, turn = walk_into(row, turn, corner, box)
        if status == search.DONE:
            with deferred():  # arrays returned in a tuple: see core.interrupts
                rows, turns, corners, inside, count, status = search.patch(
                    row, turn, corner, box, SHAPES_ARRAY, SHAPES_XY, EDGE_TURNS, capacity
                )
        if status == search.FULL:
            capacity *= 2
        elif status == search.SHALLOW:
            depth *= 2
        else:
            keep = np.flatnonzero(inside[:count])
            return tiling, Found(rows[keep], turns[keep], corners[keep] + frame.shift)


def walk_into(row: np.ndarray, turn: int, corner: np.ndarray, box: np.ndarray) -> tuple[int, int]:
    """Walk the tile (``row``, ``turn``, ``corner``: updated in place) in a straight line
    until a tile meets ``box``. A line that grazes a vertex is tried again from a nudged
    start.

    Parameters
    ----------
    row : numpy.ndarray
        The tile's int8 address row.
    turn : int
    corner : numpy.ndarray
        (4,) int64.
    box : numpy.ndarray
        (4,) float64: x0, y0, x1, y1.

    Returns
    -------
    tuple of int
        (status, the tile's turn): status ``DONE`` or ``SHALLOW`` (``spectre._search_kernels``).
    """
    saved_row, saved_corner = row.copy(), corner.copy()
    for nudge in NUDGES:
        inside_x, inside_y = INTERIOR[turn] + nudge
        status, reached = search.walk_to(
            row, turn, corner, box, SHAPES_ARRAY, SHAPES_XY, EDGE_TURNS, inside_x, inside_y
        )
        if status != search.STUCK:
            return status, reached
        row[:], corner[:] = saved_row, saved_corner
    raise AssertionError("no straight walk reached the region")


def start_row(tiling: Tiling, depth: int) -> np.ndarray:
    """The start tile's address as a kernel row of ``depth`` levels.

    Parameters
    ----------
    tiling : Tiling
    depth : int

    Returns
    -------
    numpy.ndarray
        int8, 4 + 2 × ``depth`` entries.

    Examples
    --------
    >>> start_row(Tiling(3), 16).shape
    (36,)
    """
    tiling.grow(depth + 1)
    ancestry = tiling.ancestry
    row = [ancestry.spectre, ancestry.hex_colour, ancestry.previous_colour, ancestry.entry_parity]
    for level in range(depth):
        row += [TYPES.index(ancestry.types[level]), ancestry.indices[level]]
    return np.array(row, dtype=np.int8)


def deepened_row(tiling: Tiling, row: np.ndarray, depth: int) -> np.ndarray:
    """``row`` with at least ``depth`` levels: those above its own are the start tile's.

    Examples
    --------
    >>> deepened_row(Tiling(3), start_row(Tiling(3), 4), 16).tolist() == start_row(
    ...     Tiling(3), 16).tolist()
    True
    """
    levels = (len(row) - LEVELS) // 2
    if levels >= depth:
        return row
    return np.concatenate((row, _ancestry_above(tiling, levels, depth)))


def _ancestry_above(tiling: Tiling, levels: int, depth: int) -> np.ndarray:
    """The start tile's (type, index) pairs of levels ``levels`` to ``depth - 1``: what a
    row of ``levels`` levels gains, as every tile shares them with the start tile."""
    return start_row(tiling, depth)[LEVELS + 2 * levels :]


def deepened(tiling: Tiling, rows: np.ndarray) -> np.ndarray:
    """Address rows ``rows`` ((n, L) int8) with twice their levels, (n, 2L - 4) int8:
    those above their own are the start tile's, which every tile shares there (a row
    stands for the same tile, with the same id).

    Examples
    --------
    >>> tiling, found = patch_arrays(5, 5, seed=3)
    >>> deeper = deepened(tiling, found.rows)
    >>> deeper.shape[1] == 2 * found.rows.shape[1] - LEVELS
    True
    >>> tile_ids(tiling, deeper) == tile_ids(tiling, found.rows)
    True
    """
    levels = (rows.shape[1] - LEVELS) // 2
    above = _ancestry_above(tiling, levels, 2 * levels)
    return np.hstack((rows, np.broadcast_to(above, (len(rows), len(above)))))


def neighbour_rows(tiling: Tiling, rows: np.ndarray) -> np.ndarray:
    """The address rows of the tiles across each edge of each tile of ``rows``: edge k
    runs from vertex k to vertex k + 1, and the tile across it runs along it backwards.

    Parameters
    ----------
    tiling : Tiling
    rows : numpy.ndarray
        (n, L) int8 address rows.

    Returns
    -------
    numpy.ndarray
        (n, 14, L') int8, L' ≥ L: the rows get more levels (``deepened``) when a step
        crosses the side of the supertile of all their levels.

    Examples
    --------
    >>> tiling, found = patch_arrays(5, 5, seed=3)
    >>> tile_ids(tiling, neighbour_rows(tiling, found.rows[:1])[0])[:3]
    ['0:40', '0:775', '0:775']
    """
    from tilewright.aperiodic.spectre._step_kernels import across_edges  # compiled on first use

    while True:
        out = np.empty((len(rows), 14, rows.shape[1]), dtype=np.int8)
        if across_edges(rows, out) < 0:
            return out
        rows = deepened(tiling, rows)


def id_bytes(tiling: Tiling, rows: np.ndarray) -> np.ndarray:
    """The stable ids (``Tiling.name``) of address rows ``rows`` ((n, L) int8) as ASCII
    bytes: (n, levels + 2) uint8, NUL-padded."""
    indices = rows[:, LEVELS + 1 :: 2]
    levels = indices.shape[1]
    differs = indices != ancestry_indices(tiling, rows)
    top = np.where(differs.any(axis=1), levels - np.argmax(differs[:, ::-1], axis=1), 0)
    text = np.zeros((len(rows), levels + 2), dtype=np.uint8)
    text[:, 0] = rows[:, SPECTRE] + ord("0")
    text[:, 1] = ord(":")
    used = np.arange(levels) < top[:, None]
    text[:, 2:] = np.where(used, indices + ord("0"), 0)
    return text


def ancestry_indices(tiling: Tiling, rows: np.ndarray) -> np.ndarray:
    """The start tile's child index at each level of address rows ``rows`` ((n, L) int8),
    as (levels,) int8: an id names the levels up to the highest where a tile's index
    differs from these."""
    levels = (rows.shape[1] - LEVELS) // 2
    tiling.grow(levels + 1)
    return np.array(tiling.ancestry.indices[:levels], dtype=np.int8)


def tile_ids(tiling: Tiling, rows: np.ndarray) -> list[str]:
    """The stable ids of address rows ``rows`` ((n, L) int8), as strings.

    Examples
    --------
    >>> tiling, found = patch_arrays(5, 5, seed=3)
    >>> tile_ids(tiling, found.rows[:1])
    ['0:']
    """
    if len(rows) == 0:
        return []
    text = id_bytes(tiling, rows)
    return np.char.decode(text.view(f"S{text.shape[1]}").ravel(), "ascii").tolist()


@dataclass
class Chunk:
    """Consecutive tiles of a patch as arrays, for writers and for speed.

    Attributes
    ----------
    tiling : Tiling
        The tiling the tiles belong to (their ids are relative to its start tile).
    rows : numpy.ndarray
        (n, L) int8 address rows.
    types : numpy.ndarray
        (n,) metatile type numbers, into ``TYPES`` (``GREEK`` names them).
    index : numpy.ndarray
        (n,) 1 for the second Spectre of a Γ.
    colour : numpy.ndarray
        (n,) 0–3, a proper four-colouring.
    turn : numpy.ndarray
        (n,) 0–11.
    corners : numpy.ndarray
        (n, 4) exact corners.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> chunk = next(generate(10, 10, seed=3).chunks())
    >>> chunk.xy.shape == (len(chunk), 14, 2), chunk.ids[0]
    (True, '0:')
    """

    tiling: Tiling
    rows: np.ndarray
    types: np.ndarray
    index: np.ndarray
    colour: np.ndarray
    turn: np.ndarray
    corners: np.ndarray

    def __len__(self) -> int:
        return len(self.turn)

    @functools.cached_property
    def xy(self) -> np.ndarray:
        """The float vertices, (n, 14, 2)."""
        return SHAPES_XY[self.turn] + to_xy_array(self.corners)[:, None, :]

    def xy_from(self, base: np.ndarray | None) -> np.ndarray:
        """The float vertices measured from the exact point ``base`` ((4,) int64, as
        ``Frame.shift``), or :attr:`xy` for None: far out, where the tiles' own floats
        are too coarse to draw, measured from a vertex near them they are small again."""
        if base is None:
            return self.xy
        return SHAPES_XY[self.turn] + to_xy_array(self.corners - base)[:, None, :]

    @functools.cached_property
    def ids(self) -> list[str]:
        """Made on first use: pictures never need them."""
        return tile_ids(self.tiling, self.rows)

    @functools.cached_property
    def id_bytes(self) -> np.ndarray:
        """The ids as NUL-padded ASCII, (n, L), for the compiled writers."""
        return id_bytes(self.tiling, self.rows)


def chunks(tiling: Tiling, found: Found, size: int = CHUNK) -> Iterator[Chunk]:
    """The tiles of ``found`` in chunks of ``size``.

    Parameters
    ----------
    tiling : Tiling
    found : Found
    size : int

    Returns
    -------
    iterator of Chunk
    """
    for first in range(0, len(found.turns), size):
        rows = found.rows[first : first + size]
        turns = found.turns[first : first + size]
        corners = found.corners[first : first + size]
        index = rows[:, SPECTRE].astype(np.int64)
        yield Chunk(
            tiling,
            rows,
            rows[:, LEVELS].astype(np.int64),
            index,
            np.where(index == 1, 3, rows[:, COLOUR]).astype(np.int64),
            turns,
            corners,
        )


def chunk_tiles(chunk: Chunk) -> Iterator[Tile]:
    """The tiles of a chunk as ``Tile`` objects.

    Parameters
    ----------
    chunk : Chunk

    Returns
    -------
    iterator of Tile
    """
    columns = zip(
        chunk.ids,
        chunk.types.tolist(),
        chunk.index.tolist(),
        chunk.turn.tolist(),
        chunk.corners.tolist(),
        chunk.colour.tolist(),
        strict=True,
    )
    for name, t, index, turn, corner, colour in columns:
        yield Tile(name, _GREEK[t], index, Placed(turn, tuple(corner)), colour)
