"""The puzzle collection's Spectre grid ("Spectres", Loopy type 17), tile for tile.

The collection's Loopy draws a Spectre patch from a *grid description*, the part of a game
ID before ``_``: a turn (``0``–``9``, ``A``, ``B``: twelfths of a full turn), the start
tile's combinatorial coordinates (its index in its level-0 hexagon, then each hexagon's
index in its parent, one digit each) and the top hexagon's letter. From it the collection
places the start tile, searches breadth first across each tile's edges 0–13 in turn,
keeping the tiles that lie wholly inside a ``7W × 7H`` box, and numbers the faces in the
order found and the dots in the order the faces first name them; it then trims tiles that
touch no inner dot of the largest connected inner part, keeping the numbers' order.

This module does the same with the project's Spectre coordinates
(:class:`~tilewright.aperiodic.spectre.coordinates.Tiling`, whose tables and vertex
numbering are the collection's) and exact points (:mod:`~tilewright.aperiodic.exact`), so
that a game ID's clues, given in face order, fall on the same faces in both. It also
writes descriptions: one drawn from a seed, long enough that the collection never has to
invent levels above it.

References
----------
S. Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling", 2023; the public
puzzle collection's Loopy (``tests/fixtures/collection_grids`` holds its grids).
"""

import math

import numpy as np

from tilewright.aperiodic._docstrings import APERIODIC
from tilewright.aperiodic.collection_patch import RandomGrid, Tiles, check_description
from tilewright.aperiodic.exact import ORIGIN, Point, add, multiply, sub, unit
from tilewright.aperiodic.spectre import _collection_kernels as kernels
from tilewright.aperiodic.spectre.coordinates import Address, Tiling
from tilewright.aperiodic.spectre.geometry import (
    CHILDREN,
    SPECTRE_EDGES,
    TYPES,
    place_spectre,
    spectres_in,
)
from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.polygon_grid import PolygonGrid
from tilewright.core.seeds import resolve_seed

# the box is SQUARE units a side of the grid's size, each UNIT drawing units (the
# collection's own sizes, which its integer dot places are rounded in)
SQUARE, UNIT = 7, 8
MIN_SIDE = 6
# room for the search: tiles a square of the grid's size (about 0.7 are kept), and levels
# of ancestry beyond those a patch's size needs (too few of either cost a second search)
TILES_PER_SQUARE, SPARE_LEVELS = 1, 4
TURN_DIGITS = "0123456789AB"
MINUS_SQRT3: Point = add(unit(5), unit(-5))
# the collection's Spectre edge, 1 − i; a tile's edges are it turned by multiples of 30°
EDGE: Point = add(unit(0), unit(-3))
# the tile with vertex 0 at the origin and edge 0 turned by t × 30°, for each t
_SHAPES = [place_spectre(ORIGIN, multiply(EDGE, unit(t))) for t in range(12)]
SHAPES = np.array(_SHAPES, dtype=np.int64)
_TURN_OF = {multiply(EDGE, unit(t)): t for t in range(12)}
# the turn of each edge of the unturned tile
EDGE_TURNS = np.array(
    [_TURN_OF[sub(_SHAPES[0][(k + 1) % 14], _SHAPES[0][k])] for k in range(SPECTRE_EDGES)]
)


def _start_vertex(turn: int) -> Point:
    """Vertex 0 of the start tile for a turn of ``turn`` twelfths (its edge 0 is
    ``EDGE`` turned as much)."""
    edge = multiply(EDGE, unit(turn))
    diagonal = add(edge, multiply(edge, unit(-3)))
    return multiply(diagonal, MINUS_SQRT3)


@filler(APERIODIC)
def read_description(description: str) -> tuple[int, Address]:
    """The turn and start address a grid description names.

    Parameters
    ----------
    description : str
        As in a Loopy game ID of type 17, e.g. ``"0055700P"``.

    Returns
    -------
    tuple
        (turn in twelfths, the start tile's ``Address``).

    %(description_raises)s

    Examples
    --------
    >>> turn, address = read_description("3021F")
    >>> turn, address.spectre, address.types, address.indices
    (3, 0, ['G', 'P', 'F'], [2, 1])
    """
    check_description("Spectre", description)
    what = f"the Spectre grid description {quoted(description)}"
    if len(description) < 3:
        raise TilewrightError(
            f"{what} is too short: a turn (0-9, A, B), at least one digit and a hexagon letter"
        )
    if description[0] not in TURN_DIGITS:
        raise TilewrightError(f"{what} must start with a turn: a digit or A, B")
    digits, top = description[1:-1], description[-1]
    if not all(c in "0123456789" for c in digits):
        raise TilewrightError(f"{what} has a character that is not a digit before its last")
    if top not in TYPES:
        raise TilewrightError(f"{what} must end with a hexagon letter, one of {TYPES}")
    coordinates = [int(c) for c in digits]
    types = [top]
    for level in range(len(coordinates) - 1, 0, -1):
        children = CHILDREN[types[0]]
        if coordinates[level] >= len(children):
            raise TilewrightError(f"{what} has a coordinate out of range")
        types.insert(0, children[coordinates[level]])
    if coordinates[0] >= spectres_in(types[0]):
        raise TilewrightError(f"{what} has a coordinate out of range")
    return TURN_DIGITS.index(description[0]), Address(coordinates[0], types, coordinates[1:])


