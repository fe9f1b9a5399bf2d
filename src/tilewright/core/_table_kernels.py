"""Compiled building of a cell graph's neighbour table (see ``_graph_access``)."""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def neighbour_table(indptr, indices, slots, width):
    """Each cell's CSR row copied into a row of ``width`` entries, in the same order.

    Returns ``(degrees, table, table_slots)``: uint8 neighbour counts, and int32 neighbours
    and slots of shape ``(cells, width)``. A padded entry of ``table`` names the cell itself
    (its slot is -1): kernels that look for neighbours of another mark then skip it without
    a branch. ``width`` must be at least the largest degree and at most 255.
    """
    cells = indptr.shape[0] - 1
    degrees = np.empty(cells, dtype=np.uint8)
    table = np.empty((cells, width), dtype=np.int32)
    table_slots = np.full((cells, width), -1, dtype=np.int32)
    for cell in range(cells):
        lo = indptr[cell]
        degree = indptr[cell + 1] - lo
        degrees[cell] = degree
        for i in range(degree):
            table[cell, i] = indices[lo + i]
            table_slots[cell, i] = slots[lo + i]
        for i in range(degree, width):
            table[cell, i] = cell
    return degrees, table, table_slots
