"""Giant hat patches as Parquet: the region cut into bands of hexagon rows, one part each.

Why bands of hexagon rows: the kite walk (``tilewright.aperiodic.hat.walk``) writes each
hat from the hexagon of the kite grid that holds its kite 0, row by row, and those rows are
fixed by the region alone; so a band of rows writes its own hats and no other band's, and
the bands together write every hat of the region once, the hats of ``HatPatch.batches`` in
their order, part after part. A band is one task of ``part_files.write_parts``: in this
process, on a local Dask cluster, or on any cluster, the same bytes wherever it runs.
The hat is a definition (``HAT_SHARDS``) that ``tile_shards.ShardTiling`` cuts into bands
and writes, as it does the Spectre: ``hat_bands`` and ``write_hat_shards`` are its methods.

Columns of every part (``SCHEMA``), one row per hat:

=========  =============================  ===============================================
id         string                         ``a:b:j``, as ``HatTile.id`` and the JSON Lines
                                          ``id``: stable in any region of one tiling
type       string                         its metatile, H, T, P or F
index      int8                           its index there (3 in an H: reflected)
reflected  bool                           one of the mirrored hats
turn       int8                           0–5: the hat (or its mirror) turned turn × 60°
colour     int8                           0–3, a proper four-colouring (3: reflected)
start      fixed_size_list<int64>[2]      vertex 0, exact: (x, y) is x + y·r on the kite
                                          grid, r = e^{iπ/3} (``hat.geometry``)
vertices   fixed_size_list<float64>[28]   x0, y0, …, x13, y13: the 14 vertices,
                                          anticlockwise, hat units, y up (CSV's order)
=========  =============================  ===============================================

With ``neighbours``, one more column, ``neighbours`` (fixed_size_list<string>[14]): the ids
of the hats across edges 0 to 13, as the JSON Lines ``neighbours``.
"""

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import (
    HEXAGON_STEP,
    REFLECTED_INDEX,
    REFLECTED_TYPE,
    TYPES,
)
from tilewright.aperiodic.hat.tiling import HAT_AREA, check_hat_region
from tilewright.aperiodic.hat.walk import found_batches, region_rows, vertices_xy
from tilewright.core.memory import check_fits
from tilewright.datasets.tile_shards import Band, Parts, ShardTiling, tile_schema

__all__ = ["HAT_PARTS", "HAT_SCHEMA", "HAT_SHARDS", "HatBand", "hat_bands", "write_hat_shards"]

HAT_SCHEMA = tile_schema(
    ("reflected", pa.bool_()),
    ("turn", pa.int8()),
    ("colour", pa.int8()),
    ("start", pa.list_(pa.int64(), 2)),
)
# a part's memory while it is built, a hat: its Arrow arrays and the batches they come from
HAT_PARTS = Parts("hat-tiles/1", HAT_SCHEMA, "hats", 350, "a band of whole hexagon rows")
ROW_HEIGHT = 3.0  # hat units between rows of hexagons
_TYPE_NAMES = pa.array(list(TYPES), type=pa.string())


@dataclass(frozen=True)
class HatBand(Band):
    """Hexagon rows ``rows[0]`` to ``rows[1] - 1`` of a region's walk: one part.

    Examples
    --------
    >>> band = HatBand(0, 60.0, 40.0, (0.0, 0.0), 3, (0, 5))
    >>> table = band.table()
    >>> table.num_rows <= band.size, table.column_names[:4]
    (True, ['id', 'type', 'index', 'reflected'])
    """

    @property
    def size(self) -> int:
        """At least as many hats as the band writes: six kites a hexagon, so at most six
        kite 0s, in each of its rows' hexagons."""
        spans = map(region_rows(self.region).span, range(*self.rows))
        return 6 * sum(last - first + 1 for first, last in spans)

    @property
    def entry(self) -> dict[str, Any]:
        """What the manifest says of the part."""
        return {"hexagon_rows": list(self.rows)}

    def table(self) -> pa.Table:
        """The band's hats, in the walk's order, as ``HAT_PARTS.schema_for`` rows."""
        batches = found_batches(HatTiling(self.seed), self.region, self.neighbours, self.rows)
        return pa.Table.from_batches(
            [hat_batch(found) for found in batches], schema=HAT_PARTS.schema_for(self.neighbours)
        )


def hat_batch(found: np.ndarray) -> pa.RecordBatch:
    """Hats as found by the walk (``found_batches``: 6 columns, or 48 with neighbours) as
    one record batch of ``HAT_PARTS.schema_for``.

    Examples
    --------
    >>> from tilewright.aperiodic import generate_hats
    >>> patch = generate_hats(10, 10, seed=1)
    >>> batch = hat_batch(next(patch.batches()))
    >>> batch["id"].to_pylist() == [tile.id for tile in patch][: batch.num_rows]
    True
    """
    kind, index, colour = found[:, 3], found[:, 4], found[:, 5]
    reflected = (kind == REFLECTED_TYPE) & (index == REFLECTED_INDEX)
    turn = np.where(reflected, (found[:, 2] + 1) % 6, found[:, 2])
    columns = [
        _ids(found[:, :3] // [HEXAGON_STEP, HEXAGON_STEP, 1]),
        _TYPE_NAMES.take(pa.array(kind)),
        pa.array(index.astype(np.int8)),
        pa.array(reflected),
        pa.array(turn.astype(np.int8)),
        pa.array(colour.astype(np.int8)),
        pa.FixedSizeListArray.from_arrays(pa.array(found[:, :2].reshape(-1)), 2),
        pa.FixedSizeListArray.from_arrays(pa.array(vertices_xy(found).reshape(-1)), 28),
    ]
    if found.shape[1] > 6:
        named = _ids(found[:, 6:].reshape(-1, 3))
        columns.append(pa.FixedSizeListArray.from_arrays(named, 14))
    return pa.RecordBatch.from_arrays(columns, schema=HAT_PARTS.schema_for(found.shape[1] > 6))


def _ids(hexagons: np.ndarray) -> pa.StringArray:
    """``a:b:j`` for each row (a, b, j)."""
    return pa.array([f"{a}:{b}:{j}" for a, b, j in hexagons.tolist()], type=pa.string())


def _hexagon_rows(
    width: float, height: float, origin: tuple[float, float], neighbours: bool
) -> int:
    """The region's rows of hexagons, after refusing a row too large to build (so wide a
    region may have more rows than a list of bands would hold)."""
    x, y = origin
    rows = region_rows((x, y, x + width, y + height))
    check_fits(
        6 * rows.widest * HAT_PARTS.bytes_for(neighbours),
        f"Parquet parts of a row of hexagons (up to {6 * rows.widest:,} {HAT_PARTS.unit}, "
        "built whole in memory)",
    )
    return rows.count


def _hat_record(neighbours: bool) -> dict[str, object]:
    # neighbours recorded either way, as the hat's datasets always have
    return {"neighbours": neighbours}


HAT_SHARDS = ShardTiling(
    HAT_PARTS,
    HatBand,
    check_hat_region,
    _hexagon_rows,
    f"the region's rows of hexagons, {ROW_HEIGHT:g} hat units each",
    HAT_AREA,
    _hat_record,
)
hat_bands = HAT_SHARDS.bands
write_hat_shards = HAT_SHARDS.write
