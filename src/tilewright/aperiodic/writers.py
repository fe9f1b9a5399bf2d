"""Writers for Spectre patches. Each consumes ``patch.Chunk`` arrays and writes as it goes.

Coordinates are in units of one tile edge, y up, with ``DIGITS`` decimals (a micrometre on
a metre-long tile). SVG turns y down by one transform on the whole drawing. CSV and JSON
Lines rows are written by a compiled kernel (``_format_kernels``); GeoJSON and SVG format
each tile with one C-level ``%`` on a prepared template.
"""

import colorsys
import io
import json
import math
from collections.abc import Iterable, Iterator, Mapping

import numpy as np

from tilewright.aperiodic.patch import SHAPES_XY, Chunk, ancestry_indices, neighbour_rows
from tilewright.aperiodic.spectre import curved as curved_module
from tilewright.aperiodic.spectre.geometry import GREEK, TYPES
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import png_text, record, svg_element
from tilewright.core.numbers import quoted, require_bool, require_real
from tilewright.core.picture_size import PIXEL_BUDGET, check_max_side, default_scale
from tilewright.core.raster import PolygonCanvas

DIGITS = 6
COLOURINGS = ("type", "orientation", "four")
# pixels a tile edge of a laser-cut drawing, whose size is the size it is cut at
SCALE = 10.0
# the fewest pixels a tile edge has in a picture whose scale is not given, while that
# fits the budget: a larger region draws larger than the default side (picture_scale)
LEGIBLE_SCALE = 4.0
# the most pixels a PNG may have (the whole image is drawn in memory, 3 bytes a pixel)
MAX_PNG_PIXELS = 2**28
# SVG bytes a tile, compact and plain (measured, Spectres and hats alike: 69-70, 196-299)
SVG_BYTES_PER_TILE = {False: 80, True: 320}
# The most tiles a picture draws: some 300 MB of SVG, or a PNG drawn in about two minutes
# (27,000 tiles a second), whose 8192-pixel side gives a tile about 17 pixels. Past it a
# picture is a blur that takes hours and gigabytes: refused before the walk.
MAX_PICTURE_TILES = 4_000_000
# one colour per metatile type, and a darker one for the second Spectre of a Γ; every two
# at least core.colours.PALETTE_SEPARATION apart (ΔE2000), as neighbours they may be
TYPE_COLOURS = (
    "#e8c26a", "#8fb8de", "#b5d98b", "#d9a3c9", "#f2a07b", "#9ad1c4", "#c7b3e6", "#f4b6b6",
    "#8ad0e0",
)  # fmt: skip
ODD_COLOUR = "#5a4a8a"
FOUR_COLOURS = ("#ffb2b2", "#ffffb2", "#b2ffb2", "#9999ff")
# six pale hues for the common turns (even), six darker ones for the 30°-turned odd tiles
ORIENTATION_COLOURS = tuple(
    "#{:02x}{:02x}{:02x}".format(
        *(round(255 * c) for c in colorsys.hls_to_rgb(turn / 12, 0.75 - 0.3 * (turn % 2), 0.55))
    )
    for turn in range(12)
)
OUTLINE = "#222222"
# the outlines' width in tile edges (SVG, and PNG down to a pixel)
OUTLINE_WIDTH = 0.06
_GREEK = [GREEK[t] for t in TYPES]
_NUMBER = f"%.{DIGITS}f"
_PAIRS = ",".join([f"[{_NUMBER},{_NUMBER}]"] * 14)


def fills(chunk: Chunk, colouring: str) -> list[str]:
    """The fill colour of each tile of ``chunk`` under ``colouring``.

    Parameters
    ----------
    chunk : Chunk
    colouring : str
        One of ``COLOURINGS``: by metatile ``"type"`` (the second Spectre of a Γ darker),
        by ``"orientation"``, or ``"four"`` colours that no two neighbours share.

    Returns
    -------
    list of str
        ``#rrggbb`` colours.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> chunk = next(generate(6, 6, seed=1).chunks())
    >>> set(fills(chunk, "four")) <= set(FOUR_COLOURS)
    True
    """
    if colouring == "four":
        return [FOUR_COLOURS[c] for c in chunk.colour.tolist()]
    if colouring == "orientation":
        return [ORIENTATION_COLOURS[t] for t in chunk.turn.tolist()]
    return [
        ODD_COLOUR if index else TYPE_COLOURS[t]
        for t, index in zip(chunk.types.tolist(), chunk.index.tolist(), strict=True)
    ]


def _rows(chunk: Chunk) -> Iterator[tuple[str, str, int, tuple[float, ...]]]:
    flat = chunk.xy.reshape(len(chunk), 28).tolist()
    for name, t, index, numbers in zip(
        chunk.ids, chunk.types.tolist(), chunk.index.tolist(), flat, strict=True
    ):
        yield name, _GREEK[t], index, tuple(numbers)


