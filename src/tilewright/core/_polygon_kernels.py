"""Compiled steps of building a polygon grid (``polygon_grid.from_polygons``).

Why compiled: the NumPy version sorted every corner's key and every edge's key
(``np.unique``) and sorted again for the cell graph, about 3.5 s for 10^6 squares. Here
each step is one pass: vertices are numbered through a table indexed by key (or a hash
table when keys are sparse), and each edge is matched against the few walls already
found at its lower vertex, each cell pair against the few passages already found at its
lower cell, so the work is linear in the corners.
"""

import numpy as np
from numba import njit

# error codes of ``walls_of``, in the order the messages are given
REPEATED_CORNER, THIRD_USE, SELF_TOUCH = 1, 2, 3
# multiplier of Fibonacci hashing: 2^64 / golden ratio, odd
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True)
def dense_vertices(keys, low, span):
    """Vertex numbers of corners whose keys lie in ``[low, low + span)``: ascending key
    order, as ``np.unique`` numbers them.

    Returns ``(vertex_of, first)``: each corner's vertex (int32), and each vertex's first
    corner.
    """
    table = np.full(span, -1, dtype=np.int32)  # a corner, then a vertex number
    for i in range(keys.shape[0]):
        k = keys[i] - low
        if table[k] < 0:
            table[k] = i
    count = 0
    for k in range(span):
        if table[k] >= 0:
            count += 1
    first = np.empty(count, dtype=np.int64)
    v = 0
    for k in range(span):
        if table[k] >= 0:
            first[v] = table[k]
            table[k] = v
            v += 1
    vertex_of = np.empty(keys.shape[0], dtype=np.int32)
    for i in range(keys.shape[0]):
        vertex_of[i] = table[keys[i] - low]
    return vertex_of, first


@njit(nogil=True, inline="always")
def _home(key, shift):
    """The slot a key's search starts at: Fibonacci hashing, the top bits of key × 2^64/φ."""
    return np.int64((np.uint64(key) * _GOLDEN) >> shift)


@njit(cache=True, nogil=True)
def hash_keys(keys):
    """Number the distinct keys in order of first appearance, through an open-addressing
    hash table (linear probing) of each key beside its number, so that a probe reads one
    cache line.

    Returns ``(table, found, first_seen)``: the table, for :func:`rank_keys`; each corner's
    key's number; each number's first corner.
    """
    m = keys.shape[0]
    bits = 4
    # at most half full: a key is found in about 1.5 probes
    while (1 << bits) < 2 * m:
        bits += 1
    size = 1 << bits
    mask = size - 1
    shift = np.uint64(64 - bits)
    table = np.full((size, 2), -1, dtype=np.int64)  # (key, number), number -1 when empty
    found = np.empty(m, dtype=np.int32)
    first_seen = np.empty(m, dtype=np.int64)
    distinct = 0
    for i in range(m):
        key = keys[i]
        h = _home(key, shift)
        while table[h, 1] >= 0 and table[h, 0] != key:
            h = (h + 1) & mask
        if table[h, 1] < 0:
            table[h, 0] = key
            table[h, 1] = distinct
            first_seen[distinct] = i
            distinct += 1
        found[i] = table[h, 1]
    return table, found, first_seen[:distinct].copy()


@njit(cache=True, nogil=True)
def rank_keys(table, found, first_seen, ordered):
    """Renumber :func:`hash_keys`' numbers by the rank of their key in ``ordered`` (the
    distinct keys, ascending), as ``np.unique`` numbers them.

    Returns ``(vertex_of, first)``: each corner's vertex (int32), each vertex's first
    corner.
    """
    size = table.shape[0]
    mask = size - 1
    bits = 0
    while (1 << bits) < size:
        bits += 1
    shift = np.uint64(64 - bits)
    rank = np.empty(ordered.shape[0], dtype=np.int32)
    first = np.empty(ordered.shape[0], dtype=np.int64)
    for r in range(ordered.shape[0]):
        key = ordered[r]
        h = _home(key, shift)
        while table[h, 0] != key:
            h = (h + 1) & mask
        rank[table[h, 1]] = r
        first[r] = first_seen[table[h, 1]]
    vertex_of = np.empty(found.shape[0], dtype=np.int32)
    for i in range(found.shape[0]):
        vertex_of[i] = rank[found[i]]
    return vertex_of, first


@njit(nogil=True, inline="always")
def _pair(head, below, high_end, a, b, count):
    """The number of the unordered pair ``{a, b}`` among the pairs found so far, and
    whether it is new (then numbered ``count``).

    The pairs are chained by their lower end: ``head[low]`` is the last found there,
    ``below`` the one found before each, ``high_end`` each one's higher end. So a lookup
    reads only the few pairs at one end, and a new pair is chained in where it is found.
    """
    low, high = (a, b) if a < b else (b, a)
    p = head[low]
    while p >= 0 and high_end[p] != high:
        p = below[p]
    if p >= 0:
        return np.int64(p), False
    high_end[count] = high
    below[count] = head[low]
    head[low] = count
    return np.int64(count), True


