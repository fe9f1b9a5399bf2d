"""Zarr arrays written all or nothing: built beside the output, renamed into place whole.

A Zarr array is a folder of chunk files, so no single rename can publish a half-written
file, but a half-written *folder* would look like an array to a reader. The array is
therefore made in a hidden folder beside the output (the same file system, so the rename
is atomic), renamed to the output once every chunk is in, and removed instead when the run
ends any other way: an error, a full disk, Ctrl-C or SIGTERM (``core.interrupts``).
"""

import contextlib
import os
import secrets
import shutil
from collections.abc import Iterator

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup

__all__ = ["CHUNK_CELLS", "check_array_output", "staged_array"]

# Cells of a chunk (one band of rows, one task): 16 MB of int32 labels or 8 MB of maze
# passages, and about 100 MB of memory while a band is made and written.
CHUNK_CELLS = 1 << 22
# in the name of the hidden folder an array is built in
TEMPORARY = ".partial-"


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
        exists and is no Zarr array (it is never replaced).
    """
    if not isinstance(output, str | os.PathLike):
        raise TypeError(f"output must be a path, not {type(output).__name__}")
    target = os.path.realpath(os.fspath(output))
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise TilewrightError(f"cannot write {os.fspath(output)}: no folder {parent}")
    if not os.access(parent, os.W_OK):
        raise TilewrightError(f"cannot write {os.fspath(output)}: {parent} is not writable")
    if os.path.lexists(target) and not _is_zarr_array(target):
        raise TilewrightError(
            f"{os.fspath(output)} exists and is not a Zarr array: remove it or choose another name"
        )
    return target


def _is_zarr_array(path: str) -> bool:
    return os.path.isdir(path) and os.path.isfile(os.path.join(path, "zarr.json"))


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
