"""Compiled kernels: saying so when a first run must compile them, and compiling ahead.

Numba compiles each kernel on its first call and caches the machine code on disk, so only
a machine's first run pays (seconds to tens of seconds); without a word, that first run
looks hung. ``announce_if_cold`` prints one line, once a command, when the kernels a
command is about to use are not in the cache yet, with how long compiling them takes: the
sum, from a table of measured compile times (``_compile_seconds``, written by
``tools/measure_compile_times.py``), of every kernel the command compiles, callees
included, that is not cached. Numba compiles one kernel at a time in a process, so
``compile_aside`` hands kernels that share no compiled code with the rest to a helper
process on the second core. ``tilewright warm`` calls each family's ``warm()`` to fill the
cache ahead, for images and CI.
"""

import importlib
import os
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
# said once a command: one that compiles in several steps says it all at once
_announced = False
# helper processes compiling beside this one (compile_aside), stopped when the run ends
_helpers: list[Any] = []  # subprocess.Popen, imported only to start one
# a helper's own start before it compiles: the interpreter, NumPy and Numba imported
HELPER_START_SECONDS = 0.5


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


def is_cached(kernel) -> bool:
    """Whether Numba's cache holds the compiled ``kernel`` (a cached dispatcher) for its
    current source."""
    return _cache_state(kernel) is True


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


def compile_seconds(kernels: Iterable[str], done: Iterable[str] = ()) -> float:
    """About how long compiling ``kernels`` takes from nothing, on a two-core machine.

    The measured seconds (``_compile_seconds``) of ``kernels`` and of every kernel they
    call that is not cached yet, plus Numba's own start-up on a first compile. A kernel
    the table does not know (one made since it was measured) counts as nothing.

    Parameters
    ----------
    kernels : iterable of str
        Kernels to compile, by module and name (``"tilewright.mazes._walk_kernels.wilson"``),
        as ``cold_kernels`` names them.
    done : iterable of str, optional
        Callees counted as cached: another process compiles them first.

    Returns
    -------
    float

    Examples
    --------
    >>> compile_seconds([])
    0.0
    """
    from tilewright.core._compile_seconds import CALLEES, KERNEL_SECONDS, STARTUP_SECONDS

    todo = list(kernels)
    seen = set(todo) | set(done)
    if not todo:
        return 0.0
    total = STARTUP_SECONDS
    while todo:
        name = todo.pop()
        total += KERNEL_SECONDS.get(name, 0.0)
        for callee in CALLEES.get(name, ()):
            if callee not in seen:
                seen.add(callee)
                if not _is_cached(callee):
                    todo.append(callee)
    return total


def _is_cached(name: str) -> bool:
    # a kernel made inside a function has no name to find it by: it is compiled with
    # the kernel that calls it, so counts as uncached when that one is
    module, _, attribute = name.rpartition(".")
    found = sys.modules.get(module)
    dispatcher = getattr(found, attribute, None) if found is not None else None
    return dispatcher is not None and is_cached(dispatcher)


def new_command() -> None:
    """Let the next ``announce_if_cold`` speak again: a new command starts (the command
    line calls this, for the many commands a test runs in one process)."""
    global _announced
    _announced = False


def announce_if_cold(
    what: str,
    modules: Iterable[str | ModuleType],
    aside: tuple[str, Iterable[str]] | None = None,
    seconds: float | None = None,
) -> bool:
    """Print one line on stderr when ``modules`` have kernels still to compile, saying
    about how long that takes (see ``compile_seconds``); once a command.

    Parameters
    ----------
    what : str
        What is compiled, for the message ("the maze kernels").
    modules : iterable of str or module
        The kernel modules the command is about to use, or views of them holding only the
        kernels it calls: every one, for a command that compiles in several steps, since
        a second call prints nothing.
    aside : (str, iterable of str), optional
        A warmer for :func:`compile_aside` and the kernel modules it compiles, among
        ``modules``: when they are cold too and a core is idle, a helper compiles them
        beside this process, and the line counts the longer of the two shares.
    seconds : float, optional
        The compile time to announce, for a command that plans its own compiling (the
        Rectangles generator's two shares, which wait for each other): instead of the sum.

    Returns
    -------
    bool
        Whether the line was printed.

    Raises
    ------
    TilewrightError
        When ``ulimit -v`` leaves too little address space to compile them.
    """
    global _announced
    cold = cold_kernels(modules)
    if not cold or _announced:
        return False
    _announced = True
    check_address_space(COMPILING_BYTES, f"compiling {what}")
    if seconds is None:
        seconds = compile_seconds(cold)
    if aside is not None:
        warmer, aside_modules = aside
        beside = cold_kernels(aside_modules)
        if beside and compile_aside(warmer):
            here = [name for name in cold if name not in beside]
            seconds = max(compile_seconds(here), HELPER_START_SECONDS + compile_seconds(beside))
    # tenths below two seconds: "about 1 s" for a compile of 0.4 s would be off twice over
    shown = f"{seconds:.1f}" if seconds < 2 else f"{seconds:.0f}"
    print(
        f"tilewright: compiling {what} once, about {shown} s "
        "(later runs start at once; `tilewright warm` compiles every kernel ahead)",
        file=sys.stderr,
        flush=True,
    )
    return True