@filler(APERIODIC)
def write_description(turn: int, address: Address) -> str:
    """The grid description of a start tile: the inverse of :func:`read_description`.

    Parameters
    ----------
    turn : int
        0–11.
    address : Address
        With every index known below its top type.

    %(description_returns)s
    """
    digits = "".join(str(i) for i in [address.spectre, *address.indices])
    return f"{TURN_DIGITS[turn]}{digits}{address.types[-1]}"


def _row(tiling: Tiling, depth: int) -> np.ndarray:
    """The start tile's address as a kernel row (``_step_kernels``) of ``depth`` levels,
    those above its own drawn into the ancestry (the top's index, never read, is 0)."""
    start = tiling.start_with_levels(depth)
    row = [start.spectre, start.hex_colour, start.previous_colour, start.entry_parity]
    for level in range(depth):
        row += [TYPES.index(start.types[level]), start.indices[level] if level < depth - 1 else 0]
    return np.array(row, dtype=np.int8)


def _patch(
    width: int, height: int, turn: int, tiling: Tiling, grow: bool
) -> tuple[np.ndarray, np.ndarray, int]:
    """The collection's breadth-first patch from ``tiling``'s start tile turned by
    ``turn``: each tile's 14 corners as the collection places them in integers (its
    drawing units, y down) and exactly (floats, unit edges), (tiles, 14, 2) each, and the
    levels of ancestry its steps used (at least the start's own).

    With ``grow``, the search runs on as many levels as it needs, drawn into the tiling's
    ancestry (it may draw more than it used); without, on the start's own levels, and when
    they are too few no tile is returned and the levels one more than there are."""
    levels = len(tiling.start.types)
    # a patch of n tiles needs about log(n)/log(7.9) levels: a few more cost nothing
    spare = SPARE_LEVELS + math.ceil(math.log(width * height) / math.log(7))
    depth = max(levels, spare) if grow else levels
    w, h = width * SQUARE, height * SQUARE
    box = np.array([-(w // 2), w - w // 2, h // 2 - h, h // 2], dtype=np.int64)
    corner = np.array(_start_vertex(turn), dtype=np.int64)
    capacity = TILES_PER_SQUARE * width * height + 64
    while True:
        found = kernels.patch(_row(tiling, depth), turn, corner, box, SHAPES, EDGE_TURNS, capacity)
        turns, corners, count, used, status = found
        if status == kernels.FULL:
            capacity *= 2
        elif status == kernels.SHALLOW and not grow:
            return np.empty((0, SPECTRE_EDGES, 2)), np.empty((0, SPECTRE_EDGES, 2)), levels + 1
        elif status == kernels.SHALLOW:
            depth += 4
        else:
            # the box is centred on the start's corner: its integer places from 0
            places, xy = kernels.places(turns, corners, count, SHAPES, w // 2, h // 2, UNIT)
            return places, xy, max(levels, used)


@filler(APERIODIC)
def spectres_grid(
    width: int, height: int, description: str | None = None, seed: int | None = None
) -> PolygonGrid:
    """The puzzle collection's Spectre grid of ``width`` × ``height``.

    Parameters
    ----------
    width, height : int
        In the collection's units (a box of 7 × 7 Spectre edges each), at least 6.
    description : str, optional
        The grid description of a Loopy game ID of type 17; without one, one is drawn
        from ``seed`` (:func:`spectres_description`).
    seed : int, optional
        Chooses the patch when no description is given.

    Returns
    -------
    PolygonGrid
        Kind ``"spectres"``; params ``width``, ``height``, ``description``; unit edges,
        y down. Its faces, and its planar map's dots and edges, are the collection's.

    %(collection_grid_raises)s

    Examples
    --------
    >>> grid = spectres_grid(6, 6, "0055700P")
    >>> grid.num_cells, grid.params["description"]
    (13, '0055700P')
    """
    return SPECTRES.grid(width, height, description, seed)


def _read(width: int, height: int, description: str) -> Tiles:
    """The tiles a description names (as :func:`_patch` gives them), or one line why not."""
    turn, start = read_description(description)
    places, xy, levels = _patch(width, height, turn, Tiling(0, ancestry=start), grow=False)
    if levels > len(start.types):
        raise TilewrightError(
            f"the Spectre grid description {quoted(description)} names too few levels "
            f"for a {width}x{height} grid"
        )
    return places, xy


def _drawn(width: int, height: int, seed: int | None) -> tuple[str, np.ndarray, np.ndarray]:
    """A description drawn from ``seed`` as the collection draws one, and its tiles'
    corners (as :func:`_patch` gives them)."""
    tiling = Tiling(resolve_seed(seed))
    # the rare class of Spectres (index 1 of a Γ) in odd turns, the common one in even
    turn = 2 * tiling.start_turn + tiling.start.spectre
    places, xy, levels = _patch(width, height, turn, tiling, grow=True)
    # the levels the patch used, each drawn as it would be when first needed
    return write_description(turn, tiling.ancestry_to(levels)), places, xy


SPECTRES = RandomGrid("spectres", "Spectre", "tile", MIN_SIDE, TILES_PER_SQUARE, _drawn, _read)


@filler(APERIODIC)
def spectres_description(width: int, height: int, seed: int | None = None) -> str:
    """A grid description for a ``width`` × ``height`` Spectre grid, drawn from ``seed``.

    It names every level the patch needs, so the collection builds from it the same grid
    as :func:`spectres_grid`.

    %(drawn_description_parameters)s

    %(description_returns)s
    """
    return SPECTRES.description(width, height, seed)
