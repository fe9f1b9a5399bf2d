"""A binary min-heap in one preallocated array, for compiled kernels.

Kernels that need "the smallest pending item" (true Prim's cheapest frontier edge,
hunt-and-kill's first candidate in scan order) own the array and the heap's size; nothing is
allocated per push. Items that need a payload pack it into the key's low bits, so a sift
moves one word instead of two.
"""

from numba import njit


@njit(cache=True, inline="always")
def heap_push(heap, size, item):
    """Insert ``item``; return the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 1
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
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if item <= heap[child]:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = item
    return top, size
