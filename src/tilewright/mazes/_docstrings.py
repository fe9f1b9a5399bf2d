"""Docstring sections that parallel functions of the maze family share, written once.

The square functions (``solve``, ``pictures``, ``formats``, ``sheets``) and their
polygon-grid twins (``grid_solve``, ``grid_pictures``, ``grid_formats``,
``grid_sheets``) document the same ideas; :data:`fill_maze_doc` fills a line
``%(name)s`` of their docstrings from ``MAZE_SECTIONS`` (and the shared
``tilewright.core.docstrings.SECTIONS``).
"""

from tilewright.core.docstrings import filler

MAZE_SECTIONS: dict[str, str] = {
    "maze": """\
maze : Maze
    The maze.""",
    "route_parameters": """\
Parameters
----------
maze, start, goal
    As for :func:`shortest_path`.""",
    "hand": """\
hand : {"left", "right"}
    The hand kept on the wall.""",
    "maze_type_raises": """\
Raises
------
TypeError
    When ``maze`` is not a Maze.""",
    "sheet_layout_raises": """\
Raises
------
TypeError
    When a number is not an integer.
TilewrightError
    When a number is out of range, the paper unknown, or the cells would print smaller
    than ``SMALLEST_MM``.""",
    "file_paper": """\
paper : str, optional
    ``.pdf``: the paper the picture is fitted to, ``"a4"`` (default) or ``"letter"``.""",
}

fill_maze_doc = filler(MAZE_SECTIONS)
