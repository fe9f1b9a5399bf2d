"""The complete Rectangles solver at scale: incremental deduction, the guess budget, the
checks of its arguments, and ``rect solve``'s exit statuses."""

import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import count_solutions, puzzles
from tilewright import TilewrightError
from tilewright.rectangles import GuessBudgetExceeded, Puzzle, format_game_id, parse_game_id, solve
from tilewright.rectangles import solver as solve_module
from tilewright.rectangles._deduce_kernels import CONTRADICTION, SOLVED, deduce, placements

# Three rows: a 2x2 square with two ways to split it (2s on a diagonal), a 2x2 square
# that can only be one (the 4), and a row of 1s that no rectangle crosses.
TWO_WAY_BAND = [[2, 0, 4, 0], [0, 2, 0, 0], [1, 1, 1, 1]]
# Deduction stalls on this 4x4 corner, and no guess fills it.
DEAD_CORNER = [[0, 0, 0, 4], [0, 0, 6, 0], [0, 2, 0, 0], [4, 0, 0, 0]]
WALL = [[1, 1, 1, 1]]


def strip(pairs: int) -> Puzzle:
    """``2x(2·pairs):2b2_2b2_…``: a long strip where every clue needs a guess."""
    return Puzzle(np.tile(np.array([[2, 0], [0, 2]], dtype=np.int64), (pairs, 1)))


def bands_around(corner: list[list[int]], above: int, below: int) -> Puzzle:
    rows = TWO_WAY_BAND * above + corner + WALL + TWO_WAY_BAND * below
    return Puzzle(np.array(rows, dtype=np.int64))


def reference_solve(puzzle: Puzzle, limit: int) -> list[np.ndarray]:
    """The solver as it was before it became incremental: full deduction from scratch on a
    copy of the state under every guess."""
    height, width = puzzle.clues.shape
    rows, cols = (axis.astype(np.int64) for axis in np.nonzero(puzzle.clues))
    areas = puzzle.clues[rows, cols].astype(np.int64)
    start, boxes = placements(height, width, rows, cols, areas)
    owner = np.empty((height, width), dtype=np.int32)
    found, pending = [], [np.ones(len(boxes), dtype=np.uint8)]
    while pending and len(found) < limit:
        alive = pending.pop()
        verdict = deduce(height, width, rows, cols, start, boxes, alive, owner)
        if verdict == CONTRADICTION:
            continue
        if verdict == SOLVED:
            regions = np.full((height, width), -1, dtype=np.int64)
            for clue, box in enumerate(np.flatnonzero(alive)):
                top, left, tall, wide = boxes[box].tolist()
                regions[top : top + tall, left : left + wide] = clue
            found.append(regions)
            continue
        live = np.add.reduceat(alive.astype(np.int64), start[:-1])
        clue = int(np.argmin(np.where(live > 1, live, np.iinfo(np.int64).max)))
        for box in reversed(np.flatnonzero(alive[start[clue] : start[clue + 1]])):
            guess = alive.copy()
            guess[start[clue] : start[clue + 1]] = 0
            guess[start[clue] + box] = 1
            pending.append(guess)
    return found


def assert_exact_cover(puzzle: Puzzle, regions: np.ndarray) -> None:
    """Vectorised (a strip has tens of thousands of regions): region k holds clue k in
    reading order, has as many squares as the clue says, and fills its bounding box."""
    clues = puzzle.clues
    count = np.count_nonzero(clues)
    assert regions.shape == clues.shape and regions.min() == 0 and regions.max() == count - 1
    assert np.array_equal(regions[clues > 0], np.arange(count))
    labels = regions.ravel()
    rows, cols = np.indices(clues.shape).reshape(2, -1)
    sizes = np.bincount(labels, minlength=count)
    assert np.array_equal(sizes, clues[clues > 0])
    extent = []
    for axis in (rows, cols):
        low = np.full(count, axis.max(), dtype=np.int64)
        high = np.zeros(count, dtype=np.int64)
        np.minimum.at(low, labels, axis)
        np.maximum.at(high, labels, axis)
        extent.append(high - low + 1)
    assert np.array_equal(extent[0] * extent[1], sizes), "a region is not a rectangle"


def solution_set(found: list[np.ndarray]) -> set[bytes]:
    return {regions.tobytes() for regions in found}


def test_a_long_ambiguous_strip_is_settled_quickly():
    puzzle = strip(10_000)  # 2x20000: a guess on every one of its 20,000 clues
    solve(strip(2))  # compile or load the kernels before timing
    began = time.perf_counter()
    found = solve(puzzle)
    # copying the state and deducing afresh under every guess took minutes here
    assert time.perf_counter() - began < 60  # a bound on unbounded growth, not a speed test
    assert len(found) == 2 and not np.array_equal(*found)
    for regions in found:
        assert_exact_cover(puzzle, regions)


@given(puzzles(largest=7), st.integers(1, 3))
def test_the_same_solutions_as_deducing_afresh_under_every_guess(puzzle, limit):
    everything = solve(puzzle, limit=100)
    before = reference_solve(puzzle, 100)
    # below the limit both found all there are; at it, each found some hundred
    assert len(everything) == len(before)
    if len(before) < 100:
        assert solution_set(everything) == solution_set(before)
    assert len(solve(puzzle, limit=limit)) == min(limit, len(everything))


