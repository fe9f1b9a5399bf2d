"""The tiles near a rectangle, found down the substitution hierarchy in bounded memory.

The breadth-first search (:func:`~.patch.search`) holds every triangle from the tiling's
centre to the region. Here the tiling is read from the top instead: the start triangle's
ancestors, each φ times larger than the one below (:mod:`.substitution` places a child in
its parent exactly), are climbed to a level ``L`` whose triangles are about as large as
the box holding the region and the centre; the few triangles of that level meeting the
box are found breadth first from the ancestor (the moves of :mod:`.tables`, across edges of
triangles of level ``L``, with the letters above drawn as the moves need them); and each
of those meeting the region is replaced by its children, depth first, down to the tiles'
halves, dropping every triangle whose box (from its exact corners, enlarged for the floats'
rounding) lies farther from the region than a tile reaches (the compiled
``_descent_kernels.descend``). Memory is the stack, three triangles a level, and the tiles
found; a region 10^9 edges away costs some 45 levels, one near the centre a few.

Each tile is reported once, by one of its halves (``substitution.REPORTING``), as the
search reports it: :func:`~.region.canonical` then gives it the same corners, type, turn
and id, and :func:`~.region.meets` keeps the same tiles. Their order is the hierarchy's:
the top triangles in the order found, each one's tiles together, depth first (children in
the order of ``substitution.CHILDREN``).
"""

import math
from collections import deque
from collections.abc import Iterator
from itertools import pairwise

import numpy as np

from tilewright.aperiodic.penrose import _descent_kernels as kernels
from tilewright.aperiodic.penrose.field import Point, across, up
from tilewright.aperiodic.penrose.patch import (
    LETTERS,
    NEXT_EDGES,
    SIBLING_EDGES,
    Ancestry,
    Corners,
    place,
    start_corners,
)
from tilewright.aperiodic.penrose.substitution import (
    CHILDREN,
    IN_PARENT,
    OTHER_HALF,
    REPORTING,
    parent_corners,
)
from tilewright.aperiodic.penrose.tables import MOVE_IN, MOVE_OUT

# how far (edges) a tile meeting the region reaches past it, at most: a tile is at most
# φ ≈ 1.62 across, so its reporting half lies that near
REACH = 1.7
# the top level's triangles have legs at least the box's longer side over this: a few
# dozen of them meet the box
TOP_SPAN = 3.0
# the deepest top level: its corners' integers (about φ^L) keep their products within
# int64, and a region within ``tiling.PENROSE_MAX_COORDINATE`` needs about 45
MAX_LEVEL = 70
# tiles a batch: what the descent holds besides its stack
BATCH = 1 << 16
_PHI = (1 + math.sqrt(5)) / 2
_ROOT5 = math.sqrt(5)
# ``field.across`` and ``field.up`` units per edge
_ACROSS_UNITS = 4.0
_UP_UNITS = 2.0 / math.sin(math.pi / 5)
Box = tuple[float, float, float, float]


def _place(p: Point) -> tuple[float, float]:
    """The point in edges (``region.xy``, one point)."""
    (x, x5), (y, y5) = across(p), up(p)
    return (x + x5 * _ROOT5) / _ACROSS_UNITS, (y + y5 * _ROOT5) / _UP_UNITS


def _near(corners: Corners, box: Box) -> bool:
    """Whether the triangle's box, enlarged for the floats' rounding, meets ``box``."""
    xs, ys = zip(*(_place(p) for p in corners), strict=True)
    slack = kernels.RELATIVE_SLACK * (1.0 + max(map(abs, (*xs, *ys))))
    return not (
        max(xs) + slack < box[0]
        or min(xs) - slack > box[2]
        or max(ys) + slack < box[1]
        or min(ys) - slack > box[3]
    )


def top_level(box: Box) -> int:
    """The level whose triangles' legs (φ^level edges) reach ``box``'s longer side over
    ``TOP_SPAN``.

    Examples
    --------
    >>> top_level((0.0, 0.0, 1.0, 1.0)), top_level((0.0, 0.0, 1e6, 1e6))
    (0, 27)
    """
    span = max(box[2] - box[0], box[3] - box[1]) / TOP_SPAN
    return max(0, math.ceil(math.log(span, _PHI))) if span > 1 else 0


