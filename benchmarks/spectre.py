"""Spectre patch speed and memory: tilewright's breadth-first patch beside hat-amp's
substitution generators (PyPI) in one run, and the public C generator's quoted figure.

Run from the repository root:

    python benchmarks/spectre.py [--full] [--sizes 10000,100000] [--repeat 3] [--seed 1]

What it measures, and why
-------------------------
tilewright on a square of side sqrt(N * TILE_AREA), which holds about N tiles; tiles per
second, and memory, which grows with the patch (the search keeps every tile it has found),
so that bytes per tile decide how large a patch fits. Four ways of taking the patch:

* ``count``: ``patch(side, side, seed)``, every ``Tile`` consumed and counted;
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

The line walk (``stream``: band by band, memory flat) is timed alone at 10^5 and 10^6 tiles
(and 10^7 with ``--full``), generated only and with its CSV written to nowhere, beside the
public C line walk's quoted figures.

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
import resource
import sys
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor

from tilewright.aperiodic import writers
from tilewright.aperiodic.patch import TILE_AREA, chunks, patch, patch_arrays
from tilewright.aperiodic.stream import stream

try:
    from hat_amp import spectre as hat_amp_spectre
    from hat_amp import tiling as hat_amp_tiling
except ImportError:
    hat_amp_spectre = hat_amp_tiling = None

FULL_SIZE = 10**6
NO_REPEAT_OVER = 10.0  # seconds: a longer timing run is not repeated
C_GENERATOR = ("public C generator (breadth-first)", 55_000, 506)  # tiles/s, bytes/tile
TILEWRIGHT = ("tilewright count", "tilewright xy", "tilewright arrays", "tilewright chunks")


def tilewright_count(square: tuple[float, int]) -> int:
    side, seed = square
    return sum(1 for _ in patch(side, side, seed))


def tilewright_xy(square: tuple[float, int]) -> int:
    side, seed = square
    count = 0
    for tile in patch(side, side, seed):
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
    return sum(len(chunk) for chunk in stream(side, side, seed)[1])


def tilewright_line_csv(square: tuple[float, int]) -> int:
    """The line walk with its CSV written (to nowhere): what ``-f csv -o FILE`` costs."""
    side, seed = square
    count = 0

    def counted(parts):
        nonlocal count
        for part in parts:
            count += len(part)
            yield part

    for _ in writers.csv(counted(stream(side, side, seed)[1])):
        pass
    return count


def hat_amp_hats(level: int) -> int:
    return len(hat_amp_tiling.generate_tiling(level))


def hat_amp_spectres(level: int) -> int:
    return len(hat_amp_spectre.generate_spectre_tiling(level))


# row name: (function of one size parameter, that parameter for the warm-up)
RUNS = {
    "tilewright count": (tilewright_count, (10.0, 1)),
    "tilewright xy": (tilewright_xy, (10.0, 1)),
    "tilewright arrays": (tilewright_arrays, (10.0, 1)),
    "tilewright chunks": (tilewright_chunks, (10.0, 1)),
    "tilewright line": (tilewright_line, (10.0, 1)),
    "tilewright line+csv": (tilewright_line_csv, (10.0, 1)),
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


def max_rss() -> int:
    """This process's peak resident memory so far, in bytes."""
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss is in KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale


def timed_run(name: str, parameter, repeat: int) -> tuple[int, float, int]:
    """Tiles, best wall time of up to ``repeat`` runs, and the growth of ru_maxrss."""
    function, warm_up = RUNS[name]
    function(warm_up)
    base, best = max_rss(), float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        tiles = function(parameter)
        best = min(best, time.perf_counter() - start)
        if best > NO_REPEAT_OVER:
            break
    return tiles, best, max_rss() - base


def traced_run(name: str, parameter) -> tuple[int, float]:
    """Peak traced memory of one run, in bytes, and how long the traced run took."""
    function, warm_up = RUNS[name]
    function(warm_up)
    start = time.perf_counter()
    tracemalloc.start()
    function(parameter)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, time.perf_counter() - start


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
    rows = [(name, (side, seed), f"side {side:.1f}", target) for name in TILEWRIGHT]
    if hat_amp_tiling is not None:
        for name, count in (("hat-amp hats", hat_count), ("hat-amp Spectres", spectre_count)):
            level, tiles = nearest_level(count, target)
            rows.append((name, level, f"level {level}", tiles))
    return rows


