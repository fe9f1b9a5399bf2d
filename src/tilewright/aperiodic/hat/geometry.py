"""The facts the hat tiling is built from: the kite grid, the hat, and its four metatiles.

Sources: Smith, Myers, Kaplan and Goodman-Strauss, "An aperiodic monotile" (2023), for the
hat and the metatiles H, T, P, F with their substitution; Tatham, "Combinatorial coordinates
for the aperiodic hat tiling" (2023), for laying the metatiles and their once-expanded
children out on the kite grid with whole-number coordinates, and for keeping the overlap of
neighbouring expansions (it is what lets an address be rewritten). Everything here is data
about the tiling or exact arithmetic on it; ``make_tables`` derives the transition
tables and the kitemaps' four-colouring from it, and the tests check the data (areas,
covers, the substitution's counts).

Conventions. A point of the kite grid is two integers (x, y) meaning x + y·r, where
r = e^{iπ/3}: the grid of equilateral triangles of side 6, each cut into three kites that
meet at its centre. So hexagon centres (a kite's 60° "pointy" end) are the points whose
coordinates are multiples of 6, and triangle centres (its 120° "blunt" end) are the points
(2, 2)·r^j away from them. A kite is (P, j): its pointy end P and the direction j (0–5) of
its axis, at 30° + 60°·j. In the hat's own units (its short edge 1) the point (x, y) is at
((2x + y) / (2√3), y / 2), y up.
"""

from collections import deque
from dataclasses import dataclass

GridPoint = tuple[int, int]
Kite = tuple[GridPoint, int]

TYPES = "HTPF"
# A metatile's hats: H has four (the one at index 3 reflected), T one, P and F two each.
HATS_IN = {"H": 4, "T": 1, "P": 2, "F": 2}
REFLECTED_HAT = ("H", 3)
# the same as numbers: the type's place in TYPES, the hat's index
REFLECTED_TYPE, REFLECTED_INDEX = TYPES.index(REFLECTED_HAT[0]), REFLECTED_HAT[1]
HAT_KITE_COUNT = 8
HAT_AREA = HAT_KITE_COUNT * 3**0.5  # in hat units (short edge 1): a kite's area is √3
HAT_VERTICES = 14  # a hat's outline (walk.outlines), each kite corner on it once
HEXAGON_STEP = 6  # grid units between neighbouring hexagon centres
# The four moves from a kite to a neighbour (Tatham's names, as seen from the pointy end
# looking to the blunt end): turn 60° anticlockwise or clockwise about the pointy end, or
# 120° clockwise or anticlockwise about the blunt end.
LEFT, RIGHT, FORWARD_LEFT, FORWARD_RIGHT = 0, 1, 2, 3
MOVES = 4


def multiply(a: GridPoint, b: GridPoint) -> GridPoint:
    """The product of two points as numbers x + y·r (r² = r − 1).

    Examples
    --------
    >>> multiply((0, 1), (0, 1))  # r·r = r − 1
    (-1, 1)
    """
    return (a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0] + a[1] * b[1])


