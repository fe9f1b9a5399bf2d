"""A Rectangles puzzle whose one solution is proven by deduction: the loop in Python, each
step a compiled kernel.

Why narrow, then repair, instead of restarting: the public puzzle collection chooses the
clues' squares by deduction (``_narrow_kernels`` says how), and when that stalls anywhere
throws the whole grid away. The chance that some corner of the grid stalls grows with the
area, so at 100×100 it needs dozens of attempts (18.9 s on average). A stall is local,
though: only the rectangles whose clue still has several readings after narrowing are
changed (merged with a neighbour, or cut afresh with their neighbours: see ``repair``),
and the narrowing goes on from where it was. Narrowing first keeps the cut as the fill
made it (large rectangles stay large).

The last round's verdict proves the puzzle as published, not a patchwork of earlier
proofs: every round deduces over the whole grid afresh, and when it leaves each clue one
rectangle while the clue may sit anywhere in its spot, it does so for any square of the
spot too. (A smaller spot only removes rectangles at the start: fewer meet it, more hold
it whole. The rules never bring a rectangle back, and the cut's always survives, so
every clue is still left with its rectangle in the cut alone.)

Why the loop is Python: each step is a kernel of its own, so a run compiles only the steps
it takes (no stretching without an expansion, no deduction for ``a`` puzzles), and no
kernel compiles the whole generator a second time inside itself. A round lists every
clue's rectangles anew, so the few microseconds of each call from Python are lost in it;
and Ctrl-C is answered between two steps.
"""

import numpy as np

from tilewright.core._rng import below, shuffle
from tilewright.rectangles._jit import helper, inline, kernel
from tilewright.rectangles._narrow_kernels import fresh_spots, narrow_clues
from tilewright.rectangles._partition_kernels import (
    add_rect,
    cells_of,
    expand,
    fill,
    fix_singletons,
    measure,
    new_partition,
    rect_of,
    remove_rect,
)

MAX_ROUNDS = 200
# a new clue may sit on a box of at most this many squares a side of its rectangle: a
# larger spot gives narrowing more choice but every clue many more rectangles to rule out
# (measured at 100x100: 2 took a quarter less time than 3 for the same rectangle counts;
# with 1, a clue on a fixed square, narrowing settled so few places that 20 times as many
# rectangles were cut again)
SPOT_SIDE = 2
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
    cut_shape = (height, width, small_height, small_width)
    if not unique:
        for _ in range(MAX_ATTEMPTS):
            stats[ATTEMPTS] += 1
            cut = _cut(cut_shape, fill_limits, hard_cap, singles, state)
            if cut is not None:
                labels, rects, _ = cut
                clue = np.full(capacity, -1, dtype=np.int64)
                place_clues(labels, rects, clue, state)
                return labels, clue, stats
        return None
    for _ in range(MAX_ATTEMPTS):
        stats[ATTEMPTS] += 1
        cut = _cut(cut_shape, fill_limits, hard_cap, singles, state)
        if cut is None:
            continue
        labels, rects, spare = cut
        spots = np.zeros((capacity, 4), dtype=np.int64)
        clue = np.full(capacity, -1, dtype=np.int64)
        fewest, since = capacity + 1, 0
        for _ in range(MAX_ROUNDS):
            stats[ROUNDS] += 1
            stalled = _narrow(labels, rects, spots, clue, stats, state)
            if len(stalled) == 0:
                return labels, clue, stats
            since += 1
            if len(stalled) < fewest:
                fewest, since = len(stalled), 0
            elif since > PATIENCE:
                break
            repaired = repair(
                labels, rects, spare, spots, stalled, refill_limits, hard_cap, singles, stats,
                state,
            )  # fmt: skip
            if not repaired:
                break
    return None


def _cut(shape, limits, hard_cap, singles, state):
    """A new cut of the grid (``labels``, ``rects``, ``spare``), or None if its single
    squares could not be placed or it could not be stretched within ``hard_cap``."""
    height, width, small_height, small_width = shape
    labels, rects, spare = new_partition(small_height, small_width, height * width)
    cells = np.arange(small_height * small_width, dtype=np.int64)
    shuffle(state, cells)
    n_singles = fill(labels, rects, spare, cells, limits, state, singles, 0)
    if not fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
        return None
    if small_height != height or small_width != width:
        labels = stretch(labels, rects, height, width, hard_cap, state)
        if labels.shape[0] == 0:
            return None
    return labels, rects, spare


