"""The puzzle collection's Loopy grids: the same faces, corners and order as its own.

Each builder here makes the grid that the public puzzle collection's Loopy makes for the
same type, width and height: its faces in its order, each face's corners in its order
from the same corner, so that :func:`~tilewright.core.planar_map.planar_map` numbers the
dots and edges as the collection does, and the places agree up to one scale factor.
``tests/core/test_collection_grids.py`` checks every builder against data made by the
collection's source (``tests/fixtures/collection_grids``).

A grid is a few kinds of face repeated over a ``width`` × ``height`` board of places, row
by row, the faces of each place listed one kind after the other (a triangular row lists
all its faces of one kind first); boundary places leave some kinds out. Every corner's
exact place is a vector of integers: along each axis, whole numbers of two lengths whose
ratio is irrational (1/2 and √3/2, or 1 and (√7 − 1)/3 for Cairo), so that equal places
have equal vectors and keys never depend on rounding.
"""

import math
from typing import Any, NamedTuple

import numpy as np

from tilewright.core import _lattice_kernels as kernels
from tilewright.core.errors import TilewrightError
from tilewright.core.grids import _check_room, _sides, board_builder
from tilewright.core.polygon_grid import PolygonGrid, from_polygons

SQRT3 = math.sqrt(3)
# a lattice point (a, b, c, d) is at (a/2 + b√3/2, c/2 + d√3/2)
_HALVES = np.array([[0.5, 0], [SQRT3 / 2, 0], [0, 0.5], [0, SQRT3 / 2]])
# a unit dodecagon's corners from its centre, from the top one clockwise on screen
_DODECAGON = [
    (1, 0, -2, -1),
    (1, 1, -1, -1),
    (2, 1, -1, 0),
    (2, 1, 1, 0),
    (1, 1, 1, 1),
    (1, 0, 2, 1),
    (-1, 0, 2, 1),
    (-1, -1, 1, 1),
    (-2, -1, 1, 0),
    (-2, -1, -1, 0),
    (-1, -1, -1, -1),
    (-1, 0, -2, -1),
]


@board_builder("Hexagons across and rows down")
def kagome_grid(width: int, height: int) -> PolygonGrid:
    """The collection's Kagome grid: hexagons in offset rows with triangles between them.

    %(board)s

    Examples
    --------
    >>> grid = kagome_grid(3, 3)
    >>> grid.num_cells, sorted({len(grid.polygon(c)) for c in range(grid.num_cells)})
    (25, [3, 6])
    """
    width, height = _sides(width, height)
    _check_room("kagome", 3 * width * height + height, 4)
    # places in half edges across and rows of √3/2 down, from each hexagon's centre
    x, row = _board(width, height)
    centre = np.stack([4 * x + 2 * (row & 1), 2 * row], axis=-1)
    odd, last_x = (row & 1) == 1, x == width - 1
    kinds = [
        ([(1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1)], np.ones_like(odd)),
        # the triangles right of the hexagon, above and below its right corner
        ([(3, -1), (2, 0), (1, -1)], ~(last_x & (odd | (row == 0)))),
        ([(3, 1), (1, 1), (2, 0)], ~(last_x & (odd | (row == height - 1)))),
        # an odd row's first hexagon has the left-hand triangles too
        ([(-1, -1), (-2, 0), (-3, -1)], odd & (x == 0)),
        ([(-1, 1), (-3, 1), (-2, 0)], odd & (x == 0) & (row != height - 1)),
    ]
    return _build(
        "kagome", {"width": width, "height": height}, centre, kinds, np.diag([0.5, SQRT3 / 2])
    )


