"""Reading a dataset back: the whole Arrow table, or one maze at a time."""

import json
import os
from collections.abc import Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from tilewright.core.errors import TilewrightError
from tilewright.datasets.part_files import part_paths


def load(path: str | os.PathLike) -> pa.Table:
    """The dataset at ``path`` (a complete dataset folder, or one ``.parquet`` file).

    Parameters
    ----------
    path : str or path
        What ``tilewright.datasets.generate`` wrote.

    Returns
    -------
    pyarrow.Table
        Its rows in index order (columns: see ``tilewright.datasets.maze_rows``).

    Raises
    ------
    TilewrightError
        When the folder has no manifest (the run that makes it has not finished: run it
        again to finish), a part is missing, or the file is not Parquet.

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig, generate
    >>> _ = generate(MazeConfig(6, 6), 12, seed=3, output="small", part_size=5)
    >>> load("small").num_rows
    12
    """
    path = os.fspath(path)
    if os.path.isdir(path):
        return _read(part_paths(path))
    return _read([path])


def iter_mazes(path: str | os.PathLike, batch_size: int = 10_000) -> Iterator:
    """The mazes of a dataset one ``tilewright.mazes.Maze`` at a time, reading
    ``batch_size`` rows at a time (memory stays bounded whatever the dataset's size).

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig, generate
    >>> _ = generate(MazeConfig(4, 3, "kruskal"), 2, seed=1, output="two.parquet")
    >>> [repr(maze) for maze in iter_mazes("two.parquet")]  # doctest: +ELLIPSIS
    ['<Maze 4x3 kruskal seed=...>', '<Maze 4x3 kruskal seed=...>']
    """
    from tilewright.datasets.maze_rows import connection_lists
    from tilewright.mazes import Maze

    path = os.fspath(path)
    files = part_paths(path) if os.path.isdir(path) else [path]
    for file in files:
        for batch in _open(file).iter_batches(batch_size=batch_size):
            table = pa.Table.from_batches([batch])
            connections = connection_lists(table)
            for k, row in enumerate(table.select(["algorithm", "seed", "params"]).to_pylist()):
                yield Maze(
                    connections[k],
                    algorithm=row["algorithm"],
                    seed=row["seed"],
                    params=json.loads(row["params"]),
                )


def _read(files: list[str]) -> pa.Table:
    return pa.concat_tables([_open(file).read() for file in files])


def _open(file: str) -> pq.ParquetFile:
    try:
        return pq.ParquetFile(file)
    except (OSError, pa.ArrowException) as error:
        raise TilewrightError(f"{file} is not a Parquet file: {str(error)[:200]}") from None
