"""Compiled labelling of the textbook divide-and-conquer tiling of a 2^k × 2^k board.

The textbook recursion (Golomb's proof made a program) splits a board into quadrants, puts
one tromino on the three centre corners of the quadrants that do not hold the special
square, and recurses into all four. It numbers trominoes in the order of its calls: a call
takes the next number, then visits the top-left, top-right, bottom-left and bottom-right
quadrants. A call on a side of s cells makes (s² − 1)/3 calls in all, so the number of a
quadrant's call is its parent's plus one plus the sizes of the quadrants visited before it.
That makes every cell's label computable from its position alone, and a row of the board
from a walk over only the quadtree nodes that the row crosses: 2M nodes for M cells, with
no board in memory.
"""

import numpy as np
from numba import njit

from tilewright.core._digits import put_whole


@njit(cache=True, nogil=True, inline="always")
def _calls(side):
    """Calls the recursion makes on a board of ``side`` cells: (side² − 1) / 3."""
    return (side * side - 1) // 3


@njit(cache=True, nogil=True)
def label_row(size, special_row, special_col, row, out):
    """Write row ``row`` of the textbook tiling into ``out`` (int64, length ``size``).

    Each stack entry is a quadtree node the row crosses: its left column, side, special
    square, the label of that special square, and the node's own number.
    """
    depth = 2 * 64 + 2
    left = np.empty(depth, dtype=np.int64)
    top = np.empty(depth, dtype=np.int64)
    side = np.empty(depth, dtype=np.int64)
    sr = np.empty(depth, dtype=np.int64)
    sc = np.empty(depth, dtype=np.int64)
    slabel = np.empty(depth, dtype=np.int64)
    number = np.empty(depth, dtype=np.int64)
    left[0], top[0], side[0] = 0, 0, size
    sr[0], sc[0], slabel[0], number[0] = special_row, special_col, 0, 1
    n = 1
    while n > 0:
        n -= 1
        tc, tr, s, dr, dc, dl, t = left[n], top[n], side[n], sr[n], sc[n], slabel[n], number[n]
        if s == 1:
            out[tc] = dl
            continue
        half = s // 2
        qr = 1 if row >= tr + half else 0
        child_calls = _calls(half)
        # Right quadrant pushed first so that the left one is handled first.
        for qc in (1, 0):
            q = 2 * qr + qc
            ctr, ctc = tr + qr * half, tc + qc * half
            left[n], top[n], side[n] = ctc, ctr, half
            number[n] = t + 1 + q * child_calls
            if ctr <= dr < ctr + half and ctc <= dc < ctc + half:
                sr[n], sc[n], slabel[n] = dr, dc, dl
            else:  # the corner cell nearest the centre carries this call's tromino
                sr[n], sc[n], slabel[n] = tr + half - 1 + qr, tc + half - 1 + qc, t
            n += 1


@njit(cache=True, nogil=True)
def label_rows(size, special_row, special_col, first_row, out):
    """Rows ``first_row .. first_row + len(out) - 1`` into ``out`` (2-D int64)."""
    for i in range(out.shape[0]):
        label_row(size, special_row, special_col, first_row + i, out[i])


@njit(cache=True, nogil=True)
def format_rows(rows, width, out):
    """C's ``printf("%*d ", width, ...)`` per cell and a newline per row, as ASCII bytes
    written into ``out``; returns how many bytes were written. ``width`` 2 is the
    textbook's ``"%2d "``: wider numbers are printed whole, as C does."""
    at = 0
    for i in range(rows.shape[0]):
        for j in range(rows.shape[1]):
            at = put_whole(out, at, rows[i, j], width)
            out[at] = 32
            at += 1
        out[at] = 10
        at += 1
    return at


@njit(cache=True, nogil=True)
def fill_board(size, special_row, special_col, board):
    """The textbook recursion itself, on a whole board in memory (``board``: size × size).

    An explicit stack replaces the calls; children are pushed in reverse so that they are
    taken top-left first, and a call takes its number when it is taken, as in the textbook.
    """
    depth = 3 * 64 + 4
    tops = np.empty(depth, dtype=np.int64)
    lefts = np.empty(depth, dtype=np.int64)
    srs = np.empty(depth, dtype=np.int64)
    scs = np.empty(depth, dtype=np.int64)
    sides = np.empty(depth, dtype=np.int64)
    board[special_row, special_col] = 0
    tops[0], lefts[0], srs[0], scs[0], sides[0] = 0, 0, special_row, special_col, size
    n = 1
    counter = 1
    while n > 0:
        n -= 1
        tr, tc, dr, dc, s = tops[n], lefts[n], srs[n], scs[n], sides[n]
        if s == 1:
            continue
        half = s // 2
        t = counter
        counter += 1
        for q in range(3, -1, -1):
            qr, qc = q // 2, q % 2
            ctr, ctc = tr + qr * half, tc + qc * half
            if ctr <= dr < ctr + half and ctc <= dc < ctc + half:
                srs[n], scs[n] = dr, dc
            else:
                corner_r, corner_c = tr + half - 1 + qr, tc + half - 1 + qc
                board[corner_r, corner_c] = t
                srs[n], scs[n] = corner_r, corner_c
            tops[n], lefts[n], sides[n] = ctr, ctc, half
            n += 1
