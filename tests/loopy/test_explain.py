"""Loopy's explanations: the steps the deduction kernels take, recorded by the kernels.

Checked as properties, over the graded IDs of every grid and level
(``tests/fixtures/loopy/graded_ids.txt``) and over generated puzzles: the steps' edges,
set in turn, are what the deductions reach; every step agrees with the one solution; the
first step needs no earlier one; a Normal puzzle needs a dline step, an Easy one none.
"""

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.core.errors import TilewrightError
from tilewright.loopy import DIFFICULTIES, Puzzle, Step, deduce, explain, generate, solve
from tilewright.loopy.explaining import RULES

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "loopy" / "graded_ids.txt"
GRADED = [
    line.split(" ", 1) for line in FIXTURE.read_text().splitlines() if line and line[0] != "#"
]
# every fourth: each grid and level is still there several times
SAMPLE = GRADED[::4]
EASY = "5x5t0de:3a3b2c21b3a200a2a2a3a"
NORMAL = "6x6t0dn:0b2b1c3301322a1b1a3e31a1c"
HARD = "7x7t0dh:b3a21a2b2a2c311a1a1a1a212a3a213a2e2e2"
YES, NO = 1, 2


def replayed(puzzle: Puzzle, steps: list[Step]) -> np.ndarray:
    """The edges the steps set, in turn, each once."""
    lines = np.zeros(len(puzzle.plan.edges), np.int8)
    for step in steps:
        edges = [*step.yes, *step.no]
        assert not lines[edges].any(), f"an edge set twice: {step}"
        lines[list(step.yes)] = YES
        lines[list(step.no)] = NO
    return lines


def level_used(puzzle: Puzzle, difficulty: str) -> str:
    """The level ``explain`` takes its deductions from: the easiest up to ``difficulty``
    that solves the puzzle or finds it impossible, else ``difficulty``."""
    for level in DIFFICULTIES[: DIFFICULTIES.index(difficulty) + 1]:
        if deduce(puzzle, level).outcome in ("solved", "impossible"):
            return level
    return difficulty


def check_replay(puzzle: Puzzle, difficulty: str) -> list[Step]:
    steps = explain(puzzle, difficulty)
    expected = deduce(puzzle, level_used(puzzle, difficulty))
    assert (replayed(puzzle, steps) == expected.lines).all()
    assert (bool(steps) and steps[-1].rule == "solved") == expected.solved
    assert all(step.rule in RULES and step.level in DIFFICULTIES for step in steps)
    return steps


def check_against_solution(puzzle: Puzzle, steps: list[Step]) -> None:
    found = solve(puzzle, limit=2)
    assert len(found.loops) == 1
    on = np.zeros(len(puzzle.plan.edges), bool)
    on[found.loops[0]] = True
    for step in steps:
        assert on[list(step.yes)].all() and not on[list(step.no)].any(), step.text


def check_first_step(puzzle: Puzzle, steps: list[Step]) -> None:
    """The first step reads no edge: a face whose clue alone settles it (0, or all its
    edges), dline facts, which clues give before any edge is known (Normal and up), read
    at a dot or at a face, or at Hard the parity of a face's clue or a dot's count over
    its last unknown edges (``6x6t12dh`` seed 1 starts at a dot of two edges), or two edges
    of a face that the dline facts make alike (``6x6t11dh`` seed 16832)."""
    first = steps[0]
    if first.rule in ("clue met", "needs all"):
        clue = puzzle.clues[first.index]
        assert clue in (0, len(puzzle.plan.face(first.index)))
        alone = np.full_like(puzzle.clues, -1)
        alone[first.index] = clue
        lines = deduce(replace(puzzle, clues=alone), "easy").lines
        assert (lines[list(first.yes)] == YES).all() and (lines[list(first.no)] == NO).all()
    else:
        assert first.level != "easy"
        assert first.rule in (
            "face dlines", "dot dlines", "one more", "face parity", "dot parity", "alike pair"
        )  # fmt: skip


