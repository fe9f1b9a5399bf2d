"""Refuse work that cannot fit in memory *before* allocating it.

A W×H request is only numbers until arrays are made; checking the estimate first turns what
would be a MemoryError minutes later (or the kernel's out-of-memory killer) into a clear
message up front.
"""

import os

from tilewright.core.errors import TilewrightError


def available_bytes() -> int:
    """Memory the system can give this process now (``MemAvailable`` on Linux)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")


def human_bytes(count: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if count < 1024 or unit == "PiB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    raise AssertionError("unreachable")


def check_fits(needed: float, what: str) -> None:
    """Raise :class:`TilewrightError` when ``needed`` bytes exceed the available memory."""
    available = available_bytes()
    if needed > available:
        raise TilewrightError(
            f"{what} needs about {human_bytes(needed)} of memory; "
            f"only {human_bytes(available)} is available"
        )
