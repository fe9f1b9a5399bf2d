"""How the Loopy deductions solve a puzzle, step by step, as a person could follow them.

The steps are the compiled deductions' own, those :func:`grade` and the generator run
(``_deduce_kernels``): for every edge they set, they note the rule and the face or dot
it applied at, in the order the edges were set. A step is a run of edges set by one
rule at one place. The rules, in the collection's terms:

=============  ======  ==================================================================
clue met       easy    a face's clue is met: its other edges are NO
needs all      easy    a face's clue needs every unknown edge of it: they are YES
one short      easy    a face one NO short of that, two of whose unknown edges meet at a
                       dot with a YES edge (they cannot both be YES): the others are YES
dot            easy    a dot has 0 or 2 YES edges
loop           easy    an edge that would close a loop leaving other YES edges out, or a
                       clue unmet, is NO (at a dot ending a path)
solved         easy    one loop holds every YES edge and meets every clue: the rest NO
face dlines    normal  a face's clue against the facts on the pairs of edges at its
                       corners (dlines: at most one YES, at least one YES)
dot dlines     normal  the dline facts at a dot, from its edges and back to them
one more       tricky  a dot's dline with exactly one YES needs exactly one more
alike pair     hard    two alike unknown edges of a face cannot both be YES (or NO)
face parity    hard    a face's clue over its last unknown edges, two of them in one
                       class of alike and opposite edges
dot parity     hard    a dot's even count of YES edges, the same way
class          hard    an edge's class: the edges alike to it and opposite to it follow
=============  ======  ==================================================================

Faces and dots are numbered as ``tilewright loopy solve --lists`` lists them; on the
square grid a step also names their row and column, from 0 at the top left.
"""

from dataclasses import dataclass

import numpy as np

from tilewright.loopy import _deduce_kernels as kernels
from tilewright.loopy.grading import deduction_graph, level_number
from tilewright.loopy.puzzle import Puzzle

# each cause the kernels log: the rule's name, its level, and what the step says
_RULES = {
    kernels.CLUE_MET: ("clue met", "easy", "its clue is met"),
    kernels.CLUE_NEEDS_ALL: ("needs all", "easy", "its clue needs every unknown edge"),
    kernels.ONE_SHORT: (
        "one short",
        "easy",
        "one NO short of needing every unknown edge, and two of those meet at a dot with "
        "a YES edge, so cannot both be YES",
    ),
    kernels.DOT_COUNT: ("dot", "easy", "a dot has 0 or 2 YES edges"),
    kernels.LOOP: (
        "loop",
        "easy",
        "an edge here would close a loop leaving other YES edges out or a clue unmet",
    ),
    kernels.FACE_DLINES: ("face dlines", "normal", "its clue against the dlines at its corners"),
    kernels.DOT_DLINES: ("dot dlines", "normal", "the dlines at its corners"),
    kernels.DOT_ONE_MORE: (
        "one more",
        "tricky",
        "a dline here with exactly one YES needs exactly one more YES elsewhere",
    ),
    kernels.ALIKE_PAIR: ("alike pair", "hard", "two alike unknown edges of it"),
    kernels.FACE_PARITY: (
        "face parity",
        "hard",
        "the parity of its clue over its last unknown edges, alike or opposite",
    ),
    kernels.DOT_PARITY: (
        "dot parity",
        "hard",
        "the parity of its YES edges over its last unknown edges, alike or opposite",
    ),
    kernels.CLASS_MEMBER: ("class", "hard", "edges alike and opposite to it"),
}
SOLVED = ("solved", "easy", "one loop holds every YES edge and meets every clue")
RULES = tuple(name for name, _, _ in (*_RULES.values(), SOLVED))
_AT_FACE = {kernels.CLUE_MET, kernels.CLUE_NEEDS_ALL, kernels.ONE_SHORT, kernels.FACE_DLINES}
_AT_FACE |= {kernels.ALIKE_PAIR, kernels.FACE_PARITY}


@dataclass(frozen=True)
class Step:
    """One step of the deductions: the edges one rule set at one place.

    Parameters
    ----------
    rule : str
        The rule, one of ``RULES`` (the module's notes say what each means).
    level : str
        The easiest level whose deductions include the rule, one of ``DIFFICULTIES``.
    place : str
        What the rule applied at: ``"face"``, ``"dot"``, ``"edge"`` (a ``class`` step:
        the edge set just before) or ``"grid"`` (the ``solved`` step).
    index : int
        The face's, dot's or edge's number (-1 for the grid).
    yes, no : tuple of int
        The edges the step set on the loop, and off it, by number.
    text : str
        The step in words: the place (a face with its clue; on the square grid with its
        row and column), the rule, and the edges.
    """

    rule: str
    level: str
    place: str
    index: int
    yes: tuple[int, ...]
    no: tuple[int, ...]
    text: str


