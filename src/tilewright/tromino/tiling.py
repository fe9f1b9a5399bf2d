"""L-tromino tilings of boards missing one square: whole, or streamed row by row.

Cells are (row, column) counted from 0 here, as in NumPy; the command line counts from 1, as
the textbook does. A tiling is an integer array: each tromino's three cells hold its number
1, 2, …, and the missing square holds 0.
"""

from collections.abc import Iterator
from typing import Any

import numpy as np

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.tromino._docstrings import TROMINO_SECTIONS
from tilewright.tromino.construct import QUADTREE, Plan, plan_tiling
from tilewright.tromino.feasibility import MAX_SIDE

# Rows are produced in bands of about this many cells (one row when a row is longer).
BAND_CELLS = 1 << 20
# Bytes a cell of a streamed band costs, for the memory check made before the first band:
# its int64 label (and the previous band's, still held while the next is made), and what a
# writer makes of it (text: a buffer of digits and the bytes handed out, while the consumer
# holds the previous chunk; npy: the converted labels and their bytes; PNG: palette indices
# and their temporaries). Measured tracemalloc peaks per cell: text 31 with 2-digit numbers
# and 78 with 20-digit ones, npy 16, PNG 35 to 43.
STREAM_BYTES_PER_CELL = 96
LARGEST_CLASSIC = 1 << (MAX_SIDE.bit_length() - 1)
"""The textbook board's largest M (2^30): the largest power of two within ``MAX_SIDE``."""


@filler(TROMINO_SECTIONS)
def tile(width: int, height: int, missing: tuple[int, int]) -> np.ndarray:
    """The tiling of the whole board.

    Parameters
    ----------
    %(board)s

    Returns
    -------
    numpy.ndarray
        (H, W) int64: each tromino's three cells hold its number 1, 2, ..., the missing
        square 0.

    Raises
    ------
    TypeError
        When a size or the square is not an integer, or ``missing`` is not a pair.
    TilewrightError
        When the board is out of range, has no tiling, or does not fit in memory (checked
        before anything is allocated).

    Examples
    --------
    >>> tile(4, 4, (0, 0)).tolist()
    [[0, 2, 3, 3], [2, 2, 1, 3], [4, 1, 1, 5], [4, 4, 5, 5]]
    """
    return board_of(plan_tiling(width, height, *missing_pair(missing)))


def board_of(plan: Plan) -> np.ndarray:
    """The whole board of ``plan`` as (H, W) int64 labels, its memory checked first."""
    width, height = plan.width, plan.height
    check_fits(width * height * 8 * 1.1, f"a {width}x{height} board in memory")
    board = np.empty((height, width), dtype=np.int64)
    _fill_rows(plan, 0, board)
    return board


def tile_rows(
    width: int, height: int, missing: tuple[int, int], rows_per_band: int | None = None
) -> Iterator[np.ndarray]:
    """The same tiling as :func:`tile`, as consecutive bands of rows.

    Parameters
    ----------
    width, height, missing
        As for :func:`tile`.
    rows_per_band : int, optional
        Rows in each band; by default as many as make about ``BAND_CELLS`` cells, and one
        when a row alone is longer.

    Returns
    -------
    Iterator of numpy.ndarray
        (k, W) int64 bands, each computed from positions alone: memory stays O(width) for
        any height.

    Raises
    ------
    TypeError
        As for :func:`tile`, or when ``rows_per_band`` is not an integer.
    TilewrightError
        As for :func:`tile`; and when a band (``STREAM_BYTES_PER_CELL`` bytes a cell, with
        what a writer makes of it) does not fit in memory, checked now, before the first
        band is made.

    Examples
    --------
    >>> [band.shape for band in tile_rows(7, 7, (3, 3), rows_per_band=3)]
    [(3, 7), (3, 7), (1, 7)]
    """
    return bands_of(plan_tiling(width, height, *missing_pair(missing)), rows_per_band)


def bands_of(plan: Plan, rows_per_band: int | None = None) -> Iterator[np.ndarray]:
    """The bands of :func:`tile_rows` for ``plan``, the band's memory checked first."""
    return _bands(plan, checked_band_rows(plan.width, plan.height, rows_per_band))


