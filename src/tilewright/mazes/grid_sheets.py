"""Print sheets of mazes on a polygon grid (hexagons, triangles, rings, octagons, a
masked square grid, a weave): several to a page, each open at its start and goal, then
answer pages with each solution drawn, as ``sheets`` prints square mazes.

The layout is planned from the grid before any maze is made. Every maze of a sheet draws
to the same size: on the one grid, or on weaves of one size (whose crossings differ from
maze to maze, but not their outline). A Spectre or hat patch, which the seed draws anew,
has no sheet.

Examples
--------
>>> from tilewright.core.polygon_grid import square_grid
>>> from tilewright.mazes.grid_maze import generate_on
>>> grid = square_grid(6, 4)
>>> layout = grid_sheet_layout(grid, "square 6x4", count=2)
>>> pdf = grid_sheet_pdf([generate_on(grid, "wilson", seed=s) for s in (1, 2)], layout)
>>> pdf[:5], b"seeds=1,2" in pdf
(b'%PDF-', True)
"""

from collections.abc import Sequence

from tilewright.core.errors import TilewrightError
from tilewright.core.sheets import Entry, Frame, Layout, Progress, draw_sheet, require_puzzles
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.grid_maze import GridMaze, default_endpoints
from tilewright.mazes.grid_pictures import GridStyle, opening_walls, picture_size, svg_text
from tilewright.mazes.grid_solve import shortest_path
from tilewright.mazes.sheets import COMFORTABLE_MM, SMALLEST_MM, made_by, plan_maze_layout

# the pictures' own default cell and wall: the sheet scales them to the page
STYLE = GridStyle()


@fill_maze_doc
def grid_sheet_layout(
    grid, label: str, count: int, *, paper: str = "a4", per_page: int | None = None
) -> Layout:
    """The layout of a sheet of ``count`` mazes on ``grid``, checked before any is made
    (see ``tilewright.core.sheets.plan_layout``).

    Parameters
    ----------
    grid : PolygonGrid
        The grid every maze of the sheet is on (for weaves, the square grid of their
        size).
    label : str
        The grid in words for the captions and messages, such as ``"hex 10x8"``.
    count, paper, per_page
        As for :func:`tilewright.mazes.sheets.sheet_layout`.

    Returns
    -------
    Layout

    %(sheet_layout_raises)s
    """
    return plan_maze_layout(
        f"a maze on {label}",
        grid_sheet_frame(grid),
        lambda number, algorithm, seed: _caption(number, label, algorithm, seed),
        count,
        paper=paper,
        per_page=per_page,
    )


def grid_sheet_frame(grid) -> Frame:
    """The size of a maze's picture on ``grid`` as ``grid_pictures.svg_text`` draws it in
    ``STYLE``, and the size of a cell of average area in it.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> frame = grid_sheet_frame(square_grid(30, 15))
    >>> frame.width, frame.height, frame.square
    (362, 182, 12)
    """
    width, height = picture_size(grid, STYLE)
    return Frame(width, height, STYLE.cell, COMFORTABLE_MM, SMALLEST_MM, "cells")


@fill_maze_doc
def grid_sheet_pdf(
    mazes: Sequence[GridMaze], layout: Layout, label: str = "", progress: Progress | None = None
) -> bytes:
    """The sheet as a vector PDF: the maze pages, then the answer pages with the path from
    each maze's start to its goal (``grid_maze.default_endpoints``) drawn, each maze
    numbered and captioned with ``label``, its algorithm and its seed.

    Parameters
    ----------
    mazes : sequence of GridMaze
        Mazes that draw to one size (on one grid, or weaves of one size), 1 to 1000.
    layout : Layout
        From :func:`grid_sheet_layout` with their grid.
    label : str
        The grid in words, as the layout was planned with.
    progress : callable, optional
        As for :func:`tilewright.mazes.sheets.sheet_pdf`.

    %(pdf_returns)s

    Raises
    ------
    TypeError
        When a maze is not a GridMaze.
    TilewrightError
        When a maze draws to another size than the layout is for.
    """
    require_puzzles(mazes, GridMaze, "maze", "a grid sheet holds GridMazes")
    frames = {grid_sheet_frame(grid) for grid in {id(m.grid): m.grid for m in mazes}.values()}
    if frames != {layout.frame}:
        raise TilewrightError(
            "the mazes of a sheet must all draw to the size its layout was planned for"
        )
    entries = [_entry(number, maze, label) for number, maze in enumerate(mazes, 1)]
    info = {"family": "maze", "grid": label, **made_by(mazes)}
    return draw_sheet(layout, entries, f"Mazes on {label}".strip(), info, progress)


def _entry(number: int, maze: GridMaze, label: str) -> Entry:
    """The maze and its answer, open at its start and goal, and its caption."""
    start, goal = default_endpoints(maze.grid)
    gaps = opening_walls(maze.grid, start, goal)
    return Entry(
        svg_text(maze, style=STYLE, openings=gaps),
        svg_text(maze, style=STYLE, path=shortest_path(maze, start, goal), openings=gaps),
        (_caption(number, label, maze.algorithm, maze.seed),),
    )


def _caption(number: int, label: str, algorithm: str | None, seed: int | None) -> str:
    """What makes the maze again with ``tilewright maze``."""
    parts = [f"#{number}", label]
    if algorithm:
        parts.append(algorithm)
    if seed is not None:
        parts.append(f"seed {seed}")
    return " · ".join(part for part in parts if part)
