"""L-tromino tilings of boards missing one square: whole, or streamed row by row.

Cells are (row, column) counted from 0 here, as in NumPy; the command line counts from 1, as
the textbook does. A tiling is an integer array: each tromino's three cells hold its number
1, 2, …, and the missing square holds 0.
"""

from collections.abc import Iterator

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.tromino.construct import QUADTREE, Plan, plan_tiling

# Rows are produced in bands of about this many cells.
BAND_CELLS = 1 << 20


def tile(width: int, height: int, missing: tuple[int, int]) -> np.ndarray:
    """The tiling of the whole ``width`` × ``height`` board as an (H, W) int64 array."""
    plan = plan_tiling(width, height, *missing)
    check_fits(width * height * 8 * 1.1, f"a {width}x{height} board in memory")
    board = np.empty((height, width), dtype=np.int64)
    if plan.method == QUADTREE:
        from tilewright.tromino._quadtree_kernels import fill_board

        fill_board(width, plan.row, plan.col, board)
    else:
        _fill_rows(plan, 0, board)
    return board


def tile_rows(
    width: int, height: int, missing: tuple[int, int], rows_per_band: int | None = None
) -> Iterator[np.ndarray]:
    """The same tiling as :func:`tile`, as consecutive bands of rows ((k, W) int64 arrays),
    each computed from positions alone: memory stays O(width) for any height."""
    plan = plan_tiling(width, height, *missing)
    rows_per_band = rows_per_band or max(1, BAND_CELLS // width)
    return _bands(plan, rows_per_band)


def classic_plan(size: int, row: int, col: int) -> Plan:
    """The textbook board: ``size`` a power of two, (row, col) from 1 as the textbook reads."""
    if size < 1 or size & (size - 1):
        raise TilewrightError(f"M must be a power of two (1, 2, 4, 8, ...), got {size}")
    if not (1 <= row <= size and 1 <= col <= size):
        raise TilewrightError(f"x and y must be between 1 and M = {size}, got {row} and {col}")
    return plan_tiling(size, size, row - 1, col - 1)


def text_chunks(bands: Iterator[np.ndarray], number_width: int) -> Iterator[bytes]:
    """Rows as text, ``"%*d "`` per cell (``number_width`` 2 is the textbook's format)."""
    from tilewright.tromino._quadtree_kernels import format_rows

    for band in bands:
        buffer = np.empty(band.size * (max(number_width, 20) + 1) + band.shape[0], np.uint8)
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
