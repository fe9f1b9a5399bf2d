"""A dataset on disk: parts made anywhere, each written whole, a manifest last.

A dataset folder holds ``part-00000.parquet``, ``part-00001.parquet``, ... and, once every
part is there, ``.manifest.json`` (the dataset's record, and each part's size and SHA-256).
The manifest is written last, so its presence is what makes the dataset complete. Each part
is written to a temporary name and renamed (``tilewright.core.output``), so no way a run
ends leaves a half-written part under a part's name. Each part's Parquet footer holds its
own record (which dataset, which part), so a rerun keeps the parts already made, makes the
missing ones, and refuses a folder that holds another dataset's manifest or any part of it.

Every other reader opens the folder too, because nothing in a finished folder but the parts
has a name a reader takes for data: the manifest's name starts with a dot, as does each
temporary file while it lives. pandas' and pyarrow's dataset readers skip names starting
with ``_`` or ``.``, and Hugging Face's ``load_dataset("parquet", data_dir=...)`` those
starting with ``.`` only, so the manifest is ``.manifest.json`` (not ``_manifest.json``).
polars reads ``f"{folder}/*.parquet"``; given the folder itself, it reads every file
there, so it needs ``scan_parquet(folder, hidden_file_prefix=".")``. Folders written
before were given ``manifest.json`` (``LEGACY_MANIFEST``): they still load, verify and
resume, and a rerun that finishes one writes ``.manifest.json`` and removes the old name.

The manifest's sizes and SHA-256 digests are what a part is checked against: a reader
(``reading``) checks the bytes it decodes, and a rerun makes again a listed part whose
bytes changed. Where no manifest lists a part (a rerun of a run cut short), the part
checks itself: its footer holds the SHA-256 of the whole file taken with that digest's
own 64 bytes blanked (``DIGEST_KEY``). The folder is tilewright's: a link, or anything
but a file, at a part's or the manifest's name is refused, never followed (the
write-through rule of ``core.output`` is for the ``-o`` name itself).

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
import stat
import sys
from collections.abc import Collection, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.parquet as pq

from tilewright import __version__
from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup
from tilewright.core.output import check_destination, open_output, resolves
from tilewright.datasets.dask_runs import results_in_order

MANIFEST = ".manifest.json"
# the manifest's name in folders written before it was hidden from other Parquet readers
LEGACY_MANIFEST = "manifest.json"
FORMAT = "tilewright-dataset/1"
# The key of each part file's own record (which dataset, which part) in its Parquet metadata.
PART_KEY = b"tilewright.part"
# The key of a part file's own SHA-256 in its Parquet footer: the digest of the file with
# the value's 64 bytes read as _UNSIGNED (a file cannot hold its own digest otherwise).
DIGEST_KEY = b"tilewright.sha256"
_UNSIGNED = b"-" * 64
_PART_NAME = re.compile(r"^part-(\d+)\.parquet$")
# A part's or the manifest's temporary file while it is written (``core.output`` names it
# after the file, with a dot first), the manifest's under its name now or before.
_TEMPORARY = re.compile(r"^\.(part-\d+\.parquet|\.?manifest\.json)\.\w+$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
# zstd: about half the size of snappy on packed mazes and solutions, and fast to read.
COMPRESSION = "zstd"


@dataclass(frozen=True)
class ListedPart:
    """A part file as a manifest lists it: where it is, its size in bytes and SHA-256."""

    path: str
    size: int
    sha256: str


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
        Parts of a folder to make again even if they are there (each replaced whole); a
        part the manifest lists is made again anyway when its size or SHA-256 changed.
    finish : bool
        Write a folder's manifest (False: the parts are not yet final).

    Raises
    ------
    TilewrightError
        When ``output`` cannot be written, or holds another dataset's manifest or part, or
        a link or anything but a file where a part or the manifest goes.
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
        if resolves(output, f"cannot use {output} as a folder"):
            raise TilewrightError(f"{output} is a file: give a folder, or a name ending .parquet")
        parent = os.path.dirname(os.path.realpath(output))
        if not os.path.isdir(parent):
            shown = parent if os.path.islink(output) else os.path.dirname(output) or "."
            raise TilewrightError(f"the folder {shown} does not exist")


def part_paths(folder: str) -> list[str]:
    """The part files a complete dataset folder's manifest lists, in order (unchecked:
    ``listed_parts`` and ``verified_bytes`` check them)."""
    return [part.path for part in listed_parts(folder)]


def listed_parts(folder: str) -> list[ListedPart]:
    """The parts a complete dataset folder's manifest lists, in order.

    Raises
    ------
    TilewrightError
        When the folder has no manifest (the run that makes it has not finished) or a part
        it lists is missing.
    """
    manifest_path = manifest_in(folder)
    if not os.path.isfile(manifest_path):
        raise TilewrightError(
            f"{folder} has no {MANIFEST}: the dataset is not complete (run the command "
            "that makes it again to finish it)"
        )
    manifest = read_manifest(manifest_path)
    parts = [
        ListedPart(os.path.join(folder, entry["file"]), entry["bytes"], entry["sha256"])
        for entry in manifest["parts"]
    ]
    for part in parts:
        if not os.path.isfile(part.path):
            raise TilewrightError(f"{part.path} is missing: run the command again to remake it")
    return parts


def manifest_in(folder: str) -> str:
    """The path of ``folder``'s manifest: ``MANIFEST``, or ``LEGACY_MANIFEST`` in a folder
    written before the rename that has only that one (where neither is, ``MANIFEST``'s)."""
    current = os.path.join(folder, MANIFEST)
    legacy = os.path.join(folder, LEGACY_MANIFEST)
    if not os.path.lexists(current) and os.path.lexists(legacy):
        return legacy
    return current


def verified_bytes(part: ListedPart) -> bytes:
    """The bytes of ``part``'s file, read once, checked against the manifest's size and
    SHA-256 (decoding from them afterwards decodes exactly what was checked).

    Raises
    ------
    TilewrightError
        When the file cannot be read, or is damaged: naming it.
    """
    try:
        with open(part.path, "rb") as handle:
            # the size first, so that a file grown huge is refused before it is read
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(part.size + 1) if size == part.size else b""
    except OSError as error:
        raise TilewrightError(f"cannot read {part.path}: {error.strerror}") from None
    if len(data) != part.size or hashlib.sha256(data).hexdigest() != part.sha256:
        raise TilewrightError(
            f"{part.path} is damaged (its size or SHA-256 is not the manifest's): run the "
            "command that made the dataset again to remake it"
        )
    return data


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
        and type(entry.get("bytes")) is int
        and isinstance(entry.get("sha256"), str)
        and _SHA256.match(entry["sha256"])
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
    sink = pa.BufferOutputStream()  # whole in memory first, to sign: a part's table is too
    with pq.ParquetWriter(sink, table.schema, **writer_options(table.schema)) as writer:
        writer.write_table(table, row_group_size=max(1, table.num_rows))
        writer.add_key_value_metadata({DIGEST_KEY: _UNSIGNED})
    data = memoryview(sink.getvalue())  # no copies of the part's bytes from here on
    footer = bytes(data[-_footer_length(bytes(data[-8:])) - 8 :])
    at = _digest_place(footer, len(data), _UNSIGNED)
    digest = hashlib.sha256(data).hexdigest().encode()
    with open_output(job.path, follow_links=False) as handle:
        handle.write(data[:at])
        handle.write(digest)
        handle.write(data[at + len(digest) :])
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


def parts_in(folder: str) -> set[str]:
    """The names of the part files in ``folder`` (none when there is no such folder)."""
    if not os.path.isdir(folder):
        return set()
    return {name for name in os.listdir(folder) if _PART_NAME.match(name)}


@contextlib.contextmanager
def undone_on_refusal(folder: str) -> Generator[None, None, None]:
    """When the block raises ``TilewrightError``, remove the part files it added to
    ``folder``, and the folder if it was not there: a refused run leaves nothing it made.
    (An interrupted one keeps its whole parts, for a rerun.)"""
    existed = os.path.isdir(folder)
    before = parts_in(folder)
    try:
        yield
    except TilewrightError:
        for name in parts_in(folder) - before:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(folder, name))
        if not existed:
            with contextlib.suppress(OSError):  # not empty: someone else's files are there
                os.rmdir(os.path.realpath(folder))
        raise


