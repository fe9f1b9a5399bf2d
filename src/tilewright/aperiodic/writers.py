"""What every tiling's pictures share: one SVG drawing (:func:`svg_drawing`) and one PNG
painting (:func:`paint_png`), their limits and scale, outline and four colours, a tile's
path, and the checks made before a picture is drawn; and a tile's GeoJSON feature.

Coordinates are in units of one tile edge, y up, with ``DIGITS`` decimals (a micrometre on
a metre-long tile). Each tiling gives its own tiles to them (``spectre.writers``,
``hat.writers``, ``penrose.outputs``): their SVG elements, or their outlines and fills.
"""

import io
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import png_text, svg_element
from tilewright.core.numbers import quoted, require_real
from tilewright.core.picture_size import (
    PIXEL_BUDGET,
    check_max_side,
    check_png_pixels,
    default_scale,
)
from tilewright.core.raster import PolygonCanvas

DIGITS = 6
COLOURINGS = ("type", "orientation", "four")
# pixels a tile edge of a laser-cut drawing, whose size is the size it is cut at
SCALE = 10.0
# the fewest pixels a tile edge has in a picture whose scale is not given, while that
# fits the budget: a larger region draws larger than the default side (picture_scale)
LEGIBLE_SCALE = 4.0
# the most pixels a tiling's PNG may have: the whole image is drawn in memory, 4 bytes a
# pixel (fewer than ``core.picture_size``'s for the pictures drawn in windows or rows)
MAX_PNG_PIXELS = 2**28
# SVG bytes a tile, compact and plain (measured, Spectres and hats alike: 69-70, 196-299)
SVG_BYTES_PER_TILE = {False: 80, True: 320}
# The most tiles a picture draws: some 300 MB of SVG, or a PNG drawn in about two minutes
# (27,000 tiles a second), whose 8192-pixel side gives a tile about 17 pixels. Past it a
# picture is a blur that takes hours and gigabytes: refused before the walk.
MAX_PICTURE_TILES = 4_000_000
# a proper four-colouring's colours (the Spectre's, the hat's and the Penrose tilings')
FOUR_COLOURS = ("#ffb2b2", "#ffffb2", "#b2ffb2", "#9999ff")
OUTLINE = "#222222"
# the outlines' width in tile edges (SVG, and PNG down to a pixel)
OUTLINE_WIDTH = 0.06
# tiles drawn at once (handed to cairo, or written as SVG): what a part makes stays small
# beside the picture
PAINTED_AT_ONCE = 4096
# the formats written by the compiled rows (the Spectre's and the hat's ``text_rows``), on
# several threads if asked, with the neighbours across each edge if asked
TEXT_FORMATS = ("csv", "jsonl")


def byte_pieces(*texts: str) -> tuple[np.ndarray, ...]:
    """``texts`` as uint8 arrays: the constant parts of a row that a compiled writer puts
    between its numbers (``spectre._format_kernels``, ``hat._format_kernels``)."""
    return tuple(np.frombuffer(text.encode(), dtype=np.uint8) for text in texts)


def svg_drawing(
    box: tuple[float, float, float, float],
    scale: float,
    info: Mapping[str, object] | None,
    defs: str,
    pieces: Iterable[str],
    clip: bool = True,
) -> Iterator[bytes]:
    """A tiling's picture as SVG, in pieces: its size (``scale`` pixels a tile edge),
    ``info`` as metadata, the shapes its tiles use (``defs``, elements; none when empty),
    then its tiles (``pieces`` of elements, drawn from the box's lower-left corner, y up),
    outlined in ``OUTLINE`` and with ``clip`` cut at the box.

    Why from the corner: renderers work in single precision, which cannot place a tile a
    million edges out (and the metadata keeps the true origin), so the view box is
    (0, −height, width, height) with y turned down, and the tiles' group turns it up again.

    Examples
    --------
    >>> square = '<path d="M0 0L1 0L1 1L0 1z" fill="#ffb2b2"/>\\n'
    >>> svg = b"".join(svg_drawing((5, 5, 7, 6), 10, None, "", [square])).decode()
    >>> svg.count("<path"), 'viewBox="0 -1 2 1"' in svg, svg.endswith("</svg>\\n")
    (1, True, True)
    """
    x0, y0, x1, y1 = box
    width, height = svg_number(x1 - x0), svg_number(y1 - y0)
    size = f'width="{(x1 - x0) * scale:.2f}" height="{(y1 - y0) * scale:.2f}"'
    yield (
        svg_opening(size, f"0 -{height} {width} {height}", info, xlink=True)
        + f'<clipPath id="region"><rect x="0" y="-{height}" width="{width}" '
        f'height="{height}"/></clipPath>\n'
    ).encode()
    if defs:
        yield f"<defs>\n{defs}</defs>\n".encode()
    clipping = ' clip-path="url(#region)"' if clip else ""
    yield (
        f'<g{clipping}><g transform="scale(1,-1)" stroke="{OUTLINE}" '
        f'stroke-width="{OUTLINE_WIDTH:g}" stroke-linejoin="round">\n'
    ).encode()
    for piece in pieces:
        yield piece.encode()
    yield b"</g></g>\n</svg>\n"


