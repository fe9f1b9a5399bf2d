"""Compiled kernel: the puzzle collection's breadth-first Penrose search in a box.

Why compiled: each triangle found costs three steps across its edges, three placements
and tests against the box, and a look-up; in Python that was about 0.03 ms a tile, and
Loopy's grids run to 10^6 tiles. The search is :func:`~.patch.search`'s (which says what
it finds), on arrays: a triangle's letters are one int8 row (the ancestry's above those it
differs in, so every row is as wide as the letters known), the triangles seen an
open-addressing hash table keyed by their first two corners.

The search can stop and go on: when a step needs a letter above the rows', it returns
SHALLOW with how many letters it needs, the caller draws them (in the order the
collection draws them: the search stops at the step that first needs one) and widens the
rows, and the search resumes at the same triangle and edge.
"""

import numpy as np
from numba import njit

DONE, SHALLOW, FULL = 0, 1, 2
# a letter's end of a parent's edge: none (the whole edge), "-" or "+"
WHOLE = 0


@njit(cache=True, nogil=True, inline="always")
def _sign(whole, root5):
    """The sign of whole + root5·√5, exactly."""
    if whole >= 0 and root5 >= 0:
        return 0 if whole == 0 and root5 == 0 else 1
    if whole <= 0 and root5 <= 0:
        return -1
    if whole * whole > 5 * root5 * root5:
        return 1 if whole > 0 else -1
    return 1 if root5 > 0 else -1


@njit(cache=True, nogil=True, inline="always")
def _inside(p, box):
    """Whether the point ``p`` (four integers, see ``field``) lies in ``box`` = (left,
    right, bottom, top), edges included."""
    x, x5 = 4 * p[0] + p[1] - p[2] + p[3], p[1] + p[2] - p[3]
    if _sign(x - box[0], x5) < 0 or _sign(x - box[1], x5) > 0:
        return False
    y, y5 = 2 * p[1] + p[2] + p[3], p[2] + p[3]
    return _sign(y - box[2], y5) >= 0 and _sign(y - box[3], y5) <= 0


@njit(cache=True, nogil=True, inline="always")
def _step(letters, width, edge, out_sibling, out_way, out_end, in_child, in_edge, ends):
    """Rename ``letters`` to the triangle across ``edge``: (the edge we arrive through,
    the highest level renamed), or (-1, letters needed) when a level is not in the row.
    ``ends`` is scratch of one entry a level."""
    level = 0
    while True:  # up while the move leaves the parent
        if level + 1 >= width:
            return -1, level + 2
        parent, child = letters[level + 1], letters[level]
        if out_sibling[parent, child, edge] >= 0:
            break
        ends[level] = out_end[parent, child, edge]
        edge = out_way[parent, child, edge]
        level += 1
    top = level
    letters[level] = out_sibling[parent, child, edge]
    way = out_way[parent, child, edge]
    while level > 0:  # and back down into the parent entered
        level -= 1
        parent = letters[level + 1]
        letters[level] = in_child[parent, way, ends[level]]
        way = in_edge[parent, way, ends[level]]
    return way, top


@njit(cache=True, nogil=True, inline="always")
def _hash(corners, n, mask):
    h = np.uint64(0x9E3779B97F4A7C15)
    for c in range(2):
        for k in range(4):
            h = (h ^ np.uint64(corners[n, c, k] & 0xFFFFFFFF)) * np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@njit(cache=True, nogil=True)
def search(state, rows, corners, reported, table, tiles, box, moves, next_edge, sibling_edge):
    """Go on with the search from ``state`` = [triangles, head, edge, tiles] (updated):
    triangles kept (``rows``, ``corners`` (n, 3, 4), ``reported``) are looked up through
    ``table``, tiles found go to ``tiles`` (n, 4, 4). ``moves`` holds the tables of
    ``tables.MOVE_OUT`` and ``MOVE_IN`` as arrays (``patch.MOVES``), ``next_edge`` and
    ``sibling_edge`` those of ``tables``.

    Returns (status, letters): DONE; SHALLOW and how many letters the next step needs;
    FULL when ``rows`` or ``tiles`` has no room left."""
    out_sibling, out_way, out_end, in_child, in_edge = moves
    width = rows.shape[1]
    mask = table.shape[0] - 1
    row = np.empty(width, dtype=np.int8)
    ends = np.empty(width, dtype=np.int64)
    count, head, first_edge, found = state[0], state[1], state[2], state[3]
    if count == 0:  # the start triangle, in ``corners[0]`` and ``rows[0]``
        for c in range(3):
            if not _inside(corners[0, c], box):
                return DONE, 0
        table[_hash(corners, 0, mask)] = 0
        reported[0] = False
        count = 1
    while head < count:
        own = corners[head]
        letter = rows[head, 0]
        changed = width  # levels of ``row`` the last step renamed: restored before the next
        for edge in range(first_edge, 3):
            for k in range(min(changed, width)):
                row[k] = rows[head, k]
            arrive, changed = _step(
                row, width, edge, out_sibling, out_way, out_end, in_child, in_edge, ends
            )
            if arrive < 0:
                state[0], state[1], state[2], state[3] = count, head, edge, found
                return SHALLOW, changed
            changed += 1
            if count == rows.shape[0]:
                state[0], state[1], state[2], state[3] = count, head, edge, found
                return FULL, 0
            # the triangle's corner ``arrive`` at our edge's end, the next at its start,
            # and the third from the edge turned (``patch.place``), placed as the next
            # triangle so that its first two corners can be looked up
            u, v = (edge + 1) % 3, edge
            new = corners[count]
            for k in range(4):
                new[arrive, k] = own[u, k]
                new[(arrive + 1) % 3, k] = own[v, k]
            third = (arrive + 2) % 3
            for j in range(4):
                point = own[v, j]
                for i in range(4):
                    point += (own[v, i] - own[u, i]) * next_edge[row[0], arrive, i, j]
                new[third, j] = point
            # two corners are this triangle's, inside already: only the third can be out
            if not _inside(new[third], box):
                continue
            slot = _hash(corners, count, mask)
            other = -1
            while table[slot] >= 0:
                other = table[slot]
                same = True
                for c in range(2):
                    for k in range(4):
                        same = same and corners[other, c, k] == new[c, k]
                if same:
                    break
                other = -1
                slot = (slot + 1) & mask
            if other < 0:
                table[slot] = count
                for k in range(width):
                    rows[count, k] = row[k]
                reported[count] = False
                count += 1
            elif edge == sibling_edge[letter] and not (reported[head] or reported[other]):
                if found == tiles.shape[0]:
                    state[0], state[1], state[2], state[3] = count, head, edge, found
                    return FULL, 0
                mine, theirs = sibling_edge[letter], sibling_edge[rows[other, 0]]
                for k in range(4):
                    tiles[found, 0, k] = own[(mine + 1) % 3, k]
                    tiles[found, 1, k] = own[(mine + 2) % 3, k]
                    tiles[found, 2, k] = corners[other, (theirs + 1) % 3, k]
                    tiles[found, 3, k] = corners[other, (theirs + 2) % 3, k]
                found += 1
                reported[head] = reported[other] = True
        first_edge = 0
        head += 1
    state[0], state[1], state[2], state[3] = count, head, 0, found
    return DONE, 0
