"""Maze datasets: solved mazes per second, in process and on Dask workers, beside maze-dataset.

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
The goal set for it: 100,000 solved 15×15 mazes per second per core written to Parquet.
"""

import argparse
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
    args = parser.parse_args()
    print(environment())
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
