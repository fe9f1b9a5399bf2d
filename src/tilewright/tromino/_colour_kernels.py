"""Compiled kernels for colouring tromino tilings: the tiling check, the sweep order,
DSATUR with backjumping, and the odd-wheel test that proves a graph needs four colours.

The graph comes in CSR form (``indptr``, ``indices``), vertices 0 … n − 1 being trominoes
1 … n. Everything is iterative (no recursion) and allocates arrays of size n or
n × colours, plus conflict sets for the depths that have one.
"""

import numpy as np
from numba import njit

# What ``check_tiling`` reports.
TILING_OK, NEGATIVE_LABEL, TOO_MANY_CELLS, TOO_FEW_CELLS, NOT_AN_L = 0, 1, 2, 3, 4

# What ``dsatur`` reports.
COLOURED, PROVEN_IMPOSSIBLE, OUT_OF_STEPS = 0, 1, 2


@njit(cache=True, nogil=True)
def check_tiling(labels, trominoes):
    """Does every label 1 … ``trominoes`` cover exactly three cells within a 2 × 2 box (which
    makes them an L), and is no label negative? Returns (code, label, row, col) of the first
    fault found, or (TILING_OK, 0, 0, 0)."""
    height, width = labels.shape
    count = np.zeros(trominoes + 1, dtype=np.uint8)
    first_row = np.empty(trominoes + 1, dtype=np.int64)
    last_row = np.empty(trominoes + 1, dtype=np.int64)
    low_col = np.empty(trominoes + 1, dtype=np.int64)
    high_col = np.empty(trominoes + 1, dtype=np.int64)
    for r in range(height):
        for c in range(width):
            t = labels[r, c]
            if t <= 0:
                if t < 0:
                    return NEGATIVE_LABEL, t, r, c
                continue
            n = count[t]
            if n == 3:
                return TOO_MANY_CELLS, t, r, c
            if n == 0:
                first_row[t] = r
                low_col[t] = c
                high_col[t] = c
            else:
                low_col[t] = min(low_col[t], c)
                high_col[t] = max(high_col[t], c)
            last_row[t] = r  # cells come in reading order, so rows only grow
            count[t] = n + 1
    for t in range(1, trominoes + 1):
        if count[t] != 3:
            return TOO_FEW_CELLS, t, count[t], 0
        # Three distinct cells inside a 2 × 2 box are always an L.
        if last_row[t] - first_row[t] > 1 or high_col[t] - low_col[t] > 1:
            return NOT_AN_L, t, first_row[t], low_col[t]
    return TILING_OK, 0, 0, 0


@njit(cache=True, nogil=True)
def sweep_order(labels, trominoes, by_columns):
    """Vertices (tromino − 1) in the order a sweep of the board meets their first cell: row
    by row, or column by column when ``by_columns``."""
    height, width = labels.shape
    order = np.empty(trominoes, dtype=np.int32)
    met = np.zeros(trominoes + 1, dtype=np.bool_)
    met[0] = True
    n = 0
    outer, inner = (width, height) if by_columns else (height, width)
    for i in range(outer):
        for j in range(inner):
            t = labels[j, i] if by_columns else labels[i, j]
            if not met[t]:
                met[t] = True
                order[n] = t - 1
                n += 1
    return order


# Lowest set bit of a word by de Bruijn multiplication (Leiserson, Prokop and Randall 1998).
_DE_BRUIJN = 0x03F79D71B4CB0A89
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _LOWEST_BIT[((_DE_BRUIJN << _i) & (2**64 - 1)) >> 58] = _i
_DE_BRUIJN_SIGNED = np.int64(_DE_BRUIJN)


@njit(cache=True, nogil=True, inline="always")
def _lowest_bit(word):
    """Index of the lowest set bit of a non-zero int64 word."""
    return _LOWEST_BIT[((word & -word) * _DE_BRUIJN_SIGNED >> 58) & 63]


@njit(cache=True, nogil=True)
def _layout(n):
    """Word offsets of the levels of a bit tree over ``n`` ranks (64 children a word), the
    number of levels and the words in all. Level 0 holds a bit per rank, each level above
    a bit per non-zero word below, up to a single word."""
    offsets = np.zeros(16, dtype=np.int64)
    size, levels, total = n, 0, 0
    while True:
        words = (size + 63) // 64
        offsets[levels] = total
        total += words
        levels += 1
        if words == 1:
            return offsets, levels, total
        size = words


