"""Every tile of a Penrose tiling that meets a rectangle: exact corners, a type, a turn and
a stable id for each, found once.

A seed fixes one tiling of the whole plane: the start triangle's letter, corner and turn
and then, one at a time as the search needs them, the letters of its ancestors above,
drawn as the collection draws a random grid's (:func:`~.collection_grid.penrose_grid`
draws its first attempt the same way, from the same stream). Every letter is drawn from
the one below it and the draws before it only, so a larger region sees more letters of the
same ancestry: the same tiles where two regions overlap.

The breadth-first search (:func:`~.patch.search`) keeps the triangles whose corners all
lie in a box; the box here holds the region and the start triangle at the tiling's centre
0, grown by ``MARGIN``, so every tile meeting the region lies in it and is reached (the
tiles meeting the region grown by a tile's width cover a convex set, crossed from the start
triangle through their edges). Tiles whose interior misses the region are then dropped.

The descent (:mod:`.descent`, ``method="line"``) finds the same tiles from the top of the
same ancestry instead, in memory for the tiles alone; each tile is then made canonical and
tested against the region by the same functions, so both give the same corners, types,
turns and ids, in their own orders. :func:`line_parts` gives the descent's tiles batch by
batch, as they come, for writers that keep none.

Units: the edge of a rhomb, the long edge of a kite or dart (the short is 1/φ), y up.
"""

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from tilewright.aperiodic.penrose import _canonical_kernels as kernels
from tilewright.aperiodic.penrose.descent import descend
from tilewright.aperiodic.penrose.description import LETTERS, Description
from tilewright.aperiodic.penrose.field import INVERSE_PHI, T, multiply, power
from tilewright.aperiodic.penrose.patch import Ancestry, pick, search
from tilewright.core.seeds import Stream, sequence

TILINGS = ("p2", "p3")
# each tiling's two tiles: the tile of the acute-cornered start (kite, thick rhomb), then
# the other
TYPES = {"p2": ("kite", "dart"), "p3": ("thick", "thin")}
# How far (edges) the searched box reaches past the region and the start triangle: a tile
# is at most φ ≈ 1.62 across, so the tiles meeting the region lie within 1.62 of it and
# those meeting that band within 3.24, all inside the box
MARGIN = 4.0
# how far (edges) past the region the tiles across its tiles' edges lie, at most: a tile
# meeting the region reaches 1.62 past it, and the one across its far edge as far again
NEIGHBOUR_REACH = 3.5
# the units of the search's box (``field.across``, ``field.up``) per edge
ACROSS_UNITS = 4.0
UP_UNITS = 2.0 / math.sin(math.pi / 5)
_ROOT5 = math.sqrt(5.0)
# the ten unit vectors t^k and the ten of length 1/φ, as exact points
UNIT = np.array([power(T, k) for k in range(10)], dtype=np.int64)
SHORT = np.array([multiply(INVERSE_PHI, power(T, k)) for k in range(10)], dtype=np.int64)
# P3: the corner at the tile's canonical start, in tenths of a turn from edge 0 round to
# edge 3, for each type: the thick rhomb's 72°, the thin one's 144° (both rhombs start at an
# end of the diagonal their halves share)
RHOMB_TENTHS = (2, 4)
# a little under each tiling's mean tile area (``tiling.MEAN_AREA``: 0.50 and 0.81), for
# the descent's first guess at its count
EXPECTED_TILE_AREA = {"p2": 0.48, "p3": 0.78}


