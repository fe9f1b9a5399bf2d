"""Find every hat of a tiling that meets a rectangle, kite by kite, in bounded memory.

Why a kite walk: the hexagons of the kite grid that cover the region (with a margin of
one hat) are visited row by row, and in each hexagon its six kites in turn, each kite's
address found from the previous one by a single move. A hat is reported from its kite 0,
which lies in exactly one hexagon, so every hat is reported once, whatever the region or
its offset, and only two addresses (the current kite and the start of the row) are held.
The rows are worked out one at a time and walked in batches of at most ``BATCH_HEXAGONS``
hexagons, a row wider than that in pieces, its address carried from one to the next: the
memory is bounded however wide or tall the region.
The walk runs compiled (``_kernels``); ``tests/aperiodic/hat_reference.py`` is the same
walk in plain Python, and the tests compare the two.

A region near the centre is walked to from the start hat. One farther out starts from a
kite found through the hierarchy (``hierarchy.locate``), in time logarithmic in the
distance, and its kernels count from a hexagon at its corner (``HatFrame``), so that their
floats stay small and exact; the hats and their order are the same either way.
"""

import decimal
import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tilewright.aperiodic.hat import _kernels as kernels
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import (
    HEXAGON_STEP,
    REFLECTED_HAT,
    REFLECTED_INDEX,
    REFLECTED_TYPE,
    TYPES,
    UNITS,
    GridPoint,
    Placement,
    hat_outline,
)
from tilewright.aperiodic.hat.hierarchy import locate
from tilewright.aperiodic.patch import clipped_area

SQRT3 = math.sqrt(3)
# Every vertex of a hat lies within this distance (hat units) of its kite 0's pointy end
# (the farthest, the tip of its "hat", is √21 ≈ 4.58 away), and the pointy end within one
# hexagon (circumradius 2) of any point of that hexagon.
MARGIN = 7.0
# a hat meets the region when more than this area of it lies inside (float clipping); a
# vertex this far inside has more (the hat's sharpest corner is 90°: at least 7·10⁻⁷)
MEETS = 1e-9
NEAR_SIDE = 1e-3


@dataclass(frozen=True)
class HatTile:
    """One hat of a patch.

    Attributes
    ----------
    id : str
        ``"a:b:j"``: its kite 0's hexagon (a, b) on the kite grid and direction j. The same
        hat has the same id in any region of one tiling.
    type : str
        Its metatile: H, T, P or F.
    index : int
        Its index in that metatile (hat 3 of an H is the reflected one).
    place : Placement
        Where it lies, exactly, on the kite grid.
    colour : int
        0–3, a proper four-colouring of the tiling (3 for the reflected hats), the same in
        any region of one tiling.

    Examples
    --------
    >>> from tilewright.aperiodic.hat.tiling import generate_hats
    >>> tile = next(iter(generate_hats(5, 5, seed=1)))
    >>> tile.type in "HTPF", tile.xy().shape
    (True, (14, 2))
    """

    id: str
    type: str
    index: int
    place: Placement
    colour: int

    @property
    def reflected(self) -> bool:
        """Is this one of the mirrored hats?"""
        return self.place.reflected

    @property
    def turn(self) -> int:
        """Its orientation in 60° steps, 0–5."""
        return self.place.turns()

    def vertices(self) -> list[GridPoint]:
        """Its 14 vertices on the kite grid, anticlockwise (the hat's side of length 2 has
        its middle as a vertex)."""
        return hat_outline(self.place)

    def xy(self, origin: GridPoint = (0, 0)) -> np.ndarray:
        """Its 14 vertices in hat units (short edge 1), y up: its start's place plus the
        shape's (so that the text kernels, which add the same two, write the same);
        measured from the kite-grid point ``origin`` (a picture of a far region draws from
        a point near it, where the floats are small)."""
        (x, y), reflected = self.place.start, int(self.place.reflected)
        start = np.array([x - origin[0], y - origin[1]], dtype=np.float64)
        return grid_xy(start) + kernels.SHAPES[self.turn, reflected]


