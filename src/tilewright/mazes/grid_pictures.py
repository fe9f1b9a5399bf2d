"""Pictures of mazes on any polygon grid: SVG written as text, PNG and PDF drawn by cairo.

The walls are drawn as one ``<path>`` of long polylines, each closed wall exactly once
(:func:`tilewright.core.polylines.join_segments`): a pen plotter or a laser cutter runs
along every wall once and lifts the pen as rarely as the drawing allows, and with
``hairline=True`` the stroke is the 0.001-inch line laser software reads as "cut". Round
joins and caps keep the corners of hexagons, triangles and rings clean at any wall width.

Optional layers: a heat map (each cell filled by its distance from a start, one path of
cell outlines per shade), a solution (a line through the cells' centres, its ends marked)
and *openings*, gaps in the outer wall at the start and the goal
(:func:`opening_walls`). Coordinates are written in pixels (SVG user units) with two
decimals: the grid's drawing units scaled so that a cell of average area is ``cell``
pixels across. A picture is kept within ``PIXEL_BUDGET`` pixels a side by choosing that
scale, as square mazes choose their cell size.

One description of the picture (``_Layers``: the polylines, fills and widths in pixels)
is both written as SVG and painted by cairo for PNG and PDF, so the three cannot drift
apart; cairo takes the arrays whole, where CairoSVG would read the SVG's path data in
Python (80 s instead of 15 for a million cells). A weave's inset drawing
(``weave_pictures``) exists as SVG only, and goes to PNG and PDF through CairoSVG.
"""

import math
import weakref
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Unpack, cast

import numpy as np

from tilewright.core.colours import gradient
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_bool, require_int, require_real, shown
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import (
    PIXEL_BUDGET,
    check_budget,
    check_max_side,
    default_cell,
    fit_cell,
)
from tilewright.core.polygon_grid import OUTSIDE, PolygonGrid
from tilewright.core.raster import append_polylines, rgb
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.grid_maze import GridMaze, check_grid_maze
from tilewright.mazes.pictures import (
    DEFAULT_CELL,
    HEAT_LEVELS,
    LEGIBLE_CELL,
    MAX_CELL,
    MAX_PIXELS,
    PdfOptions,
    PictureOptions,
    _attribute,
    _check_colour,
    default_wall,
    heat_levels,
    picture_arguments,
    svg_opening,
)

# 0.001 inch at CSS's 96 user units an inch: the line width laser-cutter software (and
# most plotter drivers) treat as a cut or a single pen stroke rather than an area to fill
HAIRLINE = 0.096
# digits after the point of every coordinate: a hundredth of a pixel
DECIMALS = 2
# Bytes of SVG text per wall segment (a point is two numbers of up to 7 characters and a
# space each) and per heat-map corner; for refusing a drawing before it is made.
_SVG_BYTES_PER_SEGMENT = 24
_SVG_BYTES_PER_CORNER = 20
# CairoSVG holds about 1.5 KB a drawn element and about 30 bytes per byte of path data;
# the PNG surface is 4 bytes a pixel, and encoding it takes as much again; cairo drawing
# from arrays holds a point's 32-byte records and its own copy and outline of it.
_CAIRO_BYTES_PER_SVG_BYTE = 30
_PNG_BYTES_PER_PIXEL = 8
_CAIRO_BYTES_PER_POINT = 200
# Each grid's bounds and unit (see _frame), for as long as the grid lives
_FRAMES: "weakref.WeakKeyDictionary[PolygonGrid, tuple[float, float, float, float, float]]" = (
    weakref.WeakKeyDictionary()
)
# Relative tolerance when two boundary walls are as far from the centre: a tie
_TIE = 1e-9
# An opening takes with it the boundary segments of its cell that continue it within this
# many degrees: the chords of a polar cell's arc turn by less, any polygon's corners
# (octagons 45°) by more.
GAP_TURN = 25.0


