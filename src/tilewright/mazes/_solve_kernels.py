"""Compiled solvers and edits on square-grid mazes.

Each kernel takes the two passage planes flattened row-major: ``south[i]`` is the passage
from cell i down, ``east[i]`` the passage from cell i to the right, and the grid's width.
They work on any maze, perfect or braided (with loops).
"""

import numpy as np
from numba import njit

from tilewright.core._rng import below, shuffle

# Directions clockwise from north; the wall follower turns by adding to them modulo 4.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


# Inlined helpers are compiled into their callers, whose cache holds them: a cache of
# their own would stay empty and make them look uncompiled to `tilewright warm`.
@njit(nogil=True, inline="always")
def _open(south, east, width, cell, direction):
    """Is there a passage from ``cell`` in ``direction``?"""
    if direction == NORTH:
        return cell >= width and south[cell - width]
    if direction == SOUTH:
        return south[cell]
    if direction == EAST:
        return east[cell]
    return cell % width != 0 and east[cell - 1]


@njit(nogil=True, inline="always")
def _step(width, cell, direction):
    if direction == NORTH:
        return cell - width
    if direction == SOUTH:
        return cell + width
    if direction == EAST:
        return cell + 1
    return cell - 1


@njit(cache=True, nogil=True)
def bfs_distances(south, east, width, start, goal):
    """Moves from ``start`` to every cell (-1 where unreachable), breadth first.

    Stops as soon as ``goal`` is taken from the queue (``goal = -1`` maps every cell), so a
    path query touches only the cells closer than the goal.
    """
    n = south.shape[0]
    dist = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    dist[start] = 0
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        cell = queue[head]
        head += 1
        if cell == goal:
            break
        d = dist[cell] + 1
        for direction in range(4):
            if _open(south, east, width, cell, direction):
                nxt = _step(width, cell, direction)
                if dist[nxt] < 0:
                    dist[nxt] = d
                    queue[tail] = nxt
                    tail += 1
    return dist


@njit(cache=True, nogil=True)
def trace_back(south, east, width, dist, goal):
    """The cells of a shortest path from the start (distance 0) to ``goal``, in order."""
    length = dist[goal]
    path = np.empty(length + 1, dtype=np.int64)
    cell = goal
    path[length] = cell
    for d in range(length - 1, -1, -1):
        for direction in range(4):
            if _open(south, east, width, cell, direction):
                nxt = _step(width, cell, direction)
                if dist[nxt] == d:
                    cell = nxt
                    break
        path[d] = cell
    return path


@njit(cache=True, nogil=True)
def dead_end_filling(south, east, width, degree, start, goal):
    """Fill dead ends until none is left but the start and the goal.

    ``degree`` (int8, one per cell) is consumed. Returns the cells in the order they were
    filled; what stays unfilled is the solution (on a braided maze, every cell on some
    loop-free route between start and goal, plus the loops). Each cell is filled at most
    once, and the queue of cells to fill is itself the order: O(cells).
    """
    n = south.shape[0]
    queue = np.empty(n, dtype=np.int32)
    tail = 0
    for cell in range(n):
        if degree[cell] <= 1 and cell != start and cell != goal:
            queue[tail] = cell
            tail += 1
            degree[cell] = -1  # queued: filled
    head = 0
    while head < tail:
        cell = queue[head]
        head += 1
        for direction in range(4):
            if _open(south, east, width, cell, direction):
                nxt = _step(width, cell, direction)
                if degree[nxt] > 0:
                    degree[nxt] -= 1
                    if degree[nxt] == 1 and nxt != start and nxt != goal:
                        queue[tail] = nxt
                        tail += 1
                        degree[nxt] = -1
    return queue[:tail]


@njit(cache=True, nogil=True)
def wall_follower(south, east, width, start, goal, turn):
    """Keep one hand on the wall: ``turn = 3`` for the left hand, ``1`` for the right.

    At each cell try the hand's side first, then straight on, then the other side, then
    back. Returns the cells visited in order (the start first) and whether the goal was
    reached. The walk is deterministic, so it has at most 4·cells states: if it has not
    arrived after that many steps it is circling a loop that does not touch the goal.
    """
    n = south.shape[0]
    order = np.array([turn, 0, 4 - turn, 2])  # hand side, straight, other side, back
    visits = np.empty(4 * n + 1, dtype=np.int64)
    visits[0] = start
    count = 1
    cell = start
    heading = SOUTH
    for _ in range(4 * n):
        if cell == goal:
            return visits[:count], True
        for attempt in range(4):
            direction = (heading + order[attempt]) % 4
            if _open(south, east, width, cell, direction):
                heading = direction
                cell = _step(width, cell, direction)
                break
        else:
            return visits[:count], cell == goal  # a single cell: nowhere to go
        visits[count] = cell
        count += 1
    return visits[:count], cell == goal


@njit(cache=True, nogil=True)
def braid(south, east, width, rng, target):
    """Open one wall at dead ends, in random order, until ``target`` dead ends are gone.

    A dead end opens towards a neighbour that is itself a dead end when it has one (one
    passage removes two dead ends, as in Buck's braiding), else towards a random closed
    side. Returns how many dead ends were removed.
    """
    n = south.shape[0]
    height = n // width
    degree = np.zeros(n, dtype=np.int8)
    for cell in range(n):
        for direction in range(4):
            degree[cell] += _open(south, east, width, cell, direction)
    ends = np.empty(n, dtype=np.int64)
    m = 0
    for cell in range(n):
        if degree[cell] == 1:
            ends[m] = cell
            m += 1
    ends = ends[:m]
    shuffle(rng, ends)
    removed = 0
    closed = np.empty(4, dtype=np.int64)
    for cell in ends:
        if removed >= target:
            break
        if degree[cell] != 1:
            continue
        k = 0
        best = -1
        r, c = cell // width, cell % width
        for direction in range(4):
            inside = (
                (direction == NORTH and r > 0)
                or (direction == SOUTH and r < height - 1)
                or (direction == EAST and c < width - 1)
                or (direction == WEST and c > 0)
            )
            if inside and not _open(south, east, width, cell, direction):
                closed[k] = direction
                k += 1
                if degree[_step(width, cell, direction)] == 1:
                    best = direction
        if k == 0:
            continue  # a 1xN corridor end: no wall to open
        direction = best if best >= 0 else closed[below(rng, k)]
        nxt = _step(width, cell, direction)
        if direction == NORTH:
            south[nxt] = True
        elif direction == SOUTH:
            south[cell] = True
        elif direction == EAST:
            east[cell] = True
        else:
            east[nxt] = True
        removed += 1 + (degree[nxt] == 1)
        degree[cell] += 1
        degree[nxt] += 1
    return removed
