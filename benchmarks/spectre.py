"""Spectre patch speed and memory: tilewright's breadth-first patch beside hat-amp's
substitution generators (PyPI) in one run, and the public C generator's quoted figure.

Run from the repository root:

    python benchmarks/spectre.py [--full] [--sizes 10000,100000] [--repeat 3] [--seed 1]

What it measures, and why
-------------------------
tilewright on a square of side sqrt(N * TILE_AREA), which holds about N tiles; tiles per
second, and memory, which grows with the patch (the search keeps every tile it has found),
so that bytes per tile decide how large a patch fits. Four ways of taking the patch:

* ``count``: ``generate(side, side, seed, method="bfs")``, every ``Tile`` consumed and counted;
* ``xy``: the same, each tile also turned into its 14 float vertices (``tile.place.xy()``),
  as a writer working tile by tile would;
* ``arrays``: ``patch_arrays`` alone, the compiled search and nothing else;
* ``chunks``: ``patch_arrays`` and every ``chunks`` block (ids and float vertices), what
  the ``tilewright spectre`` writers consume.

Peer: hat-amp (``pip install hat-amp``), which builds a whole supertile by substitution and
returns every polygon as a float array, all in memory: ``generate_tiling`` (hats, 13
vertices: not Spectres) and ``generate_spectre_tiling`` (Spectres, 14 vertices, the two
halves of a Mystic counted as two tiles). Its sizes are fixed by the level, so each target N
takes the level whose tile count is nearest N by ratio, and the table shows that count.
Without hat-amp its rows are skipped with a note. The public C generator's breadth-first
mode is not on the package index: its measured figure (55 k tiles/s at about 506 bytes a
tile) is quoted, not run.

The line walk (``spectre.stream``: band by band, memory flat) is timed alone at 10^5 and 10^6 tiles
(and 10^7 with ``--full``), alone and writing CSV and JSON Lines to a sink that only counts
lines, on one thread and on two (``--threads 2``): wall and CPU seconds (every thread's). With
``--reference PATH`` (the puzzle collection's ``auxiliary/spectre-test``, built from its
public source: ``cc -O2 -I. -o spectre-test auxiliary/spectre-test.c auxiliary/spectre-help.c
spectre.c random.c malloc.c misc.c tree234.c nullfe.c -lm`` in its source folder) the C line
walk writing its text (``--python``) to the null device runs in the same table, on a region
of as many tiles (its unit is a √2-th of an edge; at most 2000 units tall, as taller ones
abort), and the text rows get ratios against it per CPU-second and per second.

Far regions: a 10x10 region at (D, -D) for D from 0 to 10^15, written as CSV in this
process, its start tile found through the hierarchy, beside the walk from the centre (how
regions were reached before, and still are within ``spectre.patch.NEAR``) where that takes seconds.

Every run is made in a fresh process, after its imports and a small warm-up patch (which
compiles tilewright's kernels or loads them from the cache), so that one run's memory
cannot hide in another's. Speed comes from an untraced run (the best of ``--repeat``; a
run over 10 s is not repeated), with the growth of the process's peak resident memory
(ru_maxrss); the traced peak (tracemalloc, which slows Python code several times over)
from a second, separate run. 10^6 tiles runs only with ``--full``; without it, the time it
would take is estimated from the largest size run. Figures depend on the machine; none are
stored here.
"""

import argparse
import math
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _harness import (
    best_of,
    environment,
    far_table,
    int_list,
    max_rss,
    missing_peer,
    print_table,
    speedup,
    whole_process,
)

from tilewright.aperiodic import generate
from tilewright.aperiodic.spectre import patch
from tilewright.aperiodic.spectre.patch import TILE_AREA, chunks, patch_arrays
from tilewright.aperiodic.spectre.stream import line_walk
from tilewright.aperiodic.threaded import walked

try:
    from hat_amp import spectre as hat_amp_spectre
    from hat_amp import tiling as hat_amp_tiling

    HAT_AMP_MISSING = ""
except ImportError as error:
    hat_amp_spectre = hat_amp_tiling = None
    HAT_AMP_MISSING = missing_peer("hat-amp", error, "its rows are skipped", "pip install hat-amp")

