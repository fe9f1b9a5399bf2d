"""Compiled proper colouring by the smallest-last order (``core.colouring`` checks the input).

Matula and Beck's order: a vertex of least degree among those left is taken out, again and
again, from buckets of vertices by their degree among those left; the vertices are then
coloured in the reverse order, each with the least colour none of its coloured neighbours
has. A vertex meets at most its degree when taken out of the graph left then, so no more
colours are used than one more than the largest such degree (the graph's degeneracy).
"""

import numpy as np
from numba import njit


@njit(cache=True)
def smallest_last_colours(across):
    """Colours 0, 1, ... of the vertices of the graph whose row ``i`` of ``across`` lists
    the neighbours of vertex ``i`` (-1: none), each different from its neighbours'."""
    n, width = across.shape
    degree = np.zeros(n, np.int64)
    for v in range(n):
        for j in range(width):
            degree[v] += across[v, j] >= 0
    # buckets of the vertices left by degree, as doubly linked lists
    head = np.full(width + 1, -1, np.int64)
    after = np.full(n, -1, np.int64)
    before = np.full(n, -1, np.int64)
    for v in range(n):
        _link(v, degree[v], head, after, before)
    taken = np.zeros(n, np.bool_)
    order = np.empty(n, np.int64)
    least = 0
    for step in range(n):
        while head[least] < 0:
            least += 1
        v = head[least]
        _unlink(v, degree[v], head, after, before)
        taken[v] = True
        order[step] = v
        for j in range(width):
            u = across[v, j]
            if u >= 0 and not taken[u]:
                _unlink(u, degree[u], head, after, before)
                degree[u] -= 1
                _link(u, degree[u], head, after, before)
        # a neighbour may now be one below the least
        least = max(least - 1, 0)
    colours = np.full(n, -1, np.int64)
    for step in range(n - 1, -1, -1):
        v = order[step]
        colour = 0
        while _taken_by_neighbour(v, colour, across, colours):
            colour += 1
        colours[v] = colour
    return colours


@njit(cache=True, inline="always")
def _link(v, bucket, head, after, before):
    after[v] = head[bucket]
    before[v] = -1
    if head[bucket] >= 0:
        before[head[bucket]] = v
    head[bucket] = v


@njit(cache=True, inline="always")
def _unlink(v, bucket, head, after, before):
    if before[v] >= 0:
        after[before[v]] = after[v]
    else:
        head[bucket] = after[v]
    if after[v] >= 0:
        before[after[v]] = before[v]


@njit(cache=True, inline="always")
def _taken_by_neighbour(v, colour, across, colours):
    for j in range(across.shape[1]):
        u = across[v, j]
        if u >= 0 and colours[u] == colour:
            return True
    return False