def _write_folder(
    folder, identity, tasks, workers, scheduler, progress, unit, remake, finish
) -> list[int]:
    """Make the parts ``folder`` lacks, then its manifest; return the numbers of the parts
    made. A folder this run made is removed again if the run ends with it empty (refused
    before any part was made); parts made before an interruption stay, for a rerun."""
    made_folder = _prepare_folder(folder)
    try:
        return _fill_folder(
            folder, identity, tasks, workers, scheduler, progress, unit, remake, finish
        )
    except BaseException:
        if made_folder is not None:
            with contextlib.suppress(OSError):  # not empty: it holds whole parts
                os.rmdir(made_folder)
        raise


def _fill_folder(
    folder, identity, tasks, workers, scheduler, progress, unit, remake, finish
) -> list[int]:
    names = part_names(len(tasks))
    manifest_path = os.path.join(folder, MANIFEST)
    legacy_path = os.path.join(folder, LEGACY_MANIFEST)
    listed: dict[str, dict[str, Any]] = {}
    # the manifest under its old name too: a folder written before keeps its parts
    for path in (legacy_path, manifest_path):
        if _is_file_here(path):
            manifest = read_manifest(path)
            if manifest.get("dataset") != identity:
                raise TilewrightError(f"{folder} holds another dataset: give another folder")
            listed = {entry["file"]: entry for entry in manifest["parts"]}
    _refuse_other_parts(folder, set(names))
    # every part is looked at, so that another dataset's is refused before any is made
    kept = {
        task.number: _is_kept(folder, name, identity, task.number, listed.get(name))
        for task, name in zip(tasks, names, strict=True)
    }
    jobs = [
        _Job(task, os.path.join(folder, name), _record(identity, task.number))
        for task, name in zip(tasks, names, strict=True)
        if task.number in remake or not kept[task.number]
    ]
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
    with open_output(manifest_path, follow_links=False) as handle:
        handle.write((json.dumps(manifest, indent=1) + "\n").encode())
    # removed once the new one is in place: a run cut short between the two leaves both,
    # the new one read first, and the next run removes the old
    with contextlib.suppress(FileNotFoundError):
        os.unlink(legacy_path)
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


