"""Regenerate tests/fixtures/collection_grids from a checkout of the puzzle collection.

The fixtures are the 18 Loopy grids of Simon Tatham's Portable Puzzle Collection, dumped
face by face, edge by edge and dot by dot, so that tilewright's grids can be checked to be
the same grids in the same order. Only data enters this repository: the collection's code
stays in its checkout, and the small C driver below is written to a temporary folder,
compiled there against the checkout with gcc and run once per fixture.

Usage::

    python tools/collection_grid_fixtures.py PATH_TO_PUZZLES_CHECKOUT [--commit HASH]
        [--out tests/fixtures/collection_grids]

``--commit`` names the collection's commit the checkout holds; without it, it is read
with ``git rev-parse HEAD`` in the checkout (an exported tree has no git metadata).
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "collection_grids"

# The collection's files the driver links: grid.c and what it calls (tilings, the sorted
# tree that merges coincident dots, the SHA-1 random generator, allocation, the union-find
# that trims grids), and nullfe.c for the front-end functions misc.c and malloc.c name.
SOURCES = [
    "grid.c",
    "penrose.c",
    "penrose-legacy.c",
    "hat.c",
    "spectre.c",
    "tree234.c",
    "random.c",
    "malloc.c",
    "misc.c",
    "dsf.c",
    "nullfe.c",
]

# The seed string of the grids whose layout is random: with it the collection's Loopy
# draws the same grid description for a game ID "WxHtT#tilewright".
SEED = "tilewright"

# More patches of the random grids, each as the collection's Loopy draws it for the game
# "WxHtT#SEED": (our name, T, size, seed string).
MORE_RANDOM = (
    ("hats", 16, (12, 9), "tilewright-2"),
    ("hats", 16, (20, 20), "tilewright-3"),
    ("spectres", 17, (12, 9), "tilewright-2"),
    ("spectres", 17, (20, 20), "tilewright-3"),
)

# Grid descriptions tilewright writes (drawn from a seed), built by the collection: the
# check that a description tilewright writes names the same patch there.
# (our name, T, size, tilewright's seed).
WRITTEN = (
    ("hats", 16, (9, 7), 1),
    ("hats", 16, (15, 15), 2),
    ("spectres", 17, (9, 7), 1),
    ("spectres", 17, (15, 15), 2),
)

# (our name, the type's index T in Loopy's parameter string "WxHtT", three legal sizes).
# Loopy's minimums (loopy.c): 3×3 for most; Cairo at least 3 and one side 4; Floret 1 and
# one side 2; the dodecagonal kinds 2×2; hats and spectres 6×6. Each type gets a W ≠ H size
# so that a swapped width and height shows. Penrose starts at 5×4: at 3×3 (and P3 at 4×4)
# the collection's patch is often empty and Loopy itself aborts (for this seed too).
TYPES = (
    ("square", 0, ((3, 3), (5, 4), (7, 7))),
    ("triangular", 1, ((3, 3), (5, 4), (7, 7))),
    ("honeycomb", 2, ((3, 3), (5, 4), (7, 7))),
    ("snub-square", 3, ((3, 3), (5, 4), (7, 7))),
    ("cairo", 4, ((3, 4), (5, 4), (7, 7))),
    ("great-hexagonal", 5, ((3, 3), (5, 4), (7, 7))),
    ("octagonal", 6, ((3, 3), (5, 4), (7, 7))),
    ("kites", 7, ((3, 3), (5, 4), (7, 7))),
    ("floret", 8, ((1, 2), (5, 4), (7, 7))),
    ("dodecagonal", 9, ((2, 2), (5, 4), (7, 7))),
    ("great-dodecagonal", 10, ((2, 2), (5, 4), (7, 7))),
    ("penrose-p2", 11, ((5, 4), (7, 7), (10, 10))),
    ("penrose-p3", 12, ((5, 4), (7, 7), (10, 10))),
    ("great-great-dodecagonal", 13, ((2, 2), (5, 4), (7, 7))),
    ("kagome", 14, ((3, 3), (5, 4), (7, 7))),
    ("compass-dodecagonal", 15, ((2, 2), (5, 4), (7, 7))),
    ("hats", 16, ((6, 6), (8, 6), (10, 10))),
    ("spectres", 17, ((6, 6), (8, 6), (10, 10))),
)

# The driver: calls only the collection's public grid functions (grid.h, puzzles.h).
DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "puzzles.h"
#include "grid.h"

/* grid.h's enum in Loopy's order, so that argv[1] is the T of "WxHtT" */
static const grid_type by_loopy_index[] = {
    GRID_SQUARE, GRID_TRIANGULAR, GRID_HONEYCOMB, GRID_SNUBSQUARE, GRID_CAIRO,
    GRID_GREATHEXAGONAL, GRID_OCTAGONAL, GRID_KITE, GRID_FLORET, GRID_DODECAGONAL,
    GRID_GREATDODECAGONAL, GRID_PENROSE_P2, GRID_PENROSE_P3,
    GRID_GREATGREATDODECAGONAL, GRID_KAGOME, GRID_COMPASSDODECAGONAL, GRID_HATS,
    GRID_SPECTRES,
};

int main(int argc, char **argv)
{
    int i, j, tilesize, xextent, yextent;
    if (argc != 5) {
        fprintf(stderr, "usage: driver T W H SEED\n");
        return 2;
    }
    int t = atoi(argv[1]), w = atoi(argv[2]), h = atoi(argv[3]);
    const char *seed = argv[4];
    if (t < 0 || t >= (int)(sizeof by_loopy_index / sizeof *by_loopy_index)) {
        fprintf(stderr, "driver: no grid type %d\n", t);
        return 2;
    }
    grid_type type = by_loopy_index[t];
    const char *err = grid_validate_params(type, w, h);
    if (err) {
        fprintf(stderr, "driver: %s\n", err);
        return 2;
    }
    /* As the midend and Loopy's new_game_desc do: a random state from the seed
     * string, from which the grid description is the first thing drawn. */
    random_state *rs = random_new(seed, (int)strlen(seed));
    char *desc;
    if (seed[0] == '=') {
        /* a grid description given, not drawn: "=DESC" */
        desc = dupstr(seed + 1);
        err = grid_validate_desc(type, w, h, desc);
        if (err) {
            fprintf(stderr, "driver: %s\n", err);
            return 3;
        }
    } else {
        desc = grid_new_desc(type, w, h, rs);
    }
    grid *g = grid_new(type, w, h, desc);
    grid_compute_size(type, w, h, &tilesize, &xextent, &yextent);

    printf("{\"grid_desc\":");
    if (desc)
        printf("\"%s\"", desc);   /* digits, commas and letters only */
    else
        printf("null");
    printf(",\"tilesize\":%d,\"extent\":[%d,%d]", g->tilesize, xextent, yextent);
    printf(",\"bbox\":[%d,%d,%d,%d]", g->lowest_x, g->lowest_y, g->highest_x,
           g->highest_y);
    printf(",\"dots\":[");
    for (i = 0; i < g->num_dots; i++)
        printf("%s[%d,%d]", i ? "," : "", g->dots[i]->x, g->dots[i]->y);
    printf("],\"faces\":[");
    for (i = 0; i < g->num_faces; i++) {
        grid_face *f = g->faces[i];
        printf("%s[", i ? "," : "");
        for (j = 0; j < f->order; j++)
            printf("%s%d", j ? "," : "", f->dots[j]->index);
        printf("]");
    }
    printf("],\"edges\":[");
    for (i = 0; i < g->num_edges; i++) {
        grid_edge *e = g->edges[i];
        printf("%s[%d,%d,%d,%d]", i ? "," : "", e->dot1->index, e->dot2->index,
               e->face1 ? e->face1->index : -1, e->face2 ? e->face2->index : -1);
    }
    printf("]}\n");
    grid_free(g);
    sfree(desc);
    random_free(rs);
    return 0;
}
"""


