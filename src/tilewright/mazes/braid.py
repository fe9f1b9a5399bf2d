"""Braiding: open walls at dead ends so that the maze gains loops.

A braided maze has several routes between cells and fewer dead ends, which makes it harder
to solve by hand-on-wall and more interesting for games. It is no longer perfect.
"""

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.mazes.model import Maze

# Braiding draws from its own stream of the seed, apart from the one that built the maze.
BRAID_STREAM = 1


def braid(maze: Maze, share: float, seed: int | None = None) -> Maze:
    """A copy of ``maze`` with about ``share`` of its dead ends removed (0 to 1).

    Dead ends are visited in random order, each opening one wall (towards a neighbouring
    dead end when there is one), until ``round(share × dead ends)`` are gone; about
    ``1 − share`` of them stay. ``seed`` defaults to the maze's own.
    """
    from tilewright.mazes._solve_kernels import braid as braid_kernel

    if isinstance(share, bool) or not isinstance(share, int | float) or not 0 <= share <= 1:
        raise TilewrightError(f"braid share must be between 0 and 1, got {share!r}")
    seed = resolve_seed(maze.seed if seed is None else seed)
    connections = maze.connections.copy()
    south, east = connections[0].reshape(-1), connections[1].reshape(-1)
    dead_ends = int(np.count_nonzero(maze.degrees() == 1))
    braid_kernel(
        south, east, maze.width, kernel_state(seed, BRAID_STREAM), round(share * dead_ends)
    )
    params = {**maze.params, "braid": share}
    return Maze(connections, algorithm=maze.algorithm, seed=maze.seed, params=params)