@board_builder("Triangle pairs across, and rows down")
def triangular_grid(width: int, height: int) -> PolygonGrid:
    """The collection's triangular grid (the layout without corner ears): rows of
    ``width`` + 1 triangles pointing one way and ``width`` pointing the other.

    Row ``r`` (from 0) has ``width`` + 1 triangles pointing up when ``r`` is even (down when
    odd) side by side, then the ``width`` between them; the last row, when it is an even
    one, loses its first and last triangle of the first kind.

    %(board)s

    Examples
    --------
    >>> triangular_grid(3, 3).num_cells
    19
    """
    width, height = _sides(width, height)
    _check_room("triangular", (2 * width + 1) * height, 3)
    # places in half edges across and rows of √3/2 down; the board is one wider so that
    # each row's extra triangle has a place
    x, row = _board(width + 1, height)
    origin = np.stack([2 * x, row], axis=-1)
    even = (row & 1) == 0
    first = _either(even, [(0, 1), (1, 0), (2, 1)], [(0, 0), (2, 0), (1, 1)])
    second = _either(even, [(1, 0), (3, 0), (2, 1)], [(1, 1), (2, 0), (3, 1)])
    trimmed = even & (row == height - 1) & ((x == 0) | (x == width))
    kinds = [(first, ~trimmed), (second, x < width)]
    params = {"width": width, "height": height}
    return _build("triangular", params, origin, kinds, np.diag([0.5, SQRT3 / 2]), True)


@board_builder("Squares across and down")
def snub_square_grid(width: int, height: int) -> PolygonGrid:
    """The collection's snub square grid: squares turned two ways in a checkerboard,
    with triangles between them.

    Each square is followed by the triangles left of it (from the second column) and above
    it (from the second row).

    %(board)s

    Examples
    --------
    >>> grid = snub_square_grid(3, 3)
    >>> grid.num_cells, sorted({len(grid.polygon(c)) for c in range(grid.num_cells)})
    (21, [3, 4])
    """
    width, height = _sides(width, height)
    _check_room("snub-square", 3 * width * height, 3.4)
    # each axis in units of 1/2 and √3/2: a place is (x, y) of them per axis, (1 + √3)/2
    x, row = _board(width, height)
    origin = np.stack([x, x, row, row], axis=-1)
    even = ((x + row) & 1) == 0
    kinds = [
        (
            _either(
                even,
                [(0, 1, 0, 0), (1, 1, 0, 1), (1, 0, 1, 1), (0, 0, 1, 0)],
                [(1, 0, 0, 0), (1, 1, 1, 0), (0, 1, 1, 1), (0, 0, 0, 1)],
            ),
            np.ones(x.shape, dtype=bool),
        ),
        (
            _either(
                even,
                [(0, 0, 1, 0), (1, 0, 1, 1), (-1, 0, 1, 1)],
                [(1, 0, 0, 0), (0, 0, 0, 1), (-1, 0, 0, 0)],
            ),
            x > 0,
        ),
        (
            _either(
                even,
                [(0, 0, -1, 0), (0, 1, 0, 0), (0, 0, 1, 0)],
                [(1, 0, 0, 0), (1, 1, -1, 0), (1, 1, 1, 0)],
            ),
            row > 0,
        ),
    ]
    params = {"width": width, "height": height}
    return _build("snub-square", params, origin, kinds, _HALVES)


