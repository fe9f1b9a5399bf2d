"""Compiled checks on finished mazes."""

import numpy as np
from numba import njit

from tilewright.core._unionfind import find, union_roots


@njit(cache=True, nogil=True)
def component_count(connections, keep):
    """Number of connected regions of a ``connection_list`` (2, H, W), counting only the
    cells where ``keep`` (H, W) is true and the passages between them."""
    height, width = connections.shape[1], connections.shape[2]
    parent = np.full(height * width, -1, dtype=np.int32)
    regions = np.count_nonzero(keep)
    for r in range(height):
        for c in range(width):
            if not keep[r, c]:
                continue
            cell = r * width + c
            if r + 1 < height and connections[0, r, c] and keep[r + 1, c]:
                a, b = find(parent, cell), find(parent, cell + width)
                if a != b:
                    union_roots(parent, a, b)
                    regions -= 1
            if c + 1 < width and connections[1, r, c] and keep[r, c + 1]:
                a, b = find(parent, cell), find(parent, cell + 1)
                if a != b:
                    union_roots(parent, a, b)
                    regions -= 1
    return regions
