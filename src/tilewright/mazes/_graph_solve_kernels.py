"""Compiled solvers and edits on mazes over any cell graph (:class:`GridMaze`).

Each kernel takes the graph in CSR form (``indptr``, ``indices``, ``slots``, as
:class:`~tilewright.core.graph.CellGraph` holds them) and the maze's ``passages``: one bool
per slot, True where the passage is open. They work on perfect and braided mazes alike.
The searches and braiding are written once for both layouts, in ``_search_kernels``; the
square-grid kernels of ``_solve_kernels`` call them on maze-dataset's layout, with no
neighbour lists.
"""

import numpy as np
from numba import njit

from tilewright.core._polygon_kernels import adjacency
from tilewright.core._unionfind import component_count
from tilewright.mazes._search_kernels import (
    braid_dead_ends,
    fill_dead_ends,
    path_back,
    search_distances,
)


@njit(cache=True, nogil=True)
def bfs_distances(indptr, indices, slots, passages, start, goal):
    """Moves from ``start`` to every node (-1 where unreachable), breadth first.

    Stops as soon as ``goal`` is taken from the queue (``goal = -1`` maps every node).
    """
    return search_distances((indptr, indices, slots, passages), start, goal)


@njit(cache=True, nogil=True)
def trace_back(indptr, indices, slots, passages, dist, goal):
    """The nodes of a shortest path from the start (distance 0) to ``goal``, in order."""
    return path_back((indptr, indices, slots, passages), dist, goal)


@njit(cache=True, nogil=True)
def dead_end_filling(indptr, indices, slots, passages, degree, start, goal):
    """Fill dead ends until none is left but the start and the goal.

    ``degree`` (int32, open passages of each node) is consumed. Returns the nodes in the
    order they were filled; each is filled at most once, and the queue is the order.
    """
    queue = np.empty(indptr.shape[0] - 1, dtype=np.int64)
    return fill_dead_ends((indptr, indices, slots, passages), degree, start, goal, queue)


@njit(cache=True, nogil=True)
def wall_follower(side_ptr, side_slot, side_to, side_back, passages, start, back, goal, hand):
    """Keep one hand on the wall, on any planar grid.

    ``side_ptr[u]:side_ptr[u + 1]`` are node ``u``'s sides in clockwise order on screen:
    ``side_slot`` the passage through each (-1 for a wall), ``side_to`` the node behind it
    and ``side_back`` that node's side leading back. Arriving through side ``b``, the walker
    tries ``b + hand``, ``b + 2·hand``, … and last ``b`` itself (back): ``hand = 1`` keeps
    the left hand on the wall, ``-1`` the right. ``back`` is the side the start is entered
    from. The walk is deterministic and its states (node, side entered by) number at most
    the sides, so a walk that has not arrived after that many steps circles forever.
    """
    total = side_ptr[-1]
    visits = np.empty(total + 2, dtype=np.int64)
    visits[0] = start
    count = 1
    node = start
    entry = back
    for _ in range(total + 1):
        if node == goal:
            return visits[:count], True
        lo = side_ptr[node]
        k = side_ptr[node + 1] - lo
        moved = False
        for t in range(1, k + 1):
            j = ((entry + hand * t) % k + k) % k
            slot = side_slot[lo + j]
            if slot >= 0 and passages[slot]:
                node = side_to[lo + j]
                entry = side_back[lo + j]
                moved = True
                break
        if not moved:
            return visits[:count], node == goal  # a closed cell: nowhere to go
        visits[count] = node
        count += 1
    return visits[:count], node == goal


@njit(cache=True, nogil=True)
def braid(indptr, indices, slots, passages, rng, target):
    """Open one passage at dead ends, in random order, until ``target`` dead ends are gone.

    A dead end opens towards a random neighbouring dead end when it has one (one passage
    removes two dead ends), else towards a random closed side, as the square braid does.
    Returns how many dead ends were removed.
    """
    n = indptr.shape[0] - 1
    width = _longest_row(indptr, n)
    degree = np.zeros(n, dtype=np.int32)
    closed = np.empty(width, dtype=np.int64)
    paired = np.empty(width, dtype=np.int64)
    m = (indptr, indices, slots, passages)
    return braid_dead_ends(m, degree, rng, target, closed, paired, True)


@njit(nogil=True, inline="always")
def _longest_row(ptr, rows):
    """The most entries any of the first ``rows`` rows of the CSR pointers ``ptr`` holds."""
    most = 0
    for row in range(rows):
        most = max(most, ptr[row + 1] - ptr[row])
    return most


@njit(cache=True, nogil=True)
def open_components(num_nodes, endpoints, passages):
    """Number of connected regions of the nodes joined by open passages."""
    return component_count(num_nodes, endpoints[np.flatnonzero(passages)])


