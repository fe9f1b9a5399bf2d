"""Generating Loopy puzzles: one solution, proven, and graded at the level asked for.

How (``_generate_kernels`` has the details): a random loop; every face's clue; the clues
left out in a random order wherever the deductions of the level still solve the puzzle
(each tried by deleting what it deduced and deriving again, ``_rederive_kernels``, or on
a window around it, ``_generate_kernels``: either way a trial can only keep too many,
never too few; then checked whole, and mended should that ever fail); the board refused
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
from tilewright.loopy import _rederive_kernels as rederive
from tilewright.loopy.complete_solver import solve
from tilewright.loopy.gameid import DIFFICULTIES, Params, parse_params
from tilewright.loopy.grading import deduction_graph
from tilewright.loopy.puzzle import Puzzle
from tilewright.registry import DESCRIBED, collection_grid

# how many faces a clue is tried on (``window_faces``): the whole grid while grid times
# window stays under WINDOW_WORK, never fewer than MIN_WINDOW
WINDOW_WORK = 300_000
MIN_WINDOW = 200
# below Hard (whose classes of edges cannot be taken apart out of order) and on grids of
# up to REDERIVE_FACES faces, clues are tried by deleting and deriving again; a clue whose
# trial would delete more facts than ``rederive_budget`` allows is kept untried. Past that
# size windows are faster, and the complete solver's proof of a sparser puzzle can take
# longer than making it (a 200x200 square Easy one: 48 s)
REDERIVE_FACES = 20_000
BUDGET_SHARE, BUDGET_FLOOR, BUDGET_CAP = 8, 300, 1_000
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
        Try each clue on this many faces around it (``"whole"``: the whole grid, the
        collection's own greedy, which keeps fewest clues; a smaller window is faster and
        keeps more). By default, below Hard, each clue is tried by deleting what it
        deduced and deriving again (exactly the collection's greedy up to
        :func:`rederive_budget` facts a trial, a clue past it kept); at Hard, on
        :func:`window_faces`. Part of what a seed makes.

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
    blank = np.full(grid.num_cells, -1, dtype=np.int8)
    puzzle = Puzzle(params, blank, grid)
    graph = deduction_graph(puzzle)
    level = DIFFICULTIES.index(params.difficulty)
    edges = len(puzzle.plan.edges)
    if wanted is None and params.difficulty != "hard" and grid.num_cells <= REDERIVE_FACES:
        removal: Removal = Rederiving(rederive_budget(grid.num_cells, edges))
    else:
        faces = window_faces(grid.num_cells) if wanted is None else min(wanted, grid.num_cells)
        removal = Windows(faces)
    solution = np.zeros(edges, dtype=np.int8)
    stats = np.zeros(5, dtype=np.int64)
    if not _make(graph, level, removal, kernel_state(seed), solution, stats, progress):
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


@dataclass(frozen=True)
class Windows:
    """Clues tried on windows of ``faces`` faces (``_generate_kernels.remove_some``)."""

    faces: int


@dataclass(frozen=True)
class Rederiving:
    """Clues tried by deleting and deriving again, a clue kept untried past ``budget``
    facts (``_rederive_kernels``)."""

    budget: int


Removal = Windows | Rederiving


def _make(graph, level, removal, state, solution, stats, progress) -> bool:
    """Draw loops until one gives a puzzle of exactly ``level`` (its clues left in
    ``graph``'s clue array, its loop in ``solution``); False after ``MAX_ATTEMPTS``. The
    clues are tried a chunk at a time so that ``progress`` can show them."""
    faces = graph[-1].shape[0]
    full = np.zeros(faces, dtype=np.int8)
    chunks = [range(start, min(start + CHUNK, faces)) for start in range(0, faces, CHUNK)]
    for _ in range(MAX_ATTEMPTS):
        if not kernels.draw_loop(graph, level, state, solution, full, stats):
            continue
        removed = np.zeros(faces, dtype=np.int32)
        left_out = 0
        shown = progress(iter(chunks)) if progress else chunks
        if isinstance(removal, Rederiving):
            order, work, scratch = rederive.start_rederiving(graph, level, state, full, solution)
            for chunk in shown:
                left_out = rederive.remove_rederiving(
                    graph,
                    full,
                    order,
                    chunk.start,
                    chunk.stop,
                    work,
                    scratch,
                    removal.budget,
                    removed,
                    left_out,
                    stats,
                )
        else:
            order, kept = kernels.start_removal(graph, level, state)
            tried = np.zeros(faces, dtype=bool)
            for chunk in shown:
                kept, left_out = kernels.remove_some(
                    graph,
                    level,
                    removal.faces,
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


def rederive_budget(faces: int, edges: int) -> int:
    """The most facts (edges' values, dlines' bits) a clue's trial may delete on a grid of
    ``faces`` faces and ``edges`` edges, before the clue is kept untried.

    On a grid whose window (:func:`window_faces`) would be the whole grid, no limit (more
    than the facts there are): the clues kept are exactly the collection's greedy's. On
    larger grids a number of facts an eighth of the edges, from BUDGET_FLOOR to
    BUDGET_CAP: a trial costs about the facts it deletes, and an Easy puzzle's facts can
    run in chains across the grid. The budget trades speed for clues, as a window does,
    at a better rate (``benchmarks/README.md`` has the figures).
    """
    if window_faces(faces) >= faces:
        return 2**62
    return min(BUDGET_CAP, max(BUDGET_FLOOR, edges // BUDGET_SHARE))


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
