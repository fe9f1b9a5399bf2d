"""Clue removal by deleting and deriving again (``loopy._rederive_kernels``).

The oracle is the collection's own greedy: each clue, in the order drawn, is left out when
a solve from nothing without it still solves the puzzle. A trial here must decide as
that solve does, clue by clue; what it keeps past its budget must still make a puzzle
that solves at once, at the level asked.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.core.seeds import kernel_state
from tilewright.loopy import DIFFICULTIES, Puzzle, generate, generator, grade
from tilewright.loopy import _deduce_kernels as deductions
from tilewright.loopy import _generate_kernels as removal
from tilewright.loopy import _rederive_kernels as rederiving
from tilewright.loopy.gameid import parse_params
from tilewright.loopy.grading import deduction_graph
from tilewright.registry import DESCRIBED, LOOPY_TYPES, collection_grid

GRIDS = list(range(len(LOOPY_TYPES)))


def _drawn(params: str, seed: int):
    """A loop drawn as ``generate`` draws it, with its deduction graph and clues."""
    p = parse_params(params)
    description = "0" if p.grid == "triangular" else None
    grid = collection_grid(
        p.grid, p.width, p.height, description, seed=seed if p.grid in DESCRIBED else None
    )
    puzzle = Puzzle(p, np.full(grid.num_cells, -1, np.int8), grid)
    graph = deduction_graph(puzzle)
    level = DIFFICULTIES.index(p.difficulty)
    solution = np.zeros(len(puzzle.plan.edges), np.int8)
    full = np.zeros(grid.num_cells, np.int8)
    state = kernel_state(seed)
    stats = np.zeros(5, np.int64)
    drawn = any(
        removal.draw_loop(graph, level, state, solution, full, stats)
        for _ in range(generator.MAX_ATTEMPTS)
    )
    assert drawn, params
    return graph, level, state, solution, full, stats


@settings(max_examples=12, deadline=None)
@given(
    grid=st.sampled_from([0, 1, 2, 11, 12, 16, 17]),
    level=st.sampled_from("ent"),
    seed=st.integers(0, 2**32),
)
def test_each_trial_decides_as_a_whole_solve_does(grid, level, seed):
    """Trial by trial, a clue goes exactly when the deductions solve the puzzle without
    it from nothing (the collection's trial), over the whole removal."""
    graph, level_index, state, solution, full, stats = _drawn(f"7x7t{grid}d{level}", seed)
    order, work, scratch = rederiving.start_rederiving(graph, level_index, state, full, solution)
    removed = np.zeros(full.shape[0], np.int32)
    lines = np.zeros(solution.shape[0], np.int8)
    left_out = 0
    no_limit = 2**62
    for at in range(order.shape[0]):
        clues = graph[-1]
        before = clues.copy()
        clues[order[at]] = -1
        solves = deductions.deduce(graph, level_index, lines) == deductions.SOLVED
        clues[:] = before
        now = rederiving.remove_rederiving(
            graph, full, order, at, at + 1, work, scratch, no_limit, removed, left_out, stats
        )
        assert (now > left_out) == solves, (at, order[at])
        left_out = now
    assert left_out > 0


@pytest.mark.parametrize("grid", GRIDS)
def test_a_small_grid_makes_the_collections_greedy(grid):
    """Up to the size where a window is the whole grid, no trial is cut short: the same
    puzzles as windows of the whole grid."""
    _, width, height = LOOPY_TYPES[grid]
    for level in "ent":
        params = f"{max(width, 6)}x{max(height, 6)}t{grid}d{level}"
        made = generate(params, seed=11)
        assert made.game_id == generate(params, seed=11, window="whole").game_id, params


@pytest.mark.parametrize("params", ["16x16t0de", "16x16t2dn", "12x12t12dt", "9x9t16de"])
def test_a_clue_past_the_budget_is_kept(params, monkeypatch):
    """With a budget of a few edges most clues are kept untried; what is left out is
    still never a clue the puzzle needs: it solves at once, at its level."""
    made = generate(params, seed=4)
    monkeypatch.setattr(generator, "rederive_budget", lambda faces, edges: 4)
    tight = generate(params, seed=4)
    assert tight.stats["put_back"] == 0
    assert grade(tight.puzzle) == tight.params.difficulty
    assert (tight.puzzle.clues >= 0).sum() > (made.puzzle.clues >= 0).sum()
    assert tight.stats["left_out"] > 0


def test_the_budget_grows_with_the_grid():
    assert generator.rederive_budget(100, 220) > 10**9
    assert generator.rederive_budget(1600, 3280) == 3280 // generator.BUDGET_SHARE
    assert generator.rederive_budget(2000, 1000) == generator.BUDGET_FLOOR
    assert generator.rederive_budget(90_000, 180_000) == generator.BUDGET_CAP
