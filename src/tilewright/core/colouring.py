"""Proper colourings of a graph given as each vertex's neighbours: no two neighbours alike.

The colours come from the smallest-last order of Matula and Beck (D. W. Matula and L. L.
Beck, "Smallest-last ordering and clustering and graph coloring algorithms", Journal of
the ACM 30(3), 1983, pp. 417-427), in time linear in the edges; they number at most one
more than the graph's degeneracy (the least ``d`` such that every part of the graph has a
vertex of at most ``d`` neighbours in that part).

That bound is what a family leans on: in any finite patch of an edge-to-edge tiling of
convex or star-shaped tiles, a tile with a corner at a corner of the patch's convex hull
has a neighbour across an edge outside the patch, so a tiling whose tiles have four
edges (Penrose rhombs, kites and darts) has patches of degeneracy at most three, and four
colours always suffice.
"""

import numpy as np

from tilewright.core._colouring_kernels import smallest_last_colours


def proper_colours(across: np.ndarray) -> np.ndarray:
    """A proper colouring of the graph whose row ``i`` lists vertex ``i``'s neighbours.

    Parameters
    ----------
    across : numpy.ndarray
        Integers, shape (n, k): the neighbours of each vertex, -1 for none; each edge
        listed from both of its ends, and no vertex its own neighbour.

    Returns
    -------
    numpy.ndarray
        int8, shape (n,): each vertex's colour, 0 up, never a neighbour's; at most one
        more than the graph's degeneracy.

    Raises
    ------
    TypeError
        When ``across`` is not a 2-D array of integers.
    ValueError
        When a neighbour is out of range, a vertex its own neighbour, or an edge listed
        from one end only.

    Examples
    --------
    >>> square = np.array([[1, 3], [0, 2], [1, 3], [2, 0]])  # a cycle of four
    >>> proper_colours(square).tolist()
    [0, 1, 0, 1]
    """
    across = np.asarray(across)
    if across.ndim != 2 or across.dtype.kind not in "iu":
        raise TypeError(f"neighbours must be a 2-D array of integers, not {across.dtype}")
    across = across.astype(np.int64)
    _check_symmetric(across)
    return smallest_last_colours(across).astype(np.int8)


def _check_symmetric(across: np.ndarray) -> None:
    """Refuse neighbours out of range, loops, and edges listed from one end only."""
    n = len(across)
    if across.size and (across.min() < -1 or across.max() >= n):
        raise ValueError(f"a neighbour is out of range for {n} vertices")
    rows, slots = np.nonzero(across >= 0)
    ends = across[rows, slots]
    if np.any(ends == rows):
        raise ValueError("a vertex is listed as its own neighbour")
    forward = np.sort(rows * n + ends)
    backward = np.sort(ends * n + rows)
    if not np.array_equal(forward, backward):
        raise ValueError("an edge is listed from one of its ends only")
