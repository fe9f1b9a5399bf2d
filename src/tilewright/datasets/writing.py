"""Writing a dataset as Parquet: parts made anywhere, each written whole, a manifest last.

A dataset folder holds ``part-00000.parquet``, ``part-00001.parquet``, ... and, once every
part is there, ``manifest.json`` (the configuration, the counts and each part's SHA-256).
The manifest is written last, so its presence is what makes the dataset complete. Each part
is written to a temporary name and renamed (``tilewright.core.output``), so no way a run
ends leaves a half-written part under a part's name; a rerun of the same command keeps the
parts already made, makes the missing ones, and writes the manifest.

Parts are made in this process, on a ``distributed.LocalCluster`` of ``workers`` processes,
or on the Dask cluster at ``scheduler``. Every row depends only on the dataset's seed and
its index (see ``maze_rows``), and a part's bytes only on its rows, so the files are the
same byte for byte whoever makes them.
"""

import hashlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pyarrow as pa
import pyarrow.parquet as pq

from tilewright import __version__
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.core.output import check_destination, open_output
from tilewright.core.seeds import MAX_SEED
from tilewright.datasets.config import MazeConfig

MANIFEST = "manifest.json"
PART_SIZE = 100_000
MAX_PART_SIZE = 10_000_000
MAX_ITEMS = 2**48
MAX_WORKERS = 1024
# The key of each part file's own record (which dataset, which part) in its Parquet metadata.
_PART_KEY = b"tilewright.part"
_PART_NAME = re.compile(r"^part-(\d+)\.parquet$")
# zstd: about half the size of snappy on packed mazes and solutions, and fast to read.
_COMPRESSION = "zstd"


@dataclass(frozen=True)
class Summary:
    """What a run did: ``items`` in ``parts`` (``made`` of them by this run) in ``seconds``."""

    items: int
    parts: int
    made: int
    seconds: float
    output: str

    def line(self) -> str:
        """One line for a terminal."""
        rate = self.items / self.seconds if self.seconds > 0 and self.made else 0.0
        kept = f", {self.parts - self.made} kept" if self.made < self.parts else ""
        speed = f", {rate:,.0f} mazes/s" if self.made == self.parts else ""
        return (
            f"{self.items:,} mazes in {self.parts} part{'s' * (self.parts != 1)}"
            f"{kept}, {self.seconds:.1f} s{speed} -> {self.output}"
        )


@dataclass(frozen=True)
class _Part:
    """One part to make: picklable, so that a Dask worker can make it."""

    number: int
    first: int
    count: int
    path: str | None  # None: return the table to the caller instead of writing it
    config: str  # MazeConfig JSON
    seed: int
    record: bytes  # the part's own record, stored in its metadata


