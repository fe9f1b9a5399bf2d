"""A Rectangles puzzle whose one solution is proven by deduction: the loop in Python, each
step a compiled kernel.

Why repair instead of restart: the public puzzle collection places the clues, runs its
deduction solver, and when the solver stalls anywhere throws the whole grid away. The
chance that some corner of the grid stalls grows with the area, so at 100×100 it needs
dozens of attempts (18.9 s on average). A stall is local, though: only the clues that
still have several rectangles are touched here. Such a clue first moves to another square
of its rectangle (that settles most two-way splits); a rectangle that stays stuck for
``MOVES`` rounds is cut afresh together with its neighbours. Each round runs the deduction
on the whole puzzle again, so the final verdict proves the puzzle as published, not a
patchwork of earlier proofs.

Why the loop is Python: each step is a kernel of its own, so a run compiles only the steps
it takes (no stretching without an expansion, no deduction for ``a`` puzzles), and no
kernel compiles the whole generator a second time inside itself. A round costs one
deduction of the whole grid, so the few microseconds of each call from Python are lost in
it; and Ctrl-C is answered between two steps.
"""

import numpy as np

from tilewright.core._rng import below, shuffle
from tilewright.rectangles._deduce_kernels import CONTRADICTION, SOLVED, deduce, placements
from tilewright.rectangles._jit import helper, inline, kernel
from tilewright.rectangles._partition_kernels import (
    cells_of,
    expand,
    fill,
    fix_singletons,
    measure,
    new_partition,
    rect_of,
    remove_rect,
)

MOVES = 1
MAX_ROUNDS = 200
# an attempt whose count of stalled rectangles has not reached a new low for this many rounds
# is abandoned (tiny area limits can keep a grid ambiguous however it is repaired)
PATIENCE = 25
MAX_ATTEMPTS = 8
ATTEMPTS, ROUNDS, MOVED, RECUT = 0, 1, 2, 3


