"""Keeping some items: filters on a column's range, and no two items with the same content.

Both keep a dataset's count exact and its rows independent of how it is cut. An item that
a filter refuses is drawn again from its next seed (``draw`` 1, 2, ...: see
``core._seed_kernels.drawn_item_seeds``) until one passes, so item ``i`` is the first of
its own draws that passes: it depends on nothing but the dataset's seed and ``i``.

Duplicates are removed in index order: item ``i`` is drawn again while its content (the
configuration's ``content_columns``) equals that of an item before it, as that item
finally is. Content is compared by a 64-bit hash; two different items sharing one (odds
below n²/2⁶⁵ for n items) would make the later one drawn again, never a duplicate kept.
"""

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from tilewright.core.errors import TilewrightError

# A filter is refused when it keeps fewer than one item in this many: the draws of one part
# are bounded by this many per item (plus a margin for small parts).
MAX_DRAWS_PER_ITEM = 100
_DRAW_MARGIN = 10_000
# Columns that name an item rather than describe it: a filter on them means nothing.
_NOT_FILTERED = ("index", "seed", "draw")

# (column, lowest, highest): either bound may be None
Where = tuple[tuple[str, float | None, float | None], ...]


def checked_where(schema: pa.Schema, where: Mapping[str, Any] | None) -> Where:
    """``where`` (column -> ``(lowest, highest)``, either bound None, both inclusive)
    checked against ``schema`` and put in a canonical order.

    Raises
    ------
    TilewrightError
        For a column that is not a number column of ``schema``, a bound that is not a
        finite number or lies beyond what the column's type holds, or a range with nothing
        in it.

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig
    >>> checked_where(MazeConfig(9, 9).schema(), {"solution_length": (20, None)})
    (('solution_length', 20, None),)
    """
    if where is None:
        return ()
    if not isinstance(where, Mapping):
        raise TypeError(f"where must map column names to (lowest, highest), not {where!r}")
    checked = []
    for name, bounds in sorted(where.items()):
        if name not in schema.names or name in _NOT_FILTERED:
            numbers = [
                field.name
                for field in schema
                if _is_number(field.type) and field.name not in _NOT_FILTERED
            ]
            raise TilewrightError(
                f"cannot filter on {name!r}: the columns are {', '.join(numbers)}"
            )
        kind = schema.field(name).type
        if not _is_number(kind):
            raise TilewrightError(f"cannot filter on {name!r}: it is not a number column")
        try:
            low, high = bounds
        except (TypeError, ValueError):
            raise TilewrightError(f"{name}'s range must be (lowest, highest)") from None
        low, high = _bound(low, name, kind), _bound(high, name, kind)
        if low is not None and high is not None and low > high:
            raise TilewrightError(f"{name}'s range from {low} to {high} holds nothing")
        if low is not None or high is not None:
            checked.append((name, low, high))
    return tuple(checked)


def selected_rows(
    config: Any, seed: int, indices: np.ndarray, draws: np.ndarray, where: Where
) -> pa.Table:
    """The rows of items ``indices`` (ascending), each at the first of its draws from
    ``draws`` on that passes ``where``.

    Raises
    ------
    TilewrightError
        When ``where`` keeps too few items (fewer than one in ``MAX_DRAWS_PER_ITEM``).
    """
    table = config.rows(seed, indices, draws)
    if not where:
        return table
    keep = _passes(table, where)
    if keep.all():
        return table
    pieces = [table.filter(pa.array(keep))]
    pending, next_draws = indices[~keep], draws[~keep] + 1
    budget = MAX_DRAWS_PER_ITEM * len(indices) + _DRAW_MARGIN - len(indices)
    while len(pending):
        # Few items left: try several draws of each in one call, as one call costs more
        # than one maze; the first passing draw of each is kept, the rest thrown away.
        tries = max(1, min(64, len(indices) // len(pending)))
        repeated = np.repeat(pending, tries)
        tried = np.repeat(next_draws, tries) + np.tile(np.arange(tries), len(pending))
        budget -= len(repeated)
        if budget < 0:
            raise TilewrightError(
                f"the filter keeps fewer than 1 item in {MAX_DRAWS_PER_ITEM}: loosen it"
            )
        candidates = config.rows(seed, repeated, tried)
        passed = _passes(candidates, where).reshape(len(pending), tries)
        found = passed.any(axis=1)
        first = passed.argmax(axis=1)
        chosen = np.flatnonzero(found) * tries + first[found]
        pieces.append(candidates.take(pa.array(chosen)))
        pending, next_draws = pending[~found], next_draws[~found] + tries
    table = pa.concat_tables(pieces).combine_chunks()
    return table.take(pa.array(np.argsort(table["index"].to_numpy(), kind="stable")))


def unique_draws(
    config: Any,
    seed: int,
    where: Where,
    parts: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray]],
) -> tuple[dict[int, np.ndarray], int]:
    """The draws that leave no two items with the same content, part by part, and how
    many items they draw again.

    ``parts`` gives each part's ``(indices, draws, keys)`` in index order (``keys`` from
    :func:`row_keys` of the configuration's ``content_columns``). The result maps the
    number of each part that must change to all of its items' new draws; the other parts
    are right as they are.

    The rule (an item is drawn again while it equals an earlier item as that item finally
    is) gives the same draws from any mixture of parts already corrected and parts not yet
    corrected, which is what lets an interrupted run resume.

    Raises
    ------
    TilewrightError
        When an item finds no new content in ``MAX_DRAWS_PER_ITEM`` draws: the dataset
        asks for more distinct items than its configuration makes easily.
    """
    parts = list(parts)
    every_key = np.concatenate([keys for _, _, keys in parts]) if parts else np.zeros(0)
    if len(np.unique(every_key)) == len(every_key):
        return {}, 0  # no two items alike: nothing to draw again
    seen: set[int] = set()
    changed = {}
    redrawn = 0
    for number, (indices, draws, keys) in enumerate(parts):
        new = None
        for k, key in enumerate(keys.tolist()):
            if key in seen:
                draw, key = _next_unique(config, seed, where, int(indices[k]), int(draws[k]), seen)
                new = draws.copy() if new is None else new
                new[k] = draw
                redrawn += 1
            seen.add(key)
        if new is not None:
            changed[number] = new
    return changed, redrawn