@njit(cache=True, nogil=True)
def embedding(
    polygon_ptr, polygons, vertices, walls, wall_cells, wall_slot, endpoints, indptr, slots, n
):
    """Each node's sides in clockwise order on screen: what the wall follower walks.

    A cell's side is a maximal run of consecutive edges of its outline with one passage
    behind them (its slot), or walls only (-1); an under-passage node (``n`` and after)
    has its passages as sides. Returns ``(ptr, slot, to, back, outer, ok)``: node ``u``'s
    sides are ``ptr[u]:ptr[u + 1]``, ``to`` the node behind each side (-1 for walls),
    ``back`` the index among that node's sides of the one leading back, ``outer`` whether
    the side touches the outer boundary; ``ok`` is False when a passage does not lie in
    the walls of its two nodes.
    """
    nodes = indptr.shape[0] - 1
    # the walls at each vertex and the vertex at their other end, to find the wall of an
    # outline's edge
    vptr, vother, vwalls = adjacency(walls, vertices.shape[0])

    most = _longest_row(polygon_ptr, n)
    edge_slot = np.empty(most, dtype=np.int64)
    edge_wall = np.empty(most, dtype=np.int64)
    edge_outer = np.empty(most, dtype=np.bool_)
    capacity = polygon_ptr[n] + indptr[nodes] - indptr[n]
    side_ptr = np.zeros(nodes + 1, dtype=np.int64)
    side_node = np.empty(capacity, dtype=np.int64)
    side_slot = np.empty(capacity, dtype=np.int64)
    side_key = np.empty(capacity, dtype=np.int64)
    side_outer = np.empty(capacity, dtype=np.bool_)
    m = 0
    ok = True
    for c in range(n):
        lo = polygon_ptr[c]
        k = polygon_ptr[c + 1] - lo
        area = 0.0
        for j in range(k):
            a = polygons[lo + j]
            b = polygons[lo + (j + 1) % k]
            area += vertices[a, 0] * vertices[b, 1] - vertices[b, 0] * vertices[a, 1]
        for p in range(k):
            # clockwise on screen is a positive shoelace area with y down; an anticlockwise
            # outline is read backwards, last edge first
            j = k - 1 - p if area < 0 else p
            a = polygons[lo + j]
            b = polygons[lo + (j + 1) % k]
            wall = -1  # the first such wall in wall order
            for t in range(vptr[a], vptr[a + 1]):
                if vother[t] == b and (wall < 0 or vwalls[t] < wall):
                    wall = vwalls[t]
            if wall < 0:
                ok = False
                wall = 0
            s = wall_slot[wall]
            # a passage that does not join this cell is a crossing's under-passage: a wall
            if s >= 0 and endpoints[s, 0] != c and endpoints[s, 1] != c:
                s = -1
            edge_slot[p] = s
            edge_wall[p] = wall
            edge_outer[p] = wall_cells[wall, 1] < 0
        first = 0  # begin at a run's first edge, so no run wraps around
        for p in range(k):
            if edge_slot[p] != edge_slot[(p + k - 1) % k]:
                first = p
                break
        side_ptr[c] = m
        for q in range(k):
            p = (q + first) % k
            if q == 0 or edge_slot[p] != edge_slot[(p + k - 1) % k]:
                side_node[m] = c
                side_slot[m] = edge_slot[p]
                side_key[m] = edge_wall[p]
                side_outer[m] = edge_outer[p]
                m += 1
            else:
                side_key[m - 1] = min(side_key[m - 1], edge_wall[p])
                side_outer[m - 1] = side_outer[m - 1] or edge_outer[p]
    for u in range(n, nodes):
        side_ptr[u] = m
        for at in range(indptr[u], indptr[u + 1]):
            side_node[m] = u
            side_slot[m] = slots[at]
            side_key[m] = -1  # matches the one side of the neighbour with this passage
            side_outer[m] = False
            m += 1
    side_ptr[nodes] = m

    # the side behind each passage: on the other node, the side with the same passage
    # starting at the same wall (both cells of one stretch of wall see the same walls)
    to = np.full(m, -1, dtype=np.int64)
    back = np.zeros(m, dtype=np.int64)
    covered = np.zeros(endpoints.shape[0], dtype=np.bool_)
    for i in range(m):
        s = side_slot[i]
        if s < 0:
            continue
        covered[s] = True
        u = side_node[i]
        v = endpoints[s, 0] if endpoints[s, 1] == u else endpoints[s, 1]
        found = -1
        for j in range(side_ptr[v], side_ptr[v + 1]):
            if side_slot[j] == s and (
                side_key[j] == side_key[i] or side_key[j] < 0 or side_key[i] < 0
            ):
                found = j
                break
        if found < 0:
            ok = False
        else:
            to[i] = v
            back[i] = found - side_ptr[v]
    for s in range(endpoints.shape[0]):
        ok = ok and covered[s]
    return side_ptr, side_slot[:m].copy(), to, back, side_outer[:m].copy(), ok