@dataclass(frozen=True)
class GridStyle:
    """Sizes in pixels (SVG user units) and colours as CSS names or #rrggbb.

    Parameters
    ----------
    cell : int
        How many pixels across a cell of average area is drawn (the grid's drawing units
        are scaled to fit): 2 to ``MAX_CELL``.
    wall : float
        Wall (stroke) width, more than 0 and less than ``cell``.
    wall_colour, background, path_colour : str
        Colours: a CSS name such as ``navy`` or ``#rrggbb``.
    hairline : bool
        Draw the walls as hairlines (``HAIRLINE`` wide, 0.001 inch) for laser cutters and
        plotters, whatever ``wall`` says; a PNG draws them one pixel wide.

    Examples
    --------
    >>> GridStyle(cell=10, wall=1.5).wall
    1.5
    >>> GridStyle(cell=10, hairline=True).stroke
    0.096
    """

    cell: int = DEFAULT_CELL
    wall: float = 2.0
    wall_colour: str = "black"
    background: str = "white"
    path_colour: str = "#e4572e"
    hairline: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", require_int(self.cell, "cell size"))
        object.__setattr__(self, "wall", require_real(self.wall, "wall width"))
        object.__setattr__(self, "hairline", require_bool(self.hairline, "hairline"))
        if not 2 <= self.cell <= MAX_CELL:
            raise TilewrightError(f"cell size must be 2 to {MAX_CELL}, got {shown(self.cell)}")
        if not HAIRLINE <= self.wall < self.cell:
            raise TilewrightError(
                f"need {HAIRLINE:g} (a hairline) <= wall < cell, got cell {shown(self.cell)} "
                f"and wall {self.wall:g}"
            )
        for name in ("wall_colour", "background", "path_colour"):
            _check_colour(getattr(self, name), name)

    @property
    def stroke(self) -> float:
        """The walls' stroke width in the SVG: ``wall``, or ``HAIRLINE`` for hairlines."""
        return HAIRLINE if self.hairline else self.wall


def grid_style(
    grid: PolygonGrid,
    *,
    cell: int | None = None,
    wall: float | None = None,
    max_side: int | None = None,
    hairline: bool = False,
    **colours: str,
) -> GridStyle:
    """The style of a picture of ``grid`` within a pixel budget.

    Without ``cell``, the cell is the one that gives the picture a long side of 800 to
    1000 pixels, as square mazes choose it (``mazes.pictures.picture_style``): at least
    ``LEGIBLE_CELL`` (4) unless that passes ``max_side``. Without ``wall``, the wall is a
    sixth of the cell, and no more than a third of the narrowest passage (a hat's short
    edges), at least 1. A ``cell`` given is honoured up to the budget and refused beyond
    it.

    Parameters
    ----------
    grid : PolygonGrid
        The grid to draw.
    cell : int, optional
        Pixels across a cell of average area.
    wall : float, optional
        Wall width in pixels.
    max_side : int, optional
        The largest side of the picture, default ``PIXEL_BUDGET`` (8192).
    hairline : bool
        Hairline walls (see :class:`GridStyle`).
    **colours : str
        ``wall_colour``, ``background``, ``path_colour``.

    Returns
    -------
    GridStyle

    Raises
    ------
    TilewrightError
        When the picture would pass ``max_side`` even at the smallest cell, or a size or
        colour is out of range.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> grid_style(square_grid(30, 15)).cell
    33
    >>> grid_style(square_grid(400, 10), max_side=1000).cell  # the largest that fits
    2
    """
    _check_grid(grid)
    budget = PIXEL_BUDGET if max_side is None else check_max_side(max_side)
    line = None if wall is None else require_real(wall, "wall width")
    # before any size is worked out from them: a wall or cell past every picture would
    # overflow the floats (GridStyle says how each must relate to the other)
    if line is not None and not HAIRLINE <= line <= MAX_CELL:
        raise TilewrightError(f"wall width must be {HAIRLINE:g} to {MAX_CELL}, got {line:g}")
    if cell is not None and not 2 <= require_int(cell, "cell size") <= MAX_CELL:
        raise TilewrightError(f"cell size must be 2 to {MAX_CELL}, got {shown(cell)}")

    narrowest = _narrowest_passage(grid)

    def size_at(size: int) -> tuple[int, int]:
        return _size(grid, size, _default_wall(grid, size, narrowest) if line is None else line)

    if cell is None:
        cell = default_cell(size_at, LEGIBLE_CELL, 2, budget)
        check_budget(size_at(cell), budget)
    else:
        best = fit_cell(size_at, cell, 2, budget)  # the largest up to it that fits
        fits = max(size_at(best)) <= budget and best < cell
        check_budget(size_at(cell), budget, fits=best if fits else None)
    return GridStyle(
        cell=cell,
        wall=float(_default_wall(grid, cell, narrowest) if line is None else line),
        hairline=hairline,
        **colours,
    )


def picture_size(grid: PolygonGrid, style: GridStyle) -> tuple[int, int]:
    """(width, height) of the picture of ``grid`` in pixels (SVG user units).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> picture_size(square_grid(30, 15), GridStyle())
    (362, 182)
    """
    _check_grid(grid)
    _check_style(style)
    return _size(grid, style.cell, style.stroke)


