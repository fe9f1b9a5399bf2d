"""Printable pictures of Loopy puzzles on any of the collection's grids: the dots, faint
face outlines, each clue centred in its face and, for a solution, the loop as thick lines.

One description of the picture (``_Layers``: positions in pixels, widths, the clues'
places and sizes) is both written as SVG and painted by cairo for PNG and PDF, so that
the three cannot drift apart (as mazes on polygon grids draw theirs).

Each clue sits at its face's *pole*: the point inside it farthest from its sides, which
the centroid of a concave tile (a hat, a Spectre) is not, at the largest size whose box
fits inside the face there (:func:`clue_places`), so that a thin Penrose rhomb and a
dodecagon each get a clue that fits them. A clue is placed by its baseline, ``BASELINE``
font sizes below the pole: renderers ignore ``dominant-baseline`` unevenly (see
``rectangles.pictures``).

Sizes follow the rule every family's pictures follow (``core.picture_size``): without a
``cell`` (pixels across a face of average area), the picture's long side is 800 to 1000
pixels, unless its smallest clue would then be below ``LEGIBLE_FONT`` pixels; a picture
never passes ``max_side`` (8192 by default) pixels a side.
"""

import io
import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack, cast

import numpy as np

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_bool, require_int, shown
from tilewright.core.options import check_options
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import (
    PIXEL_BUDGET,
    check_budget,
    check_max_side,
    check_png_pixels,
    default_cell,
    fit_cell,
)
from tilewright.loopy.check import loop_mask
from tilewright.loopy.puzzle import Puzzle

INK = "#000000"
GRID = "#c0c0c0"
BACKGROUND = "#ffffff"
FONT = "DejaVu Sans"
# the clue's baseline below its face's pole, in font sizes (a digit is about 0.73 of the
# font size high in the sans-serif fonts viewers choose)
BASELINE = 0.36
# a digit's box in font sizes: DejaVu Sans's digits are 0.636 wide (their advance) and
# 0.729 high
DIGIT_WIDTH = 0.64
DIGIT_HEIGHT = 0.73
# of the largest font whose clue box fits in its face, the share drawn: room to see the
# face's sides round it
FILL = 0.9
# and no larger than this many inner radii: a square's digits 0.44 of its side high, as
# Rectangles draws them, where the box would fill three quarters of it
FONT_PER_RADIUS = 1.2
# the room kept round a clue's box, in inner radii of its face: clear of the loop's width
GAP = 0.2
# no clue larger than this many cells (the side of a square of a face's average area):
# on a grid of dodecagons and triangles a dodecagon's would be six times a triangle's
LARGEST_FONT = 0.6
# pixels: the smallest clue a default picture has while it fits the budget
LEGIBLE_FONT = 9
# the smallest cell drawn at all
SMALLEST_CELL = 2
MAX_CELL = 4096
# sizes against the cell (pixels across a face of average area): the dots, the loop, the
# outlines and the margin
DOT_RADIUS = 0.07
LOOP_WIDTH = 0.12
OUTLINE_WIDTH = 0.025
MARGIN = 0.4
# and against the shortest edge, so that a hat's short edges stay apart
DOT_PER_EDGE = 0.18
LOOP_PER_EDGE = 0.3
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf"}
# pictures record the game ID up to this length; a longer one (megabytes for a puzzle of
# a million faces) would swell the PNG text chunk and the PDF information
SHORT_GAME_ID = 2000
# bytes of SVG per clue (a text element) and per dot or loop point
_SVG_BYTES_PER_CLUE = 80
_SVG_BYTES_PER_POINT = 24
# faces whose poles are searched at once, and the candidates tried per face and round
_POLE_CHUNK = 4096
_POLE_GRID = 7
_POLE_ROUNDS = 5
# halvings of the font sizes' interval: 4 inner radii to a 4000th of one
_FONT_ROUNDS = 12
# each puzzle's clue places and sizes, for as long as it lives: a picture asks for them
# to choose its size, then to draw
_PLACES: "weakref.WeakKeyDictionary[Puzzle, tuple[np.ndarray, np.ndarray]]" = (
    weakref.WeakKeyDictionary()
)


