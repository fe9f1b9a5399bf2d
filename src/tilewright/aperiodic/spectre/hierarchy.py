"""Where every supertile lies: the start tile of a far region found through the hierarchy.

Why: a walk from the tiling's centre to a region crosses every tile on the way, so a region
10^9 tile edges away took minutes. A supertile of level k spans about 2.8^k tile edges, so
about log(distance) / log(2.8) levels (33 for 10^15) reach any region, and a tile there is
found by going down those levels instead of across the tiles.

The geometry of a supertile is rigid: where each child lies inside a level-k supertile
depends only on the supertile's type and k. So for every level and type, the pose of each
child (turn, shift, and how the colours of the honeycomb of level-0 hexagons carry over)
relative to the supertile's *anchor* (the Spectre reached by child 0 at every level below,
spectre 0 of its hexagon) is derived once from the level below: child 0's anchor is the
parent's; a sibling across an edge is reached by one step of ``Tiling.step`` from a Spectre
on that edge (found by going down the sub-edges of the tables), and its pose follows from
the step's two edges. The poses are exact (``exact.Point``, Python integers) at any level.

Finding a tile near a target point: climb the start tile's ancestry to the first level
whose supertiles are twice as large as the distance (not until a supertile's centre is near
the target: the start tile may lie at the edge of all its ancestors); then at each level
hop to the neighbouring supertile (``Tiling.step_hex``) whose centre is nearer the target
while one is, and go down into the child whose centre is nearest. That ends a few tiles
from the target (at most 4.4 edges in 900 random searches out to 10^15), from where the
straight walk of ``patch.walk_into`` finishes exactly. Poses of the
supertiles visited are composed from the start tile's ancestor above them all, so the tile
found carries its exact position, turn and colours, as if walked to.

Sources: Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling" (2023), for
the addresses and steps, and for locating far regions by going up and down the hierarchy.
"""

import functools
import math

import numpy as np

from tilewright.aperiodic.exact import ORIGIN, Point, add, precise_xy, rotate, scale, to_xy
from tilewright.aperiodic.spectre import _tables as tables
from tilewright.aperiodic.spectre.coordinates import Address, Tiling
from tilewright.aperiodic.spectre.geometry import (
    CHILDREN,
    INSIDE,
    SPECTRE_EDGES,
    TYPES,
    place_spectre,
    spectres_in,
)

Roles = tuple[int, int, int]
"""How a hexagon's three colours follow from its supertile anchor's: its own colour, the
colour across its even edges, across its odd edges, as positions in the anchor's triple."""
Pose = tuple[int, Point, Roles]
"""A rigid motion of the tiling onto itself (turn in 30° steps, then shift) with its
colour roles: a child's pose maps the child's frame into its parent's."""

IDENTITY: Pose = (0, ORIGIN, (0, 1, 2))
# the unturned Spectre with vertex 0 at the origin, and its centre (the mean of its vertices)
_SPECTRE = place_spectre(ORIGIN, (1, 0, 0, 0))
_CENTRE = (
    float(np.mean([to_xy(p)[0] for p in _SPECTRE])),
    float(np.mean([to_xy(p)[1] for p in _SPECTRE])),
)
_EDGE_TURN = {rotate((1, 0, 0, 0), r): r for r in range(12)}
# how far the greedy search may hop at one level before it is judged lost (never seen:
# one or two hops a level are typical)
MAX_HOPS = 64
# how near the target the tile found should lie (tile edges); a search that ends farther
# (never seen) is tried again from two levels higher, up to ATTEMPTS times, and the nearest
# tile found is kept: the straight walk that follows reaches the region from anywhere
CLOSE = 16.0
ATTEMPTS = 3


def compose(a: Pose, b: Pose) -> Pose:
    """``a`` after ``b``: the pose in ``a``'s parent frame of what ``b`` places in ``a``'s.

    Examples
    --------
    >>> compose(IDENTITY, (3, (1, 0, 0, 0), (1, 0, 2))) == (3, (1, 0, 0, 0), (1, 0, 2))
    True
    """
    turn_a, shift_a, roles_a = a
    turn_b, shift_b, roles_b = b
    roles: Roles = (roles_a[roles_b[0]], roles_a[roles_b[1]], roles_a[roles_b[2]])
    return (turn_a + turn_b) % 12, add(shift_a, rotate(shift_b, turn_a)), roles


