"""Compiled kernels: the hat tiling's kite step, and the row-by-row kite walk.

Why compiled: a hat costs about eight kite moves, each a table lookup and now and then a
rewrite; in Python that is some 30,000 hats a second. The logic is
``coordinates.HatTiling.step``'s and ``walk``'s (the readable reference; the tests
compare the two), with the address held in place: ``types[k]`` and ``indices[k]`` for every
level up to the ancestry's depth (the levels a kite shares with the start hat are the
ancestry's own), and ``walker`` = [kite, hat, x, y, j, map 0, map 1, map 2]: the kite's
index in its hat, the hat's in its metatile, the kite's place on the kite grid, and the
colours that its kitemap's colours 0-2 stand for (``_tables.KITEMAP_COLOURS``).

A rewrite at level d renames (indices[d], indices[d + 1]) and so changes types[d + 1]; the
rewrites below it change indices[d] again. Python copies the address for each attempt; here
each level saves what it may change on entry and puts it back when all its names failed,
so one pair of arrays serves the whole search.

Why no allocation: every kernel here runs without Numba's runtime
(``core.compilation.WITHOUT_RUNTIME``), whose reference counts on the four arrays of an
address made a move of the walk take about 100 ns where it now takes 13. The caller hands
in every array a kernel needs (``walk_rows``'s spare addresses; the breadth-first
``_bfs_kernels.search`` allocates the ring for its runtime-free ``_expand``).
"""

import math

import numpy as np
from numba import njit

from tilewright.aperiodic.hat._tables import KITEMAP, KITEMAP_COLOURS, METAMAP
from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    HAT_KITE_COUNT,
    HAT_OUTLINE,
    HATS_IN,
    HEXAGON_STEP,
    MOST_CHILDREN,
    MOVES,
    REFLECTED_INDEX,
    REFLECTED_TYPE,
    TYPES,
    UNITS,
    Placement,
    edge_crossings,
    hat_kites,
    hat_outline,
)
from tilewright.core.compilation import WITHOUT_RUNTIME

# the fields of a walker: then, from MAP, the colours that the kitemap's colours 0-2 stand for
KITE, HAT, X, Y, J, MAP = 0, 1, 2, 3, 4, 5
SQRT3 = math.sqrt(3)
# where a hat's box lies (``box_flag``): outside the region, wholly inside it, or across its
# sides (the hat is then clipped to tell); a found hat's flag is one of the last two
OUTSIDE, INSIDE, BORDER = 0, 1, 2


def _kitemap() -> np.ndarray:
    rows = max(len(rows) for rows in KITEMAP.values())
    table = np.full((len(TYPES), rows, MOVES, 3), -1, np.int8)
    for number, t in enumerate(TYPES):
        for row, entries in enumerate(KITEMAP[t]):
            for move, entry in enumerate(entries):
                if entry is not None:
                    table[number, row, move] = entry
    return table


def _metamap() -> tuple[np.ndarray, np.ndarray]:
    rows = max(len(rows) for rows in METAMAP.values())
    names = max(len(labels) for rows in METAMAP.values() for labels in rows)
    table = np.full((len(TYPES), rows, names, 2), -1, np.int8)
    counts = np.zeros((len(TYPES), rows), np.int8)
    for number, t in enumerate(TYPES):
        for row, labels in enumerate(METAMAP[t]):
            counts[number, row] = len(labels)
            for k, label in enumerate(labels):
                table[number, row, k] = label
    return table, counts


def _child_types() -> np.ndarray:
    table = np.full((len(TYPES), MOST_CHILDREN), -1, np.int8)
    for number, t in enumerate(TYPES):
        table[number, : len(CHILDREN[t])] = [TYPES.index(c) for c in CHILDREN[t]]
    return table


