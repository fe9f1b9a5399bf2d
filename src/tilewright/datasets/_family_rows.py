"""What the rows of every family's dataset share: the items' own seeds and first columns,
configurations as JSON, fixed-size binary grids.

Why a module of its own: every kind's rows (``maze_rows``, ``rectangle_rows``,
``tromino_rows``) check indices, draws and seeds the same way and begin with the same
columns, the Rectangles and tromino configurations write and read their JSON and store
their grids the same way, and a reader must decode them the same way too.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.core.seeds import MAX_SEED, Stream

# A dataset's items are small: the bound keeps one part of items well inside memory (the
# maze configuration's bound too).
MAX_CELLS = 1 << 20
# The first columns of every kind's rows: which item, from which seed, at which draw, of
# which size (a mixture's rows differ in size).
ITEM_FIELDS = (
    pa.field("index", pa.int64()),
    pa.field("seed", pa.int64()),
    pa.field("draw", pa.int32()),
    pa.field("width", pa.int32()),
    pa.field("height", pa.int32()),
)
# the draw column is int32: a draw beyond it would wrap around silently
MAX_DRAW = 2**31 - 1


class JsonConfig:
    """``to_json`` and ``from_json`` for a configuration that has ``to_dict`` and
    ``from_dict``: one line of JSON, keys sorted, so that equal configurations give equal
    text (the manifest and a mixture compare them so).

    A configuration whose ``record_keys`` name its constructor's arguments in order, each
    a JSON value, takes :meth:`to_dict` and the strict :meth:`from_dict` given here; the
    others (mazes, mixtures) write and read their own way.

    Examples
    --------
    >>> from tilewright.datasets.tromino_rows import TrominoConfig
    >>> TrominoConfig(8, 8).to_json()
    '{"colours":null,"height":8,"kind":"tromino","method":"random","sweeps":null,"width":8}'
    """

    kind: ClassVar[str]
    # the constructor's arguments in order, as to_dict names them
    record_keys: ClassVar[tuple[str, ...]]

    def to_dict(self) -> dict[str, Any]:
        """The configuration as plain JSON values, ``kind`` first and then the
        ``record_keys``.

        Examples
        --------
        >>> from tilewright.datasets.rectangle_rows import RectanglesConfig
        >>> RectanglesConfig(7, 5, max_area=6).to_dict()["max_area"]
        6
        """
        return {"kind": self.kind, **{key: getattr(self, key) for key in self.record_keys}}

    @classmethod
    def from_dict(cls, record: Any) -> Self:
        """The configuration ``to_dict`` gave.

        Raises
        ------
        TilewrightError
            When ``record`` is not such a configuration: another kind, a key missing or
            unknown, a value of the wrong type or out of range.

        Examples
        --------
        >>> from tilewright.datasets.rectangle_rows import RectanglesConfig
        >>> RectanglesConfig.from_dict({"kind": "rectangles", "width": 4})
        Traceback (most recent call last):
        ...
        tilewright.core.errors.TilewrightError: not a tilewright rectangles dataset \
