"""L-tromino tiling speed: tilewright's streaming labeller and in-memory tiler beside a plain
recursive Python tiler of the textbook kind, in one run.

Run from the repository root:

    python benchmarks/tromino.py [--ks 10,12,14] [--stream-ks 10,12,14,16] [--python-ks 10,12]

What it measures, and why
-------------------------
* Streaming labeller: ``tile_rows`` on a 2^k board, every band of rows consumed (labels into
  a NumPy buffer, nothing written): cells per second and the peak of traced memory, which
  must stay O(width) however large the board.
* In-memory tiler: ``tile`` (the textbook recursion compiled, whole board allocated).
* Constructed rectangles: ``tile`` on a (2^k + 1) x (2^k + 3)-ish tileable board, which
  takes the block-and-core construction instead of the quadtree.
* Peer: the textbook recursion in plain Python on a list of lists, as classroom scripts do
  (there is no tromino package on PyPI), with its time and traced peak memory.

The first call of each compiled function (compile or cache load) is made before timing.
Figures are the best of ``--repeat`` runs; none are stored here.
"""

import argparse
import sys
from functools import partial

from _harness import best_of, environment, int_list, print_table, speedup

from tilewright.tromino import obstruction, tile, tile_rows


def python_textbook(size: int, x: int, y: int) -> list[list[int]]:
    """The textbook's recursion, transcribed into plain Python on a list of lists."""
    sys.setrecursionlimit(10_000)
    board = [[0] * size for _ in range(size)]
    counter = [1]

    def chess_board(tr, tc, dr, dc, s):
        if s == 1:
            return
        half = s // 2
        t = counter[0]
        counter[0] += 1
        for qr in (0, 1):
            for qc in (0, 1):
                r0, c0 = tr + qr * half, tc + qc * half
                if r0 <= dr < r0 + half and c0 <= dc < c0 + half:
                    chess_board(r0, c0, dr, dc, half)
                else:
                    cr, cc = tr + half - 1 + qr, tc + half - 1 + qc
                    board[cr][cc] = t
                    chess_board(r0, c0, cr, cc, half)

    chess_board(0, 0, x - 1, y - 1, size)
    return board


def drain(bands) -> None:
    for _ in bands:
        pass


def stream_board(size: int) -> None:
    """Label a size x size board band by band, every band consumed."""
    drain(tile_rows(size, size, (size // 3, size // 7)))


def tileable_rectangle(side: int) -> tuple[int, int]:
    """A board near side × side that is not a power-of-two square and can be tiled."""
    width = side + 1 if (side + 1) % 3 else side + 2
    height = width + 3
    assert obstruction(width, height, 1, 1) is None
    return width, height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ks", type=int_list, default=[10, 12, 14], help="in-memory sizes 2^k")
    parser.add_argument("--stream-ks", type=int_list, default=[10, 12, 14, 16])
    parser.add_argument("--python-ks", type=int_list, default=[10, 12], help="plain Python peer")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(environment())

    drain(tile_rows(8, 8, (1, 2)))  # compile or load the kernels before timing
    tile(8, 8, (1, 2))
    tile(10, 13, (1, 2))

    rows = []  # (what, k, cells, seconds, traced peak bytes or 0)
    for k in args.stream_ks:
        size = 2**k
        best = best_of(
            partial(stream_board, size),
            1 if k >= 16 else args.repeat,
            trace=True,
        )
        rows.append(("streaming labeller (rows)", k, size * size, best.seconds, best.peak))
    for k in args.ks:
        size = 2**k
        best = best_of(partial(tile, size, size, (size // 3, 5)), args.repeat, trace=True)
        rows.append(("in-memory tiler (quadtree)", k, size * size, best.seconds, best.peak))
        width, height = tileable_rectangle(size)
        rectangle = partial(tile, width, height, (height // 2, width // 3))
        best = best_of(rectangle, args.repeat, trace=True)
        what = f"in-memory {width}x{height} (built)"
        rows.append((what, k, width * height, best.seconds, best.peak))
    python_seconds = {}
    for k in args.python_ks:
        size = 2**k
        # Timed without tracing (tracemalloc slows pure Python several times over); the
        # peak memory comes from a second, traced run where that is affordable.
        textbook = partial(python_textbook, size, 3, 5)
        seconds = best_of(textbook, 1).seconds
        peak = best_of(textbook, 1, trace=True).peak if k <= 10 else 0
        python_seconds[k] = seconds
        rows.append(("plain Python textbook recursion", k, size * size, seconds, peak))
    print_table(
        "L-tromino tilings of 2^k boards",
        ["what", "k", "cells", "seconds", "cells/s", "peak MiB"],
        [
            [
                what,
                k,
                f"{cells:,}",
                f"{seconds:.3f}",
                f"{cells / seconds:,.0f}",
                f"{peak / 2**20:.1f}" if peak else "-",
            ]
            for what, k, cells, seconds, peak in rows
        ],
    )
    for k, seconds in python_seconds.items():
        ours = [row[3] for row in rows if row[1] == k and row[0].startswith("streaming")]
        if ours:
            print(
                f"k={k}: the streaming labeller is {speedup(seconds, ours[0])} as fast as "
                "the plain Python tiler"
            )


if __name__ == "__main__":
    main()
