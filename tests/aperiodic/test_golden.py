"""Golden hashes: the seed contract of Spectre tilings, pinned.

A seed, a region and an origin fix every tile: its id, its type, its place, and the order
in which each method writes the tiles. These hashes were taken from the code before the
library's surface was reshaped, so any change of output shows here and has to be a
decision (recorded in CHANGELOG.md), never an accident. The line walk and the breadth-first
method write the same tiles in different orders once a region spans several blocks.
"""

import hashlib
import io
import json
import re

import pytest

from tilewright.aperiodic import generate

# (method, width, height, seed, origin): sha256 of the ids (one a line), of the JSON Lines
IDS_AND_JSONL = {
    ("line", 20, 15, 1, (0, 0)): (
        "d2147593456ea3543cff6f0a207c328d352147809a69786ff2c35dc4e1bb3f83",
        "a6d950bba358b3f339f0b519728f690599842664e78845c11b0b4b43e70d8f2e",
    ),
    ("line", 40, 30, 3, (-20.5, 7)): (
        "d4f54936cf0abfad9ec655e776dc0971b58047b0a265a3b5d70945859ffd716b",
        "19257e3b3dc10492a2911b2a055dc92c30c7ae6e65b4456c22dd804f94832e92",
    ),
    ("line", 7.5, 30, 2, (10000.0, -300)): (
        "03ed0cf768c6902875e1e1cab7583cce7ee2213e4842c4fc06ae8693ab4b5c3e",
        "25dc80a9acb3ac3ede993e96e6bf06776e4426d37588492abbb34d0920bbb348",
    ),
    ("line", 250, 6, 12345678901, (-125, -3)): (
        "e45ce0b010b6335bec2e8e56e1ddebd3f540035c45dd59b60a052282e2855d4b",
        "c134e1393dcb720961c0479a67ad6562df317019e4df96ab9900fd0e812d7c33",
    ),
    ("line", 97.5, 193, 6, (-48.25, 7)): (
        "362aaefc96ac7a77a2173d0ff1c55963474ec40db06eeed12d11c8b1123faf14",
        "ef5efc89b4851e87fd8c81b350bcc898aa3dfeb1abd8fef966ed50f85c0c1930",
    ),
    ("bfs", 20, 15, 1, (0, 0)): (
        "d2147593456ea3543cff6f0a207c328d352147809a69786ff2c35dc4e1bb3f83",
        "a6d950bba358b3f339f0b519728f690599842664e78845c11b0b4b43e70d8f2e",
    ),
    ("bfs", 40, 30, 3, (-20.5, 7)): (
        "d4f54936cf0abfad9ec655e776dc0971b58047b0a265a3b5d70945859ffd716b",
        "19257e3b3dc10492a2911b2a055dc92c30c7ae6e65b4456c22dd804f94832e92",
    ),
    ("bfs", 7.5, 30, 2, (10000.0, -300)): (
        "03ed0cf768c6902875e1e1cab7583cce7ee2213e4842c4fc06ae8693ab4b5c3e",
        "25dc80a9acb3ac3ede993e96e6bf06776e4426d37588492abbb34d0920bbb348",
    ),
    ("bfs", 250, 6, 12345678901, (-125, -3)): (
        "e45ce0b010b6335bec2e8e56e1ddebd3f540035c45dd59b60a052282e2855d4b",
        "c134e1393dcb720961c0479a67ad6562df317019e4df96ab9900fd0e812d7c33",
    ),
    ("bfs", 97.5, 193, 6, (-48.25, 7)): (
        "362aaefc96ac7a77a2173d0ff1c55963474ec40db06eeed12d11c8b1123faf14",
        "ef5efc89b4851e87fd8c81b350bcc898aa3dfeb1abd8fef966ed50f85c0c1930",
    ),
}
# the 40x30 patch of seed 3 at (-20.5, 7), drawn at 10 pixels a tile edge
PICTURE = (40, 30, 3, (-20.5, 7))
SVG = {
    ("type", False): "785cae23981f442f5b18ab30741b1855e260ed3f1cb5608dc8e5322f2706238b",
    ("type", True): "5174aeff8fc9eeae8e242b4cfd0d80af03cc8ce4b06a830733bb5d7257b4d028",
    ("orientation", False): "cfa002dea4e9ef9a41bb98b504ef11627554bcfd9b1d788626d2d0f59b124249",
    ("orientation", True): "6a926b1c2ae10617650ec90bede3ba959d70ee7370b3c00b3eb7526bd394517b",
    ("four", False): "7959dcce337f7fd3f686599a2e53b3475251fc71ca4bbcd97ffdc05c6dd6077c",
    ("four", True): "c7eb2382433915d03484e7a13098c9e3c4a8443d386bbda8f347ecad65695aef",
}
CSV = "705d80ed0fa6b3cd21e1fe378d6e4bd3d365ebfa41da664ee7f5542be5a4c912"
GEOJSON_FEATURES = "d08802c27abe7a76fa695b6457a21e5c4893191717f143c8153e8d983707932d"
PNG_PIXELS = "9608d704dc2e522eaca38d4ae1a810e3138780e99853e7eec259a74ec33454dd"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def written(patch, fmt: str, **style) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, **style)
    return sink.getvalue()


@pytest.mark.parametrize("case", list(IDS_AND_JSONL))
def test_ids_and_json_lines(case):
    method, width, height, seed, origin = case
    patch = generate(width, height, seed, origin, method)
    ids = "".join(tile.id + "\n" for tile in patch)
    assert (sha256(ids.encode()), sha256(written(patch, "jsonl"))) == IDS_AND_JSONL[case]


@pytest.mark.parametrize(("colouring", "plain"), list(SVG))
def test_svg(colouring, plain):
    patch = generate(*PICTURE)
    svg = written(patch, "svg", colour=colouring, plain=plain, scale=10.0)
    # the record of seed and region (added later) is not part of the drawing
    drawing, records = re.subn(rb"<metadata[^>]*>.*?</metadata>\n", b"", svg)
    assert records == 1 and sha256(drawing) == SVG[(colouring, plain)]


def test_csv_geojson_and_png():
    from PIL import Image

    patch = generate(*PICTURE)
    assert sha256(written(patch, "csv")) == CSV
    features = json.loads(written(patch, "geojson"))["features"]
    text = json.dumps(features, separators=(",", ":"), ensure_ascii=False)
    assert sha256(text.encode()) == GEOJSON_FEATURES
    png = written(patch, "png", colour="four", scale=10.0)
    pixels = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    assert sha256(pixels) == PNG_PIXELS
