"""Golden hashes: the seed contract of Rectangles puzzles, pinned.

A seed and the parameters fix the puzzle (its game ID), its solution (each square's clue in
reading order) and the generator's path there (its stats). These values were taken from
the code before the package was reshaped (split kernels, result objects, one writer per
format), so any change of output shows here and has to be a decision, recorded in
CHANGELOG.md, never an accident. Short game IDs are pinned as they are, long ones by their
sha256.
"""

import hashlib
import json
import subprocess
import sys

import numpy as np
import pytest

from tilewright.rectangles import Params, format_game_id, generate, parse_game_id, solve
from tilewright.rectangles.text import render

# ((width, height), other parameters, seed): (game ID or its sha256, sha256 of the
# solution's int64 bytes, stats)
GENERATED = {
    ((15, 15), (), 1): (
        "cd348529f5607e43862af46f7d128b0b61ba9482b0ca8383b2b4e2ebc8670dd1",
        "497c6f7e1767f0bf72cb08f0bd95dfb9223c52392d45dff223b6c7975e7d8afd",
        {"attempts": 1, "rounds": 5, "clue_moves": 23, "recuts": 6},
    ),
    ((15, 15), (), 4): (
        "ef4a5c334bd0b0df1ba32ed9afdb79097a18f4ccc26dede90bd46c8317cdb70d",
        "9c202950c08714e32fc7cd9de6c45fb1683d01029878b2b01d3368e21ea255f5",
        {"attempts": 1, "rounds": 13, "clue_moves": 57, "recuts": 13},
    ),
    ((10, 7), (), 2): (
        "10x7:a3c3d2f5a10c6_6a3c4_5j4a2a4e2d2a2a2b2c3a",
        "df7e1e44b7b6c5330df0faa044b8986b182876c17893c81480891913534db3f4",
        {"attempts": 1, "rounds": 2, "clue_moves": 5, "recuts": 0},
    ),
    ((30, 20), (("expansion", 0.5),), 3): (
        "ed16f703c36cb117fb02b905c406ea61492e6adbdf6f1c5b3fa1543d1317dcfa",
        "ca124a81211206737bb8b8c6d951be8b3ab07d5ab360791b90b03079babde159",
        {"attempts": 1, "rounds": 1, "clue_moves": 0, "recuts": 0},
    ),
    ((10, 10), (("unique", False),), 5): (
        "10x10:b5b4a3e2b2k2_3a8a10e2_2i3h14a2a2d12d2g3e16b3i",
        "2b976af09cb33fcb4757c4624f6f8f9ac0cf6b1b91d5d3fd79cd82077971125e",
        {"attempts": 1, "rounds": 0, "clue_moves": 0, "recuts": 0},
    ),
    ((12, 12), (("max_area", 4), ("singles", True)), 6): (
        "2b32f481fde380c21613268f6fff4ce9dc4d9421dbb275f8d597ffd78613f3a2",
        "1bd0d1ccab75bf14084ab85723153ea7d2f39821dcfbbb21eba2b3448b3bb93f",
        {"attempts": 1, "rounds": 1, "clue_moves": 0, "recuts": 0},
    ),
    ((20, 20), (("max_area", 6),), 7): (
        "865450640238e2ff6d8d97b876e35858e30e8c9ae656845a7dc35b057ee8354b",
        "84cd8a011a7a2a4e0fb14963b1459d181ceda080622627ec0202c95af3d59c92",
        {"attempts": 1, "rounds": 11, "clue_moves": 46, "recuts": 8},
    ),
    ((9, 9), (("expansion", 1.0),), 8): (
        "9x9:d35d4g10zb5g7s12d8a",
        "4c0712801a351686be21487799ab28b23d6a2a64f673ed9e559f9ec22e966ffb",
        {"attempts": 2, "rounds": 29, "clue_moves": 192, "recuts": 65},
    ),
    ((100, 80), (), 9): (
        "a780f21e57ba8e90ffd1f67d183153853a89513c21551400cbed5167d54aaf3d",
        "3329932c36611b291fa1618b0a1504cc0d80328252ed9f3564d3903f04f213b3",
        {"attempts": 1, "rounds": 11, "clue_moves": 84, "recuts": 26},
    ),
    ((2, 2), (), 0): (
        "2x2:a2a2",
        "b64c0d4ec2af5aba75d0e38754bd4da29669e6bd54220441f3710964fdb4ece3",
        {"attempts": 1, "rounds": 1, "clue_moves": 0, "recuts": 0},
    ),
    ((60, 3), (("expansion", 2.5), ("max_area", 40)), 2**63 - 1): (
        "60x3:k26zb3a18f12c4a10d14zk40u3c14o23za7f6d",
        "4582d17d354bd8b3a28a6db9c193ab9f3f4c5a1344e81ffa9805ebb02939f8bd",
        {"attempts": 1, "rounds": 1, "clue_moves": 0, "recuts": 0},
    ),
}
# the text of the 10x10a puzzle of seed 5 with its solution
TEXT_10X10A_5 = "6b97a55eb156749543bc0cdafd306c23aa02788879d885aa49f204fb4dd93748"
# an ambiguous puzzle (10x10a, seed 0): the two solutions the search finds first, in order
AMBIGUOUS = "10x10:a16f2j2_3b6c4f8_2i12h5c2_4_3b4e2a2a4g2f2_2a3a2a2a4_2a"
AMBIGUOUS_SOLUTIONS = [
    "f3a57949783226a714b5bb5fc975f558b522a403cec46ad7dc54772acffec3e5",
    "0e593d78b7f1b1579a91169f449b9adafc11e00f6b9f1c2a854b8bc3739243d5",
]
# command lines and the sha256 of what they print
COMMANDS = {
    ("generate", "10x7", "-s", "2", "-f", "json", "--solution"): (
        "d6bb25d42558971ee2eab73b34199fccc6224c2364d1eacfcaa2cb205a776957"
    ),
    ("generate", "10x7", "-s", "2", "-f", "json", "--max-area", "5", "--singles"): (
        "435bf5f00c861cd0182a026ad41fed5e6e9a363a54f69175a935b0acb31c9a32"
    ),
    ("generate", "8x6", "-s", "11", "--count", "3"): (
        "6efb1b1aaea246dbe2a6f220ec6a576f32de202a6b744ea1121fc059c907c128"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text", "--solution"): (
        "ccee62ffc9b9bf21efb1b67c54ab8c7af090c47d768b8bb1edf98651f55b7ab0"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text"): (
        "3b23922fd2a537ef3c979d25f8035e98c2854d4262bf9d85b7270a576252e37d"
    ),
    ("solve", AMBIGUOUS): "75b5ac4b13aeb060ff7b928b4391aafa4cb11c31cadb30e3dd3d2bd32f99acbc",
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def solution_hash(regions: np.ndarray) -> str:
    return sha256(regions.astype(np.int64).tobytes())


@pytest.mark.parametrize("case", list(GENERATED), ids=str)
def test_generated_puzzles_keep_their_seed_contract(case):
    (width, height), options, seed = case
    made = generate(Params(width, height, **dict(options)), seed=seed)
    game_id = format_game_id(made.puzzle)
    pinned_id, pinned_solution, stats = GENERATED[case]
    assert (game_id if ":" in pinned_id else sha256(game_id.encode())) == pinned_id
    assert solution_hash(made.regions) == pinned_solution
    assert made.stats == stats


def test_text_picture_is_pinned():
    made = generate(Params(10, 10, unique=False), seed=5)
    assert sha256(render(made.puzzle, made.regions).encode()) == TEXT_10X10A_5


def test_solver_finds_the_same_two_solutions_first():
    found = solve(parse_game_id(AMBIGUOUS), limit=2)
    assert [solution_hash(regions) for regions in found] == AMBIGUOUS_SOLUTIONS


@pytest.mark.parametrize("argv", list(COMMANDS), ids=" ".join)
def test_command_output_is_pinned(argv):
    done = subprocess.run(
        [sys.executable, "-m", "tilewright", "rect", *argv], capture_output=True, timeout=300
    )
    assert done.returncode in (0, 1), done.stderr
    assert sha256(done.stdout) == COMMANDS[argv]
    if "json" in argv:
        assert json.loads(done.stdout)["seed"] == 2
