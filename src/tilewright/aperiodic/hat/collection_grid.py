"""The puzzle collection's hat grid ("Hats", Loopy type 16), hat for hat.

The collection's Loopy draws a hat patch from a *grid description*, the part of a game ID
before ``_``: the start kite's combinatorial coordinates as numbers each followed by a
comma (its index in its hat, the hat's index in its metatile, then each metatile's index
in its parent) and the top metatile's letter, e.g. ``"3,1,0,5,H"``. The start kite lies
at the corner of a grid of kites, which the collection walks in a fixed serpentine order,
row of kites by row: each kite is reached from one just before it by one of four moves,
and its coordinates follow by the same move
(:class:`~tilewright.aperiodic.hat.coordinates.HatTiling`).
Each kite 0 of a hat whose 14 vertices all lie in the ``4W × 6H`` box makes a face, in
the order the walk meets them; dots are numbered as the faces first name them, and the
patch is trimmed as the Spectre's is (:func:`~tilewright.aperiodic.collection_patch.trimmed`).

Where a walk needs levels above the description's top, the collection takes each type's
first possible parent (:data:`FIRST_PARENT`), so every description names one tiling.

References
----------
S. Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023; the public
puzzle collection's Loopy (``tests/fixtures/collection_grids`` holds its grids).
"""

import math
import re
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from tilewright.aperiodic._docstrings import APERIODIC
from tilewright.aperiodic.collection_patch import RandomGrid, Tiles, check_description
from tilewright.aperiodic.hat import _collection_kernels as kernels
from tilewright.aperiodic.hat.coordinates import HatAddress, HatTiling
from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    FORWARD_LEFT,
    FORWARD_RIGHT,
    HAT_KITE_COUNT,
    HATS_IN,
    LEFT,
    MOVES,
    RIGHT,
    TYPES,
)
from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.polygon_grid import PolygonGrid

# the box is X_SQUARE × Y_SQUARE kite-grid units a square of the grid's size; the
# collection draws a unit as X_UNIT across and Y_UNIT down (its integer dot places)
X_SQUARE, Y_SQUARE = 4, 6
X_UNIT, Y_UNIT = 14, 8
MIN_SIDE = 6
# room for the walk: hats a square of the grid's size (about 0.7 are kept), and levels of
# ancestry beyond those a patch's size needs (too few of either cost a second walk)
HATS_PER_SQUARE, SPARE_LEVELS = 1, 4
# the parent the collection takes above a description's top: the first it lists
FIRST_PARENT = {"H": ("H", 0), "T": ("H", 3), "P": ("H", 4), "F": ("H", 8)}
# the collection numbers a hat's kites in the order its outline walk meets them (below),
# the project's tables in another: its kite k is the project's OUR_KITE[k]
OUR_KITE = (4, 5, 7, 6, 3, 2, 1, 0)
_DESCRIPTION = re.compile(r"((?:\d{1,2},){3,})([HTPF])")

# a kite is four lattice points (centre, left, right, outer), each a + b·r with r the
# sixth root of unity e^{iπ/3}, on triangles of side 6
Kite = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]
START: Kite = ((0, 0), (0, 3), (3, 0), (2, 2))


def _affine(*terms: tuple[int, tuple[int, int]]) -> tuple[int, int]:
    return (sum(k * p[0] for k, p in terms), sum(k * p[1] for k, p in terms))


def moved(kite: Kite, move: int) -> Kite:
    """The kite next to ``kite`` by ``move`` (``LEFT``, ``RIGHT``: about its centre;
    ``FORWARD_LEFT``, ``FORWARD_RIGHT``: about its outer point), each side's points by
    reflection through the shared edge."""
    centre, left, right, outer = kite
    if move == LEFT:
        return (
            centre,
            _affine((1, centre), (1, left), (-1, right)),
            left,
            _affine((2, left), (-1, outer)),
        )
    if move == RIGHT:
        return (
            centre,
            right,
            _affine((1, centre), (1, right), (-1, left)),
            _affine((2, right), (-1, outer)),
        )
    if move == FORWARD_LEFT:
        return (
            _affine((2, left), (-1, centre)),
            _affine((1, right), (1, left), (-1, centre)),
            left,
            outer,
        )
    return (
        _affine((2, right), (-1, centre)),
        right,
        _affine((1, left), (1, right), (-1, centre)),
        outer,
    )