def opening_walls(grid: PolygonGrid, start: int, goal: int) -> np.ndarray:
    """The wall segments to leave out for the way in at ``start`` and the way out at
    ``goal``.

    Of each cell's segments on the outer boundary, the one whose midpoint lies farthest
    from the centre of the grid's bounds (of two as far, the more nearly horizontal one,
    then the lower id); with it go the cell's boundary segments that continue it in about
    the same direction (within ``GAP_TURN``), so that a side drawn as several chords (a
    polar cell's outer arc) opens whole. A cell holding both the start and the goal gets
    two different gaps.

    Parameters
    ----------
    grid : PolygonGrid
        The grid.
    start, goal : int
        Cells on the outer boundary.

    Returns
    -------
    numpy.ndarray
        int64: the wall ids of the start's gap, then the goal's (one each on grids of
        straight sides).

    Raises
    ------
    TilewrightError
        When a cell is not a cell of the grid or has no boundary wall (left).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> grid = square_grid(3, 3)
    >>> walls = opening_walls(grid, 0, 8)
    >>> grid.vertices[grid.walls[walls]].tolist()  # the top of the first, bottom of the last
    [[[0.0, 0.0], [1.0, 0.0]], [[3.0, 3.0], [2.0, 3.0]]]
    """
    _check_grid(grid)
    first = _opening(grid, start, "start", np.zeros(0, dtype=np.int64))
    return np.concatenate([first, _opening(grid, goal, "goal", first)])


def closed_walls(maze: GridMaze, openings: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """bool, shape (E,): the wall segments drawn: the outer boundary and every segment
    whose passage is closed, less the ``openings``.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> maze = generate_on(square_grid(3, 3), "wilson", seed=1)
    >>> int(closed_walls(maze).sum())  # 24 segments, 8 of them passages
    16
    """
    check_grid_maze(maze)
    grid = maze.grid
    slot = grid.wall_slot
    closed = slot < 0
    inner = ~closed
    closed[inner] = ~maze.passages[slot[inner]]
    gaps = _checked_openings(grid, openings)
    closed[gaps] = False
    return closed


@fill_maze_doc
def svg_text(maze: GridMaze, **options: Unpack[PictureOptions[GridStyle, int]]) -> str:
    """The maze as SVG: optional heat map, the walls as one path, optional solution; the
    record of what made the maze in a ``<metadata>`` element.

    Parameters
    ----------
    %(grid_maze)s
    **options
        Keyword-only arguments:
    %(grid_picture_options)s

    %(svg_returns)s

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When ``path``, ``heat`` or ``openings`` does not fit the maze, or the text would
        not fit in memory.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> svg = svg_text(generate_on(square_grid(3, 2), "kruskal", seed=1))
    >>> svg.count("<path"), '"seed":1' in svg
    (1, True)
    """
    return _svg_text(maze, *picture_arguments(options, PictureOptions, "svg_text"))


def _svg_text(
    maze: GridMaze,
    style: GridStyle | None,
    path: Any,
    heat: Any,
    info: dict[str, Any] | None,
    openings: Any,
) -> str:
    """:func:`svg_text` of its arguments, positional (a weave's PNG and PDF draw it too)."""
    style, nodes, shades, closed = _prepared(maze, style, path, heat, openings)
    if len(maze.grid.under):
        from tilewright.mazes.weave_pictures import weave_svg_text

        return weave_svg_text(maze, style, nodes, shades, info, closed)
    return _document(maze, style, _layers(maze, style, nodes, shades, closed), info)


def _prepared(
    maze: GridMaze, style: GridStyle | None, path: object, heat: object, openings: object
) -> tuple[GridStyle, np.ndarray, np.ndarray | None, np.ndarray]:
    """The arguments of a picture checked: the style, the path's nodes, the heat levels
    and the walls to draw; refused up front when the text would not fit in memory."""
    check_grid_maze(maze)
    grid = maze.grid
    style = grid_style(grid) if style is None else _check_style(style)
    nodes = _checked_path(maze, path)
    shades = None if heat is None else _checked_heat(maze, heat)
    closed = closed_walls(maze, cast(Any, openings))
    check_fits(
        _SVG_BYTES_PER_SEGMENT * (int(closed.sum()) + len(nodes))
        + (0 if shades is None else _SVG_BYTES_PER_CORNER * len(grid.polygons)),
        "the SVG text",
    )
    return style, nodes, shades, closed


@fill_maze_doc
def png_bytes(maze: GridMaze, **options: Unpack[PictureOptions[GridStyle, int]]) -> bytes:
    """The maze as a PNG: the SVG of :func:`svg_text` drawn by cairo, the record in a text
    chunk. Hairlines are drawn one pixel wide.

    Parameters
    ----------
    %(grid_maze)s
    **options
        Keyword-only arguments:
    %(grid_picture_options)s

    %(png_returns)s

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> png_bytes(generate_on(square_grid(3, 2), seed=1))[1:4]
    b'PNG'
    """
    import io

    import cairocffi

    from tilewright.core.metadata import png_text

    style, path, heat, info, openings = picture_arguments(options, PictureOptions, "png_bytes")
    check_grid_maze(maze)
    style = grid_style(maze.grid) if style is None else _check_style(style)
    if style.stroke < 1:  # a hairline as thin as that would vanish in anti-aliasing
        style = GridStyle(style.cell, 1.0, style.wall_colour, style.background, style.path_colour)
    width, height = picture_size(maze.grid, style)
    if width * height > MAX_PIXELS:
        raise TilewrightError(
            f"a {width}x{height} picture is too large; use a smaller --cell or SVG"
        )
    check_fits(_PNG_BYTES_PER_PIXEL * width * height, "the picture")
    sink = io.BytesIO()
    if len(maze.grid.under):  # the weave's inset drawing exists as SVG only
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface

        svg = _svg_text(maze, style, path, heat, info, openings).encode()
        check_fits(len(svg) * _CAIRO_BYTES_PER_SVG_BYTE, "drawing the picture")
        # unsafe: the document is our own, with no external references; the safe parser
        # refuses the large documents large mazes are
        PNGSurface(Tree(bytestring=svg, unsafe=True), sink, 96).finish()
    else:
        style, layers = _drawing(maze, style, path, heat, openings)
        surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, width, height)
        _paint(cairocffi.Context(surface), style, layers)
        surface.write_to_png(sink)
    return _with_text(sink.getvalue(), png_text(maze.info if info is None else info))


