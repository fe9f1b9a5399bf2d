"""Solving mazes: shortest paths, distance maps, and two methods for teaching.

Cells are ``(row, column)`` pairs counted from 0 at the top-left, as in the
``connection_list`` arrays. Every solver works on perfect and braided mazes alike. The
compiled kernels are in ``_solve_kernels``; this module checks the input and shapes the
output. Each solver also takes a :class:`~tilewright.mazes.grid_maze.GridMaze` (a maze on
any polygon grid), whose cells are ids and whose results are graph nodes: see
:mod:`tilewright.mazes.grid_solve`.
"""

from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits
from tilewright.core.numbers import quoted, require_int, shown
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.grid_maze import GridMaze
from tilewright.mazes.model import Maze, check_maze

Cell = tuple[int, int]

# The kernels number cells and queue them in int32 arrays.
MAX_CELLS = 2**31 - 1
# Working memory of the kernels per cell, in bytes; the cells they return cost _CELL_BYTES
# each more, checked once their number is known.
_DISTANCE_BYTES = 8  # distances and the queue, int32 each
_FILL_BYTES = 12  # degrees (several uint8 planes, one int8), the int32 queue
_FOLLOW_BYTES = 32  # room for four int64 visits a cell
_CELL_BYTES = 40  # a flat int64 index, then its row and column, then both stacked
# distances() without a start: the top-left cell of a Maze, a GridMaze's default start
# (None stays an error for a Maze, as it always was)
_UNSET: Any = object()


@dataclass(frozen=True)
class FillResult:
    """Dead-end filling: the cells filled, in order, and what stayed open.

    Parameters
    ----------
    order : numpy.ndarray
        (k, 2) rows and columns, in the order they were filled (a GridMaze's: (k,) node
        ids).
    remaining : numpy.ndarray
        (H, W) bool: the cells never filled (the solution, and any loops); a GridMaze's:
        one per graph node.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> fill = dead_end_filling(generate(4, 3, "kruskal", seed=2))
    >>> len(fill.order), int(fill.remaining.sum())
    (4, 8)
    """

    order: np.ndarray  # (k, 2) rows and columns, in the order they were filled
    remaining: np.ndarray  # (H, W) bool: cells never filled (the solution and any loops)


@dataclass(frozen=True)
class FollowResult:
    """Wall following: every cell stepped on, in order, and whether the goal was reached.

    Parameters
    ----------
    visits : numpy.ndarray
        (k, 2) rows and columns, the start first, cells walked again included (a
        GridMaze's: (k,) node ids).
    reached : bool
        Whether the walk arrived at the goal.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> walk = wall_follower(generate(4, 3, "kruskal", seed=2))
    >>> walk.reached, len(walk.visits)
    (True, 12)
    """

    visits: np.ndarray  # (k, 2) rows and columns, start first, repeats included
    reached: bool


def endpoints(maze: Maze, start: Cell | None, goal: Cell | None) -> tuple[int, int]:
    """Flat indices of the start and goal cells, checked.

    Parameters
    ----------
    maze : Maze
        The maze the cells belong to.
    start, goal : (int, int) or None
        ``(row, column)`` from 0 at the top-left; ``None`` is the top-left cell (start) and
        the bottom-right cell (goal).

    Returns
    -------
    tuple of int
        ``row * width + column`` of each.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze, or a cell is not a pair of integers.
    TilewrightError
        When a cell is not two numbers or lies outside the maze.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> endpoints(generate(4, 3, seed=1), None, None)
    (0, 11)
    """
    check_maze(maze)
    start = (0, 0) if start is None else start
    goal = (maze.height - 1, maze.width - 1) if goal is None else goal
    return cell_index(maze, start, "start"), cell_index(maze, goal, "goal")


@fill_maze_doc
def cell_index(maze: Maze, cell: Cell, what: str = "cell") -> int:
    """The flat index of ``cell``, or a clear error when it is not a cell of the maze.

    Parameters
    ----------
    %(maze)s
    cell : (int, int)
        ``(row, column)`` as a tuple, list or integer array of two; ``np.integer`` counts
        as an integer, ``bool`` and ``float`` do not.
    what : str
        What the cell is, for messages ("start").

    Returns
    -------
    int
        ``row * width + column``.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or ``cell`` is not a pair of integers.
    TilewrightError
        When ``cell`` has other than two numbers or lies outside the maze.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> cell_index(generate(4, 3, seed=1), (2, 1))
    9
    """
    check_maze(maze)
    row, col = check_cell(maze.width, maze.height, cell, what)
    return row * maze.width + col


