"""The hostile survey's classes for limits: huge and thin regions in little memory, whole
commands under small address-space caps, and picture sizes given to the library.

What must hold besides the survey's rules (``hostile_harness.judge``): a tiling's text of
any region streams in bounded memory (its run is stopped by SIGINT, never by the memory
cap), a picture too large is refused before work; a command short of memory exits 2 with
one line that says so (never 1, which ``rect solve`` gives for "no solution", nor 70);
a picture from the library has finite sizes of sane length, or is refused.
"""

import random
from pathlib import Path

from hostile_harness import Case

LIMIT_CLASSES = {
    "regions": "huge and thin regions",
    "caps": "memory caps",
    "pictures": "picture sizes (library)",
}

# --- huge and thin regions --------------------------------------------------------------

# The address space a tiling's text may take: a Spectre walk needs well under half of it.
REGION_MEMORY = 1536 << 20
REGIONS = ("100000000x100000000", "100000000x10", "10x100000000", "1000000x1000000")
PICTURES = ("100000x100000", "20000x20000")


def region_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    del base  # nothing to make first
    cases = []
    for family in ("hat", "spectre"):
        for region in REGIONS:
            for fmt, output in (("csv", "out.csv"), ("jsonl", "out.jsonl"), ("parquet", "out")):
                cases.append(
                    Case(
                        "regions",
                        (family, region, "-s", "1", "-f", fmt, "-o", output),
                        output,
                        # the Spectre refuses regions too thin for its floats, and both a
                        # Parquet band past memory (a band's rows are built whole)
                        expect="ok" if family == "hat" and fmt != "parquet" else "held",
                        memory=REGION_MEMORY,
                        interrupt=6.0,
                        resumable=fmt == "parquet",
                        slow=True,
                    )
                )
        for region in PICTURES:
            for suffix in ("png", "svg", "pdf"):
                argv = (family, region, "-s", "1", "-o", f"x.{suffix}")
                cases.append(Case("regions", argv, f"x.{suffix}", memory=REGION_MEMORY))
    for argv in (
        ("maze", "100000x100000", "-o", "x.png"),
        ("maze", "30000x30000", "-o", "x.svg"),
        ("maze", "20000x20000", "--grid", "hex", "-o", "x.svg"),
        ("tromino", "tile", "100000x100000", "--missing", "0,0", "-o", "x.png"),
        ("tromino", "tile", "30001x30001", "--method", "random", "-s", "1", "-o", "x.png"),
        ("rect", "generate", "5000x5000", "-s", "1", "-o", "x.svg"),
    ):
        cases.append(Case("regions", argv, argv[-1], memory=REGION_MEMORY, slow=True))
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- whole commands under small memory caps ---------------------------------------------

CAPPED = (
    ("maze", "5x5", "-s", "1"),
    ("maze", "30x20", "-s", "1", "-o", "out.png"),
    ("maze", "20x20", "--grid", "hex", "-s", "1", "-o", "out.svg"),
    ("rect", "solve", "4x4:a2a2a2a3_2_2c3b"),  # one solution
    ("rect", "generate", "7x7", "-s", "1"),
    ("tromino", "tile", "8x8", "--missing", "0,0"),
    ("tromino", "classic", "8", "1", "1"),
    ("tromino", "tile", "40x25", "--method", "random", "-s", "1"),
    ("spectre", "3x3", "-s", "1", "-f", "csv"),
    ("hat", "3x3", "-s", "1", "-f", "csv"),
    ("dataset", "mazes", "5x5", "--count", "10", "-s", "1", "-o", "out"),
    ("maze", "9x7", "-a", "wilson", "-s", "1", "-o", "out.npz"),
    ("--version",),
)


def cap_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    del base
    cases = []
    for megabytes in (200, 300, 500):
        for argv in CAPPED:
            output = argv[-1] if "-o" in argv else None
            cases.append(
                Case(
                    "caps",
                    argv,
                    output,
                    memory=megabytes << 20,
                    checks=(("exit", 0, 2), ("says", "memory")),
                    starved=True,
                )
            )
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- picture sizes through the library --------------------------------------------------

# Each family's picture, made small, saved with one size argument set to a value.
SAVES = {
    "maze": ("from tilewright.mazes import generate\nitem = generate(6, 4, seed=1)", "cell"),
    "maze-wall": ("from tilewright.mazes import generate\nitem = generate(6, 4, seed=1)", "wall"),
    "grid-maze": (
        "from tilewright.core.grids import hex_grid\n"
        "from tilewright.mazes.grid_maze import generate_on\n"
        "item = generate_on(hex_grid(6, 4), 'wilson', seed=1)",
        "cell",
    ),
    "tromino": (
        "from tilewright.tromino import generate\nitem = generate(8, 8, missing=(0, 0))",
        "cell",
    ),
    "rect": (
        "from tilewright.rectangles import Params, generate\nitem = generate(Params(7, 7), seed=1)",
        "cell",
    ),
    "spectre": (
        "from tilewright.aperiodic import generate\nitem = generate(4, 4, seed=1)",
        "scale",
    ),
    "hat-scale": (
        "from tilewright.aperiodic import generate_hats\nitem = generate_hats(4, 4, seed=1)",
        "scale",
    ),
    "hat-shape": (
        "from tilewright.aperiodic import generate_hats\nitem = generate_hats(4, 4, seed=1)",
        "shape",
    ),
}
NUMBERS = (
    "float('nan')",
    "float('inf')",
    "-float('inf')",
    "1e308",
    "1e300",
    "1e-300",
    "0",
    "-1",
    "0.5",
    "10**30",
    "True",
    "'12'",
    "None",
)
SHAPES = (
    "(1e308, 1e308)",
    "(1e300, 1)",
    "(1e-300, 1e-300)",
    "(float('nan'), 1)",
    "(1, float('inf'))",
    "(0, 0)",
    "(-1, 1)",
    "(1,)",
    "()",
    "'ab'",
    "(10**400, 1)",
)


def picture_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    del base
    cases = []
    for make, argument in SAVES.values():
        for value in SHAPES if argument == "shape" else NUMBERS:
            for suffix in ("svg", "png", "pdf"):
                code = f"{make}\nitem.save('x.{suffix}', {argument}={value})"
                cases.append(
                    Case(
                        "pictures",
                        (code,),
                        f"x.{suffix}",
                        api=True,
                        checks=(("picture", f"x.{suffix}", suffix),),
                    )
                )
    return cases if total >= len(cases) else rng.sample(cases, total)


def limit_cases(kind: str, rng: random.Random, total: int, base: Path) -> list[Case]:
    """The cases of one of ``LIMIT_CLASSES``."""
    builders = {"regions": region_cases, "caps": cap_cases, "pictures": picture_cases}
    return builders[kind](rng, total, base)
