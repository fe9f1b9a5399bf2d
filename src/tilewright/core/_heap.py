"""A 4-ary min-heap in one preallocated array, for compiled kernels.

Kernels that need "the smallest pending item" (true Prim's cheapest frontier edge,
hunt-and-kill's first candidate in scan order) own the array and the heap's size; nothing is
allocated per push. Items that need a payload pack it into the key's low bits, so a sift
moves one word instead of two.

Why four children instead of two: these heaps grow to millions of items, and removing the
minimum walks from the root to a leaf. Four children halve the levels walked and sit side
by side in memory (32 bytes of 8-byte keys), so each level costs one cache line.
"""

from numba import njit


@njit(cache=True, inline="always")
def heap_push(heap, size, item):
    """Insert ``item``; return the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if heap[parent] <= item:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = item
    return size + 1


@njit(cache=True, inline="always")
def heap_pop(heap, size):
    """Remove the smallest item; return ``(item, new size)``."""
    top = heap[0]
    size -= 1
    item = heap[size]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        for child in range(first + 1, min(first + 4, size)):
            if heap[child] < heap[best]:
                best = child
        if item <= heap[best]:
            break
        heap[i] = heap[best]
        i = best
    heap[i] = item
    return top, size
