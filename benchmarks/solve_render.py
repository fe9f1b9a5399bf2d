"""Maze solving and rendering speed of tilewright, beside mazelib where it has a peer.

Run from the repository root:

    python benchmarks/solve_render.py [--sizes 1000,4000] [--repeat 3] [--mazelib-sizes 50,100,200]

What it measures, and why
-------------------------
Generating a maze is half the job; solving and drawing it are the other half, and they
touch every cell again. Every figure below is the best of ``--repeat`` runs
(time.perf_counter) on one n x n Kruskal maze, ``generate(n, n, "kruskal", seed=1)``,
solved from the top-left cell to the bottom-right one. Before any timing, each tilewright
function is called once on a 5x5 maze, so Numba compilation (or cache loading) is never
counted.

1. Solving. tilewright's ``shortest_path``, ``distances``, ``dead_end_filling`` and
   ``wall_follower``: seconds and cells/s at ``--sizes`` and at ``--mazelib-sizes``.
   Beside them, every solver of mazelib (``mazelib.solve.*``) on the SAME maze, at
   ``--mazelib-sizes`` only (it is pure Python data structures under Cython, and several
   of its solvers are quadratic or worse). Each mazelib solver is compared with the
   tilewright function nearest in kind (printed in the table), and its solution is checked
   against tilewright's shortest path: a perfect maze has exactly one simple path, so
   after mazelib's pruning both must list the same cells ("agrees").

   mazelib's ``Maze.solve()`` is the solver's walk followed by ``prune_solutions`` (cutting
   the loops and dead-end excursions out of the walk). Both are timed, by calling
   ``solve()`` with ``prune = False`` and then ``prune_solutions``; "mazelib s" is their
   sum, what ``solve()`` costs with its default ``prune = True``. Its random solvers are
   seeded with ``Maze.set_seed(1)`` before every run, so all repeats do the same walk.

   mazelib runs in a forked child process that is stopped after 2 x ``--mazelib-budget``
   seconds; random walks make its time erratic. Before each size, the time is estimated
   from the smaller sizes (starting with an unprinted probe at half the smallest size); a
   size estimated above ``--mazelib-budget`` is skipped and printed as "skipped: est. Xs".
   A run longer than ``--no-repeat-over`` seconds is not repeated.

2. Rendering at ``--sizes``: ``png_bytes`` (cell 4, wall 1), the same with the shortest
   path and a distance heat map (both computed beforehand, not timed), ``svg_text`` with
   the default style and the Unicode text rendering; seconds and output size in MB.
   mazelib has no image output (no PNG, SVG or plotting); its only rendering is the
   ``tostring()`` text, timed at ``--mazelib-sizes`` beside tilewright's text rendering.

mazelib's representation: ``maze.grid``, a (2H+1) x (2W+1) int8 array, 1 = wall, 0 = open,
cells at odd (row, column), built here from tilewright's ``connections``. Its start and
end lie on the outer border, next to the corner cells: start = (0, 1), above cell (0, 0),
end = (2H, 2W - 1), below cell (H - 1, W - 1); its solvers step in from there. A solution
is a list of grid positions, the wall-gap positions between cells included and the border
entrances left out; the cells are the positions with both coordinates odd, (r // 2, c // 2).
``--check`` prints both solutions of a small maze to show this.

Only numpy, the standard library, tilewright and mazelib are used; nothing is hard-coded.
If mazelib cannot be imported, its columns are left out with a note.
"""

import argparse
import importlib
import multiprocessing
import pkgutil
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
)

from tilewright.mazes import generate
from tilewright.mazes.pictures import Style, png_bytes, svg_text
from tilewright.mazes.solve import dead_end_filling, distances, shortest_path, wall_follower
from tilewright.mazes.text import render

SEED = 1
PNG_STYLE = Style(cell=4, wall=1)

TILEWRIGHT_SOLVERS = {
    "shortest_path": shortest_path,
    "distances": distances,
    "dead_end_filling": dead_end_filling,
    "wall_follower": wall_follower,
}

# mazelib solver -> the tilewright function nearest in kind (its time is the ratio's base).
MAZELIB_PEERS = {
    "ShortestPath": "shortest_path",  # breadth-first, stops at the end
    "ShortestPaths": "shortest_path",  # breadth-first, every solution
    "Collision": "dead_end_filling",  # floods, fills dead ends, walls off collisions
    "Tremaux": "wall_follower",  # the other walkers: a step at a time, through the maze
    "BacktrackingSolver": "wall_follower",
    "Chain": "wall_follower",
    "RandomMouse": "wall_follower",
}


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------


