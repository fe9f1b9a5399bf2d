"""Writing results so that a failure never leaves a half-written file behind.

Output to a named file goes to a temporary file beside it and is renamed into place only
when the writer finished; on any error (or Ctrl-C) the temporary file is removed and the
destination is left as it was. Output to ``-`` or no name goes to standard output as it is
produced, which is what lets a million-row maze stream through a pipe.
"""

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from tilewright.core.errors import TilewrightError


def check_destination(path: str | None) -> None:
    """Fail early, before any work, when ``path`` cannot be written."""
    if path is None or path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise TilewrightError(f"{path} is a directory")
    folder = target.parent
    if not folder.is_dir():
        raise TilewrightError(f"cannot write {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise TilewrightError(f"cannot write {path}: folder {folder} is not writable")


@contextlib.contextmanager
def open_output(path: str | None) -> Iterator[BinaryIO]:
    """A binary stream for ``path`` (standard output for ``None`` or ``-``), all or nothing:
    a regular file appears only when the writing has finished."""
    if path is None or path == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    check_destination(path)
    target = Path(path)
    if target.exists() and not target.resolve().is_file():
        # a device, pipe or terminal (-o /dev/stdout, a FIFO): write straight to it, since
        # renaming a file over it would replace the device with a file
        with open(target, "wb") as stream:
            yield stream
        return
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    # mkstemp makes the file private (0600); give it the permissions a plain open() would.
    os.fchmod(handle, 0o666 & ~_umask())
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
