"""The items of a maze dataset, a range of indices at a time, as Arrow tables.

Item ``i`` of a dataset with seed ``s`` is the maze ``generate(width, height, algorithm,
seed=item_seed(s, i))``: its row depends on nothing but ``(s, i)`` and the configuration, so
a dataset is the same row for row however it is cut into parts or spread over workers, and
any one item is made again alone with ``tilewright maze WxH -a ALGORITHM -s ITEM_SEED``.

Columns (one row per maze)
--------------------------
``index`` (int64), ``seed`` (int64: the item's own seed), ``draw`` (int32: how many of the
item's earlier seeds a filter or the removal of duplicates refused; 0 in a plain dataset),
``width``, ``height`` (int32),
``algorithm`` (string), ``params`` (string: the algorithm's parameters as JSON),
``connections`` (fixed-size binary: maze-dataset's ``(2, H, W)`` connection list, row-major,
bit-packed with ``numpy.packbits``; :func:`connection_lists` unpacks it), ``origin`` and
``target`` (two int32: row, column), ``solution`` (list of int32: the path's cells, origin
first, each as its index ``row * width + column``; :func:`solution_paths` gives (row,
column) pairs), ``solution_length`` (int32: moves), ``dead_ends`` and ``river`` (float64,
as ``tilewright.mazes.maze_stats`` defines them).

Why cell indices and not (row, column) pairs: Parquet writes a list of lists with two
levels of repetition, which took half of a part's writing time and read three times
slower than one flat list; an index is also the token a sequence model reads.
"""

import json

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import shown
from tilewright.core.seeds import MAX_SEED, Stream
from tilewright.datasets._family_rows import ITEM_FIELDS, drawn_seeds, item_columns
from tilewright.datasets.config import MazeConfig

SCHEMA = pa.schema(
    [
        *ITEM_FIELDS,
        ("algorithm", pa.string()),
        ("params", pa.string()),
        ("connections", pa.binary()),  # fixed-size per dataset: see connection_bytes
        ("origin", pa.list_(pa.int32(), 2)),
        ("target", pa.list_(pa.int32(), 2)),
        ("solution", pa.list_(pa.int32())),
        ("solution_length", pa.int32()),
        ("dead_ends", pa.float64()),
        ("river", pa.float64()),
    ]
)


def connection_bytes(config: MazeConfig) -> int:
    """Bytes of one maze's packed connection list."""
    return (2 * config.width * config.height + 7) // 8


def schema_for(config: MazeConfig) -> pa.Schema:
    """The columns of ``config``'s items (the connections' byte width is the config's)."""
    at = SCHEMA.get_field_index("connections")
    return SCHEMA.set(at, pa.field("connections", pa.binary(connection_bytes(config))))


def item_seeds(seed: int, first: int, count: int) -> np.ndarray:
    """The own seeds of items ``first`` to ``first + count - 1`` of a dataset with ``seed``.

    Item ``i``'s seed is the first 64-bit word of NumPy's
    ``SeedSequence([seed, Stream.DATASET, i])``, shifted right by one (a seed is below
    2**63); computed by a compiled equivalent of ``SeedSequence``.

    Examples
    --------
    >>> seeds = item_seeds(1, 0, 3)
    >>> int(seeds[2]) == int(item_seeds(1, 2, 1)[0])
    True
    """
    from tilewright.core._seed_kernels import item_seeds as compiled

    _check_range(seed, first, count)
    return compiled(np.uint64(seed), np.int64(Stream.DATASET), np.uint64(first), np.int64(count))


def maze_items(config: MazeConfig, seed: int, first: int, count: int) -> pa.Table:
    """Items ``first`` to ``first + count - 1`` of the dataset ``(config, seed)``.

    Parameters
    ----------
    config : MazeConfig
        What the mazes are.
    seed : int
        The dataset's seed, 0 to ``MAX_SEED``.
    first, count : int
        The first index and how many items; indices stay below 2**63.

    Returns
    -------
    pyarrow.Table
        One row per maze, columns as this module's docstring lists them.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> table = maze_items(MazeConfig(5, 4, "wilson"), seed=1, first=10, count=2)
    >>> row = table.slice(1).to_pylist()[0]
    >>> maze = generate(5, 4, "wilson", seed=row["seed"])
    >>> bool((connection_lists(table)[1] == maze.connections).all()), row["index"]
    (True, 11)
    """
    _check_range(seed, first, count)
    indices = np.arange(first, first + count, dtype=np.int64)
    return maze_rows(config, seed, indices, np.zeros(count, dtype=np.int64))


