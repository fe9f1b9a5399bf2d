"""Decimal digits written straight into byte buffers, for compiled text writers.

Why: the text writers (tromino labels, Spectre CSV and JSON Lines) format millions of
numbers; doing it in a kernel, a byte at a time, is what keeps them at the speed of the
generators that feed them.
"""

from numba import njit


@njit(cache=True, nogil=True, inline="always")
def put_whole(buffer, at, value, width):
    """Write the non-negative integer ``value`` in decimal into ``buffer`` from ``at``,
    right-aligned in ``width`` with spaces (a longer number is written whole, as C's
    ``%*d`` does); returns the position after it."""
    count, rest = 1, value // 10
    while rest:
        count += 1
        rest //= 10
    for _ in range(width - count):
        buffer[at] = 32  # ' '
        at += 1
    for k in range(count - 1, -1, -1):
        buffer[at + k] = 48 + value % 10
        value //= 10
    return at + count