def explain(puzzle: Puzzle, difficulty: str = "hard") -> list[Step]:
    """The deductions that solve ``puzzle``, a step for each rule applied at one place,
    in the order the solver took them.

    The deductions are those of the easiest level up to ``difficulty`` that solves the
    puzzle (its grade, :func:`tilewright.loopy.grade`), else of ``difficulty``, which then
    stop short: the steps end where they do, with edges still unknown (or with the one
    that made a contradiction). Setting the steps' edges gives what
    :func:`tilewright.loopy.deduce` gives at that level, edge for edge.

    Parameters
    ----------
    puzzle : Puzzle
    difficulty : str
        The hardest level to use: ``"easy"``, ``"normal"``, ``"tricky"`` or ``"hard"``.

    Returns
    -------
    list of Step
        In order; when the deductions solve the puzzle the last is a ``solved`` step.

    Raises
    ------
    TilewrightError
        When ``difficulty`` is not a level.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("3x3t0:a3a303a3a")
    >>> for number, step in enumerate(explain(puzzle)[:4], 1):
    ...     print(number, step.text)
    1 face 4 (clue 0, row 1, column 1): its clue is met: NO 6, 10, 13, 14
    2 face 5 (clue 3, row 1, column 2): its clue needs every unknown edge: YES 9, 15, 16
    3 face 7 (clue 3, row 2, column 1): its clue needs every unknown edge: YES 17, 20, 21
    4 dot 5 (row 1, column 2): a dot has 0 or 2 YES edges: YES 5
    >>> explain(puzzle)[-1].rule
    'solved'
    """
    graph = deduction_graph(puzzle)
    lines = np.zeros(len(puzzle.plan.edges), dtype=np.int8)
    for level in range(level_number(difficulty) + 1):
        status, rows = kernels.deduce_explained(graph, level, lines)
        if status in (kernels.SOLVED, kernels.MISTAKE):
            break
    places = _Places(puzzle)
    steps = [_step(run, source, lines, places) for run, source in _runs(rows)]
    if status == kernels.SOLVED:
        rest = np.flatnonzero(lines == kernels.NO)
        rest = rest[~np.isin(rest, rows[:, 0])]
        name, level_name, reason = SOLVED
        no = tuple(rest.tolist())
        steps.append(Step(name, level_name, "grid", -1, (), no, f"{reason}: {_edges((), no)}"))
    return steps


def _runs(rows: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """The log's rows cut where the cause changes, each with the edge set just before it
    (a class step's source)."""
    if not len(rows):
        return []
    cuts = np.flatnonzero(np.diff(rows[:, 1])) + 1
    starts = [0, *cuts.tolist()]
    return [
        (run, int(rows[start - 1, 0]) if start else -1)
        for start, run in zip(starts, np.split(rows, cuts), strict=True)
    ]


def _step(run: np.ndarray, source: int, lines: np.ndarray, places: "_Places") -> Step:
    cause = int(run[0, 1])
    rule_code, where = cause % kernels.CAUSES, cause // kernels.CAUSES
    name, level_name, reason = _RULES[rule_code]
    edges = run[:, 0]
    yes = tuple(sorted(edges[lines[edges] == kernels.YES].tolist()))
    no = tuple(sorted(edges[lines[edges] == kernels.NO].tolist()))
    if rule_code == kernels.CLASS_MEMBER:
        place, index, named = "edge", source, f"edge {source}"
    elif rule_code in _AT_FACE:
        place, index, named = "face", where, places.face(where)
    else:
        place, index, named = "dot", where, places.dot(where)
    if level_name != "easy":
        reason = f"{reason} ({level_name.capitalize()})"
    return Step(name, level_name, place, index, yes, no, f"{named}: {reason}: {_edges(yes, no)}")


def _edges(yes: tuple[int, ...], no: tuple[int, ...]) -> str:
    parts = [
        f"{word} {', '.join(map(str, edges))}"
        for word, edges in (("YES", yes), ("NO", no))
        if edges
    ]
    return "; ".join(parts) or "no edge left"


class _Places:
    """Faces and dots in words: a face with its clue, and on the square grid both with
    their row and column (the board's, from 0 at the top left)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.clues = puzzle.clues
        plan = puzzle.plan
        self.spots = None
        if puzzle.params.grid == "square":
            self.spots = np.rint(plan.dots - plan.dots.min(axis=0)).astype(np.int64)
            self.plan = plan

    def face(self, f: int) -> str:
        clue = int(self.clues[f])
        said = [f"clue {clue}" if clue >= 0 else "no clue"]
        if self.spots is not None:
            column, row = self.spots[self.plan.face(f)].min(axis=0).tolist()
            said.append(f"row {row}, column {column}")
        return f"face {f} ({', '.join(said)})"

    def dot(self, d: int) -> str:
        if self.spots is None:
            return f"dot {d}"
        column, row = self.spots[d].tolist()
        return f"dot {d} (row {row}, column {column})"
