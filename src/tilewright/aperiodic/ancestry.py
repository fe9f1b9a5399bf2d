"""What the Spectre's and the hat's combinatorial coordinates share: an address's ancestry.

Every address of a tiling shares its start tile's ancestry above the levels it differs in
(Tatham 2023), so the ancestry is drawn once, upward and on demand, and an address only
holds the levels below.
"""

from typing import Any


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