@fill_maze_doc
def pdf_bytes(maze: GridMaze, **options: Unpack[PdfOptions[GridStyle, int]]) -> bytes:
    """The maze as a one-page vector PDF, drawn by cairo as :func:`svg_text` writes it,
    fitted to a page of ``paper`` as ``tilewright.core.pdf`` fits SVG
    (``core.pdf.placement``); the record in the document information.

    Parameters
    ----------
    %(grid_maze)s
    **options
        Keyword-only arguments:
    %(grid_picture_options)s
    %(paper)s

    %(pdf_returns)s

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> pdf_bytes(generate_on(square_grid(3, 2), seed=1))[:5]
    b'%PDF-'
    """
    from tilewright.core.pdf import pdf_from_painter, pdf_from_svg

    style, path, heat, info, openings = picture_arguments(options, PdfOptions, "pdf_bytes")
    paper = options.get("paper", DEFAULT_PAPER)
    check_grid_maze(maze)
    info = maze.info if info is None else info
    if len(maze.grid.under):  # the weave's inset drawing exists as SVG only
        return pdf_from_svg(_svg_text(maze, style, path, heat, info, openings), info, paper)
    style, layers = _drawing(maze, style, path, heat, openings)
    # Why not pdf_from_svg: a million-cell maze took 80 s through CairoSVG
    return pdf_from_painter(
        *layers.size, lambda context: _paint(context, style, layers), info, paper
    )


def _drawing(
    maze: GridMaze,
    style: GridStyle | None,
    path: np.ndarray | None,
    heat: np.ndarray | None,
    openings: Sequence[int] | np.ndarray | None,
) -> tuple[GridStyle, "_Layers"]:
    """The style and the layers cairo paints (for PNG and PDF), once their memory is
    known to fit."""
    style, nodes, shades, closed = _prepared(maze, style, path, heat, openings)
    layers = _layers(maze, style, nodes, shades, closed)
    check_fits(_CAIRO_BYTES_PER_POINT * _points(layers), "drawing the picture")
    return style, layers


def _points(layers: "_Layers") -> int:
    """How many points the picture draws: what cairo's memory grows with."""
    heat = sum(len(ids) for _, _, ids in layers.heat)
    return len(layers.walls[1]) + heat + len(layers.route)


# --- drawing --------------------------------------------------------------------------


def transform(grid: PolygonGrid, style: GridStyle) -> tuple[float, float, float]:
    """``(scale, dx, dy)``: a point ``(x, y)`` of the grid is drawn at
    ``(x * scale + dx, y * scale + dy)`` pixels, the walls' half width inside the picture.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> transform(square_grid(2, 2), GridStyle(cell=10, wall=2))
    (10.0, 1.0, 1.0)
    """
    x0, y0, _, _, unit = _frame(grid)
    scale = style.cell / unit
    margin = style.stroke / 2
    return scale, margin - x0 * scale, margin - y0 * scale


@dataclass(frozen=True)
class _Layers:
    """One picture as both the SVG writer and the cairo painter draw it, in pixels: so the
    SVG, the PNG and the PDF of a maze cannot drift apart."""

    size: tuple[int, int]
    xy: np.ndarray  # float (V, 2): every vertex's position
    walls: tuple[np.ndarray, np.ndarray]  # the closed walls as polylines (ptr, ids)
    heat: list[tuple[str, np.ndarray, np.ndarray]]  # per shade: #rrggbb and cells' outlines
    route: np.ndarray  # float (k, 2): the solution's points (k = 0: none)
    route_width: float
    mark_radius: float


