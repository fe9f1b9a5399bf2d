"""Compiled generators that build a maze one row at a time: Eller, sidewinder, binary tree.

Each kernel fills a *band* — ``south[k, W]`` and ``east[k, W]`` for k consecutive rows — and
keeps everything it needs for the next band in small arrays the caller holds, so memory is
O(width) however tall the maze. Random numbers are drawn in row order, so the maze does not
depend on how the rows are split into bands.

Sidewinder and binary tree open passages *north*, as the classic versions do (corridor along
the top), but a band is written top-down and row r's south wall is decided by row r+1's
northward openings. So each kernel looks one row ahead: while emitting row r it draws row
r+1, keeping row r+1's east passages for the next call.
"""

import numpy as np
from numba import njit

from tilewright.core._rng import below, chance_threshold, next_u64, uniform
from tilewright.core._unionfind import find, union_roots


@njit(cache=True, nogil=True)
def eller_band(rng, labels, first_row, height, join, down, south, east):
    """Eller's algorithm (Eller 1982; Pullen, *Think Labyrinth*) for rows
    ``first_row .. first_row + k - 1``.

    ``labels[c]`` names the set of row ``first_row``'s cell c (cells joined through earlier
    rows share a label). In each row: join neighbours of different sets with probability
    ``join`` (all of them in the last row, which closes every set); then open at least one
    passage down from every set — one cell chosen uniformly, others with probability
    ``down`` — so no set is cut off; cells with no passage from above start new sets.
    Labels are renumbered 0..W-1 every row, so a union–find over W labels suffices.

    The two probabilities set the texture. Joins only happen between different sets, so
    equal probabilities leave the maze mostly vertical; the defaults (join 0.6, down 0.33)
    were measured to give as many east–west as north–south passages.
    """
    width = labels.shape[0]
    parent = np.empty(width, dtype=np.int32)
    roots = np.empty(width, dtype=np.int32)
    members = np.empty(width, dtype=np.int32)
    chosen = np.empty(width, dtype=np.int32)
    relabel = np.empty(width, dtype=np.int32)
    join_below = chance_threshold(join)
    down_below = chance_threshold(down)
    for i in range(south.shape[0]):
        row = first_row + i
        last = row == height - 1
        for c in range(width):  # loops, not slice fills: they compile seconds faster
            parent[c] = -1
        a = labels[0]  # the root of cell c's set, carried along the row
        for c in range(width - 1):
            b = find(parent, labels[c + 1])
            if a != b and (last or next_u64(rng) < join_below):
                b = union_roots(parent, a, b)
                east[i, c] = True
            a = b
        if last:
            break
        for c in range(width):
            roots[c] = find(parent, labels[c])
        for c in range(width):
            members[c] = 0
        for c in range(width):
            root = roots[c]
            members[root] += 1
            # Reservoir sampling: each cell of a set ends up chosen with equal chance.
            if members[root] == 1 or below(rng, members[root]) == 0:
                chosen[root] = c
        for c in range(width):
            relabel[c] = -1
        fresh = 0
        for c in range(width):
            root = roots[c]
            if chosen[root] == c or next_u64(rng) < down_below:
                south[i, c] = True
                if relabel[root] < 0:
                    relabel[root] = fresh
                    fresh += 1
                labels[c] = relabel[root]
            else:
                labels[c] = -1
        for c in range(width):
            if labels[c] < 0:
                labels[c] = fresh
                fresh += 1


# Inlined: compiled into its callers, whose cache holds it (a cache of its own would stay
# empty and make it look uncompiled to `tilewright warm`).
@njit(nogil=True, inline="always")
def _enter_row(next_east, east, i, row, height):
    """Give row ``i`` of the band (the maze's ``row``) the east passages drawn with the row
    above it; True for the maze's last row, below which there is no row to draw."""
    for c in range(next_east.shape[0]):  # a loop, not a slice copy: compiles seconds faster
        east[i, c] = next_east[c]
    return row == height - 1


@njit(cache=True, nogil=True)
def sidewinder_band(rng, next_east, first_row, height, bias, south, east):
    """Sidewinder (Buck, *Mazes for Programmers*, ch. 2): each row is cut into runs; a run
    grows east, and when it closes (probability ``bias`` per cell, always at the east edge)
    one random cell of it opens north. The top row is one corridor.

    ``next_east`` holds the east passages of row ``first_row``, drawn with the row above.
    """
    width = next_east.shape[0]
    for i in range(south.shape[0]):
        if _enter_row(next_east, east, i, first_row + i, height):
            break
        run_start = 0
        for c in range(width):
            if c == width - 1 or uniform(rng) < bias:
                south[i, run_start + below(rng, c - run_start + 1)] = True
                next_east[c] = False
                run_start = c + 1
            else:
                next_east[c] = True


@njit(cache=True, nogil=True)
def binary_tree_band(rng, next_east, first_row, height, bias, south, east):
    """Binary tree: every cell opens north (probability ``bias``) or east; cells on the top
    row can only go east and cells in the east column only north. O(1) memory per cell, no
    state beyond one row, and a strong diagonal texture with 25 % dead ends.

    ``next_east`` as for :func:`sidewinder_band`.
    """
    width = next_east.shape[0]
    for i in range(south.shape[0]):
        if _enter_row(next_east, east, i, first_row + i, height):
            break
        for c in range(width):
            north = c == width - 1 or uniform(rng) < bias
            south[i, c] = north
            next_east[c] = not north


@njit(cache=True, nogil=True)
def recursive_division(rng, width, height):
    """Recursive division (Buck, *Mazes for Programmers*, ch. 12): start with no walls and
    split each chamber by a wall with one gap, across its longer side, until chambers are one
    cell thin. Each wall joins two connected halves through exactly one gap, so the result is
    a perfect maze; it is the only classic algorithm that adds walls instead of passages.

    Returns ``connection_list`` (2, H, W). Chambers wait on an explicit stack; depth-first,
    it never holds more than ``width + height`` of them.
    """
    passages = np.zeros((2, height, width), dtype=np.bool_)
    for y in range(height):  # loops, not slice fills: they compile seconds faster
        for x in range(width):
            passages[0, y, x] = y < height - 1
            passages[1, y, x] = x < width - 1
    stack = np.empty((width + height + 2, 4), dtype=np.int64)
    stack[0, 0] = 0
    stack[0, 1] = 0
    stack[0, 2] = height
    stack[0, 3] = width
    top = 1
    while top > 0:
        top -= 1
        r, c, h, w = stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3]
        if h < 2 or w < 2:
            continue
        horizontal = h > w or (h == w and below(rng, 2) == 0)
        if horizontal:
            wall = r + below(rng, h - 1)  # the wall runs below this row
            gap = c + below(rng, w)
            for x in range(c, c + w):
                passages[0, wall, x] = x == gap
            stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3] = r, c, wall - r + 1, w
            top += 1
            stack[top, 0], stack[top, 1] = wall + 1, c
            stack[top, 2], stack[top, 3] = r + h - wall - 1, w
            top += 1
        else:
            wall = c + below(rng, w - 1)  # the wall runs east of this column
            gap = r + below(rng, h)
            for y in range(r, r + h):
                passages[1, y, wall] = y == gap
            stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3] = r, c, h, wall - c + 1
            top += 1
            stack[top, 0], stack[top, 1] = r, wall + 1
            stack[top, 2], stack[top, 3] = h, c + w - wall - 1
            top += 1
    return passages
