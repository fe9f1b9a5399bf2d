"""Compiled maze generators that grow the tree by walking: backtracker, hunt-and-kill,
Aldous–Broder and Wilson.

Each takes a cell graph ``g`` (see ``tilewright.core._graph_access``) and a generator state,
and returns the slot array of a spanning tree. The caller guarantees that ``g`` is connected.
"""

import numpy as np
from numba import njit

from tilewright.core._graph_access import (
    cell_count,
    max_degree,
    neighbours,
    port_to,
    prefetch_cell,
    random_neighbour_with,
    random_step,
    slot_count,
    slots_computed,
    through_port,
)
from tilewright.core._heap import heap_pop, heap_push
from tilewright.core._rng import below

# The backtracker's mark of a cell: the port back to where it was reached from, or these
# (so ports 0 to 253: generation.BACKTRACKER_MAX_DEGREE).
_UNVISITED = np.uint8(255)
_ROOT = np.uint8(254)
# How many cells down the stack the backtracker asks for ahead of its returns.
_RETURN_AHEAD = 4


@njit(cache=True, nogil=True)
def backtracker(g, rng):
    """Recursive backtracker: a depth-first random walk with an explicit stack.

    Why a stack and not recursion: a depth-first path on a W×H grid is routinely W·H/2 cells
    long, far past any call-stack limit. Long corridors, about 10 % dead ends.

    On a graph whose slots are stored, each cell remembers in one byte the port that leads
    back to the cell it was reached from, and the passages are opened from those bytes at
    the end, in cell order. Why: the walk then reads only the cells' neighbours and their
    marks, where the slot of every step would be one more read that misses the cache. On
    the square grid a slot is arithmetic, and the passage is opened at once.
    """
    n = cell_count(g)
    direct = slots_computed(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    back = np.full(n, _UNVISITED, dtype=np.uint8)
    stack = np.empty(n, dtype=np.int32)
    start = below(rng, n)
    back[start] = _ROOT
    stack[0] = start
    top = 0
    while top >= 0:
        cell = stack[top]
        nxt, slot = random_neighbour_with(g, cell, back, _UNVISITED, rng)
        if nxt < 0:
            # A dead end starts a run of returns down the stack: ask for the cells a few
            # returns ahead now, whose rows left the cache while their subtrees grew.
            if top >= _RETURN_AHEAD:
                prefetch_cell(g, stack[top - _RETURN_AHEAD])
            top -= 1
            continue
        if direct:
            passages[slot] = True
            back[nxt] = _ROOT  # any mark but unvisited: the passage is open already
        else:
            back[nxt] = port_to(g, nxt, cell)
        top += 1
        stack[top] = nxt
    if not direct:
        for cell in range(n):
            if back[cell] != _ROOT:
                passages[through_port(g, cell, back[cell])[1]] = True
    return passages


@njit(cache=True, nogil=True)
def hunt_and_kill(g, rng):
    """Hunt-and-kill: walk to random unvisited neighbours; when stuck, hunt.

    The hunt takes the *first* cell in scan order (lowest index) that is unvisited and touches
    the maze, and joins it to a random visited neighbour. Why a heap instead of the textbook
    rescan from the top: a rescan costs O(cells) per hunt and O(cells²) in all, which is why
    naive versions stall on large grids; every cell that touches the maze is pushed when its
    neighbour joins, and visited cells are skipped when popped, so the whole run is
    O(cells · log cells) and picks exactly the cell the rescan would.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    visited = np.zeros(n, dtype=np.bool_)
    degree = max_degree(g)
    heap = np.empty(n * degree + 1, dtype=np.int32)
    size = 0
    nbrs = np.empty(degree, dtype=np.int64)
    slots = np.empty(degree, dtype=np.int64)
    pick_nbrs = np.empty(degree, dtype=np.int64)
    pick_slots = np.empty(degree, dtype=np.int64)
    cell = below(rng, n)
    visited[cell] = True
    remaining = n - 1
    while remaining > 0:
        k = neighbours(g, cell, nbrs, slots)
        m = 0
        for i in range(k):
            if not visited[nbrs[i]]:
                pick_nbrs[m] = nbrs[i]
                pick_slots[m] = slots[i]
                m += 1
                size = heap_push(heap, size, np.int32(nbrs[i]))
        if m > 0:  # kill: walk on
            j = below(rng, m) if m > 1 else 0
            passages[pick_slots[j]] = True
            cell = pick_nbrs[j]
        else:  # hunt: the first unvisited cell in scan order that touches the maze
            cell = -1
            while cell < 0:
                candidate, size = heap_pop(heap, size)
                if not visited[candidate]:
                    cell = candidate
            passages[random_neighbour_with(g, cell, visited, True, rng)[1]] = True
        visited[cell] = True
        remaining -= 1
    return passages


@njit(cache=True, nogil=True)
def aldous_broder(g, rng):
    """Aldous–Broder: a plain random walk that opens the passage into every cell it enters
    for the first time.

    Why keep so slow an algorithm: the first-entrance edges of a random walk form a *uniform*
    spanning tree (Aldous 1990; Broder 1989) — every perfect maze equally likely. Wilson's
    algorithm gives the same distribution much faster; this one is the simplest proof of it.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    visited = np.zeros(n, dtype=np.bool_)
    cell = below(rng, n)
    visited[cell] = True
    remaining = n - 1
    while remaining > 0:
        previous = cell
        cell, port = random_step(g, cell, rng)
        if not visited[cell]:
            visited[cell] = True
            passages[through_port(g, previous, port)[1]] = True
            remaining -= 1
    return passages


@njit(cache=True, nogil=True)
def wilson(g, rng):
    """Wilson's algorithm: loop-erased random walks from each cell until they hit the tree.

    Uniform spanning tree (Wilson, "Generating random spanning trees more quickly than the
    cover time", STOC 1996) for any root and any order of starting cells. Loops are erased
    for free: the walk only remembers the last exit (port) it left each cell by, so retracing
    those directions from the start follows the loop-erased path. Starting cells are taken in
    index order so that each walk begins next to the last one and stays in cache.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    in_tree = np.zeros(n, dtype=np.bool_)
    exit_port = np.empty(n, dtype=np.int8)
    in_tree[below(rng, n)] = True
    for start in range(n):
        cell = start
        while not in_tree[cell]:
            nxt, port = random_step(g, cell, rng)
            exit_port[cell] = port
            cell = nxt
        cell = start
        while not in_tree[cell]:
            in_tree[cell] = True
            cell_after, slot = through_port(g, cell, exit_port[cell])
            passages[slot] = True
            cell = cell_after
    return passages
