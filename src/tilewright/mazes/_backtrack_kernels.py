"""The backtracker's walks on a cell graph's neighbour table and on its CSR arrays.

Each makes the maze ``_walk_kernels._graph_backtrack`` makes on the same graph and state (the
start cell, then one draw among the unvisited neighbours, in the cell's row order, whenever
there are several), so a seed keeps its maze whichever walk runs. Why walks of their own
rather than that one's accessors: at 10⁶ cells a step waits on memory and on mispredicted
branches, and these keep both out of its way (a tenth to a quarter off the time of a
10⁶-cell walk, a quarter on most grids of the project):

* A scan writes every neighbour to a list and advances the count only for an unvisited one,
  and the draw is taken before the scan (``upcoming``) and kept or not without a branch
  (``choose``): no branch depends on the marks.
* The port back to the parent is counted in the same scan (the cell below on the stack is
  the parent), so no second pass over the next cell's row, ending at a random place,
  waits for that row to arrive.
* Each neighbour's row is asked for during the scan: both of its ends on a table (a row of
  7 or 12 entries often spans two cache lines), its start and then its row on CSR arrays.
* On a table the walk is compiled for each width from 3 to 8 (every grid of the project
  but the dodecagon ones, which are read as CSR), so the scans have a fixed length the
  compiler unrolls (a tenth to a fifth off at that width).

Tried without gain: bit masks of the unvisited sides (as the accessors' scan), asking only
for the unvisited neighbours' rows, scans cut short at the cell's degree on wide tables,
opening each step's passage during the walk, and cells renumbered in breadth-first order.
"""

import numpy as np
from numba import njit

from tilewright.core._graph_access import _prefetch, data_pointer, max_degree
from tilewright.core._rng import below, choose, upcoming

# A cell's mark: the port back to the cell it was reached from, or these (so ports 0 to
# 253: generation.BACKTRACKER_MAX_DEGREE).
UNVISITED = np.uint8(255)
ROOT = np.uint8(254)
# How many cells down the stack a walk asks for ahead of its returns.
RETURN_AHEAD = 4
# The width ``_walk`` takes for CSR rows (a table's is 0 or more: 0 for a lone cell).
_CSR_ROWS = -1


@njit(cache=True, nogil=True)
def table_backtrack(g, rng):
    """The backtracker on a neighbour table ``(degrees, neighbours, slots, endpoints)``:
    returns the open slots. Widths 3 to 8 (every grid of the project but the dodecagon
    ones) take a walk compiled for that width; others the walk for any width."""
    width = g[1].shape[1]
    if width == 3:
        return _table_walk(g, rng, 3)
    if width == 4:
        return _table_walk(g, rng, 4)
    if width == 5:
        return _table_walk(g, rng, 5)
    if width == 6:
        return _table_walk(g, rng, 6)
    if width == 7:
        return _table_walk(g, rng, 7)
    if width == 8:
        return _table_walk(g, rng, 8)
    return _table_walk(g, rng, width)


@njit(nogil=True, inline="always")
def _table_walk(g, rng, width):
    """``table_backtrack``'s walk for a table ``width`` entries wide (a constant where it
    is inlined, so the compiler unrolls the scans)."""
    degrees, table, slots, endpoints = g
    rows = (data_pointer(degrees), data_pointer(table), data_pointer(slots))
    return _walk(rows, table.shape[0], endpoints.shape[0], width, width, rng)


@njit(cache=True, nogil=True)
def csr_backtrack(g, rng):
    """The backtracker on C-contiguous CSR arrays ``(indptr, indices, slots, endpoints)``:
    returns the open slots."""
    starts, indices, slots, endpoints = g
    rows = (data_pointer(starts), data_pointer(indices), data_pointer(slots))
    return _walk(rows, starts.shape[0] - 1, endpoints.shape[0], max_degree(g), _CSR_ROWS, rng)


@njit(nogil=True, inline="always")
def _walk(rows, n, slot_total, most, width, rng):
    """The walk over ``n`` cells whose rows are ``rows``: pointers to the row starts, the
    neighbours and their slots of CSR arrays (``width`` is ``_CSR_ROWS``), or to anything,
    a table ``width`` wide and its slots. ``most`` is the largest degree; returns the open
    slots."""
    _, neighbours, slots = rows
    passages = np.zeros(slot_total, dtype=np.bool_)
    back = np.full(n, UNVISITED, dtype=np.uint8)
    # stack[0] stands for the root's parent, a cell no row names
    stack = np.empty(n + 1, dtype=np.int32)
    fresh = np.empty(max(most, 1), dtype=np.int32)
    marks = data_pointer(back)
    found = data_pointer(fresh)
    cells = data_pointer(stack)
    state = data_pointer(rng)
    start = below(state, n)
    back[start] = ROOT
    cells[0] = -1
    cells[1] = start
    top = 1
    while top > 0:
        cell = np.int64(cells[top])
        parent = cells[top - 1]
        bits = upcoming(state)
        lo, hi = _row(rows, cell, width)
        k = 0
        port = 0
        for at in range(lo, hi):
            other = neighbours[at]  # a padded entry names the cell, which is visited
            _ask_for_row(rows, other, width)
            found[k] = other
            k += np.int64(marks[other] == UNVISITED)
            port += (at - lo) * np.int64(other == parent)
        marks[cell] = np.uint8(port) if top > 1 else ROOT
        if k == 0:
            # A dead end starts a run of returns down the stack: ask for the cells a few
            # returns ahead now, whose rows left the cache while their subtrees grew.
            if top > RETURN_AHEAD:
                _ask_for_row(rows, cells[top - RETURN_AHEAD], width)
            top -= 1
            continue
        nxt = found[choose(state, bits, k)]
        marks[nxt] = np.uint8(0)  # visited; its port is counted at its first scan
        top += 1
        cells[top] = nxt
    for cell in range(n):
        if back[cell] != ROOT:
            passages[slots[_row(rows, cell, width)[0] + back[cell]]] = True
    return passages


@njit(nogil=True, inline="always")
def _row(rows, cell, width):
    """Where ``cell``'s row begins and ends in the neighbours (see ``_walk``)."""
    if width >= 0:
        return cell * width, cell * width + width
    return np.int64(rows[0][cell]), np.int64(rows[0][cell + 1])


@njit(nogil=True, inline="always")
def _ask_for_row(rows, cell, width):
    """Start loading ``cell``'s row: both ends of a table's, which often span two cache
    lines; on CSR arrays its start, and its row from there."""
    if width >= 0:
        at = np.int64(cell) * width
        _prefetch(rows[1], at)
        _prefetch(rows[1], at + width - 1)
    else:
        _prefetch(rows[0], cell)
        _prefetch(rows[1], rows[0][cell])