class PictureOptions(TypedDict, total=False):
    """The keyword arguments of :func:`svg_text` and :func:`png_bytes`, described there."""

    loop: Any
    cell: int | None
    info: Mapping[str, object] | None
    max_side: int | None
    outlines: bool


class PdfOptions(PictureOptions, total=False):
    """The keyword arguments of :func:`pdf_bytes`, :func:`save` and :func:`encode`: those
    of :class:`PictureOptions` and the page."""

    paper: str | None


# the options' descriptions, in the docstring of every function that takes them
fill_doc = filler(
    {
        "loopy_picture": """\
**options
    Keyword-only arguments:
loop : array_like, optional
    The loop to draw: a bool array over the planar map's edges, or the edges' numbers.
cell : int, optional
    Pixels (SVG user units) across a face of average area; default
    :func:`picture_cell`'s.
info : mapping, optional
    What made the puzzle, recorded in the picture's metadata; default its game ID
    (when short) and whether the loop is shown.
max_side : int, optional
    The largest side in pixels (default 8192).
outlines : bool, default True
    Draw the faces' outlines faintly, so that irregular grids can be read.""",
    }
)


@dataclass(frozen=True)
class _Layers:
    """One picture, in pixels, as both the SVG writer and the cairo painter draw it."""

    size: tuple[int, int]
    dots: np.ndarray  # float (V, 2)
    edges: np.ndarray  # int (E, 2): the outlines, each edge once
    loop: tuple[np.ndarray, np.ndarray]  # the loop's polylines (ptr, dot ids)
    texts: list[str]  # the clues
    places: np.ndarray  # float (k, 2): each clue's centre of baseline
    fonts: np.ndarray  # float (k,): each clue's font size
    dot_radius: float
    loop_width: float
    outline_width: float


def clue_places(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray]:
    """Where each face's clue goes and how large it is, in the grid's units.

    The place is the face's pole: the point inside it farthest from its sides, found by
    search (the best of a grid of points over the face's bounds, then of finer grids
    round the best one; exact for regular polygons and rhombs, within a few hundredths
    of a side for the concave hats and Spectres). The font is the largest whose clue box
    (``DIGIT_WIDTH`` by ``DIGIT_HEIGHT`` font sizes a digit, as many digits as the
    face's largest clue, its number of sides, has) centred there fits inside the face,
    found by bisection, clear of the sides by ``GAP``, times ``FILL``; at most
    ``FONT_PER_RADIUS`` inner radii and ``LARGEST_FONT`` cells (a cell: the side of a
    square of a face's average area).

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    poles : numpy.ndarray
        float (F, 2).
    fonts : numpy.ndarray
        float (F,).

    Examples
    --------
    >>> poles, fonts = clue_places(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"))
    >>> poles[0].round(3).tolist(), round(float(fonts[0]), 2)
    ([0.5, 0.5], 0.6)
    """
    places = _PLACES.get(puzzle)
    if places is None:
        places = _PLACES[puzzle] = _clue_places(puzzle)
    return places