def _layers(
    maze: GridMaze,
    style: GridStyle,
    nodes: np.ndarray,
    shades: np.ndarray | None,
    closed: np.ndarray,
) -> _Layers:
    from tilewright.core.polylines import join_segments

    grid = maze.grid
    walls = join_segments(grid.walls, closed, num_vertices=len(grid.vertices))
    heat = [] if shades is None else _heat_outlines(grid, shades[: grid.num_cells])
    route_width, mark_radius = route_sizes(grid, style, nodes)
    return _Layers(
        size=picture_size(grid, style),
        xy=_pixels(grid, style, grid.vertices),
        walls=walls,
        heat=heat,
        route=_pixels(grid, style, route_points(grid, nodes)),
        route_width=route_width,
        mark_radius=mark_radius,
    )


def route_points(grid: PolygonGrid, nodes: np.ndarray) -> np.ndarray:
    """The points a solution through ``nodes`` is drawn along, in drawing units: each
    node's cell centre, and between two of them the middle of the wall they share.

    Why the walls' middles: the straight line between two centres can cut the corner of a
    closed wall where cells are not symmetric about the wall (polar cells of two rings,
    the Spectre's tiles); through the middle of the open wall, the path is seen to pass
    where the passage is. Steps without a shared wall (a weave's under-passage, nodes
    that are not neighbours) go straight.

    Parameters
    ----------
    grid : PolygonGrid
        The grid.
    nodes : numpy.ndarray
        Integers: graph nodes along the path.

    Returns
    -------
    numpy.ndarray
        float, shape (2k - 1, 2) for k nodes: centre, wall middle, centre, …

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> route_points(square_grid(2, 1), np.array([0, 1])).tolist()
    [[0.5, 0.5], [1.0, 0.5], [1.5, 0.5]]
    """
    nodes = np.asarray(nodes, dtype=np.int64)
    centres = grid.centres[grid.node_cell(nodes)]
    if len(nodes) < 2:
        return centres
    slot = _step_slots(grid, nodes)
    found = slot >= 0
    middles = (centres[:-1] + centres[1:]) / 2  # no wall between: straight on
    walls = _slot_middles(grid, slot[found])
    has_wall = np.isfinite(walls[:, 0])
    middles[np.flatnonzero(found)[has_wall]] = walls[has_wall]
    points = np.empty((2 * len(nodes) - 1, 2))
    points[0::2] = centres
    points[1::2] = middles
    return points


def _step_slots(grid: PolygonGrid, nodes: np.ndarray) -> np.ndarray:
    """int64 (k - 1,): the passage (graph edge) of each step between ``nodes``, -1 for a
    step between nodes that are not neighbours."""
    graph = grid.graph
    size = graph.num_cells
    ends = np.sort(graph.endpoints.astype(np.int64), axis=1)
    keys = ends[:, 0] * size + ends[:, 1]
    order = np.argsort(keys)
    steps = np.sort(np.stack([nodes[:-1], nodes[1:]], axis=1), axis=1)
    wanted = steps[:, 0] * size + steps[:, 1]
    at = np.minimum(np.searchsorted(keys[order], wanted), len(keys) - 1)
    found = keys[order][at] == wanted if len(keys) else np.zeros(len(wanted), dtype=np.bool_)
    return np.where(found, order[at] if len(keys) else 0, -1)


def route_sizes(grid: PolygonGrid, style: GridStyle, nodes: np.ndarray) -> tuple[float, float]:
    """``(width, radius)`` in pixels of the solution through ``nodes`` and of the marks
    at its ends.

    The line is 0.4 of a cell's inside, and no wider than 0.7 of the clear width (the
    wall's width less the stroke) of the narrowest passage it runs through: on a hat
    grid, whose short edges are a quarter of a cell, a line sized by the cell would
    cover the walls. Each mark stays inside its cell: its radius at most 0.8 of the
    clear distance from the cell's centre to its nearest side.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> route_sizes(square_grid(3, 1), GridStyle(cell=10, wall=2), np.array([0, 1, 2]))
    (3.2, 2.4)
    """
    nodes = np.asarray(nodes, dtype=np.int64)
    inside = style.cell - style.stroke
    width, radius = 0.4 * inside, 0.3 * inside
    if len(nodes) == 0:
        return width, radius
    scale = transform(grid, style)[0]
    slots = _step_slots(grid, nodes) if len(nodes) > 1 else np.zeros(0, dtype=np.int64)
    slots = slots[slots >= 0]
    if len(slots):
        walled = _passage_widths(grid)[slots]
        walled = walled[walled > 0]  # beneath a crossing: no wall to pass
        if len(walled):
            width = min(width, 0.7 * (float(walled.min()) * scale - style.stroke))
    for cell in grid.node_cell(nodes[[0, -1]]).tolist():
        corners = grid.polygon(cell)
        clear = _distance_to_sides(grid.centres[cell], corners) * scale - style.stroke / 2
        radius = min(radius, 0.8 * clear)
    # a wall thicker than its passage leaves no room: a hairline's trace, still seen
    return max(width, 0.5), max(radius, 0.5)


