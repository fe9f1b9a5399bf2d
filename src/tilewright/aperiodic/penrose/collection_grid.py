"""The puzzle collection's two Penrose grids (Loopy types 11 and 12), face for face.

The collection's Loopy builds a Penrose grid of ``width`` × ``height`` from a grid
description (:mod:`.description`): it searches the patch in a box (:mod:`.patch`), turns
each tile's exact corners into integer dots, numbers the faces in the order found and the
dots in the order the faces first name them, trims the ragged edge
(:func:`~tilewright.aperiodic.collection_patch.trimmed`) and keeps the numbers' order.
This module does the same, so that a game ID's clues, given in face order, fall on the
same faces, and the dots and edges are numbered alike. Descriptions of the collection's
older generator (``G…``) are built by :mod:`.legacy` and trimmed the same way.

Units: a point's coordinate across the tiling (:func:`~.field.across`, quarters of an
edge) becomes the grid's ``y`` and its coordinate up (:func:`~.field.up`) the grid's ``x``,
each scaled by its own whole number (37 and 44 for kites and darts, 30 and 35 for rhombs:
a rational stand-in for their irrational ratio, so the grid is stretched by about 1%, as
the collection's is). The box is ``width`` × ``height`` hundreds of those grid units. The
collection rounds the √5 parts toward zero to make integer dots; two corners are one dot
when their integers agree. The grid's vertices are the exact places, in hundreds.
"""

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from tilewright.aperiodic.collection_patch import trimmed_faces
from tilewright.aperiodic.penrose.collection_random import CollectionRandom
from tilewright.aperiodic.penrose.description import (
    LETTERS,
    Description,
    check_which,
    read_description,
)
from tilewright.aperiodic.penrose.legacy import legacy_tiles, read_legacy
from tilewright.aperiodic.penrose.patch import Ancestry, Draws, pick, search
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import quoted, require_int
from tilewright.core.polygon_grid import GRID_CORNER_BYTES, PolygonGrid, from_polygons
from tilewright.core.seeds import Stream, resolve_seed, sequence

# grid units per unit across and per unit up, for each kind
UNITS = {"p2": (37, 44), "p3": (30, 35)}
# grid units per unit of width and height
TILESIZE = 100
# Loopy's smallest width and height for both Penrose types
MIN_SIDE = 3
# the collection's own limit: its places and its count of dots must stay within an int
INT_MAX = 2**31 - 1
# tiles per unit of width × height, at most (measured: about 0.85 for both kinds in large
# grids), for the memory check before the search
TILES_PER_AREA = 1.0
# bytes per tile of the search and the dots, with room to spare (measured: about 700 at
# 10^5 and 10^6 tiles, peak RSS over the imports)
SEARCH_TILE_BYTES = 1500
# random descriptions drawn for one seed before concluding that the size holds no patch
ATTEMPTS = 64
_ROOT5 = math.sqrt(5)
# tiles' corners: the collection's integer dots, and the places they stand for
Corners = tuple[np.ndarray, np.ndarray]


def penrose_grid(
    width: int,
    height: int,
    which: str = "p2",
    seed: int | None = None,
    description: str | None = None,
) -> PolygonGrid:
    """The collection's Penrose grid of ``width`` × ``height``: the patch a grid
    description names, or one drawn from ``seed``.

    Parameters
    ----------
    width, height : int
        The grid's size in Loopy's units, at least 3 each.
    which : {"p2", "p3"}, default "p2"
        Kites and darts (Loopy type 11) or rhombs (type 12).
    seed : int, optional
        Draws a description (see :func:`penrose_description`) when ``description`` is not
        given; None draws a fresh seed (read it back from ``grid.params["seed"]``).
    description : str, optional
        A grid description as the collection writes it, the part of a Loopy game ID
        before ``_`` (e.g. ``"00UAVBAABB"``).

    Returns
    -------
    PolygonGrid
        Kind ``"penrose-p2"`` or ``"penrose-p3"``; params ``width``, ``height``,
        ``description`` (and ``seed`` when drawn), ``dot_order``. Faces and their corners
        in the collection's order, vertices in its dot order; places ``y`` down, in
        hundreds of the collection's units.

    Raises
    ------
    TypeError
        When a size is not an integer or the description not a string.
    TilewrightError
        When a size is below 3 or too large, ``which`` is unknown, the description is one
        the collection refuses, or its patch keeps no tile at this size.

    Examples
    --------
    >>> grid = penrose_grid(5, 4, "p2", description="00UAVBAABB")
    >>> grid.kind, grid.num_cells, len(grid.vertices)
    ('penrose-p2', 5, 11)
    """
    which = check_which(which)
    width, height = check_size(width, height, which)
    params: dict[str, Any] = {"width": width, "height": height}
    if description is None:
        params["seed"] = resolve_seed(seed)
        chosen, faces, places = _drawn(width, height, which, params["seed"])
        params["description"] = chosen.text()
    else:
        if not isinstance(description, str):
            raise TypeError(f"a grid description must be text, not {type(description).__name__}")
        if description.startswith("G"):
            centre = read_legacy(description, which, width, height)
            faces, places = _faces(_legacy_corners(legacy_tiles(which, width, height, centre)))
        else:
            faces, places = _patch(width, height, which, read_description(description, which))
        if not len(faces):
            raise TilewrightError(
                f"the Penrose grid description {quoted(description)} keeps no tile "
                f"in a {width}x{height} grid"
            )
        params["description"] = description
    params["dot_order"] = "vertices"
    corners = faces.reshape(-1)
    return from_polygons(
        f"penrose-{which}",
        params,
        np.full(len(faces), 4, dtype=np.int64),
        corners,
        places[corners],
    )


