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
        "ea15eaeacb378edcd02e85d3657071687fbc24d0cea1be86fb37b090a27a5ed7",
        "6ef858c3fc1a549dfeb3a0d0fff94a4ebcfbf5814922272f1b5e89021293ef57",
        {"attempts": 1, "rounds": 2, "clue_moves": 26, "recuts": 1},
    ),
    ((15, 15), (), 4): (
        "3f846918055a0ca754346b111d42f0b63dcbbeb8cfc1e02418e7f81cb449ea4d",
        "90aa741ba1676c02d137a8cf1ce9d7c33f7190098e99c0523d30f0afded65fff",
        {"attempts": 1, "rounds": 1, "clue_moves": 8, "recuts": 0},
    ),
    ((10, 7), (), 2): (
        "10x7:2_3d3e4g4b6a6_3d5e5a10n2a4a2_2a2_2a2a3c",
        "c0777118f77b377359bac73a57cad5bc4d136e93027653bf9c4d90162616dd4e",
        {"attempts": 1, "rounds": 1, "clue_moves": 12, "recuts": 0},
    ),
    ((30, 20), (("expansion", 0.5),), 3): (
        "0feaa10cfb5f06b00f90ebc81921d0d661291c3fb1ac6880d9bb05a932fa947b",
        "9fff5607ee875793755567c4f142c0f52902c36d75b46e37bbeb6e3b0f1eaffc",
        {"attempts": 1, "rounds": 1, "clue_moves": 8, "recuts": 0},
    ),
    ((10, 10), (("unique", False),), 5): (
        "10x10:b5b4a3e2b2k2_3a8a10e2_2i3h14a2a2d12d2g3e16b3i",
        "2b976af09cb33fcb4757c4624f6f8f9ac0cf6b1b91d5d3fd79cd82077971125e",
        {"attempts": 1, "rounds": 0, "clue_moves": 0, "recuts": 0},
    ),
    ((12, 12), (("max_area", 4), ("singles", True)), 6): (
        "255fdf1d176cb4ef224bb0103b5307b0c6d602b9e0d33f9eeafd9401ab96f1a6",
        "95656c3c0c36ceaa848c4a2302a656b233b67cc745cc5bff7cfc5022a5a93f6c",
        {"attempts": 1, "rounds": 1, "clue_moves": 3, "recuts": 0},
    ),
    ((20, 20), (("max_area", 6),), 7): (
        "cd57bd62b7d2d8140e4fc8ddbf45ae759ee6d73abf7d45ffb51dfa3f455230f7",
        "649f2ea092968eae227a1a697b80d254a654540cbe664d302766cf2ad9c230fc",
        {"attempts": 1, "rounds": 3, "clue_moves": 139, "recuts": 14},
    ),
    ((9, 9), (("expansion", 1.0),), 8): (
        "9x9:3c6zi24g12g16d12a8q",
        "e0e57d47522cf9f42b899f0ca29333bb863992940df46a44b075b5a0cf4033e2",
        {"attempts": 1, "rounds": 1, "clue_moves": 6, "recuts": 0},
    ),
    ((100, 80), (), 9): (
        "f90ce28979dece6d6bb78c74225aaa60154c74cb30a4b69fdb8736a630ff3c01",
        "1c9fdb914428842125d9b134ca5c923f036a8feab9b9d1b0789f70694fe0dfb1",
        {"attempts": 1, "rounds": 2, "clue_moves": 132, "recuts": 6},
    ),
    ((2, 2), (), 0): (
        "2x2:a2a2",
        "b64c0d4ec2af5aba75d0e38754bd4da29669e6bd54220441f3710964fdb4ece3",
        {"attempts": 1, "rounds": 1, "clue_moves": 2, "recuts": 0},
    ),
    ((60, 3), (("expansion", 2.5), ("max_area", 40)), 9223372036854775807): (
        "60x3:zo18i12b4c10b14m26q40za3f14k23s3j7e6b",
        "dd21b059352dfc2bc6f5c3270a38ccf277108a719057d36cb362683630479559",
        {"attempts": 1, "rounds": 1, "clue_moves": 6, "recuts": 0},
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
        "5c10baaaddb745cc68c7f45cb112b0c2604e01ce67572eba5d96b882a8b61090"
    ),
    ("generate", "10x7", "-s", "2", "-f", "json", "--max-area", "5", "--singles"): (
        "562581356a15dfc308146bae8425b937d7b44502ac177b93539f85c6d202c73e"
    ),
    ("generate", "8x6", "-s", "11", "--count", "3"): (
        "b0364ae80b954dfdc5434c9261bfb11d4b50e0cb81dfb0ff0c257cd8ae338524"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text", "--solution"): (
        "1509795498638b205896f602a36cb4770638820043d387d3b33161a6dd72342c"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text"): (
        "7a160bed07176dc0bfcad4bea09a3281e315810235d2f30672fba5b65a6845a4"
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
