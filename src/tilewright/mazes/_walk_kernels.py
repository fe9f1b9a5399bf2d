"""Compiled maze generators that grow the tree by walking: backtracker, hunt-and-kill,
Aldous–Broder and Wilson.

Each takes a cell graph ``g`` (see ``tilewright.core._graph_access``) and a generator state,
and returns the slot array of a spanning tree. The caller guarantees that ``g`` is connected.
"""

import numpy as np
from numba import njit
from numba.extending import overload

from tilewright.core._graph_access import (
    NTH_PORT,
    PORT_COUNT,
    _flat,
    _is_csr,
    _is_table,
    cell_count,
    is_square_grid,
    max_degree,
    neighbours,
    port_to,
    prefetch_cell,
    random_neighbour_with,
    random_step,
    slot_count,
    through_port,
)
from tilewright.core._heap import heap_pop, heap_push
from tilewright.core._rng import below, choose, upcoming
from tilewright.mazes._backtrack_kernels import (
    RETURN_AHEAD,
    ROOT,
    UNVISITED,
    csr_backtrack,
    table_backtrack,
)

# The most cells of a square grid with its border that ``square_backtrack`` walks: its
# stack holds their numbers in int32. Only a grid one or two cells wide and a billion long
# comes near; it takes the walk on any graph, which makes the same maze.
MAX_BORDERED = 2**31 - 1


@njit(cache=True, nogil=True)
def backtracker(g, rng):
    """Recursive backtracker: a depth-first random walk with an explicit stack.

    Why a stack and not recursion: a depth-first path on a W×H grid is routinely W·H/2 cells
    long, far past any call-stack limit. Long corridors, about 10 % dead ends. A square
    grid has a walk of its own (``square_backtrack``), and so do a neighbour table and
    C-contiguous CSR arrays (``_backtrack_kernels``); all draw alike, so the maze is the
    same whichever walk runs.
    """
    return _walk_back(g, rng)


def _walk_back(g, rng):
    """The backtracker's walk for the kind of ``g``: ``backtracker``'s body."""
    raise NotImplementedError("compiled only")


@overload(_walk_back, inline="always")
def _walk_back_for(g, rng):
    if is_square_grid(g):

        def square(g, rng):
            width, height = g
            if (width + 2) * (height + 2) > MAX_BORDERED:
                return _graph_backtrack(g, rng)
            passages = np.zeros(2 * width * height, dtype=np.bool_)
            seen, cells, places = square_walk_buffers(width, height)
            untraced = np.empty(0, dtype=np.int32)
            square_backtrack(width, height, rng, passages, seen, cells, places, untraced, untraced)
            return passages

        return square
    if _flat(rng) and _is_table(g):
        return lambda g, rng: table_backtrack(g, rng)
    if _flat(rng) and _is_csr(g) and _flat(g):
        return lambda g, rng: csr_backtrack(g, rng)
    return lambda g, rng: _graph_backtrack(g, rng)


@njit(cache=True, nogil=True)
def _graph_backtrack(g, rng):
    """The backtracker through the graph accessors: on CSR arrays that are not
    C-contiguous and on a square grid too long for ``square_backtrack`` (the others have
    faster walks of their own, which make the same maze, as the tests check against this one).

    Each cell remembers in one byte the port that leads back to the cell it was reached
    from, and the passages are opened from those bytes at the end, in cell order. Why: the
    walk then reads only the cells' neighbours and their marks, where the slot of every
    step would be one more read that misses the cache.
    """
    n = cell_count(g)
    passages = np.zeros(slot_count(g), dtype=np.bool_)
    back = np.full(n, UNVISITED, dtype=np.uint8)
    stack = np.empty(n, dtype=np.int32)
    start = below(rng, n)
    back[start] = ROOT
    stack[0] = start
    top = 0
    while top >= 0:
        cell = stack[top]
        nxt, _ = random_neighbour_with(g, cell, back, UNVISITED, rng)
        if nxt < 0:
            # A dead end starts a run of returns down the stack: ask for the cells a few
            # returns ahead now, whose rows left the cache while their subtrees grew.
            if top >= RETURN_AHEAD:
                prefetch_cell(g, stack[top - RETURN_AHEAD])
            top -= 1
            continue
        back[nxt] = port_to(g, nxt, cell)
        top += 1
        stack[top] = nxt
    for cell in range(n):
        if back[cell] != ROOT:
            passages[through_port(g, cell, back[cell])[1]] = True
    return passages


