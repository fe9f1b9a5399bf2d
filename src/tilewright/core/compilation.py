"""Compiled kernels: saying so when a first run must compile them, and compiling ahead.

Numba compiles each kernel on its first call and caches the machine code on disk, so only
a machine's first run pays (seconds to tens of seconds); without a word, that first run
looks hung. ``announce_if_cold`` prints one line when the kernels a command is about to
use are not in the cache yet; ``tilewright warm`` calls each family's ``warm()`` to fill
the cache ahead, for images and CI.
"""

import importlib
import sys
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from tilewright.core.memory import check_address_space

# Numba's runtime counts the references to every array a compiled function holds, each
# change an atomic operation, and drops the changes only from simple functions: where a
# loop calls other kernels they stay, and a move of the hat's kite walk took about 100 ns
# with them, 13 without. A kernel that allocates no array and returns none needs no
# runtime, so it is compiled without one: ``njit(..., **WITHOUT_RUNTIME)``. ``_nrt`` is an
# option Numba takes, and sets on kernels of its own, but does not document. A kernel
# that allocates fails to compile with it ("NRT required but not enabled"); one that
# returns an array it was given compiles, and its caller would free the array while still
# using it, so such a kernel keeps the runtime.
WITHOUT_RUNTIME: dict[str, Any] = {"_nrt": False}

# Address space a first compile maps beyond what the process holds: LLVM's working memory.
# Rectangles' kernels, the largest set, took a process from 390 MiB to a peak of 615 MiB
# (a 650 MiB ``ulimit -v`` compiles them); under a limit that leaves less, LLVM aborts the
# process, past any answer Python could give, so the room is checked before.
COMPILING_BYTES = 256 << 20


def cold_kernels(modules: Iterable[str | ModuleType]) -> list[str]:
    """Names of the cached kernels in ``modules`` whose module has nothing in Numba's cache.

    A module counts as warm once any of its kernels is cached for its current source: a
    kernel called only from other kernels is compiled into its callers and never gets a
    cache entry of its own, so judging kernel by kernel would call it cold for ever. To
    judge a few kernels of a large module, pass a view: a module object holding only them.
    A cache this check cannot read counts as warm (the line is a courtesy, never an error).

    Examples
    --------
    >>> cold_kernels([]) == []
    True
    """
    from numba.core.registry import CPUDispatcher

    cold: list[str] = []
    for module in modules:
        if isinstance(module, str):
            module = importlib.import_module(module)
        states = {
            f"{module.__name__}.{name}": _cache_state(value)
            for name, value in vars(module).items()
            if isinstance(value, CPUDispatcher)
            # a view's kernels come from the module it stands for
            and value.__module__ == module.__name__
            # a helper inlined into its callers has no cache entry of its own
            and value.targetoptions.get("inline") != "always"
        }
        if True not in states.values():
            cold.extend(name for name, state in states.items() if state is False)
    return cold


def _cache_state(dispatcher) -> bool | None:
    """Whether Numba's cache holds ``dispatcher`` for its current source; None when it
    is not cached at all, or the cache cannot be read (the line is a courtesy, never an
    error)."""
    cache = getattr(dispatcher, "_cache", None)
    try:
        # Numba's own index reader: empty when the file is missing or its source changed
        return bool(cache._cache_file._load_index())  # type: ignore[union-attr]
    except Exception:  # no cache (plain @njit), or a Numba without this layout
        return None


def announce_if_cold(what: str, modules: Iterable[str | ModuleType], seconds: float) -> bool:
    """Print one line on stderr when ``modules`` have kernels still to compile.

    Parameters
    ----------
    what : str
        What is compiled, for the message ("the maze kernels").
    modules : iterable of str or module
        The kernel modules the command is about to use.
    seconds : float
        About how long compiling them takes on a two-core machine.

    Returns
    -------
    bool
        Whether the line was printed.

    Raises
    ------
    TilewrightError
        When ``ulimit -v`` leaves too little address space to compile them.
    """
    if not cold_kernels(modules):
        return False
    check_address_space(COMPILING_BYTES, f"compiling {what}")
    print(
        f"tilewright: compiling {what} once, about {seconds:.0f} s "
        "(later runs start at once; `tilewright warm` compiles every kernel ahead)",
        file=sys.stderr,
        flush=True,
    )
    return True
