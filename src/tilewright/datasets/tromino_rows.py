"""Datasets of L-tromino tilings of boards missing one square, drawn per item.

Item ``i`` of a dataset with seed ``s`` at draw ``d`` is the tiling
``tilewright.tromino.generate(width, height, seed=SEED, method=METHOD, sweeps=SWEEPS)``,
where ``SEED`` is the item's own seed (see ``_family_rows.drawn_seeds``): the seed draws
the missing square, uniformly among the squares whose board has a tiling, and then, with
the ``random`` method (the default), a tiling of that board, uniformly among all of them.
Any one item is made again alone with ``tilewright tromino tile WxH -s SEED --method
random``. Boards have very many tilings (an 11×11 board missing a corner has
8,272,822,864), so items are distinct tilings; ``--unique`` compares the tilings themselves.

With the ``construct`` method (datasets written before random tilings, and on request)
the board and the square fix the tiling: a board then has at most W·H different items, and
a model sees the same construction (the textbook's divide and conquer on 2^k × 2^k boards,
2×3 blocks around a small exactly solved core elsewhere) answer every missing square.

Columns (one row per tiling)
----------------------------
``index`` (int64), ``seed`` (int64: the tiling's own seed), ``draw`` (int32), ``width``,
``height`` (int32), ``missing`` (two int32: row, column, from 0), ``trominoes`` (int32:
(W·H − 1) / 3), ``tiles`` (fixed-size binary: the labels as little-endian int32, row-major,
tromino t (1 … T) on its three cells and 0 on the missing square, exactly
``Tiling.labels``; :func:`tiling_labels` unpacks them) and ``colours`` (fixed-size binary:
int8 a cell, row-major, a proper 4-colouring as ``Tiling.colour(4)`` gives it, -1 on the
missing square; :func:`tiling_colours` unpacks them; null unless the configuration asks
for colours).

Why int32 labels and not something smaller: labels are what a tiling *is* (which cells
share a tromino), and a fixed four bytes a cell reads the same for every board size (a
mixture of sizes widens the column, never reinterprets it); they compress well in the
Parquet parts.
"""

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.datasets._family_rows import (
    ITEM_FIELDS,
    MAX_CELLS,
    SizedConfig,
    binary_grids,
    drawn_seeds,
    fixed_binary,
    item_columns,
    one_size,
)

# the only colouring a dataset offers: four colours always exist (the graph is planar),
# three do not (odd wheels are common off 2^k boards), and an item must never fail
COLOURS = 4
_KEYS = ("width", "height", "colours", "method", "sweeps")

SCHEMA = pa.schema(
    [
        *ITEM_FIELDS,
        ("missing", pa.list_(pa.int32(), 2)),
        ("trominoes", pa.int32()),
        ("tiles", pa.binary()),  # fixed-size per dataset: see schema_for
        ("colours", pa.binary()),  # likewise
    ]
)