def seconds(s):
    """Seconds with about three significant digits, in fixed notation."""
    if s >= 1:
        return f"{s:.2f}"
    return f"{s:.4f}" if s >= 0.01 else f"{s:.6f}"


def describe(name, result):
    """A short, checkable summary of a tilewright solver's result."""
    if name == "shortest_path":
        return f"path of {len(result):,} cells"
    if name == "distances":
        return f"farthest cell {int(result.max()):,} moves"
    if name == "dead_end_filling":
        return f"{int(result.remaining.sum()):,} cells left open"
    reached = "reached" if result.reached else "NOT reached"
    return f"{len(result.visits):,} steps, goal {reached}"


# ---------------------------------------------------------------------------
# mazelib
# ---------------------------------------------------------------------------


def load_mazelib():
    """(mazelib module, {solver name: class}, notes); (None, {}, notes) if not importable."""
    try:
        import mazelib
        import mazelib.solve
    except ImportError as exc:
        note = missing_peer("mazelib", exc, "its columns are left out", "see benchmarks/README.md")
        return None, {}, [note]
    found = sorted(
        m.name for m in pkgutil.iter_modules(mazelib.solve.__path__) if m.name != "MazeSolveAlgo"
    )
    solvers = {}
    for name in found:
        module = importlib.import_module(f"mazelib.solve.{name}")
        if name in MAZELIB_PEERS and hasattr(module, name):
            solvers[name] = getattr(module, name)
    base = importlib.import_module("mazelib.solve.MazeSolveAlgo").__file__
    kind = "pure Python" if base.endswith(".py") else "compiled (Cython)"
    notes = [f"note: mazelib {mazelib.__version__}, {kind}; solvers found: {', '.join(found)}"]
    unmapped = [n for n in found if n not in solvers]
    if unmapped:
        notes.append(f"note: mazelib solvers without a tilewright peer, not timed: {unmapped}")
    return mazelib, solvers, notes


def mazelib_grid(maze):
    """tilewright connections -> mazelib's (2H+1, 2W+1) int8 grid, 1 = wall, cells odd."""
    h, w = maze.height, maze.width
    grid = np.ones((2 * h + 1, 2 * w + 1), dtype=np.int8)
    grid[1::2, 1::2] = 0
    grid[2:-1:2, 1::2] = ~maze.south[:-1, :]  # the gap below cell (r, c)
    grid[1::2, 2:-1:2] = ~maze.east[:, :-1]  # the gap right of cell (r, c)
    return grid


def mazelib_entrances(maze):
    """Border positions next to the top-left and bottom-right cells, as mazelib places them."""
    return (0, 1), (2 * maze.height, 2 * maze.width - 1)


def solution_cells(solution):
    """mazelib solution (grid positions, gaps included) -> (k, 2) array of maze cells."""
    points = np.asarray(solution, dtype=np.int64).reshape(-1, 2)
    cells = points[(points[:, 0] % 2 == 1) & (points[:, 1] % 2 == 1)]
    return cells // 2


def _mazelib_child(pipe, solver_class, grid, start, end):
    """Solve once in a child process; send (walk s, prune s, walk length, cells) or an error."""
    from mazelib import Maze

    try:
        maze = Maze()
        maze.grid, maze.start, maze.end = grid, start, end
        maze.solver = solver_class()
        maze.prune = False
        Maze.set_seed(SEED)
        t0 = time.perf_counter()
        maze.solve()
        t1 = time.perf_counter()
        pruned = maze.solver.prune_solutions(maze.solutions)
        t2 = time.perf_counter()
        pipe.send(("ok", t1 - t0, t2 - t1, len(maze.solutions[0]), solution_cells(pruned[0])))
    except Exception as exc:
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        pipe.close()


