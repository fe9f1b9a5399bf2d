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
from tilewright.core.memory import check_fits
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.rectangles._generate_kernels import generate as generate_kernel
from tilewright.rectangles.gameid import Puzzle

# the collection's form; like it, a bare N means NxN and a bare "e" means no expansion
_PARAMS = re.compile(r"^(\d+)(?:x(\d+))?(?:e([0-9]*\.?[0-9]*))?(a?)$")
# bytes per square the generator and its deduction hold at once: peak RSS grew by about
# 90 per square at 500x500 and 1000x1000, so this leaves room
BYTES_PER_SQUARE = 200
MAX_SQUARES = 2**31 - 1


@dataclass(frozen=True)
class Params:
    """What to generate. ``unique=False`` is the collection's ``a`` (ambiguous allowed);
    ``singles`` allows 1×1 rectangles, which the collection never makes."""

    width: int
    height: int
    expansion: float = 0.0
    unique: bool = True
    max_area: int | None = None
    singles: bool = False

    def __post_init__(self) -> None:
        if self.width < 2 or self.height < 2:
            raise TilewrightError(
                f"a Rectangles grid needs at least 2x2 squares, got {self.width}x{self.height}"
            )
        if self.width * self.height > MAX_SQUARES:
            raise TilewrightError(f"a Rectangles grid holds at most {MAX_SQUARES} squares")
        if not (math.isfinite(self.expansion) and self.expansion >= 0):
            raise TilewrightError(f"the expansion factor must be 0 or more, got {self.expansion}")
        smallest = 1 if self.singles else 3
        if self.max_area is not None and self.max_area < smallest:
            raise TilewrightError(
                f"the largest area must be at least {smallest}"
                + ("" if self.singles else " (2 leaves too little room; allow singles for less)")
                + f", got {self.max_area}"
            )

    def __str__(self) -> str:
        """The collection's form ``WxH[eF][a]`` (``max_area`` and ``singles`` have none)."""
        text = f"{self.width}x{self.height}"
        if self.expansion:
            text += f"e{self.expansion:g}"
        return text + ("" if self.unique else "a")


def parse_params(text: str) -> Params:
    """Parameters written as the collection writes them, ``WxH[eF][a]`` (``15x15``,
    ``30x20e0.5``, ``10x10a``)."""
    match = _PARAMS.match(text.strip())
    if not match:
        raise TilewrightError(
            f"parameters look like 15x15, 30x20e0.5 or 10x10a (e: 0 or more), got {text!r}"
        )
    expansion = 0.0
    if match[3] not in (None, ""):
        try:
            expansion = float(match[3])
        except ValueError:
            raise TilewrightError(
                f"the expansion factor must be a number, got {match[3]!r}"
            ) from None
    width = int(match[1])
    return Params(width, int(match[2] or width), expansion, unique=not match[4])


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
    """Generate one puzzle for ``params`` from ``seed`` (``None`` draws a fresh one)."""
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
        # leave stretching room, so that expanded rectangles mostly stay within the cap
        area = max(smallest + 1, math.floor(params.max_area / (1 + params.expansion) ** 2))
        area, hard_cap = min(area, params.max_area), params.max_area
    fill_limits = np.array(
        [_longest_side(small_height), _longest_side(small_width), area, smallest], dtype=np.int64
    )
    refill_limits = np.array(
        [_longest_side(height), _longest_side(width), area, smallest], dtype=np.int64
    )
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
