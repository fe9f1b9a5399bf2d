"""Compiled colouring of the tromino adjacency graph: the sweep order, and DSATUR with
backjumping.

The graph comes in CSR form (``indptr``, ``indices``), vertices 0 … n − 1 being trominoes
1 … n. Everything is iterative (no recursion) and allocates arrays of size n or
n × colours, plus conflict sets for the depths that have one.

The bit-tree and colour helpers of the inner loop are inlined into the search (a call
each costs the search a third of its speed); the conflict-set helpers, called once a
backtrack, are compiled once each, which keeps the search's own compilation small.
Inlined helpers have no cache of their own (``cache=True`` would mean nothing for them),
so the cold-cache check counts only the kernels that do.

Arrays are made by ``np.empty`` and filled by loops, never by ``np.zeros``, ``np.full`` or
``np.arange``: each of those compiles an implementation of its own for each type, and
together they took a third of this module's compile time.
"""

import numpy as np
from numba import njit

# What ``dsatur`` reports.
COLOURED, PROVEN_IMPOSSIBLE, OUT_OF_STEPS = 0, 1, 2


@njit(cache=True, nogil=True)
def sweep_order(labels, trominoes, by_columns):
    """Vertices (tromino − 1) in the order a sweep of the board meets their first cell: row
    by row, or column by column when ``by_columns``."""
    height, width = labels.shape
    order = np.empty(trominoes, dtype=np.int32)
    met = np.empty(trominoes + 1, dtype=np.uint8)
    for t in range(1, trominoes + 1):
        met[t] = 0
    met[0] = 1
    n = 0
    outer, inner = (width, height) if by_columns else (height, width)
    for i in range(outer):
        for j in range(inner):
            t = labels[j, i] if by_columns else labels[i, j]
            if not met[t]:
                met[t] = 1
                order[n] = t - 1
                n += 1
    return order


# Lowest set bit of a word by de Bruijn multiplication (Leiserson, Prokop and Randall 1998).
_DE_BRUIJN = 0x03F79D71B4CB0A89
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _LOWEST_BIT[((_DE_BRUIJN << _i) & (2**64 - 1)) >> 58] = _i
_DE_BRUIJN_SIGNED = np.int64(_DE_BRUIJN)


@njit(nogil=True, inline="always")
def _lowest_bit(word):
    """Index of the lowest set bit of a non-zero int64 word."""
    return _LOWEST_BIT[((word & -word) * _DE_BRUIJN_SIGNED >> 58) & 63]


@njit(cache=True, nogil=True)
def _layout(n):
    """Word offsets of the levels of a bit tree over ``n`` ranks (64 children a word), the
    number of levels and the words in all. Level 0 holds a bit per rank, each level above
    a bit per non-zero word below, up to a single word."""
    offsets = np.empty(16, dtype=np.int64)
    size, levels, total = n, 0, 0
    while True:
        words = (size + 63) // 64
        offsets[levels] = total
        total += words
        levels += 1
        if words == 1:
            return offsets, levels, total
        size = words


@njit(nogil=True, inline="always")
def _insert(tree, offsets, levels, rank):
    index = rank
    for level in range(levels):
        at = offsets[level] + (index >> 6)
        old = tree[at]
        tree[at] = old | (np.int64(1) << (index & 63))
        if old != 0:
            return
        index >>= 6


@njit(nogil=True, inline="always")
def _remove(tree, offsets, levels, rank):
    index = rank
    for level in range(levels):
        at = offsets[level] + (index >> 6)
        word = tree[at] & ~(np.int64(1) << (index & 63))
        tree[at] = word
        if word != 0:
            return
        index >>= 6


@njit(nogil=True, inline="always")
def _smallest(tree, offsets, levels):
    """The smallest rank in the tree, or -1 when it is empty."""
    if tree[offsets[levels - 1]] == 0:
        return -1
    index = 0
    for level in range(levels - 1, -1, -1):
        index = (index << 6) | _lowest_bit(tree[offsets[level] + index])
    return index


