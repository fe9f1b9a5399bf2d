"""Grids of polygon cells beyond squares: hexagons, triangles, polar rings, octagons.

Each builder lists its cells' outlines and hands them to
:func:`~tilewright.core.polygon_grid.from_polygons`, which finds the walls and the cell graph.
Every vertex gets an exact integer key from the lattice it lies on (two cells share a wall
exactly when they list the same two keys), and floats appear only as drawing coordinates.

Conventions, shared with :func:`~tilewright.core.polygon_grid.square_grid`: one edge of a
regular cell is one drawing unit (a polar ring is one unit deep), ``y`` points down, the
smallest coordinates are 0, and every outline runs clockwise on screen (its shoelace area,
taken with ``y`` down, is positive). Cells are numbered row by row (ring by ring for polar).

:data:`GRID_KINDS` names the grids for the command line: how each reads its size, and a
builder that takes the size as text (``"30x20"``, ``"10"``) or as whole numbers.
"""

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tilewright.core.docstrings import SECTIONS, Documented, filler
from tilewright.core.errors import TilewrightError
from tilewright.core.graph import MAX_GRAPH_CELLS
from tilewright.core.memory import check_fits
from tilewright.core.numbers import parse_whole, quoted, require_bool, require_int, shown
from tilewright.core.polygon_grid import (
    GRID_CORNER_BYTES,
    PolygonGrid,
    from_polygons,
    square_grid,
)

