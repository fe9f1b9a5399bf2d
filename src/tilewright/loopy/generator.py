"""Generating Loopy puzzles: one solution, proven, and graded at the level asked for.

How (``_generate_kernels`` has the details): a random loop; every face's clue; the clues
left out in a random order wherever the deductions of the level still solve the puzzle
(each tried on a window around it, in a way that can only keep too many, never too few;
then checked whole, and mended should that ever fail); the board refused
and another loop drawn when the level below already solves it, as the puzzle collection
does. Last, the complete solver (:func:`tilewright.loopy.solve`), which searches and so
does not trust the deduction rules, proves the solution the only one.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int_between
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.loopy import _generate_kernels as kernels
from tilewright.loopy.complete_solver import solve
from tilewright.loopy.gameid import DIFFICULTIES, Params, parse_params
from tilewright.loopy.grading import deduction_graph
from tilewright.loopy.puzzle import Puzzle
from tilewright.registry import DESCRIBED, collection_grid

# how many faces a clue is tried on (``window_faces``): the whole grid while grid times
# window stays under WINDOW_WORK, never fewer than MIN_WINDOW
WINDOW_WORK = 300_000
MIN_WINDOW = 200
# loops drawn before giving up on a puzzle of exactly the level asked
MAX_ATTEMPTS = 200
# clues tried in one call of the compiled removal: what a progress bar counts in
CHUNK = 10_000
# what a progress callback is: it wraps the chunks' iterator
Progress = Callable[[Iterator[range]], Iterator[range]]


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

    def _repr_svg_(self) -> str | None:
        """Jupyter draws the puzzle, not its answer (as a Rectangles ``Generated`` does):
        as SVG up to ``NOTEBOOK_POINTS`` dots and edges."""
        return self.puzzle._repr_svg_()

    def _repr_png_(self) -> bytes | None:
        """Jupyter draws the puzzle: a small PNG past ``NOTEBOOK_POINTS`` dots and edges."""
        return self.puzzle._repr_png_()

    def __repr__(self) -> str:
        clues = int((self.puzzle.clues >= 0).sum())
        return (
            f"<Generated {self.params.text} seed={self.seed}: "
            f"{len(self.puzzle.clues)} faces, {clues} clues>"
        )


def generate(
    params: Params | str,
    seed: int | None = None,
    progress: Progress | None = None,
    window: int | str | None = None,
) -> Generated:
    """Generate a Loopy puzzle with exactly one solution, of the difficulty asked for.

    Parameters
    ----------
    params : Params or str
        The grid, its size and the difficulty, or their text (``"10x10t0dh"``).
    seed : int, optional
        Names the puzzle (its grid too, for the random grids); None draws one.
    progress : callable, optional
        Wraps the iterator of the chunks of clues tried (ranges, ``len`` the clues in
        each), for a progress bar on a large grid; called once for each loop drawn.
    window : int or "whole", optional
        How many faces around a clue it is tried on (:func:`window_faces` by default).
        ``"whole"`` (or the grid's faces or more) is the collection's own greedy, which
        keeps fewest clues; a smaller window is faster and keeps more. Part of what a
        seed makes.

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
    wanted = _checked_window(window)
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
    faces = window_faces(grid.num_cells) if wanted is None else min(wanted, grid.num_cells)
    blank = np.full(grid.num_cells, -1, dtype=np.int8)
    puzzle = Puzzle(params, blank, grid)
    graph = deduction_graph(puzzle)
    level = DIFFICULTIES.index(params.difficulty)
    solution = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    stats = np.zeros(5, dtype=np.int64)
    if not _make(graph, level, faces, kernel_state(seed), solution, stats, progress):
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


def _make(graph, level, window, state, solution, stats, progress) -> bool:
    """Draw loops until one gives a puzzle of exactly ``level`` (its clues left in
    ``graph``'s clue array, its loop in ``solution``); False after ``MAX_ATTEMPTS``. The
    clues are tried a chunk at a time so that ``progress`` can show them."""
    faces = graph[-1].shape[0]
    full = np.zeros(faces, dtype=np.int8)
    for _ in range(MAX_ATTEMPTS):
        if not kernels.draw_loop(graph, level, state, solution, full, stats):
            continue
        order, kept = kernels.start_removal(graph, level, state)
        tried = np.zeros(faces, dtype=bool)
        removed = np.zeros(faces, dtype=np.int32)
        left_out = 0
        chunks = [range(start, min(start + CHUNK, faces)) for start in range(0, faces, CHUNK)]
        for chunk in progress(iter(chunks)) if progress else chunks:
            kept, left_out = kernels.remove_some(
                graph,
                level,
                window,
                full,
                order,
                chunk.start,
                chunk.stop,
                kept,
                tried,
                removed,
                left_out,
                stats,
            )
        if kernels.finish_puzzle(graph, level, full, removed, left_out, stats):
            return True
    return False


def window_faces(faces: int) -> int:
    """How many faces around a clue the generator tries it on, for a grid of ``faces``.

    A clue is left out when the deductions settle its edges on that window alone (with
    the clues not yet tried there, and what the clues kept deduce everywhere), so a wider
    window leaves out more clues, down to the collection's own greedy when it is the
    whole grid; its cost grows with it.
    """
    return max(MIN_WINDOW, min(faces, WINDOW_WORK // max(faces, 1)))


def _checked_window(window: int | str | None) -> int | None:
    """``generate``'s ``window`` checked: None for the default, else the faces asked for
    (``"whole"``: more than any grid has)."""
    if window is None:
        return None
    if window == "whole":
        return 2**31 - 1
    if isinstance(window, str):
        raise TilewrightError(f'window is a number of faces or "whole", not {window!r}')
    return require_int_between(window, "window", 1, 2**31 - 1)


def _prove_unique(puzzle: Puzzle, solution: Any) -> None:
    """The complete solver must find the generator's loop and nothing else."""
    found = solve(puzzle)
    if not found.unique or not np.array_equal(found.loops[0], solution.astype(bool)):
        raise AssertionError(f"generated a puzzle without one solution: {puzzle.game_id}")
