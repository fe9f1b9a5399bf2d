"""Compiled hashing of a table's rows, for finding items with the same content."""

import numpy as np
from numba import njit

# 64-bit FNV-1a (Fowler, Noll, Vo): one xor and one multiplication per byte
FNV_OFFSET = np.uint64(0xCBF29CE484222325)
_FNV_PRIME = np.uint64(0x100000001B3)


@njit(cache=True, nogil=True)
def fold_rows(keys, data, offsets):
    """Fold row ``i``'s bytes ``data[offsets[i]:offsets[i + 1]]`` into ``keys[i]``, then
    its length, so that the fields ``("ab", "c")`` and ``("a", "bc")`` differ."""
    for i in range(keys.shape[0]):
        key = keys[i]
        for at in range(offsets[i], offsets[i + 1]):
            key = (key ^ np.uint64(data[at])) * _FNV_PRIME
        key = (key ^ np.uint64(offsets[i + 1] - offsets[i])) * _FNV_PRIME
        keys[i] = key
