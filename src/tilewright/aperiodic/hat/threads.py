"""A hat patch's tiles cut for threads: bands of hexagon rows, walked at once.

Why bands of hexagon rows: the kite walk writes each hat from the hexagon that holds its
kite 0, row by row (``walk``), so ``found_batches(..., rows=band)`` gives a band's hats
and no other band's, in the whole walk's order; the bands' hats, band after band, are the
walk's, and so their text rows are the same bytes as one thread's. A row wider than a band
is cut into pieces, left to right, which partition it the same way. The kernels (the walk
and the text rows) release the GIL, so the bands are walked side by side.
"""

import functools
from collections.abc import Iterator

import numpy as np

from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.walk import found_batches, region_rows
from tilewright.aperiodic.threaded import Walk

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


def band_walk(
    seed: int, box: tuple[float, float, float, float], neighbours: bool
) -> Walk[Band, np.ndarray]:
    """The batches of ``found_batches(HatTiling(seed), box, neighbours)`` as a walk for
    threads (``threaded.walked``): the region's rows of hexagons cut into bands
    (:func:`bands`), a thread walking each band with a ``HatTiling`` of its own. The hats
    and their order are those of one walk of the whole region; only where the batches are
    cut differs. A band holds about ``BAND_HEXAGONS`` hexagons at most, so memory stays
    bounded however tall or wide the region.

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

    Returns
    -------
    Walk
        Of bands, each a part.

    Examples
    --------
    >>> from tilewright.aperiodic.threaded import walked
    >>> box = (0.0, 0.0, 300.0, 200.0)
    >>> whole = np.concatenate(list(found_batches(HatTiling(3), box)))
    >>> parts = walked(band_walk(3, box, False), lambda batch: batch, threads=2)
    >>> bool((np.concatenate(list(parts)) == whole).all())
    True
    """
    return Walk(
        bands(box),
        functools.partial(_band_batches, box=box, neighbours=neighbours),
        functools.partial(HatTiling, seed),
    )


def _band_batches(
    tiling: HatTiling, band: Band, box: tuple[float, float, float, float], neighbours: bool
) -> Iterator[np.ndarray]:
    """A band's batches: a walk's batches."""
    return found_batches(tiling, box, neighbours, *band)
