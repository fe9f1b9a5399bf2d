"""Reading a dataset back: the whole Arrow table, or one maze at a time.

A dataset folder's parts are checked against its manifest as they are read: each part's
file is read once, its size and SHA-256 compared with the manifest's, and the rows decoded
from those same bytes, so a part damaged on disk is an error naming it, never rows
silently changed (``verify=False`` skips the check). One ``.parquet`` file has no manifest
to check it against.
"""

import contextlib
import json
import os
from collections.abc import Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from tilewright.core.errors import TilewrightError
from tilewright.datasets.part_files import listed_parts, verified_bytes


def load(path: str | os.PathLike, *, verify: bool = True) -> pa.Table:
    """The dataset at ``path`` (a complete dataset folder, or one ``.parquet`` file).

    Parameters
    ----------
    path : str or path
        What ``tilewright.datasets.generate`` wrote.
    verify : bool
        Check each part of a folder against the manifest's size and SHA-256 before
        decoding it (False: decode the files as they are).

    Returns
    -------
    pyarrow.Table
        Its rows in index order (columns: see ``tilewright.datasets.maze_rows``).

    Raises
    ------
    TilewrightError
        When the folder has no manifest (the run that makes it has not finished: run it
        again to finish), a part is missing or damaged, or a file does not decode.

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig, generate
    >>> _ = generate(MazeConfig(6, 6), 12, seed=3, output="small", part_size=5)
    >>> load("small").num_rows
    12
    >>> from pathlib import Path
    >>> part = Path("small/part-00001.parquet")
    >>> damaged = bytearray(part.read_bytes())
    >>> damaged[100] ^= 1  # one bit flipped on disk
    >>> _ = part.write_bytes(damaged)
    >>> load("small")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: small/part-00001.parquet is damaged ...
    """
    return pa.concat_tables([_read(file, source) for file, source in _sources(path, verify)])


def iter_mazes(
    path: str | os.PathLike, batch_size: int = 10_000, *, verify: bool = True
) -> Iterator:
    """The mazes of a dataset one ``tilewright.mazes.Maze`` at a time, reading
    ``batch_size`` rows at a time (memory stays bounded whatever the dataset's size: by
    one part's file, which ``verify``, as in ``load``, reads whole to check it).

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig, generate
    >>> _ = generate(MazeConfig(4, 3, "kruskal"), 2, seed=1, output="two.parquet")
    >>> [repr(maze) for maze in iter_mazes("two.parquet")]  # doctest: +ELLIPSIS
    ['<Maze 4x3 kruskal seed=...>', '<Maze 4x3 kruskal seed=...>']
    """
    from tilewright.datasets.maze_rows import connection_lists
    from tilewright.mazes import Maze

    for file, source in _sources(path, verify):
        for batch in _batches(file, source, batch_size):
            table = pa.Table.from_batches([batch])
            connections = connection_lists(table)
            for k, row in enumerate(table.select(["algorithm", "seed", "params"]).to_pylist()):
                yield Maze(
                    connections[k],
                    algorithm=row["algorithm"],
                    seed=row["seed"],
                    params=json.loads(row["params"]),
                )


def _sources(path: str | os.PathLike, verify: bool) -> Iterator[tuple[str, str | pa.BufferReader]]:
    """Each file of the dataset at ``path`` and what to decode it from: the file, or its
    bytes once checked (one part's at a time)."""
    path = os.fspath(path)
    if not os.path.isdir(path):
        yield path, path
        return
    for part in listed_parts(path):
        yield part.path, pa.BufferReader(verified_bytes(part)) if verify else part.path


# Parts are decoded on the calling thread: Arrow's thread pool, once started, can abort
# the interpreter at exit (std::terminate on a worker still running, now and then after
# an error ends a script that has read a part), and a part is one row group, so the
# pool's threads gain little
_THREADS = False


def _read(file: str, source: str | pa.BufferReader) -> pa.Table:
    with _decoding(file):
        return pq.ParquetFile(source).read(use_threads=_THREADS)


def _batches(file: str, source: str | pa.BufferReader, size: int) -> Iterator[pa.RecordBatch]:
    with _decoding(file):
        yield from pq.ParquetFile(source).iter_batches(batch_size=size, use_threads=_THREADS)


@contextlib.contextmanager
def _decoding(file: str) -> Iterator[None]:
    """Errors decoding ``file`` (not Parquet, or damaged where nothing checked it) as one
    line naming it."""
    try:
        yield
    except (OSError, pa.ArrowException) as error:
        reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
        raise TilewrightError(f"{file} does not decode as Parquet: {reason}") from None