def print_table(target: int, results: list[dict], sizes: list[str]) -> None:
    print(f"\n~{target:,} tiles")
    print(f"{'tool':<19}{'size':>12}{'tiles':>11}{'seconds':>9}{'tiles/s':>11}"
          f"{'peak MiB':>10}{'B/tile':>8}{'RSS+ MiB':>10}{'B/tile':>8}")  # fmt: skip
    for row, size in zip(results, sizes, strict=True):
        print(
            f"{row['name']:<19}{size:>12}{row['tiles']:>11,}{row['seconds']:>9.3f}"
            f"{row['tiles'] / row['seconds']:>11,.0f}{row['peak'] / 2**20:>10.1f}"
            f"{row['peak'] / row['tiles']:>8,.0f}{row['rss'] / 2**20:>10.1f}"
            f"{row['rss'] / row['tiles']:>8,.0f}"
        )
    rates = {row["name"]: row["tiles"] / row["seconds"] for row in results}
    name, c_rate, c_bytes = C_GENERATOR
    print(f"{name}: {c_rate / 1e3:.0f} k tiles/s, ≈ {c_bytes} B/tile (quoted, not run)")
    peers = {peer: rates[peer] for peer in ("hat-amp Spectres", "hat-amp hats") if peer in rates}
    for peer, rate in {**peers, name: c_rate}.items():
        ratios = ", ".join(f"{ours.split()[1]} {rates[ours] / rate:.2f}x" for ours in TILEWRIGHT)
        print(f"tiles/s ratio tilewright/{peer}: {ratios}")


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


def line_table(targets: list[int], seed: int, repeat: int) -> None:
    """The bounded-memory line walk alone, generated and written as CSV."""
    print("\nLine walk (tilewright spectre --method line): memory stays flat")
    print(f"{'tool':<21}{'tiles':>12}{'seconds':>9}{'tiles/s':>11}{'peak MiB':>10}{'RSS+ MiB':>10}")
    for target in targets:
        side = math.sqrt(target * TILE_AREA)
        for name in ("tilewright line", "tilewright line+csv"):
            row = measure(name, (side, seed), repeat)
            print(
                f"{name:<21}{row['tiles']:>12,}{row['seconds']:>9.2f}"
                f"{row['tiles'] / row['seconds']:>11,.0f}{row['peak'] / 2**20:>10.1f}"
                f"{row['rss'] / 2**20:>10.1f}"
            )
    print("public C line walk (quoted, not run): 0.7-1.1 M tiles/s without output, "
          "0.18-0.30 M with text output, 1.8 MB")  # fmt: skip


def main() -> None:
    ints = lambda text: [int(x) for x in text.split(",") if x]  # noqa: E731
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=ints, default=[10**4, 10**5], help="target tiles")
    parser.add_argument("--full", action="store_true", help="also 10^6 tiles")
    parser.add_argument("--repeat", type=int, default=3, help="best of N untraced runs")
    parser.add_argument("--seed", type=int, default=1, help="tilewright's tiling")
    args = parser.parse_args()
    sizes = sorted(set(args.sizes) | ({FULL_SIZE} if args.full else set()))

    if hat_amp_tiling is None:
        print("hat-amp is not installed (pip install hat-amp): its rows are skipped")
    else:
        print("hat-amp rows: 'hats' are hat tiles (13 vertices), not Spectres; 'Spectres' are")
        print("Spectres (14 vertices, a Mystic counted as two). Both are whole supertiles by")
        print("substitution, held in memory as float arrays.")
    print("peak MiB, B/tile: tracemalloc peak of a separate run; RSS+ MiB, B/tile: growth of")
    print("ru_maxrss in the timing run (a fresh process each)")
    for target in sizes:
        plan = plans(target, args.seed)
        results = [measure(name, parameter, args.repeat) for name, parameter, _, _ in plan]
        print_table(target, results, [size for _, _, size, _ in plan])
    if FULL_SIZE not in sizes:
        estimate_full(sizes[-1], results, args.seed)
    line_table([10**5, 10**6] + ([10**7] if args.full else []), args.seed, args.repeat)


if __name__ == "__main__":
    main()