def inverse(a: Pose) -> Pose:
    """The pose undoing ``a``.

    Examples
    --------
    >>> pose = (5, (2, -1, 0, 3), (2, 0, 1))
    >>> compose(pose, inverse(pose)) == IDENTITY
    True
    """
    turn, shift, roles = a
    back: list[int] = [0, 0, 0]
    for position, role in enumerate(roles):
        back[role] = position
    return (-turn) % 12, scale(rotate(shift, -turn), -1), (back[0], back[1], back[2])


def colour_roles(address: Address) -> Roles:
    """An address's colour fields as (own, across even edges, across odd edges)."""
    own, previous = address.hex_colour, address.previous_colour
    even = previous if address.entry_parity == 0 else 3 - own - previous
    return own, even, 3 - own - even


def _across(pose: Pose, edge: int, entry: int, roles: Roles) -> Pose:
    """The Spectre across ``edge`` of the Spectre at ``pose``, along its own ``entry``."""
    turn, shift, _ = pose
    start = add(shift, rotate(_SPECTRE[(edge + 1) % SPECTRE_EDGES], turn))
    edge_turn = _EDGE_TURN[_edge_vector(edge)]
    entry_turn = _EDGE_TURN[_edge_vector(entry)]
    new_turn = (turn + edge_turn + 6 - entry_turn) % 12
    return new_turn, add(start, scale(rotate(_SPECTRE[entry], new_turn), -1)), roles


def _edge_vector(edge: int) -> Point:
    head, tail = _SPECTRE[(edge + 1) % SPECTRE_EDGES], _SPECTRE[edge]
    return add(head, scale(tail, -1))


@functools.cache
def spectre_poses(hex_type: str) -> tuple[Pose, ...]:
    """Each Spectre's pose in its level-0 hexagon, relative to spectre 0.

    Examples
    --------
    >>> len(spectre_poses("G")), spectre_poses("D") == (IDENTITY,)
    (2, True)
    """
    poses = [IDENTITY]
    for spectre in range(1, spectres_in(hex_type)):
        for edge in range(SPECTRE_EDGES):  # an edge spectre 0 shares with it
            kind, to, entry = tables.SPECTRE_MAP[hex_type][edge]
            if kind == INSIDE and to == spectre:
                poses.append(_across(IDENTITY, edge, entry, IDENTITY[2]))
                break
    return tuple(poses)


@functools.cache
def _tiling() -> Tiling:
    # the tables' steps stay inside the supertile they are made in, so any tiling serves
    return Tiling(0)


@functools.cache
def child_poses(level: int, parent: str) -> tuple[Pose, ...]:
    """Each child's pose in a level-``level`` supertile of type ``parent`` (level ≥ 1),
    relative to the supertile's anchor (child 0's).

    Examples
    --------
    >>> poses = child_poses(1, "D")
    >>> len(poses), poses[0] == IDENTITY
    (8, True)
    """
    children = CHILDREN[parent]
    poses: dict[int, Pose] = {0: IDENTITY}
    queue = [0]
    while queue:
        child = queue.pop(0)
        for edge in range(6):
            kind, sibling, _ = tables.HEX_MAP[parent][6 * child + edge]
            if kind != INSIDE or sibling in poses:
                continue
            found = _sibling(level, parent, child, edge, poses[child])
            if found is not None and found[0] == sibling:
                poses[sibling] = found[1]
                queue.append(sibling)
    if len(poses) != len(children):
        raise AssertionError(f"children of {parent} at level {level} not all reached")
    return tuple(poses[i] for i in range(len(children)))


def _sibling(level: int, parent: str, child: int, edge: int, pose: Pose) -> tuple[int, Pose] | None:
    """The sibling across ``edge`` of ``child`` and its pose, found by stepping a Spectre
    on that edge; None when the edge is on the parent's outline."""
    child_type = CHILDREN[parent][child]
    leaf = _edge_spectre(level - 1, child_type, edge)
    if leaf is None:
        return None
    spectre, types, indices, spectre_edge = leaf
    address = Address(spectre, [*types, child_type, parent], [*indices, child])
    here = compose(pose, chain(address, level - 1))
    address.hex_colour, address.previous_colour, address.entry_parity = here[2][0], here[2][1], 0
    there, entry = _tiling().step(address, spectre_edge)
    if len(there.types) != level + 1 or there.indices[level - 1] == child:
        return None
    placed = _across(here, spectre_edge, entry, colour_roles(there))
    return there.indices[level - 1], compose(placed, inverse(chain(there, level - 1)))


