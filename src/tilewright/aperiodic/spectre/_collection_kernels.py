"""Compiled kernel: the puzzle collection's breadth-first Spectre patch in a box.

Why compiled: each tile found costs 14 steps across its edges, 14 placements and tests
of 14 exact corners against the box; in Python that was 0.2 ms a tile, and Loopy's grids
run to 10^6 tiles. The search is ``collection_grid``'s (which says what it keeps);
the step is ``_step_kernels.step`` on address rows, the placement and the table of tiles
seen (keyed by turn and vertex 0, which fix the first two vertices) are
``_search_kernels``'. Unlike that search, every edge of a kept tile is stepped, as the
collection steps them: the levels of ancestry a grid needs are the highest any step
reaches, and a description names exactly those.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic.spectre._search_kernels import _across, _hash
from tilewright.aperiodic.spectre._step_kernels import LEVELS, step
from tilewright.core._graph_access import data_pointer

DONE, SHALLOW, FULL = 0, 1, 2


@njit(cache=True, nogil=True, inline="always")
def _sign(whole, root3):
    """The sign of whole + root3·√3, exactly."""
    if whole >= 0 and root3 >= 0:
        return 1 if whole > 0 or root3 > 0 else 0
    if whole <= 0 and root3 <= 0:
        return -1
    square = whole * whole - 3 * root3 * root3
    return (1 if square > 0 else -1) * (1 if whole > 0 else -1)


@njit(cache=True, nogil=True, inline="always")
def _inside(shapes, turn, corner, box):
    """Whether every vertex of the tile (``turn``, vertex 0 at ``corner``) lies in the
    closed ``box`` (x0, x1, y0, y1) of half units (see ``collection_grid._halves``)."""
    for k in range(14):
        c0 = corner[0] + shapes[turn, k, 0]
        c1 = corner[1] + shapes[turn, k, 1]
        c2 = corner[2] + shapes[turn, k, 2]
        c3 = corner[3] + shapes[turn, k, 3]
        x, y = 2 * c0 + c2, 2 * c3 + c1
        if _sign(x - box[0], c1) < 0 or _sign(x - box[1], c1) > 0:
            return False
        if _sign(y - box[2], c2) < 0 or _sign(y - box[3], c2) > 0:
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _slot(table, turns, corners, turn, corner, mask):
    """The slot of ``table`` holding the tile (``turn``, ``corner``), or the empty one
    where it would go."""
    slot = _hash(turn, corner, mask)
    while table[slot] >= 0 and not _same(turns, corners, table[slot], turn, corner):
        slot = (slot + 1) & mask
    return slot


@njit(cache=True, nogil=True, inline="always")
def _same(turns, corners, tile, turn, corner):
    return (
        turns[tile] == turn
        and corners[tile, 0] == corner[0]
        and corners[tile, 1] == corner[1]
        and corners[tile, 2] == corner[2]
        and corners[tile, 3] == corner[3]
    )


@njit(cache=True, nogil=True)
def patch(start_row, start_turn, start_corner, box, shapes, edge_turn, capacity):
    """The tiles wholly inside ``box``, breadth first from the start tile, each tile's
    edges 0-13 in turn. Returns (turns, corners, count, levels, status): ``levels`` the
    ancestry the steps used, status DONE, SHALLOW (a step needs a level above the row's)
    or FULL (more than ``capacity`` tiles)."""
    width = start_row.shape[0]
    depth = (width - LEVELS) // 2
    rows = np.empty((capacity, width), dtype=np.int8)
    turns = np.empty(capacity, dtype=np.int64)
    corners = np.empty((capacity, 4), dtype=np.int64)
    if not _inside(shapes, start_turn, start_corner, box):
        return turns, corners, 0, 0, DONE
    slots = 1
    while slots < 2 * capacity:
        slots *= 2
    table = np.full(slots, -1, dtype=np.int64)
    for k in range(width):
        rows[0, k] = start_row[k]
    for k in range(4):
        corners[0, k] = start_corner[k]
    turns[0] = start_turn
    table[_hash(start_turn, start_corner, slots - 1)] = 0
    row = np.empty(width, dtype=np.int8)
    sub = np.empty(width, dtype=np.int64)
    here = np.empty(4, dtype=np.int64)
    corner = np.empty(4, dtype=np.int64)
    # pointers for the inlined step and placement: see ``_step_kernels.step``
    row_at, sub_at = data_pointer(row), data_pointer(sub)
    here_at, corner_at = data_pointer(here), data_pointer(corner)
    count, head, levels = 1, 0, 0
    while head < count:
        for k in range(4):
            here[k] = corners[head, k]
        changed = width  # entries of ``row`` the last step changed: restored before the next
        for edge in range(14):
            for k in range(changed):
                row[k] = rows[head, k]
            entry, changed = step(row_at, depth, edge, sub_at)
            if entry < 0:
                return turns, corners, count, levels, SHALLOW
            if changed > 1:  # a hexagon step, which used its parent's level and those below
                levels = max(levels, (changed - LEVELS) // 2 + 1)
            turn = _across(turns[head], here_at, edge, entry, shapes, edge_turn, corner_at)
            slot = _slot(table, turns, corners, turn, corner, slots - 1)
            if table[slot] >= 0 or not _inside(shapes, turn, corner, box):
                continue
            if count == capacity:
                return turns, corners, count, levels, FULL
            table[slot] = count
            for k in range(width):
                rows[count, k] = row[k]
            for k in range(4):
                corners[count, k] = corner[k]
            turns[count] = turn
            count += 1
        head += 1
    return turns, corners, count, levels, DONE


@njit(cache=True, nogil=True, inline="always")
def _root3_toward_zero(n):
    """n·√3 rounded towards zero, exactly (the float root corrected by one where off)."""
    square = 3 * n * n
    root = np.int64(np.sqrt(np.float64(square)))
    if root * root > square:
        root -= 1
    if (root + 1) * (root + 1) <= square:
        root += 1
    return -root if n < 0 else root


@njit(cache=True, nogil=True)
def places(turns, corners, count, shapes, x_shift, y_shift, unit):
    """The first ``count`` tiles' corners as the collection places them in integers,
    and exactly in floats ((count, 14, 2) each; see ``collection_grid._places``)."""
    at = np.empty((count, 14, 2), dtype=np.int64)
    xy = np.empty((count, 14, 2), dtype=np.float64)
    sqrt3, scale = np.sqrt(3.0), 2 * np.sqrt(2.0)
    for n in range(count):
        turn = turns[n]
        for k in range(14):
            c0 = corners[n, 0] + shapes[turn, k, 0]
            c1 = corners[n, 1] + shapes[turn, k, 1]
            c2 = corners[n, 2] + shapes[turn, k, 2]
            c3 = corners[n, 3] + shapes[turn, k, 3]
            # (a + b√3)/2 across and (c + d√3)/2 up, in half units
            a, b, c, d = 2 * c0 + c2, c1, 2 * c3 + c1, c2
            at[n, k, 0] = (x_shift + a) * unit + _root3_toward_zero(b * unit)
            at[n, k, 1] = (y_shift - c) * unit + _root3_toward_zero(-d * unit)
            xy[n, k, 0] = (a + b * sqrt3) / scale
            xy[n, k, 1] = -(c + d * sqrt3) / scale
    return at, xy