class _Draws:
    """Whole numbers drawn from the seed's Penrose stream."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.Generator(np.random.PCG64(sequence(seed, Stream.PENROSE_PATCH)))

    def below(self, limit: int) -> int:
        return int(self._generator.integers(limit))


@dataclass(frozen=True)
class Start:
    """What a seed fixes: the start triangle, placed, and its ancestry (drawn as needed)."""

    turn: int
    start_vertex: int
    ancestry: Ancestry

    def description(self) -> str:
        """The letters known so far as a collection grid description (``Description``)."""
        return Description(self.turn, self.start_vertex, self.ancestry.text()).text()


def start_of(seed: int, tiling: str) -> Start:
    """The start the seed draws for ``tiling``: letter, corner, turn, then the ancestry.

    Examples
    --------
    >>> start = start_of(3, "p3")
    >>> start.ancestry.letters(0, 4) == start_of(3, "p3").ancestry.letters(0, 4)
    True
    """
    draws = _Draws(seed)
    letter = pick(LETTERS[tiling], draws)
    start_vertex = draws.below(3)
    turn = draws.below(10)
    return Start(turn, start_vertex, Ancestry(letter, lambda parents: pick(parents, draws)))


def search_box(region: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """The search's box (left, right, bottom, top, in ``field.across`` and ``field.up``
    units): the region and the tiling's centre, grown by ``MARGIN``, rounded outward."""
    x0, y0, x1, y1 = region
    left, right = min(x0, 0.0) - MARGIN, max(x1, 0.0) + MARGIN
    bottom, top = min(y0, 0.0) - MARGIN, max(y1, 0.0) + MARGIN
    return (
        math.floor(left * ACROSS_UNITS),
        math.ceil(right * ACROSS_UNITS),
        math.floor(bottom * UP_UNITS),
        math.ceil(top * UP_UNITS),
    )


def box_area(region: tuple[float, float, float, float]) -> float:
    """The searched box's area in square edges: what the search's memory grows with."""
    left, right, bottom, top = search_box(region)
    return (right - left) / ACROSS_UNITS * (top - bottom) / UP_UNITS


@dataclass(frozen=True)
class Found:
    """The tiles meeting a region, in the search's order.

    Attributes
    ----------
    exact : numpy.ndarray
        int64, (n, 4, 4): each tile's corners anticlockwise as exact points
        (``field.Point``), from its canonical start corner.
    kind : numpy.ndarray
        int8, (n,): 0 the kite or thick rhomb, 1 the dart or thin rhomb (``TYPES``).
    turn : numpy.ndarray
        int8, (n,): edge 0's direction in tenths of a turn (P3: 0-4, its other start
        corner's edge turned half a turn).
    description : str
        The seed's start as a collection grid description, with the letters the search
        needed.
    """

    exact: np.ndarray
    kind: np.ndarray
    turn: np.ndarray
    description: str

    def __len__(self) -> int:
        return len(self.exact)

    @cached_property
    def xy(self) -> np.ndarray:
        """float64, (n, 4, 2): the corners in edges, y up."""
        return xy(self.exact)

    @cached_property
    def ids(self) -> list[str]:
        """Each tile's id: edge 0's turn and its start corner's four integers, the same
        for the same tile in any region of the tiling (:func:`tile_ids`)."""
        return tile_ids(self.turn, self.exact)


def tile_ids(turn: np.ndarray, exact: np.ndarray) -> list[str]:
    """The ids of tiles with these turns (n,) and exact corners (n, 4, 4): edge 0's turn
    and the start corner's four integers, joined by ``:``.

    Examples
    --------
    >>> tile_ids(np.array([3]), np.arange(16).reshape(1, 4, 4))
    ['3:0:1:2:3']
    """
    return _ids(turn, exact[:, 0, :])


def _ids(turn: np.ndarray, start: np.ndarray) -> list[str]:
    """Ids from turns (n,) and start corners (n, 4)."""
    numbers = np.column_stack([turn.astype(np.int64), start]).tolist()
    return [":".join(map(str, row)) for row in numbers]


def xy(exact: np.ndarray) -> np.ndarray:
    """Exact points (..., 4) as floats (..., 2) in edges, y up (``field.across``,
    ``field.up``)."""
    p0, p1, p2, p3 = (exact[..., k] for k in range(4))
    x = (4 * p0 + p1 - p2 + p3 + (p1 + p2 - p3) * _ROOT5) / ACROSS_UNITS
    y = (2 * p1 + p2 + p3 + (p2 + p3) * _ROOT5) / UP_UNITS
    return np.stack([x, y], axis=-1)


