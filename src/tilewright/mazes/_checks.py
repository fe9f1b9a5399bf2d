"""Compiled checks on finished mazes."""

import numpy as np
from numba import njit

from tilewright.core._unionfind import find, union_roots


@njit(cache=True)
def component_count(connections):
    """Number of connected regions of a ``connection_list`` (2, H, W)."""
    height, width = connections.shape[1], connections.shape[2]
    parent = np.full(height * width, -1, dtype=np.int32)
    regions = height * width
    for r in range(height):
        for c in range(width):
            cell = r * width + c
            if r + 1 < height and connections[0, r, c]:
                a, b = find(parent, cell), find(parent, cell + width)
                if a != b:
                    union_roots(parent, a, b)
                    regions -= 1
            if c + 1 < width and connections[1, r, c]:
                a, b = find(parent, cell), find(parent, cell + 1)
                if a != b:
                    union_roots(parent, a, b)
                    regions -= 1
    return regions
