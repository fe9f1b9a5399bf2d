"""Where every metatile of a hat tiling lies, exactly: far regions in logarithmic time.

Why: the kite walk starts at the tiling's start hat and crosses the kite grid hexagon by
hexagon to a region, so a region 10⁸ hat units out took half a minute, and 10¹⁵ could not
be reached. Here a kite near any point is found by climbing the start hat's ancestry
until a metatile is large enough to hold the point, then descending child by child
towards it: about two levels for every factor of φ⁴ ≈ 6.85 in the number of hats, so a
few dozen levels reach 2⁵⁰.

What makes it exact. Every metatile has an *anchor*: the kite 0 of the hat 0 of the
level-0 metatile reached by taking child 0 at every level below it. The anchor of child c
of a level-(k + 1) metatile of type G lies at a fixed pose (a turn by a multiple of 60°
and a shift on the kite grid: metatiles are never reflected) from the parent's anchor,
the same wherever such a metatile lies, because the substitution that makes it is the
same; ``poses(k)`` holds them. At level 0 they come from the layouts of ``geometry``.
Above, they follow from the overlap that the combinatorial coordinates keep (Tatham
2023): a level-(k − 1) metatile named both (c₁, g₁) and (c₂, g₂) in a level-(k + 1)
metatile's double expansion (a row of ``METAMAP``) is one metatile, so

    pose(c₂) = pose(c₁) · pose(g₁ in c₁) · pose(g₂ in c₂)⁻¹,

starting from pose(0) = identity. Every row of the table must agree (a test checks it):
a pose found two ways is the same pose.

Colours ride along the same way. The walk colours a hat by its kitemap's table
(``KITEMAP_COLOURS``) through a permutation of colours 0-2 that it carries and renews
where it enters another kitemap, from a level-0 metatile the two kitemaps share
(``_kernels._recolour``). Give each level-0 metatile the permutation that takes
(0, 1, 2) to its unreflected hats' colours in its kitemap's table (the third by
elimination): then that renewal is the rule above again, so a pose carries a permutation
too, and a kite found here gets the permutation the walk would have brought to it.

Numbers are Python integers, exact at any level; the walk's kernels see small numbers
measured from the found kite (``HatFrame``).
"""

import math
from dataclasses import dataclass, replace
from functools import cache

from tilewright.aperiodic.hat._tables import KITEMAP_COLOURS, METAMAP
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    MOST_CHILDREN,
    TYPES,
    GridPoint,
    Metatile,
    Placement,
    add,
    hat_kites,
    hat_outline,
    turned,
)
from tilewright.aperiodic.hat.make_tables import colour_permutation

IDENTITY_COLOURS = (0, 1, 2)


@dataclass(frozen=True)
class Pose:
    """A motion of the kite grid (a turn by ``turn`` × 60°, then a shift by ``shift``) with
    a permutation of the colours 0-2: ``colours[c]`` is what colour c stands for.

    ``a.then(b)`` is ``b`` done in ``a``'s frame: the pose of a child (``b``, relative to
    its parent) placed by its parent's pose ``a``.

    Examples
    --------
    >>> turn = Pose(1, (6, 0), (1, 2, 0))
    >>> turn.then(turn.inverse()) == IDENTITY
    True
    >>> turn.kite(((0, 0), 0))
    ((6, 0), 1)
    """

    turn: int
    shift: GridPoint
    colours: tuple[int, int, int] = IDENTITY_COLOURS

    def then(self, other: "Pose") -> "Pose":
        """This pose followed by ``other`` given in its frame."""
        colours = (
            self.colours[other.colours[0]],
            self.colours[other.colours[1]],
            self.colours[other.colours[2]],
        )
        shift = add(self.shift, turned(other.shift, self.turn))
        return Pose((self.turn + other.turn) % 6, shift, colours)

    def inverse(self) -> "Pose":
        """The pose that undoes this one."""
        back = -self.turn % 6
        colours = [0, 0, 0]
        for colour, meaning in enumerate(self.colours):
            colours[meaning] = colour
        x, y = turned(self.shift, back)
        return Pose(back, (-x, -y), (colours[0], colours[1], colours[2]))

    def kite(self, kite: tuple[GridPoint, int]) -> tuple[GridPoint, int]:
        """A kite (pointy end, direction) given in this pose's frame, placed."""
        point, direction = kite
        return add(self.shift, turned(point, self.turn)), (direction + self.turn) % 6

    def point(self, xy: complex) -> complex:
        """A point in hat units (a complex number, y up), placed, in floats: to navigate."""
        return hat_units(self.shift) + xy * _TURNS[self.turn]


IDENTITY = Pose(0, (0, 0))
_TURNS = tuple(complex(math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)) for k in range(6))


