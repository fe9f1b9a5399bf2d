"""Writers for hat patches: SVG (compact or plain), PNG, JSON Lines, CSV, GeoJSON.

Coordinates are in hat units (the hat's short side 1), y up, with ``DIGITS`` decimals. The
text formats are written as the walk finds the hats; pictures hold one list of outlines,
so a patch refuses a picture whose hats would not fit in memory (``HatPatch.write``).
"""

import colorsys
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence

import numpy as np

from tilewright.aperiodic.hat._kernels import SHAPES
from tilewright.aperiodic.hat.geometry import TYPES
from tilewright.aperiodic.hat.walk import HatTile
from tilewright.aperiodic.writers import (
    DIGITS,
    FOUR_COLOURS,
    byte_pieces,
    polygon_feature,
    polygon_path,
    svg_drawing,
)

COLOURINGS = ("type", "orientation", "four", "reflected")
TYPE_COLOURS = {"H": "#8fb8de", "T": "#f2a07b", "P": "#b5d98b", "F": "#e8c26a"}
REFLECTED_COLOUR = "#3b4a8a"
PLAIN_COLOUR = "#e9e4d8"
ORIENTATION_COLOURS = tuple(
    "#{:02x}{:02x}{:02x}".format(*(round(255 * c) for c in colorsys.hls_to_rgb(t / 6, 0.75, 0.55)))
    for t in range(6)
)
_NUMBER = f"%.{DIGITS}f"
_USE = f'<use xlink:href="#%s" x="{_NUMBER}" y="{_NUMBER}" fill="%s"/>\n'
CSV_COLUMNS = "id,type,index,reflected,turn,colour," + ",".join(f"x{k},y{k}" for k in range(14))
NEIGHBOUR_COLUMNS = "".join(f",n{k}" for k in range(14))


def fill(tile: HatTile, colouring: str) -> str:
    """A tile's colour: by metatile, by orientation, by the four-colouring, or plain; the
    reflected hats are dark in all (in the four-colouring they are its colour 3).

    Examples
    --------
    >>> from tilewright.aperiodic.hat.tiling import generate_hats
    >>> fill(next(iter(generate_hats(3, 3, seed=1))), "type").startswith("#")
    True
    """
    if tile.reflected and colouring != "four":
        return REFLECTED_COLOUR
    if colouring == "type":
        return TYPE_COLOURS[tile.type]
    if colouring == "orientation":
        return ORIENTATION_COLOURS[tile.turn]
    if colouring == "four":
        return FOUR_COLOURS[tile.colour]
    return PLAIN_COLOUR


def _row(tile: HatTile, xy: np.ndarray) -> dict[str, object]:
    return {
        "id": tile.id,
        "type": tile.type,
        "index": tile.index,
        "reflected": tile.reflected,
        "turn": tile.turn,
        "colour": tile.colour,
        "vertices": [[round(x, DIGITS), round(y, DIGITS)] for x, y in xy.tolist()],
    }


# the constant parts of a row: before the id, after it, after the type, after the index,
# after reflected, after the turn, after the colour, between x and y, between two
# vertices, after the vertices, before the neighbours, between two, after them, at the end
_JSONL = byte_pieces(
    '{"id":"', '","type":"', '","index":', ',"reflected":', ',"turn":', ',"colour":',
    ',"vertices":[[', ",", "],[", "]]", ',"neighbours":["', '","', '"]', "}\n",
)  # fmt: skip
_CSV = byte_pieces("", ",", ",", ",", ",", ",", ",", ",", ",", "", ",", ",", "", "\n")
_BOOLEANS = {"jsonl": byte_pieces("true", "false"), "csv": byte_pieces("1", "0")}
_LETTERS = np.frombuffer(TYPES.encode(), dtype=np.uint8)


def text_rows(batch: np.ndarray, fmt: str) -> bytes:
    """The rows of a batch of hats (``walk.found_batches``) in ``fmt``, csv or jsonl, a
    line a hat; a CSV begins with :func:`csv_header`.

    JSON Lines: one object a line, id, metatile type, index in it, reflected, turn,
    colour, vertices, and for batches with neighbours (``found_batches(...,
    neighbours=True)``) the ids of the hats across edges 0-13 (edge k runs from vertex k to
    vertex k + 1). CSV: one row a hat, id, type, index, reflected (0/1), turn, colour,
    x0,y0 … x13,y13, and with neighbours n0 … n13.

    Examples
    --------
    >>> from tilewright.aperiodic.hat.tiling import generate_hats
    >>> batch = next(generate_hats(10, 10, seed=1).batches())
    >>> text_rows(batch, "csv").count(b"\\n") == len(batch)
    True
    """
    from tilewright.aperiodic.hat import _format_kernels  # only the text formats need it

    true_text, false_text = _BOOLEANS[fmt]
    pieces = _JSONL if fmt == "jsonl" else _CSV
    return _format_kernels.rows(batch, _LETTERS, SHAPES, pieces, true_text, false_text).tobytes()


def csv_header(neighbours: bool = False) -> bytes:
    """The CSV's header line, with the neighbours' columns or without."""
    return (CSV_COLUMNS + (NEIGHBOUR_COLUMNS if neighbours else "") + "\n").encode()


def geojson(tiles: Iterable[HatTile], info: Mapping[str, object] | None = None) -> Iterator[bytes]:
    """A FeatureCollection of closed polygons, the properties of the JSON Lines rows
    (:func:`text_rows`) on each."""
    head = {"type": "FeatureCollection"} | ({"tilewright": dict(info)} if info else {})
    yield (json.dumps(head)[:-1] + ',"features":[\n').encode()
    first = True
    for tile in tiles:
        row = _row(tile, tile.xy())
        ring = row.pop("vertices")
        assert isinstance(ring, list)
        yield (("" if first else ",\n") + polygon_feature(row, ring)).encode()
        first = False
    yield b"\n]}\n"


def svg(
    tiles: Sequence[HatTile],
    outlines: Sequence[np.ndarray],
    box: tuple[float, float, float, float],
    colouring: str,
    plain: bool,
    scale: float,
    info: Mapping[str, object] | None,
    clip: bool,
) -> Iterator[bytes]:
    """The hats as SVG, drawn from the box's lower-left corner. Compact: one path per
    (turn, reflected) in ``<defs>`` and a ``<use>`` a hat; ``plain``: a closed path a hat.
    ``clip`` cuts the drawing at the box (the region); without it the box holds them all."""
    corner = np.array(box[:2])
    defs = ""
    if not plain:
        shapes: dict[tuple[int, bool], str] = {}
        for tile, xy in zip(tiles, outlines, strict=True):
            shapes.setdefault((tile.turn, tile.reflected), polygon_path(xy - xy[0]))
        defs = "".join(
            f'<path id="h{turn}{"m" if mirrored else ""}" d="{d}"/>\n'
            for (turn, mirrored), d in sorted(shapes.items())
        )

    def pieces() -> Iterator[str]:
        lines = []
        for tile, xy in zip(tiles, outlines, strict=True):
            colour = fill(tile, colouring)
            if plain:
                lines.append(f'<path d="{polygon_path(xy - corner)}" fill="{colour}"/>\n')
            else:
                x, y = xy[0] - corner
                name = f"h{tile.turn}{'m' if tile.reflected else ''}"
                lines.append(_USE % (name, x, y, colour))
            if len(lines) >= 1024:
                yield "".join(lines)
                lines = []
        yield "".join(lines)

    return svg_drawing(box, scale, info, defs, pieces(), clip)
