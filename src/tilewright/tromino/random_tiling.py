"""Random L-tromino tilings, uniform among all the tilings of the board, and their count.

Two samplers, one distribution (every tiling of the board equally likely):

- **Exact**, on boards whose short side is at most ``EXACT_SIDE``: the transfer matrix
  along the long side counts the completions of every row state, and rows are drawn one
  after another with those counts as weights (``_random_kernels``). Each tiling comes out
  with probability 1 / (number of tilings), up to the rounding of floats.
- **A Markov chain**, on wider boards: from the constructed tiling, every strip of
  ``STRIP`` columns at a random offset, then every strip of ``STRIP`` rows, has the
  trominoes lying wholly inside it replaced by a uniformly drawn tiling of the cells they
  covered (an exact draw on the strip, as above). Each replacement keeps the uniform
  distribution, so the chain's only error is how far ``sweeps`` such passes are from
  mixing. ``benchmarks/tromino_random.py`` measures it: on a 4096×4096 board, statistics
  of the tiling (2×3 pairs, orientations) from three very different starts agree from the
  4th sweep; on an 8×8 board missing a corner (30,355 tilings, strips of 6), 607,100
  draws after 6 sweeps tell the chain from uniform (chi-square p < 0.001) and after 10 do
  not (p = 0.21). ``SWEEPS`` is 10. On every board small enough to list (every square of
  7×7 and 8×8 boards, strips narrower than the board) the chain reaches every tiling.
  Strips 4 wide do not: they never reach some tilings around a missing square in the
  middle of a 7×7 board, so the chain uses 6.

The same board, square, seed and sweeps give the same tiling on any machine and with any
number of threads: strips side by side are independent, each drawn from its own numbers.
"""

import os
from functools import lru_cache

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.core.seeds import Stream, sequence
from tilewright.tromino.construct import plan_tiling
from tilewright.tromino.feasibility import check_board, check_missing

EXACT_SIDE = 10
"""Boards with a side this short or shorter are sampled exactly (one strip is the board)."""
STRIP = 6
"""The chain's strips, in cells across: the narrowest found to reach every tiling."""
SWEEPS = 10
"""The chain's default passes over the board: the fewest after which 607,100 draws on an
8×8 board did not tell it from uniform (see the module's notes)."""
MAX_RANDOM_CELLS = 1 << 30
"""The largest random tiling, in cells (32768 × 32768): about 2 bytes a cell in memory,
and minutes of work."""
COUNT_SIDE = 12
"""``count_tilings`` counts boards with a side this short or shorter."""
# memory a random tiling holds: its codes (one byte a cell) and, while it is built, a band
# of the constructed tiling it starts from
BYTES_PER_CELL = 2
# boards with this many cells or more use every core for their strips
_THREADED_CELLS = 1 << 18
# rows of the constructed tiling turned into codes at a time
_BAND_CELLS = 1 << 20


def _code_maps() -> tuple[np.ndarray, np.ndarray]:
    """The codes unchanged, and the code of each cell in the transposed board."""
    identity = np.arange(256, dtype=np.uint8)
    transpose = identity.copy()
    for code in range(16):
        dr, dc, m = (code >> 1) & 1, code & 1, code >> 2
        transpose[code] = dc * 2 + dr + 4 * ((m & 1) * 2 + (m >> 1))
    return identity, transpose


IDENTITY, TRANSPOSE = _code_maps()


@lru_cache(maxsize=16)
def strip_table(width: int) -> tuple[np.ndarray, ...]:
    """The transitions of a row of a strip ``width`` cells wide (``_random_kernels``)."""
    from tilewright.tromino._random_kernels import strip_table as build

    return build(width)


def random_codes(
    width: int, height: int, missing: tuple[int, int], seed: int, sweeps: int | None = None
) -> np.ndarray:
    """A uniformly random tiling of the board as codes, (H, W) uint8 (``_random_kernels``).

    Parameters
    ----------
    width, height : int
        The board; at most ``MAX_RANDOM_CELLS`` cells.
    missing : tuple of int
        (row, column) of the missing square, from 0; the board must have a tiling.
    seed : int
        Fixes the tiling.
    sweeps : int, optional
        Passes of the chain on boards wider than ``EXACT_SIDE`` (default ``SWEEPS``);
        ignored where the draw is exact.

    Raises
    ------
    TilewrightError
        When the board is too large for a random tiling, or does not fit in memory.
    """
    check_random_board(width, height)
    check_fits(
        width * height * BYTES_PER_CELL + 64 * _BAND_CELLS, f"a random {width}x{height} tiling"
    )
    numbers = np.random.Generator(np.random.PCG64(sequence(seed, Stream.TROMINO_TILING)))
    if min(width, height) <= EXACT_SIDE:
        return _exact(width, height, missing, _word(numbers))
    codes = _constructed(width, height, missing)
    chain(codes, SWEEPS if sweeps is None else sweeps, numbers)
    return codes


def check_random_board(width: int, height: int) -> None:
    """Refuse a board past ``MAX_RANDOM_CELLS``, naming the largest."""
    if width * height > MAX_RANDOM_CELLS:
        raise TilewrightError(
            f"random tilings have at most {MAX_RANDOM_CELLS:,} cells (32768x32768), a "
            f"{width}x{height} board has {width * height:,}: use the construction"
        )


def _word(numbers: np.random.Generator) -> np.uint64:
    return np.uint64(numbers.integers(2**63))