def _next_unique(config, seed, where, index, draw, seen) -> tuple[int, int]:
    """Item ``index``'s first draw after ``draw`` that passes ``where`` and whose content
    is not in ``seen``, with its key; a few draws per call, as a call costs more than a
    maze."""
    batch = 16
    for first in range(draw + 1, draw + 1 + MAX_DRAWS_PER_ITEM, batch):
        tried = np.arange(first, first + batch, dtype=np.int64)
        rows = config.rows(seed, np.full(batch, index, dtype=np.int64), tried)
        passed = _passes(rows, where)
        keys = row_keys(rows, config.content_columns)
        for k in range(batch):
            if passed[k] and int(keys[k]) not in seen:
                return int(tried[k]), int(keys[k])
    raise TilewrightError(
        f"item {index} found nothing unlike the earlier items in {MAX_DRAWS_PER_ITEM} draws: "
        "ask for fewer items, or larger ones"
    )


def row_keys(table: pa.Table, columns: Iterable[str]) -> np.ndarray:
    """A 64-bit hash of each row's values in ``columns`` (uint64, one per row).

    Examples
    --------
    >>> table = pa.table({"a": [1, 2, 1], "b": ["x", "y", "x"]})
    >>> keys = row_keys(table, ["a", "b"])
    >>> bool(keys[0] == keys[2]), bool(keys[0] == keys[1])
    (True, False)
    """
    from tilewright.datasets._key_kernels import FNV_OFFSET, fold_rows

    keys = np.full(table.num_rows, FNV_OFFSET, dtype=np.uint64)
    for name in columns:
        data, offsets = _row_bytes(table[name].combine_chunks())
        fold_rows(keys, data, offsets)
    return keys


def _row_bytes(array: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """Each element's bytes: ``data[offsets[i]:offsets[i + 1]]`` is element ``i``'s."""
    n, kind = len(array), array.type
    if array.null_count:
        raise TilewrightError("cannot compare items with missing values")
    if pa.types.is_fixed_size_binary(kind):
        width = kind.byte_width
        data = np.frombuffer(array.buffers()[1], dtype=np.uint8)
        return data, (np.arange(n + 1, dtype=np.int64) + array.offset) * width
    if pa.types.is_binary(kind) or pa.types.is_string(kind):
        buffers = array.buffers()
        offsets = np.frombuffer(buffers[1], dtype=np.int32)[array.offset : array.offset + n + 1]
        return np.frombuffer(buffers[2], dtype=np.uint8), offsets.astype(np.int64)
    if pa.types.is_fixed_size_list(kind) or pa.types.is_list(kind):
        if pa.types.is_fixed_size_list(kind):
            elements = (np.arange(n + 1, dtype=np.int64) + array.offset) * kind.list_size
        else:
            elements = array.offsets.to_numpy().astype(np.int64)
        data, child = _row_bytes(array.values)
        return data, child[elements]
    if pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_boolean(kind):
        values = np.ascontiguousarray(array.to_numpy(zero_copy_only=False))
        width = values.dtype.itemsize
        return values.view(np.uint8).ravel(), np.arange(n + 1, dtype=np.int64) * width
    raise TilewrightError(f"cannot compare items by a column of type {kind}")


def _passes(table: pa.Table, where: Where) -> np.ndarray:
    keep = np.ones(table.num_rows, dtype=np.bool_)
    for name, low, high in where:
        column = table[name]
        if low is not None:
            keep &= pc.fill_null(pc.greater_equal(column, low), False).to_numpy()
        if high is not None:
            keep &= pc.fill_null(pc.less_equal(column, high), False).to_numpy()
    return keep


def _is_number(kind: pa.DataType) -> bool:
    return bool(pa.types.is_integer(kind) or pa.types.is_floating(kind))


def _bound(value: Any, name: str, kind: pa.DataType) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TilewrightError(f"{name}'s bounds must be numbers, got {value!r}")
    if isinstance(value, float | np.floating) and not math.isfinite(value):
        raise TilewrightError(f"{name}'s bounds must be finite, got {value}")
    value = value.item() if isinstance(value, np.generic) else value
    # compared with the column in its own type, a bound must be one of its values (and a
    # bound beyond them would keep all or nothing)
    dtype = np.dtype(kind.to_pandas_dtype())
    info = np.iinfo(dtype) if dtype.kind in "iu" else np.finfo(dtype)
    lowest, highest = info.min, info.max
    if not lowest <= value <= highest:
        raise TilewrightError(
            f"{name}'s bound {value} is beyond the column's range, {lowest} to {highest}"
        )
    return value
