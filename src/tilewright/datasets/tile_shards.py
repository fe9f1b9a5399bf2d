"""Giant Spectre patches as Parquet: the region cut into bands, each band a part made anywhere.

Why bands: the line walk (``tilewright.aperiodic.spectre.stream``) writes each tile from the first
block of the region's grid that meets it, judged in the whole region's grid wherever the
walk starts, so the block rows can be shared out: a band of block rows writes its own tiles
and no other band's, and the bands together write every tile of the region exactly once,
the same tiles as the single stream (``Patch.chunks``), in the same order when the parts are
read one after another. A band is one task of ``part_files.write_parts``: in this process,
on a local Dask cluster, or on any cluster, and the same bytes wherever it runs.
Cutting a region into bands and writing them is one code path for every tiling
(:class:`ShardTiling`): the Spectre is its definition ``SPECTRE_SHARDS``, the hat
``hat_shards.HAT_SHARDS``.

Columns of every part (``SCHEMA``), one row per tile:

=========  =============================  ===============================================
id         string                         stable address in the substitution hierarchy,
                                          as ``Tile.id`` and the JSON Lines ``id``
type       string                         metatile type, a Greek letter Γ Δ Θ Λ Ξ Π Σ Φ Ψ
index      int8                           1 for the second Spectre of a Γ, else 0
colour     int8                           0–3, a proper four-colouring (as GeoJSON's)
turn       int8                           0–11: the tile is the Spectre turned turn × 30°
corner     fixed_size_list<int64>[4]      vertex 0, exact: (a, b, c, d) is the point
                                          a + b·w + c·w² + d·w³, w = e^{iπ/6} (``exact``)
vertices   fixed_size_list<float64>[28]   x0, y0, x1, y1, …, x13, y13: the 14 vertices,
                                          clockwise, tile edges, y up; the floats the
                                          stream computes (JSON Lines and CSV round them
                                          to 6 decimals), the CSV columns' order
=========  =============================  ===============================================

With ``neighbours``, one more column, ``neighbours`` (fixed_size_list<string>[14]): the ids
of the tiles across edges 0 to 13 (edge k runs from vertex k to vertex k + 1), as the JSON
Lines ``neighbours``.
"""

import functools
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from tilewright.aperiodic import check_region
from tilewright.aperiodic.spectre.geometry import GREEK, TYPES
from tilewright.aperiodic.spectre.patch import (
    SHAPES_XY,
    TILE_AREA,
    Chunk,
    id_bytes,
    neighbour_rows,
)
from tilewright.aperiodic.spectre.stream import BLOCK, band_chunks, block_grid
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_bool, require_int, require_int_between, shown
from tilewright.core.seeds import MAX_SEED
from tilewright.datasets.dask_runs import checked_cluster
from tilewright.datasets.part_files import check_output, part_names, write_parts
from tilewright.datasets.writing import Summary

__all__ = [
    "BAND_TILES",
    "NEIGHBOURS",
    "SCHEMA",
    "SPECTRE_PARTS",
    "SPECTRE_SHARDS",
    "Band",
    "Parts",
    "ShardTiling",
    "SpectreBand",
    "even_cuts",
    "rows_written",
    "spectre_bands",
    "tile_schema",
    "write_bands",
    "write_spectre_shards",
]


def tile_schema(*own: tuple[str, pa.DataType]) -> pa.Schema:
    """The columns of a tiling's parts: a tile's id, type and index, the tiling's ``own``
    columns, then its 14 vertices as floats.

    Examples
    --------
    >>> tile_schema(("turn", pa.int8())).names
    ['id', 'type', 'index', 'turn', 'vertices']
    """
    first = [("id", pa.string()), ("type", pa.string()), ("index", pa.int8())]
    return pa.schema([*first, *own, ("vertices", pa.list_(pa.float64(), 28))])


SCHEMA = tile_schema(
    ("colour", pa.int8()), ("turn", pa.int8()), ("corner", pa.list_(pa.int64(), 4))
)
NEIGHBOURS = pa.field("neighbours", pa.list_(pa.string(), 14))
# Tiles a band holds by default, about: a part is built whole in memory (about 300 bytes a
# tile as Arrow arrays), so 2^18 tiles keep a worker under 100 MB, while a band's fixed
# costs (its task, its walk up to its rows, a file) stay well under 1 % of its work.
BAND_TILES = 1 << 18
# the neighbours' 14 ids as strings: a part's memory, a tile, on top of its other columns
NEIGHBOUR_BYTES_PER_TILE = 400


