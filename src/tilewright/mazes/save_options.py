"""The keyword options of saving a maze, declared once.

:meth:`Maze.save` and :meth:`GridMaze.save` (and ``formats.save`` and
``grid_formats.save_grid_maze`` behind them) take the same options, as
``**options: Unpack[SaveOptions[Cell]]`` (PEP 692, ``tilewright.core.options``), ``Cell``
the type of a cell: a Maze's ``(row, column)``, a GridMaze's id. A maze on a polygon grid
takes one more, ``hairline`` (:class:`GridSaveOptions`). They are described once, in
``MAZE_SECTIONS["save_options"]`` (``mazes._docstrings``).
"""

from collections.abc import Mapping
from typing import Any, Generic, TypedDict, TypeVar

import numpy as np

# The options that set a picture's style (``pictures.picture_style`` and
# ``grid_pictures.grid_style`` take them), in the order refusals name them
STYLE_OPTIONS = ("cell", "wall", "wall_colour", "background", "path_colour")
# a cell as ``start`` and ``goal`` name it
Cell = TypeVar("Cell")


class SaveOptions(TypedDict, Generic[Cell], total=False):
    """The keyword arguments of :meth:`Maze.save` (``SaveOptions[tuple[int, int]]``) and
    :meth:`GridMaze.save` (:class:`GridSaveOptions`), described there."""

    solution: bool | np.ndarray | None
    heat: bool | np.ndarray | None
    openings: bool
    start: Cell | None
    goal: Cell | None
    max_side: int | None
    cell: int | None
    wall: float | None
    wall_colour: str | None
    background: str | None
    path_colour: str | None
    paper: str | None
    compress: bool


class GridSaveOptions(SaveOptions[int], total=False):
    """The keyword arguments of :meth:`GridMaze.save`: those of a Maze and ``hairline``."""

    hairline: bool


def style_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The style options of ``STYLE_OPTIONS`` given (None is not given), in that order.

    Examples
    --------
    >>> style_options({"wall": 2, "heat": True, "cell": 8, "background": None})
    {'cell': 8, 'wall': 2}
    """
    return {name: options[name] for name in STYLE_OPTIONS if options.get(name) is not None}


def given_names(options: Mapping[str, object]) -> list[str]:
    """The names of the options given (neither None nor False), in their order.

    Examples
    --------
    >>> given_names({"heat": None, "openings": False, "cell": 8, "solution": True})
    ['cell', 'solution']
    """
    return [name for name, value in options.items() if value is not None and value is not False]