def check_cell(width: int, height: int, cell: Cell, what: str = "cell") -> Cell:
    """``cell`` as a (row, column) pair of ints, checked to lie in a ``width`` × ``height``
    maze: for checking a start or goal before the maze is made.

    Parameters
    ----------
    width, height : int
        The maze's size in cells.
    cell : (int, int)
        ``(row, column)``, as :func:`cell_index` takes it.
    what : str
        What the cell is, for messages ("start").

    Returns
    -------
    tuple of int
        ``(row, column)``.

    Raises
    ------
    TypeError
        When ``cell`` is not a pair of integers.
    TilewrightError
        When ``cell`` has other than two numbers or lies outside the maze.

    Examples
    --------
    >>> check_cell(30, 15, (14, 0), "goal")
    (14, 0)
    >>> check_cell(30, 15, (15, 0), "goal")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: goal 15,0 is outside the 30x15 maze (rows 0-14, \
columns 0-29)
    """
    row, col = _pair(cell, what)
    if not (0 <= row < height and 0 <= col < width):
        raise TilewrightError(
            f"{what} {shown(row)},{shown(col)} is outside the {width}x{height} maze "
            f"(rows 0-{height - 1}, columns 0-{width - 1})"
        )
    return row, col


def _pair(cell: object, what: str) -> tuple[int, int]:
    """``(row, column)`` from a tuple, list or integer array of two whole numbers."""
    if isinstance(cell, np.ndarray):
        if cell.dtype.kind not in "iu":
            raise TypeError(f"{what} must be a (row, column) pair of integers, not {cell.dtype}")
        if cell.ndim != 1:
            raise TilewrightError(f"{what} must be a (row, column) pair, got shape {cell.shape}")
    elif not isinstance(cell, tuple | list):
        raise TypeError(f"{what} must be a (row, column) pair, not {type(cell).__name__}")
    if len(cell) != 2:
        raise TilewrightError(f"{what} must be a (row, column) pair, got {len(cell)} numbers")
    return require_int(cell[0], f"{what} row"), require_int(cell[1], f"{what} column")


def _checked(maze: object, bytes_per_cell: int, what: str) -> Maze:
    """``maze`` checked, and small enough for the int32 kernels and the free memory."""
    maze = check_maze(maze)
    cells = maze.width * maze.height
    if cells > MAX_CELLS:
        raise TilewrightError(f"{what} handles at most {MAX_CELLS} cells, this maze has {cells}")
    check_fits(cells * bytes_per_cell, f"{what} on a {maze.width}x{maze.height} maze")
    return maze


@overload
def distances(maze: Maze, start: Cell = (0, 0)) -> np.ndarray: ...
@overload
def distances(maze: GridMaze, start: int | None = None) -> np.ndarray: ...
def distances(maze: Maze | GridMaze, start: Any = _UNSET) -> np.ndarray:
    """(H, W) int32: moves from ``start`` to each cell, -1 where it cannot be reached.

    Parameters
    ----------
    maze : Maze or GridMaze
        The maze.
    start : (int, int)
        ``(row, column)`` of the cell distances are counted from; default the top-left
        cell. For a GridMaze a cell id (default: see ``default_endpoints``).

    Returns
    -------
    numpy.ndarray
        int32, shape (height, width); for a GridMaze, shape (nodes,).

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or ``start`` is not a pair of integers.
    TilewrightError
        When ``start`` lies outside the maze, or the maze is too large.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> distances(generate(4, 3, "kruskal", seed=2)).tolist()
    [[0, 3, 4, 7], [1, 2, 5, 6], [2, 7, 6, 7]]
    """
    from tilewright.mazes._solve_kernels import bfs_distances

    if isinstance(maze, GridMaze):
        from tilewright.mazes import grid_solve

        return grid_solve.distances(maze, None if start is _UNSET else start)
    _checked(maze, _DISTANCE_BYTES, "distances")
    origin = cell_index(maze, (0, 0) if start is _UNSET else start, "start")
    return bfs_distances(*_planes(maze), origin, -1).reshape(maze.height, maze.width)


@overload
def shortest_path(
    maze: Maze, start: Cell | None = None, goal: Cell | None = None
) -> np.ndarray: ...
@overload
def shortest_path(
    maze: GridMaze, start: int | None = None, goal: int | None = None
) -> np.ndarray: ...
def shortest_path(maze: Maze | GridMaze, start: Any = None, goal: Any = None) -> np.ndarray:
    """The cells of a shortest path from ``start`` to ``goal`` as a (k, 2) array.

    Breadth-first search, stopped at the goal; on a perfect maze this is the only path.

    Parameters
    ----------
    maze : Maze or GridMaze
        The maze, perfect or braided.
    start, goal : (int, int) or None
        ``(row, column)``; default the top-left and the bottom-right cells. For a
        GridMaze cell ids (default: see ``default_endpoints``).

    Returns
    -------
    numpy.ndarray
        int64, shape (k, 2): rows and columns, ``start`` first and ``goal`` last; for a
        GridMaze, shape (k,): graph nodes.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or a cell is not a pair of integers.
    TilewrightError
        When a cell lies outside the maze, the goal cannot be reached, or the maze is too
        large.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> shortest_path(generate(4, 3, "kruskal", seed=2)).tolist()
    [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2], [1, 2], [2, 2], [2, 3]]
    """
    from tilewright.mazes._solve_kernels import bfs_distances, trace_back

    if isinstance(maze, GridMaze):
        from tilewright.mazes import grid_solve

        return grid_solve.shortest_path(maze, start, goal)
    _checked(maze, _DISTANCE_BYTES, "shortest_path")
    origin, target = endpoints(maze, start, goal)
    south, east, width = _planes(maze)
    dist = bfs_distances(south, east, width, origin, target)
    if dist[target] < 0:
        raise TilewrightError("the goal cannot be reached from the start")
    return _cells(trace_back(south, east, width, dist, target), width)


