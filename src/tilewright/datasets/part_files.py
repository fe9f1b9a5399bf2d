"""A dataset on disk: parts made anywhere, each written whole, a manifest last.

A dataset folder holds ``part-00000.parquet``, ``part-00001.parquet``, ... and, once every
part is there, ``manifest.json`` (the dataset's record, and each part's size and SHA-256).
The manifest is written last, so its presence is what makes the dataset complete. Each part
is written to a temporary name and renamed (``tilewright.core.output``), so no way a run
ends leaves a half-written part under a part's name. Each part's Parquet footer holds its
own record (which dataset, which part), so a rerun keeps the parts already made, makes the
missing ones, and refuses a folder that holds another dataset.

What a part holds is up to its task: a range of maze items, a band of Spectre tiles. A task
is a picklable object with a ``number``, a ``size`` (work, for the progress bar), an
``entry`` (what the manifest says about it) and a ``table()`` method that makes its rows,
wherever it runs (see ``dask_runs``).
"""

import contextlib
import hashlib
import json
import os
import re
import sys
from collections.abc import Collection, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.parquet as pq

from tilewright import __version__
from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup
from tilewright.core.output import check_destination, open_output
from tilewright.datasets.dask_runs import results_in_order

MANIFEST = "manifest.json"
FORMAT = "tilewright-dataset/1"
# The key of each part file's own record (which dataset, which part) in its Parquet metadata.
PART_KEY = b"tilewright.part"
_PART_NAME = re.compile(r"^part-(\d+)\.parquet$")
# A part's temporary file while it is written (``core.output`` names it after the part).
_PART_TEMPORARY = re.compile(r"^\.part-\d+\.parquet\.\w+$")
# zstd: about half the size of snappy on packed mazes and solutions, and fast to read.
COMPRESSION = "zstd"


class PartTask(Protocol):
    """One part to make (read-only attributes, as a frozen dataclass has them)."""

    @property
    def number(self) -> int: ...

    @property
    def size(self) -> int: ...

    @property
    def entry(self) -> dict[str, Any]: ...

    def table(self) -> pa.Table: ...


@dataclass(frozen=True)
class _Job:
    """A task with where its part goes: picklable, so that a Dask worker can run it."""

    task: Any
    path: str | None  # None: return the table to the caller instead of writing it
    record: bytes  # the part's own record, stored in its footer


def write_parts(
    output: str,
    identity: dict[str, Any],
    tasks: Sequence[PartTask],
    *,
    schema: pa.Schema,
    unit: str,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    remake: Collection[int] = (),
    finish: bool = True,
) -> list[int]:
    """Write the parts of the dataset ``identity`` to ``output``; return the numbers of the
    parts this run made (the others were there already).

    Parameters
    ----------
    output : str
        A folder (made if missing; its parent must exist) for parts and a manifest, or a
        file ending ``.parquet``, written whole, one row group per task.
    identity : dict
        The dataset's record (plain JSON): two runs make the same dataset when their
        records are equal, and only then does a rerun keep a folder's parts.
    tasks : sequence
        The parts, numbered 0, 1, ... in order.
    schema : pyarrow.Schema
        The parts' columns (a single file needs them before its first part).
    unit : str
        What the progress bar counts.
    workers, scheduler, progress
        As ``dask_runs.results_in_order`` takes them; ``progress`` shows a bar on stderr.
    remake : collection of int
        Parts of a folder to make again even if they are there (each replaced whole).
    finish : bool
        Write a folder's manifest (False: the parts are not yet final).

    Raises
    ------
    TilewrightError
        When ``output`` cannot be written or holds another dataset.
    """
    if output.endswith(".parquet") and not os.path.isdir(output):
        check_destination(output)
        jobs = [_Job(task, None, _record(identity, task.number)) for task in tasks]
        record = {PART_KEY: json.dumps({"dataset": identity, "part": None}, sort_keys=True)}
        with open_output(output) as handle:
            writer = pq.ParquetWriter(
                handle, schema.with_metadata(record), **writer_options(schema)
            )
            with writer:
                for job, table in zip(
                    jobs, _made(jobs, workers, scheduler, progress, unit), strict=True
                ):
                    writer.write_table(table, row_group_size=max(1, job.task.size))
        return [job.task.number for job in jobs]
    return _write_folder(
        output, identity, tasks, workers, scheduler, progress, unit, set(remake), finish
    )


def part_names(count: int) -> list[str]:
    """The file names of ``count`` parts."""
    digits = max(5, len(str(count - 1)))
    return [f"part-{k:0{digits}d}.parquet" for k in range(count)]


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


def part_paths(folder: str) -> list[str]:
    """The part files a complete dataset folder's manifest lists, in order.

    Raises
    ------
    TilewrightError
        When the folder has no manifest (the run that makes it has not finished) or a part
        it lists is missing.
    """
    manifest_path = os.path.join(folder, MANIFEST)
    if not os.path.isfile(manifest_path):
        raise TilewrightError(
            f"{folder} has no {MANIFEST}: the dataset is not complete (run the command "
            "that makes it again to finish it)"
        )
    manifest = read_manifest(manifest_path)
    files = [os.path.join(folder, entry["file"]) for entry in manifest["parts"]]
    for file in files:
        if not os.path.isfile(file):
            raise TilewrightError(f"{file} is missing: run the command again to remake it")
    return files


