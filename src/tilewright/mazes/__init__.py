"""Perfect mazes on square grids and on any cell graph: generate, check, solve, measure,
braid, draw and save them.

The shape every tilewright family has: parameters → :func:`generate` (``seed=``) → a
:class:`Maze` → :func:`validate` (a reason, or ``None``) → :func:`shortest_path` →
``Maze.save(path)`` (the format from the suffix).

Examples
--------
>>> from tilewright.mazes import generate, shortest_path, validate
>>> maze = generate(30, 15, "wilson", seed=1)
>>> maze
<Maze 30x15 wilson seed=1>
>>> validate(maze) is None
True
>>> len(shortest_path(maze)) > 1
True

In a terminal ``print(maze)`` draws it, and ``print(maze.solve())`` draws its path too:

>>> print(generate(4, 2, "kruskal", seed=1))
┌─┬─┬───┐
│ ╵ ╵ ╶─┤
└───────┘

On any other grid (hexagons, triangles, rings, masks …) the same functions take a
:class:`GridMaze`, made by :func:`generate_on`; its cells are ids:

>>> from tilewright.core.polygon_grid import square_grid
>>> grid_maze = generate_on(square_grid(6, 4), "wilson", seed=1)
>>> validate(grid_maze) is None, default_endpoints(grid_maze.grid)
(True, (0, 23))
>>> shortest_path(grid_maze)[[0, -1]].tolist()
[0, 23]
"""

from typing import TYPE_CHECKING

from tilewright.core.lazy_names import lazy_names
from tilewright.mazes.algorithms import ALGORITHMS, DEFAULT_ALGORITHM, Algorithm
from tilewright.mazes.braiding import braid
from tilewright.mazes.generation import generate, spanning_tree, stream_bands
from tilewright.mazes.grid_maze import GridMaze, default_endpoints, generate_on
from tilewright.mazes.model import Band, Maze, validate

if TYPE_CHECKING:
    from tilewright.mazes.batch import BatchResult, generate_batch
    from tilewright.mazes.grid_formats import read_grid_maze
    from tilewright.mazes.io import read_maze
    from tilewright.mazes.metrics import GridMazeStats, MazeStats, maze_stats
    from tilewright.mazes.pictures import Style
    from tilewright.mazes.sheets import sheet_layout, sheet_pdf
    from tilewright.mazes.solution import Solution
    from tilewright.mazes.solve import (
        FillResult,
        FollowResult,
        dead_end_filling,
        distances,
        shortest_path,
        wall_follower,
    )
    from tilewright.mazes.weaving import weave

# Names loaded on first use: reading files, pictures and solvers import zipfile, Pillow
# and more, which a command that only generates and prints a maze need not pay for.
_LAZY = {
    "BatchResult": "batch",
    "generate_batch": "batch",
    "read_maze": "io",
    "read_grid_maze": "grid_formats",
    "weave": "weaving",
    "GridMazeStats": "metrics",
    "MazeStats": "metrics",
    "maze_stats": "metrics",
    "Style": "pictures",
    "sheet_layout": "sheets",
    "sheet_pdf": "sheets",
    "Solution": "solution",
    "FillResult": "solve",
    "FollowResult": "solve",
    "dead_end_filling": "solve",
    "distances": "solve",
    "shortest_path": "solve",
    "wall_follower": "solve",
}


__getattr__, __dir__ = lazy_names(globals(), _LAZY)


__all__ = [
    "ALGORITHMS",
    "DEFAULT_ALGORITHM",
    "Algorithm",
    "Band",
    "BatchResult",
    "FillResult",
    "FollowResult",
    "GridMaze",
    "GridMazeStats",
    "Maze",
    "MazeStats",
    "Solution",
    "Style",
    "braid",
    "dead_end_filling",
    "default_endpoints",
    "distances",
    "generate",
    "generate_batch",
    "generate_on",
    "maze_stats",
    "read_grid_maze",
    "read_maze",
    "sheet_layout",
    "sheet_pdf",
    "shortest_path",
    "spanning_tree",
    "stream_bands",
    "validate",
    "wall_follower",
    "weave",
]
