"""Writers for Spectre patches. Each consumes ``spectre.patch.Chunk`` arrays and writes as it
goes.

Coordinates are in units of one tile edge, y up, with ``DIGITS`` decimals (a micrometre on
a metre-long tile). SVG turns y down by one transform on the whole drawing. CSV and JSON
Lines rows are written by a compiled kernel (``spectre._format_kernels``); GeoJSON and SVG
format each tile with one C-level ``%`` on a prepared template. What the pictures of every
tiling share (scale, limits, checks) is ``aperiodic.writers``.
"""

import colorsys
import json
from collections.abc import Iterable, Iterator, Mapping

import numpy as np

from tilewright.aperiodic.spectre import curved as curved_module
from tilewright.aperiodic.spectre.geometry import GREEK, TYPES
from tilewright.aperiodic.spectre.patch import SHAPES_XY, Chunk, ancestry_indices, neighbour_rows
from tilewright.aperiodic.writers import (
    DIGITS,
    FOUR_COLOURS,
    byte_pieces,
    check_picture,
    paint_png,
    picture_scale,
    polygon_path,
    svg_drawing,
)
from tilewright.core.docstrings import fill_doc
from tilewright.core.metadata import record
from tilewright.core.numbers import require_bool

# one colour per metatile type, and a darker one for the second Spectre of a Γ; every two
# at least core.colours.PALETTE_SEPARATION apart (ΔE2000), as neighbours they may be
TYPE_COLOURS = (
    "#e8c26a", "#8fb8de", "#b5d98b", "#d9a3c9", "#f2a07b", "#9ad1c4", "#c7b3e6", "#f4b6b6",
    "#8ad0e0",
)  # fmt: skip
ODD_COLOUR = "#5a4a8a"
# six pale hues for the common turns (even), six darker ones for the 30°-turned odd tiles
ORIENTATION_COLOURS = tuple(
    "#{:02x}{:02x}{:02x}".format(
        *(round(255 * c) for c in colorsys.hls_to_rgb(turn / 12, 0.75 - 0.3 * (turn % 2), 0.55))
    )
    for turn in range(12)
)
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
    """The rows of ``chunk`` in ``fmt`` (one of ``TEXT_FORMATS``), a line a tile; a CSV
    begins with :func:`csv_header`.

    JSON Lines: one object a line, id, type (Greek letter), index, vertices
    [[x, y] × 14], and with ``neighbours`` the ids of the tiles across the 14 edges, in the
    edges' order (edge k runs from vertex k to vertex k + 1; a tile that shares several
    edges is named at each). CSV: the same columns flattened, id,type,index,x0,y0,…,x13,y13
    (then n0,…,n13).

    Examples
    --------
    >>> import json
    >>> from tilewright.aperiodic import generate
    >>> chunk = next(generate(4, 4, seed=1).chunks())
    >>> text_rows(chunk, "csv").count(b"\\n") == len(chunk)
    True
    >>> line = text_rows(chunk, "jsonl", neighbours=True).splitlines()[0]
    >>> sorted(json.loads(line)), len(json.loads(line)["neighbours"])
    (['id', 'index', 'neighbours', 'type', 'vertices'], 14)
    """
    from tilewright.aperiodic.spectre import _format_kernels  # imported by the text formats only

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
    """The CSV's first line: id,type,index,x0,y0,…,x13,y13 (and n0,…,n13).

    Examples
    --------
    >>> csv_header().split(b",", 4)[:4]
    [b'id', b'type', b'index', b'x0']
    """
    names = ["id", "type", "index"] + [f"{axis}{k}" for k in range(14) for axis in "xy"]
    if neighbours:
        names += [f"n{k}" for k in range(14)]
    return (",".join(names) + "\n").encode()


# the constant parts of a row: before the id, after it, after the type, after the index,
# between x and y, between two vertices, after the vertices, before the neighbours, between
# two, after them, at the end
_JSONL = byte_pieces(
    '{"id":"', '","type":"', '","index":', ',"vertices":[[', ",", "],[", "]]",
    ',"neighbours":["', '","', '"]', "}\n",
)  # fmt: skip
_CSV = byte_pieces("", ",", ",", ",", ",", ",", "", ",", ",", "", "\n")
_GREEK_UTF8 = np.array([list(_GREEK[t].encode()) for t in range(len(TYPES))], dtype=np.uint8)


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


def _svg(chunks, box, colouring, plain, scale, info, outline, base) -> Iterator[bytes]:
    corner = np.array(box[:2])
    defs = ""
    if not plain:
        defs = "".join(f'<path id="s{t}" d="{outline(s)}"/>\n' for t, s in enumerate(SHAPES_XY))
    use = f'<use xlink:href="#s%d" x="{_NUMBER}" y="{_NUMBER}" fill="%s"/>\n'

    def pieces() -> Iterator[str]:
        for chunk in chunks:
            colours = fills(chunk, colouring)
            xy = chunk.xy_from(base)
            if plain:
                pairs = zip(xy - corner, colours, strict=True)
                yield "".join(f'<path d="{outline(tile)}" fill="{c}"/>\n' for tile, c in pairs)
            else:
                first = (xy[:, 0] - corner).tolist()
                turns = chunk.turn.tolist()
                yield "".join(
                    use % (t, x, y, c) for t, (x, y), c in zip(turns, first, colours, strict=True)
                )

    return svg_drawing(box, scale, info, defs, pieces())


def curved_path(points: np.ndarray) -> str:
    """The curved tile's outline (``spectre.curved.path_data``) with ``DIGITS`` decimals."""
    return curved_module.path_data(points, DIGITS)


def _path(points: np.ndarray) -> str:
    """The tile's outline with ``DIGITS`` decimals, trailing zeros kept."""
    return polygon_path(points, lambda value: f"{value:.{DIGITS}f}")


@fill_doc
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

    %(png_returns)s

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
    box = check_picture(box, colouring, scale)
    curved_edges = require_bool(curved, "curved")

    def parts() -> Iterator[tuple[np.ndarray, list[str]]]:
        for chunk in chunks:
            xy = chunk.xy_from(base)
            yield (curved_module.sampled(xy) if curved_edges else xy), fills(chunk, colouring)

    return paint_png(parts(), box, scale, info)


def _scale_for(box: tuple[float, float, float, float], scale: float | None) -> float:
    """``scale``, or when it is None the default scale of a picture of ``box``."""
    if scale is not None:
        return scale
    x0, y0, x1, y1 = check_picture(box, "type", 1.0)
    return picture_scale(x1 - x0, y1 - y0)