def maze_rows(config: MazeConfig, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
    """The items ``indices`` of the dataset ``(config, seed)``, item ``indices[k]`` made
    from its seed at draw ``draws[k]`` (``core._seed_kernels.drawn_item_seeds``).

    Returns
    -------
    pyarrow.Table
        One row per index, in the order given.
    """
    from tilewright.core._seed_kernels import kernel_states
    from tilewright.mazes.batch import generate_batch

    # the checks and seeds every kind's rows share
    indices, draws, seeds = drawn_seeds(seed, indices, draws)
    count = len(indices)
    if count == 0:  # numpy cannot reshape an empty batch into rows of cells
        return schema_for(config).empty_table()
    states = kernel_states(seeds.astype(np.uint64), np.int64(Stream.GENERATE))
    origins, targets = _endpoints(config, seeds)
    made = generate_batch(
        config.width,
        config.height,
        config.algorithm,
        states,
        origins=origins,
        targets=targets,
        **config.params,
    )
    packed = np.packbits(made.connections.reshape(count, -1), axis=1)
    size = connection_bytes(config)
    columns = {
        **item_columns(indices, seeds, draws, config.width, config.height),
        "algorithm": pa.array([config.algorithm] * count, pa.string()),
        "params": pa.array([json.dumps(config.params, sort_keys=True)] * count, pa.string()),
        "connections": pa.FixedSizeBinaryArray.from_buffers(
            pa.binary(size), count, [None, pa.py_buffer(packed.tobytes())]
        ),
        "origin": _pairs(origins),
        "target": _pairs(targets),
        "solution": pa.ListArray.from_arrays(
            pa.array(made.path_offsets.astype(np.int32)), pa.array(made.path_indices)
        ),
        "solution_length": pa.array(made.solution_length.astype(np.int32)),
        "dead_ends": pa.array(made.dead_ends),
        "river": pa.array(made.river),
    }
    return pa.table(columns, schema=schema_for(config))


def connection_lists(table: pa.Table) -> np.ndarray:
    """The mazes of ``table`` as maze-dataset's connection lists: bool ``(n, 2, H, W)``.

    All rows must share one size (one dataset's configuration).

    Raises
    ------
    TilewrightError
        When the table has no maze columns or mixes sizes.
    """
    for name in ("width", "height", "connections"):
        if name not in table.column_names:
            raise TilewrightError(f"the table has no {name!r} column: not a maze dataset")
    n = table.num_rows
    if n == 0:
        return np.zeros((0, 2, 0, 0), dtype=np.bool_)
    widths = table["width"].to_numpy()
    heights = table["height"].to_numpy()
    if (widths != widths[0]).any() or (heights != heights[0]).any():
        raise TilewrightError("the table's mazes have different sizes: select one size first")
    width, height = int(widths[0]), int(heights[0])
    column = table["connections"].combine_chunks()
    size = (2 * width * height + 7) // 8
    if pa.types.is_fixed_size_binary(column.type):
        data = np.frombuffer(column.buffers()[1], dtype=np.uint8)
        packed = data[column.offset * size : (column.offset + n) * size].reshape(n, size)
    else:  # a mixture's column (variable width), here all of one size
        packed = np.frombuffer(b"".join(column.to_pylist()), dtype=np.uint8).reshape(n, size)
    bits = np.unpackbits(packed, axis=1, count=2 * width * height)
    return bits.astype(np.bool_).reshape(n, 2, height, width)


def solution_paths(table: pa.Table) -> list[np.ndarray]:
    """The solutions of ``table`` as (row, column) paths: one int32 ``(k, 2)`` array a row,
    origin first, as ``tilewright.mazes.shortest_path`` gives them.

    Rows of different sizes (a mixture) decode each by its own width.

    Raises
    ------
    TilewrightError
        When the table has no maze columns.

    Examples
    --------
    >>> from tilewright.mazes import generate, shortest_path
    >>> table = maze_items(MazeConfig(6, 4, "kruskal"), seed=2, first=0, count=3)
    >>> maze = generate(6, 4, "kruskal", seed=table["seed"][1].as_py())
    >>> bool(np.array_equal(solution_paths(table)[1], shortest_path(maze)))
    True
    """
    import pyarrow.compute as pc

    for name in ("width", "solution"):
        if name not in table.column_names:
            raise TilewrightError(f"the table has no {name!r} column: not a maze dataset")
    lengths = pc.list_value_length(table["solution"]).to_numpy(zero_copy_only=False)
    cells = pc.list_flatten(table["solution"]).to_numpy(zero_copy_only=False)
    widths = np.repeat(table["width"].to_numpy(), lengths)
    pairs = np.stack(np.divmod(cells, widths), axis=1).astype(np.int32)
    return np.split(pairs, np.cumsum(lengths)[:-1]) if len(lengths) else []


def _endpoints(config: MazeConfig, seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Origins and targets, ``(n, 2)`` int64 each: the corners, or drawn per item."""
    n = len(seeds)
    if config.endpoints == "corners":
        origins = np.zeros((n, 2), dtype=np.int64)
        targets = np.tile(np.array([config.height - 1, config.width - 1]), (n, 1))
        return origins, targets
    from tilewright.core._seed_kernels import kernel_states
    from tilewright.datasets._endpoint_kernels import distinct_cells

    states = kernel_states(seeds.astype(np.uint64), np.int64(Stream.ENDPOINTS))
    first, second = distinct_cells(states, np.int64(config.width * config.height))
    origins = np.stack(np.divmod(first, config.width), axis=1)
    targets = np.stack(np.divmod(second, config.width), axis=1)
    return origins, targets


def _pairs(cells: np.ndarray) -> pa.FixedSizeListArray:
    return pa.FixedSizeListArray.from_arrays(pa.array(cells.ravel(), pa.int32()), 2)


def _check_range(seed: int, first: int, count: int) -> None:
    if not 0 <= seed <= MAX_SEED:
        raise TilewrightError(f"seed must be between 0 and {MAX_SEED}, got {shown(seed)}")
    if first < 0 or count < 0 or first + count > MAX_SEED:
        raise TilewrightError(f"item indices must lie from 0 to {MAX_SEED}")
