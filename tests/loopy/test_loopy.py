"""Loopy: the collection's game IDs read and written, and the complete solver.

The IDs in ``tests/fixtures/loopy/collection_ids.txt`` were written by the public puzzle
collection's own generator (one per grid type and difficulty); each has exactly one
solution there, so the solver must find exactly one, and the answer checker (written
apart from the solver) must accept it.
"""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright.core.errors import TilewrightError
from tilewright.loopy import Params, Puzzle, decode_clues, encode_clues, parse_params, solve
from tilewright.loopy.check import check_loop
from tilewright.registry import LOOPY_TYPES, collection_grid

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "loopy" / "collection_ids.txt"
COLLECTION_IDS = [
    line for line in FIXTURE.read_text().splitlines() if line and not line.startswith("#")
]


def test_there_is_an_id_for_every_type_and_difficulty():
    seen = {(parse_params(gid.split(":")[0]).grid, gid.split(":")[0][-1]) for gid in COLLECTION_IDS}
    assert seen == {(name, d) for name, _, _ in LOOPY_TYPES for d in "enth"}


@pytest.mark.parametrize("game_id", COLLECTION_IDS, ids=lambda gid: gid.split(":")[0])
def test_a_collection_id_reads_back_and_has_one_solution(game_id):
    puzzle = Puzzle.from_game_id(game_id)
    assert puzzle.game_id == game_id
    found = solve(puzzle)
    assert found.unique
    assert check_loop(puzzle, found.loops[0]) is None


def region_puzzle(name, width, height, inside, description=None):
    """A puzzle whose loop is the boundary of the faces ``inside``, with every clue."""
    grid = collection_grid(name, width, height, description)
    puzzle = Puzzle(Params(width, height, name), np.zeros(grid.num_cells, np.int8), grid)
    plan = puzzle.plan
    side = np.where(plan.edge_faces >= 0, inside[np.maximum(plan.edge_faces, 0)], False)
    loop = side[:, 0] != side[:, 1]
    clues = np.add.reduceat(loop[plan.face_edges].astype(np.int8), plan.face_ptr[:-1])
    return Puzzle(puzzle.params, clues.astype(np.int8), grid), loop


@given(st.integers(0, 2**32 - 1), st.sampled_from(["square", "honeycomb", "kites", "cairo"]))
def test_full_clues_of_a_grown_region_are_solved_to_a_loop_meeting_them(seed, name):
    # grow a region face by face across edges, keeping it simply connected is not needed:
    # whatever the solver returns must meet the clues and be one loop, and the region's
    # own boundary is a solution whenever it is one loop
    rng = np.random.default_rng(seed)
    grid = collection_grid(name, 5, 5)
    plan = Puzzle(Params(5, 5, name), np.zeros(grid.num_cells, np.int8), grid).plan
    inside = np.zeros(grid.num_cells, bool)
    inside[rng.integers(grid.num_cells)] = True
    for _ in range(rng.integers(1, grid.num_cells // 2)):
        inner = plan.edge_faces[(plan.edge_faces >= 0).all(axis=1)]
        frontier = inner[inside[inner[:, 0]] != inside[inner[:, 1]]]
        if not len(frontier):
            break
        a, b = frontier[rng.integers(len(frontier))]
        inside[a] = inside[b] = True
    puzzle, loop = region_puzzle(name, 5, 5, inside)
    found = solve(puzzle, limit=3)
    assert found.complete
    for candidate in found.loops:
        assert check_loop(puzzle, candidate) is None
    if check_loop(puzzle, loop) is None:
        assert any((candidate == loop).all() for candidate in found.loops)


def test_a_puzzle_with_two_solutions_shows_two():
    # a 2x1 block of squares inside a 4x3 board with no clues at all but the two 3s of
    # its ends has several loops
    clues = np.full(12, -1, np.int8)
    puzzle = Puzzle(Params(4, 3, "square"), clues, collection_grid("square", 4, 3))
    found = solve(puzzle)
    assert found.complete and len(found.loops) == 2 and not found.unique
    assert all(check_loop(puzzle, loop) is None for loop in found.loops)


def test_a_puzzle_with_no_solution_has_none():
    # a 4 in a corner square of a 3x3 board needs its four edges, which leaves the
    # 0 beside it impossible
    puzzle = Puzzle.from_game_id("3x3t0:40g")
    found = solve(puzzle)
    assert found.complete and found.loops == []


def test_the_search_stops_when_asked():
    puzzle = Puzzle.from_game_id("3x3t0:i")
    found = solve(puzzle, limit=10**6, max_choices=3, probe=False)
    assert not found.complete and not found.unique


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("7x7t2dn", None),
        ("10", None),
        ("10x10t18", "grid types are 0 to 17"),
        ("10x10t0dx", "difficulty is e, n, t or h"),
        ("2x2t0", "at least 3x3"),
        ("5x5t16", "at least 6x6"),
        ("1x1t8", "at least 1x2"),
        ("x10", "WxHtTdD"),
        ("1" * 400, "the width"),
        ("10×10", "unexpected character"),
    ],
)
def test_parameters_read_or_say_why_not(text, says):
    if says is None:
        assert parse_params(text).text.startswith(text.split("d")[0].split("x")[0])
        return
    with pytest.raises(TilewrightError, match=says) as caught:
        parse_params(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("game_id", "says"),
    [
        ("5x5t0de", "PARAMS:DESCRIPTION"),
        ("5x5t0:3a3", "too short"),
        ("5x5t0:" + "3" * 26, "too long"),
        ("5x5t0:3a3b2c21b3a200a2a2a3-", "unknown character"),
        ("8x8t17:3a3b", "names its patch before its clues"),
        ("8x8t17:Q05_3a3b", "must start with a turn"),
        ("5x5t1:" + "a" * 5, "older layout"),
        ("5x5t0:0_y", "takes no grid description"),
    ],
)
def test_a_bad_game_id_is_refused_in_one_line(game_id, says):
    with pytest.raises(TilewrightError, match=says) as caught:
        Puzzle.from_game_id(game_id)
    assert "\n" not in str(caught.value)


@given(st.lists(st.integers(-1, 35), min_size=1, max_size=200))
def test_clues_encode_and_decode(clues):
    text = encode_clues(np.array(clues))
    assert decode_clues(text, len(clues)).tolist() == clues


def test_a_long_run_of_blank_faces_is_split_at_26():
    assert encode_clues(np.full(60, -1)) == "zzh"