def add(a: GridPoint, b: GridPoint) -> GridPoint:
    """The sum of two points."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: GridPoint, b: GridPoint) -> GridPoint:
    """The difference ``a − b`` of two points."""
    return (a[0] - b[0], a[1] - b[1])


def mirror(a: GridPoint) -> GridPoint:
    """The mirror image of ``a`` in the x axis (the conjugate: r ↦ 1/r = 1 − r).

    Examples
    --------
    >>> mirror((0, 1))
    (1, -1)
    """
    return (a[0] + a[1], -a[1])


UNITS: tuple[GridPoint, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # r^j


def turned(a: GridPoint, turns: int) -> GridPoint:
    """``a`` turned anticlockwise by ``turns`` × 60°.

    Examples
    --------
    >>> turned((1, 0), 2)
    (-1, 1)
    """
    return multiply(a, UNITS[turns % 6])


def area2(points: list[GridPoint]) -> int:
    """Twice the signed area of a polygon, in units of the triangle (1, r)'s twice-area.

    The shoelace formula in the skew basis: the cross product of x + y·r and u + v·r is
    (xv − yu)·(√3/2), so the common factor is left out and the result is an integer.

    Examples
    --------
    >>> area2([(0, 0), (1, 0), (0, 1)])
    1
    """
    total = 0
    for k, (x, y) in enumerate(points):
        u, v = points[(k + 1) % len(points)]
        total += x * v - y * u
    return total


# A kite (P, j), from its pointy end, anticlockwise: edge midpoint, blunt end, midpoint.
_KITE_CORNERS = ((0, 0), (3, 0), (2, 2), (0, 3))


def kite_corners(kite: Kite) -> list[GridPoint]:
    """The four corners of a kite, anticlockwise from its pointy end."""
    point, direction = kite
    return [add(point, turned(corner, direction)) for corner in _KITE_CORNERS]


def moved(kite: Kite, move: int) -> Kite:
    """The neighbouring kite reached by ``move`` (``LEFT`` … ``FORWARD_RIGHT``).

    Turning 120° about the blunt end B = P + (2 + 2r)·r^j takes the pointy end to the next
    hexagon centre: P + 6·r^j anticlockwise (the direction turns by +2), P + 6·r^{j+1}
    clockwise (by −2).

    Examples
    --------
    >>> moved(((0, 0), 0), FORWARD_RIGHT)
    ((6, 0), 2)
    """
    point, j = kite
    if move == LEFT:
        return point, (j + 1) % 6
    if move == RIGHT:
        return point, (j - 1) % 6
    if move == FORWARD_LEFT:
        return add(point, turned((6, 0), j + 1)), (j - 2) % 6
    return add(point, turned((6, 0), j)), (j + 2) % 6


def mirrored_kite(kite: Kite) -> Kite:
    """The mirror image of a kite (its axis at 30° + 60°j mirrors to −30° − 60°j)."""
    point, j = kite
    return mirror(point), (-j - 1) % 6


# The hat: 13 corners and one straight vertex (the middle of its side of length 2), anticlockwise.
HAT_OUTLINE: tuple[GridPoint, ...] = (
    (0, 0), (3, 0), (2, 2), (0, 3), (-2, 4), (-3, 3), (-6, 6),
    (-9, 6), (-8, 4), (-6, 3), (-6, 0), (-3, -3), (-2, -2), (0, -3),
)  # fmt: skip
# Its eight kites, numbered once and for all (a mirrored hat numbers its kites in mirror image).
HAT_KITES: tuple[Kite, ...] = (
    ((0, 0), 0), ((0, 0), 1), ((0, 0), 2), ((0, 0), 3),
    ((-6, 6), 3), ((-6, 6), 4), ((-6, 0), 5), ((-6, 0), 0),
)  # fmt: skip


@dataclass(frozen=True)
class Placement:
    """Where a hat or a metatile sits: ``start`` and the unit ``orientation`` (r^j) that the
    reference shape's (1, 0) turns to; ``reflected`` for the mirrored hat."""

    start: GridPoint
    orientation: GridPoint
    reflected: bool = False

    def point(self, local: GridPoint) -> GridPoint:
        """A point given in the reference shape's frame, placed."""
        if self.reflected:
            local = mirror(local)
        return add(self.start, multiply(local, self.orientation))

    def inside(self, child: "Placement") -> "Placement":
        """A placement given in this one's frame, placed (metatiles are never reflected)."""
        return Placement(
            self.point(child.start), multiply(child.orientation, self.orientation), child.reflected
        )

    def turns(self) -> int:
        """The orientation as a number of 60° turns, 0–5."""
        return UNITS.index(self.orientation)


def hat_outline(place: Placement) -> list[GridPoint]:
    """A placed hat's 14 vertices, anticlockwise."""
    points = [place.point(v) for v in HAT_OUTLINE]
    return points[::-1] if place.reflected else points


def hat_kites(place: Placement) -> list[Kite]:
    """A placed hat's kites 0–7."""
    kites = []
    for kite in HAT_KITES:
        point, j = mirrored_kite(kite) if place.reflected else kite
        placed = add(place.start, multiply(point, place.orientation))
        kites.append((placed, (j + place.turns()) % 6))
    return kites


