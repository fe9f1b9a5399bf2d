"""The facts the Spectre tiling is built from: the tile, and its hexagonal metatiles.

Sources: Smith, Myers, Kaplan and Goodman-Strauss, "A chiral aperiodic monotile" (2023), for
the tile and the nine supertile types with their substitution; Tatham, "Combinatorial
coordinates for the aperiodic Spectre tiling" (2023), for viewing every supertile as a
hexagon whose six edges carry jigsaw-like edge types, which is what makes crossing an edge a
finite-state step. Everything here is data about the tiling; ``make_tables`` derives the
transition tables from it, and the tests check the data against the paper's substitution.

Conventions. Points are exact (``exact.Point``). A Spectre's vertices are numbered 0–13 and
its edge k runs from vertex k to vertex k + 1; ``SPECTRE_TURNS[k]`` is the turn at vertex k
in 30° steps (negative = clockwise), so the vertices run clockwise and vertex 10 is the
straight one. A metatile hexagon's vertex 0 is at the top when upright, its vertices and
edges run anticlockwise, and edge j joins vertex j to j + 1.
"""

import math

from tilewright.aperiodic.exact import ORIGIN, Point, add, multiply, rotate, unit

SPECTRE_TURNS = (-3, -2, 3, -2, -3, 2, -3, 2, -3, -2, 0, -2, 3, -2)
# The first field of a transition table entry (``make_tables``): does a child's edge lead to
# a sibling, or out through the parent's outline?
INSIDE, OUTSIDE = 1, 0
SPECTRE_EDGES = 14

# Metatile types: Latin letters in code and addresses, Greek letters for people.
TYPES = "GDJLXPSFY"
GREEK = dict(zip(TYPES, "ΓΔΘΛΞΠΣΦΨ", strict=True))
MYSTIC = "G"  # Γ holds two Spectres at level 0 and seven children above

# Children of each type, by child index (the layout below gives each index its place).
CHILDREN = {
    "G": "FXGSPDJ",
    "D": "FPGSXDFX",
    "J": "FPGSYDFP",
    "L": "FPGSYDFX",
    "X": "FYGSYDFP",
    "P": "FYGSYDFX",
    "S": "LPGSXDFX",
    "F": "FPGSYDFY",
    "Y": "FYGSYDFY",
}
# The paper lists children by its own slots 0–7; child index i sits in slot PAPER_SLOT[i].
PAPER_SLOT = (6, 5, 7, 4, 0, 1, 3, 2)

# Layout of one substitution, in a frame where neighbouring child centres are 6 apart: the
# children sit in rows 0 1 / 2 3 / 4 5 6 / 7, each turned by ORIENTATION × 60°.
CHILD_CENTRES: tuple[Point, ...] = (
    (0, 0, 0, 0),
    (6, 0, 0, 0),
    (0, 0, -6, 0),
    (6, 0, -6, 0),
    (0, 0, -12, 0),
    (6, 0, -12, 0),
    (12, 0, -12, 0),
    (12, 0, -18, 0),
)
CHILD_ORIENTATIONS = (2, 1, 0, 1, 4, 5, 0, 5)
HEX_TOP: Point = (-2, 0, 4, 0)  # from a child's centre to its vertex 0 (2√3 straight up)
# Where the parent's vertex 0 falls in that frame: Δ and Σ sit differently from the rest.
HEX_OUTLINE_START: dict[str, Point] = {t: (-4, 0, -10, 0) for t in TYPES} | {
    "D": (-2, 0, -14, 0),
    "S": (-2, 0, -14, 0),
}

# Edge types of each hexagon, edges 0–5. Two edges may meet when they are the + and − of one
# letter; η (eta) is symmetric and meets itself. Letters: a b g d e z t h = α β γ δ ε ζ θ η.
HEX_EDGE_TYPES = {
    "G": ("-b", "-a", "+a", "-g", "-d", "+b"),
    "D": ("-z", "+g", "+b", "-e", "+a", "-g"),
    "J": ("-b", "+g", "+b", "+t", "+b", "h"),
    "L": ("-b", "+g", "+b", "-e", "+a", "-t"),
    "X": ("-b", "-a", "+e", "+t", "+b", "h"),
    "P": ("-b", "-a", "+e", "-e", "+a", "-t"),
    "S": ("+d", "+z", "+b", "-e", "+a", "-g"),
    "F": ("-b", "+g", "+b", "-e", "+e", "h"),
    "Y": ("-b", "-a", "+e", "-e", "+e", "h"),
}
# How many child-hexagon edges, and how many Spectre edges, make up an edge of each type.
SUBEDGES_HEX = {"h": 5, "a": 3, "b": 2, "g": 5, "d": 5, "e": 4, "z": 3, "t": 6}
SUBEDGES_SPECTRE = {"h": 2, "a": 3, "b": 3, "g": 2, "d": 6, "e": 2, "z": 2, "t": 1}