def grid_xy(points: np.ndarray) -> np.ndarray:
    """Kite-grid points (..., 2) in hat units: ((2x + y) / (2√3), y / 2).

    Examples
    --------
    >>> grid_xy(np.array([[6.0, 0.0]])).round(4).tolist()  # the next hexagon's centre
    [[3.4641, 0.0]]
    """
    x, y = points[..., 0], points[..., 1]
    return np.stack(((2 * x + y) / (2 * SQRT3), y / 2), axis=-1)


@dataclass(frozen=True)
class HexagonRows:
    """The hexagons to visit for a region (its ``box``, with a margin of one hat): rows
    ``b0`` to ``b0 + count - 1`` of the kite grid, each from its first a to its last
    (:meth:`span`), worked out a row at a time: a tall region has tens of millions of rows,
    and lists of them would outgrow the walk.

    A hexagon (a, b) has its centre at (√3·(2a + b), 3b) in hat units.

    Examples
    --------
    >>> rows = HexagonRows.of((0.0, 0.0, 1000.0, 500.0))
    >>> rows.count, rows.span(0), rows.widest
    (173, (-1, 293), 295)
    """

    box: tuple[float, float, float, float]
    b0: int
    count: int

    @classmethod
    def of(cls, box: tuple[float, float, float, float]) -> "HexagonRows":
        """The rows of ``box`` = (x0, y0, x1, y1)."""
        _, y0, _, y1 = box
        b0, b1 = math.floor((y0 - MARGIN) / 3), math.ceil((y1 + MARGIN) / 3)
        return cls(box, b0, b1 - b0 + 1)

    def span(self, row: int) -> tuple[int, int]:
        """The first and last a of row ``row``, counted from row b0."""
        x0, _, x1, _ = self.box
        b = self.b0 + row
        return (
            math.floor(((x0 - MARGIN) / SQRT3 - b) / 2),
            math.ceil(((x1 + MARGIN) / SQRT3 - b) / 2),
        )

    @property
    def widest(self) -> int:
        """The most hexagons a row holds, about: rows alternate between two counts (far
        out, the floats may make a row one longer)."""
        spans = map(self.span, range(min(2, self.count)))
        return max(last - first + 1 for first, last in spans)


def hexagon_rows(box: tuple[float, float, float, float]) -> tuple[int, list[int], list[int]]:
    """:class:`HexagonRows` as lists: the first row b0, and per row from it its first and
    last a; for walks that hold their region whole (the breadth-first search)."""
    rows = HexagonRows.of(box)
    spans = [rows.span(row) for row in range(rows.count)]
    return rows.b0, [first for first, _ in spans], [last for _, last in spans]


# levels of ancestry the kernels' addresses hold: a walk across 6.85^30 hats would need more
DEPTH = 32
# levels kept above those a far start's search chose (a walk leaves the metatile it starts
# in across a side that may be shared only so many levels up: each level 6.85 times rarer)
FAR_DEPTH = 16
# hexagons a kernel call walks (about 6 kites and 0.75 hats each) before its hats are yielded
BATCH_HEXAGONS = 8192
# a region whose lower-left corner lies farther than this (hat units) from the centre is
# started from a located kite: walking there costs 0.3 µs a hat unit, the search some ms
NEAR = 4096.0
_PRECISE = decimal.Context(prec=60)
_SQRT3_DECIMAL = _PRECISE.sqrt(decimal.Decimal(3))


@dataclass(frozen=True)
class HatFrame:
    """Where a region's walk counts from: ``origin``, a hexagon centre of the kite grid
    (both numbers multiples of ``HEXAGON_STEP``), and the region measured from it in hat
    units (``box``). Near the centre the origin is the start hat's kite 0 and the box the
    region itself; ``far`` out, the hexagon nearest the region's lower-left corner, where
    the walk starts from a located kite.

    A function of the region alone, so that bands of a region (``rows`` in
    :func:`found_batches`) count the same rows whatever the seed.
    """

    origin: GridPoint
    box: tuple[float, float, float, float]
    far: bool = False

    @property
    def hexagon(self) -> tuple[int, int]:
        """The origin's hexagon (a, b)."""
        return self.origin[0] // HEXAGON_STEP, self.origin[1] // HEXAGON_STEP


