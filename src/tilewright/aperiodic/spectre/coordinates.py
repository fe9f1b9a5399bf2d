"""Combinatorial coordinates for the Spectre tiling, and the step across an edge.

Why coordinates: a tile's place in the substitution hierarchy (its address) says everything
about its surroundings, so a neighbour is found by rewriting the address — no search, no
floating point, no memory of other tiles. The address of a Spectre is its index in its
level-0 hexagon (0, or 1 for the second Spectre of a Γ) and, for each level k, the index of
its level-k hexagon inside the level-(k+1) one; the types follow from the top type down.

Crossing an edge (Tatham 2023): look the edge up in the parent's table. Usually it leads to
a sibling. Otherwise it lies on the parent's edge p at sub-edge s: step the *parent* across
p (the same rule one level up, rarely more than a few levels), then come back down through
the matching sub-edge of the new parent's entry edge. The two sides of a shared edge walk
its sub-edges in opposite directions, hence ``count − 1 − s``.

A tiling of the whole plane is fixed by a seed: the start tile's ancestry is drawn upward
lazily, each parent chosen with the natural frequency of its type, and every other address
shares that ancestry above the levels it differs in.
"""

from dataclasses import dataclass, field

import numpy as np

from tilewright.aperiodic.ancestry import DrawnAncestry
from tilewright.aperiodic.spectre import _tables as tables
from tilewright.aperiodic.spectre.geometry import (
    CHILDREN,
    FREQUENCIES,
    OUTSIDE,
    SPECTRE_EDGES,
    TYPES,
    spectres_in,
)
from tilewright.core.seeds import Stream, resolve_seed, sequence

# Every (parent type, child index) a hexagon of each type can sit in.
PARENTS = {
    t: [(parent, i) for parent in TYPES for i, child in enumerate(CHILDREN[parent]) if child == t]
    for t in TYPES
}


@dataclass
class Address:
    """Where a Spectre sits in the substitution hierarchy.

    Attributes
    ----------
    spectre : int
        0, or 1 for the second Spectre of a Γ, in its level-0 hexagon.
    types : list of str
        ``types[k]``, the type (a letter of ``TYPES``) of its level-k hexagon.
    indices : list of int
        ``indices[k]``, that hexagon's index in its level-(k + 1) parent. The top type's own
        index is not known yet (``len(indices) == len(types) - 1``).
    hex_colour, previous_colour, entry_parity : int
        The three-colouring of the level-0 hexagons, carried along every step.

    Examples
    --------
    >>> Address(0, ["F", "S"], [3]).colour
    0
    """

    spectre: int
    types: list[str]
    indices: list[int] = field(default_factory=list)
    # The level-0 hexagons form a honeycomb, which has one proper 3-colouring: across an edge
    # of the same parity as the one we came in by lies the colour we came from, across the
    # other parity the third colour. Carrying (colour, previous colour, entry edge) along every
    # step colours each hexagon consistently, whatever the route (Tatham 2023).
    hex_colour: int = 0
    previous_colour: int = 1
    entry_parity: int = 0

    def copy(self) -> "Address":
        """An independent copy (the lists are copied too)."""
        return Address(
            self.spectre,
            self.types.copy(),
            self.indices.copy(),
            self.hex_colour,
            self.previous_colour,
            self.entry_parity,
        )

    @property
    def colour(self) -> int:
        """A proper four-colouring: the hexagon's colour, or 3 for the second Spectre of a Γ
        (those never touch each other)."""
        return 3 if self.spectre == 1 else self.hex_colour