def penrose_description(width: int, height: int, which: str = "p2", seed: int | None = None) -> str:
    """A grid description the collection accepts for a Penrose grid of this size, drawn
    from ``seed``, whose patch keeps at least one tile.

    Drawn as the collection draws its own (the start triangle's letter, corner and turn,
    then each letter above as the search needs it), from tilewright's seed; a draw whose
    patch keeps no tile is drawn again (the collection's Loopy would fail on it).

    Parameters
    ----------
    width, height : int
        The grid's size in Loopy's units, at least 3 each.
    which : {"p2", "p3"}, default "p2"
    seed : int, optional
        None draws a fresh one.

    Returns
    -------
    str

    Raises
    ------
    TilewrightError
        As :func:`penrose_grid`, or when no draw keeps a tile (sizes near the smallest).

    Examples
    --------
    >>> text = penrose_description(10, 10, "p3", seed=1)
    >>> penrose_grid(10, 10, "p3", description=text).params["description"] == text
    True
    """
    which = check_which(which)
    width, height = check_size(width, height, which)
    return _drawn(width, height, which, resolve_seed(seed))[0].text()


def check_size(width: object, height: object, which: str) -> tuple[int, int]:
    """``width`` and ``height`` checked against the collection's limits."""
    sides = (require_int(width, "width"), require_int(height, "height"))
    for name, side in zip(("width", "height"), sides, strict=True):
        if side < MIN_SIDE:
            raise TilewrightError(
                f"a Penrose grid's {name} must be at least {MIN_SIDE}, got {side}"
            )
    w, h = sides
    if w > INT_MAX // TILESIZE or h > INT_MAX // TILESIZE or w > INT_MAX // (36 * h):
        raise TilewrightError(
            f"a Penrose grid of {w}x{h} is larger than the collection allows "
            f"(width times height at most {INT_MAX // 36})"
        )
    tiles = TILES_PER_AREA * w * h
    check_fits(
        tiles * (SEARCH_TILE_BYTES + 4 * GRID_CORNER_BYTES), f"a {w}x{h} Penrose {which} grid"
    )
    return w, h


class _SeedDraws:
    """Draws from tilewright's generator for a seed."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.Generator(np.random.PCG64(sequence(seed, Stream.PENROSE_PATCH)))

    def below(self, limit: int) -> int:
        return int(self._generator.integers(limit))


def random_description(width: int, height: int, which: str, draws: Draws) -> Description:
    """One description drawn as the collection draws it: the start triangle's letter,
    corner and turn, then the letters above as the search in this size's box needs them."""
    return _random_patch(width, height, which, draws)[0]


def _random_patch(
    width: int, height: int, which: str, draws: Draws
) -> tuple[Description, np.ndarray]:
    letter = pick(LETTERS[which], draws)
    start_vertex = draws.below(3)
    turn = draws.below(10)
    ancestry = Ancestry(letter, lambda parents: pick(parents, draws))
    tiles = search(ancestry, turn, start_vertex, _box(width, height, which)[0])
    return Description(turn, start_vertex, ancestry.text()), tiles


