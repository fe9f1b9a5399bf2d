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
        ("2x2:0d", "not between 1 and"),
        ("2x2:3000000000c", "not between 1 and 2147483647"),
        ("2x2:12345678901c", "11 digits is larger than any grid"),
        ("7x7e1q:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f", "looks like"),
        ("7xe1:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f", "looks like"),
    ],
)
def test_malformed_game_ids(game_id, message):
    with pytest.raises(TilewrightError, match=message):
        parse_game_id(game_id)


SAMPLE = "3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"


@pytest.mark.parametrize(
    "game_id",
    [
        f"7x7:_{SAMPLE}",  # a leading '_'
        f"7x7:{SAMPLE}_",  # a trailing one
        f"7x7:{SAMPLE.replace('_', '__')}",  # doubled
        f"7x7:{SAMPLE.replace('_2a2_', '_2a2___')}",
        f"7x7e1a:{SAMPLE}",  # the generator's parameters, which do not change the puzzle
        f"7x7e0.5:{SAMPLE}",
        f"7x7a:{SAMPLE}",
        f"7:{SAMPLE}",  # a bare size: 7x7
        f"7e2a:{SAMPLE}",
    ],
)
def test_every_form_the_collection_accepts_reads_as_the_canonical_id(game_id):
    puzzle = parse_game_id(game_id)
    assert format_game_id(puzzle) == f"7x7:{SAMPLE}"
    assert len(solve(puzzle)) == 1


@pytest.mark.parametrize("game_id", ["2x2:5c", "2x2:1_1b", "3x2:7e", "2x2:2_3b"])
def test_well_formed_ids_without_a_solution_have_none(game_id):
    puzzle = parse_game_id(game_id)
    assert format_game_id(puzzle) == game_id
    assert solve(puzzle) == [] and count_solutions(puzzle) == 0
