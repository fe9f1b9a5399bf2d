"""Compiled kernels: the rectangles each clue may become, and deduction without guessing.

Why these rules: they are the ones a person uses, and each round of them costs one pass
over the live rectangles plus one over the grid, so a large puzzle is decided in a few
dozen cheap passes rather than by search. Round after round, until nothing changes:

1. a rectangle of clue k that covers a square already known to belong to another clue
   dies (counted in O(1) with a prefix sum of the known squares, because every live
   rectangle of k covers all of k's known squares);
2. a free square that only one clue's rectangles still cover must be covered by that
   clue: its rectangles that miss it die (how many rectangles, and of which clues, cover
   each square is summed with difference arrays of counts, ids and squared ids, which
   tell exactly whether all those ids are one: see ``_single_owner``);
3. the squares that all live rectangles of a clue share become known to be that clue's.

A clue with no rectangle left, or a square no clue can reach, is a contradiction; when
every clue has one rectangle left and they tile the grid, the solution is proven unique.

Arrays are made with ``np.empty`` and filled by loops, not ``np.zeros``, ``np.ones`` or
``fill``: each NumPy call is one more function for Numba to compile on a first run.
"""

import numpy as np

from tilewright.rectangles._jit import helper, inline, kernel

SOLVED, STALLED, CONTRADICTION = 0, 1, 2
# deduce_rounds' round limit that is no limit
UNTIL_DONE = -1


@kernel
def placements(height, width, clue_rows, clue_cols, clue_areas):
    """Every rectangle each clue may become: ``n`` squares, inside the grid, covering its
    clue and no other. Returns ``start`` (K + 1 offsets) and ``boxes`` (P, 4) int32 of
    top, left, height, width, grouped by clue."""
    count = clue_rows.shape[0]
    clues = np.empty((height + 1, width + 1), dtype=np.int32)
    _set(clues, 0)
    for k in range(count):
        clues[clue_rows[k] + 1, clue_cols[k] + 1] = 1
    for y in range(1, height + 1):
        for x in range(1, width + 1):
            clues[y, x] += clues[y - 1, x] + clues[y, x - 1] - clues[y - 1, x - 1]
    start = np.empty(count + 1, dtype=np.int64)  # every entry is set below
    boxes = np.empty((0, 4), dtype=np.int32)
    for sweep in range(2):
        total = 0
        for k in range(count):
            r, c, area = clue_rows[k], clue_cols[k], clue_areas[k]
            start[k] = total
            for rows in range(1, min(area, height) + 1):
                if area % rows or area // rows > width:
                    continue
                cols = area // rows
                for top in range(max(0, r - rows + 1), min(r, height - rows) + 1):
                    for left in range(max(0, c - cols + 1), min(c, width - cols) + 1):
                        inside = (
                            clues[top + rows, left + cols]
                            - clues[top, left + cols]
                            - clues[top + rows, left]
                            + clues[top, left]
                        )
                        if inside == 1:
                            if sweep == 1:
                                boxes[total, 0], boxes[total, 1] = top, left
                                boxes[total, 2], boxes[total, 3] = rows, cols
                            total += 1
        start[count] = total
        if sweep == 0:
            boxes = np.empty((total, 4), dtype=np.int32)
    return start, boxes


@inline
def _set(grid, value):
    # every entry of a 2-D array set to ``value``
    for y in range(grid.shape[0]):
        for x in range(grid.shape[1]):
            grid[y, x] = value


@inline
def _box_sum(prefix, top, left, rows, cols):
    return (
        prefix[top + rows, left + cols]
        - prefix[top, left + cols]
        - prefix[top + rows, left]
        + prefix[top, left]
    )


@helper
def _prefix_sums(grid):
    for y in range(grid.shape[0]):
        for x in range(grid.shape[1]):
            if y > 0:
                grid[y, x] += grid[y - 1, x]
            if x > 0:
                grid[y, x] += grid[y, x - 1]
            if y > 0 and x > 0:
                grid[y, x] -= grid[y - 1, x - 1]