def region_frame(box: tuple[float, float, float, float]) -> HatFrame:
    """The frame the walk of ``box`` = (x0, y0, x1, y1) counts from.

    Examples
    --------
    >>> region_frame((1e15, 0.0, 1e15 + 10, 10.0)).box[0] < 4
    True
    """
    x0, y0, x1, y1 = box
    if max(abs(x0), abs(y0)) <= NEAR:
        return HatFrame((0, 0), box)
    # the hexagon nearest the corner: (x, y) in hat units is x·√3 − y, 2y on the grid
    a = round((x0 * SQRT3 - y0) / HEXAGON_STEP)
    b = round(2 * y0 / HEXAGON_STEP)
    origin = (HEXAGON_STEP * a, HEXAGON_STEP * b)
    ox = _PRECISE.divide(
        _PRECISE.multiply(decimal.Decimal(2 * origin[0] + origin[1]), _SQRT3_DECIMAL), 6
    )
    oy = decimal.Decimal(origin[1]) / 2

    def less(value: float, offset: decimal.Decimal) -> float:
        return float(_PRECISE.subtract(decimal.Decimal(value), offset))

    return HatFrame(origin, (less(x0, ox), less(y0, oy), less(x1, ox), less(y1, oy)), far=True)


def region_rows(box: tuple[float, float, float, float]) -> HexagonRows:
    """The :class:`HexagonRows` of the region as its walk counts them, from its frame."""
    return HexagonRows.of(region_frame(box).box)