# The metatiles as polygons, from their distinguished vertex 0, anticlockwise; and the same
# vertices once the metatile is expanded (the expansion distorts a little, which is why
# children are placed from the expanded vertices and not by scaling).
METATILE_OUTLINE: dict[str, tuple[GridPoint, ...]] = {
    "H": ((0, 0), (4, -2), (12, 6), (10, 10), (-6, 18), (-8, 16)),
    "T": ((0, 0), (6, 6), (-6, 12)),
    "P": ((0, 0), (4, 4), (-4, 20), (-8, 16)),
    "F": ((0, 0), (4, -2), (6, 0), (-2, 16), (-6, 12)),
}
EXPANDED_OUTLINE: dict[str, tuple[GridPoint, ...]] = {
    "H": ((0, 0), (12, -6), (30, 12), (24, 24), (-12, 42), (-18, 36)),
    "T": ((0, 0), (12, 12), (-12, 24)),
    "P": ((0, 0), (14, 8), (-4, 44), (-18, 36)),
    "F": ((0, 0), (14, -4), (18, 6), (0, 42), (-14, 34)),
}
# Each metatile's children, in the frame of its expansion: (type, start, orientation).
# Neighbouring expansions overlap in their outer P and F children.
EXPANSION: dict[str, tuple[tuple[str, GridPoint, GridPoint], ...]] = {
    "H": (
        ("H", (-4, 20), (1, 0)), ("H", (2, 2), (1, 0)), ("H", (8, 26), (0, -1)),
        ("T", (6, 24), (-1, 0)), ("P", (-8, 16), (1, 0)), ("P", (4, 34), (0, -1)),
        ("P", (6, 0), (1, -1)), ("F", (-10, 38), (-1, 1)), ("F", (-10, 44), (0, -1)),
        ("F", (-4, 2), (1, 0)), ("F", (2, 2), (0, -1)), ("F", (26, 14), (1, 0)),
        ("F", (32, 8), (-1, 1)),
    ),
    "T": (
        ("H", (10, 10), (-1, 1)), ("P", (-6, 0), (1, 0)), ("P", (8, 14), (0, 1)),
        ("P", (18, 6), (-1, 1)), ("F", (-14, 34), (-1, 0)), ("F", (-8, -2), (1, -1)),
        ("F", (22, 4), (0, 1)),
    ),
    "P": (
        ("H", (4, 22), (0, 1)), ("H", (10, 10), (-1, 1)), ("P", (-6, 0), (1, 0)),
        ("P", (6, 24), (1, 0)), ("P", (8, 14), (0, 1)), ("F", (-20, 40), (1, -1)),
        ("F", (-14, 34), (-1, 0)), ("F", (-8, -2), (1, -1)), ("F", (4, 46), (-1, 1)),
        ("F", (10, 10), (1, 0)), ("F", (16, 4), (-1, 1)),
    ),
    "F": (
        ("H", (8, 20), (0, 1)), ("H", (14, 8), (-1, 1)), ("P", (10, 22), (1, 0)),
        ("P", (12, 12), (0, 1)), ("F", (-16, 38), (1, -1)), ("F", (-10, 32), (-1, 0)),
        ("F", (-4, 2), (1, 0)), ("F", (2, 2), (0, -1)), ("F", (8, 44), (-1, 1)),
        ("F", (14, 8), (1, 0)), ("F", (20, 2), (-1, 1)),
    ),
}  # fmt: skip
CHILDREN = {t: "".join(child for child, _, _ in EXPANSION[t]) for t in TYPES}
MOST_CHILDREN = max(len(children) for children in CHILDREN.values())
# The children a metatile owns outright (the paper's Figure 2.8 with the overlap removed):
# every metatile of a tiling belongs to exactly one parent this way, which fixes how often
# each (parent, index) is drawn when an ancestry is grown.
OWNED = {
    "H": (0, 1, 2, 3, 4, 5, 6, 8, 9, 12),
    "T": (0,),
    "P": (0, 1, 4, 5, 10),
    "F": (0, 1, 3, 6, 8, 10),
}
# The hats of each metatile, in its frame.
HAT_PLACES: dict[str, tuple[Placement, ...]] = {
    "H": (
        Placement((6, 0), (1, 0)),
        Placement((6, 6), (0, -1)),
        Placement((0, 12), (1, 0)),
        Placement((0, 6), (-1, 0), reflected=True),
    ),
    "T": (Placement((-2, 10), (-1, 1)),),
    "P": (Placement((-2, 10), (-1, 1)), Placement((-2, 16), (0, 1))),
    "F": (Placement((0, 6), (-1, 1)), Placement((0, 12), (0, 1))),
}


@dataclass(frozen=True)
class Metatile:
    """A placed metatile."""

    type: str
    place: Placement

    def outline(self, expanded: bool = False) -> list[GridPoint]:
        """Its vertices (of its expansion, with ``expanded``), placed."""
        table = EXPANDED_OUTLINE if expanded else METATILE_OUTLINE
        return [self.place.point(v) for v in table[self.type]]

    def children(self) -> list["Metatile"]:
        """Its expansion, in the frame where its expanded vertex 0 is its ``start``."""
        return [
            Metatile(t, self.place.inside(Placement(start, orientation)))
            for t, start, orientation in EXPANSION[self.type]
        ]

    def hats(self) -> list[Placement]:
        """Its hats, placed."""
        return [self.place.inside(hat) for hat in HAT_PLACES[self.type]]


