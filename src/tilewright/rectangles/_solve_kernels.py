"""Compiled kernels of the complete solver: incremental deduction, undone from a trail,
inside a depth-first search that can stop after any step and carry on where it stopped.

Why incremental: ``deduce`` passes over every live rectangle and every square until
nothing changes. Run afresh after each guess on a copy of the whole state, a search costs
O(guesses × puzzle) time and memory, and a long strip of two-way choices
(``2x60000:2b2_2b2_…``) needs a guess on every clue. The solver runs ``deduce`` once, on
the whole puzzle, and hands what is left to these kernels, where a guess touches only what
it can change:

* The rules are the three of ``_deduce_kernels`` (a rectangle covering another clue's known
  square dies; a free square only one clue still reaches must be that clue's; the squares
  all of a clue's rectangles share are known to be its). Each only ever removes rectangles
  or adds known squares, and removing more never brings one back, so applying them in any
  order until nothing changes reaches the same end (the largest set of rectangles the rules
  leave standing), and a contradiction found in one order is found in every order. So the
  verdicts are exactly ``deduce``'s; only the bookkeeping differs.
* Each clue's live rectangles are kept first in its slice of ``items`` (swap on removal,
  swap back on undo), so looking at a clue costs its live rectangles, not all it had.
* Per square, the number of live rectangles covering it and the sums of their clue ids and
  of the squared ids (rule 2's test, ``_single_owner``) are updated when a rectangle dies:
  O(its area), and only its squares can change their verdict.
* The squares a clue knows are always the intersection ("core") of its live rectangles, a
  rectangle; when it grows, the clues that could reach the new squares are found through a
  coarse index of buckets (each bucket lists every clue with a rectangle touching it, built
  once from the bounding box of each clue's rectangles of one shape).
* A work queue holds the clues that lost rectangles or gained a forced square; each is
  looked at once per change, so a guess costs what it removes.
* The generator's narrowing (``_narrow_kernels``) runs these same kernels for clues that
  may still sit on any square of a small box: there a core may be empty (the live
  rectangles share no square yet), and no trail is kept, since it never undoes.
* Every change is written to a trail (a rectangle removed, a core grown) and undone in
  reverse order, which restores the state exactly: no copies.

The search guesses on a clue with the fewest live rectangles (at least two; clues are kept
sorted by that count, so the choice is O(1)), tries each of them in turn, and undoes to the
mark before the next. Every solution of the node uses exactly one of those rectangles, so
the branches split the solutions without overlap or loss: each solution is found once, and
an exhausted search proves there are no more. ``search`` returns after about
``slice_work`` steps (squares and rectangles visited, plus ``STEP_COST`` per search step
and removal) so that the Python loop around it can answer Ctrl-C; all its state lives in
the arrays passed in.

Loops rather than slice assignments and NumPy calls: each of those is one more function
for Numba to compile on a first run (a slice copy alone, with its error message for
mismatched shapes, took longer to compile than the kernel around it).
"""

import numpy as np

from tilewright.rectangles._deduce_kernels import _single_owner, placements, sum_cover
from tilewright.rectangles._jit import helper, inline, kernel

# what ``search`` returns
RUNNING, SOLUTION, EXHAUSTED, OUT_OF_GUESSES = 0, 1, 2, 3
# slots of the ``regs`` array that carries the scalar state between calls
PHASE, HEAD, QUEUE_SIZE, TRAIL_TOP, DEPTH, GUESSES, MAX_GUESSES, WORK, STAMP, BUCKET = range(10)
REGISTERS = 10
# phases of the search
_PROPAGATE, _GUESS, _TRY, _BACKTRACK, _DONE = range(5)
# kinds of trail record: (kind, box, its slot) or (kind, clue, old core top, left, bottom, right)
_KILL, _CORE = 0, 1
TRAIL_WIDTH = 6
FRAME_WIDTH = 4
# the steps charged for the fixed cost of a search step and of removing a box (scattered
# memory accesses: about as long as visiting this many squares)
STEP_COST = 32
# the clue index may hold this many entries per rectangle and square before its buckets
# grow (puzzles of a few huge clues would otherwise list each clue on very many squares)
BUCKET_ENTRIES = 4