def text_rows(chunk: Chunk, fmt: str, neighbours: bool = False) -> bytes:
    """The rows of ``chunk`` in ``fmt`` (one of ``TEXT_FORMATS``), as :func:`csv` and
    :func:`jsonl` write them after their header (CSV's is :func:`csv_header`).

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> chunk = next(generate(4, 4, seed=1).chunks())
    >>> text_rows(chunk, "csv").count(b"\\n") == len(chunk)
    True
    """
    from tilewright.aperiodic import _format_kernels  # imported by the text formats only

    if not len(chunk):
        return b""
    others = (
        neighbour_rows(chunk.tiling, chunk.rows)
        if neighbours
        else np.empty((0, 14, chunk.rows.shape[1]), dtype=np.int8)
    )
    return _format_kernels.rows(
        chunk.rows,
        others,
        ancestry_indices(chunk.tiling, others[0] if len(others) else chunk.rows),
        _GREEK_UTF8,
        chunk.turn,
        chunk.corners,
        SHAPES_XY,
        _CSV if fmt == "csv" else _JSONL,
    ).tobytes()


def csv_header(neighbours: bool = False) -> bytes:
    """The first line of :func:`csv`: id,type,index,x0,y0,…,x13,y13 (and n0,…,n13)."""
    names = ["id", "type", "index"] + [f"{axis}{k}" for k in range(14) for axis in "xy"]
    if neighbours:
        names += [f"n{k}" for k in range(14)]
    return (",".join(names) + "\n").encode()


def _pieces(*texts: str) -> tuple[np.ndarray, ...]:
    return tuple(np.frombuffer(text.encode(), dtype=np.uint8) for text in texts)


# the constant parts of a row: before the id, after it, after the type, after the index,
# between x and y, between two vertices, after the vertices, before the neighbours, between
# two, after them, at the end
_JSONL = _pieces(
    '{"id":"', '","type":"', '","index":', ',"vertices":[[', ",", "],[", "]]",
    ',"neighbours":["', '","', '"]', "}\n",
)  # fmt: skip
_CSV = _pieces("", ",", ",", ",", ",", ",", "", ",", ",", "", "\n")
# the formats written by the compiled rows (`text_rows`), on several threads if asked, with
# the neighbours across each edge if asked
TEXT_FORMATS = ("csv", "jsonl")
_GREEK_UTF8 = np.array([list(_GREEK[t].encode()) for t in range(len(TYPES))], dtype=np.uint8)


def jsonl(chunks: Iterable[Chunk], neighbours: bool = False) -> Iterator[bytes]:
    """One JSON object per line: id, type (Greek letter), index, vertices [[x, y] × 14],
    and with ``neighbours`` the ids of the tiles across the 14 edges, in the edges' order
    (edge k runs from vertex k to vertex k + 1; a tile that shares several edges is named
    at each).

    Parameters
    ----------
    chunks : iterable of Chunk
    neighbours : bool

    Returns
    -------
    iterator of bytes
        One piece a chunk, written as the chunks come.

    Examples
    --------
    >>> import json
    >>> from tilewright.aperiodic import generate
    >>> line = b"".join(jsonl(generate(4, 4, seed=1).chunks(), True)).splitlines()[0]
    >>> sorted(json.loads(line)), len(json.loads(line)["neighbours"])
    (['id', 'index', 'neighbours', 'type', 'vertices'], 14)
    """
    for chunk in chunks:
        yield text_rows(chunk, "jsonl", neighbours)


def csv(chunks: Iterable[Chunk], neighbours: bool = False) -> Iterator[bytes]:
    """The JSON Lines columns flattened: id,type,index,x0,y0,…,x13,y13 (then n0,…,n13 with
    ``neighbours``), after a header; one piece a chunk, as :func:`jsonl` yields them.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> b"".join(csv(generate(4, 4, seed=1).chunks())).split(b",", 4)[:4]
    [b'id', b'type', b'index', b'x0']
    """
    yield csv_header(neighbours)
    for chunk in chunks:
        yield text_rows(chunk, "csv", neighbours)


