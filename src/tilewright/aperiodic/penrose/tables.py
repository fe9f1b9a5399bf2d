"""The combinatorial coordinates of Penrose half-tiles: their letters, and their moves.

Each Penrose tile is two mirror-image isosceles triangles. Kites and darts (P2) split into
acute half-kites ``A``, ``B`` and obtuse half-darts ``U``, ``V``; rhombs (P3) into acute
halves of the thin rhomb ``C``, ``D`` and obtuse halves of the thick one ``X``, ``Y``. Every
triangle is a child of a larger one (the tiling's substitution), so a triangle is named by
its letter, its parent's letter, its grandparent's, and so on up: a string of letters,
lowest first, in which each letter must be a possible parent of the one before.

A triangle's edges are numbered anticlockwise: 0 is the base, 1 and 2 the equal legs. To
step across edge ``e`` of a child, look up the move out of its parent: either straight into
a sibling (its letter and the edge we arrive through), or out through one of the parent's
edges (and which end of it, when the children divide that edge in two: ``-``, ``+``; whole
edges have no end). A step out recurses one level up; the move into the new parent then
says which of its children we land in.

References
----------
S. Tatham, "Aperiodic tilings: combinatorial coordinates", 2023 (the letters and edge
numbering used here, which the public puzzle collection's Loopy uses as well).
"""

from tilewright.aperiodic.penrose.field import (
    INVERSE_PHI,
    ONE,
    PHI,
    T,
    Times,
    multiply,
    power,
    times,
)

P2_LETTERS = "ABUV"
P3_LETTERS = "CDXY"
ACUTE = "ABCD"

# the possible parents of each letter
PARENTS = {
    "A": "ABV",
    "B": "ABU",
    "U": "AU",
    "V": "BV",
    "C": "CX",
    "D": "DY",
    "X": "DXY",
    "Y": "CXY",
}

# A choice of letter weighs acute P2 and obtuse P3 halves by φ against the others (their
# frequencies in the tiling), as two consecutive Fibonacci numbers
WEIGHTS = {letter: 63245986 if letter in "ABXY" else 39088169 for letter in PARENTS}

# the edge the triangle shares with the other half of its tile
SIBLING_EDGE = {"A": 2, "U": 2, "B": 1, "V": 1, "C": 0, "D": 0, "X": 0, "Y": 0}

# moves out of a child, by (parent, child), one per edge 0, 1, 2: a letter and a digit is a
# sibling and the edge we arrive through; a digit (and an end, - or +) is the parent's edge
_OUT = {
    "A": {"A": ("2-", "0", "B1"), "B": ("U1", "A2", "1+"), "U": ("2+", "B0", "1-")},
    "B": {"A": ("V2", "2-", "B1"), "B": ("1+", "A2", "0"), "V": ("1-", "2+", "A0")},
    "U": {"B": ("U1", "2", "0+"), "U": ("1", "B0", "0-")},
    "V": {"A": ("V2", "0-", "1"), "V": ("2", "0+", "A0")},
    "C": {"C": ("1+", "Y1", "0"), "Y": ("2", "C1", "1-")},
    "D": {"D": ("2-", "0", "X2"), "X": ("1", "2+", "D2")},
    "X": {"C": ("2+", "Y1", "X1"), "X": ("1", "C2", "0-"), "Y": ("0+", "C1", "2-")},
    "Y": {"D": ("1-", "Y2", "X2"), "X": ("0-", "1+", "D2"), "Y": ("2", "0+", "D1")},
}

# moves into a parent through one of its edges (and end): the child and its edge
_IN = {
    "A": {"0": "A1", "1-": "B2", "1+": "U2", "2-": "U0", "2+": "A0"},
    "B": {"0": "B2", "1-": "B0", "1+": "V0", "2-": "V1", "2+": "A1"},
    "U": {"0-": "B2", "0+": "U2", "1": "U0", "2": "B1"},
    "V": {"0-": "V1", "0+": "A1", "1": "A2", "2": "V0"},
    "C": {"0": "C2", "1-": "C0", "1+": "Y2", "2": "Y0"},
    "D": {"0": "D1", "1": "X0", "2-": "X1", "2+": "D0"},
    "X": {"0-": "Y0", "0+": "X2", "1": "X0", "2-": "C0", "2+": "Y2"},
    "Y": {"0+": "X0", "0-": "Y1", "1-": "X1", "1+": "D0", "2": "Y0"},
}

# A move: (sibling letter, edge) for a move inside the parent, or ("", parent edge, end)
# with end "", "-" or "+" for a move out of it
Move = tuple[str, int, str]


def _move(text: str) -> Move:
    if text[0].isalpha():
        return (text[0], int(text[1]), "")
    return ("", int(text[0]), text[1:])


MOVE_OUT: dict[tuple[str, str, int], Move] = {
    (parent, child, edge): _move(text)
    for parent, children in _OUT.items()
    for child, moves in children.items()
    for edge, text in enumerate(moves)
}
MOVE_IN: dict[tuple[str, int, str], tuple[str, int]] = {
    (parent, int(way[0]), way[1:]): (into[0], int(into[1]))
    for parent, ways in _IN.items()
    for way, into in ways.items()
}

# the length of each triangle's base, the legs being 1 (P3) or the kite's long edge (P2)
BASE = {"A": INVERSE_PHI, "B": INVERSE_PHI, "U": ONE, "V": ONE}
BASE.update({"C": INVERSE_PHI, "D": INVERSE_PHI, "X": PHI, "Y": PHI})


def _turns(acute: bool) -> tuple[Times, Times, Times]:
    """What multiplies the vector along edge ``e`` to give the one along the next edge,
    anticlockwise: the turn at the corner between them (180° less its angle) and the
    ratio of their lengths."""
    if acute:
        # corners of 72°, 36°, 72°: turns of 108°, 144°, 108°; base 1/φ of the legs
        turns = (multiply(PHI, power(T, 3)), power(T, 4), multiply(INVERSE_PHI, power(T, 3)))
    else:
        # corners of 36°, 108°, 36°: turns of 144°, 72°, 144°; base φ times the legs
        turns = (multiply(INVERSE_PHI, power(T, 4)), power(T, 2), multiply(PHI, power(T, 4)))
    return (times(turns[0]), times(turns[1]), times(turns[2]))


NEXT_EDGE = {letter: _turns(letter in ACUTE) for letter in PARENTS}
