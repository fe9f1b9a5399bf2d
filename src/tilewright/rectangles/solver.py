"""A complete solver for Rectangles: finds every solution, or the first ``limit`` of them.

Deduction first (the rules of ``_deduce_kernels``: most published puzzles need nothing
else), then, where deduction stalls, a guess: a clue with the fewest rectangles left tries
each in turn, and deduction runs again under each guess. A contradiction ends a branch; a
branch where every clue has one rectangle is a solution. Unlike the generator's
deduction-only check this never gives up on its own, so "no solution" and "more than one"
are proofs.

The first deduction is ``deduce`` itself: it has to look at every rectangle anyway, and its
global rounds cost O(rectangles + squares) each, whatever their areas. After that the
deduction is incremental (``_solve_kernels`` says how, and why its verdicts are exactly
``deduce``'s): a guess re-examines only the clues whose rectangles meet the squares it
changed, and a branch is left by undoing its changes from a trail, not by copying the
state. A guess costs what it changes, so the strip ``2x60000:2b2_2b2_…`` (a guess on each
of its 60,000 clues) is found ambiguous in under a second, where copying and deducing
afresh took minutes and gigabytes.

Shikaku is NP-complete, and some inputs need exponentially many guesses: independent
two-way choices around a corner that cannot be filled make the search find the corner's
contradiction again under combination after combination (16 two-way 2x2 squares above and
16 below a 4×4 such corner: 2.4 million guesses). ``max_guesses`` bounds the work.
``tilewright rect solve`` gives up after 1,000,000 guesses by default: several seconds when
each guess settles a few squares, longer when each sets off a long chain of deductions.
"""

import numbers
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.rectangles import _solve_kernels as kernels
from tilewright.rectangles._deduce_kernels import CONTRADICTION, SOLVED, deduce
from tilewright.rectangles.gameid import Puzzle, as_puzzle

if TYPE_CHECKING:
    from tilewright.rectangles.generated import Generated

# steps per call of the search kernel (see _solve_kernels): at most a few tenths of a
# second, so the Python loop between calls answers Ctrl-C promptly
SLICE_WORK = 5_000_000
UNLIMITED = np.iinfo(np.int64).max


class GuessBudgetExceeded(TilewrightError):
    """The search used up its guesses (``max_guesses``) before it could say how many
    solutions there are.

    Parameters
    ----------
    guesses : int
        The budget that ran out.
    found : list of numpy.ndarray
        The solutions found so far (fewer than asked for).

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id, solve
    >>> try:
    ...     solve(parse_game_id("2x2:2b2"), max_guesses=0)
    ... except GuessBudgetExceeded as error:
    ...     print(error)
    gave up after 0 guesses (--max-guesses); the puzzle may still have a solution
    """

    def __init__(self, guesses: int, found: list[np.ndarray]) -> None:
        done = f"gave up after {guesses} guess{'' if guesses == 1 else 'es'} (--max-guesses)"
        if found:
            many = "one solution" if len(found) == 1 else f"{len(found)} solutions"
            super().__init__(f"{done} with {many} found; the puzzle may have more")
        else:
            super().__init__(f"{done}; the puzzle may still have a solution")
        self.guesses = guesses
        self.found = found

    def __reduce__(self):
        # rebuilt from its arguments, not from the message (for pickling across processes)
        return type(self), (self.guesses, self.found)


class _State(NamedTuple):
    # the arguments of kernels.search, in its order
    boxes: np.ndarray
    start: np.ndarray
    bucket_start: np.ndarray
    bucket_clues: np.ndarray
    items: np.ndarray
    slot: np.ndarray
    live: np.ndarray
    core: np.ndarray
    need: np.ndarray
    queued: np.ndarray
    queue: np.ndarray
    stamp: np.ndarray
    order: np.ndarray
    rank: np.ndarray
    first: np.ndarray
    owner: np.ndarray
    cover: np.ndarray
    trail: np.ndarray
    frames: np.ndarray
    regs: np.ndarray