def geojson(chunks: Iterable[Chunk], info: Mapping[str, object] | None = None) -> Iterator[bytes]:
    """A GeoJSON FeatureCollection of polygons (rings closed and anticlockwise, as RFC 7946
    asks: the Spectre's own vertices run clockwise), written feature by feature; ``info``
    (seed, region, ...) goes into a ``"tilewright"`` member of the collection (a foreign
    member, which RFC 7946 allows and readers ignore).

    Parameters
    ----------
    chunks : iterable of Chunk
    info : mapping, optional

    Returns
    -------
    iterator of bytes

    Examples
    --------
    >>> import json
    >>> from tilewright.aperiodic import generate
    >>> patch = generate(4, 4, seed=1)
    >>> data = json.loads(b"".join(geojson(patch.chunks(), patch.info)))
    >>> data["tilewright"]["seed"], len(data["features"]) == len(patch)
    (1, True)
    """
    template = (
        '{"type":"Feature","properties":{"id":"%s","type":"%s","index":%d,"colour":%d},'
        '"geometry":{"type":"Polygon","coordinates":[[' + _PAIRS + f",[{_NUMBER},{_NUMBER}]]]}}}}"
    )
    head = {"type": "FeatureCollection"}
    if info is not None:
        head["tilewright"] = record(info)  # type: ignore[assignment]
    opening = json.dumps(head, ensure_ascii=False, separators=(",", ":"), default=str)
    yield (opening[:-1] + ',"features":[\n').encode()
    separator = ""
    for chunk in chunks:
        ring = chunk.xy[:, ::-1]
        closed = np.concatenate((ring, ring[:, :1]), axis=1).reshape(len(chunk), 30).tolist()
        parts = []
        for (name, greek, index, _), colour, numbers in zip(
            _rows(chunk), chunk.colour.tolist(), closed, strict=True
        ):
            parts.append(separator + template % (name, greek, index, colour, *numbers))
            separator = ",\n"
        yield "".join(parts).encode()
    yield b"\n]}\n"


def svg(
    chunks: Iterable[Chunk],
    box: tuple[float, float, float, float],
    colouring: str = "type",
    plain: bool = False,
    scale: float | None = None,
    info: Mapping[str, object] | None = None,
    curved: bool = False,
    base: np.ndarray | None = None,
) -> Iterator[bytes]:
    """The patch as SVG, clipped to the region. Compact by default: one path per turn in
    ``<defs>``, a ``<use>`` per tile; ``plain`` writes one closed path per tile, as laser
    cutters want. ``info`` (seed, region, ...) is recorded in a ``<metadata>`` element.
    ``curved`` draws each edge as the S-curve of the strictly chiral Spectre
    (``spectre.curved``).

    Parameters
    ----------
    chunks : iterable of Chunk
    box : tuple of float
        (x0, y0, x1, y1): the region drawn, y up.
    colouring : str
        One of ``COLOURINGS``.
    plain : bool
    scale : float, optional
        Pixels (SVG user units) a tile edge; default :func:`picture_scale`'s for the box.
    info : mapping, optional
    curved : bool
    base : numpy.ndarray, optional
        The exact point ((4,) int64) that ``box`` is measured from, and the tiles with it
        (``Chunk.xy_from``); None for the tiling's own coordinates.
        ``Patch.drawing_frame`` gives both, from a vertex near a far region.

    Returns
    -------
    iterator of bytes

    Raises
    ------
    TypeError
        For arguments of the wrong type.
    TilewrightError
        For a ``scale`` that is not finite and positive, a ``box`` that is not a finite
        rectangle, or an unknown ``colouring`` (checked at the call, before anything is
        written).

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> patch = generate(4, 4, seed=1)
    >>> svg_text = b"".join(svg(patch.chunks(), patch.region)).decode()
    >>> svg_text.count("<use") == len(patch)
    True
    """
    scale = _scale_for(box, scale)
    x0, y0, x1, y1 = check_picture(box, colouring, scale)
    plain = require_bool(plain, "plain")
    outline = curved_path if require_bool(curved, "curved") else _path
    return _svg(chunks, (x0, y0, x1, y1), colouring, plain, scale, info, outline, base)


def svg_head(
    box: tuple[float, float, float, float], scale: float, info: Mapping[str, object] | None
) -> bytes:
    """An SVG's opening: its size, ``info`` as metadata, and the clip path ``#region``.

    Drawings are made from the box's lower-left corner: renderers work in single
    precision, which cannot place a tile a million edges out (and the metadata keeps the
    true origin), so the view box is (0, −height, width, height) with y turned down.
    """
    x0, y0, x1, y1 = box
    width, height = svg_number(x1 - x0), svg_number(y1 - y0)
    size = f'width="{(x1 - x0) * scale:.2f}" height="{(y1 - y0) * scale:.2f}"'
    return (
        svg_opening(size, f"0 -{height} {width} {height}", info, xlink=True)
        + f'<clipPath id="region"><rect x="0" y="-{height}" width="{width}" '
        f'height="{height}"/></clipPath>\n'
    ).encode()


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


