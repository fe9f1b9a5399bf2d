"""When ``tilewright dataset mazes --workers N`` pays off against one process.

Run from the repository root:

    python benchmarks/dask_crossover.py [--sizes 15,100] [--counts 1000,10000,100000,200000]
        [--workers 2] [--repeat 3] [--budget 120]

What it measures, and why
-------------------------
The whole command, as a user runs it (a process of its own: Python, the imports, the
seed, and with ``--workers`` the start of a local Dask cluster, the parts made and
written, the cluster stopped), for each maze size and count, three ways:

* one process (the default ``--part-size``, 100,000);
* ``--workers N`` with the default ``--part-size``: a count of at most 100,000 is one
  part, which one worker makes while the others wait;
* ``--workers N`` with ``--part-size`` a quarter of ``count / N`` (four parts a worker),
  so that every worker has work.

Wall seconds, the best of ``--repeat`` runs taken in turns (the machine may be busy with
other work: the best run is the one least disturbed), after one untimed run that fills
Numba's cache. ``x 1 process`` is ``speedup(one process, workers)``: above 1, the workers
were faster. A count whose one-process run is estimated past ``--budget`` seconds (from
the counts before it) is skipped.
"""

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from _harness import environment, int_list, print_table, speedup

# the command's own default (tilewright.datasets.PART_SIZE), named here for the table
DEFAULT_PART_SIZE = 100_000


def command(size: int, count: int, output: str, extra: tuple[str, ...]) -> list[str]:
    tilewright = os.path.join(os.path.dirname(sys.executable), "tilewright")
    maze = f"{size}x{size}"
    return [
        tilewright,
        "dataset",
        "mazes",
        maze,
        "--count",
        str(count),
        "-s",
        "1",
        "-o",
        output,
        *extra,
    ]


def wall_seconds(arguments: list[str], output: str) -> float:
    """One run of the command, its output folder removed first."""
    shutil.rmtree(output, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def ways(count: int, workers: int) -> dict[str, tuple[str, ...]]:
    split = max(1, count // (4 * workers))
    return {
        "1 process": (),
        f"{workers} workers": ("--workers", str(workers)),
        f"{workers} workers, parts of {split:,}": (
            "--workers",
            str(workers),
            "--part-size",
            str(split),
        ),
    }


def measure(size: int, count: int, workers: int, repeat: int, folder: str) -> dict[str, float]:
    """The best wall seconds of each way, runs taken in turns."""
    output = os.path.join(folder, "d")
    chosen = ways(count, workers)
    best = dict.fromkeys(chosen, math.inf)
    for _ in range(max(1, repeat)):
        for label, extra in chosen.items():
            seconds = wall_seconds(command(size, count, output, extra), output)
            best[label] = min(best[label], seconds)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int_list, default=[15, 100])
    parser.add_argument("--counts", type=int_list, default=[1_000, 10_000, 100_000, 200_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--budget", type=float, default=120.0, help="seconds, one process")
    args = parser.parse_args()
    print(environment())
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    folder = tempfile.mkdtemp(prefix="tilewright-crossover-")
    try:
        for size in args.sizes:
            output = os.path.join(folder, "warm")
            wall_seconds(command(size, 100, output, ()), output)  # the kernels compiled
            rows = []
            rate = None
            for count in args.counts:
                if rate is not None and count / rate > args.budget:
                    rows.append([f"{count:,}", f"skipped: est. {count / rate:.0f} s"])
                    continue
                best = measure(size, count, args.workers, args.repeat, folder)
                one = best["1 process"]
                rate = count / one
                row = [f"{count:,}", f"{one:.1f}"]
                for label, seconds in best.items():
                    if label != "1 process":
                        row += [f"{seconds:.1f}", speedup(one, seconds)]
                rows.append(row)
            print_table(
                f"tilewright dataset mazes {size}x{size}: wall seconds, best of {args.repeat}",
                [
                    "count",
                    "1 process",
                    f"{args.workers} workers",
                    "x 1 process",
                    "parts a quarter of count/workers",
                    "x 1 process",
                ],
                rows,
            )
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
