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
    "grid_maze": """\
maze : GridMaze
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
    # Maze.save and GridMaze.save: SaveOptions (mazes.save_options)
    "save_options": """\
solution : bool or array_like, optional
    Pictures and GeoJSON: ``True`` draws the shortest path from ``start`` to ``goal``;
    an array draws that path: a Maze's (k, 2) rows and columns, a GridMaze's graph nodes.
heat : bool or numpy.ndarray, optional
    Pictures and GeoJSON: ``True`` colours each cell by its distance from ``start``
    (GeoJSON: a ``distance`` property); an integer array gives the distances (-1
    unreachable): a Maze's of shape (H, W), a GridMaze's one per cell or graph node.
openings : bool
    Pictures and GeoJSON: gaps in the outer wall at the start and the goal (a Maze's by
    default at the top of the top-left cell and the bottom of the bottom-right one).
start, goal : (int, int) or int, optional
    The cells the solution runs between, the heat map starts from and the openings are
    at: a Maze's ``(row, column)``, default top-left and bottom-right; a GridMaze's cell
    ids, default :func:`~tilewright.mazes.default_endpoints`.
max_side : int, optional
    Pictures: the largest side in pixels (default ``PIXEL_BUDGET``, 8192).
cell : int, optional
    Pictures: pixels (SVG units) between a Maze's grid lines, or across a GridMaze's cell
    of average area; default the one that makes the picture 800 to 1000 pixels on its
    long side, within ``max_side``.
wall : int or float, optional
    Pictures: wall width in pixels (a whole number for a Maze); default a sixth of the
    cell, at least 1.
wall_colour, background, path_colour : str, optional
    Pictures: a CSS colour name or ``#rrggbb`` (default black, white and ``#e4572e``).
paper : str, optional
    ``.pdf``: the paper the picture is fitted to, ``"a4"`` (default) or ``"letter"``.
compress : bool
    ``.npz``: deflate the arrays (smaller, several times slower to write).""",
    # svg_text, png_bytes and pdf_bytes of mazes.pictures: its PictureOptions
    "picture_options": """\
style : Style, optional
    Sizes and colours; default :func:`picture_style` of the maze (a long side of 800 to
    1000 pixels).
path : array_like, optional
    Integers, shape (k, 2): rows and columns of cells inside the maze, drawn as a line
    with the first and last marked.
heat : numpy.ndarray, optional
    Integers, shape (H, W): distances, -1 where unreachable, shown as colours.
info : dict, optional
    What made the maze, recorded in the file (``tilewright.core.metadata``); default
    ``maze.info``.
openings : sequence of Opening, optional
    Gaps to leave in the outer wall, as :func:`opening_sides` gives them.""",
    # svg_text, png_bytes and pdf_bytes of mazes.grid_pictures: its PictureOptions
    "grid_picture_options": """\
style : GridStyle, optional
    Sizes and colours; default :func:`grid_style` of the maze's grid.
path : array_like, optional
    Integers: graph nodes from start to goal (a weave's under-passage nodes are drawn
    at the cell they run under), drawn as a line through the cells' centres and the
    middles of the walls between them (:func:`route_points`), its ends marked.
heat : numpy.ndarray, optional
    Integers, one per cell or per graph node: distances (-1 unreachable), shown as
    colours.
info : dict, optional
    What made the maze, recorded in the file (``tilewright.core.metadata``); default
    ``maze.info``.
openings : sequence of int, optional
    Wall segments of the outer boundary to leave out (:func:`opening_walls`).""",
}

fill_maze_doc = filler(MAZE_SECTIONS)