def _svg(chunks, box, colouring, plain, scale, info, outline, base) -> Iterator[bytes]:
    x0, y0, _, _ = box
    yield svg_head(box, scale, info)
    corner = np.array([x0, y0])
    if not plain:
        shapes = "".join(f'<path id="s{t}" d="{outline(s)}"/>\n' for t, s in enumerate(SHAPES_XY))
        yield f"<defs>\n{shapes}</defs>\n".encode()
    yield (
        f'<g clip-path="url(#region)"><g transform="scale(1,-1)" stroke="{OUTLINE}" '
        f'stroke-width="{OUTLINE_WIDTH:g}" stroke-linejoin="round">\n'
    ).encode()
    use = f'<use xlink:href="#s%d" x="{_NUMBER}" y="{_NUMBER}" fill="%s"/>\n'
    for chunk in chunks:
        colours = fills(chunk, colouring)
        xy = chunk.xy_from(base)
        if plain:
            pairs = zip(xy - corner, colours, strict=True)
            lines = [f'<path d="{outline(tile)}" fill="{c}"/>\n' for tile, c in pairs]
        else:
            first = (xy[:, 0] - corner).tolist()
            lines = [
                use % (t, x, y, c)
                for t, (x, y), c in zip(chunk.turn.tolist(), first, colours, strict=True)
            ]
        yield "".join(lines).encode()
    yield b"</g></g>\n</svg>\n"


def svg_number(value: float) -> str:
    """``value`` with ``DIGITS`` decimals at most and no trailing zeros (``30``, ``12.5``).

    Examples
    --------
    >>> svg_number(30.0), svg_number(1234567.25), svg_number(0.1 + 0.2)
    ('30', '1234567.25', '0.3')
    """
    return f"{value:.{DIGITS}f}".rstrip("0").rstrip(".")


def curved_path(points: np.ndarray) -> str:
    """The curved tile's outline (``spectre.curved.path_data``) with ``DIGITS`` decimals."""
    return curved_module.path_data(points, DIGITS)


def _path(points: np.ndarray) -> str:
    start = points[0]
    moves = " ".join(f"{x:.{DIGITS}f} {y:.{DIGITS}f}" for x, y in np.diff(points, axis=0))
    return f"M{start[0]:.{DIGITS}f} {start[1]:.{DIGITS}f}l{moves}z"


def png(
    chunks: Iterable[Chunk],
    box: tuple[float, float, float, float],
    colouring: str = "type",
    scale: float | None = None,
    info: Mapping[str, object] | None = None,
    curved: bool = False,
    base: np.ndarray | None = None,
) -> bytes:
    """The patch as a PNG, ``scale`` pixels a tile edge, drawn antialiased by cairo a chunk
    at a time (``core.raster``); ``info`` (seed, region, ...) is recorded in text chunks;
    ``curved`` draws the curved Spectre (each curve as ``spectre.curved.SAMPLES`` straight
    pieces).

    Parameters
    ----------
    chunks : iterable of Chunk
    box : tuple of float
    colouring : str
    scale : float, optional
    info : mapping, optional
    curved : bool
    base : numpy.ndarray, optional
        As :func:`svg`'s.

    Returns
    -------
    bytes
        The PNG file.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`svg` does, and when the picture would pass ``MAX_PNG_PIXELS`` pixels
        (see :func:`check_png_size`).

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> patch = generate(4, 3, seed=1)
    >>> png(patch.chunks(), patch.region, scale=5)[:4]
    b'\\x89PNG'
    """
    scale = _scale_for(box, scale)
    x0, _, _, y1 = check_picture(box, colouring, scale)
    curved_edges = require_bool(curved, "curved")
    canvas = PolygonCanvas(*check_png_size(box, scale))
    line = outline_width(scale)
    for chunk in chunks:
        xy = chunk.xy_from(base)
        outlines = curved_module.sampled(xy) if curved_edges else xy
        pixels = (outlines - (x0, y1)) * (scale, -scale)
        canvas.paint(pixels, fills(chunk, colouring), OUTLINE, line)
    buffer = io.BytesIO()
    canvas.write_png(buffer, png_text(info or {}))
    return buffer.getvalue()


def outline_width(scale: float) -> float:
    """A PNG's outline width in pixels at ``scale`` pixels a unit: the SVG's
    ``OUTLINE_WIDTH`` units, and a pixel at least, so that no outline fades out.

    Examples
    --------
    >>> outline_width(25), outline_width(4)
    (1.5, 1.0)
    """
    return max(1.0, OUTLINE_WIDTH * scale)


def _scale_for(box: tuple[float, float, float, float], scale: float | None) -> float:
    """``scale``, or when it is None the default scale of a picture of ``box``."""
    if scale is not None:
        return scale
    x0, y0, x1, y1 = check_picture(box, "type", 1.0)
    return picture_scale(x1 - x0, y1 - y0)


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
    if size[0] * size[1] > MAX_PNG_PIXELS:
        raise TilewrightError(
            f"a {_pixels(size[0])}x{_pixels(size[1])} PNG would pass {MAX_PNG_PIXELS} "
            "pixels; lower the scale"
        )
    check_fits(size[0] * size[1] * 4, f"a {size[0]}x{size[1]} PNG")
    return size


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
