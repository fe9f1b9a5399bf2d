"""Spectre patches of any size in bounded memory: the region walked band by band.

Why bands: a breadth-first patch must remember every tile it has placed, so its memory grows
with the area. Here the region is cut into square blocks of ``BLOCK`` tile edges, taken in
scan order — bands from the bottom up, each band left to right — and each block is searched
breadth first on its own. Only one block's tiles are held at a time (about 8,000), so the
memory is the same for a 10×10 region as for 20 000 × 20 000, and tiles come out in
scan-line order, band by band.

Exactly once, without remembering: a tile that meets several blocks is written by the
first of them in scan order, a test made from the tile's own exact position. The tiles
meeting the region are exactly those meeting some block, so the walk writes the same tiles
as the breadth-first patch of the whole region, each once.

Between blocks the walk moves by straight-line steps (``_search_kernels.walk_to``): to the
next block of the band from the last one, to the next band from the first block of this one.

Bands of block rows, anywhere (:func:`band_chunks`): the owner of a tile is a block of the
whole region's grid, so the block rows ``first`` to ``stop - 1`` write a fixed share of the
region's tiles, whoever walks them, and consecutive bands partition the region's tiles.
A band reaches its first block by the same steps as the whole walk — from the start tile
into block (0, 0), then from each band's first block into the next — without searching the
blocks it passes, so each block is entered at the same tile and searched in the same order:
the bands' tiles, one band after another, are the whole walk's tiles in the same order.
Those extra steps cost ``BLOCK`` tile edges of walking a band passed, about 1/80 of
searching one block of a row of blocks.
"""

import functools
import itertools
import math
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np

from tilewright.aperiodic.patch import CHUNK
from tilewright.aperiodic.spectre import _line_kernels as line
from tilewright.aperiodic.spectre import _search_kernels as search
from tilewright.aperiodic.spectre._step_kernels import LEVELS
from tilewright.aperiodic.spectre.coordinates import Tiling
from tilewright.aperiodic.spectre.patch import (
    EDGE_TURNS,
    SHAPES_ARRAY,
    SHAPES_XY,
    START_DEPTH,
    Chunk,
    Found,
    Frame,
    check_region,
    chunks,
    deepened_row,
    walk_into,
)
from tilewright.aperiodic.threaded import Walk, walked
from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.numbers import require_int, shown

# Block side in tile edges: a block holds about 8,000 tiles. Why this size: a block searches
# the tiles across its sides again (its neighbours own them) and costs some Python between
# blocks, so larger blocks make more tiles a second (a 2·10^6-tile walk, tiles a CPU-second:
# side 96: 1.14-1.21 M, 192: 1.29-1.39 M, 256: 1.48 M, 384: 1.43-1.49 M, 512: 1.44 M, 768:
# 1.28 M, as the search outgrows the caches); 256 keeps a block's search near 1 MB
BLOCK = 256.0
# blocks a thread of a threaded write takes at a time (``line_walk``): about 16,000 tiles
# (5 MB of CSV), a few milliseconds of Python between tasks against tens of work
TASK_BLOCKS = 2
# tiles a block holds, about (its area over a tile's): how many blocks fill a chunk
BLOCK_TILES = BLOCK**2 / 8.196
# room for one block's search: its tiles, those straddling its sides, the ring around it
BLOCK_CAPACITY = int((BLOCK + 12) ** 2 / 8.196 * 1.3) + 256


class Cursor:
    """A tile the walk stands on.

    Parameters
    ----------
    row : numpy.ndarray
        Its int8 address row.
    turn : int
    corner : numpy.ndarray
        (4,) int64, exact.
    """

    def __init__(self, row: np.ndarray, turn: int, corner: np.ndarray):
        self.row, self.turn, self.corner = row, turn, corner

    def copy(self) -> "Cursor":
        """An independent copy."""
        return Cursor(self.row.copy(), self.turn, self.corner.copy())

    def deepen(self, tiling: Tiling, depth: int) -> None:
        """Give the row ``depth`` levels: the levels above its own are the start tile's.

        Parameters
        ----------
        tiling : Tiling
        depth : int
        """
        self.row = deepened_row(tiling, self.row, depth)