@njit(cache=True, nogil=True)
def walls_of(vertex_of, ptr, num_vertices, side_walls=False):
    """Every edge of every outline once, in the order cells list them.

    Edge j runs from corner j to the next corner around its cell. Returns ``(walls,
    wall_cells, error, side_wall)``: each wall's two vertices as its first cell lists
    them, the cell listing it first and the one listing it second (-1 for none), 0 or the
    code of the first kind of fault found (a repeated corner before an edge used thrice
    before a cell meeting itself), whatever cell it lies in, and, with ``side_walls``,
    each edge's wall (-1 where its corners repeat; else an empty array, as a grid keeps
    none and building one of 10^7 corners would hold 40 MB more).
    """
    total = vertex_of.shape[0]
    cells = ptr.shape[0] - 1
    side_wall = np.empty(total if side_walls else 0, dtype=np.int32)
    head = np.full(num_vertices, -1, dtype=np.int32)  # the last wall found at a low vertex
    below = np.empty(total, dtype=np.int32)  # the wall found before it at that vertex
    high_end = np.empty(total, dtype=np.int32)
    walls = np.empty((total, 2), dtype=np.int32)
    sides = np.empty((total, 2), dtype=np.int32)
    repeated = third = touches = False
    count = 0
    for cell in range(cells):
        start, stop = ptr[cell], ptr[cell + 1]
        for j in range(start, stop):
            a = vertex_of[j]
            b = vertex_of[j + 1] if j + 1 < stop else vertex_of[start]
            if a == b:
                repeated = True
                if side_walls:
                    side_wall[j] = -1
                continue
            w, new = _pair(head, below, high_end, a, b, count)
            if side_walls:
                side_wall[j] = w
            if new:
                count += 1
                walls[w, 0], walls[w, 1] = a, b
                sides[w, 0], sides[w, 1] = cell, -1
            elif sides[w, 1] >= 0:
                third = True
            else:
                sides[w, 1] = cell
                if sides[w, 0] == cell:
                    touches = True
    error = 0
    if touches:
        error = SELF_TOUCH
    if third:
        error = THIRD_USE
    if repeated:
        error = REPEATED_CORNER
    # the first rows, not copies: rows never written are never touched, so they take no
    # memory (copying would touch as much again)
    return walls[:count], sides[:count], error, side_wall


@njit(cache=True, nogil=True)
def passages_of(wall_cells, num_cells):
    """The cell graph of the inner walls: one edge per pair of cells however many walls
    they share, numbered in the order of their first wall.

    Returns ``(wall_slot, endpoints)``: each wall's edge (-1 on the boundary) and each
    edge's two cells, as its first wall lists them.
    """
    walls = wall_cells.shape[0]
    head = np.full(num_cells, -1, dtype=np.int32)  # the last edge found at a low cell
    below = np.empty(walls, dtype=np.int32)
    high_end = np.empty(walls, dtype=np.int32)
    endpoints = np.empty((walls, 2), dtype=np.int32)
    wall_slot = np.full(walls, -1, dtype=np.int64)
    count = 0
    for w in range(walls):
        a, b = wall_cells[w, 0], wall_cells[w, 1]
        if b < 0:
            continue
        e, new = _pair(head, below, high_end, a, b, count)
        if new:
            count += 1
            endpoints[e, 0], endpoints[e, 1] = a, b
        wall_slot[w] = e
    return wall_slot, endpoints[:count]


@njit(cache=True, nogil=True)
def adjacency(endpoints, num_cells):
    """The CSR arrays of the graph with these edges, laid out as
    ``CellGraph.from_edges`` lays them: at each cell, the edges it starts in edge order,
    then those it ends.

    Returns ``(indptr, indices, slots)``.
    """
    edges = endpoints.shape[0]
    indptr = np.zeros(num_cells + 1, dtype=np.int64)
    for e in range(edges):
        indptr[endpoints[e, 0] + 1] += 1
        indptr[endpoints[e, 1] + 1] += 1
    for c in range(num_cells):
        indptr[c + 1] += indptr[c]
    fill = indptr[:-1].copy()
    indices = np.empty(2 * edges, dtype=np.int32)
    slots = np.empty(2 * edges, dtype=np.int64)
    for end in range(2):
        for e in range(edges):
            cell = endpoints[e, end]
            at = fill[cell]
            indices[at] = endpoints[e, 1 - end]
            slots[at] = e
            fill[cell] = at + 1
    return indptr, indices, slots


# numpy's error model: a degenerate (zero-area) outline gets a NaN centre, not an exception
@njit(cache=True, nogil=True, error_model="numpy")
def centroids(vertices, ptr, polygons):
    """Each cell's centroid (shoelace moments), as ``polygon_grid._centroids`` computes
    it, without its temporary arrays."""
    cells = ptr.shape[0] - 1
    out = np.empty((cells, 2), dtype=np.float64)
    for cell in range(cells):
        start, stop = ptr[cell], ptr[cell + 1]
        area = 0.0
        mx = 0.0
        my = 0.0
        for j in range(start, stop):
            p = polygons[j]
            q = polygons[j + 1] if j + 1 < stop else polygons[start]
            x, y = vertices[p, 0], vertices[p, 1]
            xn, yn = vertices[q, 0], vertices[q, 1]
            cross = x * yn - xn * y
            area += cross
            mx += (x + xn) * cross
            my += (y + yn) * cross
        area /= 2
        out[cell, 0] = mx / (6 * area)
        out[cell, 1] = my / (6 * area)
    return out