def generate(
    config: MazeConfig,
    count: int,
    seed: int,
    output: str | os.PathLike,
    *,
    part_size: int = PART_SIZE,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> Summary:
    """Write ``count`` mazes of ``config`` from ``seed`` to ``output``.

    Parameters
    ----------
    config : MazeConfig
        What every maze is.
    count : int
        Items, 1 to ``MAX_ITEMS``.
    seed : int
        The dataset's seed, 0 to ``MAX_SEED``; item ``i``'s own seed derives from it.
    output : str or path
        A folder (made if missing; its parent must exist) for a dataset of parts and a
        manifest, or a file ending in ``.parquet`` for one file written whole.
    part_size : int
        Items per part (and per row group of a single file), 1 to ``MAX_PART_SIZE``; memory
        is bounded by one part per process, whatever ``count``.
    workers : int or None
        Make parts on a ``distributed.LocalCluster`` of this many processes.
    scheduler : str or None
        Make parts on the Dask cluster whose scheduler is at this address.
    progress : bool
        Show a progress bar on stderr.

    Returns
    -------
    Summary

    Raises
    ------
    TypeError, TilewrightError
        For bad arguments, an output that cannot be written, or a folder that holds another
        dataset.

    Examples
    --------
    >>> import pyarrow.parquet as pq
    >>> summary = generate(MazeConfig(8, 8, "wilson"), 25, seed=1, output="mazes",
    ...                    part_size=10)
    >>> summary.parts, pq.read_table("mazes/part-00002.parquet").num_rows
    (3, 5)
    """
    if not isinstance(config, MazeConfig):
        raise TypeError(f"config must be a MazeConfig, not {type(config).__name__}")
    count = _bounded(count, "count", 1, MAX_ITEMS)
    seed = _bounded(seed, "seed", 0, MAX_SEED)
    part_size = _bounded(part_size, "part_size", 1, MAX_PART_SIZE)
    if workers is not None:
        workers = _bounded(workers, "workers", 1, MAX_WORKERS)
    if workers is not None and scheduler is not None:
        raise TilewrightError("give workers or a scheduler, not both")
    output = os.fspath(output)
    started = time.perf_counter()
    dataset = {
        "config": config.to_dict(),
        "seed": seed,
        "count": count,
        "part_size": part_size,
    }
    ranges = [
        (k, first, min(part_size, count - first))
        for k, first in enumerate(range(0, count, part_size))
    ]
    if output.endswith(".parquet") and not os.path.isdir(output):
        check_destination(output)
        parts = [_part(config, seed, dataset, k, first, n, None) for k, first, n in ranges]
        tables = _made(parts, workers, scheduler, progress, count)
        with open_output(output) as handle:
            writer = pq.ParquetWriter(handle, _schema(config, dataset), compression=_COMPRESSION)
            with writer:
                for _, table in tables:
                    writer.write_table(table, row_group_size=part_size)
        made = len(ranges)
    else:
        made = _write_folder(output, config, seed, dataset, ranges, workers, scheduler, progress)
    return Summary(count, len(ranges), made, time.perf_counter() - started, output)


def check_output(output: str | os.PathLike) -> None:
    """Fail early, before any work, when ``output`` cannot take a dataset: a ``.parquet``
    file that cannot be written, or a folder whose parent does not exist.

    Examples
    --------
    >>> check_output("no/such/folder/mazes")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the folder no/such/folder does not exist
    """
    output = os.fspath(output)
    if output.endswith(".parquet") and not os.path.isdir(output):
        check_destination(output)
    elif not os.path.isdir(output):
        if os.path.exists(output):
            raise TilewrightError(f"{output} is a file: give a folder, or a name ending .parquet")
        parent = os.path.dirname(os.path.abspath(output))
        if not os.path.isdir(parent):
            raise TilewrightError(f"the folder {os.path.dirname(output) or '.'} does not exist")


def _write_folder(folder, config, seed, dataset, ranges, workers, scheduler, progress) -> int:
    """Make the parts ``folder`` lacks, then its manifest; return how many were made."""
    _prepare_folder(folder)
    digits = max(5, len(str(len(ranges) - 1)))
    names = [f"part-{k:0{digits}d}.parquet" for k, _, _ in ranges]
    manifest_path = os.path.join(folder, MANIFEST)
    if os.path.exists(manifest_path) and _read_manifest(manifest_path).get("dataset") != dataset:
        raise TilewrightError(f"{folder} holds another dataset: give another folder")
    _refuse_other_parts(folder, set(names))
    todo = []
    for (k, first, n), name in zip(ranges, names, strict=True):
        path = os.path.join(folder, name)
        if not _is_part_of(path, dataset, k):
            todo.append(_part(config, seed, dataset, k, first, n, path))
    wanted = sum(part.count for part in todo)
    for _ in _made(todo, workers, scheduler, progress, wanted):
        pass
    entries = []
    for (k, first, n), name in zip(ranges, names, strict=True):
        path = os.path.join(folder, name)
        if not _is_part_of(path, dataset, k):  # changed under us while we ran
            raise TilewrightError(f"{path} is missing or not this dataset's part {k}: rerun")
        entries.append(
            {
                "file": name,
                "first": first,
                "items": n,
                "bytes": os.path.getsize(path),
                "sha256": _sha256(path),
            }
        )
    manifest = {
        "format": "tilewright-dataset/1",
        "tilewright": __version__,
        "dataset": dataset,
        "parts": entries,
    }
    with open_output(manifest_path) as handle:
        handle.write((json.dumps(manifest, indent=1) + "\n").encode())
    return len(todo)


def _made(
    parts: list[_Part], workers: int | None, scheduler: str | None, progress: bool, items: int
) -> Iterator[tuple[int, pa.Table | None]]:
    """Each part's number and table (None once written to its file), in order."""
    from tqdm import tqdm

    if workers is None and scheduler is None:
        results: Iterable = (_make_part(part) for part in parts)
    else:
        results = _on_dask(parts, workers, scheduler)
    with tqdm(
        total=items,
        unit="mazes",
        unit_scale=True,
        leave=False,
        file=sys.stderr,
        disable=not progress,
    ) as bar:
        for part, result in zip(parts, results, strict=True):
            bar.update(part.count)
            yield result


def _on_dask(parts: list[_Part], workers: int | None, scheduler: str | None) -> Iterator:
    """The parts' results made on Dask, yielded in order as they finish."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        client = Client(scheduler)
        cluster = None
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    try:
        # retries: a worker that dies (killed, out of memory) has its part made again
        futures = client.map(_make_part, parts, pure=False, retries=3)
        for future in futures:
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _make_part(part: _Part) -> tuple[int, pa.Table | None]:
    """Make one part; write it to its file when it has one (on whichever process runs it)."""
    from tilewright.datasets.maze_rows import maze_items

    config = MazeConfig.from_json(part.config)
    table = maze_items(config, part.seed, part.first, part.count)
    table = table.replace_schema_metadata({_PART_KEY: part.record})
    if part.path is None:
        return part.number, table
    with open_output(part.path) as handle:
        pq.write_table(table, handle, compression=_COMPRESSION, row_group_size=part.count)
    return part.number, None


def _part(config, seed, dataset, number, first, count, path) -> _Part:
    record = json.dumps({"dataset": dataset, "part": number}, sort_keys=True).encode()
    return _Part(number, first, count, path, config.to_json(), seed, record)


def _schema(config: MazeConfig, dataset: dict) -> pa.Schema:
    from tilewright.datasets.maze_rows import schema_for

    record = json.dumps({"dataset": dataset, "part": None}, sort_keys=True).encode()
    return schema_for(config).with_metadata({_PART_KEY: record})


def _is_part_of(path: str, dataset: dict, number: int) -> bool:
    """Whether ``path`` is part ``number`` of ``dataset``, whole (its footer reads)."""
    if not os.path.isfile(path):
        return False
    try:
        metadata = pq.read_metadata(path).metadata or {}
        record = json.loads(metadata.get(_PART_KEY, b"null"))
    except (OSError, pa.ArrowException, ValueError):
        return False
    return record == {"dataset": dataset, "part": number}


def _refuse_other_parts(folder: str, names: set[str]) -> None:
    """Refuse a folder with part files this dataset would not write (another dataset's)."""
    for name in os.listdir(folder):
        if _PART_NAME.match(name) and name not in names:
            raise TilewrightError(f"{folder} holds another dataset's {name}: give another folder")


def _prepare_folder(folder: str) -> None:
    check_output(folder)
    if os.path.isdir(folder):
        return
    try:
        os.mkdir(folder)
    except OSError as error:
        raise TilewrightError(f"cannot make {folder}: {error.strerror}") from None


def _read_manifest(path: str) -> dict:
    try:
        with open(path, "rb") as handle:
            manifest = json.loads(handle.read(1 << 24))
    except (OSError, ValueError) as error:
        raise TilewrightError(f"{path} is not a dataset manifest: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != "tilewright-dataset/1":
        raise TilewrightError(f"{path} is not a tilewright dataset manifest")
    return manifest


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _bounded(value: object, name: str, low: int, high: int) -> int:
    number = require_int(value, name)
    if not low <= number <= high:
        raise TilewrightError(f"{name} must be from {low} to {shown(high)}, got {shown(number)}")
    return int(number)
