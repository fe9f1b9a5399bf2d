"""Datasets at scale: solved mazes per second beside maze-dataset, and sharded output.

Run from the repository root:

    python benchmarks/datasets.py [--count 1000000] [--size 15] [--peer-count 2000]

What it measures, and why
-------------------------
1. ``maze_items`` (generate, solve and measure ``--count`` mazes in one process, no
   writing), then ``tilewright.datasets.generate`` writing them as Parquet parts in
   process and on a ``LocalCluster`` of 2 worker processes (``--workers 2``): mazes per
   second, and the scaling ratio of 2 workers over 1 process. Each algorithm in
   ``--algorithms``.
2. The way a user wrote it before the dataset work: a Python loop of ``generate`` and
   ``shortest_path`` for ``--peer-count`` mazes.
3. maze-dataset (``MazeDataset.from_config`` with ``gen_dfs`` and ``gen_wilson``, one
   process, ``--peer-count`` mazes), when it is installed (``pip install maze-dataset``);
   the ``x maze-dataset`` column is ``speedup(peer, tilewright)`` per maze.
4. Sharded output against one stream: a Spectre region of about 10⁶ tiles (``--spectre``)
   as ``-f csv`` (one stream) and as Parquet bands in process and on ``--workers``; a
   tromino board (``--tromino``) and an Eller maze (``--maze``) as Zarr arrays, the board
   in process and on ``--workers`` (a maze's bands are one random stream: one process).
   Items per second, and the ratio of each to the first row of its kind.
5. Reading back: ``load`` of ``--read-count`` mazes in parts of ``--part-size``, each part
   checked against the manifest's size and SHA-256 (the default) and not (``verify=False``),
   the best of 9 runs of each, taken in turns, after one untimed read (the files in the
   page cache, as a second read finds them). The cost of the check, as the ratio of the
   two times, is to stay at most 1.3.
``--only`` runs one of the tables (``mazes`` for 1 to 3, ``sharded``, ``read``). Where
``--workers`` starts to pay off, by count and maze size: ``benchmarks/dask_crossover.py``.
The goal set for it: 100,000 solved 15×15 mazes per second per core written to Parquet.
"""

import argparse
import math
import os
import shutil
import tempfile

from _harness import best_of, environment, missing_peer, print_table, speedup, timed

PEER_ALGORITHMS = {"backtracker": "gen_dfs", "wilson": "gen_wilson"}


def tilewright_rates(size: int, count: int, algorithm: str, workers: int) -> dict[str, float]:
    from tilewright.datasets import MazeConfig, generate, maze_items

    config = MazeConfig(size, size, algorithm)
    maze_items(config, 1, 0, 100)  # compile before timing
    rates = {}
    made = best_of(lambda: maze_items(config, 1, 0, min(count, 200_000)), 2)
    rates["items"] = min(count, 200_000) / made.seconds
    folder = tempfile.mkdtemp(prefix="tilewright-dataset-")
    try:
        seconds, _ = timed(lambda: generate(config, count, 1, os.path.join(folder, "one")))
        rates["parquet"] = count / seconds
        seconds, _ = timed(
            lambda: generate(config, count, 1, os.path.join(folder, "two"), workers=workers)
        )
        rates["workers"] = count / seconds
    finally:
        shutil.rmtree(folder)
    return rates


def sharded_rates(spectre: int, tromino: int, maze: int, workers: int) -> list[list[str]]:
    """Rows of the sharded-output table: what, items, seconds, items/s, ratio."""
    from tilewright.aperiodic import generate as spectre_patch
    from tilewright.datasets.maze_arrays import chunk_rows, write_maze_zarr
    from tilewright.datasets.tile_shards import write_spectre_shards
    from tilewright.datasets.tiling_arrays import write_tiling_zarr
    from tilewright.mazes import stream_bands
    from tilewright.tromino import generate as tromino_tiling

    folder = tempfile.mkdtemp(prefix="tilewright-shards-")
    rows: list[list[str]] = []

    def row(what: str, items: int, seconds: float, first: float | None) -> float:
        ratio = "1.00" if first is None else f"{first / seconds:.2f}"
        rows.append([what, f"{items:,}", f"{seconds:.1f}", f"{items / seconds:,.0f}", ratio])
        return seconds

    def path(name: str) -> str:
        return os.path.join(folder, name)

    try:
        write_spectre_shards(100, 100, path("warm"), seed=1)  # compile before timing
        patch = spectre_patch(spectre, spectre, 1)
        with open(path("stream.csv"), "wb") as sink:
            seconds, _ = timed(lambda: patch.write(sink, "csv"))
        with open(path("stream.csv"), "rb") as lines:
            tiles = sum(1 for _ in lines) - 1  # less the header
        first = row("Spectre -f csv, one stream", tiles, seconds, None)
        for label, kwargs in (("in process", {}), (f"{workers} workers", {"workers": workers})):
            seconds, _ = timed(
                lambda kwargs=kwargs, label=label: write_spectre_shards(
                    spectre, spectre, path(f"tiles {label}"), seed=1, **kwargs
                )
            )
            row(f"Spectre -f parquet, {label}", tiles, seconds, first)
        board = tromino_tiling(tromino, tromino, seed=1)
        write_tiling_zarr(tromino_tiling(64, 64, seed=1), path("warm.zarr"))
        first = None
        for label, kwargs in (("in process", {}), (f"{workers} workers", {"workers": workers})):
            seconds, _ = timed(
                lambda kwargs=kwargs, label=label: write_tiling_zarr(
                    board, path(f"board {label}.zarr"), **kwargs
                )
            )
            seconds = row(f"tromino board as Zarr, {label}", tromino**2, seconds, first)
            first = first or seconds
        bands = stream_bands(maze, maze, "eller", seed=1, rows_per_band=chunk_rows(maze))
        info = {"family": "maze", "width": maze, "height": maze}
        seconds, _ = timed(lambda: write_maze_zarr(bands, maze, maze, path("maze.zarr"), info=info))
        row("Eller maze as Zarr, streamed", maze**2, seconds, None)
    finally:
        shutil.rmtree(folder)
    return rows