def _across(row: list[str], edge: int, level: int, ancestry: Ancestry) -> tuple[list[str], int]:
    """The letters (from ``level`` up) of the triangle across ``edge`` of the one with
    ``row``, and the edge it is entered through: up while the move leaves the parent
    (``tables.MOVE_OUT``), then down into the parent entered (``MOVE_IN``), as the
    search's ``_step``. ``row`` grows with the ancestry's letters as the move needs them."""
    up = 0
    ends = []
    while True:
        if up + 1 >= len(row):
            row.extend(ancestry.letters(level + len(row), level + up + 2))
        sibling, way, end = MOVE_OUT[(row[up + 1], row[up], edge)]
        if sibling:
            break
        ends.append(end)
        edge = way
        up += 1
    across = list(row)
    across[up] = sibling
    while up > 0:
        up -= 1
        across[up], way = MOVE_IN[(across[up + 1], way, ends[up])]
    return across, way


def top_triangles(
    ancestry: Ancestry, turn: int, start_vertex: int, region: Box
) -> tuple[int, list[tuple[str, Corners]]]:
    """The level ``L`` to descend from and its triangles near ``region`` (grown by
    ``REACH``): letter and exact corners each, in the order found.

    The start's ancestor of level ``L`` holds the centre, and the triangles of that level
    meeting the box round the region and the centre are found from it, across edges:
    they cover a convex set that they cross through edges.
    """
    grown = (region[0] - REACH, region[1] - REACH, region[2] + REACH, region[3] + REACH)
    box = (min(grown[0], 0.0), min(grown[1], 0.0), max(grown[2], 0.0), max(grown[3], 0.0))
    level = min(top_level(box), MAX_LEVEL)
    letters = ancestry.letters(0, level + 1)
    corners = start_corners(letters[0], turn, start_vertex)
    for below, above in pairwise(letters):
        corners = parent_corners(above, below, corners)
    seen = {corners}
    queue = deque([(letters[level:], corners)])
    tops = []
    while queue:
        row, own = queue.popleft()
        if _near(own, grown):
            tops.append((row[0], own))
        for edge in range(3):
            across, arrive = _across(row, edge, level, ancestry)
            placed = place(across[0], own[(edge + 1) % 3], own[edge], arrive)
            if placed not in seen and _near(placed, box):
                seen.add(placed)
                queue.append((across, placed))
    return level, tops


def descend(ancestry: Ancestry, turn: int, start_vertex: int, region: Box) -> Iterator[np.ndarray]:
    """The tiles near ``region`` (x0, y0, x1, y1; every one meeting it among them), in
    batches of at most ``BATCH``: int64 (n, 4, 4), each tile's corners as the search
    gives them (from an end of the edge its halves share, anticlockwise).

    Parameters
    ----------
    ancestry : Ancestry
        The start triangle's letters (at least the lowest); more are drawn as needed.
    turn : int
        Tenths of a turn of the start triangle's base, 0–9.
    start_vertex : int
        Which corner of the start triangle is at the origin, 0–2.
    region : tuple of float
        The rectangle, in edges.
    """
    level, tops = top_triangles(ancestry, turn, start_vertex, region)
    # each visit replaces a triangle by at most three: two more a level, the tops below
    room = len(tops) + 2 * level + 3
    letters = np.empty(room, dtype=np.int64)
    levels = np.empty(room, dtype=np.int64)
    corners = np.empty((room, 3, 4), dtype=np.int64)
    for at, (letter, own) in enumerate(reversed(tops)):  # the first found on top
        letters[at], levels[at], corners[at] = LETTERS.index(letter), level, own
    grown = np.array([region[0] - REACH, region[1] - REACH, region[2] + REACH, region[3] + REACH])
    state = np.array([len(tops), 0], dtype=np.int64)
    tiles = np.empty((BATCH, 4, 4), dtype=np.int64)
    while True:
        status = kernels.descend(
            state, letters, levels, corners, grown, CHILDREN, IN_PARENT, NEXT_EDGES,
            SIBLING_EDGES, OTHER_HALF, REPORTING, tiles,
        )  # fmt: skip
        yield tiles[: state[1]].copy()
        if status == kernels.DONE:
            return
        state[1] = 0