def line_chunks(
    width: float,
    height: float,
    seed: int,
    origin: tuple[float, float] = (0, 0),
    chunk: int = CHUNK,
) -> Iterator[Chunk]:
    """The tiles of the tiling ``seed`` meeting the region, lazily, in chunks.

    This is the line walk behind ``generate(..., method="line")``; ``Patch.chunks`` is the
    public way to it.

    Parameters
    ----------
    width, height : float
        The region in tile edges (limits: ``patch.check_region``).
    seed : int
        The tiling.
    origin : pair of float
        (x, y), the region's lower-left corner.
    chunk : int
        About how many tiles each chunk holds, at least 1.

    Returns
    -------
    iterator of Chunk
        Each tile once, in scan order of blocks. What it holds at any time: the tiles of
        the blocks that fill about a chunk, each block searched on its own (about
        ``BLOCK_CAPACITY`` tiles).

    Raises
    ------
    TypeError, TilewrightError
        As ``patch.check_region`` says (memory aside: it stays bounded), at the call.

    Examples
    --------
    >>> sum(len(chunk) for chunk in line_chunks(200, 100, seed=3, chunk=1000))
    2578
    """
    width, height, origin = check_region(width, height, origin, whole=False)
    chunk = _checked_chunk(chunk)
    tiling = Tiling(seed)
    region = _region(tiling, width, height, origin)
    return _chunks(_walk(seed, tiling, region, (0, region.rows), chunk))


def block_grid(
    width: float, height: float, origin: tuple[float, float] = (0, 0)
) -> tuple[int, int]:
    """How many blocks the line walk cuts the region into: (columns, rows).

    Parameters
    ----------
    width, height : float
        The region in tile edges (limits: ``patch.check_region``).
    origin : pair of float
        Its lower-left corner.

    Returns
    -------
    tuple of int
        Columns and rows of ``BLOCK``-edge blocks, each at least 1; row ``j`` is the band
        ``y0 + j·BLOCK ≤ y ≤ min(y0 + (j + 1)·BLOCK, y1)``.

    Raises
    ------
    TypeError, TilewrightError
        As ``patch.check_region`` says.

    Examples
    --------
    >>> block_grid(600, 300)
    (3, 2)
    """
    width, height, origin = check_region(width, height, origin, whole=False)
    return _grid(width, height, origin)


def band_chunks(
    width: float,
    height: float,
    seed: int,
    rows: tuple[int, int],
    origin: tuple[float, float] = (0, 0),
    chunk: int = CHUNK,
) -> Iterator[Chunk]:
    """The tiles the line walk writes in block rows ``rows[0]`` to ``rows[1] - 1``.

    Each tile of the region is written by the first block it meets, in the scan order of
    the whole region's blocks (see the module's notes), so bands that cover the rows
    ``0 .. block_grid(...)[1]`` between them, without overlap, write every tile of the
    region exactly once; taken in order, they give the tiles of :func:`line_chunks` in its
    order. A band's tiles may reach outside its rows (a tile straddling its lower edge is
    the band's when no block below meets it).

    Parameters
    ----------
    width, height : float
        The whole region in tile edges (limits: ``patch.check_region``).
    seed : int
        The tiling.
    rows : pair of int
        ``(first, stop)``: the band's block rows, ``0 <= first < stop <= block rows``.
    origin : pair of float
        The whole region's lower-left corner.
    chunk : int
        About how many tiles each chunk holds, at least 1.

    Returns
    -------
    iterator of Chunk
        Memory as for :func:`line_chunks`; reaching row ``first`` costs a straight walk
        of ``BLOCK`` tile edges a row passed, no search.

    Raises
    ------
    TypeError, TilewrightError
        For a bad region (as ``patch.check_region`` says), chunk or rows, at the call.

    Examples
    --------
    >>> whole = [t for c in line_chunks(200, 800, seed=3) for t in c.ids]
    >>> bands = [t for r in ((0, 1), (1, 4)) for c in band_chunks(200, 800, 3, r) for t in c.ids]
    >>> bands == whole
    True
    """
    width, height, origin = check_region(width, height, origin, whole=False)
    chunk = _checked_chunk(chunk)
    rows = _checked_rows(rows, _grid(width, height, origin)[1])
    tiling = Tiling(seed)
    return _chunks(_walk(seed, tiling, _region(tiling, width, height, origin), rows, chunk))


def _checked_chunk(chunk: int) -> int:
    if require_int(chunk, "chunk") < 1:
        raise TilewrightError(f"chunk must be at least 1 tile, got {shown(chunk)}")
    return chunk


