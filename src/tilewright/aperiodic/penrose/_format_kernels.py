"""Compiled kernel: CSV and JSON Lines rows of Penrose tiles, straight into bytes.

Why: formatting a tile's id, its eight coordinates and its sixteen exact integers with
Python's ``%`` took four fifths of writing a large patch (3.2 s of 3.8 s for a 1000x1000
P3 CSV); here each number goes into one byte buffer by the fixed-point writer the
Spectre's and the hat's rows use (``aperiodic._format_kernels``), and without the GIL, so
batches can be formatted on several threads while the descent finds the next.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic._format_kernels import _NUMBER_WIDTH, _number, _put, put_signed
from tilewright.core._digits import put_whole

# the most bytes an int64 takes in decimal, with its sign
_INT_WIDTH = 20


@njit(cache=True, nogil=True, inline="always")
def _put_id(buffer, at, turn, start):
    """A tile's id, its turn and start corner's four integers joined by ``:``
    (``region.tile_ids``)."""
    at = put_whole(buffer, at, turn, 0)
    for k in range(4):
        buffer[at] = 58  # ':'
        at = put_signed(buffer, at + 1, start[k])
    return at


@njit(cache=True, nogil=True)
def rows(turn, exact, kind, xy, names, name_lengths, across_turn, across_start, pieces):
    """The rows of ``len(turn)`` tiles as bytes: id, type, turn, the four corners' floats
    (``xy``, (n, 4, 2)), then, when ``pieces`` has an exact part, the corners' integers
    (``exact``, (n, 4, 4)) as JSON arrays, and, when ``across_turn`` ((n, 4) or (0, 4))
    has rows, the ids of the tiles across edges 0-3 from their turns and start corners
    (``across_start``, (n, 4, 4)). ``names`` holds each type's name in UTF-8, padded,
    ``name_lengths`` its length; ``pieces`` the constant byte strings of the style
    (``outputs._CSV_PIECES``, ``outputs._JSONL_PIECES``)."""
    # each piece bound once: taken from the tuple inside the loop, every use counted a
    # reference up and down
    (
        before_id, after_id, after_type, after_turn, between_xy, between_vertices,
        after_vertices, before_exact, between_integers, between_corners, after_exact,
        before_neighbours, between_neighbours, after_neighbours, end,
    ) = pieces  # fmt: skip
    count = turn.shape[0]
    neighbours = across_turn.shape[0] > 0
    with_exact = before_exact.shape[0] > 0
    id_width = 2 + 4 * (_INT_WIDTH + 1)
    # the longest a row can be: every number at its widest, every piece as often as it is
    # written
    per_tile = id_width + names.shape[1] + 3 + 8 * _NUMBER_WIDTH
    per_tile += before_id.shape[0] + after_id.shape[0] + after_type.shape[0]
    per_tile += after_turn.shape[0] + 4 * between_xy.shape[0] + 3 * between_vertices.shape[0]
    per_tile += after_vertices.shape[0] + end.shape[0]
    if with_exact:
        per_tile += before_exact.shape[0] + 16 * _INT_WIDTH + 12 * between_integers.shape[0]
        per_tile += 3 * between_corners.shape[0] + after_exact.shape[0]
    if neighbours:
        per_tile += before_neighbours.shape[0] + 4 * id_width
        per_tile += 3 * between_neighbours.shape[0] + after_neighbours.shape[0]
    buffer = np.empty(count * per_tile, dtype=np.uint8)
    at = np.int64(0)
    for n in range(count):
        at = _put(buffer, at, before_id)
        at = _put_id(buffer, at, turn[n], exact[n, 0])
        at = _put(buffer, at, after_id)
        at = _put(buffer, at, names[kind[n], : name_lengths[kind[n]]])
        at = _put(buffer, at, after_type)
        at = put_whole(buffer, at, turn[n], 0)
        at = _put(buffer, at, after_turn)
        for i in range(8):  # x and y of each corner
            if i > 0:
                at = _put(buffer, at, between_xy if i % 2 else between_vertices)
            at = _number(buffer, at, xy[n, i // 2, i % 2])
        at = _put(buffer, at, after_vertices)
        if with_exact:
            at = _put(buffer, at, before_exact)
            for i in range(16):  # the four integers of each corner
                if i > 0:
                    at = _put(buffer, at, between_integers if i % 4 else between_corners)
                at = put_signed(buffer, at, exact[n, i // 4, i % 4])
            at = _put(buffer, at, after_exact)
        if neighbours:
            at = _put(buffer, at, before_neighbours)
            for edge in range(4):
                if edge > 0:
                    at = _put(buffer, at, between_neighbours)
                at = _put_id(buffer, at, across_turn[n, edge], across_start[n, edge])
            at = _put(buffer, at, after_neighbours)
        at = _put(buffer, at, end)
    return buffer[:at]
