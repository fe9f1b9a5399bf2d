"""Compiled drawing of each dataset item's random origin and target."""

import numpy as np
from numba import njit

from tilewright.core._rng import below


@njit(cache=True, nogil=True)
def distinct_cells(states, cells):
    """Two cells per generator state, distinct when there are two cells to choose from.

    The first is uniform over ``cells``, the second uniform over the others (drawn among
    ``cells - 1`` and shifted past the first), from the state of each item's own seed, so
    that an item's endpoints depend on nothing but that seed.
    """
    n = states.shape[0]
    first = np.empty(n, dtype=np.int64)
    second = np.empty(n, dtype=np.int64)
    state = np.empty(1, dtype=np.uint64)
    for i in range(n):
        state[0] = states[i]
        a = below(state, cells)
        b = a
        if cells > 1:
            b = below(state, cells - 1)
            if b >= a:
                b += 1
        first[i] = a
        second[i] = b
    return first, second
