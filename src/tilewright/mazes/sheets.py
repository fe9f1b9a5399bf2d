"""Print sheets of mazes: several to a page, each open at its start and goal (gaps in the
outer wall, as ``--openings`` draws them) and captioned with its number, algorithm and
seed, then answer pages with each solution path drawn.

The pictures are the family's own SVG (``pictures.svg_text``); the pages, their layout and
the PDF are ``tilewright.core.sheets``'.

Examples
--------
>>> from tilewright.mazes import generate
>>> layout = sheet_layout(20, 20, count=4)
>>> layout.per_page
4
>>> pdf = sheet_pdf([generate(20, 20, "wilson", seed=seed) for seed in range(4)], layout)
>>> pdf[:5], b"seeds=0,1,2,3" in pdf
(b'%PDF-', True)
"""

from collections.abc import Callable, Sequence

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.core.seeds import MAX_SEED
from tilewright.core.sheets import (
    MOST_PUZZLES,
    Entry,
    Frame,
    Layout,
    Progress,
    draw_sheet,
    plan_layout,
    require_layout,
    require_puzzles,
)
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.algorithms import ALGORITHMS
from tilewright.mazes.grid_maze import GridMaze
from tilewright.mazes.model import Maze
from tilewright.mazes.pictures import Style, opening_sides, svg_text
from tilewright.mazes.solve import shortest_path

# Millimetres a cell: 4 leaves room to draw a line through the passages with a pen; 2 is
# the least in which a passage stays open to the eye between printed walls.
COMFORTABLE_MM = 4.0
SMALLEST_MM = 2.0
# the pictures' own default: walls a sixth of the cell
STYLE = Style()


@fill_maze_doc
def sheet_layout(
    width: int, height: int, count: int, *, paper: str = "a4", per_page: int | None = None
) -> Layout:
    """The layout of a sheet of ``count`` mazes of ``width`` × ``height`` cells, checked
    before any is generated (see ``tilewright.core.sheets.plan_layout``).

    Parameters
    ----------
    width, height : int
        Cells across and down.
    count : int
        Mazes on the sheet, 1 to 1000.
    %(sheet_paper)s
    per_page : int, optional
        Mazes a page; default as many as print with cells of ``COMFORTABLE_MM``.

    Returns
    -------
    Layout

    %(sheet_layout_raises)s

    Examples
    --------
    >>> sheet_layout(40, 40, count=10).per_page
    1
    """
    frame = sheet_frame(width, height)
    return plan_maze_layout(
        f"a {shown(width)}x{shown(height)} maze",
        frame,
        lambda number, algorithm, seed: _caption(number, width, height, algorithm, seed),
        count,
        paper=paper,
        per_page=per_page,
    )


def plan_maze_layout(
    what: str,
    frame: Frame,
    caption: Callable[[int, str, int], str],
    count: int,
    *,
    paper: str,
    per_page: int | None,
) -> Layout:
    """The layout of a sheet of ``count`` mazes (``tilewright.core.sheets.plan_layout``),
    with room for the longest caption ``caption(number, algorithm, seed)`` can write: the
    last number, the longest algorithm's name and the largest seed.

    Parameters
    ----------
    what : str
        The maze, for messages ("a 20x20 maze").
    frame : Frame
        Its picture's size.
    caption : callable
        The caption line of a maze, from its number, algorithm and seed.
    count, paper, per_page
        As for :func:`sheet_layout`.

    Returns
    -------
    Layout
    """
    longest_name = max(len(name) for name in ALGORITHMS)
    first_line = caption(MOST_PUZZLES, "a" * longest_name, MAX_SEED)
    return plan_layout(
        what, frame, count, paper=paper, per_page=per_page, caption=(len(first_line),)
    )


def sheet_frame(width: int, height: int) -> Frame:
    """The size of a maze's picture on a sheet, as ``pictures.svg_text`` draws it in
    ``STYLE``: the cells and the half walls around them.

    Examples
    --------
    >>> frame = sheet_frame(20, 10)
    >>> frame.width, frame.height, frame.square
    (242, 122, 12)
    """
    width, height = require_int(width, "width"), require_int(height, "height")
    if width < 1 or height < 1:
        raise TilewrightError(
            f"a maze has at least one cell a side, got {shown(width)}x{shown(height)}"
        )
    return Frame(
        width * STYLE.cell + STYLE.wall,
        height * STYLE.cell + STYLE.wall,
        STYLE.cell,
        COMFORTABLE_MM,
        SMALLEST_MM,
        "cells",
    )


@fill_maze_doc
def sheet_pdf(mazes: Sequence[Maze], layout: Layout, progress: Progress | None = None) -> bytes:
    """The sheet as a vector PDF: the maze pages, then the answer pages with the path
    from the top-left cell to the bottom-right one drawn, each maze numbered and
    captioned with its algorithm and seed; the seeds in the PDF's document information.

    Parameters
    ----------
    mazes : sequence of Maze
        Mazes of one size, 1 to 1000 of them.
    layout : Layout
        From :func:`sheet_layout` with their size.
    %(sheet_progress)s

    %(pdf_returns)s

    Raises
    ------
    TypeError
        When a maze is not a Maze.
    TilewrightError
        When the mazes differ in size or the layout is for another size.
    """
    require_puzzles(mazes, Maze, "maze", "a sheet holds square-grid Mazes")
    width, height = mazes[0].width, mazes[0].height
    if any((maze.width, maze.height) != (width, height) for maze in mazes):
        raise TilewrightError("the mazes of a sheet must all be the same size")
    require_layout(layout, sheet_frame(width, height), f"{width}x{height} mazes", "their size")
    gaps = opening_sides(width, height)
    entries = [
        Entry(
            svg_text(maze, style=STYLE, openings=gaps),
            svg_text(maze, style=STYLE, path=shortest_path(maze), openings=gaps),
            (_caption(number, width, height, maze.algorithm, maze.seed),),
        )
        for number, maze in enumerate(mazes, 1)
    ]
    info = {"family": "maze", "width": width, "height": height, **made_by(mazes)}
    return draw_sheet(layout, entries, f"Mazes {width}x{height}", info, progress)


def made_by(mazes: Sequence[Maze | GridMaze]) -> dict[str, object]:
    """What made the mazes of a sheet, for the PDF's document information: their
    algorithms (each once), their seeds in order, and their params when all share them.

    Parameters
    ----------
    mazes : sequence of Maze or GridMaze
        The mazes of the sheet, at least one.

    Returns
    -------
    dict
        ``"algorithm"``, ``"seeds"`` and, when every maze has the same, ``"params"``.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> made_by([generate(4, 4, "wilson", seed=seed) for seed in (3, 4)])
    {'algorithm': 'wilson', 'seeds': '3,4', 'params': {}}
    """
    info: dict[str, object] = {
        "algorithm": ",".join(dict.fromkeys(str(maze.algorithm) for maze in mazes)),
        "seeds": ",".join(str(maze.seed) for maze in mazes),
    }
    if all(maze.params == mazes[0].params for maze in mazes):
        info["params"] = mazes[0].params
    return info


def _caption(number: int, width: int, height: int, algorithm: str | None, seed: int | None) -> str:
    """What makes the maze again with ``tilewright maze``."""
    made = f" · {algorithm}" if algorithm else ""
    seeded = f" · seed {seed}" if seed is not None else ""
    return f"#{number} · {shown(width)}x{shown(height)}{made}{seeded}"
