"""The hostile survey's classes for data at rest: dataset folders tampered with between runs,
Zarr targets, huge counts in tiny parts, and Dask runs that fail.

Each builder makes what its cases start from once, under the survey's folder (a clean
dataset, a tilewright Zarr array, a Zarr group), and each case copies it into its own
folder, damages it as a careless or hostile hand would, and runs a command or a library
call on it. What must hold besides the survey's rules (``hostile_harness.judge``): a
damaged dataset is never served as data (reading it is refused, naming the part; a rerun
makes it whole again, the same bytes as the clean one); another dataset's parts are never
replaced; nothing outside the output is written through a link inside it; a Zarr target is
replaced only when it is an array tilewright wrote.
"""

import os
import random
import subprocess
import sys
from pathlib import Path

from hostile_harness import COMMAND, Case

DATA_CLASSES = {
    "tamper": "dataset folders tampered",
    "zarr": "Zarr targets",
    "parts": "huge counts, tiny parts",
    "dask": "Dask faults",
}

# The clean dataset every tamper case starts from, and its rerun.
DATASET = ("dataset", "mazes", "9x9", "-a", "wilson", "--count", "600")
DATASET += ("--part-size", "200", "-s", "1", "-o", "data")
PARTS = ("part-00000.parquet", "part-00001.parquet", "part-00002.parquet")
OTHER_SEED = (*DATASET[:-3], "2", "-o", "data")
OTHER_CONFIG = ("dataset", "mazes", "9x9", "-a", "kruskal", "--count", "600")
OTHER_CONFIG += ("--part-size", "200", "-s", "1", "-o", "data")
OTHER_FAMILY = ("dataset", "tromino", "8x8", "--count", "600", "--part-size", "200")
OTHER_FAMILY += ("-s", "1", "-o", "data")
# The library's readers of a dataset, each of which must refuse a damaged part.
READERS = {
    "load": "from tilewright.datasets import load; load('data')",
    "iter_mazes": "from tilewright.datasets import iter_mazes\nfor _ in iter_mazes('data'): pass",
    "connection_lists": (
        "from tilewright.datasets import connection_lists, load\nconnection_lists(load('data'))"
    ),
    "to_maze_dataset": ("from tilewright.datasets import to_maze_dataset; to_maze_dataset('data')"),
}
OUTSIDE = b"a file outside the dataset\n"


def _made(folder: Path, argv: tuple[str, ...]) -> None:
    """Run ``tilewright argv`` in ``folder``; it must succeed (a reference)."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [*COMMAND, *argv], cwd=folder, capture_output=True, stdin=subprocess.DEVNULL, timeout=600
    )
    if done.returncode != 0:
        raise SystemExit(f"making {folder.name} failed: {done.stderr.decode()[-500:]}")


def _python(folder: Path, code: str) -> None:
    """Run ``code`` in ``folder`` with this interpreter; it must succeed (a reference)."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, timeout=300
    )
    if done.returncode != 0:
        raise SystemExit(f"making {folder.name} failed: {done.stderr.decode()[-500:]}")


# --- tampered dataset folders -----------------------------------------------------------