def _drawn(
    width: int, height: int, which: str, seed: int
) -> tuple[Description, np.ndarray, np.ndarray]:
    draws = _SeedDraws(seed)
    _, x_shift, y_shift = _box(width, height, which)
    for _ in range(ATTEMPTS):
        chosen, tiles = _random_patch(width, height, which, draws)
        faces, places = _faces(_corners(tiles, which, x_shift, y_shift))
        if len(faces):
            return chosen, faces, places
    raise TilewrightError(
        f"no Penrose {which} patch of {width}x{height} keeps a tile after {ATTEMPTS} draws: "
        "try a larger size"
    )


def _box(width: int, height: int, which: str) -> tuple[tuple[int, int, int, int], int, int]:
    """The search box (left, right, bottom, top) and the shifts across and up that put its
    corner at 0."""
    across_unit, up_unit = UNITS[which]
    # the grid's height runs across the tiling and its width up
    across_extent = height * TILESIZE // across_unit
    up_extent = width * TILESIZE // up_unit
    x_shift, y_shift = across_extent // 2, up_extent // 2
    return (-x_shift, across_extent - x_shift, y_shift - up_extent, y_shift), x_shift, y_shift


def _patch(
    width: int, height: int, which: str, chosen: Description
) -> tuple[np.ndarray, np.ndarray]:
    """The kept faces (as dot numbers after trimming) and every kept dot's place."""
    box, x_shift, y_shift = _box(width, height, which)
    # too few letters: the collection makes up the rest from its seed text "dummy"
    dummy: list[CollectionRandom] = []

    def invent(parents: str) -> str:
        if not dummy:
            dummy.append(CollectionRandom("dummy"))
        return pick(parents, dummy[0])

    tiles = search(Ancestry(chosen.letters, invent), chosen.turn, chosen.start_vertex, box)
    return _faces(_corners(tiles, which, x_shift, y_shift))


def _corners(tiles: np.ndarray, which: str, x_shift: int, y_shift: int) -> Corners:
    """Each tile's corners ((tiles, 4, 4) points) as the collection's integer dots and
    the exact places ((tiles, 4, 2) each); the tiling's coordinate up is the grid's x,
    across its y."""
    across_unit, up_unit = UNITS[which]
    p0, p1, p2, p3 = (tiles[..., k] for k in range(4))
    # ``field.across`` and ``field.up``: a + a5·√5 across, b + b5·√5 up
    a, a5 = 4 * p0 + p1 - p2 + p3 + x_shift, p1 + p2 - p3
    b, b5 = 2 * p1 + p2 + p3 + y_shift, p2 + p3
    dots = np.stack(
        [
            b * up_unit + _root5_toward_zero(b5 * up_unit),
            a * across_unit + _root5_toward_zero(a5 * across_unit),
        ],
        axis=-1,
    )
    places = np.stack([(b + b5 * _ROOT5) * up_unit, (a + a5 * _ROOT5) * across_unit], axis=-1)
    return dots, places


def _root5_toward_zero(n: np.ndarray) -> np.ndarray:
    """n√5 rounded toward zero, exactly (``field.root5_truncated``): the float root is
    corrected by one either way where it is off."""
    square = 5 * n * n
    root = np.floor(np.sqrt(square.astype(np.float64))).astype(np.int64)
    root -= root * root > square
    root += (root + 1) * (root + 1) <= square
    return np.where(n < 0, -root, root)


def _legacy_corners(
    tiles: Sequence[Sequence[tuple[tuple[int, int], tuple[float, float]]]],
) -> Corners:
    """:func:`.legacy.legacy_tiles`' corners (each a dot and a place) as arrays."""
    dots = np.array([[dot for dot, _ in tile] for tile in tiles], dtype=np.int64)
    places = np.array([[place for _, place in tile] for tile in tiles], dtype=np.float64)
    return dots.reshape(-1, 4, 2), places.reshape(-1, 4, 2)


def _faces(corners: Corners) -> tuple[np.ndarray, np.ndarray]:
    """The faces the collection keeps, as dot numbers after its trimming ((faces, 4)),
    and each kept dot's place: dots numbered as the tiles first name them, one for each
    integer place."""
    dots, places = corners
    _, faces, first = trimmed_faces(dots)
    return faces, places.reshape(-1, 2)[first] / TILESIZE
