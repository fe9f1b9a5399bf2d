"""How hard a Rectangles puzzle is for a person: the rules its proof needs, how often, and
the steps a person would take.

The puzzle is solved one step at a time, each step by the easiest of these rules that
makes progress (the compiled kernels are in ``_rate_kernels``):

1. ``single``: a clue with only one rectangle that fits is placed.
2. ``reach``: a square that only one clue can reach is that clue's.
3. ``overlap``: the squares every rectangle of a clue covers are that clue's.
4. ``combine``: a rectangle that would leave another clue no room, or a square that no
   rectangle could then cover, is ruled out (two clues at once).
5. ``lookahead``: a rectangle that leads to a contradiction a few steps on (place it,
   apply rules 1-4) is ruled out.
6. ``search``: when nothing else settles a clue, its rectangle is the solver's (found by
   trying them all); a person would guess and backtrack.

A rectangle "fits" when it has the clue's area, lies in the grid, covers every square
known to be the clue's and none known to be another's, and no step ruled it out.

The level is the hardest rule needed, and how often a person is stuck: a ``reach`` or
``overlap`` step is taken only when no clue has a single rectangle left, so their count
per clue says how often the obvious move ran out.

========  ================================================================================
easy      rules 1-2 only, at most ``EASY_SHARE`` reach steps per clue: the puzzle flows
medium    rules 1-3, at most ``HARD_SHARE`` reach and overlap steps per clue
hard      rule 4 (two clues at once), or more reach and overlap steps than that
fiendish  look-ahead or search
========  ================================================================================

Why both: the rules people use on Shikaku [1]_ are few, and nearly every puzzle needs a
``reach`` step somewhere, so the hardest rule alone would call almost all of them the
same; counting tells a puzzle stuck once from one stuck at every turn. The generator
proves its puzzles with rules 1-3 (``_deduce_kernels``), so it makes easy, medium and hard
puzzles only; rules 4-6 are for puzzles from elsewhere.

References
----------
.. [1] Nikoli, "Shikaku", https://www.nikoli.co.jp/en/puzzles/shikaku/ (the puzzle's
   publisher: its rules and examples)

Examples
--------
>>> from tilewright.rectangles import parse_game_id
>>> puzzle = parse_game_id("4x3:2b3a2a2b3a")
>>> rate(puzzle)
Rating(level='easy', steps=6, clues=5, single=5, reach=1, overlap=0, combine=0, \
lookahead=0, search=0, depth=0)
>>> for number, step in enumerate(explain(puzzle), 1):
...     print(number, step.text)
1 clue 3 at row 0, column 3: only one rectangle fits (row 0, columns 1-3)
2 clue 2 at row 0, column 0: only one rectangle fits (rows 0-1, column 0)
3 the square at row 2, column 0: only clue 3 at row 2, column 2 can reach it
4 clue 3 at row 2, column 2: only one rectangle fits (row 2, columns 0-2)
5 clue 2 at row 1, column 1: only one rectangle fits (row 1, columns 1-2)
6 clue 2 at row 1, column 3: only one rectangle fits (rows 1-2, column 3)
"""

import numbers
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.rectangles import _rate_kernels as kernels
from tilewright.rectangles import _solve_kernels
from tilewright.rectangles.gameid import Puzzle, as_puzzle
from tilewright.rectangles.generated import Generated
from tilewright.rectangles.params import Params

# the solver's index of clues by bucket of squares, reused: claiming squares looks up the
# clues whose rectangles can reach them
from tilewright.rectangles.solver import _bucket_index, _starts

