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

As in the collection, one clue is narrowed at a time and deduction goes on from there
before the next. What makes that affordable on a large grid is that the deduction after a
narrowing is incremental: two rounds of ``deduce_rounds`` over the whole grid remove
most rectangles in bulk, and the rest is handed to the solver's kernels
(``_solve_kernels``), where a change is followed through the rectangles it removes, so a
narrowing costs what it changes, not a pass over the grid. (Before, each step narrowed
many far-apart clues at once and deduced over the whole grid again: at 1000×1000 that was
8 s a puzzle, with the rectangles listed again each step.)
"""

import numpy as np

from tilewright.core._rng import below, shuffle
from tilewright.rectangles._deduce_kernels import (
    CONTRADICTION,
    _box_sum,
    _prefix_sums,
    _set,
    deduce_rounds,
    known_sums,
)
from tilewright.rectangles._jit import helper, inline, kernel
from tilewright.rectangles._solve_kernels import (
    BUCKET,
    QUEUE_SIZE,
    REGISTERS,
    STAMP,
    TRAIL_WIDTH,
    _dequeue,
    _kill,
    _process,
    bucket_pass,
    bucket_size,
    start_state,
)

TOP, LEFT, ROWS, COLS = 0, 1, 2, 3
# rounds of whole-grid deduction before the rest is handed to the incremental kernels: the
# first rounds remove most rectangles cheaply in bulk, where the incremental kernels pay
# each removal's area (measured at 1000x1000: about 1.5 s a puzzle after one round, 1 s
# after two or three)
FULL_ROUNDS = 2
_BUG = "deduction contradicted a known solution"  # the cut is one, and every rule is sound


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
    cut = np.empty((count, 4), dtype=np.int64)
    areas = np.empty(count, dtype=np.int64)
    for k in range(count):
        rid = ids[k]
        for edge in range(4):
            mine[k, edge] = spots[rid, edge]
            cut[k, edge] = rects[rid, edge]
        areas[k] = cut[k, 2] * cut[k, 3]
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
    rounds = np.int64(FULL_ROUNDS)  # the type deduce passes: see there
    verdict = deduce_rounds(height, width, start, boxes, alive, owner, owned, rounds)
    if verdict == CONTRADICTION:
        raise AssertionError(_BUG)
    live, narrowed = _narrow(
        height, width, start, boxes, alive, owner, owned, mine, spot_of, cut, state
    )
    stats[slot] += narrowed
    stalled = np.empty(count, dtype=np.int64)
    found = 0
    for k in range(count):
        if live[k] > 1:
            stalled[found] = ids[k]
            found += 1
    for k in range(count):
        if found == 0 or live[k] == 1:
            # the clue goes on one square of its spot; while some clue is stalled, only
            # the settled ones do: points cost a fraction of the rectangles in the next
            # round, and a smaller spot only ever adds to what deduction finds
            _shrink_to_square(mine, k, state)
        for edge in range(4):
            spots[ids[k], edge] = mine[k, edge]
    if found == 0:
        for rid in range(clue.shape[0]):
            clue[rid] = -1
        for k in range(count):
            clue[ids[k]] = mine[k, TOP] * width + mine[k, LEFT]
    return stalled[:found]


@helper
def _narrow(height, width, start, boxes, alive, owner, owned, mine, spot_of, cut, state):
    """Narrow the stalled clues' spots one at a time, each followed by the deduction it
    allows, until every clue has one rectangle or no narrowing is left; the live
    rectangles count per clue and the number of narrowings.

    The deduction here is ``_solve_kernels``': what a narrowing changes is found through
    the rectangles it removes, so each costs what it changes, where a pass of
    ``deduce_rounds`` costs the whole grid. The few rounds before it remove most of the
    rectangles, cheaply in bulk; the rest are handed over here.
    """
    count = start.shape[0] - 1
    lstart, lboxes = _live_boxes(start, boxes, alive, owner, owned)
    total = lboxes.shape[0]
    most = 0
    for k in range(count):
        most = max(most, lstart[k + 1] - lstart[k])
    items = np.empty(total, dtype=np.int64)
    slot = np.empty(total, dtype=np.int64)
    live = np.empty(count, dtype=np.int64)
    core = _cores(owner, count)
    need = np.empty((count, 4), dtype=np.int64)
    queued = np.empty(count, dtype=np.uint8)
    queue = np.empty(count, dtype=np.int64)
    stamp = np.empty(count, dtype=np.int64)
    for k in range(count):
        stamp[k] = 0
    order = np.empty(count, dtype=np.int64)
    rank = np.empty(count, dtype=np.int64)
    first = np.empty(max(most + 2, 3), dtype=np.int64)
    cover = np.empty((height + 1, width + 1, 3), dtype=np.int64)
    trail = np.empty((0, TRAIL_WIDTH), dtype=np.int32)
    regs = np.empty(REGISTERS, dtype=np.int64)
    for r in range(REGISTERS):
        regs[r] = 0
    size = bucket_size(lboxes, lstart, height * width)
    columns = (width - 1) // size + 1
    bucket_start = np.empty(((height - 1) // size + 1) * columns + 1, dtype=np.int64)
    for b in range(bucket_start.shape[0]):
        bucket_start[b] = 0
    # np.bool_, not the constants' literal types: each literal would compile bucket_pass
    # once more (the solver calls it from Python, with a plain bool)
    nothing = np.empty(0, np.int32)
    bucket_pass(lboxes, lstart, size, columns, bucket_start, nothing, np.bool_(False))
    for b in range(1, bucket_start.shape[0]):
        bucket_start[b] += bucket_start[b - 1]
    bucket_clues = np.empty(bucket_start[-1], dtype=np.int32)
    bucket_pass(lboxes, lstart, size, columns, bucket_start, bucket_clues, np.bool_(True))
    if not start_state(lboxes, lstart, items, slot, live, need, queued, queue, order, rank,
                       first, owner, cover, regs):  # fmt: skip
        raise AssertionError(_BUG)
    regs[BUCKET] = size
    state_arrays = (
        lboxes, lstart, bucket_start, bucket_clues, items, slot, live, core, need, queued,
        queue, stamp, order, rank, first, owner, cover, trail, regs,
    )  # fmt: skip
    _settle(state_arrays)
    narrowed = 0
    while first[2] < count:
        stalled = np.empty(count - first[2], dtype=np.int64)
        for i in range(stalled.shape[0]):
            stalled[i] = order[first[2] + i]
        shuffle(state, stalled)
        step = 0
        for k in stalled:
            if live[k] < 2:
                continue  # settled by an earlier narrowing of this pass
            j = _confine_for(k, state_arrays, mine, spot_of, state)
            if j < 0:
                continue
            _spot_rule(j, state_arrays, mine)
            _settle(state_arrays)
            step += 1
        narrowed += step
        if step == 0:
            break
    for k in range(count):
        # the rules are sound, so what they leave a clue alone is its rectangle in the cut
        p = items[lstart[k]]
        if live[k] == 1 and not (
            lboxes[p, 0] == cut[k, 0]
            and lboxes[p, 1] == cut[k, 1]
            and lboxes[p, 2] == cut[k, 2]
            and lboxes[p, 3] == cut[k, 3]
        ):
            raise AssertionError(_BUG)
    return live, narrowed


@helper
def _live_boxes(start, boxes, alive, owner, owned):
    """The live boxes that cover no square known to be another clue's (rule 1, which the
    last round of ``deduce_rounds`` may not have applied to what it found), with their
    clue as a fifth column (``_solve_kernels``' layout), grouped by clue in their order:
    ``start`` and ``boxes``."""
    height, width = owner.shape
    count = start.shape[0] - 1
    known = np.empty((height + 1, width + 1), dtype=np.int64)
    known_sums(known, owner)
    for k in range(count):
        for p in range(start[k], start[k + 1]):
            if alive[p] and (
                _box_sum(known, boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]) > owned[k]
            ):
                alive[p] = 0
    total = 0
    for p in range(boxes.shape[0]):
        total += alive[p]
    lstart = np.empty(count + 1, dtype=np.int64)
    lboxes = np.empty((total, 5), dtype=np.int32)
    i = 0
    for k in range(count):
        lstart[k] = i
        for p in range(start[k], start[k + 1]):
            if alive[p]:
                for column in range(4):
                    lboxes[i, column] = boxes[p, column]
                lboxes[i, 4] = k
                i += 1
    lstart[count] = i
    return lstart, lboxes


@helper
def _cores(owner, count):
    # each clue's known squares, a box (empty: 0, 0, 0, 0), from the grid of owners
    height, width = owner.shape
    core = np.empty((count, 4), dtype=np.int64)
    for k in range(count):
        core[k, 0], core[k, 1], core[k, 2], core[k, 3] = height, width, 0, 0
    for y in range(height):
        for x in range(width):
            k = owner[y, x]
            if k >= 0:
                core[k, 0], core[k, 1] = min(core[k, 0], y), min(core[k, 1], x)
                core[k, 2], core[k, 3] = max(core[k, 2], y + 1), max(core[k, 3], x + 1)
    for k in range(count):
        if core[k, 2] == 0:
            core[k, 0], core[k, 1] = 0, 0
    return core


@helper
def _settle(state_arrays):
    """Apply the rules to every queued clue and what that changes, until nothing does."""
    (
        boxes, start, bucket_start, bucket_clues, items, slot, live, core, need, queued,
        queue, stamp, order, rank, first, owner, cover, trail, regs,
    ) = state_arrays  # fmt: skip
    while regs[QUEUE_SIZE] > 0:
        k = _dequeue(queue, regs)
        if not _process(k, boxes, start, bucket_start, bucket_clues, items, slot, live, core,
                        need, queued, queue, stamp, order, rank, first, owner, cover, trail,
                        regs):  # fmt: skip
            raise AssertionError(_BUG)


@helper
def _confine_for(k, state_arrays, mine, spot_of, state):
    """Rule out one live rectangle of clue ``k`` that overlaps other clues' spots, by
    confining one of those clues to the overlap; that clue, or -1 when no live rectangle
    of ``k`` meets another clue's spot (no narrowing can help ``k``). The rectangle is
    drawn in proportion to how many such squares it covers, and the square (hence the
    clue) uniformly among them, as the collection draws its (rectangle, square) pairs."""
    boxes, start, items, live = state_arrays[0], state_arrays[1], state_arrays[4], state_arrays[6]
    total = 0
    for i in range(start[k], start[k] + live[k]):
        total += _others(boxes, items[i], k, spot_of)
    if total == 0:
        return -1
    pick = below(state, total)
    chosen = items[start[k]]
    for i in range(start[k], start[k] + live[k]):
        weight = _others(boxes, items[i], k, spot_of)
        if pick < weight:
            chosen = items[i]
            break
        pick -= weight
    return _confine_one(boxes, chosen, k, mine, spot_of, state)


@helper
def _spot_rule(j, state_arrays, mine):
    """Clue ``j``'s spot has shrunk: its rectangles that miss the spot die, and so do the
    other clues' rectangles that now hold all of it (found through the bucket index)."""
    (
        boxes, start, bucket_start, bucket_clues, items, slot, live, _core, need, queued,
        queue, stamp, order, rank, first, owner, cover, trail, regs,
    ) = state_arrays  # fmt: skip
    top, left = mine[j, TOP], mine[j, LEFT]
    bottom, right = top + mine[j, ROWS], left + mine[j, COLS]
    i = start[j] + live[j] - 1
    while i >= start[j]:
        p = items[i]
        if not _overlap(boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3], mine, j) and not _kill(
            p, boxes, start, items, slot, live, order, rank, first, owner, cover, need, queued,
            queue, trail, regs,
        ):  # fmt: skip
            raise AssertionError(_BUG)
        i -= 1  # a removal swaps in a box from above i, already looked at
    size = regs[BUCKET]
    columns = (owner.shape[1] - 1) // size + 1
    regs[STAMP] += 1
    for by in range(top // size, (bottom - 1) // size + 1):
        for bx in range(left // size, (right - 1) // size + 1):
            b = by * columns + bx
            for e in range(bucket_start[b], bucket_start[b + 1]):
                c = bucket_clues[e]
                if c == j or stamp[c] == regs[STAMP]:
                    continue
                stamp[c] = regs[STAMP]
                i = start[c] + live[c] - 1
                while i >= start[c]:
                    p = items[i]
                    if (
                        boxes[p, 0] <= top
                        and boxes[p, 1] <= left
                        and boxes[p, 0] + boxes[p, 2] >= bottom
                        and boxes[p, 1] + boxes[p, 3] >= right
                    ) and not _kill(p, boxes, start, items, slot, live, order, rank, first,
                                    owner, cover, need, queued, queue, trail, regs):  # fmt: skip
                        raise AssertionError(_BUG)
                    i -= 1


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
def _shrink_to_square(spots, k, state):
    # the spot becomes one of its squares, chosen at random
    pick = below(state, spots[k, ROWS] * spots[k, COLS])
    spots[k, TOP] += pick // spots[k, COLS]
    spots[k, LEFT] += pick % spots[k, COLS]
    spots[k, ROWS], spots[k, COLS] = 1, 1


@helper
def spot_placements(height, width, spots, areas, side):
    """Every rectangle of each clue's area inside the grid that meets its spot and holds
    no other whole spot: ``start`` (K + 1 offsets) and ``boxes`` (P, 4) int32 of top,
    left, height, width by clue.

    Each candidate is tested once, its verdict kept in a byte, and the boxes are copied
    out in a second pass over the same candidates: at 1000×1000 about one in ten
    candidates is kept, so counting first and testing again would double the work."""
    count = spots.shape[0]
    firsts, shapes = _spot_sums(height, width, spots, side)
    first_shape, table = _shape_table(height, width, spots, areas)
    candidates = 0
    for i in range(table.shape[0]):
        candidates += (table[i, 3] - table[i, 2]) * (table[i, 5] - table[i, 4])
    kept = np.empty(candidates, dtype=np.uint8)
    c = 0
    for k in range(count):
        top, left = spots[k, TOP], spots[k, LEFT]
        for i in range(first_shape[k], first_shape[k + 1]):
            rows, cols, y0, y1, x0, x1 = _row(table, i)
            for y in range(y0, y1):
                for x in range(x0, x1):
                    # No other spot starts in the box: it holds none. One starts in the
                    # box less its last side − 1 rows and columns: it holds that one whole.
                    # Else only the shapes tell. (Written out here: as an inlined call,
                    # these lines made the loop over every candidate four times slower.)
                    own = 1 if y <= top < y + rows and x <= left < x + cols else 0
                    inner_rows, inner_cols = rows - side + 1, cols - side + 1
                    own_inner = y <= top < y + inner_rows and x <= left < x + inner_cols
                    if _box_sum(firsts, y, x, rows, cols) == own:
                        kept[c] = 1
                    elif (
                        inner_rows > 0
                        and inner_cols > 0
                        and _box_sum(firsts, y, x, inner_rows, inner_cols) > own_inner
                    ):
                        kept[c] = 0
                    else:
                        kept[c] = not _holds_other(y, x, rows, cols, k, spots, shapes, side)
                    c += 1
    total = 0
    for i in range(candidates):
        total += kept[i]
    start = np.empty(count + 1, dtype=np.int64)
    boxes = np.empty((total, 4), dtype=np.int32)
    total, c = 0, 0
    for k in range(count):
        start[k] = total
        for i in range(first_shape[k], first_shape[k + 1]):
            rows, cols, y0, y1, x0, x1 = _row(table, i)
            for y in range(y0, y1):
                for x in range(x0, x1):
                    if kept[c]:
                        boxes[total, 0], boxes[total, 1] = y, x
                        boxes[total, 2], boxes[total, 3] = rows, cols
                        total += 1
                    c += 1
    start[count] = total
    return start, boxes


@helper
def _shape_table(height, width, spots, areas):
    """Each clue's shapes (rows × cols of its area that fit the grid) with the top-left
    corners of those boxes that meet its spot, y0 <= y < y1 and x0 <= x < x1: offsets by
    clue, and a table of rows, cols, y0, y1, x0, x1 (a range may be empty)."""
    count = spots.shape[0]
    first_shape = np.empty(count + 1, dtype=np.int64)
    table = np.empty((0, 6), dtype=np.int64)
    for sweep in range(2):
        i = 0
        for k in range(count):
            first_shape[k] = i
            top, left = spots[k, TOP], spots[k, LEFT]
            for rows in range(1, min(areas[k], height) + 1):
                if areas[k] % rows or areas[k] // rows > width:
                    continue
                if sweep == 1:
                    cols = areas[k] // rows
                    y0, x0 = max(0, top - rows + 1), max(0, left - cols + 1)
                    table[i, 0], table[i, 1], table[i, 2], table[i, 4] = rows, cols, y0, x0
                    table[i, 3] = max(y0, min(top + spots[k, ROWS] - 1, height - rows) + 1)
                    table[i, 5] = max(x0, min(left + spots[k, COLS] - 1, width - cols) + 1)
                i += 1
        first_shape[count] = i
        if sweep == 0:
            table = np.empty((i, 6), dtype=np.int64)
    return first_shape, table


@inline
def _row(table, i):
    return table[i, 0], table[i, 1], table[i, 2], table[i, 3], table[i, 4], table[i, 5]


@helper
def _spot_sums(height, width, spots, side):
    """Prefix sums of the spots' first squares: ``firsts`` over every spot, and layer
    (r − 1)·side + (c − 1) of ``shapes`` over the spots of shape r × c (at most ``side``
    squares a side). A box of ``rows`` × ``cols`` holds a spot of shape r × c exactly when
    the spot's first square lies in its top-left (rows − r + 1) × (cols − c + 1), so the
    spots a box holds are counted exactly; ``firsts`` alone, a quarter of the memory,
    settles nearly every box (see ``spot_placements``)."""
    firsts = np.empty((height + 1, width + 1), dtype=np.int32)
    _set(firsts, 0)
    shapes = np.empty((height + 1, width + 1, side * side), dtype=np.int32)
    for y in range(height + 1):
        for x in range(width + 1):
            for layer in range(side * side):
                shapes[y, x, layer] = 0
    for k in range(spots.shape[0]):
        y, x = spots[k, TOP] + 1, spots[k, LEFT] + 1
        firsts[y, x] += 1
        shapes[y, x, (spots[k, ROWS] - 1) * side + spots[k, COLS] - 1] += 1
    _prefix_sums(firsts)
    for y in range(1, height + 1):
        for x in range(1, width + 1):
            for layer in range(side * side):
                shapes[y, x, layer] += (
                    shapes[y - 1, x, layer] + shapes[y, x - 1, layer] - shapes[y - 1, x - 1, layer]
                )
    return firsts, shapes


@helper
def _holds_other(top, left, rows, cols, k, spots, shapes, side):
    """Whether the box holds the whole spot of a clue other than ``k``, counted exactly
    over the spots' shapes (``spot_placements`` settles most boxes before they get here)."""
    own_inside = (
        top <= spots[k, TOP]
        and left <= spots[k, LEFT]
        and spots[k, TOP] + spots[k, ROWS] <= top + rows
        and spots[k, LEFT] + spots[k, COLS] <= left + cols
    )
    own_layer = (spots[k, ROWS] - 1) * side + spots[k, COLS] - 1
    for r in range(1, min(rows, side) + 1):
        for c in range(1, min(cols, side) + 1):
            layer = (r - 1) * side + c - 1
            held = _layer_sum(shapes, layer, top, left, rows - r + 1, cols - c + 1)
            if held > (1 if own_inside and layer == own_layer else 0):
                return True
    return False


@inline
def _layer_sum(sums, layer, top, left, rows, cols):
    return (
        sums[top + rows, left + cols, layer]
        - sums[top, left + cols, layer]
        - sums[top + rows, left, layer]
        + sums[top, left, layer]
    )


@inline
def _overlap(top, left, rows, cols, spots, k):
    return (
        top < spots[k, TOP] + spots[k, ROWS]
        and spots[k, TOP] < top + rows
        and left < spots[k, LEFT] + spots[k, COLS]
        and spots[k, LEFT] < left + cols
    )


@inline
def _others(boxes, p, k, spot_of):
    # squares of rectangle p in spots of clues other than k
    found = 0
    for y in range(boxes[p, 0], boxes[p, 0] + boxes[p, 2]):
        for x in range(boxes[p, 1], boxes[p, 1] + boxes[p, 3]):
            found += spot_of[y, x] >= 0 and spot_of[y, x] != k
    return found


@helper
def _confine_one(boxes, p, k, spots, spot_of, state):
    """Confine the clue of a random square of rectangle ``p`` that lies in another clue's
    spot to ``p``; that clue, or -1 if no square of ``p`` lies in another's spot."""
    top, left, rows, cols = boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]
    found = 0
    for y in range(top, top + rows):
        for x in range(left, left + cols):
            j = spot_of[y, x]
            if j >= 0 and j != k:
                found += 1
    if found == 0:
        return -1
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
                    return np.int64(j)
                pick -= 1
    return -1


@inline
def _paint_spot(spot_of, spots, k, value):
    for y in range(spots[k, TOP], spots[k, TOP] + spots[k, ROWS]):
        for x in range(spots[k, LEFT], spots[k, LEFT] + spots[k, COLS]):
            spot_of[y, x] = value
