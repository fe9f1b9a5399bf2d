"""Loopy generation: tilewright beside the collection's C generator, in one run.

Run from the repository root:

    python benchmarks/loopy.py [--collection PATH] [--grids square,hats] [--sizes 20,40]
        [--levels easy,hard] [--seeds 5] [--budget 30] [--big 100x100t17dh,...] [--quick]

What it measures, and why
-------------------------
For each grid (by default the square, honeycomb, Penrose P2 and P3, hat and Spectre
grids), size (20x20 and 40x40) and difficulty, the processor seconds of making one puzzle
with ``tilewright.loopy.generate`` (``time.process_time``, in this process, after a
warm-up call at 10x10 that loads the compiled kernels), over ``--seeds`` seeds (1 to N).
With ``--collection PATH`` (a checkout of the collection's source), the collection's own
generator is built by ``tools/loopy_reference.py`` (a small C driver of ours, compiled
with ``gcc -O2`` in a temporary folder) and timed on as many seed strings (``bench-1`` to
``bench-N``; the processor seconds of its ``new_desc``, measured in the C process). A
generator's time varies by a factor of several from seed to seed (it draws, grades and
throws away boards until one is exactly as hard as asked), so the figures are the least
and the median over the seeds, and the ratio is that of the medians: how many times
faster tilewright is.

The collection also grades the IDs tilewright makes (its standalone solver, ``-g``): the
last column says how many it rates at the level asked, and what it rates the others. A
generator that makes puzzles of another grade than asked is not doing the same work.

The collection takes minutes at 40x40 (a Hard Spectre puzzle, about 20 s): a cell stops
taking more seeds once either side has spent ``--budget`` seconds on it.

Last, tilewright alone at sizes the collection does not reach in minutes (``--big``: by
default 100x100 Spectres and hats at Hard, 1000x1000 square at Easy), each in a fresh
process: the processor seconds of one puzzle after the warm-up, and the process's peak
resident memory (``ru_maxrss``) before and after it.

Figures are printed; none are stored here.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from _harness import environment, print_table, speedup

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from loopy_reference import (  # noqa: E402  (tools/ is put on the path just above)
    LEVELS,
    Built,
    build,
    collection_generate,
    collection_grade,
)

from tilewright.loopy import Params, parse_params  # noqa: E402
from tilewright.registry import LOOPY_TYPES  # noqa: E402

GRIDS = ("square", "honeycomb", "penrose-p2", "penrose-p3", "hats", "spectres")
BIG = ("100x100t17dh", "100x100t16dh", "1000x1000t0de")
QUICK = {"grids": "square,spectres", "sizes": "20", "levels": "easy,hard", "seeds": 2}
# the cell; tilewright's seeds and seconds; the collection's; the ratio; its grades of ours
HEADERS = ("grid", "size", "level", "faces", "seeds", "tilewright s")
HEADERS += ("seeds", "collection s", "x", "graded")
# the size of the warm-up puzzle: every grid type takes it
WARM_SIZE = 10

BIG_RUN = """
import resource, sys, time
from tilewright.loopy import generate, parse_params
params = parse_params(sys.argv[1])
generate(f"{sys.argv[2]}x{sys.argv[2]}t{params.type_index}d{params.difficulty[0]}", seed=0)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
made = generate(params, seed=1)
seconds = time.process_time() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, before, after, len(made.game_id))
"""


def our_generate():
    """``tilewright.loopy.generate``, or stop with one line when tilewright lacks it."""
    import tilewright.loopy

    generate = getattr(tilewright.loopy, "generate", None)
    if generate is None:
        print("loopy.py: tilewright.loopy has no generate() yet; nothing to time", file=sys.stderr)
        raise SystemExit(2)
    return generate


@dataclass
class Cell:
    """One grid, size and difficulty: both sides' seconds and the collection's grades of
    tilewright's IDs."""

    params: Params
    faces: int = 0
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    grades: Counter = field(default_factory=Counter)


def measure(params: Params, seeds: int, budget: float, built: Built | None, generate) -> Cell:
    """Time ``seeds`` puzzles of ``params`` on each side, stopping a side at ``budget``
    seconds spent, and have the collection grade tilewright's."""
    cell = Cell(params)
    warm = Params(WARM_SIZE, WARM_SIZE, params.grid, params.difficulty)
    generate(warm.text, seed=0)
    made = []
    for seed in range(1, seeds + 1):
        start = time.process_time()
        made.append(generate(params.text, seed=seed))
        cell.ours.append(time.process_time() - start)
        if sum(cell.ours) > budget:
            break
    cell.faces = len(made[0].puzzle.clues)
    if built is None:
        return cell
    for seed in range(1, seeds + 1):
        [(_, seconds)] = collection_generate(built.generator, params.text, f"bench-{seed}", 1)
        cell.theirs.append(seconds)
        if sum(cell.theirs) > budget:
            break
    for one in made:
        cell.grades[collection_grade(built.solver, one.game_id)] += 1
    return cell


