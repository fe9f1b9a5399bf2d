"""A binary min-heap on parallel key/value arrays, for compiled kernels.

Kernels that need "the smallest pending item" (true Prim's cheapest frontier edge,
hunt-and-kill's first candidate in scan order) own two preallocated arrays and the heap's
size; nothing is allocated per push.
"""

from numba import njit


@njit(cache=True, inline="always")
def heap_push(keys, values, size, key, value):
    """Insert ``(key, value)``; return the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if keys[parent] <= key:
            break
        keys[i] = keys[parent]
        values[i] = values[parent]
        i = parent
    keys[i] = key
    values[i] = value
    return size + 1


@njit(cache=True, inline="always")
def heap_pop(keys, values, size):
    """Remove the smallest item; return ``(key, value, new size)``."""
    top_key = keys[0]
    top_value = values[0]
    size -= 1
    key = keys[size]
    value = values[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and keys[child + 1] < keys[child]:
            child += 1
        if key <= keys[child]:
            break
        keys[i] = keys[child]
        values[i] = values[child]
        i = child
    keys[i] = key
    values[i] = value
    return top_key, top_value, size
