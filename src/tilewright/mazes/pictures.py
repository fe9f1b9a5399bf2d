"""Pictures of mazes: PNG rasterised straight from NumPy arrays, and SVG.

Both share one geometry. Grid lines sit ``cell`` units apart and walls are ``wall`` units
thick, so a W×H maze is ``W·cell + wall`` wide and ``H·cell + wall`` high. The picture
can carry a solution path (a line through cell centres, with the start and goal marked)
and a heat map (each cell coloured by its distance from a start cell).

The PNG is built on the *lattice* of the maze — the (2H+1)×(2W+1) grid of corners, wall
segments and cells — as one byte per point indexing a palette, then stretched to pixels
with ``np.repeat``: a 4000×4000 maze becomes a 16-million-cell lattice and a palette PNG
in a few seconds, with no per-cell Python.
"""

import io
from dataclasses import dataclass

import drawsvg
import numpy as np
from PIL import Image, ImageDraw

from tilewright.core.colours import gradient, parse_colour
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import quoted, require_int, shown
from tilewright.mazes.model import Maze, check_maze

# Palette entries of the PNG: then HEAT_LEVELS shades of the heat map.
_WALL, _FLOOR, _PATH, _MARK = 0, 1, 2, 3
_HEAT0 = 4
HEAT_LEVELS = 256 - _HEAT0

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
    """

    cell: int = 12
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


def picture_size(maze: Maze, style: Style) -> tuple[int, int]:
    """(width, height) of the picture in pixels or SVG units.

    Parameters
    ----------
    maze : Maze
        The maze.
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
    """
    check_maze(maze)
    _check_style(style)
    return maze.width * style.cell + style.wall, maze.height * style.cell + style.wall


def check_picture(width: int, height: int, style: Style, fmt: str) -> None:
    """Refuse a picture of a ``width`` × ``height`` maze that cannot be made, before the
    maze is: more than ``MAX_PIXELS`` pixels (PNG), or more memory than there is.

    Raises
    ------
    TilewrightError
        Saying how large the picture would be.
    """
    _check_style(style)
    if fmt == "svg":
        check_fits(60 * width * height, "the SVG text")
        return
    width_px, height_px = width * style.cell + style.wall, height * style.cell + style.wall
    if width_px * height_px > MAX_PIXELS:
        raise TilewrightError(
            f"a {width_px}x{height_px} picture is too large; use a smaller --cell or SVG"
        )
    check_fits(2.2 * width_px * height_px + 40 * width * height, "the picture")


def wall_lattice(maze: Maze) -> np.ndarray:
    """(2H+1, 2W+1) bool: True where the lattice point is wall (corners always are).

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze.
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
    """
    _check_heat_values(dist)
    top = max(int(dist.max()), 1)
    levels = (dist.astype(np.int64) * (HEAT_LEVELS - 1)) // top
    return np.where(dist < 0, -1, levels)


def _check_style(style: object) -> None:
    if not isinstance(style, Style):
        raise TypeError(f"style must be a Style, not {type(style).__name__}")


def _check_heat_values(dist: object) -> None:
    if not isinstance(dist, np.ndarray) or dist.dtype.kind not in "iu":
        what = dist.dtype if isinstance(dist, np.ndarray) else type(dist).__name__
        raise TypeError(f"heat must be a NumPy array of integer distances, not {what}")
    if dist.size == 0:
        raise TilewrightError("heat must hold at least one distance")
    low, high = _HEAT_RANGE
    if dist.min() < low or dist.max() > high:
        raise TilewrightError(f"heat values must be -1 (unreachable) or 0 to {high}")


def _checked_extras(
    maze: Maze, style: Style, path: object, heat: object
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """``path`` and ``heat`` checked against ``maze``; the maze and style checked too."""
    check_maze(maze)
    _check_style(style)
    if heat is not None:
        _check_heat_values(heat)
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


def png_bytes(
    maze: Maze,
    style: Style = Style(),
    path: np.ndarray | None = None,
    heat: np.ndarray | None = None,
) -> bytes:
    """The maze as a palette PNG.

    Parameters
    ----------
    maze : Maze
        The maze.
    style : Style
        Sizes and colours.
    path : array_like or None
        Integers, shape (k, 2): rows and columns of cells inside the maze, drawn as a line
        with the first and last marked.
    heat : numpy.ndarray or None
        Integers, shape (H, W): distances, -1 where unreachable, shown as colours.

    Returns
    -------
    bytes
        The PNG file.

    Raises
    ------
    TypeError
        When an argument has the wrong type (a ``heat`` of floats too).
    TilewrightError
        When ``path`` or ``heat`` does not fit the maze, or the picture is too large.
    """
    path, heat = _checked_extras(maze, style, path, heat)
    check_picture(maze.width, maze.height, style, "png")
    width_px, height_px = picture_size(maze, style)
    lattice = np.where(wall_lattice(maze), _WALL, _FLOOR).astype(np.uint8)
    if heat is not None:
        _paint_heat(lattice, maze, heat_levels(heat))
    rows = np.tile([style.wall, style.cell - style.wall], maze.height + 1)[: 2 * maze.height + 1]
    cols = np.tile([style.wall, style.cell - style.wall], maze.width + 1)[: 2 * maze.width + 1]
    pixels = np.repeat(np.repeat(lattice, rows, axis=0), cols, axis=1)
    image = Image.fromarray(pixels, mode="P")
    image.putpalette(_palette(style).reshape(-1).tolist())
    if path is not None and len(path):
        _draw_path(image, path, style)
    out = io.BytesIO()
    # Without a heat map only palette entries 0-3 occur: two bits a pixel, a quarter of the
    # data to compress. Huge pictures get fast compression (seconds instead of tens).
    bits = 8 if heat is not None else 2
    level = 6 if width_px * height_px <= _QUICK_COMPRESSION_PIXELS else 1
    image.save(out, format="PNG", bits=bits, compress_level=level)
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


def _draw_path(image: Image.Image, path: np.ndarray, style: Style) -> None:
    """A line through the centres of the path's cells, with the start and goal marked."""
    centre = style.wall / 2 + style.cell / 2
    points = [(c * style.cell + centre, r * style.cell + centre) for r, c in path.tolist()]
    width = max(1, round(0.45 * (style.cell - style.wall)))
    draw = ImageDraw.Draw(image)
    if len(points) > 1:
        draw.line(points, fill=_PATH, width=width, joint="curve")
    radius = max(1.0, 0.3 * (style.cell - style.wall))
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=_MARK)