FULL_SIZE = 10**6
NO_REPEAT_OVER = 10.0  # seconds: a longer timing run is not repeated
C_GENERATOR = ("public C generator (breadth-first)", 55_000, 506)  # tiles/s, bytes/tile
TILEWRIGHT = ("tilewright count", "tilewright xy", "tilewright arrays", "tilewright chunks")
THREADS = 2  # the line walk's threaded rows: both cores of the machine this was written on
LINE_RUNS = (
    "tilewright line",
    f"tilewright line, {THREADS} threads",
    "tilewright csv",
    f"tilewright csv, {THREADS} threads",
    "tilewright jsonl",
    f"tilewright jsonl, {THREADS} threads",
)
LINE_COLUMNS = ["tool", "tiles", "wall s", "CPU s", "tiles/CPU-s", "tiles/s", "x C CPU",
                "x C wall", "peak MiB"]  # fmt: skip
# The C line walk's unit: a tile edge is sqrt(2) of them, so a tile covers twice the area;
# and its region's height: taller ones abort (seed 12345: above 2111 units)
C_TILE_AREA = 2 * TILE_AREA
C_MAX_HEIGHT = 2000


def tilewright_count(square: tuple[float, int]) -> int:
    side, seed = square
    return sum(1 for _ in generate(side, side, seed, method="bfs"))


def tilewright_xy(square: tuple[float, int]) -> int:
    side, seed = square
    count = 0
    for tile in generate(side, side, seed, method="bfs"):
        tile.place.xy()
        count += 1
    return count


def tilewright_arrays(square: tuple[float, int]) -> int:
    side, seed = square
    return len(patch_arrays(side, side, seed)[1].turns)


def tilewright_chunks(square: tuple[float, int]) -> int:
    side, seed = square
    return sum(len(chunk) for chunk in chunks(*patch_arrays(side, side, seed)))


def tilewright_line(square: tuple[float, int]) -> int:
    side, seed = square
    return sum(len(chunk) for chunk in generate(side, side, seed).chunks())


def tilewright_line_threads(square: tuple[float, int]) -> int:
    """The line walk alone on ``THREADS`` threads."""
    side, seed = square
    return sum(walked(line_walk(side, side, seed), len, THREADS))


class LineCounter:
    """A sink that keeps nothing but the count of lines written to it."""

    def __init__(self) -> None:
        self.lines = 0

    def write(self, data: bytes) -> None:
        self.lines += data.count(b"\n")

    def writelines(self, pieces) -> None:
        for piece in pieces:
            self.write(piece)


def written_to_nowhere(fmt: str, threads: int) -> Callable[[tuple[float, int]], int]:
    """A run writing the line walk's ``fmt`` on ``threads`` threads to a sink that only
    counts its lines: what ``tilewright spectre -f FMT --threads N -o FILE`` costs, bar
    the disk."""

    def run(square: tuple[float, int]) -> int:
        side, seed = square
        sink = LineCounter()
        generate(side, side, seed).write(sink, fmt, threads=threads)  # type: ignore[arg-type]
        return sink.lines - (fmt == "csv")  # the header

    return run


def hat_amp_hats(level: int) -> int:
    return len(hat_amp_tiling.generate_tiling(level))


def hat_amp_spectres(level: int) -> int:
    return len(hat_amp_spectre.generate_spectre_tiling(level))


# row name: (function of one size parameter, that parameter for the warm-up)
RUNS: dict[str, tuple[Callable[[Any], int], object]] = {
    "tilewright count": (tilewright_count, (10.0, 1)),
    "tilewright xy": (tilewright_xy, (10.0, 1)),
    "tilewright arrays": (tilewright_arrays, (10.0, 1)),
    "tilewright chunks": (tilewright_chunks, (10.0, 1)),
    "tilewright line": (tilewright_line, (10.0, 1)),
    f"tilewright line, {THREADS} threads": (tilewright_line_threads, (10.0, 1)),
    "tilewright csv": (written_to_nowhere("csv", 1), (10.0, 1)),
    f"tilewright csv, {THREADS} threads": (written_to_nowhere("csv", THREADS), (10.0, 1)),
    "tilewright jsonl": (written_to_nowhere("jsonl", 1), (10.0, 1)),
    f"tilewright jsonl, {THREADS} threads": (written_to_nowhere("jsonl", THREADS), (10.0, 1)),
    "hat-amp hats": (hat_amp_hats, 2),
    "hat-amp Spectres": (hat_amp_spectres, 2),
}


