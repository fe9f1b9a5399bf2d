"""Compiled check that integer labels are a tiling by L-trominoes: every label 1 … T on
exactly three cells within a 2 × 2 box, none negative. The colouring and
:func:`~tilewright.tromino.validate` both start here.
"""

import numpy as np
from numba import njit

# What ``check_tiling`` reports.
TILING_OK, NEGATIVE_LABEL, TOO_MANY_CELLS, TOO_FEW_CELLS, NOT_AN_L = 0, 1, 2, 3, 4


@njit(cache=True, nogil=True)
def check_tiling(labels, trominoes):
    """Does every label 1 … ``trominoes`` cover exactly three cells within a 2 × 2 box (which
    makes them an L), and is no label negative? Returns (code, label, row, col) of the first
    fault found, or (TILING_OK, 0, 0, 0)."""
    height, width = labels.shape
    count = np.empty(trominoes + 1, dtype=np.uint8)
    for t in range(trominoes + 1):
        count[t] = 0
    first_row = np.empty(trominoes + 1, dtype=np.int64)
    last_row = np.empty(trominoes + 1, dtype=np.int64)
    low_col = np.empty(trominoes + 1, dtype=np.int64)
    high_col = np.empty(trominoes + 1, dtype=np.int64)
    for r in range(height):
        for c in range(width):
            t = labels[r, c]
            if t <= 0:
                if t < 0:
                    return NEGATIVE_LABEL, t, r, c
                continue
            n = count[t]
            if n == 3:
                return TOO_MANY_CELLS, t, r, c
            if n == 0:
                first_row[t] = r
                low_col[t] = c
                high_col[t] = c
            else:
                low_col[t] = min(low_col[t], c)
                high_col[t] = max(high_col[t], c)
            last_row[t] = r  # cells come in reading order, so rows only grow
            count[t] = n + 1
    for t in range(1, trominoes + 1):
        if count[t] != 3:
            return TOO_FEW_CELLS, t, count[t], 0
        # Three distinct cells inside a 2 × 2 box are always an L.
        if last_row[t] - first_row[t] > 1 or high_col[t] - low_col[t] > 1:
            return NOT_AN_L, t, first_row[t], low_col[t]
    return TILING_OK, 0, 0, 0
