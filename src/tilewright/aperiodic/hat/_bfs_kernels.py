"""Compiled kernel: the breadth-first search of a hat patch (``bfs``).

Why compiled: each hat found costs a few kite moves (``_kernels.step``): from a hat
kept, ``across`` walks from its kite 0 to the kite on an edge and one move over, then the
hat there is walked to its own kite 0. Addresses are held as ``_kernels`` holds them:
``types`` and ``indices`` for every level, and the walker (kite, hat, place, colour map).

Why few crossings: where a hat lies is known before its address is. Every kite of the
region's hexagons (six about each hexagon's centre, where their pointy ends meet) has an
entry in ``owner``, the row of the hat that covers it, set when that hat is met; the kite
across a hat's edge is found by arithmetic from the hat's place (``ACROSS``), so an edge
whose neighbour was met already is settled without a move, and each hat is walked to
once, about six moves, as the line walk spends on a hat. The hats met are the queue, in
order; a hat's address is needed only until it is crossed from, so addresses live in a
ring as long as the search's front.
"""

import numpy as np
from numba import njit

from tilewright.aperiodic.hat._kernels import (
    CROSS_MOVES,
    CROSS_WAYS,
    FOUND_FIELDS,
    HAT,
    KITE,
    NEIGHBOUR_FIELDS,
    OUTSIDE,
    across,
    box_flag,
    copy_into,
    follow,
    go_to,
    hat_start,
    record,
    step,
)
from tilewright.aperiodic.hat.geometry import (
    FORWARD_LEFT,
    FORWARD_RIGHT,
    HAT_KITE_COUNT,
    HEXAGON_STEP,
    LEFT,
    REFLECTED_INDEX,
    REFLECTED_TYPE,
    RIGHT,
    UNITS,
    Placement,
    edge_crossings,
    hat_kites,
    moved,
)
from tilewright.core.compilation import WITHOUT_RUNTIME

DONE, SHALLOW, FULL, ASTRAY = 0, 1, 2, 3
_RING_FULL = 4  # ``_expand``'s: grow the ring, then go on
UNSEEN = -1  # ``owner`` of a kite whose hat is not met yet
EDGES = CROSS_MOVES.shape[1]
DIRECTIONS = 6
UNDO = np.array([RIGHT, LEFT, FORWARD_RIGHT, FORWARD_LEFT], np.int64)  # each move's inverse


def _ways_back() -> np.ndarray:
    """Per (reflected, kite): the moves from that kite back to kite 0 of its hat (-1 after
    the last).

    From ``edge_crossings``, whose ways from kite 0 pass every kite of a hat (the fewest
    moves first, so each way back is a shortest one too)."""
    back = np.full((2, HAT_KITE_COUNT, CROSS_WAYS.shape[2]), -1, np.int64)
    for reflected in (0, 1):
        kites = hat_kites(Placement((0, 0), (1, 0), bool(reflected)))
        for path, _ in edge_crossings(bool(reflected)):
            kite = kites[0]
            for length, out in enumerate(path, 1):
                kite = moved(kite, out)
                undone = [UNDO[m] for m in reversed(path[:length])]
                back[reflected, kites.index(kite), : len(undone)] = undone
    return back


def _placed_kites() -> tuple[np.ndarray, np.ndarray]:
    """Per (kite 0's direction, reflected): a hat's kites 0-7 and the kite across each of
    its edges, as (x, y, direction) from its start."""
    own = np.zeros((DIRECTIONS, 2, HAT_KITE_COUNT, 3), np.int64)
    over = np.zeros((DIRECTIONS, 2, EDGES, 3), np.int64)
    for j in range(DIRECTIONS):
        for reflected in (0, 1):
            # a mirrored hat's kite 0 faces one turn short of the hat (``walk._tile``)
            turn = (j + 1) % DIRECTIONS if reflected else j
            kites = hat_kites(Placement((0, 0), UNITS[turn], bool(reflected)))
            own[j, reflected] = [(x, y, d) for (x, y), d in kites]
            for edge, (path, move) in enumerate(edge_crossings(bool(reflected))):
                kite = kites[0]
                for out in (*path, move):
                    kite = moved(kite, out)
                (x, y), d = kite
                over[j, reflected, edge] = x, y, d
    return own, over


