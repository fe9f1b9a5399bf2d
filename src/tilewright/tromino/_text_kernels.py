"""Compiled text of tilings: C's ``printf("%*d ", ...)`` per cell, straight into bytes."""

from numba import njit

from tilewright.core._digits import put_whole


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
