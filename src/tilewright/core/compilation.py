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


def cold_kernels(modules: Iterable[str | ModuleType]) -> list[str]:
    """Names of the cached kernels in ``modules`` that have nothing in Numba's cache yet.

    A kernel counts as warm once any of its signatures is cached for its current source;
    a cache this check cannot read counts as warm (the line is a courtesy, never an error).

    Examples
    --------
    >>> cold_kernels([]) == []
    True
    """
    from numba.core.registry import CPUDispatcher

    cold = []
    for module in modules:
        if isinstance(module, str):
            module = importlib.import_module(module)
        for name, value in vars(module).items():
            mine = isinstance(value, CPUDispatcher) and value.__module__ == module.__name__
            if mine and not _cached(value):
                cold.append(f"{module.__name__}.{name}")
    return cold


def _cached(dispatcher) -> bool:
    cache = getattr(dispatcher, "_cache", None)
    try:
        # Numba's own index reader: empty when the file is missing or its source changed
        return bool(cache._cache_file._load_index())  # type: ignore[union-attr]
    except Exception:  # a Numba without this layout, or no cache: say nothing
        return True


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
    """
    if not cold_kernels(modules):
        return False
    print(
        f"tilewright: compiling {what} once, about {seconds:.0f} s "
        "(later runs start at once; `tilewright warm` compiles every kernel ahead)",
        file=sys.stderr,
        flush=True,
    )
    return True
