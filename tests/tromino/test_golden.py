"""Golden hashes: the tromino outputs pinned byte for byte.

Computed from the code before the issue-12 refactor, so that every later change of a
tiling, a colouring or a written file is a decision recorded in the CHANGELOG, never an
accident. The textbook's ``classic`` output in particular must never change. The squares
drawn from seeds (new with ``generate``) are pinned from their first version.
"""

import hashlib
import re

import numpy as np
import png
import pytest
from click.testing import CliRunner

from tilewright.cli.tromino import tromino
from tilewright.tromino import generate, tile, tile_rows
from tilewright.tromino.colour import colour_grid

# sha256 of the int64 labels, by (width, height, missing square from 0)
LABELS = {
    (1, 1, (0, 0)): "af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc",
    (2, 2, (1, 0)): "b98406b651dbc54c0827540739c854374690c757580937e41d19baaaaf12a559",
    (8, 8, (1, 2)): "8a689c5f70e09ce9f6094f4c7198077dbae4a3d46c44a1efdb6d7c217f6f0607",
    (64, 64, (17, 40)): "70a47d998e231ba7b8cd44e42c907b087ed29f01d1ec313e474264e8d51c34e9",
    (1024, 1024, (700, 3)): "a5542d292f802fc0efd40bacc4975c78a28fd1d31bc421c98b5ac974613c4f4d",
    (7, 7, (3, 3)): "42246d3607abdd875d7aa0e6856a7710dd365500c4116ade377892ca4ee47674",
    (5, 5, (0, 0)): "ef677dbab72118337060df0cf6c684a1bcaab26bb951b567c8a547e6770e2241",
    (22, 13, (3, 8)): "76577b8b82441a15926e427a86f8897cf152ab871b7a33b1770e5b481217bbf9",
    (20, 14, (2, 4)): "6c6a58f60dfc95d541974ededfd73307877ba6ba2c941e0f4e3af07010fe4d90",
    (2, 11, (0, 0)): "a4d3c49c09f420e39588924787d4d7d78e5ff42318056eeb4fd948b531d27f00",
    (11, 2, (0, 1)): "58ddf9511225f08bf7cddcf0e14ce585b0a5cfbfa55e4bfeda6976d7ca6b2634",
    (5, 14, (0, 0)): "8ac253124e9f770197a04f74c15b2028506b2ab3a6eced440e9b24271663dc0b",
    (14, 5, (4, 13)): "01cd0d784ce146f6b2c74244ed5becea78d3894f5afddcaf21640957ef966738",
    (1001, 1004, (500, 500)): "6344b937665be9dddec4732a9524b88a636aee56191c30a55ef337c546fe174d",
    (1000, 1000, (999, 3)): "f104f3d559c4041e8f3b8525cc2e83245e367ba35620481487220aab3824eb8c",
}

# the first two bands of boards far too large to hold: (width, height, missing, rows a band)
STREAMED = {
    (65536, 65536, (12345, 54321), 2): (
        "9c4a7e97065e66902f329fdd1fe9980b59a061acfaab3eab462ea2a70b333136"
    ),
    (100003, 100000, (4, 99990), 8): (
        "d2d43d3e2983212b892128879e1b9cf50652a199e7e5f7343a987ef2a44d256f"
    ),
    (2**20, 2**20, (3, 2**20 - 1), 1): (
        "a8e6a56580c7c608310be0b4082fbee9177337634846cab32522596320cc6a30"
    ),
}

# sha256 of colour_grid's int8 cells, by (width, height, missing, colours)
COLOURINGS = {
    (8, 8, (1, 2), 3): "c4d98cc61241cfd9e4ae300385d2c0a5402fec21ea419a9e3b9b145fa5368856",
    (8, 8, (1, 2), 4): "c4d98cc61241cfd9e4ae300385d2c0a5402fec21ea419a9e3b9b145fa5368856",
    (64, 64, (17, 40), 3): "5361485ed0ec2c8fbee1a74bb6529e5ba060e6fd19b2dd3c791900da11da6fdd",
    (64, 64, (17, 40), 4): "5361485ed0ec2c8fbee1a74bb6529e5ba060e6fd19b2dd3c791900da11da6fdd",
    (256, 256, (100, 37), 3): "3494c2d35ab5a9a707dd737aa6380df9428e9f68056c535ac082e61b6c6758f4",
    (256, 256, (100, 37), 4): "3494c2d35ab5a9a707dd737aa6380df9428e9f68056c535ac082e61b6c6758f4",
    (22, 13, (3, 8), 4): "8a2d6526d6fe083148856203f009d1bde83b3eeed17418c0a55b4da596e98e1e",
    (20, 14, (2, 4), 4): "5bace4e320f96016f070b32bd21701bd719a7e314598b87f68d0e5ccacb2ee05",
    (100, 100, (0, 0), 4): "db6e3959c0db503e24e9d21fa4a3feaef2fc2a9b0aa0ff770addf311129419fa",
}

