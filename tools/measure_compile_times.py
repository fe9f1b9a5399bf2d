"""Measure how long each compiled kernel takes to compile, and write the table the first-run
notice reads (``src/tilewright/core/_compile_seconds.py``).

Run from the repository root after a change to the kernels, on an otherwise idle machine:

    python tools/measure_compile_times.py
    python tools/measure_compile_times.py --only rectangles   # one family's rows anew

Each family's ``warm()`` runs in a fresh process with an empty Numba cache
(``NUMBA_CACHE_DIR`` in a new temporary folder), listening to Numba's ``numba:compile``
events. A kernel's figure is the processor time of its own compile, less the time of the
cached kernels it compiled on the way (those have figures of their own), averaged over
the argument types it was compiled for; what a kernel calls, found both from the events'
nesting and from the names its code uses, goes in the table too, so that the notice can add
up everything a command compiles. Numba's own first-compile start-up (its typing tables,
LLVM) is measured on a one-line function before anything else.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

FAMILIES = ("mazes", "rectangles", "tromino", "aperiodic", "loopy", "datasets")
TABLE = Path(__file__).resolve().parent.parent / "src/tilewright/core/_compile_seconds.py"
# the datasets' own kernels, which no family's warm() compiles
_DATASET_KERNELS = (
    "tilewright.datasets._key_kernels",
    "tilewright.datasets._endpoint_kernels",
)


def main(families: tuple[str, ...] = FAMILIES) -> None:
    startup: list[float] = []
    seconds: dict[str, float] = {}
    callees: dict[str, set[str]] = {}
    shared: set[str] = set()
    for family in families:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache}
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, __file__, "--family", family],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            print(f"{family:<11} {time.perf_counter() - started:6.1f} s", file=sys.stderr)
        found = json.loads(done.stdout)
        startup.append(found["startup"])
        for name, value in found["seconds"].items():
            seconds.setdefault(name, value)
        for name, called in found["callees"].items():
            callees.setdefault(name, set()).update(called)
        shared.update(found["shared"])
    for name in shared:  # a command names their callees itself (see _measure)
        callees.pop(name, None)
    if families != FAMILIES:
        # the other families' rows, and the shared ones (core's), stay as last measured:
        # a change to one family's kernels re-measures that family alone, on a machine
        # whose load may differ from the last full run's
        from tilewright.core import _compile_seconds as table

        prefixes = tuple(f"tilewright.{family}." for family in families)
        seconds = {
            **_starting(table.KERNEL_SECONDS, prefixes, False),
            **_starting(seconds, prefixes),
        }
        kept = _starting(table.CALLEES, prefixes, False)
        callees = {**{name: set(c) for name, c in kept.items()}, **_starting(callees, prefixes)}
        startup = [table.STARTUP_SECONDS]
    _write_table(min(startup), seconds, callees)
    print(f"wrote {TABLE}", file=sys.stderr)


def _starting(table: dict, prefixes: tuple[str, ...], starting: bool = True) -> dict:
    # the entries of ``table`` whose kernel's name starts with one of ``prefixes`` (or,
    # with ``starting`` false, does not)
    return {name: value for name, value in table.items() if name.startswith(prefixes) == starting}


def _write_table(startup: float, seconds: dict[str, float], callees: dict[str, set[str]]) -> None:
    lines = [
        '"""Seconds each cached kernel takes to compile, and the kernels each one calls.',
        "",
        "Written by ``python tools/measure_compile_times.py`` (see there how it measures): do",
        "not edit by hand, run it again after a change to the kernels. Processor seconds on",
        "the project's two-core machine, each family's kernels compiled in a fresh process",
        "from an empty cache.",
        '"""',
        "",
        "# Numba's own start-up on a process's first compile (typing tables, LLVM)",
        f"STARTUP_SECONDS = {startup:.2f}",
        "# each kernel's own compile, less the cached kernels it compiles on the way",
        "KERNEL_SECONDS = {",
        *(f'    "{name}": {value:.2f},' for name, value in sorted(seconds.items())),
        "}",
        "# the cached kernels each kernel calls (and so compiles first, unless cached)",
        "CALLEES = {",
    ]
    for name, called in sorted(callees.items()):
        if called:
            lines += [f'    "{name}": (', *(f'        "{c}",' for c in sorted(called)), "    ),"]
    lines += ["}", ""]
    TABLE.write_text("\n".join(lines))
    # the project's formatter, so that the style check passes on the file as written
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(TABLE)], check=False)


