"""Building the puzzle collection's grids: tilewright beside the collection's own C, in one run.

Run from the repository root:

    python benchmarks/grid_build.py [--collection PATH] [--faces 10000] [--repeat 10]

What it measures, and why
-------------------------
For each of the collection's grid types tilewright builds (``square``, ``honeycomb``,
``octagonal`` and those of ``tilewright.core.collection_grids``), at the size nearest
``--faces`` faces: the processor time of building the grid and of reading its planar map
(``core.planar_map.planar_map``: dots, edges and faces numbered as the collection numbers
them), the best of ``--repeat`` runs. With ``--collection PATH`` (a checkout of the
collection's source), a small C driver of ours is written to a temporary folder, compiled
against it with ``gcc -O2`` and timed calling the collection's ``grid_new`` for the same
type and size (the mean of as many builds as fit in about a second): the ratio is how
many times faster tilewright is. The two build the same grid (``tests/core``).

The best of several runs leaves out what only a process's first build pays: loading the
compiled kernels from Numba's cache. A fresh process for each grid type times its first
build and map apart ("first call", processor seconds, tilewright already imported).

Figures are printed; none are stored here.
"""

import argparse
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _harness import environment, print_table, speedup

from tilewright.core.grids import GRID_KINDS
from tilewright.core.planar_map import planar_map

ROOT = Path(__file__).resolve().parent.parent
# the collection's Loopy type numbers (the T of its WxHtT parameters) of the grids built here
LOOPY_TYPES = {
    "square": 0,
    "triangular": 1,
    "honeycomb": 2,
    "snub-square": 3,
    "cairo": 4,
    "great-hexagonal": 5,
    "octagonal": 6,
    "kites": 7,
    "floret": 8,
    "dodecagonal": 9,
    "great-dodecagonal": 10,
    "great-great-dodecagonal": 13,
    "kagome": 14,
    "compass-dodecagonal": 15,
}
DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "puzzles.h"
#include "grid.h"
static const grid_type order[] = {
    GRID_SQUARE, GRID_TRIANGULAR, GRID_HONEYCOMB, GRID_SNUBSQUARE, GRID_CAIRO,
    GRID_GREATHEXAGONAL, GRID_OCTAGONAL, GRID_KITE, GRID_FLORET, GRID_DODECAGONAL,
    GRID_GREATDODECAGONAL, GRID_PENROSE_P2, GRID_PENROSE_P3, GRID_GREATGREATDODECAGONAL,
    GRID_KAGOME, GRID_COMPASSDODECAGONAL,
};
int main(int argc, char **argv)
{
    int t = atoi(argv[1]), w = atoi(argv[2]), h = atoi(argv[3]), n = 0, faces = 0;
    random_state *rs = random_new("x", 1);
    char *desc = grid_new_desc(order[t], w, h, rs);
    clock_t start = clock();
    while (clock() - start < CLOCKS_PER_SEC) {
        grid *g = grid_new(order[t], w, h, desc);
        faces = g->num_faces;
        grid_free(g);
        n++;
    }
    printf("%d %.9f\n", faces, (double)(clock() - start) / CLOCKS_PER_SEC / n);
    return 0;
}
"""


def compiled_driver(checkout: Path, folder: Path) -> Path:
    """The C driver built against the collection's ``checkout`` in ``folder``."""
    sys.path.insert(0, str(ROOT / "tools"))
    from collection_grid_fixtures import SOURCES

    source = folder / "gridtime.c"
    source.write_text(DRIVER)
    program = folder / "gridtime"
    files = [str(checkout / name) for name in SOURCES]
    subprocess.run(
        ["gcc", "-O2", f"-I{checkout}", "-o", str(program), str(source), *files, "-lm"],
        check=True,
        capture_output=True,
    )
    return program


def side_for(name: str, faces: int) -> int:
    """The side of the square size whose grid has about ``faces`` faces."""
    per_place = GRID_KINDS[name].build((10, 10)).num_cells / 100
    return max(2, round(math.sqrt(faces / per_place)))


def ours(name: str, side: int, repeat: int) -> tuple[int, float, float]:
    """Faces, and the best processor seconds of building the grid and of its map."""
    kind = GRID_KINDS[name]
    grid = kind.build((side, side))
    planar_map(grid)
    build = plan = math.inf
    for _ in range(repeat):
        start = time.process_time()
        grid = kind.build((side, side))
        middle = time.process_time()
        planar_map(grid)
        build = min(build, middle - start)
        plan = min(plan, time.process_time() - middle)
    return grid.num_cells, build, plan


FIRST_CALL = """
import sys, time
from tilewright.core.grids import GRID_KINDS
from tilewright.core.planar_map import planar_map
start = time.process_time()
planar_map(GRID_KINDS[sys.argv[1]].build((int(sys.argv[2]),) * 2))
print(time.process_time() - start)
"""


def first_call(name: str, side: int) -> float:
    """Processor seconds of a fresh process's first build and map of grid ``name``."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_CALL, name, str(side)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--collection", type=Path, help="a checkout of the collection's source")
    parser.add_argument("--faces", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    print(environment())
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        program = compiled_driver(args.collection, Path(folder)) if args.collection else None
        for name, number in LOOPY_TYPES.items():
            side = side_for(name, args.faces)
            faces, build, plan = ours(name, side, args.repeat)
            theirs: float | None = None
            if program is not None:
                done = subprocess.run(
                    [str(program), str(number), str(side), str(side)],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                their_faces, seconds = done.stdout.split()
                assert int(their_faces) == faces, (name, their_faces, faces)
                theirs = float(seconds)
            rows.append(
                (
                    f"{name} {side}x{side}",
                    f"{faces:,}",
                    f"{build * 1e3:.2f}",
                    f"{plan * 1e3:.2f}",
                    "-" if theirs is None else f"{theirs * 1e3:.2f}",
                    speedup(theirs, build + plan),
                    f"{first_call(name, side) * 1e3:.0f}",
                )
            )
    print_table(
        "building the collection's grids (CPU ms a build; x: tilewright's grid and map "
        "against the collection's grid_new; first call: a fresh process's first grid and map)",
        ["grid", "faces", "grid (ms)", "map (ms)", "collection (ms)", "x", "first call (ms)"],
        rows,
    )


if __name__ == "__main__":
    main()