@njit(cache=True, nogil=True, inline="always")
def _insert(tree, offsets, levels, rank):
    index = rank
    for level in range(levels):
        at = offsets[level] + (index >> 6)
        old = tree[at]
        tree[at] = old | (np.int64(1) << (index & 63))
        if old != 0:
            return
        index >>= 6


@njit(cache=True, nogil=True, inline="always")
def _remove(tree, offsets, levels, rank):
    index = rank
    for level in range(levels):
        at = offsets[level] + (index >> 6)
        word = tree[at] & ~(np.int64(1) << (index & 63))
        tree[at] = word
        if word != 0:
            return
        index >>= 6


@njit(cache=True, nogil=True, inline="always")
def _smallest(tree, offsets, levels):
    """The smallest rank in the tree, or -1 when it is empty."""
    if tree[offsets[levels - 1]] == 0:
        return -1
    index = 0
    for level in range(levels - 1, -1, -1):
        index = (index << 6) | _lowest_bit(tree[offsets[level] + index])
    return index


@njit(cache=True, nogil=True, inline="always")
def _next_colour(v, after, limit, seen, colours):
    """The smallest colour above ``after`` and below ``limit`` that no neighbour of ``v``
    has, or -1."""
    for c in range(after + 1, limit):
        if seen[v * colours + c] == 0:
            return c
    return -1


@njit(cache=True, nogil=True, inline="always")
def _paint(v, c, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours):
    """Give ``v`` colour ``c``; returns the highest saturation an uncoloured neighbour
    reaches, for the caller's ``top``."""
    colour[v] = c
    top = 0
    for i in range(indptr[v], indptr[v + 1]):
        w = indices[i]
        at = w * colours + c
        seen[at] += 1
        if seen[at] == 1:
            s = sat[w]
            sat[w] = s + 1
            if colour[w] < 0:
                _remove(trees[s], offsets, levels, rank[w])
                _insert(trees[s + 1], offsets, levels, rank[w])
                top = max(top, s + 1)
    return top


@njit(cache=True, nogil=True, inline="always")
def _unpaint(v, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours):
    """Take ``v``'s colour back (``v`` itself stays out of the trees)."""
    old = colour[v]
    colour[v] = -1
    for i in range(indptr[v], indptr[v + 1]):
        w = indices[i]
        at = w * colours + old
        seen[at] -= 1
        if seen[at] == 0:
            s = sat[w]
            sat[w] = s - 1
            if colour[w] < 0:
                _remove(trees[s], offsets, levels, rank[w])
                _insert(trees[s - 1], offsets, levels, rank[w])
    return old


# Conflict sets of the backjumping: per depth, up to SET_SIZE depths kept exactly plus a
# floor standing for every depth at or below it. Dropping the smallest depths into the
# floor only makes a set larger, so jumps get shorter and stay sound.
SET_SIZE = 16


@njit(cache=True, nogil=True)
def _set_floor(slot, low, entries, count, floor):
    """Add every depth up to ``low`` to the set in ``slot``."""
    if low <= floor[slot]:
        return
    floor[slot] = low
    m = 0
    for i in range(count[slot]):
        if entries[slot, i] > low:
            entries[slot, m] = entries[slot, i]
            m += 1
    count[slot] = m


@njit(cache=True, nogil=True)
def _set_add(slot, x, entries, count, floor):
    """Add depth ``x`` to the set in ``slot``."""
    if x <= floor[slot]:
        return
    m = count[slot]
    for i in range(m):
        if entries[slot, i] == x:
            return
    if m == SET_SIZE:
        low = 0
        for i in range(1, m):
            if entries[slot, i] < entries[slot, low]:
                low = i
        _set_floor(slot, entries[slot, low], entries, count, floor)
        if x <= floor[slot]:
            return
        m = count[slot]
    entries[slot, m] = x
    count[slot] = m + 1


@njit(cache=True, nogil=True)
def _set_max(slot, entries, count, floor):
    best = floor[slot]
    for i in range(count[slot]):
        best = max(best, entries[slot, i])
    return best


@njit(cache=True, nogil=True)
def _grow(entries, count, floor, free):
    """Twice the slots; the new ones go on the free list (returned with its length)."""
    old = entries.shape[0]
    e = np.empty((2 * old, SET_SIZE), dtype=np.int64)
    e[:old] = entries
    k = np.zeros(2 * old, dtype=np.int64)
    k[:old] = count
    f = np.full(2 * old, -1, dtype=np.int64)
    f[:old] = floor
    g = np.empty(2 * old, dtype=np.int64)
    for i in range(old):
        g[i] = 2 * old - 1 - i
    return e, k, f, g, old


