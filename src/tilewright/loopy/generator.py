"""Generating Loopy puzzles: one solution, proven, and graded at the level asked for.

How (``_generate_kernels`` has the details): a random loop; every face's clue; the clues
left out in a random order wherever the deductions of the level still solve the puzzle
(tried on a window around each clue, then checked whole and mended); the board refused
and another loop drawn when the level below already solves it, as the puzzle collection
does. Last, the complete solver (:func:`tilewright.loopy.solve`), which searches and so
does not trust the deduction rules, proves the solution the only one.
"""

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.loopy import _generate_kernels as kernels
from tilewright.loopy.complete_solver import solve
from tilewright.loopy.gameid import DIFFICULTIES, Params, parse_params
from tilewright.loopy.grading import deduction_graph
from tilewright.loopy.puzzle import Puzzle
from tilewright.registry import DESCRIBED, collection_grid

# faces a clue's trial window reaches, in steps across edges. Wider windows cost more to
# try and are wrong less often (each wrong one costs a mend): on 40x40 Spectres Hard,
# radius 2 mends 380 clues in 0.56 s all told, radius 4 mends 190 in 0.48 s
RADIUS = {"easy": 4, "normal": 4, "tricky": 4, "hard": 4}
# loops drawn before giving up on a puzzle of exactly the level asked
MAX_ATTEMPTS = 200


@dataclass(frozen=True, eq=False)
class Generated:
    """A generated puzzle and its solution.

    Attributes
    ----------
    params : Params
    seed : int
        Makes this puzzle again: ``generate(params, seed=seed)``.
    puzzle : Puzzle
    solution : numpy.ndarray
        bool over the grid's edges (the planar map's numbering): True on the loop.
    stats : dict
        ``attempts`` (loops drawn), ``trials`` (clues tried), ``left_out``, ``put_back``
        (clues the whole check put back), ``too_easy`` (boards refused).
    """

    params: Params
    seed: int
    puzzle: Puzzle = field(repr=False)
    solution: np.ndarray = field(repr=False)
    stats: dict = field(repr=False)

    @property
    def game_id(self) -> str:
        """The puzzle's game ID, which the collection's Loopy loads."""
        return self.puzzle.game_id

    def __repr__(self) -> str:
        clues = int((self.puzzle.clues >= 0).sum())
        return (
            f"<Generated {self.params.text} seed={self.seed}: "
            f"{len(self.puzzle.clues)} faces, {clues} clues>"
        )


def generate(params: Params | str, seed: int | None = None) -> Generated:
    """Generate a Loopy puzzle with exactly one solution, of the difficulty asked for.

    Parameters
    ----------
    params : Params or str
        The grid, its size and the difficulty, or their text (``"10x10t0dh"``).
    seed : int, optional
        Names the puzzle (its grid too, for the random grids); None draws one.

    Returns
    -------
    Generated

    Raises
    ------
    TilewrightError
        When no puzzle of exactly that difficulty came from ``MAX_ATTEMPTS`` loops (tiny
        grids at the harder levels).

    Examples
    --------
    >>> made = generate("7x7t0dn", seed=1)
    >>> made.game_id.startswith("7x7t0dn:")
    True
    """
    if isinstance(params, str):
        params = parse_params(params)
    if not isinstance(params, Params):
        raise TypeError(f"generate needs Params or their text, not {type(params).__name__}")
    seed = resolve_seed(seed)
    # the triangular grid's newer layout (no corner ears) is the one the collection makes
    description = "0" if params.grid == "triangular" else None
    grid = collection_grid(
        params.grid,
        params.width,
        params.height,
        description,
        seed=seed if params.grid in DESCRIBED else None,
    )
    blank = np.full(grid.num_cells, -1, dtype=np.int8)
    puzzle = Puzzle(params, blank, grid)
    graph = deduction_graph(puzzle)
    level = DIFFICULTIES.index(params.difficulty)
    solution = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    stats = np.zeros(5, dtype=np.int64)
    made = kernels.generate_puzzle(
        graph, level, RADIUS[params.difficulty], kernel_state(seed), MAX_ATTEMPTS, solution, stats
    )
    if not made:
        raise TilewrightError(
            f"no {params.difficulty} puzzle came from {MAX_ATTEMPTS} loops on this grid "
            f"(seed {seed}); a larger grid or an easier level makes one"
        )
    puzzle = Puzzle(params, graph[-1].copy(), grid)
    _prove_unique(puzzle, solution)
    names = ("attempts", "trials", "left_out", "put_back", "too_easy")
    return Generated(
        params, seed, puzzle, solution.astype(bool), dict(zip(names, stats.tolist(), strict=True))
    )


def _prove_unique(puzzle: Puzzle, solution: Any) -> None:
    """The complete solver must find the generator's loop and nothing else."""
    found = solve(puzzle)
    if not found.unique or not np.array_equal(found.loops[0], solution.astype(bool)):
        raise AssertionError(f"generated a puzzle without one solution: {puzzle.game_id}")
