"""What the benchmark scripts share: timing, peak memory, estimates, tables and ratios.

The scripts import it as ``_harness``: run as ``python benchmarks/<name>.py``, a script's
own folder is first on ``sys.path``.

Conventions, the same in every script:

* A time is ``time.perf_counter`` around the call, and a figure is the best of N runs.
  A run longer than ``no_repeat_over`` seconds is not repeated: one slow run is figure
  enough, and repeating it would cost minutes.
* A ratio is always ``speedup(peer_seconds, tilewright_seconds)``: how many times faster
  tilewright is than the peer at the same work; above 1, tilewright is faster.
* A table is ``print_table(title, headers, rows)``: the first column left-aligned, the
  others right-aligned.
"""

import math
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np


class Best(NamedTuple):
    """The best of several timed runs of one call."""

    seconds: float
    """The shortest run, in seconds."""
    result: Any
    """What the last run returned."""
    peak: int
    """The largest traced memory peak of a run, in bytes (0 when not traced)."""


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds one call of ``call()`` takes, and what it returned."""
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def best_of(
    call: Callable[[], Any],
    repeat: int,
    no_repeat_over: float = math.inf,
    setup: Callable[[int], object] | None = None,
    trace: bool = False,
) -> Best:
    """Time ``call()`` up to ``repeat`` times and keep the shortest run.

    ``setup(i)``, if given, runs untimed before run ``i`` (0, 1, ...), for instance to
    seed a peer's random generator. With ``trace``, each run is timed with tracemalloc
    on (it slows Python code several times over, compiled code hardly) and its peak
    traced memory is kept. A run longer than ``no_repeat_over`` seconds ends the series.
    """
    best, result, peak = math.inf, None, 0
    for i in range(max(1, repeat)):
        result = None  # let the previous result go before making the next
        if setup is not None:
            setup(i)
        if trace:
            tracemalloc.start()
        elapsed, result = timed(call)
        if trace:
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        best = min(best, elapsed)
        if elapsed > no_repeat_over:
            break
    return Best(best, result, peak)


def max_rss() -> int:
    """This process's peak resident memory so far, in bytes."""
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss is in KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale


class Skipped:
    """A measurement left out because its estimated time is over the budget."""

    def __init__(self, estimate: float):
        self.estimate = estimate

    def __str__(self) -> str:
        return f"skipped: est. {self.estimate:.0f}s"


def estimate_seconds(points: Sequence[tuple[int, float]], n: int, exponent: float) -> float:
    """Seconds an n x n run would take, from measured ``(n, seconds)`` points, smallest first.

    The time is taken to grow as cells ** k. k comes from the last two points, clamped to
    1..3, when both are long enough to measure and the time grew; otherwise ``exponent``.
    """
    n1, t1 = points[-1]
    k = exponent
    if len(points) >= 2:
        n0, t0 = points[-2]
        if t0 > 1e-4 and t1 > t0:
            k = min(3.0, max(1.0, float(np.log(t1 / t0) / np.log((n1 / n0) ** 2))))
    return t1 * ((n / n1) ** 2) ** k


def speedup(peer_seconds: object, tilewright_seconds: object) -> str:
    """How many times faster tilewright is than a peer at the same work, as text.

    Pass seconds for the same work, or seconds per unit of work (1 / rate) when the two
    did different amounts. ``"-"`` when either is not a measured time (missing, skipped).
    """
    measured = (int, float, np.floating)
    if not (isinstance(peer_seconds, measured) and isinstance(tilewright_seconds, measured)):
        return "-"
    if tilewright_seconds <= 0:
        return "-"
    times = float(peer_seconds) / float(tilewright_seconds)
    if times >= 100:
        return f"{times:,.0f}x"
    return f"{times:.1f}x" if times >= 10 else f"{times:.2f}x"


def print_table(title: str, headers: Sequence[object], rows: Sequence[Sequence[object]]) -> None:
    """Print ``=== title ===`` and the rows in columns under the headers."""
    print(f"\n=== {title} ===")
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[object]) -> str:
        return "  ".join(
            f"{x!s:<{w}}" if i == 0 else f"{x!s:>{w}}"
            for i, (x, w) in enumerate(zip(cells, widths, strict=True))
        )

    print(line(headers))
    print("-" * len(line(headers)))
    for row in rows:
        print(line(row))
    sys.stdout.flush()


def missing_peer(peer: str, error: BaseException, left_out: str, install: str = "") -> str:
    """The one line that says a peer is skipped because it cannot be imported.

    ``left_out`` says what the output lacks, ``install`` how to get the peer.
    """
    hint = f"; to install: {install}" if install else ""
    return f"note: {peer} is not importable ({error}): {left_out}{hint}"


def int_list(text: str) -> list[int]:
    """Comma-separated whole numbers, for argparse: ``"1000,4000"`` -> ``[1000, 4000]``."""
    return [int(x) for x in text.split(",") if x]


def environment() -> str:
    """Python, numpy and tilewright versions, for the first line of a run."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        tilewright = version("tilewright")
    except PackageNotFoundError:
        tilewright = "not installed"
    return f"python {sys.version.split()[0]}, numpy {np.__version__}, tilewright {tilewright}"


# the distances a far-region table covers, and those where walking from the centre ends in
# seconds (it grows with the distance: the table's point)
FAR_DISTANCES = (0.0, 1e3, 1e5, 1e6, 1e9, 1e12, 1e15)
CENTRE_WALK_DISTANCES = (0.0, 1e3, 1e5, 1e6)


def far_table(title: str, items: str, seconds: Callable[[float, bool], tuple[float, int]]) -> None:
    """Print how long one region takes as it moves out to (D, -D): ``seconds(D, walked)``
    gives the best wall seconds and the count of ``items``, started as tilewright starts it
    (through the hierarchy past its ``NEAR``) or (``walked``) walked to from the centre, as
    before the hierarchy."""
    print(f"\n{title} (best wall ms of the repeats):")
    print(f"| D | {items} | tilewright, ms | walked from the centre, ms |")
    print("|---|---|---|---|")
    for distance in FAR_DISTANCES:
        best, count = seconds(distance, False)
        walked = "-"
        if distance in CENTRE_WALK_DISTANCES:
            walked = f"{seconds(distance, True)[0] * 1000:.1f}"
        print(f"| {distance:g} | {count} | {best * 1000:.1f} | {walked} |")


def whole_process(command: Sequence[str], repeat: int) -> tuple[float, float, int, int]:
    """``command`` run as a whole process, its standard output read and counted, the best of
    ``repeat`` runs after one untimed run (which fills Numba's cache, if need be): (CPU
    seconds, user and system from the process's own accounting through ``wait4``; wall
    seconds; lines and bytes it wrote)."""
    import os
    import subprocess

    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    best_cpu = best_wall = math.inf
    lines = size = 0
    for _ in range(max(1, repeat)):
        lines = size = 0
        started = time.perf_counter()
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert run.stdout is not None
        while piece := run.stdout.read(1 << 20):
            lines += piece.count(b"\n")
            size += len(piece)
        _, status, usage = os.wait4(run.pid, 0)
        best_wall = min(best_wall, time.perf_counter() - started)
        run.returncode = os.waitstatus_to_exitcode(status)
        if run.returncode:
            raise subprocess.CalledProcessError(run.returncode, command)
        best_cpu = min(best_cpu, usage.ru_utime + usage.ru_stime)
    return best_cpu, best_wall, lines, size