def _checked_rows(rows: object, count: int) -> tuple[int, int]:
    """``rows`` as ``(first, stop)`` within ``count`` block rows, or an error naming them."""
    if (
        isinstance(rows, str | bytes)
        or not isinstance(rows, Sequence | np.ndarray)
        or len(rows) != 2
    ):
        raise TypeError("rows must be a pair (first, stop) of block rows")
    first, stop = (require_int(value, "a block row") for value in rows)
    if not 0 <= first < stop <= count:
        raise TilewrightError(
            f"rows must satisfy 0 <= first < stop <= {count} (the region's block rows), "
            f"got ({shown(first)}, {shown(stop)})"
        )
    return first, stop


class Region(NamedTuple):
    """A region as the kernels see it: its box in the frame's coordinates, the frame, and
    its grid of blocks."""

    box: np.ndarray
    frame: Frame
    columns: int
    rows: int


def _region(tiling: Tiling, width: float, height: float, origin: tuple[float, float]) -> Region:
    # the one place the corners are computed: the grid and the kernels' ownership test must
    # see the same floats, or a band and the whole walk could disagree on rows
    frame = Frame.of(tiling, origin, START_DEPTH)
    return Region(frame.box(origin, width, height), frame, *_grid(width, height, origin))


def _grid(width: float, height: float, origin: tuple[float, float]) -> tuple[int, int]:
    # from the region's own floats, so that it needs no tiling (``block_grid``)
    columns = max(1, math.ceil(((origin[0] + width) - origin[0]) / BLOCK))
    rows = max(1, math.ceil(((origin[1] + height) - origin[1]) / BLOCK))
    return columns, rows


def _walk(
    seed: int, tiling: Tiling, region: Region, rows: tuple[int, int], chunk: int, blocks: int = 0
) -> Walk[tuple, Chunk]:
    """The tiles of block rows ``rows[0]`` to ``rows[1] - 1`` as a walk: parts of
    ``blocks`` blocks (by default as many as fill a chunk), each part's tiles in chunks of
    ``chunk``. Ownership is always judged in the whole region's grid, which is what lets
    bands partition its tiles; ``tiling`` walks from block to block."""
    blocks = blocks or max(1, math.ceil(chunk / BLOCK_TILES))
    entries = block_entries(tiling, region, *rows)
    searched = functools.partial(_part_chunks, region=region, chunk=chunk)
    return Walk(_batches(entries, blocks), searched, functools.partial(Tiling, seed))


def _part_chunks(
    tiling: Tiling, part: tuple[tuple[int, int, Cursor], ...], region: Region, chunk: int
) -> Iterator[Chunk]:
    """The tiles the blocks of ``part`` own, in chunks: a walk's batches."""
    return chunks(tiling, _joined([block_tiles(tiling, region, entry) for entry in part]), chunk)


def _chunks(walk: Walk[tuple, Chunk]) -> Iterator[Chunk]:
    """The walk's chunks, on the calling thread."""
    return walked(walk, _same, 1)


def _same(chunk: Chunk) -> Chunk:
    return chunk


def block_entries(
    tiling: Tiling, region: Region, first: int, stop: int
) -> Iterator[tuple[int, int, Cursor]]:
    """Where the line walk enters each block of rows ``first`` to ``stop - 1``, in scan
    order: ``(i, j, cursor)``, the cursor standing on the tile a straight walk reaches the
    block (i, j) by, from the block before it in the row, or for a row's first block from
    the row below's first block (from ``patch.start_tile`` for block (0, 0): the start tile,
    or for a far region a tile near its corner found through the hierarchy).

    Only walking, no search: about 1/80 of the work of the blocks' searches. The rows
    below ``first`` are passed by walking up their first blocks, so that each block is
    entered at the same tile whichever band asks, and its search finds the same tiles in
    the same order. Each cursor is the caller's own (a copy), to search from on any thread.
    """
    columns = region.columns
    cursor = Cursor(*region.frame.start_tile())
    box = np.empty(4)
    for j in range(first):
        line.block_box(region.box, BLOCK, 0, j, box)
        cursor = _walked(tiling, cursor, box)
    for j in range(first, stop):
        row_start = cursor  # replaced by the row's first block, which always exists
        for i in range(columns):
            line.block_box(region.box, BLOCK, i, j, box)
            cursor = _walked(tiling, cursor, box)
            if i == 0:
                row_start = cursor
            yield i, j, cursor.copy()
        cursor = row_start