def svg_opening(
    size: str, view_box: str, info: Mapping[str, object] | None, xlink: bool = False
) -> str:
    """A drawing's ``<svg>`` tag, with its ``size`` attributes (``width="…"
    height="…"``) and ``view_box``, and ``info`` as its metadata element, a line each;
    ``xlink`` declares the namespace that ``<use>`` links need."""
    namespaces = 'xmlns="http://www.w3.org/2000/svg"'
    if xlink:
        namespaces += ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    metadata = svg_element(info) + "\n" if info is not None else ""
    return f'<svg {namespaces} {size} viewBox="{view_box}">\n{metadata}'


def svg_number(value: float) -> str:
    """``value`` with ``DIGITS`` decimals at most and no trailing zeros (``30``, ``12.5``).

    Examples
    --------
    >>> svg_number(30.0), svg_number(1234567.25), svg_number(0.1 + 0.2)
    ('30', '1234567.25', '0.3')
    """
    return f"{value:.{DIGITS}f}".rstrip("0").rstrip(".")


def polygon_path(points: np.ndarray, number: Callable[[float], str] = svg_number) -> str:
    """A tile's closed outline as SVG path data: a move to its first corner, then a line to
    each next one relative to the one before, every coordinate written by ``number``.

    Examples
    --------
    >>> polygon_path(np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.5]]))
    'M0 0l1 0 0 1.5z'
    """
    start = points[0]
    moves = " ".join(f"{number(x)} {number(y)}" for x, y in np.diff(points, axis=0))
    return f"M{number(start[0])} {number(start[1])}l{moves}z"


def polygon_feature(properties: Mapping[str, object], ring: list) -> str:
    """One tile as a compact GeoJSON feature: its ``properties``, and its polygon, the
    ``ring`` of its corners closed.

    Examples
    --------
    >>> feature = polygon_feature({"id": 1}, [[0, 0], [1, 0], [0, 1]])
    >>> feature[:40], json.loads(feature)["geometry"]["coordinates"]
    ('{"type":"Feature","properties":{"id":1},', [[[0, 0], [1, 0], [0, 1], [0, 0]]])
    """
    feature = {
        "type": "Feature",
        "properties": properties,
        "geometry": {"type": "Polygon", "coordinates": [[*ring, ring[0]]]},
    }
    return json.dumps(feature, separators=(",", ":"))


def outline_width(scale: float) -> float:
    """A PNG's outline width in pixels at ``scale`` pixels a unit: the SVG's
    ``OUTLINE_WIDTH`` units, and a pixel at least, so that no outline fades out.

    Examples
    --------
    >>> outline_width(25), outline_width(4)
    (1.5, 1.0)
    """
    return max(1.0, OUTLINE_WIDTH * scale)


def check_picture_tiles(count: int, what: str) -> None:
    """Refuse a picture of about ``count`` ``what`` (tiles, hats) past
    ``MAX_PICTURE_TILES``.

    Examples
    --------
    >>> check_picture_tiles(10**9, "hats")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a picture of about 1,000,000,000 hats is past ...
    """
    if count > MAX_PICTURE_TILES:
        raise TilewrightError(
            f"a picture of about {count:,} {what} is past the {MAX_PICTURE_TILES:,} a picture "
            "draws: draw a smaller region (csv, jsonl and parquet take any)"
        )


