"""Find every hat of a tiling that meets a rectangle breadth first, holding the patch.

Why a second method: the line walk (``walk``) visits every hexagon of the region
row by row in bounded memory; this search starts from one hat meeting the region and
crosses each edge of each hat found to the hat on the other side, keeping a hat when it
meets the region, until no new one does: the hats meeting a rectangle are connected
through their edges, so it finds them all, each once. It is the Spectre's ``bfs`` for
hats (``patch.patch_arrays``), and like it holds the whole patch, so its memory is
checked before it starts.

The hats are those of the line walk, each with the same id, type, index, colour and
place (and neighbours), tested for meeting the region by the same test (their box, then
``walk._meeting`` at the sides); their order is breadth first from the region's
first hat, the line walk's first, as the Spectre's breadth-first patch has an order of
its own. The line walk's order is that of (row, hexagon) of each hat's id ``a:b:j``: b,
then a (a hexagon holds the kite 0 of at most one hat).

References: S. Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023,
for the addresses and the moves between kites; D. Smith, J. S. Myers, C. S. Kaplan and
C. Goodman-Strauss, "An aperiodic monotile", 2023, for the tiling.
"""

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tilewright.aperiodic.hat import _bfs_kernels as bfs
from tilewright.aperiodic.hat import _kernels as kernels
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import HAT_AREA, HEXAGON_STEP
from tilewright.aperiodic.hat.walk import (
    HatFrame,
    HexagonRows,
    _meeting,
    _start,
    found_batches,
    hexagon_rows,
    region_frame,
)
from tilewright.aperiodic.patch import CHUNK
from tilewright.core.docstrings import fill_doc
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits

# The search's hexagons reach this much farther out (hat units) than the line walk's,
# whose margin holds kite 0 of every hat whose box meets the region (within 4.6 of it):
# a neighbour of such a hat has its kite 0 within 9.2 more (two hats' reach from kite 0)
REACH = 7.0
# hats met for a W×H region, those kept and a ring of neighbours about them: about
# (W + 12)(H + 12) / HAT_AREA, with room to spare; a search that meets more starts again
# with twice the room
SPARE_SIDE, SPARE_SHARE, SPARE_HATS = 14.0, 1.05, 64
# bytes a hat met holds: its row (``FOUND_FIELDS`` int64), and with neighbours 14 ids (3
# int64 each); and a hexagon, the owners of its six kites (int32 each)
HAT_BYTES = kernels.FOUND_FIELDS * 8
NEIGHBOUR_BYTES = 14 * kernels.NEIGHBOUR_FIELDS * 8
HEXAGON_BYTES = 6 * 4
# addresses the search's ring holds at first (about 130 bytes each): it grows with the
# search's front, about as many hats as the region's side (3400 for 10⁶ hats, measured)
RING = 1024


@dataclass(frozen=True)
class Searched:
    """A breadth-first patch as the search left it.

    Attributes
    ----------
    found : numpy.ndarray
        (n, ``FOUND_FIELDS``) int64: every hat met, in the order met, in the frame: those
        whose box meets the region and their neighbours (flagged ``OUTSIDE``).
    near : numpy.ndarray
        (n, 14, 3) int64 the ids across each edge of those whose box meets the region, in
        the frame; or (0, 14, 3), when the neighbours were not asked for.
    kept : numpy.ndarray
        The rows of ``found`` whose hats meet the region, in the order met.
    frame : HatFrame
        Where the search counted from (``walk.region_frame``).
    """

    found: np.ndarray
    near: np.ndarray
    kept: np.ndarray
    frame: HatFrame

    @property
    def named(self) -> bool:
        """Were the neighbours named?"""
        return len(self.near) == len(self.found)

    def batches(self, neighbours: bool = False, size: int = CHUNK) -> Iterator[np.ndarray]:
        """The hats in ``size`` rows at a time, in the columns of
        ``walk.found_batches`` (with ``neighbours``, the search must have named them).
        """
        shift = np.array([*self.frame.origin, 0, 0, 0, 0], np.int64)
        hexagon = np.array([*self.frame.hexagon, 0], np.int64)
        for first in range(0, len(self.kept), size):
            rows = self.kept[first : first + size]
            hats = self.found[rows, :6] + shift
            if neighbours:
                ids = (self.near[rows] + hexagon).reshape(len(rows), -1)
                hats = np.hstack((hats, ids))
            yield hats


