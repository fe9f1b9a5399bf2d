"""Mazes on every grid beside the square grid, in one run.

Run from the repository root:

    python benchmarks/grid_mazes.py [--cells 1000000] [--repeat 5] [--only hex,polar]

What it measures, and why
-------------------------
1. Speed, in cells per second, of backtracker, kruskal and wilson on grids of about
   ``--cells`` cells: the square grid (``generate(n, n, ...)``, the compiled square path,
   the reference), and every other grid ``tilewright maze --grid`` offers
   (``tilewright.registry.grid_kinds``: hexagons, triangles, polar rings, octagons, the
   puzzle collection's periodic grids, the Spectre and hat patches and the collection's
   Spectre, hat and Penrose grids), each at the square size (or radius) that makes about
   as many cells, scaled from a build at 30 × 30 (radius 10), aperiodic ones with seed 1.
   On the polygon grids the time is ``spanning_tree(grid.graph, ...)`` on a grid built
   beforehand; the build is printed apart ("build s"): the grid, and what its cell graph
   makes once on first use and keeps (the neighbour table kernels read, the connectivity
   check). The ratio column is
   ``speedup(square seconds per cell, grid seconds per cell)``: above 0.5 meets the goal
   of at least half the square grid's speed for the same algorithm. Each figure is the
   best of ``--repeat`` runs (seeds 0, 1, ...) after one warm-up call on a small grid of the
   same kind (so Numba compilation is never counted); the square and the grid run in turn,
   and each ratio compares the two series run beside each other (the square's row shows
   its best over all of them).

2. Memory per cell: for each grid, a fresh process builds the grid and makes one wilson
   maze on it; its peak resident memory minus its peak before (tilewright imported, every
   kernel loaded from a warm cache), divided by the cells.

3. The Spectre maze end to end, as a user runs it: ``tilewright maze WxH --grid spectre
   -a wilson -o maze.svg`` for about ``--cells`` tiles, wall time and output size (goal:
   under 30 s for 10⁶ tiles).
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

from _harness import best_of, environment, print_table, speedup, timed

ALGORITHMS = ("backtracker", "kruskal", "wilson")


# the size each grid is first built at, to learn how many cells a size makes
PROBE_SIDE, PROBE_RADIUS = 30, 10


def grid_builders(cells: int, only: list[str] | None = None) -> dict:
    """Each grid ``tilewright maze --grid`` offers but the square (or those in ``only``):
    a function building it at the size that makes about ``cells`` cells (a square size,
    scaled from one probe build, as cells grow with the square of a side or radius),
    aperiodic grids with seed 1."""
    from tilewright.core.polygon_grid import PolygonGrid
    from tilewright.registry import grid_kinds

    def ready(grid: PolygonGrid) -> PolygonGrid:
        grid.graph.kernel_graph()
        assert grid.graph.connected
        return grid

    builders = {}
    for name, kind in grid_kinds().items():
        if name == "square" or (only and name not in only):
            continue
        probe = PROBE_SIDE if kind.numbers == 2 else PROBE_RADIUS
        probed = kind.build((probe,) * kind.numbers, seed=1).num_cells
        side = max(kind.smallest, 2, round(probe * math.sqrt(cells / probed)))
        builders[name] = lambda kind=kind, side=side: ready(
            kind.build((side,) * kind.numbers, seed=1)
        )
    return builders


def small_builders() -> dict:
    """The same kinds at their example sizes: to compile every kernel before timing."""
    from tilewright.registry import grid_kinds

    return {
        name: lambda kind=kind: kind.build(kind.example, seed=1)
        for name, kind in grid_kinds().items()
        if name != "square"
    }


def speeds(cells: int, repeat: int, only: list[str]) -> None:
    from tilewright.mazes import generate, spanning_tree

    n = math.isqrt(cells)
    small = small_builders()
    rows = [None]  # the square's row, filled in last
    square_best = dict.fromkeys(ALGORITHMS, math.inf)
    for kind, build in grid_builders(cells, only).items():
        built = best_of(build, 1)
        graph = built.result.graph
        count = graph.num_cells
        rates, ratios = [], []
        for algorithm in ALGORITHMS:
            generate(5, 5, algorithm, seed=1)
            spanning_tree(small[kind]().graph, algorithm, seed=1)
            # the square and the grid in turn, run by run: this machine's speed drifts by
            # a fifth from minute to minute, and alternating lets both see the same drift
            square_s = grid_s = math.inf
            for run in range(repeat):
                square_s = min(
                    square_s, timed(lambda a=algorithm, s=run: generate(n, n, a, seed=s))[0]
                )
                grid_s = min(
                    grid_s,
                    timed(lambda a=algorithm, s=run, g=graph: spanning_tree(g, a, seed=s))[0],
                )
            square_s /= n * n
            grid_s /= count
            square_best[algorithm] = min(square_best[algorithm], square_s)
            rates.append(f"{1 / grid_s / 1e6:.2f}M")
            ratios.append(speedup(square_s, grid_s))
        rows.append([kind, f"{count:,}", f"{built.seconds:.2f}", *rates, *ratios])
        del built, graph
    rows[0] = (
        ["square", f"{n * n:,}", "-"]
        + [f"{1 / square_best[a] / 1e6:.2f}M" for a in ALGORITHMS]
        + ["1.00x"] * len(ALGORITHMS)
    )
    headers = ["grid", "cells", "build s"]
    headers += [f"{a} cells/s" for a in ALGORITHMS] + [f"{a} vs square" for a in ALGORITHMS]
    print_table(f"Generation speed, about {cells:,} cells", headers, rows)


_MEMORY_CHILD = """
import sys
from tilewright.mazes import generate, spanning_tree
sys.path.insert(0, {folder!r})
from grid_mazes import grid_builders, small_builders