@njit(cache=True, nogil=True)
def _new_set(slot_of, depth, entries, count, floor, free, free_n):
    """Give ``depth`` an empty conflict set; returns the (possibly grown) pool."""
    if free_n == 0:
        entries, count, floor, free, free_n = _grow(entries, count, floor, free)
    free_n -= 1
    slot = free[free_n]
    count[slot] = 0
    floor[slot] = -1
    slot_of[depth] = slot
    return entries, count, floor, free, free_n


@njit(cache=True, nogil=True)
def dsatur(indptr, indices, order, colours, budget):
    """Colour the graph with ``colours`` colours by DSATUR order with backjumping.

    DSATUR (Brélaz 1979) colours next an uncoloured vertex with the most distinct colours
    among its neighbours (its *saturation*); ties go to the vertex that comes first in
    ``order`` (a permutation of the vertices; the caller passes a sweep of the board). One
    bit tree per saturation level finds that vertex in a few word operations. Breaking ties
    by a fixed sweep matters: it keeps the coloured part compact, so forced colours meet
    few open choices; breaking them by recency or at random makes the search wander and
    thrash on the same graphs. A vertex whose neighbours hold every colour is chosen at
    once and fails at once, so dead ends are met as soon as they exist.

    With backtracking DSATUR is an exact search: each depth keeps the vertex chosen there
    and tries its free colours in turn. It backjumps rather than backtracks
    (conflict-directed backjumping, Prosser 1993): a vertex that runs out of colours blames,
    for each colour, the earliest neighbour holding it, plus whatever the subtrees of the
    colours it tried blamed; the search jumps straight back to the latest vertex blamed,
    which inherits the rest of the blame, and skips the unrelated choices in between. The
    search stays exhaustive.

    Components are independent: a vertex chosen with saturation 0 starts a new one, and
    blame never reaches past it, so running out of blame proves the component — and so the
    graph — needs more colours. Colours are interchangeable: within a component a vertex
    may take at most one colour that no earlier vertex has (the vertices that introduced the
    colours then share the blame), so no colouring is searched under another naming of its
    colours.

    ``budget`` bounds the steps (colours given plus colours taken back). Returns (status,
    colour per vertex (int8, -1 where uncoloured), steps, vertex): status COLOURED,
    PROVEN_IMPOSSIBLE (vertex = the first vertex of the component that has no colouring) or
    OUT_OF_STEPS.
    """
    n = indptr.shape[0] - 1
    colour = np.full(n, -1, dtype=np.int8)
    seen = np.zeros(n * colours, dtype=np.uint8)  # neighbours of v in colour c
    sat = np.zeros(n, dtype=np.int8)
    rank = np.empty(n, dtype=np.int32)
    for r in range(n):
        rank[order[r]] = r
    offsets, levels, words = _layout(n)
    trees = np.zeros((colours + 1, words), dtype=np.int64)  # uncoloured vertices by saturation
    for r in range(n):
        _insert(trees[0], offsets, levels, r)
    top = 0  # no tree above this one holds a vertex
    stack = np.empty(n, dtype=np.int32)  # the vertex chosen at each depth
    depth_of = np.full(n, -1, dtype=np.int32)
    used_before = np.empty(n, dtype=np.int8)  # colours in use in its component before it
    intro = np.zeros(colours, dtype=np.int64)  # depth where each colour was first used
    blamer = np.empty(colours, dtype=np.int64)
    # Conflict sets, given to depths on demand.
    slot_of = np.full(n, -1, dtype=np.int32)
    entries = np.empty((64, SET_SIZE), dtype=np.int64)
    count = np.zeros(64, dtype=np.int64)
    floor = np.full(64, -1, dtype=np.int64)
    free = np.arange(63, -1, -1)
    free_n = 64
    depth = 0
    base = 0  # depth of the first vertex of the current component
    used = 0
    steps = 0
    while depth < n:
        r = _smallest(trees[top], offsets, levels)
        while r < 0:
            top -= 1
            r = _smallest(trees[top], offsets, levels)
        _remove(trees[top], offsets, levels, r)
        v = order[r]
        if top == 0:
            base = depth
            used = 0
        stack[depth] = v
        after = -1
        while True:
            c = _next_colour(v, after, min(colours, used + 1), seen, colours)
            if c >= 0:
                break
            # v has no colour left: add its own blame to the set of its depth.
            if slot_of[depth] < 0:
                entries, count, floor, free, free_n = _new_set(
                    slot_of, depth, entries, count, floor, free, free_n
                )
            slot = slot_of[depth]
            for q in range(colours):
                blamer[q] = n
            for i in range(indptr[v], indptr[v + 1]):
                w = indices[i]
                q = colour[w]
                if q >= 0 and depth_of[w] < blamer[q]:
                    blamer[q] = depth_of[w]
            for q in range(colours):
                if blamer[q] < n:
                    _set_add(slot, blamer[q], entries, count, floor)
            if used + 1 < colours:
                for q in range(used):
                    _set_add(slot, intro[q], entries, count, floor)
            back = _set_max(slot, entries, count, floor)
            if back < base:
                return PROVEN_IMPOSSIBLE, colour, steps, stack[base]
            s = sat[v]
            _insert(trees[s], offsets, levels, rank[v])
            top = max(top, s)
            # The latest vertex blamed inherits the rest of the blame.
            if slot_of[back] < 0:
                entries, count, floor, free, free_n = _new_set(
                    slot_of, back, entries, count, floor, free, free_n
                )
                slot = slot_of[depth]
            target = slot_of[back]
            for i in range(count[slot]):
                if entries[slot, i] != back:
                    _set_add(target, entries[slot, i], entries, count, floor)
            _set_floor(target, min(floor[slot], back - 1), entries, count, floor)
            # Everything chosen after it is taken back.
            for d in range(depth, back, -1):
                if slot_of[d] >= 0:
                    free[free_n] = slot_of[d]
                    free_n += 1
                    slot_of[d] = -1
                if d < depth:
                    u = stack[d]
                    _unpaint(
                        u, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours
                    )
                    depth_of[u] = -1
                    s = sat[u]
                    _insert(trees[s], offsets, levels, rank[u])
                    top = max(top, s)
                    steps += 1
            v = stack[back]
            after = _unpaint(
                v, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours
            )
            depth_of[v] = -1
            used = used_before[back]
            depth = back
            steps += 1
            if steps > budget:
                return OUT_OF_STEPS, colour, steps, v
        high = _paint(
            v, c, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours
        )
        top = max(top, high)
        depth_of[v] = depth
        used_before[depth] = used
        if c == used:
            intro[c] = depth
            used += 1
        depth += 1
        steps += 1
        if steps > budget:
            return OUT_OF_STEPS, colour, steps, v
    return COLOURED, colour, steps, -1