def _is_kept(
    folder: str, name: str, identity: dict[str, Any], number: int, entry: dict[str, Any] | None
) -> bool:
    """Whether the part file ``name`` is there and is part ``number`` of ``identity``, whole:
    its footer holds that record and, when the manifest lists it (``entry``), its size and
    SHA-256 are the manifest's. False for a part to make (missing, damaged, unreadable).

    Raises
    ------
    TilewrightError
        When the file is another dataset's part, or not a file.
    """
    path = os.path.join(folder, name)
    if not _is_file_here(path):
        return False
    record = _part_record(path)
    if isinstance(record, dict) and "dataset" in record and record["dataset"] != identity:
        # a bit flipped in the record itself can leave another dataset's record (a count
        # of 60 read as 61): only a part whole by its own digest is another dataset's
        if not _checks_itself(path):
            return False
        raise TilewrightError(f"{folder} holds another dataset's {name}: give another folder")
    if record != {"dataset": identity, "part": number}:
        return False
    if entry is None:
        return _checks_itself(path)
    return os.path.getsize(path) == entry["bytes"] and _sha256(path) == entry["sha256"]


def _checks_itself(path: str) -> bool:
    """Whether the part at ``path`` has the SHA-256 its own footer holds (``DIGEST_KEY``);
    True for a part made before parts held one (its footer alone vouches for it)."""
    try:
        digest = (pq.read_metadata(path).metadata or {}).get(DIGEST_KEY)
        if digest is None:
            return True
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            handle.seek(size - 8)
            footer = _footer_length(handle.read(8)) + 8
            handle.seek(size - footer)
            at = _digest_place(handle.read(footer), size, digest)
            hashed = hashlib.sha256()
            handle.seek(0)
            _hash_into(hashed, handle, at)
            hashed.update(_UNSIGNED)
            handle.seek(at + len(digest))
            _hash_into(hashed, handle, size - at - len(digest))
    except (OSError, pa.ArrowException, ValueError):
        return False
    return hashed.hexdigest().encode() == digest


