"""Compiled numbering of a grid's planar map (``planar_map.planar_map``).

Why compiled: the NumPy version sorted every corner (``np.unique``) to number the dots by
first appearance and every side to number the edges, about 1.5 ms for 10^4 squares, more
than building the grid. Here both are one pass: dots through a table indexed by vertex
id, edges as a grid's walls are numbered (``_polygon_kernels.walls_of``: each side matched
against the few edges already found at its lower dot).
"""

import numpy as np
from numba import njit

from tilewright.core._polygon_kernels import walls_of

# what ``number_map`` found wrong, before it numbered anything
BAD_PTR, BAD_VERTEX = 1, 2


@njit(cache=True, nogil=True)
def number_map(polygons, ptr, vertices, by_vertices):
    """Dots, face dots and edges of the outlines ``polygons`` (vertex ids, cell after cell,
    ``ptr`` delimiting them) as ``planar_map`` numbers them: dots in order of first
    appearance (or in vertex order when ``by_vertices``), edges in the order sides first
    name them, running as their first side runs.

    Returns ``(error, dots, face_dots, face_edges, edges, edge_faces)``: 0, or
    ``BAD_PTR`` when ``ptr`` does not rise from 0 to the corners, ``BAD_VERTEX`` when a
    corner is no vertex of ``vertices`` (and empty arrays); each dot's position (its
    vertex's), each corner's dot, each
    side's edge, each edge's two dots, and the cell naming each edge first beside the one
    naming it last after that (-1 for none).
    """
    total = polygons.shape[0]
    cells = ptr.shape[0] - 1
    num_vertices = vertices.shape[0]
    # checked here, in one pass each, as what follows indexes with them unchecked
    error = 0
    if ptr[0] != 0 or ptr[cells] != total:
        error = BAD_PTR
    for cell in range(cells):
        if ptr[cell + 1] < ptr[cell]:
            error = BAD_PTR
    for i in range(total):
        if polygons[i] < 0 or polygons[i] >= num_vertices:
            error = BAD_VERTEX
    if error:
        none = np.zeros((0, 2), dtype=np.int32)
        return error, np.zeros((0, 2)), none[:, 0], none[:, 0], none, none
    dot_of = np.full(num_vertices, -1, dtype=np.int32)
    by_first = np.empty(num_vertices, dtype=np.int64)
    dots = 0
    if by_vertices:
        for v in range(num_vertices):
            dot_of[v] = v
            by_first[v] = v
        dots = num_vertices
    else:
        for i in range(total):
            v = polygons[i]
            if dot_of[v] < 0:
                dot_of[v] = dots
                by_first[dots] = v
                dots += 1
    face_dots = np.empty(total, dtype=np.int32)
    for i in range(total):
        face_dots[i] = dot_of[polygons[i]]
    # a grid's outlines were checked when it was built: the dots, renumbered vertices,
    # meet no fault
    edges, edge_faces, _, face_edges = walls_of(face_dots, ptr, dots, True)
    positions = np.empty((dots, 2), dtype=np.float64)
    for d in range(dots):
        positions[d, 0] = vertices[by_first[d], 0]
        positions[d, 1] = vertices[by_first[d], 1]
    return 0, positions, face_dots, face_edges, edges, edge_faces
