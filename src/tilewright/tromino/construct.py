"""Tilings of any board that has one, built without search beyond a small core.

Why it works: a rectangle whose height (or width) is a multiple of 6 is tiled by 2×3 and
3×2 blocks whatever its other side (≥ 2), because that side is a sum of 2s and 3s. So the
board is cut into bands of such heights above and below the missing square, side parts of
such widths left and right of it, and a *core* around it whose sides are the board's sides
reduced modulo 6 (at most 13 cells). The core keeps the board's residues, so it has a
tiling whenever the board does — for some placement of the window: on 5×n boards the core
is chosen so that the missing square avoids the core's own two bad squares. The core is
solved by exact search, once per shape, and everything else is arithmetic, so a 1000×1001
board costs what an 8×8 one does, and any row can be produced alone.

2^k × 2^k boards use the textbook's divide and conquer instead (``_quadtree_kernels``).
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.tromino.feasibility import check_board, check_missing, obstruction

MAX_CORE = 13
QUADTREE, PLANNED = "quadtree", "planned"


@dataclass(frozen=True, eq=False)
class Plan:
    """How a board is tiled: by the quadtree, or by block rectangles around a core."""

    width: int
    height: int
    row: int
    col: int
    method: str
    regions: np.ndarray  # (k, 6) int64, see _plan_kernels
    core: np.ndarray  # (h, w) int64 labels of the core

    @property
    def trominoes(self) -> int:
        return (self.width * self.height - 1) // 3


def plan_tiling(width: int, height: int, row: int, col: int) -> Plan:
    """A plan for the board missing one square.

    Parameters
    ----------
    width, height : int
        The board, 1 to ``MAX_SIDE`` cells a side (``np.integer`` counts, ``bool`` not).
    row, col : int
        The missing square, counted from 0.

    Returns
    -------
    Plan
        How the board is tiled; it holds nothing sized by the board.

    Raises
    ------
    TypeError
        When an argument is not an integer.
    TilewrightError
        When a side is out of range, the square is off the board, or no tiling exists (the
        message names the theorem that rules the board out).

    Examples
    --------
    >>> plan = plan_tiling(22, 13, 3, 8)
    >>> plan.method, plan.trominoes, plan.core.shape
    ('planned', 95, (7, 4))
    """
    width, height = check_board(width, height)
    row, col = check_missing(width, height, row, col)
    reason = obstruction(width, height, row, col)
    if reason:
        raise TilewrightError(f"no tiling exists: {reason}")
    empty = np.zeros((0, 6), dtype=np.int64)
    if width == height and width & (width - 1) == 0:
        return Plan(width, height, row, col, QUADTREE, empty, np.zeros((0, 0), dtype=np.int64))
    for core_h in _core_sides(height):
        for core_w in _core_sides(width):
            for top in _offsets(height, core_h, row):
                for left in _offsets(width, core_w, col):
                    if obstruction(core_w, core_h, row - top, col - left) is None:
                        return _planned(width, height, row, col, top, left, core_h, core_w)
    raise AssertionError(f"no core found for a tileable {width}x{height} board")


def _core_sides(side: int) -> list[int]:
    """Core sides that leave a multiple of 6 around them: side mod 6, plus 6s, up to 13."""
    return [s for s in range(2, min(side, MAX_CORE) + 1) if (side - s) % 6 == 0]


def _offsets(side: int, core: int, at: int) -> range:
    """Where a core of ``core`` cells may start so that it holds ``at`` and the parts before
    and after it are multiples of 6."""
    lowest = max(0, -(-(at - core + 1) // 6) * 6)
    return range(lowest, min(at, side - core) + 1, 6)


def _planned(width, height, row, col, top, left, core_h, core_w) -> Plan:
    from tilewright.tromino._plan_kernels import BANDS, CORE, SIDES

    pieces = [
        (BANDS, 0, 0, top, width),
        (BANDS, top + core_h, 0, height - top - core_h, width),
        (SIDES, top, 0, core_h, left),
        (SIDES, top, left + core_w, core_h, width - left - core_w),
        (CORE, top, left, core_h, core_w),
    ]
    regions, before = [], 0
    for kind, r0, c0, h, w in pieces:
        if h and w:
            regions.append((kind, r0, c0, h, w, before))
            before += (h * w - (1 if kind == CORE else 0)) // 3
    core = solve_core(core_h, core_w, row - top, col - left)
    return Plan(width, height, row, col, PLANNED, np.array(regions, dtype=np.int64), core)


@lru_cache(maxsize=1024)
def solve_core(height: int, width: int, row: int, col: int) -> np.ndarray:
    """A tiling of a small board by exact search (cached: one search per core shape)."""
    from tilewright.tromino._search import search

    board = np.empty((height, width), dtype=np.int64)
    if not search(height, width, row, col, board):
        raise AssertionError(f"search found no tiling of a {width}x{height} core")
    board.flags.writeable = False
    return board
