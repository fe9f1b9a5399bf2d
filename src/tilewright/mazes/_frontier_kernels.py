"""Compiled maze generators that grow one tree from a frontier: Growing Tree, true Prim and
simplified Prim, plus Kruskal's forest of merging trees.

Each takes a cell graph ``g`` and a generator state and returns the slot array of a spanning
tree; the caller guarantees that ``g`` is connected.
"""

import numpy as np
from numba import njit

from tilewright.core._graph_access import (
    cell_count,
    max_degree,
    neighbours,
    neighbours_with,
    random_neighbour_with,
    slot_cells,
    slot_count,
    slots_computed,
)
from tilewright.core._heap import heap_pop, heap_push
from tilewright.core._rng import below, next_u64, shuffle, shuffle_together, uniform
from tilewright.core._unionfind import find, union_roots

# Cell states of simplified Prim, one byte a cell.
_UNSEEN = np.uint8(0)
_FRONTIER = np.uint8(1)
_TREE = np.uint8(2)

_HIGH32 = np.uint64(0xFFFFFFFF00000000)
_LOW32 = np.uint64(0xFFFFFFFF)

# How Growing Tree keeps its list of active cells (chosen in ``strategies.py``).
BAG = 0  # only "random": order never matters, so a retired cell is swapped with the last
LAZY = 1  # newest, oldest, random and their mixes: retired cells stay as tombstones
ORDERED = 2  # any mix with "middle": ranks by position from a Fenwick tree

# Which active cell a pick takes, by rank in insertion order.
NEWEST = 0
OLDEST = 1
MIDDLE = 2
RANDOM = 3


# Inlined helpers are compiled into their callers, whose cache holds them: a cache of
# their own would stay empty and make them look uncompiled to `tilewright warm`.
@njit(nogil=True, inline="always")
def _fenwick_add(tree, position, delta):
    i = position + 1
    while i < tree.shape[0]:
        tree[i] += delta
        i += i & -i


@njit(nogil=True, inline="always")
def _fenwick_select(tree, rank, top_bit):
    """Position of the ``rank``-th (1-based) present item."""
    position = 0
    step = top_bit
    while step > 0:
        nxt = position + step
        if nxt < tree.shape[0] and tree[nxt] < rank:
            position = nxt
            rank -= tree[nxt]
        step >>= 1
    return position  # Fenwick positions are 1-based; this is the 0-based position


@njit(cache=True, nogil=True)
def growing_tree(g, rng, mode, picks, cumulative):
    """Growing Tree (Buck, *Mazes for Programmers*, ch. 11).

    Keep a list of active cells; take one, open a passage to a random unvisited neighbour and
    add that neighbour, or retire the cell when it has none. *Which* cell is taken is the
    whole character of the maze: the newest gives the backtracker's long corridors, a random
    one Prim-like short spurs, the oldest long straight runs. ``picks[i]`` is used with
    probability ``cumulative[i] - cumulative[i - 1]``.

    A mix must find the newest, oldest or a random *surviving* cell in insertion order while
    cells retire from anywhere in the list; shifting the list would cost O(cells) a time.
    Instead retired cells stay in place as tombstones: newest and oldest skip them from the
    ends, random picks retry on them, and the list is compacted whenever tombstones
    outnumber survivors, so every operation is O(1) amortised and exact. "Middle" needs the
    rank of the median survivor, which a Fenwick tree over positions gives in O(log cells).
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    visited = np.zeros(n, dtype=np.bool_)
    order = np.empty(n, dtype=np.int32)
    retired = np.zeros(n if mode == LAZY else 1, dtype=np.bool_)
    fenwick = np.zeros(n + 1 if mode == ORDERED else 1, dtype=np.int32)
    top_bit = 1
    while top_bit * 2 <= n:
        top_bit *= 2
    start = below(rng, n)
    visited[start] = True
    order[0] = start
    lo = 0
    hi = 1
    alive = 1
    if mode == ORDERED:
        _fenwick_add(fenwick, 0, 1)
    while alive > 0:
        pick = picks[0]
        if picks.shape[0] > 1:
            u = uniform(rng)
            for i in range(picks.shape[0]):
                if u < cumulative[i]:
                    pick = picks[i]
                    break
        if mode == BAG:
            position = below(rng, hi)
        elif mode == LAZY:
            if pick == NEWEST:
                while retired[order[hi - 1]]:
                    hi -= 1
                position = hi - 1
            elif pick == OLDEST:
                while retired[order[lo]]:
                    lo += 1
                position = lo
            else:
                position = lo + below(rng, hi - lo)
                while retired[order[position]]:
                    position = lo + below(rng, hi - lo)
        else:
            if pick == NEWEST:
                rank = alive
            elif pick == OLDEST:
                rank = 1
            elif pick == MIDDLE:
                rank = (alive + 1) // 2
            else:
                rank = below(rng, alive) + 1
            position = _fenwick_select(fenwick, rank, top_bit)
        cell = order[position]
        nxt, slot = random_neighbour_with(g, cell, visited, False, rng)
        if nxt < 0:
            alive -= 1
            if mode == BAG:
                hi -= 1
                order[position] = order[hi]
            elif mode == LAZY:
                retired[cell] = True
                if hi - lo > 2 * alive + 64:
                    kept = 0
                    for p in range(lo, hi):
                        if not retired[order[p]]:
                            order[kept] = order[p]
                            kept += 1
                    lo = 0
                    hi = kept
            else:
                _fenwick_add(fenwick, position, -1)
            continue
        passages[slot] = True
        visited[nxt] = True
        order[hi] = nxt
        if mode == ORDERED:
            _fenwick_add(fenwick, hi, 1)
        hi += 1
        alive += 1
    return passages


@njit(cache=True, nogil=True)
def prim(g, rng):
    """True Prim (Jarník 1930; Prim 1957): the minimum spanning tree for random edge weights,
    grown from one cell by always taking the cheapest edge out of the tree.

    Each edge's weight is drawn the first time it reaches the frontier; an edge reaches it
    once, so this is the same as weighting every edge up front, at half the memory. Weights
    are 32-bit, ties (rare) broken by slot number. The
    minimum spanning tree of independent random weights is the one Kruskal finds in a random
    edge order, so the two share one distribution (≈ 30.6 % dead ends); they differ in how
    the maze grows, which is what a step-by-step picture shows.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    visited = np.zeros(n, dtype=np.bool_)
    heap = np.empty(slot_count(g) + 1, dtype=np.uint64)
    size = 0
    lightest = np.full(n, _HIGH32, dtype=np.uint64)
    degree = max_degree(g)
    nbrs = np.empty(degree, dtype=np.int64)
    slots = np.empty(degree, dtype=np.int64)
    cell = below(rng, n)
    remaining = n
    while True:
        visited[cell] = True
        remaining -= 1
        if remaining == 0:
            break
        k = neighbours(g, cell, nbrs, slots)
        for i in range(k):
            nbr = nbrs[i]
            if not visited[nbr]:
                # A 32-bit random weight above the slot number: one word per heap entry.
                # An edge heavier than one already waiting for the same cell can never be
                # the one that cell joins by, so it is weighed but not pushed.
                weight = next_u64(rng) & _HIGH32
                if weight < lightest[nbr]:
                    lightest[nbr] = weight
                    size = heap_push(heap, size, weight | np.uint64(slots[i]))
        cell = -1
        while cell < 0:
            item, size = heap_pop(heap, size)
            slot = np.int64(item & _LOW32)
            a, b = slot_cells(g, slot)
            if not visited[a]:
                cell = a
            elif not visited[b]:
                cell = b
            if cell >= 0:
                passages[slot] = True
    return passages


