"""Giant Penrose patches as Parquet: the region cut into bands of rows, one part each.

Why a tile's lowest corner: a tile meeting the region is written by the band whose rows
hold its lowest corner's y (the bottom band also takes those below the region, the top
band those above its last row's start), so every tile has exactly one band, whatever
band looks at it: the y is computed from its exact corners (``region.xy``) by the same
elementwise float operations everywhere, and compared with cuts ``y0 + k·ROW_HEIGHT``
computed the same way on either side of a cut. A band asks the descent
(``region.line_parts``) for the tiles meeting its rows with room above them for a tile's
height and ``_SLACK`` round them (so no rounding at the sides of the rectangle asked for
decides anything), keeps those whose lowest corner is its own and whose interior meets the
whole region (``region.meets``, the test ``generate_penrose`` makes). The bands together
write the tiles of ``generate_penrose(..., method="line")``, each once, each band in the
descent's order of its own rectangle; a band is one task of ``part_files.write_parts``: in
this process, on a local Dask cluster, or on any cluster, the same bytes wherever it runs.
P3 and P2 are two definitions (``PENROSE_SHARDS["p3"]``, ``["p2"]``) that
``tile_shards.ShardTiling`` cuts into bands and writes, as it does the Spectre and the hat.

Columns of every part (``PENROSE_SCHEMA``), one row per tile:

=========  ===========================================  =================================
id         string                                       edge 0's turn and vertex 0's four
                                                        integers, as ``PenroseTile.id``
                                                        and the JSON Lines ``id``: stable
                                                        in any region of one tiling
type       string                                       thick, thin (P3), kite, dart (P2)
turn       int8                                         0-9: edge 0's direction in tenths
                                                        of a turn
exact      fixed_size_list<fixed_size_list<int64>[4]>   the 4 vertices exactly: (a, b, c,
           [4]                                          d) is a + b·t + c·t² + d·t³, t =
                                                        e^{iπ/5}, as the JSON Lines
                                                        ``exact``
vertices   fixed_size_list<float64>[8]                  x0, y0, …, x3, y3: the 4 vertices,
                                                        anticlockwise, edges, y up; the
                                                        floats CSV rounds to 6 decimals,
                                                        in its columns' order
=========  ===========================================  =================================

No ``neighbours`` column: the tiles across a band's edges are another band's.
"""

import functools
import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa

from tilewright.aperiodic.penrose.region import TYPES, Found, line_parts, meets
from tilewright.aperiodic.penrose.tiling import MEAN_AREA, REACH, check_penrose_region
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.datasets.tile_shards import Band, Parts, ShardTiling

__all__ = [
    "PENROSE_PARTS",
    "PENROSE_SCHEMA",
    "PENROSE_SHARDS",
    "ROW_HEIGHT",
    "PenroseBand",
    "penrose_batch",
]

PENROSE_SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("type", pa.string()),
        ("turn", pa.int8()),
        ("exact", pa.list_(pa.list_(pa.int64(), 4), 4)),
        ("vertices", pa.list_(pa.float64(), 8)),
    ]
)
# a part's memory while it is built, a tile: its Arrow arrays (some 230 bytes) and the
# descent's batch they come from, its ids as Python strings among them
PENROSE_PARTS = Parts("penrose-tiles/1", PENROSE_SCHEMA, "tiles", 400, "a band of whole rows")
# edges a row: thin enough that a small region still cuts into a few bands, while a band's
# fixed cost (a descent from the top of the hierarchy, the tiles above its rows found twice)
# stays small beside a default band's some 262k tiles
ROW_HEIGHT = 1.0
# edges the rectangle a band asks the descent for reaches past what its tiles need: far
# more than any float's rounding, so that the descent's test at that rectangle's sides
# never decides whether a tile meeting the region is found
_SLACK = 0.5
_SIN36 = math.sin(math.pi / 5)
# each tiling's smallest tile (thin rhomb, dart): a band's tiles, which never overlap,
# number at most the area they lie in over it
_SMALLEST_AREA = {"p3": _SIN36, "p2": _SIN36 * 2 / (1 + math.sqrt(5))}


def _row_count(height: float) -> int:
    """The rows of ``ROW_HEIGHT`` edges a region of this height starts: at least one."""
    return max(1, math.ceil(height / ROW_HEIGHT))