# sha256 of what the command writes on stdout (text: the textbook's "%2d " for classic)
TEXT = {
    ("classic", "8", "2", "3"): "11b179dddda485de3637890e62a33fc7a26c71ca7971b8f2a4264e1a30fae549",
    ("classic", "64", "17", "40"): (
        "69c6e8f233029a8040a208c55aa30e21c253609f8188c63f9be63a4eedee2390"
    ),
    ("classic", "256", "100", "37"): (
        "ceea07848fd33616f7a82434f596ba4c18ababf4054415978e6702c5cea23d03"
    ),
    ("classic", "1", "1", "1"): "8f00d8ae8b3ede1f054cedda279a434966e569c60cba29de016eb31972ea180a",
    ("tile", "22x13", "--missing", "3,8"): (
        "3fb95a6c1ca83291af578bd4a931efe00df0781722ed0e861800c8971b8e7394"
    ),
    ("tile", "1001x1004", "--missing", "500,500"): (
        "f45925e5b900d2c417ee9f46aff444aba2d31e4cc2c6496f8135c06547fd60f0"
    ),
    ("tile", "16x16", "--missing", "2,4"): (
        "5dba7352d1bc094abcb821d2680ac4fabde8c4e6576b60239e902eb7687be2d7"
    ),
    ("tile", "22x13", "--missing", "3,8", "-f", "npy"): (
        "ac3fe9ff4dd33ba7274e28fae4ca916e399b29ef02f0e829157e2548a7a4940b"
    ),
}

# sha256 of a PNG's size, palette and pixels (palette indices), not of its bytes: the
# record of what made it (a text chunk) is not part of the picture
PNG_PIXELS = {
    ("tile", "22x13", "--missing", "3,8", "--cell", "5"): (
        "4a67f3e34335e268516fc50b6a80d3ffb20a27a0f6d35b46d9b3db8e6dd9d657"
    ),
    ("tile", "20x14", "--missing", "2,4", "--colour", "four", "--cell", "7"): (
        "877c6b5fe0aa83a26c9c42db71e62b574427420e5992c807365f91f7784d512c"
    ),
    ("tile", "16x16", "--missing", "2,4", "--colour", "three", "--cell", "2"): (
        "1d1d60371d206820c9069750fb7c63bda3391abf69b41d4f2554bc6a47c6f325"
    ),
    ("tile", "8x8", "--missing", "1,2", "--cell", "24"): (
        "d48ee491e91715c717fc8f2791c0b137b116a70a50c2dd725c7d29bba7054d3c"
    ),
}

# sha256 of the SVG without its <metadata> record
SVG = {
    ("tile", "16x16", "--missing", "2,4", "--colour", "three", "--cell", "10"): (
        "5d1e84b8d34334e698864cccda58dae4f5452705f34ab3f16a2cad5d85b30549"
    ),
    ("tile", "20x14", "--missing", "2,4", "--colour", "four", "--cell", "20"): (
        "9d25cc3ca059dbf325f5c5b6496cc7965e60d6c675e66a854361851b603919d6"
    ),
    ("tile", "22x13", "--missing", "3,8", "--cell", "12"): (
        "afd6c3de85e310a40b67dcea67c41208f76b0e29bfdfc57888aad77075f057cb"
    ),
}


# the missing square generate() draws, by (width, height, seed)
DRAWN = {
    (10, 10, 7): (2, 8),
    (10, 10, 0): (9, 7),
    (5, 5, 1): (2, 0),
    (2, 11, 3): (9, 0),
    (5, 14, 4): (4, 0),
    (64, 64, 5): (50, 47),
    (100003, 100000, 6): (98662, 23877),
    (1, 1, 9): (0, 0),
}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run(*args: str) -> bytes:
    done = CliRunner().invoke(tromino, list(args), catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done.stdout_bytes


@pytest.mark.parametrize("board", LABELS, ids=str)
def test_labels(board):
    width, height, missing = board
    labels = tile(width, height, missing)
    assert sha(np.ascontiguousarray(labels, dtype=np.int64).tobytes()) == LABELS[board]


@pytest.mark.parametrize("board", STREAMED, ids=str)
def test_streamed_rows_of_huge_boards(board):
    width, height, missing, rows = board
    bands = tile_rows(width, height, missing, rows_per_band=rows)
    first_two = np.vstack([next(bands), next(bands)])
    assert sha(first_two.astype(np.int64).tobytes()) == STREAMED[board]


@pytest.mark.parametrize("case", COLOURINGS, ids=str)
def test_colourings(case):
    width, height, missing, colours = case
    cells = colour_grid(tile(width, height, missing), colours)
    assert sha(cells.tobytes()) == COLOURINGS[case]


@pytest.mark.parametrize("args", TEXT, ids=" ".join)
def test_text_and_npy_output(args):
    assert sha(run(*args)) == TEXT[args]


@pytest.mark.parametrize("args", PNG_PIXELS, ids=" ".join)
def test_png_pixels(args, tmp_path):
    path = tmp_path / "t.png"
    run(*args, "-o", str(path))
    width, height, rows, info = png.Reader(filename=str(path)).read()
    pixels = b"".join(bytes(row) for row in rows)
    assert sha(repr((width, height, info.get("palette"))).encode() + pixels) == PNG_PIXELS[args]


@pytest.mark.parametrize("args", SVG, ids=" ".join)
def test_svg(args):
    svg = run(*args, "-f", "svg").decode()
    assert sha(re.sub(r"<metadata.*?</metadata>", "", svg, flags=re.S).encode()) == SVG[args]


@pytest.mark.parametrize("case", DRAWN, ids=str)
def test_squares_drawn_from_seeds(case):
    width, height, seed = case
    assert generate(width, height, seed=seed).missing == DRAWN[case]
