"""Grading Loopy puzzles as the puzzle collection does: the deductions of its four levels.

:func:`deduce` runs the deductions of one level (``_deduce_kernels`` states them) and
:func:`grade` names the easiest level whose deductions solve a puzzle: the level the
collection's generator would have made it at, and its standalone solver (``loopysolver
-g``) would rate it. Deduction is not search: a puzzle no level solves may still have one
solution (:func:`tilewright.loopy.solve` settles that).
"""

from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.loopy import _deduce_kernels as kernels
from tilewright.loopy.gameid import DIFFICULTIES
from tilewright.loopy.puzzle import Puzzle

# how a run of deductions ends
OUTCOMES = {
    kernels.SOLVED: "solved",
    kernels.INCOMPLETE: "stuck",
    kernels.AMBIGUOUS: "ambiguous",
    kernels.MISTAKE: "impossible",
}


@dataclass(frozen=True)
class Deduction:
    """What the deductions of one level made of a puzzle.

    Attributes
    ----------
    outcome : str
        ``"solved"``; ``"stuck"`` (nothing more follows); ``"ambiguous"`` (an edge would
        close a loop that solves the puzzle, which deduction cannot prove the only one);
        ``"impossible"`` (a contradiction: no solution).
    lines : numpy.ndarray
        int8 over the grid's edges: 0 unknown, 1 on the loop, 2 off it.
    """

    outcome: str
    lines: np.ndarray

    @property
    def solved(self) -> bool:
        """Whether the deductions solved the puzzle."""
        return self.outcome == "solved"


def deduction_graph(puzzle: Puzzle) -> tuple:
    """What the compiled deductions read: the planar map with each dot's edges in order
    around it and the corners between them, and the clues."""
    return (*_graph_of(puzzle.plan), puzzle.clues.astype(np.int8))


def _graph_of(plan) -> tuple:
    dot_ptr, dot_edges, dot_corners, corner_face, corner_dot = kernels.corners(
        plan.dots,
        plan.edges.astype(np.int32),
        plan.edge_faces.astype(np.int32),
        plan.face_ptr.astype(np.int64),
        plan.face_edges.astype(np.int32),
        plan.face_dots.astype(np.int32),
    )
    return (
        plan.edges.astype(np.int32),
        plan.edge_faces.astype(np.int32),
        plan.face_ptr.astype(np.int64),
        plan.face_edges.astype(np.int32),
        plan.face_dots.astype(np.int32),
        dot_ptr,
        dot_edges,
        dot_corners,
        corner_face,
        corner_dot,
    )


def deduce(puzzle: Puzzle, difficulty: str = "hard") -> Deduction:
    """Apply the deductions of ``difficulty`` and the levels below it until none applies.

    Parameters
    ----------
    puzzle : Puzzle
    difficulty : str
        ``"easy"``, ``"normal"``, ``"tricky"`` or ``"hard"``.

    Returns
    -------
    Deduction

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    >>> deduce(puzzle, "easy").outcome
    'solved'
    """
    level = level_number(difficulty)
    lines = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    status = kernels.deduce(deduction_graph(puzzle), level, lines)
    return Deduction(OUTCOMES[status], lines)


def grade(puzzle: Puzzle) -> str | None:
    """The easiest level whose deductions solve ``puzzle``, as the collection rates it.

    Returns
    -------
    str or None
        One of ``DIFFICULTIES``; ``"impossible"`` when the deductions find a contradiction
        (no solution); None when no level solves it (harder than Hard, or ambiguous).

    Examples
    --------
    >>> grade(Puzzle.from_game_id("7x7t0dh:b3a21a2b2a2c311a1a1a1a212a3a213a2e2e2"))
    'hard'
    """
    graph = deduction_graph(puzzle)
    lines = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    for level, name in enumerate(DIFFICULTIES):
        status = kernels.deduce(graph, level, lines)
        if status == kernels.MISTAKE:
            return "impossible"
        if status == kernels.SOLVED:
            return name
    return None


def level_number(difficulty: str) -> int:
    """The deduction kernels' number for ``difficulty`` (0 for easy to 3 for hard), or a
    refusal when it is not a level."""
    if difficulty not in DIFFICULTIES:
        raise TilewrightError(
            f"a difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
        )
    return DIFFICULTIES.index(difficulty)
