"""Combinatorial coordinates for the hat tiling, and the step from a kite to its neighbour.

Why kites: every hat is eight kites of the kite grid, so walking the grid kite by kite
visits every hat, and a kite's address says which hat it belongs to. An address is the
kite's index in its hat, the hat's index in its metatile, and for each level k the index
of the level-k metatile in its level-(k+1) parent (Tatham 2023).

A move first looks in the kitemap of the level-1 metatile: usually the next kite is in the
same expansion. When it is not, the address is rewritten without changing the kite: a
level-k metatile on the rim of one parent's expansion also lies in a neighbour's, and the
metamap of the level-(k+2) type lists its other (child, grandchild) names. Rewriting at
level 0, then 1, and so on (each time retrying every rewrite below) soon puts the kite in
the middle of some kitemap. The rewrites needed grow rarer by φ⁴ ≈ 6.85 a level.

A tiling of the plane is fixed by a seed: the start hat's ancestry is drawn upward lazily,
each parent among those that own the child (every metatile of a tiling has exactly one
such parent), weighted by the parent type's limiting share, so that a patch is drawn as
it would be seen at random in a very large one.

References
----------
.. [1] S. Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023.
"""

from dataclasses import dataclass, field

import numpy as np

from tilewright.aperiodic.ancestry import DrawnAncestry
from tilewright.aperiodic.hat._tables import KITEMAP, METAMAP
from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    HAT_KITE_COUNT,
    HATS_IN,
    MOST_CHILDREN,
    OWNED,
    REFLECTED_HAT,
    TYPES,
    frequencies,
)
from tilewright.core.seeds import Stream, resolve_seed, sequence

_SHARE = frequencies()
# Every (parent type, child index) that owns a metatile of each type, with its weight.
PARENTS = {
    t: [(parent, i) for parent in TYPES for i in OWNED[parent] if CHILDREN[parent][i] == t]
    for t in TYPES
}


@dataclass
class HatAddress:
    """Where a kite sits in the substitution hierarchy.

    Attributes
    ----------
    kite : int
        0–7 in its hat.
    hat : int
        The hat's index in its level-0 metatile.
    types : list of str
        ``types[k]``, the type (H, T, P or F) of the level-k metatile.
    indices : list of int
        ``indices[k]``, that metatile's index in its level-(k + 1) parent; one fewer than
        ``types`` (the top's own index is not known yet).

    Examples
    --------
    >>> HatAddress(0, 3, ["H", "P"], [0]).reflected
    True
    """

    kite: int
    hat: int
    types: list[str]
    indices: list[int] = field(default_factory=list)

    def copy(self) -> "HatAddress":
        """An independent copy."""
        return HatAddress(self.kite, self.hat, self.types.copy(), self.indices.copy())

    @property
    def reflected(self) -> bool:
        """Is this kite's hat one of the mirrored ones (hat 3 of an H)?"""
        return (self.types[0], self.hat) == REFLECTED_HAT


class HatTiling(DrawnAncestry):
    """One hat tiling of the plane, fixed by ``seed``: the ancestry of its start hat.

    Parameters
    ----------
    seed : int, optional
        The tiling, as for the Spectre's
        :class:`~tilewright.aperiodic.spectre.coordinates.Tiling` (its range, and None drawing one).

    Examples
    --------
    >>> tiling = HatTiling(7)
    >>> there = tiling.step(tiling.start, 3)
    >>> back = tiling.step(there, 3)  # forward right twice more goes round the blunt end
    >>> tiling.step(back, 3).kite == tiling.start.kite
    True
    """

    # each type's parents, drawn as often as they occur (``DrawnAncestry.grow``)
    parents, shares = PARENTS, _SHARE

    def __init__(self, seed: int | None = None):
        self.seed = resolve_seed(seed)
        stream = sequence(self.seed, Stream.HAT_ANCESTRY)
        self._random = np.random.Generator(np.random.PCG64(stream))
        starts = [(t, h) for t in TYPES for h in range(HATS_IN[t])]
        t, hat = starts[self._choice([_SHARE[t] for t, _ in starts])]
        self.start = HatAddress(0, hat, [t])
        self.ancestry = self.start.copy()
        # the tiling is drawn turned by a random multiple of 60°
        self.start_turn = int(self._random.integers(6))

    def step(self, address: HatAddress, move: int) -> HatAddress:
        """The kite reached from ``address`` by ``move`` (``geometry.LEFT`` …).

        Parameters
        ----------
        address : HatAddress
            Left unchanged.
        move : int
            0–3.

        Returns
        -------
        HatAddress
        """
        found = self._by_kitemap(address, move)
        depth = 0
        while found is None:
            found = self._by_metamap(address, move, depth)
            depth += 1
        return found

    def _by_kitemap(self, address: HatAddress, move: int) -> HatAddress | None:
        self._extend(address, 2)
        parent = address.types[1]
        row = (HATS_IN["H"] * address.indices[0] + address.hat) * HAT_KITE_COUNT + address.kite
        entry = KITEMAP[parent][row][move]
        if entry is None:
            return None
        child, hat, kite = entry
        found = address.copy()
        found.indices[0], found.hat, found.kite = child, hat, kite
        found.types[0] = CHILDREN[parent][child]
        return found

    def _by_metamap(self, address: HatAddress, move: int, depth: int) -> HatAddress | None:
        """Try every name of the level-``depth`` metatile within its grandparent, each with
        every rewrite below it, until one lets the kitemap make the move."""
        self._extend(address, depth + 3)
        grandparent = address.types[depth + 2]
        row = MOST_CHILDREN * address.indices[depth + 1] + address.indices[depth]
        for child, grandchild in METAMAP[grandparent][row]:
            renamed = address.copy()
            renamed.indices[depth + 1], renamed.indices[depth] = child, grandchild
            renamed.types[depth + 1] = CHILDREN[grandparent][child]
            if depth > 0:
                found = self._by_metamap(renamed, move, depth - 1)
            else:
                found = self._by_kitemap(renamed, move)
            if found is not None:
                return found
        return None