configuration: it lacks height, expansion, unique, max_area, singles
        """
        record = checked_record(record, cls.kind, cls.record_keys)
        make: Callable[..., Self] = cls  # a dataclass's constructor, which JsonConfig lacks
        try:
            return make(*(record[key] for key in cls.record_keys))
        except (TypeError, ValueError) as error:  # TilewrightError is a ValueError
            raise TilewrightError(
                f"not a tilewright {cls.kind} dataset configuration: {error}"
            ) from None

    def rows(self, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
        """The items ``indices`` of the dataset ``(self, seed)``, item ``indices[k]`` made
        from its own seed at draw ``draws[k]``.

        Parameters
        ----------
        seed : int
            The dataset's seed, 0 to ``MAX_SEED``.
        indices, draws : numpy.ndarray
            Item indices (0 or more) and their draws (0 or more), one each.

        Returns
        -------
        pyarrow.Table
            One row per index, in the order given; columns as the kind's module lists them.

        Raises
        ------
        TilewrightError
            For a seed, index or draw out of range (see :func:`drawn_seeds`), and for what
            the kind's own rows add.
        """
        raise NotImplementedError  # pragma: no cover - each configuration has its own

    def to_json(self) -> str:
        """The configuration as one line of JSON, keys sorted."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The configuration ``to_json`` wrote.

        Raises
        ------
        TilewrightError
            When ``text`` is not such a configuration.
        """
        try:
            record = json.loads(text)
        except (TypeError, ValueError) as error:
            raise TilewrightError(f"not a dataset configuration: {error}") from None
        return cls.from_dict(record)


@dataclass(frozen=True)
class SizedConfig(JsonConfig):
    """A configuration whose items all have one size: ``width`` × ``height`` in its kind's
    units, the first two arguments of every such configuration (all but a mixture's)."""

    width: int
    height: int

    @property
    def size(self) -> str:
        """``WIDTHxHEIGHT``, as the command line writes it."""
        return f"{self.width}x{self.height}"


@dataclass(frozen=True)
class PuzzleConfig(SizedConfig):
    """A configuration of puzzles in the puzzle collection's game-ID format."""

    unit: ClassVar[str] = "puzzles"
    # what a puzzle is, for finding duplicates: its game ID holds the grid (a random
    # grid's patch too) and every clue, and a puzzle has one solution, so the ID says
    # everything
    content_columns: ClassVar[tuple[str, ...]] = ("game_id",)


def checked_record(record: Any, kind: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``record`` when it is a dict of ``kind`` holding exactly ``keys`` (and ``kind``).

    Why exactly: a key this version does not know would otherwise be dropped without a
    word, and the dataset made would not be the one the record describes.

    Raises
    ------
    TilewrightError
        Naming what is wrong.

    Examples
    --------
    >>> checked_record({"kind": "tromino", "width": 4}, "tromino", ("width", "height"))
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: not a tilewright tromino dataset configuration: \
it lacks height
    """
    what = f"not a tilewright {kind} dataset configuration"
    if not isinstance(record, dict) or record.get("kind") != kind:
        raise TilewrightError(f"{what}: its kind must be {kind!r}")
    missing = [key for key in keys if key not in record]
    if missing:
        raise TilewrightError(f"{what}: it lacks {', '.join(missing)}")
    unknown = sorted(str(key) for key in record if key not in (*keys, "kind"))
    if unknown:
        raise TilewrightError(f"{what}: unknown keys {', '.join(unknown)}")
    return record


def drawn_seeds(
    seed: int, indices: np.ndarray, draws: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The indices and draws checked, and each item's own seed at its draw.

    Item ``i`` at draw ``d`` has the seed ``core._seed_kernels.drawn_item_seeds``
    gives: draw 0 is ``SeedSequence([seed, Stream.DATASET, i])``'s first word shifted
    right by one, the seed the maze datasets use.

    Returns
    -------
    tuple of numpy.ndarray
        ``indices`` and ``draws`` as int64, and the seeds (int64, 0 to ``MAX_SEED``).

    Raises
    ------
    TypeError
        When ``seed`` is not an integer.
    TilewrightError
        When ``seed``, an index or a draw is out of range, or the arrays differ in length.

    Examples
    --------
    >>> from tilewright.datasets.maze_rows import item_seeds
    >>> _, _, seeds = drawn_seeds(5, np.array([3, 4]), np.zeros(2, dtype=np.int64))
    >>> bool((seeds == item_seeds(5, 3, 2)).all())
    True
    """
    from tilewright.core._seed_kernels import drawn_item_seeds

    seed = require_int(seed, "seed")
    if not 0 <= seed <= MAX_SEED:
        raise TilewrightError(f"seed must be between 0 and {MAX_SEED}, got {shown(seed)}")
    indices = np.ascontiguousarray(indices, dtype=np.int64).reshape(-1)
    draws = np.ascontiguousarray(draws, dtype=np.int64).reshape(-1)
    if len(indices) != len(draws):
        raise TilewrightError(f"{len(indices)} indices need as many draws, got {len(draws)}")
    if len(indices) and not 0 <= indices.min() <= indices.max() <= MAX_SEED:
        raise TilewrightError(f"item indices must lie from 0 to {MAX_SEED}")
    if len(draws) and not 0 <= draws.min() <= draws.max() <= MAX_DRAW:
        raise TilewrightError(f"draws must lie from 0 to {MAX_DRAW}")
    seeds = drawn_item_seeds(np.int64(seed), np.int64(Stream.DATASET), indices, draws)
    return indices, draws, seeds


def item_columns(
    indices: np.ndarray, seeds: np.ndarray, draws: np.ndarray, width: int, height: int
) -> dict[str, pa.Array]:
    """The columns of ``ITEM_FIELDS`` for items of one size, as :func:`drawn_seeds` gave
    their indices, seeds and draws.

    Examples
    --------
    >>> columns = item_columns(np.array([4]), np.array([9]), np.array([0]), 3, 2)
    >>> {name: column.to_pylist() for name, column in columns.items()}
    {'index': [4], 'seed': [9], 'draw': [0], 'width': [3], 'height': [2]}
    """
    count = len(indices)
    return {
        "index": pa.array(indices),
        "seed": pa.array(seeds),
        "draw": pa.array(draws.astype(np.int32)),
        "width": pa.array(np.full(count, width, dtype=np.int32)),
        "height": pa.array(np.full(count, height, dtype=np.int32)),
    }


def fixed_binary(data: np.ndarray, size: int) -> pa.FixedSizeBinaryArray:
    """The rows of the C-contiguous ``(n, ...)`` array ``data``, ``size`` bytes each, as
    one fixed-size binary array (no copy beyond Arrow's buffer).

    Examples
    --------
    >>> fixed_binary(np.array([[1, 2], [3, 4]], dtype=np.uint8), 2).to_pylist()
    [b'\\x01\\x02', b'\\x03\\x04']
    """
    data = np.ascontiguousarray(data)
    count = data.shape[0]
    if data.nbytes != count * size:
        raise ValueError(f"{count} rows of {size} bytes cannot hold {data.nbytes} bytes")
    return pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(size), count, [None, pa.py_buffer(data.tobytes())]
    )


def one_size(table: pa.Table, family: str) -> tuple[int, int]:
    """The one ``(width, height)`` of every row of ``table``.

    Raises
    ------
    TilewrightError
        When the table has no ``width`` and ``height`` columns (it is no dataset of
        ``family``), or its rows differ in size (a mixture: select one size first).

    Examples
    --------
    >>> one_size(pa.table({"width": [3, 3], "height": [2, 2]}), "tromino")
    (3, 2)
    """
    for name in ("width", "height"):
        if name not in table.column_names:
            raise TilewrightError(f"the table has no {name!r} column: not a {family} dataset")
    if table.num_rows == 0:
        return 0, 0
    widths = table["width"].to_numpy()
    heights = table["height"].to_numpy()
    if (widths != widths[0]).any() or (heights != heights[0]).any():
        raise TilewrightError(f"the table's {family} items differ in size: select one size first")
    return int(widths[0]), int(heights[0])


def binary_grids(table: pa.Table, name: str, dtype: str, shape: tuple[int, int]) -> np.ndarray:
    """The column ``name`` of ``table``, each value a row-major grid of ``dtype``
    (``"<i4"``, ``"i1"``), as one ``(n, H, W)`` array.

    Fixed-size (one configuration) and variable-size (a mixture's) columns both read.

    Raises
    ------
    TilewrightError
        When the column is missing or a value is null or of another size.

    Examples
    --------
    >>> table = pa.table({"g": fixed_binary(np.arange(4, dtype="<i4").reshape(1, 4), 16)})
    >>> binary_grids(table, "g", "<i4", (2, 2)).tolist()
    [[[0, 1], [2, 3]]]
    """
    if name not in table.column_names:
        raise TilewrightError(f"the table has no {name!r} column")
    height, width = shape
    count = table.num_rows
    itemsize = np.dtype(dtype).itemsize
    size = height * width * itemsize
    column = table[name].combine_chunks() if count else None
    if column is None:
        return np.zeros((0, height, width), dtype=dtype)
    if column.null_count:
        raise TilewrightError(f"the {name!r} column has nulls: this dataset did not make them")
    if pa.types.is_fixed_size_binary(column.type) and column.type.byte_width == size:
        data = np.frombuffer(column.buffers()[1], dtype=np.uint8)
        raw = data[column.offset * size : (column.offset + count) * size]
    else:  # a mixture's column (variable width), here all of one size
        values = column.to_pylist()
        if any(len(value) != size for value in values):
            raise TilewrightError(f"the {name!r} column does not hold {width}x{height} grids")
        raw = np.frombuffer(b"".join(values), dtype=np.uint8)
    return raw.view(dtype).reshape(count, height, width).copy()
