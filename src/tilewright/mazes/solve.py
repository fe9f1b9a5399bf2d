"""Solving mazes: shortest paths, distance maps, and two methods for teaching.

Cells are ``(row, column)`` pairs counted from 0 at the top-left, as in the
``connection_list`` arrays. Every solver works on perfect and braided mazes alike. The
compiled kernels are in ``_solve_kernels``; this module checks the input and shapes the
output.
"""

from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.mazes.model import Maze

Cell = tuple[int, int]


@dataclass(frozen=True)
class FillResult:
    """Dead-end filling: the cells filled, in order, and what stayed open."""

    order: np.ndarray  # (k, 2) rows and columns, in the order they were filled
    remaining: np.ndarray  # (H, W) bool: cells never filled (the solution and any loops)


@dataclass(frozen=True)
class FollowResult:
    """Wall following: every cell stepped on, in order, and whether the goal was reached."""

    visits: np.ndarray  # (k, 2) rows and columns, start first, repeats included
    reached: bool


def endpoints(maze: Maze, start: Cell | None, goal: Cell | None) -> tuple[int, int]:
    """Flat indices of start (default top-left) and goal (default bottom-right), checked."""
    start = (0, 0) if start is None else start
    goal = (maze.height - 1, maze.width - 1) if goal is None else goal
    return cell_index(maze, start, "start"), cell_index(maze, goal, "goal")


def cell_index(maze: Maze, cell: Cell, what: str = "cell") -> int:
    """The flat index of ``cell``, or a clear error when it lies outside the maze."""
    row, col = (int(v) for v in cell)
    if not (0 <= row < maze.height and 0 <= col < maze.width):
        raise TilewrightError(
            f"{what} {row},{col} is outside the {maze.width}x{maze.height} maze "
            f"(rows 0-{maze.height - 1}, columns 0-{maze.width - 1})"
        )
    return row * maze.width + col


def distances(maze: Maze, start: Cell = (0, 0)) -> np.ndarray:
    """(H, W) int32: moves from ``start`` to each cell, -1 where it cannot be reached."""
    from tilewright.mazes._solve_kernels import bfs_distances

    origin = cell_index(maze, start, "start")
    return bfs_distances(*_planes(maze), origin, -1).reshape(maze.height, maze.width)


def shortest_path(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> np.ndarray:
    """The cells of a shortest path from ``start`` to ``goal`` as a (k, 2) array.

    Breadth-first search, stopped at the goal; on a perfect maze this is the only path.
    """
    from tilewright.mazes._solve_kernels import bfs_distances, trace_back

    origin, target = endpoints(maze, start, goal)
    south, east, width = _planes(maze)
    dist = bfs_distances(south, east, width, origin, target)
    if dist[target] < 0:
        raise TilewrightError("the goal cannot be reached from the start")
    return _cells(trace_back(south, east, width, dist, target), width)


def dead_end_filling(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> FillResult:
    """Fill every dead end (but start and goal) and the corridors behind it, in order."""
    from tilewright.mazes._solve_kernels import dead_end_filling as fill

    origin, target = endpoints(maze, start, goal)
    degree = maze.degrees().astype(np.int8).reshape(-1)
    order = fill(*_planes(maze), degree, origin, target)
    remaining = np.ones(maze.width * maze.height, dtype=np.bool_)
    remaining[order] = False
    return FillResult(_cells(order, maze.width), remaining.reshape(maze.height, maze.width))


def wall_follower(
    maze: Maze, start: Cell | None = None, goal: Cell | None = None, hand: str = "left"
) -> FollowResult:
    """Walk with one hand on the wall. Always arrives on a perfect maze; on a braided one it
    can circle an island forever, which is reported as ``reached=False``."""
    from tilewright.mazes._solve_kernels import wall_follower as follow

    turns = {"left": 3, "right": 1}
    if hand not in turns:
        raise TilewrightError(f"hand must be 'left' or 'right', got {hand!r}")
    origin, target = endpoints(maze, start, goal)
    visits, reached = follow(*_planes(maze), origin, target, turns[hand])
    return FollowResult(_cells(visits, maze.width), bool(reached))


def _planes(maze: Maze) -> tuple[np.ndarray, np.ndarray, int]:
    south = np.ascontiguousarray(maze.south).reshape(-1)
    east = np.ascontiguousarray(maze.east).reshape(-1)
    return south, east, maze.width


def _cells(flat: np.ndarray, width: int) -> np.ndarray:
    return np.stack(np.divmod(flat.astype(np.int64), width), axis=1)
