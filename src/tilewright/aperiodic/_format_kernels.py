"""Compiled kernels: fixed-point numbers, integers and a tile's vertices, straight into
bytes, for the CSV and JSON Lines rows of the Spectre (``spectre._format_kernels``), of the
hat (``hat._format_kernels``) and of Penrose tilings (``penrose._format_kernels``).

Why: formatting 28 numbers a tile with Python's ``%`` costs more than generating the tile
(about 130 k tiles a second against a million). Here each number is written as fixed-point
digits into one byte buffer, so text output keeps pace with the walk.
"""

import numpy as np
from numba import njit

from tilewright.core._digits import put_whole

_SCALE = 10**6  # six decimals, as ``writers.DIGITS``
_USCALE, _TEN_THOUSAND, _HUNDRED = np.uint64(_SCALE), np.uint64(10_000), np.uint64(100)
# from here on a value times 10**6 could pass 2**63 (``put_whole`` takes an int64)
_FAR = 9e12
# the most bytes a number takes: "-", 16 digits (a region lies within 2**50 < 10**16 of the
# centre, ``spectre.patch.MAX_COORDINATE``, and its tiles a few edges beyond), ".", 6 decimals
_NUMBER_WIDTH = 24


# "00" to "99": two digits a lookup, where one at a time cost a division each
_DIGIT_PAIRS = np.array([ord(c) for i in range(100) for c in f"{i:02d}"], dtype=np.uint8)


@njit(cache=True, nogil=True, inline="always")
def _put(buffer, at, text):
    for k in range(text.shape[0]):
        buffer[at + k] = text[k]
    return at + text.shape[0]


@njit(cache=True, nogil=True, inline="always")
def _pair(buffer, at, value):
    """The two digits of ``value`` (0 to 99) at ``at``."""
    buffer[at] = _DIGIT_PAIRS[2 * value]
    buffer[at + 1] = _DIGIT_PAIRS[2 * value + 1]


@njit(cache=True, nogil=True, inline="always")
def put_signed(buffer, at, value):
    """The integer ``value`` in decimal, with a minus sign when negative."""
    if value < 0:
        buffer[at] = 45  # '-'
        at += 1
    return put_whole(buffer, at, abs(value), 0)


@njit(cache=True, nogil=True, inline="always")
def _number(buffer, at, value):
    """``value`` with six decimals (no minus sign on a value that rounds to zero).

    Why digits in pairs, and the whole part's length by comparisons: the positions of a
    region's vertices mostly have the same number of digits, so the comparisons are
    predicted, and each pair costs one division where each digit cost one (a third of
    the time of a row went on them).
    """
    # unsigned: a division by a constant is then a multiplication and a shift, with no
    # correction for negative numbers (the whole part's digits cost twice as much without)
    magnitude = abs(value)
    if magnitude < _FAR:
        scaled = np.uint64(round(magnitude * _SCALE))  # half to even, as np.round: LLVM's rint
        whole = scaled // _USCALE
        fraction = scaled - whole * _USCALE
    else:  # the scaled value would not fit: split first (exact: a float minus its floor)
        floor = np.floor(magnitude)
        fraction = np.uint64(round((magnitude - floor) * _SCALE))
        whole = np.uint64(floor) + fraction // _USCALE  # a fraction that rounds up to one
        fraction %= _USCALE
    buffer[at] = 45  # '-', kept only for a negative value that does not round to zero
    at += (value < 0) & ((whole | fraction) != 0)
    if whole >= 100_000_000:  # far out (the region's limit allows 10**15 and more digits)
        at = put_whole(buffer, at, np.int64(whole), 0)
    else:
        digits = 1 + (whole >= 10) + (whole >= 100) + (whole >= 1000) + (whole >= 10_000)
        digits += (whole >= 100_000) + (whole >= 1_000_000) + (whole >= 10_000_000)
        end = at + digits
        rest = whole
        while end - at >= 2:
            end -= 2
            _pair(buffer, end, rest % _HUNDRED)
            rest //= _HUNDRED
        if end > at:
            buffer[at] = 48 + rest
        at += digits
    buffer[at] = 46  # '.'
    high = fraction // _TEN_THOUSAND
    low = fraction - high * _TEN_THOUSAND
    middle = low // _HUNDRED
    _pair(buffer, at + 1, high)
    _pair(buffer, at + 3, middle)
    _pair(buffer, at + 5, low - middle * _HUNDRED)
    return at + 7


@njit(cache=True, nogil=True, inline="always")
def put_vertices(buffer, at, shape, x, y, between_vertices, between_xy, after_vertices):
    """The 14 vertices ``shape`` ((14, 2) floats) moved by (x, y), as numbers between the
    separators, and ``after_vertices``: the rows of the Spectre and of the hat alike."""
    for k in range(14):
        if k > 0:
            at = _put(buffer, at, between_vertices)
        at = _number(buffer, at, shape[k, 0] + x)
        at = _put(buffer, at, between_xy)
        at = _number(buffer, at, shape[k, 1] + y)
    return _put(buffer, at, after_vertices)
