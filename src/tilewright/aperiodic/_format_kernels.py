"""Compiled kernel: CSV and JSON Lines rows of Spectre tiles, straight into bytes.

Why: formatting 28 numbers a tile with Python's ``%`` costs more than generating the tile
(about 130 k tiles a second against a million). Here each number is written as fixed-point
digits into one byte buffer, so text output keeps pace with the walk.
"""

import numpy as np
from numba import njit

from tilewright.core._digits import put_whole

_SCALE = 10**6  # six decimals, as ``writers.DIGITS``


@njit(cache=True, nogil=True)
def _put(buffer, at, text):
    for k in range(text.shape[0]):
        buffer[at + k] = text[k]
    return at + text.shape[0]


@njit(cache=True, nogil=True)
def _number(buffer, at, value):
    """``value`` with six decimals (no minus sign on a value that rounds to zero)."""
    scaled = round(abs(value) * _SCALE)  # half to even, as np.round: LLVM's rint either way
    if value < 0 and scaled != 0:
        buffer[at] = 45  # '-'
        at += 1
    at = put_whole(buffer, at, scaled // _SCALE, 0)
    fraction = scaled % _SCALE
    buffer[at] = 46  # '.'
    at += 1
    for k in range(5, -1, -1):
        buffer[at + k] = 48 + fraction % 10
        fraction //= 10
    return at + 6


@njit(cache=True, nogil=True)
def rows(ids, types, greek, index, xy, pieces):
    """The rows of ``len(types)`` tiles as bytes. ``ids`` (n, L) NUL-padded ASCII, ``greek``
    (9, 2) the UTF-8 of each type's letter, ``xy`` (n, 28); ``pieces`` holds the constant
    byte strings of the style (see ``writers._PIECES``)."""
    count = types.shape[0]
    buffer = np.empty(count * (ids.shape[1] + 40 + 28 * 24), dtype=np.uint8)
    at = np.int64(0)  # not the literal 0: Numba would compile _put for it as well
    for n in range(count):
        at = _put(buffer, at, pieces[0])
        for k in range(ids.shape[1]):
            if ids[n, k] == 0:
                break
            buffer[at] = ids[n, k]
            at += 1
        at = _put(buffer, at, pieces[1])
        buffer[at], buffer[at + 1] = greek[types[n], 0], greek[types[n], 1]
        at = _put(buffer, at + 2, pieces[2])
        buffer[at] = 48 + index[n]
        at = _put(buffer, at + 1, pieces[3])
        for k in range(28):
            if k > 0:
                at = _put(buffer, at, pieces[4] if k % 2 else pieces[5])
            at = _number(buffer, at, xy[n, k])
        at = _put(buffer, at, pieces[6])
    return buffer[:at]
