"""Texture metrics of a maze, defined exactly.

Pullen's *Think Labyrinth* describes maze textures in words; here each becomes a number.
With n = W·H cells and the *degree* of a cell being its number of open passages:

* ``dead_ends`` — share of cells of degree 1.
* ``corridors`` — share of cells of degree 2.
* ``junctions`` — share of cells of degree 3 or 4 (branching points).
* ``straight`` — among corridor cells, the share whose two passages are opposite (the
  passage runs straight through); ``1 − straight`` of them turn.
* ``horizontal`` — share of all passages that run east–west (0.5 is unbiased; binary tree
  and sidewinder lean, recursive division shows long runs either way).
* ``solution_length`` — moves on the shortest path from start to goal (default: top-left
  to bottom-right); ``solution_turns`` — changes of direction along it.
* ``river`` — the mean length, in moves, of a *passage*: a run between two cells that are
  not corridor cells (dead ends and junctions), through corridor cells only. Pullen's river
  is how much a maze "flows": long winding passages (the backtracker, ≈ 5) score high, many
  short ones between branchings (simplified Prim, ≈ 1.5) low. With c corridor cells and
  s = (sum of the other cells' degrees) / 2 passages, river = (c + s) / s.
"""

from dataclasses import asdict, dataclass

import numpy as np

from tilewright.mazes.model import Maze
from tilewright.mazes.solve import Cell, shortest_path


@dataclass(frozen=True)
class MazeStats:
    """The texture metrics of one maze, defined in this module's docstring.

    Parameters
    ----------
    width, height : int
        The maze's size in cells.
    passages : int
        Open passages.
    perfect : bool
        Whether every cell reaches every other by exactly one path.
    dead_ends, corridors, junctions, straight, horizontal : float
        Shares, 0 to 1.
    solution_length, solution_turns : int
        Moves and turns of the shortest path from start to goal.
    river : float
        Mean length in moves of a passage between branchings.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> stats = maze_stats(generate(4, 3, "kruskal", seed=2))
    >>> stats.solution_length, stats.perfect, round(stats.dead_ends, 4)
    (7, True, 0.4167)
    """

    width: int
    height: int
    passages: int
    perfect: bool
    dead_ends: float
    corridors: float
    junctions: float
    straight: float
    horizontal: float
    solution_length: int
    solution_turns: int
    river: float

    def as_dict(self) -> dict[str, int | float | bool]:
        """The metrics by name, in the order above (as ``--stats json`` prints them)."""
        return asdict(self)


def maze_stats(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> MazeStats:
    """Measure ``maze`` (see the module docstring for the definitions).

    Parameters
    ----------
    maze : Maze
        The maze, perfect or braided.
    start, goal : (int, int) or None
        The ends of the solution measured; default the top-left and bottom-right cells.

    Returns
    -------
    MazeStats

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or a cell is not a pair of integers.
    TilewrightError
        When a cell lies outside the maze, the goal cannot be reached, or the maze is too
        large.

    References
    ----------
    .. [1] W. D. Pullen, *Think Labyrinth: Maze Algorithms* (texture: dead ends, river).

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> maze_stats(generate(200, 200, "backtracker", seed=1)).river > 4
    True
    """
    cells = maze.width * maze.height
    degree = maze.degrees()
    corridor = degree == 2
    corridor_count = int(np.count_nonzero(corridor))
    north = np.zeros_like(maze.south)
    north[1:] = maze.south[:-1]
    west = np.zeros_like(maze.east)
    west[:, 1:] = maze.east[:, :-1]
    straight = corridor & ((north & maze.south) | (west & maze.east))
    east_west = int(np.count_nonzero(maze.east))
    passages = maze.passage_count()

    path = shortest_path(maze, start, goal)
    moves = np.diff(path, axis=0)
    turns = int(np.count_nonzero(np.any(moves[1:] != moves[:-1], axis=1)))
    branching = degree != 2
    segments = int(degree[branching].sum()) // 2

    return MazeStats(
        width=maze.width,
        height=maze.height,
        passages=passages,
        perfect=maze.is_perfect(),
        dead_ends=float(np.count_nonzero(degree == 1)) / cells,
        corridors=corridor_count / cells,
        junctions=float(np.count_nonzero(degree >= 3)) / cells,
        straight=float(np.count_nonzero(straight)) / corridor_count if corridor_count else 0.0,
        horizontal=east_west / passages if passages else 0.0,
        solution_length=len(path) - 1,
        solution_turns=turns,
        river=(corridor_count + segments) / segments if segments else float(corridor_count),
    )
