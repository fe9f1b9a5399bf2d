"""Writers for Spectre patches. Each consumes tiles one at a time and writes as it goes.

Coordinates are in units of one tile edge, y up, rounded to ``DIGITS`` decimals (a
micrometre on a metre-long tile). SVG turns y down by one transform on the whole drawing.
"""

import colorsys
import io
import json
from collections.abc import Iterable, Iterator

import numpy as np

from tilewright.aperiodic.patch import SHAPES_XY, Tile
from tilewright.aperiodic.spectre_geometry import TYPES

DIGITS = 6
COLOURINGS = ("type", "orientation", "four")
# one colour per metatile type, and a darker one for the second Spectre of a Γ
TYPE_COLOURS = dict(
    zip(
        TYPES,
        (
            "#e8c26a",
            "#8fb8de",
            "#b5d98b",
            "#d9a3c9",
            "#f2a07b",
            "#9ad1c4",
            "#c7b3e6",
            "#f5d6a0",
            "#a7c7a0",
        ),
        strict=True,
    )
)
ODD_COLOUR = "#5a4a8a"
FOUR_COLOURS = ("#ffb2b2", "#ffffb2", "#b2ffb2", "#9999ff")
# six pale hues for the common turns (even), six darker ones for the 30°-turned odd tiles
ORIENTATION_COLOURS = tuple(
    "#{:02x}{:02x}{:02x}".format(
        *(
            round(255 * c)
            for c in colorsys.hls_to_rgb(turn / 12, 0.75 if turn % 2 == 0 else 0.45, 0.55)
        )
    )
    for turn in range(12)
)
OUTLINE = "#222222"


def fill(tile: Tile, colouring: str) -> str:
    if colouring == "four":
        return FOUR_COLOURS[tile.colour]
    if colouring == "orientation":
        return ORIENTATION_COLOURS[tile.place.turn]
    return ODD_COLOUR if tile.index == 1 else TYPE_COLOURS[tile.hex_type]


def _vertices(tile: Tile) -> list[list[float]]:
    return np.round(tile.place.xy(), DIGITS).tolist()


def jsonl(tiles: Iterable[Tile]) -> Iterator[bytes]:
    """One JSON object per line: id, type (Greek letter), index, vertices [[x, y] × 14]."""
    for tile in tiles:
        record = {
            "id": tile.id,
            "type": tile.greek,
            "index": tile.index,
            "vertices": _vertices(tile),
        }
        yield (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def csv(tiles: Iterable[Tile]) -> Iterator[bytes]:
    """The JSON Lines columns flattened: id,type,index,x0,y0,…,x13,y13."""
    header = ["id", "type", "index"] + [f"{axis}{k}" for k in range(14) for axis in "xy"]
    yield (",".join(header) + "\n").encode()
    for tile in tiles:
        numbers = ",".join(f"{value:.{DIGITS}f}" for value in tile.place.xy().ravel())
        yield f"{tile.id},{tile.greek},{tile.index},{numbers}\n".encode()


def geojson(tiles: Iterable[Tile]) -> Iterator[bytes]:
    """A GeoJSON FeatureCollection of polygons (rings closed, anticlockwise as RFC 7946
    asks), written feature by feature."""
    yield b'{"type":"FeatureCollection","features":[\n'
    for number, tile in enumerate(tiles):
        ring = _vertices(tile)[::-1]  # the Spectre's vertices run clockwise
        feature = {
            "type": "Feature",
            "properties": {
                "id": tile.id,
                "type": tile.greek,
                "index": tile.index,
                "colour": tile.colour,
            },
            "geometry": {"type": "Polygon", "coordinates": [ring + ring[:1]]},
        }
        text = json.dumps(feature, ensure_ascii=False, separators=(",", ":"))
        yield ((",\n" if number else "") + text).encode()
    yield b"\n]}\n"


def svg(
    tiles: Iterable[Tile],
    box: tuple[float, float, float, float],
    colouring: str = "type",
    plain: bool = False,
    scale: float = 10.0,
) -> Iterator[bytes]:
    """The patch as SVG, clipped to the region. Compact by default: one path per turn in
    ``<defs>``, a ``<use>`` per tile; ``plain`` writes one closed path per tile, as laser
    cutters want."""
    x0, y0, x1, y1 = box
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    yield (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width:.2f}" height="{height:.2f}" viewBox="{x0:g} {-y1:g} {x1 - x0:g} '
        f'{y1 - y0:g}">\n'
    ).encode()
    yield (
        f'<clipPath id="region"><rect x="{x0:g}" y="{-y1:g}" width="{x1 - x0:g}" '
        f'height="{y1 - y0:g}"/></clipPath>\n'.encode()
    )
    if not plain:
        yield b"<defs>\n"
        for turn, shape in enumerate(SHAPES_XY):
            yield f'<path id="s{turn}" d="{_path(shape)}"/>\n'.encode()
        yield b"</defs>\n"
    yield (
        f'<g clip-path="url(#region)"><g transform="scale(1,-1)" stroke="{OUTLINE}" '
        f'stroke-width="0.06" stroke-linejoin="round">\n'
    ).encode()
    for tile in tiles:
        colour = fill(tile, colouring)
        if plain:
            yield f'<path d="{_path(tile.place.xy())}" fill="{colour}"/>\n'.encode()
        else:
            x, y = tile.place.xy()[0]
            yield (
                f'<use xlink:href="#s{tile.place.turn}" x="{x:.{DIGITS}f}" y="{y:.{DIGITS}f}" '
                f'fill="{colour}"/>\n'
            ).encode()
    yield b"</g></g>\n</svg>\n"


def _path(points: np.ndarray) -> str:
    start = points[0]
    moves = " ".join(f"{x:.{DIGITS}f} {y:.{DIGITS}f}" for x, y in np.diff(points, axis=0))
    return f"M{start[0]:.{DIGITS}f} {start[1]:.{DIGITS}f}l{moves}z"


def png(
    tiles: Iterable[Tile],
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
    for tile in tiles:
        xy = (tile.place.xy() - (x0, y1)) * (scale, -scale)
        draw.polygon(
            [tuple(p) for p in xy], fill=fill(tile, colouring), outline=OUTLINE, width=outline
        )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