def compile_aside(*warmers: str) -> bool:
    """Compile, in a helper process on an idle core, the kernels that ``warmers`` compile,
    while this process compiles the others it needs.

    For a first run only (``announce_if_cold`` said so), and for kernels that share no
    compiled code with this process's: each is then cached by the time this process calls
    it, and loaded rather than compiled. One this process reaches first it compiles itself,
    as it would have without the helper, which :func:`end_helpers` then stops.

    Parameters
    ----------
    warmers : str
        ``"module:function"``: functions of no arguments, each compiling a few kernels by
        calling them on tiny inputs of the real argument types.

    Returns
    -------
    bool
        Whether a helper was started: not with one core, nor on a machine whose other
        cores are busy (a helper would only slow this process down).
    """
    if not warmers or not idle_core():
        return False
    import subprocess

    _helpers.append(
        subprocess.Popen(
            [sys.executable, "-m", __name__, *warmers],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    )
    return True


def end_helpers() -> None:
    """Stop the helpers of :func:`compile_aside` still compiling: this run needs them no
    more (Numba writes each cache entry whole, so none is left half-written)."""
    while _helpers:
        helper = _helpers.pop()
        if helper.poll() is None:
            helper.kill()
            helper.wait()


def idle_core() -> bool:
    """Whether this machine has a core that nothing else keeps busy: more than one core,
    and other processes keeping less than the cores less one, plus a half, busy.

    Measured over ``IDLE_SAMPLE_SECONDS`` from the processor times of ``/proc/stat``, not
    by the load average: that is a minute's average, so a first run made soon after
    another (or after an install) found the machine busy with work that had ended, and
    compiled alone. Where ``/proc/stat`` cannot be read, the load average decides.
    """
    cores = os.cpu_count() or 1
    if cores < 2:
        return False
    busy = _busy_cores()
    if busy is None:
        busy = os.getloadavg()[0]
    return busy < cores - 1 + 0.5


# how long idle_core watches the processors: a cold run's compile takes seconds
IDLE_SAMPLE_SECONDS = 0.05


def _busy_cores() -> float | None:
    # the cores' worth of time spent other than idle or waiting on disk while this process
    # sleeps; None without Linux's /proc/stat
    import time

    try:
        before = _cpu_times()
        time.sleep(IDLE_SAMPLE_SECONDS)
        after = _cpu_times()
    except (OSError, ValueError, IndexError):
        return None
    spent = [now - then for now, then in zip(after, before, strict=True)]
    total = sum(spent)
    if total <= 0:
        return None
    idle = spent[3] + spent[4]  # idle and iowait
    return (total - idle) / total * (os.cpu_count() or 1)


def _cpu_times() -> list[int]:
    # the machine's processor times (user, nice, system, idle, iowait, ...), in ticks
    with open("/proc/stat") as stat:
        fields = stat.readline().split()
    if fields[0] != "cpu":
        raise ValueError("no cpu line in /proc/stat")
    return [int(field) for field in fields[1:]]


if __name__ == "__main__":  # python -m tilewright.core.compilation MODULE:FUNCTION ...
    for warmer in sys.argv[1:]:
        module_name, _, function = warmer.partition(":")
        getattr(importlib.import_module(module_name), function)()
