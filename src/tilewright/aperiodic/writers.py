"""Writers for Spectre patches. Each consumes ``patch.Chunk`` arrays and writes as it goes.

Coordinates are in units of one tile edge, y up, with ``DIGITS`` decimals (a micrometre on
a metre-long tile). SVG turns y down by one transform on the whole drawing. CSV and JSON
Lines rows are written by a compiled kernel (``_format_kernels``); GeoJSON and SVG format
each tile with one C-level ``%`` on a prepared template.
"""

import colorsys
import io
from collections.abc import Iterable, Iterator

import numpy as np

from tilewright.aperiodic import _format_kernels
from tilewright.aperiodic.patch import SHAPES_XY, Chunk
from tilewright.aperiodic.spectre_geometry import GREEK, TYPES

DIGITS = 6
COLOURINGS = ("type", "orientation", "four")
# one colour per metatile type, and a darker one for the second Spectre of a Γ
TYPE_COLOURS = (
    "#e8c26a", "#8fb8de", "#b5d98b", "#d9a3c9", "#f2a07b", "#9ad1c4", "#c7b3e6", "#f5d6a0",
    "#a7c7a0",
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
_GREEK = [GREEK[t] for t in TYPES]
_NUMBER = f"%.{DIGITS}f"
_PAIRS = ",".join([f"[{_NUMBER},{_NUMBER}]"] * 14)


def fills(chunk: Chunk, colouring: str) -> list[str]:
    """The fill colour of each tile of ``chunk`` under ``colouring``."""
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


def _compiled_rows(chunk: Chunk, pieces: tuple[np.ndarray, ...]) -> bytes:
    if not len(chunk):
        return b""
    xy = chunk.xy.reshape(len(chunk), 28)
    return _format_kernels.rows(
        chunk.id_bytes, chunk.types, _GREEK_UTF8, chunk.index, xy, pieces
    ).tobytes()


def _pieces(*texts: str) -> tuple[np.ndarray, ...]:
    return tuple(np.frombuffer(text.encode(), dtype=np.uint8) for text in texts)


# the constant parts of a row: before the id, after it, after the type, after the index,
# between x and y, between two vertices, at the end
_JSONL = _pieces('{"id":"', '","type":"', '","index":', ',"vertices":[[', ",", "],[", "]]}\n")
_CSV = _pieces("", ",", ",", ",", ",", ",", "\n")
_GREEK_UTF8 = np.array([list(_GREEK[t].encode()) for t in range(len(TYPES))], dtype=np.uint8)


def jsonl(chunks: Iterable[Chunk]) -> Iterator[bytes]:
    """One JSON object per line: id, type (Greek letter), index, vertices [[x, y] × 14]."""
    for chunk in chunks:
        yield _compiled_rows(chunk, _JSONL)


def csv(chunks: Iterable[Chunk]) -> Iterator[bytes]:
    """The JSON Lines columns flattened: id,type,index,x0,y0,…,x13,y13."""
    header = ["id", "type", "index"] + [f"{axis}{k}" for k in range(14) for axis in "xy"]
    yield (",".join(header) + "\n").encode()
    for chunk in chunks:
        yield _compiled_rows(chunk, _CSV)


def geojson(chunks: Iterable[Chunk]) -> Iterator[bytes]:
    """A GeoJSON FeatureCollection of polygons (rings closed and anticlockwise, as RFC 7946
    asks: the Spectre's own vertices run clockwise), written feature by feature."""
    template = (
        '{"type":"Feature","properties":{"id":"%s","type":"%s","index":%d,"colour":%d},'
        '"geometry":{"type":"Polygon","coordinates":[[' + _PAIRS + f",[{_NUMBER},{_NUMBER}]]]}}}}"
    )
    yield b'{"type":"FeatureCollection","features":[\n'
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
    scale: float = 10.0,
) -> Iterator[bytes]:
    """The patch as SVG, clipped to the region. Compact by default: one path per turn in
    ``<defs>``, a ``<use>`` per tile; ``plain`` writes one closed path per tile, as laser
    cutters want."""
    x0, y0, x1, y1 = box
    view = f"{x0:g} {-y1:g} {x1 - x0:g} {y1 - y0:g}"
    yield (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{(x1 - x0) * scale:.2f}" height="{(y1 - y0) * scale:.2f}" viewBox="{view}">\n'
        f'<clipPath id="region"><rect x="{x0:g}" y="{-y1:g}" width="{x1 - x0:g}" '
        f'height="{y1 - y0:g}"/></clipPath>\n'
    ).encode()
    if not plain:
        shapes = "".join(f'<path id="s{t}" d="{_path(s)}"/>\n' for t, s in enumerate(SHAPES_XY))
        yield f"<defs>\n{shapes}</defs>\n".encode()
    yield (
        f'<g clip-path="url(#region)"><g transform="scale(1,-1)" stroke="{OUTLINE}" '
        'stroke-width="0.06" stroke-linejoin="round">\n'
    ).encode()
    use = f'<use xlink:href="#s%d" x="{_NUMBER}" y="{_NUMBER}" fill="%s"/>\n'
    for chunk in chunks:
        colours = fills(chunk, colouring)
        if plain:
            pairs = zip(chunk.xy, colours, strict=True)
            lines = [f'<path d="{_path(xy)}" fill="{c}"/>\n' for xy, c in pairs]
        else:
            first = chunk.xy[:, 0].tolist()
            lines = [
                use % (t, x, y, c)
                for t, (x, y), c in zip(chunk.turn.tolist(), first, colours, strict=True)
            ]
        yield "".join(lines).encode()
    yield b"</g></g>\n</svg>\n"


def _path(points: np.ndarray) -> str:
    start = points[0]
    moves = " ".join(f"{x:.{DIGITS}f} {y:.{DIGITS}f}" for x, y in np.diff(points, axis=0))
    return f"M{start[0]:.{DIGITS}f} {start[1]:.{DIGITS}f}l{moves}z"


def png(
    chunks: Iterable[Chunk],
    box: tuple[float, float, float, float],
    colouring: str = "type",
    scale: float = 10.0,
) -> bytes:
    """The patch as a PNG, ``scale`` pixels a tile edge, drawn tile by tile."""
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = box
    size = (max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale)))
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    outline = max(1, round(scale / 16))
    for chunk in chunks:
        pixels = (chunk.xy - (x0, y1)) * (scale, -scale)
        for polygon, colour in zip(pixels.tolist(), fills(chunk, colouring), strict=True):
            draw.polygon([tuple(p) for p in polygon], fill=colour, outline=OUTLINE, width=outline)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
