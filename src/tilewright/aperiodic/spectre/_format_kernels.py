"""Compiled kernel: CSV and JSON Lines rows of Spectre tiles, straight into bytes.

Why: formatting 28 numbers a tile with Python's ``%`` costs more than generating the tile
(about 130 k tiles a second against a million). Here each number is written as fixed-point
digits into one byte buffer (``aperiodic._format_kernels``, shared with the hat), so text
output keeps pace with the walk.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic._format_kernels import _NUMBER_WIDTH, _put, put_vertices
from tilewright.aperiodic.spectre._search_kernels import corner_xy
from tilewright.aperiodic.spectre._step_kernels import LEVELS, SPECTRE
from tilewright.core._graph_access import data_pointer


@njit(cache=True, nogil=True, inline="always")
def _put_id(buffer, at, row, levels, ancestry):
    """The id of the address ``row`` (a pointer: see ``spectre._step_kernels.step``), as
    ``patch.id_bytes`` writes it: the Spectre's index, a colon, then the child index of each
    level up to the highest where it differs from the start tile's ``ancestry``."""
    buffer[at] = 48 + row[SPECTRE]
    buffer[at + 1] = 58  # ':'
    at += 2
    top = levels
    while top > 0 and row[LEVELS + 2 * top - 1] == ancestry[top - 1]:
        top -= 1
    for level in range(top):
        buffer[at + level] = 48 + row[LEVELS + 2 * level + 1]
    return at + top


@njit(cache=True, nogil=True)
def rows(addresses, others, ancestry, greek, turns, corners, shapes_xy, pieces):
    """The rows of ``len(turns)`` tiles as bytes, each tile given by its address row
    (``addresses``, (n, L) int8), turn and exact corner; when ``others`` ((n, 14, L') int8,
    ``patch.neighbour_rows``) has rows, each row ends with the ids of the tiles across the
    tile's 14 edges, in the edges' order (``others`` of no rows: none).

    The ids are ``patch.id_bytes``' text, written here from the rows, with ``ancestry``
    the start tile's child indices (one a level of the deeper rows). The vertices are
    ``Chunk.xy``'s floats, made the same way (the shape's vertex plus the corner as
    ``exact.to_xy_array`` converts it), so the bytes are the same. ``greek`` (9, 2) is the
    UTF-8 of each type's letter; ``pieces`` the constant byte strings of the style (see
    ``writers._JSONL``). Why the ids and vertices here, not from the chunk's arrays: making
    those arrays first cost a fifth of the time of writing the rows.
    """
    count, width = addresses.shape
    neighbours, other_width = others.shape[0] > 0, others.shape[2]
    levels, other_levels = (width - LEVELS) // 2, (other_width - LEVELS) // 2
    # each piece bound once: taken from the tuple inside the loop, every use counted a
    # reference up and down
    (
        before_id, after_id, after_type, after_index, between_xy, between_vertices,
        after_vertices, before_neighbours, between_neighbours, after_neighbours, end,
    ) = pieces  # fmt: skip
    # the longest a row can be: its id, letter and index, 28 numbers, and every piece as
    # often as it is written
    per_tile = (levels + 2) + 2 + 1 + 28 * _NUMBER_WIDTH + 14 * between_xy.shape[0]
    per_tile += before_id.shape[0] + after_id.shape[0] + after_type.shape[0]
    per_tile += after_index.shape[0] + 13 * between_vertices.shape[0] + after_vertices.shape[0]
    per_tile += end.shape[0]
    if neighbours:
        per_tile += before_neighbours.shape[0] + 14 * (other_levels + 2)
        per_tile += 13 * between_neighbours.shape[0] + after_neighbours.shape[0]
    buffer = np.empty(count * per_tile, dtype=np.uint8)
    # rows copied into scratch and read through pointers, for the same reason
    own, other = np.empty(width, dtype=np.int8), np.empty(other_width, dtype=np.int8)
    own_at, other_at = data_pointer(own), data_pointer(other)
    ancestry_at = data_pointer(ancestry)
    at = np.int64(0)  # not the literal 0: Numba would compile _put for it as well
    for n in range(count):
        for k in range(width):
            own[k] = addresses[n, k]
        at = _put(buffer, at, before_id)
        at = _put_id(buffer, at, own_at, levels, ancestry_at)
        at = _put(buffer, at, after_id)
        kind = own[LEVELS]
        buffer[at], buffer[at + 1] = greek[kind, 0], greek[kind, 1]
        at = _put(buffer, at + 2, after_type)
        buffer[at] = 48 + own[SPECTRE]
        at = _put(buffer, at + 1, after_index)
        x, y = corner_xy(corners[n])
        shape = shapes_xy[turns[n]]
        at = put_vertices(buffer, at, shape, x, y, between_vertices, between_xy, after_vertices)
        if neighbours:
            at = _put(buffer, at, before_neighbours)
            for edge in range(14):
                if edge > 0:
                    at = _put(buffer, at, between_neighbours)
                for k in range(other_width):
                    other[k] = others[n, edge, k]
                at = _put_id(buffer, at, other_at, other_levels, ancestry_at)
            at = _put(buffer, at, after_neighbours)
        at = _put(buffer, at, end)
    return buffer[:at]
