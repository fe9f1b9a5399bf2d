"""Compiled kernel: CSV and JSON Lines rows of hats, straight into bytes.

Why: the walk finds eight million hats a second, and formatting 28 numbers a hat with
Python's ``%`` (or a ``HatTile`` object a hat) runs at a few tens of thousands. The rows
are written from the walk's arrays, each number by the Spectre's fixed-point digit writer,
so the bytes are those of ``HatTile.xy()`` rounded to six decimals.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic._format_kernels import _NUMBER_WIDTH, _put, put_signed, put_vertices
from tilewright.aperiodic.hat._kernels import SQRT3
from tilewright.aperiodic.hat.geometry import HEXAGON_STEP, REFLECTED_INDEX, REFLECTED_TYPE


@njit(cache=True, nogil=True, inline="always")
def _put_id(buffer, at, a, b, j):
    """A hat's id, ``a:b:j`` (``walk.HatTile.id``)."""
    at = put_signed(buffer, at, a)
    buffer[at] = 58  # ':'
    at = put_signed(buffer, at + 1, b)
    buffer[at], buffer[at + 1] = 58, 48 + j
    return at + 2


@njit(cache=True, nogil=True)
def rows(found, letters, shapes, pieces, true_text, false_text):
    """The rows of the hats ``found`` ((n, 6): start x, y, kite 0's direction, type number,
    index, colour; see ``walk.found_batches``; with 42 more columns, the neighbours'
    ids, which end each row) as bytes. ``letters`` holds each type's letter,
    ``shapes`` (6, 2, 14, 2) a hat's vertices less its start per (turn, reflected), in hat
    units; ``pieces`` the constant byte strings of the style (``writers._JSONL``)."""
    (
        before_id, after_id, after_type, after_index, after_reflected, after_turn,
        after_colour, between_xy, between_vertices, after_vertices, before_neighbours,
        between_neighbours, after_neighbours, end,
    ) = pieces  # fmt: skip
    neighbours = found.shape[1] > 6
    per_hat = 3 * 20 + 3 + 1 + 1 + 5 + 1 + 28 * _NUMBER_WIDTH + 14 * between_xy.shape[0]
    per_hat += before_id.shape[0] + after_id.shape[0] + after_type.shape[0]
    per_hat += after_index.shape[0] + after_reflected.shape[0] + after_turn.shape[0] + 1
    per_hat += after_colour.shape[0]
    per_hat += 13 * between_vertices.shape[0] + after_vertices.shape[0] + end.shape[0]
    if neighbours:
        per_hat += before_neighbours.shape[0] + 13 * between_neighbours.shape[0]
        per_hat += after_neighbours.shape[0] + 14 * (2 * 21 + 3)
    buffer = np.empty(found.shape[0] * per_hat, dtype=np.uint8)
    at = np.int64(0)
    for n in range(found.shape[0]):
        x, y, j, kind, index = found[n, 0], found[n, 1], found[n, 2], found[n, 3], found[n, 4]
        reflected = kind == REFLECTED_TYPE and index == REFLECTED_INDEX
        turn = (j + 1) % 6 if reflected else j
        at = _put(buffer, at, before_id)
        at = _put_id(buffer, at, x // HEXAGON_STEP, y // HEXAGON_STEP, j)
        at = _put(buffer, at, after_id)
        buffer[at] = letters[kind]
        at = _put(buffer, at + 1, after_type)
        buffer[at] = 48 + index
        at = _put(buffer, at + 1, after_index)
        at = _put(buffer, at, true_text if reflected else false_text)
        at = _put(buffer, at, after_reflected)
        buffer[at] = 48 + turn
        at = _put(buffer, at + 1, after_turn)
        buffer[at] = 48 + found[n, 5]
        at = _put(buffer, at + 1, after_colour)
        base_x, base_y = (2 * x + y) / (2 * SQRT3), y / 2
        shape = shapes[turn, 1 if reflected else 0]
        at = put_vertices(
            buffer, at, shape, base_x, base_y, between_vertices, between_xy, after_vertices
        )
        if neighbours:
            at = _put(buffer, at, before_neighbours)
            for edge in range(14):
                if edge > 0:
                    at = _put(buffer, at, between_neighbours)
                column = 6 + 3 * edge
                at = _put_id(
                    buffer, at, found[n, column], found[n, column + 1], found[n, column + 2]
                )
            at = _put(buffer, at, after_neighbours)
        at = _put(buffer, at, end)
    return buffer[:at]
