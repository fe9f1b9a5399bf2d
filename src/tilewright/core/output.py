"""Writing results so that no way a run can end leaves a half-written file behind.

A named regular file is written to a temporary file beside it and renamed over it only when
the writer has finished: an error, a full disk, Ctrl-C, SIGTERM or SIGHUP (see
``interrupts``) remove the temporary file and leave the destination as it was. The name is
written *through*, never replaced:

* a symbolic link keeps being a link: its final target gets the new contents;
* an existing file keeps its permission bits and owner (a 0600 file stays 0600);
* a file with other hard links is staged completely first, then copied into place with
  signals held, so every name of it sees the new contents;
* devices, pipes and sockets (``/dev/null``, a FIFO) are written in place;
* ``/dev/stdout``, ``/dev/fd/N`` and ``/proc/self/fd/N`` write to the descriptor this
  process already has open, so ``-o /dev/stdout >> log`` appends as the shell asked.

That is the rule for a name the user gave. A name inside a folder tilewright owns (a
dataset's part or manifest) is opened with ``follow_links=False``: whatever is at it is
replaced, never written through, so a link there cannot send the file elsewhere.

``-`` or no name is standard output, written as produced, which lets a million-row maze
stream through a pipe. Write errors (a full disk, EIO, EDQUOT) become one
:class:`~tilewright.core.errors.TilewrightError` line naming the file.
"""

import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator, Mapping
from typing import BinaryIO

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import held_signals, register_cleanup, unregister_cleanup

# names that mean "a descriptor this process has open" rather than a file to create
_STANDARD = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
# group 1 is the process (None for /dev/fd), group 2 the descriptor
_DESCRIPTOR = re.compile(r"^/(?:proc/(self|thread-self|\d+)/fd|dev/fd)/(\d+)$")
_MAX_LINK_HOPS = 40
# The three picture formats every family writes, drawn from one SVG (``core.pdf``)
PICTURE_SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def resolves(path: str, refusal: str) -> bool:
    """Whether ``path`` names something once its links are followed; False when nothing is
    there (a new name, or a link to one yet to be made).

    Raises
    ------
    TilewrightError
        ``refusal`` and the system's reason, when the name cannot be resolved at all (a
        loop of links, a name too long, a folder on the way that is not one).

    Examples
    --------
    >>> resolves("no-such-file.txt", "cannot write no-such-file.txt")
    False
    """
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise TilewrightError(f"{refusal}: {error.strerror}") from None
    return True


def check_destination(path: str | None) -> None:
    """Fail early, before any work, when ``path`` cannot be written.

    Parameters
    ----------
    path : str or None
        The output's name; ``None`` or ``-`` is standard output.

    Raises
    ------
    TilewrightError
        When ``path`` is a directory, lies in a folder that does not exist or cannot be
        written, or names a closed descriptor.

    Examples
    --------
    >>> check_destination("maze.svg")
    >>> check_destination("no/such/folder/maze.svg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot write no/such/folder/maze.svg: folder ...
    """
    if path is None or path == "-":
        return
    descriptor = _open_descriptor(path)
    if descriptor is not None:
        try:
            os.fstat(descriptor)
        except OSError:
            message = f"cannot write {_shown(path)}: it names a closed descriptor"
            raise TilewrightError(message) from None
        return
    resolves(path, f"cannot write {_shown(path)}")
    target = os.path.realpath(path)
    if os.path.isdir(target):
        raise TilewrightError(f"{_shown(path)} is a directory")
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise TilewrightError(f"cannot write {_shown(path)}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) and not _writable_in_place(target):
        raise TilewrightError(f"cannot write {_shown(path)}: folder {folder} is not writable")


@contextlib.contextmanager
def open_output(path: str | None, *, follow_links: bool = True) -> Iterator[BinaryIO]:
    """A binary stream for ``path`` (standard output for ``None`` or ``-``), all or nothing:
    a regular file changes only when the writing has finished.

    Parameters
    ----------
    path : str or None
        The output's name; ``None`` or ``-`` is standard output (see the module docstring
        for links, hard links, devices and descriptors).
    follow_links : bool
        False for a name in a folder tilewright owns, which the caller has checked: a
        link, a second name of a file (hard link) or a device at ``path`` is replaced by
        the new file, never written through.

    Yields
    ------
    BinaryIO
        The stream to write to.

    Raises
    ------
    TilewrightError
        When ``path`` cannot be written, or writing fails (a full disk, EIO): the file is
        then as it was.

    Examples
    --------
    >>> import os, tempfile
    >>> name = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> with open_output(name) as stream:
    ...     _ = stream.write(b"whole")
    >>> try:
    ...     with open_output(name) as stream:
    ...         _ = stream.write(b"half")
    ...         raise RuntimeError("a bug half-way")
    ... except RuntimeError:
    ...     pass
    >>> open(name, "rb").read()  # the failed write left it as it was
    b'whole'
    """
    if path is None or path == "-":
        if sys.stdout is None:
            raise TilewrightError("standard output is closed: give -o FILE")
        with _write_errors_named("standard output"):
            yield sys.stdout.buffer
            sys.stdout.buffer.flush()
        return
    if not follow_links:
        target = os.path.abspath(path)
        with _write_errors_named(path), _staged(target, _own_file(target)) as stream:
            yield stream
        return
    check_destination(path)
    descriptor = _open_descriptor(path)
    if descriptor is not None:
        sys.stdout.flush()
        with _write_errors_named(path), os.fdopen(os.dup(descriptor), "wb") as stream:
            yield stream
        return
    target = os.path.realpath(path)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    with _write_errors_named(path):
        if info is not None and not stat.S_ISREG(info.st_mode):
            # a device, pipe or socket: renaming a file over it would replace it
            with open(target, "wb") as stream:
                yield stream
        else:
            with _staged(target, info) as stream:
                yield stream


@contextlib.contextmanager
def _staged(target: str, info: os.stat_result | None) -> Iterator[BinaryIO]:
    """Write to a temporary file beside ``target``, then put it in place.

    Signals are held while the temporary file is made and registered for removal, and
    while it is put in place, so a signal never finds it made but unregistered, or half
    copied into a hard-linked file.
    """
    folder, name = os.path.split(target)
    with held_signals():
        # a short prefix: the name plus its suffix must stay under the 255-byte limit
        handle, temporary = tempfile.mkstemp(prefix=f".{name[:32]}.", dir=folder)
        token = register_cleanup(lambda: os.unlink(temporary))
    try:
        _take_permissions(handle, info)
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())  # the new contents reach the disk before the name
        with held_signals():
            if info is not None and info.st_nlink > 1:
                _copy_into(temporary, target)
                os.unlink(temporary)
            else:
                os.replace(temporary, target)
            unregister_cleanup(token)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        unregister_cleanup(token)
        raise