def check_picture(
    box: tuple[float, float, float, float], colouring: str, scale: float
) -> tuple[float, float, float, float]:
    """Check a picture's arguments.

    Parameters
    ----------
    box : tuple of float
        (x0, y0, x1, y1), a finite rectangle of positive size.
    colouring : str
        One of ``COLOURINGS``.
    scale : float
        Finite and positive.

    Returns
    -------
    tuple of float
        The box as floats.

    Raises
    ------
    TypeError
        For wrong types.
    TilewrightError
        For values out of range.

    Examples
    --------
    >>> check_picture((0, 0, 4, 3), "four", 10)
    (0.0, 0.0, 4.0, 3.0)
    """
    if isinstance(box, str | bytes) or not hasattr(box, "__len__") or len(box) != 4:
        raise TypeError("box must be four numbers: x0, y0, x1, y1")
    x0, y0, x1, y1 = (require_real(value, "a box coordinate") for value in box)
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)) or not (x1 > x0 and y1 > y0):
        raise TilewrightError(
            f"box must be a finite rectangle x0 < x1, y0 < y1, got ({x0:g}, {y0:g}, {x1:g}, {y1:g})"
        )
    if not isinstance(colouring, str):
        raise TypeError(f"colouring must be text, not {type(colouring).__name__}")
    if colouring not in COLOURINGS:
        raise TilewrightError(
            f"colouring is one of {', '.join(COLOURINGS)}, not {quoted(colouring)}"
        )
    scale = require_real(scale, "scale")
    if not (math.isfinite(scale) and scale > 0):
        raise TilewrightError(f"scale must be a finite number above 0, got {scale:g}")
    return x0, y0, x1, y1


def check_png_size(box: tuple[float, float, float, float], scale: float) -> tuple[int, int]:
    """The PNG's size in pixels for ``box`` at ``scale`` pixels a tile edge.

    Parameters
    ----------
    box : tuple of float
    scale : float

    Returns
    -------
    tuple of int
        (width, height).

    Raises
    ------
    TilewrightError
        When it passes ``MAX_PNG_PIXELS`` or does not fit in memory.

    Examples
    --------
    >>> check_png_size((0, 0, 40, 30), 2.5)
    (100, 75)
    """
    x0, y0, x1, y1 = check_picture(box, "type", scale)
    scale = require_real(scale, "scale")
    across, up = (x1 - x0) * scale, (y1 - y0) * scale
    if not math.isfinite(across * up):
        raise TilewrightError(f"a PNG at scale {scale:g} would pass {MAX_PNG_PIXELS} pixels")
    size = (max(1, round(across)), max(1, round(up)))
    check_png_pixels(*size, "lower the scale", MAX_PNG_PIXELS)
    check_fits(size[0] * size[1] * 4, f"a {size[0]}x{size[1]} PNG")
    return size


def paint_png(
    parts: Iterable[tuple[np.ndarray | Sequence[np.ndarray], Sequence[str]]],
    box: tuple[float, float, float, float],
    scale: float,
    info: Mapping[str, object] | None,
) -> bytes:
    """A tiling's picture as a PNG, ``scale`` pixels a tile edge, antialiased
    (``core.raster``): the tiles painted part by part, each part their outlines (corners
    in the tiling's units, y up, the same number for every tile of a part) and their fills,
    outlined in ``OUTLINE``; ``info`` in text chunks.

    Examples
    --------
    >>> square = np.array([[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]])
    >>> paint_png([(square, ["#ffb2b2"])], (0, 0, 2, 1), 10, {"seed": 1})[:4]
    b'\\x89PNG'
    """
    x0, _, _, y1 = box
    canvas = PolygonCanvas(*check_png_size(box, scale))
    line = outline_width(scale)
    for outlines, fills in parts:
        pixels = (np.asarray(outlines) - (x0, y1)) * (scale, -scale)
        canvas.paint(pixels, list(fills), OUTLINE, line)
    buffer = io.BytesIO()
    canvas.write_png(buffer, png_text(info or {}))
    return buffer.getvalue()