def read_manifest(path: str) -> dict[str, Any]:
    """A dataset's manifest, checked to be one."""
    try:
        with open(path, "rb") as handle:
            manifest = json.loads(handle.read(1 << 24))
    except (OSError, ValueError) as error:
        raise TilewrightError(f"{path} is not a dataset manifest: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise TilewrightError(f"{path} is not a tilewright dataset manifest")
    if not isinstance(manifest.get("parts"), list) or not all(
        isinstance(entry, dict)
        and isinstance(entry.get("file"), str)
        and _PART_NAME.match(entry["file"])
        for entry in manifest["parts"]
    ):
        raise TilewrightError(f"{path} does not list its parts as a dataset manifest does")
    return manifest


def is_part_of(path: str, identity: dict[str, Any], number: int) -> bool:
    """Whether ``path`` is part ``number`` of the dataset ``identity``, whole (its footer
    reads and holds that record)."""
    if not os.path.isfile(path):
        return False
    try:
        metadata = pq.read_metadata(path).metadata or {}
        record = json.loads(metadata.get(PART_KEY, b"null"))
    except (OSError, pa.ArrowException, ValueError):
        return False
    return bool(record == {"dataset": identity, "part": number})


def make_part(job: _Job) -> pa.Table | None:
    """Make one part; write it to its file when it has one (on whichever process runs it)."""
    table = job.task.table()
    table = table.replace_schema_metadata({PART_KEY: job.record})
    if job.path is None:
        return table
    with open_output(job.path) as handle:
        pq.write_table(
            table, handle, row_group_size=max(1, table.num_rows), **writer_options(table.schema)
        )
    return None


def writer_options(schema: pa.Schema) -> dict[str, Any]:
    """How every part is written: zstd, and minimum and maximum statistics for the plain
    columns only (index, seed, numbers: what a reader filters row groups on). Statistics of
    nested and binary columns (solution paths, packed grids) filter nothing and took a
    third of a maze part's writing time."""
    plain = [
        field.name
        for field in schema
        if field.type.num_fields == 0
        and not any(
            test(field.type)
            for test in (
                pa.types.is_binary,
                pa.types.is_large_binary,
                pa.types.is_fixed_size_binary,
            )
        )
    ]
    return {"compression": COMPRESSION, "write_statistics": plain}


def _write_folder(
    folder, identity, tasks, workers, scheduler, progress, unit, remake, finish
) -> list[int]:
    """Make the parts ``folder`` lacks, then its manifest; return the numbers of the parts
    made."""
    _prepare_folder(folder)
    names = part_names(len(tasks))
    manifest_path = os.path.join(folder, MANIFEST)
    if os.path.exists(manifest_path) and read_manifest(manifest_path).get("dataset") != identity:
        raise TilewrightError(f"{folder} holds another dataset: give another folder")
    _refuse_other_parts(folder, set(names))
    jobs = []
    for task, name in zip(tasks, names, strict=True):
        path = os.path.join(folder, name)
        if task.number in remake or not is_part_of(path, identity, task.number):
            jobs.append(_Job(task, path, _record(identity, task.number)))
    _remove_temporaries(folder)
    token = register_cleanup(lambda: _remove_temporaries(folder))  # a signal skips finally
    try:
        # closed here, not when collected, so that its cluster is gone before the sweep
        with contextlib.closing(_made(jobs, workers, scheduler, progress, unit)) as results:
            for _ in results:
                pass
    finally:
        unregister_cleanup(token)
        _remove_temporaries(folder)
    made = [job.task.number for job in jobs]
    if not finish:
        return made
    entries = []
    for task, name in zip(tasks, names, strict=True):
        path = os.path.join(folder, name)
        if not is_part_of(path, identity, task.number):  # changed under us while we ran
            raise TilewrightError(f"{path} is missing or not this dataset's part: rerun")
        entry = {"file": name, **task.entry}
        entry.update(bytes=os.path.getsize(path), sha256=_sha256(path))
        entries.append(entry)
    manifest = {"format": FORMAT, "tilewright": __version__, "dataset": identity, "parts": entries}
    with open_output(manifest_path) as handle:
        handle.write((json.dumps(manifest, indent=1) + "\n").encode())
    return made


def _made(
    jobs: list[_Job], workers, scheduler, progress: bool, unit: str
) -> Generator[Any, None, None]:
    """Each job's result, in order, counted on a progress bar."""
    from tqdm import tqdm

    total = sum(job.task.size for job in jobs)
    results = results_in_order(make_part, jobs, workers=workers, scheduler=scheduler)
    with tqdm(
        total=total,
        unit=unit,
        unit_scale=True,
        leave=False,
        file=sys.stderr,
        disable=not progress,
    ) as bar:
        for job, result in zip(jobs, results, strict=True):
            bar.update(job.task.size)
            yield result


def _record(identity: dict[str, Any], number: int) -> bytes:
    return json.dumps({"dataset": identity, "part": number}, sort_keys=True).encode()


def _refuse_other_parts(folder: str, names: set[str]) -> None:
    """Refuse a folder with part files this dataset would not write (another dataset's)."""
    for name in os.listdir(folder):
        if _PART_NAME.match(name) and name not in names:
            raise TilewrightError(f"{folder} holds another dataset's {name}: give another folder")


def _remove_temporaries(folder: str) -> None:
    """Remove the temporary files of parts that were being written when their writer died.

    A process that ends normally, by an error or by a signal removes its own temporary
    file (``core.output``); a Dask worker killed outright (by the kernel's OOM killer, by
    its nanny when the client goes away) cannot. Called before this run's parts are made
    (leftovers of earlier runs) and once they are made or the run is interrupted, with its
    cluster closed. A folder takes one run at a time: a second run in it at once would
    lose the part its twin was writing, and redo it when run again.
    """
    for name in os.listdir(folder):
        if _PART_TEMPORARY.match(name):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(folder, name))


def _prepare_folder(folder: str) -> None:
    check_output(folder)
    if os.path.isdir(folder):
        return
    try:
        os.mkdir(folder)
    except OSError as error:
        raise TilewrightError(f"cannot make {folder}: {error.strerror}") from None


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