def hat_units(point: GridPoint) -> complex:
    """A kite-grid point in hat units as a complex number (``walk.grid_xy``)."""
    x, y = point
    return complex((2 * x + y) / (2 * math.sqrt(3)), y / 2)


def kite_pose(kite: tuple[GridPoint, int], colours=IDENTITY_COLOURS) -> Pose:
    """The pose that takes the reference kite (pointy end at 0, direction 0) to ``kite``."""
    point, direction = kite
    return Pose(direction, point, colours)


_UNPLACED = Placement((0, 0), (1, 0))


def _anchor(metatile: Metatile) -> Pose:
    """A level-0 metatile's anchor: its hat 0's kite 0 (hat 0 is never the reflected one)."""
    return kite_pose(hat_kites(metatile.hats()[0])[0])


@cache
def kites_in_metatile() -> dict[str, tuple[tuple[Pose, ...], ...]]:
    """Per level-0 type, per hat, per kite: the kite's pose from the metatile's anchor."""
    table = {}
    for t in TYPES:
        metatile = Metatile(t, _UNPLACED)
        anchor = _anchor(metatile).inverse()
        table[t] = tuple(
            tuple(anchor.then(kite_pose(kite)) for kite in hat_kites(hat))
            for hat in metatile.hats()
        )
    return table


