"""Whether a proposed answer solves a Loopy puzzle: one plain check, apart from the solver.

Written without the solver's machinery (counts, a walk and a comparison of sides), so
that a test of the solver, or of a user's own solver or model, does not lean on what it
tests. An answer is given either way a person or a model may state it:

- as the loop's edges, by their numbers in the planar map (the numbers
  :func:`tilewright.loopy.text.render` lists), or as one bool an edge;
- as the faces inside the loop: an edge is then on the loop when exactly one of its two
  sides is inside, the world beyond the grid counting as outside.

Every verdict is None (solved) or one line saying what is wrong first: an edge or face
that is not one of the grid's, no loop at all, a dot where the loop ends or branches, a
clue counting other than its number of loop edges, or a loop in several pieces.
"""

from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.loopy.puzzle import Puzzle


def check_answer(puzzle: Puzzle, edges: Any = None, inside: Any = None) -> str | None:
    """Why a proposed answer does not solve ``puzzle``, or None when it does.

    Parameters
    ----------
    puzzle : Puzzle
    edges : iterable of int, or array_like of bool, optional
        The loop's edges by number, or a bool array over the grid's edges (True on the
        loop). An edge named twice counts once.
    inside : iterable of int, or array_like of bool, optional
        The faces inside the loop by number, or a bool array over the grid's faces.
        Give ``edges`` or ``inside``, not both.

    Returns
    -------
    str or None
        One line naming the first rule broken, or None.

    Raises
    ------
    TypeError
        When ``puzzle`` is not a Puzzle, or neither or both of ``edges`` and ``inside``
        are given.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("3x3t0:a3a303a3a")  # a plus sign: 3s round a 0
    >>> check_answer(puzzle, inside={1, 3, 4, 5, 7}) is None
    True
    >>> check_answer(puzzle, inside={4})
    'face 1 has 1 loop edge, its clue is 3'
    >>> check_answer(puzzle, edges=[0, 1, 2])
    'the loop ends at dot 0 (1 loop edge there)'
    >>> check_answer(puzzle, edges=[99])
    'there is no edge 99: the edges are numbered 0 to 23'
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"an answer is checked against a Loopy Puzzle, not {type(puzzle).__name__}")
    if (edges is None) == (inside is None):
        raise TypeError("give the answer as edges or as the faces inside, not both or neither")
    if edges is not None:
        on, reason = _as_mask(edges, len(puzzle.plan.edges), "edge")
    else:
        on, reason = inside_edges(puzzle, inside)
    return reason if on is None else _check(puzzle, on)


def check_loop(puzzle: Puzzle, loop: Any) -> str | None:
    """Why ``loop`` does not solve ``puzzle``, or None when it does:
    :func:`check_answer` with the loop's edges.

    Parameters
    ----------
    puzzle : Puzzle
    loop : array_like
        Either a bool array over the grid's edges (the planar map's numbering), True on
        the loop, or the edges' numbers.

    Returns
    -------
    str or None

    Examples
    --------
    >>> from tilewright.loopy import solve
    >>> puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    >>> check_loop(puzzle, solve(puzzle).loops[0]) is None
    True
    """
    return check_answer(puzzle, edges=loop)


def inside_edges(puzzle: Puzzle, inside: Any) -> tuple[np.ndarray | None, str | None]:
    """The loop that bounds the faces ``inside``: each edge with exactly one side inside.

    Parameters
    ----------
    puzzle : Puzzle
    inside : iterable of int, or array_like of bool
        Face numbers, or a bool array over the faces.

    Returns
    -------
    on : numpy.ndarray or None
        bool (E,), or None when ``inside`` names no faces of the grid.
    reason : str or None
        Why ``on`` is None.

    Examples
    --------
    >>> on, _ = inside_edges(Puzzle.from_game_id("3x3t0:i"), [4])
    >>> np.flatnonzero(on).tolist()
    [6, 10, 13, 14]
    """
    plan = puzzle.plan
    chosen, reason = _as_mask(inside, plan.num_faces, "face")
    if chosen is None:
        return None, reason
    sides = np.where(plan.edge_faces >= 0, chosen[np.maximum(plan.edge_faces, 0)], False)
    return sides[:, 0] != sides[:, 1], None


def loop_mask(puzzle: Puzzle, loop: Any) -> np.ndarray:
    """``loop`` (edge numbers, or one bool an edge) as a bool array over the edges.

    Raises
    ------
    TilewrightError
        When it names an edge the grid does not have, or has the wrong length.

    Examples
    --------
    >>> loop_mask(Puzzle.from_game_id("3x3t0:i"), [1, 2]).nonzero()[0].tolist()
    [1, 2]
    """
    on, reason = _as_mask(loop, len(puzzle.plan.edges), "edge")
    if on is None:
        raise TilewrightError(f"a loop of this puzzle: {reason}")
    return on


def _as_mask(given: Any, count: int, noun: str) -> tuple[np.ndarray | None, str | None]:
    """``given`` (numbers of ``noun``s, or one bool each) as a bool array of ``count``,
    or None and why it is not one."""
    if isinstance(given, str | bytes):
        return None, f"{noun}s are given as numbers, not as text"
    if not isinstance(given, np.ndarray):
        try:
            given = list(given)
        except TypeError:
            return None, f"{noun}s are given as a list of numbers, not {type(given).__name__}"
    values = np.asarray(given)
    if values.dtype == bool:
        if values.shape != (count,):
            return None, f"one bool a {noun} is {count} of them, got shape {values.shape}"
        return values.copy(), None
    if values.size == 0:
        return np.zeros(count, dtype=bool), None
    if values.ndim != 1 or values.dtype.kind not in "iu":
        return None, f"{noun}s are given as whole numbers, one a {noun}"
    wrong = values[(values < 0) | (values >= count)]
    if len(wrong):
        return None, f"there is no {noun} {wrong[0]}: the {noun}s are numbered 0 to {count - 1}"
    on = np.zeros(count, dtype=bool)
    on[values.astype(np.int64)] = True
    return on, None


def _check(puzzle: Puzzle, on: np.ndarray) -> str | None:
    """The verdict on the loop ``on`` (bool over the edges)."""
    plan = puzzle.plan
    if not on.any():
        return "there is no loop"
    degree = np.bincount(plan.edges[on].ravel(), minlength=len(plan.dots))
    odd = np.flatnonzero((degree != 0) & (degree != 2))
    if len(odd):
        dot, count = int(odd[0]), int(degree[odd[0]])
        what = "ends" if count == 1 else "branches"
        return f"the loop {what} at dot {dot} ({count} loop edge{'' if count == 1 else 's'} there)"
    counts = np.add.reduceat(on[plan.face_edges].astype(np.int64), plan.face_ptr[:-1])
    clues = puzzle.clues.astype(np.int64)
    wrong = np.flatnonzero((clues >= 0) & (counts != clues))
    if len(wrong):
        f = int(wrong[0])
        edges = f"{counts[f]} loop edge{'' if counts[f] == 1 else 's'}"
        return f"face {f} has {edges}, its clue is {clues[f]}"
    pieces = _pieces(plan.edges[on])
    if pieces > 1:
        return f"the loop edges make {pieces} separate loops, not one"
    return None


def _pieces(ends: np.ndarray) -> int:
    """How many loops the edges ``ends`` (every dot on them met twice) make: each walked
    round once."""
    at: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(ends.tolist()):
        at.setdefault(a, []).append(index)
        at.setdefault(b, []).append(index)
    seen = np.zeros(len(ends), dtype=bool)
    pieces = 0
    for first in range(len(ends)):
        if seen[first]:
            continue
        pieces += 1
        edge, dot = first, int(ends[first, 0])
        while not seen[edge]:
            seen[edge] = True
            dot = int(ends[edge, 0] + ends[edge, 1] - dot)
            edge = next(e for e in at[dot] if e != edge)
    return pieces