def _clue_places(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray]:
    """:func:`clue_places`, worked out once for each shape of face: faces alike up to a
    shift (every square of a square grid; a few dozen turns of a Spectre) share their
    clue's place, relative to their first corner, and its size."""
    plan = puzzle.plan
    degree = np.diff(plan.face_ptr)
    column = np.arange(int(degree.max()))
    # each face's corners padded to the longest face by repeating its last one: a side
    # of no length, whose distance is a corner's, never nearer than the corner's sides
    here = np.minimum(column, degree[:, None] - 1)
    after = np.where(column < degree[:, None], (column + 1) % degree[:, None], here)
    start = plan.face_ptr[:-1, None]
    first = plan.dots[plan.face_dots[plan.face_ptr[:-1]]]
    corners = plan.dots[plan.face_dots[start + here]] - first[:, None, :]
    # a millionth of a side: the collection's random grids carry rounding noise
    shapes = np.round(corners, 6).reshape(len(corners), -1)
    _, chosen, shape_of = np.unique(shapes, axis=0, return_index=True, return_inverse=True)
    a = corners[chosen]
    b = np.take_along_axis(a, np.broadcast_to(after[chosen][..., None], a.shape), axis=1)
    digits = np.where(degree[chosen] >= 10, 2, 1)
    poles = np.empty((len(chosen), 2))
    fonts = np.empty(len(chosen))
    for low in range(0, len(chosen), _POLE_CHUNK):
        part = slice(low, low + _POLE_CHUNK)
        poles[part], radius = _poles(a[part], b[part])
        fitting = _fitting_fonts(a[part], b[part], poles[part], radius, digits[part])
        fonts[part] = np.minimum(fitting, FONT_PER_RADIUS * radius)
    fonts = np.minimum(fonts, LARGEST_FONT * _unit(puzzle))
    shape_of = shape_of.ravel()
    return first + poles[shape_of], fonts[shape_of]


def _poles(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The poles of faces whose sides run from ``a`` to ``b`` (float (n, D, 2)), and their
    distances from the faces' sides."""
    low, high = a.min(axis=1), a.max(axis=1)
    best = a.mean(axis=1)
    score = _clearance(best[:, None, :], a, b)[:, 0]
    span = high - low
    middle = (low + high) / 2
    steps = np.linspace(-0.5, 0.5, _POLE_GRID)
    offsets = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)
    for _ in range(_POLE_ROUNDS):
        points = middle[:, None, :] + offsets[None] * span[:, None, :]
        clear = _clearance(points, a, b)
        pick = clear.argmax(axis=1)
        found = clear[np.arange(len(pick)), pick]
        better = found > score
        best[better] = points[np.flatnonzero(better), pick[better]]
        score = np.maximum(score, found)
        middle = best.copy()
        span = span * (2.0 / (_POLE_GRID - 1))  # the next grid spans two of this one's steps
    return best, np.maximum(score, 0.0)


def _fitting_fonts(
    a: np.ndarray,
    b: np.ndarray,
    poles: np.ndarray,
    radius: np.ndarray,
    digits: np.ndarray,
) -> np.ndarray:
    """The largest font, by bisection, whose clue box centred at each pole, grown by
    ``GAP`` of the face's inner radius, has its corners inside the face and none of the
    face's corners inside it; times ``FILL``."""
    gap = GAP * radius[:, None]
    half = np.stack([DIGIT_WIDTH / 2 * digits, np.full(len(digits), DIGIT_HEIGHT / 2)], axis=1)
    # the box's half diagonal is under 0.75 font sizes, and the gap adds under 1.5 gaps
    # to it: so a box this large fits in the face's inner circle
    low, high = (1 - 1.5 * GAP) * radius / 0.75, 4 * radius + 1e-12
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    near = np.abs(a - poles[:, None, :])
    for _ in range(_FONT_ROUNDS):
        font = (low + high) / 2
        reach = half * font[:, None] + gap
        box = poles[:, None, :] + corners[None] * reach[:, None, :]
        inside = (_clearance(box, a, b) > 0).all(axis=1)
        pierced = (near < reach[:, None, :]).all(axis=2).any(axis=1)
        fits = inside & ~pierced
        low = np.where(fits, font, low)
        high = np.where(fits, high, font)
    return FILL * low