@njit(cache=True, nogil=True)
def odd_wheel_hub(indptr, indices):
    """A vertex whose neighbours contain an odd cycle, or -1 when there is none.

    Such a vertex and that cycle form an odd wheel (a K4 when the cycle is a triangle),
    which cannot be 3-coloured: the hub takes one colour and leaves two for an odd cycle.
    Each neighbourhood is 2-coloured by breadth-first search, in time Σ deg² overall; a
    neighbourhood that cannot be holds an odd cycle.
    """
    n = indptr.shape[0] - 1
    slot = np.full(n, -1, dtype=np.int64)  # position of a vertex in the current neighbourhood
    side = np.empty(64, dtype=np.int8)
    queue = np.empty(64, dtype=np.int64)
    for v in range(n):
        start, stop = indptr[v], indptr[v + 1]
        d = stop - start
        if d < 3:
            continue
        if d > side.shape[0]:
            side = np.empty(d, dtype=np.int8)
            queue = np.empty(d, dtype=np.int64)
        for i in range(d):
            slot[indices[start + i]] = i
            side[i] = -1
        odd = False
        for root in range(d):
            if side[root] >= 0 or odd:
                continue
            side[root] = 0
            queue[0] = root
            head, tail = 0, 1
            while head < tail and not odd:
                x = queue[head]
                head += 1
                u = indices[start + x]
                for j in range(indptr[u], indptr[u + 1]):
                    y = slot[indices[j]]
                    if y < 0:
                        continue
                    if side[y] < 0:
                        side[y] = 1 - side[x]
                        queue[tail] = y
                        tail += 1
                    elif side[y] == side[x]:
                        odd = True
                        break
        for i in range(d):
            slot[indices[start + i]] = -1
        if odd:
            return v
    return -1
