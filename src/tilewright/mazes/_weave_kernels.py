"""Compiled placement of a weave maze's crossings (see ``weaving.py``)."""

import numpy as np
from numba import njit

from tilewright.core._rng import below, shuffle
from tilewright.core._unionfind import find, union_roots


@njit(cache=True, nogil=True)
def place_crossings(width, height, target, max_run, rng):
    """Up to ``target`` crossings on a ``width`` × ``height`` square grid, at random.

    Interior cells are tried in random order; a cell becomes a crossing unless it is next
    to one already (its four passages are forced open, so a neighbour could not cross), its
    two forced pairs (north–south and west–east) would close a cycle with the forced
    passages so far, or it would tie more than ``max_run`` cells into one run of forced
    passages. A union–find over the cells tracks which the forced passages join, and how
    many cells each run holds.

    Returns
    -------
    cells : numpy.ndarray
        int32, (k,): the crossing cells, in the order placed.
    vertical : numpy.ndarray
        bool, (k,): True where the passage on top runs north–south (the one below then
        runs west–east), False for the other way round; chosen at random.
    roots : numpy.ndarray
        int32, (width · height,): each cell's set of the union–find when all are placed
        (a crossing cell is a set of its own: its nodes belong to its neighbours' sets).
    """
    n = width * height
    parent = np.full(n, -1, dtype=np.int32)
    crossing = np.zeros(n, dtype=np.bool_)
    inner_width = max(width - 2, 0)
    inner = inner_width * max(height - 2, 0)
    order = np.empty(inner, dtype=np.int32)
    for i in range(inner):
        order[i] = (i // inner_width + 1) * width + i % inner_width + 1
    shuffle(rng, order)
    wanted = min(target, inner)
    cells = np.empty(wanted, dtype=np.int32)
    vertical = np.empty(wanted, dtype=np.bool_)
    k = 0
    for cell in order:
        if k == wanted:
            break
        north, south, west, east = cell - width, cell + width, cell - 1, cell + 1
        if crossing[north] or crossing[south] or crossing[west] or crossing[east]:
            continue
        a, b = find(parent, north), find(parent, south)
        c, d = find(parent, west), find(parent, east)
        # joining a with b and c with d closes a cycle when either pair is joined already,
        # or when the pairs are the same two sets (then joining one joins the other)
        if a == b or c == d or (a == c and b == d) or (a == d and b == c):
            continue
        # sizes are stored negated at the roots; pairs that share a set make one run
        if a in (c, d) or b in (c, d):
            largest = -(parent[a] + parent[b] + parent[c] + parent[d])
            if a in (c, d):
                largest += parent[a]
            else:
                largest += parent[b]
        else:
            largest = -min(parent[a] + parent[b], parent[c] + parent[d])
        if largest > max_run:
            continue
        union_roots(parent, a, b)
        union_roots(parent, find(parent, west), find(parent, east))
        crossing[cell] = True
        cells[k] = cell
        vertical[k] = below(rng, 2) == 0
        k += 1
    roots = np.empty(n, dtype=np.int32)
    for cell in range(n):
        roots[cell] = find(parent, cell)
    return cells[:k], vertical[:k], roots
