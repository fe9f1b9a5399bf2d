"""Compiled kernels: the breadth-first search of a region and the straight walk to it.

Why compiled: each tile found costs about 7 steps (``_step_kernels.step``), placements and
look-ups; compiled, 1.7 million tiles a second. A placement is a turn (0–11) and the exact
corner (4 integers), as in ``patch.Placed``; tiles seen are kept in an open-addressing hash
table keyed by placement.

Why written plainly (loops where NumPy would copy a slice, few helpers): a first run
compiles these kernels. Every slice assignment pulls in Numba's formatted shape-mismatch
error, a chain of string functions that took longer to compile than the search itself;
every helper is one more module for LLVM (about a tenth of a second each).

Why the helpers of the search's loop (``corner_xy``, ``meets``, ``_across``, ``_hash`` and
the step) are nevertheless inlined at Numba's level and handed data pointers: an array
passed to a call has its reference count raised and lowered around it by atomic
instructions, which took a third of the search. The price: Numba types an inlined body
again in every caller (a first Spectre command compiles for 8.4 s instead of 5.6), and an
inlined helper has no cache entry of its own (``core.compilation.cold_kernels`` skips it).
"""

import numpy as np
from numba import carray, njit

from tilewright.aperiodic.spectre._step_kernels import LEVELS, step
from tilewright.core._graph_access import data_pointer

DONE, SHALLOW, FULL, STUCK = 0, 1, 2, 3
GRAZE = 1e-9  # tile edges: crossings closer than this along a walk count as one
REANCHOR = 64  # tiles between fresh anchors of a walk
HALF_SQRT3 = np.sqrt(3.0) / 2


@njit(cache=True, nogil=True, inline="always")
def corner_xy(corner):
    """The exact point ``corner`` (integers over 1, d, d², d³) as floats (x, y)."""
    return (
        corner[0] + HALF_SQRT3 * corner[1] + 0.5 * corner[2],
        corner[3] + HALF_SQRT3 * corner[2] + 0.5 * corner[1],
    )


@njit(cache=True, nogil=True, inline="always")
def meets(shapes_xy, turn, corner, box, clip_x, clip_y):
    """Whether the tile (``shapes_xy[turn]`` at ``corner``) and the open rectangle overlap.
    ``clip_x`` and ``clip_y`` point to 14 floats of scratch each (``data_pointer``);
    ``corner`` is an array or a pointer.

    Why the turn and not the shape, and pointers in a search's loop: a shape taken out of
    the table is a view, and an array handed on is counted, whose reference count goes up
    and down around every call, by atomic instructions (see ``_step_kernels.step``)."""
    cx, cy = corner_xy(corner)
    low_x = low_y = np.inf
    high_x = high_y = -np.inf
    for k in range(14):
        x, y = shapes_xy[turn, k, 0] + cx, shapes_xy[turn, k, 1] + cy
        low_x, high_x = min(low_x, x), max(high_x, x)
        low_y, high_y = min(low_y, y), max(high_y, y)
        clip_x[k], clip_y[k] = x, y
    if high_x <= box[0] or low_x >= box[2] or high_y <= box[1] or low_y >= box[3]:
        return False
    if low_x >= box[0] and high_x <= box[2] and low_y >= box[1] and high_y <= box[3]:
        return True
    return _clipped_area(carray(clip_x, 14), carray(clip_y, 14), box) > 0.0


@njit(cache=True, nogil=True)
def _clipped_area(xs, ys, box):
    """Area of the polygon inside the rectangle: Sutherland–Hodgman against each side."""
    count = xs.shape[0]
    for side in range(4):
        axis = side // 2  # sides 0, 1: x bounds; 2, 3: y bounds
        bound = box[0] if side == 0 else box[2] if side == 1 else box[1] if side == 2 else box[3]
        keep_above = side % 2 == 0
        out_x = np.empty(2 * count)
        out_y = np.empty(2 * count)
        kept = 0
        for i in range(count):
            j = i - 1 if i > 0 else count - 1
            cur = xs[i] if axis == 0 else ys[i]
            prev = xs[j] if axis == 0 else ys[j]
            inside_now = (cur >= bound) == keep_above
            if inside_now != ((prev >= bound) == keep_above):
                t = (bound - prev) / (cur - prev)
                out_x[kept] = xs[j] + t * (xs[i] - xs[j])
                out_y[kept] = ys[j] + t * (ys[i] - ys[j])
                kept += 1
            if inside_now:
                out_x[kept], out_y[kept] = xs[i], ys[i]
                kept += 1
        if kept == 0:
            return 0.0
        xs, ys, count = out_x, out_y, kept
    area = 0.0
    for i in range(count):
        j = (i + 1) % count
        area += xs[i] * ys[j] - ys[i] * xs[j]
    return abs(area) / 2


