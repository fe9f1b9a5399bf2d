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


@njit(cache=True, nogil=True, inline="always")
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


@njit(cache=True, nogil=True, inline="always")
def heap_pop(heap, size):
    """Remove the smallest item; return ``(item, new size)``."""
    top = heap[0]
    size -= 1
    item = heap[size]
    i = 0
    while True:
        first = 4 * i + 1
        if first + 3 < size:
            # All four children: pick the least with selects, not branches. The keys are
            # random, so a branch here would be mispredicted half the time.
            a, b, c, d = heap[first], heap[first + 1], heap[first + 2], heap[first + 3]
            ab = first if a <= b else first + 1
            cd = first + 2 if c <= d else first + 3
            low_ab = min(a, b)
            low_cd = min(c, d)
            best = ab if low_ab <= low_cd else cd
            least = min(low_ab, low_cd)
        elif first < size:
            best = first
            for child in range(first + 1, size):
                if heap[child] < heap[best]:
                    best = child
            least = heap[best]
        else:
            break
        if item <= least:
            break
        heap[i] = least
        i = best
    heap[i] = item
    return top, size