def hat_count(level: int) -> int:
    """Hats in hat-amp's level-``level`` H supertile, counted on its symbolic tree."""
    tiles = hat_amp_tiling.initial_metatiles()
    for _ in range(level):
        tiles = hat_amp_tiling.inflate_metatiles(tiles)
    memo: dict[int, int] = {}

    def leaves(node) -> int:
        children = getattr(node, "children", None)
        if not children:
            return 1
        if id(node) not in memo:
            memo[id(node)] = sum(leaves(child.geom) for child in children)
        return memo[id(node)]

    return leaves(tiles.H)


def spectre_count(level: int) -> int:
    """Spectres of ``generate_spectre_tiling(level)``, by the recurrence in its docstring."""
    spectres, mystics = 1, 2
    for _ in range(level):
        spectres, mystics = 7 * spectres + mystics, 6 * spectres + mystics
    return spectres


def nearest_level(count, target: int) -> tuple[int, int]:
    """The level whose tile count ``count(level)`` is nearest ``target`` by ratio."""
    level = 1
    while count(level) < target:
        level += 1
    if level > 1 and target / count(level - 1) < count(level) / target:
        level -= 1
    return level, count(level)


def timed_run(name: str, parameter, repeat: int) -> tuple[int, float, int]:
    """Tiles, best wall time of up to ``repeat`` runs, and the growth of ru_maxrss."""
    function, warm_up = RUNS[name]
    function(warm_up)
    base = max_rss()
    best = best_of(lambda: function(parameter), repeat, NO_REPEAT_OVER)
    return best.result, best.seconds, max_rss() - base


def traced_run(name: str, parameter) -> tuple[int, float]:
    """Peak traced memory of one run, in bytes, and how long the traced run took."""
    function, warm_up = RUNS[name]
    function(warm_up)
    traced = best_of(lambda: function(parameter), 1, trace=True)
    return traced.peak, traced.seconds


def in_fresh_process(function, *args):
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(function, *args).result()


def measure(name: str, parameter, repeat: int) -> dict:
    tiles, seconds, rss = in_fresh_process(timed_run, name, parameter, repeat)
    peak, traced_seconds = in_fresh_process(traced_run, name, parameter)
    return {"name": name, "tiles": tiles, "seconds": seconds, "rss": rss, "peak": peak,
            "traced": traced_seconds}  # fmt: skip


def plans(target: int, seed: int) -> list[tuple[str, object, str, int]]:
    """(row name, size parameter, the size shown, tiles expected) of each row at ``target``."""
    side = math.sqrt(target * TILE_AREA)
    rows: list[tuple[str, object, str, int]] = [
        (name, (side, seed), f"side {side:.1f}", target) for name in TILEWRIGHT
    ]
    if hat_amp_tiling is not None:
        for name, count in (("hat-amp hats", hat_count), ("hat-amp Spectres", spectre_count)):
            level, tiles = nearest_level(count, target)
            rows.append((name, level, f"level {level}", tiles))
    return rows


def size_table(target: int, results: list[dict], sizes: list[str]) -> None:
    """The rows at about ``target`` tiles, then how many times faster each tilewright row is."""
    print_table(
        f"~{target:,} tiles",
        ["tool", "size", "tiles", "seconds", "tiles/s", "peak MiB", "B/tile", "RSS+ MiB", "B/tile"],
        [
            [
                row["name"],
                size,
                f"{row['tiles']:,}",
                f"{row['seconds']:.3f}",
                f"{row['tiles'] / row['seconds']:,.0f}",
                f"{row['peak'] / 2**20:.1f}",
                f"{row['peak'] / row['tiles']:,.0f}",
                f"{row['rss'] / 2**20:.1f}",
                f"{row['rss'] / row['tiles']:,.0f}",
            ]
            for row, size in zip(results, sizes, strict=True)
        ],
    )
    per_tile = {row["name"]: row["seconds"] / row["tiles"] for row in results}
    name, c_rate, c_bytes = C_GENERATOR
    peers = {
        peer: per_tile[peer] for peer in ("hat-amp Spectres", "hat-amp hats") if peer in per_tile
    }
    peers[name] = 1 / c_rate
    print(f"{name}: {c_rate / 1e3:.0f} k tiles/s, ≈ {c_bytes} B/tile (quoted, not run)")
    print_table(
        f"~{target:,} tiles: how many times faster (tiles/s) each tilewright row is",
        ["beside", *(ours.split()[1] for ours in TILEWRIGHT)],
        [
            [peer, *(speedup(seconds, per_tile[ours]) for ours in TILEWRIGHT)]
            for peer, seconds in peers.items()
        ],
    )


