"""Compiled test for an odd wheel: the proof that a graph needs four colours, found
before any search for three.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def odd_wheel_hub(indptr, indices):
    """A vertex whose neighbours contain an odd cycle, or -1 when there is none.

    Such a vertex and that cycle form an odd wheel (a K4 when the cycle is a triangle),
    which cannot be 3-coloured: the hub takes one colour and leaves two for an odd cycle.
    Each neighbourhood is 2-coloured by breadth-first search, in time Σ deg² overall; a
    neighbourhood that cannot be holds an odd cycle.
    """
    n = indptr.shape[0] - 1
    slot = np.empty(n, dtype=np.int64)  # position of a vertex in the current neighbourhood
    for v in range(n):
        slot[v] = -1
    side = np.empty(64, dtype=np.int8)
    queue = np.empty(64, dtype=np.int64)
    for v in range(n):
        start, stop = indptr[v], indptr[v + 1]
        d = stop - start
        if d < 3:
            continue
        if d > side.shape[0]:
            side = np.empty(d, dtype=np.int8)
            queue = np.empty(d, dtype=np.int64)
        for i in range(d):
            slot[indices[start + i]] = i
            side[i] = -1
        odd = False
        for root in range(d):
            if side[root] >= 0 or odd:
                continue
            side[root] = 0
            queue[0] = root
            head, tail = 0, 1
            while head < tail and not odd:
                x = queue[head]
                head += 1
                u = indices[start + x]
                for j in range(indptr[u], indptr[u + 1]):
                    y = slot[indices[j]]
                    if y < 0:
                        continue
                    if side[y] < 0:
                        side[y] = 1 - side[x]
                        queue[tail] = y
                        tail += 1
                    elif side[y] == side[x]:
                        odd = True
                        break
        for i in range(d):
            slot[indices[start + i]] = -1
        if odd:
            return v
    return -1
