"""Compiled kernel: each tile a search or the descent found, started at its canonical
corner, with its type and edge 0's turn (``region.canonical`` says which corner).

Why compiled: NumPy turned every tile's corners over twice and matched its edges against
the ten directions by sorting, in arrays (n, 4, 4) made several times; a quarter of writing
a patch's rows. Here each tile is read once. Only whole numbers: the same tiles, types and
turns as the arrays gave, exactly.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True, inline="always")
def _direction(tile, start, end, table):
    """Which of ``table``'s ten vectors runs from corner ``start`` to corner ``end`` of
    ``tile`` (−1: none)."""
    for k in range(table.shape[0]):
        if (
            tile[end, 0] - tile[start, 0] == table[k, 0]
            and tile[end, 1] - tile[start, 1] == table[k, 1]
            and tile[end, 2] - tile[start, 2] == table[k, 2]
            and tile[end, 3] - tile[start, 3] == table[k, 3]
        ):
            return k
    return -1


@njit(cache=True, nogil=True)
def canonical(tiles, kites, unit, short, thick_tenths, thin_tenths):
    """The tiles (n, 4, 4) started at their canonical corners, as a new array, with their
    types and turns (int8); the last value is False when a tile has neither shape.

    ``kites``: P2 (a tile starts where edge 0 is long), else P3 (where edge 0 turns 0-4
    tenths); ``unit`` and ``short``: the ten unit vectors and the ten of length 1/φ.
    """
    n = tiles.shape[0]
    exact = np.empty_like(tiles)
    kind = np.empty(n, dtype=np.int8)
    turn = np.empty(n, dtype=np.int8)
    for i in range(n):
        tile = tiles[i]
        first = _direction(tile, 0, 1, unit)
        other = first < 0 if kites else first >= 5
        # the other end of the shared edge: the corners two on
        shift = 2 if other else 0
        for j in range(4):
            for c in range(4):
                exact[i, j, c] = tile[(j - shift) % 4, c]
        here = exact[i]
        edge = _direction(here, 0, 1, unit)
        if edge < 0:
            return exact, kind, turn, False
        turn[i] = edge
        if kites:
            long_axis = _direction(here, 0, 2, unit) >= 0
            if not long_axis and _direction(here, 0, 2, short) < 0:
                return exact, kind, turn, False
            kind[i] = 0 if long_axis else 1
        else:
            tenths = (_direction(here, 0, 3, unit) - edge) % 10
            if tenths != thick_tenths and tenths != thin_tenths:
                return exact, kind, turn, False
            kind[i] = 1 if tenths == thin_tenths else 0
    return exact, kind, turn, True
