"""Writers for Penrose patches: JSON Lines, CSV, GeoJSON, SVG, PNG (and PDF from the SVG).

Coordinates are in edges (a rhomb's edge, a kite's or dart's long edge), y up, with
``writers.DIGITS`` decimals; JSON Lines also gives each corner exactly, as the four
integers of ``field.Point``. Pictures draw one closed path a tile from the region's
lower-left corner, cut at the region.
"""

import colorsys
import json
from collections.abc import Iterable, Iterator, Mapping

import numpy as np

from tilewright.aperiodic.penrose import _format_kernels as kernels
from tilewright.aperiodic.penrose import region
from tilewright.aperiodic.penrose.region import TYPES, Found
from tilewright.aperiodic.writers import (
    DIGITS,
    byte_pieces,
    held_parts,
    polygon_feature,
    svg_drawing,
)

COLOURINGS = ("type", "orientation", "four")
# the acute-cornered tile (kite, thick rhomb) light, the other darker, as in Penrose's own
# drawings; every two at least core.colours.PALETTE_SEPARATION apart
TYPE_COLOURS = {"p2": ("#e8c26a", "#5a7fb8"), "p3": ("#8fb8de", "#f2a07b")}
# ten hues, one a tenth of a turn; the second type of tile darker
ORIENTATION_COLOURS = tuple(
    tuple(
        "#{:02x}{:02x}{:02x}".format(
            *(round(255 * c) for c in colorsys.hls_to_rgb(turn / 10, 0.75 - 0.25 * kind, 0.55))
        )
        for turn in range(10)
    )
    for kind in range(2)
)
CSV_COLUMNS = "id,type,turn," + ",".join(f"x{k},y{k}" for k in range(4))
NEIGHBOUR_COLUMNS = ",n0,n1,n2,n3"
GEOJSON_TAIL = b"\n]}\n"
# tiles formatted at once: the text of a batch stays small beside the patch, and a task
# of a threaded write (``threaded.walked``) is worth handing out
_BATCH = 4096
# the constant parts of a row (``_format_kernels.rows``): before the id, after it, the type
# and the turn; between x and y, between vertices, after them; before the exact corners,
# between integers, between corners, after them; before the neighbours, between, after;
# the end
_CSV_PIECES = byte_pieces("", ",", ",", ",", ",", ",", "", "", "", "", "", ",", ",", "", "\n")
_JSONL_PIECES = byte_pieces(
    '{"id":"', '","type":"', '","turn":', ',"vertices":[[', ",", "],[", "]]",
    ',"exact":[[', ",", "],[", "]]", ',"neighbours":["', '","', '"]', "}\n",
)  # fmt: skip
# the SVG's numbers
_NUMBER = f"%.{DIGITS}f"
_NO_ACROSS = (np.zeros((0, 4), dtype=np.int64), np.zeros((0, 4, 4), dtype=np.int64))
# the tiles across edges 0-3 of each tile of a patch: turns (n, 4), start corners (n, 4, 4)
Across = tuple[np.ndarray, np.ndarray]


def _names(tiling: str) -> tuple[np.ndarray, np.ndarray]:
    """Each type's name in UTF-8, padded to one width, and its length."""
    encoded = [name.encode() for name in TYPES[tiling]]
    names = np.zeros((len(encoded), max(map(len, encoded))), dtype=np.uint8)
    for k, name in enumerate(encoded):
        names[k, : len(name)] = np.frombuffer(name, dtype=np.uint8)
    return names, np.array([len(name) for name in encoded], dtype=np.int64)


_NAMES = {tiling: _names(tiling) for tiling in TYPES}


def fills(found: Found, tiling: str, colouring: str) -> list[str]:
    """Each tile's colour: by type (``"type"``) or by type and turn (``"orientation"``);
    the four colours are the tiling's (``colours.four_colours``).

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.region import find
    >>> set(fills(find(1, "p2", (0, 0, 4, 4)), "p2", "type")) == set(TYPE_COLOURS["p2"])
    True
    """
    kinds = found.kind.tolist()
    if colouring == "orientation":
        # a rhomb's turn counts to 5 (half a turn on, it is the same rhomb): the whole wheel
        spread = 2 if tiling == "p3" else 1
        turns = found.turn.tolist()
        return [ORIENTATION_COLOURS[k][spread * t] for k, t in zip(kinds, turns, strict=True)]
    colours = TYPE_COLOURS[tiling]
    return [colours[k] for k in kinds]


