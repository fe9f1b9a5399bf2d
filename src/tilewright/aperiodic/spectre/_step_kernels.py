"""Compiled kernel: the step across an edge, on an address row.

Why compiled: a patch costs about 7 steps per tile (each shared edge is stepped from one
side only); in Python that is tens of thousands of tiles a second, compiled a million. The
logic is ``coordinates.Tiling``'s (which stays the readable reference, and the tests compare
the two); only the data layout differs: an address is one int8 row [spectre, hex colour,
previous colour, entry parity, then type, index for each level 0 … depth − 1], every level
known (the start tile's ancestry, drawn by ``Tiling``, fills the levels a tile shares with
it).

A step that would need a level above the row's depth returns -1, and the caller retries
with a deeper ancestry (this needs a walk across more than ~7.9^depth tiles: never in
practice).
"""

import numpy as np
from numba import njit

from tilewright.aperiodic.spectre._tables import (
    HEX_ENTRY,
    HEX_MAP,
    HEX_SIDES,
    SPECTRE_ENTRY,
    SPECTRE_MAP,
    SPECTRE_SIDES,
)
from tilewright.aperiodic.spectre.geometry import CHILDREN, OUTSIDE, TYPES
from tilewright.core._graph_access import data_pointer

# positions in an address row: the Spectre's index, the three colouring fields, level 0
SPECTRE, COLOUR, PREVIOUS, PARITY, LEVELS = 0, 1, 2, 3, 4


def _table(per_type: dict, width: int) -> np.ndarray:
    array = np.full((len(TYPES), max(len(v) for v in per_type.values()), width), -1, np.int64)
    for number, t in enumerate(TYPES):
        array[number, : len(per_type[t])] = per_type[t]
    return array


HEXMAP, HEXSIDES, HEXENTRY = _table(HEX_MAP, 3), _table(HEX_SIDES, 2), _table(HEX_ENTRY, 3)
SPECMAP, SPECSIDES = _table(SPECTRE_MAP, 3), _table(SPECTRE_SIDES, 2)
SPECENTRY = _table(SPECTRE_ENTRY, 3)
CHILD = np.array(
    [[TYPES.index(c) for c in CHILDREN[t]] + [-1] * (8 - len(CHILDREN[t])) for t in TYPES]
)


@njit(cache=True, nogil=True, inline="always")
def _step_hex(row, depth, edge, sub):
    """Move the level-0 hexagon of ``row`` (``depth`` levels) across ``edge``: ``(entry
    edge, the highest level changed)``, or ``(-1, 0)``. ``sub`` (one entry a level) holds
    the sub-edges crossed on the way up."""
    level, crossing = 0, edge
    while True:  # up until the edge is inside a parent
        if level + 1 >= depth:
            return -1, 0
        parent = row[LEVELS + 2 * (level + 1)]
        kind = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 0]
        to = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 1]
        via = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 2]
        if kind != OUTSIDE:
            break
        sub[level] = via
        crossing = to
        level += 1
    top = level
    row[LEVELS + 2 * level + 1] = to
    row[LEVELS + 2 * level] = CHILD[parent, to]
    while level > 0:  # and back down through the matching sub-edges
        level -= 1
        parent = row[LEVELS + 2 * (level + 1)]
        first, count = HEXSIDES[parent, via, 0], HEXSIDES[parent, via, 1]
        position = first + count - 1 - sub[level]
        to, via = HEXENTRY[parent, position, 1], HEXENTRY[parent, position, 2]
        row[LEVELS + 2 * level + 1] = to
        row[LEVELS + 2 * level] = CHILD[parent, to]
    # three-colour the honeycomb of level-0 hexagons (see ``Address``)
    colour = 3 - row[COLOUR] - row[PREVIOUS] if (edge ^ row[PARITY]) & 1 else row[PREVIOUS]
    row[PREVIOUS], row[COLOUR], row[PARITY] = row[COLOUR], colour, via & 1
    return via, top


@njit(cache=True, nogil=True, inline="always")
def step(row, depth, edge, sub):
    """Move the Spectre of ``row`` (in place; ``depth`` levels) across ``edge``: ``(its
    entry edge, how many leading entries of the row the step changed)``, or ``(-1, 0)``.

    ``row`` and ``sub`` are pointers to the data of int8 and int64 arrays (``core.
    _graph_access.data_pointer``): an array passed to a kernel has its reference count
    raised and lowered around the call, by atomic instructions, and those took a third of
    a search. ``sub`` is scratch of one entry a level, kept by the caller from step to
    step (an array made in every step took a fifth of a search). The count of entries
    changed lets a search that steps one tile across each of its edges restore only those
    between steps (most steps change a few of the row's entries).
    """
    t = row[LEVELS]
    position = 14 * row[SPECTRE] + edge
    kind, to, via = SPECMAP[t, position, 0], SPECMAP[t, position, 1], SPECMAP[t, position, 2]
    changed = 1  # the Spectre's index
    while kind == OUTSIDE:
        entered, top = _step_hex(row, depth, to, sub)
        if entered < 0:
            return -1, 0
        changed = max(changed, LEVELS + 2 * top + 2)
        t = row[LEVELS]
        position = SPECSIDES[t, entered, 0] + SPECSIDES[t, entered, 1] - 1 - via
        kind, to, via = (
            SPECENTRY[t, position, 0],
            SPECENTRY[t, position, 1],
            SPECENTRY[t, position, 2],
        )
    row[SPECTRE] = to
    return via, changed


@njit(cache=True, nogil=True)
def across_edges(addresses, out):
    """The address rows of the tiles across each of the 14 edges of each tile of
    ``addresses`` ((n, L) int8) into ``out`` ((n, 14, L)); returns -1, or the first tile
    whose step needed more levels than the rows have (``out`` is then unfinished)."""
    count, width = addresses.shape
    row = np.empty(width, dtype=np.int8)
    sub = np.empty(width, dtype=np.int64)
    row_at, sub_at = data_pointer(row), data_pointer(sub)  # see `step`
    depth = (width - LEVELS) // 2
    for n in range(count):
        for edge in range(14):
            for k in range(width):
                row[k] = addresses[n, k]
            entry, _ = step(row_at, depth, edge, sub_at)
            if entry < 0:
                return n
            for k in range(width):
                out[n, edge, k] = row[k]
    return -1