def _measure(family: str) -> dict:
    """One family's figures, in this process (which must have an empty cache)."""
    import importlib

    from numba import njit
    from numba.core import event

    started = time.process_time()
    njit(lambda x: x + 1)(1)
    startup = time.process_time() - started

    # each compile under way: [name, started, seconds of the cached kernels compiled on
    # the way, their names]
    stack: list[list] = []
    totals: dict[str, list[float]] = {}
    callees: dict[str, set[str]] = {}
    kernels: dict[str, set] = {}  # the dispatchers of each name

    class Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            stack.append([_name(ev.data["dispatcher"]), time.process_time(), 0.0, set()])

        def on_end(self, ev: event.Event) -> None:
            name, began, children, called = stack.pop()
            took = time.process_time() - began
            dispatcher = ev.data["dispatcher"]
            if not _is_cached(dispatcher):
                # an uncached helper (an overload, inlined): its own time counts in its
                # caller's, and the cached kernels it compiled count as its caller's callees
                if stack:
                    stack[-1][2] += children
                    stack[-1][3] |= called
                return
            kernels.setdefault(name, set()).add(dispatcher)
            totals.setdefault(name, []).append(took - children)
            callees.setdefault(name, set()).update(called)
            if stack:
                stack[-1][2] += took
                stack[-1][3].add(name)

    with event.install_listener("numba:compile", Listener()):
        if family == "datasets":
            _warm_datasets()
        else:
            importlib.import_module(f"tilewright.{family}.warm").warm()
    seconds = {name: sum(values) / len(values) for name, values in totals.items()}
    # kernels made inside a function (the maze batches, one an algorithm) share a name,
    # but each calls its own kernels: main() leaves their callees out
    shared = {name for name in kernels if "<locals>" in name}
    for name, made in kernels.items():
        if name not in shared:
            callees.setdefault(name, set()).update(_called(next(iter(made))))
    return {
        "startup": startup,
        "seconds": seconds,
        "callees": {name: sorted(called) for name, called in callees.items()},
        "shared": sorted(shared),
    }


def _warm_datasets() -> None:
    # the datasets' own kernels: random endpoints, and the keys of --unique
    import numpy as np

    from tilewright.datasets import MazeConfig, row_keys

    config = MazeConfig(3, 3, "binary-tree", endpoints="random")
    table = config.rows(1, np.arange(2), np.zeros(2, dtype=np.int64))
    row_keys(table, ("connections",))


def _name(dispatcher) -> str:
    function = dispatcher.py_func
    return f"{function.__module__}.{function.__qualname__}"


def _is_cached(dispatcher) -> bool:
    from numba.core.caching import NullCache

    cache = getattr(dispatcher, "_cache", None)
    return cache is not None and not isinstance(cache, NullCache)


def _called(kernel) -> set[str]:
    """The cached kernels ``kernel``'s code refers to by a global name or from its closure
    (a callee compiled earlier in the same process leaves no nested event)."""
    from numba.core.registry import CPUDispatcher

    function = kernel.py_func
    names: set[str] = set()
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    values = [function.__globals__.get(word) for word in names]
    values += [cell.cell_contents for cell in function.__closure__ or ()]
    found = {
        _name(value)
        for value in values
        if isinstance(value, CPUDispatcher) and _is_cached(value) and value is not kernel
    }
    return found


if __name__ == "__main__":
    if sys.argv[1:2] == ["--family"]:
        print(json.dumps(_measure(sys.argv[2])))
    elif sys.argv[1:2] == ["--only"]:
        main(tuple(sys.argv[2].split(",")))
    else:
        main()
