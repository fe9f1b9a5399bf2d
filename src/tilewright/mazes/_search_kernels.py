"""Searches over a maze's open passages, and braiding, written once for both of the maze
kernels' layouts.

A maze reaches these helpers as one tuple ``m``:

* ``(south, east, width)``: a square maze's passage planes, flattened row-major
  (``_solve_kernels``): ``south[i]`` the passage from cell i down, ``east[i]`` the one
  from cell i to the right;
* ``(indptr, indices, slots, passages)``: a cell graph's CSR arrays and one bool a slot,
  True where the passage is open (``_graph_solve_kernels``).

Numba's ``overload`` picks the accessors from the tuple's length when a kernel compiles,
as ``core._graph_access`` does for the generators, and everything here is inlined into
the compiled kernels that call it, so the square grid pays nothing for the generality.
A node's *arcs* are numbered ``first`` to ``last - 1`` (:func:`arcs`): the four
directions clockwise from north on the square grid, the node's CSR row on a graph; they
are tried in that order, so each search visits the nodes in the order it always did.
"""

import numpy as np
from numba import njit
from numba.extending import overload

from tilewright.core._rng import below, shuffle

# Directions clockwise from north; the wall follower turns by adding to them modulo 4.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


# Inlined helpers are compiled into their callers, whose cache holds them: a cache of
# their own would stay empty and make them look uncompiled to `tilewright warm`.
@njit(nogil=True, inline="always")
def square_open(south, east, width, cell, direction):
    """Is there a passage from ``cell`` in ``direction``?"""
    if direction == NORTH:
        return cell >= width and south[cell - width]
    if direction == SOUTH:
        return south[cell]
    if direction == EAST:
        return east[cell]
    return cell % width != 0 and east[cell - 1]


@njit(nogil=True, inline="always")
def square_step(width, cell, direction):
    """The cell next to ``cell`` in ``direction``."""
    if direction == NORTH:
        return cell - width
    if direction == SOUTH:
        return cell + width
    if direction == EAST:
        return cell + 1
    return cell - 1


@njit(nogil=True, inline="always")
def square_beyond(cells, width, cell, direction):
    """The cell next to ``cell`` in ``direction``, or -1 off the edge of the grid."""
    if direction == NORTH:
        inside = cell >= width
    elif direction == SOUTH:
        inside = cell + width < cells
    elif direction == EAST:
        inside = cell % width != width - 1
    else:
        inside = cell % width != 0
    if inside:
        return square_step(width, cell, direction)
    return -1


@njit(nogil=True, inline="always")
def square_open_wall(south, east, width, cell, direction):
    """Open the wall of ``cell`` in ``direction`` (inside the grid); return the cell behind
    it."""
    if direction == NORTH:
        south[cell - width] = True
    elif direction == SOUTH:
        south[cell] = True
    elif direction == EAST:
        east[cell] = True
    else:
        east[cell - 1] = True
    return square_step(width, cell, direction)


def node_count(m):
    """The nodes of maze ``m``."""


def arcs(m, node):
    """``(first, last)``: the arcs of ``node`` are ``first`` to ``last - 1``."""


def is_open(m, node, arc):
    """Whether the passage through ``arc`` of ``node`` is open."""


def through(m, node, arc):
    """The node behind ``arc`` of ``node`` when its passage is open, else -1."""


def beyond(m, node, arc):
    """The node behind ``arc`` of ``node``, open or not; -1 off the square grid's edge."""


def open_arc(m, node, arc):
    """Open the passage through ``arc`` of ``node``; return the node behind it."""


@overload(node_count, inline="always")
def _node_count(m):
    if len(m) == 3:
        return lambda m: m[0].shape[0]
    return lambda m: m[0].shape[0] - 1


@overload(arcs, inline="always")
def _arcs(m, node):
    if len(m) == 3:
        return lambda m, node: (0, 4)
    return lambda m, node: (m[0][node], m[0][node + 1])


@overload(is_open, inline="always")
def _is_open(m, node, arc):
    if len(m) == 3:
        return lambda m, node, arc: square_open(m[0], m[1], m[2], node, arc)
    return lambda m, node, arc: m[3][m[2][arc]]


@overload(through, inline="always")
def _through(m, node, arc):
    if len(m) == 3:

        def square(m, node, arc):
            south, east, width = m
            if square_open(south, east, width, node, arc):
                return square_step(width, node, arc)
            return -1

        return square

    def graph(m, node, arc):
        if m[3][m[2][arc]]:
            return m[1][arc]
        return -1

    return graph


@overload(beyond, inline="always")
def _beyond(m, node, arc):
    if len(m) == 3:
        return lambda m, node, arc: square_beyond(m[0].shape[0], m[2], node, arc)
    return lambda m, node, arc: m[1][arc]


