"""Rectangles puzzles generated from a seed, with exactly one solution proven by deduction.

The parameters (:class:`~tilewright.rectangles.params.Params`) follow the public puzzle
collection. The cutting, clue placement and proof are compiled kernels:
``_partition_kernels``, ``_deduce_kernels`` and ``_generate_kernels`` say why they work as
they do; the kernels load with this module, not with the package.
"""

import math

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.rectangles._generate_kernels import generate_labels
from tilewright.rectangles.gameid import Puzzle
from tilewright.rectangles.generated import Generated
from tilewright.rectangles.params import Params

# bytes per square the generator and its deduction hold at once: peak RSS grew by 80 to 91
# per square and peak address space by 91 to 99, flat from 300x300 to 2000x2000 and the same
# with expansion 1 or 2 and area limits up to 10^6; twice that leaves room for the output
BYTES_PER_SQUARE = 200
# a max_area beyond int64 is no limit: it is clamped to this before any arithmetic
_LARGEST_LIMIT = 2**63 - 1


def generate(params: Params, seed: int | None = None) -> Generated:
    """Generate one puzzle.

    Parameters
    ----------
    params : Params
        What to generate (checked when it was made).
    seed : int, optional
        Reproduces the puzzle; ``None`` draws a fresh one (recorded in the result).

    Returns
    -------
    Generated
        The puzzle, its solution, the seed and how the generator got there.

    Raises
    ------
    TypeError
        When ``params`` is not a :class:`Params`.
    TilewrightError
        When the grid does not fit in memory (``BYTES_PER_SQUARE`` a square, checked before
        anything is allocated), or no puzzle could be made within the limits.

    Examples
    --------
    >>> from tilewright.rectangles import solve
    >>> made = generate(Params(7, 5), seed=3)
    >>> made
    <Generated 7x5 seed=3: 13 rectangles>
    >>> made.game_id
    '7x5:3b2a2b2_2a4e3_2_4c4e2_2b3a'
    >>> len(solve(made.puzzle)) == 1
    True
    """
    if not isinstance(params, Params):
        raise TypeError(f"generate needs Params, not {type(params).__name__}")
    seed = resolve_seed(seed)
    check_room(params)
    width, height = params.width, params.height
    small_width = min(width, max(2, math.floor(width / (1 + params.expansion))))
    small_height = min(height, max(2, math.floor(height / (1 + params.expansion))))
    smallest = 1 if params.singles else 2
    default_area = max(2, small_width * small_height // 6)
    if params.max_area is None:
        area, hard_cap = default_area, width * height
    else:
        area, hard_cap = _area_limits(params, params.max_area, smallest)
    fill_limits = np.array(
        [_longest_side(small_height), _longest_side(small_width), area, smallest], dtype=np.int64
    )
    refill_limits = np.array(
        [_longest_side(height), _longest_side(width), area, smallest], dtype=np.int64
    )
    made = generate_labels(
        height,
        width,
        small_height,
        small_width,
        fill_limits,
        refill_limits,
        hard_cap,
        params.unique,
        kernel_state(seed),
    )
    if made is None:
        if params.max_area is None:
            raise TilewrightError(f"could not generate a {params} puzzle from seed {seed}")
        raise TilewrightError(
            f"could not make a {params} puzzle with one solution from rectangles of at most "
            f"{hard_cap} squares; allow a larger area"
            + (" or a smaller expansion" if params.expansion else "")
        )
    labels, clue, stats = made
    puzzle, regions = _number(labels, clue)
    names = ("attempts", "rounds", "clue_moves", "recuts")
    return Generated(params, seed, puzzle, regions, dict(zip(names, stats.tolist(), strict=True)))


def check_room(params: Params) -> None:
    """Refuse a puzzle that would not fit in memory (``BYTES_PER_SQUARE`` a square), before
    anything is allocated or a seed drawn.

    Parameters
    ----------
    params : Params
        What is to be generated.

    Raises
    ------
    TilewrightError
        Naming the memory needed and the memory available.

    Examples
    --------
    >>> check_room(Params(15, 15))
    >>> check_room(Params(40000, 40000))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a 40000x40000 Rectangles puzzle needs about ...
    """
    width, height = params.width, params.height
    check_fits(width * height * BYTES_PER_SQUARE, f"a {width}x{height} Rectangles puzzle")


def _area_limits(params: Params, limit: int, smallest: int) -> tuple[int, int]:
    """The area limit for cutting (before stretching) and the cap that holds everywhere,
    for a ``max_area`` set by the caller (``limit``), both at most the grid's squares.

    Clamping to the grid changes nothing (no rectangle is larger than the grid), but it
    keeps a limit like 10**30 out of the kernels' int64 arithmetic; the limit is first
    clamped to 2^63 − 1, where the float arithmetic below is as it always was.
    """
    cells = params.width * params.height
    max_area = min(limit, _LARGEST_LIMIT)
    try:
        # leave stretching room, so that expanded rectangles mostly stay within the cap
        area = max(smallest + 1, math.floor(max_area / (1 + float(params.expansion)) ** 2))
    except OverflowError:  # (1 + e)² beyond floats: the grid is cut at its smallest
        area = smallest + 1
    return min(area, max_area, cells), min(max_area, cells)


def _longest_side(length: int) -> int:
    # the collection's rule: no rectangle spans the grid, unless that leaves under 3
    return length - 1 if length - 1 >= 3 else length


def _number(labels: np.ndarray, clue: np.ndarray) -> tuple[Puzzle, np.ndarray]:
    """The clue grid, and the regions renumbered by their clue's reading order."""
    used = np.flatnonzero(clue >= 0)
    squares = clue[used]
    order = np.argsort(squares)
    index = np.empty(len(clue), dtype=np.int64)
    index[used[order]] = np.arange(len(used))
    clues = np.zeros(labels.size, dtype=np.int64)
    clues[squares] = np.bincount(labels.ravel(), minlength=len(clue))[used]
    return Puzzle(clues.reshape(labels.shape)), index[labels]
