"""A patch of Penrose tiles in a box, found breadth first from one triangle, as the puzzle
collection finds it.

The start triangle is named by its letters (lowest first, see :mod:`.tables`), turned by a
number of tenths of a turn and placed with one of its three corners at the origin. From it
the search visits triangles breadth first, each one's edges 0, 1, 2 in turn, keeping those
with all three corners inside the box; a triangle is known by its first two corners. When
a triangle steps across the edge to its other half and finds that half already kept, the
two make a tile, reported once, from the first triangle's corners after that edge. The
order of the tiles, and of each tile's four corners, is the order of the collection's
faces and their dots.

When a step needs letters above those given, more are drawn: each a possible parent of the
one below, chosen with the tiling's frequencies (:data:`~.tables.WEIGHTS`) from a random
source, so a description can be invented while its patch is searched.
"""

from collections.abc import Callable
from typing import Protocol

import numpy as np

from tilewright.aperiodic.penrose import _search_kernels as kernels
from tilewright.aperiodic.penrose.field import ORIGIN, Point, T, add, apply, multiply, power, sub
from tilewright.aperiodic.penrose.tables import (
    BASE,
    MOVE_IN,
    MOVE_OUT,
    NEXT_EDGE,
    PARENTS,
    SIBLING_EDGE,
    WEIGHTS,
)

Corners = tuple[Point, Point, Point]
# room for the search: a box of area A (in units of across × up) holds about A/7 tiles
# (P2; P3 fewer), two triangles each (too little room costs a second search)
BOX_AREA_PER_TILE = 6


class Draws(Protocol):
    """A source of random whole numbers."""

    def below(self, limit: int) -> int:
        """A number from 0 to ``limit − 1``."""
        ...


def pick(letters: str, draws: Draws) -> str:
    """One of ``letters``, chosen with the tiling's frequencies.

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.collection_random import CollectionRandom
    >>> pick("AU", CollectionRandom("seed")) in "AU"
    True
    """
    value = draws.below(sum(WEIGHTS[c] for c in letters))
    for letter in letters:
        if value < WEIGHTS[letter]:
            return letter
        value -= WEIGHTS[letter]
    raise AssertionError("a draw below the total falls on a letter")


class Ancestry:
    """The start triangle's letters, lowest first: those given, then as many more as the
    search needs, each drawn by ``extend`` from the possible parents of the one below.

    The given letters stay one string, read a few at a time, so a long description costs
    its own length once, not once a triangle.
    """

    def __init__(self, given: str, extend: Callable[[str], str]) -> None:
        self.given = given
        self.drawn: list[str] = []
        self._extend = extend

    def __len__(self) -> int:
        return len(self.given) + len(self.drawn)

    def letters(self, start: int, stop: int) -> list[str]:
        """Letters ``start`` to ``stop − 1``, drawing more first when needed."""
        while len(self) < stop:
            self.drawn.append(self._extend(PARENTS[self.letter(len(self) - 1)]))
        n = len(self.given)
        if stop <= n:
            return list(self.given[start:stop])
        return list(self.given[start:]) + self.drawn[max(start - n, 0) : stop - n]

    def letter(self, level: int) -> str:
        """Letter ``level`` (one already known)."""
        n = len(self.given)
        return self.given[level] if level < n else self.drawn[level - n]

    def text(self) -> str:
        """Every letter known so far."""
        return self.given + "".join(self.drawn)


def place(letter: str, u: Point, v: Point, u_index: int) -> Corners:
    """A triangle's corners, given its corner ``u_index`` at ``u`` and the next one
    anticlockwise at ``v``: the third is the edge from ``u`` to ``v`` turned at ``v``."""
    third = add(v, apply(NEXT_EDGE[letter][u_index], sub(v, u)))
    if u_index == 0:
        return (u, v, third)
    if u_index == 1:
        return (third, u, v)
    return (v, third, u)


def start_corners(letter: str, turn: int, start_vertex: int) -> Corners:
    """The start triangle: its base turned ``turn`` tenths, its corner ``start_vertex`` at
    the origin."""
    corners = place(letter, ORIGIN, multiply(BASE[letter], power(T, turn)), 0)
    shift = corners[start_vertex]
    return (sub(corners[0], shift), sub(corners[1], shift), sub(corners[2], shift))


