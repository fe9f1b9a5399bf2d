"""Writing a maze in each of its formats: the one writer behind ``Maze.save`` and
``tilewright maze``.

======== ======== =====================================================================
format   suffix   what is written
======== ======== =====================================================================
text     .txt     compact box drawing, one line per row of corners (``text.py``)
ascii             the classic ``+--+`` drawing (``-f ascii``; no suffix of its own)
npz      .npz     ``connection_list`` and the record, as ``numpy.savez`` writes them
json     .json    the record and ``connection_list`` as nested lists
svg      .svg     vector picture (``pictures.py``)
png      .png     palette bitmap
pdf      .pdf     vector picture, the SVG drawn by cairo
======== ======== =====================================================================

Every output is written through ``tilewright.core.output.open_output``: a file changes
only once the whole output is made. Pictures are made before the file is opened, so that
a failure leaves no file at all.
"""

import os
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, BinaryIO, Unpack

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.options import check_options
from tilewright.core.output import PICTURE_SUFFIXES, format_by_suffix, open_output
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.model import Band, Maze, check_maze
from tilewright.mazes.save_options import SaveOptions, given_names, style_options

if TYPE_CHECKING:  # pictures import Pillow: only when a picture is made
    from tilewright.mazes.pictures import Opening, Style

TEXT = ("text", "ascii")
# the text drawing's name before it was ``text``, still taken
_OLD_NAMES = {"unicode": "text"}
# the style of ``text.render`` that draws each text format
_TEXT_STYLES = {"text": "unicode", "ascii": "ascii"}
PICTURES = ("svg", "png", "pdf")
FORMATS = (*TEXT, "npz", "json", *PICTURES, "geojson")
BINARY = ("npz", "png", "pdf")
SUFFIXES = {
    ".txt": "text",
    ".npz": "npz",
    ".json": "json",
    **PICTURE_SUFFIXES,
    ".geojson": "geojson",
}


def format_of(path: str | os.PathLike) -> str:
    """The format of ``SUFFIXES`` a file name's suffix (in any case) names, or a refusal
    naming the suffixes (``core.output.format_by_suffix``).

    Examples
    --------
    >>> format_of("maze.PNG"), format_of("out/maze.txt")
    ('png', 'text')
    >>> format_of("maze.gif")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot write .gif files: a maze is saved as \
.geojson, .json, .npz, .pdf, .png, .svg or .txt
    """
    return format_by_suffix(path, SUFFIXES, "a maze")


@fill_maze_doc
def save(
    maze: Maze, path: str | os.PathLike, **options: Unpack[SaveOptions[tuple[int, int]]]
) -> None:
    """Write ``maze`` to ``path`` in the format its suffix names (see :meth:`Maze.save`).

    Parameters
    ----------
    %(maze)s
    path : str or os.PathLike
        The file.
    **options
        As for :meth:`Maze.save`; one given as None keeps its default.

    Raises
    ------
    TypeError, TilewrightError
        As :meth:`Maze.save` raises them.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.mazes import generate
    >>> name = os.path.join(tempfile.mkdtemp(), "maze.txt")
    >>> save(generate(3, 2, "kruskal", seed=1), name)
    >>> print(open(name, encoding="utf-8").read(), end="")
    ┌─┬───┐
    │ ╵ ╶─┤
    └─────┘
    >>> save(generate(3, 2, seed=1), name[:-4] + ".svg", openings=True, start=(1, 0))
    """
    check_options(options, SaveOptions, "save")
    check_maze(maze)
    fmt = format_of(path)
    solution, heat = options.get("solution"), options.get("heat")
    openings = False if options.get("openings") is None else options["openings"]
    start, goal = options.get("start"), options.get("goal")
    if fmt == "geojson":
        _save_geojson(maze, path, solution, heat, openings, start, goal)
        return
    style = style_options(options)
    drawing = {name: options.get(name) for name in ("solution", "heat", "max_side")}
    drawing.update(openings=openings, start=start, goal=goal, **style)
    refuse_options(drawing, fmt, PICTURES, "for pictures only (.svg, .png, .pdf)")
    compress, paper = options.get("compress", False), options.get("paper")
    refuse_file_options(fmt, compress, paper)
    look = None
    gaps = None
    if fmt in PICTURES:
        from tilewright.core.numbers import require_bool
        from tilewright.mazes.pictures import opening_sides, picture_style

        look = picture_style(maze.width, maze.height, max_side=options.get("max_side"), **style)
        if require_bool(openings, "openings"):
            gaps = opening_sides(maze.width, maze.height, start, goal)
    write(
        maze,
        os.fspath(path),
        fmt,
        style=look,
        solution=_solution(maze, solution, start, goal),
        heat=_heat(maze, heat, start),
        compress=compress,
        openings=gaps,
        paper=paper,
    )