def cairo_grid(width: int, height: int) -> PolygonGrid:
    """The collection's Cairo grid: equilateral pentagons in pairs, the pairs turned two
    ways in a checkerboard, cut to a rectangle.

    The pentagons' 4-way corners lie on a square lattice, two of them a place; each
    pentagon has five equal sides and two right angles.

    Parameters
    ----------
    width, height : int
        Places across and down, at least 2 (a strip one place wide falls apart): each
        place has up to two pentagons, and those that stick out of the board are left
        out.

    Returns
    -------
    PolygonGrid
        Kind ``"cairo"``, params ``width``, ``height``; the pentagons that lie wholly
        on the board, place by place; half the distance between 4-way corners is 1.

    Raises
    ------
    TypeError
        When a size is not an integer.
    TilewrightError
        When a size is below 2 or the grid would not fit in memory.

    Notes
    -----
    Along each axis a corner lies at ``p + q·b`` with whole ``p``, ``q`` in {−1, 0, 1}
    and ``b`` = (√7 − 1)/3, half the side two pentagons of a pair share: the length for
    which all five sides are equal (``(1 − b)² + 1 = (2b)²``).

    Examples
    --------
    >>> cairo_grid(3, 4).num_cells
    17
    """
    width, height = _sides(width, height)
    if min(width, height) < 2:
        raise TilewrightError(
            f"a cairo grid needs at least 2 places each way (a strip 1 wide falls apart), "
            f"got {width}x{height}"
        )
    _check_room("cairo", 2 * width * height, 5)
    # a lattice point (xp, xq, yp, yq) is at (xp + xq·b, yp + yq·b)
    x, row = _board(width, height)
    origin = np.stack([2 * x, 0 * x, 2 * row, 0 * x], axis=-1)
    odd = ((x + row) & 1) == 1
    # each place's pentagon around (2x + 1, 2y), then its one around (2x, 2y + 1)
    shapes = [
        _either(
            odd,
            [(1, -1, -1, 0), (1, 1, -1, 0), (2, 0, 0, 0), (1, 0, 1, -1), (0, 0, 0, 0)],
            [(0, 0, 0, 0), (1, 0, -1, 1), (2, 0, 0, 0), (1, 1, 1, 0), (1, -1, 1, 0)],
        ),
        _either(
            odd,
            [(0, 0, 0, 0), (1, 0, 1, -1), (1, 0, 1, 1), (0, 0, 2, 0), (-1, 1, 1, 0)],
            [(0, 0, 0, 0), (1, -1, 1, 0), (0, 0, 2, 0), (-1, 0, 1, 1), (-1, 0, 1, -1)],
        ),
    ]
    # the places' p parts along each axis (a column's across, a row's down), and the
    # board's sides
    places = (2 * np.arange(width), 2 * np.arange(height))
    sides = (2 * width, 2 * height)
    kinds = [
        (
            shape,
            np.where(
                odd,
                _whole_on_board(places, sides, shape.chosen),
                _whole_on_board(places, sides, shape.other),
            ),
        )
        for shape in shapes
    ]
    b = (math.sqrt(7) - 1) / 3
    to_xy = np.array([[1, 0], [b, 0], [0, 1], [0, b]])
    return _build("cairo", {"width": width, "height": height}, origin, kinds, to_xy)


@board_builder("Hexagons across and down")
def great_hexagonal_grid(width: int, height: int) -> PolygonGrid:
    """The collection's great hexagonal grid: hexagons in offset columns, a square on
    each side between two of them and a triangle in each gap between three.

    Each hexagon is followed by the squares below it, below right and below left, then the
    triangles below right and below left, those that lie on the board.

    %(board)s

    Examples
    --------
    >>> grid = great_hexagonal_grid(3, 3)
    >>> grid.num_cells, sorted({len(grid.polygon(c)) for c in range(grid.num_cells)})
    (33, [3, 4, 6])
    """
    width, height = _sides(width, height)
    _check_room("great-hexagonal", 6 * width * height, 4)
    # each axis in units of 1/2 and √3/2 (_HALVES); hexagons (1 + √3)/2 · (3, 2) apart,
    # every odd column half a step lower
    x, row = _board(width, height)
    lower = x & 1
    origin = np.stack([3 * x, x, 2 * row + lower, 2 * row + lower], axis=-1)
    inner, last = row < height - 1, row == height - 1
    low_side = inner | (lower == 0)
    kinds = [
        (
            [
                (-1, 0, 0, -1),
                (1, 0, 0, -1),
                (2, 0, 0, 0),
                (1, 0, 0, 1),
                (-1, 0, 0, 1),
                (-2, 0, 0, 0),
            ],
            np.ones(x.shape, dtype=bool),
        ),
        ([(-1, 0, 0, 1), (1, 0, 0, 1), (1, 0, 2, 1), (-1, 0, 2, 1)], ~last),
        ([(2, 0, 0, 0), (2, 1, 1, 0), (1, 1, 1, 1), (1, 0, 0, 1)], (x < width - 1) & low_side),
        ([(-2, 0, 0, 0), (-1, 0, 0, 1), (-1, -1, 1, 1), (-2, -1, 1, 0)], (x > 0) & low_side),
        ([(1, 0, 0, 1), (1, 1, 1, 1), (1, 0, 2, 1)], (x < width - 1) & inner),
        ([(-1, 0, 0, 1), (-1, 0, 2, 1), (-1, -1, 1, 1)], (x > 0) & inner),
    ]
    params = {"width": width, "height": height}
    return _build("great-hexagonal", params, origin, kinds, _HALVES)