def estimate_full(target: int, results: list[dict], seed: int) -> None:
    """Print how long the 10^6 runs would take, scaled linearly from the runs at ``target``."""
    seconds: dict[str, float] = {}
    for row, (_, _, _, tiles) in zip(results, plans(FULL_SIZE, seed), strict=True):
        tool = row["name"].split()[0]
        run = row["seconds"] + row["traced"]
        seconds[tool] = seconds.get(tool, 0.0) + run * tiles / row["tiles"]
    parts = ", ".join(f"{tool} about {s:.0f} s" for tool, s in seconds.items())
    print(f"\n10^6 tiles not run (add --full). Its timing and traced runs would take, scaled"
          f" linearly from ~{target:,} tiles: {parts}, besides process start-up")  # fmt: skip


def cpu_timed_run(name: str, parameter, repeat: int) -> tuple[int, float, float, int]:
    """Tiles, the best wall and CPU seconds of up to ``repeat`` runs (CPU of every thread
    of the process), and the growth of ru_maxrss."""
    function, warm_up = RUNS[name]
    function(warm_up)
    base = max_rss()
    best_wall = best_cpu = math.inf
    tiles = 0
    for _ in range(max(1, repeat)):
        cpu, wall = time.process_time(), time.perf_counter()
        tiles = function(parameter)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        if wall > NO_REPEAT_OVER:
            break
    return tiles, best_wall, best_cpu, max_rss() - base