def _crossings() -> tuple[np.ndarray, np.ndarray]:
    """Per (reflected, edge): the moves from kite 0 to the kite on the edge and across it
    (-1 after the last), and the last of them, the move across
    (``geometry.edge_crossings``). One list of moves, so that a kernel crossing an
    edge has one call of ``step`` inlined, not two (each costs a second of compiling)."""
    ways = np.full((2, len(HAT_OUTLINE), 8), -1, np.int64)
    across = np.zeros((2, len(HAT_OUTLINE)), np.int64)
    for reflected in (0, 1):
        for edge, (path, move) in enumerate(edge_crossings(bool(reflected))):
            ways[reflected, edge, : len(path) + 1] = (*path, move)
            across[reflected, edge] = move
    return ways, across


def _reference_kites() -> np.ndarray:
    """Per (reflected, kite index): the kite's pointy end and direction in a hat placed at
    the origin, unturned."""
    table = np.zeros((2, HAT_KITE_COUNT, 3), np.int64)
    for reflected in (0, 1):
        for k, ((x, y), j) in enumerate(hat_kites(Placement((0, 0), (1, 0), bool(reflected)))):
            table[reflected, k] = x, y, j
    return table


def _shapes() -> np.ndarray:
    """Per (turn, reflected), a hat's 14 vertices less its start, in hat units."""
    shapes = np.zeros((6, 2, len(HAT_OUTLINE), 2))
    for turn, unit in enumerate(UNITS):
        for reflected in (0, 1):
            points = np.array(hat_outline(Placement((0, 0), unit, bool(reflected))), float)
            shapes[turn, reflected, :, 0] = (2 * points[:, 0] + points[:, 1]) / (2 * SQRT3)
            shapes[turn, reflected, :, 1] = points[:, 1] / 2
    return shapes


def _colours() -> np.ndarray:
    table = np.full((len(TYPES), MOST_CHILDREN, HATS_IN["H"]), -1, np.int64)
    for number, t in enumerate(TYPES):
        for child, colours in enumerate(KITEMAP_COLOURS[t]):
            table[number, child, : len(colours)] = colours
    return table