def _edge_spectre(
    level: int, hex_type: str, edge: int
) -> tuple[int, list[str], list[int], int] | None:
    """A Spectre on ``edge`` of a level-``level`` hexagon: (its index in its level-0
    hexagon, the types and indices below ``level``, the Spectre's edge on that edge)."""
    if level == 0:
        first, count = tables.SPECTRE_SIDES[hex_type][edge]
        for kind, spectre, spectre_edge in tables.SPECTRE_ENTRY[hex_type][first : first + count]:
            if kind == INSIDE:  # not a sub-edge folded back out (the spur of a Σ)
                return spectre, [], [], spectre_edge
        return None
    first, count = tables.HEX_SIDES[hex_type][edge]
    for _, child, child_edge in tables.HEX_ENTRY[hex_type][first : first + count]:
        child_type = CHILDREN[hex_type][child]
        below = _edge_spectre(level - 1, child_type, child_edge)
        if below is not None:
            spectre, types, indices, spectre_edge = below
            return spectre, [*types, child_type], [*indices, child], spectre_edge
    return None


def chain(address: Address, level: int) -> Pose:
    """The pose of ``address``'s Spectre relative to the anchor of its level-``level``
    supertile.

    Examples
    --------
    >>> chain(Address(0, ["F", "D"], [0]), 1) == IDENTITY
    True
    """
    types, indices = tuple(address.types[: level + 1]), tuple(address.indices[:level])
    return _chain(address.spectre, types, indices)


@functools.cache
def _chain(spectre: int, types: tuple[str, ...], indices: tuple[int, ...]) -> Pose:
    # cached on the path from level 0: the paths the tables follow share their lower parts
    if not indices:
        return spectre_poses(types[0])[spectre]
    level = len(indices)
    above = child_poses(level, types[level])[indices[level - 1]]
    return compose(above, _chain(spectre, types[:level], indices[: level - 1]))


@functools.cache
def _sizes(level: int, hex_type: str) -> tuple[float, float, float, int]:
    """A level-``level`` supertile's rough centre (x, y) and radius in its anchor's frame,
    and how many Spectres it holds."""
    if level == 0:
        points = [_apply(pose, _CENTRE) for pose in spectre_poses(hex_type)]
        weights = [1] * len(points)
        radii = [3.0] * len(points)  # every vertex of a Spectre lies within 3 of its centre
    else:
        points, weights, radii = [], [], []
        for child_type, pose in zip(CHILDREN[hex_type], child_poses(level, hex_type), strict=True):
            x, y, radius, count = _sizes(level - 1, child_type)
            points.append(_apply(pose, (x, y)))
            weights.append(count)
            radii.append(radius)
    total = sum(weights)
    cx = sum(w * p[0] for w, p in zip(weights, points, strict=True)) / total
    cy = sum(w * p[1] for w, p in zip(weights, points, strict=True)) / total
    radius = max(math.hypot(p[0] - cx, p[1] - cy) + r for p, r in zip(points, radii, strict=True))
    return cx, cy, radius, total


def _apply(pose: Pose, point: tuple[float, float]) -> tuple[float, float]:
    """A float point moved by ``pose``."""
    turn, shift, _ = pose
    angle = turn * math.pi / 6
    cos, sin = math.cos(angle), math.sin(angle)
    sx, sy = to_xy(shift)
    return sx + cos * point[0] - sin * point[1], sy + sin * point[0] + cos * point[1]