@kernel
def deduce(height, width, clue_rows, clue_cols, start, boxes, alive, owner):
    """Apply the rules to the live rectangles (``alive``, uint8 per box, updated in place)
    until nothing changes. ``owner`` (H, W) int32 receives the clue each square is known to
    belong to, -1 where unknown. Returns SOLVED, STALLED or CONTRADICTION."""
    count = clue_rows.shape[0]
    _set(owner, -1)
    owned = np.empty(count, dtype=np.int64)
    for k in range(count):
        owner[clue_rows[k], clue_cols[k]] = k
        owned[k] = 1
    # int64, not the constant's literal type: the narrowing passes its own round count, and
    # one signature compiles deduce_rounds once for both
    return deduce_rounds(height, width, start, boxes, alive, owner, owned, np.int64(UNTIL_DONE))


@helper
def deduce_rounds(height, width, start, boxes, alive, owner, owned, rounds):
    """The rounds of ``deduce`` from what is known: ``owner`` (H, W) the clue each square is
    known to belong to (-1 where unknown) and ``owned`` how many squares each clue has
    there, all of them inside every live rectangle of that clue. Both are updated. Stops
    after ``rounds`` rounds (``UNTIL_DONE``: when nothing changes), STALLED if that left
    some clue with several rectangles."""
    count = start.shape[0] - 1
    known = np.empty((height + 1, width + 1), dtype=np.int64)
    cover = np.empty((3, height + 1, width + 1), dtype=np.int64)
    need = np.empty((count, 4), dtype=np.int64)
    changed = True
    while changed and rounds != 0:
        changed = False
        rounds -= 1
        # rule 1
        known_sums(known, owner)
        for k in range(count):
            live = 0
            for p in range(start[k], start[k + 1]):
                if not alive[p]:
                    continue
                if _box_sum(known, boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3]) > owned[k]:
                    alive[p] = 0
                    changed = True
                else:
                    live += 1
            if live == 0:
                return CONTRADICTION
        # rule 2, with the sums of ``sum_cover`` but of the live boxes only, and layers first:
        # each layer's running sums are then a pass over one array, 3% faster on 100x100
        # puzzles than ``sum_cover``'s layers last (measured)
        for layer in range(3):
            _set(cover[layer], 0)
        for k in range(count):
            for p in range(start[k], start[k + 1]):
                if alive[p]:
                    top, left = boxes[p, 0], boxes[p, 1]
                    bottom, right = top + boxes[p, 2], left + boxes[p, 3]
                    for layer, value in ((0, 1), (1, k), (2, k * k)):
                        cover[layer, top, left] += value
                        cover[layer, top, right] -= value
                        cover[layer, bottom, left] -= value
                        cover[layer, bottom, right] += value
        for layer in range(3):
            _running_sums(cover[layer])
        for k in range(count):
            need[k, 0], need[k, 1], need[k, 2], need[k, 3] = height, width, -1, -1
        for y in range(height):
            for x in range(width):
                if owner[y, x] >= 0:
                    continue
                k = _single_owner(cover[0, y, x], cover[1, y, x], cover[2, y, x])
                if k == -2:
                    return CONTRADICTION
                if k >= 0:
                    need[k, 0] = min(need[k, 0], y)
                    need[k, 1] = min(need[k, 1], x)
                    need[k, 2] = max(need[k, 2], y)
                    need[k, 3] = max(need[k, 3], x)
        for k in range(count):
            if need[k, 2] < 0:
                continue
            for p in range(start[k], start[k + 1]):
                if alive[p] and not (
                    boxes[p, 0] <= need[k, 0]
                    and boxes[p, 1] <= need[k, 1]
                    and boxes[p, 0] + boxes[p, 2] > need[k, 2]
                    and boxes[p, 1] + boxes[p, 3] > need[k, 3]
                ):
                    alive[p] = 0
                    changed = True
        # rule 3
        for k in range(count):
            top, left, bottom, right = 0, 0, height, width
            live = 0
            for p in range(start[k], start[k + 1]):
                if alive[p]:
                    live += 1
                    top = max(top, boxes[p, 0])
                    left = max(left, boxes[p, 1])
                    bottom = min(bottom, boxes[p, 0] + boxes[p, 2])
                    right = min(right, boxes[p, 1] + boxes[p, 3])
            if live == 0:
                return CONTRADICTION
            for y in range(top, bottom):
                for x in range(left, right):
                    if owner[y, x] < 0:
                        owner[y, x] = k
                        owned[k] += 1
                        changed = True
                    elif owner[y, x] != k:
                        return CONTRADICTION
    return _verdict(height, width, start, boxes, alive)


