"""Braiding: open walls at dead ends so that the maze gains loops.

A braided maze has several routes between cells and fewer dead ends, which makes it harder
to solve by hand-on-wall and more interesting for games. It is no longer perfect.
"""

from typing import overload

import numpy as np

from tilewright.core.memory import check_fits
from tilewright.core.seeds import Stream, kernel_state
from tilewright.mazes._arguments import braid_arguments
from tilewright.mazes.grid_maze import GridMaze
from tilewright.mazes.model import Maze, check_maze

# Working memory per cell: the copied planes, int8 degrees, int64 dead ends, degrees().
_BYTES_PER_CELL = 2 + 1 + 8 + 4


@overload
def braid(maze: Maze, share: float, seed: int | None = None) -> Maze: ...
@overload
def braid(maze: GridMaze, share: float, seed: int | None = None) -> GridMaze: ...
def braid(maze: Maze | GridMaze, share: float, seed: int | None = None) -> Maze | GridMaze:
    """A copy of ``maze`` with about ``share`` of its dead ends removed (0 to 1).

    Dead ends are visited in random order, each opening one wall (towards a neighbouring
    dead end when there is one), until ``round(share × dead ends)`` are gone; about
    ``1 − share`` of them stay. The order is drawn from the ``Stream.BRAID`` stream of
    ``seed``, apart from the stream that built the maze, so one maze and one seed always
    braid the same way.

    Parameters
    ----------
    maze : Maze or GridMaze
        The maze to braid; it is not changed. It must not be braided already (braid the
        original with the share wanted instead), so that its record stays complete. A
        GridMaze is braided by :func:`tilewright.mazes.grid_solve.braid`, the same way.
    share : float
        The share of dead ends to remove, 0 to 1 (``np.floating`` counts, ``bool`` not).
    seed : int or None
        Seed of the random order; default the maze's own (a fresh one if it has none).

    Returns
    -------
    Maze or GridMaze
        The braided copy. Its algorithm and seed are the original's, and its params gain
        ``"braid": share`` and ``"braid_seed"``: the seed the order was drawn from, so the
        record alone makes it again.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze, ``share`` not a number or ``seed`` not an integer.
    TilewrightError
        When ``share`` is NaN or outside 0 to 1, the seed is out of range, the maze is
        braided already, or it does not fit in memory.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> maze = generate(20, 20, "backtracker", seed=1)
    >>> loops = braid(maze, 0.5)
    >>> loops
    <Maze 20x20 backtracker seed=1 braid=0.5>
    >>> loops.params
    {'braid': 0.5, 'braid_seed': 1}
    >>> loops.is_perfect(), loops.passage_count() > maze.passage_count()
    (False, True)
    """
    from tilewright.mazes._solve_kernels import braid as braid_kernel

    if isinstance(maze, GridMaze):
        from tilewright.mazes import grid_solve

        return grid_solve.braid(maze, share, seed)
    check_maze(maze)
    share, seed = braid_arguments(maze.params, maze.seed, share, seed)
    check_fits(maze.width * maze.height * _BYTES_PER_CELL, "braiding the maze")
    connections = maze.connections.copy()
    south, east = connections[0].reshape(-1), connections[1].reshape(-1)
    dead_ends = int(np.count_nonzero(maze.degrees() == 1))
    braid_kernel(
        south, east, maze.width, kernel_state(seed, Stream.BRAID), round(share * dead_ends)
    )
    params = {**maze.params, "braid": share, "braid_seed": seed}
    return Maze(connections, algorithm=maze.algorithm, seed=maze.seed, params=params)
