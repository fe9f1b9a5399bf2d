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
        return asdict(self)


def maze_stats(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> MazeStats:
    """Measure ``maze`` (see the module docstring for the definitions)."""
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