@njit(nogil=True, inline="always")
def _next_colour(v, after, limit, seen, colours):
    """The smallest colour above ``after`` and below ``limit`` that no neighbour of ``v``
    has, or -1."""
    for c in range(after + 1, limit):
        if seen[v * colours + c] == 0:
            return c
    return -1


@njit(nogil=True, inline="always")
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


@njit(nogil=True, inline="always")
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
def _new_set(slot_of, depth, entries, count, floor, free, free_n):
    """Give ``depth`` an empty conflict set; returns the pool, twice as large when it was
    full (the new slots on the free list)."""
    if free_n == 0:
        old = entries.shape[0]
        grown = np.empty((2 * old, SET_SIZE), dtype=np.int64)
        grown_count = np.empty(2 * old, dtype=np.int64)
        grown_floor = np.empty(2 * old, dtype=np.int64)
        grown_free = np.empty(2 * old, dtype=np.int64)
        # copied by loops: a slice assignment compiles Numba's shape-mismatch error
        # message, seconds of a cold start
        for i in range(old):
            for j in range(SET_SIZE):
                grown[i, j] = entries[i, j]
            grown_count[i] = count[i]
            grown_floor[i] = floor[i]
            grown_free[i] = 2 * old - 1 - i
        entries, count, floor, free, free_n = grown, grown_count, grown_floor, grown_free, old
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
    colour = np.empty(n, dtype=np.int8)
    seen = np.empty(n * colours, dtype=np.uint8)  # neighbours of v in colour c
    sat = np.empty(n, dtype=np.int8)
    rank = np.empty(n, dtype=np.int32)
    stack = np.empty(n, dtype=np.int32)  # the vertex chosen at each depth
    depth_of = np.empty(n, dtype=np.int32)
    used_before = np.empty(n, dtype=np.int8)  # colours in use in its component before it
    slot_of = np.empty(n, dtype=np.int32)
    for r in range(n):
        rank[order[r]] = r
        colour[r] = -1
        sat[r] = 0
        depth_of[r] = -1
        slot_of[r] = -1
    for r in range(n * colours):
        seen[r] = 0
    offsets, levels, words = _layout(n)
    trees = np.empty((colours + 1, words), dtype=np.int64)  # uncoloured vertices by saturation
    for s in range(colours + 1):
        for r in range(words):
            trees[s, r] = 0
    for r in range(n):
        _insert(trees[0], offsets, levels, r)
    top = 0  # no tree above this one holds a vertex
    intro = np.empty(colours, dtype=np.int64)  # depth where each colour was first used
    blamer = np.empty(colours, dtype=np.int64)
    for q in range(colours):
        intro[q] = 0
    # Conflict sets, given to depths on demand.
    entries = np.empty((64, SET_SIZE), dtype=np.int64)
    count = np.empty(64, dtype=np.int64)
    floor = np.empty(64, dtype=np.int64)
    free = np.empty(64, dtype=np.int64)
    for i in range(64):
        count[i] = 0
        floor[i] = -1
        free[i] = 63 - i
    # typed int64 from the start: a literal 0 or 64 here would compile _new_set twice
    free_n = free.shape[0]
    depth = np.int64(0)
    base = 0  # depth of the first vertex of the current component
    used = 0
    steps = 0
    while depth < n:
        while True:  # the first uncoloured vertex of the highest saturation
            r = _smallest(trees[top], offsets, levels)
            if r >= 0:
                break
            top -= 1
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
            back = floor[slot]  # the latest depth blamed
            for i in range(count[slot]):
                back = max(back, entries[slot, i])
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
            # Everything chosen after it is taken back, and its own colour last (one call
            # of the inlined _unpaint: less to compile).
            for d in range(depth, back - 1, -1):
                if d > back and slot_of[d] >= 0:
                    free[free_n] = slot_of[d]
                    free_n += 1
                    slot_of[d] = -1
                if d < depth:
                    u = stack[d]
                    old = _unpaint(
                        u, indptr, indices, colour, seen, sat, trees, offsets, levels, rank, colours
                    )
                    depth_of[u] = -1
                    if d == back:
                        after = old
                    else:
                        s = sat[u]
                        _insert(trees[s], offsets, levels, rank[u])
                        top = max(top, s)
                        steps += 1
            v = stack[back]
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