@overload
def dead_end_filling(
    maze: Maze, start: Cell | None = None, goal: Cell | None = None
) -> FillResult: ...
@overload
def dead_end_filling(
    maze: GridMaze, start: int | None = None, goal: int | None = None
) -> FillResult: ...
@fill_maze_doc
def dead_end_filling(maze: Maze | GridMaze, start: Any = None, goal: Any = None) -> FillResult:
    """Fill every dead end (but start and goal) and the corridors behind it, in order.

    %(route_parameters)s

    Returns
    -------
    FillResult
        The cells in the order filled, and the (H, W) cells that stayed open.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or a cell is not a pair of integers.
    TilewrightError
        When a cell lies outside the maze, or the maze is too large.

    Examples
    --------
    On a perfect maze, what stays open is the solution:

    >>> from tilewright.mazes import generate
    >>> maze = generate(9, 6, "wilson", seed=3)
    >>> int(dead_end_filling(maze).remaining.sum()) == len(shortest_path(maze))
    True
    """
    from tilewright.mazes._solve_kernels import dead_end_filling as fill

    if isinstance(maze, GridMaze):
        from tilewright.mazes import grid_solve

        return grid_solve.dead_end_filling(maze, start, goal)
    _checked(maze, _FILL_BYTES, "dead_end_filling")
    origin, target = endpoints(maze, start, goal)
    degree = maze.degrees().astype(np.int8).reshape(-1)
    order = fill(*_planes(maze), degree, origin, target)
    remaining = np.ones(maze.width * maze.height, dtype=np.bool_)
    remaining[order] = False
    return FillResult(_cells(order, maze.width), remaining.reshape(maze.height, maze.width))


@overload
def wall_follower(
    maze: Maze, start: Cell | None = None, goal: Cell | None = None, hand: str = "left"
) -> FollowResult: ...
@overload
def wall_follower(
    maze: GridMaze, start: int | None = None, goal: int | None = None, hand: str = "left"
) -> FollowResult: ...
@fill_maze_doc
def wall_follower(
    maze: Maze | GridMaze, start: Any = None, goal: Any = None, hand: str = "left"
) -> FollowResult:
    """Walk with one hand on the wall. Always arrives on a perfect maze; on a braided one it
    can circle an island forever, which is reported as ``reached=False``.

    %(route_parameters)s
    %(hand)s

    Returns
    -------
    FollowResult
        The cells stepped on, in order, and whether the goal was reached.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze, a cell is not a pair of integers or ``hand`` not a str.
    TilewrightError
        When a cell lies outside the maze, ``hand`` is neither side, or the maze is too
        large.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> walk = wall_follower(generate(9, 6, "wilson", seed=3), hand="right")
    >>> walk.reached, walk.visits[0].tolist(), walk.visits[-1].tolist()
    (True, [0, 0], [5, 8])
    """
    from tilewright.mazes._solve_kernels import wall_follower as follow

    if isinstance(maze, GridMaze):
        from tilewright.mazes import grid_solve

        return grid_solve.wall_follower(maze, start, goal, hand)
    turn = hand_turn(hand, left=3, right=1)
    _checked(maze, _FOLLOW_BYTES, "wall_follower")
    origin, target = endpoints(maze, start, goal)
    with deferred():  # the kernel returns arrays in a tuple: see core.interrupts
        visits, reached = follow(*_planes(maze), origin, target, turn)
    return FollowResult(_cells(visits, maze.width), bool(reached))


def hand_turn(hand: str, *, left: int, right: int) -> int:
    """The turn a wall follower's kernel takes for ``hand``: ``left`` or ``right``, the
    kernel's own numbers (each kernel counts its sides its own way).

    Examples
    --------
    >>> hand_turn("right", left=3, right=1)
    1
    >>> hand_turn("up", left=3, right=1)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: hand must be 'left' or 'right', got 'up'
    """
    if not isinstance(hand, str):
        raise TypeError(f"hand must be 'left' or 'right', not {type(hand).__name__}")
    if hand not in ("left", "right"):
        raise TilewrightError(f"hand must be 'left' or 'right', got {quoted(hand)}")
    return left if hand == "left" else right


def _planes(maze: Maze) -> tuple[np.ndarray, np.ndarray, int]:
    south = np.ascontiguousarray(maze.south).reshape(-1)
    east = np.ascontiguousarray(maze.east).reshape(-1)
    return south, east, maze.width


def _cells(flat: np.ndarray, width: int) -> np.ndarray:
    check_fits(len(flat) * _CELL_BYTES, f"a list of {len(flat)} cells")
    return np.stack(np.divmod(flat.astype(np.int64), width), axis=1)