def _exact(width: int, height: int, missing: tuple[int, int], word: np.uint64) -> np.ndarray:
    """One strip as wide as the board's short side: an exact draw."""
    from tilewright.tromino._random_kernels import FREE, MISSING, resample_strip

    codes = np.full((height, width), FREE, dtype=np.uint8)
    codes[missing] = MISSING
    frame, codemap = (codes, IDENTITY) if width <= height else (codes.T, TRANSPOSE)
    side = frame.shape[1]
    drawn = resample_strip(frame, codemap, 0, side, side, strip_table(side), word)
    assert drawn, "a board that has a tiling has a tiling"
    return codes


def _constructed(width: int, height: int, missing: tuple[int, int]) -> np.ndarray:
    """The constructed tiling of the board as codes, made band by band."""
    from tilewright.tromino._random_kernels import codes_of_rows
    from tilewright.tromino.tiling import band_of

    plan = plan_tiling(width, height, *missing)
    codes = np.empty((height, width), dtype=np.uint8)
    step = max(1, _BAND_CELLS // width)
    for first in range(0, height, step):
        rows = min(step, height - first)
        # a row of context above and below: a tromino's cells lie in two rows
        top, bottom = max(first - 1, 0), min(first + rows + 1, height)
        labels = np.full((rows + 2, width), -1, dtype=np.int64)
        offset = 1 - (first - top)
        labels[offset : offset + bottom - top] = band_of(plan, top, bottom - top)
        codes_of_rows(labels, codes[first : first + rows])
    return codes


def chain(codes: np.ndarray, sweeps: int, numbers: np.random.Generator) -> None:
    """Run ``sweeps`` passes of the strip chain over ``codes`` in place: strips of
    columns at a random offset, then strips of rows, shared out among threads."""
    from concurrent.futures import ThreadPoolExecutor

    from tilewright.tromino._random_kernels import resample_strips

    table = strip_table(STRIP)
    threads = _threads() if codes.size >= _THREADED_CELLS else 1
    # small boards run here: a thread's start would cost more than their strips
    pool = ThreadPoolExecutor(threads) if threads > 1 else None
    try:
        for _ in range(sweeps):
            for frame, codemap in ((codes, IDENTITY), (codes.T, TRANSPOSE)):
                args = (frame, codemap, int(numbers.integers(STRIP)), STRIP, table)
                word = _word(numbers)
                if pool is None:
                    resample_strips(*args, word, 0, 1)
                else:
                    parts = [
                        pool.submit(resample_strips, *args, word, k, threads)
                        for k in range(threads)
                    ]
                    for part in parts:
                        part.result()
    finally:
        if pool is not None:
            pool.shutdown()


def _threads() -> int:
    try:
        return max(1, min(8, len(os.sched_getaffinity(0))))
    except AttributeError:  # no affinity on this system
        return max(1, min(8, os.cpu_count() or 1))


def labels_of_codes(codes: np.ndarray, before: np.ndarray, first: int, rows: int) -> np.ndarray:
    """Rows ``first`` … ``first + rows - 1`` of the labels of a tiling held as codes:
    trominoes numbered 1, 2, … in the reading order of their first cells (the top row's
    leftmost), 0 on the missing square; ``before`` is ``first_cells_before(codes)``."""
    from tilewright.tromino._random_kernels import label_rows

    out = np.empty((rows, codes.shape[1]), dtype=np.int64)
    label_rows(codes, before, first, out)
    return out


def count_tilings(
    width: int, height: int, missing: tuple[int, int] | list[tuple[int, int]] | None = None
) -> int:
    """How many L-tromino tilings a board has, exactly (a transfer matrix, in integers).

    Parameters
    ----------
    width, height : int
        The board; its short side at most ``COUNT_SIDE`` cells.
    missing : (row, column), list of them, or None
        The squares left out, from 0 (None: none, the whole rectangle).

    Returns
    -------
    int
        The number of tilings.

    Raises
    ------
    TypeError, TilewrightError
        For a board out of range, a square off it, or a short side past ``COUNT_SIDE``.

    Examples
    --------
    >>> count_tilings(5, 5, (2, 2)), count_tilings(7, 7, (0, 0)), count_tilings(8, 8, (0, 0))
    (32, 1440, 30355)
    >>> count_tilings(6, 6)
    162
    """
    width, height = check_board(width, height)
    if min(width, height) > COUNT_SIDE:
        raise TilewrightError(
            f"count_tilings counts boards with a side of at most {COUNT_SIDE} cells, "
            f"got {width}x{height}"
        )
    if missing is None:
        squares: list[tuple[int, int]] = []
    elif isinstance(missing, tuple) and len(missing) == 2 and not isinstance(missing[0], tuple):
        squares = [missing]
    else:
        squares = list(missing)
    blocked = [0] * (max(width, height) + 1)
    transposed = width > height
    side = height if transposed else width
    for square in squares:
        row, col = check_missing(width, height, *square)
        r, c = (col, row) if transposed else (row, col)
        blocked[r] |= 1 << c
    length = len(blocked) - 1
    blocked[length] = (1 << side) - 1
    start, following = (table.tolist() for table in strip_table(side)[:2])
    states = {0: 1}
    for r in range(length):
        here, there = blocked[r], blocked[r + 1]
        after: dict[int, int] = {}
        for state, ways in states.items():
            if state & here:
                continue
            occupied = state | here
            for k in range(start[occupied], start[occupied + 1]):
                nxt = following[k]
                if not nxt & there:
                    after[nxt] = after.get(nxt, 0) + ways
        states = after
    return states.get(0, 0)


def check_sweeps(sweeps: object) -> int:
    """``sweeps`` as an int from 1 to 10,000, or a TypeError / TilewrightError."""
    sweeps = require_int(sweeps, "sweeps")
    if not 1 <= sweeps <= 10_000:
        raise TilewrightError(f"sweeps must be between 1 and 10000, got {shown(sweeps)}")
    return sweeps