@dataclass(frozen=True)
class Parts:
    """What a tiling's parts are, the same for every dataset of that tiling."""

    # the rows' layout: part of a dataset's record, so that a rerun by a version that
    # writes other columns makes its parts again instead of keeping the old ones
    layout: str
    schema: pa.Schema  # the columns, without neighbours
    unit: str  # what a row is, plural ("tiles")
    # a part's memory while it is built, a row: its Arrow arrays and the arrays they are
    # made from (the neighbours' ids come on top, NEIGHBOUR_BYTES_PER_TILE)
    bytes_per_row: int
    band: str  # what a band is, for the refusal of parts too large

    def schema_for(self, neighbours: bool) -> pa.Schema:
        """The columns of the parts: ``schema``, and ``NEIGHBOURS`` with ``neighbours``."""
        return self.schema.append(NEIGHBOURS) if neighbours else self.schema

    def bytes_for(self, neighbours: bool) -> int:
        """A part's memory while it is built, a row."""
        return self.bytes_per_row + (NEIGHBOUR_BYTES_PER_TILE if neighbours else 0)


SPECTRE_PARTS = Parts("spectre-tiles/1", SCHEMA, "tiles", 300, "a band of whole block rows")
# The widest a Spectre reaches along x or y, over its twelve turns: a tile meeting a
# rectangle lies inside the rectangle grown by this much on every side.
_REACH = float(np.max(np.ptp(SHAPES_XY, axis=1)))
_GREEK_NAMES = pa.array([GREEK[t] for t in TYPES], type=pa.string())


