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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _harness import (
    best_of,
    environment,
    int_list,
    max_rss,
    missing_peer,
    print_table,
    speedup,
)

from tilewright.aperiodic import generate, writers
from tilewright.aperiodic.patch import TILE_AREA, chunks, patch_arrays

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


def tilewright_line_csv(square: tuple[float, int]) -> int:
    """The line walk with its CSV written (to nowhere): what ``-f csv -o FILE`` costs."""
    side, seed = square
    count = 0

    def counted(parts):
        nonlocal count
        for part in parts:
            count += len(part)
            yield part

    for _ in writers.csv(counted(generate(side, side, seed).chunks())):
        pass
    return count


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


def line_table(targets: list[int], seed: int, repeat: int) -> None:
    """The bounded-memory line walk alone, generated and written as CSV."""
    rows = []
    for target in targets:
        side = math.sqrt(target * TILE_AREA)
        for name in ("tilewright line", "tilewright line+csv"):
            row = measure(name, (side, seed), repeat)
            rows.append(
                [
                    name,
                    f"{row['tiles']:,}",
                    f"{row['seconds']:.2f}",
                    f"{row['tiles'] / row['seconds']:,.0f}",
                    f"{row['peak'] / 2**20:.1f}",
                    f"{row['rss'] / 2**20:.1f}",
                ]
            )
    print_table(
        "line walk (tilewright spectre --method line): memory stays flat",
        ["tool", "tiles", "seconds", "tiles/s", "peak MiB", "RSS+ MiB"],
        rows,
    )
    print("public C line walk (quoted, not run): 0.7-1.1 M tiles/s without output, "
          "0.18-0.30 M with text output, 1.8 MB")  # fmt: skip


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
    line_table(line_sizes, args.seed, args.repeat)


if __name__ == "__main__":
    main()
