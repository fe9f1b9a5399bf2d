"""Compiled random tilings: the transfer matrix of a strip, sampled exactly, and its sweeps.

A tiling is held as one byte a cell (a *code*): every L-tromino fills three cells of a 2×2
box, so a cell says where it sits in its box, ``dr * 2 + dc``, and which corner of the box
the tromino leaves out, ``m = mr * 2 + mc``: ``code = dr * 2 + dc + 4 * m``. The box, and so
the whole tromino, follows from any one of its cells. ``MISSING`` marks the board's missing
square, ``FREE`` a cell still to be covered.

A strip is a run of ``w`` adjacent columns of the whole board's height (rows of the board
are the same with the board transposed: ``tmap`` translates codes across the transpose).
Its *free region* is what the trominoes lying wholly inside it cover; every other tromino
blocks its cells. Scanning the strip row by row, a tromino lies in two rows, so the state
between rows is which cells of the next row the row above already covers: ``w`` bits, and
a row's ways to finish (the *transitions* of a row) from a state are enumerated once per
width (``strip_table``). Counting completions backward from the last row and choosing
forward with those counts as weights draws one tiling of the free region, each with the
same probability (the transfer-matrix method; see e.g. R. P. Stanley, *Enumerative
Combinatorics* I, §4.7). The counts are floats scaled to 1 per row: only their ratios in a
row are read, and a state 10^308 times less likely than the likeliest is never drawn.

On a board whose short side fits a strip, one strip is the whole board: an exact sampler.
On a larger board, replacing the free region of one strip after another by a fresh uniform
tiling of it is a Markov chain that keeps the uniform distribution (each step is a
heat-bath move: the free region is the same before and after, and every tiling of it is
equally likely to follow); ``resample_strips`` replaces the strips of one offset, side by
side, and ``random_tiling.chain`` runs them across the board and down it.
"""

import numpy as np
from numba import njit

from tilewright.core._rng import _mixed, uniform

FREE = 254
MISSING = 255
# counts a strip keeps for every row at once (8 MB); past it, checkpoints (resample_strip)
FULL_COUNTS = 1 << 20


@njit(cache=True, nogil=True)
def strip_table(w):
    """Every way to finish a row of a ``w``-wide strip, from every state.

    Returns ``(start, following, pstart, pcol, pmiss)``: the transitions from occupancy
    ``o`` (bit j set: column j already covered) are ``start[o]`` to ``start[o + 1] - 1``;
    transition k leaves ``following[k]`` covered in the next row and places the trominoes
    ``pstart[k]`` to ``pstart[k + 1] - 1``, each a box at column ``pcol`` (the box's left
    column, in this row and the next) leaving out corner ``pmiss``.
    """
    full = (1 << w) - 1
    occupied = np.zeros(w + 1, np.int64)
    below_row = np.zeros(w + 1, np.int64)
    option = np.zeros(w + 1, np.int64)
    col = np.zeros(w + 1, np.int64)
    miss = np.zeros(w + 1, np.int64)
    start = np.zeros((1 << w) + 1, np.int32)
    # two passes of the same search: the first counts, the second fills
    total = 0
    placed = 0
    following = np.zeros(1, np.int32)
    pstart = np.zeros(1, np.int32)
    pcol = np.zeros(1, np.int8)
    pmiss = np.zeros(1, np.int8)
    for fill in range(2):
        if fill:
            following = np.zeros(total, np.int32)
            pstart = np.zeros(total + 1, np.int32)
            pcol = np.zeros(placed, np.int8)
            pmiss = np.zeros(placed, np.int8)
        k = 0
        j = 0
        for o in range(1 << w):
            start[o] = k
            depth = 0
            occupied[0], below_row[0], option[0] = o, 0, 0
            while depth >= 0:
                here, under = occupied[depth], below_row[depth]
                c = 0
                while c < w and (here >> c) & 1:
                    c += 1
                if c == w:  # the row is covered: one transition
                    if fill:
                        following[k] = under
                        pstart[k] = j
                        for d in range(depth):
                            pcol[j + d], pmiss[j + d] = col[d], miss[d]
                    k += 1
                    j += depth
                    depth -= 1
                    continue
                choice = option[depth]
                option[depth] += 1
                if choice == 4:
                    depth -= 1
                    continue
                right_free = c + 1 < w and not (here >> (c + 1)) & 1
                if choice == 0:  # corner 3 out: this cell, its right, the one below
                    if not right_free or (under >> c) & 1:
                        continue
                    nh, nu, bc, m = here | (3 << c), under | (1 << c), c, 3
                elif choice == 1:  # corner 2 out: this cell, its right, below the right
                    if not right_free or (under >> (c + 1)) & 1:
                        continue
                    nh, nu, bc, m = here | (3 << c), under | (2 << c), c, 2
                elif choice == 2:  # corner 1 out: this cell, below it, below its right
                    if c + 1 >= w or (under >> c) & 3:
                        continue
                    nh, nu, bc, m = here | (1 << c), under | (3 << c), c, 1
                else:  # corner 0 out: this cell, below its left, below it
                    if c == 0 or (under >> (c - 1)) & 3:
                        continue
                    nh, nu, bc, m = here | (1 << c), under | (3 << (c - 1)), c - 1, 0
                col[depth], miss[depth] = bc, m
                depth += 1
                occupied[depth], below_row[depth], option[depth] = nh, nu & full, 0
        start[1 << w] = k
        if fill:
            pstart[total] = j
        total, placed = k, j
    return start, following, pstart, pcol, pmiss