def _footer_length(tail: bytes) -> int:
    """The length of a Parquet file's footer, from its last 8 bytes."""
    if len(tail) != 8 or tail[4:] != b"PAR1":
        raise ValueError("not the end of a Parquet file")
    return int.from_bytes(tail[:4], "little")


def _digest_place(footer: bytes, size: int, digest: bytes) -> int:
    """Where in the file of ``size`` bytes ending with ``footer`` its digest's value is."""
    if len(digest) != len(_UNSIGNED) or footer.count(digest) != 1:
        raise ValueError("the footer does not hold one digest")
    return size - len(footer) + footer.index(digest)


def _hash_into(hashed: Any, handle: Any, count: int) -> None:
    """Add the next ``count`` bytes of ``handle`` to ``hashed``, a block at a time."""
    while count > 0:
        block = handle.read(min(count, 1 << 20))
        if not block:
            raise ValueError("the file ended early")
        hashed.update(block)
        count -= len(block)


def _part_record(path: str) -> Any:
    """The record in a part file's footer; None when it has none or does not read."""
    try:
        metadata = pq.read_metadata(path).metadata or {}
        return json.loads(metadata.get(PART_KEY, b"null"))
    except (OSError, pa.ArrowException, ValueError):
        return None


def _is_file_here(path: str) -> bool:
    """Whether a file is at ``path`` in a dataset folder (False: nothing is).

    Raises
    ------
    TilewrightError
        When a link or anything but a file is there. A link is refused rather than
        replaced: tilewright makes none, so someone put it there on purpose, and neither
        following it (writing outside the folder) nor removing it is this run's to do.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(info.st_mode):
        raise TilewrightError(
            f"{path} is a link, which a dataset folder's files are never: remove it"
        )
    if not stat.S_ISREG(info.st_mode):
        raise TilewrightError(f"{path} is not a file, which a dataset folder's are: remove it")
    return True


def _record(identity: dict[str, Any], number: int) -> bytes:
    return json.dumps({"dataset": identity, "part": number}, sort_keys=True).encode()


def _refuse_other_parts(folder: str, names: set[str]) -> None:
    """Refuse a folder with part files this dataset would not write (another dataset's)."""
    for name in os.listdir(folder):
        if _PART_NAME.match(name) and name not in names:
            raise TilewrightError(f"{folder} holds another dataset's {name}: give another folder")


def _remove_temporaries(folder: str) -> None:
    """Remove the temporary files of parts (and of the manifest) that were being written when
    their writer died.

    A process that ends normally, by an error or by a signal removes its own temporary
    file (``core.output``); a Dask worker killed outright (by the kernel's OOM killer, by
    its nanny when the client goes away) cannot. Called before this run's parts are made
    (leftovers of earlier runs) and once they are made or the run is interrupted, with its
    cluster closed. A folder takes one run at a time: a second run in it at once would
    lose the part its twin was writing, and redo it when run again.
    """
    for name in os.listdir(folder):
        if _TEMPORARY.match(name):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(folder, name))


def _prepare_folder(folder: str) -> str | None:
    """Check ``folder`` and make it if missing (where it points, when it is a link to a
    folder yet to be made); return the folder made, or None when it was there."""
    check_output(folder)
    if os.path.isdir(folder):
        return None
    made = os.path.realpath(folder)
    try:
        os.mkdir(made)
    except OSError as error:
        raise TilewrightError(f"cannot make {folder}: {error.strerror}") from None
    return made


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
