"""Compiled kernel: the tiles near a rectangle, down the Penrose substitution hierarchy.

Why compiled: a region of 10^6 tiles visits some 3·10^6 triangles, each three exact
placements and a test against the region; in Python that is seconds, here milliseconds.
The descent is :func:`~.descent.find_by_descent`'s (which says what it finds): depth first
from large triangles, each replaced by its children (``substitution.IN_PARENT``) unless
its box, a little enlarged for the floats' rounding, lies farther from the region than a
tile reaches; at the bottom, each tile is reported by one of its halves (``REPORTING``),
which places the other across their shared edge. Its four corners run as the breadth-first
search reports a tile (``_search_kernels.search``): an end of the shared edge, the half's
apex, the other end, the other half's apex.

The stack of triangles still to visit is the caller's, so the descent can stop when its
output is full and go on where it stopped: memory is the stack (three triangles a level)
and one batch of tiles.
"""

import numpy as np
from numba import njit

DONE, FULL = 0, 1
# the floats' rounding, in edges, as a fraction of a coordinate's size: integers up to
# 2^53 convert exactly and each of the three roundings in ``_x`` and ``_y`` is 2^-53 of
# its result, far less than this
RELATIVE_SLACK = 1e-12
_ROOT5 = np.sqrt(5.0)
# a point's units across and up per edge (``region.ACROSS_UNITS``, ``UP_UNITS``)
_ACROSS = 4.0
_UP = 2.0 / np.sin(np.pi / 5)


@njit(cache=True, nogil=True, inline="always")
def _x(p):
    """The point's coordinate across, in edges (``field.across``)."""
    return (4 * p[0] + p[1] - p[2] + p[3] + (p[1] + p[2] - p[3]) * _ROOT5) / _ACROSS


@njit(cache=True, nogil=True, inline="always")
def _y(p):
    """The point's coordinate up, in edges (``field.up``)."""
    return (2 * p[1] + p[2] + p[3] + (p[2] + p[3]) * _ROOT5) / _UP


@njit(cache=True, nogil=True, inline="always")
def _near(corners, region):
    """Whether the triangle's box, grown by the floats' rounding, meets ``region`` (x0, y0,
    x1, y1: the rectangle already grown by a tile's reach)."""
    low_x = high_x = _x(corners[0])
    low_y = high_y = _y(corners[0])
    for c in range(1, 3):
        x, y = _x(corners[c]), _y(corners[c])
        low_x, high_x = min(low_x, x), max(high_x, x)
        low_y, high_y = min(low_y, y), max(high_y, y)
    slack = RELATIVE_SLACK * (1.0 + max(abs(low_x), abs(high_x), abs(low_y), abs(high_y)))
    return not (
        high_x + slack < region[0]
        or low_x - slack > region[2]
        or high_y + slack < region[1]
        or low_y - slack > region[3]
    )


@njit(cache=True, nogil=True, inline="always")
def _times_into(out, origin, a, b):
    """``out`` = ``origin`` + a·b, the product of two points as complex numbers
    (``field.multiply``: t⁵ = −1 and t⁴ = t³ − t² + t − 1 fold the higher powers)."""
    a0, a1, a2, a3 = a[0], a[1], a[2], a[3]
    b0, b1, b2, b3 = b[0], b[1], b[2], b[3]
    c0 = a0 * b0 - (a2 * b3 + a3 * b2)
    c1 = a0 * b1 + a1 * b0 - a3 * b3
    c2 = a0 * b2 + a1 * b1 + a2 * b0
    c3 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0
    c4 = a1 * b3 + a2 * b2 + a3 * b1
    out[0] = origin[0] + c0 - c4
    out[1] = origin[1] + c1 + c4
    out[2] = origin[2] + c2 - c4
    out[3] = origin[3] + c3 + c4


@njit(cache=True, nogil=True, inline="always")
def _report(own, letter, out, next_edge, sibling_edge, other_half):
    """The tile of the half ``own`` (corners (3, 4), ``letter``) into ``out`` (4, 4): its
    other half is the mirror letter, across the shared edge run backwards (``patch.place``)."""
    mine = sibling_edge[letter]
    other = other_half[letter]
    theirs = sibling_edge[other]
    u, v = own[(mine + 1) % 3], own[mine]
    for k in range(4):
        out[0, k] = u[k]
        out[1, k] = own[(mine + 2) % 3, k]
        out[2, k] = v[k]
    # the other half's third corner: its edge ``theirs`` (from u to v) turned at v
    for j in range(4):
        point = v[j]
        for i in range(4):
            point += (v[i] - u[i]) * next_edge[other, theirs, i, j]
        out[3, j] = point


@njit(cache=True, nogil=True)
def descend(
    state, letters, levels, corners, region, children, in_parent, next_edge, sibling_edge,
    other_half, reporting, tiles,
):  # fmt: skip
    """Go on with the descent from ``state`` = [triangles on the stack, tiles written]
    (updated): the stack is ``letters``, ``levels`` and ``corners`` (n, 3, 4), its top last;
    tiles go to ``tiles`` (n, 4, 4). ``children``, ``in_parent`` and ``other_half`` are
    ``substitution``'s tables, ``next_edge`` and ``sibling_edge`` ``patch``'s.

    Returns DONE when the stack is empty, FULL when ``tiles`` is (and the stack is kept)."""
    top, found = state[0], state[1]
    base = np.empty(4, dtype=np.int64)
    origin = np.empty(4, dtype=np.int64)
    while top > 0:
        if found == tiles.shape[0]:
            state[0], state[1] = top, found
            return FULL
        top -= 1
        letter, level = letters[top], levels[top]
        own = corners[top]
        if not _near(own, region):
            continue
        if level == 0:
            if reporting[letter]:
                _report(own, letter, tiles[found], next_edge, sibling_edge, other_half)
                found += 1
            continue
        # the children replace the parent on the stack, the first on top; the parent's
        # corners are read before the last child overwrites them
        count = 0
        while count < 3 and children[letter, count] >= 0:
            count += 1
        for k in range(4):
            base[k] = own[1, k] - own[0, k]
            origin[k] = own[0, k]
        for slot in range(count - 1, -1, -1):
            child = children[letter, slot]
            at = top + count - 1 - slot
            for c in range(3):
                _times_into(corners[at, c], origin, base, in_parent[letter, child, c])
            letters[at], levels[at] = child, level - 1
        top += count
    state[0], state[1] = top, found
    return DONE