class _Described(HatTiling):
    """The hat tiling a description names: its start kite's ancestry, and above its top
    each type's first possible parent (:data:`FIRST_PARENT`), as the collection takes."""

    def __init__(self, start: HatAddress):
        super().__init__(0)
        self.start = start.copy()
        self.ancestry = start.copy()

    def grow(self, levels: int) -> None:
        while len(self.ancestry.types) < levels:
            parent, index = FIRST_PARENT[self.ancestry.types[-1]]
            self.ancestry.indices.append(index)
            self.ancestry.types.append(parent)


@filler(APERIODIC)
def read_description(description: str) -> HatAddress:
    """The start kite's address a hat grid description names.

    Parameters
    ----------
    description : str
        As in a Loopy game ID of type 16, e.g. ``"3,1,0,5,H"``.

    Returns
    -------
    HatAddress

    %(description_raises)s

    Examples
    --------
    >>> address = read_description("3,1,0,5,H")
    >>> address.kite, address.hat, address.types, address.indices
    (6, 1, ['H', 'P', 'H'], [0, 5])
    """
    check_description("hat", description)
    what = f"the hat grid description {quoted(description)}"
    found = _DESCRIPTION.fullmatch(description)
    if found is None:
        raise TilewrightError(
            f"{what} is not at least three numbers of one or two digits, each followed by "
            "a comma, then a metatile letter (H, T, P or F)"
        )
    numbers = [int(n) for n in found.group(1).split(",")[:-1]]
    types = [found.group(2)]
    for index in reversed(numbers[3:]):
        if index >= len(CHILDREN[types[0]]):
            raise TilewrightError(f"{what} has a metatile index out of range")
        types.insert(0, CHILDREN[types[0]][index])
    if numbers[2] >= len(CHILDREN[types[0]]):
        raise TilewrightError(f"{what} has a metatile index out of range")
    kite, hat = numbers[:2]
    types.insert(0, CHILDREN[types[0]][numbers[2]])
    if kite >= HAT_KITE_COUNT:
        raise TilewrightError(f"{what} has a kite index out of range (0-7)")
    if hat >= HATS_IN[types[0]]:
        raise TilewrightError(f"{what} has a hat index out of range")
    return HatAddress(OUR_KITE[kite], hat, types, numbers[2:])


@filler(APERIODIC)
def write_description(address: HatAddress) -> str:
    """The grid description of a start kite: the inverse of :func:`read_description`.

    Parameters
    ----------
    address : HatAddress
        With every index known below its top type.

    %(description_returns)s
    """
    numbers = [OUR_KITE.index(address.kite), address.hat, *address.indices]
    return "".join(f"{n}," for n in numbers) + address.types[-1]


def _outline(kite: Kite, reflected: bool) -> list[tuple[int, int]]:
    """The 14 corners of the hat whose kite 0 is ``kite``, walked kite by kite round it
    (a reflected hat from the mirrored kite, its corners listed backwards, so that every
    hat runs the same way round)."""
    if reflected:
        centre, left, right, outer = kite
        kite = (centre, right, left, outer)
    corners = [kite[0], kite[2], kite[3], kite[1]]
    kite = moved(moved(kite, LEFT), FORWARD_RIGHT)
    corners.append(kite[0])
    kite = moved(kite, RIGHT)
    corners += [kite[2], kite[3]]
    kite = moved(kite, FORWARD_LEFT)
    corners += [kite[1], kite[0]]
    kite = moved(moved(moved(kite, RIGHT), RIGHT), RIGHT)
    corners += [kite[2], kite[3], kite[1]]
    kite = moved(kite, LEFT)
    corners += [kite[3], kite[1]]
    return corners[::-1] if reflected else corners


def _matrix(function: Callable[[Kite, Any], Sequence[tuple[int, int]]], how: Any) -> np.ndarray:
    """``function(kite, how)``, a linear map of a kite's four points, as the matrix of
    its coefficients (each point of the result as a combination of the kite's)."""
    columns = []
    for i in range(4):
        # the kite whose point i is (1, 0) and the others 0: each result's x is its share
        basis = cast(Kite, tuple((int(i == j), 0) for j in range(4)))
        columns.append([x for x, _ in function(basis, how)])
    return np.array(columns, dtype=np.int64).T


