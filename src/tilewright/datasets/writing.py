"""Writing a dataset of items: parts of consecutive items, here or on a Dask cluster.

Item ``i`` of a dataset depends on nothing but the dataset's configuration, its seed and
``i`` (see ``maze_rows`` and ``selection``), and a part's bytes only on its rows, so the
files are the same byte for byte whoever makes them and however many workers there are.
How parts are written, kept on a rerun and listed in the manifest: see ``part_files``.
"""

import contextlib
import functools
import json
import os
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int_between
from tilewright.core.seeds import MAX_SEED
from tilewright.datasets._docstrings import DATASETS
from tilewright.datasets.config import config_from_json
from tilewright.datasets.dask_runs import checked_cluster
from tilewright.datasets.part_files import (
    MANIFEST,
    check_output,
    part_names,
    parts_in,
    undone_on_refusal,
    write_parts,
)
from tilewright.datasets.selection import (
    Where,
    checked_where,
    row_keys,
    selected_rows,
    unique_draws,
)

__all__ = ["MANIFEST", "PART_SIZE", "Summary", "check_output", "generate"]

PART_SIZE = 100_000
MAX_PART_SIZE = 10_000_000
MAX_ITEMS = 2**48
# Parts are planned before the first is made (a task each, its file's name, its record):
# 2.4 KB of memory a part as measured, a quarter of a GB at this bound, where a million
# parts of one item took a GB before writing any. A single file's writer keeps each row
# group's metadata until it closes: 27 KB a row group of a maze dataset, as measured.
MAX_PARTS = 100_000
MAX_ROW_GROUPS = 10_000


@dataclass(frozen=True)
class Summary:
    """What a run did: ``items`` in ``parts`` (``made`` of them by this run) in ``seconds``;
    ``redrawn`` items were drawn again to leave no duplicates; the parts ``remade`` were
    there but damaged, and made again."""

    items: int
    parts: int
    made: int
    seconds: float
    output: str
    unit: str = "mazes"
    redrawn: int = 0
    remade: tuple[str, ...] = ()

    def line(self) -> str:
        """One line for a terminal."""
        rate = self.items / self.seconds if self.seconds > 0 and self.made else 0.0
        kept = f", {self.parts - self.made} kept" if self.made < self.parts else ""
        speed = f", {rate:,.0f} {self.unit}/s" if self.made == self.parts else ""
        redrawn = f", {self.redrawn:,} duplicates drawn again" if self.redrawn else ""
        remade = ", ".join(self.remade[:3]) + (
            f" and {len(self.remade) - 3:,} more" if len(self.remade) > 3 else ""
        )
        damaged = f", {remade} damaged: made again" if self.remade else ""
        return (
            f"{self.items:,} {self.unit} in {self.parts} part{'s' * (self.parts != 1)}"
            f"{kept}{damaged}{redrawn}, {self.seconds:.1f} s{speed} -> {self.output}"
        )


@dataclass(frozen=True)
class _Items:
    """Items ``first`` to ``first + count - 1``: one part, picklable for a Dask worker."""

    number: int
    first: int
    count: int
    config: str  # the configuration's JSON
    seed: int
    where: Where
    draws: bytes | None = None  # each item's first draw (int64), when not all 0

    @property
    def size(self) -> int:
        return self.count

    @property
    def entry(self) -> dict[str, int]:
        return {"first": self.first, "items": self.count}

    def table(self) -> pa.Table:
        config = config_from_json(self.config)
        indices = np.arange(self.first, self.first + self.count, dtype=np.int64)
        draws = np.zeros(self.count, dtype=np.int64)
        if self.draws is not None:
            draws = np.frombuffer(self.draws, dtype=np.int64)
        return selected_rows(config, self.seed, indices, draws, self.where)


