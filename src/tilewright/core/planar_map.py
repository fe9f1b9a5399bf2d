"""A grid as a planar map: dots, edges and faces, numbered as the puzzle collection numbers them.

A :class:`~tilewright.core.polygon_grid.PolygonGrid` holds what a maze needs: each cell's
outline and the walls between cells. A loop puzzle needs the other side of the same map:
the *dots* (corners), the *edges* between dots that a loop may use, and which faces and
edges meet at each dot. :func:`planar_map` reads them off a polygon grid, numbered the way
the public puzzle collection's grids number them, so that a puzzle's clues, given in face
order, and a loop, given as edges, mean the same thing in both:

- faces in the grid's cell order, each face's dots in order around it;
- dots in the order the faces first name them, or, for a grid built with
  ``params["dot_order"] == "vertices"``, in the grid's own vertex order (the collection
  trims its random grids after numbering their dots, so its order there is that of the
  untrimmed patch, which only the builder knows);
- edges in the order the faces first name them, each face's sides in order, each edge
  running the way the first face to name it runs, with that face first and the face on
  its other side second (``OUTSIDE``, -1, on the grid's boundary).

For the square, honeycomb (``hex-flat``) and octagonal grids, and those of
:mod:`tilewright.core.collection_grids`, this is the collection's own grid for the same
width and height, dot for dot and edge for edge, with coordinates equal up to one scale
factor (the collection rounds them to integers): ``tests/core/test_planar_map.py`` and
``tests/core/test_collection_grids.py`` check it against data made by the collection's
source (``tests/fixtures/collection_grids``).
"""

from dataclasses import dataclass

import numpy as np

from tilewright.core import _planar_kernels as kernels
from tilewright.core.errors import TilewrightError
from tilewright.core.polygon_grid import PolygonGrid


@dataclass(frozen=True, eq=False)
class PlanarMap:
    """Dots, edges and faces of a grid, in the puzzle collection's numbering.

    Attributes
    ----------
    dots : numpy.ndarray
        float64, shape (V, 2): each dot's position, ``y`` down.
    face_ptr : numpy.ndarray
        int64, shape (F + 1,): face ``f``'s dots are ``face_dots[face_ptr[f]:face_ptr[f + 1]]``.
    face_dots : numpy.ndarray
        int32: each face's dots in order around it.
    face_edges : numpy.ndarray
        int32, as long as ``face_dots``: the edge from each of a face's dots to the next.
    edges : numpy.ndarray
        int32, shape (E, 2): each edge's two dots, in the direction its first face runs.
    edge_faces : numpy.ndarray
        int32, shape (E, 2): the face that names the edge first, and the face on its other
        side (``OUTSIDE``, -1, on the boundary).
    """

    dots: np.ndarray
    face_ptr: np.ndarray
    face_dots: np.ndarray
    face_edges: np.ndarray
    edges: np.ndarray
    edge_faces: np.ndarray

    @property
    def num_faces(self) -> int:
        """How many faces (the grid's cells)."""
        return len(self.face_ptr) - 1

    def face(self, f: int) -> np.ndarray:
        """int32: face ``f``'s dots, in order around it."""
        return self.face_dots[self.face_ptr[f] : self.face_ptr[f + 1]]

    def dot_edges(self) -> tuple[np.ndarray, np.ndarray]:
        """The edges at each dot, as (ptr, edges): dot ``d``'s edges are
        ``edges[ptr[d]:ptr[d + 1]]``, ascending. What a loop puzzle counts at a dot.

        Examples
        --------
        >>> from tilewright.core.polygon_grid import square_grid
        >>> ptr, at = planar_map(square_grid(2, 1)).dot_edges()
        >>> [at[ptr[d] : ptr[d + 1]].tolist() for d in range(6)]
        [[0, 3], [0, 1, 4], [1, 2, 6], [2, 3], [4, 5], [5, 6]]
        """
        ends = self.edges.ravel()
        order = np.argsort(ends, kind="stable")
        ptr = np.zeros(len(self.dots) + 1, dtype=np.int64)
        np.add.at(ptr, ends + 1, 1)
        return np.cumsum(ptr), (order // 2).astype(np.int32)


def planar_map(grid: PolygonGrid) -> PlanarMap:
    """The dots, edges and faces of ``grid``, numbered as the puzzle collection numbers
    them (see the module's notes).

    Parameters
    ----------
    grid : PolygonGrid
        Any grid with polygon cells.

    Returns
    -------
    PlanarMap

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> plan = planar_map(square_grid(2, 1))
    >>> plan.face(1).tolist(), plan.edges.tolist()[:5]
    ([1, 4, 5, 2], [[0, 1], [1, 2], [2, 3], [3, 0], [1, 4]])
    >>> plan.edge_faces.tolist()
    [[0, -1], [0, 1], [0, -1], [0, -1], [1, -1], [1, -1], [1, -1]]
    """
    ptr = grid.polygon_ptr.astype(np.int64)
    error, dots, face_dots, face_edges, edges, edge_faces = kernels.number_map(
        grid.polygons, ptr, grid.vertices, grid.params.get("dot_order") == "vertices"
    )
    if error == kernels.BAD_PTR:
        raise TilewrightError("a grid's polygon_ptr must rise from 0 to its corners")
    if error == kernels.BAD_VERTEX:
        raise TilewrightError("a grid's outline names a vertex it does not have")
    return PlanarMap(
        dots=dots,
        face_ptr=ptr,
        face_dots=face_dots,
        face_edges=face_edges,
        edges=edges,
        edge_faces=edge_faces,
    )