@njit(cache=True, nogil=True, inline="always")
def _across(turn, corner, edge, entry, shapes, edge_turn, out):
    """Place the tile whose edge ``entry`` runs backwards along ``edge`` of the tile (turn,
    corner): its corner goes to ``out``, its turn is returned."""
    new_turn = (turn + edge_turn[edge] + 6 - edge_turn[entry]) % 12
    for k in range(4):
        out[k] = corner[k] + shapes[turn, (edge + 1) % 14, k] - shapes[new_turn, entry, k]
    return new_turn


@njit(cache=True, nogil=True, inline="always")
def _hash(turn, corner, mask):
    h = np.uint64(turn) * np.uint64(0x9E3779B97F4A7C15)
    for k in range(4):
        h = (h ^ np.uint64(corner[k] & 0xFFFFFFFF)) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@njit(cache=True, nogil=True)
def patch(start_row, start_turn, start_corner, box, shapes, shapes_xy, edge_turn, capacity):
    """Every tile meeting the open rectangle ``box``, breadth first from the start tile
    (which must meet it). Returns (rows, turns, corners, inside flags, count, status):
    status DONE, SHALLOW (the ancestry is too shallow) or FULL (``capacity`` too small)."""
    width = start_row.shape[0]
    rows = np.empty((capacity, width), dtype=np.int8)
    turns = np.empty(capacity, dtype=np.int64)
    corners = np.empty((capacity, 4), dtype=np.int64)
    inside = np.zeros(capacity, dtype=np.bool_)
    # edges whose neighbour is already known (found from the other side): not stepped again,
    # which halves the steps
    known_edges = np.zeros(capacity, dtype=np.int32)
    slots = 1
    while slots < 2 * capacity:
        slots *= 2
    table = np.empty(slots, dtype=np.int32)
    for k in range(slots):
        table[k] = -1
    clip_x, clip_y = np.empty(14), np.empty(14)
    for k in range(width):
        rows[0, k] = start_row[k]
    for k in range(4):
        corners[0, k] = start_corner[k]
    turns[0], inside[0] = start_turn, True
    table[_hash(start_turn, start_corner, slots - 1)] = 0
    count, head = 1, 0
    row = np.empty(width, dtype=np.int8)
    corner = np.empty(4, dtype=np.int64)
    sub = np.empty(width, dtype=np.int64)
    here = np.empty(4, dtype=np.int64)  # the corner of the tile stepped from
    # the scratch arrays as pointers, for the calls in the loop: see `meets`
    row_at, sub_at, here_at = data_pointer(row), data_pointer(sub), data_pointer(here)
    corner_at, clip_x_at, clip_y_at = (
        data_pointer(corner),
        data_pointer(clip_x),
        data_pointer(clip_y),
    )
    depth = (width - LEVELS) // 2
    while head < count:
        if not inside[head]:
            head += 1
            continue
        for k in range(width):
            row[k] = rows[head, k]
        for k in range(4):
            here[k] = corners[head, k]
        changed = 0  # entries of `row` the last step changed: restored before the next
        for edge in range(14):
            if known_edges[head] & (1 << edge):
                continue
            for k in range(changed):
                row[k] = rows[head, k]
            entry, changed = step(row_at, depth, edge, sub_at)
            if entry < 0:
                return rows, turns, corners, inside, count, SHALLOW
            new_turn = _across(turns[head], here_at, edge, entry, shapes, edge_turn, corner_at)
            slot = _hash(new_turn, corner_at, slots - 1)
            known = False
            while table[slot] >= 0:
                other = table[slot]
                known = turns[other] == new_turn
                for k in range(4):
                    known = known and corners[other, k] == corner[k]
                if known:
                    break
                slot = (slot + 1) & (slots - 1)
            if known:
                known_edges[other] |= 1 << entry
                continue
            if count == capacity:
                return rows, turns, corners, inside, count, FULL
            table[slot] = count
            known_edges[count] = 1 << entry
            for k in range(width):
                rows[count, k] = row[k]
            for k in range(4):
                corners[count, k] = corner[k]
            turns[count] = new_turn
            inside[count] = meets(shapes_xy, new_turn, corner_at, box, clip_x_at, clip_y_at)
            count += 1
        head += 1
    return rows, turns, corners, inside, count, DONE