@dataclass(frozen=True)
class _Keys:
    """A part's items reduced to what finding duplicates needs: picklable, like ``_Items``."""

    items: _Items
    columns: tuple[str, ...]

    def __call__(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return _keys_of(self.items.table(), self.columns)


@filler(DATASETS)
def generate(
    config: Any,
    count: int,
    seed: int,
    output: str | os.PathLike,
    *,
    where: Mapping[str, tuple[float | None, float | None]] | None = None,
    unique: bool = False,
    part_size: int = PART_SIZE,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> Summary:
    """Write ``count`` items of ``config`` from ``seed`` to ``output``.

    Parameters
    ----------
    config : MazeConfig, Mixture, or another kind's configuration
        What every item is.
    count : int
        Items, 1 to ``MAX_ITEMS``.
    seed : int
        The dataset's seed, 0 to ``MAX_SEED``; item ``i``'s own seed derives from it.
    output : str or path
        A folder (made if missing; its parent must exist) for a dataset of parts and a
        manifest, or a file ending in ``.parquet`` for one file written whole.
    where : mapping, optional
        Keep only items whose number columns lie in ranges, for example
        ``{"solution_length": (30, None)}`` (bounds inclusive, None for none); a refused
        item is drawn again from its next seed, so the count stays exact (``selection``).
    unique : bool
        No two items with the same content: a later duplicate is drawn again.
    part_size : int
        Items per part (and per row group of a single file), 1 to ``MAX_PART_SIZE``, for
        at most ``MAX_PARTS`` parts (``MAX_ROW_GROUPS`` row groups of a single file); memory
        is bounded by one part per process and the plan of the parts, whatever ``count``.
    workers : int or None
        Make parts on a ``distributed.LocalCluster`` of this many processes.
    scheduler : str or None
        Make parts on the Dask cluster whose scheduler is at this address.
    %(progress)s

    Returns
    -------
    Summary
        What the run did: items and parts written (those made by this run), the time
        taken, items drawn again and parts made again.

    Raises
    ------
    TypeError, TilewrightError
        For bad arguments, an output that cannot be written, or a folder that holds another
        dataset.

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig
    >>> summary = generate(MazeConfig(8, 8, "wilson"), 25, seed=1, output="mazes",
    ...                    part_size=10, where={"solution_length": (20, None)})
    >>> table = pq.read_table("mazes/part-00002.parquet")
    >>> summary.parts, table.num_rows, min(table["solution_length"].to_pylist()) >= 20
    (3, 5, True)
    """
    for method in ("to_json", "schema", "rows", "content_columns", "kind"):
        if not hasattr(config, method):
            raise TypeError(f"config must be a dataset configuration, not {type(config).__name__}")
    count, part_size = checked_plan(count, part_size, output)
    seed = require_int_between(seed, "seed", 0, MAX_SEED)
    workers = checked_cluster(workers, scheduler)
    if not isinstance(unique, bool):
        raise TypeError(f"unique must be True or False, not {unique!r}")
    schema = config.schema()
    checked = checked_where(schema, where)
    output = os.fspath(output)
    started = time.perf_counter()
    identity: dict[str, Any] = {
        "config": json.loads(config.to_json()),
        "seed": seed,
        "count": count,
        "part_size": part_size,
    }
    if checked:
        identity["where"] = [list(bound) for bound in checked]
    if unique:
        identity["unique"] = True
    text = config.to_json()
    tasks = [
        _Items(k, first, min(part_size, count - first), text, seed, checked)
        for k, first in enumerate(range(0, count, part_size))
    ]
    write = functools.partial(
        write_parts,
        output,
        identity,
        schema=schema,
        unit=config.unit,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    redrawn = 0
    single = output.endswith(".parquet") and not os.path.isdir(output)
    present = set() if single else parts_in(output)  # a part there and made again: damaged
    remake: set[int] = set()
    first_made: list[int] = []
    if unique:
        # refused (too few items unlike each other), the run removes the parts it made
        with contextlib.nullcontext() if single else undone_on_refusal(output):
            if single:
                check_output(output)
                found = _keys_from_tasks(tasks, config.content_columns, workers, scheduler)
            else:
                # written first so that finding duplicates reads each part once, from disk
                first_made = write(tasks, finish=False)
                found = _keys_from_folder(output, len(tasks), config.content_columns)
            changed, redrawn = unique_draws(config, seed, checked, found)
        tasks = [
            replace(task, draws=changed[task.number].tobytes()) if task.number in changed else task
            for task in tasks
        ]
        remake = set(changed)
    made = write(tasks, remake=remake)
    names = part_names(len(tasks))
    return Summary(
        count,
        len(tasks),
        len(set(made) | set(first_made)),
        time.perf_counter() - started,
        output,
        config.unit,
        redrawn,
        tuple(names[n] for n in sorted(first_made if unique else made) if names[n] in present),
    )


def checked_plan(count: object, part_size: object, output: str | os.PathLike) -> tuple[int, int]:
    """``count`` items in parts of ``part_size``, checked before any work: each in its
    range, and no more than ``MAX_PARTS`` parts, or ``MAX_ROW_GROUPS`` row groups of a
    single ``.parquet`` file ``output``.

    Returns
    -------
    tuple of int
        ``count`` and ``part_size``.

    Raises
    ------
    TypeError, TilewrightError
        For a number of the wrong type or out of range, or too many parts.

    Examples
    --------
    >>> checked_plan(10**8, 1, "mazes")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: 100,000,000 items in parts of 1 make 100,000,000 \
parts, more than 100,000: give a larger part size (--part-size)
    """
    count = require_int_between(count, "count", 1, MAX_ITEMS)
    part_size = require_int_between(part_size, "part_size", 1, MAX_PART_SIZE)
    output = os.fspath(output)
    parts = -(-count // part_size)
    single = output.endswith(".parquet") and not os.path.isdir(output)
    most, what = (MAX_ROW_GROUPS, "row groups of one file") if single else (MAX_PARTS, "parts")
    if parts > most:
        raise TilewrightError(
            f"{count:,} items in parts of {part_size:,} make {parts:,} {what}, more than "
            f"{most:,}: give a larger part size (--part-size)"
        )
    return count, part_size


def _keys_from_tasks(tasks, columns, workers, scheduler) -> Iterator:
    from tilewright.datasets.dask_runs import results_in_order

    jobs = [_Keys(task, tuple(columns)) for task in tasks]
    return results_in_order(_call, jobs, workers=workers, scheduler=scheduler)


def _call(job: _Keys) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return job()


def _keys_from_folder(folder: str, parts: int, columns) -> Iterator:
    for name in part_names(parts):
        wanted = ["index", "draw", *columns]
        yield _keys_of(pq.read_table(os.path.join(folder, name), columns=wanted), columns)


def _keys_of(table: pa.Table, columns) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (
        table["index"].to_numpy(),
        table["draw"].to_numpy().astype(np.int64),
        row_keys(table, columns),
    )
