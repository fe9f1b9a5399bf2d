"""Compiled kernel: a Rectangles puzzle whose one solution is proven by deduction.

Why repair instead of restart: the public puzzle collection places the clues, runs its
deduction solver, and when the solver stalls anywhere throws the whole grid away. The
chance that some corner of the grid stalls grows with the area, so at 100×100 it needs
dozens of attempts (18.9 s on average). A stall is local, though: only the clues that
still have several rectangles are touched here. Such a clue first moves to another square
of its rectangle (that settles most two-way splits); a rectangle that stays stuck for
``MOVES`` rounds is cut afresh together with its neighbours. Each round runs the deduction
on the whole puzzle again, so the final verdict proves the puzzle as published, not a
patchwork of earlier proofs.
"""

import numpy as np
from numba import njit

from tilewright.core._rng import below, shuffle
from tilewright.rectangles._deduce_kernels import CONTRADICTION, SOLVED, deduce, placements
from tilewright.rectangles._partition_kernels import (
    cells_of,
    expand,
    fill,
    fix_singletons,
    measure,
    new_partition,
    remove_rect,
)

MOVES = 1
MAX_ROUNDS = 200
# an attempt whose count of stalled rectangles has not reached a new low for this many rounds
# is abandoned (tiny area limits can keep a grid ambiguous however it is repaired)
PATIENCE = 25
MAX_ATTEMPTS = 8
ATTEMPTS, ROUNDS, MOVED, RECUT = 0, 1, 2, 3


@njit(cache=True, nogil=True)
def generate(
    height, width, small_height, small_width, fill_limits, refill_limits, hard_cap, unique, state
):
    """Cut a ``height`` × ``width`` grid into rectangles and place one clue in each.

    The grid is first cut at ``small_height`` × ``small_width`` and then expanded. Returns
    ``labels`` (H, W) int32 (rectangle ids), ``clue`` (the clue's square per id, -1 for
    unused ids) and ``stats`` [attempts, rounds, clue moves, re-cuts]; ``labels`` is empty
    if no attempt succeeded.
    """
    capacity = height * width
    stats = np.zeros(4, dtype=np.int64)
    singles = np.empty(capacity, dtype=np.int64)
    for _ in range(MAX_ATTEMPTS):
        stats[ATTEMPTS] += 1
        labels, rects, spare = new_partition(small_height, small_width, capacity)
        cells = np.arange(small_height * small_width)
        shuffle(state, cells)
        n_singles = fill(labels, rects, spare, cells, fill_limits, state, singles, 0)
        settled = fix_singletons(
            labels, rects, spare, singles, n_singles, fill_limits, hard_cap, state
        )
        if not settled:
            continue
        if small_height != height or small_width != width:
            labels = expand(labels, height, width, hard_cap, state)
            if labels.shape[0] == 0:
                continue
            measure(labels, rects)
        clue = np.full(capacity, -1, dtype=np.int64)
        stuck = np.zeros(capacity, dtype=np.int64)
        _place_clues(labels, rects, clue, stuck, state)
        if not unique:
            return labels, clue, stats
        fewest, since = capacity + 1, 0
        for _ in range(MAX_ROUNDS):
            stats[ROUNDS] += 1
            stalled = _stalled_rects(labels, rects, clue)
            if stalled.shape[0] == 0:
                return labels, clue, stats
            since += 1
            if stalled.shape[0] < fewest:
                fewest, since = stalled.shape[0], 0
            elif since > PATIENCE:
                break
            if not _repair(
                labels,
                rects,
                spare,
                clue,
                stuck,
                stalled,
                refill_limits,
                hard_cap,
                singles,
                stats,
                state,
            ):
                break
            _place_clues(labels, rects, clue, stuck, state)
    return np.empty((0, 0), dtype=np.int32), np.empty(0, dtype=np.int64), stats


@njit(cache=True, nogil=True)
def _stalled_rects(labels, rects, clue):
    """The ids whose clue deduction leaves with several rectangles (empty when the puzzle
    is proven unique)."""
    height, width = labels.shape
    ids = np.nonzero(rects[:, 2] > 0)[0]
    rows = clue[ids] // width
    cols = clue[ids] % width
    areas = rects[ids, 2].astype(np.int64) * rects[ids, 3]
    start, boxes = placements(height, width, rows, cols, areas)
    alive = np.ones(boxes.shape[0], dtype=np.uint8)
    owner = np.empty((height, width), dtype=np.int32)
    verdict = deduce(height, width, rows, cols, start, boxes, alive, owner)
    if verdict == SOLVED:
        return ids[:0]
    if verdict == CONTRADICTION:
        # the cut itself is a solution and every rule is sound, so this is a bug
        raise AssertionError("deduction contradicted a known solution")
    stalled = []
    for k in range(ids.shape[0]):
        if alive[start[k] : start[k + 1]].sum() > 1:
            stalled.append(ids[k])
    return np.array(stalled, dtype=np.int64)


@njit(cache=True, nogil=True)
def _repair(labels, rects, spare, clue, stuck, stalled, limits, hard_cap, singles, stats, state):
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
        size = 0
        for other in around:
            size += rects[other, 2] * rects[other, 3]
        order = np.empty(size, dtype=np.int64)
        size = 0
        for other in around:
            size = cells_of(rects, other, width, order, size)
            clue[other] = -1
            remove_rect(labels, rects, spare, other)
        shuffle(state, order)
        n_singles = fill(labels, rects, spare, order, limits, state, singles, 0)
        if not fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
            return False
    return True


@njit(cache=True, nogil=True)
def _with_neighbours(labels, rects, rid):
    """``rid`` and the distinct ids of the rectangles that share a side with it."""
    height, width = labels.shape
    top, left, rows, cols = rects[rid, 0], rects[rid, 1], rects[rid, 2], rects[rid, 3]
    found = np.empty(2 * (rows + cols) + 1, dtype=np.int64)
    found[0] = rid
    count = 1
    for y in range(top, top + rows):
        for x in (left - 1, left + cols):
            if 0 <= x < width and labels[y, x] not in found[:count]:
                found[count] = labels[y, x]
                count += 1
    for x in range(left, left + cols):
        for y in (top - 1, top + rows):
            if 0 <= y < height and labels[y, x] not in found[:count]:
                found[count] = labels[y, x]
                count += 1
    return found[:count]


@njit(cache=True, nogil=True, inline="always")
def _random_square(rects, rid, width, state):
    top, left, rows, cols = rects[rid, 0], rects[rid, 1], rects[rid, 2], rects[rid, 3]
    pick = below(state, rows * cols)
    return (top + pick // cols) * width + left + pick % cols


@njit(cache=True, nogil=True)
def _place_clues(labels, rects, clue, stuck, state):
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
