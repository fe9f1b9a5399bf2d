"""Rectangles puzzles generated from a seed, with exactly one solution proven by deduction.

Parameters follow the public puzzle collection, so its players meet the puzzles they
expect: ``WxH[e<float>][a]``. The grid is cut at W/(1+e) × H/(1+e) and then stretched back
by inserting rows and columns (``e`` = 0 by default: no stretching; larger ``e`` means
fewer, larger rectangles). Rectangles are cut no wider than the grid less one (unless the
grid is under four wide), no taller likewise, never a single square, and no larger than
max(2, W·H/6) squares, all measured on the grid before stretching. A square no rectangle
could take joins a neighbour, which may then pass those limits by one line, as in the
collection. ``max_area`` set by the caller holds everywhere. ``a`` skips the proof.

The cutting, clue placement and proof are compiled kernels: ``_partition_kernels``,
``_deduce_kernels`` and ``_generate_kernels`` say why they work as they do.
"""

import math
import re
from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits
from tilewright.core.numbers import (
    check_ascii,
    quoted,
    require_bool,
    require_int,
    require_real,
    shown,
)
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.rectangles._generate_kernels import generate as generate_kernel
from tilewright.rectangles.gameid import MAX_CELLS, Puzzle

# the collection's form; like it, a bare N means NxN and a bare "e" means no expansion.
# ASCII digits only, and no two adjacent runs that could trade characters: "[0-9]*\.?[0-9]*"
# made a long run of digits cost quadratic time to refuse.
_PARAMS = re.compile(r"^([0-9]+)(?:x([0-9]+))?(?:e([0-9]*(?:\.[0-9]*)?))?(a?)$")
# bytes per square the generator and its deduction hold at once: peak RSS grew by 80 to 91
# per square and peak address space by 91 to 99, flat from 300x300 to 2000x2000 and the same
# with expansion 1 or 2 and area limits up to 10^6; twice that leaves room for the output
BYTES_PER_SQUARE = 200
MAX_SQUARES = MAX_CELLS
# digits a side may be written with: as many as MAX_SQUARES has (a side is at most half)
_SIDE_DIGITS = len(str(MAX_SQUARES))
# a max_area beyond int64 is no limit: it is clamped to this before any arithmetic
_LARGEST_LIMIT = 2**63 - 1


@dataclass(frozen=True)
class Params:
    """What to generate. ``unique=False`` is the collection's ``a`` (ambiguous allowed);
    ``singles`` allows 1×1 rectangles, which the collection never makes.

    ``width`` and ``height`` are integers (``np.integer`` too) of at least 2, with at most
    ``MAX_SQUARES`` squares in all; ``expansion`` a finite real number, 0 or more;
    ``max_area`` None or any integer of at least 3 (1 with ``singles``): a limit of W·H or
    more leaves the rectangles as large as the grid allows (limits beyond 2^63 − 1 count as
    2^63 − 1); ``unique`` and ``singles`` bools. A wrong type raises ``TypeError``, a value
    out of range :class:`TilewrightError`, both before anything is generated.
    """

    width: int
    height: int
    expansion: float = 0.0
    unique: bool = True
    max_area: int | None = None
    singles: bool = False

    def __post_init__(self) -> None:
        # Python ints from here on: np.int64 products overflow silently
        object.__setattr__(self, "width", require_int(self.width, "width"))
        object.__setattr__(self, "height", require_int(self.height, "height"))
        expansion = require_real(self.expansion, "expansion")
        if not isinstance(self.expansion, int | float):  # NumPy scalars, fractions
            object.__setattr__(self, "expansion", expansion)
        object.__setattr__(self, "unique", require_bool(self.unique, "unique"))
        object.__setattr__(self, "singles", require_bool(self.singles, "singles"))
        if self.max_area is not None:
            object.__setattr__(self, "max_area", require_int(self.max_area, "max_area"))
        if self.width < 2 or self.height < 2:
            raise TilewrightError(
                "a Rectangles grid needs at least 2x2 squares, "
                f"got {shown(self.width)}x{shown(self.height)}"
            )
        if self.width * self.height > MAX_SQUARES:
            raise TilewrightError(f"a Rectangles grid holds at most {MAX_SQUARES} squares")
        if not (math.isfinite(expansion) and expansion >= 0):
            raise TilewrightError(
                f"the expansion factor must be a finite number, 0 or more, got {expansion:g}"
            )
        smallest = 1 if self.singles else 3
        if self.max_area is not None and self.max_area < smallest:
            raise TilewrightError(
                f"the largest area must be at least {smallest}"
                + ("" if self.singles else " (2 leaves too little room; allow singles for less)")
                + f", got {shown(self.max_area)}"
            )

    def __str__(self) -> str:
        """The collection's form ``WxH[eF][a]`` (``max_area`` and ``singles`` have none)."""
        text = f"{self.width}x{self.height}"
        if self.expansion:
            text += f"e{self.expansion:g}"
        return text + ("" if self.unique else "a")