@dataclass(frozen=True)
class PenroseBand(Band):
    """Rows ``rows[0]`` to ``rows[1] - 1`` (``ROW_HEIGHT`` edges each) of a region of one
    Penrose tiling (``tiling``, set by its two subclasses): one part.

    Examples
    --------
    >>> band = PENROSE_SHARDS["p3"].band(0, 12.0, 6.0, (0.0, 0.0), 3, (0, 2))
    >>> band.entry
    {'rows': [0, 2], 'y': [0.0, 2.0]}
    >>> table = band.table()
    >>> table.num_rows <= band.size, table.column_names
    (True, ['id', 'type', 'turn', 'exact', 'vertices'])
    """

    tiling: ClassVar[str]

    @property
    def cuts(self) -> tuple[float, float]:
        """The band takes the tiles whose lowest corner has ``low <= y < high``: the
        bottom band from -inf, the top one to inf, each cut computed alike on both sides."""
        first, stop = self.rows
        low = self.origin[1] + first * ROW_HEIGHT if first > 0 else -math.inf
        top = stop >= _row_count(self.height)
        return low, math.inf if top else self.origin[1] + stop * ROW_HEIGHT

    @property
    def bounds(self) -> tuple[float, float]:
        """The band's rows span ``low <= y <= high`` inside the region (its tiles may reach
        past them)."""
        low, high = self.cuts
        y0 = self.origin[1]
        return max(low, y0), min(high, y0 + self.height)

    @property
    def size(self) -> int:
        """At least as many tiles as the band writes: they lie inside its rows grown by
        ``REACH`` (a tile's widest) on every side but the bottom, where their lowest corners
        are, and no two overlap. It counts the progress bar's work, and as a single file's
        row-group size it keeps each band one row group."""
        low, high = self.bounds
        area = (self.width + 2 * REACH) * (high - low + 2 * REACH)
        return math.floor(area / _SMALLEST_AREA[self.tiling]) + 1

    @property
    def entry(self) -> dict[str, Any]:
        """What the manifest says of the part."""
        return {"rows": list(self.rows), "y": list(self.bounds)}

    def table(self) -> pa.Table:
        """The band's tiles, in the descent's order of its rectangle, as
        ``PENROSE_SCHEMA`` rows."""
        low, high = self.cuts
        region = self.region
        x0, y0, x1, y1 = region
        # every tile the band keeps meets the region below high + a tile's height
        asked = (x0 - _SLACK, max(low, y0) - _SLACK, x1 + _SLACK, min(high + REACH, y1) + _SLACK)
        batches = []
        for found in line_parts(self.seed, self.tiling, asked):
            corners = found.xy
            lowest = corners[:, :, 1].min(axis=1)
            mine = (lowest >= low) & (lowest < high)
            mine[mine] = meets(corners[mine], region)
            if mine.any():
                kept = Found(found.exact[mine], found.kind[mine], found.turn[mine], "")
                batches.append(penrose_batch(kept, self.tiling))
        return pa.Table.from_batches(batches, schema=PENROSE_SCHEMA)


class P3Band(PenroseBand):
    """A band of a rhomb tiling."""

    tiling = "p3"


class P2Band(PenroseBand):
    """A band of a kite and dart tiling."""

    tiling = "p2"


def penrose_batch(found: Found, tiling: str) -> pa.RecordBatch:
    """Tiles of ``tiling`` as found (``region.Found``) as one record batch of
    ``PENROSE_SCHEMA``.

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.region import find
    >>> found = find(1, "p2", (0.0, 0.0, 4.0, 4.0), "line")
    >>> batch = penrose_batch(found, "p2")
    >>> batch["id"].to_pylist() == found.ids, batch["type"][0].as_py() in ("kite", "dart")
    (True, True)
    """
    names = pa.array(TYPES[tiling], type=pa.string())
    exact = pa.array(np.ascontiguousarray(found.exact, dtype=np.int64).reshape(-1))
    vertices = pa.array(np.ascontiguousarray(found.xy, dtype=np.float64).reshape(-1))
    columns = [
        pa.array(found.ids, type=pa.string()),
        names.take(pa.array(found.kind)),
        pa.array(found.turn.astype(np.int8)),
        pa.FixedSizeListArray.from_arrays(pa.FixedSizeListArray.from_arrays(exact, 4), 4),
        pa.FixedSizeListArray.from_arrays(vertices, 8),
    ]
    return pa.RecordBatch.from_arrays(columns, schema=PENROSE_SCHEMA)


def _rows(tiling: str, width: float, height: float, origin, neighbours: bool) -> int:
    """The region's rows, after refusing neighbours (no band holds the tiles across its
    edges) and a row too wide for a part built whole in memory."""
    if neighbours:
        raise TilewrightError("Penrose parts hold no neighbours: use -f csv or -f jsonl for them")
    area = (width + 2 * REACH) * (ROW_HEIGHT + 2 * REACH)
    tiles = math.floor(area / _SMALLEST_AREA[tiling]) + 1
    check_fits(
        tiles * PENROSE_PARTS.bytes_per_row,
        f"Parquet parts of a row of the region (up to {tiles:,} tiles, built whole in memory)",
    )
    return _row_count(height)


def _shards(tiling: str, band: type[PenroseBand]) -> ShardTiling:
    return ShardTiling(
        PENROSE_PARTS,
        band,
        functools.partial(check_penrose_region, tiling=tiling, method="line", held=False),
        functools.partial(_rows, tiling),
        f"the region's rows, {ROW_HEIGHT:g} edge high",
        MEAN_AREA[tiling],
        functools.partial(_record, tiling),
    )


def _record(tiling: str, neighbours: bool) -> dict[str, Any]:
    # the tiling and the rows recorded: a folder of P3 parts is never taken for P2's
    return {"tiling": tiling, "row_height": ROW_HEIGHT}


PENROSE_SHARDS = {"p3": _shards("p3", P3Band), "p2": _shards("p2", P2Band)}