def read_times(size: int, count: int, part_size: int) -> tuple[str, list[list[str]]]:
    """The reading table's title and rows: how, seconds, mazes/s, ratio to unchecked."""
    from tilewright.datasets import MazeConfig, generate, load

    folder = tempfile.mkdtemp(prefix="tilewright-read-")
    try:
        generate(MazeConfig(size, size, "wilson"), count, 1, folder, part_size=part_size)
        megabytes = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))
        load(folder)  # the files in the page cache, as in every timed run
        best = {False: math.inf, True: math.inf}
        for _ in range(9):  # taken in turns, so that a busy moment of the machine hits both
            for verify in best:
                seconds = timed(lambda verify=verify: load(folder, verify=verify))[0]
                best[verify] = min(best[verify], seconds)  # the table let go before the next
        rows = [
            [label, f"{seconds:.3f}", f"{count / seconds:,.0f}", f"{seconds / best[False]:.2f}"]
            for label, seconds in (("verify=False", best[False]), ("verify=True", best[True]))
        ]
    finally:
        shutil.rmtree(folder)
    mazes = f"{count:,} {size}x{size} mazes"
    return f"load of {mazes} in parts of {part_size:,} ({megabytes / 1e6:.1f} MB)", rows


def python_loop_rate(size: int, count: int, algorithm: str) -> float:
    from tilewright.mazes import generate, shortest_path

    shortest_path(generate(size, size, algorithm, seed=0))

    def loop() -> None:
        for seed in range(count):
            shortest_path(generate(size, size, algorithm, seed=seed))

    return count / best_of(loop, 2).seconds


def maze_dataset_rate(size: int, count: int, constructor: str) -> float:
    """Raises ImportError when maze-dataset is not installed."""
    from maze_dataset import LatticeMazeGenerators, MazeDataset, MazeDatasetConfig

    config = MazeDatasetConfig(
        name="bench",
        grid_n=size,
        n_mazes=count,
        maze_ctor=getattr(LatticeMazeGenerators, constructor),
    )
    seconds, _ = timed(
        lambda: MazeDataset.from_config(
            config,
            load_local=False,
            do_download=False,
            save_local=False,
            do_generate=True,
            gen_parallel=False,
            verbose=False,
        )
    )
    return count / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--peer-count", type=int, default=2_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--algorithms", default="backtracker,wilson,kruskal,eller")
    parser.add_argument("--spectre", type=int, default=2862, help="region side (tile edges)")
    parser.add_argument("--tromino", type=int, default=16384, help="board side (cells)")
    parser.add_argument("--maze", type=int, default=10000, help="Eller maze side (cells)")
    parser.add_argument("--read-count", type=int, default=100_000)
    parser.add_argument("--part-size", type=int, default=25_000, help="mazes a part, read")
    parser.add_argument("--only", choices=["mazes", "sharded", "read"])
    args = parser.parse_args()
    print(environment())
    if args.only in (None, "mazes"):
        maze_tables(args)
    if args.only in (None, "sharded"):
        print_table(
            f"Sharded output against one stream ({args.workers} workers)",
            ["output", "items", "seconds", "items/s", "x first"],
            sharded_rates(args.spectre, args.tromino, args.maze, args.workers),
        )
    if args.only in (None, "read"):
        title, rows = read_times(args.size, args.read_count, args.part_size)
        print_table(title, ["parts checked", "seconds", "mazes/s", "x unchecked"], rows)


def maze_tables(args: argparse.Namespace) -> None:
    """Tables 1 to 3: solved mazes per second, written, beside the Python loop and
    maze-dataset."""
    rows = []
    notes = []
    for algorithm in args.algorithms.split(","):
        rates = tilewright_rates(args.size, args.count, algorithm, args.workers)
        loop = python_loop_rate(args.size, min(args.peer_count, 5_000), algorithm)
        peer = None
        if algorithm in PEER_ALGORITHMS:
            try:
                peer = maze_dataset_rate(args.size, args.peer_count, PEER_ALGORITHMS[algorithm])
            except ImportError as error:
                if not notes:
                    notes.append(
                        missing_peer(
                            "maze-dataset", error, "its column", "pip install maze-dataset"
                        )
                    )
        rows.append(
            [
                algorithm,
                f"{rates['items']:,.0f}",
                f"{rates['parquet']:,.0f}",
                f"{rates['workers']:,.0f}",
                f"{rates['workers'] / rates['parquet']:.2f}",
                f"{loop:,.0f}",
                f"{peer:,.0f}" if peer else "-",
                speedup(1 / peer if peer else None, 1 / rates["parquet"]),
            ]
        )
    print_table(
        f"Solved {args.size}x{args.size} mazes per second, {args.count:,} mazes",
        [
            "algorithm",
            "items/s (no writing)",
            "Parquet, 1 process",
            f"Parquet, {args.workers} workers",
            "scaling",
            "Python loop",
            "maze-dataset",
            "x maze-dataset",
        ],
        rows,
    )
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
