"""Compiled kernels: the step across an edge and the breadth-first patch, on arrays.

Why compiled: a patch costs about 7 steps, placements and look-ups per tile (each shared
edge is stepped from one side only); in Python that is tens of thousands of tiles a second,
here a million. The logic is ``coordinates.Tiling``'s
(which stays the readable reference, and the tests compare the two); only the data layout
differs:

- an address is one int8 row: [spectre, hex colour, previous colour, entry parity, then
  type, index for each level 0 … depth − 1], every level known (the start tile's ancestry,
  drawn by ``Tiling``, fills the levels a tile shares with it);
- a placement is a turn (0–11) and the exact corner (4 integers), as in ``patch.Placed``;
- tiles seen are kept in an open-addressing hash table keyed by placement.

A step that would need a level above ``depth`` returns -1, and the caller retries with a
deeper ancestry (this needs a walk across more than ~7.9^depth tiles: never in practice).
"""

import numpy as np
from numba import njit

from tilewright.aperiodic._spectre_tables import (
    HEX_ENTRY,
    HEX_MAP,
    HEX_SIDES,
    SPECTRE_ENTRY,
    SPECTRE_MAP,
    SPECTRE_SIDES,
)
from tilewright.aperiodic.spectre_geometry import CHILDREN, TYPES

SPECTRE, COLOUR, PREVIOUS, PARITY, LEVELS = 0, 1, 2, 3, 4
OUTSIDE = 0
DONE, SHALLOW, FULL, STUCK = 0, 1, 2, 3
GRAZE = 1e-9  # tile edges: crossings closer than this along a walk count as one
REANCHOR = 64  # tiles between fresh anchors of a walk


def _table(per_type: dict, width: int) -> np.ndarray:
    array = np.full((len(TYPES), max(len(v) for v in per_type.values()), width), -1, np.int64)
    for number, t in enumerate(TYPES):
        array[number, : len(per_type[t])] = per_type[t]
    return array


HEXMAP, HEXSIDES, HEXENTRY = _table(HEX_MAP, 3), _table(HEX_SIDES, 2), _table(HEX_ENTRY, 3)
SPECMAP, SPECSIDES = _table(SPECTRE_MAP, 3), _table(SPECTRE_SIDES, 2)
SPECENTRY = _table(SPECTRE_ENTRY, 3)
CHILD = np.array(
    [[TYPES.index(c) for c in CHILDREN[t]] + [-1] * (8 - len(CHILDREN[t])) for t in TYPES]
)


@njit(cache=True, nogil=True)
def _step_hex(row, edge):
    """Move the level-0 hexagon of ``row`` across ``edge``; the entry edge, or -1."""
    depth = (row.shape[0] - LEVELS) // 2
    sub = np.empty(depth, dtype=np.int64)
    level, crossing = 0, edge
    while True:  # up until the edge is inside a parent
        if level + 1 >= depth:
            return -1
        parent = row[LEVELS + 2 * (level + 1)]
        kind = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 0]
        to = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 1]
        via = HEXMAP[parent, 6 * row[LEVELS + 2 * level + 1] + crossing, 2]
        if kind != OUTSIDE:
            break
        sub[level] = via
        crossing = to
        level += 1
    row[LEVELS + 2 * level + 1] = to
    row[LEVELS + 2 * level] = CHILD[parent, to]
    while level > 0:  # and back down through the matching sub-edges
        level -= 1
        parent = row[LEVELS + 2 * (level + 1)]
        first, count = HEXSIDES[parent, via, 0], HEXSIDES[parent, via, 1]
        position = first + count - 1 - sub[level]
        to, via = HEXENTRY[parent, position, 1], HEXENTRY[parent, position, 2]
        row[LEVELS + 2 * level + 1] = to
        row[LEVELS + 2 * level] = CHILD[parent, to]
    # three-colour the honeycomb of level-0 hexagons (see ``Address``)
    colour = 3 - row[COLOUR] - row[PREVIOUS] if (edge ^ row[PARITY]) & 1 else row[PREVIOUS]
    row[PREVIOUS], row[COLOUR], row[PARITY] = row[COLOUR], colour, via & 1
    return via


@njit(cache=True, nogil=True)
def step(row, edge):
    """Move the Spectre of ``row`` (in place) across ``edge``; its entry edge, or -1."""
    t = row[LEVELS]
    position = 14 * row[SPECTRE] + edge
    kind, to, via = SPECMAP[t, position, 0], SPECMAP[t, position, 1], SPECMAP[t, position, 2]
    while kind == OUTSIDE:
        entered = _step_hex(row, to)
        if entered < 0:
            return -1
        t = row[LEVELS]
        position = SPECSIDES[t, entered, 0] + SPECSIDES[t, entered, 1] - 1 - via
        kind, to, via = (
            SPECENTRY[t, position, 0],
            SPECENTRY[t, position, 1],
            SPECENTRY[t, position, 2],
        )
    row[SPECTRE] = to
    return via


@njit(cache=True, nogil=True, inline="always")
def _corner_xy(corner):
    half = np.sqrt(3.0) / 2
    return (
        corner[0] + half * corner[1] + 0.5 * corner[2],
        corner[3] + half * corner[2] + 0.5 * corner[1],
    )


