"""Compiled kernels: where each clue may sit, narrowed until deduction proves the cut unique.

Why narrow clues rather than cut again: a cut whose clues are placed at random often has
two readings somewhere, and cutting those places again makes their rectangles smaller each
time, so puzzles repaired that way have many more, smaller rectangles than the cut the
seed's method made. The public puzzle collection keeps the cut and chooses the clues'
squares instead ("winnowing", in its ``rect.c``): every clue may sit on any square of its
rectangle, deduction runs over all those possibilities, and when it stalls, a wrong
rectangle that one clue could still become is ruled out by confining the clue of a
rectangle it overlaps to the overlap (a rectangle holding that clue's every possible
square would hold two clues). That never rules out the cut itself: a wrong rectangle of
one clue overlaps other rectangles, and another clue's squares always lie in its own
rectangle. The cut is changed only where no narrowing helps any more.

The squares a clue may still sit on, its *spot*, are always a box: at first a random box
of its rectangle at most ``side`` squares a side, then intersected with each wrong
rectangle it was confined to. (The collection starts from the whole rectangle; a spot of a
few squares gives narrowing nearly as much choice, while the rectangles each clue may
become, which every deduction pass looks at, grow with the spot: at 1000×1000 whole
rectangles are out of reach.) On top of ``deduce``'s rules, a rectangle of clue k dies if
it misses k's spot, or if it holds the whole spot of another clue.

Unlike the collection, which narrows one clue and deduces again, a step here narrows for
many stalled clues at once, each far from the others (the squares their rectangles span
do not meet): a whole-grid deduction per narrowing would make large puzzles quadratic,
and narrowings that far apart seldom make each other unneeded.
"""

import numpy as np

from tilewright.core._rng import below, shuffle
from tilewright.rectangles._deduce_kernels import (
    CONTRADICTION,
    SOLVED,
    _box_sum,
    _prefix_sums,
    _set,
    deduce_rounds,
)
from tilewright.rectangles._jit import helper, inline, kernel

TOP, LEFT, ROWS, COLS = 0, 1, 2, 3


@kernel
def narrow_clues(labels, rects, spots, side, clue, stats, slot, state):
    """Narrow the clues' spots until deduction proves the cut in ``labels`` unique.

    ``spots`` (N, 4) int64 holds each rectangle id's spot (top, left, rows, cols), kept
    between calls: what was narrowed stays narrowed. Adds the number of narrowings to
    ``stats[slot]`` and returns the ids whose clue is still left with several rectangles;
    when none is, ``clue`` holds a square of each id's spot, chosen at random. (One array
    back, not a tuple: a signal while Numba converts a tuple of arrays breaks the
    interpreter, see ``core.interrupts``.)
    """
    height, width = labels.shape
    ids = _live_ids(rects)
    count = ids.shape[0]
    mine = np.empty((count, 4), dtype=np.int64)
    areas = np.empty(count, dtype=np.int64)
    for k in range(count):
        rid = ids[k]
        for edge in range(4):
            mine[k, edge] = spots[rid, edge]
        areas[k] = np.int64(rects[rid, 2]) * rects[rid, 3]
    spot_of = np.empty((height, width), dtype=np.int32)
    _set(spot_of, -1)
    for k in range(count):
        _paint_spot(spot_of, mine, k, k)
    start, boxes = spot_placements(height, width, mine, areas, side)
    alive = np.empty(boxes.shape[0], dtype=np.uint8)
    for p in range(boxes.shape[0]):
        alive[p] = 1
    owner = np.empty((height, width), dtype=np.int32)
    _set(owner, -1)
    owned = np.empty(count, dtype=np.int64)
    for k in range(count):
        owned[k] = 0
    narrowed = 0
    while True:
        verdict = _deduce_spots(
            height, width, mine, side, start, boxes, alive, owner, owned, narrowed > 0
        )
        if verdict == CONTRADICTION:
            # the cut itself is always a solution and every rule is sound: a bug
            raise AssertionError("deduction contradicted a known solution")
        if verdict != SOLVED:
            step = _narrow_stalled(start, boxes, alive, mine, spot_of, state)
            narrowed += step
            if step > 0:
                continue
        if verdict != SOLVED:
            # a clue that deduction settled keeps one square of its spot: points cost a
            # fraction of the rectangles in the next round, and a smaller spot only ever
            # adds to what deduction finds
            for k in range(count):
                if _live(start, alive, k) == 1:
                    _shrink_to_square(mine, k, state)
        for k in range(count):
            for edge in range(4):
                spots[ids[k], edge] = mine[k, edge]
        if verdict == SOLVED:
            for rid in range(clue.shape[0]):
                clue[rid] = -1
            for k in range(count):
                _shrink_to_square(mine, k, state)
                clue[ids[k]] = mine[k, TOP] * width + mine[k, LEFT]
            stats[slot] += narrowed
            return ids[:0]
        stats[slot] += narrowed
        return ids[_stalled(start, alive)]


