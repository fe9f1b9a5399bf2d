"""Maze generation speed of tilewright beside two peers: pydaedalus and mazelib.

Run from the repository root:

    python benchmarks/mazes.py [--sizes 1000,4000] [--repeat N] [--only NAME,...]

What it measures, and why
-------------------------
1. Generation speed, in cells per second, of every tilewright maze algorithm on an n x n
   grid, beside the corresponding algorithm of each peer that is importable:

   * pydaedalus: Python bindings of the C++ Daedalus program; the closest thing to a
     fast, compiled reference. Timed on the same sizes as tilewright.
   * mazelib: a Cython library whose generators keep Python lists, so several are
     quadratic or worse. Timed on small sizes only (``--mazelib-sizes``, default 100,200).

   Each figure is the best of ``--repeat`` runs (time.perf_counter), the whole call that
   hands back a new maze: tilewright ``generate``; pydaedalus ``Maze(2n+1, 2n+1)`` plus
   its ``create_*`` method; mazelib ``Maze.generate``. tilewright's first call of each
   algorithm compiles (or loads from the cache) its Numba kernel; it is made before any
   timing and never counted. Before each measured size, the time is estimated from the
   previous size; a measurement estimated above the budget (``--budget``, mazelib
   ``--mazelib-budget``) is skipped and printed as "skipped: est. Xs". A run longer
   than ``--no-repeat-over`` seconds is not repeated.

2. (a) Start-up: for each tilewright algorithm, a fresh process that imports tilewright
   and makes a 30x15 maze, once with an empty Numba cache (NUMBA_CACHE_DIR pointing at a
   new folder: compile) and once more with that cache warm. Their difference is the
   compile time a user pays only once.
   (b) The wall time of the CLI, ``tilewright maze 30x15 --seed 1``, in a fresh process
   with a warm cache: what a person typing the command waits for.
   (c) Eller streaming: cells per second of consuming ``stream_bands`` for a 1000-wide,
   20000-high maze without rendering it (the memory-bounded path).
   (d) Output quality at the largest size each peer ran: the dead-end share (cells with
   exactly one passage / all cells) and whether the maze is perfect (W*H-1 passages and
   connected). Speed means little if the output is degenerate (a comb-like maze with
   almost no dead ends) or not a maze at all, so every peer figure is checked here, and
   tilewright's own share at that size is printed beside it.

Common representation: ``connections``, a bool array of shape (2, H, W) as in tilewright:
``[0][r][c]`` is a passage from (r, c) down to (r+1, c), ``[1][r][c]`` a passage from (r, c)
right to (r, c+1). Both peers give a (2H+1) x (2W+1) wall bitmap (walls on even rows and
columns, cells on odd ones); ``walls_to_connections`` converts it, ignoring the outer border
(pydaedalus punches an entrance and an exit into it).

Only numpy, the standard library, tilewright and the peers are used; nothing is hard-coded.
"""

import argparse
import contextlib
import importlib
import io
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np
from _harness import (
    Skipped,
    best_of,
    environment,
    estimate_seconds,
    int_list,
    missing_peer,
    print_table,
    speedup,
    timed,
)

from tilewright.mazes import ALGORITHMS, Maze, generate, stream_bands
from tilewright.mazes.text import render

SEED = 1

# ---------------------------------------------------------------------------
# Common representation and checks (numpy only)
# ---------------------------------------------------------------------------


def walls_to_connections(walls):
    """(2H+1, 2W+1) bitmap, True = wall, -> bool connections of shape (2, H, W)."""
    walls = np.asarray(walls, dtype=bool)
    h, w = (walls.shape[0] - 1) // 2, (walls.shape[1] - 1) // 2
    conn = np.zeros((2, h, w), dtype=bool)
    conn[0, :-1, :] = ~walls[2:-1:2, 1::2][:, :w]  # wall pixel below cell (r, c)
    conn[1, :, :-1] = ~walls[1::2, 2:-1:2][:h, :]  # wall pixel right of cell (r, c)
    return conn


def as_maze(conn):
    """The converted peer maze as a tilewright Maze, for its checks and drawing."""
    return Maze(conn)