KITEMAP_TABLE = _kitemap()
METAMAP_TABLE, METAMAP_COUNTS = _metamap()
CHILD_TYPES = _child_types()
COLOURS = _colours()
SHAPES = _shapes()
# per (turn, reflected), the box of SHAPES: least and greatest x, least and greatest y
SHAPE_BOXES = np.stack(
    [bound(SHAPES[..., axis], axis=-1) for axis in (0, 1) for bound in (np.min, np.max)],
    axis=-1,
)
CROSS_WAYS, CROSS_MOVES = _crossings()
REFERENCE_KITES = _reference_kites()
# a neighbour's id: its kite 0's hexagon (a, b) and direction, as ``walk`` names hats
NEIGHBOUR_FIELDS = 3
UNIT_TABLE = np.array(UNITS, np.int64)
_SLOTS = HATS_IN["H"]  # hat slots a child in a kitemap row number
_KITES = HAT_KITE_COUNT
LEFT, RIGHT, FORWARD_LEFT, FORWARD_RIGHT = 0, 1, 2, 3
# fields of a found hat: its start (kite 0's pointy end) x, y, kite 0's direction, the
# metatile type's number, the hat's index in it, its colour, and the flag (INSIDE or BORDER)
FOUND_FIELDS = 7


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _by_kitemap(types, indices, walker, move) -> bool:
    parent = types[1]
    row = (_SLOTS * indices[0] + walker[HAT]) * _KITES + walker[KITE]
    child = KITEMAP_TABLE[parent, row, move, 0]
    if child < 0:
        return False
    indices[0] = child
    types[0] = CHILD_TYPES[parent, child]
    walker[HAT] = KITEMAP_TABLE[parent, row, move, 1]
    walker[KITE] = KITEMAP_TABLE[parent, row, move, 2]
    return True


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def _by_metamap(types, indices, walker, move, top, saved) -> bool:
    """Every name of the level-``top`` metatile in its grandparent, each with every rewrite
    below, until the kitemap makes the move; False (the address as it was) if none does.

    ``saved[d]`` keeps level d's (indices[d], indices[d + 1], types[d + 1]) as it entered,
    and the number of its next name; ``saved[0, 4]``, the level-0 index the kitemap was
    last tried from."""
    level = top
    saved[level, 0], saved[level, 1] = indices[level], indices[level + 1]
    saved[level, 2], saved[level, 3] = types[level + 1], 0
    while True:
        grandparent = types[level + 2]
        row = MOST_CHILDREN * saved[level, 1] + saved[level, 0]
        name = saved[level, 3]
        if name < METAMAP_COUNTS[grandparent, row]:
            saved[level, 3] = name + 1
            child = METAMAP_TABLE[grandparent, row, name, 0]
            indices[level + 1], indices[level] = child, METAMAP_TABLE[grandparent, row, name, 1]
            types[level + 1] = CHILD_TYPES[grandparent, child]
            if level == 0:
                saved[0, 4] = indices[0]  # the kite's metatile in the kitemap the move uses
                if _by_kitemap(types, indices, walker, move):
                    return True
            else:
                level -= 1
                saved[level, 0], saved[level, 1] = indices[level], indices[level + 1]
                saved[level, 2], saved[level, 3] = types[level + 1], 0
        else:
            indices[level], indices[level + 1] = saved[level, 0], saved[level, 1]
            types[level + 1] = saved[level, 2]
            level += 1
            if level > top:
                return False


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _locate(types, indices, walker, move, saved) -> int:
    """Move the address by ``move``: -1 if the kitemap did it at once, else the highest
    level a rewrite renamed, or -2 if the ancestry is too shallow."""
    if _by_kitemap(types, indices, walker, move):
        return -1
    top = 0
    while top + 2 < types.shape[0]:
        if _by_metamap(types, indices, walker, move, top, saved):
            return top + 1
        top += 1
    return -2


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def _recolour(walker, before_type, before_index, after_type, after_index, before_map) -> None:
    """The colour map for the kitemap just entered (Tatham 2023). The move was made inside
    the new kitemap, from the previous kite renamed into it, so that kite's metatile has
    a number in both: before_index in the old (of type before_type), after_index in the new.
    Such a metatile lies on both kitemaps' rims, so it is a P or an F, two hats that
    touch: their colours in the two tables give two colours of the map, and the third is
    the one left over."""
    old = COLOURS[before_type, before_index]
    new = COLOURS[after_type, after_index]
    walker[MAP], walker[MAP + 1], walker[MAP + 2] = -1, -1, -1
    for hat in range(_SLOTS):
        if 0 <= old[hat] < 3:
            walker[MAP + new[hat]] = before_map[old[hat]]
    missing = 3
    for colour in range(3):
        if walker[MAP + colour] >= 0:
            missing -= walker[MAP + colour]
    for colour in range(3):
        if walker[MAP + colour] < 0:
            walker[MAP + colour] = missing


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def step(types, indices, walker, move, saved) -> bool:
    """Move the kite (address, place and colour map) by ``move``; False if the ancestry is
    too shallow."""
    before_type, before_index = types[1], indices[0]
    renamed = _locate(types, indices, walker, move, saved)
    if renamed == -2:
        return False
    if renamed >= 1:
        # rewrites at levels 0 .. renamed - 1; each level's entry values, in ``saved``, are
        # the address as it was (a level's index changes only by its own rewrite or the one
        # below, which runs after it): the kitemap changed if a level from 1 up did
        top = renamed - 1
        changed = indices[top + 1] != saved[top, 1]
        for level in range(1, top + 1):
            changed |= indices[level] != saved[level, 0]
        if changed:
            before_map = (walker[MAP], walker[MAP + 1], walker[MAP + 2])
            _recolour(walker, before_type, before_index, types[1], saved[0, 4], before_map)
    j = walker[J]
    if move == LEFT:
        walker[J] = (j + 1) % 6
    elif move == RIGHT:
        walker[J] = (j + 5) % 6
    elif move == FORWARD_LEFT:
        walker[X] += HEXAGON_STEP * UNIT_TABLE[(j + 1) % 6, 0]
        walker[Y] += HEXAGON_STEP * UNIT_TABLE[(j + 1) % 6, 1]
        walker[J] = (j + 4) % 6
    else:
        walker[X] += HEXAGON_STEP * UNIT_TABLE[j, 0]
        walker[Y] += HEXAGON_STEP * UNIT_TABLE[j, 1]
        walker[J] = (j + 2) % 6
    return True


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def _cross(types, indices, walker, saved, direction) -> bool:
    """To the neighbouring hexagon in ``direction``: face it, then forward right."""
    turn = (direction - walker[J]) % 6
    move, count = (LEFT, turn) if turn <= 3 else (RIGHT, 6 - turn)
    for _ in range(count):
        if not step(types, indices, walker, move, saved):
            return False
    return step(types, indices, walker, FORWARD_RIGHT, saved)


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def go_to(types, indices, walker, saved, a, b) -> bool:
    """Walk hexagon by hexagon to hexagon (a, b): rows first, then along the row."""
    while walker[Y] // HEXAGON_STEP != b:
        up = b > walker[Y] // HEXAGON_STEP
        if not _cross(types, indices, walker, saved, 1 if up else 4):
            return False
    while walker[X] // HEXAGON_STEP != a:
        right = a > walker[X] // HEXAGON_STEP
        if not _cross(types, indices, walker, saved, 0 if right else 3):
            return False
    return True


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def box_flag(types, walker, box) -> int:
    """Where the box of the hat whose kite 0 the walker is at lies: ``OUTSIDE`` the open
    rectangle ``box``, ``INSIDE`` it, or meeting its sides (``BORDER``)."""
    reflected = _is_reflected(types, walker)
    j = walker[J]
    turned = (j + 1) % 6 if reflected else j
    x, y = walker[X], walker[Y]
    shape = SHAPE_BOXES[turned, 1 if reflected else 0]
    base_x, base_y = (2 * x + y) / (2 * SQRT3), y / 2
    low_x, high_x = base_x + shape[0], base_x + shape[1]
    low_y, high_y = base_y + shape[2], base_y + shape[3]
    if high_x <= box[0] or low_x >= box[2] or high_y <= box[1] or low_y >= box[3]:
        return OUTSIDE
    if low_x >= box[0] and high_x <= box[2] and low_y >= box[1] and high_y <= box[3]:
        return INSIDE
    return BORDER


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def record(row, types, indices, walker, flag) -> None:
    """The hat whose kite 0 the walker is at as a found row (``FOUND_FIELDS``)."""
    row[0], row[1], row[2] = walker[X], walker[Y], walker[J]
    row[3], row[4] = types[0], walker[HAT]
    colour = COLOURS[types[1], indices[0], walker[HAT]]
    row[5] = colour if colour == 3 else walker[MAP + colour]
    row[6] = flag


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def walk_rows(
    types, indices, walker, saved, row, scratch, b0, firsts, lasts, box, found, near
) -> int:
    """The hats whose kite 0 lies in hexagons ``firsts[r]..lasts[r]`` of rows b0 + r, and
    whose box meets ``box``, into ``found`` (``FOUND_FIELDS`` a row); returns how many, or
    -1 if the ancestry is too shallow. The caller's (types, indices, walker) is the start of
    the row walk, and is left at the last row's first hexagon. When ``near`` has rows (one
    a row of ``found``), each hat's neighbours' ids go there (``neighbour_ids``). ``row``
    and ``scratch`` are spare addresses (arrays shaped as types, indices, walker): the
    kernel allocates nothing, so runs without Numba's runtime."""
    row_types, row_indices, row_walker = row
    neighbours = near.shape[0] > 0
    count = 0
    for r in range(firsts.shape[0]):
        if not go_to(types, indices, walker, saved, firsts[r], b0 + r):
            return -1
        copy_into(row_types, types)
        copy_into(row_indices, indices)
        copy_into(row_walker, walker)
        for a in range(firsts[r], lasts[r] + 1):
            if a > firsts[r] and not _cross(row_types, row_indices, row_walker, saved, 0):
                return -1
            for turn in range(6):
                if turn and not step(row_types, row_indices, row_walker, LEFT, saved):
                    return -1
                if row_walker[KITE] != 0:
                    continue
                flag = box_flag(row_types, row_walker, box)
                if flag == OUTSIDE:
                    continue
                record(found[count], row_types, row_indices, row_walker, flag)
                if neighbours and not neighbour_ids(
                    row_types, row_indices, row_walker, saved, scratch, near[count]
                ):
                    return -1
                count += 1
    return count


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def _is_reflected(types, walker) -> bool:
    return types[0] == REFLECTED_TYPE and walker[HAT] == REFLECTED_INDEX


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def neighbour_ids(types, indices, walker, saved, scratch, out) -> bool:
    """The ids of the hats across the 14 edges of the hat whose kite 0 the address is at,
    into ``out`` (14, 3); False if the ancestry is too shallow. ``scratch`` is three arrays
    the size of (types, indices, walker) for the walks out and back."""
    reflected = 1 if _is_reflected(types, walker) else 0
    for edge in range(CROSS_MOVES.shape[1]):
        if not across(types, indices, walker, saved, scratch, reflected, edge):
            return False
        x, y, j = hat_start(scratch[0], scratch[2])
        out[edge, 0], out[edge, 1], out[edge, 2] = x // HEXAGON_STEP, y // HEXAGON_STEP, j
    return True


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def across(types, indices, walker, saved, scratch, reflected, edge) -> bool:
    """``scratch`` (three arrays the size of types, indices and walker) set to the kite
    across edge ``edge`` of the hat whose kite 0 the address is at (mirrored when
    ``reflected`` is 1); False if the ancestry is too shallow."""
    scratch_types, scratch_indices, scratch_walker = scratch
    copy_into(scratch_types, types)
    copy_into(scratch_indices, indices)
    copy_into(scratch_walker, walker)
    way = CROSS_WAYS[reflected, edge]
    return follow(scratch_types, scratch_indices, scratch_walker, saved, way)


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def follow(types, indices, walker, saved, moves) -> bool:
    """Move the kite by each of ``moves`` in turn, up to the first -1; False if the
    ancestry is too shallow."""
    for move in moves:
        if move < 0:
            break
        if not step(types, indices, walker, move, saved):
            return False
    return True


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def copy_into(to, source) -> None:
    """``to[:] = source``, written out: a slice assignment compiles Numba's message for a
    mismatch of shapes, for each pair of types (seconds of compiling in all)."""
    for k in range(to.shape[0]):
        to[k] = source[k]


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def hat_start(types, walker):
    """The start (kite 0's pointy end) x, y and kite 0's direction of the hat whose kite
    the walker is at."""
    # the walker is at kite k of its hat: the hat is turned so that its reference kite k
    # faces the same way, and its start follows
    other = 1 if _is_reflected(types, walker) else 0
    kite = REFERENCE_KITES[other, walker[KITE]]
    turn = (walker[J] - kite[2]) % 6
    unit_x, unit_y = UNIT_TABLE[turn, 0], UNIT_TABLE[turn, 1]
    # (kite x + kite y·r)(unit x + unit y·r), with r² = r − 1
    shift_x = kite[0] * unit_x - kite[1] * unit_y
    shift_y = kite[0] * unit_y + kite[1] * unit_x + kite[1] * unit_y
    return walker[X] - shift_x, walker[Y] - shift_y, (REFERENCE_KITES[other, 0, 2] + turn) % 6
