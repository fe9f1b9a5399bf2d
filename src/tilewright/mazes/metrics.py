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

On any other grid (a :class:`~tilewright.mazes.grid_maze.GridMaze`, measured into a
:class:`GridMazeStats`) the same definitions hold with directions taken between cell
centres: a *step* is the vector from one cell's centre to the next one's, and a path
*turns* where two consecutive steps differ in direction by more than 45°. So a corridor is
``straight`` when its way in and its way out differ by at most 45°, a passage is
``horizontal`` when its step is closer to horizontal than to vertical (|dx| > |dy|), and
``solution_turns`` counts the turns along the solution. On squares this is exactly the
square definition (steps differ by 0° or 90°); on hexagons a turn is 60° or 120°; on
triangles, where no two sides of a cell are opposite, every step turns by 60° or more, so
there ``straight`` is 0 and every inner node of the solution turns. The shares are of graph
nodes: the cells, and a weave's under-passages (corridors, and straight) after them.
"""

from dataclasses import asdict, dataclass
from typing import Any, overload

import numpy as np

from tilewright.mazes.grid_maze import GridMaze, check_grid_maze
from tilewright.mazes.model import Maze
from tilewright.mazes.solve import Cell, shortest_path

# Two steps turn when their directions differ by more than 45°: cos(angle) < cos(45°).
_TURN_COSINE = float(np.cos(np.pi / 4))


# The fields both kinds of stats share, and what each has before them. A dataclass
# collects the fields of its bases from the last base to the first, so a class statement
# naming _Texture first puts the size before the texture: the order ``as_dict`` and
# ``--stats json`` give.
@dataclass(frozen=True)
class _Texture:
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


@dataclass(frozen=True)
class _Board:
    width: int
    height: int


@dataclass(frozen=True)
class _GridSize:
    grid: str
    cells: int


@dataclass(frozen=True)
class MazeStats(_Texture, _Board):
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

    def as_dict(self) -> dict[str, int | float | bool]:
        """The metrics by name, in the order above (as ``--stats json`` prints them)."""
        return asdict(self)


@dataclass(frozen=True)
class GridMazeStats(_Texture, _GridSize):
    """The texture metrics of a maze on any grid, defined in this module's docstring.

    Parameters
    ----------
    grid : str
        The grid's kind.
    cells : int
        Its cells.
    passages : int
        Open passages.
    perfect : bool
        Whether the passages are a spanning tree of the grid's graph.
    dead_ends, corridors, junctions, straight, horizontal : float
        Shares, 0 to 1, of the graph's nodes (straight: of its corridors; horizontal: of
        its open passages).
    solution_length, solution_turns : int
        Moves and turns (steps more than 45° apart) of the shortest path.
    river : float
        Mean length in moves of a passage between branchings.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> stats = maze_stats(generate_on(square_grid(4, 3), "kruskal", seed=2))
    >>> stats.grid, stats.cells, stats.perfect
    ('square', 12, True)
    """

    def as_dict(self) -> dict[str, int | float | bool | str]:
        """The metrics by name, in the order above."""
        return asdict(self)


@overload
def maze_stats(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> MazeStats: ...
@overload
def maze_stats(
    maze: GridMaze, start: int | None = None, goal: int | None = None
) -> GridMazeStats: ...
def maze_stats(
    maze: Maze | GridMaze, start: Any = None, goal: Any = None
) -> MazeStats | GridMazeStats:
    """Measure ``maze`` (see the module docstring for the definitions).

    Parameters
    ----------
    maze : Maze or GridMaze
        The maze, perfect or braided.
    start, goal : (int, int) or None
        The ends of the solution measured; default the top-left and bottom-right cells.
        For a GridMaze cell ids (default: see ``default_endpoints``).

    Returns
    -------
    MazeStats, or GridMazeStats for a GridMaze

    Raises
    ------
    TypeError, TilewrightError
        As :func:`~tilewright.mazes.shortest_path` raises them: the solution is measured.

    References
    ----------
    .. [1] W. D. Pullen, *Think Labyrinth: Maze Algorithms* (texture: dead ends, river).

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> maze_stats(generate(200, 200, "backtracker", seed=1)).river > 4
    True
    """
    if isinstance(maze, GridMaze):
        return grid_maze_stats(maze, start, goal)
    degree = maze.degrees()
    corridor = degree == 2
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

    return MazeStats(
        width=maze.width,
        height=maze.height,
        perfect=maze.is_perfect(),
        **_texture(degree, straight, east_west, passages, len(path) - 1, turns),
    )


def grid_maze_stats(
    maze: GridMaze, start: int | None = None, goal: int | None = None
) -> GridMazeStats:
    """Measure a maze on any grid (see the module docstring for the definitions).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> stats = grid_maze_stats(generate_on(square_grid(4, 3), "kruskal", seed=2))
    >>> stats.solution_length, round(stats.dead_ends, 4)
    (5, 0.25)
    """
    check_grid_maze(maze)
    grid, graph = maze.grid, maze.grid.graph
    nodes = maze.num_nodes
    centre = grid.centres[grid.node_cell(np.arange(nodes))]
    degree = maze.degrees()
    corridor = degree == 2

    # each node's open passages, grouped by node as the CSR lists them
    is_open = maze.passages[graph.slots]
    heads = graph.indices[is_open].astype(np.int64)
    first = np.zeros(nodes + 1, dtype=np.int64)
    np.cumsum(degree, out=first[1:])
    ways = np.flatnonzero(corridor)
    came, goes = heads[first[ways]], heads[first[ways] + 1]
    straight = ~_turns(centre[ways] - centre[came], centre[goes] - centre[ways])

    ends = graph.endpoints[maze.passages].astype(np.int64)
    step = centre[ends[:, 1]] - centre[ends[:, 0]]
    east_west = int(np.count_nonzero(np.abs(step[:, 0]) > np.abs(step[:, 1])))
    passages = len(ends)

    path = shortest_path(maze, start, goal)
    moves = np.diff(centre[path], axis=0)
    turns = int(np.count_nonzero(_turns(moves[:-1], moves[1:])))

    return GridMazeStats(
        grid=grid.kind,
        cells=grid.num_cells,
        perfect=maze.is_perfect(),
        **_texture(degree, straight, east_west, passages, len(path) - 1, turns),
    )


def _texture(
    degree: np.ndarray,
    straight: np.ndarray,
    east_west: int,
    passages: int,
    solution_length: int,
    solution_turns: int,
) -> dict[str, Any]:
    """The metrics both kinds of maze share, from each cell's (node's) degree, which
    corridor cells run straight, the east–west passages and the solution's moves and turns
    (definitions in the module docstring)."""
    count = degree.size
    corridor_count = int(np.count_nonzero(degree == 2))
    segments = int(degree[degree != 2].sum()) // 2
    return {
        "passages": passages,
        "dead_ends": float(np.count_nonzero(degree == 1)) / count,
        "corridors": corridor_count / count,
        "junctions": float(np.count_nonzero(degree >= 3)) / count,
        "straight": float(np.count_nonzero(straight)) / corridor_count if corridor_count else 0.0,
        "horizontal": east_west / passages if passages else 0.0,
        "solution_length": solution_length,
        "solution_turns": solution_turns,
        "river": (corridor_count + segments) / segments if segments else float(corridor_count),
    }


def _turns(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """bool, one per pair of steps: whether their directions differ by more than 45°."""
    dot = (before * after).sum(axis=1)
    size = np.hypot(before[:, 0], before[:, 1]) * np.hypot(after[:, 0], after[:, 1])
    return dot < _TURN_COSINE * size