def _clearance(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """float (n, k): the distance from each of the ``k`` points of each face to the face's
    nearest side, negative for a point outside the face."""
    p = points[:, :, None, :]  # (n, k, 1, 2)
    start, end = a[:, None], b[:, None]  # (n, 1, D, 2)
    along = end - start
    length = np.maximum((along**2).sum(axis=-1), 1e-300)
    t = np.clip(((p - start) * along).sum(axis=-1) / length, 0.0, 1.0)
    nearest = start + t[..., None] * along
    distance = np.sqrt(((p - nearest) ** 2).sum(axis=-1)).min(axis=-1)
    # even-odd rule: a ray to the right crosses the sides an odd number of times
    y0, y1 = start[..., 1], end[..., 1]
    py = p[..., 1]
    spans = (y0 > py) != (y1 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        cross = start[..., 0] + (py - y0) * along[..., 0] / (y1 - y0)
    inside = (spans & (p[..., 0] < cross)).sum(axis=-1) % 2 == 1
    return np.where(inside, distance, -distance)


def _unit(puzzle: Puzzle) -> float:
    """The side of a square of a face's average area, in the grid's units."""
    plan = puzzle.plan
    x, y = plan.dots[plan.face_dots, 0], plan.dots[plan.face_dots, 1]
    nxt = np.arange(len(plan.face_dots)) + 1
    ends = plan.face_ptr[1:] - 1
    nxt[ends] = plan.face_ptr[:-1]  # each face's last corner joins its first
    cross = x * y[nxt] - x[nxt] * y
    area = np.abs(np.add.reduceat(cross, plan.face_ptr[:-1])).sum() / 2
    return math.sqrt(area / plan.num_faces) if area > 0 else 1.0


def _bounds(puzzle: Puzzle) -> tuple[float, float, float, float]:
    dots = puzzle.plan.dots
    x0, y0 = dots.min(axis=0)
    x1, y1 = dots.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def picture_size(puzzle: Puzzle, cell: int) -> tuple[int, int]:
    """The size in pixels of a picture of ``puzzle`` at ``cell`` pixels across a face of
    average area: the grid's bounds and a margin of ``MARGIN`` cells around them.

    Examples
    --------
    >>> picture_size(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"), 40)
    (232, 232)
    """
    x0, y0, x1, y1 = _bounds(puzzle)
    scale = cell / _unit(puzzle)
    margin = 2 * math.ceil(MARGIN * cell)
    return math.ceil((x1 - x0) * scale) + margin, math.ceil((y1 - y0) * scale) + margin


def picture_cell(puzzle: Puzzle, cell: int | None = None, max_side: int | None = None) -> int:
    """The cell to draw at: ``cell`` checked against ``max_side`` (default 8192), or,
    without one, the cell that gives a long side of 800 to 1000 pixels, larger when the
    smallest clue would be below ``LEGIBLE_FONT`` pixels, within ``max_side``.

    Parameters
    ----------
    puzzle : Puzzle
    cell : int, optional
        Pixels across a face of average area.
    max_side : int, optional
        The largest side in pixels.

    Returns
    -------
    int
        Pixels across a face of average area.

    Raises
    ------
    TypeError
        When ``cell`` or ``max_side`` is not an integer.
    TilewrightError
        When the picture would pass ``max_side`` (naming the cell that fits) or ``cell``
        is out of range.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    >>> picture_cell(puzzle), picture_cell(puzzle, 30)
    (172, 30)
    """
    _check_puzzle(puzzle)
    budget = PIXEL_BUDGET if max_side is None else check_max_side(max_side)

    def size_at(side: int) -> tuple[int, int]:
        return picture_size(puzzle, side)

    if cell is None:
        _, fonts = clue_places(puzzle)
        given = fonts[puzzle.clues >= 0]
        smallest = float((given if len(given) else fonts).min()) / _unit(puzzle)
        legible = min(MAX_CELL, max(SMALLEST_CELL, math.ceil(LEGIBLE_FONT / max(smallest, 1e-9))))
        cell = default_cell(size_at, legible, SMALLEST_CELL, budget)
        check_budget(size_at(cell), budget)
        return cell
    cell = require_int(cell, "cell")
    if not SMALLEST_CELL <= cell <= MAX_CELL:
        raise TilewrightError(f"cell must be {SMALLEST_CELL} to {MAX_CELL}, got {shown(cell)}")
    best = fit_cell(size_at, cell, SMALLEST_CELL, budget)
    fits = max(size_at(best)) <= budget and best < cell
    check_budget(size_at(cell), budget, fits=best if fits else None)
    return cell


def _layers(puzzle: Puzzle, loop: Any, cell: int | None, max_side: int | None) -> _Layers:
    """The picture checked and measured: refused, before anything is drawn, when the
    loop does not fit the puzzle or the text would not fit in memory."""
    from tilewright.core.polylines import join_segments

    _check_puzzle(puzzle)
    on = None if loop is None else loop_mask(puzzle, loop)
    cell = picture_cell(puzzle, cell, max_side)
    plan = puzzle.plan
    clued = np.flatnonzero(puzzle.clues >= 0)
    check_fits(
        _SVG_BYTES_PER_CLUE * len(clued)
        + _SVG_BYTES_PER_POINT * (len(plan.dots) + len(plan.edges)),
        "the picture's drawing",
    )
    x0, y0, _, _ = _bounds(puzzle)
    scale = cell / _unit(puzzle)
    margin = math.ceil(MARGIN * cell)
    dots = (plan.dots - np.array([x0, y0])) * scale + margin
    lengths = np.hypot(*(plan.dots[plan.edges[:, 1]] - plan.dots[plan.edges[:, 0]]).T)
    shortest = float(lengths.min()) * scale
    poles, fonts = clue_places(puzzle)
    fonts = np.round(fonts[clued] * scale, 1)
    places = (poles[clued] - np.array([x0, y0])) * scale + margin
    places[:, 1] += BASELINE * fonts
    if on is None:
        drawn = (np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32))
    else:
        drawn = join_segments(plan.edges, on, num_vertices=len(plan.dots))
    return _Layers(
        size=picture_size(puzzle, cell),
        dots=dots,
        edges=plan.edges,
        loop=drawn,
        texts=[str(int(clue)) for clue in puzzle.clues[clued].tolist()],
        places=places,
        fonts=fonts,
        dot_radius=max(1.0, min(DOT_RADIUS * cell, DOT_PER_EDGE * shortest)),
        loop_width=max(1.5, min(LOOP_WIDTH * cell, LOOP_PER_EDGE * shortest)),
        outline_width=max(0.5, OUTLINE_WIDTH * cell),
    )


@fill_doc
def svg_text(puzzle: Puzzle, **options: Unpack[PictureOptions]) -> str:
    """The puzzle (or, with ``loop``, its solution) as an SVG document, what made it in a
    ``<metadata>`` element.

    Parameters
    ----------
    puzzle : Puzzle
    %(loopy_picture)s

    %(svg_returns)s

    Raises
    ------
    %(wrong_type)s
    TilewrightError
        When ``loop`` does not fit the puzzle, or the picture would pass ``max_side``.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    >>> svg = svg_text(puzzle)
    >>> svg.count("<text"), int((puzzle.clues >= 0).sum())
    (12, 12)
    """
    from tilewright.core.metadata import svg_element
    from tilewright.core.polylines import path_data

    layers, outlines = _drawn(puzzle, options, PictureOptions, "svg_text")
    width, height = layers.size
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n',
        svg_element(_info(puzzle, options)) + "\n",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{BACKGROUND}"/>\n',
    ]
    if outlines:
        ptr = np.arange(0, 2 * len(layers.edges) + 1, 2)
        data = path_data(ptr, layers.edges.ravel(), layers.dots)
        parts.append(
            f'<path d="{data}" fill="none" stroke="{GRID}" '
            f'stroke-width="{layers.outline_width:.2f}" stroke-linecap="round"/>\n'
        )
    if len(layers.loop[1]):
        parts.append(
            f'<path d="{path_data(*layers.loop, layers.dots)}" fill="none" stroke="{INK}" '
            f'stroke-width="{layers.loop_width:.2f}" stroke-linecap="round" '
            'stroke-linejoin="round"/>\n'
        )
    # every dot a line of no length with round ends: one element for all of them
    dots = "".join(f"M{x:.2f} {y:.2f}h0" for x, y in layers.dots.tolist())
    parts.append(
        f'<path d="{dots}" stroke="{INK}" stroke-width="{2 * layers.dot_radius:.2f}" '
        'stroke-linecap="round"/>\n'
    )
    parts.append(f'<g font-family="{FONT}, Arial, sans-serif" text-anchor="middle" fill="{INK}">\n')
    for text, (x, y), font in zip(
        layers.texts, layers.places.tolist(), layers.fonts.tolist(), strict=True
    ):
        parts.append(f'<text x="{x:.2f}" y="{y:.2f}" font-size="{font:g}">{text}</text>\n')
    parts.append("</g>\n</svg>\n")
    return "".join(parts)