def show(conn):
    """ASCII drawing of a small maze in the common representation (for checking)."""
    maze = as_maze(conn)
    return b"".join(render(maze.bands(), maze.width, "ascii")).decode()


# ---------------------------------------------------------------------------
# Peers
# ---------------------------------------------------------------------------


class Peer:
    """A peer library: per tilewright algorithm, a label and a maze-making callable.

    ``make(n)`` builds an n x n maze and returns the peer's own object; ``walls(obj)``
    turns that object into a (2n+1, 2n+1) wall bitmap; ``seed(s)`` seeds its RNG.
    """

    def __init__(self, name, budget, sizes=None):
        self.name = name
        self.budget = budget
        self.sizes = sizes  # None: the main --sizes
        self.algorithms = {}
        self.note = None
        self.quiet = contextlib.nullcontext


def load_daedalus(budget):
    peer = Peer("pydaedalus", budget)
    try:
        import daedalus
        from daedalus import _maze
    except ImportError as exc:
        peer.note = missing_peer(
            "pydaedalus", exc, "its column is empty", "see benchmarks/README.md"
        )
        return peer

    def call(method, *args, **kwargs):
        def make(n):
            maze = daedalus.Maze(2 * n + 1, 2 * n + 1)
            getattr(maze, method)(*args, **kwargs)
            return maze

        shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
        return f"{method}({shown})", make

    peer.algorithms = {
        "backtracker": call("create_recursive"),
        "growing-tree": call("create_tree"),  # Daedalus' own mix: fTreeRandom, nTreeRiver=10
        # fClear=True: with False it only adds to the maze already in the bitmap
        "kruskal": call("create_kruskal", True, None, None),
        "prim": call("create_prim2", fTreeRandom=False),  # unique random weights: true Prim
        "prim-simple": call("create_prim"),  # "modified Prim": random frontier cell
        "aldous-broder": call("create_aldous_broder"),
        "wilson": call("create_wilson"),
        "hunt-and-kill": call("create_perfect"),
        "eller": call("create_eller"),
        "sidewinder": call("create_sidewinder"),
        "binary-tree": call("create_binary"),
        "recursive-division": call("create_division"),
    }
    peer.seed = _maze.init_random
    peer.walls = _daedalus_walls
    return peer


def _daedalus_walls(maze):
    """Read a pydaedalus maze through its 1-bit BMP export (get(x, y) is one call a pixel)."""
    import daedalus

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "maze.bmp")
        maze.save_bitmap(path, daedalus.COLOR_WHITE, daedalus.COLOR_BLACK)  # walls white
        with open(path, "rb") as f:
            data = f.read()
    offset = struct.unpack_from("<I", data, 10)[0]
    header, width, height, _planes, bpp = struct.unpack_from("<IiiHH", data, 14)
    if data[:2] != b"BM" or bpp != 1:
        raise ValueError("unexpected bitmap from pydaedalus")
    stride = (width + 31) // 32 * 4
    rows = np.frombuffer(data, np.uint8, stride * abs(height), offset).reshape(abs(height), -1)
    bits = np.unpackbits(rows, axis=1)[:, :width].astype(bool)
    if height > 0:  # bottom-up rows
        bits = bits[::-1]
    palette = data[14 + header : offset]
    white = 0 if palette[:3] == b"\xff\xff\xff" else 1
    return bits if white == 1 else ~bits