def pieces(parts: Iterable[Found]) -> Iterator[tuple[int, Found]]:
    """The tiles of ``parts`` (one ``Found``, or the descent's batches as they come) in
    pieces of at most ``_BATCH``, each with its first tile's index in the whole: the text of
    a piece is made for it, as the whole patch's text would take more memory than the
    search."""
    start = 0
    for part in parts:
        for at in range(0, len(part), _BATCH):
            piece = slice(at, at + _BATCH)
            yield (
                start + at,
                Found(part.exact[piece], part.kind[piece], part.turn[piece], part.description),
            )
        start += len(part)


def descent_pieces(
    tiling_state: None, tiles: np.ndarray, tiling: str, box: tuple[float, float, float, float]
) -> Iterator[tuple[int, Found]]:
    """A batch of the descent's tiles (``region.descent``) selected to those meeting
    ``box`` (``region.selected``), in :func:`pieces`: the batches of a threaded write's
    part (``threaded.Walk``), which needs no tiling of its own.

    Why the selection on the threads too: once the rows were compiled, choosing each
    batch's tiles (NumPy) took more time than formatting them, and left on the calling
    thread it kept a second thread idle."""
    return pieces([region.selected(tiles, tiling, box, "")])  # rows name no description


def _columns(piece: Found, tiling: str) -> tuple[list[str], list[str], list, list]:
    """A piece's ids, type names, turns and flat corners, as lists."""
    names = TYPES[tiling]
    return (
        piece.ids,
        [names[k] for k in piece.kind.tolist()],
        piece.turn.tolist(),
        piece.xy.reshape(-1, 8).tolist(),
    )


def csv_header(neighbours: bool = False) -> bytes:
    """The CSV's first line: the columns of :func:`rows`."""
    return (CSV_COLUMNS + (NEIGHBOUR_COLUMNS if neighbours else "") + "\n").encode()


def text_rows(
    piece: tuple[int, Found], fmt: str, tiling: str, across: Across | None = None
) -> tuple[bytes, int]:
    """A piece of :func:`pieces`, ``(start, tiles)``, as CSV or JSON Lines rows, with its
    count of tiles: a batch's work in a write (``threaded.walked``).

    CSV: id, type, turn, x0,y0 … x3,y3, and with ``across`` (``region.across`` of the
    whole patch) the ids of the tiles across edges 0-3, n0 … n3. JSON Lines: id, type,
    turn, vertices, the exact corners, and with ``across`` ``"neighbours"``."""
    start, tiles = piece
    turns, starts = (
        (across[0][start : start + len(tiles)], across[1][start : start + len(tiles)])
        if across is not None
        else _NO_ACROSS
    )
    names, lengths = _NAMES[tiling]
    text = kernels.rows(
        tiles.turn,
        tiles.exact,
        tiles.kind,
        tiles.xy,
        names,
        lengths,
        turns,
        starts,
        _JSONL_PIECES if fmt == "jsonl" else _CSV_PIECES,
    )
    return text.tobytes(), len(tiles)


def geojson_head(info: Mapping[str, object]) -> bytes:
    """A FeatureCollection's opening, with ``info``, up to its features."""
    head = {"type": "FeatureCollection", "tilewright": dict(info)}
    return (json.dumps(head)[:-1] + ',"features":[\n').encode()


def geojson_features(parts: Iterable[Found], tiling: str) -> Iterator[tuple[bytes, int]]:
    """The tiles as closed polygons, with id, type and turn on each, as ``(text, tiles)``
    pieces between :func:`geojson_head` and ``GEOJSON_TAIL``."""
    first = True
    for _, piece in pieces(parts):
        features = []
        for i, n, t, xy in zip(*_columns(piece, tiling), strict=True):
            ring = [[round(xy[2 * k], DIGITS), round(xy[2 * k + 1], DIGITS)] for k in range(4)]
            features.append(polygon_feature({"id": i, "type": n, "turn": t}, ring))
        yield ("" if first else ",\n").encode() + ",\n".join(features).encode(), len(features)
        first = False


def svg(
    found: Found,
    colours: list[str],
    box: tuple[float, float, float, float],
    scale: float,
    info: Mapping[str, object],
) -> Iterator[bytes]:
    """The tiles as SVG, one closed path each, drawn from the box's lower-left corner and
    cut at it (the region)."""
    path = f'<path d="M{_NUMBER} {_NUMBER}' + f"L{_NUMBER} {_NUMBER}" * 3 + 'z" fill="%s"/>\n'
    shifted = (found.xy - box[:2]).reshape(-1, 8)

    def pieces() -> Iterator[str]:
        for corners, fills in held_parts(shifted, colours):
            rows = zip(np.asarray(corners).tolist(), fills, strict=True)
            yield "".join(path % (*xy, colour) for xy, colour in rows)

    return svg_drawing(box, scale, info, "", pieces())