@fill_doc
def png_bytes(puzzle: Puzzle, **options: Unpack[PictureOptions]) -> bytes:
    """The puzzle (or, with ``loop``, its solution) as a PNG drawn by cairo, what made it
    in a text chunk.

    Parameters
    ----------
    puzzle : Puzzle
    %(loopy_picture)s

    %(png_returns)s

    Raises
    ------
    %(wrong_type)s
    TilewrightError
        As for :func:`svg_text`, and when the PNG would not fit in memory.

    Examples
    --------
    >>> png_bytes(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"), cell=20)[1:4]
    b'PNG'
    """
    from tilewright.core.metadata import png_text
    from tilewright.core.raster import PolygonCanvas

    layers, outlines = _drawn(puzzle, options, PictureOptions, "png_bytes")
    width, height = layers.size
    check_png_pixels(width, height, "use a smaller cell or SVG")
    canvas = PolygonCanvas(width, height, BACKGROUND)
    for _, context in canvas.windows:
        _paint(context, layers, outlines)
    sink = io.BytesIO()
    canvas.write_png(sink, png_text(_info(puzzle, options)))
    return sink.getvalue()


@fill_doc
def pdf_bytes(puzzle: Puzzle, **options: Unpack[PdfOptions]) -> bytes:
    """The puzzle (or its solution) as a one-page vector PDF, drawn by cairo as
    :func:`svg_text` writes it and fitted to a page of ``paper`` (``core.pdf.placement``).

    Parameters
    ----------
    puzzle : Puzzle
    %(loopy_picture)s
    paper : str or None, default ``"a4"``
        ``"a4"`` or ``"letter"``; None: a page of the picture's own size.

    %(pdf_returns)s

    Examples
    --------
    >>> pdf_bytes(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"))[:5]
    b'%PDF-'
    """
    from tilewright.core.pdf import pdf_from_painter

    layers, outlines = _drawn(puzzle, options, PdfOptions, "pdf_bytes")
    return pdf_from_painter(
        *layers.size,
        lambda context: _paint(context, layers, outlines),
        _info(puzzle, options),
        options.get("paper", DEFAULT_PAPER),
    )


