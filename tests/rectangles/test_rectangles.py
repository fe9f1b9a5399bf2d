"""Rectangles game IDs and the complete solver, against an independent solution counter."""

import numpy as np
import pytest
from hypothesis import given

from tests.helpers import assert_solution, count_solutions, puzzles
from tilewright import TilewrightError
from tilewright.rectangles import Puzzle, format_game_id, parse_game_id, solve

WORKED_EXAMPLE = "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"


def test_worked_example_decodes_and_has_one_solution():
    puzzle = parse_game_id(WORKED_EXAMPLE)
    assert puzzle.clues.shape == (7, 7)
    assert puzzle.clues.ravel()[:5].tolist() == [3, 2, 0, 2, 3]
    assert puzzle.clues.ravel()[5:12].tolist() == [0] * 7
    assert int(puzzle.clues.sum()) == 49
    assert format_game_id(puzzle) == WORKED_EXAMPLE
    (solution,) = solve(puzzle)
    assert_solution(puzzle, solution)


@given(puzzles(largest=12))
def test_game_id_round_trip(puzzle):
    assert parse_game_id(format_game_id(puzzle)) == puzzle


def test_long_blank_runs_split_at_z():
    clues = np.zeros((1, 60), dtype=np.int64)
    clues[0, 59] = 60
    game_id = format_game_id(Puzzle(clues))
    assert game_id == "60x1:zzg60"
    assert parse_game_id(game_id) == Puzzle(clues)


@given(puzzles())
def test_solver_finds_exactly_the_solutions_an_independent_counter_finds(puzzle):
    expected = count_solutions(puzzle)
    found = solve(puzzle, limit=60)
    assert len(found) == expected
    assert len({f.tobytes() for f in found}) == len(found)
    for regions in found:
        assert_solution(puzzle, regions)


def test_ambiguous_and_impossible_puzzles():
    # Two 2s in opposite corners of a 2x2: both horizontal or both vertical dominoes.
    ambiguous = parse_game_id("2x2:2b2")
    assert len(solve(ambiguous)) == 2 == count_solutions(ambiguous)
    # A 5 cannot fit in a 3x3 grid at all.
    assert solve(parse_game_id("3x3:4g5")) == []


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("7x7", "looks like"),
        ("0x5:a", "too small"),
        ("1x1:1", "too small"),
        ("2x2:4b", "covers 3 of the 4"),
        ("2x2:4d", "more than the 4"),
        ("2x2:2_2!b", "unexpected character"),
        ("2x2:0d", "between 1 and 4"),
        ("2x2:5c", "between 1 and 4"),
        ("2x2:2_2_b", "between two numbers"),
        ("2x2:_4c", "between two numbers"),
        ("2x2:1_1b", "add up to 2"),
    ],
)
def test_malformed_game_ids(game_id, message):
    with pytest.raises(TilewrightError, match=message):
        parse_game_id(game_id)