# Compiled as a function of its own, not inlined: an inlined overload's writes into the
# arrays of ``m`` were seen lost (Numba 0.68), and a wall opens once per dead end at most.
@overload(open_arc)
def _open_arc(m, node, arc):
    if len(m) == 3:
        return lambda m, node, arc: square_open_wall(m[0], m[1], m[2], node, arc)

    def graph(m, node, arc):
        m[3][m[2][arc]] = True
        return m[1][arc]

    return graph


@njit(nogil=True, inline="always")
def search_distances(m, start, goal):
    """Moves from ``start`` to every node (-1 where unreachable), breadth first.

    Stops as soon as ``goal`` is taken from the queue (``goal = -1`` maps every node), so a
    path query touches only the nodes closer than the goal.
    """
    n = node_count(m)
    dist = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    dist[start] = 0
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        node = queue[head]
        head += 1
        if node == goal:
            break
        d = dist[node] + 1
        first, last = arcs(m, node)
        for arc in range(first, last):
            nxt = through(m, node, arc)
            if nxt >= 0 and dist[nxt] < 0:
                dist[nxt] = d
                queue[tail] = nxt
                tail += 1
    return dist


@njit(nogil=True, inline="always")
def path_back(m, dist, goal):
    """The nodes of a shortest path from the start (distance 0) to ``goal``, in order."""
    length = dist[goal]
    path = np.empty(length + 1, dtype=np.int64)
    node = goal
    path[length] = node
    for d in range(length - 1, -1, -1):
        first, last = arcs(m, node)
        for arc in range(first, last):
            nxt = through(m, node, arc)
            if nxt >= 0 and dist[nxt] == d:
                node = nxt
                break
        path[d] = node
    return path


@njit(nogil=True, inline="always")
def fill_dead_ends(m, degree, start, goal, queue):
    """Fill dead ends until none is left but the start and the goal.

    ``degree`` (open passages of each node) is consumed, and ``queue`` (one entry a node)
    is the order: returns its first entries, the nodes in the order they were filled.
    Each node is filled at most once, so this is O(nodes).
    """
    n = node_count(m)
    tail = 0
    for node in range(n):
        if degree[node] <= 1 and node != start and node != goal:
            queue[tail] = node
            tail += 1
            degree[node] = -1  # queued: filled
    head = 0
    while head < tail:
        node = queue[head]
        head += 1
        first, last = arcs(m, node)
        for arc in range(first, last):
            nxt = through(m, node, arc)
            if nxt >= 0 and degree[nxt] > 0:
                degree[nxt] -= 1
                if degree[nxt] == 1 and nxt != start and nxt != goal:
                    queue[tail] = nxt
                    tail += 1
                    degree[nxt] = -1
    return queue[:tail]


@njit(nogil=True, inline="always")
def shuffled_dead_ends(m, degree, rng):
    """Count each node's open passages into ``degree`` (all zero) and return the dead
    ends (degree 1), in increasing order shuffled by ``rng``: the order braiding opens
    them in."""
    n = node_count(m)
    for node in range(n):
        first, last = arcs(m, node)
        for arc in range(first, last):
            degree[node] += is_open(m, node, arc)
    ends = np.empty(n, dtype=np.int64)
    count = 0
    for node in range(n):
        if degree[node] == 1:
            ends[count] = node
            count += 1
    ends = ends[:count]
    shuffle(rng, ends)
    return ends


@njit(nogil=True, inline="always")
def braid_dead_ends(m, degree, rng, target, closed, paired, random_pair):
    """Open one passage at dead ends, in random order, until ``target`` dead ends are gone;
    return how many were removed.

    ``degree`` (all zero) is filled and kept up to date; ``closed`` and ``paired`` hold a
    node's arcs (as many as the most a node has). A dead end opens towards a neighbouring
    dead end when it has one (one passage removes two dead ends, as in Buck's braiding),
    else towards a random closed side. Of several neighbouring dead ends the graph takes a
    random one (``random_pair``) and the square grid the last clockwise from north, as each
    always has: every braid seed keeps its maze.
    """
    ends = shuffled_dead_ends(m, degree, rng)
    removed = 0
    for node in ends:
        if removed >= target:
            break
        if degree[node] != 1:
            continue
        k = 0
        p = 0
        first, last = arcs(m, node)
        for arc in range(first, last):
            nxt = beyond(m, node, arc)
            # `through`, not `is_open`: shuffled_dead_ends inlines that one here already,
            # and an overload inlined twice into one kernel fails a check of Numba's
            # (a NumbaIRAssumptionWarning when the kernel compiles).
            if nxt < 0 or through(m, node, arc) >= 0:
                continue  # off the grid, or open already
            closed[k] = arc
            k += 1
            if degree[nxt] == 1:
                paired[p] = arc
                p += 1
        if k == 0:
            continue  # the end of a corridor with no wall to open
        if p == 0:
            at = closed[below(rng, k)]
        else:
            at = paired[below(rng, p)] if random_pair else paired[p - 1]
        nxt = open_arc(m, node, at)
        removed += 1 + (degree[nxt] == 1)
        degree[node] += 1
        degree[nxt] += 1
    return removed
