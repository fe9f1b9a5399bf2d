"""Rectangles (Shikaku) generation speed: seconds per puzzle with a proven unique solution,
beside the public puzzle collection's C generator (its measured figures, from the
reference notes: the C code is not on the package index) and a Python peer from PyPI run in
the same process.

Run from the repository root:

    python benchmarks/rectangles.py [--quick]

What it measures, and why
-------------------------
* ``generate(Params(n, n), seed)`` for many seeds at 7, 15, 30, 50 and 100 squares a side
  (median, mean and maximum: a puzzle maker waits for the slow ones too), then 200, 300,
  500, 1000 and 2000 (the scale the proof must keep: a round costs about the grid's
  squares, not the grid times its repairs); the ratio is the collection's mean divided by
  ours. Also how the generator got
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
from functools import partial

import numpy as np
from _harness import environment, missing_peer, print_table, speedup, timed

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
    """Seconds of each ``generate(params, seed=seed)``, and the puzzles made."""
    timings = [timed(partial(generate, params, seed=seed)) for seed in seeds]
    return [seconds for seconds, _ in timings], [made for _, made in timings]


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def generator_table(sizes: dict[int, int], expansion: float = 0.0) -> None:
    rows = []
    for size, count in sizes.items():
        times, made = timed_puzzles(Params(size, size, expansion), range(count))
        reference = COLLECTION.get(size) if expansion == 0 else None
        clues = np.mean([np.count_nonzero(m.puzzle.clues) for m in made])
        stats = {key: np.mean([m.stats[key] for m in made]) for key in made[0].stats}
        rows.append(
            [
                f"{size}x{size}",
                count,
                milliseconds(statistics.median(times)),
                milliseconds(statistics.mean(times)),
                milliseconds(max(times)),
                milliseconds(reference[0]) if reference else "-",
                speedup(reference[0] if reference else None, statistics.mean(times)),
                f"{clues:.0f}",
                f"{stats['rounds']:.1f}",
                f"{stats['clue_moves']:.0f}",
                f"{stats['recuts']:.1f}",
            ]
        )
    print_table(
        f"generation, e={expansion:g}: ms per unique puzzle (x C: how many times faster "
        "than the collection's C generator)",
        [
            *("size", "n", "median", "mean", "max", "C mean", "x C"),
            *("clues", "rounds", "moves", "recuts"),
        ],
        rows,
    )


def solver_table(sizes: dict[int, int]) -> None:
    rows = []
    for size, count in sizes.items():
        row = [f"{size}x{size}"]
        for unique in (True, False):
            _, made = timed_puzzles(Params(size, size, unique=unique), range(count))
            times = []
            for one in made:
                seconds, found = timed(partial(solve, one.puzzle, limit=2))
                times.append(seconds)
                assert len(found) == 1 or not unique
            row += [milliseconds(statistics.median(times)), milliseconds(max(times))]
        rows.append(row)
    print_table(
        "complete solver: ms per puzzle (unique: proven; ambiguous: two solutions found)",
        ["size", "unique median", "max", "ambiguous median", "max"],
        rows,
    )


def peer_table(count: int) -> None:
    try:
        from chuk_puzzles_gym.games.shikaku.game import ShikakuGame
    except ImportError as error:
        print(
            missing_peer("chuk-puzzles-gym", error, "peer skipped", "pip install chuk-puzzles-gym")
        )
        return
    rows = []
    for size in (6, 8, 10):
        peer_times, unique, ones = [], 0, 0
        for seed in range(count):
            game = ShikakuGame("easy", seed=seed)
            game.size = size
            peer_times.append(timed(partial(asyncio.run, game.generate_puzzle()))[0])
            puzzle = Puzzle(np.array(game.grid, dtype=np.int64))
            unique += len(solve(puzzle, limit=2)) == 1
            ones += int(np.count_nonzero(puzzle.clues == 1))
        ours, made = timed_puzzles(Params(size, size), range(count))
        proven = sum(len(solve(m.puzzle, limit=2)) == 1 for m in made)
        rows.append(
            [
                f"{size}x{size}",
                milliseconds(statistics.mean(peer_times)),
                f"{unique / count:.0%}",
                f"{ones / count:.1f}",
                milliseconds(statistics.mean(ours)),
                f"{proven / count:.0%}",
                speedup(statistics.mean(peer_times), statistics.mean(ours)),
            ]
        )
    print_table(
        "chuk-puzzles-gym ShikakuGame beside tilewright: ms per puzzle (x peer: how many "
        "times faster tilewright is)",
        ["size", "peer ms", "unique", "ones", "ours ms", "unique", "x peer"],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles, nothing past 200x200")
    quick = parser.parse_args().quick
    print(environment())
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
        sizes.update({300: 5, 500: 3, 1000: 3, 2000: 2})
    generator_table(sizes)
    generator_table({30: 200 // scale, 100: 50 // scale}, expansion=1.0)
    solver_table({15: 200 // scale, 30: 100 // scale, 100: 20 // scale})
    peer_table(200 // scale)


if __name__ == "__main__":
    main()
