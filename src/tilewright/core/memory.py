"""Refuse work that cannot fit in memory *before* allocating it.

A W×H request is only numbers until arrays are made; checking the estimate first turns what
would be a MemoryError minutes later (or the kernel's out-of-memory killer) into a clear
message up front. "Available" is the least of three limits, because any one of them ends
the run: the machine's free memory (``MemAvailable``), the room left under this process's
control group (containers, CI runners) and the address space left under ``RLIMIT_AS``
(``ulimit -v``).
"""

import os
import resource
from collections.abc import Iterator

from tilewright.core.errors import TilewrightError

_CGROUP_ROOT = "/sys/fs/cgroup"
# a cgroup limit this large means "no limit" (v1 writes the largest page-aligned int64)
_NO_LIMIT = 1 << 60
# requests this small are not worth the look-ups (a few /proc and /sys files)
_ALWAYS_FITS = 16 << 20


def available_bytes() -> int:
    """Memory this process can still take: the least of the machine's, its control
    group's and its address-space limit's room.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> available_bytes() > 0
    True
    """
    return min(_machine_available(), _cgroup_room(), _address_space_room())


def _machine_available() -> int:
    available = _kibibytes_line("/proc/meminfo", "MemAvailable:")
    if available is not None:
        return available
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")


def _kibibytes_line(path: str, key: str) -> int | None:
    """The bytes of a ``Key:  N kB`` line in a /proc file, or None."""
    try:
        with open(path) as lines:
            for line in lines:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def _cgroup_room() -> int:
    """The least room under the memory limits of this process's control group and its
    ancestors: limit minus usage, not counting file cache the kernel can drop."""
    rooms = [_NO_LIMIT]
    for folder, names in _cgroup_folders():
        limit_name, usage_name, cache_name = names
        limit = _read_number(f"{folder}/{limit_name}")
        usage = _read_number(f"{folder}/{usage_name}")
        if limit is None or usage is None or limit >= _NO_LIMIT:
            continue
        cache = _stat_value(f"{folder}/memory.stat", cache_name)
        rooms.append(max(0, limit - max(0, usage - cache)))
    return min(rooms)


_V2_NAMES = ("memory.max", "memory.current", "inactive_file")
_V1_NAMES = ("memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file")


def _cgroup_folders() -> Iterator[tuple[str, tuple[str, str, str]]]:
    """Each folder from this process's group up to the root, with its file names."""
    try:
        with open("/proc/self/cgroup") as lines:
            entries = [line.rstrip("\n").split(":", 2) for line in lines]
    except OSError:
        return
    for entry in entries:
        if len(entry) != 3:
            continue
        _, controllers, path = entry
        if controllers == "":  # cgroup v2: one unified tree
            base, names = _CGROUP_ROOT, _V2_NAMES
        elif "memory" in controllers.split(","):  # cgroup v1
            base, names = os.path.join(_CGROUP_ROOT, "memory"), _V1_NAMES
        else:
            continue
        # inside a namespace the group itself is mounted as the root, so walking up from
        # the named path and ending at the root covers both cases
        parts = [part for part in path.split("/") if part]
        for depth in range(len(parts), -1, -1):
            yield os.path.join(base, *parts[:depth]), names


def _stat_value(path: str, name: str) -> int:
    try:
        with open(path) as lines:
            for line in lines:
                key, _, value = line.partition(" ")
                if key == name and value.strip().isdigit():
                    return int(value)
    except OSError:
        pass
    return 0


def _read_number(path: str) -> int | None:
    try:
        with open(path) as source:
            text = source.read().strip()
    except OSError:
        return None
    if text == "max":
        return _NO_LIMIT
    return int(text) if text.isascii() and text.isdigit() else None


def _address_space_room() -> int:
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return _NO_LIMIT
    return max(0, soft - _virtual_size())


def check_address_space(needed: float, what: str) -> None:
    """Raise :class:`TilewrightError` when ``ulimit -v`` leaves less than ``needed`` bytes
    of address space.

    For what takes address space far beyond the memory it touches (shared libraries,
    buffers reserved ahead): :func:`check_fits` would also count the machine's free
    memory, which such mappings mostly never use.

    Parameters
    ----------
    needed : float
        Bytes of address space the work maps.
    what : str
        The work, for the message ("starting").

    Raises
    ------
    TilewrightError
        Naming the bytes needed, those taken and the limit ``ulimit -v`` set.

    Examples
    --------
    >>> check_address_space(1 << 20, "starting")
    """
    room = _address_space_room()
    if not needed <= room:
        limit, _ = resource.getrlimit(resource.RLIMIT_AS)
        raise TilewrightError(
            f"not enough memory: {what} needs about {human_bytes(needed)} more address "
            f"space than the {human_bytes(limit - room)} taken, and ulimit -v allows "
            f"{human_bytes(limit)}"
        )


def _virtual_size() -> int:
    return _kibibytes_line("/proc/self/status", "VmSize:") or 0


def human_bytes(count: float) -> str:
    """``count`` bytes for people: ``1.5 GiB``.

    Parameters
    ----------
    count : float
        Bytes.

    Returns
    -------
    str
        In binary units (KiB = 1024 bytes), one decimal past bytes.

    Examples
    --------
    >>> human_bytes(512), human_bytes(1.5 * 2**30)
    ('512 B', '1.5 GiB')
    """
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if count < 1024 or unit == "PiB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    raise AssertionError("unreachable")


def fits(needed: float) -> bool:
    """Whether ``needed`` bytes fit in the available memory (NaN does not).

    Examples
    --------
    >>> fits(1 << 20), fits(2**80), fits(float("nan"))
    (True, False, False)
    """
    if 0 <= needed <= _ALWAYS_FITS:
        return True  # reading the limits costs more than a small puzzle takes to make
    return needed <= available_bytes()  # False for NaN, which compares false both ways


def check_fits(needed: float, what: str) -> None:
    """Raise :class:`TilewrightError` when ``needed`` bytes exceed the available memory.

    Parameters
    ----------
    needed : float
        The estimate of what the work will allocate, in bytes (NaN is refused).
    what : str
        The work, for the message ("a 30x15 maze").

    Raises
    ------
    TilewrightError
        Naming the bytes needed and the bytes available (see :func:`available_bytes`).

    Examples
    --------
    >>> check_fits(1 << 20, "a small maze")
    >>> check_fits(2**80, "a huge maze")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a huge maze needs about ... PiB of memory; only ...
    """
    if not fits(needed):
        raise TilewrightError(
            f"{what} needs about {human_bytes(needed)} of memory; "
            f"only {human_bytes(available_bytes())} is available"
        )