RULES = ("single", "reach", "overlap", "combine", "lookahead", "search")
LEVELS = ("easy", "medium", "hard", "fiendish")
# reach steps per clue an easy puzzle may need, and reach and overlap steps per clue a
# medium one may need: chosen where generated puzzles of 7x7 to 30x30 fall on both sides
# (benchmarks/rect_difficulty.py prints the spread)
EASY_SHARE = 0.25
HARD_SHARE = 0.6
# work (squares and rectangles visited, about 20 ns each) all look-aheads of one puzzle may
# take: half a second; past it, a stalled proof goes on by search (fiendish either way)
LOOKAHEAD_WORK = 20_000_000
# seeds generate_rated tries before it gives up
MAX_TRIES = 500
# the steps table starts with room for this many steps per clue and doubles when full
_STEPS_PER_CLUE = 2
# the columns of a step that hold its rectangle
_RECTANGLE = (kernels.TOP, kernels.LEFT, kernels.ROWS, kernels.COLS)
# what each rule does to its rectangle
PLACES = ("single", "search")
CLAIMS = ("reach", "overlap")
RULES_OUT = ("combine", "lookahead")


@dataclass(frozen=True)
class Step:
    """One step of a proof, as a person would take it.

    Parameters
    ----------
    rule : str
        The rule used, one of ``RULES``.
    clue : tuple of int
        The (row, column) of the clue the step is about, counted from 0.
    number : int
        That clue's number (its rectangle's area).
    rectangle : tuple of int
        (top, left, height, width), counted from 0: the rectangle placed (``PLACES``),
        the squares claimed for the clue (``CLAIMS``) or the rectangle ruled out
        (``RULES_OUT``).
    text : str
        The step in words, rows and columns counted from 0.
    """

    rule: str
    clue: tuple[int, int]
    number: int
    rectangle: tuple[int, int, int, int]
    text: str


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: its level and the steps of each rule its proof took.

    Parameters
    ----------
    level : str
        One of ``LEVELS``.
    steps : int
        Steps in all.
    clues : int
        Clues of the puzzle (each is placed by one step of ``single`` or ``search``).
    single, reach, overlap, combine, lookahead, search : int
        Steps taken by each rule.
    depth : int
        The longest look-ahead: steps from the rectangle tried to the contradiction,
        that rectangle's placing included (0 when none was needed).
    """

    level: str
    steps: int
    clues: int
    single: int
    reach: int
    overlap: int
    combine: int
    lookahead: int
    search: int
    depth: int

    @property
    def counts(self) -> dict[str, int]:
        """Steps per rule, in the order of ``RULES``."""
        return {rule: getattr(self, rule) for rule in RULES}

    def to_record(self) -> dict[str, object]:
        """The rating as JSON output records it: ``level``, ``steps``, ``rules`` (steps
        per rule) and ``depth``.

        Examples
        --------
        >>> from tilewright.rectangles import parse_game_id
        >>> rate(parse_game_id("3x2:a3c3")).to_record()["rules"]["single"]
        2
        """
        return {
            "level": self.level,
            "steps": self.steps,
            "rules": self.counts,
            "depth": self.depth,
        }


class _Proof(NamedTuple):
    # the steps table of _rate_kernels (one row a step) and what names the clues
    steps: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    numbers: np.ndarray
    width: int


def rate(puzzle: "Puzzle | str | Generated") -> Rating:
    """How hard ``puzzle`` is for a person (see the module's notes for the rules and levels).

    Parameters
    ----------
    puzzle : Puzzle, str or Generated
        A puzzle with exactly one solution, or its game ID.

    Returns
    -------
    Rating

    Raises
    ------
    TypeError
        When ``puzzle`` is not a Puzzle or a game ID.
    TilewrightError
        When a game ID is malformed, or the puzzle has no solution or more than one.

    Examples
    --------
    >>> from tilewright.rectangles import Params, generate
    >>> rating = rate(generate(Params(7, 7), seed=1).puzzle)
    >>> rating.level in LEVELS, rating.single == rating.clues
    (True, True)
    """
    proof = _prove(puzzle)
    rules = np.bincount(proof.steps[:, kernels.RULE], minlength=len(RULES) + 1)[1:]
    counts = dict(zip(RULES, (int(n) for n in rules), strict=True))
    depth = int(proof.steps[:, kernels.DEPTH].max(initial=0))
    clues = len(proof.rows)
    return Rating(_level(counts, clues), len(proof.steps), clues, **counts, depth=depth)


def explain(puzzle: "Puzzle | str | Generated") -> list[Step]:
    """The steps a person would take to solve ``puzzle``, each by the easiest rule that
    makes progress.

    Parameters
    ----------
    puzzle : Puzzle, str or Generated
        As for :func:`rate`.

    Returns
    -------
    list of Step
        In order; the rectangles of the ``PLACES`` steps are the solution.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`rate` raises them.

    Examples
    --------
    >>> for step in explain("5x5:a4c5b2b4b3b3e4a")[3:5]:
    ...     print(step.rule, step.rectangle)
    overlap (4, 3, 1, 2)
    lookahead (1, 1, 4, 1)
    """
    proof = _prove(puzzle)
    return [_step(row, proof) for row in proof.steps]


def generate_rated(
    params: Params, level: str, seed: int | None = None, tries: int = MAX_TRIES
) -> tuple[Generated, Rating]:
    """Generate a puzzle of the level asked for: the seeds ``seed``, ``seed`` + 1, … are
    tried in turn until one makes a puzzle of that level.

    The puzzle found records its own seed, which makes it alone (``generate(params,
    seed=made.seed)``), and makes it again here too, being the first seed tried.

    Parameters
    ----------
    params : Params
        What to generate; puzzles with one solution (no ``a``).
    level : str
        One of ``LEVELS``.
    seed : int, optional
        The first seed tried; ``None`` draws one.
    tries : int, default MAX_TRIES
        Seeds to try before giving up.

    Returns
    -------
    tuple of Generated and Rating

    Raises
    ------
    TypeError
        When ``params`` is not a Params or ``tries`` not a whole number.
    TilewrightError
        When the level is unknown, the parameters allow several solutions, ``tries`` is
        below 1, or no seed tried made a puzzle of that level (one line, with the levels
        that were made instead).

    Examples
    --------
    >>> from tilewright.rectangles import generate
    >>> made, rating = generate_rated(Params(10, 10), "hard", seed=1)
    >>> rating.level, generate(Params(10, 10), seed=made.seed).game_id == made.game_id
    ('hard', True)
    """
    from tilewright.core.seeds import MAX_SEED, resolve_seed
    from tilewright.rectangles.generator import generate

    if level not in LEVELS:
        raise TilewrightError(f"no level {level!r}: choose from {', '.join(LEVELS)}")
    if not isinstance(params, Params):
        raise TypeError(f"generate_rated needs Params, not {type(params).__name__}")
    if not params.unique:
        raise TilewrightError("a difficulty is rated on puzzles with one solution: leave out 'a'")
    if isinstance(tries, bool) or not isinstance(tries, numbers.Integral):
        raise TypeError(f"tries must be a whole number, not {type(tries).__name__}")
    if tries < 1:
        raise TilewrightError(f"tries must be at least 1, got {tries}")
    first = resolve_seed(seed)
    found = dict.fromkeys(LEVELS, 0)
    for index in range(tries):
        made = generate(params, seed=(first + index) % (MAX_SEED + 1))
        rating = rate(made.puzzle)
        if rating.level == level:
            return made, rating
        found[rating.level] += 1
    made_instead = ", ".join(f"{name} {count}" for name, count in found.items() if count)
    raise TilewrightError(
        f"no {params} puzzle rated {level} in {tries} seeds from {first} "
        f"(made instead: {made_instead})"
    )


def _level(counts: dict[str, int], clues: int) -> str:
    if counts["lookahead"] or counts["search"]:
        return "fiendish"
    stuck = counts["reach"] + counts["overlap"]
    if counts["combine"] or stuck > HARD_SHARE * clues:
        return "hard"
    if counts["overlap"] or counts["reach"] > EASY_SHARE * clues:
        return "medium"
    return "easy"


def _prove(puzzle: "Puzzle | str | Generated", lookahead_work: int = LOOKAHEAD_WORK) -> _Proof:
    """Solve the puzzle step by step: rules 1-3, rule 4 when they stall, a look-ahead when
    that does (while ``lookahead_work`` lasts), a search step last, until every clue is
    placed."""
    puzzle = as_puzzle(puzzle)
    rows, cols = (np.ascontiguousarray(axis, dtype=np.int64) for axis in np.nonzero(puzzle.clues))
    areas = puzzle.clues[rows, cols].astype(np.int64)
    if len(rows) == 0:
        raise TilewrightError("the puzzle has no solution")
    index, state = _start(puzzle.clues.shape, rows, cols, areas)
    regs = state[-1]
    steps = np.empty((_STEPS_PER_CLUE * len(rows), kernels.STEP_WIDTH), dtype=np.int64)
    looked = 0  # work the look-aheads took
    solution = None
    while True:
        steps = _with_room(steps, regs)
        verdict = kernels.advance(index, state, steps)
        if verdict == kernels.FULL:
            continue
        if verdict == kernels.SOLVED:
            return _Proof(steps[: regs[kernels.STEPS]], rows, cols, areas, puzzle.width)
        if verdict == kernels.CONTRADICTION:
            raise TilewrightError("the puzzle has no solution")
        steps = _with_room(steps, regs)  # for the one step each rule below records
        if kernels.combine(index, state, steps) == kernels.FOUND:
            continue
        if looked < lookahead_work:
            before = int(regs[kernels.WORK])
            budget = before + lookahead_work - looked
            found = kernels.look_ahead(index, state, steps, budget)
            looked += int(regs[kernels.WORK]) - before
            if found == kernels.FOUND:
                continue
        if solution is None:
            solution = _solution_rectangles(puzzle, len(rows))
        _place_by_search(index, state, solution, steps)


def _start(shape: tuple[int, int], rows, cols, areas) -> tuple[tuple, tuple]:
    """The two tuples the kernels take (see ``_rate_kernels``): the rectangles each clue
    may become with the index of clues by bucket, and the state before the first step."""
    height, width = shape
    count = len(rows)
    boxes = _solve_kernels.boxes_with_clues(height, width, rows, cols, areas)
    start = _starts(boxes, count)
    size = _solve_kernels.bucket_size(boxes, start, height * width)
    bucket_start, bucket_clues = _bucket_index(boxes, start, size, height, width)
    stamp = np.zeros(count, dtype=np.int64)
    scratch = np.zeros(shape, dtype=np.int64)
    near = np.empty(count, dtype=np.int64)
    clues = np.zeros((count, kernels.CLUE_WIDTH), dtype=np.int64)
    clues[:, kernels.ROW], clues[:, kernels.COL] = rows, cols
    regs = np.zeros(kernels.REGISTERS, dtype=np.int64)
    state = (
        clues,
        np.empty(len(boxes), dtype=np.uint8),  # alive
        np.empty(shape, dtype=np.int32),  # owner
        np.empty((height + 1, width + 1, 3), dtype=np.int64),  # cover
        np.empty(count, dtype=np.int64),  # queue
        np.empty(height * width, dtype=np.int64),  # pending
        np.empty(shape, dtype=np.uint8),  # waiting
        regs,
    )
    kernels.prepare((boxes, start, bucket_start, bucket_clues, stamp, scratch, near), state)
    regs[kernels.BUCKET], regs[kernels.COLUMNS] = size, (width - 1) // size + 1
    return (boxes, start, bucket_start, bucket_clues, stamp, scratch, near), state


def _solution_rectangles(puzzle: Puzzle, count: int) -> np.ndarray:
    """The one solution's rectangle of each clue, (K, 4) top, left, height, width; or a
    refusal when the puzzle has none or several."""
    from tilewright.rectangles.solver import solve

    found = solve(puzzle, limit=2)
    if not found:
        raise TilewrightError("the puzzle has no solution")
    if len(found) > 1:
        raise TilewrightError("the puzzle has more than one solution: a person cannot prove it")
    regions = found[0].ravel()
    ys, xs = np.divmod(np.arange(regions.size), puzzle.width)
    top = np.full(count, puzzle.height)
    left = np.full(count, puzzle.width)
    np.minimum.at(top, regions, ys)
    np.minimum.at(left, regions, xs)
    areas = np.bincount(regions, minlength=count)
    bottom = np.zeros(count, dtype=np.int64)
    np.maximum.at(bottom, regions, ys)
    rows = bottom - top + 1
    return np.stack([top, left, rows, areas // rows], axis=1)


def _place_by_search(index: tuple, state: tuple, solution: np.ndarray, steps: np.ndarray) -> None:
    """Place the solution's rectangle of the clue with the fewest left (the first in
    reading order among equals), as a search step."""
    boxes, start = index[0], index[1]
    clues, alive = state[0], state[1]
    open_clues = np.flatnonzero(clues[:, kernels.PLACED] == 0)
    k = int(open_clues[np.argmin(clues[open_clues, kernels.LIVE])])
    mine = np.arange(start[k], start[k + 1])
    match = np.flatnonzero(alive[mine] & (boxes[mine, :4] == solution[k]).all(axis=1))
    # the rules are sound, so the solution's rectangle is still live
    (p,) = mine[match]
    kernels.place_found(int(p), int(clues[k, kernels.LIVE]), index, state, steps)


def _with_room(steps: np.ndarray, regs: np.ndarray) -> np.ndarray:
    # the kernels write steps without bounds checks: the table doubles before it is full
    if regs[kernels.STEPS] < len(steps):
        return steps
    bigger = np.empty((2 * len(steps) + 1, steps.shape[1]), dtype=steps.dtype)
    bigger[: len(steps)] = steps
    return bigger


def _step(row: np.ndarray, proof: _Proof) -> Step:
    rule = RULES[row[kernels.RULE] - 1]
    k = int(row[kernels.CLUE])
    top, left, rows, cols = (int(row[column]) for column in _RECTANGLE)
    clue = _clue_name(proof, k)
    span = _span(top, left, rows, cols)
    why = int(row[kernels.WHY])
    if rule == "single":
        text = f"{clue}: only one rectangle fits ({span})"
    elif rule == "reach":
        text = f"{_square(top, left)}: only {clue} can reach it"
    elif rule == "overlap":
        text = f"{clue}: every rectangle that fits covers {span}"
    elif rule == "combine":
        text = f"{clue}: not {span}, as then {_reason(proof, why)}"
    elif rule == "lookahead":
        later = int(row[kernels.DEPTH]) - 1
        text = (
            f"{clue}: not {span}, as placing it leads {later} step{'' if later == 1 else 's'} "
            f"later to a contradiction: {_reason(proof, why)}"
        )
    else:
        text = (
            f"{clue}: no rule decides between its {why} rectangles; only {span} leads to a "
            "solution (found by search)"
        )
    position = (int(proof.rows[k]), int(proof.cols[k]))
    return Step(rule, position, int(proof.numbers[k]), (top, left, rows, cols), text)


def _clue_name(proof: _Proof, k: int) -> str:
    return f"clue {proof.numbers[k]} at {_where(int(proof.rows[k]), int(proof.cols[k]))}"


def _reason(proof: _Proof, why: int) -> str:
    # WHY's code: a clue left without room, or -(square + 1) for a square left uncovered
    if why >= 0:
        return f"{_clue_name(proof, why)} would have no room"
    row, col = divmod(-why - 1, proof.width)
    return f"{_square(row, col)} could not be covered"


def _square(row: int, col: int) -> str:
    return f"the square at {_where(row, col)}"


def _where(row: int, col: int) -> str:
    return f"row {row}, column {col}"


def _span(top: int, left: int, rows: int, cols: int) -> str:
    return f"{_range('row', top, rows)}, {_range('column', left, cols)}"


def _range(word: str, first: int, count: int) -> str:
    if count == 1:
        return f"{word} {first}"
    return f"{word}s {first}-{first + count - 1}"
