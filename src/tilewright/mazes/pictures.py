"""Pictures of mazes: PNG rasterised straight from NumPy arrays, SVG, and PDF from the SVG.

All share one geometry. Grid lines sit ``cell`` units apart and walls are ``wall`` units
thick, so a W×H maze is ``W·cell + wall`` wide and ``H·cell + wall`` high. The picture
can carry a solution path (a line through cell centres, with the start and goal marked)
and a heat map (each cell coloured by its distance from a start cell), and *openings*: gaps
in the outer wall where the way in and the way out are (see :func:`opening_sides`). Each
records what made the maze (algorithm, seed, parameters): a PNG text chunk, SVG
``<metadata>``, the PDF's document information.

The PNG is built on the *lattice* of the maze — the (2H+1)×(2W+1) grid of corners, wall
segments and cells — as one byte per point indexing a palette, then stretched to pixels
with ``np.repeat``: a 4000×4000 maze becomes a 16-million-cell lattice and a palette PNG
in a few seconds, with no per-cell Python.

The SVG is written as text: a handful of elements (walls as one path, each heat shade as
one path of rectangles), which every renderer draws alike; a heat map as vector cells
keeps its edges sharp where an embedded bitmap would be smoothed across the walls. The
PDF is that SVG drawn by cairo (``tilewright.core.pdf``).
"""

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Generic, TypedDict, TypeVar, Unpack

import numpy as np

from tilewright.core.colours import gradient, parse_colour
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import quoted, require_int, shown
from tilewright.core.options import check_options
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import (
    PIXEL_BUDGET,
    check_budget,
    check_max_side,
    default_cell,
    fit_cell,
)
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.model import Maze, check_maze

# Palette entries of the PNG: then HEAT_LEVELS shades of the heat map.
_WALL, _FLOOR, _PATH, _MARK = 0, 1, 2, 3
_HEAT0 = 4
HEAT_LEVELS = 256 - _HEAT0

# The cell size of a Style made without one (print sheets scale their pictures anyway).
DEFAULT_CELL = 12
# The smallest cell a maze picture reads well at, by default: a 1-pixel wall and a
# 3-pixel passage. Mazes too large for the default side at it are drawn at it, larger.
LEGIBLE_CELL = 4
_QUICK_COMPRESSION_PIXELS = 1 << 24
# Pillow and most viewers struggle beyond this; larger pictures are refused up front.
MAX_PIXELS = 2**31 - 1
# A cell larger than a whole PNG may be is no use in an SVG either.
MAX_CELL = MAX_PIXELS
# CSS colour names and #rrggbb are short; a longer text is not a colour, and would be
# quoted at length in the message.
_LONGEST_COLOUR = 40
# Heat values are distances (int32 from the solvers), -1 where unreachable.
_HEAT_RANGE = (-1, 2**31 - 1)
# Bytes of SVG text a cell can take at most: its walls, and a heat-map run of its own.
_SVG_BYTES_PER_CELL = 60
# The sides of a cell, clockwise from the top (as the solvers number directions).
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
# An opening: the gap in the outer wall on ``side`` of the cell at ``row``, ``col``.
Opening = tuple[int, int, int]
# Which outer side of its cell an opening takes, first choice first: the way in at the top
# (or the left), the way out at the bottom (or the right), as maze books draw them.
_START_SIDES = (NORTH, WEST, SOUTH, EAST)
# (row, column) step from a cell's lattice point to the wall on each side
_SIDE_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
_GOAL_SIDES = (SOUTH, EAST, NORTH, WEST)


@dataclass(frozen=True)
class Style:
    """Sizes in pixels (PNG) or user units (SVG), and colours as CSS names or #rrggbb.

    Parameters
    ----------
    cell : int
        Distance between grid lines, more than ``wall`` and at most ``MAX_CELL``.
    wall : int
        Wall thickness, at least 1.
    wall_colour, background, path_colour : str
        Colours: a CSS name such as ``navy`` or ``#rrggbb`` (ASCII, as Pillow reads them).

    Raises
    ------
    TypeError
        When a size is not an integer (``np.integer`` counts, ``bool`` and ``float`` do not)
        or a colour not a str.
    TilewrightError
        When the sizes are out of range or a colour is unknown.

    See Also
    --------
    picture_style : the style that fits a maze into a pixel budget.

    Examples
    --------
    >>> Style(cell=8, wall=1, wall_colour="navy").wall_colour
    'navy'
    """

    cell: int = DEFAULT_CELL
    wall: int = 2
    wall_colour: str = "black"
    background: str = "white"
    path_colour: str = "#e4572e"

    def __post_init__(self) -> None:
        # frozen: the checked Python ints replace NumPy integers through object.__setattr__
        object.__setattr__(self, "cell", require_int(self.cell, "cell size"))
        object.__setattr__(self, "wall", require_int(self.wall, "wall width"))
        if self.wall < 1 or self.cell <= self.wall:
            raise TilewrightError(
                f"need 1 <= wall < cell, got cell {shown(self.cell)} and wall {shown(self.wall)}"
            )
        if self.cell > MAX_CELL:
            raise TilewrightError(f"cell size may be at most {MAX_CELL}, got {shown(self.cell)}")
        for name in ("wall_colour", "background", "path_colour"):
            _check_colour(getattr(self, name), name)