@kernel
def fresh_spots(rects, spots, side, state):
    """Every rectangle whose spot is not inside it (new, cut afresh, or reshaped by the
    removal of a 1×1 beside it) gets a new spot: a random box of it, at most ``side``
    squares a side."""
    for rid in range(rects.shape[0]):
        top, left, rows, cols = rects[rid, 0], rects[rid, 1], rects[rid, 2], rects[rid, 3]
        inside = (
            spots[rid, ROWS] > 0
            and top <= spots[rid, TOP]
            and left <= spots[rid, LEFT]
            and spots[rid, TOP] + spots[rid, ROWS] <= top + rows
            and spots[rid, LEFT] + spots[rid, COLS] <= left + cols
        )
        if rows > 0 and not inside:
            spots[rid, ROWS], spots[rid, COLS] = min(rows, side), min(cols, side)
            spots[rid, TOP] = top + below(state, rows - spots[rid, ROWS] + 1)
            spots[rid, LEFT] = left + below(state, cols - spots[rid, COLS] + 1)


@helper
def _live_ids(rects):
    count = 0
    for rid in range(rects.shape[0]):
        count += rects[rid, 2] > 0
    ids = np.empty(count, dtype=np.int64)
    k = 0
    for rid in range(rects.shape[0]):
        if rects[rid, 2] > 0:
            ids[k] = rid
            k += 1
    return ids


@inline
def _live(start, alive, k):
    live = 0
    for p in range(start[k], start[k + 1]):
        live += alive[p]
    return live


@inline
def _shrink_to_square(spots, k, state):
    # the spot becomes one of its squares, chosen at random
    pick = below(state, spots[k, ROWS] * spots[k, COLS])
    spots[k, TOP] += pick // spots[k, COLS]
    spots[k, LEFT] += pick % spots[k, COLS]
    spots[k, ROWS], spots[k, COLS] = 1, 1


@helper
def _stalled(start, alive):
    # the clues (positions in start) with more than one live rectangle
    stalled = np.empty(start.shape[0] - 1, dtype=np.int64)
    found = 0
    for k in range(start.shape[0] - 1):
        if _live(start, alive, k) > 1:
            stalled[found] = k
            found += 1
    return stalled[:found]


@helper
def spot_placements(height, width, spots, areas, side):
    """Every rectangle of each clue's area inside the grid that meets its spot and holds
    no other whole spot: ``start`` (K + 1 offsets) and ``boxes`` (P, 4) int32 of top,
    left, height, width by clue."""
    count = spots.shape[0]
    sums = _spot_sums(height, width, spots, side)
    start = np.empty(count + 1, dtype=np.int64)  # every entry is set below
    boxes = np.empty((0, 4), dtype=np.int32)
    for sweep in range(2):
        total = 0
        for k in range(count):
            top, left = spots[k, TOP], spots[k, LEFT]
            bottom, right = top + spots[k, ROWS], left + spots[k, COLS]
            area = areas[k]
            start[k] = total
            for rows in range(1, min(area, height) + 1):
                if area % rows or area // rows > width:
                    continue
                cols = area // rows
                for y in range(max(0, top - rows + 1), min(bottom - 1, height - rows) + 1):
                    for x in range(max(0, left - cols + 1), min(right - 1, width - cols) + 1):
                        if _holds_other(y, x, rows, cols, k, spots, sums, side):
                            continue
                        if sweep == 1:
                            boxes[total, 0], boxes[total, 1] = y, x
                            boxes[total, 2], boxes[total, 3] = rows, cols
                        total += 1
        start[count] = total
        if sweep == 0:
            boxes = np.empty((total, 4), dtype=np.int32)
    return start, boxes


