"""What the puzzle collection's random grids share: faces to dots, and the trim.

The collection builds its Penrose, hat and Spectre grids the same way once it has the
tiles: each tile in the order its generator finds it becomes a face, each corner a dot
numbered where a face first names it (corners are the same dot when their integer places
in the collection's drawing units are equal), and then the patch is trimmed: only faces
touching the largest connected set of inner dots stay, and the dots keep their order.
:func:`collection_grid` does this from the tiles' places, so the grid's planar map
(:func:`~tilewright.core.planar_map.planar_map`) numbers dots, edges and faces as the
collection does.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tilewright.aperiodic import _collection_kernels as kernels
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.polygon_grid import PolygonGrid, from_polygons

# a description longer than this names levels far above any grid that fits in memory
MAX_DESCRIPTION = 256


# a random grid's tiles: each corner's integer place and its place in floats (see
# ``collection_grid``)
Tiles = tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class RandomGrid:
    """One of the collection's random grids (hats, Spectres) as its builder takes it: the
    size checked, the tiles drawn from a seed or read from a grid description, and the
    grid made of them (:meth:`grid`) or the description drawn (:meth:`description`); a
    tiling plugs in how it finds its tiles.

    Attributes
    ----------
    kind : str
        The grid's name (``"hats"``).
    name : str
        The tiling's, in messages (``"hat"``, ``"Spectre"``).
    unit : str
        What a face is, in messages (``"hat"``, ``"tile"``).
    min_side : int
        The smallest width or height.
    per_square : float
        Tiles a square of the grid's size, about, for the memory check.
    drawn : callable
        ``(width, height, seed)``: a description drawn from the seed, and its tiles.
    described : callable
        ``(width, height, description)``: the tiles the description names, or one line
        why not.
    """

    kind: str
    name: str
    unit: str
    min_side: int
    per_square: float
    drawn: Callable[[int, int, int | None], tuple[str, np.ndarray, np.ndarray]]
    described: Callable[[int, int, str], Tiles]

    def sides(self, width: object, height: object) -> tuple[int, int]:
        """``width`` and ``height`` as whole numbers of at least ``min_side``, or one line
        why."""
        return check_size(self.name, width, height, self.min_side)

    def room(self, width: object, height: object) -> tuple[int, int]:
        """``width`` and ``height`` as :meth:`sides` gives them, refused in one line when
        the search and the grid would not fit in memory."""
        width, height = self.sides(width, height)
        check_room(self.name, width, height, self.per_square)
        return width, height

    def description(self, width: object, height: object, seed: int | None) -> str:
        """The description of the grid of ``width`` × ``height`` drawn from ``seed`` (the
        tiles are found, to know the levels it must name, but no grid is made)."""
        width, height = self.room(width, height)
        return self.drawn(width, height, seed)[0]

    def grid(
        self, width: object, height: object, description: str | None, seed: int | None
    ) -> PolygonGrid:
        """The grid of ``width`` × ``height`` that ``description`` names, or one drawn from
        ``seed`` without one (its description then in its params)."""
        width, height = self.room(width, height)
        if description is None:
            description, places, xy = self.drawn(width, height, seed)
        else:
            places, xy = self.described(width, height, description)
        if not len(places):
            raise TilewrightError(
                f"the {self.name} grid description {quoted(description)} places no {self.unit}"
            )
        params = {"width": width, "height": height, "description": description}
        return collection_grid(self.kind, params, places, xy)


def check_size(kind: str, width: object, height: object, smallest: int) -> tuple[int, int]:
    """``width`` and ``height`` as whole numbers of at least ``smallest``, or one line why."""
    from tilewright.core.grids import _sides

    width, height = _sides(width, height)
    if width < smallest or height < smallest:
        raise TilewrightError(
            f"a {kind} grid is at least {smallest}x{smallest}, got {width}x{height}"
        )
    return width, height


def check_room(kind: str, width: int, height: int, per_square: float) -> None:
    """Refuse, in one line, a grid of about ``per_square`` tiles a square unit whose
    search and grid would not fit in memory."""
    from tilewright.core.memory import check_fits
    from tilewright.core.polygon_grid import GRID_CORNER_BYTES

    # each tile's 14 corners in the grid, and its row in the search (1.42 GB was measured
    # for a 1000x1000 Spectre grid of 744,929 tiles: 1.9 kB a tile)
    tile_bytes = 14 * GRID_CORNER_BYTES + 400
    check_fits(int(per_square * width * height) * tile_bytes, f"a {width}x{height} {kind} grid")


def check_description(kind: str, description: object) -> str:
    """``description`` if it is text of a sane length, or one line why."""
    if not isinstance(description, str):
        raise TypeError(f"a grid description must be text, not {type(description).__name__}")
    if len(description) > MAX_DESCRIPTION:
        raise TilewrightError(
            f"a {kind} grid description has at most {MAX_DESCRIPTION} characters, "
            f"got {len(description)}"
        )
    return description


def trimmed(faces: Sequence[Sequence[int]], dots: int) -> tuple[list[int], np.ndarray]:
    """The faces the collection keeps, and each dot's number after (-1: dropped).

    A dot is inner when every side at it is shared by two faces; the faces kept are those
    touching the largest set of inner dots joined by shared sides (of two as large, the
    one the collection's union-find roots at the lower dot), and the dots kept are
    theirs, in their order.

    Parameters
    ----------
    faces : sequence of sequences of int
        Each face's dots in order around it.
    dots : int
        How many dots the faces name (0 to ``dots`` - 1).

    Returns
    -------
    tuple
        (the kept faces' indices in order, int64 array of each dot's new number or -1).

    Examples
    --------
    Two squares side by side have no inner dot, so nothing is kept:

    >>> trimmed([[0, 1, 4, 3], [1, 2, 5, 4]], 6)[0]
    []
    """
    counts = np.array([len(face) for face in faces], dtype=np.int64)
    ptr = np.zeros(len(faces) + 1, dtype=np.int64)
    np.cumsum(counts, out=ptr[1:])
    flat = np.fromiter((d for face in faces for d in face), dtype=np.int64, count=int(ptr[-1]))
    kept, count, number = kernels.trim(ptr, flat, dots)
    return kept[:count].tolist(), number


def trimmed_faces(places: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The faces the collection keeps of tiles whose corners are at integer ``places``.

    Parameters
    ----------
    places : numpy.ndarray
        int64, shape (tiles, corners, 2): each corner's integer place in the collection's
        drawing units, tiles in the order found; equal places are one dot, numbered where
        a face first names it.

    Returns
    -------
    tuple
        (the kept faces' indices, their corners as the kept dots' numbers (kept,
        corners), each kept dot's first corner as an index into ``places`` flattened to
        (tiles × corners, 2)): all int64, dots in their order.
    """
    tiles, corners = places.shape[:2]
    flat = np.ascontiguousarray(places.reshape(-1, 2), dtype=np.int64)
    dot, first = kernels.number_dots(flat)
    ptr = np.arange(0, tiles * corners + 1, corners, dtype=np.int64)
    kept, count, number = kernels.trim(ptr, dot, len(first))
    kept = kept[:count]
    faces = number[dot.reshape(tiles, corners)[kept]]
    return kept, faces, first[number >= 0]


def collection_grid(
    kind: str,
    params: dict,
    places: np.ndarray,
    xy: np.ndarray,
) -> PolygonGrid:
    """The collection's grid from its tiles' corners, in the order its generator finds
    them, then trimmed.

    Parameters
    ----------
    kind : str
        The grid's name (``"spectres"`` …).
    params : dict
        What made it (width, height, description), kept in the grid.
    places : numpy.ndarray
        int64, shape (tiles, corners, 2): each corner's integer place in the collection's
        drawing units; equal places are one dot.
    xy : numpy.ndarray
        float64, the same shape: each corner's exact place drawn in floats, y down.

    Returns
    -------
    PolygonGrid
        With ``params["dot_order"] == "vertices"``: its vertices are the collection's dots
        in the collection's order.

    Raises
    ------
    TilewrightError
        When no face is left (the box holds no inner dot).
    """
    kept, faces, _ = trimmed_faces(places)
    if not len(kept):
        raise TilewrightError(f"the {kind} grid of this size and description has no faces")
    corners = places.shape[1]
    return from_polygons(
        kind,
        {**params, "dot_order": "vertices"},
        np.full(len(kept), corners, dtype=np.int64),
        faces.reshape(-1),
        xy[kept].reshape(-1, 2),
    )