@njit(cache=True, nogil=True)
def meets(shape_xy, corner, box, clip_x, clip_y):
    """Whether the tile (a turned shape at ``corner``) and the open rectangle overlap."""
    cx, cy = _corner_xy(corner)
    low_x = low_y = np.inf
    high_x = high_y = -np.inf
    for k in range(14):
        x, y = shape_xy[k, 0] + cx, shape_xy[k, 1] + cy
        low_x, high_x = min(low_x, x), max(high_x, x)
        low_y, high_y = min(low_y, y), max(high_y, y)
        clip_x[k], clip_y[k] = x, y
    if high_x <= box[0] or low_x >= box[2] or high_y <= box[1] or low_y >= box[3]:
        return False
    if low_x >= box[0] and high_x <= box[2] and low_y >= box[1] and high_y <= box[3]:
        return True
    return _clipped_area(clip_x, clip_y, 14, box) > 0.0


@njit(cache=True, nogil=True)
def _clipped_area(xs, ys, count, box):
    """Area of the polygon inside the rectangle: Sutherland–Hodgman against each side."""
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
    table = np.full(slots, -1, dtype=np.int32)
    clip_x, clip_y = np.empty(14), np.empty(14)
    rows[0], turns[0], corners[0], inside[0] = start_row, start_turn, start_corner, True
    table[_hash(start_turn, start_corner, slots - 1)] = 0
    count, head = 1, 0
    row = np.empty(width, dtype=np.int8)
    corner = np.empty(4, dtype=np.int64)
    while head < count:
        if not inside[head]:
            head += 1
            continue
        for edge in range(14):
            if known_edges[head] & (1 << edge):
                continue
            row[:] = rows[head]
            entry = step(row, edge)
            if entry < 0:
                return rows, turns, corners, inside, count, SHALLOW
            new_turn = _across(turns[head], corners[head], edge, entry, shapes, edge_turn, corner)
            slot = _hash(new_turn, corner, slots - 1)
            known = False
            while table[slot] >= 0:
                other = table[slot]
                if turns[other] == new_turn and (corners[other] == corner).all():
                    known = True
                    break
                slot = (slot + 1) & (slots - 1)
            if known:
                known_edges[other] |= 1 << entry
                continue
            if count == capacity:
                return rows, turns, corners, inside, count, FULL
            table[slot] = count
            known_edges[count] = 1 << entry
            rows[count], turns[count], corners[count] = row, new_turn, corner
            inside[count] = meets(shapes_xy[new_turn], corner, box, clip_x, clip_y)
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
    cx0, cy0 = _corner_xy(corner)
    target_x = (box[0] + box[2]) / 2 - cx0
    target_y = (box[1] + box[3]) / 2 - cy0
    anchor = corner.copy()
    clip_x, clip_y = np.empty(14), np.empty(14)
    moved = np.empty(4, dtype=np.int64)
    offset = np.empty(4, dtype=np.int64)
    dx, dy = target_x - start_x, target_y - start_y
    along, gap, steps = 0.0, GRAZE / np.hypot(dx, dy), 0
    while not meets(shapes_xy[turn], corner, box, clip_x, clip_y):
        for k in range(4):
            offset[k] = corner[k] - anchor[k]
        cx, cy = _corner_xy(offset)
        best, best_edge = np.inf, -1
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
            anchor[:] = corner
            dx, dy = target_x - start_x, target_y - start_y
            along, gap = 0.0, GRAZE / np.hypot(dx, dy)
            continue
        entry = step(row, best_edge)
        if entry < 0:
            return SHALLOW, turn
        turn = _across(turn, corner, best_edge, entry, shapes, edge_turn, moved)
        corner[:] = moved
        along = best
    return DONE, turn


@njit(cache=True, nogil=True, inline="always")
def block_box(region, size, i, j, out):
    """Block (i, j) of the region cut into ``size`` squares from its lower-left corner."""
    out[0] = region[0] + i * size
    out[1] = region[1] + j * size
    out[2] = min(region[0] + (i + 1) * size, region[2])
    out[3] = min(region[1] + (j + 1) * size, region[3])


@njit(cache=True, nogil=True)
def owned(turns, corners, inside, count, region, size, columns, rows, i, j, shapes_xy):
    """Which of the first ``count`` tiles (those ``inside`` block (i, j)) have block (i, j)
    as the first block, in scan order (rows bottom up, each left to right), that they
    meet: each tile of the region is written by exactly one block."""
    keep = np.zeros(count, dtype=np.bool_)
    box = np.empty(4)
    clip_x, clip_y = np.empty(14), np.empty(14)
    for n in range(count):
        if not inside[n]:
            continue
        cx, cy = _corner_xy(corners[n])
        low_x = low_y = np.inf
        high_x = -np.inf
        for k in range(14):
            low_x = min(low_x, shapes_xy[turns[n], k, 0] + cx)
            high_x = max(high_x, shapes_xy[turns[n], k, 0] + cx)
            low_y = min(low_y, shapes_xy[turns[n], k, 1] + cy)
        first_i = max(0, min(columns - 1, int(np.floor((low_x - region[0]) / size))))
        first_j = max(0, min(rows - 1, int(np.floor((low_y - region[1]) / size))))
        mine = True
        for jj in range(first_j, j + 1):
            for ii in range(first_i, columns):
                if jj == j and ii >= i:
                    break
                block_box(region, size, ii, jj, box)
                if box[0] >= high_x:
                    break  # this block and the rest of its row lie right of the tile
                if meets(shapes_xy[turns[n]], corners[n], box, clip_x, clip_y):
                    mine = False
                    break
            if not mine:
                break
        keep[n] = mine
    return keep
