"""Random L-tromino tilings: speed and memory at scale, mixing of the chain, uniformity.

Run from the repository root:

    python benchmarks/tromino_random.py [--sides 1024,4096] [--largest 16384]
                                        [--mixing-side 4096] [--sweeps 12] [--uniform 20]

What it measures, and why
-------------------------
* Scale: ``generate(N, N, method="random")`` whole (the labels made too), each in a fresh
  process so that its peak resident memory is its own: seconds and bytes a cell.
* Mixing: the chain run from three very different tilings of the same board (the
  textbook's divide and conquer, which has no two trominoes making a 2×3 rectangle; 2×3
  blocks stacked three rows high; the same blocks turned, two rows high), sweep by sweep.
  Tracked: pairs of trominoes making a 2×3 rectangle per tromino, two and three rows high,
  and the share of each of the four orientations. The chain has mixed, for these
  statistics, once the three starts agree within the spread of one start's later sweeps.
* Uniformity, beyond the test suite: on an 8×8 board missing a corner (30,355 tilings,
  enumerated by ``count_tilings`` and listed by a plain recursive search), ``--uniform``
  draws a tiling by the exact sampler and by the chain (strips of 6 on a board of 8, so a
  real chain, with its default sweeps from the constructed tiling), with the chi-square
  statistic and its p-value for each.
* Peer: there is no package that draws uniform L-tromino tilings; what a user would write
  is to list every tiling and pick one, so the listing's time is set beside a draw's.

Figures are printed; none are stored here.
"""

import argparse
import math
import subprocess
import sys
import time
from collections import Counter

import numpy as np
from _harness import environment, int_list, print_table, speedup

from tilewright.tromino import count_tilings, generate
from tilewright.tromino import random_tiling as rt
from tilewright.tromino._random_kernels import codes_of_rows, first_cells_before, shape_counts
from tilewright.tromino.construct import plan_tiling
from tilewright.tromino.tiling import board_of

SCALE_CHILD = """
import resource, sys, time
from tilewright.tromino import generate
side = int(sys.argv[1])
generate(64, 64, seed=0, method="random").labels  # kernels loaded, not timed
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
start = time.perf_counter()
tiling = generate(side, side, seed=1, method="random")
codes = tiling._codes
drawn = time.perf_counter() - start
labels = tiling.labels
whole = time.perf_counter() - start
print(drawn, whole, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base)
"""


def scale(sides: list[int]) -> None:
    rows = []
    for side in sides:
        out = subprocess.run(
            [sys.executable, "-c", SCALE_CHILD, str(side)], capture_output=True, text=True
        )
        if out.returncode:
            rows.append((f"{side}x{side}", out.stderr.strip().splitlines()[-1], "", "", ""))
            continue
        drawn, whole, peak = (float(x) for x in out.stdout.split())
        cells = side * side
        rows.append(
            (
                f"{side}x{side}",
                f"{drawn:.2f}",
                f"{whole:.2f}",
                f"{peak / 2**20:,.0f}",
                f"{peak / cells:.1f}",
            )
        )
    print_table(
        "random tilings at scale (sweeps 10; peak RSS above the process's own start)",
        ["board", "drawn (s)", "with labels (s)", "peak (MiB)", "bytes/cell"],
        rows,
    )


def _blocks(side: int, turned: bool) -> np.ndarray:
    """A tiling of 2×3 blocks (the construction's, forced past the textbook's quadtree)."""
    from tilewright.tromino import construct

    for core_h in construct._core_sides(side):
        for core_w in construct._core_sides(side):
            for top in construct._offsets(side, core_h, 0):
                for left in construct._offsets(side, core_w, 0):
                    if construct.obstruction(core_w, core_h, -top, -left) is None:
                        plan = construct._planned(side, side, 0, 0, top, left, core_h, core_w)
                        return _codes(board_of(plan), turned)
    raise AssertionError("no block tiling")


def _codes(labels: np.ndarray, turned: bool) -> np.ndarray:
    if turned:
        labels = np.ascontiguousarray(labels.T)
    padded = np.full((labels.shape[0] + 2, labels.shape[1]), -1, dtype=np.int64)
    padded[1:-1] = labels
    codes = np.empty(labels.shape, dtype=np.uint8)
    codes_of_rows(padded, codes)
    return codes