@dataclass(frozen=True)
class Band:
    """Rows ``rows[0]`` to ``rows[1] - 1`` of a region's walk: one part, picklable for Dask.

    Attributes
    ----------
    number : int
        The part's number, 0 for the bottom band.
    width, height : float
        The whole region, in the tiling's units.
    origin : tuple of float
        The whole region's lower-left corner.
    seed : int
        The tiling.
    rows : tuple of int
        ``(first, stop)``: the band's rows (the tiling's: blocks, hexagons).
    neighbours : bool
        Whether its rows hold the ids of the tiles across each edge.
    """

    number: int
    width: float
    height: float
    origin: tuple[float, float]
    seed: int
    rows: tuple[int, int]
    neighbours: bool = False

    @property
    def region(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the whole region."""
        x, y = self.origin
        return (x, y, x + self.width, y + self.height)


@dataclass(frozen=True)
class SpectreBand(Band):
    """Block rows ``rows[0]`` to ``rows[1] - 1`` of a region (``spectre.stream.BLOCK`` tile edges
    each): one part.

    Examples
    --------
    >>> band = SpectreBand(0, 200.0, 300.0, (0.0, 0.0), 3, (0, 1))
    >>> band.entry
    {'block_rows': [0, 1], 'y': [0.0, 256.0]}
    >>> table = band.table()
    >>> table.num_rows <= band.size, table.column_names[:3]
    (True, ['id', 'type', 'index'])
    """

    @property
    def bounds(self) -> tuple[float, float]:
        """The band's blocks span ``low <= y <= high`` (its tiles may reach past them)."""
        low = self.origin[1] + self.rows[0] * BLOCK
        high = min(self.origin[1] + self.rows[1] * BLOCK, self.origin[1] + self.height)
        return low, high

    @property
    def size(self) -> int:
        """At least as many tiles as the band writes: they lie inside its blocks grown by
        ``_REACH`` on every side, and no two overlap. It counts the progress bar's work,
        and as a single file's row-group size it keeps each band one row group."""
        low, high = self.bounds
        area = (self.width + 2 * _REACH) * (high - low + 2 * _REACH)
        return math.floor(area / TILE_AREA) + 1

    @property
    def entry(self) -> dict[str, Any]:
        """What the manifest says of the part."""
        return {"block_rows": list(self.rows), "y": list(self.bounds)}

    def table(self) -> pa.Table:
        """The band's tiles, in the line walk's order, as ``SCHEMA`` rows."""
        chunks = band_chunks(self.width, self.height, self.seed, self.rows, self.origin)
        return pa.Table.from_batches(
            [tile_batch(chunk, self.neighbours) for chunk in chunks],
            schema=SPECTRE_PARTS.schema_for(self.neighbours),
        )


def tile_batch(chunk: Chunk, neighbours: bool = False) -> pa.RecordBatch:
    """A chunk of tiles as one record batch of ``SPECTRE_PARTS.schema_for(neighbours)``,
    built from its arrays.

    Parameters
    ----------
    chunk : Chunk
    neighbours : bool
        Add the ids of the tiles across each edge (``spectre.patch.neighbour_rows``).

    Returns
    -------
    pyarrow.RecordBatch

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> chunk = next(generate(6, 6, seed=1).chunks())
    >>> batch = tile_batch(chunk)
    >>> batch["id"].to_pylist() == chunk.ids, batch.num_rows == len(chunk)
    (True, True)
    """
    ids = _strings(chunk.id_bytes)
    corners = np.ascontiguousarray(chunk.corners, dtype=np.int64).reshape(-1)
    vertices = np.ascontiguousarray(chunk.xy, dtype=np.float64).reshape(-1)
    columns = [
        ids,
        _GREEK_NAMES.take(pa.array(chunk.types)),
        pa.array(chunk.index.astype(np.int8)),
        pa.array(chunk.colour.astype(np.int8)),
        pa.array(chunk.turn.astype(np.int8)),
        pa.FixedSizeListArray.from_arrays(pa.array(corners), 4),
        pa.FixedSizeListArray.from_arrays(pa.array(vertices), 28),
    ]
    if neighbours:
        others = neighbour_rows(chunk.tiling, chunk.rows)
        named = _strings(id_bytes(chunk.tiling, others.reshape(14 * len(chunk), -1)))
        columns.append(pa.FixedSizeListArray.from_arrays(named, 14))
    return pa.RecordBatch.from_arrays(columns, schema=SPECTRE_PARTS.schema_for(neighbours))


def _strings(text: np.ndarray) -> pa.StringArray:
    """NUL-padded ASCII rows as strings, with no Python string per row: a string fills a
    prefix of its row, so the non-NUL bytes in row order are the strings one after another."""
    used = text != 0
    offsets = np.zeros(len(text) + 1, dtype=np.int32)
    np.cumsum(used.sum(axis=1), out=offsets[1:])
    return pa.StringArray.from_buffers(
        len(text), pa.py_buffer(offsets), pa.py_buffer(np.ascontiguousarray(text[used]))
    )


def even_cuts(rows: int, bands: object, default: int, what: str) -> list[tuple[int, int]]:
    """``rows`` rows cut into ``bands`` runs of whole rows, as even as can be (None: the
    ``default`` count, at least 1 and at most ``rows``); ``what`` names a row for the
    refusal of a count out of range.

    Examples
    --------
    >>> even_cuts(7, 3, 1, "rows")
    [(0, 2), (2, 4), (4, 7)]
    """
    count = min(rows, max(1, default)) if bands is None else require_int(bands, "bands")
    if not 1 <= count <= rows:
        raise TilewrightError(
            f"bands must be from 1 to {rows} here ({what}: a band is whole rows), "
            f"got {shown(count)}"
        )
    cuts = [k * rows // count for k in range(count + 1)]
    return list(pairwise(cuts))


def write_bands(
    parts: Parts,
    tasks: list,
    output: str | os.PathLike,
    own: dict[str, Any],
    *,
    workers: int | None,
    scheduler: str | None,
    progress: bool,
) -> Summary:
    """Write a tiling's bands as the parts of a dataset (``part_files.write_parts``), after
    checking that the largest part, built whole in memory, fits on this machine (not on a
    ``scheduler``'s cluster, whose memory is not known here).

    Parameters
    ----------
    parts : Parts
        What the tiling's parts are.
    tasks : list of Band
        The bands, bottom up, all of one region, seed and ``neighbours``.
    output : str or path
    own : dict
        What the dataset's record holds besides the region, seed and band count.
    workers, scheduler, progress
        As for :func:`write_spectre_shards`.

    Returns
    -------
    Summary
        Items written (counted from the parts' footers), parts, parts made by this run.
    """
    first = tasks[0]
    identity = {
        "layout": parts.layout,
        "width": first.width,
        "height": first.height,
        "origin": list(first.origin),
        "seed": first.seed,
        "bands": len(tasks),
        **own,
    }
    workers = checked_cluster(workers, scheduler)
    if scheduler is None:  # parts made on this machine, one a process at a time
        largest = max(task.size for task in tasks)
        processes = workers or 1
        check_fits(
            processes * largest * parts.bytes_for(first.neighbours),
            f"Parquet parts of up to {largest:,} {parts.unit} ({parts.band}, built whole in "
            f"memory) on {processes} process{'es' if processes > 1 else ''}",
        )
    output = os.fspath(output)
    check_output(output)
    started = time.perf_counter()
    made = write_parts(
        output,
        identity,
        tasks,
        schema=parts.schema_for(first.neighbours),
        unit=parts.unit,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    seconds = time.perf_counter() - started
    count = len(tasks)
    return Summary(rows_written(output, count), count, len(made), seconds, output, parts.unit)


def rows_written(output: str, parts: int) -> int:
    """Rows in the written dataset, from the Parquet footers alone."""
    if os.path.isdir(output):
        paths: Iterator[str] = (os.path.join(output, name) for name in part_names(parts))
    else:
        paths = iter([output])
    return sum(pq.read_metadata(path).num_rows for path in paths)


Corner = tuple[float, float]  # a region's lower-left corner, (x, y)


@dataclass(frozen=True)
class ShardTiling:
    """A tiling as its Parquet datasets take it: the definition the shard engine runs, so
    that every tiling's region is cut into bands and written by one code path.

    Attributes
    ----------
    parts : Parts
        What its parts are.
    band : type of Band
        Its bands: what one writes, how large it is, what the manifest says of it.
    check_region : callable
        ``(width, height, origin)`` checked as its line walk takes a region, and returned
        as ``(width, height, origin)``.
    rows : callable
        ``(width, height, origin, neighbours)``: how many rows the walk of the region has
        (a band is whole rows), after refusing a row too large for a part.
    row_name : str
        What a row is, for the refusal of a band count out of range.
    tile_area : float
        A tile's area in the region's units: by default a band holds about
        ``BAND_TILES`` tiles.
    record : callable
        ``neighbours``: what the dataset's record holds besides the region, seed and band
        count.
    """

    parts: Parts
    band: type[Band]
    check_region: Callable[[float, float, Corner], tuple[float, float, Corner]]
    rows: Callable[[float, float, Corner, bool], int]
    row_name: str
    tile_area: float
    record: Callable[[bool], dict[str, Any]]

    def bands(
        self,
        width: float,
        height: float,
        seed: int,
        origin: tuple[float, float] = (0, 0),
        bands: int | None = None,
        neighbours: bool = False,
    ) -> list[Band]:
        """The region cut into ``bands`` bands of whole rows, as even as can be.

        Parameters
        ----------
        width, height : float
            The region in the tiling's units (limits: ``check_region``; no memory limit).
        seed : int
            The tiling, 0 to ``MAX_SEED``.
        origin : pair of float
            The region's lower-left corner.
        bands : int, optional
            How many bands, 1 to the region's rows; None: about one per ``BAND_TILES``
            tiles.
        neighbours : bool
            Whether the parts hold each tile's neighbours (``NEIGHBOURS``).

        Returns
        -------
        list of Band
            Of the tiling's ``band`` class, bottom up; consecutive, together covering every
            row once.

        Raises
        ------
        TypeError, TilewrightError
            For a bad region, seed or band count.

        Examples
        --------
        >>> [band.rows for band in spectre_bands(100, 1500, seed=1, bands=2)]
        [(0, 3), (3, 6)]
        >>> from tilewright.datasets.hat_shards import hat_bands
        >>> [band.rows for band in hat_bands(100, 60, seed=1, bands=2)]
        [(0, 13), (13, 27)]
        """
        width, height, origin = self.check_region(width, height, origin)
        seed = require_int_between(seed, "seed", 0, MAX_SEED)
        neighbours = require_bool(neighbours, "neighbours")
        rows = self.rows(width, height, origin, neighbours)
        default = round(width * height / self.tile_area / BAND_TILES)
        cuts = even_cuts(rows, bands, default, self.row_name)
        band = self.band
        return [band(k, width, height, origin, seed, cut, neighbours) for k, cut in enumerate(cuts)]

    def write(
        self,
        width: float,
        height: float,
        output: str | os.PathLike,
        *,
        seed: int,
        origin: tuple[float, float] = (0, 0),
        bands: int | None = None,
        workers: int | None = None,
        scheduler: str | None = None,
        progress: bool = False,
        neighbours: bool = False,
    ) -> Summary:
        """Write the tiling's patch of a region to ``output`` as Parquet, band by band.

        Parameters
        ----------
        width, height : float
            The region in the tiling's units: any size its line walk takes
            (``check_region``), memory bounded by one band per process.
        output : str or path
            A folder (made if missing; its parent must exist) for ``part-NNNNN.parquet``
            files, one per band, and ``.manifest.json`` written last; or a file ending
            ``.parquet``, one row group per band (``part_files.write_parts``).
        seed : int
            The tiling, 0 to ``MAX_SEED``.
        origin : pair of float
            The region's lower-left corner.
        bands : int, optional
            See :meth:`bands`.
        workers : int, optional
            Make the bands on a ``distributed.LocalCluster`` of this many processes.
        scheduler : str, optional
            Make the bands on the Dask cluster whose scheduler is at this address.
        progress : bool
            A progress bar on stderr.
        neighbours : bool
            Add each tile's neighbours across its 14 edges (the ``neighbours`` column).

        Returns
        -------
        Summary
            Tiles written (counted from the parts' footers), parts, parts made by this run.

        Raises
        ------
        TypeError, TilewrightError
            For bad arguments, an output that cannot be written, a folder holding another
            dataset (a rerun of the same call keeps the parts already made), or parts too
            large for this machine's memory (a band is whole rows, so a very wide region
            makes large parts: checked when they are made here, not on a ``scheduler``'s
            cluster).

        Notes
        -----
        The parts hold every tile of the region once: the tiles of the line walk
        (``Patch.chunks``, ``HatPatch.batches``) in its order, part after part. The bytes
        do not depend on ``workers`` or ``scheduler``, only on the region, seed and band
        count.

        Examples
        --------
        >>> summary = write_spectre_shards(100, 600, "tiles", seed=3, bands=2)
        >>> summary.parts, pq.read_table("tiles/part-00001.parquet").schema == SCHEMA
        (2, True)
        >>> from tilewright.datasets.hat_shards import HAT_SCHEMA, write_hat_shards
        >>> summary = write_hat_shards(60, 40, "hats", seed=3, bands=2)
        >>> summary.parts, pq.read_table("hats/part-00001.parquet").schema == HAT_SCHEMA
        (2, True)
        """
        tasks = self.bands(width, height, seed, origin, bands, neighbours)
        return write_bands(
            self.parts,
            tasks,
            output,
            self.record(tasks[0].neighbours),
            workers=workers,
            scheduler=scheduler,
            progress=progress,
        )


def _block_rows(width: float, height: float, origin: tuple[float, float], neighbours: bool) -> int:
    """The region's rows of blocks: however wide, none is refused here (the parts' memory
    is checked as a whole in :func:`write_bands`)."""
    return block_grid(width, height, origin)[1]


def _spectre_record(neighbours: bool) -> dict[str, Any]:
    # neighbours recorded only with them: a folder written before the column still matches
    return {"block": BLOCK, **({"neighbours": True} if neighbours else {})}


SPECTRE_SHARDS = ShardTiling(
    SPECTRE_PARTS,
    SpectreBand,
    functools.partial(check_region, whole=False),
    _block_rows,
    f"the region's rows of {BLOCK:g}-edge blocks",
    TILE_AREA,
    _spectre_record,
)
spectre_bands = SPECTRE_SHARDS.bands
write_spectre_shards = SPECTRE_SHARDS.write
