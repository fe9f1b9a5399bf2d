"""Compiled solvers and edits on square-grid mazes.

Each kernel takes the two passage planes flattened row-major: ``south[i]`` is the passage
from cell i down, ``east[i]`` the passage from cell i to the right, and the grid's width.
They work on any maze, perfect or braided (with loops).
"""

import numpy as np
from numba import njit

from tilewright.mazes._search_kernels import (
    SOUTH,
    braid_dead_ends,
    fill_dead_ends,
    path_back,
    search_distances,
    square_open,
    square_step,
)


@njit(cache=True, nogil=True)
def bfs_distances(south, east, width, start, goal):
    """Moves from ``start`` to every cell (-1 where unreachable), breadth first.

    Stops as soon as ``goal`` is taken from the queue (``goal = -1`` maps every cell), so a
    path query touches only the cells closer than the goal.
    """
    return search_distances((south, east, width), start, goal)


@njit(cache=True, nogil=True)
def trace_back(south, east, width, dist, goal):
    """The cells of a shortest path from the start (distance 0) to ``goal``, in order."""
    return path_back((south, east, width), dist, goal)


@njit(cache=True, nogil=True)
def dead_end_filling(south, east, width, degree, start, goal):
    """Fill dead ends until none is left but the start and the goal.

    ``degree`` (int8, one per cell) is consumed. Returns the cells in the order they were
    filled; what stays unfilled is the solution (on a braided maze, every cell on some
    loop-free route between start and goal, plus the loops). Each cell is filled at most
    once, and the queue of cells to fill is itself the order: O(cells).
    """
    queue = np.empty(south.shape[0], dtype=np.int32)
    return fill_dead_ends((south, east, width), degree, start, goal, queue)


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
            if square_open(south, east, width, cell, direction):
                heading = direction
                cell = square_step(width, cell, direction)
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
    degree = np.zeros(south.shape[0], dtype=np.int8)
    closed = np.empty(4, dtype=np.int64)
    paired = np.empty(4, dtype=np.int64)
    return braid_dead_ends((south, east, width), degree, rng, target, closed, paired, False)
