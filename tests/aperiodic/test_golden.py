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
        "ddde1e35b6f9e7259b1fcd54d75535a95e2d65dee859095c91d29d184b30736c",
        "8ee52cb2b0573341794655a32a981049b14346185a8437a923d6335b6204e785",
    ),
    ("line", 250, 6, 12345678901, (-125, -3)): (
        "e454ce8a73377e8e5e6d8a87d2cedf1237ab9244bb6a80fc5f2c89e92f206da0",
        "857014c51881901e2d1e6b04953871c5a5472049ebba12020ab2fcf7ee48ef0f",
    ),
    ("line", 97.5, 193, 6, (-48.25, 7)): (
        "c3ff25e846593ba6ad4960d5c0a72623c2ffd75ffe49980d6828dd2ce3aaea37",
        "0ee1af90272ea779c8424362c92fb01ef5ff8e1780fe3d0f59c6442af452926a",
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
        "ddde1e35b6f9e7259b1fcd54d75535a95e2d65dee859095c91d29d184b30736c",
        "8ee52cb2b0573341794655a32a981049b14346185a8437a923d6335b6204e785",
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
    ("type", False): "f8e9f103dae27c16351e02432357a6da12cdb9cbf972ee4a7437a44fb419c4aa",
    ("type", True): "ee5d58d46b97a97f4fb697586113f8d499d42cd48d5336f99aee6016daec5421",
    ("orientation", False): "9420b93b94a5b9fdf5957de48b6d146395ac1a41d822473c98619f219cd09d06",
    ("orientation", True): "31f80c5c236beef54cacdc1edce7a68952a87020cd6e3d8e9f49c2c188bfb973",
    ("four", False): "f9ee1632c4f57301b11970dd0f3da00919d38958fbb3f4bd08231547a8ac7df4",
    ("four", True): "04e84d3108143d43c13c937c5f8387fb77efb8120b7cfcf224ff6a4bd7fc72ed",
}
CSV = "705d80ed0fa6b3cd21e1fe378d6e4bd3d365ebfa41da664ee7f5542be5a4c912"
GEOJSON_FEATURES = "d08802c27abe7a76fa695b6457a21e5c4893191717f143c8153e8d983707932d"
PNG_PIXELS = "5d70ca71b9f9caf872d0b0ea1bd890b4d95ce45224ea6e58e4493a5bd8c1bc19"


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