@dataclass(frozen=True)
class TrominoConfig(SizedConfig):
    """The tilings of a dataset: ``width`` × ``height`` boards, each missing one square
    drawn from the item's own seed, and tiled at random from it (or by the construction).

    Parameters
    ----------
    width, height : int
        The board: at most ``MAX_CELLS`` cells, and some square of it must leave a board
        that tiles (W·H − 1 a multiple of 3, both sides at least 2, or a single cell).
    colours : int, optional
        4 adds a proper 4-colouring of each tiling (the ``colours`` column). Three colours
        are refused: many tilings of boards other than 2^k × 2^k have none, and a dataset
        must not fail partway.
    method : {"random", "construct"}
        A uniformly random tiling per item (the default), or the construction's one tiling
        of the board and square. A configuration recorded without a method (written
        before random tilings) is the construction.
    sweeps : int, optional
        ``random``: the chain's passes on boards wider than 10, recorded so that a dataset
        resumes with the same tilings (default ``random_tiling.SWEEPS``).

    Raises
    ------
    TypeError, TilewrightError
        As ``tilewright.tromino.generate`` raises them for the same board, and for too
        many cells or colours other than 4; all when the configuration is made.

    Examples
    --------
    >>> config = TrominoConfig(16, 16, colours=4)
    >>> config.to_dict()
    {'kind': 'tromino', 'width': 16, 'height': 16, 'colours': 4, 'method': 'random', 'sweeps': 10}
    >>> TrominoConfig(9, 7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: no square of a 9x7 board can be missing: ...
    """

    kind: ClassVar[str] = "tromino"
    unit: ClassVar[str] = "tilings"
    record_keys: ClassVar[tuple[str, ...]] = _KEYS
    colours: int | None = None
    method: str = "random"
    sweeps: int | None = None

    @property
    def content_columns(self) -> tuple[str, ...]:
        """What a tiling is, for finding duplicates: the labels of a random tiling; the
        board and the square, which fix a constructed one."""
        if self.method == "random":
            return ("width", "height", "tiles")
        return ("width", "height", "missing")

    def __post_init__(self) -> None:
        from tilewright.tromino import generate
        from tilewright.tromino.random_tiling import EXACT_SIDE, SWEEPS

        width = require_int(self.width, "width")
        height = require_int(self.height, "height")
        sweeps = self.sweeps
        if self.method == "random" and sweeps is None and min(width, height) > EXACT_SIDE:
            sweeps = SWEEPS
        # every check generate runs for a drawn square (the tiling itself is made lazily,
        # so this costs one draw); which square is drawn does not matter here
        tiling = generate(width, height, seed=0, method=self.method, sweeps=sweeps)
        object.__setattr__(self, "sweeps", tiling.sweeps)  # None where a draw is exact
        if width * height > MAX_CELLS:
            raise TilewrightError(
                f"a dataset's boards have at most {MAX_CELLS} cells, got {shown(width * height)}"
            )
        if self.colours is not None:
            colours = require_int(self.colours, "colours")
            if colours != COLOURS:
                raise TilewrightError(
                    f"a dataset colours its tilings with {COLOURS} colours, got {shown(colours)}: "
                    "many tilings have no 3-colouring, so items would fail"
                )
            object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)

    @classmethod
    def from_dict(cls, record: Any) -> "TrominoConfig":
        """The configuration ``to_dict`` gave, as :meth:`JsonConfig.from_dict` reads it; a
        record written before random tilings (without a method) is the construction.

        Examples
        --------
        >>> TrominoConfig.from_dict({"kind": "tromino", "width": 4, "height": 4,
        ...                          "colours": None})
        TrominoConfig(width=4, height=4, colours=None, method='construct', sweeps=None)
        """
        if isinstance(record, dict) and "method" not in record:
            # recorded before random tilings: the construction, as it was written
            record = {**record, "method": "construct", "sweeps": None}
        return super().from_dict(record)

    def schema(self) -> pa.Schema:
        """The columns of this configuration's rows (see :func:`schema_for`)."""
        return schema_for(self)

    def rows(self, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
        """The tilings ``indices`` of the dataset ``(self, seed)``: each item's own seed
        draws its missing square, then its tiling by ``method`` (see
        :meth:`JsonConfig.rows`); columns as this module's docstring lists.

        Examples
        --------
        >>> from tilewright.tromino import generate
        >>> config = TrominoConfig(8, 8)
        >>> table = config.rows(1, np.array([5, 6]), np.array([0, 0]))
        >>> row = table.to_pylist()[0]
        >>> tiling = generate(8, 8, seed=row["seed"], method="random")
        >>> tuple(row["missing"]) == tiling.missing
        True
        >>> bool((tiling_labels(table)[0] == tiling.labels).all())
        True
        """
        from tilewright.tromino import generate

        indices, draws, seeds = drawn_seeds(seed, indices, draws)
        width, height = self.width, self.height
        count = len(indices)
        labels = np.empty((count, height, width), dtype="<i4")
        missing = np.empty((count, 2), dtype=np.int32)
        shades = np.empty((count, height, width), dtype=np.int8) if self.colours else None
        for k, item_seed in enumerate(seeds.tolist()):
            tiling = generate(width, height, seed=item_seed, method=self.method, sweeps=self.sweeps)
            missing[k] = tiling.missing
            labels[k] = tiling.labels
            if shades is not None:
                shades[k] = tiling.colour(COLOURS)
        schema = schema_for(self)
        if shades is None:
            colour_column = pa.nulls(count, schema.field("colours").type)
        else:
            colour_column = fixed_binary(shades, width * height)
        columns = {
            **item_columns(indices, seeds, draws, width, height),
            "missing": pa.FixedSizeListArray.from_arrays(pa.array(missing.ravel()), 2),
            "trominoes": pa.array(np.full(count, (width * height - 1) // 3, dtype=np.int32)),
            "tiles": fixed_binary(labels, 4 * width * height),
            "colours": colour_column,
        }
        return pa.table(columns, schema=schema)


def schema_for(config: TrominoConfig) -> pa.Schema:
    """The columns of ``config``'s tilings: the grids' byte widths are the board's.

    Examples
    --------
    >>> schema_for(TrominoConfig(4, 4)).field("tiles").type
    FixedSizeBinaryType(fixed_size_binary[64])
    """
    cells = config.width * config.height
    schema = SCHEMA
    for name, size in (("tiles", 4 * cells), ("colours", cells)):
        schema = schema.set(schema.get_field_index(name), pa.field(name, pa.binary(size)))
    return schema


def tiling_labels(table: pa.Table) -> np.ndarray:
    """The tilings of ``table`` as labels: int32 ``(n, H, W)``, as ``Tiling.labels``.

    All rows must share one board size (one configuration).

    Raises
    ------
    TilewrightError
        When the table has no tromino columns or mixes sizes.

    Examples
    --------
    >>> table = TrominoConfig(4, 4).rows(2, np.arange(3), np.zeros(3, dtype=np.int64))
    >>> labels = tiling_labels(table)
    >>> labels.shape, sorted(np.bincount(labels[0].ravel()).tolist())
    ((3, 4, 4), [1, 3, 3, 3, 3, 3])
    """
    width, height = one_size(table, "tromino")
    return binary_grids(table, "tiles", "<i4", (height, width)).astype(np.int32)


def tiling_colours(table: pa.Table) -> np.ndarray:
    """The colourings of ``table``: int8 ``(n, H, W)``, each cell's colour 0 to 3 and -1
    on the missing square, as ``Tiling.colour(4)``.

    Raises
    ------
    TilewrightError
        When the table has no tromino columns, mixes sizes, or holds no colours (its
        configuration did not ask for them).

    Examples
    --------
    >>> config = TrominoConfig(4, 4, colours=4)
    >>> shades = tiling_colours(config.rows(2, np.arange(2), np.zeros(2, dtype=np.int64)))
    >>> shades.shape, int(shades.min()), int(shades.max()) <= 3
    ((2, 4, 4), -1, True)
    """
    width, height = one_size(table, "tromino")
    return binary_grids(table, "colours", "i1", (height, width))