def parse_params(text: str) -> Params:
    """Parameters written as the collection writes them.

    Parameters
    ----------
    text : str
        ``WxH[eF][a]``: ``15x15``, ``30x20e0.5``, ``10x10a``; a bare ``N`` means ``NxN``.

    Returns
    -------
    Params
        The parameters, checked.

    Raises
    ------
    TypeError
        When ``text`` is not a string.
    TilewrightError
        When it is not of that form, uses a digit other than 0-9, or asks for a grid of
        more than ``MAX_SQUARES`` squares (refused before its numbers are converted).
    """
    if not isinstance(text, str):
        raise TypeError(f"parameters are text like 15x15, not {type(text).__name__}")
    text = text.strip()
    check_ascii(text, "the parameters")
    match = _PARAMS.match(text)
    if not match:
        raise TilewrightError(
            f"parameters look like 15x15, 30x20e0.5 or 10x10a (e: 0 or more), got {quoted(text)}"
        )
    expansion = 0.0
    if match[3] not in (None, ""):
        try:
            expansion = float(match[3])
        except ValueError:
            raise TilewrightError(
                f"the expansion factor must be a number, got {quoted(match[3])}"
            ) from None
    sides = (match[1], match[2] or match[1])
    if max(len(side) for side in sides) > _SIDE_DIGITS:
        raise TilewrightError(
            f"a Rectangles grid holds at most {MAX_SQUARES} squares; "
            f"a side of {max(len(side) for side in sides)} digits is far beyond that"
        )
    return Params(int(sides[0]), int(sides[1]), expansion, unique=not match[4])


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its solution (``regions``: each square's clue index in reading
    order), the seed that reproduces it, and how the generator got there (``stats``:
    attempts, deduction rounds, clue moves, local re-cuts)."""

    params: Params
    seed: int
    puzzle: Puzzle
    regions: np.ndarray
    stats: dict[str, int]


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
    """
    if not isinstance(params, Params):
        raise TypeError(f"generate needs Params, not {type(params).__name__}")
    seed = resolve_seed(seed)
    width, height = params.width, params.height
    check_fits(width * height * BYTES_PER_SQUARE, f"a {width}x{height} Rectangles puzzle")
    small_width = min(width, max(2, math.floor(width / (1 + params.expansion))))
    small_height = min(height, max(2, math.floor(height / (1 + params.expansion))))
    smallest = 1 if params.singles else 2
    default_area = max(2, small_width * small_height // 6)
    if params.max_area is None:
        area, hard_cap = default_area, width * height
    else:
        area, hard_cap = _area_limits(params, smallest)
    fill_limits = np.array(
        [_longest_side(small_height), _longest_side(small_width), area, smallest], dtype=np.int64
    )
    refill_limits = np.array(
        [_longest_side(height), _longest_side(width), area, smallest], dtype=np.int64
    )
    with deferred():  # the kernel returns arrays in a tuple: see core.interrupts
        labels, clue, stats = generate_kernel(
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
    if labels.size == 0:
        if params.max_area is None:
            raise TilewrightError(f"could not generate a {params} puzzle from seed {seed}")
        raise TilewrightError(
            f"could not make a {params} puzzle with one solution from rectangles of at most "
            f"{hard_cap} squares; allow a larger area"
            + (" or a smaller expansion" if params.expansion else "")
        )
    puzzle, regions = _number(labels, clue)
    names = ("attempts", "rounds", "clue_moves", "recuts")
    return Generated(params, seed, puzzle, regions, dict(zip(names, stats.tolist(), strict=True)))


def _area_limits(params: Params, smallest: int) -> tuple[int, int]:
    """The area limit for cutting (before stretching) and the cap that holds everywhere,
    for a ``max_area`` set by the caller, both at most the grid's squares.

    Clamping to the grid changes nothing (no rectangle is larger than the grid), but it
    keeps a limit like 10**30 out of the kernels' int64 arithmetic; the limit is first
    clamped to 2^63 − 1, where the float arithmetic below is as it always was.
    """
    cells = params.width * params.height
    max_area = min(params.max_area, _LARGEST_LIMIT)
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