def mixing(side: int, sweeps: int) -> None:
    trominoes = (side * side - 1) // 3
    starts = {
        "divide and conquer": _codes(board_of(plan_tiling(side, side, 0, 0)), False),
        "blocks 3 high": _blocks(side, False),
        "blocks 2 high": _blocks(side, True),
    }
    series = {}
    for k, (name, codes) in enumerate(starts.items()):
        numbers = np.random.default_rng(k)
        row = [shape_counts(codes) / trominoes]
        for _ in range(sweeps):
            rt.chain(codes, 1, numbers)
            row.append(shape_counts(codes) / trominoes)
        series[name] = np.array(row)
    table = []
    for sweep in range(sweeps + 1):
        cells = [f"{series[n][sweep][4]:.4f} / {series[n][sweep][5]:.4f}" for n in series]
        table.append((sweep, *cells))
    print_table(
        f"mixing on {side}x{side}: 2x3 pairs per tromino, two rows high / three rows high",
        ["sweep", *series],
        table,
    )
    # the spread of one start's last half of sweeps, against the gap between starts
    late = np.concatenate([series[n][sweeps // 2 :, 4:6] for n in series])
    spread = late.std(axis=0).max()
    for sweep in range(sweeps + 1):
        gap = max(
            np.abs(series[a][sweep, 4:6] - series[b][sweep, 4:6]).max()
            for a in series
            for b in series
        )
        if gap <= 3 * spread:
            print(f"starts agree (gap {gap:.4f} <= 3 x spread {spread:.4f}) from sweep {sweep}")
            break
    final = np.mean([series[n][-1] for n in series], axis=0)
    print(
        "orientations after the last sweep (corner left out: top-left, top-right, "
        f"bottom-left, bottom-right): {', '.join(f'{x:.4f}' for x in final[:4])}; "
        f"2x3 pairs per tromino {final[4] + final[5]:.4f}"
    )


def _p_value(counts: Counter, categories: int, draws: int) -> tuple[float, float]:
    expected = draws / categories
    statistic = sum((n - expected) ** 2 / expected for n in counts.values())
    statistic += (categories - len(counts)) * expected
    k = categories - 1
    z = ((statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return statistic, 0.5 * math.erfc(z / math.sqrt(2))


def _listed(side: int) -> list[bytes]:
    """Every tiling of the side × side board missing (0, 0), by plain recursion: the peer."""
    board = [[0] * side for _ in range(side)]
    board[0][0] = -1
    found = []
    shapes = (
        ((0, 0), (0, 1), (1, 0)),
        ((0, 0), (0, 1), (1, 1)),
        ((0, 0), (1, 0), (1, 1)),
        ((0, 0), (1, -1), (1, 0)),
    )

    def fill(number: int, at: int) -> None:
        while at < side * side and board[at // side][at % side]:
            at += 1
        if at == side * side:
            found.append(bytes(max(v, 0) for row in board for v in row))
            return
        r, c = divmod(at, side)
        for shape in shapes:
            cells = [(r + dr, c + dc) for dr, dc in shape]
            if all(0 <= y < side and 0 <= x < side and not board[y][x] for y, x in cells):
                for y, x in cells:
                    board[y][x] = number
                fill(number + 1, at)
                for y, x in cells:
                    board[y][x] = 0

    fill(1, 0)
    return found


def uniformity(per_tiling: int) -> None:
    side = 8
    start = time.perf_counter()
    listed = _listed(side)
    listing = time.perf_counter() - start
    total = count_tilings(side, side, (0, 0))
    assert len(listed) == total
    draws = per_tiling * total
    rows = []
    exact_counts: Counter = Counter()
    start = time.perf_counter()
    for seed in range(draws):
        labels = generate(side, side, (0, 0), seed=seed, method="random").labels
        exact_counts[bytes(labels.ravel().astype(np.uint8))] += 1
    exact_seconds = (time.perf_counter() - start) / draws
    chain_counts: Counter = Counter()
    start = time.perf_counter()
    for seed in range(draws):
        codes = rt._constructed(side, side, (0, 0))
        rt.chain(codes, rt.SWEEPS, np.random.default_rng(seed))
        labels = rt.labels_of_codes(codes, first_cells_before(codes), 0, side)
        chain_counts[bytes(labels.ravel().astype(np.uint8))] += 1
    chain_seconds = (time.perf_counter() - start) / draws
    known = set(listed)
    for name, counts, seconds in (
        ("exact", exact_counts, exact_seconds),
        (f"chain, {rt.SWEEPS} sweeps", chain_counts, chain_seconds),
    ):
        assert set(counts) <= known
        statistic, p = _p_value(counts, total, draws)
        rows.append(
            (
                name,
                f"{draws:,}",
                f"{len(counts):,}",
                f"{statistic:,.0f}",
                f"{p:.3f}",
                f"{seconds * 1e6:.0f}",
                speedup(listing, seconds),
            )
        )
    print_table(
        f"uniformity on 8x8 missing a corner: {total:,} tilings (df {total - 1:,}); peer: "
        f"listing them all in Python, {listing:.1f} s",
        ["sampler", "draws", "tilings drawn", "chi-square", "p", "us/draw", "vs listing"],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sides", type=int_list, default=[1024, 4096])
    parser.add_argument("--largest", type=int, default=0, help="also this side (e.g. 16384)")
    parser.add_argument("--mixing-side", type=int, default=4096)
    parser.add_argument("--sweeps", type=int, default=12)
    parser.add_argument("--uniform", type=int, default=20, help="draws per tiling on 8x8")
    args = parser.parse_args()
    print(environment())
    scale(args.sides + ([args.largest] if args.largest else []))
    mixing(args.mixing_side, args.sweeps)
    if args.uniform:
        uniformity(args.uniform)


if __name__ == "__main__":
    main()
