"""Compiled labelling of a graph's connected pieces, for masks that may fall apart."""

import numpy as np
from numba import njit

from tilewright.core._unionfind import find, union_roots


@njit(cache=True, nogil=True)
def component_labels(num_nodes, endpoints):
    """int32, shape (num_nodes,): each node's piece of the graph with edges ``endpoints``
    (m, 2), pieces numbered 0, 1, … in the order of their lowest node.

    Why union–find and not a breadth-first search: it reads the edge list once in any
    order, with no adjacency lists to build, and a mask's pieces can be long and thin
    (a search's queue would be as long as the piece anyway).
    """
    parent = np.full(num_nodes, -1, dtype=np.int32)
    for e in range(endpoints.shape[0]):
        a = find(parent, endpoints[e, 0])
        b = find(parent, endpoints[e, 1])
        if a != b:
            union_roots(parent, a, b)
    label_of_root = np.full(num_nodes, -1, dtype=np.int32)
    labels = np.empty(num_nodes, dtype=np.int32)
    pieces = 0
    for node in range(num_nodes):
        root = find(parent, node)
        if label_of_root[root] < 0:
            label_of_root[root] = pieces
            pieces += 1
        labels[node] = label_of_root[root]
    return labels