@kernel
def boxes_with_clues(height, width, clue_rows, clue_cols, clue_areas):
    """``placements`` as one (P, 5) int32 array: top, left, height, width, clue."""
    start, boxes = placements(height, width, clue_rows, clue_cols, clue_areas)
    out = np.empty((boxes.shape[0], 5), dtype=np.int32)
    for k in range(start.shape[0] - 1):
        for p in range(start[k], start[k + 1]):
            out[p, 0], out[p, 1], out[p, 2], out[p, 3] = (
                boxes[p, 0],
                boxes[p, 1],
                boxes[p, 2],
                boxes[p, 3],
            )
            out[p, 4] = k
    return out


@kernel
def bucket_size(boxes, start, cells):
    """The side of the index's buckets: the smallest power of two whose index holds at
    most ``BUCKET_ENTRIES`` entries per box and square (at the size of the grid each shape
    of each clue is one entry, so this ends)."""
    size = np.int64(1)  # not the literal 1, for which bucket_estimate would compile twice
    while bucket_estimate(boxes, start, size) > BUCKET_ENTRIES * (boxes.shape[0] + cells):
        size *= 2
    return size


@kernel
def bucket_estimate(boxes, start, size):
    """An upper bound of the entries of the bucket index with ``size`` × ``size`` buckets,
    found in O(shapes) time, to choose the size before building."""
    total = 0
    for k in range(start.shape[0] - 1):
        p = start[k]
        while p < start[k + 1]:
            q, top, left, bottom, right = _shape_run(boxes, start[k + 1], p)
            rows = (bottom - 1) // size - top // size + 1
            total += rows * ((right - 1) // size - left // size + 1)
            p = q
    return total


@kernel
def bucket_pass(boxes, start, size, columns, bucket_start, bucket_clues, fill):
    """Count (``fill`` false: into ``bucket_start[b + 1]``) or write (``fill`` true: into
    ``bucket_clues`` from the offsets ``bucket_start``) the clues of every bucket; bucket
    ``b`` holds the squares of bucket row ``b // columns`` and column ``b % columns``."""
    last = np.empty(bucket_start.shape[0] - 1, dtype=np.int64)
    cursor = np.empty(bucket_start.shape[0] - 1, dtype=np.int64)
    for b in range(last.shape[0]):
        last[b], cursor[b] = -1, bucket_start[b]
    for k in range(start.shape[0] - 1):
        p = start[k]
        while p < start[k + 1]:
            q, top, left, bottom, right = _shape_run(boxes, start[k + 1], p)
            for by in range(top // size, (bottom - 1) // size + 1):
                for bx in range(left // size, (right - 1) // size + 1):
                    b = by * columns + bx
                    if last[b] == k:
                        continue  # listed already for another shape of this clue
                    last[b] = k
                    if fill:
                        bucket_clues[cursor[b]] = k
                        cursor[b] += 1
                    else:
                        bucket_start[b + 1] += 1
            p = q


@inline
def _shape_run(boxes, end, p):
    # the boxes p, p + 1, ... before ``end`` that share box p's shape (``placements`` lists
    # them together): the first box after them and their bounding box (bottom, right open)
    rows, cols = boxes[p, 2], boxes[p, 3]
    top, left = boxes[p, 0], boxes[p, 1]
    bottom, right = top + rows, left + cols
    q = p + 1
    while q < end and boxes[q, 2] == rows and boxes[q, 3] == cols:
        top, left = min(top, boxes[q, 0]), min(left, boxes[q, 1])
        bottom, right = max(bottom, boxes[q, 0] + rows), max(right, boxes[q, 1] + cols)
        q += 1
    return q, top, left, bottom, right


@kernel
def prepare(
    clue_rows, clue_cols, boxes, start, items, slot, live, core, need, queued, queue,
    order, rank, first, owner, cover, regs,
):  # fmt: skip
    """Fill the search state for the root: every box live, each clue knowing its own square,
    ``cover`` (H + 1, W + 1, 3) summed with difference arrays, every clue queued and the
    forced squares noted. ``first`` has one entry per live count 0 … max + 1. The caller
    sets ``regs[MAX_GUESSES]`` and ``regs[BUCKET]``; the rest of ``regs`` is set here."""
    height, width = owner.shape
    for y in range(height):
        for x in range(width):
            owner[y, x] = -1
    for k in range(start.shape[0] - 1):
        r, c = clue_rows[k], clue_cols[k]
        owner[r, c] = k
        core[k, 0], core[k, 1], core[k, 2], core[k, 3] = r, c, r + 1, c + 1
    if not start_state(boxes, start, items, slot, live, need, queued, queue, order, rank,
                       first, owner, cover, regs):  # fmt: skip
        regs[PHASE] = _DONE  # a square no clue reaches: no solution at all


@helper
def start_state(
    boxes, start, items, slot, live, need, queued, queue, order, rank, first, owner, cover, regs
):
    """The state around what is known (``owner``, and each clue's ``core``, set by the
    caller): every box of ``boxes`` live, the clues sorted by their number of boxes,
    ``cover`` summed, the forced squares noted and every clue queued. False if some free
    square no box covers."""
    height, width = owner.shape
    count = start.shape[0] - 1
    for p in range(boxes.shape[0]):
        items[p] = p
        slot[p] = p
    # counting sort of the clues by their number of boxes
    for c in range(first.shape[0]):
        first[c] = 0
    for k in range(count):
        live[k] = start[k + 1] - start[k]
        first[live[k] + 1] += 1
    for c in range(1, first.shape[0]):
        first[c] += first[c - 1]
    place = np.empty(first.shape[0], dtype=np.int64)
    for c in range(first.shape[0]):
        place[c] = first[c]
    for k in range(count):
        order[place[live[k]]] = k
        rank[k] = place[live[k]]
        place[live[k]] += 1
        _forget_need(k, need, height, width)
        queued[k] = 0
    sum_cover(boxes, cover)
    for slot_index in (HEAD, QUEUE_SIZE, TRAIL_TOP, DEPTH, GUESSES, WORK, STAMP):
        regs[slot_index] = 0
    regs[PHASE] = _PROPAGATE
    for y in range(height):
        for x in range(width):
            if owner[y, x] >= 0:
                continue
            if cover[y, x, 0] == 0:
                return False
            k = _single_owner(cover[y, x, 0], cover[y, x, 1], cover[y, x, 2])
            if k >= 0:
                _add_need(k, y, x, need)
                _enqueue(k, queued, queue, regs)
    for k in range(count):
        _enqueue(k, queued, queue, regs)
    return True


@kernel
def search(
    boxes, start, bucket_start, bucket_clues, items, slot, live, core, need, queued, queue,
    stamp, order, rank, first, owner, cover, trail, frames, regs, slice_work,
):  # fmt: skip
    """Run the search for about ``slice_work`` steps from where the last call stopped.

    Returns SOLUTION (the live boxes, one per clue, are a solution: read them before the
    next call), EXHAUSTED (no more solutions), OUT_OF_GUESSES (the next guess would pass
    ``regs[MAX_GUESSES]``) or RUNNING (call again).
    """
    count = start.shape[0] - 1
    regs[WORK] = 0
    while regs[WORK] < slice_work:
        regs[WORK] += STEP_COST
        phase = regs[PHASE]
        if phase == _PROPAGATE:
            if regs[QUEUE_SIZE] == 0:
                if first[2] == count:
                    # every clue has one box and the rules hold: they tile the grid
                    regs[PHASE] = _BACKTRACK
                    return SOLUTION
                regs[PHASE] = _GUESS
                continue
            k = _dequeue(queue, regs)
            if not _process(
                k, boxes, start, bucket_start, bucket_clues, items, slot, live, core, need,
                queued, queue, stamp, order, rank, first, owner, cover, trail, regs,
            ):  # fmt: skip
                _clear_queue(k, queued, need, queue, regs, owner.shape)
                regs[PHASE] = _BACKTRACK
        elif phase == _GUESS:
            k = _choose(order, first)
            depth = regs[DEPTH]
            frames[depth, 0], frames[depth, 1] = k, 0
            frames[depth, 2], frames[depth, 3] = live[k], regs[TRAIL_TOP]
            regs[DEPTH] = depth + 1
            regs[PHASE] = _TRY
        elif phase == _BACKTRACK:
            if regs[DEPTH] == 0:
                regs[PHASE] = _DONE
                return EXHAUSTED
            regs[PHASE] = _TRY
        elif phase == _TRY:
            depth = regs[DEPTH] - 1
            k, tried, choices, mark = (
                frames[depth, 0],
                frames[depth, 1],
                frames[depth, 2],
                frames[depth, 3],
            )
            if not _undo(mark, slice_work, boxes, start, items, slot, live, core, order, rank,
                         first, owner, cover, trail, regs):  # fmt: skip
                continue  # out of steps in the middle of undoing: carry on next call
            if tried == choices:
                regs[DEPTH] = depth
                regs[PHASE] = _BACKTRACK
                continue
            if regs[GUESSES] >= regs[MAX_GUESSES]:
                return OUT_OF_GUESSES
            regs[GUESSES] += 1
            frames[depth, 1] = tried + 1
            # the undo restored the order of k's boxes, so ``tried`` names the same box
            keep = items[start[k] + tried]
            fine = True
            i = start[k] + live[k] - 1
            while fine and i >= start[k]:
                if items[i] != keep:
                    fine = _kill(items[i], boxes, start, items, slot, live, order, rank, first,
                                 owner, cover, need, queued, queue, trail, regs)  # fmt: skip
                i -= 1
            if fine:
                regs[PHASE] = _PROPAGATE
            else:
                _clear_queue(k, queued, need, queue, regs, owner.shape)
                regs[PHASE] = _BACKTRACK
        else:
            return EXHAUSTED
    return RUNNING


@inline
def _choose(order, first):
    # The fewest live boxes (at least two): clues are sorted by that count. Of those, the
    # one whose count dropped last, near what the last guess changed: the search follows
    # the consequences of its guesses (where a contradiction forms) instead of jumping to
    # the lowest-numbered clue, which may lie in an unrelated part of the puzzle.
    for count in range(2, first.shape[0] - 1):
        if first[count + 1] > first[count]:
            return order[first[count + 1] - 1]
    return -1  # not reached: the search guesses only while some clue has several boxes


@kernel
def fill_regions(boxes, start, items, regions):
    """Write into ``regions`` (H, W) the clue of every square, from each clue's first live
    box (its only one when ``search`` has just returned SOLUTION)."""
    for k in range(start.shape[0] - 1):
        p = items[start[k]]
        top, left = boxes[p, 0], boxes[p, 1]
        for y in range(top, top + boxes[p, 2]):
            for x in range(left, left + boxes[p, 3]):
                regions[y, x] = k


@helper
def _process(
    k, boxes, start, bucket_start, bucket_clues, items, slot, live, core, need, queued, queue,
    stamp, order, rank, first, owner, cover, trail, regs,
):  # fmt: skip
    # Rules 2 and 3 for clue k, and rule 1 for the squares it gains; False on contradiction.
    # Removing k's boxes can force more squares on k, hence the loop.
    height, width = owner.shape
    while True:
        if need[k, 2] >= 0:
            top, left, bottom, right = need[k, 0], need[k, 1], need[k, 2], need[k, 3]
            _forget_need(k, need, height, width)
            regs[WORK] += live[k]
            i = start[k] + live[k] - 1
            while i >= start[k]:
                p = items[i]
                if not (
                    boxes[p, 0] <= top
                    and boxes[p, 1] <= left
                    and boxes[p, 0] + boxes[p, 2] > bottom
                    and boxes[p, 1] + boxes[p, 3] > right
                ) and not _kill(p, boxes, start, items, slot, live, order, rank, first, owner,
                                cover, need, queued, queue, trail, regs):  # fmt: skip
                    return False
                i -= 1  # a removal swaps in a box from above i, already looked at
        if live[k] == 0:
            return False
        if not _grow(
            k, boxes, start, bucket_start, bucket_clues, items, slot, live, core, need, queued,
            queue, stamp, order, rank, first, owner, cover, trail, regs,
        ):  # fmt: skip
            return False
        if need[k, 2] < 0:
            queued[k] = 0
            return True


@helper
def _grow(
    k, boxes, start, bucket_start, bucket_clues, items, slot, live, core, need, queued, queue,
    stamp, order, rank, first, owner, cover, trail, regs,
):  # fmt: skip
    # Rule 3: k's core becomes the intersection of its live boxes; the new squares are k's,
    # and (rule 1) every other clue's box over them dies. False on contradiction.
    height, width = owner.shape
    top, left, bottom, right = 0, 0, height, width
    for i in range(start[k], start[k] + live[k]):
        p = items[i]
        top, left = max(top, boxes[p, 0]), max(left, boxes[p, 1])
        bottom = min(bottom, boxes[p, 0] + boxes[p, 2])
        right = min(right, boxes[p, 1] + boxes[p, 3])
    regs[WORK] += live[k]
    if bottom <= top or right <= left:
        return True  # no square common to all yet (a clue that may sit on several squares)
    old_top, old_left, old_bottom, old_right = core[k, 0], core[k, 1], core[k, 2], core[k, 3]
    if old_bottom <= old_top or old_right <= old_left:
        # nothing known before: an empty core at the new one's corner makes it all new
        old_top, old_left, old_bottom, old_right = top, left, top, left
    if (top, left, bottom, right) == (old_top, old_left, old_bottom, old_right):
        return True
    if trail.shape[0] > 0:  # a trail of no rows keeps nothing (the generator never undoes)
        t = regs[TRAIL_TOP]
        trail[t, 0], trail[t, 1] = _CORE, k
        trail[t, 2], trail[t, 3] = old_top, old_left
        trail[t, 4], trail[t, 5] = old_bottom, old_right
        regs[TRAIL_TOP] = t + 1
    core[k, 0], core[k, 1], core[k, 2], core[k, 3] = top, left, bottom, right
    # the new squares: up to four strips around the old core
    for strip in range(4):
        y0, x0, y1, x1 = _strip(strip, core[k], old_top, old_left, old_bottom, old_right)
        regs[WORK] += (y1 - y0) * (x1 - x0)
        for y in range(y0, y1):
            for x in range(x0, x1):
                if owner[y, x] >= 0:
                    return False  # another clue's square (k's own are the old core)
                owner[y, x] = k
    regs[STAMP] += 1
    size = regs[BUCKET]
    columns = (width - 1) // size + 1
    for strip in range(4):
        y0, x0, y1, x1 = _strip(strip, core[k], old_top, old_left, old_bottom, old_right)
        if y0 >= y1 or x0 >= x1:
            continue
        for by in range(y0 // size, (y1 - 1) // size + 1):
            for bx in range(x0 // size, (x1 - 1) // size + 1):
                b = by * columns + bx
                regs[WORK] += bucket_start[b + 1] - bucket_start[b]
                for e in range(bucket_start[b], bucket_start[b + 1]):
                    j = bucket_clues[e]
                    if j == k or stamp[j] == regs[STAMP]:
                        continue
                    stamp[j] = regs[STAMP]
                    regs[WORK] += live[j]
                    i = start[j] + live[j] - 1
                    while i >= start[j]:
                        p = items[i]
                        if (
                            boxes[p, 0] < bottom
                            and boxes[p, 0] + boxes[p, 2] > top
                            and boxes[p, 1] < right
                            and boxes[p, 1] + boxes[p, 3] > left
                        ) and not _kill(
                            p, boxes, start, items, slot, live, order, rank, first, owner, cover,
                            need, queued, queue, trail, regs,
                        ):  # fmt: skip
                            return False
                        i -= 1
    return True


@inline
def _strip(strip, new, old_top, old_left, old_bottom, old_right):
    # new core minus the old one (inside it) as four strips: above, below, left, right
    top, left, bottom, right = new[0], new[1], new[2], new[3]
    if strip == 0:
        return top, left, old_top, right
    if strip == 1:
        return old_bottom, left, bottom, right
    if strip == 2:
        return old_top, left, old_bottom, old_left
    return old_top, old_right, old_bottom, right


@helper
def _kill(
    p, boxes, start, items, slot, live, order, rank, first, owner, cover, need, queued, queue,
    trail, regs,
):  # fmt: skip
    # Remove box p: swap it behind its clue's live boxes, take it off the cover sums, note
    # the squares it leaves to a single clue (rule 2). False if it leaves a free square to
    # none; the removal is completed (and trailed) either way, so undo stays exact.
    k = np.int64(boxes[p, 4])
    last = start[k] + live[k] - 1
    here = slot[p]
    other = items[last]
    items[here], items[last] = other, p
    slot[other], slot[p] = here, last
    live[k] -= 1
    _lower(k, live[k] + 1, order, rank, first)
    if trail.shape[0] > 0:
        t = regs[TRAIL_TOP]
        trail[t, 0], trail[t, 1], trail[t, 2] = _KILL, p, here
        regs[TRAIL_TOP] = t + 1
    _enqueue(k, queued, queue, regs)
    fine = True
    squared = k * k
    top, left = boxes[p, 0], boxes[p, 1]
    regs[WORK] += STEP_COST + boxes[p, 2] * boxes[p, 3]
    for y in range(top, top + boxes[p, 2]):
        for x in range(left, left + boxes[p, 3]):
            n = cover[y, x, 0] - 1
            s = cover[y, x, 1] - k
            q = cover[y, x, 2] - squared
            cover[y, x, 0], cover[y, x, 1], cover[y, x, 2] = n, s, q
            if owner[y, x] >= 0:
                continue
            if n == 0:
                fine = False
                continue
            # one clue only if n·q = s² (Cauchy-Schwarz); tested first modulo 2^64, which
            # costs two products where _single_owner's exact test costs divisions
            if n * q != s * s:
                continue
            now = _single_owner(n, s, q)
            # only a square that has just become single-owned says something new
            if now >= 0 and _single_owner(n + 1, s + k, q + squared) != now:
                _add_need(now, y, x, need)
                _enqueue(now, queued, queue, regs)
    return fine


@helper
def _undo(
    mark, slice_work, boxes, start, items, slot, live, core, order, rank, first, owner, cover,
    trail, regs,
):  # fmt: skip
    # Undo the trail down to ``mark``, newest first; False if the steps ran out first.
    while regs[TRAIL_TOP] > mark:
        if regs[WORK] >= slice_work:
            return False
        t = regs[TRAIL_TOP] - 1
        if trail[t, 0] == _KILL:
            _revive(trail[t, 1], trail[t, 2], boxes, start, items, slot, live, order, rank,
                    first, cover, regs)  # fmt: skip
        else:
            k = trail[t, 1]
            for strip in range(4):
                y0, x0, y1, x1 = _strip(strip, core[k], trail[t, 2], trail[t, 3], trail[t, 4],
                                        trail[t, 5])  # fmt: skip
                regs[WORK] += max(y1 - y0, 0) * max(x1 - x0, 0)
                for y in range(y0, y1):
                    for x in range(x0, x1):
                        if owner[y, x] == k:  # a contradiction may have stopped halfway
                            owner[y, x] = -1
            for side in range(4):
                core[k, side] = trail[t, 2 + side]
        regs[TRAIL_TOP] = t
    return True


@helper
def _revive(p, here, boxes, start, items, slot, live, order, rank, first, cover, regs):
    # the exact inverse of _kill, on the state _kill left behind
    k = np.int64(boxes[p, 4])
    last = start[k] + live[k]
    other = items[here]
    items[last], items[here] = other, p
    slot[other], slot[p] = last, here
    live[k] += 1
    _raise(k, live[k], order, rank, first)
    squared = k * k
    top, left = boxes[p, 0], boxes[p, 1]
    regs[WORK] += STEP_COST + boxes[p, 2] * boxes[p, 3]
    for y in range(top, top + boxes[p, 2]):
        for x in range(left, left + boxes[p, 3]):
            cover[y, x, 0] += 1
            cover[y, x, 1] += k
            cover[y, x, 2] += squared


@inline
def _lower(k, was, order, rank, first):
    # k's count drops from ``was``: move k to the front of its block, which then shrinks
    i, j = first[was], rank[k]
    other = order[i]
    order[i], order[j] = k, other
    rank[k], rank[other] = i, j
    first[was] += 1


@inline
def _raise(k, now, order, rank, first):
    # k's count rises to ``now``: move k to the back of its block, which then shrinks
    i, j = first[now] - 1, rank[k]
    other = order[i]
    order[i], order[j] = k, other
    rank[k], rank[other] = i, j
    first[now] -= 1


@inline
def _enqueue(k, queued, queue, regs):
    # a circular queue; each clue is in it at most once, so K places are enough
    if not queued[k]:
        queued[k] = 1
        queue[(regs[HEAD] + regs[QUEUE_SIZE]) % queue.shape[0]] = k
        regs[QUEUE_SIZE] += 1


@inline
def _dequeue(queue, regs):
    k = queue[regs[HEAD]]
    regs[HEAD] = (regs[HEAD] + 1) % queue.shape[0]
    regs[QUEUE_SIZE] -= 1
    return k


@helper
def _clear_queue(k, queued, need, queue, regs, shape):
    # after a contradiction: nothing pending survives into the next branch
    queued[k] = 0
    _forget_need(k, need, shape[0], shape[1])
    while regs[QUEUE_SIZE] > 0:
        j = _dequeue(queue, regs)
        queued[j] = 0
        _forget_need(j, need, shape[0], shape[1])


@inline
def _add_need(k, y, x, need):
    need[k, 0], need[k, 1] = min(need[k, 0], y), min(need[k, 1], x)
    need[k, 2], need[k, 3] = max(need[k, 2], y), max(need[k, 3], x)


@inline
def _forget_need(k, need, height, width):
    need[k, 0], need[k, 1], need[k, 2], need[k, 3] = height, width, -1, -1