def test_a_first_step_may_be_a_face_s_dlines():
    # face 6, a kite clued 3: its clue alone settles nothing, but with the dline facts
    # other faces' clues give (no edge known yet), its dline rule sets two edges first
    puzzle = Puzzle.from_game_id("6x6t11dt:01VBUAAABA_1a3a2a3a3a11c")
    steps = check_replay(puzzle, "hard")
    assert (steps[0].rule, steps[0].place, steps[0].index) == ("face dlines", "face", 6)
    check_first_step(puzzle, steps)


def test_a_first_step_may_be_an_alike_pair():
    # face 4, a kite clued 1: the dline facts the clues give before any edge is known make
    # two of its edges alike, and a face clued 1 cannot have both YES
    puzzle = Puzzle.from_game_id("6x6t11dh:60BABBABAAAB_3a1a1122c1c2b")
    steps = check_replay(puzzle, "hard")
    assert (steps[0].rule, steps[0].place, steps[0].index) == ("alike pair", "face", 4)
    check_first_step(puzzle, steps)


@pytest.mark.parametrize(("want", "game_id"), SAMPLE, ids=[gid[:40] for _, gid in SAMPLE])
def test_the_steps_replay_to_the_deductions_and_agree_with_the_solution(want, game_id):
    puzzle = Puzzle.from_game_id(game_id)
    steps = check_replay(puzzle, "hard")
    if want in DIFFICULTIES:
        check_against_solution(puzzle, steps)
        check_first_step(puzzle, steps)
        assert max(DIFFICULTIES.index(step.level) for step in steps) <= DIFFICULTIES.index(want)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_lower_ceiling_stops_where_its_deductions_do(difficulty):
    puzzle = Puzzle.from_game_id(HARD)
    steps = check_replay(puzzle, difficulty)
    assert (bool(steps) and steps[-1].rule == "solved") == (difficulty == "hard")
    assert all(DIFFICULTIES.index(s.level) <= DIFFICULTIES.index(difficulty) for s in steps)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    level=st.sampled_from(DIFFICULTIES),
    grid=st.sampled_from([0, 1, 2, 3, 5, 11, 12, 17]),
)
def test_generated_puzzles_are_explained_to_their_solution(seed, level, grid):
    made = generate(f"6x6t{grid}d{level[0]}", seed=seed)
    steps = check_replay(made.puzzle, "hard")
    assert steps[-1].rule == "solved"
    check_against_solution(made.puzzle, steps)
    check_first_step(made.puzzle, steps)
    levels = {step.level for step in steps}
    if level == "easy":
        assert levels == {"easy"}
    if level == "normal":
        assert "normal" in levels and levels <= {"easy", "normal"}


def test_a_normal_puzzle_needs_a_dline_step_and_an_easy_one_none():
    normal = explain(Puzzle.from_game_id(NORMAL))
    assert any(step.rule in ("face dlines", "dot dlines") for step in normal)
    easy = explain(Puzzle.from_game_id(EASY))
    assert {step.level for step in easy} == {"easy"}
    assert easy[-1].rule == "solved"


def test_a_step_names_its_place_and_edges():
    puzzle = Puzzle.from_game_id("3x3t0:a3a303a3a")
    first = explain(puzzle)[0]
    assert first == Step(
        "clue met",
        "easy",
        "face",
        4,
        (),
        (6, 10, 13, 14),
        "face 4 (clue 0, row 1, column 1): its clue is met: NO 6, 10, 13, 14",
    )
    # other grids name faces and dots by number only
    spectres = explain(Puzzle.from_game_id("8x8t17dh:2021105G_6ABa6a7AaAa6A9b5e60aCa3Cb"))
    assert all("row" not in step.text for step in spectres)


def test_class_steps_name_the_edge_they_follow():
    steps = explain(Puzzle.from_game_id(HARD))
    classes = [i for i, step in enumerate(steps) if step.rule == "class"]
    assert classes
    for i in classes:
        before = steps[i - 1]
        assert steps[i].place == "edge" and steps[i].index in (*before.yes, *before.no)


def test_an_unknown_difficulty_is_refused():
    with pytest.raises(TilewrightError, match="difficulty"):
        explain(Puzzle.from_game_id(EASY), "fiendish")
