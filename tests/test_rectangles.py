"""Rectangles game IDs and the complete solver, against an independent solution counter."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.rectangles import Puzzle, format_game_id, parse_game_id, solve

WORKED_EXAMPLE = "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"


@st.composite
def puzzles(draw, largest=6):
    """A random partition of a small grid into rectangles (guillotine cuts), one clue placed
    in each rectangle at a random cell: the puzzle may have one solution or several."""
    width, height = draw(st.integers(1, largest)), draw(st.integers(1, largest))
    if width * height < 2:
        width = 2
    clues = np.zeros((height, width), dtype=np.int64)
    pending = [(0, 0, height, width)]
    while pending:
        top, left, h, w = pending.pop()
        cut = draw(st.integers(0, 3)) if h * w > 1 else 0
        if cut == 1 and h > 1:
            at = draw(st.integers(1, h - 1))
            pending += [(top, left, at, w), (top + at, left, h - at, w)]
        elif cut == 2 and w > 1:
            at = draw(st.integers(1, w - 1))
            pending += [(top, left, h, at), (top, left + at, h, w - at)]
        else:
            r, c = draw(st.integers(top, top + h - 1)), draw(st.integers(left, left + w - 1))
            clues[r, c] = h * w
    return Puzzle(clues)


def count_solutions(puzzle: Puzzle, cap: int = 50) -> int:
    """Exact covers counted cell by cell: the first open cell in reading order must be
    covered by some unused clue's rectangle. Independent of the library's search order."""
    height, width = puzzle.clues.shape
    clue_cells = list(zip(*np.nonzero(puzzle.clues), strict=True))
    options = []
    for r, c in clue_cells:
        n = puzzle.clues[r, c]
        rects = []
        for h in range(1, n + 1):
            if n % h == 0:
                w = n // h
                for top in range(height - h + 1):
                    for left in range(width - w + 1):
                        inside = top <= r < top + h and left <= c < left + w
                        block = puzzle.clues[top : top + h, left : left + w]
                        if inside and np.count_nonzero(block) == 1:
                            rects.append((top, left, h, w))
        options.append(rects)
    covered = np.zeros((height, width), dtype=bool)
    used = [False] * len(options)
    total = 0

    def go() -> None:
        nonlocal total
        if total >= cap:
            return
        open_cells = np.argwhere(~covered)
        if len(open_cells) == 0:
            total += all(used)
            return
        r, c = open_cells[0]
        for clue, rects in enumerate(options):
            if used[clue]:
                continue
            for top, left, h, w in rects:
                block = covered[top : top + h, left : left + w]
                if top <= r < top + h and left <= c < left + w and not block.any():
                    used[clue] = True
                    block[:] = True
                    go()
                    block[:] = False
                    used[clue] = False

    go()
    return total


def assert_solution(puzzle: Puzzle, regions: np.ndarray) -> None:
    """Each region is a rectangle holding exactly one clue, equal to its area; all covered."""
    assert (regions >= 0).all()
    for index in np.unique(regions):
        rows, cols = np.nonzero(regions == index)
        area = (np.ptp(rows) + 1) * (np.ptp(cols) + 1)
        assert area == len(rows), "not a rectangle"
        clues = puzzle.clues[rows, cols]
        assert np.count_nonzero(clues) == 1 and clues.max() == area


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