@njit(cache=True, nogil=True)
def walk_to(row, turn, corner, box, shapes, shapes_xy, edge_turn, start_x, start_y):
    """Step from the tile (``row``, ``turn``, ``corner``; updated in place) along the
    straight line from (``start_x``, ``start_y``), a point inside it measured from its
    corner, to the rectangle's centre, crossing each tile at the first edge the line leaves
    it by, until a tile meets the rectangle. The line's parameter only grows, so the walk
    cannot loop. Returns (status, turn): DONE, SHALLOW, or STUCK (the line passed within
    ``GRAZE`` of a vertex: try again from a nudged start).

    Precision: crossings are computed relative to an anchor tile's exact corner, and every
    ``REANCHOR`` tiles the line restarts from a point inside the current tile with that
    tile as the anchor, so the numbers stay small however long the walk.
    """
    cx0, cy0 = corner_xy(corner)
    target_x = (box[0] + box[2]) / 2 - cx0
    target_y = (box[1] + box[3]) / 2 - cy0
    anchor = corner.copy()
    clip_x, clip_y = np.empty(14), np.empty(14)
    moved = np.empty(4, dtype=np.int64)
    offset = np.empty(4, dtype=np.int64)
    sub = np.empty(row.shape[0], dtype=np.int64)
    row_at, sub_at = data_pointer(row), data_pointer(sub)  # for `step`: see its notes
    clip_x_at, clip_y_at = data_pointer(clip_x), data_pointer(clip_y)
    depth = (row.shape[0] - LEVELS) // 2
    dx, dy = target_x - start_x, target_y - start_y
    along, gap, steps = 0.0, GRAZE / np.hypot(dx, dy), 0
    while not meets(shapes_xy, turn, corner, box, clip_x_at, clip_y_at):
        for k in range(4):
            offset[k] = corner[k] - anchor[k]
        cx, cy = corner_xy(offset)
        # int64, not the literal -1: Numba would first compile the kernels called with
        # best_edge for that literal, then again for int64
        best, best_edge = np.inf, np.int64(-1)
        for k in range(14):
            ax, ay = shapes_xy[turn, k, 0] + cx, shapes_xy[turn, k, 1] + cy
            ex = shapes_xy[turn, (k + 1) % 14, 0] + cx - ax
            ey = shapes_xy[turn, (k + 1) % 14, 1] + cy - ay
            denominator = dx * ey - dy * ex
            if denominator == 0.0:
                continue
            t = ((ax - start_x) * ey - (ay - start_y) * ex) / denominator
            u = ((ax - start_x) * dy - (ay - start_y) * dx) / denominator
            if 0.0 <= u <= 1.0 and along + gap < t < best:
                best, best_edge = t, k
        if best_edge < 0:
            return STUCK, turn
        steps += 1
        if steps % REANCHOR == 0:  # restart the line inside this tile, anchored on it
            middle = (along + best) / 2
            start_x, start_y = start_x + middle * dx - cx, start_y + middle * dy - cy
            target_x, target_y = target_x - cx, target_y - cy
            for k in range(4):
                anchor[k] = corner[k]
            dx, dy = target_x - start_x, target_y - start_y
            along, gap = 0.0, GRAZE / np.hypot(dx, dy)
            continue
        entry, _ = step(row_at, depth, best_edge, sub_at)
        if entry < 0:
            return SHALLOW, turn
        turn = _across(turn, corner, best_edge, entry, shapes, edge_turn, moved)
        for k in range(4):
            corner[k] = moved[k]
        along = best
    return DONE, turn