def find(
    seed: int, tiling: str, region: tuple[float, float, float, float], method: str = "bfs"
) -> Found:
    """Every tile of the seed's ``tiling`` whose interior meets ``region`` (x0, y0, x1, y1),
    once each: the same tiles by either method, in the method's order.

    ``"bfs"`` searches breadth first from the tiling's centre (:func:`~.patch.search`),
    in the order the collection's faces take; ``"line"`` descends the substitution
    hierarchy (:func:`~.descent.descend`), in its order, in memory for the tiles alone.

    Examples
    --------
    >>> found = find(1, "p3", (0.0, 0.0, 5.0, 5.0))
    >>> len(found) == len(set(found.ids))
    True
    >>> line = find(1, "p3", (0.0, 0.0, 5.0, 5.0), "line")
    >>> sorted(line.ids) == sorted(found.ids)
    True
    """
    start = start_of(seed, tiling)
    if method == "line":
        found = _Growing(_expected_tiles(region, tiling))
        for part in _line_parts(start, tiling, region):
            found.extend(part.exact, part.kind, part.turn)
        return Found(*found.arrays(), start.description())
    tiles = search(start.ancestry, start.turn, start.start_vertex, search_box(region))
    return Found(*_kept(tiles, tiling, region), start.description())


def line_parts(
    seed: int, tiling: str, region: tuple[float, float, float, float]
) -> Iterator[Found]:
    """The tiles ``find(seed, tiling, region, "line")`` holds, in its order, as the
    descent's batches come (each a ``Found`` of at most ``descent.BATCH`` tiles, maybe
    none): for a writer that keeps one batch at a time, whatever the region's size.

    Every part carries the whole search's description: the descent draws its letters while
    finding its top triangles, before the first batch, and none below them.

    Examples
    --------
    >>> parts = list(line_parts(1, "p3", (0.0, 0.0, 5.0, 5.0)))
    >>> whole = find(1, "p3", (0.0, 0.0, 5.0, 5.0), "line")
    >>> [i for part in parts for i in part.ids] == whole.ids
    True
    >>> parts[0].description == whole.description
    True
    """
    return _line_parts(start_of(seed, tiling), tiling, region)


def _line_parts(
    start: Start, tiling: str, region: tuple[float, float, float, float]
) -> Iterator[Found]:
    for tiles in descend(start.ancestry, start.turn, start.start_vertex, region):
        yield selected(tiles, tiling, region, start.description())


def descent(seed: int, tiling: str, region: tuple[float, float, float, float]) -> Iterator:
    """The descent's tiles as it finds them, batch by batch, before :func:`selected` keeps
    those that meet ``region``: for a writer that selects each batch on a thread of its own
    (``outputs.descent_pieces``). The batches of :func:`line_parts`, unselected."""
    start = start_of(seed, tiling)
    return descend(start.ancestry, start.turn, start.start_vertex, region)


def selected(
    tiles: np.ndarray, tiling: str, region: tuple[float, float, float, float], description: str
) -> Found:
    """The tiles of a batch of the descent (or the search) that meet ``region``, each
    started at its canonical corner, with ``description``."""
    return Found(*_kept(tiles, tiling, region), description)


def _expected_tiles(region: tuple[float, float, float, float], tiling: str) -> int:
    """About how many tiles meet ``region``, a little over: its area grown by a tile's
    width, over the smaller mean tile area (P2's)."""
    x0, y0, x1, y1 = region
    return round((x1 - x0 + 1) * (y1 - y0 + 1) / EXPECTED_TILE_AREA[tiling]) + 64