@board_builder("Hexagons across and rows down", unit_edges=False)
def kites_grid(width: int, height: int) -> PolygonGrid:
    """The collection's kites grid: hexagons in offset rows, each cut into six kites.

    The kites come hexagon by hexagon, each hexagon's clockwise on screen from the one right
    of its centre and below.

    %(board)s

    Examples
    --------
    >>> grid = kites_grid(3, 3)
    >>> grid.num_cells, grid.graph.num_slots
    (54, 86)
    """
    width, height = _sides(width, height)
    _check_room("kites", 6 * width * height, 4)
    # places in steps of √3/2 across and 1/2 down from each hexagon's centre; odd rows
    # half a hexagon to the right
    x, row = _board(width, height)
    centre = np.stack([4 * x + 2 * (row & 1), 6 * row], axis=-1)
    # each kite: the centre, the middle of a side of the hexagon, its corner after that
    # clockwise on screen, the middle of the next side
    middles = [(2, 0), (1, 3), (-1, 3), (-2, 0), (-1, -3), (1, -3)]
    corners = [(2, 2), (0, 4), (-2, 2), (-2, -2), (0, -4), (2, -2)]
    everywhere = np.ones(x.shape, dtype=bool)
    kinds = [([(0, 0), middles[k], corners[k], middles[(k + 1) % 6]], everywhere) for k in range(6)]
    params = {"width": width, "height": height}
    return _build("kites", params, centre, kinds, np.diag([SQRT3 / 2, 0.5]))


@board_builder("Dodecagons across and rows down")
def dodecagonal_grid(width: int, height: int) -> PolygonGrid:
    """The collection's dodecagonal grid: dodecagons in offset rows, a triangle in each
    gap between three.

    Each dodecagon (its corners from the top one, clockwise on screen) is followed by the
    triangles below and above it that lie between three dodecagons.

    %(board)s

    Examples
    --------
    >>> grid = dodecagonal_grid(2, 2)
    >>> grid.num_cells, [len(grid.polygon(c)) for c in range(grid.num_cells)]
    (6, [12, 12, 3, 12, 3, 12])
    """
    width, height = _sides(width, height)
    _check_room("dodecagonal", 3 * width * height, 6)
    # dodecagons 2 + √3 apart, rows (3 + 2√3)/2 apart
    x, row, centre = _dodecagon_centres(width, height, (4, 2), (3, 2))
    odd = (row & 1) == 1
    # an odd row is half a step to the right: its triangles lie right of its dodecagons
    between = np.where(odd, x < width - 1, x > 0)
    kinds = [
        (_DODECAGON, np.ones(x.shape, dtype=bool)),
        ([(1, 0, 2, 1), (0, 0, 2, 2), (-1, 0, 2, 1)], between & (row < height - 1)),
        ([(-1, 0, -2, -1), (0, 0, -2, -2), (1, 0, -2, -1)], between & (row > 0)),
    ]
    params = {"width": width, "height": height}
    return _build("dodecagonal", params, centre, kinds, _HALVES)


@board_builder("Dodecagons across and rows down")
def great_dodecagonal_grid(width: int, height: int) -> PolygonGrid:
    """The collection's great dodecagonal grid: dodecagons in offset rows, a square
    between each two and a hexagon between each three.

    Each dodecagon is followed by the hexagons below and above it, then the squares right of
    it, above right and above left, those that lie between whole dodecagons.

    %(board)s

    Examples
    --------
    >>> grid = great_dodecagonal_grid(2, 2)
    >>> grid.num_cells, [len(grid.polygon(c)) for c in range(grid.num_cells)]
    (11, [12, 4, 12, 6, 12, 6, 4, 4, 4, 12, 4])
    """
    width, height = _sides(width, height)
    _check_room("great-dodecagonal", 6 * width * height, 6)
    # dodecagons 3 + √3 apart, rows (3 + 3√3)/2 apart
    x, row, centre = _dodecagon_centres(width, height, (6, 2), (3, 3))
    odd = (row & 1) == 1
    # an odd row is half a step to the right: its hexagons lie right of its dodecagons
    between = np.where(odd, x < width - 1, x > 0)
    kinds = [
        (_DODECAGON, np.ones(x.shape, dtype=bool)),
        (
            [(1, 0, 2, 1), (2, 0, 2, 2), (1, 0, 2, 3), (-1, 0, 2, 3), (-2, 0, 2, 2), (-1, 0, 2, 1)],
            between & (row < height - 1),
        ),
        (
            [
                (-1, 0, -2, -1),
                (-2, 0, -2, -2),
                (-1, 0, -2, -3),
                (1, 0, -2, -3),
                (2, 0, -2, -2),
                (1, 0, -2, -1),
            ],
            between & (row > 0),
        ),
        ([(2, 1, -1, 0), (4, 1, -1, 0), (4, 1, 1, 0), (2, 1, 1, 0)], x < width - 1),
        (
            [(1, 0, -2, -1), (2, 0, -2, -2), (2, 1, -1, -2), (1, 1, -1, -1)],
            (row > 0) & (~odd | (x < width - 1)),
        ),
        (
            [(-1, -1, -1, -1), (-2, -1, -1, -2), (-2, 0, -2, -2), (-1, 0, -2, -1)],
            (row > 0) & (odd | (x > 0)),
        ),
    ]
    params = {"width": width, "height": height}
    return _build("great-dodecagonal", params, centre, kinds, _HALVES)