def _distance_to_sides(point: np.ndarray, corners: np.ndarray) -> float:
    """The distance from ``point`` to the nearest side of the polygon ``corners``."""
    start, end = corners, np.roll(corners, -1, axis=0)
    along = end - start
    length = np.maximum((along**2).sum(axis=1), 1e-300)
    t = np.clip(((point - start) * along).sum(axis=1) / length, 0, 1)
    nearest = start + t[:, None] * along
    return float(np.sqrt(((nearest - point) ** 2).sum(axis=1)).min())


def _slot_middles(grid: PolygonGrid, slots: np.ndarray) -> np.ndarray:
    """float (len(slots), 2): for each passage, the middle of the wall segment it goes
    through (of several, the one nearest their mean); NaN for a passage through none."""
    inner = np.flatnonzero(np.isin(grid.wall_slot, slots))
    index = np.unique(slots)
    slot = np.searchsorted(index, grid.wall_slot[inner])  # the passage's place in index
    middle = grid.vertices[grid.walls[inner]].mean(axis=1)
    counts = np.bincount(slot, minlength=len(index))
    sums = [np.bincount(slot, middle[:, k], minlength=len(index)) for k in (0, 1)]
    mean = np.stack(sums, axis=1) / np.maximum(counts, 1)[:, None]
    # the segment nearest the mean, so that a bent shared boundary keeps its point on it
    distance = ((middle - mean[slot]) ** 2).sum(axis=1)
    order = np.lexsort((distance, slot))
    first = order[np.flatnonzero(np.diff(slot[order], prepend=-1))]
    result = np.full((len(index), 2), np.nan)
    result[slot[first]] = middle[first]
    return result[np.searchsorted(index, slots)]


def _heat_outlines(
    grid: PolygonGrid, shades: np.ndarray
) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """Each shade's colour and its cells' outlines (cells at -1 are left out)."""
    cells = np.flatnonzero(shades >= 0)
    order = cells[np.argsort(shades[cells], kind="stable")]
    levels = shades[order]
    bounds = np.flatnonzero(np.diff(levels, prepend=-1, append=HEAT_LEVELS))
    colours = gradient(HEAT_LEVELS)
    heat = []
    for low, high in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        red, green, blue = colours[levels[low]].tolist()
        heat.append((f"#{red:02x}{green:02x}{blue:02x}", *_outlines(grid, order[low:high])))
    return heat


def _document(
    maze: GridMaze, style: GridStyle, layers: _Layers, info: dict[str, Any] | None
) -> str:
    """The picture as an SVG document: background, heat map, walls, solution and marks.

    The heat map's ``crispEdges`` keeps renderers from smoothing the edges where cells of
    two shades meet, which would let the background show through as seams."""
    from tilewright.core.polylines import path_data

    width, height = layers.size
    parts = svg_opening(width, height, maze.info if info is None else info, style.background)
    if layers.heat:
        parts.append('<g shape-rendering="crispEdges" stroke="none">\n')
        for colour, ptr, ids in layers.heat:
            # the shade's own corners: path_data rounds every point it is given
            data = path_data(ptr, np.arange(len(ids)), layers.xy[ids], DECIMALS)
            parts.append(f'<path fill="{colour}" d="{data}"/>\n')
        parts.append("</g>\n")
    parts.append(
        f'<path d="{path_data(*layers.walls, layers.xy, DECIMALS)}" fill="none" '
        f'stroke="{_attribute(style.wall_colour)}" stroke-width="{style.stroke:g}" '
        'stroke-linecap="round" stroke-linejoin="round"/>\n'
    )
    route = layers.route
    if len(route):
        data = path_data(np.array([0, len(route)]), np.arange(len(route)), route, DECIMALS)
        if len(route) == 1:
            data += "Z"  # a path of one cell: nothing to stroke, its marks say where
        parts.append(
            f'<path d="{data}" fill="none" stroke="{_attribute(style.path_colour)}" '
            f'stroke-width="{layers.route_width:.2f}" stroke-linecap="round" '
            'stroke-linejoin="round"/>\n'
        )
        parts += [
            f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{layers.mark_radius:.2f}" '
            f'fill="{_attribute(style.wall_colour)}"/>\n'
            for x, y in (route[0], route[-1])
        ]
    parts.append("</svg>\n")
    return "".join(parts)


