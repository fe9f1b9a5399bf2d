"""Compiled kernels of the line walk (``stream``): the blocks and which tiles each writes.

Why compiled: every tile of a block is tested against the blocks before it in scan order,
so that a tile met by several blocks is written by exactly one; in Python that test would
cost more than finding the tiles. Apart from the breadth-first search's kernels so that
``--method bfs`` never compiles them.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic.spectre._search_kernels import corner_xy, meets
from tilewright.core._graph_access import data_pointer


@njit(cache=True, nogil=True)
def block_box(region, size, i, j, out):
    """Block (i, j) of the region cut into ``size`` squares from its lower-left corner."""
    out[0] = region[0] + i * size
    out[1] = region[1] + j * size
    out[2] = min(region[0] + (i + 1) * size, region[2])
    out[3] = min(region[1] + (j + 1) * size, region[3])


@njit(cache=True, nogil=True)
def owned(turns, corners, inside, count, region, size, columns, rows, i, j, shapes_xy):
    """Which of the first ``count`` tiles (those ``inside`` block (i, j)) have block (i, j)
    as the first block, in scan order (rows bottom up, each left to right), that they
    meet: each tile of the region is written by exactly one block."""
    keep = np.zeros(count, dtype=np.bool_)
    box = np.empty(4)
    clip_x, clip_y = np.empty(14), np.empty(14)
    clip_x_at, clip_y_at = data_pointer(clip_x), data_pointer(clip_y)  # see `meets`
    for n in range(count):
        if not inside[n]:
            continue
        cx, cy = corner_xy(corners[n])
        low_x = low_y = np.inf
        high_x = -np.inf
        for k in range(14):
            low_x = min(low_x, shapes_xy[turns[n], k, 0] + cx)
            high_x = max(high_x, shapes_xy[turns[n], k, 0] + cx)
            low_y = min(low_y, shapes_xy[turns[n], k, 1] + cy)
        first_i = max(0, min(columns - 1, int(np.floor((low_x - region[0]) / size))))
        first_j = max(0, min(rows - 1, int(np.floor((low_y - region[1]) / size))))
        mine = True
        for jj in range(first_j, j + 1):
            for ii in range(first_i, columns):
                if jj == j and ii >= i:
                    break
                block_box(region, size, ii, jj, box)
                if box[0] >= high_x:
                    break  # this block and the rest of its row lie right of the tile
                if meets(shapes_xy, turns[n], corners[n], box, clip_x_at, clip_y_at):
                    mine = False
                    break
            if not mine:
                break
        keep[n] = mine
    return keep
