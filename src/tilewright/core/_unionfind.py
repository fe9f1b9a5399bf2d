"""Union–find (disjoint sets) for compiled kernels.

One int32 array holds the forest: ``parent[i] >= 0`` is i's parent, ``parent[i] < 0`` marks a
root whose set has ``-parent[i]`` members. Union by size keeps trees shallow and path halving
(each visited node skips to its grandparent) flattens them as they are walked, giving the
near-constant amortised cost of Tarjan's analysis without a second array for ranks.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True, inline="always")
def find(parent, x):
    """Root of ``x``'s set, halving the path on the way."""
    while parent[x] >= 0:
        p = parent[x]
        grandparent = parent[p]
        if grandparent < 0:
            return p
        parent[x] = grandparent
        x = grandparent
    return x


@njit(cache=True, nogil=True, inline="always")
def union_roots(parent, a, b):
    """Join the sets whose roots are ``a != b``; return the new root."""
    if parent[a] > parent[b]:  # sizes are stored negated: a is the smaller set
        a, b = b, a
    parent[a] += parent[b]
    parent[b] = a
    return a


@njit(cache=True, nogil=True)
def component_count(num_cells, endpoints):
    """Number of connected components of a graph given as an (m, 2) edge array."""
    parent = np.full(num_cells, -1, dtype=np.int32)
    components = num_cells
    for e in range(endpoints.shape[0]):
        a = find(parent, endpoints[e, 0])
        b = find(parent, endpoints[e, 1])
        if a != b:
            union_roots(parent, a, b)
            components -= 1
    return components
