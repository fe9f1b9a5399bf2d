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
        "3605abbf2cde274c06231d1c1b2dd608bbb53c0288cfdf6c06fe2b9b6fd7227b",
        "b54d5318ecf5f08b48a7f7b9d71517dffe3e43868a6dcae9b979d57cf3c1deca",
        {"attempts": 1, "rounds": 3, "clue_moves": 18, "recuts": 3},
    ),
    ((15, 15), (), 4): (
        "de5668e69a56b4d10baf6f1b4daa5daccf4ac243e3567123632eb7b981031cad",
        "c28f28f0fd882660d220843ed32049740a6b13c171ea61d725e4cf98d258f371",
        {"attempts": 1, "rounds": 1, "clue_moves": 9, "recuts": 0},
    ),
    ((10, 7), (), 2): (
        "10x7:2_3d3e4j6_6a3_5b4_5g10n2a4_2c2_2a2a3b2",
        "7e40cf31327e1561e8617d341c4dc0a28ca32207b90abe8248c26b18db4cabac",
        {"attempts": 1, "rounds": 1, "clue_moves": 9, "recuts": 0},
    ),
    ((30, 20), (("expansion", 0.5),), 3): (
        "6c9d43dd431aebf818c513e690ea83c000d85839dbc7619e38cbc08524a587c2",
        "0f85f2acbbb1fe06ae711393a37e9a11ac36eab346c365c66d11b296f5fbc80a",
        {"attempts": 1, "rounds": 1, "clue_moves": 2, "recuts": 0},
    ),
    ((10, 10), (("unique", False),), 5): (
        "10x10:b5b4a3e2b2k2_3a8a10e2_2i3h14a2a2d12d2g3e16b3i",
        "2b976af09cb33fcb4757c4624f6f8f9ac0cf6b1b91d5d3fd79cd82077971125e",
        {"attempts": 1, "rounds": 0, "clue_moves": 0, "recuts": 0},
    ),
    ((12, 12), (("max_area", 4), ("singles", True)), 6): (
        "551cebdae2e69f63f1d71da7daf5c8ae185c5c13600f4bca4155e39e27a15996",
        "1be2a21212446a24bd4458306803d9f8f4719c21994defaba6c5ba115dd713c8",
        {"attempts": 1, "rounds": 1, "clue_moves": 3, "recuts": 0},
    ),
    ((20, 20), (("max_area", 6),), 7): (
        "7dcf0b0c60eda3699e4abe36a1ebc67e64651ab0ee08428f8728ae3b97f701d6",
        "a38ad1f3e293125530b289b906c685f9571d7fe62975457d17b2b9d2c2651e8b",
        {"attempts": 1, "rounds": 1, "clue_moves": 97, "recuts": 0},
    ),
    ((9, 9), (("expansion", 1.0),), 8): (
        "9x9:a3a6zk24j12c16_12e8q",
        "f9e9ea45bd51948661252f4b630f763709ba5cdcc8e26fedaca371fbfdc9effd",
        {"attempts": 1, "rounds": 1, "clue_moves": 4, "recuts": 0},
    ),
    ((100, 80), (), 9): (
        "53a656603fffd631243d58959ac5f5e099ad79f4725bb3a7592e779e6b104e26",
        "c6400b49983b85a51956fda725de6cff5b2f8b4ce9b456a1b485605dcf1db015",
        {"attempts": 1, "rounds": 2, "clue_moves": 94, "recuts": 4},
    ),
    ((2, 2), (), 0): (
        "2x2:a2a2",
        "b64c0d4ec2af5aba75d0e38754bd4da29669e6bd54220441f3710964fdb4ece3",
        {"attempts": 1, "rounds": 1, "clue_moves": 2, "recuts": 0},
    ),
    ((60, 3), (("expansion", 2.5), ("max_area", 40)), 9223372036854775807): (
        "60x3:n26r40q12b4b10d14zk3a18r3e14k23zd7f6b",
        "5fe45285014d3973c753c974e937c93e3458dfd5acaa489618bfdb838a39b327",
        {"attempts": 1, "rounds": 1, "clue_moves": 5, "recuts": 0},
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
        "f881a6752876d208e71e727a44e1e00c2979ee9676997ecd34a117d7db1f0596"
    ),
    ("generate", "10x7", "-s", "2", "-f", "json", "--max-area", "5", "--singles"): (
        "d1b4adb338bda53fa84db04ff2d34f8b7e8c0b47191357bac5cb78fa2401d655"
    ),
    ("generate", "8x6", "-s", "11", "--count", "3"): (
        "290eacb07d680599681cfd3f917b55e915e0c4ba09137c9d597abe5133079351"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text", "--solution"): (
        "0121a24165ddfc3193cb18ecaf6ae9fb358d7a3ab83ada083353455c86fa5841"
    ),
    ("generate", "10x7", "-s", "2", "-f", "text"): (
        "02511f5a34645540bbd877c6df529b0e8e132992e3a1ec980e240fa165798c02"
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