BACK = _ways_back()
KITES, ACROSS = _placed_kites()


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _reflected(types, walker) -> int:
    return 1 if types[0] == REFLECTED_TYPE and walker[HAT] == REFLECTED_INDEX else 0


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _kite_slot(x, y, direction, b0, firsts, lasts, offsets) -> int:
    """The number of the kite with its pointy end at (x, y) (a hexagon's centre), facing
    ``direction``, among the region's, or -1 outside them. The hexagons are rows b0 + r,
    ``firsts[r]..lasts[r]``, the row's first numbered ``offsets[r]``."""
    a, b = x // HEXAGON_STEP, y // HEXAGON_STEP
    r = b - b0
    if r < 0 or r >= firsts.shape[0] or a < firsts[r] or a > lasts[r]:
        return -1
    return DIRECTIONS * (offsets[r] + a - firsts[r]) + direction


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def to_hat(types, indices, walker, saved, a, b) -> bool:
    """Walk to kite 0 of the hat whose kite 0 lies in hexagon (a, b) (there must be one);
    False if the ancestry is too shallow."""
    if not go_to(types, indices, walker, saved, a, b):
        return False
    for _ in range(DIRECTIONS - 1):  # the six kites about the hexagon's centre
        if walker[KITE] == 0:
            return True
        if not step(types, indices, walker, LEFT, saved):
            return False
    return walker[KITE] == 0


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _to_kite_zero(types, indices, walker, saved) -> bool:
    """From the kite the walker is at to kite 0 of its hat; False if the ancestry is too
    shallow."""
    return follow(types, indices, walker, saved, BACK[_reflected(types, walker), walker[KITE]])


@njit(cache=True, nogil=True)
def _grown(ring, head, count):
    """The ring of addresses twice as long, rows head..count - 1 kept in their places
    (row i of the queue is ring row i modulo its length)."""
    longer = np.empty((2 * ring.shape[0], ring.shape[1]), ring.dtype)
    for i in range(head, count):
        copy_into(longer[i % longer.shape[0]], ring[i % ring.shape[0]])
    return longer


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _meet(found, owner, count, types, indices, walker, box, b0, firsts, lasts, offsets) -> int:
    """The hat whose kite 0 the address is at into row ``count`` of ``found``, and its
    kites' owner; returns its flag (``OUTSIDE``: its box misses the region)."""
    flag = box_flag(types, walker, box)
    record(found[count], types, indices, walker, flag)
    x, y, j = found[count, 0], found[count, 1], found[count, 2]
    for kite in KITES[j, _reflected(types, walker)]:
        slot = _kite_slot(x + kite[0], y + kite[1], kite[2], b0, firsts, lasts, offsets)
        if slot >= 0:
            owner[slot] = count
    return flag


@njit(cache=True, nogil=True, inline="always", **WITHOUT_RUNTIME)
def _push(ring_types, ring_indices, ring_walkers, at, types, indices, walker) -> None:
    """An address into row ``at`` of the ring."""
    copy_into(ring_types[at], types)
    copy_into(ring_indices[at], indices)
    copy_into(ring_walkers[at], walker)


@njit(cache=True, nogil=True)
def search(
    types, indices, walker, saved, box, b0, firsts, lasts, offsets, capacity, ring, neighbours
):
    """Every hat whose box meets the open rectangle ``box``, breadth first from the hat
    whose kite 0 the address (types, indices, walker) is at, which must be one. The ring
    of addresses holds ``ring`` at first, and grows with the search's front.

    The hexagons b0, firsts, lasts, offsets (as ``_kite_slot`` takes them, ``offsets[-1]``
    of them in all) must hold kite 0 of every such hat and of its neighbours. A hat is met
    once, from the first hat crossed from that has it across an edge; it is kept, and
    crossed from in turn, when its box meets the region.

    Returns
    -------
    tuple
        (found, near, count, status): ``found`` the hats met in rows of ``FOUND_FIELDS``,
        as ``_kernels.walk_rows`` writes them, in the order met (the flag ``OUTSIDE``
        for those not kept); with ``neighbours``, ``near`` (per row, 14 edges, 3) the ids
        across each edge of a kept hat, as ``neighbour_ids`` names them; the number met;
        DONE, SHALLOW (the ancestry is too shallow), FULL (more than ``capacity``) or
        ASTRAY (a neighbour beyond the hexagons).
    """
    found = np.empty((capacity, FOUND_FIELDS), np.int64)
    near = np.empty((capacity if neighbours else 0, EDGES, NEIGHBOUR_FIELDS), np.int64)
    owner = np.full(DIRECTIONS * offsets[-1], UNSEEN, np.int32)
    ring_types = np.empty((ring, types.shape[0]), np.int8)
    ring_indices = np.empty((ring, indices.shape[0]), np.int8)
    ring_walkers = np.empty((ring, walker.shape[0]), np.int64)
    here = (types.copy(), indices.copy(), walker.copy())
    scratch = (types.copy(), indices.copy(), walker.copy())
    _meet(found, owner, 0, types, indices, walker, box, b0, firsts, lasts, offsets)
    _push(ring_types, ring_indices, ring_walkers, 0, types, indices, walker)
    progress = np.array([1, 0], np.int64)  # hats met, and the queue's head
    while True:
        status = _expand(
            found, near, owner, (ring_types, ring_indices, ring_walkers), here, scratch,
            saved, box, b0, firsts, lasts, offsets, neighbours, progress,
        )  # fmt: skip
        if status != _RING_FULL:
            return found, near, progress[0], status
        head, count = progress[1], progress[0]
        ring_types = _grown(ring_types, head, count)
        ring_indices = _grown(ring_indices, head, count)
        ring_walkers = _grown(ring_walkers, head, count)