@board_builder("Dodecagons across and rows down")
def great_great_dodecagonal_grid(width: int, height: int) -> PolygonGrid:
    """The collection's great-great dodecagonal grid: dodecagons in offset rows with
    hexagons, squares and triangles between them.

    Each dodecagon is followed by the hexagons above right, right and below right of it, the
    squares around it clockwise on screen from the one above right, and the triangles above
    right and below right, those that lie between whole dodecagons.

    %(board)s

    Examples
    --------
    >>> grid = great_great_dodecagonal_grid(2, 2)
    >>> grid.num_cells, [len(grid.polygon(c)) for c in range(5)]
    (17, [12, 6, 6, 4, 3])
    """
    width, height = _sides(width, height)
    _check_room("great-great-dodecagonal", 12 * width * height, 5)
    # dodecagons 2 + 2√3 apart, rows 3 + √3 apart
    x, row, centre = _dodecagon_centres(width, height, (4, 4), (6, 2))
    odd = (row & 1) == 1
    top, bottom = row == 0, row == height - 1
    first, last = x == 0, x == width - 1
    # an odd row is half a step to the right, so its last dodecagon has nothing right of
    # it and its first has the faces below and above it
    right = ~(odd & last)
    under = np.where(odd, ~last, ~first)
    kinds = [
        (_DODECAGON, np.ones(x.shape, dtype=bool)),
        (
            [
                (1, 2, -4, -1),
                (1, 2, -2, -1),
                (1, 1, -1, -1),
                (1, 0, -2, -1),
                (1, 0, -4, -1),
                (1, 1, -5, -1),
            ],
            ~top & right,
        ),
        (
            [(2, 3, -1, 0), (2, 3, 1, 0), (2, 2, 2, 0), (2, 1, 1, 0), (2, 1, -1, 0), (2, 2, -2, 0)],
            ~last,
        ),
        (
            [(1, 2, 2, 1), (1, 2, 4, 1), (1, 1, 5, 1), (1, 0, 4, 1), (1, 0, 2, 1), (1, 1, 1, 1)],
            ~bottom & right,
        ),
        ([(1, 2, -2, -1), (2, 2, -2, 0), (2, 1, -1, 0), (1, 1, -1, -1)], ~top & ~last),
        ([(2, 2, 2, 0), (1, 2, 2, 1), (1, 1, 1, 1), (2, 1, 1, 0)], ~bottom & ~last),
        ([(1, 0, 2, 1), (1, 0, 4, 1), (-1, 0, 4, 1), (-1, 0, 2, 1)], ~bottom & under),
        ([(-2, -1, 1, 0), (-1, -1, 1, 1), (-1, -2, 2, 1), (-2, -2, 2, 0)], ~bottom & ~first),
        ([(-1, -1, -1, -1), (-2, -1, -1, 0), (-2, -2, -2, 0), (-1, -2, -2, -1)], ~top & ~first),
        ([(1, 0, -4, -1), (1, 0, -2, -1), (-1, 0, -2, -1), (-1, 0, -4, -1)], ~top & under),
        ([(3, 2, -2, -1), (2, 2, -2, 0), (1, 2, -2, -1)], ~top & ~last),
        ([(3, 2, 2, 1), (1, 2, 2, 1), (2, 2, 2, 0)], ~bottom & ~last),
    ]
    params = {"width": width, "height": height}
    return _build("great-great-dodecagonal", params, centre, kinds, _HALVES)