def checked_band_rows(
    width: int,
    height: int,
    rows_per_band: int | None,
    *,
    name: str = "rows_per_band",
    cells: int = BAND_CELLS,
) -> int:
    """The rows of each band of a ``width`` × ``height`` board (by default about
    ``cells`` cells), checked, and the band's memory too; ``name`` is the argument's, for
    messages (the datasets' Zarr writer checks its ``rows_per_chunk`` so)."""
    if rows_per_band is None:
        rows_per_band = max(1, cells // width)
    rows_per_band = require_int(rows_per_band, name)
    if rows_per_band < 1:
        raise TilewrightError(f"{name} must be at least 1, got {shown(rows_per_band)}")
    rows_per_band = min(rows_per_band, height)
    check_band(width, rows_per_band)
    return rows_per_band


def band_of(plan: Plan, first: int, rows: int) -> np.ndarray:
    """Rows ``first`` to ``first + rows - 1`` of ``plan``'s board alone, (rows, W) int64,
    computed from positions (no other row is made), the band's memory checked first.

    Why: bands made apart, on different processes, join into the board that
    :func:`board_of` makes whole.

    Raises
    ------
    TypeError
        When ``first`` or ``rows`` is not an integer.
    TilewrightError
        When the rows are not on the board, or the band cannot fit in memory.

    Examples
    --------
    >>> plan = plan_tiling(10, 7, 0, 0)
    >>> bool((band_of(plan, 2, 3) == board_of(plan)[2:5]).all())
    True
    """
    first, rows = checked_rows(first, rows, plan.height)
    check_band(plan.width, rows)
    band = np.empty((rows, plan.width), dtype=np.int64)
    _fill_rows(plan, first, band)
    return band


def checked_rows(first: int, rows: int, height: int) -> tuple[int, int]:
    """``first`` and ``rows`` as ints naming rows of a board ``height`` rows high."""
    first, rows = require_int(first, "first"), require_int(rows, "rows")
    if first < 0 or rows < 1 or first + rows > height:
        raise TilewrightError(
            f"rows {shown(first)} to {shown(first + rows - 1)} are not on a board of {height} rows"
        )
    return first, rows


def check_band(width: int, rows: int = 1) -> None:
    """Refuse a band of ``rows`` rows of a board ``width`` cells wide that cannot fit in
    memory with what a writer makes of it (``STREAM_BYTES_PER_CELL`` bytes a cell)."""
    what = f"a band of {rows} row{'s' if rows > 1 else ''} of {width} cells"
    check_fits(width * rows * STREAM_BYTES_PER_CELL, what)


@filler(TROMINO_SECTIONS)
def classic_plan(size: int, row: int, col: int) -> Plan:
    """The textbook board.

    Parameters
    ----------
    size : int
        M, a power of two from 1 to ``LARGEST_CLASSIC`` (2^30).
    row, col : int
        The special square, from 1 as the textbook reads them.

    Returns
    -------
    Plan
        The quadtree plan (it allocates nothing sized by M: rows are made as written).

    %(classic_raises)s
    """
    size, row, col = (require_int(v, n) for v, n in ((size, "M"), (row, "x"), (col, "y")))
    if size < 1 or size & (size - 1):
        raise TilewrightError(f"M must be a power of two (1, 2, 4, 8, ...), got {shown(size)}")
    if size > LARGEST_CLASSIC:
        raise TilewrightError(f"M may be at most {LARGEST_CLASSIC} (2^30), got {shown(size)}")
    if not (1 <= row <= size and 1 <= col <= size):
        raise TilewrightError(
            f"x and y must be between 1 and M = {size}, got {shown(row)} and {shown(col)}"
        )
    return plan_tiling(size, size, row - 1, col - 1)


def missing_pair(missing: Any) -> tuple[int, int]:
    """``missing`` as two ints (row, column), or a ``TypeError``."""
    try:
        row, col = missing
    except (TypeError, ValueError):
        raise TypeError(
            f"missing must be a (row, column) pair of integers, not {type(missing).__name__}"
        ) from None
    return require_int(row, "row"), require_int(col, "column")


def text_chunks(bands: Iterator[np.ndarray], number_width: int) -> Iterator[bytes]:
    """Rows as text, ``"%*d "`` per cell (``number_width`` 2 is the textbook's format)."""
    from tilewright.tromino._text_kernels import format_rows

    for band in bands:
        # room for the widest number in this band (not 20 digits a cell): less memory a cell
        digits = len(str(int(band.max()))) if band.size else 1
        buffer = np.empty(band.size * (max(number_width, digits) + 1) + band.shape[0], np.uint8)
        used = format_rows(band, number_width, buffer)
        yield buffer[:used].tobytes()


def _bands(plan: Plan, rows_per_band: int) -> Iterator[np.ndarray]:
    for first in range(0, plan.height, rows_per_band):
        band = np.empty((min(rows_per_band, plan.height - first), plan.width), dtype=np.int64)
        _fill_rows(plan, first, band)
        yield band


def _fill_rows(plan: Plan, first: int, out: np.ndarray) -> None:
    if plan.method == QUADTREE:
        from tilewright.tromino._quadtree_kernels import label_rows

        label_rows(plan.width, plan.row, plan.col, first, out)
    else:
        from tilewright.tromino._plan_kernels import plan_rows

        plan_rows(plan.regions, plan.core, first, out)
