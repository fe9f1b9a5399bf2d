"""Compiled kernels that cut a grid into rectangles for a Rectangles puzzle.

Why a square first: listing every rectangle that fits anywhere and picking among them costs
O(N⁴) and favours small rectangles. Instead, take a random uncovered square and choose
uniformly among the free rectangles that cover it (the idea the public puzzle collection
adopted in 2005). Those rectangles are never listed either: for each pair (top row, bottom
row) the rectangles between them that cover the square are the pairs (cells to the left,
cells to the right) whose sum stays under the width limit, counted in closed form. So a
square costs O(free column run²), and the memory is the grid.

A partition lives in arrays that every kernel here shares:

- ``labels`` (H, W) int32: the rectangle id of each cell, -1 where free;
- ``rects`` (N, 4) int32: top, left, height, width of each id (height 0 when unused);
- ``spare`` (N + 1) int32: a stack of unused ids, ``spare[N]`` holding how many.

``limits`` is int64 [largest height, largest width, largest area, smallest area].

Compile time: Numba compiles a kernel once for each set of argument types it meets, and
every compiled kernel again inside each kernel that calls it. So the kernels here pass
int64 scalars only (values read from the int32 arrays are converted, constants are
``np.int64``: a literal argument would compile its own copy: ``add_rect`` had seven), and
use loops rather than NumPy calls (``np.full``, ``x in array``, ``argmax``, ``max``,
``.T``), each of which is one more compiled function. With the generator's steps called
from Python (``_generate_kernels``), a first ``rect generate 15x15`` went from about 50 to
about 18 seconds of compiling on one core.
"""

import numpy as np

from tilewright.core._rng import below, next_u64, shuffle
from tilewright.rectangles._jit import helper, inline, kernel

MAX_H, MAX_W, MAX_AREA, MIN_AREA = 0, 1, 2, 3
# up, down, left, right
STEP_ROW = np.array([-1, 1, 0, 0])
STEP_COL = np.array([0, 0, -1, 1])


def new_partition(height: int, width: int, capacity: int):
    """Empty labels for a ``height`` × ``width`` grid, and room for ``capacity`` rectangles."""
    labels = np.full((height, width), -1, dtype=np.int32)
    rects = np.zeros((capacity, 4), dtype=np.int32)
    spare = np.empty(capacity + 1, dtype=np.int32)
    spare[:capacity] = np.arange(capacity - 1, -1, -1)
    spare[capacity] = capacity
    return labels, rects, spare


@inline
def _paint(labels, top, left, height, width, value):
    # loops, not a slice assignment: Numba compiles them many times faster
    for y in range(top, top + height):
        for x in range(left, left + width):
            labels[y, x] = value


@inline
def rect_of(rects, rid):
    """Top, left, height and width of rectangle ``rid``, as int64."""
    return (
        np.int64(rects[rid, 0]),
        np.int64(rects[rid, 1]),
        np.int64(rects[rid, 2]),
        np.int64(rects[rid, 3]),
    )


@helper
def add_rect(labels, rects, spare, top, left, height, width):
    """Paint a new rectangle over free cells and return its id."""
    n = spare.shape[0] - 1
    spare[n] -= 1
    rid = np.int64(spare[spare[n]])
    rects[rid, 0], rects[rid, 1], rects[rid, 2], rects[rid, 3] = top, left, height, width
    _paint(labels, top, left, height, width, rid)
    return rid


@helper
def remove_rect(labels, rects, spare, rid):
    """Free the cells of rectangle ``rid`` and its id."""
    top, left, height, width = rect_of(rects, rid)
    _paint(labels, top, left, height, width, np.int64(-1))
    rects[rid, 2] = 0
    n = spare.shape[0] - 1
    spare[spare[n]] = rid
    spare[n] += 1


@inline
def _triangle(n):
    # pairs (i, j) of non-negative integers with i + j <= n
    return (n + 1) * (n + 2) // 2 if n >= 0 else 0


@helper
def _pairs(a, b, k):
    # pairs (i, j) in [0, a) × [0, b) with i + j <= k (inclusion–exclusion on the triangle)
    return _triangle(k) - _triangle(k - a) - _triangle(k - b) + _triangle(k - a - b)


