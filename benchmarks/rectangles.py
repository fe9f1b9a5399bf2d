"""Rectangles (Shikaku) generation speed: seconds per puzzle with a proven unique solution,
beside the public puzzle collection's C generator (its measured figures, from the
reference notes: the C code is not on the package index) and a Python peer from PyPI run in
the same process.

Run from the repository root:

    python benchmarks/rectangles.py [--quick]

What it measures, and why
-------------------------
* ``generate(Params(n, n), seed)`` for many seeds at 7, 15, 30, 50 and 100 squares a side
  (median, mean and maximum: a puzzle maker waits for the slow ones too), then 200 and
  500; the ratio is the collection's mean divided by ours. Also how the generator got
  there: mean deduction rounds, clue moves and local re-cuts per puzzle.
* Expansion e=1 at 30 and 100 (fewer, larger rectangles).
* The complete solver on the puzzles just made, and on ambiguous ones (``a``), where it
  has to guess to find two solutions.
* Peer: chuk-puzzles-gym's ShikakuGame (``pip install chuk-puzzles-gym``), the one Shikaku
  generator on PyPI, at the sizes it supports (6 to 10). It checks no uniqueness, so its
  puzzles are counted with our complete solver: the share with exactly one solution.

The first call of each compiled function (compile or cache load) is made before timing.
"""

import argparse
import asyncio
import statistics
import time

import numpy as np

from tilewright.rectangles import Params, Puzzle, generate, solve

# mean and maximum seconds per puzzle of the collection's C generator on this machine class
COLLECTION = {
    7: (0.35e-3, 0.9e-3),
    15: (4.4e-3, 44e-3),
    30: (60e-3, 317e-3),
    50: (454e-3, 2.2),
    100: (18.9, 40.5),
}


def timed_puzzles(params: Params, seeds: range) -> tuple[list[float], list]:
    times, made = [], []
    for seed in seeds:
        start = time.perf_counter()
        made.append(generate(params, seed=seed))
        times.append(time.perf_counter() - start)
    return times, made


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1e3:9.2f}"


def generator_table(sizes: dict[int, int], expansion: float = 0.0) -> None:
    print(f"\nGeneration, e={expansion:g}: ms per unique puzzle")
    print(
        f"{'size':>8} {'n':>4} {'median':>9} {'mean':>9} {'max':>9} {'C mean':>9} "
        f"{'ratio':>8} {'clues':>6} {'rounds':>6} {'moves':>6} {'recuts':>6}"
    )
    for size, count in sizes.items():
        times, made = timed_puzzles(Params(size, size, expansion), range(count))
        reference = COLLECTION.get(size) if expansion == 0 else None
        ratio = f"{reference[0] / statistics.mean(times):7.0f}x" if reference else "       -"
        c_mean = milliseconds(reference[0]) if reference else "        -"
        clues = np.mean([np.count_nonzero(m.puzzle.clues) for m in made])
        stats = {key: np.mean([m.stats[key] for m in made]) for key in made[0].stats}
        print(
            f"{size:>4}x{size:<3} {count:>4} {milliseconds(statistics.median(times))} "
            f"{milliseconds(statistics.mean(times))} {milliseconds(max(times))} {c_mean} "
            f"{ratio} {clues:6.0f} {stats['rounds']:6.1f} {stats['clue_moves']:6.0f} "
            f"{stats['recuts']:6.1f}"
        )


def solver_table(sizes: dict[int, int]) -> None:
    print("\nComplete solver: ms per puzzle (unique: proven; ambiguous: two solutions found)")
    print(f"{'size':>8} {'unique median':>14} {'max':>9} {'ambiguous median':>17} {'max':>9}")
    for size, count in sizes.items():
        row = []
        for unique in (True, False):
            _, made = timed_puzzles(Params(size, size, unique=unique), range(count))
            times = []
            for one in made:
                start = time.perf_counter()
                found = solve(one.puzzle, limit=2)
                times.append(time.perf_counter() - start)
                assert len(found) == 1 or not unique
            row += [statistics.median(times), max(times)]
        print(
            f"{size:>4}x{size:<3} {milliseconds(row[0]):>14} {milliseconds(row[1])} "
            f"{milliseconds(row[2]):>17} {milliseconds(row[3])}"
        )


def peer_table(count: int) -> None:
    try:
        from chuk_puzzles_gym.games.shikaku.game import ShikakuGame
    except ImportError:
        print("\nchuk-puzzles-gym is not installed: peer skipped")
        return
    print("\nPeer chuk-puzzles-gym ShikakuGame beside tilewright at the same size")
    print(
        f"{'size':>8} {'peer ms':>9} {'unique':>7} {'ones':>6} {'ours ms':>9} {'unique':>7} "
        f"{'ratio':>8}"
    )
    for size in (6, 8, 10):
        peer_times, unique, ones = [], 0, 0
        for seed in range(count):
            game = ShikakuGame("easy", seed=seed)
            game.size = size
            start = time.perf_counter()
            asyncio.run(game.generate_puzzle())
            peer_times.append(time.perf_counter() - start)
            puzzle = Puzzle(np.array(game.grid, dtype=np.int64))
            unique += len(solve(puzzle, limit=2)) == 1
            ones += int(np.count_nonzero(puzzle.clues == 1))
        ours, made = timed_puzzles(Params(size, size), range(count))
        proven = sum(len(solve(m.puzzle, limit=2)) == 1 for m in made)
        print(
            f"{size:>4}x{size:<3} {milliseconds(statistics.mean(peer_times))} "
            f"{unique / count:7.0%} {ones / count:6.1f} {milliseconds(statistics.mean(ours))} "
            f"{proven / count:7.0%} {statistics.mean(peer_times) / statistics.mean(ours):7.0f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles, no 500x500")
    quick = parser.parse_args().quick
    generate(Params(7, 7), seed=0)  # compile or load the kernels before timing
    solve(generate(Params(7, 7, unique=False), seed=0).puzzle)
    scale = 10 if quick else 1
    sizes = {
        7: 1000 // scale,
        15: 1000 // scale,
        30: 200 // scale,
        50: 100 // scale,
        100: 50 // scale,
        200: 10 // min(scale, 5),
    }
    if not quick:
        sizes[500] = 3
    generator_table(sizes)
    generator_table({30: 200 // scale, 100: 50 // scale}, expansion=1.0)
    solver_table({15: 200 // scale, 30: 100 // scale, 100: 20 // scale})
    peer_table(200 // scale)


if __name__ == "__main__":
    main()