def _paint(context: Any, style: GridStyle, layers: _Layers) -> None:
    """Draw the picture with cairo, as :func:`_document` writes it."""
    import cairocffi

    width, height = layers.size
    context.rectangle(0, 0, width, height)
    context.set_source_rgb(*rgb(style.background))
    context.fill()
    if layers.heat:
        context.set_antialias(cairocffi.ANTIALIAS_NONE)  # as crispEdges: no seams
        for colour, ptr, ids in layers.heat:
            append_polylines(context, ptr, ids, layers.xy)
            context.set_source_rgb(*rgb(colour))
            context.fill()
        context.set_antialias(cairocffi.ANTIALIAS_DEFAULT)
    context.set_line_join(cairocffi.LINE_JOIN_ROUND)
    context.set_line_cap(cairocffi.LINE_CAP_ROUND)
    append_polylines(context, *layers.walls, layers.xy)
    context.set_source_rgb(*rgb(style.wall_colour))
    context.set_line_width(style.stroke)
    context.stroke()
    route = layers.route
    if len(route):
        append_polylines(context, np.array([0, len(route)]), np.arange(len(route)), route)
        context.set_source_rgb(*rgb(style.path_colour))
        context.set_line_width(layers.route_width)
        context.stroke()
        context.set_source_rgb(*rgb(style.wall_colour))
        for x, y in (route[0], route[-1]):
            context.new_sub_path()
            context.arc(float(x), float(y), layers.mark_radius, 0, 2 * math.pi)
        context.fill()