def _check_colour(colour: object, name: str) -> None:
    if not isinstance(colour, str):
        raise TypeError(
            f"{name} must be a str such as 'navy' or '#1f77b4', not {type(colour).__name__}"
        )
    if len(colour) > _LONGEST_COLOUR or not colour.isascii():
        raise TilewrightError(f"unknown colour {quoted(colour)} (use a name like navy or #1f77b4)")
    parse_colour(colour)


# A picture's style and openings: Style and Opening here, GridStyle and wall ids
# (int) in ``grid_pictures``
StyleT = TypeVar("StyleT")
OpeningT = TypeVar("OpeningT")


class PictureOptions(TypedDict, Generic[StyleT, OpeningT], total=False):
    """The keyword arguments of :func:`svg_text`, :func:`png_bytes` and :func:`pdf_bytes`
    (``PictureOptions[Style, Opening]``), and of those of ``grid_pictures``
    (``PictureOptions[GridStyle, int]``), described there."""

    style: StyleT | None
    path: np.ndarray | None
    heat: np.ndarray | None
    info: dict[str, Any] | None
    openings: Sequence[OpeningT] | np.ndarray | None


class PdfOptions(PictureOptions[StyleT, OpeningT], total=False):
    """The keyword arguments of a ``pdf_bytes``: a picture's and ``paper``."""

    paper: str


def picture_arguments(options: Mapping[str, Any], accepted: type, function: str) -> tuple:
    """``style``, ``path``, ``heat``, ``info`` and ``openings`` of a picture function's
    ``options`` (None where not given), once no keyword but those ``accepted`` declares is
    among them (:func:`~tilewright.core.options.check_options`); the square and the grid
    pictures alike.

    Examples
    --------
    >>> picture_arguments({"heat": None, "info": {}}, PictureOptions, "svg_text")
    (None, None, None, {}, None)
    >>> picture_arguments({"colour": "red"}, PictureOptions, "svg_text")
    Traceback (most recent call last):
    ...
    TypeError: svg_text() got an unexpected keyword argument 'colour'
    """
    check_options(options, accepted, function)
    return tuple(options.get(name) for name in ("style", "path", "heat", "info", "openings"))


def picture_style(
    width: int,
    height: int,
    *,
    cell: int | None = None,
    wall: int | None = None,
    max_side: int | None = None,
    **colours: str,
) -> Style:
    """The style of a picture of a ``width`` × ``height`` maze within a pixel budget.

    Without ``cell``, the cell is the one that gives the picture a long side of 800 to
    1000 pixels (``core.picture_size.default_cell``); a maze too large for that at
    ``LEGIBLE_CELL`` (4) pixels a cell is drawn at 4, and one too large for ``max_side``
    at 4 at the largest cell that fits it (a 4000×4000 maze at 2 pixels a cell). The
    wall is a sixth of the cell, at least 1, so passages stay open at every size. A
    ``cell`` given is honoured up to the budget and refused beyond it, naming the size it
    would need.

    Parameters
    ----------
    width, height : int
        The maze's size in cells.
    cell, wall : int, optional
        Cell size and wall width in pixels (SVG units).
    max_side : int, optional
        The largest side of the picture, default ``PIXEL_BUDGET`` (8192).
    **colours : str
        ``wall_colour``, ``background``, ``path_colour``, as :class:`Style` takes them.

    Returns
    -------
    Style

    Raises
    ------
    TypeError
        When a size is not an integer or a colour not a str.
    TilewrightError
        When the picture would pass ``max_side`` (even at the smallest cell, when
        ``cell`` is not given), or a size or colour is out of range.

    Examples
    --------
    >>> picture_style(30, 15)
    Style(cell=33, wall=6, wall_colour='black', background='white', path_colour='#e4572e')
    >>> style = picture_style(4000, 4000)
    >>> style.cell, style.wall
    (2, 1)
    >>> picture_style(4000, 4000, cell=12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the picture would be 48002x48002 pixels, ...
    """
    budget = PIXEL_BUDGET if max_side is None else check_max_side(max_side)
    if wall is not None:
        wall = require_int(wall, "wall width")

    def size_at(size: int) -> tuple[int, int]:
        line = default_wall(size) if wall is None else wall
        return width * size + line, height * size + line

    smallest = 2 if wall is None else max(2, wall + 1)
    if cell is None:
        cell = default_cell(size_at, max(LEGIBLE_CELL, smallest), smallest, budget)
        check_budget(size_at(cell), budget)
    else:
        cell = require_int(cell, "cell size")
        best = fit_cell(size_at, cell, smallest, budget)  # the largest up to it that fits
        fits = max(size_at(best)) <= budget and best < cell
        check_budget(size_at(cell), budget, fits=best if fits else None)
    return Style(cell=cell, wall=default_wall(cell) if wall is None else wall, **colours)