def _walked(tiling: Tiling, cursor: Cursor, box: np.ndarray) -> Cursor:
    """A copy of ``cursor`` walked in a straight line into ``box``; ``cursor`` itself only
    gains levels, when its ancestry is too shallow for the walk."""
    while True:
        walker = cursor.copy()
        status, walker.turn = walk_into(walker.row, walker.turn, walker.corner, box)
        if status == search.DONE:
            return walker
        cursor.deepen(tiling, (len(cursor.row) - LEVELS) // 2 * 2)


def block_tiles(tiling: Tiling, region: Region, entry: tuple[int, int, Cursor]) -> Found:
    """The tiles block (i, j) of ``entry`` (from :func:`block_entries`) writes: those of its
    breadth-first search from the entry's tile that meet no block before it in scan order.
    Runs on any thread (its kernels release the GIL); ``tiling`` must be the thread's own
    when the entry's ancestry is too shallow (rare: it then draws more levels)."""
    i, j, cursor = entry
    columns, rows = region.columns, region.rows
    box = np.empty(4)
    line.block_box(region.box, BLOCK, i, j, box)
    capacity = BLOCK_CAPACITY
    while True:
        with deferred():  # arrays returned in a tuple: see core.interrupts
            found_rows, turns, corners, inside, count, status = search.patch(
                cursor.row, cursor.turn, cursor.corner, box, SHAPES_ARRAY, SHAPES_XY,
                EDGE_TURNS, capacity,
            )  # fmt: skip
        if status == search.DONE:
            keep = line.owned(
                turns, corners, inside, count, region.box, BLOCK, columns, rows, i, j, SHAPES_XY
            )
            chosen = np.flatnonzero(keep)
            return Found(found_rows[chosen], turns[chosen], corners[chosen] + region.frame.shift)
        if status == search.FULL:
            capacity *= 2
        else:
            # too shallow an ancestry for this search: give the row more levels and retry
            # (the same tile: the levels added are the start tile's, as the walk's are)
            cursor.deepen(tiling, (len(cursor.row) - LEVELS) // 2 * 2)


def line_walk(
    width: float,
    height: float,
    seed: int,
    origin: tuple[float, float] = (0, 0),
) -> Walk[tuple, Chunk]:
    """The line walk's tiles for threads (``threaded.walked``): the main thread walks from
    block to block (:func:`block_entries`, about 1/80 of the work) and hands out
    ``TASK_BLOCKS`` blocks a part; a thread searches them and keeps the tiles each block
    owns, in chunks. The tiles and their order are those of :func:`line_chunks`; only
    where the chunks are cut differs.

    Why threads and not Dask's processes, as for Parquet parts: a task's result is its
    output itself (text, megabytes a task), which processes would copy back, and a run of
    a million tiles lasts about a second, less than a cluster takes to start.

    Parameters
    ----------
    width, height, seed, origin
        The region and the tiling, as for :func:`line_chunks`.

    Returns
    -------
    Walk
        Of parts of ``TASK_BLOCKS`` block entries; each thread searches with a
        ``Tiling`` of its own.

    Raises
    ------
    TypeError, TilewrightError
        For a bad region, at the call.

    Examples
    --------
    >>> from tilewright.aperiodic.threaded import walked
    >>> whole = [t for c in line_chunks(200, 300, seed=3) for t in c.ids]
    >>> parts = walked(line_walk(200, 300, 3), lambda chunk: chunk.ids, threads=2)
    >>> [t for ids in parts for t in ids] == whole
    True
    """
    width, height, origin = check_region(width, height, origin, whole=False)
    tiling = Tiling(seed)
    region = _region(tiling, width, height, origin)
    return _walk(seed, tiling, region, (0, region.rows), CHUNK, TASK_BLOCKS)


def _batches(items: Iterator, size: int) -> Iterator[tuple]:
    """``items`` in tuples of ``size`` (the last may be shorter)."""
    while batch := tuple(itertools.islice(items, size)):
        yield batch


def _joined(parts: list[Found]) -> Found:
    return Found(
        np.concatenate([p.rows for p in parts]),
        np.concatenate([p.turns for p in parts]),
        np.concatenate([p.corners for p in parts]),
    )