def refuse_options(
    options: Mapping[str, object], fmt: str, formats: tuple[str, ...], scope: str
) -> None:
    """Refuse the ``options`` given (neither None nor False) when ``fmt`` is none of
    ``formats``; ``scope`` says which formats they are for.

    Examples
    --------
    >>> refuse_options({"heat": None, "openings": False}, "npz", PICTURES, "for pictures")
    >>> refuse_options({"heat": True, "cell": 8}, "npz", PICTURES, "for pictures")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: heat, cell: for pictures, not for npz
    """
    given = given_names(options)
    if given and fmt not in formats:
        raise TilewrightError(f"{', '.join(given)}: {scope}, not for {fmt}")


def refuse_file_options(fmt: str, compress: bool, paper: str | None) -> None:
    """Refuse ``compress`` for any format but npz and ``paper`` for any but pdf.

    Examples
    --------
    >>> refuse_file_options("npz", True, None)
    >>> refuse_file_options("svg", False, "a4")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: paper applies to .pdf files, not svg
    """
    if compress and fmt != "npz":
        raise TilewrightError(f"compress applies to .npz files, not {fmt}")
    if paper is not None and fmt != "pdf":
        raise TilewrightError(f"paper applies to .pdf files, not {fmt}")


@fill_maze_doc
def write(
    maze: Maze,
    output: str | None,
    fmt: str,
    *,
    style: "Style | None" = None,
    solution: np.ndarray | None = None,
    heat: np.ndarray | None = None,
    compress: bool = False,
    openings: "Sequence[Opening] | None" = None,
    paper: str | None = None,
) -> None:
    """Write ``maze`` to ``output`` (``None`` or ``-``: standard output) as ``fmt``.

    Parameters
    ----------
    %(maze)s
    output : str or None
        The file, written completely or not at all.
    fmt : str
        A format of ``FORMATS``.
    style : Style, optional
        Pictures: sizes and colours (default ``pictures.picture_style`` of the maze).
    solution : numpy.ndarray, optional
        Pictures, and the ``text`` drawing (then in :meth:`Maze.to_text`'s roomier
        layout): a (k, 2) path of rows and columns to draw.
    heat : numpy.ndarray, optional
        Pictures: (H, W) distances to colour the cells by.
    compress : bool
        npz: deflate the arrays.
    openings : sequence of Opening, optional
        Pictures: gaps in the outer wall, as
        :func:`tilewright.mazes.pictures.opening_sides` gives them.
    paper : str, optional
        pdf: the page, ``"a4"`` (default) or ``"letter"``.

    Raises
    ------
    TilewrightError
        When the format is unknown, the picture cannot be made, or the output cannot be
        written.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.mazes import generate
    >>> name = os.path.join(tempfile.mkdtemp(), "maze")  # no suffix needed: fmt says
    >>> write(generate(3, 2, "kruskal", seed=1), name, "ascii")
    >>> print(open(name).read(), end="")
    +--+--+--+
    |  |     |
    +  +  +--+
    |        |
    +--+--+--+
    """
    check_maze(maze)
    fmt = _OLD_NAMES.get(fmt, fmt)
    if fmt not in FORMATS:
        raise TilewrightError(f"unknown maze format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt == "geojson":
        start = None if openings is None else openings[0][:2]
        goal = None if openings is None else openings[1][:2]
        path = None if solution is None else solution[:, 0] * maze.width + solution[:, 1]
        _save_geojson(maze, output, path, heat, openings is not None, start, goal)
        return
    picture = (
        _picture(maze, fmt, style, solution, heat, openings, paper) if fmt in PICTURES else None
    )
    with open_output(output) as stream:
        if picture is not None:
            stream.write(picture)
        elif fmt == "npz":
            from tilewright.mazes.io import write_npz

            write_npz(maze, stream, compress)
        elif fmt == "json":
            from tilewright.mazes.io import json_chunks

            stream.writelines(json_chunks(maze))
        elif fmt == "text" and solution is not None:
            stream.write(maze.to_text(solution=solution).encode())
        else:
            write_bands(maze.bands(), maze.width, fmt, stream)


def _save_geojson(
    maze: Maze,
    output: str | os.PathLike | None,
    solution: bool | np.ndarray | None,
    heat: bool | np.ndarray | None,
    openings: bool,
    start: tuple[int, int] | None,
    goal: tuple[int, int] | None,
) -> None:
    """GeoJSON of a square maze: written as the same maze on a square polygon grid, cells
    numbered row by row (``row · width + column``)."""
    from tilewright.mazes.grid_formats import save_grid_maze
    from tilewright.mazes.grid_maze import GridMaze
    from tilewright.mazes.solve import check_cell

    ids: list[int | None] = []
    for cell, what in ((start, "start"), (goal, "goal")):
        if cell is None:
            ids.append(None)
            continue
        row, col = check_cell(maze.width, maze.height, cell, what)
        ids.append(row * maze.width + col)
    if isinstance(heat, np.ndarray):
        heat = heat.ravel()
    path = None if output is None else os.fspath(output)
    save_grid_maze(
        GridMaze.from_maze(maze),
        path,
        fmt="geojson",
        solution=solution,
        heat=heat,
        openings=openings,
        start=ids[0],
        goal=ids[1],
    )


def write_bands(bands: Iterable[Band], width: int, fmt: str, stream: BinaryIO) -> None:
    """Draw the rows of a maze as text into a binary ``stream``, a band at a time.

    Parameters
    ----------
    bands : iterable of Band
        The maze's rows, top to bottom (``Maze.bands()`` or ``stream_bands(...)``).
    width : int
        The maze's width in cells.
    fmt : {"text", "ascii"}
        The drawing: box-drawing characters (the ``.txt`` format), or ``+--+``.
    stream : binary file object
        Where the text goes, as UTF-8.

    Raises
    ------
    TilewrightError
        When ``fmt`` is not a text drawing.

    Examples
    --------
    >>> import io
    >>> from tilewright.mazes import stream_bands
    >>> out = io.BytesIO()
    >>> write_bands(stream_bands(5, 1000, "eller", seed=1), 5, "text", out)
    >>> len(out.getvalue().splitlines())
    1001
    """
    from tilewright.mazes.text import render

    fmt = _OLD_NAMES.get(fmt, fmt)
    if fmt not in TEXT:
        raise TilewrightError(f"{fmt} is not a text drawing (those are {', '.join(TEXT)})")
    for chunk in render(bands, width, _TEXT_STYLES[fmt]):
        stream.write(chunk)


def _picture(
    maze: Maze,
    fmt: str,
    style: "Style | None",
    path: np.ndarray | None,
    heat: np.ndarray | None,
    openings: "Sequence[Opening] | None",
    paper: str | None,
) -> bytes:
    from tilewright.mazes import pictures

    if paper is not None and fmt != "pdf":
        raise TilewrightError(f"paper applies to pdf, not {fmt}")
    return picture_bytes(pictures, fmt, maze, style, path, heat, openings, paper)


def picture_bytes(
    pictures: ModuleType,
    fmt: str,
    maze: Any,
    style: Any,
    path: np.ndarray | None,
    heat: np.ndarray | None,
    openings: Any,
    paper: str | None,
) -> bytes:
    """The ``fmt`` picture (svg, png or pdf) of ``maze``, drawn by ``pictures``:
    ``mazes.pictures`` for a Maze, ``mazes.grid_pictures`` for a GridMaze, whose drawing
    functions take the same options."""
    from tilewright.core.pdf import DEFAULT_PAPER

    drawn = {"style": style, "path": path, "heat": heat, "openings": openings}
    if fmt == "png":
        return pictures.png_bytes(maze, **drawn)
    if fmt == "pdf":
        return pictures.pdf_bytes(maze, **drawn, paper=DEFAULT_PAPER if paper is None else paper)
    return pictures.svg_text(maze, **drawn).encode()


def _solution(maze: Maze, solution: object, start: Any = None, goal: Any = None) -> Any:
    """``True``: the shortest path from start to goal (by default corner to corner);
    ``False`` or ``None``: no path."""
    if solution is None or solution is False:
        return None
    if solution is True:
        from tilewright.mazes.solve import shortest_path

        return shortest_path(maze, start, goal)
    return solution


def _heat(maze: Maze, heat: object, start: Any = None) -> Any:
    """``True``: distances from the start (by default the top-left cell); ``False`` or
    ``None``: no heat map."""
    if heat is None or heat is False:
        return None
    if heat is True:
        from tilewright.mazes.solve import distances

        return distances(maze, (0, 0) if start is None else start)
    return heat