def _tables() -> tuple[np.ndarray, ...]:
    """:data:`~.tables.MOVE_OUT` and :data:`~.tables.MOVE_IN` as arrays for the kernel,
    letters by their place in ``LETTERS``, ends by theirs in ``ENDS``: out of a parent,
    (sibling or -1, its edge or the parent's, the end), into one, (child, its edge)."""
    out = np.full((3, len(LETTERS), len(LETTERS), 3), -1, dtype=np.int64)
    into = np.full((2, len(LETTERS), 3, len(ENDS)), -1, dtype=np.int64)
    for (parent, child, edge), (sibling, way, end) in MOVE_OUT.items():
        where = (LETTERS.index(parent), LETTERS.index(child), edge)
        out[:, where[0], where[1], where[2]] = (
            LETTERS.index(sibling) if sibling else -1,
            way,
            ENDS.index(end),
        )
    for (parent, edge, end), (child, child_edge) in MOVE_IN.items():
        into[:, LETTERS.index(parent), edge, ENDS.index(end)] = (LETTERS.index(child), child_edge)
    return (*out, *into)


LETTERS = "ABUVCDXY"
ENDS = ("", "-", "+")
MOVES = _tables()
# the turn and scaling from each edge to the next, per letter and corner: ``apply``'s maps
NEXT_EDGES = np.array([NEXT_EDGE[letter] for letter in LETTERS], dtype=np.int64)
SIBLING_EDGES = np.array([SIBLING_EDGE[letter] for letter in LETTERS], dtype=np.int64)


def search(
    ancestry: Ancestry, turn: int, start_vertex: int, box: tuple[int, int, int, int]
) -> np.ndarray:
    """Every tile of the patch in ``box``, in the order found, each as its four corners.

    Breadth first from the start triangle, each triangle's edges 0, 1, 2 in turn (the
    compiled ``_search_kernels.search``); a triangle's letters above those of the start's
    it differs in are the start's, drawn by ``ancestry`` when a step first needs them.

    Parameters
    ----------
    ancestry : Ancestry
        The start triangle's letters (at least the lowest).
    turn : int
        Tenths of a turn of the start triangle's base, 0–9.
    start_vertex : int
        Which corner of the start triangle is at the origin, 0–2.
    box : tuple of int
        (left, right, bottom, top), in the units of :func:`~.field.across` and
        :func:`~.field.up`.

    Returns
    -------
    numpy.ndarray
        int64, shape (tiles, 4, 4): each tile's corners, each a :data:`~.field.Point`.
    """
    start = start_corners(ancestry.letter(0), turn, start_vertex)
    bounds = np.array(box, dtype=np.int64)
    left, right, bottom, top = box
    capacity = (right - left) * (top - bottom) // BOX_AREA_PER_TILE + 64
    width = 1
    while True:
        rows = np.empty((2 * capacity, width), dtype=np.int8)
        rows[0] = [LETTERS.index(c) for c in ancestry.letters(0, width)]
        corners = np.empty((2 * capacity, 3, 4), dtype=np.int64)
        corners[0] = start
        slots = 1 << (4 * capacity).bit_length()
        table = np.full(slots, -1, dtype=np.int64)
        reported = np.empty(2 * capacity, dtype=np.bool_)
        tiles = np.empty((capacity, 4, 4), dtype=np.int64)
        state = np.zeros(4, dtype=np.int64)
        while True:
            status, letters = kernels.search(
                state,
                rows,
                corners,
                reported,
                table,
                tiles,
                bounds,
                MOVES,
                NEXT_EDGES,
                SIBLING_EDGES,
            )
            if status != kernels.SHALLOW:
                break
            # every triangle shares the start's letters above its own: widen the rows
            more = np.array([LETTERS.index(c) for c in ancestry.letters(width, letters)], np.int8)
            rows = np.concatenate([rows, np.broadcast_to(more, (len(rows), len(more)))], axis=1)
            width = letters
        if status == kernels.DONE:
            return tiles[: state[3]]
        capacity *= 2
