"""A hat patch's CSV and JSON Lines made on several threads: bands of hexagon rows at once.

Why bands of hexagon rows: the kite walk writes each hat from the hexagon that holds its
kite 0, row by row (``walk``), so ``found_batches(..., rows=band)`` gives a band's hats
and no other band's, in the whole walk's order; the bands' hats, band after band, are the
walk's, and so their text rows are the same bytes as one thread's. A row wider than a band
is cut into pieces, left to right, which partition it the same way. The kernels (the walk
and the text rows) release the GIL, so the bands are walked side by side.
"""

import threading
from collections.abc import Callable, Iterator

import numpy as np

from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.walk import found_batches, region_rows
from tilewright.aperiodic.threaded import Result, in_order, thread_count

# hexagons a band holds, at most (about: rows differ by one): some 25,000 hats, 8 MB of
# CSV (11 of JSON Lines; with neighbours about twice). Why this size: each band walks to
# its first hexagon, or farther than ``walk.NEAR`` locates a kite near it
# (``found_batches``), some 0.5 ms of Python near the centre and a few ms far out, against
# about 25 ms of work a band
BAND_HEXAGONS = 32768


Band = tuple[tuple[int, int], tuple[int, int] | None]


def bands(box: tuple[float, float, float, float]) -> Iterator[Band]:
    """The region's rows of hexagons cut into bands of about ``BAND_HEXAGONS``, bottom to
    top, as ``found_batches`` takes them: ``(rows, columns)``, whole rows (``columns``
    None), or in a region wider than a band, pieces of one row, left to right. Made as they
    are taken: a region may have more bands than memory would hold.

    Examples
    --------
    >>> list(bands((0.0, 0.0, 1000.0, 500.0)))  # rows of 295 hexagons, 111 a band
    [((0, 111), None), ((111, 173), None)]
    >>> list(bands((0.0, 0.0, 120000.0, 1.0)))[:2]  # rows of 34,644 hexagons
    [((0, 1), (0, 32768)), ((0, 1), (32768, 65536))]
    """
    rows = region_rows(box)
    widest = rows.widest
    if widest <= BAND_HEXAGONS:
        size = BAND_HEXAGONS // widest
        for row in range(0, rows.count, size):
            yield (row, min(row + size, rows.count)), None
        return
    for row in range(rows.count):
        first, last = rows.span(row)
        for column in range(0, last - first + 1, BAND_HEXAGONS):
            yield (row, row + 1), (column, column + BAND_HEXAGONS)


def threaded_batches(
    seed: int,
    box: tuple[float, float, float, float],
    neighbours: bool,
    work: Callable[[np.ndarray], Result],
    threads: int,
) -> Iterator[tuple[Result, int]]:
    """``work(batch)`` for the batches of ``found_batches(HatTiling(seed), box,
    neighbours)``, made on ``threads`` threads at once and given in the walk's order:
    ``(result, hats in the batch)``.

    The region's rows of hexagons are cut into bands (:func:`bands`); a thread walks a
    band and applies ``work`` to each of its batches. The hats, their order, and so the
    results joined, are those of one walk of the whole region; only where the batches are
    cut differs. At most ``2 * threads + 1`` bands are made ahead of the one given out
    (``threaded.in_order``), and a band holds about ``BAND_HEXAGONS`` hexagons at most,
    so memory stays bounded however tall or wide the region.

    What a band costs beside its hats: ``found_batches`` walks from the start of the whole
    walk (the start hat, or far out a kite located near the region's corner) to the band's
    first hexagon, or locates a kite near it when that is farther than ``walk.NEAR``;
    about 2% of the work at 10^6 hats.

    Parameters
    ----------
    seed : int
        The tiling.
    box : tuple of float
        (x0, y0, x1, y1), the region in hat units.
    neighbours : bool
        Batches with the ids of the hats across each edge.
    work : callable
        Called with each batch, on any of the threads.
    threads : int
        1 to ``threaded.MAX_THREADS``.

    Returns
    -------
    iterator of (result, int)
        Each batch's result and its number of hats; at the end, every band's.

    Raises
    ------
    TypeError, TilewrightError
        For a thread count that is not whole or out of range, as the call is made.

    Examples
    --------
    >>> box = (0.0, 0.0, 300.0, 200.0)
    >>> whole = np.concatenate(list(found_batches(HatTiling(3), box)))
    >>> parts = threaded_batches(3, box, False, lambda batch: batch, threads=2)
    >>> bool((np.concatenate([batch for batch, _ in parts]) == whole).all())
    True
    """
    threads = thread_count(threads)
    # each thread its own tiling: it draws its ancestry when first walked, and two threads
    # drawing from one generator at once would interleave (the seed gives each the same)
    own = threading.local()

    def task(band: Band) -> list[tuple[Result, int]]:
        if not hasattr(own, "tiling"):
            own.tiling = HatTiling(seed)
        batches = found_batches(own.tiling, box, neighbours, *band)
        return [(work(batch), len(batch)) for batch in batches]

    return in_order(task, bands(box), threads)
