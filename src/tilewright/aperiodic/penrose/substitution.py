"""Where each Penrose triangle's children lie in it, exactly: the substitution as geometry.

:mod:`.tables` gives the substitution combinatorially: which letters a triangle's
children have, and for each edge of a child the sibling across it or the parent's edge it
lies on (and which end of that edge when the children divide it in two: ``+`` the end at
the edge's start corner, ``-`` the one at its end). That is enough to place every child in
its parent, since each child has at least one edge on its parent's: this module places
them once, checks that siblings meet edge to edge as the tables say, and keeps each
child's corners as multiples of its parent's base (and the parent's as multiples of the
child's), the integers the descent (:mod:`.descent`) works with.

A parent is φ times larger than its children: a triangle of level ``l`` has legs φ^l
times those of the tiles' halves.
"""

import numpy as np

from tilewright.aperiodic.penrose.field import (
    INVERSE_PHI,
    ORIGIN,
    PHI,
    Point,
    T,
    add,
    multiply,
    power,
    sub,
)
from tilewright.aperiodic.penrose.patch import LETTERS, Corners, place
from tilewright.aperiodic.penrose.tables import MOVE_OUT, SIBLING_EDGE

# each letter's base and legs as powers of φ (the legs 1 but the half-dart's, 1/φ)
BASE_POWER = {"A": -1, "B": -1, "U": 0, "V": 0, "C": -1, "D": -1, "X": 1, "Y": 1}
LEG_POWER = {letter: -1 if letter in "UV" else 0 for letter in BASE_POWER}


def phi_power(n: int) -> Point:
    """φ^n exactly, for any whole n (1/φ = φ − 1 is a whole point too).

    Examples
    --------
    >>> multiply(phi_power(3), phi_power(-3))
    (1, 0, 0, 0)
    """
    return power(PHI, n) if n >= 0 else power(INVERSE_PHI, -n)


def _edge_power(letter: str, edge: int) -> int:
    return BASE_POWER[letter] if edge == 0 else LEG_POWER[letter]


def _children(parent: str) -> dict[str, tuple[Point, Point, Point]]:
    """The parent's children, placed in the parent whose corner 0 is at 0 and whose base
    runs along the x axis: each from one of its edges on one of the parent's edges (and
    every such edge placing it the same, or the tables and this reading of them disagree)."""
    corners = place(parent, ORIGIN, phi_power(BASE_POWER[parent] + 1), 0)
    placed: dict[str, set[tuple[Point, Point, Point]]] = {}
    for (outer, child, edge), (sibling, way, end) in MOVE_OUT.items():
        if outer != parent or sibling:
            continue
        start, stop = corners[way], corners[(way + 1) % 3]
        # the child's edge along the parent's, shorter by the ratio of their lengths
        along = multiply(
            sub(stop, start), phi_power(_edge_power(child, edge) - _edge_power(parent, way) - 1)
        )
        if end == "-":  # at the parent edge's end corner
            u, v = sub(stop, along), stop
        else:  # the whole edge, or its part at the start corner
            u, v = start, add(start, along)
        placed.setdefault(child, set()).add(place(child, u, v, edge))
    if any(len(ways) != 1 for ways in placed.values()):
        raise AssertionError(f"the children of {parent} are placed two ways")
    return {child: ways.pop() for child, ways in placed.items()}


def _unit_of(vector: Point) -> tuple[int, int]:
    """(n, k) with ``vector`` = φ^n t^k: a triangle's base is one, every level."""
    for n in range(-4, 5):
        for k in range(10):
            if multiply(phi_power(n), power(T, k)) == vector:
                return n, k
    raise AssertionError(f"{vector} is no base of a Penrose triangle")


def _inverse(vector: Point) -> Point:
    n, k = _unit_of(vector)
    return multiply(phi_power(-n), power(T, (10 - k) % 10))


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The children of each letter (by place in ``patch.LETTERS``, -1 past the last), each
    child's corners as multiples of its parent's base from the parent's corner 0, and the
    parent's corners as multiples of the child's base from the child's corner 0."""
    count = len(LETTERS)
    children = np.full((count, 3), -1, dtype=np.int64)
    in_parent = np.zeros((count, count, 3, 4), dtype=np.int64)
    parent_of = np.zeros((count, count, 3, 4), dtype=np.int64)
    for p, parent in enumerate(LETTERS):
        placed = _children(parent)
        parent_corners = place(parent, ORIGIN, phi_power(BASE_POWER[parent] + 1), 0)
        per_base = _inverse(parent_corners[1])
        for slot, child in enumerate(sorted(placed, key=LETTERS.index)):
            c = LETTERS.index(child)
            children[p, slot] = c
            corners = placed[child]
            in_parent[p, c] = [multiply(corner, per_base) for corner in corners]
            per_child_base = _inverse(sub(corners[1], corners[0]))
            parent_of[p, c] = [
                multiply(sub(corner, corners[0]), per_child_base) for corner in parent_corners
            ]
    return children, in_parent, parent_of, _checked_siblings()


def _checked_siblings() -> np.ndarray:
    """Each letter's other half of its tile, its mirror image: ``A``'s ``B``, ``U``'s
    ``V``, ``C``'s ``D``, ``X``'s ``Y``. Most halves never share a parent with theirs;
    where two do, the tables must step across the shared edge from one into the other,
    arriving through its shared edge."""
    other = np.array([LETTERS.index(MIRROR[c]) for c in LETTERS], dtype=np.int64)
    for (_, child, edge), (sibling, way, _) in MOVE_OUT.items():
        meets_mirror = sibling == MIRROR[child] and way == SIBLING_EDGE[sibling]
        if sibling and edge == SIBLING_EDGE[child] and not meets_mirror:
            raise AssertionError(f"{child}'s other half is not {MIRROR[child]}")
    return other


MIRROR = dict(zip("ABUVCDXY", "BAVUDCYX", strict=True))
CHILDREN, IN_PARENT, PARENT_OF, OTHER_HALF = _tables()
# the half of each tile that reports it: the first letter of each pair (A, U, C, X)
REPORTING = np.array([LETTERS.index(c) < OTHER_HALF[k] for k, c in enumerate(LETTERS)])


def parent_corners(parent: str, child: str, corners: Corners) -> Corners:
    """The corners of the triangle ``parent`` whose child ``child`` has ``corners``.

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.patch import start_corners
    >>> child = start_corners("A", 0, 0)
    >>> parent = parent_corners("A", "A", child)
    >>> child_corners("A", "A", parent) == child
    True
    """
    base = sub(corners[1], corners[0])
    rows = PARENT_OF[LETTERS.index(parent), LETTERS.index(child)].tolist()
    a, b, c = (add(corners[0], multiply(base, (r[0], r[1], r[2], r[3]))) for r in rows)
    return (a, b, c)


def child_corners(parent: str, child: str, corners: Corners) -> Corners:
    """The corners of ``parent``'s child ``child``, the parent having ``corners``."""
    base = sub(corners[1], corners[0])
    rows = IN_PARENT[LETTERS.index(parent), LETTERS.index(child)].tolist()
    a, b, c = (add(corners[0], multiply(base, (r[0], r[1], r[2], r[3]))) for r in rows)
    return (a, b, c)