SQRT3_HALF = math.sqrt(3) / 2
# Polar arcs are drawn as chords: each chord's sagitta (how far the arc bulges past it) is
# at most this share of a ring's depth, so circles look round at any picture size a maze
# of that many rings is drawn at (a hundredth of a ring is under a pixel up to 100 px rings).
POLAR_SAGITTA = 0.01
# Ring r has at least 2πr / 1.5 cells (a cell is never wider than 1.5 ring depths), so
# more rings than this would pass the most cells a grid may have.
MAX_POLAR_RINGS = math.isqrt(MAX_GRAPH_CELLS // 2)
# the largest side or radius the size parser reads; memory refuses far less
_LARGEST_SIDE = 2**40


# the sections every builder of a width × height board of polygons shares
_BOARD = """\
Parameters
----------
width, height : int
    {units}, at least 1.

Returns
-------
PolygonGrid
    Kind ``"{kind}"``, params ``width``, ``height``{edges}.

"""


def board_builder(units: str, unit_edges: bool = True) -> Callable[[Documented], Documented]:
    """A decorator that fills the ``%(board)s`` line of a builder of a ``width`` ×
    ``height`` board: its sizes (``units``, what they count across and down), the grid it
    returns (its kind the builder's name, ``unit_edges`` whether every edge has length 1)
    and what it refuses (``grid_raises``).

    Examples
    --------
    >>> @board_builder("Squares across and down")
    ... def chequer_grid(width, height):
    ...     '''A board.
    ...
    ...     %(board)s
    ...     '''
    >>> doc = chequer_grid.__doc__
    >>> "Squares across and down, at least 1." in doc, 'Kind ``"chequer"``' in doc
    (True, True)
    """

    def fill(builder: Documented) -> Documented:
        kind = builder.__name__.removesuffix("_grid").replace("_", "-")
        edges = "; unit edges" if unit_edges else ""
        board = _BOARD.format(units=units, kind=kind, edges=edges) + SECTIONS["grid_raises"]
        return filler({"board": board})(builder)

    return fill


def hex_grid(width: int, height: int, flat: bool = False) -> PolygonGrid:
    """``width`` × ``height`` hexagons in offset rows (pointy tops), or in offset columns
    with flat tops.

    Pointy tops: rows of hexagons side by side, every odd row (counting from 0) shifted
    right by half a hexagon, so that each hexagon inside has six neighbours. Flat tops: the
    same turned a quarter: columns, every odd column shifted down by half. Cells are
    numbered row by row either way; hexagons have unit edges.

    Parameters
    ----------
    width, height : int
        Hexagons across and down, at least 1.
    flat : bool, default False
        Flat tops (offset columns) instead of pointy tops (offset rows).

    Returns
    -------
    PolygonGrid
        Kind ``"hex"``, params ``width``, ``height``, ``flat``.

    Raises
    ------
    TypeError
        When a size is not an integer or ``flat`` is not a bool.
    TilewrightError
        When a size is below 1 or the grid would not fit in memory.

    Examples
    --------
    >>> grid = hex_grid(3, 2)
    >>> grid.num_cells, grid.graph.num_slots, len(grid.boundary())
    (6, 9, 18)
    >>> int(np.diff(hex_grid(3, 3).graph.indptr)[4])  # the middle hexagon
    6
    """
    width, height = _sides(width, height)
    flat = require_bool(flat, "flat")
    _check_room("hex", width * height, 6)
    # rows and columns broadcast to (height, width, corners): cells row by row
    row = np.arange(height, dtype=np.int64)[:, None, None]
    col = np.arange(width, dtype=np.int64)[None, :, None]
    # along the rows in steps of √3/2 (half a hexagon's width), across them in steps of 1/2
    along_offsets = np.array([0, 1, 1, 0, -1, -1])
    across_offsets = np.array([-2, -1, 1, 2, 1, -1])
    params = {"width": width, "height": height, "flat": flat}
    if not flat:
        keys = (3 * row + 2 + across_offsets) * (2 * width + 2) + (
            2 * col + (row & 1) + 1 + along_offsets
        )
        return _lattice("hex", params, 6, keys, 2 * width + 2, SQRT3_HALF, 0.5)
    # the pointy layout mirrored in the diagonal; mirroring reverses the turn of each
    # outline, so the corners are listed backwards to keep them clockwise
    keys = (2 * row + (col & 1) + 1 + along_offsets[::-1]) * (3 * width + 3) + (
        3 * col + 2 + across_offsets[::-1]
    )
    return _lattice("hex", params, 6, keys, 3 * width + 3, 0.5, SQRT3_HALF)


def hexagon_grid(radius: int) -> PolygonGrid:
    """A hexagon-shaped board of hexagons (pointy tops): every hexagon within ``radius``
    steps of the centre one, 3R² + 3R + 1 cells.

    Parameters
    ----------
    radius : int
        Steps from the centre hexagon to the board's edge, at least 0 (0 is one hexagon).

    Returns
    -------
    PolygonGrid
        Kind ``"hexagon"``, params ``radius``; cells row by row, unit edges.

    Raises
    ------
    TypeError
        When ``radius`` is not an integer.
    TilewrightError
        When ``radius`` is negative or the board would not fit in memory.

    Examples
    --------
    >>> grid = hexagon_grid(2)
    >>> grid.num_cells, len(grid.boundary())
    (19, 30)
    >>> hexagon_grid(0).num_cells
    1
    """
    radius = _count(radius, "radius")
    cells = _check_room("hexagon", 3 * radius * radius + 3 * radius + 1, 6)
    # axial coordinates (q, r): row r holds the q with |q|, |r|, |q + r| all at most R
    r = np.arange(-radius, radius + 1, dtype=np.int64)
    first_q = np.maximum(-radius, -r - radius)
    lengths = 2 * radius + 1 - np.abs(r)
    row = np.repeat(r, lengths)
    starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
    q = np.repeat(first_q, lengths) + np.arange(cells, dtype=np.int64) - starts
    along = (2 * q + row + 2 * radius + 1)[:, None] + np.array([0, 1, 1, 0, -1, -1])
    across = (3 * (row + radius) + 2)[:, None] + np.array([-2, -1, 1, 2, 1, -1])
    keys = across * (4 * radius + 3) + along
    del along, across
    return _lattice("hexagon", {"radius": radius}, 6, keys, 4 * radius + 3, SQRT3_HALF, 0.5)


@board_builder("Triangles across and rows down")
def triangle_grid(width: int, height: int) -> PolygonGrid:
    """``width`` × ``height`` triangles, pointing up and down in turn (unit edges).

    Row ``r``'s triangle ``c`` points up when ``r + c`` is even, so the top-left one points
    up and each triangle's neighbours are the two beside it and the one across its flat
    side; the left and right sides of the board zigzag.

    %(board)s

    Examples
    --------
    >>> grid = triangle_grid(4, 2)
    >>> grid.num_cells, grid.graph.num_slots, len(grid.boundary())
    (8, 8, 8)
    """
    width, height = _sides(width, height)
    if width == 1 and height > 2:
        # one triangle a row: each row meets the next at a corner only, never along a side
        raise TilewrightError(
            f"a triangle grid 1 wide falls apart past 2 rows (its rows meet at corners only), "
            f"got 1x{height}: make it at least 2 wide"
        )
    _check_room("triangle", width * height, 3)
    row = np.arange(height, dtype=np.int64)[:, None, None]
    col = np.arange(width, dtype=np.int64)[None, :, None]
    up = ((row + col) & 1) == 0
    # across in half edges, down in rows of height √3/2; clockwise on screen from the top
    keys = (row + np.where(up, [0, 1, 1], [0, 0, 1])) * (width + 2) + col
    keys += np.where(up, [1, 2, 0], [0, 2, 1])
    del up
    params = {"width": width, "height": height}
    return _lattice("triangle", params, 3, keys, width + 2, 0.5, SQRT3_HALF)


def polar_ring_counts(rings: int) -> list[int]:
    """Cells in each ring of a polar grid of ``rings`` rings, by Buck's rule.

    Ring 0 is the centre cell; ring r ≥ 1 lies between radii r and r + 1 and has
    n_r = n_{r−1} · round(2πr / n_{r−1}) cells: each cell of ring r − 1 splits into as many
    as keep the new cells about as wide (measured along the inner circle) as a ring is deep.

    Parameters
    ----------
    rings : int
        Rings around the centre cell, at least 0.

    Returns
    -------
    list of int
        ``rings + 1`` counts, the centre's first.

    Examples
    --------
    >>> polar_ring_counts(6)
    [1, 6, 12, 24, 24, 24, 48]
    """
    rings = _count(rings, "rings")
    if rings > MAX_POLAR_RINGS:
        raise TilewrightError(
            f"a polar grid may have at most {MAX_POLAR_RINGS} rings, got {shown(rings)}"
        )
    counts = [1]
    for r in range(1, rings + 1):
        previous = counts[-1]
        counts.append(previous * max(1, round(2 * math.pi * r / previous)))
    return counts


def polar_grid(rings: int) -> PolygonGrid:
    """A round grid: a centre cell and ``rings`` rings of cells around it.

    Ring r (r ≥ 1) lies between radii r and r + 1 and is cut into
    :func:`polar_ring_counts` cells, each ring's cells splitting those inside it so that
    every cell stays about as wide as a ring is deep (Buck, *Mazes for Programmers*). Each
    circle is drawn through enough vertices to look round (see ``POLAR_SAGITTA``), and the
    cells on both sides of a circle share all of them, so their walls match exactly.

    Parameters
    ----------
    rings : int
        Rings around the centre cell, at least 0 (0 is the centre cell alone).

    Returns
    -------
    PolygonGrid
        Kind ``"polar"``, params ``rings``; cells ring by ring from the centre, clockwise
        on screen from the east within a ring; the disc's centre at (R + 1, R + 1).

    Raises
    ------
    TypeError
        When ``rings`` is not an integer.
    TilewrightError
        When ``rings`` is negative or the grid would not fit in memory.

    Examples
    --------
    >>> grid = polar_grid(3)
    >>> grid.num_cells, int(np.diff(grid.graph.indptr)[0])  # the centre has 6 neighbours
    (43, 6)
    """
    rings = _count(rings, "rings")
    counts = polar_ring_counts(rings)
    points = _circle_points(counts)
    corners = points[0] + sum(
        n * (points[r] // n + points[r - 1] // n + 2) for r, n in enumerate(counts) if r
    )
    _check_room("polar", sum(counts), corners / sum(counts))
    # Circle ρ (radius ρ, 1 ≤ ρ ≤ R + 1) has points[ρ - 1] vertices, numbered clockwise on
    # screen from the east; a vertex's key is its number after those of the smaller circles.
    first_key = np.concatenate([[0], np.cumsum(points)])
    circle = np.repeat(np.arange(1, rings + 2), points)
    angle = (np.arange(first_key[-1]) - first_key[circle - 1]) * (
        2 * math.pi / np.repeat(points, points)
    )
    centre = rings + 1.0
    place_x, place_y = centre + circle * np.cos(angle), centre + circle * np.sin(angle)
    keys = [np.arange(points[0], dtype=np.int64)]
    sizes = [np.array([points[0]])]
    for r in range(1, rings + 1):
        n, outer, inner = counts[r], points[r], points[r - 1]
        out_step, in_step = outer // n, inner // n
        cell = np.arange(n, dtype=np.int64)[:, None]
        # the outer arc with the angle rising (clockwise on screen), then the inner falling
        out_index = first_key[r] + (cell * out_step + np.arange(out_step + 1)) % outer
        in_index = first_key[r - 1] + ((cell + 1) * in_step - np.arange(in_step + 1)) % inner
        keys.append(np.concatenate([out_index, in_index], axis=1).ravel())
        sizes.append(np.full(n, out_step + in_step + 2))
    key = np.concatenate(keys)
    del keys
    coords = np.empty((len(key), 2))
    coords[:, 0], coords[:, 1] = place_x[key], place_y[key]
    return from_polygons("polar", {"rings": rings}, np.concatenate(sizes), key, coords)


def _circle_points(counts: list[int]) -> list[int]:
    """Vertices on each circle ρ = 1 … R + 1: a multiple of the cells of the ring outside
    it (the outermost: inside it), few enough chords that none bulges past
    ``POLAR_SAGITTA``. A multiple of the outer ring's cells is one of the inner ring's too,
    since ring counts divide the next."""
    points = []
    for rho in range(1, len(counts) + 1):
        cells = counts[min(rho, len(counts) - 1)]
        # a chord of angle 2π/m bulges ρ(1 − cos(π/m)) short of its arc
        least = math.pi / math.acos(1 - POLAR_SAGITTA / rho)
        points.append(cells * max(1, math.ceil(least / cells)))
    return points


@board_builder("Octagons across and down")
def upsilon_grid(width: int, height: int) -> PolygonGrid:
    """``width`` × ``height`` regular octagons with a square in each gap between four.

    Octagons (unit edges) on a square lattice touch along their straight sides; the gaps
    between four of them hold squares turned 45°, (W − 1)(H − 1) of them. An octagon inside
    has 8 neighbours (4 octagons, 4 squares), a square 4 (all octagons).

    Cells come row by row: a row of octagons, then the squares below it, and so on.

    %(board)s

    Examples
    --------
    >>> grid = upsilon_grid(3, 2)
    >>> grid.num_cells, grid.graph.num_slots, len(grid.boundary())
    (8, 15, 26)
    """
    width, height = _sides(width, height)
    octagons, squares, stride, position = _octagons_and_squares("upsilon", width, height)
    # cells row by row: a row of octagons, then the squares below it
    above = np.concatenate(
        [
            octagons[:-1].reshape(height - 1, 8 * width),
            squares.reshape(height - 1, 4 * (width - 1)),
        ],
        axis=1,
    )
    keys = np.concatenate([above.ravel(), octagons[-1].ravel()])
    del octagons, squares, above
    row_sizes = np.repeat([8, 4], [width, width - 1])
    sizes = np.concatenate([np.tile(row_sizes, height - 1), np.full(width, 8)])
    params = {"width": width, "height": height}
    return _lattice("upsilon", params, sizes, keys, stride, position, position)


def octagonal_grid(width: int, height: int) -> PolygonGrid:
    """The puzzle collection's octagonal grid: :func:`upsilon_grid`'s octagons and
    squares, in the collection's order.

    Parameters
    ----------
    width, height : int
        Octagons across and down, at least 1.

    Returns
    -------
    PolygonGrid
        Kind ``"octagonal"``, params ``width``, ``height``; cells row by row, each octagon
        followed by the square at its top-left corner (from the second row and column on),
        so that :func:`~tilewright.core.planar_map.planar_map` numbers its dots and edges
        as the collection's Loopy does.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`upsilon_grid`.

    Examples
    --------
    >>> grid = octagonal_grid(3, 2)
    >>> grid.num_cells, [len(grid.polygon(cell)) for cell in range(grid.num_cells)]
    (8, [8, 8, 8, 8, 8, 4, 8, 4])
    """
    width, height = _sides(width, height)
    octagons, squares, stride, position = _octagons_and_squares("octagonal", width, height)
    # below the first row, each octagon but the first of its row has the square at its
    # top-left corner after it: the square right of and below the octagon up and left
    later = np.zeros((height - 1, width, 12), dtype=np.int64)
    later[:, :, :8] = octagons[1:]
    later[:, 1:, 8:] = squares
    shapes = np.tile(np.r_[8, np.tile([8, 4], width - 1)], height - 1)
    corners = np.concatenate(
        # sizes spelt out, not -1: one row has no later rows, and NumPy cannot size -1
        # in an empty array
        [
            later[:, :1, :8].reshape(height - 1, 8),
            later[:, 1:].reshape(height - 1, 12 * (width - 1)),
        ],
        axis=1,
    )
    keys = np.concatenate([octagons[0].ravel(), corners.ravel()])
    sizes = np.concatenate([np.full(width, 8), shapes])
    params = {"width": width, "height": height}
    return _lattice("octagonal", params, sizes, keys, stride, position, position)


def _octagons_and_squares(
    kind: str, width: int, height: int
) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """The vertex keys of the octagons, (H, W, 8), and of the squares between them,
    (H − 1, W − 1, 4), each from the top going clockwise; the keys' row stride; and the
    position of each place along an axis."""
    cells = width * height + (width - 1) * (height - 1)
    _check_room(kind, cells, (8 * width * height + 4 * (cells - width * height)) / cells)
    # Along each axis the vertices take, for octagon i, the places 3i (its left side),
    # 3i + 1 and 3i + 2 (its top edge's ends), and 3W for the last octagon's right side;
    # place 3i + k lies at i(1 + √2) plus place[k] (k = 3, 4 being the next octagon's 0, 1)
    side = 1 + math.sqrt(2)
    place = np.array([0.0, math.sqrt(0.5), math.sqrt(0.5) + 1])
    stride = 3 * width + 1
    row = np.arange(height, dtype=np.int64)[:, None, None]
    col = np.arange(width, dtype=np.int64)[None, :, None]
    octagons = (3 * row + np.array([0, 0, 1, 2, 3, 3, 2, 1])) * stride
    octagons = octagons + 3 * col + np.array([1, 2, 3, 3, 2, 1, 0, 0])
    # the square in the gap right of and below octagon (row, col): top, right, bottom, left
    squares = (3 * row[:-1] + np.array([2, 3, 4, 3])) * stride
    squares = squares + 3 * col[:, :-1] + np.array([3, 4, 3, 2])
    # the position of each place along an axis, by table
    places = np.arange(3 * max(width, height) + 1)
    position = places // 3 * side + place[places % 3]
    return octagons, squares, stride, position


def _lattice(
    kind: str,
    params: dict[str, Any],
    sizes: int | np.ndarray,
    keys: np.ndarray,
    stride: int,
    x_of: float | np.ndarray,
    y_of: float | np.ndarray,
) -> PolygonGrid:
    """The grid of cells whose corners lie on a lattice: corner keys ``y * stride + x``
    for lattice places x < stride and y, cell after cell, ``sizes`` corners each (one
    number when all cells have as many). A place's position is ``x_of`` × x (or, given
    a table, ``x_of[x]``), and the same for y; positions are worked out from the keys so that the
    builder's place arrays are gone before :func:`from_polygons` needs its memory."""
    keys = keys.reshape(-1)
    if np.ndim(sizes) == 0:
        counts = np.full(len(keys) // int(sizes), sizes, dtype=np.int64)
    else:
        counts = np.asarray(sizes, dtype=np.int64)
    coords = np.empty((len(keys), 2), dtype=np.float64)
    coords[:, 0] = _positions(keys % stride, x_of)
    coords[:, 1] = _positions(keys // stride, y_of)
    return from_polygons(kind, params, counts, keys, coords)


def _positions(places: np.ndarray, of: float | np.ndarray) -> np.ndarray:
    """The positions of lattice places: ``of`` × places, or ``of[places]``."""
    return of[places] if isinstance(of, np.ndarray) else places * of


def _sides(width: object, height: object) -> tuple[int, int]:
    """``width`` and ``height`` as ints of at least 1, or TypeError / TilewrightError."""
    sides = []
    for name, value in (("width", width), ("height", height)):
        side = require_int(value, name)
        if side < 1:
            raise TilewrightError(f"{name} must be at least 1, got {shown(side)}")
        sides.append(side)
    return sides[0], sides[1]


def _count(value: object, name: str) -> int:
    """``value`` as an int of at least 0, or TypeError / TilewrightError."""
    number = require_int(value, name)
    if number < 0:
        raise TilewrightError(f"{name} must be at least 0, got {shown(number)}")
    return number


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _check_room(kind: str, cells: int, corners_per_cell: float) -> int:
    """Refuse a grid of ``cells`` cells (this many corners each, on average) that would not
    fit in memory, before any array is made; return ``cells``."""
    if cells > MAX_GRAPH_CELLS:
        raise TilewrightError(
            f"{_article(kind)} {kind} grid may have at most {MAX_GRAPH_CELLS} cells, "
            f"got {shown(cells)}"
        )
    check_fits(
        cells * corners_per_cell * GRID_CORNER_BYTES,
        f"{_article(kind)} {kind} grid of {cells} cells",
    )
    return cells


@dataclass(frozen=True)
class GridKind:
    """A kind of grid as the command line offers it: its name, what its size means, and
    how to build one from a size written as text or given as numbers.

    Attributes
    ----------
    name : str
        What ``--grid`` calls it.
    size : str
        One line saying what the size counts (``"WIDTHxHEIGHT hexagons, pointy tops"``).
    example : str
        A size as a user writes it (``"30x20"``, ``"10"``).
    numbers : int
        How many whole numbers a size has: 2 (``WxH``) or 1.
    smallest : int
        The least each number may be (1 for sides, 0 for a radius or rings).
    builder : callable
        Makes the grid from the numbers (and ``seed=`` when ``seeded``).
    seeded : bool
        Whether a seed chooses the grid (an aperiodic patch), so ``build`` passes one on.

    Examples
    --------
    >>> GRID_KINDS["hex"].build("4x3")
    <PolygonGrid hex width=4 height=3 flat=False: 12 cells>
    >>> GRID_KINDS["polar"].parse("12")
    (12,)
    >>> GRID_KINDS["polar"].parse("12x3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a polar grid's size is RINGS: rings around ...
    """

    name: str
    size: str
    example: str
    numbers: int
    smallest: int
    builder: Callable[..., PolygonGrid]
    seeded: bool = False

    def parse(self, text: str) -> tuple[int, ...]:
        """The size's numbers from ``text`` such as ``"30x20"`` or ``"10"``.

        Parameters
        ----------
        text : str
            Whole numbers in ASCII digits, ``numbers`` of them joined by ``x`` (or ``×``).

        Returns
        -------
        tuple of int

        Raises
        ------
        TypeError
            When ``text`` is not a string.
        TilewrightError
            When it does not read as this grid's size, in one line saying what does.
        """
        if not isinstance(text, str):
            raise TypeError(f"a grid's size must be text, not {type(text).__name__}")
        parts = re.split(r"[x×X]", text.strip())
        reads = f"a {self.name} grid's size is {self.size} (for example {self.example})"
        if len(parts) != self.numbers:
            raise TilewrightError(f"{reads}, got {quoted(text)}")
        values = []
        for part in parts:
            try:
                value = parse_whole(part.strip(), "a size", _LARGEST_SIDE)
            except TilewrightError as error:
                raise TilewrightError(f"{reads}: {error}") from None
            if value < self.smallest:
                raise TilewrightError(f"{reads}, got {quoted(text)}")
            values.append(value)
        return tuple(values)

    def build(self, size: str | int | Sequence[int], seed: int | None = None) -> PolygonGrid:
        """The grid of ``size``: text to :meth:`parse`, one whole number, or a sequence
        of them; ``seed`` chooses a seeded grid (other grids need none and ignore it).

        Parameters
        ----------
        size : str, int or sequence of int
        seed : int, optional

        Returns
        -------
        PolygonGrid

        Raises
        ------
        TypeError, TilewrightError
            For a size that does not read as this grid's, or a grid too large for memory.
        """
        numbers: tuple[int, ...]
        if isinstance(size, str):
            numbers = self.parse(size)
        elif isinstance(size, int | np.integer) and not isinstance(size, bool):
            numbers = (int(size),)
        elif isinstance(size, Sequence):
            numbers = tuple(require_int(value, "a size") for value in size)
        else:
            raise TypeError(
                f"a grid's size must be text or whole numbers, not {type(size).__name__}"
            )
        if len(numbers) != self.numbers:
            raise TilewrightError(
                f"a {self.name} grid's size is {self.size} (for example {self.example}), "
                f"got {len(numbers)} number{'' if len(numbers) == 1 else 's'}"
            )
        if self.seeded:
            return self.builder(*numbers, seed=seed)
        return self.builder(*numbers)


def _from_collection(name: str) -> Callable[[int, int], PolygonGrid]:
    """The builder ``name`` of :mod:`tilewright.core.collection_grids`, imported when a
    grid is built (that module builds on this one's helpers)."""

    def build(width: int, height: int) -> PolygonGrid:
        from tilewright.core import collection_grids

        builder: Callable[[int, int], PolygonGrid] = getattr(collection_grids, name)
        return builder(width, height)

    build.__name__ = name
    return build


def _square(width: int, height: int) -> PolygonGrid:
    return square_grid(width, height)


def _flat_hex(width: int, height: int) -> PolygonGrid:
    return hex_grid(width, height, flat=True)


GRID_KINDS: dict[str, GridKind] = {
    kind.name: kind
    for kind in (
        GridKind("square", "WIDTHxHEIGHT squares", "30x20", 2, 1, _square),
        GridKind(
            "hex", "WIDTHxHEIGHT hexagons in offset rows, pointy tops", "30x20", 2, 1, hex_grid
        ),
        GridKind(
            "hex-flat",
            "WIDTHxHEIGHT hexagons in offset columns, flat tops",
            "30x20",
            2,
            1,
            _flat_hex,
        ),
        GridKind(
            "honeycomb",
            "WIDTHxHEIGHT hexagons in offset columns, flat tops (as hex-flat: the puzzle "
            "collection's name)",
            "30x20",
            2,
            1,
            _flat_hex,
        ),
        GridKind(
            "hexagon",
            "RADIUS: hexagons from the centre one to the edge (3R²+3R+1 in all)",
            "10",
            1,
            0,
            hexagon_grid,
        ),
        GridKind(
            "triangle", "WIDTHxHEIGHT triangles, up and down in turn", "40x20", 2, 1, triangle_grid
        ),
        GridKind("polar", "RINGS: rings around the centre cell", "10", 1, 0, polar_grid),
        GridKind(
            "upsilon",
            "WIDTHxHEIGHT octagons, with squares between them",
            "20x15",
            2,
            1,
            upsilon_grid,
        ),
        GridKind(
            "octagonal",
            "WIDTHxHEIGHT octagons with squares between them, in the puzzle collection's order",
            "20x15",
            2,
            1,
            octagonal_grid,
        ),
        # the puzzle collection's other periodic grids, by its names
        *(
            GridKind(name, size, example, 2, smallest, _from_collection(builder))
            for name, size, example, smallest, builder in (
                (
                    "kagome",
                    "WIDTHxHEIGHT hexagons in offset rows with triangles between them",
                    "20x15",
                    1,
                    "kagome_grid",
                ),
                (
                    "triangular",
                    "WIDTHxHEIGHT: rows of WIDTH+1 and WIDTH triangles in turn",
                    "20x15",
                    1,
                    "triangular_grid",
                ),
                (
                    "snub-square",
                    "WIDTHxHEIGHT squares turned two ways, triangles between them",
                    "20x15",
                    1,
                    "snub_square_grid",
                ),
                (
                    "cairo",
                    "WIDTHxHEIGHT places of up to two pentagons each, at least 2x2",
                    "20x15",
                    2,
                    "cairo_grid",
                ),
                (
                    "great-hexagonal",
                    "WIDTHxHEIGHT hexagons in offset columns, squares and triangles between them",
                    "15x10",
                    1,
                    "great_hexagonal_grid",
                ),
                (
                    "kites",
                    "WIDTHxHEIGHT hexagons in offset rows, six kites each",
                    "15x10",
                    1,
                    "kites_grid",
                ),
                (
                    "floret",
                    "WIDTHxHEIGHT flowers of six pentagons (2 high when wider than 1)",
                    "10x10",
                    1,
                    "floret_grid",
                ),
                (
                    "dodecagonal",
                    "WIDTHxHEIGHT dodecagons in offset rows with triangles between them",
                    "15x10",
                    1,
                    "dodecagonal_grid",
                ),
                (
                    "great-dodecagonal",
                    "WIDTHxHEIGHT dodecagons in offset rows, hexagons and squares between them",
                    "10x8",
                    1,
                    "great_dodecagonal_grid",
                ),
                (
                    "great-great-dodecagonal",
                    "WIDTHxHEIGHT dodecagons in offset rows, hexagons, squares and triangles "
                    "between them",
                    "8x6",
                    1,
                    "great_great_dodecagonal_grid",
                ),
                (
                    "compass-dodecagonal",
                    "WIDTHxHEIGHT dodecagons in rows and columns, a square and four triangles "
                    "in each gap",
                    "10x8",
                    1,
                    "compass_dodecagonal_grid",
                ),
            )
        ),
    )
}
"""The grids ``core`` builds, by name. The Spectre (``tilewright.aperiodic``) adds its own
:class:`GridKind` beside them (a family's grid cannot be named from ``core``)."""

# the grids built by tilewright.core.collection_grids, whose corners its compiled lattice
# kernels make (a first run compiles them: the command line says so beforehand)
LATTICE_GRIDS = frozenset(
    kind.name
    for kind in GRID_KINDS.values()
    if kind.builder.__qualname__.startswith(_from_collection.__name__)
)
