"""Rectangles difficulty: how the generator's puzzles spread over the levels, what a rating
costs, and what targeting a level (``generate_rated``) costs beside plain generation.

Run from the repository root:

    python benchmarks/rect_difficulty.py [--quick]

What it measures, and why
-------------------------
* The spread: ``rate`` on the puzzles of seeds 0 … N - 1 at 7, 10, 15 and 30 squares a
  side (200 each by default): the share of each level, and the reach and overlap steps per
  clue (the count that separates easy, medium and hard), median and 90th percentile.
* The rating's cost per puzzle beside generation's, at the same sizes and at 100 and 300
  (the JSON output rates every generated puzzle up to ``RATED_SQUARES``).
* Targeting: ``generate_rated(params, level, seed)`` from several seeds far apart, per
  size and level: mean seconds and seeds tried per puzzle, and how many times as long as
  one plain ``generate`` that is. A level no seed reached within ``MAX_TRIES`` is timed
  once (what the error costs) and shown as ``not reached``.

The first call of each compiled function (compile or cache load) is made before timing.
"""

import argparse
import statistics
import time
from functools import partial

import numpy as np
from _harness import environment, print_table, timed

from tilewright import TilewrightError
from tilewright.rectangles import Params, generate, generate_rated, rate
from tilewright.rectangles.difficulty import LEVELS, MAX_TRIES
from tilewright.rectangles.warm import warm

# the first seeds of the targeting runs lie this far apart, so that no two runs share seeds
RUN_SPACING = 100_000


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def spread_table(sizes: list[int], count: int) -> dict[int, float]:
    """Print the spread and return the mean seconds of one plain generation per size."""
    rows, plain = [], {}
    for size in sizes:
        timings = [timed(partial(generate, Params(size, size), seed=s)) for s in range(count)]
        plain[size] = statistics.mean(seconds for seconds, _ in timings)
        ratings = [rate(made.puzzle) for _, made in timings]
        levels = [rating.level for rating in ratings]
        stuck = [(r.reach + r.overlap) / r.clues for r in ratings]
        rows.append(
            [
                f"{size}x{size}",
                count,
                *(f"{levels.count(level) / count:.0%}" for level in LEVELS),
                f"{np.median(stuck):.2f}",
                f"{np.percentile(stuck, 90):.2f}",
                f"{statistics.mean(r.clues for r in ratings):.0f}",
            ]
        )
    print_table(
        "levels of generated puzzles (seeds 0..n-1): share of each level; reach and overlap "
        "steps per clue (median, 90th percentile); clues per puzzle",
        ["size", "n", *LEVELS, "stuck med", "stuck p90", "clues"],
        rows,
    )
    return plain


def cost_table(sizes: dict[int, int]) -> None:
    rows = []
    for size, count in sizes.items():
        timings = [timed(partial(generate, Params(size, size), seed=s)) for s in range(count)]
        made_seconds = [seconds for seconds, _ in timings]
        rate_seconds = [timed(partial(rate, made.puzzle))[0] for _, made in timings]
        rows.append(
            [
                f"{size}x{size}",
                count,
                milliseconds(statistics.mean(made_seconds)),
                milliseconds(statistics.median(rate_seconds)),
                milliseconds(statistics.mean(rate_seconds)),
                milliseconds(max(rate_seconds)),
                f"{statistics.mean(rate_seconds) / statistics.mean(made_seconds):.2f}",
            ]
        )
    print_table(
        "rating cost: ms per puzzle (generate mean; rate median, mean, max; rate / generate)",
        ["size", "n", "generate", "rate med", "rate mean", "rate max", "rate/gen"],
        rows,
    )


def targeting_table(sizes: list[int], runs: int, plain: dict[int, float]) -> None:
    rows = []
    for size in sizes:
        for level in LEVELS:
            seconds, tries, missed = [], [], 0.0
            for run in range(runs):
                spent, tried = target(Params(size, size), level, run * RUN_SPACING)
                if tried is None:
                    missed = spent  # the level is out of reach here: one miss shows its cost
                    break
                seconds.append(spent)
                tries.append(tried)
            if missed:
                rows.append([f"{size}x{size}", level, len(seconds), "not reached", "-", "-",
                             f"{missed / plain[size]:.1f}"])  # fmt: skip
                continue
            mean = statistics.mean(seconds)
            rows.append(
                [
                    f"{size}x{size}",
                    level,
                    runs,
                    milliseconds(mean),
                    f"{statistics.mean(tries):.1f}",
                    max(tries),
                    f"{mean / plain[size]:.1f}",
                ]
            )
    print_table(
        "targeting a level: runs that found it, ms per puzzle, seeds tried (mean, max), and "
        f"how many times as long as one plain generation; 'not reached': no seed of "
        f"{MAX_TRIES} made it, and the time is that of the error",
        ["size", "level", "found", "ms", "tries", "max", "x plain"],
        rows,
    )


def target(params: Params, level: str, first: int) -> tuple[float, int | None]:
    """Seconds one ``generate_rated`` took and the seeds it tried (None: it gave up)."""
    start = time.perf_counter()
    try:
        made, _ = generate_rated(params, level, seed=first)
    except TilewrightError:
        return time.perf_counter() - start, None
    return time.perf_counter() - start, made.seed - first + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and runs")
    quick = parser.parse_args().quick
    print(environment())
    warm()  # compile or load every kernel (the repairs too) before timing
    sizes = [7, 10, 15, 30]
    plain = spread_table(sizes, 50 if quick else 200)
    cost_table(
        {7: 50, 15: 50, 30: 50, 100: 10, 300: 2}
        if quick
        else {7: 200, 15: 200, 30: 200, 100: 20, 300: 3}
    )
    targeting_table(sizes, 5 if quick else 20, plain)


if __name__ == "__main__":
    main()