def held_parts(
    outlines: np.ndarray | Sequence[np.ndarray], fills: Sequence[str]
) -> Iterator[tuple[np.ndarray | Sequence[np.ndarray], Sequence[str]]]:
    """The outlines and fills of a picture's tiles, all held, in parts of
    ``PAINTED_AT_ONCE`` tiles, drawn a part at a time (:func:`paint_png`, the SVG's
    pieces)."""
    for at in range(0, len(fills), PAINTED_AT_ONCE):
        yield outlines[at : at + PAINTED_AT_ONCE], fills[at : at + PAINTED_AT_ONCE]


def picture_scale(
    width: float, height: float, scale: float | None = None, max_side: int = PIXEL_BUDGET
) -> float:
    """Pixels a tile edge for a picture of a ``width`` × ``height`` region.

    Parameters
    ----------
    width, height : float
        The region in tile edges.
    scale : float, optional
        The scale asked for; None chooses the one that makes the long side 1000 pixels
        (``core.picture_size.default_scale``), or ``LEGIBLE_SCALE`` (4) for a region
        larger than 250 edges, or less to fit ``max_side``.
    max_side : int, default ``PIXEL_BUDGET``
        The largest side in pixels a picture may have.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        When a number is of the wrong type.
    TilewrightError
        When an explicit ``scale`` makes a picture past ``max_side``: the message names
        the size it would need and the scale that fits.

    Examples
    --------
    >>> picture_scale(40, 30)
    25.0
    >>> picture_scale(20000, 5000)
    0.4096
    >>> picture_scale(1000, 10, scale=10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the picture would be 10000x100 pixels, past ...
    """
    width, height = require_real(width, "width"), require_real(height, "height")
    max_side = check_max_side(max_side)
    extent = max(width, height)
    largest = max_side / extent
    chosen = scale is None
    if scale is None:
        scale = default_scale(extent, LEGIBLE_SCALE, max_side)
    scale = require_real(scale, "scale")
    if not (math.isfinite(scale) and scale > 0):
        raise TilewrightError(f"scale must be a finite number above 0, got {scale:g}")
    fits = f"scale {_rounded_down(largest):g} fits (or leave the scale out)"
    # as floats first: a scale may make a side too large to count, or no pixel at all
    across, up = width * scale, height * scale
    if not math.isfinite(max(across, up)):
        raise TilewrightError(f"scale {scale:g} makes a picture too large to count: {fits}")
    size = (round(across), round(up))
    if max(size) < 1:
        hint = "" if chosen else f": scale {1 / max(width, height):.3g} draws one"
        raise TilewrightError(
            f"the picture would be {size[0]}x{size[1]} pixels, less than one a side{hint}"
        )
    if max(size) > max_side:
        raise TilewrightError(
            f"the picture would be {_pixels(size[0])}x{_pixels(size[1])} pixels, past the "
            f"{max_side}-pixel budget a side: {fits}, or raise the budget to "
            f"{_pixels(max(size))} (--max-side)"
        )
    return scale


def _pixels(count: int) -> str:
    """A picture's side in pixels for a message: whole, or in three digits past 15."""
    return f"{count}" if count < 10**15 else f"{count:.3g}"


def _rounded_down(value: float, digits: int = 3) -> float:
    """``value`` (positive) cut to ``digits`` significant digits, never rounded up: a scale
    named as fitting must fit."""
    unit = 10.0 ** (math.floor(math.log10(value)) - digits + 1)
    return math.floor(value / unit) * unit


def notebook_png(patch, svg_limit: int) -> bytes | None:
    """A Spectre or hat patch drawn for Jupyter as a PNG of at most ``NOTEBOOK_SIDE``
    pixels a side, when it has more than ``svg_limit`` tiles (too many for an inline SVG)
    and at most ``NOTEBOOK_PNG_TILES``; None otherwise (its repr shows instead)."""
    from tilewright.core.notebook import NOTEBOOK_PNG_TILES, NOTEBOOK_SIDE, shrunk_png

    if not svg_limit < patch.approximate_count <= NOTEBOOK_PNG_TILES:
        return None
    buffer = io.BytesIO()
    scale = picture_scale(patch.width, patch.height, None, NOTEBOOK_SIDE)
    patch.write(buffer, "png", scale=scale)
    return shrunk_png(buffer.getvalue())