def reference_run(binary: str, target: int, repeat: int) -> tuple[int, float, float]:
    """The public C line walk writing its text (``--python``) to the null device: tiles,
    best wall and CPU seconds. Its region holds about ``target`` tiles, no taller than
    ``C_MAX_HEIGHT``."""
    area = target * C_TILE_AREA
    height = min(C_MAX_HEIGHT, math.sqrt(area))
    size = [f"--width={round(area / height)}", f"--height={round(height)}"]
    command = [binary, "--python", "--scale=1", *size]
    best_wall = best_cpu = math.inf
    for _ in range(max(1, repeat)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        subprocess.run([*command, "-o", os.devnull], check=True)
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    with subprocess.Popen(command, stdout=subprocess.PIPE) as run:  # one more, to count
        assert run.stdout is not None
        tiles = sum(piece.count(b"\n") for piece in iter(lambda: run.stdout.read(1 << 20), b""))
    return tiles, best_wall, best_cpu


def line_table(targets: list[int], seed: int, repeat: int, reference: str | None) -> None:
    """The bounded-memory line walk alone and writing CSV and JSON Lines, on one thread and
    on ``THREADS``, beside the public C line walk writing its text when it is given."""
    for target in targets:
        side = math.sqrt(target * TILE_AREA)
        c_rates = None
        rows = []
        if reference is not None:
            tiles, wall, cpu = reference_run(reference, target, repeat)
            c_rates = (tiles / cpu, tiles / wall)
            figures = [f"{tiles:,}", f"{wall:.2f}", f"{cpu:.2f}", f"{tiles / cpu:,.0f}"]
            rows.append(["public C line walk, text", *figures, f"{tiles / wall:,.0f}", "1.00",
                         "1.00", "-"])  # fmt: skip
        # the whole command, start-up included, as a user runs it
        size = f"{math.ceil(side)}x{math.ceil(side)}"
        command = [sys.executable, "-m", "tilewright", "spectre", size, "-f", "csv"]
        command += ["-s", str(seed)]
        cpu, wall, lines, _ = whole_process(command, repeat)
        tiles = lines - 1  # the header
        ratios = (
            [f"{tiles / cpu / c_rates[0]:.2f}", f"{tiles / wall / c_rates[1]:.2f}"]
            if c_rates
            else ["-", "-"]
        )
        rows.append([f"tilewright spectre {size} -f csv (whole command)", f"{tiles:,}",
                     f"{wall:.2f}", f"{cpu:.2f}", f"{tiles / cpu:,.0f}", f"{tiles / wall:,.0f}",
                     *ratios, "-"])  # fmt: skip
        for name in LINE_RUNS:
            tiles, wall, cpu, _ = in_fresh_process(cpu_timed_run, name, (side, seed), repeat)
            peak, _ = in_fresh_process(traced_run, name, (side, seed))
            text = "csv" in name or "jsonl" in name
            ratios = (
                [f"{tiles / cpu / c_rates[0]:.2f}", f"{tiles / wall / c_rates[1]:.2f}"]
                if c_rates and text
                else ["-", "-"]
            )
            rows.append([name, f"{tiles:,}", f"{wall:.2f}", f"{cpu:.2f}", f"{tiles / cpu:,.0f}",
                         f"{tiles / wall:,.0f}", *ratios, f"{peak / 2**20:.1f}"])  # fmt: skip
        print_table(
            f"line walk, about {target:,} tiles: alone, and writing text (x C: tiles per "
            "CPU-second and per second against the C line walk's)",
            LINE_COLUMNS,
            rows,
        )
    if reference is None:
        print("public C line walk: not run (build auxiliary/spectre-test of the puzzle "
              "collection and pass --reference PATH); measured here before: 0.30-0.40 M "
              "tiles per CPU-second writing its text, 1.8 MB")  # fmt: skip


def far_seconds(origin: float, seed: int, repeat: int, centre_walk: bool) -> tuple[float, int]:
    """Best wall seconds to write the 10x10 region at (origin, -origin) as CSV."""
    near = patch.NEAR
    # within NEAR tilewright walks from the centre either way: forced through the
    # hierarchy there, the start tile's edge along x = 0 would be judged in rounded
    # frame coordinates and could count as meeting a region it only touches
    patch.NEAR = 1e300 if centre_walk else near
    try:
        best, count = math.inf, 0
        for _ in range(repeat):
            sink = LineCounter()
            start = time.perf_counter()
            generate(10, 10, seed, (origin, -origin)).write(sink, "csv")
            best, count = min(best, time.perf_counter() - start), sink.lines - 1
        return best, count
    finally:
        patch.NEAR = near


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int_list, default=[10**4, 10**5], help="target tiles")
    parser.add_argument("--full", action="store_true", help="also 10^6 tiles (10^7 line walk)")
    parser.add_argument(
        "--line-sizes",
        type=int_list,
        default=[10**5, 10**6],
        help="target tiles of the line walk (10^7 added with --full)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="best of N untraced runs")
    parser.add_argument("--seed", type=int, default=1, help="tilewright's tiling")
    parser.add_argument(
        "--reference",
        metavar="PATH",
        help="the public C generator's auxiliary/spectre-test, built: run beside the line walk",
    )
    args = parser.parse_args()
    sizes = sorted(set(args.sizes) | ({FULL_SIZE} if args.full else set()))

    print(environment())
    if hat_amp_tiling is None:
        print(HAT_AMP_MISSING)
    else:
        print("hat-amp rows: 'hats' are hat tiles (13 vertices), not Spectres; 'Spectres' are")
        print("Spectres (14 vertices, a Mystic counted as two). Both are whole supertiles by")
        print("substitution, held in memory as float arrays.")
    print("peak MiB, B/tile: tracemalloc peak of a separate run; RSS+ MiB, B/tile: growth of")
    print("ru_maxrss in the timing run (a fresh process each)")
    for target in sizes:
        plan = plans(target, args.seed)
        results = [measure(name, parameter, args.repeat) for name, parameter, _, _ in plan]
        size_table(target, results, [size for _, _, size, _ in plan])
    if FULL_SIZE not in sizes:
        estimate_full(sizes[-1], results, args.seed)
    line_sizes = sorted(set(args.line_sizes) | ({10**7} if args.full else set()))
    line_table(line_sizes, args.seed, args.repeat, args.reference)
    far_seconds(1e15, args.seed, 1, False)  # loaded kernels, and the hierarchy's tables
    far_table(
        "A 10x10 region at (D, -D), written as CSV",
        "tiles",
        lambda distance, walked: far_seconds(distance, args.seed, args.repeat, walked),
    )


if __name__ == "__main__":
    main()