# Level 0: the Spectre of each hexagon (Γ: two) in the same kind of frame, each placed by
# its vertex 0 and the direction of its edge 0 (length 2√2 here; only shape matters).
SPECTRE_EDGE0 = multiply((2, 0, 0, 2), unit(5))
SPECTRE_STARTS: tuple[tuple[Point, int], ...] = ((ORIGIN, 0), ((2, 6, 2, 0), 1))
# The Spectre vertex at the hexagon's vertex 0, for the common types and for Δ and Σ.
SPECTRE_OUTLINE_START = {t: 9 for t in TYPES} | {"D": 8, "S": 8}
# Σ's Spectre does not reach its hexagon's edge 1 (ζ): that edge folds back onto the last
# sub-edges of edge 0 as a detached two-edge spur, so stepping onto it comes straight out
# of Σ again through the other side.
SPURS = {"S": 0}

# Limiting frequencies of the types, the Perron eigenvector of the substitution
# (eigenvalue 4 + √15): used to draw random parents so that any seed gives a tiling of the
# whole plane with the natural statistics.
_R15 = math.sqrt(15)
FREQUENCIES = {
    "G": 1.0,
    "D": 1.0,
    "J": 4 - _R15,
    "L": 4 - _R15,
    "X": 2 * _R15 - 7,
    "P": 2 * _R15 - 7,
    "S": 1.0,
    "F": 2 * _R15 - 6,
    "Y": 13 - 3 * _R15,
}


def spectres_in(hex_type: str) -> int:
    """How many Spectres a level-0 hexagon of ``hex_type`` holds.

    Parameters
    ----------
    hex_type : str
        A letter of ``TYPES``.

    Returns
    -------
    int
        2 for Γ (the "mystic" pair), else 1.

    Examples
    --------
    >>> spectres_in("G"), spectres_in("D")
    (2, 1)
    """
    return 2 if hex_type == MYSTIC else 1


def place_spectre(start: Point, edge0: Point, at: int = 0) -> list[Point]:
    """The 14 vertices of the Spectre whose vertex ``at`` is ``start`` and whose edge ``at``
    is the vector ``edge0``.

    Parameters
    ----------
    start : Point
        Where vertex ``at`` lies.
    edge0 : Point
        Edge ``at`` as a vector (its length sets the size).
    at : int
        Which vertex and edge are given (0–13).

    Returns
    -------
    list of Point
        Vertices 0–13, clockwise.

    Examples
    --------
    >>> from tilewright.aperiodic.exact import ORIGIN, unit
    >>> vertices = place_spectre(ORIGIN, unit(0))
    >>> len(vertices), vertices[1]
    (14, (1, 0, 0, 0))
    """
    vertices: list[Point] = [ORIGIN] * SPECTRE_EDGES
    point, step = start, edge0
    for i in range(SPECTRE_EDGES):
        vertices[(at + i) % SPECTRE_EDGES] = point
        point = add(point, step)
        step = rotate(step, SPECTRE_TURNS[(at + i + 1) % SPECTRE_EDGES])
    return vertices


def hexagon(centre: Point, orientation: int) -> list[Point]:
    """The six vertices of a metatile hexagon turned by ``orientation`` × 60°.

    Parameters
    ----------
    centre : Point
    orientation : int

    Returns
    -------
    list of Point
        Vertices 0–5, anticlockwise from the top one (when ``orientation`` is 0).

    Examples
    --------
    >>> hexagon((0, 0, 0, 0), 0)[0] == HEX_TOP
    True
    """
    return [add(centre, multiply(HEX_TOP, unit(2 * (orientation + j)))) for j in range(6)]