@njit(cache=True, nogil=True, **WITHOUT_RUNTIME)
def _expand(
    found, near, owner, rings, here, scratch, saved, box, b0, firsts, lasts, offsets,
    neighbours, progress,
):  # fmt: skip
    """``search``'s queue, from ``progress`` = (hats met, head) on, until it is empty
    (DONE), a status that ends the search, or ``_RING_FULL``: the ring may not hold the
    hats the head's edges could add, and must grow before the head is crossed from. On
    return ``progress[0]`` is the hats met; ``progress[1]`` is the head only after
    ``_RING_FULL``. Kept apart from the allocations so that it runs without Numba's
    runtime (its reference counts cost more than the moves)."""
    ring_types, ring_indices, ring_walkers = rings
    here_types, here_indices, here_walker = here
    next_types, next_indices, next_walker = scratch
    capacity = found.shape[0]
    count, head = progress[0], progress[1]
    while head < count:
        if found[head, 6] == OUTSIDE:
            head += 1
            continue
        if count - head + EDGES >= ring_walkers.shape[0]:
            progress[0], progress[1] = count, head
            return _RING_FULL
        at = head % ring_walkers.shape[0]
        copy_into(here_types, ring_types[at])
        copy_into(here_indices, ring_indices[at])
        copy_into(here_walker, ring_walkers[at])
        x, y, j = found[head, 0], found[head, 1], found[head, 2]
        reflected = _reflected(here_types, here_walker)
        for edge in range(EDGES):
            kite = ACROSS[j, reflected, edge]
            slot = _kite_slot(x + kite[0], y + kite[1], kite[2], b0, firsts, lasts, offsets)
            other = owner[slot] if slot >= 0 else UNSEEN
            if other == UNSEEN:
                if not across(
                    here_types, here_indices, here_walker, saved, scratch, reflected, edge
                ):
                    progress[0] = count
                    return SHALLOW
                # the hat there, by its kite 0: met already (from another of its kites) or new
                hx, hy, hj = hat_start(next_types, next_walker)
                zero = _kite_slot(hx, hy, hj, b0, firsts, lasts, offsets)
                if zero < 0:
                    progress[0] = count
                    return ASTRAY
                other = owner[zero]
            if other == UNSEEN:
                if not _to_kite_zero(next_types, next_indices, next_walker, saved):
                    progress[0] = count
                    return SHALLOW
                if count == capacity:
                    progress[0] = count
                    return FULL
                flag = _meet(
                    found, owner, count, next_types, next_indices, next_walker, box,
                    b0, firsts, lasts, offsets,
                )  # fmt: skip
                if flag != OUTSIDE:
                    _push(
                        ring_types, ring_indices, ring_walkers, count % ring_walkers.shape[0],
                        next_types, next_indices, next_walker,
                    )  # fmt: skip
                other = count
                count += 1
            if neighbours:
                near[head, edge, 0] = found[other, 0] // HEXAGON_STEP
                near[head, edge, 1] = found[other, 1] // HEXAGON_STEP
                near[head, edge, 2] = found[other, 2]
        head += 1
    progress[0] = count
    return DONE
