"""Colouring tromino tilings so that trominoes sharing an edge differ.

A tiling is an integer array of labels: the cells of tromino t hold t (1 … T), uncovered
cells (the missing square) hold 0. Two trominoes are *adjacent* when a cell of one shares
a side with a cell of the other. That graph is planar — put a point in each tromino and
join neighbours through their common side — so four colours always suffice (Appel and
Haken 1977; Robertson, Sanders, Seymour and Thomas 1997). Every tromino has at most 8
neighbours (an L has 8 unit sides).

Three colours do not always suffice. Four mutually adjacent trominoes (a K4) never occur:
no L-tromino has three pairwise adjacent neighbours, as enumerating the placements around
one shows (the tests do it). What does occur is an *odd wheel*: a tromino whose neighbours
contain a cycle of odd length, 5 at the least — its colour leaves two for that cycle, which
an odd cycle cannot take. Such a wheel is looked for first, and named in the error.

Method: DSATUR (Brélaz 1979, "New methods to color the vertices of a graph", CACM 22) —
colour next the tromino whose neighbours already show the most colours, ties going to the
first in a sweep of the board — with backtracking, which makes it an exact search (the
branch and bound of Brélaz's paper; San Segundo 2012 gives a modern exact DSATUR), here
with conflict-directed backjumping (Prosser 1993). On every tiling tried, four colours take
at most 1.03 steps per tromino (a step gives or takes back one colour), so the time is
linear in the board; three colours take exactly one on the textbook 2^k × 2^k tilings
tried, up to 4096 × 4096. The search stops after a step budget; ending it without a
colouring is a proof that none exists, running out of steps is not.
"""

import sys

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits
from tilewright.core.numbers import ArgumentTypeError
from tilewright.tromino.validation import checked_labels

# Step budgets of the search: a step colours a tromino or takes a colour back, so a search
# that never backtracks takes T steps. Four colours get a generous budget, three colours a
# budget proportional to the size (small graphs are then searched to the end, so failure on
# them is a proof).
FOUR_COLOUR_STEPS = (64, 1_000_000)  # steps = a·T + b
THREE_COLOUR_STEPS = (16, 200_000)
# Bytes a cell of the board costs while it is coloured, beyond the labels themselves (the
# neighbour pairs, their sort, the CSR graph, the search's state): measured 52 on boards
# from 512x512 to 4096x4096, for three colours and four.
COLOUR_BYTES_PER_CELL = 80


def _labels(labels: np.ndarray) -> tuple[np.ndarray, int]:
    """The labels as a C-ordered int64 array and the number of trominoes, or a clear error
    when they are not a tiling by L-trominoes or have too many trominoes to colour."""
    array, trominoes = checked_labels(labels)
    if trominoes >= 2**31 - 1:
        raise TilewrightError(f"{trominoes} trominoes are too many to colour (at most 2^31 - 2)")
    return array, trominoes