def breadth_first(
    tiling: HatTiling, box: tuple[float, float, float, float], neighbours: bool = False
) -> Searched:
    """The hats of ``tiling`` whose interior meets ``box`` = (x0, y0, x1, y1), breadth first.

    Parameters
    ----------
    tiling : HatTiling
    box : tuple of float
        In hat units, as for ``walk.found_batches``.
    neighbours : bool
        Name the hats across each edge too.

    Returns
    -------
    Searched
        Its ``batches()`` are the line walk's hats (``found_batches``), in breadth-first
        order from the line walk's first.

    Raises
    ------
    TilewrightError
        When the patch would not fit in memory (checked before the search).

    Examples
    --------
    >>> box = (0.0, 0.0, 30.0, 20.0)
    >>> hats = np.concatenate(list(breadth_first(HatTiling(3), box).batches()))
    >>> line = np.concatenate(list(found_batches(HatTiling(3), box)))
    >>> len(hats), sorted(map(tuple, hats.tolist())) == sorted(map(tuple, line.tolist()))
    (60, True)
    """
    check_memory(box, neighbours)
    frame = region_frame(box)
    b0, firsts, lasts = (np.array(rows, np.int64) for rows in _hexagons(frame))
    offsets = np.concatenate(([0], np.cumsum(lasts - firsts + 1)))
    capacity = _capacity(box)
    start = _first_hat(tiling, box, frame)
    if start is None:
        empty = np.zeros((0, kernels.FOUND_FIELDS), np.int64)
        return Searched(empty, np.zeros((0, 14, 3), np.int64), np.zeros(0, np.int64), frame)
    types, indices, walker, saved = start
    box_array = np.array(frame.box, np.float64)
    while True:
        with deferred():  # arrays returned in a tuple: see core.interrupts
            found, near, count, status = bfs.search(
                types, indices, walker, saved, box_array, int(b0), firsts, lasts, offsets,
                capacity, RING, neighbours,
            )  # fmt: skip
        if status == bfs.SHALLOW:
            raise RuntimeError(f"a search needed more than {len(indices)} levels of ancestry")
        if status == bfs.ASTRAY:
            raise RuntimeError("a search met a hat beyond the hexagons it numbers")
        if status == bfs.DONE:
            break
        capacity *= 2
    found = found[:count]
    meets = found[:, 6] == kernels.INSIDE
    border = np.flatnonzero(found[:, 6] == kernels.BORDER)
    meets[border] = _meeting(found[border], frame.box)
    return Searched(found, near[:count], np.flatnonzero(meets), frame)


@fill_doc
def check_memory(box: tuple[float, float, float, float], neighbours: bool = False) -> None:
    """Refuse a breadth-first search of ``box`` that would not fit in memory.

    Parameters
    ----------
    box : tuple of float
        (x0, y0, x1, y1) in hat units.
    neighbours : bool
        Whether the search names the hats across each edge too (about five times the
        memory).

    %(memory_raises)s

    Examples
    --------
    >>> check_memory((0, 0, 1e6, 1e6))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a breadth-first hat patch of 1e+06x1e+06 ...
    """
    # counted, not listed: the lists of a region far too large would outgrow the memory
    rows = HexagonRows.of(_reach(region_frame(box)))
    hexagons = rows.count * rows.widest
    hats = _capacity(box)
    x0, y0, x1, y1 = box
    check_fits(
        hats * (HAT_BYTES + (NEIGHBOUR_BYTES if neighbours else 0)) + hexagons * HEXAGON_BYTES,
        f"a breadth-first hat patch of {x1 - x0:g}x{y1 - y0:g} (about {hats:,} hats)",
    )


def _hexagons(frame: HatFrame) -> tuple[int, list[int], list[int]]:
    """The hexagons a search numbers, as ``walk.hexagon_rows`` gives them: those of
    the region ``REACH`` wider on each side, in its frame."""
    return hexagon_rows(_reach(frame))


def _reach(frame: HatFrame) -> tuple[float, float, float, float]:
    """The frame's box, ``REACH`` wider on each side."""
    x0, y0, x1, y1 = frame.box
    return (x0 - REACH, y0 - REACH, x1 + REACH, y1 + REACH)


def _capacity(box: tuple[float, float, float, float]) -> int:
    """The hats a search of ``box`` makes room for at first."""
    x0, y0, x1, y1 = box
    hats = (x1 - x0 + SPARE_SIDE) * (y1 - y0 + SPARE_SIDE) / HAT_AREA * SPARE_SHARE
    return int(hats) + SPARE_HATS


def _first_hat(
    tiling: HatTiling, box: tuple[float, float, float, float], frame: HatFrame
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The address (types, indices, walker, saved) of kite 0 of the region's first hat,
    in the frame; None if no hat meets the region.

    The first hat is the line walk's first, walked to hexagon by hexagon (``go_to``) from
    where the line walk starts (``walk._start``: the start hat, or far out a kite
    located near the region's corner). The one place the search's start is chosen: a
    faster way to a hat meeting the region goes here."""
    first = next((batch[0] for batch in found_batches(tiling, box) if len(batch)), None)
    if first is None:
        return None
    types, indices, walker = _start(tiling, frame)
    saved = np.zeros((len(indices), 5), np.int64)
    a, b = first[0] // HEXAGON_STEP - frame.hexagon[0], first[1] // HEXAGON_STEP - frame.hexagon[1]
    if not bfs.to_hat(types, indices, walker, saved, a, b):
        raise RuntimeError(f"a walk needed more than {len(indices)} levels of ancestry")
    return types, indices, walker, saved