def _own_file(path: str) -> os.stat_result | None:
    """``path``'s own regular file, the only name of it; None when nothing is there or
    something that renaming the new file over it replaces is (a link, a hard-linked file,
    a device)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    return info if stat.S_ISREG(info.st_mode) and info.st_nlink == 1 else None


def _take_permissions(handle: int, info: os.stat_result | None) -> None:
    # mkstemp makes the file private (0600); a new file gets what open() would give it, a
    # replaced one keeps its own bits and, where allowed, its owner
    if info is None:
        os.fchmod(handle, 0o666 & ~_umask())
        return
    os.fchmod(handle, stat.S_IMODE(info.st_mode))
    with contextlib.suppress(PermissionError):
        os.fchown(handle, info.st_uid, info.st_gid)


def _copy_into(source: str, target: str) -> None:
    """Overwrite ``target`` in place with ``source`` (the caller holds signals).

    The room is reserved first, so a full disk is met before a byte of ``target`` changes
    (and its old length is given back); then the copy cannot run out of space.
    """
    size = os.stat(source).st_size
    with open(source, "rb") as reader, open(target, "r+b") as writer:
        old_size = os.fstat(writer.fileno()).st_size
        try:
            os.posix_fallocate(writer.fileno(), 0, max(size, 1))
        except OSError:
            os.ftruncate(writer.fileno(), old_size)
            raise
        shutil.copyfileobj(reader, writer, 1 << 20)
        writer.truncate(size)
        writer.flush()
        os.fsync(writer.fileno())


def _open_descriptor(path: str) -> int | None:
    """The descriptor ``path`` names (``/dev/stdout`` → 1), following links, or None."""
    current = os.path.abspath(path)
    for _ in range(_MAX_LINK_HOPS):
        if current in _STANDARD:
            return _STANDARD[current]
        match = _DESCRIPTOR.match(current)
        if match and match[1] in (None, "self", "thread-self", str(os.getpid())):
            return int(match[2])
        try:
            link = os.readlink(current)
        except OSError:
            return None  # not a link: an ordinary name
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return None


def _writable_in_place(target: str) -> bool:
    try:
        return not stat.S_ISREG(os.stat(target).st_mode) and os.access(target, os.W_OK)
    except OSError:
        return False


@contextlib.contextmanager
def _write_errors_named(path: str) -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise  # the reader went away: the command line ends quietly
    except OSError as error:
        reason = error.strerror or str(error)
        raise TilewrightError(f"cannot write {_shown(path)}: {reason}") from None


def _shown(path: str) -> str:
    return path if len(path) <= 60 else path[:57] + "..."


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def format_by_suffix(path: str | os.PathLike, suffixes: Mapping[str, str], noun: str) -> str:
    """The format that ``path``'s suffix (in any case) names among ``suffixes``.

    Every family's ``save(path)`` chooses its format this way, so that a suffix it cannot
    write is refused in the same words everywhere, before any file is opened.

    Parameters
    ----------
    path : str or os.PathLike
        The file name.
    suffixes : mapping
        Suffix (``".png"``) to format.
    noun : str
        What is saved, for the message ("a maze").

    Returns
    -------
    str
        The format ``suffixes`` gives the suffix, such as ``"png"``.

    Raises
    ------
    TypeError
        When ``path`` is not a str or path.
    TilewrightError
        When the suffix is none of ``suffixes``, naming them.

    Examples
    --------
    >>> format_by_suffix("maze.PNG", {".png": "png", ".svg": "svg"}, "a maze")
    'png'
    >>> format_by_suffix("maze.gif", {".png": "png", ".svg": "svg"}, "a maze")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot write .gif files: a maze is saved as .png or .svg
    """
    name = os.fspath(path) if isinstance(path, str | os.PathLike) else None
    if not isinstance(name, str):
        raise TypeError(f"a file is named by a str or path, not {type(path).__name__}")
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in suffixes:
        known = sorted(suffixes)
        what = f"{suffix[:20]} files" if suffix else "a file without a suffix"
        listed = f"{', '.join(known[:-1])} or {known[-1]}" if len(known) > 1 else known[0]
        raise TilewrightError(f"cannot write {what}: {noun} is saved as {listed}")
    return suffixes[suffix]