def default_wall(cell: int) -> int:
    """The wall width that goes with ``cell`` when none is given: a sixth of it, rounded,
    at least 1 (so a 2-pixel cell keeps a 1-pixel passage).

    Parameters
    ----------
    cell : int
        The cell size.

    Returns
    -------
    int

    Examples
    --------
    >>> default_wall(12), default_wall(10), default_wall(5), default_wall(2)
    (2, 2, 1, 1)
    """
    return max(1, (cell + 3) // 6)


def opening_sides(
    width: int,
    height: int,
    start: tuple[int, int] | None = None,
    goal: tuple[int, int] | None = None,
) -> tuple[Opening, Opening]:
    """Where the gaps in the outer wall go: the way in at ``start``, the way out at ``goal``.

    The start's gap is on its top side when it lies in the top row, else on the left,
    bottom or right side, whichever is outer first; the goal's on its bottom side, else the
    right, top or left. So by default (top-left to bottom-right) the maze opens at the top
    and at the bottom. A cell holding both gets two gaps on two different sides.

    Parameters
    ----------
    width, height : int
        The maze's size in cells.
    start, goal : (int, int) or None
        ``(row, column)`` cells on the outer wall; ``None``: the top-left cell (start) and
        the bottom-right one (goal).

    Returns
    -------
    tuple of Opening
        ``(row, column, side)`` of each, ``side`` one of ``NORTH, EAST, SOUTH, WEST``
        (0 to 3).

    Raises
    ------
    TypeError
        When a cell is not a pair of integers.
    TilewrightError
        When a cell lies outside the maze or not on its outer wall.

    Examples
    --------
    >>> opening_sides(30, 15)
    ((0, 0, 0), (14, 29, 2))
    >>> opening_sides(30, 15, start=(7, 29))  # on the right edge: opens to the right
    ((7, 29, 1), (14, 29, 2))
    >>> opening_sides(30, 15, goal=(7, 7))
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the goal 7,7 is not on the outer wall, so the \
maze cannot open there
    """
    from tilewright.mazes.solve import check_cell

    start = check_cell(width, height, (0, 0) if start is None else start, "start")
    goal = check_cell(width, height, (height - 1, width - 1) if goal is None else goal, "goal")
    first = _opening(width, height, start, "start", _START_SIDES, None)
    return first, _opening(width, height, goal, "goal", _GOAL_SIDES, first)


def _opening(
    width: int,
    height: int,
    cell: tuple[int, int],
    what: str,
    sides: tuple[int, ...],
    taken: Opening | None,
) -> Opening:
    """The first of ``sides`` of ``cell`` that is on the outer wall and not ``taken``."""
    row, col = cell
    outer = {NORTH: row == 0, EAST: col == width - 1, SOUTH: row == height - 1, WEST: col == 0}
    for side in sides:
        if outer[side] and (row, col, side) != taken:
            return row, col, side
    if any(outer.values()):  # a one-cell boundary stretch with its only side taken
        raise TilewrightError(f"the {what} {row},{col} has no outer side left for an opening")
    raise TilewrightError(
        f"the {what} {row},{col} is not on the outer wall, so the maze cannot open there"
    )


def _checked_openings(maze: Maze, openings: object) -> list[Opening]:
    """Openings as ``(row, column, side)`` triples on the maze's outer wall."""
    if openings is None:
        return []
    if isinstance(openings, np.ndarray):
        openings = openings.tolist()
    if not isinstance(openings, Sequence) or isinstance(openings, str):
        raise TypeError(
            f"openings must be a sequence of (row, column, side), not {type(openings).__name__}"
        )
    checked = []
    for opening in openings:
        if not isinstance(opening, Sequence) or len(opening) != 3:
            raise TilewrightError("each opening must be a (row, column, side) triple")
        row, col, side = (require_int(value, "an opening's entry") for value in opening)
        if not 0 <= side <= 3:
            raise TilewrightError(f"an opening's side must be 0 to 3 (N, E, S, W), got {side}")
        if not (0 <= row < maze.height and 0 <= col < maze.width):
            raise TilewrightError(f"the opening {shown(row)},{shown(col)} is outside the maze")
        outer = (row == 0, col == maze.width - 1, row == maze.height - 1, col == 0)
        if not outer[side]:
            raise TilewrightError(
                f"the {'NESW'[side]} side of {row},{col} is not on the outer wall, so the "
                "maze cannot open there"
            )
        checked.append((row, col, side))
    return checked


@fill_maze_doc
def picture_size(maze: Maze, style: Style) -> tuple[int, int]:
    """(width, height) of the picture in pixels or SVG units.

    Parameters
    ----------
    %(maze)s
    style : Style
        Its cell size and wall width.

    Returns
    -------
    tuple of int
        ``W·cell + wall`` and ``H·cell + wall``.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze or ``style`` not a Style.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> picture_size(generate(30, 15, seed=1), Style())
    (362, 182)
    """
    check_maze(maze)
    _check_style(style)
    return maze.width * style.cell + style.wall, maze.height * style.cell + style.wall


def check_picture(width: int, height: int, style: Style, fmt: str) -> None:
    """Refuse a picture of a ``width`` × ``height`` maze that cannot be made, before the
    maze is: more than ``MAX_PIXELS`` pixels (PNG), or more memory than there is.

    Parameters
    ----------
    width, height : int
        The maze's size in cells.
    style : Style
        The picture's style.
    fmt : {"png", "svg", "pdf"}
        The picture's format.

    Raises
    ------
    TilewrightError
        Saying how large the picture would be.

    Examples
    --------
    >>> check_picture(30, 15, Style(), "png")
    """
    _check_style(style)
    if fmt in ("svg", "pdf"):
        check_fits(_SVG_BYTES_PER_CELL * width * height, "the SVG text")
        return
    width_px, height_px = width * style.cell + style.wall, height * style.cell + style.wall
    if width_px * height_px > MAX_PIXELS:
        raise TilewrightError(
            f"a {width_px}x{height_px} picture is too large; use a smaller --cell or SVG"
        )
    check_fits(2.2 * width_px * height_px + 40 * width * height, "the picture")


@fill_maze_doc
def wall_lattice(maze: Maze) -> np.ndarray:
    """(2H+1, 2W+1) bool: True where the lattice point is wall (corners always are).

    Parameters
    ----------
    %(maze)s

    Returns
    -------
    numpy.ndarray
        bool: even rows and columns are the grid lines, odd ones the cells.

    %(maze_type_raises)s

    Examples
    --------
    >>> connections = np.zeros((2, 1, 2), dtype=bool)
    >>> connections[1, 0, 0] = True  # one passage, between the two cells
    >>> wall_lattice(Maze(connections)).astype(int)
    array([[1, 1, 1, 1, 1],
           [1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1]])
    """
    check_maze(maze)
    height, width = maze.height, maze.width
    lattice = np.ones((2 * height + 1, 2 * width + 1), dtype=np.bool_)
    lattice[1::2, 1::2] = False
    lattice[2:-1:2, 1::2] = ~maze.south[:-1]
    lattice[1::2, 2:-1:2] = ~maze.east[:, :-1]
    return lattice


def heat_levels(dist: np.ndarray) -> np.ndarray:
    """Distances (-1 = unreachable) scaled to 0 .. HEAT_LEVELS-1 (unreachable: -1).

    Parameters
    ----------
    dist : numpy.ndarray
        Integers from -1 to 2**31 - 1, as :func:`tilewright.mazes.solve.distances` gives.

    Returns
    -------
    numpy.ndarray
        int64 levels of the same shape.

    Raises
    ------
    TypeError
        When ``dist`` is not an integer array.
    TilewrightError
        When it is empty or a value is out of range.

    Examples
    --------
    >>> heat_levels(np.array([[0, 1, 2], [4, -1, 4]])).tolist()
    [[0, 62, 125], [251, -1, 251]]
    """
    dist = _checked_heat(dist)
    top = max(int(dist.max()), 1)
    levels = (dist.astype(np.int64) * (HEAT_LEVELS - 1)) // top
    return np.where(dist < 0, -1, levels)


def _check_style(style: object) -> None:
    if not isinstance(style, Style):
        raise TypeError(f"style must be a Style, not {type(style).__name__}")


def _checked_heat(dist: object) -> np.ndarray:
    """``dist`` itself, checked to be a non-empty array of distances (-1 unreachable)."""
    if not isinstance(dist, np.ndarray) or dist.dtype.kind not in "iu":
        what = dist.dtype if isinstance(dist, np.ndarray) else type(dist).__name__
        raise TypeError(f"heat must be a NumPy array of integer distances, not {what}")
    if dist.size == 0:
        raise TilewrightError("heat must hold at least one distance")
    low, high = _HEAT_RANGE
    if dist.min() < low or dist.max() > high:
        raise TilewrightError(f"heat values must be -1 (unreachable) or 0 to {high}")
    return dist


def _checked_style(maze: Maze, style: object) -> Style:
    """``style`` checked, or the default style of the maze's picture
    (:func:`picture_style`) when it is None."""
    check_maze(maze)
    if style is None:
        return picture_style(maze.width, maze.height)
    if not isinstance(style, Style):
        raise TypeError(f"style must be a Style, not {type(style).__name__}")
    return style


def _checked_picture(
    maze: Maze, style: object, path: object, heat: object, openings: object, fmt: str
) -> tuple[Style, np.ndarray | None, np.ndarray | None, list[Opening]]:
    """The arguments of :func:`png_bytes` and :func:`svg_text` checked, in the order they
    are refused: the maze and ``style`` (its default when None), ``path`` and ``heat``,
    ``openings``, then the picture's size in ``fmt`` (:func:`check_picture`)."""
    style = _checked_style(maze, style)
    path, heat = _checked_extras(maze, style, path, heat)
    gaps = _checked_openings(maze, openings)
    check_picture(maze.width, maze.height, style, fmt)
    return style, path, heat, gaps


def _checked_extras(
    maze: Maze, style: Style, path: object, heat: object
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """``path`` and ``heat`` checked against ``maze``; the maze and style checked too."""
    check_maze(maze)
    _check_style(style)
    if heat is not None:
        heat = _checked_heat(heat)
        if heat.shape != (maze.height, maze.width):
            raise TilewrightError(
                f"heat must have the maze's shape ({maze.height}, {maze.width}), got {heat.shape}"
            )
    return _checked_path(maze, path), heat


def _checked_path(maze: Maze, path: object) -> np.ndarray | None:
    """A path as a (k, 2) integer array of cells inside the maze, or None."""
    if path is None:
        return None
    try:
        cells = np.asarray(path)
    except (TypeError, ValueError):  # ragged nesting, objects NumPy cannot hold
        raise TypeError("path must be a (k, 2) array of rows and columns") from None
    if cells.size == 0 and cells.dtype.kind in "iuf":
        return cells.reshape(0, 2).astype(np.int64)  # nothing to draw
    if cells.dtype.kind not in "iu":
        raise TypeError(f"path must hold integer rows and columns, not {cells.dtype}")
    if cells.ndim != 2 or cells.shape[1] != 2:
        raise TilewrightError(f"path must have shape (k, 2), got {cells.shape}")
    rows, cols = cells[:, 0], cells[:, 1]
    if rows.min() < 0 or cols.min() < 0 or rows.max() >= maze.height or cols.max() >= maze.width:
        raise TilewrightError(f"the path leaves the {maze.width}x{maze.height} maze")
    return cells


@fill_maze_doc
def png_bytes(maze: Maze, **options: Unpack[PictureOptions[Style, Opening]]) -> bytes:
    """The maze as a palette PNG, the record of what made it in a text chunk.

    Parameters
    ----------
    %(maze)s
    **options
        Keyword-only arguments:
    %(picture_options)s

    %(png_returns)s

    Raises
    ------
    TypeError
        When an argument has the wrong type (a ``heat`` of floats too).
    TilewrightError
        When ``path`` or ``heat`` does not fit the maze, or the picture is too large.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> png = png_bytes(generate(10, 5, seed=3))
    >>> png[1:4], len(png) > 100
    (b'PNG', True)
    """
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    from tilewright.core.metadata import png_text

    style, path, heat, info, openings = picture_arguments(options, PictureOptions, "png_bytes")
    style, path, heat, gaps = _checked_picture(maze, style, path, heat, openings, "png")
    width_px, height_px = picture_size(maze, style)
    lattice = np.where(wall_lattice(maze), np.uint8(_WALL), np.uint8(_FLOOR))
    if heat is not None:
        _paint_heat(lattice, maze, heat_levels(heat))
    for row, col, side in gaps:  # the gap takes its cell's colour, as a passage does
        lattice[2 * row + 1 + _SIDE_STEP[side][0], 2 * col + 1 + _SIDE_STEP[side][1]] = lattice[
            2 * row + 1, 2 * col + 1
        ]
    painted = path is not None and _paint_path(lattice, path, style)
    if style.cell - style.wall == 1 and style.wall == 1:
        pixels = lattice  # one pixel a lattice point already
    else:
        rows = np.tile([style.wall, style.cell - style.wall], maze.height + 1)
        cols = np.tile([style.wall, style.cell - style.wall], maze.width + 1)
        pixels = np.repeat(
            np.repeat(lattice, rows[: 2 * maze.height + 1], axis=0),
            cols[: 2 * maze.width + 1],
            axis=1,
        )
    image = Image.fromarray(pixels, mode="P")
    image.putpalette(_palette(style).reshape(-1).tolist())
    if path is not None and len(path):
        _draw_path(image, path, style, line=not painted)
    chunks = PngInfo()
    for key, value in png_text(maze.info if info is None else info).items():
        chunks.add_text(key, value)
    out = io.BytesIO()
    # Without a heat map only palette entries 0-3 occur: two bits a pixel, a quarter of the
    # data to compress. Huge pictures get fast compression (seconds instead of tens).
    bits = 8 if heat is not None else 2
    level = 6 if width_px * height_px <= _QUICK_COMPRESSION_PIXELS else 1
    image.save(out, format="PNG", bits=bits, compress_level=level, pnginfo=chunks)
    return out.getvalue()


def _palette(style: Style) -> np.ndarray:
    palette = np.zeros((256, 3), dtype=np.uint8)
    palette[_WALL] = parse_colour(style.wall_colour)
    palette[_FLOOR] = parse_colour(style.background)
    palette[_PATH] = parse_colour(style.path_colour)
    palette[_MARK] = parse_colour(style.wall_colour)
    palette[_HEAT0:] = gradient(HEAT_LEVELS)
    return palette


def _paint_heat(lattice: np.ndarray, maze: Maze, levels: np.ndarray) -> None:
    """Colour each reachable cell, and each open passage like the cell above or left of it."""
    shade = np.where(levels < 0, _FLOOR, _HEAT0 + levels).astype(np.uint8)
    lattice[1::2, 1::2] = shade
    down = lattice[2:-1:2, 1::2]
    down[maze.south[:-1]] = shade[:-1][maze.south[:-1]]
    right = lattice[1::2, 2:-1:2]
    right[maze.east[:, :-1]] = shade[:, :-1][maze.east[:, :-1]]


def _paint_path(lattice: np.ndarray, path: np.ndarray, style: Style) -> bool:
    """Paint the path on the lattice when the line would fill the passages exactly: one
    pixel between one-pixel walls, every step to a neighbouring cell. Then the path's
    cells and the passages between them are its pixels, painted at NumPy speed (a
    4000×4000 maze's path has a million cells, which Pillow draws as a line in seconds).
    Returns whether it painted."""
    if style.cell - style.wall != 1 or len(path) == 0:
        return False
    steps = np.abs(np.diff(path, axis=0)).sum(axis=1)
    if not np.all(steps == 1):
        return False
    rows, cols = 2 * path[:, 0] + 1, 2 * path[:, 1] + 1
    lattice[rows, cols] = _PATH
    lattice[(rows[:-1] + rows[1:]) // 2, (cols[:-1] + cols[1:]) // 2] = _PATH
    return True


def _draw_path(image: Any, path: np.ndarray, style: Style, line: bool = True) -> None:
    """A line through the centres of the path's cells (unless painted already), with the
    start and goal marked."""
    from PIL import ImageDraw

    centre = style.wall / 2 + style.cell / 2
    ends = path[[0, -1]] if not line else path
    points = [(c * style.cell + centre, r * style.cell + centre) for r, c in ends.tolist()]
    passage = style.cell - style.wall
    width = max(1, round(0.45 * passage))  # a passage is a pixel at least: it fits
    draw = ImageDraw.Draw(image)
    if line and len(points) > 1:
        draw.line(points, fill=_PATH, width=width, joint="curve")
    radius = max(0.5, 0.3 * passage)  # inside the cell: one pixel in a one-pixel passage
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=_MARK)


@fill_maze_doc
def svg_text(maze: Maze, **options: Unpack[PictureOptions[Style, Opening]]) -> str:
    """The maze as SVG: the walls as one path, then optional heat map and solution.

    The heat map is drawn as vector cells, one path of rectangles per shade; the record
    of what made the maze is a ``<metadata>`` element.

    Parameters
    ----------
    %(maze)s
    **options
        Keyword-only arguments:
    %(picture_options)s

    %(svg_returns)s

    Raises
    ------
    TypeError
        When an argument has the wrong type (a ``heat`` of floats too).
    TilewrightError
        When ``path`` or ``heat`` does not fit the maze, or the text would not fit in
        memory.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> svg = svg_text(generate(3, 2, "kruskal", seed=1), style=Style(cell=10, wall=2))
    >>> start = svg.index("<svg")
    >>> print(svg[start : svg.index(">", start) + 1])
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="22" viewBox="0 0 32 22">
    >>> '"seed":1' in svg
    True
    """
    return _svg_text(maze, *picture_arguments(options, PictureOptions, "svg_text"))


def _svg_text(
    maze: Maze,
    style: Style | None,
    path: Any,
    heat: Any,
    info: dict[str, Any] | None,
    openings: Sequence[Opening] | None,
) -> str:
    """:func:`svg_text` of its arguments, positional (``pdf_bytes`` draws it too)."""
    style, path, heat, gaps = _checked_picture(maze, style, path, heat, openings, "svg")
    width, height = picture_size(maze, style)
    offset = style.wall / 2
    parts = [
        *svg_opening(width, height, maze.info if info is None else info, style.background),
        # Grid units inside: one unit per cell, shifted so that walls fit in the picture.
        f'<g transform="translate({offset:g},{offset:g}) scale({style.cell})">\n',
    ]
    if heat is not None:
        parts.append(_heat_paths(heat_levels(heat)))
    parts.append(
        f'<path d="{wall_path_data(maze, gaps)}" stroke="{_attribute(style.wall_colour)}" '
        f'stroke-width="{style.wall / style.cell:g}" stroke-linecap="square" fill="none"/>\n'
    )
    if path is not None and len(path):
        parts.append(_solution(path, style))
    parts.append("</g>\n</svg>\n")
    return "".join(parts)


@fill_maze_doc
def pdf_bytes(maze: Maze, **options: Unpack[PdfOptions[Style, Opening]]) -> bytes:
    """The maze as a one-page vector PDF: the SVG of :func:`svg_text`, drawn by cairo,
    fitted to a page of ``paper`` (``core.pdf.placement``); the record of what made the
    maze in the PDF's subject and keywords.

    Parameters
    ----------
    %(maze)s
    **options
        Keyword-only arguments:
    %(picture_options)s
    %(paper)s

    %(pdf_returns)s

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When ``path`` or ``heat`` does not fit the maze, the drawing would not fit in
        memory, or the paper is unknown.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> pdf_bytes(generate(4, 3, seed=2))[:5]
    b'%PDF-'
    """
    from tilewright.core.pdf import pdf_from_svg

    style, path, heat, info, openings = picture_arguments(options, PdfOptions, "pdf_bytes")
    info = maze.info if info is None else info
    svg = _svg_text(maze, style, path, heat, info, openings)
    return pdf_from_svg(svg, info, options.get("paper", DEFAULT_PAPER))


def _attribute(text: str) -> str:
    """``text`` safe inside a double-quoted XML attribute."""
    return escape(text, quote=True)


def svg_opening(width: int, height: int, info: dict[str, Any], background: str) -> list[str]:
    """The start of a maze's SVG document, square or on any grid: the declaration, the
    ``<svg>`` element of ``width`` × ``height`` pixels, the record of what made the maze
    (``tilewright.core.metadata``) and the background.

    Parameters
    ----------
    width, height : int
        The picture's size in pixels (SVG user units).
    info : dict
        What made the maze, as ``Maze.info`` gives it.
    background : str
        The background colour.

    Returns
    -------
    list of str
        The document's first lines, each ending in a newline.
    """
    from tilewright.core.metadata import svg_element

    return [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n',
        svg_element(info) + "\n",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{_attribute(background)}"/>\n',
    ]


def _solution(path: np.ndarray, style: Style) -> str:
    """The path as a line through cell centres, in grid units, its ends marked: the line
    and the marks 0.45 of a passage wide, so that they stay clear of the walls however
    thick those are."""
    centres = " ".join(f"{c + 0.5:g},{r + 0.5:g}" for r, c in path.tolist())
    line = 0.45 * (1 - style.wall / style.cell)
    marks = "".join(
        f'<circle cx="{c + 0.5:g}" cy="{r + 0.5:g}" r="{line:.3g}" '
        f'fill="{_attribute(style.wall_colour)}"/>\n'
        for r, c in (path[0].tolist(), path[-1].tolist())
    )
    return (
        f'<polyline points="{centres}" fill="none" stroke="{_attribute(style.path_colour)}" '
        f'stroke-width="{line:.3g}" stroke-linecap="round" stroke-linejoin="round"/>\n{marks}'
    )


def _heat_paths(levels: np.ndarray) -> str:
    """The heat map in grid units: each run of equal shade along a row one rectangle, and
    each shade one path of its rectangles (unreachable cells keep the background).

    ``crispEdges`` keeps renderers from smoothing the edges where rectangles meet, which
    would leave faint seams between rows of the same shade.
    """
    height, width = levels.shape
    starts = np.ones((height, width), dtype=np.bool_)
    starts[:, 1:] = levels[:, 1:] != levels[:, :-1]
    rows, cols = np.nonzero(starts)
    first = rows * width + cols
    lengths = np.diff(first, append=height * width)  # a run ends where the next begins
    shade = levels[rows, cols]
    keep = shade >= 0
    rows, cols, lengths, shade = rows[keep], cols[keep], lengths[keep], shade[keep]
    order = np.argsort(shade, kind="stable")
    colours = gradient(HEAT_LEVELS)
    parts = ['<g shape-rendering="crispEdges">\n']
    bounds = np.flatnonzero(np.diff(shade[order], prepend=-1, append=HEAT_LEVELS))
    for low, high in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        runs = order[low:high]
        red, green, blue = colours[shade[runs[0]]].tolist()
        data = "".join(
            f"M{c},{r}h{n}v1h-{n}z"
            for r, c, n in zip(
                rows[runs].tolist(), cols[runs].tolist(), lengths[runs].tolist(), strict=True
            )
        )
        parts.append(f'<path fill="#{red:02x}{green:02x}{blue:02x}" d="{data}"/>\n')
    parts.append("</g>\n")
    return "".join(parts)


@fill_maze_doc
def wall_path_data(maze: Maze, openings: Sequence[Opening] | None = None) -> str:
    """SVG path data of every wall in grid units, each straight run of walls one stroke.

    Parameters
    ----------
    %(maze)s
    openings : sequence of Opening, optional
        Outer wall segments to leave out, as :func:`opening_sides` gives them.

    Returns
    -------
    str
        ``M x,y H x2`` for each horizontal run, then ``M x,y V y2`` for each vertical one.

    %(maze_type_raises)s

    Examples
    --------
    >>> wall_path_data(Maze(np.zeros((2, 1, 1), dtype=bool)))
    'M0,0H1M0,1H1M0,0V1M1,0V1'
    >>> wall_path_data(Maze(np.zeros((2, 1, 1), dtype=bool)), opening_sides(1, 1))
    'M0,0V1M1,0V1'
    """
    check_maze(maze)
    gaps = _checked_openings(maze, openings)
    horizontal = np.ones((maze.height + 1, maze.width), dtype=np.bool_)
    horizontal[1:-1] = ~maze.south[:-1]
    vertical = np.ones((maze.width + 1, maze.height), dtype=np.bool_)
    vertical[1:-1] = ~maze.east[:, :-1].T
    for row, col, side in gaps:
        if side in (NORTH, SOUTH):
            horizontal[row + (side == SOUTH), col] = False
        else:
            vertical[col + (side == EAST), row] = False
    parts = [f"M{a},{line}H{b}" for line, a, b in _runs(horizontal)]
    parts += [f"M{line},{a}V{b}" for line, a, b in _runs(vertical)]
    return "".join(parts)


def _runs(walls: np.ndarray) -> list[tuple[int, int, int]]:
    """(line, start, end) of each run of True along the rows of ``walls``."""
    padded = np.zeros((walls.shape[0], walls.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = walls
    edges = np.diff(padded, axis=1)
    line, start = np.nonzero(edges == 1)
    _, end = np.nonzero(edges == -1)
    return list(zip(line.tolist(), start.tolist(), end.tolist(), strict=True))