@given(puzzles(largest=6), st.data())
def test_moved_clues_also_agree_with_an_independent_counter(puzzle, data):
    # moving one clue usually leaves a puzzle without solutions, or with several
    clues = puzzle.clues.copy()
    old = data.draw(st.sampled_from(list(zip(*np.nonzero(clues), strict=True))))
    new = data.draw(st.sampled_from(list(zip(*np.nonzero(clues == 0), strict=True)) or [old]))
    clues[new], clues[old] = clues[old], clues[new]
    moved = Puzzle(clues)
    found = solve(moved, limit=60)
    assert len(found) == count_solutions(moved, cap=60) == len(solution_set(found))
    if len(found) < 60:
        assert solution_set(found) == solution_set(reference_solve(moved, 60))


def test_independent_choices_multiply_and_each_solution_is_found_once():
    puzzle = bands_around(TWO_WAY_BAND[:2], 3, 2)
    found = solve(puzzle, limit=1000)
    # five bands, and one more two-way square in place of the corner: 2^6 solutions
    assert len(found) == 64 == len(solution_set(found))
    for regions in found:
        assert_exact_cover(puzzle, regions)


def test_the_search_resumes_exactly_after_any_slice(monkeypatch):
    cases = [strip(300), bands_around(DEAD_CORNER, 4, 4), bands_around(TWO_WAY_BAND[:2], 2, 2)]
    whole = [solution_set(solve(case, limit=40)) for case in cases]
    assert [len(found) for found in whole] == [40, 0, 32]
    # a handful of steps per kernel call: the search stops everywhere, undo included
    monkeypatch.setattr(solve_module, "SLICE_WORK", 50)
    assert [solution_set(solve(case, limit=40)) for case in cases] == whole


def test_the_guess_budget_stops_an_exponential_search():
    # Two-way bands above and below a corner that cannot be filled: the corner's
    # contradiction is found again under every combination of the bands guessed first.
    puzzle = bands_around(DEAD_CORNER, 12, 12)
    with pytest.raises(GuessBudgetExceeded, match="gave up after 1000 guesses") as caught:
        solve(puzzle, max_guesses=1000)
    assert caught.value.found == [] and isinstance(caught.value, TilewrightError)
    assert "may still have a solution" in str(caught.value)
    # a smaller such puzzle, searched to the end, has no solution
    assert solve(bands_around(DEAD_CORNER, 3, 3), max_guesses=10**6) == []


def test_the_budget_counts_guesses_not_deductions():
    worked = parse_game_id("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f")
    assert len(solve(worked, max_guesses=0)) == 1  # deduction alone settles it
    with pytest.raises(GuessBudgetExceeded, match="with one solution found") as caught:
        solve(parse_game_id("2x2:2b2"), max_guesses=1)
    assert len(caught.value.found) == 1
    assert len(solve(parse_game_id("2x2:2b2"), max_guesses=2)) == 2


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"limit": 0}, TilewrightError, "limit must be at least 1, got 0"),
        ({"limit": -3}, TilewrightError, "at least 1"),
        ({"limit": 1.5}, TypeError, "limit must be a whole number, not float"),
        ({"limit": 2.0}, TypeError, "not float"),
        ({"limit": "2"}, TypeError, "not str"),
        ({"limit": True}, TypeError, "not bool"),
        ({"limit": None}, TypeError, "not NoneType"),
        ({"max_guesses": -1}, TilewrightError, "max_guesses must be at least 0"),
        ({"max_guesses": 1e6}, TypeError, "max_guesses must be a whole number"),
    ],
)
def test_bad_arguments_are_refused(arguments, error, message):
    with pytest.raises(error, match=message):
        solve(parse_game_id("2x2:2b2"), **arguments)


def test_numpy_integers_are_whole_numbers_and_a_puzzle_must_be_a_puzzle():
    ambiguous = parse_game_id("2x2:2b2")
    assert len(solve(ambiguous, limit=np.int64(1), max_guesses=np.uint8(5))) == 1
    with pytest.raises(TypeError, match="puzzle must be a Puzzle or a game ID, not ndarray"):
        solve(ambiguous.clues)
    assert len(solve("2x2:2b2")) == 2  # a game ID is a puzzle too


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", "rect", "solve", *args],
        capture_output=True,
        timeout=120,
    )


def test_cli_exit_status_3_when_the_guesses_run_out():
    game_id = format_game_id(bands_around(DEAD_CORNER, 12, 12))
    done = run_cli(game_id, "--max-guesses", "1000")
    assert done.returncode == 3 and done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tilewright: gave up after 1000 guesses")
    finished = run_cli(format_game_id(bands_around(DEAD_CORNER, 2, 2)), "--max-guesses", "99999")
    assert finished.returncode == 1 and finished.stdout.strip() == b"no solution"


def test_cli_max_guesses_is_checked_and_documented():
    refused = run_cli("2x2:2b2", "--max-guesses", "-1")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1
    assert b"--max-guesses" in refused.stderr
    helped = run_cli("--help")
    assert helped.returncode == 0 and b"--max-guesses" in helped.stdout
    assert b"3  gave up" in helped.stdout