def _outlines(grid: PolygonGrid, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``cells``' outlines as closed polylines (each ends with its first corner)."""
    starts = grid.polygon_ptr[cells]
    counts = grid.polygon_ptr[cells + 1] - starts
    lengths = counts + 1
    ptr = np.zeros(len(cells) + 1, dtype=np.int64)
    np.cumsum(lengths, out=ptr[1:])
    step = np.arange(ptr[-1], dtype=np.int64) - np.repeat(ptr[:-1], lengths)
    step %= np.repeat(counts, lengths)  # the extra last corner wraps round to the first
    return ptr, grid.polygons[np.repeat(starts, lengths) + step]


def _pixels(grid: PolygonGrid, style: GridStyle, points: np.ndarray) -> np.ndarray:
    scale, dx, dy = transform(grid, style)
    return points * scale + np.array([dx, dy])


def _frame(grid: PolygonGrid) -> tuple[float, float, float, float, float]:
    """``(x0, y0, x1, y1, unit)``: the grid's bounds, and the side of a square of a cell's
    average area, in drawing units. Kept per grid: fitting a picture to the budget asks
    for them a dozen times, and a million cells take a tenth of a second each time."""
    frame = _FRAMES.get(grid)
    if frame is None:
        x, y = grid.vertices[:, 0], grid.vertices[:, 1]
        x0, y0, x1, y1 = float(x.min()), float(y.min()), float(x.max()), float(y.max())
        area = float(grid.areas().sum()) / grid.num_cells
        unit = math.sqrt(area) if area > 0 else max(x1 - x0, y1 - y0, 1.0)
        frame = _FRAMES[grid] = (x0, y0, x1, y1, unit)
    return frame


def _default_wall(grid: PolygonGrid, cell: int, narrowest: float) -> int:
    """The wall width when none is given: a sixth of the cell (``default_wall``), and no
    more than a third of the narrowest passage, ``narrowest`` drawing units wide, so
    that walls never close the short edges of a hat or a Spectre; at least 1."""
    passage = narrowest * cell / _frame(grid)[4]
    return max(1, min(default_wall(cell), round(passage / 3)))


def _passage_widths(grid: PolygonGrid) -> np.ndarray:
    """float (P,): how wide each passage is, in drawing units: the length of the wall it
    goes through (of a wall drawn as several segments, a polar cell's arc, their sum)."""
    inner = np.flatnonzero(grid.wall_slot >= 0)
    ends = grid.vertices[grid.walls[inner]]
    lengths = np.hypot(*(ends[:, 1] - ends[:, 0]).T)
    return np.bincount(grid.wall_slot[inner], lengths, minlength=len(grid.graph.endpoints))


def _narrowest_passage(grid: PolygonGrid) -> float:
    """The width of the grid's narrowest passage in drawing units (its cell's side when
    it has none)."""
    widths = _passage_widths(grid)
    widths = widths[widths > 0]  # a weave's passages beneath a crossing have no wall
    return float(widths.min()) if len(widths) else _frame(grid)[4]


def _size(grid: PolygonGrid, cell: int, line: float) -> tuple[int, int]:
    x0, y0, x1, y1, unit = _frame(grid)
    scale = cell / unit
    return math.ceil((x1 - x0) * scale + line - 1e-9), math.ceil((y1 - y0) * scale + line - 1e-9)


# --- checks ---------------------------------------------------------------------------


def _check_grid(grid: object) -> None:
    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")


def _check_style(style: object) -> GridStyle:
    if not isinstance(style, GridStyle):
        raise TypeError(f"style must be a GridStyle, not {type(style).__name__}")
    return style


def _checked_path(maze: GridMaze, path: object) -> np.ndarray:
    """The path's nodes as int64, checked to be nodes of the maze's graph (empty: none)."""
    if path is None:
        return np.zeros(0, dtype=np.int64)
    try:
        nodes = np.asarray(path)
    except (TypeError, ValueError):
        raise TypeError("path must be a sequence of graph nodes") from None
    if nodes.size == 0:
        return np.zeros(0, dtype=np.int64)
    if nodes.dtype.kind not in "iu":
        raise TypeError(f"path must hold integer nodes, not {nodes.dtype}")
    if nodes.ndim != 1:
        raise TilewrightError(f"path must be a list of nodes, got shape {nodes.shape}")
    if nodes.min() < 0 or nodes.max() >= maze.num_nodes:
        raise TilewrightError(f"the path leaves the maze's nodes (0 to {maze.num_nodes - 1})")
    return nodes.astype(np.int64)


def _checked_heat(maze: GridMaze, heat: object) -> np.ndarray:
    """Heat levels of the cells, from distances per cell or per graph node."""
    levels = heat_levels(cast(np.ndarray, heat))  # its type and range are checked there
    if levels.ndim != 1 or len(levels) not in (maze.num_cells, maze.num_nodes):
        raise TilewrightError(
            f"heat must hold one distance per cell ({maze.num_cells}) or per node "
            f"({maze.num_nodes}), got shape {levels.shape}"
        )
    return levels


def _checked_openings(grid: PolygonGrid, openings: object) -> np.ndarray:
    """Wall ids of the outer boundary, int64."""
    if openings is None:
        return np.zeros(0, dtype=np.int64)
    walls = np.asarray(openings)
    if walls.size == 0:
        return np.zeros(0, dtype=np.int64)
    if walls.dtype.kind not in "iu" or walls.ndim != 1:
        raise TypeError("openings must be a sequence of wall ids")
    if walls.min() < 0 or walls.max() >= len(grid.walls):
        raise TilewrightError(f"an opening must be a wall id, 0 to {len(grid.walls) - 1}")
    if np.any(grid.wall_cells[walls, 1] != OUTSIDE):
        raise TilewrightError("an opening must be a wall of the outer boundary")
    return walls.astype(np.int64)


def _opening(grid: PolygonGrid, cell: int, what: str, taken: np.ndarray) -> np.ndarray:
    """The gap for ``cell``: its boundary segment farthest from the grid's centre (not one
    of ``taken``) and the boundary segments continuing it in about its direction."""
    cell = require_int(cell, what)
    if not 0 <= cell < grid.num_cells:
        raise TilewrightError(
            f"the {what} {shown(cell)} is not a cell of the grid (cells 0-{grid.num_cells - 1})"
        )
    walls = np.flatnonzero((grid.wall_cells[:, 0] == cell) & (grid.wall_cells[:, 1] == OUTSIDE))
    walls = walls[~np.isin(walls, taken)]
    if len(walls) == 0:
        raise TilewrightError(
            f"the {what} {cell} has no wall on the outer boundary "
            f"{'left ' if len(taken) else ''}for an opening"
        )
    x0, y0, x1, y1 = grid.bounds()
    ends = grid.vertices[grid.walls[walls]]  # (k, 2 ends, 2)
    middle = ends.mean(axis=1) - np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    far = np.hypot(middle[:, 0], middle[:, 1])
    step = ends[:, 1] - ends[:, 0]
    # each segment's direction as a line (mod 180°), and how steep it is
    angle = np.arctan2(step[:, 1], step[:, 0]) % np.pi
    rise = np.minimum(angle, np.pi - angle)
    tied = far >= far.max() * (1 - _TIE) - 1e-12
    # among the farthest, the flattest (a top or bottom side), then the lowest id
    chosen = int(np.lexsort((walls, rise, ~tied))[0])
    # grow the gap along the cell's outline while the direction stays close
    turn = np.abs(angle - angle[chosen])
    near = np.minimum(turn, np.pi - turn) <= math.radians(GAP_TURN)
    gap = np.zeros(len(walls), dtype=np.bool_)
    gap[chosen] = True
    ids = grid.walls[walls]
    while True:  # (the directions bound it: a whole outline turns by 360°)
        touching = np.isin(ids, ids[gap]).any(axis=1) & near & ~gap
        if not touching.any():
            break
        gap |= touching
    return walls[gap].astype(np.int64)


def _with_text(png: bytes, chunks: dict[str, str]) -> bytes:
    """``png`` with ``tEXt`` chunks added after its header chunk (IHDR is always first,
    25 bytes in after the 8-byte signature)."""
    added = b""
    for key, value in chunks.items():
        data = key.encode("latin-1") + b"\0" + value.encode("latin-1", "replace")
        body = b"tEXt" + data
        added += len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    head = 8 + 25
    return png[:head] + added + png[head:]