@njit(cache=True, nogil=True, inline="always")
def _blocked(frame, tmap, r, c0, width, w):
    """Row ``r``'s cells of the strip not in its free region, as bits (all past the board)."""
    if r == frame.shape[0]:
        return (1 << w) - 1
    mask = 0
    for j in range(w):
        if j >= width:
            mask |= 1 << j
            continue
        code = frame[r, c0 + j]
        if code == FREE:
            continue
        if code == MISSING:
            mask |= 1 << j
            continue
        left = j - (tmap[code] & 1)  # the box's left column, in the strip
        if left < 0 or left + 1 >= width:
            mask |= 1 << j
    return mask


@njit(cache=True, nogil=True)
def _count_rows(masks, first, last, table, w, below, out):
    """Completions of the strip from rows ``last - 1`` down to ``first``, into ``out[0]``
    … ``out[last - first - 1]``, from ``below`` (the counts of row ``last``), each row
    scaled so that its largest is 1. Returns False when a row has no completion at all."""
    start, following = table[0], table[1]
    after = below
    for r in range(last - 1, first - 1, -1):
        here, there = masks[r], masks[r + 1]
        row = out[r - first]
        largest = 0.0
        for s in range(1 << w):
            total = 0.0
            if not s & here:
                for k in range(start[s | here], start[(s | here) + 1]):
                    if not following[k] & there:
                        total += after[following[k]]
            row[s] = total
            largest = max(largest, total)
        if largest == 0.0:
            return False
        row /= largest
        after = row
    return True