def _start(
    tiling: HatTiling, frame: HatFrame, towards: tuple[int, int] = (0, 0)
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The walk's first address (types, indices, walker: see ``_kernels``), in the
    frame: the start hat's kite 0, or far out a kite found near the frame's origin, or
    near the hexagon ``towards`` (a, b) of the frame that the walk goes to first when that
    lies farther than ``NEAR`` (walking there would cost more than the search)."""
    a, b = towards
    x_off, y_off = SQRT3 * (2 * a + b), 3.0 * b  # its centre, in hat units
    beyond = math.hypot(x_off, y_off) > NEAR
    if not (frame.far or beyond):
        tiling.grow(DEPTH + 1)
        types = [TYPES.index(t) for t in tiling.ancestry.types[: DEPTH + 1]]
        indices = tiling.ancestry.indices[:DEPTH]
        walker = [0, tiling.start.hat, 0, 0, tiling.start_turn, 0, 1, 2]
    else:
        x, y = frame.origin
        if not beyond:
            x_off = y_off = 0.0
        found = locate(tiling, ((2 * x + y) / (2 * SQRT3) + x_off, y / 2 + y_off))
        depth = max(DEPTH, len(found.indices) + FAR_DEPTH)
        tiling.grow(depth + 1)
        types = [
            *found.types,
            *(TYPES.index(t) for t in tiling.ancestry.types[len(found.types) : depth + 1]),
        ]
        indices = [*found.indices, *tiling.ancestry.indices[len(found.indices) : depth]]
        (kx, ky), j = found.kite
        walker = [0, found.hat, kx - x, ky - y, j, *found.colours]
    return np.array(types, np.int64), np.array(indices, np.int64), np.array(walker, np.int64)


# ``columns`` when not given: every hexagon of a row
_WHOLE_ROW = (0, 2**62)


def found_batches(
    tiling: HatTiling,
    box: tuple[float, float, float, float],
    neighbours: bool = False,
    rows: tuple[int, int] | None = None,
    columns: tuple[int, int] | None = None,
) -> Iterator[np.ndarray]:
    """The hats of ``tiling`` whose interior meets ``box`` = (x0, y0, x1, y1), as arrays.

    Memory is bounded whatever the region: a batch is at most ``BATCH_HEXAGONS`` hexagons,
    whole rows of them, or pieces of one row too wide for that (the row's address carried
    from piece to piece, so that the moves, and the hats, are those of the whole row).

    Parameters
    ----------
    tiling : HatTiling
    box : tuple of float
        In hat units, the start hat's kite 0 at the origin.
    neighbours : bool
        Add the ids of the hats across each edge.
    rows : pair of int, optional
        Only the hats of the region's rows of hexagons ``rows[0]`` to ``rows[1] - 1``
        (counted from the bottom row of :func:`region_rows`): a band, whose hats no other
        band has.
    columns : pair of int, optional
        Only the hats of hexagons ``columns[0]`` to ``columns[1] - 1`` of each row, counted
        from the row's first: with ``rows``, a piece of a band, whose hats no other piece
        has (pieces of one row, left to right, give the row's hats in its order).

    Yields
    ------
    numpy.ndarray
        (n, 6) int64 a batch of rows of hexagons, bottom to top: each hat's start (its
        kite 0's pointy end) x and y on the kite grid, kite 0's direction, the number of
        its metatile type in ``TYPES``, its index there, and its colour (0-3); with
        ``neighbours``, 42 more: the ids of the hats across its edges 0-13, each as its
        kite 0's hexagon (a, b) and direction (``HatTile.id``'s three numbers).
    """
    frame = region_frame(box)
    every = HexagonRows.of(frame.box)
    first, stop = rows if rows is not None else (0, every.count)
    low, high = columns if columns is not None else _WHOLE_ROW

    def span(row: int) -> tuple[int, int]:
        start, last = every.span(row)
        return start + low, min(last, start + high - 1)

    # a part goes to its first hexagon; the whole walk starts where it always has
    towards = (span(first)[0], every.b0 + first) if rows or columns else (0, 0)
    walk = _Walk(tiling, frame, neighbours, towards)
    widest = max(1, min(every.widest, high - low))
    if widest <= BATCH_HEXAGONS:
        per_batch = BATCH_HEXAGONS // widest
        for row in range(first, stop, per_batch):
            spans = [span(r) for r in range(row, min(row + per_batch, stop))]
            yield walk.rows(every.b0 + row, spans)
        return
    for row in range(first, stop):
        start, last = span(row)
        pieces = range(start, last + 1, BATCH_HEXAGONS)
        for piece in pieces:
            part = (piece, min(last, piece + BATCH_HEXAGONS - 1))
            yield walk.rows(every.b0 + row, [part], along=piece > start)


class _Walk:
    """A walk's addresses and the arrays its kernel fills, for :func:`found_batches`.

    ``address`` stands at the first hexagon of the last row walked, whence the kernel goes
    to the next row; ``spares[0]`` is the row's address, left at the last hexagon walked,
    whence the next piece of a row too wide for one batch goes on (``along``).
    """

    def __init__(
        self, tiling: HatTiling, frame: HatFrame, neighbours: bool, towards: tuple[int, int]
    ) -> None:
        self.frame, self.neighbours = frame, neighbours
        self.address = _start(tiling, frame, towards)
        self.saved = np.zeros((len(self.address[1]), 5), np.int64)
        self.spares = [tuple(part.copy() for part in self.address) for _ in range(3)]
        self.box = np.array(frame.box, np.float64)
        self.found = np.zeros((0, kernels.FOUND_FIELDS), np.int64)
        self.near = np.zeros((0, 14, kernels.NEIGHBOUR_FIELDS), np.int64)

    def rows(self, b0: int, spans: list[tuple[int, int]], along: bool = False) -> np.ndarray:
        """The hats of rows b0, b0 + 1, ... from their first a to their last (``spans``);
        ``along``: of the one row whose last piece was walked, further along it."""
        firsts = np.array([first for first, _ in spans], np.int64)
        lasts = np.array([last for _, last in spans], np.int64)
        room = 6 * int(np.sum(np.maximum(lasts - firsts + 1, 0)))
        if room > len(self.found):
            self.found = np.zeros((room, kernels.FOUND_FIELDS), np.int64)
            if self.neighbours:
                self.near = np.zeros((room, 14, kernels.NEIGHBOUR_FIELDS), np.int64)
        row, scratch, cursor = self.spares
        if along:
            for part, source in zip(cursor, row, strict=True):
                part[:] = source
        address = cursor if along else self.address
        count = kernels.walk_rows(
            *address, self.saved, row, scratch, b0, firsts, lasts, self.box, self.found, self.near
        )
        if count < 0:
            raise RuntimeError(f"a walk needed more than {len(self.saved)} levels of ancestry")
        return self._kept(self.found[:count], self.near[:count])

    def _kept(self, batch: np.ndarray, near: np.ndarray) -> np.ndarray:
        """The hats found that meet the region, in the frame's origin's terms."""
        keep = batch[:, 6] == kernels.INSIDE
        keep[~keep] = _meeting(batch[~keep], self.frame.box)
        hats = batch[keep, :6] + (*self.frame.origin, 0, 0, 0, 0)
        if not self.neighbours:
            return hats
        ids = near[keep] + (*self.frame.hexagon, 0)
        return np.hstack((hats, ids.reshape(-1, 42)))


def _meeting(border: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """Which hats whose box only meets the region's meet the region (a few a row).

    A vertex ``NEAR_SIDE`` inside the region settles it (the hat's corner there has more
    than ``MEETS`` of area inside); the rest are clipped exactly, as the reference does.
    """
    x0, y0, x1, y1 = box
    xy = vertices_xy(border)
    x, y = xy[..., 0], xy[..., 1]
    inside = (
        (x > x0 + NEAR_SIDE) & (x < x1 - NEAR_SIDE) & (y > y0 + NEAR_SIDE) & (y < y1 - NEAR_SIDE)
    )
    meets: np.ndarray = np.any(inside, axis=1)
    for k in np.flatnonzero(~meets).tolist():
        meets[k] = clipped_area(xy[k], box) > MEETS
    return meets


def vertices_xy(found: np.ndarray) -> np.ndarray:
    """The vertices of the hats ``found`` in hat units, y up: (n, 14, 2), each the same
    floats as ``HatTile.xy()``.

    Examples
    --------
    >>> found = next(found_batches(HatTiling(1), (0, 0, 5, 5)))
    >>> tile = next(walk(HatTiling(1), (0, 0, 5, 5)))
    >>> bool((vertices_xy(found)[0] == tile.xy()).all())
    True
    """
    reflected = (found[:, 3] == REFLECTED_TYPE) & (found[:, 4] == REFLECTED_INDEX)
    turns = np.where(reflected, (found[:, 2] + 1) % 6, found[:, 2])
    starts = grid_xy(found[:, :2].astype(np.float64))
    return starts[:, None, :] + kernels.SHAPES[turns, reflected.astype(np.int64)]


def outlines(found: np.ndarray) -> np.ndarray:
    """The exact vertices of the hats ``found`` (rows of :func:`found_batches`): (n, 14, 2)
    int64 points of the kite grid, each hat's anticlockwise from its vertex 0.

    Examples
    --------
    >>> found = next(found_batches(HatTiling(1), (0, 0, 5, 5)))
    >>> tile = next(walk(HatTiling(1), (0, 0, 5, 5)))
    >>> outlines(found)[0].tolist() == [list(p) for p in tile.vertices()]
    True
    """
    reflected = (found[:, 3] == REFLECTED_TYPE) & (found[:, 4] == REFLECTED_INDEX)
    turns = np.where(reflected, (found[:, 2] + 1) % 6, found[:, 2])
    return found[:, None, :2] + _OUTLINES[turns, reflected.astype(np.int64)]


_OUTLINES = np.array(
    [
        [hat_outline(Placement((0, 0), unit, bool(reflected))) for reflected in (0, 1)]
        for unit in UNITS
    ],
    dtype=np.int64,
)  # (turn, reflected, vertex, x or y)


def walk(tiling: HatTiling, box: tuple[float, float, float, float]) -> Iterator[HatTile]:
    """Every hat of ``tiling`` whose interior meets the rectangle ``box``, as ``HatTile``
    objects, in the order of :func:`found_batches`."""
    for batch in found_batches(tiling, box):
        yield from batch_tiles(batch)


def batch_tiles(batch: np.ndarray) -> Iterator[HatTile]:
    """The hats of a batch (rows of :func:`found_batches`, neighbours or not) as
    ``HatTile`` objects."""
    for x, y, j, kind, index, colour in batch[:, :6].tolist():
        yield _tile(x, y, j, TYPES[kind], index, colour)


def _tile(x: int, y: int, j: int, kind: str, index: int, colour: int) -> HatTile:
    """A found hat: kite 0's pointy end is the hat's vertex 0, its direction the hat's turn
    (less one for a mirrored hat, whose kite 0 faces the other way)."""
    reflected = (kind, index) == REFLECTED_HAT
    turn = (j + 1) % 6 if reflected else j
    name = f"{x // HEXAGON_STEP}:{y // HEXAGON_STEP}:{j}"
    return HatTile(name, kind, index, Placement((x, y), UNITS[turn], reflected), colour)