def _drawn(
    puzzle: Puzzle, options: PictureOptions, accepted: type, function: str
) -> tuple[_Layers, bool]:
    """The options checked (``function`` names the caller in a refusal) and the picture
    measured (:func:`_layers`), with whether it draws the outlines."""
    check_options(options, accepted, function)
    outlines = require_bool(options.get("outlines", True), "outlines")
    layers = _layers(puzzle, options.get("loop"), options.get("cell"), options.get("max_side"))
    return layers, outlines


def _paint(context: Any, layers: _Layers, outlines: bool) -> None:
    """Draw the picture with cairo, as :func:`svg_text` writes it."""
    import cairocffi

    from tilewright.core.raster import append_polylines, rgb

    width, height = layers.size
    context.rectangle(0, 0, width, height)
    context.set_source_rgb(*rgb(BACKGROUND))
    context.fill()
    context.set_line_cap(cairocffi.LINE_CAP_ROUND)
    context.set_line_join(cairocffi.LINE_JOIN_ROUND)
    if outlines:
        ptr = np.arange(0, 2 * len(layers.edges) + 1, 2)
        append_polylines(context, ptr, layers.edges.ravel(), layers.dots)
        context.set_source_rgb(*rgb(GRID))
        context.set_line_width(layers.outline_width)
        context.stroke()
    context.set_source_rgb(*rgb(INK))
    if len(layers.loop[1]):
        append_polylines(context, *layers.loop, layers.dots)
        context.set_line_width(layers.loop_width)
        context.stroke()
    # a dot: a line of no length, its round ends making the circle (as the SVG draws it)
    count = len(layers.dots)
    ptr = np.arange(0, 2 * count + 1, 2)
    append_polylines(context, ptr, np.repeat(np.arange(count), 2), layers.dots)
    context.set_line_width(2 * layers.dot_radius)
    context.stroke()
    context.select_font_face(FONT)
    for text, (x, y), font in zip(
        layers.texts, layers.places.tolist(), layers.fonts.tolist(), strict=True
    ):
        context.set_font_size(font)
        # centred on the advance, as SVG's text-anchor="middle" centres it
        context.move_to(x - context.text_extents(text)[4] / 2, y)
        context.show_text(text)


