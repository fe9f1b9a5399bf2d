"""A solved maze: the maze and the path from its start to its goal, which print and show
in Jupyter together (what :meth:`Maze.solve <tilewright.mazes.Maze.solve>` gives); saved
by ``solved.maze.save(path, solution=solved.path)``."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from tilewright.core.errors import TilewrightError

if TYPE_CHECKING:
    from tilewright.mazes.grid_maze import GridMaze
    from tilewright.mazes.model import Maze


@dataclass(frozen=True, eq=False)
class Solution:
    """A maze and a path through it.

    Parameters
    ----------
    maze : Maze or GridMaze
        The maze.
    path : numpy.ndarray
        The path, start first: a Maze's (k, 2) rows and columns, a GridMaze's (k,) graph
        nodes (as :func:`~tilewright.mazes.shortest_path` returns them).

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> solved = generate(4, 2, "kruskal", seed=1).solve()
    >>> solved
    <Solution of Maze 4x2 kruskal seed=1: 5 cells>
    >>> print(solved)
    ┌───┬───┬───────┐
    │ ╻ │   │       │
    │ ┃ ╵   ╵   ╶───┤
    │ ┗━━━━━━━━━━━╸ │
    └───────────────┘
    >>> len(solved), solved.path[-1].tolist()
    (5, [1, 3])
    """

    maze: "Maze | GridMaze"
    path: np.ndarray

    def __len__(self) -> int:
        """Cells (graph nodes) on the path, both ends included."""
        return len(self.path)

    def _repr_svg_(self) -> str | None:
        """Jupyter draws the maze with its path while the maze draws as SVG."""
        if self._too_large_for_svg():
            return None
        from tilewright.mazes.model import Maze

        if isinstance(self.maze, Maze):
            from tilewright.mazes.pictures import Style, default_wall, svg_text

            cell = max(4, min(16, 640 // max(self.maze.width, self.maze.height)))
            return svg_text(
                self.maze, style=Style(cell=cell, wall=default_wall(cell)), path=self.path
            )
        from tilewright.mazes.grid_pictures import svg_text as grid_svg_text

        return grid_svg_text(self.maze, path=self.path)

    def _repr_png_(self) -> bytes | None:
        """A maze too large for SVG shows as its own small PNG (no path at that scale)."""
        return self.maze._repr_png_() if self._too_large_for_svg() else None

    def _too_large_for_svg(self) -> bool:
        from tilewright.mazes import grid_maze, model

        if isinstance(self.maze, model.Maze):
            return self._cells() > model._NOTEBOOK_CELLS
        return self._cells() > grid_maze._NOTEBOOK_CELLS

    def _cells(self) -> int:
        from tilewright.mazes.model import Maze

        if isinstance(self.maze, Maze):
            return self.maze.width * self.maze.height
        return self.maze.num_cells

    def __str__(self) -> str:
        """The maze drawn in text with its path in heavy lines, or one line when it has no
        text drawing (other grids than square ones) or is too large for one."""
        from tilewright.mazes.model import TEXT_CELLS

        if self._cells() <= TEXT_CELLS:
            try:
                return self.maze.to_text(solution=self.path)[:-1]
            except TilewrightError:  # a grid with no text drawing
                pass
        return f"{self!r} (see it in a picture: maze.save('maze.svg', solution=True))"

    def __repr__(self) -> str:
        """``<Solution of Maze 30x15 wilson seed=1: 87 cells>``: the maze and the path's
        length, in one line."""
        return f"<Solution of {repr(self.maze)[1:-1]}: {len(self)} cells>"
