"""Compiled kernels: the puzzle collection's serpentine kite walk over a hat tiling.

Why compiled: a hat grid of ``W`` × ``H`` walks about ``6WH`` kites, each a move of the
kite's address (``_kernels._locate``: a kitemap lookup, now and then a rewrite) and
of its four lattice points; in Python that was some 10^5 kites a second, and Loopy's
grids run to millions. The walk and what is kept are ``collection_grid``' (which says
what the collection does); the kite's points move by integer matrices, and a kept hat's
corners follow from its kite 0 by another (``collection_grid.KITE_MOVES``, ``OUTLINES``).
"""

import numpy as np
from numba import njit

from tilewright.aperiodic.hat._kernels import HAT, KITE, _locate
from tilewright.aperiodic.hat.geometry import (
    FORWARD_RIGHT,
    LEFT,
    REFLECTED_INDEX,
    REFLECTED_TYPE,
    RIGHT,
)

DONE, SHALLOW, FULL = 0, 1, 2
# a move of the walk is made from the kite before the last one when this bit is set
BEFORE = 4


@njit(cache=True, nogil=True, inline="always")
def _put(moves, n, pattern, times):
    """``pattern`` written ``times`` times into ``moves`` from ``n``; returns the end."""
    for _ in range(times):
        for move in pattern:
            moves[n] = move
            n += 1
    return n


@njit(cache=True, nogil=True)
def serpentine(width, height):
    """The collection's order over a ``width`` × ``height`` grid of kite squares, as the
    move to each kite after the first (``LEFT`` … ``FORWARD_RIGHT``, with ``BEFORE`` when
    it is made from the kite before the last).

    Rows run right along the upper side of a grid line, then left along its lower side,
    three kites a square; even rows start from a pointy kite end, odd rows from a
    right-angled one. Where a row turns, the next kite is not next to the last one but to
    the one before it."""
    moves = np.empty(6 * width * height + 4, dtype=np.int8)
    n = 0
    for y in range(height):
        if y % 2 == 0:
            n = _put(moves, n, (FORWARD_RIGHT, RIGHT, RIGHT), width - 1)
            n = _put(moves, n, (FORWARD_RIGHT, FORWARD_RIGHT, LEFT, BEFORE | RIGHT), 1)
            n = _put(moves, n, (FORWARD_RIGHT, RIGHT, RIGHT), width - 1)
            step_down = RIGHT
        else:
            n = _put(moves, n, (RIGHT, RIGHT, FORWARD_RIGHT), width - 1)
            n = _put(moves, n, (RIGHT, RIGHT, BEFORE | FORWARD_RIGHT, FORWARD_RIGHT), 1)
            n = _put(moves, n, (RIGHT, RIGHT, FORWARD_RIGHT), width - 1)
            step_down = LEFT
        if y + 1 < height:
            moves[n] = step_down
            n += 1
    return moves[:n]


@njit(cache=True, nogil=True, inline="always")
def _kept(kite, outline, x_most, y_most):
    """Whether every corner of the hat whose kite 0 is ``kite`` ((4, 2) lattice points),
    by ``outline`` ((14, 4)), lies in the box as the collection rounds it."""
    for c in range(outline.shape[0]):
        a = b = 0
        for i in range(4):
            a += outline[c, i] * kite[i, 0]
            b += outline[c, i] * kite[i, 1]
        # x is (2a + b)/3 rounded towards zero, as the collection divides
        x = abs(2 * a + b) // 3
        if (2 * a + b < 0 and x > 0) or x > x_most or not 0 <= b <= y_most:
            return False
    return True