def load_mazelib(budget, sizes):
    peer = Peer("mazelib", budget, sizes)
    try:
        from mazelib import Maze
    except ImportError as exc:
        peer.note = missing_peer("mazelib", exc, "its column is empty", "see benchmarks/README.md")
        return peer

    def gen(cls_name, **kwargs):
        cls = getattr(importlib.import_module("mazelib.generate." + cls_name), cls_name)

        def make(n):
            maze = Maze()
            maze.generator = cls(n, n, **kwargs)
            maze.generate()
            return maze

        shown = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        return f"{cls_name}({shown})", make

    peer.algorithms = {
        "backtracker": gen("BacktrackingGenerator"),
        # tilewright's default strategy is newest:50,random:50; this is the same mix
        "growing-tree": gen("GrowingTree", backtrack_chance=0.5),
        "kruskal": gen("Kruskal"),
        "prim-simple": gen("Prims"),  # random frontier cell, joined to the maze
        "aldous-broder": gen("AldousBroder"),
        "wilson": gen("Wilsons"),
        "hunt-and-kill": gen("HuntAndKill"),
        "eller": gen("Ellers"),
        "sidewinder": gen("Sidewinder"),
        "binary-tree": gen("BinaryTree"),
        "recursive-division": gen("Division"),
    }
    peer.seed = Maze.set_seed
    peer.walls = lambda maze: np.asarray(maze.grid) != 0
    peer.quiet = _CountUnraisable
    compiled = getattr(importlib.import_module("mazelib.generate.Prims"), "__file__", "")
    if compiled.endswith(".py"):
        peer.note = "note: mazelib is the pure-Python build (no compiled Cython modules)"
    return peer


class _CountUnraisable:
    """mazelib's Cython code swallows some exceptions ("Exception ignored in ...").

    Count them instead of letting them flood the output; they are reported in (d).
    """

    count = 0
    last = ""

    def __enter__(self):
        self._old = sys.unraisablehook

        def hook(info):
            _CountUnraisable.count += 1
            _CountUnraisable.last = f"{type(info.exc_value).__name__}: {info.exc_value}"

        sys.unraisablehook = hook
        self._stderr, sys.stderr = sys.stderr, io.StringIO()  # Cython also prints them there
        return self

    def __exit__(self, *exc):
        sys.unraisablehook = self._old
        sys.stderr = self._stderr
        return False


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


def ladder(make, sizes, budget, args, probes=(), seed_fn=None, quiet=contextlib.nullcontext):
    """Time make(n) for each size, smallest first, skipping sizes estimated over budget.

    The estimate scales the last measured time by the cell-count ratio to the power
    measured between the last two sizes (1.2 before two points exist). Probe sizes are
    measured only to feed the estimate. ``seed_fn(SEED + i)`` seeds run i. Returns
    ({size: seconds or Skipped}, (largest size measured, its maze)).
    """
    setup = None if seed_fn is None else (lambda i: seed_fn(SEED + i))
    results, points, largest = {}, [], (None, None)
    for n in sorted({*probes, *sizes}):
        if points:
            estimate = estimate_seconds(points, n, exponent=1.2)
            if estimate > budget:
                if n in sizes:
                    results[n] = Skipped(estimate)
                continue
        largest = (None, None)  # let the previous maze go before making the next
        with quiet():
            best = best_of(lambda n=n: make(n), args.repeat, args.no_repeat_over, setup)
        points.append((n, best.seconds))
        largest = (n, best.result)
        if n in sizes:
            results[n] = best.seconds
    return results, largest


# ---------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------


def rate(n, seconds):
    if isinstance(seconds, Skipped):
        return str(seconds)
    if seconds is None:
        return "-"
    return f"{n * n / seconds:,.0f}"