class _Growing:
    """The descent's tiles as they come, in arrays made once for the count expected (and
    grown by half when it is passed), so that the batches are never held twice."""

    def __init__(self, capacity: int) -> None:
        self.exact = np.empty((capacity, 4, 4), dtype=np.int64)
        self.kind = np.empty(capacity, dtype=np.int8)
        self.turn = np.empty(capacity, dtype=np.int8)
        self.count = 0

    def extend(self, exact: np.ndarray, kind: np.ndarray, turn: np.ndarray) -> None:
        end = self.count + len(exact)
        if end > len(self.exact):
            room = max(end, len(self.exact) * 3 // 2)
            for name in ("exact", "kind", "turn"):
                grown = np.empty((room, *getattr(self, name).shape[1:]), getattr(self, name).dtype)
                grown[: self.count] = getattr(self, name)[: self.count]
                setattr(self, name, grown)
        self.exact[self.count : end], self.kind[self.count : end] = exact, kind
        self.turn[self.count : end] = turn
        self.count = end

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The tiles so far: exact corners, types and turns (views of the arrays)."""
        n = self.count
        return self.exact[:n], self.kind[:n], self.turn[:n]


def _kept(
    tiles: np.ndarray, tiling: str, region: tuple[float, float, float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tiles (as found) that meet ``region``, canonical: exact corners, type, turn."""
    exact, kind, turn = canonical(tiles, tiling)
    keep = meets(xy(exact), region)
    return exact[keep], kind[keep], turn[keep]


def canonical(tiles: np.ndarray, tiling: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The search's tiles (corners from one half's end of the shared edge, anticlockwise)
    each started at its canonical corner, with its type and edge 0's turn.

    The search starts a tile at either end of the edge its halves share, whichever half it
    met first; here P2 starts at the end whose edge 0 is long (the kite's nose, the dart's
    tip, both 72°), P3 at the end whose edge 0 turns 0-4 tenths (a rhomb's opposite edge
    turns half a turn more). A kite's axis, the shared edge, is long and a dart's short; a
    rhomb's corner at its start (edge 0 round to edge 3) is 72° if thick, 144° if thin.
    """
    exact, kind, turn, shaped = kernels.canonical(
        np.ascontiguousarray(tiles, dtype=np.int64).reshape(-1, 4, 4),
        tiling == "p2",
        UNIT,
        SHORT,
        *RHOMB_TENTHS,
    )
    if not shaped:
        raise AssertionError("the search gave a tile of neither shape")
    return exact, kind, turn


def meets(corners: np.ndarray, region: tuple[float, float, float, float]) -> np.ndarray:
    """Whether each tile's interior meets the open ``region``: a tile whose box lies
    inside it does, one whose box misses it does not, and one across its sides is tested
    as its two halves, triangles (convex even where the dart is not), each missing the
    rectangle exactly when one of five axes (x, y, its three edges' normals) separates
    them."""
    x0, y0, x1, y1 = region
    low, high = _bounds(corners)
    hit = (low[:, 0] > x0) & (high[:, 0] < x1) & (low[:, 1] > y0) & (high[:, 1] < y1)
    apart = (high[:, 0] <= x0) | (low[:, 0] >= x1) | (high[:, 1] <= y0) | (low[:, 1] >= y1)
    across = np.flatnonzero(~hit & ~apart)
    rectangle = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    for half in ((0, 1, 2), (2, 3, 0)):
        triangle = corners[across][:, half, :]
        low, high = _bounds(triangle)
        missed = (high[:, 0] <= x0) | (low[:, 0] >= x1) | (high[:, 1] <= y0) | (low[:, 1] >= y1)
        for k in range(3):
            start, end = triangle[:, k], triangle[:, (k + 1) % 3]
            normal = np.stack([end[:, 1] - start[:, 1], start[:, 0] - end[:, 0]], axis=1)
            # anticlockwise: the triangle lies on the normal's negative side of its edge
            edge_at = np.einsum("ij,ij->i", normal, start)
            missed |= (normal @ rectangle.T).min(axis=1) >= edge_at
        hit[across] |= ~missed
    return hit


def _bounds(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each shape's lowest and highest x and y (corners (n, k, 2)), corner by corner:
    NumPy's reduction over an axis of three or four took a fifth of writing a patch."""
    low, high = corners[:, 0].copy(), corners[:, 0].copy()
    for k in range(1, corners.shape[1]):
        np.minimum(low, corners[:, k], out=low)
        np.maximum(high, corners[:, k], out=high)
    return low, high


def vertex_numbers(points: np.ndarray) -> np.ndarray:
    """The same whole number for the same exact point (points (..., 4)), 0 up, flat.

    Points of four components each within ±2¹⁵ (regions within some 10⁴ edges of the
    centre) are packed into one int64 each first: a sort of numbers, not of rows."""
    flat = points.reshape(-1, 4)
    if len(flat) and np.abs(flat).max() < 2**15:
        packed = np.zeros(len(flat), dtype=np.int64)
        for k in range(4):
            packed = (packed << 16) | (flat[:, k] + 2**15)
        _, numbers = np.unique(packed, return_inverse=True)
    else:
        _, numbers = np.unique(flat, axis=0, return_inverse=True)
    return numbers.reshape(-1).astype(np.int64)


def adjacency(found: Found) -> np.ndarray:
    """The tiles of ``found`` across each edge of each of them, by index in ``found``
    (-1 where the tile across lies outside it): int64, (n, 4), edge k from corner k to
    corner k + 1. The tiling is edge to edge, so the tile across an edge runs it backwards.

    Examples
    --------
    >>> found = find(1, "p3", (0.0, 0.0, 3.0, 3.0))
    >>> across = adjacency(found)
    >>> bool(((across == -1) | (across[across] == np.arange(len(found))[:, None, None])
    ...       .any(axis=2)).all())
    True
    """
    numbers = vertex_numbers(found.exact).reshape(-1, 4)
    count = int(numbers.max(initial=0)) + 1
    # a directed edge as one number: from a to b is a·count + b
    edges = (numbers * count + np.roll(numbers, -1, axis=1)).ravel()
    order = np.argsort(edges)
    backwards = (np.roll(numbers, -1, axis=1) * count + numbers).ravel()
    at = np.searchsorted(edges[order], backwards).clip(0, max(len(order) - 1, 0))
    inside = edges[order][at] == backwards if len(order) else np.zeros(0, dtype=bool)
    return np.where(inside, order[at] // 4, -1).reshape(-1, 4)


def across(
    seed: int, tiling: str, found: Found, region, method: str = "bfs"
) -> tuple[np.ndarray, np.ndarray]:
    """The tiles across each edge of each of ``found``'s tiles (the patch of ``region``,
    found by ``method``; edge k runs from corner k to corner k + 1), inside the region or
    not, as what their ids are made of: turns, int64 (n, 4), and start corners, int64
    (n, 4, 4).

    Penrose tilings are edge to edge, so the tile across an edge runs it backwards: the
    edges of the region's tiles and of those of the region grown by ``NEIGHBOUR_REACH``
    (every tile sharing an edge with one meeting the region) are looked up as pairs of
    exact vertices, numbered together.

    Examples
    --------
    >>> found = find(1, "p3", (0.0, 0.0, 3.0, 3.0))
    >>> turns, starts = across(1, "p3", found, (0.0, 0.0, 3.0, 3.0))
    >>> turns.shape == (len(found), 4) and starts.shape == (len(found), 4, 4)
    True
    """
    wide, index = across_tiles(seed, tiling, found, region, method)
    return wide.turn[index].astype(np.int64), wide.exact[index, 0]


def across_tiles(
    seed: int, tiling: str, found: Found, region, method: str = "bfs"
) -> tuple[Found, np.ndarray]:
    """The tiles of the region grown by ``NEIGHBOUR_REACH``, and where among them lies the
    tile across each edge of each of ``found``'s tiles: int64 (n, 4) indices (see
    :func:`across`)."""
    x0, y0, x1, y1 = region
    grown = (x0 - NEIGHBOUR_REACH, y0 - NEIGHBOUR_REACH, x1 + NEIGHBOUR_REACH, y1 + NEIGHBOUR_REACH)
    wide = find(seed, tiling, grown, method)
    numbers = vertex_numbers(np.concatenate([found.exact, wide.exact])).reshape(-1, 4)
    count = int(numbers.max(initial=0)) + 1
    mine, theirs = numbers[: len(found)], numbers[len(found) :]
    # a directed edge as one number: from a to b is a·count + b
    wide_edges = (theirs * count + np.roll(theirs, -1, axis=1)).ravel()
    order = np.argsort(wide_edges)
    backwards = np.roll(mine, -1, axis=1) * count + mine
    at = np.searchsorted(wide_edges[order], backwards).clip(0, len(order) - 1)
    if not np.array_equal(wide_edges[order][at], backwards):
        raise AssertionError("an edge of the region's tiles has no tile across it")
    return wide, order[at] // 4


def neighbours(
    seed: int, tiling: str, found: Found, region, method: str = "bfs"
) -> list[list[str]]:
    """The ids of the tiles across each edge of each of ``found``'s tiles (the tiles of
    :func:`across`).

    Examples
    --------
    >>> found = find(1, "p3", (0.0, 0.0, 3.0, 3.0))
    >>> ids = neighbours(1, "p3", found, (0.0, 0.0, 3.0, 3.0))
    >>> len(ids) == len(found) and all(len(row) == 4 for row in ids)
    True
    """
    turns, starts = across(seed, tiling, found, region, method)
    ids = _ids(turns.ravel(), starts.reshape(-1, 4))
    return [ids[k : k + 4] for k in range(0, len(ids), 4)]