@njit(cache=True, nogil=True)
def walk(moves, kite_moves, outlines, start, types, indices, walker, box, first_kite, capacity):
    """The hats the walk ``moves`` keeps, from the kite ``start`` ((4, 2) lattice points)
    at the address (``types``, ``indices``, ``walker``: see ``_kernels``): each kept
    hat's kite 0 and whether it is mirrored. ``box`` is the greatest x and y of a corner.

    Returns (kites (n, 4, 2), mirrored (n,), count, levels, status): ``levels`` the
    ancestry the moves used, status DONE, SHALLOW (a move needs a level above the
    address's) or FULL (more than ``capacity`` hats)."""
    depth = types.shape[0]
    # three kites: the last one, the one before it, and the next one
    kites = np.empty((3, 4, 2), dtype=np.int64)
    slot_types = np.empty((3, depth), dtype=np.int64)
    slot_indices = np.empty((3, indices.shape[0]), dtype=np.int64)
    slot_walkers = np.empty((3, walker.shape[0]), dtype=np.int64)
    saved = np.zeros((depth, 5), dtype=np.int64)
    found = np.empty((capacity, 4, 2), dtype=np.int64)
    mirrored = np.empty(capacity, dtype=np.bool_)
    for i in range(4):
        kites[0, i, 0], kites[0, i, 1] = start[i, 0], start[i, 1]
    for k in range(depth):
        slot_types[0, k] = types[k]
    for k in range(indices.shape[0]):
        slot_indices[0, k] = indices[k]
    for k in range(walker.shape[0]):
        slot_walkers[0, k] = walker[k]
    before = last = 0
    count, levels = 0, 0
    for n in range(-1, moves.shape[0]):
        if n < 0:
            new = 0  # the start kite
        else:
            # the slot neither of the two kites kept holds (they share one at the start)
            new = 3 - before - last if before != last else (last + 1) % 3
            source = before if moves[n] & BEFORE else last
            move = moves[n] & 3
            for j in range(4):
                for axis in range(2):
                    point = 0
                    for i in range(4):
                        point += kite_moves[move, j, i] * kites[source, i, axis]
                    kites[new, j, axis] = point
            for k in range(depth):
                slot_types[new, k] = slot_types[source, k]
            for k in range(indices.shape[0]):
                slot_indices[new, k] = slot_indices[source, k]
            for k in range(walker.shape[0]):
                slot_walkers[new, k] = slot_walkers[source, k]
            renamed = _locate(slot_types[new], slot_indices[new], slot_walkers[new], move, saved)
            if renamed == -2:
                return found, mirrored, count, levels, SHALLOW
            # the kitemap uses the level-1 metatile; a rewrite at level d, level d + 2
            levels = max(levels, 2 if renamed < 0 else renamed + 2)
            before, last = last, new
        if slot_walkers[new, KITE] != first_kite:
            continue
        reflected = (
            slot_types[new, 0] == REFLECTED_TYPE and slot_walkers[new, HAT] == REFLECTED_INDEX
        )
        if not _kept(kites[new], outlines[1 if reflected else 0], box[0], box[1]):
            continue
        if count == capacity:
            return found, mirrored, count, levels, FULL
        for i in range(4):
            found[count, i, 0], found[count, i, 1] = kites[new, i, 0], kites[new, i, 1]
        mirrored[count] = reflected
        count += 1
    return found, mirrored, count, levels, DONE


@njit(cache=True, nogil=True)
def places(kites, mirrored, count, outlines, x_unit, y_unit):
    """The first ``count`` hats' corners as the collection places them in integers, and
    exactly in floats ((count, 14, 2) each; see ``collection_grid.hats_grid``)."""
    corners = outlines.shape[1]
    at = np.empty((count, corners, 2), dtype=np.int64)
    xy = np.empty((count, corners, 2), dtype=np.float64)
    sqrt3 = np.sqrt(3.0)
    for n in range(count):
        outline = outlines[1 if mirrored[n] else 0]
        for c in range(corners):
            a = b = 0
            for i in range(4):
                a += outline[c, i] * kites[n, i, 0]
                b += outline[c, i] * kites[n, i, 1]
            # x is (2a + b)/3 rounded towards zero, as the collection divides
            x = 2 * a + b
            at[n, c, 0] = (-(-x // 3) if x < 0 else x // 3) * x_unit
            at[n, c, 1] = b * y_unit
            # a + b·e^{iπ/3}, scaled so that a hat's short sides are 1
            xy[n, c, 0] = (a + b / 2) / sqrt3
            xy[n, c, 1] = b * sqrt3 / 2 / sqrt3
    return at, xy