def solve(
    puzzle: "Puzzle | str | Generated", limit: int = 2, max_guesses: int | None = None
) -> list[np.ndarray]:
    """Find up to ``limit`` solutions of a puzzle.

    Parameters
    ----------
    puzzle : Puzzle, str or Generated
        The puzzle, or its game ID (``"7x7:3_2a2…"``, read by :func:`parse_game_id`).
    limit : int
        How many solutions to look for, at least 1. 2 tells unique from ambiguous.
    max_guesses : int or None
        Give up after this many guesses (0: deduction only); None never gives up.

    Returns
    -------
    list of numpy.ndarray
        Each solution as an (H, W) int64 array giving every square the index of its clue in
        reading order. Fewer than ``limit`` means that is all there are: an empty list
        proves the puzzle has no solution.

    Raises
    ------
    TypeError
        If ``puzzle`` is not a Puzzle or a game ID, or ``limit``/``max_guesses`` not
        whole numbers.
    TilewrightError
        If a game ID is malformed (the one line :func:`parse_game_id` says), ``limit`` is
        below 1 or ``max_guesses`` below 0.
    GuessBudgetExceeded
        If ``max_guesses`` guesses did not settle it (a TilewrightError).

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> (only,) = solve("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f")
    >>> only[0].tolist()
    [0, 1, 1, 2, 3, 3, 3]
    >>> len(solve(parse_game_id("2x2:2b2")))  # two ways: more than one solution
    2
    >>> solve(parse_game_id("3x3:4g5"))  # a 5 cannot fit: no solution
    []
    """
    puzzle = as_puzzle(puzzle)
    _check_arguments(limit, max_guesses)
    height, width = shape = puzzle.clues.shape
    rows, cols = (axis.astype(np.int64) for axis in np.nonzero(puzzle.clues))
    areas = puzzle.clues[rows, cols].astype(np.int64)
    boxes = kernels.boxes_with_clues(height, width, rows, cols, areas)
    # The first deduction has to look at every box anyway, and deduce's global rounds cost
    # O(boxes + squares) each whatever the areas, where removing boxes one by one costs
    # their areas (a few times more on puzzles of large rectangles).
    alive = np.ones(len(boxes), dtype=np.uint8)
    owner = np.empty(shape, dtype=np.int32)
    verdict = deduce(height, width, rows, cols, _starts(boxes, len(rows)), boxes, alive, owner)
    if verdict == CONTRADICTION:
        return []
    boxes = boxes[alive.view(bool)]
    if verdict == SOLVED:
        return [_regions(boxes, _starts(boxes, len(rows)), np.arange(len(boxes)), shape)]
    budget = UNLIMITED if max_guesses is None else max_guesses
    state = _prepare(rows, cols, boxes, shape, budget)
    found: list[np.ndarray] = []
    while len(found) < limit:
        status = kernels.search(*state, SLICE_WORK)
        if status == kernels.SOLUTION:
            found.append(_regions(state.boxes, state.start, state.items, shape))
        elif status == kernels.EXHAUSTED:
            break
        elif status == kernels.OUT_OF_GUESSES:
            raise GuessBudgetExceeded(budget, found)
    return found


def _check_arguments(limit, max_guesses) -> None:
    _check_whole("limit", limit, 1)
    if max_guesses is not None:
        _check_whole("max_guesses", max_guesses, 0)


def _check_whole(name: str, value, least: int) -> None:
    # bool is an int to Python, but True solutions is a mistake, not a request
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if value < least:
        raise TilewrightError(f"{name} must be at least {least}, got {value}")


def _starts(boxes: np.ndarray, count: int) -> np.ndarray:
    # where each clue's boxes begin (they are grouped by clue), and the end
    start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(boxes[:, 4], minlength=count), out=start[1:])
    return start


def _prepare(rows, cols, boxes, shape: tuple[int, int], max_guesses: int) -> _State:
    height, width = shape
    count = len(rows)
    start = _starts(boxes, count)
    size = kernels.bucket_size(boxes, start, height * width)
    bucket_start, bucket_clues = _bucket_index(boxes, start, size, height, width)
    total = len(boxes)
    state = _State(
        boxes,
        start,
        bucket_start,
        bucket_clues,
        items=np.empty(total, dtype=np.int64),
        slot=np.empty(total, dtype=np.int64),
        live=np.empty(count, dtype=np.int64),
        core=np.empty((count, 4), dtype=np.int64),
        need=np.empty((count, 4), dtype=np.int64),
        queued=np.zeros(count, dtype=np.uint8),
        queue=np.empty(count, dtype=np.int64),
        stamp=np.zeros(count, dtype=np.int64),
        order=np.empty(count, dtype=np.int64),
        rank=np.empty(count, dtype=np.int64),
        # one entry per live count 0 … max + 1, and at least up to 2 (the search reads it)
        first=np.empty(max(int(np.diff(start).max()) + 2, 3), dtype=np.int64),
        owner=np.empty((height, width), dtype=np.int32),
        cover=np.empty((height + 1, width + 1, 3), dtype=np.int64),
        # along one branch a box is removed once and a core grows by at least one square
        trail=np.empty((total + height * width + 1, kernels.TRAIL_WIDTH), dtype=np.int32),
        # each guess settles a clue that had several boxes, so a branch has at most K
        frames=np.empty((count + 1, kernels.FRAME_WIDTH), dtype=np.int64),
        regs=np.zeros(kernels.REGISTERS, dtype=np.int64),
    )
    state.regs[kernels.MAX_GUESSES] = max_guesses
    state.regs[kernels.BUCKET] = size
    kernels.prepare(
        rows, cols, boxes, start, state.items, state.slot, state.live, state.core,
        state.need, state.queued, state.queue, state.order, state.rank, state.first,
        state.owner, state.cover, state.regs,
    )  # fmt: skip
    return state


def _bucket_index(boxes, start, size: int, height: int, width: int):
    columns = (width - 1) // size + 1
    buckets = ((height - 1) // size + 1) * columns
    bucket_start = np.zeros(buckets + 1, dtype=np.int64)
    kernels.bucket_pass(boxes, start, size, columns, bucket_start, np.empty(0, np.int32), False)
    np.cumsum(bucket_start, out=bucket_start)
    bucket_clues = np.empty(int(bucket_start[-1]), dtype=np.int32)
    kernels.bucket_pass(boxes, start, size, columns, bucket_start, bucket_clues, True)
    return bucket_start, bucket_clues


def _regions(boxes, start, items, shape: tuple[int, int]) -> np.ndarray:
    regions = np.empty(shape, dtype=np.int64)
    kernels.fill_regions(boxes, start, items, regions)
    return regions