@helper
def known_sums(known, owner):
    """``known`` (H + 1, W + 1) becomes the prefix sums of the squares whose clue ``owner``
    knows: how many of them a box covers, in O(1) (rule 1)."""
    _set(known, 0)
    for y in range(owner.shape[0]):
        for x in range(owner.shape[1]):
            if owner[y, x] >= 0:
                known[y + 1, x + 1] = 1
    _prefix_sums(known)


@helper
def _running_sums(grid):
    # inverse of the difference array: grid[y, x] becomes the sum over grid[:y+1, :x+1]
    for y in range(grid.shape[0]):
        for x in range(1, grid.shape[1]):
            grid[y, x] += grid[y, x - 1]
    for y in range(1, grid.shape[0]):
        for x in range(grid.shape[1]):
            grid[y, x] += grid[y - 1, x]


@helper
def sum_cover(boxes, cover):
    """``cover`` (H + 1, W + 1, 3) becomes, per square, how many of ``boxes`` (top, left,
    rows, cols, clue) cover it, the sum of their clues and of their clues' squares (what
    ``_single_owner`` reads), by difference arrays summed. The three sums of a square lie
    together because the solver's and the rating's updates take all three at once."""
    for y in range(cover.shape[0]):
        for x in range(cover.shape[1]):
            cover[y, x, 0], cover[y, x, 1], cover[y, x, 2] = 0, 0, 0
    for p in range(boxes.shape[0]):
        k = np.int64(boxes[p, 4])
        top, left = boxes[p, 0], boxes[p, 1]
        bottom, right = top + boxes[p, 2], left + boxes[p, 3]
        for layer, value in ((0, np.int64(1)), (1, k), (2, k * k)):
            cover[top, left, layer] += value
            cover[top, right, layer] -= value
            cover[bottom, left, layer] -= value
            cover[bottom, right, layer] += value
    for y in range(cover.shape[0]):
        for x in range(cover.shape[1]):
            for layer in range(3):
                if x > 0:
                    cover[y, x, layer] += cover[y, x - 1, layer]
                if y > 0:
                    cover[y, x, layer] += cover[y - 1, x, layer]
                if x > 0 and y > 0:
                    cover[y, x, layer] -= cover[y - 1, x - 1, layer]


@inline
def _single_owner(count, ids, squares):
    """The clue whose rectangles alone cover a square, -1 if several clues' do, -2 if none.

    With n rectangles whose clue ids sum to s and whose squares sum to q, the ids are all
    equal to k = s / n exactly when s is a multiple of n and q = n·k², because
    Σ (id − k)² = q − n·k² when s = n·k. Everything stays far inside 64 bits.
    """
    if count == 0:
        return -2
    if ids % count:
        return -1
    k = ids // count
    return k if squares == count * k * k else -1


@helper
def _verdict(height, width, start, boxes, alive):
    # SOLVED only if every clue has one rectangle left and those tile the grid
    covered = np.empty((height, width), dtype=np.int32)
    _set(covered, 0)
    for k in range(start.shape[0] - 1):
        live, last = 0, -1
        for p in range(start[k], start[k + 1]):
            if alive[p]:
                live += 1
                last = p
        if live > 1:
            return STALLED
        if live == 0:
            return CONTRADICTION
        top, left = boxes[last, 0], boxes[last, 1]
        for y in range(top, top + boxes[last, 2]):
            for x in range(left, left + boxes[last, 3]):
                covered[y, x] += 1
    for y in range(height):
        for x in range(width):
            if covered[y, x] != 1:
                return CONTRADICTION
    return SOLVED