def svg_text(
    maze: Maze,
    style: Style = Style(),
    path: np.ndarray | None = None,
    heat: np.ndarray | None = None,
) -> str:
    """The maze as SVG: the walls as one path, then optional heat map and solution.

    Parameters
    ----------
    maze : Maze
        The maze.
    style : Style
        Sizes and colours.
    path : array_like or None
        Integers, shape (k, 2): rows and columns of cells inside the maze.
    heat : numpy.ndarray or None
        Integers, shape (H, W): distances, -1 where unreachable.

    Returns
    -------
    str
        The SVG document.

    Raises
    ------
    TypeError
        When an argument has the wrong type (a ``heat`` of floats too).
    TilewrightError
        When ``path`` or ``heat`` does not fit the maze, or the text would not fit in
        memory.
    """
    path, heat = _checked_extras(maze, style, path, heat)
    check_picture(maze.width, maze.height, style, "svg")
    width_px, height_px = picture_size(maze, style)
    drawing = drawsvg.Drawing(width_px, height_px)
    drawing.append(drawsvg.Rectangle(0, 0, width_px, height_px, fill=style.background))
    offset = style.wall / 2
    if heat is not None:
        drawing.append(_heat_image(maze, heat, style, offset))
    # Grid units inside: one unit per cell, shifted so that walls fit in the picture.
    grid = drawsvg.Group(transform=f"translate({offset:g},{offset:g}) scale({style.cell})")
    grid.append(
        drawsvg.Path(
            d=wall_path_data(maze),
            stroke=style.wall_colour,
            stroke_width=f"{style.wall / style.cell:g}",
            stroke_linecap="square",
            fill="none",
        )
    )
    if path is not None and len(path):
        centres = " ".join(f"{c + 0.5:g},{r + 0.5:g}" for r, c in path.tolist())
        line = max(0.15, 0.45 * (1 - style.wall / style.cell))
        grid.append(
            drawsvg.Raw(
                f'<polyline points="{centres}" fill="none" stroke="{style.path_colour}" '
                f'stroke-width="{line:.3g}" stroke-linecap="round" stroke-linejoin="round"/>'
            )
        )
        for r, c in (path[0], path[-1]):
            grid.append(drawsvg.Circle(c + 0.5, r + 0.5, line, fill=style.wall_colour))
    drawing.append(grid)
    return drawing.as_svg()


def wall_path_data(maze: Maze) -> str:
    """SVG path data of every wall in grid units, each straight run of walls one stroke.

    Raises
    ------
    TypeError
        When ``maze`` is not a Maze.
    """
    check_maze(maze)
    horizontal = np.ones((maze.height + 1, maze.width), dtype=np.bool_)
    horizontal[1:-1] = ~maze.south[:-1]
    vertical = np.ones((maze.width + 1, maze.height), dtype=np.bool_)
    vertical[1:-1] = ~maze.east[:, :-1].T
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


def _heat_image(maze: Maze, heat: np.ndarray, style: Style, offset: float) -> drawsvg.Image:
    """The heat map as an embedded PNG of one pixel per cell, drawn without smoothing."""
    levels = heat_levels(heat)
    colours = gradient(HEAT_LEVELS)[np.maximum(levels, 0)]
    colours[levels < 0] = parse_colour(style.background)
    out = io.BytesIO()
    Image.fromarray(colours, mode="RGB").save(out, format="PNG")
    return drawsvg.Image(
        offset,
        offset,
        maze.width * style.cell,
        maze.height * style.cell,
        data=out.getvalue(),
        mime_type="image/png",
        embed=True,
        preserveAspectRatio="none",
        style="image-rendering:pixelated",
    )
