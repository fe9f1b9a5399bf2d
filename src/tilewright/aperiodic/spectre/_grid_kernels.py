"""Compiled numbering of a Spectre patch's vertices, for its maze grid (``spectre.grid``).

Why a kernel of its own: ``from_polygons`` numbers vertices from their keys, and the
Spectre's exact keys (four integers packed in mixed radix) are spread far too thinly over
their range for a table indexed by key, so a general hash table would scatter 14 corners a
tile over hundreds of megabytes, a cache miss each. Here the table is laid out over the
plane instead: a vertex's search starts at the slot of the little square of the plane it
lies in, and the tiles come in breadth-first order, so consecutive searches read nearby
slots. The float position only chooses where a search starts; the exact key decides
equality, and equal points have equal floats (each is computed from the exact integers by
the same arithmetic), so they start from the same slot.
"""

import numpy as np
from numba import njit

HALF_SQRT3 = np.sqrt(3.0) / 2


@njit(cache=True, nogil=True)
def number_vertices(turns, corners, shapes, low, radix, origin, cell, columns, rows):
    """Number the distinct vertices of the tiles in order of first appearance.

    Parameters
    ----------
    turns : (n,) int64
    corners : (n, 4) int64
        Each tile's turn and exact vertex 0.
    shapes : (12, 14, 4) int64
        The exact vertices of the tile at each turn, vertex 0 at the origin.
    low, radix : (4,) int64
        The packing: a point's key is ``sum((point - low) * radix)``, distinct for distinct
        points of the patch.
    origin : (2,) float64
        The lower-left corner of a box holding every vertex.
    cell : float
        The side of the squares the box is cut into, one table slot each.
    columns, rows : int
        Squares across and up.

    Returns
    -------
    numbers : (n * 14,) int64
        Each tile vertex's number, tile after tile.
    xy : (n * 14, 2) float64
        Its position with ``y`` down.

    Both empty when the vertices would fill more than four fifths of the table.
    """
    n = turns.shape[0]
    edges = shapes.shape[1]
    size = columns * rows
    fullest = (size * 4) // 5
    table = np.full((size, 2), -1, dtype=np.int64)  # (key, number), key -1 when empty
    numbers = np.empty(n * edges, dtype=np.int64)
    xy = np.empty((n * edges, 2), dtype=np.float64)
    count = 0
    for t in range(n):
        turn = turns[t]
        for k in range(edges):
            p0 = corners[t, 0] + shapes[turn, k, 0]
            p1 = corners[t, 1] + shapes[turn, k, 1]
            p2 = corners[t, 2] + shapes[turn, k, 2]
            p3 = corners[t, 3] + shapes[turn, k, 3]
            key = (
                (p0 - low[0]) * radix[0]
                + (p1 - low[1]) * radix[1]
                + (p2 - low[2]) * radix[2]
                + (p3 - low[3]) * radix[3]
            )
            # exact.to_xy: d = (√3/2, 1/2), d² = (1/2, √3/2), d³ = (0, 1)
            x = p0 + HALF_SQRT3 * p1 + 0.5 * p2
            y = p3 + HALF_SQRT3 * p2 + 0.5 * p1
            column = min(max(np.int64((x - origin[0]) / cell), 0), columns - 1)
            row = min(max(np.int64((y - origin[1]) / cell), 0), rows - 1)
            h = row * columns + column
            while table[h, 0] >= 0 and table[h, 0] != key:
                h += 1
                if h == size:
                    h = 0
            if table[h, 0] < 0:
                if count == fullest:  # searches would grow long: give up, say so
                    return numbers[:0], xy[:0]
                table[h, 0] = key
                table[h, 1] = count
                count += 1
            i = t * edges + k
            numbers[i] = table[h, 1]
            xy[i, 0] = x
            xy[i, 1] = -y
    return numbers, xy