def high_water():
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024


generate(5, 5, "wilson", seed=1)
kind = {kind!r}
if kind != "square":
    spanning_tree(small_builders()[kind]().graph, "wilson", seed=1)
base = high_water()
if kind == "square":
    import math
    n = math.isqrt({cells})
    generate(n, n, "wilson", seed=1)
    count = n * n
else:
    grid = grid_builders({cells}, [kind])[kind]()
    spanning_tree(grid.graph, "wilson", seed=1)
    count = grid.graph.num_cells
print(count, high_water() - base)
"""


def memory(cells: int, only: list[str]) -> None:
    # every kernel in the cache first: a child that compiled would peak while compiling
    subprocess.run(["tilewright", "warm", "mazes", "aperiodic"], check=True, capture_output=True)
    folder = os.path.dirname(os.path.abspath(__file__))
    rows = []
    for kind in ("square", *small_builders()):
        if only and kind not in only and kind != "square":
            continue
        code = _MEMORY_CHILD.format(folder=folder, kind=kind, cells=cells)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if done.returncode != 0:
            rows.append([kind, "-", "-", done.stderr.strip().splitlines()[-1][:60]])
            continue
        count, grew = (int(x) for x in done.stdout.split())
        rows.append([kind, f"{count:,}", f"{grew / 2**20:.0f}", f"{grew / count:.0f}"])
    print_table(
        "Memory of a grid and one wilson maze on it (peak RSS growth)",
        ["grid", "cells", "MiB", "bytes/cell"],
        rows,
    )


def spectre_end_to_end(cells: int) -> None:
    from tilewright.aperiodic.spectre.patch import TILE_AREA

    side = math.isqrt(round(cells * TILE_AREA))
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "spectre.svg")
        options = ["--grid", "spectre", "-a", "wilson", "-s", "1"]
        warm = os.path.join(folder, "warm.svg")
        subprocess.run(["tilewright", "maze", "10x10", *options, "-o", warm], check=True)
        command = ["tilewright", "maze", f"{side}x{side}", *options, "-o", out]
        start = time.perf_counter()
        subprocess.run(command, check=True)
        seconds = time.perf_counter() - start
        size = os.path.getsize(out)
    print_table(
        "Spectre maze, generated and drawn (the command line, warm kernels)",
        ["command", "seconds", "SVG MB"],
        [[" ".join(command[1:-1]) + " spectre.svg", f"{seconds:.1f}", f"{size / 1e6:.1f}"]],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cells", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", default="", help="grids to run, comma-separated")
    args = parser.parse_args()
    only = [x for x in args.only.split(",") if x]
    print(environment())
    speeds(args.cells, args.repeat, only)
    memory(args.cells, only)
    if not only or "spectre" in only:
        spectre_end_to_end(args.cells)


if __name__ == "__main__":
    main()