# the kite moves and the hat outlines (kite 0's points to the 14 corners), unmirrored and
# mirrored, as integer matrices for the compiled walk
KITE_MOVES = np.array([_matrix(moved, move) for move in range(MOVES)])
OUTLINES = np.array([_matrix(_outline, reflected) for reflected in (False, True)])


def _patch(width: int, height: int, tiling: HatTiling) -> tuple[np.ndarray, np.ndarray, int]:
    """The collection's hats in its walk's order, each hat's 14 corners as the collection
    places them in integers (its drawing units) and exactly (floats, short sides 1),
    (hats, 14, 2) each, and the levels of ancestry the walk used (drawn into the tiling's
    ancestry as needed: it may draw more than were used)."""
    moves = kernels.serpentine(width, height)
    box = np.array([X_SQUARE * width, Y_SQUARE * height], dtype=np.int64)
    # a patch of n hats needs about log(n)/log(6.85) levels: a few more cost nothing
    spare = SPARE_LEVELS + math.ceil(math.log(width * height) / math.log(6))
    # and at least 2: every move reads the level-1 metatile's kitemap
    depth = max(len(tiling.start.types), 2, spare)
    capacity = HATS_PER_SQUARE * width * height + 64
    while True:
        start = tiling.start_with_levels(depth)
        types = np.array([TYPES.index(t) for t in start.types], dtype=np.int64)
        indices = np.array(start.indices, dtype=np.int64)
        # kite, hat, then the walker's place and colours, which the grid does not use
        walker = np.array([start.kite, start.hat, 0, 0, 0, 0, 1, 2], dtype=np.int64)
        first = np.array(START, dtype=np.int64)
        kites, mirrored, count, levels, status = kernels.walk(
            moves, KITE_MOVES, OUTLINES, first, types, indices, walker, box, OUR_KITE[0], capacity
        )
        if status == kernels.FULL:
            capacity *= 2
        elif status == kernels.SHALLOW:
            depth += 4
        else:
            places, xy = kernels.places(kites, mirrored, count, OUTLINES, X_UNIT, Y_UNIT)
            return places, xy, max(len(tiling.start.types), levels)


def _drawn(width: int, height: int, seed: int | None) -> tuple[str, np.ndarray, np.ndarray]:
    """A description drawn from ``seed``, and its hats (as :func:`_patch` gives them)."""
    tiling = HatTiling(seed)
    places, xy, levels = _patch(width, height, tiling)
    # the levels the walk used, each drawn as it would be when first needed
    return write_description(tiling.ancestry_to(levels)), places, xy


def _read(width: int, height: int, description: str) -> Tiles:
    """The hats a description names (as :func:`_patch` gives them)."""
    places, xy, _ = _patch(width, height, _Described(read_description(description)))
    return places, xy


HATS = RandomGrid("hats", "hat", "hat", MIN_SIDE, HATS_PER_SQUARE, _drawn, _read)


@filler(APERIODIC)
def hats_grid(
    width: int, height: int, description: str | None = None, seed: int | None = None
) -> PolygonGrid:
    """The puzzle collection's hat grid of ``width`` × ``height``.

    Parameters
    ----------
    width, height : int
        In the collection's units (4 × 6 kite-grid units each), at least 6.
    description : str, optional
        The grid description of a Loopy game ID of type 16; without one, one is drawn
        from ``seed`` (:func:`hats_description`).
    seed : int, optional
        Chooses the patch when no description is given.

    Returns
    -------
    PolygonGrid
        Kind ``"hats"``; params ``width``, ``height``, ``description``; a hat's short sides
        of unit length, y down. Its faces, and its planar map's dots and edges, are the
        collection's.

    %(collection_grid_raises)s

    Examples
    --------
    >>> grid = hats_grid(6, 6, "3,1,0,5,H")
    >>> grid.kind, grid.params["description"]
    ('hats', '3,1,0,5,H')
    """
    return HATS.grid(width, height, description, seed)


@filler(APERIODIC)
def hats_description(width: int, height: int, seed: int | None = None) -> str:
    """A grid description for a ``width`` × ``height`` hat grid, drawn from ``seed``.

    It names every level the patch needs, so the collection builds from it the same grid
    as :func:`hats_grid`.

    %(drawn_description_parameters)s

    %(description_returns)s
    """
    return HATS.description(width, height, seed)
