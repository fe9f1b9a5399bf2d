"""Solving Loopy puzzles completely: every solution found, up to a limit, by search.

A deduction solver can only say "I could not finish"; this one searches (see
``_solve_kernels``), so "exactly one solution" is proven, whatever the deduction rules.
"""

from dataclasses import dataclass

import numpy as np

from tilewright.loopy import _solve_kernels as kernels
from tilewright.loopy.puzzle import Puzzle


@dataclass(frozen=True)
class Solutions:
    """What the complete solver found.

    Attributes
    ----------
    loops : list of numpy.ndarray
        Each solution as a bool array over the grid's edges (the planar map's numbering):
        True on the loop. At most the ``limit`` asked for.
    complete : bool
        Whether the search ran to its end (False when stopped by ``max_choices``: then
        more solutions may exist).
    choices : int
        How many guesses the search made.
    """

    loops: list[np.ndarray]
    complete: bool
    choices: int

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven."""
        return self.complete and len(self.loops) == 1


def search_graph(puzzle: Puzzle) -> tuple:
    """What the compiled search reads: the planar map's edges, faces and dots, the edges
    of each colour node (each face, then the outside: the boundary edges), and the clues."""
    plan = puzzle.plan
    dot_ptr, dot_edges = plan.dot_edges()
    boundary = np.flatnonzero(plan.edge_faces[:, 1] < 0).astype(np.int32)
    node_ptr = np.append(plan.face_ptr, plan.face_ptr[-1] + len(boundary)).astype(np.int64)
    return (
        plan.edges.astype(np.int32),
        plan.edge_faces.astype(np.int32),
        plan.face_ptr.astype(np.int64),
        plan.face_edges.astype(np.int32),
        dot_ptr.astype(np.int64),
        dot_edges.astype(np.int32),
        node_ptr,
        np.concatenate([plan.face_edges.astype(np.int32), boundary]),
        puzzle.clues.astype(np.int8),
    )


def solve(
    puzzle: Puzzle, limit: int = 2, max_choices: int | None = None, probe: bool = True
) -> Solutions:
    """Find the solutions of ``puzzle``, up to ``limit`` of them.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int
        Stop after this many (2 proves a puzzle unique or shows two of its solutions).
    max_choices : int, optional
        Stop after this many guesses (the search is exponential in the worst case).
    probe : bool
        Before each guess, try every unknown edge both ways and fix those one way
        contradicts at once: far fewer guesses on hard puzzles, more work on each.

    Returns
    -------
    Solutions

    Examples
    --------
    >>> found = solve(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a"))
    >>> found.unique, int(found.loops[0].sum())
    (True, 32)
    """
    state = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    solutions = np.zeros((limit, len(state)), dtype=np.int8)
    found, status, choices = kernels.search(
        search_graph(puzzle), limit, max_choices or 0, state, solutions, probe
    )
    loops = [solutions[i].astype(bool) for i in range(found)]
    return Solutions(loops, status == kernels.COMPLETE, int(choices))