@cache
def poses(level: int) -> dict[str, tuple[Pose, ...]]:
    """``poses(k)[G][c]``: the pose of the anchor of child c of a level-(k + 1) metatile of
    type G (c a level-k metatile), from the parent's anchor, with its colour permutation.

    Level 0 is read off the layouts; each level above is derived from the one below by
    the overlaps of ``METAMAP``, every row of which is checked to agree.

    Raises
    ------
    ValueError
        If the overlaps do not reach every child, or two rows disagree (bad tables).
    """
    if level == 0:
        return _level_zero()
    below = poses(level - 1)
    table = {}
    for parent in TYPES:
        children = CHILDREN[parent]
        found: dict[int, Pose] = {0: IDENTITY}
        relations = [
            (row // MOST_CHILDREN, row % MOST_CHILDREN, child, grandchild)
            for row, names in enumerate(METAMAP[parent])
            for child, grandchild in names
            if row // MOST_CHILDREN != child
        ]
        while len(found) < len(children):
            grown = len(found)
            for one, one_grandchild, other, other_grandchild in relations:
                if one in found and other not in found:
                    shared = found[one].then(below[children[one]][one_grandchild])
                    found[other] = shared.then(below[children[other]][other_grandchild].inverse())
            if len(found) == grown:
                raise ValueError(f"the overlaps do not join every child of a {parent}")
        for one, one_grandchild, other, other_grandchild in relations:
            here = found[one].then(below[children[one]][one_grandchild])
            there = found[other].then(below[children[other]][other_grandchild])
            if here != there:
                raise ValueError(f"two names of one metatile in a {parent} lie apart")
        table[parent] = tuple(found[c] for c in range(len(children)))
    return table


def _level_zero() -> dict[str, tuple[Pose, ...]]:
    """A kitemap's children, each with what (0, 1, 2) stand for among its hats' colours."""
    table = {}
    for parent in TYPES:
        children = Metatile(parent, _UNPLACED).children()
        base = _anchor(children[0]).inverse()
        placed = []
        for c, child in enumerate(children):
            pose = base.then(_anchor(child))
            first, second, third = colour_permutation(KITEMAP_COLOURS[parent][c])
            placed.append(Pose(pose.turn, pose.shift, (first, second, third)))
        table[parent] = tuple(placed)
    return table


@cache
def discs(level: int) -> dict[str, tuple[complex, float]]:
    """Per type, a disc (centre in hat units from the anchor, radius) that holds every hat
    of a level-``level`` metatile and of every child its expansion names, overlapping
    ones included: a point outside it is in none of them."""
    if level == 0:
        table = {}
        for t in TYPES:
            metatile = Metatile(t, _UNPLACED)
            anchor = _anchor(metatile).inverse()
            points = [
                anchor.point(hat_units(vertex))
                for hat in metatile.hats()
                for vertex in hat_outline(hat)
            ]
            centre = sum(points) / len(points)
            table[t] = (centre, max(abs(point - centre) for point in points))
        return table
    below, placed = discs(level - 1), poses(level - 1)
    table = {}
    for t in TYPES:
        inner = [
            (placed[t][c].point(below[child][0]), below[child][1])
            for c, child in enumerate(CHILDREN[t])
        ]
        centre = sum(point for point, _ in inner) / len(inner)
        table[t] = (centre, max(abs(point - centre) + radius for point, radius in inner))
    return table


# floats far out are a few hundredths of a hat unit apart: the discs are widened by this
SLACK = 1.0
# levels tried above the first whose disc holds the point, before giving up
EXTRA_LEVELS = 8
# every point of a hat lies within √21 hat units of its kite 0's pointy end (the tip of
# its "hat" is the farthest)
HAT_REACH = math.sqrt(21)


@dataclass(frozen=True)
class LocatedKite:
    """A kite's address and place, as the walk's kernels hold it.

    Attributes
    ----------
    types, indices : tuple of int
        Per level, the metatile's type (its number in ``TYPES``) and its index in its
        parent; ``types`` one longer. Above the levels the search chose they are the start
        hat's ancestry.
    hat : int
        The hat's index in its level-0 metatile; the kite is its kite 0.
    kite : tuple
        Its pointy end on the kite grid and its direction.
    colours : tuple of int
        What its kitemap's colours 0-2 stand for.
    """

    types: tuple[int, ...]
    indices: tuple[int, ...]
    hat: int
    kite: tuple[GridPoint, int]
    colours: tuple[int, int, int]


def start_pose(tiling: HatTiling, level: int) -> Pose:
    """The world pose of the start hat's level-``level`` ancestor (level ≥ 1), whose
    level-1 ancestor's colour permutation is the identity (the walk starts with it)."""
    tiling.grow(level + 1)
    types, indices = tiling.ancestry.types, tiling.ancestry.indices
    inside = poses(0)[types[1]][indices[0]].then(kites_in_metatile()[types[0]][tiling.start.hat][0])
    start = kite_pose(((0, 0), tiling.start_turn))
    pose = start.then(inside.inverse())
    pose = Pose(pose.turn, pose.shift)  # the start's kitemap colours as it is
    for k in range(1, level):
        pose = pose.then(poses(k)[types[k + 1]][indices[k]].inverse())
    return pose


def locate(tiling: HatTiling, target: tuple[float, float]) -> LocatedKite:
    """The kite 0 of a hat near ``target`` (x, y in hat units, from the start hat's kite
    0: the hat's disc holds it), with its address and colours, in time logarithmic in the
    distance.

    From the lowest ancestor of the start hat whose disc holds the point, the search goes
    down depth first, nearest child first, into every child whose disc holds it; an
    ancestor whose hats miss the point (it lay in a disc but outside the metatile) gives
    way to the next one up.

    Parameters
    ----------
    tiling : HatTiling
    target : pair of float

    Returns
    -------
    LocatedKite

    Raises
    ------
    RuntimeError
        If no hat is found (it never was, over many seeds and targets).

    Examples
    --------
    >>> found = locate(HatTiling(3), (1e12, -5e11))
    >>> x, y = found.kite[0]
    >>> abs(complex((2 * x + y) / (2 * 3 ** 0.5), y / 2) - complex(1e12, -5e11)) < 5
    True
    """
    point = complex(*target)
    level = 2
    while not _holds(start_pose(tiling, level), discs(level)[tiling.ancestry.types[level]], point):
        level += 1
    for top in range(level, level + EXTRA_LEVELS):
        pose = start_pose(tiling, top)
        types = [TYPES.index(t) for t in tiling.ancestry.types[: top + 1]]
        indices = list(tiling.ancestry.indices[:top])
        found = _search(pose, top, point, types, indices)
        if found is not None:
            return found
    raise RuntimeError(f"no hat found near ({target[0]:g}, {target[1]:g})")


def _holds(pose: Pose, disc: tuple[complex, float], point: complex) -> bool:
    centre, radius = disc
    return abs(pose.point(centre) - point) <= radius + SLACK


def _search(
    pose: Pose, level: int, point: complex, types: list[int], indices: list[int]
) -> LocatedKite | None:
    """Depth first below the level-``level`` metatile at ``pose`` (its type ``types[level]``;
    ``types`` and ``indices`` below it are filled in as the search goes)."""
    kind = TYPES[types[level]]
    if level == 0:
        kites = [pose.then(hat[0]) for hat in kites_in_metatile()[kind]]
        distance, hat = min((abs(hat_units(k.shift) - point), h) for h, k in enumerate(kites))
        if distance > HAT_REACH + SLACK:
            return None
        kite = (kites[hat].shift, kites[hat].turn)
        return LocatedKite(tuple(types), tuple(indices), hat, kite, IDENTITY_COLOURS)
    placed, below = poses(level - 1)[kind], discs(level - 1)
    options = []
    for c, child in enumerate(CHILDREN[kind]):
        centre, radius = below[child]
        there = pose.then(placed[c])
        distance = abs(there.point(centre) - point)
        if distance <= radius + SLACK:
            options.append((distance, c, there))
    for _, c, there in sorted(options, key=lambda option: option[:2]):
        indices[level - 1], types[level - 1] = c, TYPES.index(CHILDREN[kind][c])
        found = _search(there, level - 1, point, types, indices)
        if found is not None:
            # the colours the walk carries are its kitemap's, the level-1 metatile's
            return found if level != 1 else replace(found, colours=pose.colours)
    return None