@fill_doc
def save(path: Any, puzzle: Puzzle, **options: Unpack[PdfOptions]) -> None:
    """Write the puzzle (or, with ``loop``, its solution) to ``path`` as the suffix says
    (``.svg``, ``.png`` or ``.pdf``), all or nothing (``core.output.open_output``).

    Parameters
    ----------
    path : str or os.PathLike
    puzzle : Puzzle
    %(loopy_picture)s
    paper : str, optional
        ``.pdf``: ``"a4"`` (default) or ``"letter"``.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the suffix is none of these, ``paper`` is given for another, the picture
        would pass ``max_side`` or the file cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> name = os.path.join(tempfile.mkdtemp(), "puzzle.svg")
    >>> save(name, Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"))
    >>> open(name).read().count("<text")
    12
    """
    import os

    from tilewright.core.output import format_by_suffix, open_output

    check_options(options, PdfOptions, "save")
    fmt = format_by_suffix(path, SUFFIXES, "a Loopy picture")
    if options.get("paper") is not None and fmt != "pdf":
        raise TilewrightError(f"paper applies to .pdf files, not {fmt}")
    data = encode(fmt, puzzle, **options)
    with open_output(os.fspath(path)) as stream:
        stream.write(data)


@fill_doc
def encode(fmt: str, puzzle: Puzzle, **options: Unpack[PdfOptions]) -> bytes:
    """The picture in format ``fmt`` (``"svg"``, ``"png"`` or ``"pdf"``) as bytes: what
    :func:`save` writes.

    Parameters
    ----------
    fmt : str
    puzzle : Puzzle
    %(loopy_picture)s
    paper : str, optional
        ``"pdf"``: ``"a4"`` (default) or ``"letter"``; ignored by the others.

    Examples
    --------
    >>> encode("png", Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"))[1:4]
    b'PNG'
    """
    check_options(options, PdfOptions, "encode")
    paper = options.pop("paper", None)
    drawing = cast(PictureOptions, options)  # the page taken out
    if fmt == "svg":
        return svg_text(puzzle, **drawing).encode()
    if fmt == "png":
        return png_bytes(puzzle, **drawing)
    if fmt == "pdf":
        return pdf_bytes(puzzle, **drawing, paper=paper or DEFAULT_PAPER)
    raise TilewrightError(f"unknown picture format {fmt!r}: choose from svg, png, pdf")


def _info(puzzle: Puzzle, options: PictureOptions) -> Mapping[str, object]:
    """What the picture records: ``info`` when given, else what made the puzzle."""
    info = options.get("info")
    if info is not None:
        return info
    made: dict[str, object] = {"family": "loopy"}
    game_id = puzzle.game_id
    if len(game_id) <= SHORT_GAME_ID:
        made["game_id"] = game_id
    if options.get("loop") is not None:
        made["solution"] = True
    return made


def _check_puzzle(puzzle: object) -> None:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"a picture needs a Loopy Puzzle, not {type(puzzle).__name__}")