def fresh_python(code, env=None):
    """Wall time (s) of a fresh `python -c code`, and the value it prints."""
    wall, out = timed(
        lambda: subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env
        )
    )
    if out.returncode:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
    return wall, float(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", type=int_list, default=[1000, 4000], help="n for n x n mazes")
    p.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    p.add_argument(
        "--only",
        type=lambda s: [x for x in s.split(",") if x],
        default=None,
        help="comma-separated tilewright algorithm names",
    )
    p.add_argument("--mazelib-sizes", type=int_list, default=[100, 200])
    p.add_argument(
        "--budget",
        type=float,
        default=120.0,
        help="skip a tilewright or pydaedalus size estimated over this (s)",
    )
    p.add_argument("--mazelib-budget", type=float, default=60.0)
    p.add_argument(
        "--no-repeat-over",
        type=float,
        default=20.0,
        help="a run longer than this (s) is not repeated",
    )
    p.add_argument("--skip-startup", action="store_true", help="skip the (a) and (b) subprocesses")
    p.add_argument(
        "--check",
        action="store_true",
        help="only draw a tiny maze of each peer in the common representation",
    )
    return p.parse_args()


def check_conversion(peers):
    """Print a 6x4 maze of each peer as its bitmap and as converted connections."""
    for peer in peers:
        if not peer.algorithms:
            continue
        for name in ("backtracker", "binary-tree"):
            label, make = peer.algorithms[name]
            peer.seed(SEED)
            with peer.quiet():
                walls = peer.walls(make(4))
            conn = walls_to_connections(walls)
            print(f"{peer.name} {label}: bitmap {walls.shape}, connections {conn.shape}")
            for row in walls:
                print("".join("#" if x else "." for x in row))
            maze = as_maze(conn)
            print(show(conn))
            print(
                f"passages {maze.passage_count()} (perfect needs {conn[0].size - 1}), "
                f"perfect: {maze.is_perfect()}, dead-end share {maze.dead_end_share():.3f}\n"
            )


def main():
    args = parse_args()
    peers = [load_daedalus(args.budget), load_mazelib(args.mazelib_budget, args.mazelib_sizes)]
    for peer in peers:
        if peer.note:
            print(peer.note)
    if args.check:
        check_conversion(peers)
        return

    names = list(ALGORITHMS)
    if args.only:
        unknown = [n for n in args.only if n not in ALGORITHMS]
        if unknown:
            sys.exit(f"unknown algorithm(s) {unknown}; known: {', '.join(names)}")
        names = [n for n in names if n in args.only]

    daedalus_peer, mazelib_peer = peers
    sizes = sorted(set(args.sizes))
    all_sizes = sorted({*sizes, *(args.mazelib_sizes if mazelib_peer.algorithms else [])})
    print(
        f"maze generation, cells/s, best of {args.repeat}; sizes {all_sizes} "
        f"(mazelib only at {args.mazelib_sizes}); {environment()}\n"
    )
    print("mapping (tilewright -> pydaedalus | mazelib):")
    for name in names:
        d = daedalus_peer.algorithms.get(name, ("-",))[0]
        m = mazelib_peer.algorithms.get(name, ("-",))[0]
        print(f"  {name:<19} -> {d} | {m}")
    print(flush=True)

    headers = ["algorithm", "size", "tilewright", "pydaedalus", "mazelib"]
    headers += ["x pydaedalus", "x mazelib"]
    rows, quality, first_calls = [], [], {}
    for name in names:
        t = time.perf_counter()
        # compile or load the kernels: not timed below
        first_calls[name] = timed(lambda name=name: generate(30, 15, name, seed=SEED))[0]

        def tw_make(n, name=name):
            return generate(n, n, name, seed=SEED)

        tw, (tw_n, tw_maze) = ladder(tw_make, all_sizes, args.budget, args)
        tw_share_at = {tw_n: tw_maze.dead_end_share()} if tw_maze else {}
        tw_maze = None
        peer_times = {}
        for peer in peers:
            if name not in peer.algorithms:
                peer_times[peer.name] = {}
                continue
            label, make = peer.algorithms[name]
            peer_sizes = peer.sizes or all_sizes
            probes = (20, 40) if peer.sizes else ()
            before = _CountUnraisable.count
            times, (n_big, obj) = ladder(
                make, peer_sizes, peer.budget, args, probes, peer.seed, peer.quiet
            )
            peer_times[peer.name] = times
            if obj is not None:
                peer_maze = as_maze(walls_to_connections(peer.walls(obj)))
                obj = None
                if n_big not in tw_share_at:
                    tw_share_at[n_big] = generate(n_big, n_big, name, seed=SEED).dead_end_share()
                quality.append(
                    (
                        name,
                        peer.name,
                        label,
                        n_big,
                        peer_maze.dead_end_share(),
                        peer_maze.is_perfect(),
                        peer_maze.passage_count() - (peer_maze.width * peer_maze.height - 1),
                        tw_share_at[n_big],
                        _CountUnraisable.count - before,
                    )
                )
                peer_maze = None
        for n in all_sizes:
            d = peer_times["pydaedalus"].get(n)
            m = peer_times["mazelib"].get(n)
            rows.append(
                [
                    name,
                    n,
                    rate(n, tw.get(n)),
                    rate(n, d),
                    rate(n, m),
                    speedup(d, tw.get(n)),
                    speedup(m, tw.get(n)),
                ]
            )
        print(f"  {name}: done ({time.perf_counter() - t:.0f} s)", flush=True)

    print_table(
        "generation speed, cells/s; x peer: how many times faster tilewright is",
        headers,
        rows,
    )

    print_table(
        "(d) peer output at the largest size each peer ran",
        [
            "algorithm",
            "peer",
            "call",
            "size",
            "dead-end share",
            "perfect",
            "passages - (W*H-1)",
            "tilewright share",
            "peer/tilewright",
            "swallowed errors",
        ],
        [
            [
                a,
                p,
                lbl,
                f"{n}x{n}",
                f"{s:.4f}",
                "yes" if ok else "no",
                f"{extra:+d}",
                f"{tws:.4f}",
                f"{s / tws:.2f}" if tws else "-",
                errs or "",
            ]
            for a, p, lbl, n, s, ok, extra, tws, errs in quality
        ],
    )
    print(
        "peer/tilewright far from 1: a degenerate (comb-like) maze, or another algorithm\n"
        "under the same name; perfect 'no': not a perfect maze at all."
    )
    if _CountUnraisable.count:
        print(
            f"mazelib swallowed {_CountUnraisable.count} exception(s), last: "
            f"{_CountUnraisable.last}"
        )

    print("\n=== (c) Eller streaming: stream_bands(1000, 20000, 'eller'), nothing rendered ===")
    for _ in stream_bands(50, 50, "eller", seed=SEED):  # warm-up
        pass

    def stream():
        rows_seen = 0
        for band in stream_bands(1000, 20000, "eller", seed=SEED):
            rows_seen += band.south.shape[0]
        assert rows_seen == 20000, rows_seen
        return rows_seen

    seconds = best_of(stream, args.repeat, args.no_repeat_over).seconds
    print(
        f"1000 x 20000 = 20,000,000 cells in {seconds:.3f} s: {20_000_000 / seconds:,.0f} cells/s"
    )

    if args.skip_startup:
        return
    rows_a = []
    for name in names:
        code = (
            "import time; t=time.perf_counter(); from tilewright.mazes import generate; "
            f"generate(30,15,{name!r},seed=1); print(time.perf_counter()-t)"
        )
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache}
            try:
                _, cold = fresh_python(code, env)
                warm = min(fresh_python(code, env)[1] for _ in range(args.repeat))
                rows_a.append(
                    [
                        name,
                        f"{cold:.2f}",
                        f"{warm:.3f}",
                        f"{cold - warm:.2f}",
                        f"{first_calls[name]:.3f}",
                    ]
                )
            except RuntimeError as exc:
                rows_a.append([name, f"failed: {exc}", "", "", ""])
    print_table(
        "(a) start-up of a fresh process: import tilewright + generate(30, 15, algo)",
        ["algorithm", "cold cache s", "warm cache s", "compile s", "1st call in this process s"],
        rows_a,
    )

    print("\n=== (b) CLI: tilewright maze 30x15 --seed 1 (fresh process, warm cache) ===")
    exe = shutil.which("tilewright")
    cmd = [exe] if exe else [sys.executable, "-m", "tilewright.cli"]
    cmd += ["maze", "30x15", "--seed", "1"]
    out = subprocess.run(cmd, capture_output=True, text=True)  # warms the cache
    if out.returncode:
        print(f"failed ({out.returncode}): {out.stderr.strip()[-300:]}")
        return
    walls = [
        timed(lambda: subprocess.run(cmd, capture_output=True, check=True))[0]
        for _ in range(args.repeat)
    ]
    print(
        f"{' '.join(cmd[len(cmd) - 4 :])}: best {min(walls):.3f} s, "
        f"median {sorted(walls)[len(walls) // 2]:.3f} s over {len(walls)} runs"
    )


if __name__ == "__main__":
    main()
