"""Compiled labelling of constructed tilings, a row at a time.

A *plan* cuts the board into rectangles: bands whose height is a multiple of 6 (or side
parts whose width is), tiled by a fixed pattern of 2×3 and 3×2 blocks, and one small *core*
around the missing square, tiled by exact search. Every cell's tromino number follows from
its position by arithmetic on the rectangle it lies in, so any row can be produced alone.

Plan rows: ``[kind, top, left, height, width, trominoes before]``; kind 0 is a block
rectangle with height a multiple of 6, kind 1 one with width a multiple of 6 (the same
pattern transposed), kind 2 the core, whose labels (1, 2, … and 0 on the missing square)
come from ``core``.
"""

from numba import njit

BANDS, SIDES, CORE = 0, 1, 2


@njit(nogil=True, inline="always")
def _block_label(y, x, height, width):
    """Tromino number (from 0) of cell (y, x) in a ``height`` × ``width`` rectangle with
    ``height`` a multiple of 6, tiled column-chunk by column-chunk.

    The columns are cut into chunks 2 wide, the last one 3 wide when ``width`` is odd.
    Down a 2-wide chunk, each 6 rows hold two 3×2 blocks; down a 3-wide chunk, three 2×3
    blocks. Each block is two trominoes.
    """
    if width % 2 == 0 or x < width - 3:
        chunk, chunk_x, three = x // 2, x % 2, False
    else:
        chunk, chunk_x, three = (width - 3) // 2, x - (width - 3), True
    twos = width // 2 if width % 2 == 0 else (width - 3) // 2
    per_group = 4 * twos + (6 if width % 2 else 0)
    group, gy = y // 6, y % 6
    if three:  # 2×3 blocks: ┌┐ pairs (0,0),(0,1),(1,0) | (0,2),(1,1),(1,2)
        block, by = gy // 2, gy % 2
        second = not ((by == 0 and chunk_x < 2) or (by == 1 and chunk_x == 0))
        within = 4 * twos + 2 * block
    else:  # 3×2 blocks: (0,0),(0,1),(1,0) | (1,1),(2,0),(2,1)
        block, by = gy // 3, gy % 3
        second = not (by == 0 or (by == 1 and chunk_x == 0))
        within = 4 * chunk + 2 * block
    return group * per_group + within + (1 if second else 0)


@njit(cache=True, nogil=True)
def plan_rows(plan, core, first_row, out):
    """Rows ``first_row ..`` of the planned tiling into ``out`` (2-D int64, the board's
    width)."""
    for i in range(out.shape[0]):
        row = first_row + i
        for k in range(plan.shape[0]):
            kind, top, left, height, width, first = plan[k]
            if not top <= row < top + height:
                continue
            y = row - top
            for x in range(width):
                if kind == CORE:
                    label = core[y, x]
                    if label > 0:
                        label += first
                else:  # one call site of the inlined block label: half the code to compile
                    a, b, h, w = (y, x, height, width) if kind == BANDS else (x, y, width, height)
                    label = first + 1 + _block_label(a, b, h, w)
                out[i, left + x] = label