def generate_labels(
    height: int,
    width: int,
    small_height: int,
    small_width: int,
    fill_limits: np.ndarray,
    refill_limits: np.ndarray,
    hard_cap: int,
    unique: bool,
    state: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Cut a ``height`` × ``width`` grid into rectangles and place one clue in each.

    The grid is first cut at ``small_height`` × ``small_width`` and then expanded. Returns
    ``labels`` (H, W) int32 (rectangle ids), ``clue`` (the clue's square per id, -1 for
    unused ids) and ``stats`` [attempts, rounds, clue moves, re-cuts], or None if no
    attempt succeeded.
    """
    capacity = height * width
    stats = np.zeros(4, dtype=np.int64)
    singles = np.empty(capacity, dtype=np.int64)
    for _ in range(MAX_ATTEMPTS):
        stats[ATTEMPTS] += 1
        labels, rects, spare = new_partition(small_height, small_width, capacity)
        cells = np.arange(small_height * small_width, dtype=np.int64)
        shuffle(state, cells)
        n_singles = fill(labels, rects, spare, cells, fill_limits, state, singles, 0)
        limits = fill_limits
        if not fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
            continue
        if small_height != height or small_width != width:
            labels = stretch(labels, rects, height, width, hard_cap, state)
            if labels.shape[0] == 0:
                continue
        clue = np.full(capacity, -1, dtype=np.int64)
        stuck = np.zeros(capacity, dtype=np.int64)
        place_clues(labels, rects, clue, stuck, state)
        if not unique:
            return labels, clue, stats
        fewest, since = capacity + 1, 0
        for _ in range(MAX_ROUNDS):
            stats[ROUNDS] += 1
            stalled = stalled_rects(labels, rects, clue)
            if len(stalled) == 0:
                return labels, clue, stats
            since += 1
            if len(stalled) < fewest:
                fewest, since = len(stalled), 0
            elif since > PATIENCE:
                break
            repaired = repair(
                labels, rects, spare, clue, stuck, stalled, refill_limits, hard_cap, singles,
                stats, state,
            )  # fmt: skip
            if not repaired:
                break
            place_clues(labels, rects, clue, stuck, state)
    return None


@kernel
def stalled_rects(labels, rects, clue):
    """The ids whose clue deduction leaves with several rectangles (empty when the puzzle
    is proven unique)."""
    height, width = labels.shape
    count = 0
    for rid in range(rects.shape[0]):
        count += rects[rid, 2] > 0
    ids = np.empty(count, dtype=np.int64)
    rows = np.empty(count, dtype=np.int64)
    cols = np.empty(count, dtype=np.int64)
    areas = np.empty(count, dtype=np.int64)
    k = 0
    for rid in range(rects.shape[0]):
        if rects[rid, 2] > 0:
            ids[k], rows[k], cols[k] = rid, clue[rid] // width, clue[rid] % width
            areas[k] = np.int64(rects[rid, 2]) * rects[rid, 3]
            k += 1
    start, boxes = placements(height, width, rows, cols, areas)
    alive = np.empty(boxes.shape[0], dtype=np.uint8)
    for p in range(boxes.shape[0]):
        alive[p] = 1
    owner = np.empty((height, width), dtype=np.int32)
    verdict = deduce(height, width, rows, cols, start, boxes, alive, owner)
    if verdict == SOLVED:
        return ids[:0]
    if verdict == CONTRADICTION:
        # the cut itself is a solution and every rule is sound, so this is a bug
        raise AssertionError("deduction contradicted a known solution")
    stalled = 0
    for k in range(count):
        live = 0
        for p in range(start[k], start[k + 1]):
            live += alive[p]
        if live > 1:
            ids[stalled] = ids[k]
            stalled += 1
    return ids[:stalled]


@kernel
def stretch(labels, rects, height, width, hard_cap, state):
    """``labels`` expanded to ``height`` × ``width`` with ``rects`` measured again, or an
    empty array when ``hard_cap`` could not be kept."""
    labels = expand(labels, height, width, hard_cap, state)
    if labels.shape[0] > 0:
        measure(labels, rects)
    return labels


@kernel
def repair(labels, rects, spare, clue, stuck, stalled, limits, hard_cap, singles, stats, state):
    """Move the clue of each stalled rectangle, or cut it and its neighbours afresh once
    it has stalled ``MOVES`` times. Returns False if the new cut could not settle."""
    width = labels.shape[1]
    for rid in stalled:
        if rects[rid, 2] == 0 or clue[rid] < 0:
            continue  # already cut afresh this round
        stuck[rid] += 1
        area = rects[rid, 2] * rects[rid, 3]
        if stuck[rid] <= MOVES and area > 1:
            stats[MOVED] += 1
            old = clue[rid]
            while clue[rid] == old:
                clue[rid] = _random_square(rects, rid, width, state)
            continue
        stats[RECUT] += 1
        around = _with_neighbours(labels, rects, rid)
        size = np.int64(0)
        for other in around:
            size += rects[other, 2] * rects[other, 3]
        order = np.empty(size, dtype=np.int64)
        size = np.int64(0)
        for other in around:
            size = cells_of(rects, other, width, order, size)
            clue[other] = -1
            remove_rect(labels, rects, spare, other)
        shuffle(state, order)
        n_singles = fill(labels, rects, spare, order, limits, state, singles, np.int64(0))
        if not fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
            return False
    return True


@helper
def _with_neighbours(labels, rects, rid):
    """``rid`` and the distinct ids of the rectangles that share a side with it."""
    height, width = labels.shape
    top, left, rows, cols = rect_of(rects, rid)
    found = np.empty(2 * (rows + cols) + 1, dtype=np.int64)
    found[0] = rid
    count = 1
    for y in range(top, top + rows):
        for x in (left - 1, left + cols):
            if 0 <= x < width:
                count = _add_new(found, count, np.int64(labels[y, x]))
    for x in range(left, left + cols):
        for y in (top - 1, top + rows):
            if 0 <= y < height:
                count = _add_new(found, count, np.int64(labels[y, x]))
    return found[:count]


@inline
def _add_new(found, count, rid):
    # ``rid`` appended to ``found[:count]`` unless already there; the new count
    for i in range(count):
        if found[i] == rid:
            return count
    found[count] = rid
    return count + 1


@inline
def _random_square(rects, rid, width, state):
    top, left, rows, cols = rect_of(rects, rid)
    pick = below(state, rows * cols)
    return (top + pick // cols) * width + left + pick % cols


@kernel
def place_clues(labels, rects, clue, stuck, state):
    """A clue at a random square of every rectangle that has none inside it (new, or
    whose id was reused by a new cut)."""
    width = labels.shape[1]
    for rid in range(rects.shape[0]):
        if rects[rid, 2] == 0:
            clue[rid] = -1
            continue
        square = clue[rid]
        if square < 0 or labels[square // width, square % width] != rid:
            clue[rid] = _random_square(rects, rid, width, state)
            stuck[rid] = 0