@board_builder("Dodecagons across and down")
def compass_dodecagonal_grid(width: int, height: int) -> PolygonGrid:
    """The collection's compass dodecagonal grid: dodecagons in rows and columns, in
    each gap between four a square with a triangle on each side.

    Each dodecagon but the last row and column's is followed by the faces of the gap below
    right of it: the triangles above, right of, below and left of the square, then the
    square.

    %(board)s

    Examples
    --------
    >>> grid = compass_dodecagonal_grid(2, 2)
    >>> grid.num_cells, [len(grid.polygon(c)) for c in range(grid.num_cells)]
    (9, [12, 3, 3, 3, 3, 4, 12, 12, 12])
    """
    width, height = _sides(width, height)
    _check_room("compass-dodecagonal", 6 * width * height, 5)
    # dodecagons 2 + √3 apart both ways
    x, row = _board(width, height)
    centre = np.stack([4 * x, 2 * x, 4 * row, 2 * row], axis=-1)
    gap = (x < width - 1) & (row < height - 1)
    kinds = [
        (_DODECAGON, np.ones(x.shape, dtype=bool)),
        ([(2, 1, 1, 0), (3, 1, 1, 1), (1, 1, 1, 1)], gap),
        ([(3, 2, 2, 1), (3, 1, 3, 1), (3, 1, 1, 1)], gap),
        ([(3, 1, 3, 1), (2, 1, 3, 2), (1, 1, 3, 1)], gap),
        ([(1, 1, 1, 1), (1, 1, 3, 1), (1, 0, 2, 1)], gap),
        ([(3, 1, 1, 1), (3, 1, 3, 1), (1, 1, 3, 1), (1, 1, 1, 1)], gap),
    ]
    params = {"width": width, "height": height}
    return _build("compass-dodecagonal", params, centre, kinds, _HALVES)