def source_commit(checkout: Path, given: str | None) -> str:
    """The collection's commit: the one given, else the checkout's HEAD."""
    if given:
        return given
    done = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit("collection_grid_fixtures: not a git checkout; name its commit with --commit")
    return done.stdout.strip()


def build_driver(checkout: Path, folder: Path) -> Path:
    """Write the driver into ``folder`` and compile it against the checkout."""
    missing = [name for name in SOURCES if not (checkout / name).is_file()]
    if missing:
        sys.exit(f"collection_grid_fixtures: {checkout} lacks {', '.join(missing)}")
    (folder / "driver.c").write_text(DRIVER)
    program = folder / "driver"
    command = ["gcc", "-O1", "-std=gnu99", f"-I{checkout}", "-o", str(program)]
    command += [str(folder / "driver.c"), *(str(checkout / name) for name in SOURCES), "-lm"]
    subprocess.run(command, check=True)
    return program


def fixture(
    program: Path, name: str, index: int, size: tuple[int, int], commit: str, seed: str = SEED
) -> dict:
    """One grid as the driver prints it, with what names and reproduces it first; ``seed``
    is the seed string, or ``=`` and a grid description to build."""
    width, height = size
    done = subprocess.run(
        [str(program), str(index), str(width), str(height), seed], capture_output=True, text=True
    )
    if done.returncode != 0 or '"faces":[]' in done.stdout:
        why = done.stderr.strip() or "an empty grid"
        sys.exit(f"collection_grid_fixtures: {name} {width}x{height}: {why}")
    grid = json.loads(done.stdout)
    # The triangular description "0" is fixed (the layout without corner "ears"), not drawn.
    random_layout = grid["grid_desc"] not in (None, "0")
    head = {
        "type": name,
        "loopy_type": index,
        "loopy_params": f"{width}x{height}t{index}",
        "width": width,
        "height": height,
        "seed": seed if random_layout and not seed.startswith("=") else None,
        "source_commit": commit,
    }
    return head | grid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="the puzzle collection's source tree")
    parser.add_argument("--commit", help="the collection's commit the tree holds")
    parser.add_argument("--out", type=Path, default=OUT, help="where the JSON files go")
    arguments = parser.parse_args()
    checkout = arguments.checkout.resolve()
    commit = source_commit(checkout, arguments.commit)
    arguments.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        program = build_driver(checkout, Path(scratch))
        for name, index, sizes in TYPES:
            for size in sizes:
                data = fixture(program, name, index, size, commit)
                write(arguments.out / f"{name}-{size[0]}x{size[1]}.json", data)
        for name, index, size, seed in MORE_RANDOM:
            data = fixture(program, name, index, size, commit, seed)
            write(arguments.out / f"{name}-{size[0]}x{size[1]}-{seed}.json", data)
        for name, index, size, ours in WRITTEN:
            description = written_description(name, size, ours)
            data = fixture(program, name, index, size, commit, "=" + description)
            data["written_by"] = f"tilewright, seed {ours}"
            write(arguments.out / f"{name}-{size[0]}x{size[1]}-written-{ours}.json", data)


def written_description(name: str, size: tuple[int, int], seed: int) -> str:
    """The grid description tilewright draws for ``name`` at ``size`` from ``seed``."""
    from tilewright.aperiodic.hat.collection_grid import hats_description
    from tilewright.aperiodic.spectre.collection_grid import spectres_description

    describe = {"hats": hats_description, "spectres": spectres_description}[name]
    return describe(*size, seed=seed)


def write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{path.name}: {len(data['faces'])} faces, {len(data['edges'])} edges")


if __name__ == "__main__":
    main()