@njit(cache=True, nogil=True)
def prim_simple(g, rng):
    """Simplified Prim: add a random *frontier cell* (unvisited, touching the tree) through a
    random passage to the tree.

    What most programs call "randomized Prim". Not a minimum spanning tree of anything: it
    favours cells with few tree neighbours, which gives the shortest spurs and the most dead
    ends of the classic set (about 35–36 %) and a texture radiating from the first cell.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    state = np.zeros(n, dtype=np.uint8)  # UNSEEN, then FRONTIER, then TREE
    frontier = np.empty(n, dtype=np.int32)
    size = 0
    nbrs = np.empty(max_degree(g), dtype=np.int64)
    cell = below(rng, n)
    while True:
        state[cell] = _TREE
        k = neighbours_with(g, cell, state, _UNSEEN, nbrs)
        for i in range(k):
            state[nbrs[i]] = _FRONTIER
            frontier[size] = nbrs[i]
            size += 1
        if size == 0:
            break
        i = below(rng, size)
        cell = frontier[i]
        size -= 1
        frontier[i] = frontier[size]
        passages[random_neighbour_with(g, cell, state, _TREE, rng)[1]] = True
    return passages


@njit(cache=True, nogil=True)
def kruskal(g, rng):
    """Kruskal (1956): take every possible passage in random order and open it when the
    cells on its two sides are not yet connected.

    Union–find with union by size and path halving makes each test nearly constant time.
    Stops as soon as the tree has ``cells - 1`` passages. Where a slot's cells are read from
    memory (any graph but the square grid), they are packed beside the slot and shuffled
    with it: looked up in shuffled order, nearly every read would miss the cache.
    """
    n = cell_count(g)
    total = slot_count(g)
    passages = np.zeros(total, dtype=np.bool_)
    order = np.empty(total, dtype=np.uint32)
    m = 0
    for slot in range(total):
        a, _ = slot_cells(g, slot)
        if a >= 0:
            order[m] = slot
            m += 1
    order = order[:m]
    carried = not slots_computed(g)
    ends = np.empty(m if carried else 0, dtype=np.uint64)
    if carried:
        for i in range(m):
            a, b = slot_cells(g, np.int64(order[i]))
            ends[i] = np.uint64(a) | (np.uint64(b) << np.uint64(32))
        shuffle_together(rng, order, ends)
    else:
        shuffle(rng, order)
    parent = np.full(n, -1, dtype=np.int32)
    joined = 0
    for i in range(m):
        if joined == n - 1:
            break
        slot = np.int64(order[i])
        if carried:
            a = np.int64(ends[i] & _LOW32)
            b = np.int64(ends[i] >> np.uint64(32))
        else:
            a, b = slot_cells(g, slot)
        ra = find(parent, a)
        rb = find(parent, b)
        if ra != rb:
            union_roots(parent, ra, rb)
            passages[slot] = True
            joined += 1
    return passages
