"""Zarr arrays written all or nothing: built beside the output, renamed into place whole.

A Zarr array is a folder of chunk files, so no single rename can publish a half-written
file, but a half-written *folder* would look like an array to a reader. The array is
therefore made in a hidden folder beside the output (the same file system, so the rename
is atomic), renamed to the output once every chunk is in, and removed instead when the run
ends any other way: an error, a full disk, Ctrl-C or SIGTERM (``core.interrupts``). A run
killed outright (SIGKILL, the OOM killer) cannot remove its hidden folder: the next run on
the same output does, so an output takes one run at a time.

What is replaced. The output is a folder that may hold anything, so only what tilewright
itself wrote there is replaced: a Zarr array (``zarr.json``, ``node_type`` array) whose
attributes hold the ``tilewright`` record, with nothing beside its metadata and its chunk
folder. A Zarr group, an array of another program's, a folder with other files in it or a
``zarr.json`` that does not read is refused in one line, and stays as it was. A link as the
output is written through (the array goes where it points); a link inside the folder is
never followed: a ``zarr.json`` or chunk folder that is a link is refused, and the old
array is removed without following any link it holds (``shutil.rmtree``).
"""

import contextlib
import json
import os
import re
import secrets
import shutil
import stat
from collections.abc import Iterator
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup

__all__ = ["CHUNK_CELLS", "check_array_output", "staged_array"]

# Cells of a chunk (one band of rows, one task): 16 MB of int32 labels or 8 MB of maze
# passages, and about 100 MB of memory while a band is made and written.
CHUNK_CELLS = 1 << 22
# in the name of the hidden folder an array is built in
TEMPORARY = ".partial-"
# What a folder tilewright wrote an array into holds: its metadata and, unless every chunk
# is the fill value, the folder of chunks (Zarr 3's default chunk keys ``c/0/0``).
METADATA = "zarr.json"
CHUNKS = "c"
# far above any array's metadata, which holds a few hundred bytes
_LONGEST_METADATA = 1 << 20


@contextlib.contextmanager
def staged_array(output: str | os.PathLike) -> Iterator[str]:
    """A hidden folder beside ``output`` to build an array in; renamed to ``output`` when
    the block ends normally, removed whenever it does not.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`check_array_output`, before the folder is made.
    """
    target = check_array_output(output)
    _remove_stale(target)
    name = f".{os.path.basename(target)}{TEMPORARY}{secrets.token_hex(4)}"
    temporary = os.path.join(os.path.dirname(target), name)
    token = register_cleanup(lambda: shutil.rmtree(temporary, ignore_errors=True))
    try:
        yield temporary
        _put_in_place(temporary, target)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
        unregister_cleanup(token)


def check_array_output(output: str | os.PathLike) -> str:
    """Where the array goes: ``output``, or the folder a link there points to (a link is
    written through, never replaced).

    Raises
    ------
    TypeError, TilewrightError
        For an output that is no path, whose folder is missing or not writable, or that
        exists and is no Zarr array tilewright wrote (it is never replaced).
    """
    if not isinstance(output, str | os.PathLike):
        raise TypeError(f"output must be a path, not {type(output).__name__}")
    target = os.path.realpath(os.fspath(output))
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise TilewrightError(f"cannot write {os.fspath(output)}: no folder {parent}")
    if not os.access(parent, os.W_OK):
        raise TilewrightError(f"cannot write {os.fspath(output)}: {parent} is not writable")
    if os.path.lexists(target) and (reason := _not_ours(target)) is not None:
        raise TilewrightError(
            f"{os.fspath(output)} exists and is not a Zarr array tilewright wrote ({reason}): "
            "remove it or choose another name"
        )
    return target


def _not_ours(path: str) -> str | None:
    """Why the folder ``path`` is no array tilewright wrote, or None when it is one."""
    if not stat.S_ISDIR(os.lstat(path).st_mode):
        return "not a folder"
    metadata = _metadata(os.path.join(path, METADATA))
    if metadata is None:
        return f"no {METADATA} that reads as Zarr metadata"
    if metadata.get("node_type") != "array":
        return f"a Zarr {metadata.get('node_type')}" if metadata.get("node_type") else "no array"
    attributes = metadata.get("attributes")
    if not isinstance(attributes, dict) or not isinstance(attributes.get("tilewright"), dict):
        return "its attributes hold no tilewright record"
    try:
        names = os.listdir(path)
    except OSError as error:
        return f"it cannot be read: {error.strerror}"
    others = sorted(set(names) - {METADATA, CHUNKS})
    if others:
        return f"it holds {others[0]}" + (f" and {len(others) - 1} more" if others[1:] else "")
    if CHUNKS in names and not stat.S_ISDIR(os.lstat(os.path.join(path, CHUNKS)).st_mode):
        return f"its {CHUNKS} is no folder"
    return None


def _metadata(path: str) -> dict[str, Any] | None:
    """A ``zarr.json`` read as JSON, never through a link; None when it is missing, a link,
    no file, too long or no JSON object."""
    try:
        # never blocking either, as opening a named pipe for reading would
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None
        text = handle.read(_LONGEST_METADATA + 1)
    if len(text) > _LONGEST_METADATA:
        return None
    try:
        metadata = json.loads(text)
    except ValueError:  # UnicodeDecodeError too
        return None
    return metadata if isinstance(metadata, dict) else None


def _remove_stale(target: str) -> None:
    """Remove the hidden folders of earlier runs on ``target`` that were killed outright
    (a link of that name is removed, not followed)."""
    folder, name = os.path.split(target)
    stale = re.compile(re.escape(f".{name}{TEMPORARY}") + r"[0-9a-f]{8}(-old)?")
    for entry in os.listdir(folder):
        if stale.fullmatch(entry):
            path = os.path.join(folder, entry)
            if os.path.islink(path) or not os.path.isdir(path):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            else:
                shutil.rmtree(path, ignore_errors=True)


def _put_in_place(temporary: str, target: str) -> None:
    """Rename the finished array to ``target``; an older array there is moved aside first
    and removed only once the new one is in place."""
    if not os.path.lexists(target):
        os.rename(temporary, target)
        return
    old = f"{temporary}-old"
    os.rename(target, old)
    # a signal between the two renames must not leave the output missing: put it back
    token = register_cleanup(lambda: _restore(old, target))
    try:
        os.rename(temporary, target)
    except OSError:
        os.rename(old, target)
        raise
    finally:
        unregister_cleanup(token)
    shutil.rmtree(old, ignore_errors=True)


def _restore(old: str, target: str) -> None:
    if not os.path.lexists(target):
        os.rename(old, target)