def tamper_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    clean, other = base / "tamper-clean", base / "tamper-other"
    _made(clean, DATASET)
    _made(other, OTHER_SEED)
    reference = str(clean / "data")
    copy = ("copy", "data", reference)
    size = os.path.getsize(clean / "data" / PARTS[1])

    def rerun(*setup, expect="ok", checks=(("same", "data", reference),)):
        return Case("tamper", DATASET, "data", expect, setup=(copy, *setup), checks=checks)

    def read(reader, *setup):
        return Case(
            "tamper",
            (READERS[reader],),
            expect="error",
            setup=(copy, *setup),
            checks=(("says", "part-0000"),),
            api=True,
        )

    part = f"data/{PARTS[1]}"
    damages = [
        *[("flip", part, rng.randrange(size), rng.randrange(8)) for _ in range(24)],
        ("flip", part, 4, 0),  # the magic number at the start
        ("flip", part, size - 5, 3),  # the footer's length
        ("truncate", part, size // 2),
        ("truncate", part, 0),
        ("append", part, b"\0" * 7),
        ("write", part, b"PAR1 not a part at all PAR1"),
    ]
    swapped = (
        ("rename", f"data/{PARTS[0]}", "data/swap"),
        ("rename", part, f"data/{PARTS[0]}"),
        ("rename", "data/swap", part),
    )
    cases = []
    for damage in damages:
        cases.append(rerun(damage, checks=(("same", "data", reference), ("stderr", PARTS[1]))))
        cases.append(read(rng.choice(list(READERS)), damage))
        # with no manifest (as an interrupted run leaves the folder) the footer must tell
        cases.append(rerun(("remove", "data/.manifest.json"), damage))
    cases += [rerun(*swapped), read("load", *swapped), read("iter_mazes", *swapped)]
    for reader in READERS:
        cases.append(read(reader, damages[0]))
    # a refused run leaves every part as it was
    refused = tuple(("same", f"data/{name}", f"{reference}/{name}") for name in PARTS)
    foreign = ("copy", part, str(other / "data" / PARTS[1]))
    for argv in (OTHER_SEED, OTHER_CONFIG, OTHER_FAMILY):
        for setup in ((), (("remove", "data/.manifest.json"),)):
            cases.append(Case("tamper", argv, expect="error", setup=(copy, *setup), checks=refused))
    cases += [
        Case("tamper", DATASET, expect="error", setup=(copy, ("remove", part), foreign)),
        Case(
            "tamper",
            DATASET,
            expect="error",
            setup=(copy, ("remove", "data/.manifest.json"), ("remove", part), foreign),
        ),
        # a link in the way inside the folder is never written through
        rerun(
            ("remove", part),
            ("link", part, "../outside.parquet"),
            expect="held",
            checks=(("absent", "outside.parquet"),),
        ),
        rerun(
            ("write", "outside.parquet", OUTSIDE),
            ("remove", part),
            ("link", part, "../outside.parquet"),
            expect="held",
            checks=(("content", "outside.parquet", OUTSIDE),),
        ),
        rerun(
            ("remove", "data/.manifest.json"),
            ("link", "data/.manifest.json", "../outside.json"),
            expect="held",
            checks=(("absent", "outside.json"),),
        ),
        rerun(("write", "data/.manifest.json", b"{not json"), expect="held", checks=()),
        rerun(("write", "data/.manifest.json", b"[]"), expect="held", checks=()),
        # a folder that is a loop of links, and runs refused before any work
        Case(
            "tamper",
            (*DATASET[:-1], "loop"),
            expect="error",
            setup=(("link", "loop", "loop"),),
            checks=(("says", "link"),),
        ),
        Case(
            "tamper",
            (
                "dataset",
                "mazes",
                "9x9",
                "--count",
                "10",
                "--where",
                "solution_length>=1e999",
                "-o",
                "new",
            ),
            expect="error",
            checks=(("absent", "new"),),
        ),
        Case(
            "tamper",
            (
                "dataset",
                "mazes",
                "2x2",
                "--count",
                "50",
                "--part-size",
                "10",
                "--unique",
                "-s",
                "1",
                "-o",
                "new",
            ),
            expect="error",
            checks=(("absent", "new"),),
        ),
    ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- Zarr targets -----------------------------------------------------------------------

ZARR_COMMANDS = {
    "tromino": ("tromino", "tile", "64x64", "--missing", "0,0", "-o", "t.zarr"),
    "maze": ("maze", "40x30", "-s", "1", "-o", "t.zarr"),
}
# A Zarr group with an array in it, and an array written by someone else: made by zarr.
GROUP = """
import numpy as np, zarr
group = zarr.open_group("t.zarr", mode="w")
group.create_array("labels", shape=(4, 4), dtype="int32")[:] = np.arange(16).reshape(4, 4)
"""
FOREIGN_ARRAY = """
import zarr
zarr.create_array("t.zarr", shape=(8, 8), dtype="int32")[:] = 7
"""


def zarr_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    made = {}
    for family, argv in ZARR_COMMANDS.items():
        made[family] = base / f"zarr-{family}"
        _made(made[family], argv)
    group, foreign = base / "zarr-group", base / "zarr-foreign"
    for folder, code in ((group, GROUP), (foreign, FOREIGN_ARRAY)):
        folder.mkdir()
        _python(folder, code)
    cases = []
    for family, argv in ZARR_COMMANDS.items():
        ours = str(made[family] / "t.zarr")

        def case(*setup, expect="error", checks=(), a=argv):
            return Case("zarr", a, "t.zarr", expect, setup=setup, checks=checks)

        def kept(source):
            return case(("copy", "t.zarr", source), checks=(("same", "t.zarr", source),))

        stale = ".t.zarr.partial-0123abcd"
        cases += [
            case(("copy", "t.zarr", ours), expect="ok", checks=(("same", "t.zarr", ours),)),
            kept(str(group / "t.zarr")),
            kept(str(foreign / "t.zarr")),
            case(
                ("mkdir", "t.zarr"),
                ("write", "t.zarr/zarr.json", b"{garbage"),
                checks=(("content", "t.zarr/zarr.json", b"{garbage"),),
            ),
            case(
                ("copy", "t.zarr", ours),
                ("write", "t.zarr/notes.txt", OUTSIDE),
                checks=(("content", "t.zarr/notes.txt", OUTSIDE),),
            ),
            case(
                ("mkdir", "t.zarr"),
                ("write", "t.zarr/photo.jpg", OUTSIDE),
                checks=(("content", "t.zarr/photo.jpg", OUTSIDE),),
            ),
            case(("write", "t.zarr", OUTSIDE), checks=(("content", "t.zarr", OUTSIDE),)),
            # a killed run's leftover is cleared by the next run on the same target
            case(("copy", stale, ours), expect="ok", checks=(("absent", stale),)),
            # a link in the way inside an array tilewright wrote is never written through
            case(
                ("copy", "t.zarr", ours),
                ("write", "outside.txt", OUTSIDE),
                ("remove", "t.zarr/zarr.json"),
                ("link", "t.zarr/zarr.json", "../outside.txt"),
                expect="held",
                checks=(("content", "outside.txt", OUTSIDE),),
            ),
            # the target itself as a link: written through to the array it names
            case(
                ("copy", "real.zarr", ours),
                ("link", "t.zarr", "real.zarr"),
                expect="ok",
                checks=(("link", "t.zarr"), ("same", "real.zarr", ours)),
            ),
            case(
                ("copy", "real.zarr", str(group / "t.zarr")),
                ("link", "t.zarr", "real.zarr"),
                checks=(("link", "t.zarr"), ("same", "real.zarr", str(group / "t.zarr"))),
            ),
        ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- huge counts in tiny parts ----------------------------------------------------------

# What a run too long to finish may take, and when it is stopped: a run that plans every
# part first passed 900 MB of RSS in 15 s; a small dataset's whole run fits in 1 GiB.
TINY_MEMORY = 1 << 30
TINY_SECONDS = 15.0


def part_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    del base  # nothing to make first
    cases = []
    for count, part_size in ((100_000_000, 1), (2**48, 1), (2**48, 7), (10**9, 1000)):
        for output in ("d", "d.parquet"):
            argv = ("dataset", "mazes", "5x5", "--count", str(count))
            argv += ("--part-size", str(part_size), "-s", "1", "-o", output)
            cases.append(
                Case(
                    "parts",
                    argv,
                    output,
                    memory=TINY_MEMORY,
                    interrupt=TINY_SECONDS,
                    resumable=output == "d",
                    slow=True,
                )
            )
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- Dask faults ------------------------------------------------------------------------

WORKERS = ("--workers", "2")
DASK_DATASET = ("dataset", "mazes", "9x9", "--count", "400", "--part-size", "100")
DASK_DATASET += ("-s", "1")
DASK_TILING = ("tromino", "tile", "2048x2048", "--missing", "0,0")


def dask_cases(rng: random.Random, total: int, base: Path) -> list[Case]:
    del base
    full = ("tmpfs", "small", "16k")  # a file system that fills at once
    cases = [
        Case(
            "dask",
            (*DASK_DATASET, "--scheduler", "garbage", "-o", "d"),
            expect="error",
            checks=(("absent", "d"),),
        ),
        Case(
            "dask",
            (*DASK_DATASET, "--scheduler", "tcp://127.0.0.1:9", "-o", "d"),
            expect="error",
            checks=(("absent", "d"),),
            slow=True,
        ),
        Case("dask", (*DASK_TILING, "--scheduler", "garbage", "-o", "t.zarr"), expect="error"),
    ]
    # the dashboard's port held by someone else: the run says nothing of it
    for argv, output in ((DASK_DATASET, "d"), (DASK_TILING, "t.zarr")):
        cases.append(
            Case(
                "dask",
                (*argv, *WORKERS, "-o", output),
                output,
                expect="ok",
                setup=(("listen", "8787"),),
                checks=(("silent-about", "8787|[Pp]ort"),),
                slow=True,
            )
        )
    if os.geteuid() == 0:  # only root mounts the full file system
        cases += [
            Case(
                "dask",
                (*DASK_TILING, *WORKERS, "-o", "small/t.zarr"),
                expect="error",
                setup=(full,),
                checks=(("empty", "small"), ("says", "space")),
                slow=True,
            ),
            Case(
                "dask",
                (*DASK_DATASET, *WORKERS, "-o", "small/d"),
                "small/d",
                expect="held",
                setup=(full,),
                checks=(("says", "space"),),
                resumable=True,
                slow=True,
            ),
            Case(
                "dask",
                (*DASK_TILING, "-o", "small/t.zarr"),
                expect="error",
                setup=(full,),
                checks=(("empty", "small"), ("says", "space")),
            ),
        ]
    for megabytes in (500, 1000):
        cases += [
            Case(
                "dask",
                (*DASK_TILING, *WORKERS, "-o", "t.zarr"),
                "t.zarr",
                memory=megabytes << 20,
                checks=(("says", "memory"),),
                starved=True,
                slow=True,
            ),
            Case(
                "dask",
                (*DASK_DATASET, *WORKERS, "-o", "d"),
                "d",
                memory=megabytes << 20,
                checks=(("says", "memory"),),
                starved=True,
                slow=True,
            ),
        ]
    return cases if total >= len(cases) else rng.sample(cases, total)


def data_cases(kind: str, rng: random.Random, total: int, base: Path) -> list[Case]:
    """The cases of one of ``DATA_CLASSES``."""
    builders = {"tamper": tamper_cases, "zarr": zarr_cases, "parts": part_cases}
    builders["dask"] = dask_cases
    return builders[kind](rng, total, base)