def floret_grid(width: int, height: int) -> PolygonGrid:
    """The collection's floret grid: flowers of six pentagons in offset columns.

    Column ``x``'s flowers are stacked upwards from row 0, every odd column half a
    flower lower; the top row keeps only its odd columns' flowers (all of a grid one
    flower wide).

    Parameters
    ----------
    width, height : int
        Flowers across and up, at least 1; at least 2 up when more than 1 across.

    Returns
    -------
    PolygonGrid
        Kind ``"floret"``, params ``width``, ``height``; flower by flower, each one's
        pentagons from its centre and turning anticlockwise on screen, as the
        collection's do.

    Raises
    ------
    TypeError
        When a size is not an integer.
    TilewrightError
        When a size is below 1, the grid is one row of several flowers, or it would not
        fit in memory.

    Examples
    --------
    >>> floret_grid(1, 2).num_cells, floret_grid(5, 4).num_cells
    (12, 102)
    """
    width, height = _sides(width, height)
    if height == 1 and width > 1:
        raise TilewrightError(
            f"a floret grid wider than 1 needs at least 2 rows (its one row would keep only "
            f"odd columns, which do not meet), got {width}x1"
        )
    _check_room("floret", 6 * width * height, 5)
    # places in half units across and √3/2 up or down (a triangular lattice); flowers
    # 21 half units apart across and 14 rows up, odd columns 7 rows lower
    x, row = _board(width, height)
    odd = x & 1
    centre = np.stack([21 * x, 7 * odd - 14 * row], axis=-1)
    petal = [(0, 0), (-2, 6), (2, 8), (7, 7), (8, 4)]
    kept = ~((row == height - 1) & (odd == 0) & (width > 1))
    kinds = []
    for _ in range(6):
        kinds.append((petal, kept))
        # the next petal: a sixth of a turn on the lattice
        petal = [((a + 3 * b) // 2, (b - a) // 2) for a, b in petal]
    params = {"width": width, "height": height}
    return _build("floret", params, centre, kinds, np.diag([0.5, SQRT3 / 2]))


def _whole_on_board(
    places: tuple[np.ndarray, np.ndarray], sides: tuple[int, int], offsets: list[Any]
) -> np.ndarray:
    """bool, shape (height, width): the places whose Cairo pentagon (``offsets``) lies
    wholly on the board, 0 to ``sides`` along each axis, ``places`` being the p parts of
    the columns across and of the rows down (their q parts are 0). Decided exactly:
    as |q·b| < 1, p + q·b ≥ 0 exactly when (p, q) ≥ (0, 0) in lexicographic order, and
    the same at the far side; so a place's p must lie between two bounds that each
    corner sets, across and down apart."""
    fits = []
    for axis, along, side in zip((0, 2), places, sides, strict=True):
        least = max(-corner[axis] + (corner[axis + 1] < 0) for corner in offsets)
        most = min(side - corner[axis] - (corner[axis + 1] > 0) for corner in offsets)
        fits.append((along >= least) & (along <= most))
    return fits[1][:, None] & fits[0][None, :]


def _dodecagon_centres(
    width: int, height: int, across: tuple[int, int], down: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The places' columns and rows, and the centres (in _HALVES units) of dodecagons in
    offset rows: ``across`` apart in a row, rows ``down`` apart (each as a multiple of
    1/2 and one of √3/2), every odd row half a step right."""
    x, row = _board(width, height)
    (a, b), (c, d) = across, down
    step = 2 * x + (row & 1)
    centre = np.stack([a // 2 * step, b // 2 * step, c * row, d * row], axis=-1)
    return x, row, centre


def _board(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """int64 arrays, shape (height, width): each place's column and row."""
    row, x = np.indices((height, width), dtype=np.int64)
    return x, row


class _Variants(NamedTuple):
    """A face's corner offsets in two variants: ``chosen`` where ``choice`` (bool,
    shape (height, width)) holds, ``other`` elsewhere."""

    choice: np.ndarray
    chosen: list[Any]
    other: list[Any]


def _either(choice: np.ndarray, chosen: list[Any], other: list[Any]) -> _Variants:
    """A face's corner offsets at each place: ``chosen`` where ``choice`` holds and
    ``other`` elsewhere."""
    return _Variants(choice, chosen, other)


def _build(
    kind: str,
    params: dict[str, Any],
    origin: np.ndarray,
    kinds: list[tuple[Any, np.ndarray]],
    to_xy: np.ndarray,
    kind_by_kind: bool = False,
) -> PolygonGrid:
    """The grid of the faces ``kinds`` at each place of a board, place by place (row by
    row) and at each place kind by kind.

    ``origin`` (height, width, m) holds each place's lattice point as m integers; each
    kind is its corners' offsets from it, (k, m) or two sets chosen place by place
    (:func:`_either`), and a bool mask (height, width) of the places that have one. A
    lattice point's position is its integers times ``to_xy`` (m, 2), each integer along
    one axis only; positions start at 0. With ``kind_by_kind`` each row lists all its
    faces of one kind before the next kind.
    """
    height, width, m = origin.shape
    shapes = [offsets.chosen if isinstance(offsets, _Variants) else offsets for offsets, _ in kinds]
    most = max(len(shape) for shape in shapes)
    offsets = np.zeros((len(kinds), 2, most, m), dtype=np.int64)
    sizes = np.array([len(shape) for shape in shapes], dtype=np.int64)
    # the variant of each kind each place has, -1 for none
    choice = np.empty((height, width, len(kinds)), dtype=np.int8)
    for k, (shape, mask) in enumerate(kinds):
        if isinstance(shape, _Variants):
            offsets[k, 0, : sizes[k]] = shape.chosen
            offsets[k, 1, : sizes[k]] = shape.other
            # variant 0 where chosen, 1 elsewhere: the choice negated, as bytes
            choice[:, :, k] = np.where(mask, (~shape.choice).view(np.int8), -1)
        else:
            offsets[k, 0, : sizes[k]] = shape
            choice[:, :, k] = np.where(mask, np.int8(0), np.int8(-1))
    to_xy = np.asarray(to_xy, dtype=np.float64)
    axis_of = (to_xy[:, 0] == 0).astype(np.int64)
    counts, keys, coords = kernels.lattice_corners(
        np.ascontiguousarray(origin, dtype=np.int64),
        offsets,
        sizes,
        choice,
        kind_by_kind,
        axis_of,
        to_xy,
    )
    return from_polygons(kind, params, counts, keys, coords)