def spread(seconds: list[float]) -> str:
    """``least / median`` of ``seconds``, or ``-``."""
    if not seconds:
        return "-"
    return f"{min(seconds):.3g} / {statistics.median(seconds):.3g}"


def graded(cell: Cell) -> str:
    """How many of tilewright's IDs the collection grades at the level asked, and the
    others' grades."""
    if not cell.grades:
        return "-"
    asked = cell.grades[cell.params.difficulty]
    others = ", ".join(f"{n} {g}" for g, n in cell.grades.items() if g != cell.params.difficulty)
    return f"{asked}/{cell.grades.total()}" + (f" ({others})" if others else "")


def row(cell: Cell) -> tuple:
    theirs = statistics.median(cell.theirs) if cell.theirs else None
    return (
        cell.params.grid,
        f"{cell.params.width}x{cell.params.height}",
        cell.params.difficulty,
        f"{cell.faces:,}",
        len(cell.ours),
        spread(cell.ours),
        len(cell.theirs) or "-",
        spread(cell.theirs),
        speedup(theirs, statistics.median(cell.ours)),
        graded(cell),
    )


def big_row(text: str, timeout: float) -> tuple:
    """tilewright alone at ``text`` (``WxHtTdD``), in a fresh process stopped after
    ``timeout`` seconds."""
    params = parse_params(text)
    name = (params.grid, f"{params.width}x{params.height}", params.difficulty)
    try:
        done = subprocess.run(
            [sys.executable, "-c", BIG_RUN, text, str(WARM_SIZE)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return (*name, f"over {timeout:g} s", "", "", "")
    if done.returncode != 0:
        return (*name, "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1], "", "", "")
    seconds, before, after, length = done.stdout.split()
    return (
        *name,
        f"{float(seconds):.3g}",
        f"{int(before) / 1024:.0f}",
        f"{int(after) / 1024:.0f}",
        f"{int(length):,}",
    )


def grid_name(text: str) -> str:
    """``text``, checked to name one of Loopy's grids."""
    names = [name for name, _, _ in LOOPY_TYPES]
    if text not in names:
        raise argparse.ArgumentTypeError(f"no Loopy grid {text!r}; one of {', '.join(names)}")
    return text


def level_name(text: str) -> str:
    """A difficulty as ``easy`` … ``hard``, given whole or by its first letter."""
    for level in LEVELS:
        if text in (level, level[0]):
            return level
    raise argparse.ArgumentTypeError(f"a difficulty is one of {', '.join(LEVELS)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--collection", type=Path, help="a checkout of the collection's source")
    parser.add_argument("--grids", default=",".join(GRIDS), help="grid names, comma-separated")
    parser.add_argument("--sizes", default="20,40", help="square sizes, comma-separated")
    parser.add_argument("--levels", default=",".join(LEVELS), help="difficulties (or e,n,t,h)")
    parser.add_argument("--seeds", type=int, default=5, help="puzzles a side makes per cell")
    parser.add_argument("--budget", type=float, default=30.0, help="CPU seconds a side a cell")
    parser.add_argument("--big", default=",".join(BIG), help="tilewright-only WxHtTdD, or none")
    parser.add_argument("--big-timeout", type=float, default=900, help="seconds a --big run")
    parser.add_argument("--quick", action="store_true", help="square and Spectres, 20x20, two")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(QUICK, big="none")
    generate = our_generate()
    try:
        levels = [level_name(text) for text in args.levels.split(",")]
        cells = [
            Params(int(size), int(size), grid_name(grid), level)
            for grid in args.grids.split(",")
            for size in args.sizes.split(",")
            for level in levels
        ]
        for params in cells:
            parse_params(params.text)  # the grid's least size
        big = [parse_params(text).text for text in args.big.split(",") if args.big != "none"]
    except (ValueError, argparse.ArgumentTypeError) as error:
        print(f"loopy.py: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(environment())
    if args.collection is None:
        print("note: no --collection: tilewright's figures alone, no ratio and no grades")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        built = build(args.collection, Path(folder)) if args.collection else None
        for params in cells:
            cell = measure(params, args.seeds, args.budget, built, generate)
            rows.append(row(cell))
            print("  ".join(map(str, rows[-1])), file=sys.stderr, flush=True)
    print_table(
        "Loopy generation (CPU s a puzzle, least / median over the seeds; x: the "
        "collection's median over tilewright's; graded: the collection's grade of "
        "tilewright's IDs, how many at the level asked)",
        HEADERS,
        rows,
    )
    if big:
        print_table(
            "tilewright alone, one puzzle in a fresh process (CPU s after a warm-up; "
            "peak resident MB before and after it; the ID's length)",
            ["grid", "size", "level", "CPU s", "MB before", "MB after", "ID chars"],
            [big_row(text, args.big_timeout) for text in big],
        )


if __name__ == "__main__":
    main()