def mazelib_once(solver_class, grid, start, end, limit):
    """One mazelib solve in a forked child, stopped after ``limit`` s (then None)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_mazelib_child, args=(send, solver_class, grid, start, end))
    child.start()
    send.close()
    try:
        result = receive.recv() if receive.poll(limit) else None
    except EOFError:
        result = ("failed", f"child process died (exit code {child.exitcode})")
    if child.is_alive():
        child.kill()
    child.join()
    receive.close()
    return result


def mazelib_best(solver_class, maze, args):
    """Best of --repeat mazelib solves: a dict with the times, or with 'failed'/'stopped'."""
    grid = mazelib_grid(maze)
    start, end = mazelib_entrances(maze)
    limit = 2 * args.mazelib_budget
    best = None
    for _ in range(args.repeat):
        result = mazelib_once(solver_class, grid, start, end, limit)
        if result is None:
            return {"stopped": limit}
        if result[0] == "failed":
            return {"failed": result[1]}
        _, walk, prune, walk_length, cells = result
        if best is None or walk + prune < best["total"]:
            best = {"total": walk + prune, "prune": prune, "walk": walk_length, "cells": cells}
        if walk + prune > args.no_repeat_over:
            break
    return best


# ---------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------


def warm_up():
    """Compile (or load from the Numba cache) everything timed below, on a 5x5 maze."""
    small = generate(5, 5, "kruskal", seed=SEED)
    for solve in TILEWRIGHT_SOLVERS.values():
        solve(small)
    png_bytes(small, style=PNG_STYLE)
    png_bytes(small, style=PNG_STYLE, path=shortest_path(small), heat=distances(small))
    svg_text(small, style=Style())
    b"".join(render(small.bands(), small.width, "unicode"))


def solve_tilewright(mazes, sizes, args):
    """{(function name, n): seconds}, and the table rows."""
    times, rows = {}, []
    for name, solve in TILEWRIGHT_SOLVERS.items():
        for n in sizes:
            maze = mazes[n]
            best = best_of(lambda s=solve, m=maze: s(m), args.repeat)
            times[name, n] = best.seconds
            rows.append([name, f"{n}x{n}", seconds(best.seconds), f"{n * n / best.seconds:,.0f}"])
            rows[-1].append(describe(name, best.result))
    return times, rows


def solve_mazelib(solvers, mazes, tw_times, args):
    rows, surprises = [], []
    sizes = sorted(args.mazelib_sizes)
    probe = max(2, sizes[0] // 2)
    for name, peer in MAZELIB_PEERS.items():
        if name not in solvers:
            continue
        solver_class = solvers[name]
        points = []  # (n, seconds) measured, for the estimates
        for n in sorted({probe, *sizes}):
            maze = mazes[n] if n in mazes else generate(n, n, "kruskal", seed=SEED)
            guess = estimate_seconds(points, n, exponent=2.0) if points else 0.0
            if guess > args.mazelib_budget:
                result = {"skipped": Skipped(guess)}
            else:
                result = mazelib_best(solver_class, maze, args)
            if "total" in result:
                points.append((n, result["total"]))
            elif "stopped" in result:
                points.append((n, result["stopped"]))
            if n not in sizes:
                continue
            tw = tw_times[peer, n]
            row = [name, peer, f"{n}x{n}", seconds(tw)]
            if "total" in result:
                want = shortest_path(maze)
                got = result["cells"]
                same = got.shape == want.shape and bool((got == want).all())
                row += [
                    seconds(result["total"]),
                    seconds(result["prune"]),
                    f"{result['walk']:,}",
                    speedup(result["total"], tw),
                    "yes" if same else f"no ({len(got):,} vs {len(want):,} cells)",
                ]
                if not same:
                    surprises.append(f"{name} at {n}x{n}: solution differs from tilewright's")
            else:
                if "skipped" in result:
                    text = str(result["skipped"])
                elif "stopped" in result:
                    text = f"stopped at {result['stopped']:.0f}s"
                else:
                    text = f"failed: {result['failed']}"
                    surprises.append(f"{name} at {n}x{n}: {text}")
                row += [text, "-", "-", "-", "-"]
            rows.append(row)
        print(f"  mazelib {name}: done", flush=True)
    return rows, surprises


def render_rows(mazes, sizes, args):
    rows = []
    for n in sizes:
        maze = mazes[n]
        path, heat = shortest_path(maze), distances(maze)
        calls = {
            "png_bytes": lambda m=maze: png_bytes(m, style=PNG_STYLE),
            "png_bytes + path + heat": lambda m=maze, p=path, h=heat: png_bytes(
                m, style=PNG_STYLE, path=p, heat=h
            ),
            "svg_text": lambda m=maze: svg_text(m, style=Style()),
            "text, unicode": lambda m=maze: b"".join(render(m.bands(), m.width, "unicode")),
        }
        for label, call in calls.items():
            best = best_of(call, args.repeat, args.no_repeat_over)
            out = best.result
            size = len(out.encode()) if isinstance(out, str) else len(out)
            rows.append([label, f"{n}x{n}", seconds(best.seconds), f"{size / 1e6:,.2f}"])
            out = best = None
    return rows


def text_rows(mazelib, mazes, sizes, args):
    rows = []
    for n in sizes:
        maze = mazes[n]
        tw = best_of(lambda m=maze: b"".join(render(m.bands(), m.width, "unicode")), args.repeat)
        peer = mazelib.Maze()
        peer.grid = mazelib_grid(maze)
        ml = best_of(peer.tostring, args.repeat, args.no_repeat_over)
        rows.append(
            [
                f"{n}x{n}",
                seconds(tw.seconds),
                f"{len(tw.result) / 1e6:.3f}",
                seconds(ml.seconds),
                f"{len(ml.result.encode()) / 1e6:.3f}",
                speedup(ml.seconds, tw.seconds),
            ]
        )
    return rows


def check(mazelib):
    """Show the conversion on a 5x4 maze: tilewright's path, mazelib's solution, both drawn."""
    maze = generate(5, 4, "kruskal", seed=SEED)
    print(b"".join(render(maze.bands(), maze.width, "ascii")).decode())
    print("tilewright shortest_path:", [tuple(map(int, c)) for c in shortest_path(maze)])
    if mazelib is None:
        return
    from mazelib.solve.ShortestPath import ShortestPath

    peer = mazelib.Maze()
    peer.grid = mazelib_grid(maze)
    peer.start, peer.end = mazelib_entrances(maze)
    peer.solver = ShortestPath()
    peer.solve()
    print(f"mazelib start {peer.start}, end {peer.end}; ShortestPath solution (grid):")
    print(" ", peer.solutions[0])
    print("  as cells:", [tuple(map(int, c)) for c in solution_cells(peer.solutions[0])])
    print(peer.tostring(entrances=True, solutions=True))


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])

    p.add_argument("--sizes", type=int_list, default=[1000, 4000], help="n for n x n mazes")
    p.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    p.add_argument("--mazelib-sizes", type=int_list, default=[50, 100, 200])
    p.add_argument(
        "--mazelib-budget",
        type=float,
        default=60.0,
        help="skip a mazelib size estimated over this (s); stop a run at twice it",
    )
    p.add_argument(
        "--no-repeat-over",
        type=float,
        default=20.0,
        help="a run longer than this (s) is not repeated",
    )
    p.add_argument("--check", action="store_true", help="only show the conversion on a 5x4 maze")
    return p.parse_args()


def main():
    args = parse_args()
    mazelib, solvers, notes = load_mazelib()
    if args.check:
        check(mazelib)
        return
    for note in notes:
        print(note)
    sizes = sorted(set(args.sizes))
    small = sorted(set(args.mazelib_sizes)) if mazelib else []
    all_sizes = sorted({*sizes, *small})
    print(
        f"Kruskal mazes, seed {SEED}, best of {args.repeat}; sizes {sizes}, mazelib sizes "
        f"{small}; {environment()}",
        flush=True,
    )

    warm_up()
    mazes = {n: generate(n, n, "kruskal", seed=SEED) for n in all_sizes}

    tw_times, rows = solve_tilewright(mazes, all_sizes, args)
    print_table(
        "1. tilewright solving (top-left to bottom-right)",
        ["solver", "size", "seconds", "cells/s", "result"],
        rows,
    )

    surprises = []
    if solvers:
        print("\nmazelib solving (forked child per run)...", flush=True)
        rows, surprises = solve_mazelib(solvers, mazes, tw_times, args)
        print_table(
            "1. mazelib solvers on the same mazes (x mazelib: how many times faster tilewright is)",
            [
                "mazelib",
                "tilewright",
                "size",
                "tilewright s",
                "mazelib s",
                "of which prune s",
                "raw length",
                "x mazelib",
                "agrees",
            ],
            rows,
        )
        print(
            "mazelib s = solve() with its default pruning; raw length = grid positions in the "
            "unpruned solution\n(the gaps between cells count, so 2 per step); agrees = after "
            "pruning, the same cells as tilewright's path."
        )
        for surprise in surprises:
            print(f"note: {surprise}")

    print_table(
        "2. tilewright rendering (Style(cell=4, wall=1) for PNG, Style() for SVG)",
        ["output", "size", "seconds", "MB"],
        render_rows(mazes, sizes, args),
    )
    print("note: path and heat map are computed before timing; only drawing is timed.")
    if mazelib:
        print(
            "note: mazelib has no image output (no PNG or SVG writer, no plotting); its only "
            "rendering,\ntostring() ('#' for walls), is the closest peer, compared below."
        )
        print_table(
            "2. text: tilewright render(..., 'unicode') beside mazelib tostring()",
            ["size", "tilewright s", "MB", "mazelib s", "MB", "x mazelib"],
            text_rows(mazelib, mazes, small, args),
        )


if __name__ == "__main__":
    main()
