"""Whether a proposed answer solves a Loopy puzzle: one plain check, apart from the solver.

Written without the solver's machinery (counts, a walk and one union of faces), so that a
test of the solver, or of a user's own solver or model, does not lean on what it tests.
"""

from typing import Any

import numpy as np

from tilewright.loopy.puzzle import Puzzle


def check_loop(puzzle: Puzzle, loop: Any) -> str | None:
    """Why ``loop`` does not solve ``puzzle``, or None when it does.

    Parameters
    ----------
    puzzle : Puzzle
    loop : array_like
        Either a bool array over the grid's edges (the planar map's numbering), True on
        the loop, or the edges' numbers.

    Returns
    -------
    str or None
        One line naming the first rule broken: a dot with other than 0 or 2 loop edges, a
        clue not met, or a loop in several pieces (or none).

    Examples
    --------
    >>> from tilewright.loopy import solve
    >>> puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    >>> check_loop(puzzle, solve(puzzle).loops[0]) is None
    True
    >>> check_loop(puzzle, [0, 1, 2])
    'dot 0 has 1 loop edge, not 0 or 2'
    """
    plan = puzzle.plan
    edges = len(plan.edges)
    given = np.asarray(loop)
    if given.dtype == bool:
        if given.shape != (edges,):
            return f"a loop over this grid's edges has {edges} entries, got {given.shape}"
        on = given
    else:
        if given.size and (given.min() < 0 or given.max() >= edges):
            return f"edges are numbered 0 to {edges - 1}"
        on = np.zeros(edges, dtype=bool)
        on[given.astype(np.int64)] = True
    degree = np.bincount(plan.edges[on].ravel(), minlength=len(plan.dots))
    odd = np.flatnonzero((degree != 0) & (degree != 2))
    if len(odd):
        count = degree[odd[0]]
        return f"dot {odd[0]} has {count} loop edge{'' if count == 1 else 's'}, not 0 or 2"
    counts = np.add.reduceat(on[plan.face_edges].astype(np.int64), plan.face_ptr[:-1])
    clues = puzzle.clues.astype(np.int64)
    wrong = np.flatnonzero((clues >= 0) & (counts != clues))
    if len(wrong):
        f = wrong[0]
        return f"face {f} has {counts[f]} loop edges, its clue is {clues[f]}"
    if not on.any():
        return "there is no loop"
    # one piece: walk the loop from one of its edges and meet every loop edge
    ends = plan.edges[on]
    at: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(ends.tolist()):
        at.setdefault(a, []).append(index)
        at.setdefault(b, []).append(index)
    seen = np.zeros(len(ends), dtype=bool)
    edge, dot = 0, int(ends[0, 0])
    while not seen[edge]:
        seen[edge] = True
        dot = int(ends[edge, 0] + ends[edge, 1] - dot)
        edge = next(e for e in at[dot] if e != edge)
    if not seen.all():
        return f"the loop edges make more than one loop ({int(seen.sum())} of {len(ends)} in one)"
    return None