def _narrow(labels, rects, spots, clue, stats, state):
    """One round: new spots where needed, then narrowing. Returns the stalled ids, empty
    when the puzzle is proven unique."""
    fresh_spots(rects, spots, SPOT_SIDE, state)
    return narrow_clues(labels, rects, spots, SPOT_SIDE, clue, stats, MOVED, state)


@kernel
def stretch(labels, rects, height, width, hard_cap, state):
    """``labels`` expanded to ``height`` × ``width`` with ``rects`` measured again, or an
    empty array when ``hard_cap`` could not be kept."""
    labels = expand(labels, height, width, hard_cap, state)
    if labels.shape[0] > 0:
        measure(labels, rects)
    return labels


@kernel
def repair(labels, rects, spare, spots, stalled, limits, hard_cap, singles, stats, state):
    """Merge each stalled rectangle with a neighbour that shares a whole side with it, or
    where none can, cut it and its neighbours afresh; the clues of the new rectangles may
    then sit anywhere in new spots. Returns False if a new cut could not settle.

    Why merge first: the places narrowing cannot settle are mostly small rectangles whose
    common side could move (two dominoes in a square, a strip of trominoes), and a cut
    afresh makes smaller ones still, while the collection, which throws such grids away,
    ends with fewer, larger rectangles than its cuts have on average. A merge settles
    most such places with one larger rectangle.
    """
    width = labels.shape[1]
    for rid in stalled:
        if rects[rid, 2] == 0 or spots[rid, 2] == 0:
            continue  # already merged or cut afresh this round
        stats[RECUT] += 1
        partner = _merge_partner(labels, rects, rid, limits, hard_cap, state)
        if partner >= 0:
            top, left, rows, cols = _union(rects, rid, partner)
            remove_rect(labels, rects, spare, rid)
            remove_rect(labels, rects, spare, partner)
            merged = add_rect(labels, rects, spare, top, left, rows, cols)
            for side in range(4):
                spots[merged, side] = 0
            continue
        around = _with_neighbours(labels, rects, rid)
        size = np.int64(0)
        for other in around:
            size += rects[other, 2] * rects[other, 3]
        order = np.empty(size, dtype=np.int64)
        size = np.int64(0)
        for other in around:
            size = cells_of(rects, other, width, order, size)
            for side in range(4):
                spots[other, side] = 0
            remove_rect(labels, rects, spare, other)
        shuffle(state, order)
        n_singles = fill(labels, rects, spare, order, limits, state, singles, np.int64(0))
        if not fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
            return False
    return True


@helper
def _merge_partner(labels, rects, rid, limits, hard_cap, state):
    """A random neighbour of ``rid`` that shares a whole side with it, such that the two
    make a rectangle within the limits; -1 if there is none."""
    height, width = labels.shape
    top, left, rows, cols = rect_of(rects, rid)
    found = np.empty(4, dtype=np.int64)
    count = 0
    for y, x in ((top - 1, left), (top + rows, left), (top, left - 1), (top, left + cols)):
        if not (0 <= y < height and 0 <= x < width):
            continue
        other = np.int64(labels[y, x])
        o_top, o_left, o_rows, o_cols = rect_of(rects, other)
        side_by_side = o_top == top and o_rows == rows
        stacked = o_left == left and o_cols == cols
        if not (side_by_side or stacked):
            continue
        _, _, u_rows, u_cols = _union(rects, rid, other)
        area = u_rows * u_cols
        if u_rows <= limits[0] and u_cols <= limits[1] and area <= limits[2] and area <= hard_cap:
            found[count] = other
            count += 1
    if count == 0:
        return np.int64(-1)
    return found[below(state, count)]


@inline
def _union(rects, first, second):
    a_top, a_left, a_rows, a_cols = rect_of(rects, first)
    b_top, b_left, b_rows, b_cols = rect_of(rects, second)
    top, left = min(a_top, b_top), min(a_left, b_left)
    return (
        top,
        left,
        max(a_top + a_rows, b_top + b_rows) - top,
        max(a_left + a_cols, b_left + b_cols) - left,
    )


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
def place_clues(labels, rects, clue, state):
    """A clue at a random square of every rectangle (``a`` puzzles: no proof wanted)."""
    width = labels.shape[1]
    for rid in range(rects.shape[0]):
        clue[rid] = _random_square(rects, rid, width, state) if rects[rid, 2] > 0 else -1