@njit(cache=True, nogil=True)
def resample_strip(frame, tmap, c0, width, w, table, word):
    """Replace the free region of the strip at columns ``c0`` to ``c0 + width - 1`` (cut
    at the board's edge) by a uniformly drawn tiling of it, from the random word ``word``;
    ``table`` is ``strip_table(w)``, for any ``w >= width``.

    Returns False, changing nothing, when the free region has no tiling.
    """
    height = frame.shape[0]
    width = min(width, frame.shape[1] - c0)
    states = 1 << w
    masks = np.empty(height + 1, np.int64)
    for r in range(height + 1):
        masks[r] = _blocked(frame, tmap, r, c0, width, w)
    last_row = np.zeros(states)
    last_row[0] = 1.0  # nothing may reach past the last row
    # Counts of every row when they fit in FULL_COUNTS floats; otherwise of every
    # ``seg``-th row only, counted again segment by segment as rows are drawn: memory of
    # order the square root of the height, for twice the counting (a board 12 wide and a
    # million long holds 66 MB, not 33 GB).
    seg = height if height * states <= FULL_COUNTS else max(1, int(np.sqrt(height)))
    marks = (height + seg - 1) // seg
    checkpoints = np.empty((marks + 1, states))
    checkpoints[marks] = last_row
    counts = np.empty((seg + 1, states))
    for mark in range(marks - 1, -1, -1):
        first, last = mark * seg, min(height, (mark + 1) * seg)
        if not _count_rows(masks, first, last, table, w, checkpoints[mark + 1], counts):
            return False
        checkpoints[mark] = counts[0]
    if checkpoints[0][0] == 0.0:
        return False
    start, following, pstart, pcol, pmiss = table
    state = np.empty(1, np.uint64)
    state[0] = _mixed(word)
    s = 0
    for mark in range(marks):
        first, last = mark * seg, min(height, (mark + 1) * seg)
        if marks > 1:  # the rows of this segment again (one segment: still in ``counts``)
            _count_rows(masks, first, last, table, w, checkpoints[mark + 1], counts)
        counts[last - first] = checkpoints[mark + 1]
        for r in range(first, last):
            here, there = masks[r], masks[r + 1]
            after = counts[r + 1 - first]
            total = 0.0
            for k in range(start[s | here], start[(s | here) + 1]):
                if not following[k] & there:
                    total += after[following[k]]
            pick = uniform(state) * total
            chosen = -1
            for k in range(start[s | here], start[(s | here) + 1]):
                if not following[k] & there:
                    weight = after[following[k]]
                    if weight > 0.0:
                        chosen = k
                        pick -= weight
                        if pick < 0.0:
                            break
            for p in range(pstart[chosen], pstart[chosen + 1]):
                _place(frame, tmap, r, c0 + pcol[p], pmiss[p])
            s = following[chosen]
    return True


@njit(cache=True, nogil=True, inline="always")
def _place(frame, tmap, r, c, m):
    """Write the tromino of the box at (r, c) leaving out corner ``m``."""
    for corner in range(4):
        if corner != m:
            frame[r + (corner >> 1), c + (corner & 1)] = tmap[corner + 4 * m]


@njit(cache=True, nogil=True)
def resample_strips(frame, tmap, offset, w, table, word, part, parts):
    """Resample the strips of width ``w`` that start at ``offset - w``, ``offset``,
    ``offset + w``, … (cut to the board), those numbered ``part``, ``part + parts``, …

    Strips side by side share no tromino they may change, so they are resampled in any
    order, or at once on several threads, each strip from its own word (``word`` mixed
    with where it starts): the tiling does not depend on how the strips were shared out.
    """
    c0 = offset - w if offset else 0
    number = 0
    while c0 < frame.shape[1]:
        if number % parts == part:
            first = max(c0, 0)
            strip_word = _mixed(word ^ np.uint64(c0 + w))
            resample_strip(frame, tmap, first, c0 + w - first, w, table, strip_word)
        c0 += w
        number += 1


@njit(cache=True, nogil=True)
def codes_of_rows(labels, out):
    """The codes of rows ``1`` … ``len(out)`` of ``labels`` (int64 labels with a row of
    context above and below, -1 where the board ends) into ``out``.

    A tromino's cells are at most one row and one column apart, so a cell's neighbours
    holding its label give its box: a band of labels is enough, never the whole board.
    """
    rows, width = out.shape
    for i in range(rows):
        r = i + 1
        for c in range(width):
            t = labels[r, c]
            if t == 0:
                out[i, c] = MISSING
                continue
            top, left = r, c
            for dr in range(-1, 2):
                for dc in range(-1, 2):
                    cc = c + dc
                    if 0 <= cc < width and labels[r + dr, cc] == t:
                        top, left = min(top, r + dr), min(left, cc)
            present = 0
            for dr in range(2):
                for dc in range(2):
                    cc = left + dc
                    if cc < width and labels[top + dr, cc] == t:
                        present |= 1 << (dr * 2 + dc)
            m = 0
            while (present >> m) & 1:
                m += 1
            out[i, c] = (r - top) * 2 + (c - left) + 4 * m


