"""Loopy puzzles and solutions as plain text, for people and programs that test solvers
and reasoning models on them. Deterministic: one puzzle (and loop) always gives the same
text, byte for byte.

Two forms, each starting with the game ID on a line of its own:

``board`` (the square grid only): the collection's ASCII board, a character a cell and a
character between cells. ``+`` is a dot, a clue stands in its cell (a space where there
is none; 10 to 35, which no square needs, as ``A`` to ``Z``), and a loop edge is ``-``
or ``|`` (a space where there is none)::

    +-+-+
    |3 2|
    +-+-+

``lists`` (every grid): the planar map that an answer names, in four sections, each a
title line and then one line an item, numbers separated by single spaces:

- ``dots (id x y)``: each dot's position, ``y`` down, in the grid's units (up to four
  decimals, trailing zeros dropped);
- ``faces (id clue dots)``: each face's clue (``.`` for none) and its dots in order round
  it;
- ``edges (id dot dot face face)``: each edge's two dots and the faces on its two sides
  (``-`` for the outside beyond the grid);
- ``loop (edges in order along it)``, with a loop only: its edges, walked from the edge
  with the lowest number towards that edge's second dot (a set of edges that is not one
  loop is listed in ascending order).

An answer is the loop's edge numbers, or the numbers of the faces inside it; see
:func:`tilewright.loopy.check.check_answer`.
"""

from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.loopy.check import loop_mask
from tilewright.loopy.puzzle import Puzzle

FORMS = ("board", "lists")
_CLUE_MARKS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render(puzzle: Puzzle, loop: Any = None, form: str | None = None) -> str:
    """The puzzle (and, with ``loop``, its solution) as text.

    Parameters
    ----------
    puzzle : Puzzle
    loop : array_like, optional
        Edge numbers, or one bool an edge.
    form : str, optional
        ``"board"`` (square grids only) or ``"lists"``; default the board on the square
        grid and the lists on the others.

    Returns
    -------
    str
        Lines ending in newlines (see the module's notes for the forms).

    Raises
    ------
    TypeError
        When ``puzzle`` is not a Puzzle.
    TilewrightError
        When ``form`` is unknown, ``"board"`` is asked of another grid, or ``loop`` does
        not fit the puzzle.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("3x3t0:a3a303a3a")
    >>> from tilewright.loopy import solve
    >>> print(render(puzzle, solve(puzzle).loops[0]), end="")
    3x3t0de:a3a303a3a
    + +-+ +
      |3|
    +-+ +-+
    |3 0 3|
    +-+ +-+
      |3|
    + +-+ +
    >>> lines = render(puzzle, form="lists").splitlines()
    >>> lines[1:3], lines[18:20]
    (['dots (id x y)', '0 0 0'], ['faces (id clue dots)', '0 . 0 1 2 3'])
    >>> lines[28:30]
    ['edges (id dot dot face face)', '0 0 1 0 -']
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"render needs a Loopy Puzzle, not {type(puzzle).__name__}")
    square = puzzle.params.grid == "square"
    form = ("board" if square else "lists") if form is None else form
    if form not in FORMS:
        raise TilewrightError(f"the text forms are {' and '.join(FORMS)}, not {form!r}")
    if form == "board" and not square:
        raise TilewrightError(f"a board is drawn of the square grid only, not {puzzle.params.grid}")
    on = None if loop is None else loop_mask(puzzle, loop)
    body = _board(puzzle, on) if form == "board" else _lists(puzzle, on)
    return f"{puzzle.game_id}\n{body}"


def _board(puzzle: Puzzle, on: np.ndarray | None) -> str:
    """The square grid as the collection's ASCII board: dots at even places, cells and
    edges between them."""
    plan = puzzle.plan
    spots = np.rint(plan.dots - plan.dots.min(axis=0)).astype(np.int64)
    width, height = spots.max(axis=0)
    canvas = np.full((2 * height + 1, 2 * width + 1), " ", dtype="<U1")
    canvas[2 * spots[:, 1], 2 * spots[:, 0]] = "+"
    ends = spots[plan.edges]  # (E, 2 dots, 2)
    if on is not None:
        middle = ends[on].sum(axis=1)
        flat = ends[on, 0, 1] == ends[on, 1, 1]
        canvas[middle[:, 1], middle[:, 0]] = np.where(flat, "-", "|")
    # a face's centre: the sum of its first and third corners (opposite in a square)
    first = spots[plan.face_dots[plan.face_ptr[:-1]]]
    third = spots[plan.face_dots[plan.face_ptr[:-1] + 2]]
    centre = first + third
    clued = puzzle.clues >= 0
    # a character a clue, as game IDs write them: 10 to 35 as A to Z
    marks = [_CLUE_MARKS[c] for c in puzzle.clues[clued].tolist()]
    canvas[centre[clued, 1], centre[clued, 0]] = marks
    return "".join("".join(row).rstrip() + "\n" for row in canvas)


def _lists(puzzle: Puzzle, on: np.ndarray | None) -> str:
    """The dots, faces, edges and loop, a line each (see the module's notes)."""
    plan = puzzle.plan
    lines = ["dots (id x y)"]
    lines += [f"{d} {_number(x)} {_number(y)}" for d, (x, y) in enumerate(plan.dots.tolist())]
    lines.append("faces (id clue dots)")
    for f, clue in enumerate(puzzle.clues.tolist()):
        corners = " ".join(map(str, plan.face(f).tolist()))
        lines.append(f"{f} {'.' if clue < 0 else clue} {corners}")
    lines.append("edges (id dot dot face face)")
    sides = [["-" if s < 0 else str(s) for s in pair] for pair in plan.edge_faces.tolist()]
    for e, ((a, b), (left, right)) in enumerate(zip(plan.edges.tolist(), sides, strict=True)):
        lines.append(f"{e} {a} {b} {left} {right}")
    if on is not None:
        lines.append("loop (edges in order along it)")
        lines.append(" ".join(map(str, loop_order(puzzle, on))))
    return "\n".join(lines) + "\n"


def loop_order(puzzle: Puzzle, on: np.ndarray) -> list[int]:
    """The edges of ``on`` in order along the loop, from the lowest-numbered one towards
    its second dot; ascending when they are not one loop.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("3x3t0:i")
    >>> from tilewright.loopy.check import inside_edges
    >>> loop_order(puzzle, inside_edges(puzzle, [4])[0])
    [6, 10, 14, 13]
    """
    plan = puzzle.plan
    chosen = np.flatnonzero(on)
    if not len(chosen):
        return []
    ends = plan.edges[chosen]
    degree = np.bincount(ends.ravel(), minlength=len(plan.dots))
    if ((degree != 0) & (degree != 2)).any():
        return chosen.tolist()
    at: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(ends.tolist()):
        at.setdefault(a, []).append(index)
        at.setdefault(b, []).append(index)
    order = [0]
    dot = int(ends[0, 1])
    while True:
        step = next(i for i in at[dot] if i != order[-1])
        if step == 0:
            break
        order.append(step)
        dot = int(ends[step, 0] + ends[step, 1] - dot)
    if len(order) != len(chosen):  # several loops
        return chosen.tolist()
    return chosen[order].tolist()


def _number(value: float) -> str:
    """A coordinate with up to four decimals, trailing zeros and point dropped."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
