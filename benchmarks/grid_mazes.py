"""Mazes on every grid beside the square grid, in one run.

Run from the repository root:

    python benchmarks/grid_mazes.py [--cells 1000000] [--repeat 5] [--only hex,polar]

What it measures, and why
-------------------------
1. Speed, in cells per second, of backtracker, kruskal and wilson on grids of about
   ``--cells`` cells: the square grid (``generate(n, n, ...)``, the compiled square path,
   the reference), hexagons n × n, triangles n × n, a polar grid with about as many cells
   (rings chosen from ``polar_ring_counts``), upsilon octagons and squares, and a Spectre
   patch of about as many tiles (a region of ``cells × TILE_AREA`` square tile edges). On
   the polygon grids the time is ``spanning_tree(grid.graph, ...)`` on a grid built
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


def grid_builders(cells: int) -> dict:
    """Each grid kind: a function building a grid of about ``cells`` cells."""
    from tilewright.aperiodic.maze_grid import spectre_grid
    from tilewright.aperiodic.patch import TILE_AREA
    from tilewright.core.grids import (
        hex_grid,
        polar_grid,
        polar_ring_counts,
        triangle_grid,
        upsilon_grid,
    )
    from tilewright.core.polygon_grid import PolygonGrid

    def ready(grid: PolygonGrid) -> PolygonGrid:
        grid.graph.kernel_graph()
        assert grid.graph.connected
        return grid

    n = math.isqrt(cells)
    rings = 1
    while sum(polar_ring_counts(rings)) < cells:
        rings += 1
    # an upsilon grid of w × w octagons has about 2 w² cells (as many squares between them)
    octagons = math.isqrt(cells // 2)
    side = math.sqrt(cells * TILE_AREA)
    return {
        "hex": lambda: ready(hex_grid(n, n)),
        "triangle": lambda: ready(triangle_grid(n, n)),
        "polar": lambda: ready(polar_grid(rings)),
        "upsilon": lambda: ready(upsilon_grid(octagons, octagons)),
        "spectre": lambda: ready(spectre_grid(side, side, seed=1)),
    }


def small_builders() -> dict:
    """The same kinds, tiny: to compile every kernel before timing."""
    from tilewright.aperiodic.maze_grid import spectre_grid
    from tilewright.core.grids import hex_grid, polar_grid, triangle_grid, upsilon_grid

    return {
        "hex": lambda: hex_grid(5, 5),
        "triangle": lambda: triangle_grid(5, 5),
        "polar": lambda: polar_grid(3),
        "upsilon": lambda: upsilon_grid(3, 3),
        "spectre": lambda: spectre_grid(10, 10, seed=1),
    }


def speeds(cells: int, repeat: int, only: list[str]) -> None:
    from tilewright.mazes import generate, spanning_tree

    n = math.isqrt(cells)
    small = small_builders()
    rows = [None]  # the square's row, filled in last
    square_best = dict.fromkeys(ALGORITHMS, math.inf)
    for kind, build in grid_builders(cells).items():
        if only and kind not in only:
            continue
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
    grid = grid_builders({cells})[kind]()
    spanning_tree(grid.graph, "wilson", seed=1)
    count = grid.graph.num_cells
print(count, high_water() - base)
"""


def memory(cells: int, only: list[str]) -> None:
    # every kernel in the cache first: a child that compiled would peak while compiling
    subprocess.run(["tilewright", "warm", "mazes", "aperiodic"], check=True, capture_output=True)
    folder = os.path.dirname(os.path.abspath(__file__))
    rows = []
    for kind in ("square", "hex", "triangle", "polar", "upsilon", "spectre"):
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
    from tilewright.aperiodic.patch import TILE_AREA

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