@njit(cache=True, nogil=True)
def square_walk_buffers(width, height):
    """``square_backtrack``'s working arrays for a ``width`` × ``height`` grid: the marks
    of the grid with a border, and the stack's cells and their places in the marks."""
    seen = np.empty((width + 2) * (height + 2), dtype=np.uint8)
    cells = np.empty(width * height, dtype=np.int32)
    places = np.empty(width * height, dtype=np.int32)
    return seen, cells, places


@njit(cache=True, nogil=True)
def square_backtrack(width, height, rng, passages, seen, cells, places, parents, depths):
    """The backtracker on a ``width`` × ``height`` square grid: opens ``passages`` (the
    grid's 2·W·H slots, all False) in place, drawing as the walk on any graph draws (the
    start cell, then one choice among the unvisited sides up, left, right, down whenever
    there are several), so the maze is the one ``_graph_backtrack`` makes on the grid.

    Why a walk of its own: the marks live in ``seen``, the grid with a border one cell wide
    that counts as visited, so a side that leaves the maze needs no test and each side is
    a fixed offset; the stack keeps each cell's place in ``seen`` beside it, so no step
    divides by the width (keeping the row instead, and adding it in, made the walk a
    third slower again); the side taken indexes tables of offsets instead of branching,
    which a random walk mispredicts at every other step; and there is no pass over the
    ports at the end. Together a quarter off a 15×15 maze, a fifth off a 5000×5000 one.
    ``seen``, ``cells`` and ``places`` are ``square_walk_buffers``' arrays, of any
    content; ``seen`` holds at most ``MAX_BORDERED`` cells, so that a place fits the int32
    stack.
    """
    n = width * height
    wide = width + 2  # a row of `seen`
    seen[:] = 0
    seen[:wide] = 1
    seen[(height + 1) * wide :] = 1
    for row in range(1, height + 1):
        seen[row * wide] = 1
        seen[row * wide + width + 1] = 1
    # Each side's offset in the cells, in `seen` and in the slots (south slots first, then
    # east ones), for the ports up, left, right and down.
    cell_step = (-width, np.int64(-1), np.int64(1), width)
    seen_step = (-wide, np.int64(-1), np.int64(1), wide)
    slot_step = (-width, n - 1, n, np.int64(0))
    start = below(rng, n)
    cells[0] = start
    places[0] = start + wide + 1 + 2 * (start // width)
    seen[places[0]] = 1
    traced = parents.shape[0] > 0
    if traced:
        parents[start] = -1
        depths[start] = 0
    top = 0
    while top >= 0:
        bits = upcoming(rng)
        cell = np.int64(cells[top])
        at = np.int64(places[top])
        mask = (
            np.int64(seen[at - wide] == 0)
            | (np.int64(seen[at - 1] == 0) << 1)
            | (np.int64(seen[at + 1] == 0) << 2)
            | (np.int64(seen[at + wide] == 0) << 3)
        )
        if mask == 0:
            top -= 1
            continue
        port = NTH_PORT[mask, choose(rng, bits, PORT_COUNT[mask])]
        passages[cell + slot_step[port]] = True
        at += seen_step[port]
        seen[at] = 1
        top += 1
        nxt = cell + cell_step[port]
        cells[top] = nxt
        places[top] = at
        if traced:
            parents[nxt] = cell
            depths[nxt] = top


@njit(nogil=True, inline="always")
def tree_path(parents, depths, origin, target, path, scratch):
    """The path from ``origin`` to ``target`` in a tree given by ``parents`` and
    ``depths`` (as ``square_backtrack`` traces them), written into ``path`` origin first;
    returns its cells. Each end climbs towards the root, the deeper first, until they
    meet, so the cost is the path's length, not the tree's size. ``scratch`` (as long as
    the path) holds the target's side until it is written out in reverse.
    """
    a, b = np.int64(origin), np.int64(target)
    ahead = 0  # cells of the origin's side written
    behind = 0  # cells of the target's side held
    while depths[a] > depths[b]:
        path[ahead] = a
        ahead += 1
        a = parents[a]
    while depths[b] > depths[a]:
        scratch[behind] = b
        behind += 1
        b = parents[b]
    while a != b:
        path[ahead] = a
        ahead += 1
        a = parents[a]
        scratch[behind] = b
        behind += 1
        b = parents[b]
    path[ahead] = a  # where the two sides meet
    ahead += 1
    for k in range(behind - 1, -1, -1):
        path[ahead] = scratch[k]
        ahead += 1
    return ahead


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