def expand(tiles: list[Metatile]) -> list[tuple[Metatile, list[tuple[int, int]]]]:
    """Expand a connected patch of metatiles once, exactly (Tatham's vertex mapping).

    The expansion is not a scaling, so each tile's expansion is placed by a vertex it
    shares with a tile already placed: the expanded images of shared vertices must agree.
    Starting from one vertex, a breadth-first pass places every tile and its children.

    Parameters
    ----------
    tiles : list of Metatile
        Tiles sharing vertices, the first one anywhere.

    Returns
    -------
    list of (Metatile, list of (parent position in ``tiles``, child index))
        Each child once, with every parent expansion it belongs to (neighbouring
        expansions overlap).
    """
    sharing: dict[GridPoint, list[int]] = {}
    for index, tile in enumerate(tiles):
        for vertex in tile.outline():
            sharing.setdefault(vertex, []).append(index)
    image: dict[GridPoint, GridPoint] = {tiles[0].place.start: (0, 0)}
    queue, queued = deque(sharing[tiles[0].place.start]), set(sharing[tiles[0].place.start])
    found: dict[Metatile, list[tuple[int, int]]] = {}
    while queue:
        index = queue.popleft()
        tile = tiles[index]
        before, after = tile.outline(), tile.outline(expanded=True)
        known = next(k for k, vertex in enumerate(before) if vertex in image)
        shift = sub(image[before[known]], after[known])
        for vertex, target in zip(before, after, strict=True):
            placed = add(target, shift)
            if image.setdefault(vertex, placed) != placed:
                raise ValueError("the expanded vertices do not agree")
            for other in sharing[vertex]:
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
        moved_tile = Metatile(tile.type, Placement(add(after[0], shift), tile.place.orientation))
        for child_index, child in enumerate(moved_tile.children()):
            found.setdefault(child, []).append((index, child_index))
    if len(queued) != len(tiles):
        raise ValueError("the patch is not connected through its vertices")
    return list(found.items())


def frequencies() -> dict[str, float]:
    """The limiting share of each metatile type (relative to H), from the owned children.

    The matrix of owned children has a unique largest eigenvalue, φ⁴; its eigenvector is
    (1, (7 − 3√5)/2, 3√5 − 6, (9 − 3√5)/2) for H, T, P, F.

    Examples
    --------
    >>> {t: round(f, 6) for t, f in frequencies().items()}
    {'H': 1.0, 'T': 0.145898, 'P': 0.708204, 'F': 1.145898}
    """
    import numpy as np

    matrix = np.zeros((4, 4))
    for column, parent in enumerate(TYPES):
        for index in OWNED[parent]:
            matrix[TYPES.index(CHILDREN[parent][index]), column] += 1
    values, vectors = np.linalg.eig(matrix)
    vector = np.real(vectors[:, int(np.argmax(np.real(values)))])
    return {t: float(vector[k] / vector[0]) for k, t in enumerate(TYPES)}


def edge_crossings(reflected: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """How to cross each edge of a hat (mirrored with ``reflected``) from its kite 0.

    A hat's edge k (vertex k to vertex k + 1) is a side of one of its kites, and one move
    takes that kite to the kite across it, in the neighbouring hat. Per edge: the moves
    from kite 0 to that kite through the hat's own kites (fewest first), and the move
    across. Moves are relative to a kite, so this holds in every orientation.

    Examples
    --------
    >>> len(edge_crossings(False)), edge_crossings(False)[0]
    (14, ((), 1))
    """
    place = Placement((0, 0), (1, 0), reflected)
    kites = hat_kites(place)
    index = {kite: k for k, kite in enumerate(kites)}
    paths: dict[int, tuple[int, ...]] = {0: ()}
    queue = deque([0])
    while queue:  # breadth first: the fewest moves inside the hat to each kite
        here = queue.popleft()
        for move in range(MOVES):
            there = index.get(moved(kites[here], move))
            if there is not None and there not in paths:
                paths[there] = (*paths[here], move)
                queue.append(there)
    outline = hat_outline(place)
    crossings = []
    for k, start in enumerate(outline):
        edge = {start, outline[(k + 1) % len(outline)]}
        found = [
            (paths[i], move)
            for i, kite in enumerate(kites)
            for move in range(MOVES)
            if moved(kite, move) not in index
            and edge <= set(kite_corners(kite)) & set(kite_corners(moved(kite, move)))
        ]
        if len(found) != 1:
            raise ValueError(f"edge {k} of a hat is crossed {len(found)} ways")
        crossings.append(found[0])
    return tuple(crossings)
