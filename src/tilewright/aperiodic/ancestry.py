"""What the Spectre's and the hat's combinatorial coordinates share: an address's ancestry.

Every address of a tiling shares its start tile's ancestry above the levels it differs in
(Tatham 2023), so the ancestry is drawn once, upward and on demand, and an address only
holds the levels below.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np


def extend_from(ancestry: Any, address: Any, levels: int) -> None:
    """Give ``address`` the start tile's ``ancestry`` above its own top, up to ``levels``
    types: every address of a tiling shares the start's ancestry above the levels it
    differs in. Both are objects with ``types`` and ``indices`` lists (a Spectre's or a
    hat's address); ``ancestry`` must already reach ``levels``.

    Examples
    --------
    >>> from types import SimpleNamespace as Address
    >>> start = Address(types=["F", "S", "G"], indices=[3, 1])
    >>> there = Address(types=["G"], indices=[])
    >>> extend_from(start, there, 3)
    >>> there.types, there.indices
    (['G', 'S', 'G'], [3, 1])
    """
    while len(address.types) < levels:
        depth = len(address.indices)
        address.indices.append(ancestry.indices[depth])
        address.types.append(ancestry.types[depth + 1])


class DrawnAncestry:
    """The base of a tiling fixed by a seed (the Spectre's ``Tiling``, the hat's
    ``HatTiling``): its start tile's ``ancestry``, drawn upward on demand from its random
    stream, each parent as often as the tiling's metatiles of its type occur.

    A subclass sets ``parents`` (each type's possible ``(parent, index)``) and ``shares``
    (each type's weight), and in ``__init__`` the ``start`` address, the ``ancestry`` (a
    copy of it, grown) and the ``_random`` generator; addresses are objects with ``types``
    and ``indices`` lists.
    """

    parents: Mapping[str, Sequence[tuple[str, int]]]
    shares: Mapping[str, float]
    start: Any
    ancestry: Any
    _random: np.random.Generator

    def _choice(self, weights: Sequence[float]) -> int:
        """An index drawn with chances in proportion to ``weights``."""
        p = np.array(weights)
        return int(self._random.choice(len(p), p=p / p.sum()))

    def grow(self, levels: int) -> None:
        """Draw the start tile's ancestry (``self.ancestry``) up to ``levels`` types.

        Parameters
        ----------
        levels : int
        """
        while len(self.ancestry.types) < levels:
            options = self.parents[self.ancestry.types[-1]]
            parent, index = options[self._choice([self.shares[p] for p, _ in options])]
            self.ancestry.indices.append(index)
            self.ancestry.types.append(parent)

    def _extend(self, address: Any, levels: int) -> None:
        """Give ``address`` at least ``levels`` types (and known indices below the top)."""
        self.grow(levels)
        extend_from(self.ancestry, address, levels)

    def start_with_levels(self, levels: int) -> Any:
        """A copy of the start tile's address with ``levels`` types at least, those above
        its own drawn into the ancestry."""
        start = self.start.copy()
        self._extend(start, levels)
        return start

    def ancestry_to(self, levels: int) -> Any:
        """A copy of the start tile's ancestry cut to its lowest ``levels`` types (and the
        indices below the top of them)."""
        cut = self.ancestry.copy()
        del cut.types[levels:]
        del cut.indices[levels - 1 :]
        return cut