@njit(cache=True, nogil=True, inline="always")
def _is_first(code):
    """Whether the cell is its tromino's first in reading order: the top row's leftmost
    (the box's right cell when the top-left corner is left out)."""
    return code < 16 and code & 2 == 0 and (code & 1) == (1 if code >> 2 == 0 else 0)


@njit(cache=True, nogil=True)
def first_cells_before(codes):
    """``out[r]``: trominoes whose first cell lies in a row above ``r`` (``H + 1`` long)."""
    height, width = codes.shape
    out = np.zeros(height + 1, np.int64)
    for r in range(height):
        n = 0
        for c in range(width):
            if _is_first(codes[r, c]):
                n += 1
        out[r + 1] = out[r] + n
    return out


@njit(cache=True, nogil=True)
def label_rows(codes, before, first, out):
    """Rows ``first`` … of the labels into ``out`` (int64, ``len(out)`` rows): trominoes
    numbered 1, 2, … in the reading order of their first cells, 0 on the missing square."""
    rows, width = out.shape
    above = np.zeros(width, np.int64)  # the labels of the row over the band's first
    if first > 0:
        n = before[first - 1]
        for c in range(width):
            code = codes[first - 1, c]
            if _is_first(code):
                n += 1
                above[c] = n
            elif code < 16 and code & 2 == 0:
                above[c] = above[c - 1]  # the first cell is just left of it
    for i in range(rows):
        r = first + i
        n = before[r]
        for c in range(width):
            code = codes[r, c]
            if code >= 16:
                out[i, c] = 0
            elif _is_first(code):
                n += 1
                out[i, c] = n
            elif code & 2 == 0:  # top row of its box, its first cell to the left
                out[i, c] = out[i, c - 1]
            else:  # bottom row: the first cell is in the row above, at the box's left or right
                lead = c - (code & 1) + (1 if code >> 2 == 0 else 0)
                out[i, c] = out[i - 1, lead] if i else above[lead]


@njit(cache=True, nogil=True)
def shape_counts(codes):
    """``[a, b, c, d, wide, tall]``: trominoes leaving out each corner (top-left,
    top-right, bottom-left, bottom-right), and pairs of trominoes making a 2×3 rectangle
    two rows high (``wide``) or three rows high (``tall``)."""
    height, width = codes.shape
    counts = np.zeros(6, np.int64)
    for r in range(height):
        for c in range(width):
            code = codes[r, c]
            if not _is_first(code):
                continue
            m = code >> 2
            counts[m] += 1
            left = c - (1 if m == 0 else 0)  # the box's left column
            # two boxes side by side leaving out corners 3 and 0, or 1 and 2, fill a 2×3
            # rectangle two rows high; one over the other, 3 and 0, or 2 and 1, three high
            if (m == 3 and _same_box(codes, r, left + 1, 0)) or (
                m == 1 and _same_box(codes, r, left + 1, 2)
            ):
                counts[4] += 1
            if (m == 3 and _same_box(codes, r + 1, left, 0)) or (
                m == 2 and _same_box(codes, r + 1, left, 1)
            ):
                counts[5] += 1
    return counts


@njit(cache=True, nogil=True, inline="always")
def _same_box(codes, r, c, m):
    """Whether a tromino of the box at (r, c) leaves out corner ``m``."""
    height, width = codes.shape
    if r + 1 >= height or c + 1 >= width or c < 0:
        return False
    for corner in range(4):
        if corner == m:
            continue
        code = codes[r + (corner >> 1), c + (corner & 1)]
        if code != corner + 4 * m:
            return False
    return True
