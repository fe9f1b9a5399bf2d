"""Compiled labelling of the textbook divide-and-conquer tiling of a 2^k × 2^k board.

The textbook recursion (Golomb's proof made a program) splits a board into quadrants, puts
one tromino on the three centre corners of the quadrants that do not hold the special
square, and recurses into all four. It numbers trominoes in the order of its calls: a call
takes the next number, then visits the top-left, top-right, bottom-left and bottom-right
quadrants. A call on a side of s cells makes (s² − 1)/3 calls in all, so the number of a
quadrant's call is its parent's plus one plus the sizes of the quadrants visited before it.
That makes every cell's label computable from its position alone, and a row of the board
from a walk over only the quadtree nodes that the row crosses: 2M nodes for M cells, with
no board in memory. A whole board is made the same way, row by row: as fast as running
the recursion over it, and one kernel less to compile.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def label_rows(size, special_row, special_col, first_row, out):
    """Rows ``first_row .. first_row + len(out) - 1`` of the textbook tiling into ``out``
    (2-D int64, ``size`` columns).

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
    for i in range(out.shape[0]):
        row = first_row + i
        left[0], top[0], side[0] = 0, 0, size
        sr[0], sc[0], slabel[0], number[0] = special_row, special_col, 0, 1
        n = 1
        while n > 0:
            n -= 1
            tc, tr, s, dr, dc, dl, t = left[n], top[n], side[n], sr[n], sc[n], slabel[n], number[n]
            if s == 1:
                out[i, tc] = dl
                continue
            half = s // 2
            qr = 1 if row >= tr + half else 0
            child_calls = (half * half - 1) // 3  # the calls made on a quadrant
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