@helper
def covering(labels, r, c, limits, target, out):
    """How many free rectangles within ``limits`` cover (r, c); with ``target`` >= 0, also
    write the ``target``-th of them (a fixed order) to ``out`` as top, left, height, width.

    Rows from ``top`` to ``bottom`` allow a left edge i cells before c and a right edge j
    cells after c whenever every row is free that far; the width is i + j + 1.
    """
    height, width = labels.shape
    max_h, max_w = limits[MAX_H], limits[MAX_W]
    max_area, min_area = limits[MAX_AREA], limits[MIN_AREA]
    up = r
    while up > 0 and labels[up - 1, c] < 0 and r - up + 1 < max_h:
        up -= 1
    down = r
    while down < height - 1 and labels[down + 1, c] < 0 and down - r + 1 < max_h:
        down += 1
    lo = np.empty(down - up + 1, dtype=np.int64)
    hi = np.empty(down - up + 1, dtype=np.int64)
    for y in range(up, down + 1):
        x = c
        while x > 0 and labels[y, x - 1] < 0 and c - x + 1 < max_w:
            x -= 1
        lo[y - up] = x
        x = c
        while x < width - 1 and labels[y, x + 1] < 0 and x - c + 1 < max_w:
            x += 1
        hi[y - up] = x
    total = np.int64(0)
    top_lo, top_hi = lo[r - up], hi[r - up]
    for top in range(r, up - 1, -1):
        top_lo = max(top_lo, lo[top - up])
        top_hi = min(top_hi, hi[top - up])
        run_lo, run_hi = top_lo, top_hi
        for bottom in range(r, down + 1):
            rows = bottom - top + 1
            if rows > max_h:
                break
            run_lo = max(run_lo, lo[bottom - up])
            run_hi = min(run_hi, hi[bottom - up])
            widest = min(max_w, max_area // rows)
            if widest < 1:
                break  # taller only gets narrower
            narrowest = max(1, (min_area + rows - 1) // rows)
            if widest < narrowest:
                continue  # too small yet: taller allows narrower
            before, after = c - run_lo + 1, run_hi - c + 1
            count = _pairs(before, after, widest - 1) - _pairs(before, after, narrowest - 2)
            if target >= 0 and target < total + count:
                rest = target - total
                for span in range(narrowest, widest + 1):
                    i_lo, i_hi = max(0, span - after), min(before - 1, span - 1)
                    if rest <= i_hi - i_lo:
                        out[0], out[1], out[2], out[3] = top, c - (i_lo + rest), rows, span
                        return total + count
                    rest -= max(0, i_hi - i_lo + 1)
            total += count
    return total


@kernel
def fill(labels, rects, spare, cells, limits, state, singles, n_singles):
    """Cover the free cells among ``cells``, taken in that order, each by a random free
    rectangle covering it; a cell no rectangle can cover is appended to ``singles``.
    Returns the new length of ``singles``."""
    width = labels.shape[1]
    out = np.empty(4, dtype=np.int64)
    for index in cells:
        r, c = index // width, index % width
        if labels[r, c] >= 0:
            continue
        total = covering(labels, r, c, limits, np.int64(-1), out)
        if total == 0:
            singles[n_singles] = index
            n_singles += 1
            continue
        covering(labels, r, c, limits, np.int64(next_u64(state) % np.uint64(total)), out)
        add_rect(labels, rects, spare, out[0], out[1], out[2], out[3])
    return n_singles


@helper
def _merge_options(labels, rects, r, c, hard_cap, options):
    """Ways to absorb the single free cell (r, c) into a neighbouring rectangle R, written
    to ``options`` as (R, direction); returns how many.

    If R's side facing the cell is one square long, R simply grows by it. Otherwise, when
    the cell lines up with an end of that side, R's line of squares in line with the cell
    is carved off and joins the cell as a strip, and what remains of R must not be a
    single square. These are the collection's options. Why not a line from the middle of
    the side too: it splits R in two, and those extra rectangles were half of what
    tilewright's puzzles had over the collection's at 100×100 (+13 % before, +7 % after).
    """
    height, width = labels.shape
    count = 0
    for d in range(4):
        nr, nc = r + STEP_ROW[d], c + STEP_COL[d]
        if not (0 <= nr < height and 0 <= nc < width):
            continue
        rid = np.int64(labels[nr, nc])
        top, left, rows, cols = rect_of(rects, rid)
        if d < 2:  # R above or below: its facing side runs along a row
            depth, before, after = rows, c - left, left + cols - 1 - c
        else:
            depth, before, after = cols, r - top, top + rows - 1 - r
        if depth + 1 > hard_cap:
            continue
        if before > 0 and after > 0:
            continue  # the cell faces the middle of R's side: R would split in two
        if depth * before == 1 or depth * after == 1:
            continue
        options[count, 0], options[count, 1] = rid, d
        count += 1
    return count


@helper
def _absorb(labels, rects, spare, r, c, rid, d):
    top, left, rows, cols = rect_of(rects, rid)
    one = np.int64(1)
    remove_rect(labels, rects, spare, rid)
    if d < 2:
        if c > left:
            add_rect(labels, rects, spare, top, left, rows, c - left)
        if c < left + cols - 1:
            add_rect(labels, rects, spare, top, c + 1, rows, left + cols - 1 - c)
        add_rect(labels, rects, spare, min(top, r), c, rows + 1, one)
    else:
        if r > top:
            add_rect(labels, rects, spare, top, left, r - top, cols)
        if r < top + rows - 1:
            add_rect(labels, rects, spare, r + 1, left, top + rows - 1 - r, cols)
        add_rect(labels, rects, spare, r, min(left, c), one, cols + 1)


@helper
def cells_of(rects, rid, width, out, size):
    """Append the squares of rectangle ``rid`` to ``out[size:]``; returns the new size."""
    top, left, rows, cols = rect_of(rects, rid)
    for y in range(top, top + rows):
        for x in range(left, left + cols):
            out[size] = y * width + x
            size += 1
    return size


@kernel
def fix_singletons(labels, rects, spare, singles, n_singles, limits, hard_cap, state):
    """Give every single free cell in ``singles`` to a rectangle so that no 1×1 remains.

    Absorb the cell into a neighbour when some neighbour allows it (see ``_merge_options``).
    Otherwise (every neighbour is a thin strip along it), free the neighbours and cover
    their squares afresh, starting with this cell, which now has free squares beside it;
    any new single cell goes on the stack. Returns False if that does not settle within a
    generous number of steps, so that the caller can start over.
    """
    height, width = labels.shape
    options = np.empty((4, 2), dtype=np.int64)
    steps = 0
    while n_singles > 0:
        steps += 1
        if steps > 16 * height * width + 64:
            return False
        n_singles -= 1
        index = singles[n_singles]
        r, c = index // width, index % width
        if labels[r, c] >= 0:
            continue
        count = _merge_options(labels, rects, r, c, hard_cap, options)
        if count > 0:
            pick = below(state, count)
            _absorb(labels, rects, spare, r, c, options[pick, 0], options[pick, 1])
            continue
        # free the neighbours and cover their squares afresh, this cell first
        around = np.empty(4, dtype=np.int64)
        around[0], around[1], around[2], around[3] = -1, -1, -1, -1
        size = 0
        for d in range(4):
            nr, nc = r + STEP_ROW[d], c + STEP_COL[d]
            if 0 <= nr < height and 0 <= nc < width and labels[nr, nc] >= 0:
                rid = np.int64(labels[nr, nc])
                if rid != around[0] and rid != around[1] and rid != around[2]:
                    around[d] = rid
                    size += rects[rid, 2] * rects[rid, 3]
        order = np.empty(size + 1, dtype=np.int64)
        order[size] = index
        size = np.int64(0)
        for rid in around:
            if rid >= 0:
                size = cells_of(rects, rid, width, order, size)
                remove_rect(labels, rects, spare, rid)
        shuffle(state, order)
        first = 0
        while order[first] != index:
            first += 1
        order[0], order[first] = order[first], order[0]
        n_singles = fill(labels, rects, spare, order, limits, state, singles, n_singles)
    return True


@helper
def _beside(labels, y, column):
    return labels[y, column] if 0 <= column < labels.shape[1] else -1


@helper
def _insert_column(labels, gap, hard_cap, state):
    """``labels`` with one new column before column ``gap`` (0 to W), or an empty array
    when every way would break ``hard_cap``.

    A rectangle crossing the gap widens. Elsewhere the new squares must go, run by run,
    either all to the rectangles on the left of the gap or all to those on the right; a run
    ends only where a left and a right rectangle end on the same row, so either choice
    keeps every shape a rectangle.
    """
    height, width = labels.shape
    grown = np.empty((height, width + 1), dtype=np.int32)
    largest = np.int64(0)
    for y in range(height):
        for x in range(width):
            largest = max(largest, np.int64(labels[y, x]))
    area = np.empty(largest + 1, dtype=np.int64)
    for rid in range(largest + 1):
        area[rid] = 0
    for y in range(height):
        for x in range(width):
            grown[y, x + (x >= gap)] = labels[y, x]
            area[labels[y, x]] += 1
    y = 0
    while y < height:
        left, right = _beside(labels, y, gap - 1), _beside(labels, y, gap)
        if left == right:
            end = y
            while end + 1 < height and labels[end + 1, gap] == left:
                end += 1
            if area[left] + end - y + 1 > hard_cap:
                return np.empty((0, 0), dtype=np.int32)
            for yy in range(y, end + 1):
                grown[yy, gap] = left
            y = end + 1
            continue
        end = y
        while end + 1 < height:
            next_left, next_right = _beside(labels, end + 1, gap - 1), _beside(labels, end + 1, gap)
            if next_left == next_right:
                break
            if next_left != _beside(labels, end, gap - 1) and next_right != _beside(
                labels, end, gap
            ):
                break
            end += 1
        left_ok = gap > 0 and _side_fits(labels, area, y, end, gap - 1, hard_cap)
        right_ok = gap < width and _side_fits(labels, area, y, end, gap, hard_cap)
        if not left_ok and not right_ok:
            return np.empty((0, 0), dtype=np.int32)
        side = 1 if not left_ok else (0 if not right_ok else below(state, 2))
        column = gap - 1 if side == 0 else gap
        for yy in range(y, end + 1):
            grown[yy, gap] = labels[yy, column]
        y = end + 1
    return grown


@helper
def _side_fits(labels, area, y, end, column, hard_cap):
    # whether the rows y to end of the new column can join the rectangles in ``column``
    fits = True
    for yy in range(y, end + 1):
        rid = labels[yy, column]
        rows = 1
        while yy + rows <= end and labels[yy + rows, column] == rid:
            rows += 1
        if area[rid] + rows > hard_cap:
            fits = False
    return fits


@helper
def expand(labels, height, width, hard_cap, state):
    """Stretch a covered grid to ``height`` × ``width`` by inserting columns, then rows, at
    random gaps (the collection's expansion: fewer, larger rectangles). An empty array
    means ``hard_cap`` could not be kept."""
    for turn in range(2):
        target = width if turn == 0 else height
        while labels.shape[1] < target:
            grown = np.empty((0, 0), dtype=np.int32)
            for _ in range(8):
                grown = _insert_column(labels, below(state, labels.shape[1] + 1), hard_cap, state)
                if grown.shape[0] > 0:
                    break
            if grown.shape[0] == 0:
                return grown
            labels = grown
        labels = _transposed(labels)
    return labels


@inline
def _transposed(labels):
    flipped = np.empty((labels.shape[1], labels.shape[0]), dtype=np.int32)
    for y in range(labels.shape[0]):
        for x in range(labels.shape[1]):
            flipped[x, y] = labels[y, x]
    return flipped


@helper
def measure(labels, rects):
    """Set ``rects`` from the bounding boxes of ``labels`` (after ``expand``)."""
    height, width = labels.shape
    for rid in range(rects.shape[0]):
        rects[rid, 0], rects[rid, 1], rects[rid, 2], rects[rid, 3] = height, width, -1, -1
    for y in range(height):
        for x in range(width):
            rid = labels[y, x]
            rects[rid, 0] = min(rects[rid, 0], y)
            rects[rid, 1] = min(rects[rid, 1], x)
            rects[rid, 2] = max(rects[rid, 2], y)
            rects[rid, 3] = max(rects[rid, 3], x)
    for rid in range(rects.shape[0]):
        if rects[rid, 2] < 0:
            rects[rid, 2] = 0
        else:
            rects[rid, 2] = rects[rid, 2] - rects[rid, 0] + 1
            rects[rid, 3] = rects[rid, 3] - rects[rid, 1] + 1
