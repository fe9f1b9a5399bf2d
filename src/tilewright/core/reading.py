"""Reading a file a user names, safely: only a regular file, and errors in one short line.

Shared by every reader of user files (saved mazes, masks): a FIFO, a device such as
/dev/zero or a directory must be refused, not read until memory runs out or for ever.
"""

import os
import stat
from typing import BinaryIO

from tilewright.core.errors import TilewrightError


def open_regular(path: str | os.PathLike, name: str, what: str) -> BinaryIO:
    """``path`` opened for reading, refused unless it is a regular file.

    Opened without blocking and judged by ``fstat`` on the open descriptor: a FIFO would
    block ``open`` until a writer came, and checking the name before opening it would race
    with whoever replaces the file in between.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    name : str
        The file's name as messages show it (quoted).
    what : str
        What the file should be, for the refusal ("a maze file", "a mask").

    Examples
    --------
    >>> open_regular("/dev/null", "'/dev/null'", "a mask")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot read '/dev/null': it is a character \
device, not a mask
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise TilewrightError(f"cannot read {name}: {error.strerror}") from None
    except ValueError:  # a NUL character in the name
        raise TilewrightError(f"cannot read {name}: not a valid file name") from None
    try:
        kind = file_kind(os.fstat(fd).st_mode)
        if kind:
            raise TilewrightError(f"cannot read {name}: it is {kind}, not {what}")
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def file_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def reason(error: BaseException) -> str:
    """An exception's message cut to one short line (they can quote what they read)."""
    text = " ".join(str(error).split()) or type(error).__name__
    if "integer string conversion" in text:
        return "it holds a number with too many digits"
    return text if len(text) <= 80 else text[:77] + "..."
