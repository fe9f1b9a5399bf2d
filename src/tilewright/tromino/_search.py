"""Exact search for tromino tilings of small boards, compiled.

Used for the small *core* boards that the construction cannot reduce further (at most 13
cells a side) and, in the tests, to check the feasibility theorems on every board up to
11×11. Depth-first: the first empty cell in reading order must be the first cell of
whichever tromino covers it, and only four trominoes have a given first cell, so each step
tries at most four placements and no tiling is found twice.
"""

import numpy as np
from numba import njit

# The four L-trominoes by the offsets (row, column) of their other two cells from their
# first cell in reading order.
_SHAPES = np.array(
    [
        [[0, 1], [1, 0]],  # ┌
        [[0, 1], [1, 1]],  # ┐
        [[1, 0], [1, 1]],  # └
        [[1, -1], [1, 0]],  # ┘
    ],
    dtype=np.int64,
)


@njit(nogil=True, inline="always")
def _fits(board, height, width, r, c, shape):
    for k in range(2):
        rr = r + _SHAPES[shape, k, 0]
        cc = c + _SHAPES[shape, k, 1]
        if rr >= height or cc < 0 or cc >= width or board[rr, cc] != -1:
            return False
    return True


@njit(nogil=True, inline="always")
def _set(board, r, c, shape, value):
    board[r, c] = value
    for k in range(2):
        board[r + _SHAPES[shape, k, 0], c + _SHAPES[shape, k, 1]] = value


@njit(cache=True, nogil=True)
def search(height, width, missing_row, missing_col, board):
    """Fill ``board`` (int64, height × width) with tromino numbers 1, 2, … (0 on the missing
    square) and return True, or return False when no tiling exists."""
    board[:, :] = -1
    board[missing_row, missing_col] = 0
    cells = height * width
    if (cells - 1) % 3 != 0:
        return False
    anchors = np.empty(cells // 3 + 1, dtype=np.int64)
    shapes = np.empty(cells // 3 + 1, dtype=np.int64)
    depth = 0
    anchor = 0
    shape = 0
    while True:
        while anchor < cells and board[anchor // width, anchor % width] != -1:
            anchor += 1
        if anchor == cells:
            return True
        r, c = anchor // width, anchor % width
        while shape < 4 and not _fits(board, height, width, r, c, shape):
            shape += 1
        if shape < 4:
            _set(board, r, c, shape, depth + 1)
            anchors[depth] = anchor
            shapes[depth] = shape
            depth += 1
            shape = 0
            continue
        if depth == 0:
            return False
        depth -= 1
        anchor = anchors[depth]
        _set(board, anchor // width, anchor % width, shapes[depth], -1)
        shape = shapes[depth] + 1