@helper
def _spot_sums(height, width, spots, side):
    """Prefix sums of the spots' first squares: layer 0 over every spot, layer
    1 + (r − 1)·side + (c − 1) over the spots of shape r × c (at most ``side`` squares a
    side). A box of ``rows`` × ``cols`` holds a spot of shape r × c exactly when the
    spot's first square lies in its top-left (rows − r + 1) × (cols − c + 1), so the spots
    a box holds are counted exactly, and layer 0 clears most boxes with one sum."""
    sums = np.empty((1 + side * side, height + 1, width + 1), dtype=np.int32)
    for layer in range(sums.shape[0]):
        _set(sums[layer], 0)
    for k in range(spots.shape[0]):
        y, x = spots[k, TOP] + 1, spots[k, LEFT] + 1
        sums[0, y, x] += 1
        sums[1 + (spots[k, ROWS] - 1) * side + spots[k, COLS] - 1, y, x] += 1
    for layer in range(sums.shape[0]):
        _prefix_sums(sums[layer])
    return sums


@helper
def _deduce_spots(height, width, spots, side, start, boxes, alive, owner, owned, narrowed):
    """``deduce`` for clues that may sit anywhere in their spots: the rectangles that miss
    their own spot or hold another's (after ``narrowed`` spots) die first, then the
    usual rounds. ``owner`` and ``owned`` carry over from the last call: narrowing
    only ever removes solutions, so what was known stays true, and deduction starts from
    it rather than from nothing (a few passes instead of the whole chain again)."""
    count = spots.shape[0]
    if not narrowed:  # spot_placements made none of those
        return deduce_rounds(height, width, start, boxes, alive, owner, owned)
    sums = _spot_sums(height, width, spots, side)
    for k in range(count):
        for p in range(start[k], start[k + 1]):
            if not alive[p]:
                continue
            top, left, rows, cols = boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]
            if not _overlap(top, left, rows, cols, spots, k) or _holds_other(
                top, left, rows, cols, k, spots, sums, side
            ):
                alive[p] = 0
    return deduce_rounds(height, width, start, boxes, alive, owner, owned)


@inline
def _holds_other(top, left, rows, cols, k, spots, sums, side):
    """Whether the box holds the whole spot of a clue other than ``k``."""
    own_first = top <= spots[k, TOP] < top + rows and left <= spots[k, LEFT] < left + cols
    if _layer_sum(sums, 0, top, left, rows, cols) == (1 if own_first else 0):
        return False  # no other spot starts inside, so none lies inside
    own_inside = (
        own_first
        and spots[k, TOP] + spots[k, ROWS] <= top + rows
        and spots[k, LEFT] + spots[k, COLS] <= left + cols
    )
    own_layer = 1 + (spots[k, ROWS] - 1) * side + spots[k, COLS] - 1
    for r in range(1, min(rows, side) + 1):
        for c in range(1, min(cols, side) + 1):
            layer = 1 + (r - 1) * side + c - 1
            held = _layer_sum(sums, layer, top, left, rows - r + 1, cols - c + 1)
            if held > (1 if own_inside and layer == own_layer else 0):
                return True
    return False


@inline
def _layer_sum(sums, layer, top, left, rows, cols):
    return (
        sums[layer, top + rows, left + cols]
        - sums[layer, top, left + cols]
        - sums[layer, top + rows, left]
        + sums[layer, top, left]
    )


@inline
def _overlap(top, left, rows, cols, spots, k):
    return (
        top < spots[k, TOP] + spots[k, ROWS]
        and spots[k, TOP] < top + rows
        and left < spots[k, LEFT] + spots[k, COLS]
        and spots[k, LEFT] < left + cols
    )