class Locator:
    """Poses of any supertile of one tiling, from the start tile's ancestor above it.

    Parameters
    ----------
    tiling : Tiling
    start_pose : Pose
        The start tile's turn and corner (``patch.start_place``) with its colour roles.
    """

    def __init__(self, tiling: Tiling, start_pose: Pose):
        self.tiling, self.start_pose = tiling, start_pose

    @functools.cache  # noqa: B019 - one Locator lives for one search
    def _frame(self, top: int) -> Pose:
        """The pose of the start tile's level-``top`` supertile's anchor."""
        self.tiling.grow(top + 1)
        ancestry = self.tiling.ancestry
        start = Address(ancestry.spectre, ancestry.types[: top + 1], ancestry.indices[:top])
        return compose(self.start_pose, inverse(chain(start, top)))

    def pose(self, address: Address, level: int) -> Pose:
        """The pose of the anchor of ``address``'s level-``level`` supertile (its levels
        from ``level`` up are used; above its top level it is the start tile's)."""
        top = len(address.types) - 1
        return self._pose(top, tuple(address.indices[level:top]))

    @functools.cache  # noqa: B019 - one Locator lives for one search
    def _pose(self, top: int, path: tuple[int, ...]) -> Pose:
        """The pose of the supertile reached from the start tile's level-``top`` ancestor
        by the child indices ``path`` (lowest level first); cached, so that a search pays
        one composition for each supertile it looks at."""
        if not path:
            return self._frame(top)
        level = top - len(path) + 1  # of the parent
        return compose(
            self._pose(top, path[1:]), child_poses(level, self._type(top, path[1:]))[path[0]]
        )

    @functools.cache  # noqa: B019
    def _type(self, top: int, path: tuple[int, ...]) -> str:
        if not path:
            self.tiling.grow(top + 1)
            return self.tiling.ancestry.types[top]
        return CHILDREN[self._type(top, path[1:])][path[0]]

    def distance(self, address: Address, level: int, target: tuple[float, float]) -> float:
        """From the rough centre of ``address``'s level-``level`` supertile to ``target``."""
        cx, cy, _, _ = _sizes(level, address.types[level])
        x, y = _apply(self.pose(address, level), (cx, cy))
        return math.hypot(x - target[0], y - target[1])

    def near(self, target: tuple[float, float]) -> tuple[Address, Pose]:
        """A Spectre near ``target`` (within ``CLOSE`` tile edges, all but always) and its
        pose (turn, exact corner, colour roles), found in O(log distance) steps.

        Examples
        --------
        >>> tiling = Tiling(3)
        >>> address, pose = Locator(tiling, (0, (0, 0, 0, 0), (0, 1, 2))).near((5000.0, 0.0))
        >>> 4980 < to_xy(pose[1])[0] < 5020
        True
        """
        sx, sy = precise_xy(self.start_pose[1])
        distance = math.hypot(target[0] - sx, target[1] - sy)
        # the start tile's ancestor of this level is large enough to reach the target in a
        # hop or two (its centre need not be near: the start tile may lie at its edge)
        level = 1
        while min(_sizes(level, t)[2] for t in TYPES) < 2 * distance:
            level += 1
        best: tuple[float, Address, Pose] | None = None
        for attempt in range(ATTEMPTS):
            address, pose = self._descended(level + 2 * attempt, target)
            x, y = precise_xy(pose[1])
            miss = math.hypot(x - target[0], y - target[1])
            if best is None or miss < best[0]:
                best = (miss, address, pose)
            if miss <= CLOSE:
                break
        return best[1], best[2]  # type: ignore[index]  # ATTEMPTS > 0

    def _descended(self, level: int, target: tuple[float, float]) -> tuple[Address, Pose]:
        """From the start tile's level-``level`` ancestor down to a Spectre near
        ``target``, hopping at each level to a neighbour nearer the target."""
        self.tiling.grow(level + 1)
        address = self.tiling.start.copy()
        address.types = self.tiling.ancestry.types[: level + 1]
        address.indices = self.tiling.ancestry.indices[:level]
        while True:
            address = self._hopped(address, level, target)
            if level == 0:
                break
            parent = address.types[level]
            best, best_distance = 0, math.inf
            for child, child_type in enumerate(CHILDREN[parent]):
                address.indices[level - 1], address.types[level - 1] = child, child_type
                distance = self.distance(address, level - 1, target)
                if distance < best_distance:
                    best, best_distance = child, distance
            address.indices[level - 1], address.types[level - 1] = best, CHILDREN[parent][best]
            level -= 1
        anchor = self.pose(address, 0)
        best_spectre, best_distance = 0, math.inf
        for spectre, pose in enumerate(spectre_poses(address.types[0])):
            x, y = _apply(compose(anchor, pose), _CENTRE)
            distance = math.hypot(x - target[0], y - target[1])
            if distance < best_distance:
                best_spectre, best_distance = spectre, distance
        address.spectre = best_spectre
        pose = compose(anchor, spectre_poses(address.types[0])[best_spectre])
        own, even, _ = pose[2]  # the colours as fields: even edges lead to "previous"
        address.hex_colour, address.previous_colour, address.entry_parity = own, even, 0
        return address, pose

    def _hopped(self, address: Address, level: int, target: tuple[float, float]) -> Address:
        """``address`` moved supertile by supertile at ``level`` while a neighbour's centre
        is nearer ``target``."""
        here = self.distance(address, level, target)
        for _ in range(MAX_HOPS):
            best, best_distance = None, here
            for edge in range(6):
                neighbour = address.copy()
                self.tiling.step_hex(neighbour, level, edge)
                distance = self.distance(neighbour, level, target)
                if distance < best_distance:
                    best, best_distance = neighbour, distance
            if best is None:
                return address
            address, here = best, best_distance
        return address  # lost (never seen): the levels below, or the walk, go on from here