class Tiling(DrawnAncestry):
    """One Spectre tiling of the plane, fixed by ``seed``: the ancestry of its start tile,
    drawn upward on demand.

    This is the readable reference of the step across an edge; the compiled kernels do the
    same on arrays, and the tests compare the two.

    Parameters
    ----------
    seed : int, optional
        The tiling; None draws one (kept as ``self.seed``).
    ancestry : Address, optional
        A start tile's ancestry to use instead of drawing one (for tests of known steps).

    Raises
    ------
    TilewrightError
        For a seed that is not a whole number from 0 to 2⁶³ − 1.

    References
    ----------
    .. [1] S. Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling", 2023.

    Examples
    --------
    >>> tiling = Tiling(7)
    >>> there, entry = tiling.step(tiling.start, 0)
    >>> tiling.step(there, entry)[1]  # and back across the same edge
    0
    """

    # each type's parents, drawn as often as they occur (``DrawnAncestry.grow``)
    parents, shares = PARENTS, FREQUENCIES

    def __init__(self, seed: int | None = None, ancestry: Address | None = None):
        self.seed = resolve_seed(seed)
        ancestry_stream = sequence(self.seed, Stream.SPECTRE_ANCESTRY)
        self._random = np.random.Generator(np.random.PCG64(ancestry_stream))
        if ancestry is None:
            starts = [(t, s) for t in TYPES for s in range(spectres_in(t))]
            t, s = starts[self._choice([FREQUENCIES[t] for t, _ in starts])]
            colour = int(self._random.integers(3))
            previous = (colour + 1 + int(self._random.integers(2))) % 3
            ancestry = Address(s, [t], [], colour, previous, int(self._random.integers(2)))
        # the start tile's turn in 60° steps: the tiling is drawn in a random orientation
        self.start_turn = int(self._random.integers(6))
        self.start = ancestry.copy()
        self.ancestry = ancestry.copy()

    def step_hex(self, address: Address, depth: int, edge: int) -> int:
        """Move the level-``depth`` hexagon of ``address`` (changed in place) across its
        ``edge`` (0–5); returns the edge of the new hexagon that was crossed. The levels
        below ``depth`` are left as they were (their colours too, unless ``depth`` is 0).

        Parameters
        ----------
        address : Address
        depth : int
        edge : int

        Returns
        -------
        int
        """
        self._extend(address, depth + 2)
        parent = address.types[depth + 1]
        kind, to, via = tables.HEX_MAP[parent][6 * address.indices[depth] + edge]
        if kind == OUTSIDE:
            entered = self.step_hex(address, depth + 1, to)
            parent = address.types[depth + 1]
            first, count = tables.HEX_SIDES[parent][entered]
            kind, to, via = tables.HEX_ENTRY[parent][first + count - 1 - via]
        address.indices[depth] = to
        address.types[depth] = CHILDREN[parent][to]
        if depth == 0:
            if (edge ^ address.entry_parity) & 1:
                colour = 3 - address.hex_colour - address.previous_colour
            else:
                colour = address.previous_colour
            address.previous_colour, address.hex_colour = address.hex_colour, colour
            address.entry_parity = via & 1
        return via

    def step(self, address: Address, edge: int) -> tuple[Address, int]:
        """The Spectre across ``edge`` (0–13) of ``address``, and which of its edges that is.

        Parameters
        ----------
        address : Address
            Left unchanged.
        edge : int
            0–13.

        Returns
        -------
        tuple
            (the neighbour's ``Address``, the neighbour's edge that was crossed).
        """
        address = address.copy()
        kind, to, via = tables.SPECTRE_MAP[address.types[0]][SPECTRE_EDGES * address.spectre + edge]
        while kind == OUTSIDE:  # twice when entering through the spur of a Σ
            entered = self.step_hex(address, 0, to)
            first, count = tables.SPECTRE_SIDES[address.types[0]][entered]
            kind, to, via = tables.SPECTRE_ENTRY[address.types[0]][first + count - 1 - via]
        address.spectre = to
        return address, via

    def name(self, address: Address) -> str:
        """A stable id: the Spectre index, then the child indices from level 0 up to the
        highest level where the address leaves the start tile's ancestry (``0:5317``).

        Parameters
        ----------
        address : Address

        Returns
        -------
        str

        Examples
        --------
        >>> tiling = Tiling(7)
        >>> tiling.name(tiling.start)
        '0:'
        """
        self.grow(len(address.types))
        own, shared = address.indices, self.ancestry.indices
        top = len(own)
        while top > 0 and own[top - 1] == shared[top - 1]:
            top -= 1
        return f"{address.spectre}:" + "".join(str(i) for i in own[:top])