@helper
def _narrow_stalled(start, boxes, alive, spots, spot_of, state):
    """Rule out one live rectangle of stalled clues, in random order, each overlapping
    other clues' spots, by confining one of those clues to the overlap. The rectangle is
    drawn in proportion to how many such squares it covers, and the square (hence the
    clue) uniformly among them, as the collection draws its (rectangle, square) pairs.

    A clue is skipped when the squares its live rectangles span meet those of a clue
    narrowed for earlier in this step: the collection deduces after each narrowing, and
    two narrowings that close together could both be unneeded, each cutting the other's
    choices. Returns how many clues were narrowed: 0 when no stalled clue's rectangle
    meets another's spot, and deduction cannot be helped this way."""
    height, width = spot_of.shape
    in_spots = np.empty((height + 1, width + 1), dtype=np.int64)
    _set(in_spots, 0)
    for y in range(height):
        for x in range(width):
            if spot_of[y, x] >= 0:
                in_spots[y + 1, x + 1] = 1
    _prefix_sums(in_spots)
    claimed = np.empty((height, width), dtype=np.uint8)
    _set(claimed, 0)
    order = _stalled(start, alive)
    shuffle(state, order)
    narrowed = 0
    for k in order:
        total = 0
        top, left, bottom, right = height, width, 0, 0
        for p in range(start[k], start[k + 1]):
            if alive[p]:
                total += _others(boxes, p, k, spots, in_spots)
                top, left = min(top, boxes[p, 0]), min(left, boxes[p, 1])
                bottom = max(bottom, boxes[p, 0] + boxes[p, 2])
                right = max(right, boxes[p, 1] + boxes[p, 3])
        if total == 0 or _any_claimed(claimed, top, left, bottom, right):
            continue
        pick = below(state, total)
        chosen = start[k]
        for p in range(start[k], start[k + 1]):
            if alive[p]:
                weight = _others(boxes, p, k, spots, in_spots)
                if pick < weight:
                    chosen = p
                    break
                pick -= weight
        if _confine_one(boxes, chosen, k, spots, spot_of, state):
            alive[chosen] = 0
            narrowed += 1
            for y in range(top, bottom):
                for x in range(left, right):
                    claimed[y, x] = 1
    return narrowed


@helper
def _any_claimed(claimed, top, left, bottom, right):
    for y in range(top, bottom):
        for x in range(left, right):
            if claimed[y, x]:
                return True
    return False


@inline
def _others(boxes, p, k, spots, in_spots):
    # squares of rectangle p in other clues' spots (as the spots were at the step's start)
    top, left, rows, cols = boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]
    mine = max(0, min(top + rows, spots[k, TOP] + spots[k, ROWS]) - max(top, spots[k, TOP])) * max(
        0, min(left + cols, spots[k, LEFT] + spots[k, COLS]) - max(left, spots[k, LEFT])
    )
    return _box_sum(in_spots, top, left, rows, cols) - mine


@helper
def _confine_one(boxes, p, k, spots, spot_of, state):
    """Confine the clue of a random square of rectangle ``p`` that lies in another clue's
    spot to ``p``; False if no square of ``p`` does any more."""
    top, left, rows, cols = boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]
    found = 0
    for y in range(top, top + rows):
        for x in range(left, left + cols):
            j = spot_of[y, x]
            if j >= 0 and j != k:
                found += 1
    if found == 0:
        return False
    pick = below(state, found)
    for y in range(top, top + rows):
        for x in range(left, left + cols):
            j = spot_of[y, x]
            if j >= 0 and j != k:
                if pick == 0:
                    _paint_spot(spot_of, spots, j, -1)
                    new_top = max(top, spots[j, TOP])
                    new_left = max(left, spots[j, LEFT])
                    spots[j, ROWS] = min(top + rows, spots[j, TOP] + spots[j, ROWS]) - new_top
                    spots[j, COLS] = min(left + cols, spots[j, LEFT] + spots[j, COLS]) - new_left
                    spots[j, TOP], spots[j, LEFT] = new_top, new_left
                    _paint_spot(spot_of, spots, j, j)
                    return True
                pick -= 1
    return False


@inline
def _paint_spot(spot_of, spots, k, value):
    for y in range(spots[k, TOP], spots[k, TOP] + spots[k, ROWS]):
        for x in range(spots[k, LEFT], spots[k, LEFT] + spots[k, COLS]):
            spot_of[y, x] = value