def _adjacency(labels: np.ndarray, trominoes: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR adjacency of checked int64 labels: unique pairs from neighbouring cells.

    Each pair of labels meeting across a cell side is packed into one int64 (low label in
    the high half), so that one sort brings the duplicates together; the pairs and their
    mirror images, sorted again, are the rows of the CSR matrix in order. Written to spare
    temporaries: on a 4096 × 4096 board the pairs alone are 22 million.
    """
    if trominoes == 0:
        return np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32)
    # Neighbours across a side as two contiguous runs of the flat board: the pair (i, i + 1)
    # for each cell but the last of its row, and (i, i + width) for each cell above another.
    width = labels.shape[1]
    flat = labels.reshape(-1)
    sides = ((flat[:-1], flat[1:]), (flat[:-width], flat[width:]))
    masks = []
    for a, b in sides:
        differ = np.not_equal(a, b)
        positive = np.greater(a, 0)
        differ &= positive
        np.greater(b, 0, out=positive)
        differ &= positive
        masks.append(differ)
    masks[0][width - 1 :: width] = False  # a row's last cell and the next row's first
    found = [int(np.count_nonzero(m)) for m in masks]
    pairs = np.empty(sum(found), dtype=np.int64)
    at = 0
    for (a, b), differ, m in zip(sides, masks, found, strict=True):
        x, y = a[differ], b[differ]
        part = pairs[at : at + m]
        np.minimum(x, y, out=part)
        np.maximum(x, y, out=x)
        part <<= 32
        part |= x
        at += m
    del masks, x, y
    pairs.sort()
    if len(pairs):
        fresh = np.empty(len(pairs), dtype=bool)
        fresh[0] = True
        np.not_equal(pairs[1:], pairs[:-1], out=fresh[1:])
        pairs = pairs[fresh]
        del fresh
    m = len(pairs)
    both = np.empty(2 * m, dtype=np.int64)
    both[:m] = pairs
    mirror = both[m:]
    np.right_shift(pairs, 32, out=mirror)
    pairs &= 0xFFFFFFFF
    pairs <<= 32
    mirror |= pairs
    del pairs
    both.sort()
    low, high = _halves(both)
    indices = low.astype(np.int32)  # trominoes < 2^31: see _labels
    indices -= 1
    # Row t - 1 ends after the last entry whose first label is t.
    indptr = np.searchsorted(high, np.arange(trominoes + 1), side="right").astype(np.int64)
    return indptr, indices


def _halves(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The low and high 32 bits of int64 values holding two labels below 2^31: views, not
    copies, where the machine is little-endian."""
    if sys.byteorder == "little":
        words = packed.view(np.int32)
        return words[0::2], words[1::2]
    return packed & 0xFFFFFFFF, packed >> 32


def adjacency(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The adjacency graph of the trominoes of a tiling, in CSR form.

    Parameters
    ----------
    labels : array_like
        A tiling, as for :func:`~tilewright.tromino.validation.checked_labels`.

    Returns
    -------
    indptr : numpy.ndarray
        T + 1 int64 offsets.
    indices : numpy.ndarray
        int32: the neighbours of tromino t are ``indices[indptr[t - 1]:indptr[t]] + 1``,
        in increasing order. The graph is symmetric with no self-loops.

    Raises
    ------
    TypeError
        When the labels are not integers.
    TilewrightError
        When ``labels`` is not a tiling by L-trominoes.

    Examples
    --------
    >>> from tilewright.tromino import tile
    >>> labels = tile(4, 4, (0, 0))
    >>> labels.tolist()
    [[0, 2, 3, 3], [2, 2, 1, 3], [4, 1, 1, 5], [4, 4, 5, 5]]
    >>> indptr, indices = adjacency(labels)
    >>> (indices[indptr[0] : indptr[1]] + 1).tolist()  # the centre tromino's neighbours
    [2, 3, 4, 5]
    """
    array, trominoes = _labels(labels)
    return _adjacency(array, trominoes)


def colour_trominoes(labels: np.ndarray, colours: int = 4) -> np.ndarray:
    """A colour for each tromino, trominoes that share an edge differing.

    Parameters
    ----------
    labels : array_like
        (H, W) integers: tromino t (1 … T) on its three cells, 0 on uncovered cells.
    colours : {3, 4}
        Four colours always succeed (the tromino graph is planar).

    Returns
    -------
    numpy.ndarray
        int8, length T + 1: entry t is the colour (0 … ``colours`` − 1) of tromino t,
        entry 0 is -1.

    Raises
    ------
    TypeError
        When the labels or ``colours`` are not integers.
    TilewrightError
        When ``labels`` is not a tiling, or no 3-colouring was found, saying whether none
        exists (an odd wheel, or a search that ran to its end) or the step budget ran out.

    References
    ----------
    D. Brélaz, "New methods to color the vertices of a graph", Communications of the ACM
    22 (1979). P. Prosser, "Hybrid algorithms for the constraint satisfaction problem",
    Computational Intelligence 9 (1993).

    Examples
    --------
    >>> from tilewright.tromino import tile
    >>> colour_trominoes(tile(4, 4, (0, 0)), 3).tolist()
    [-1, 2, 0, 1, 1, 0]
    """
    check_colours(colours)
    array, trominoes = _labels(labels)
    return _colour(array, trominoes, int(colours))


def colour_grid(labels: np.ndarray, colours: int = 4) -> np.ndarray:
    """Each cell's colour: the colours of :func:`colour_trominoes` spread over the board,
    ready for a picture.

    Parameters
    ----------
    labels, colours
        As for :func:`colour_trominoes`.

    Returns
    -------
    numpy.ndarray
        (H, W) int8: each cell's colour, -1 on uncovered cells.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`colour_trominoes` does.

    Examples
    --------
    >>> from tilewright.tromino import tile
    >>> colour_grid(tile(4, 4, (0, 0)), 3)[0].tolist()
    [-1, 0, 1, 1]
    """
    check_colours(colours)
    array, trominoes = _labels(labels)
    return _colour(array, trominoes, int(colours))[array]


def colour_own_grid(board: np.ndarray, trominoes: int, colours: int) -> np.ndarray:
    """:func:`colour_grid` of a board this package tiled (C-ordered int64, writable): no
    check that it is a tiling, and so no tiling-check kernel to compile."""
    check_colours(colours)
    if trominoes >= 2**31 - 1:
        raise TilewrightError(f"{trominoes} trominoes are too many to colour (at most 2^31 - 2)")
    return _colour(board, trominoes, int(colours))[board]


def check_colours(colours: object) -> None:
    """Refuse colours other than 3 or 4 (a ``TypeError`` for a non-integer)."""
    if isinstance(colours, bool | np.bool_) or not isinstance(colours, int | np.integer):
        raise ArgumentTypeError(f"colours must be 3 or 4, not {type(colours).__name__}")
    if colours not in (3, 4):
        raise TilewrightError(f"colours must be 3 or 4, not {colours}")


def _colour(array: np.ndarray, trominoes: int, colours: int) -> np.ndarray:
    result = np.full(trominoes + 1, -1, dtype=np.int8)
    if trominoes == 0:
        return result
    check_fits(array.size * COLOUR_BYTES_PER_CELL, f"colouring {trominoes} trominoes")
    from tilewright.tromino import _dsatur_kernels as kernels

    indptr, indices = _adjacency(array, trominoes)
    if colours == 3:
        from tilewright.tromino._wheel_kernels import odd_wheel_hub

        hub = odd_wheel_hub(indptr, indices)
        if hub >= 0:
            raise TilewrightError(f"no 3-colouring exists: {_wheel(indptr, indices, hub)}")
    a, b = FOUR_COLOUR_STEPS if colours == 4 else THREE_COLOUR_STEPS
    budget = a * trominoes + b
    # The search sweeps the board row by row; should it run out of steps, it starts again
    # sweeping column by column, which meets the tiling's features in another order.
    for by_columns in (False, True):
        order = kernels.sweep_order(array, trominoes, by_columns)
        with deferred():  # arrays returned in a tuple: see core.interrupts
            status, colour, _, first = kernels.dsatur(indptr, indices, order, colours, budget)
        if status == kernels.COLOURED:
            result[1:] = colour
            return result
        if status == kernels.PROVEN_IMPOSSIBLE:
            break
    if colours == 4:
        if status == kernels.PROVEN_IMPOSSIBLE:
            raise AssertionError("the search claims a planar graph has no 4-colouring")
        # Four colours: a planar graph always has a 4-colouring and the search would find
        # one in the end; on every tiling tried it takes at most 1.03 steps per tromino
        # against a budget of 64, so running out means something is badly wrong. The algorithms that
        # guarantee four colours in polynomial time (Robertson, Sanders, Seymour and Thomas
        # 1997, quadratic) are far too large to carry as a fallback, and searching on
        # without a bound could take for ever: after the second sweep, a clear error.
        raise RuntimeError(
            f"the 4-colouring search gave up after {budget} steps on each of two sweeps "
            "(a 4-colouring exists: this tiling defeats the search, please report it)"
        )
    if status == kernels.PROVEN_IMPOSSIBLE:
        raise TilewrightError(
            "no 3-colouring exists: an exhaustive search of the trominoes connected to "
            f"tromino {first + 1} found none"
        )
    raise TilewrightError(
        f"no 3-colouring found within {budget} search steps on each of two sweeps "
        "(not proven impossible; 4 colours always work)"
    )


def _wheel(indptr: np.ndarray, indices: np.ndarray, hub: int) -> str:
    """Words for the odd wheel centred on vertex ``hub``: the shortest odd cycle among the
    hub's neighbours that breadth-first search from each of them finds (at most 8 of them,
    so plain Python will do)."""
    around = [int(u) for u in indices[indptr[hub] : indptr[hub + 1]]]
    inside = set(around)
    near = {u: [int(w) for w in indices[indptr[u] : indptr[u + 1]] if w in inside] for u in around}
    best: list[int] | None = None
    for root in around:
        parent = {root: -1}
        level = {root: 0}
        order = [root]
        for x in order:
            for y in near[x]:
                if y not in level:
                    level[y], parent[y] = level[x] + 1, x
                    order.append(y)
                elif level[y] == level[x]:  # an odd cycle through root, x and y
                    left, right = [x], [y]
                    while left[-1] != right[-1]:
                        left.append(parent[left[-1]])
                        right.append(parent[right[-1]])
                    cycle = left + right[-2::-1]
                    if best is None or len(cycle) < len(best):
                        best = cycle
    assert best is not None, "odd_wheel_hub found a hub without an odd cycle"
    names = ", ".join(str(u + 1) for u in best)
    return (
        f"tromino {hub + 1} touches each of trominoes {names}, which form a cycle of odd "
        f"length {len(best)}, so no two colours are left for them"
    )
