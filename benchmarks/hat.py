"""Hat patch speed: tilewright's hat walk beside the public C hat generator in one run.

Run from the repository root:

    python benchmarks/hat.py [--sizes 100000,1000000] [--repeat 3] [--seed 1]
                             [--reference PATH]

What it measures, and why
-------------------------
tilewright (``generate_hats``) on a square of side sqrt(N * HAT_AREA) hat units, which holds
about N hats, taken three ways, in this process after an untimed warm-up on a small patch
(which compiles its kernels or loads them from the cache):

* ``generation``: every ``batches()`` array consumed and its rows counted, the compiled walk
  alone (each hat's place, direction, type and index; no vertices, no text);
* ``csv`` and ``jsonl``: ``patch.write(sink, FMT)``, the text ``tilewright hat`` writes, to a
  sink that keeps nothing but the count of bytes written to it;
* ``csv, 2 threads`` and ``jsonl, 2 threads``: the same on two threads
  (``patch.write(sink, FMT, threads=2)``, ``tilewright hat -f FMT --threads 2``): bands of
  hexagon rows walked side by side, the same bytes.

Each is timed in CPU seconds (``time.process_time``: every thread's) and wall seconds, the
best of ``--repeat`` runs (a run over 10 s is not repeated); the rate is hats per
CPU-second.

With ``--reference PATH`` (the puzzle collection's ``auxiliary/hat-test``, built from its
public source in scratch space: ``cc -O2 -I. -o hat-test auxiliary/hat-test.c hat.c random.c
malloc.c misc.c tree234.c nullfe.c -lm`` in its source folder; none of its code is in this
repository) the C program runs in the same table: ``hat-test --python --seed=SEED W W``
writing one line a hat (a Python call with its 14 integer vertices) to the null device, its
CPU time taken from ``resource.getrusage(RUSAGE_CHILDREN)`` before and after. Its region is
W x W hexagons of the kite grid (six kites a hexagon, eight a hat: about 0.75 W^2 hats), W
chosen for about N hats; one more run, piped here, counts its hats (lines) and bytes. It
walks its region twice, a first pass for the bounding box and a second that draws, so its
per-hat cost includes two walks of the kite grid. The ratios ``x C`` are tilewright's hats
per CPU-second (and per second) over the C program's; above 1, tilewright is faster. The
``generation`` row's ratio sets a walk that writes nothing beside one that writes text.

Then a 40x30 region at (D, -D) written as CSV, for D from 0 to 10^15: its start kite found
through the hierarchy (``hat.hierarchy.locate``; tilewright does so past ``hat.walk.NEAR``, and
here at every D), and for the nearer D also walked to from the centre, as before the
hierarchy, which grows with D.

Figures depend on the machine; none are stored here, and nothing is asserted about speed.
"""

import argparse
import math
import resource
import subprocess
import sys
import time
from collections.abc import Callable

from _harness import environment, far_table, int_list, print_table, speedup, whole_process

from tilewright.aperiodic.hat import walk as hat_walk
from tilewright.aperiodic.hat.tiling import HAT_AREA, HatPatch, generate_hats

NO_REPEAT_OVER = 10.0  # seconds: a longer timing run is not repeated
C_HATS_PER_HEXAGON = 0.75  # six kites a hexagon of the kite grid, eight a hat
WARM_SIDE = 20.0
THREADS = 2  # the threaded text rows: both cores of the machine this was written on
COLUMNS = ["tool", "size", "hats", "wall s", "CPU s", "hats/CPU-s", "hats/s", "B/hat",
           "x C CPU", "x C wall"]  # fmt: skip


class ByteCounter:
    """A sink that keeps nothing but the count of bytes written to it."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, data: bytes) -> None:
        self.bytes += len(data)

    def writelines(self, pieces) -> None:
        for piece in pieces:
            self.bytes += len(piece)


def generation(patch: HatPatch) -> tuple[int, int]:
    """Hats of the compiled walk alone, and no bytes."""
    return sum(len(batch) for batch in patch.batches()), 0


def written(fmt: str, threads: int = 1) -> Callable[[HatPatch], tuple[int, int]]:
    """A run writing ``fmt`` on ``threads`` threads to a sink that only counts bytes: hats
    (rows) and bytes."""

    def run(patch: HatPatch) -> tuple[int, int]:
        sink = ByteCounter()
        patch.write(sink, fmt, threads=threads)  # type: ignore[arg-type]
        return -1, sink.bytes  # the hats are the generation row's: the same patch

    return run


RUNS: dict[str, Callable[[HatPatch], tuple[int, int]]] = {
    "tilewright generation": generation,
    "tilewright csv": written("csv"),
    f"tilewright csv, {THREADS} threads": written("csv", THREADS),
    "tilewright jsonl": written("jsonl"),
    f"tilewright jsonl, {THREADS} threads": written("jsonl", THREADS),
}


def best_cpu_and_wall(call: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """The best wall and CPU seconds (this process) of up to ``repeat`` calls, and the last
    call's result."""
    best_wall = best_cpu = math.inf
    result = None
    for _ in range(max(1, repeat)):
        cpu, wall = time.process_time(), time.perf_counter()
        result = call()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        if wall > NO_REPEAT_OVER:
            break
    return best_wall, best_cpu, result


def warm_up(seed: int) -> None:
    """Compile (or load from the cache) every kernel the timed runs use."""
    patch = generate_hats(WARM_SIDE, WARM_SIDE, seed=seed)
    for run in RUNS.values():
        run(patch)


def tilewright_rows(target: int, seed: int, repeat: int) -> tuple[str, list[tuple]]:
    """(name, hats, bytes, wall, CPU) of every tilewright run at about ``target`` hats."""
    side = math.sqrt(target * HAT_AREA)
    patch = generate_hats(side, side, seed=seed)
    rows = []
    hats = 0
    for name, run in RUNS.items():
        wall, cpu, (count, size) = best_cpu_and_wall(lambda run=run: run(patch), repeat)
        hats = count if count >= 0 else hats
        rows.append((name, hats, size, wall, cpu))
    return f"side {side:.0f}", rows


def reference_run(binary: str, target: int, seed: int, repeat: int) -> tuple[str, tuple]:
    """The C hat-test writing its ``--python`` text to the null device on W x W hexagons,
    about ``target`` hats: (name, hats, bytes, best wall, best CPU of the child)."""
    width = round(math.sqrt(target / C_HATS_PER_HEXAGON))
    command = [binary, "--python", f"--seed={seed}", str(width), str(width)]
    best_wall = best_cpu = math.inf
    for _ in range(max(1, repeat)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        if wall > NO_REPEAT_OVER:
            break
    hats = size = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE) as run:  # one more, to count
        assert run.stdout is not None
        for piece in iter(lambda: run.stdout.read(1 << 20), b""):
            hats += piece.count(b"\n")
            size += len(piece)
    if run.returncode:
        raise subprocess.CalledProcessError(run.returncode, command)
    return f"{width}x{width} hexagons", ("C hat-test --python (2 walks)", hats, size, best_wall,
                                         best_cpu)  # fmt: skip


def whole_command(target: int, seed: int, repeat: int) -> tuple[str, tuple]:
    """``tilewright hat ... -f csv`` as a user runs it, start-up included, on about
    ``target`` hats: its size and row."""
    side = math.ceil(math.sqrt(target * HAT_AREA))
    size = f"{side}x{side}"
    command = [sys.executable, "-m", "tilewright", "hat", size, "-f", "csv", "-s", str(seed)]
    cpu, wall, lines, written_bytes = whole_process(command, repeat)
    return size, ("tilewright hat -f csv (whole command)", lines - 1, written_bytes, wall, cpu)


def size_table(target: int, seed: int, repeat: int, reference: str | None) -> None:
    """tilewright's rows at about ``target`` hats, and the C program's when it is given."""
    sizes_and_rows: list[tuple[str, tuple]] = []
    c_per_hat = None  # the C program's CPU and wall seconds a hat
    if reference is not None:
        size, row = reference_run(reference, target, seed, repeat)
        sizes_and_rows.append((size, row))
        _, hats, _, wall, cpu = row
        c_per_hat = (cpu / hats, wall / hats)
    side, rows = tilewright_rows(target, seed, repeat)
    sizes_and_rows += [(side, row) for row in rows]
    sizes_and_rows.append(whole_command(target, seed, repeat))
    table = []
    for size, (name, hats, written_bytes, wall, cpu) in sizes_and_rows:
        ratios = ["-", "-"]
        if c_per_hat is not None:
            ratios = [speedup(c_per_hat[0], cpu / hats), speedup(c_per_hat[1], wall / hats)]
        table.append([name, size, f"{hats:,}", f"{wall:.3f}", f"{cpu:.3f}", f"{hats / cpu:,.0f}",
                      f"{hats / wall:,.0f}", f"{written_bytes / hats:.0f}" if written_bytes
                      else "-", *ratios])  # fmt: skip
    print_table(
        f"about {target:,} hats (x C: hats per CPU-second and per second over the C program's)",
        COLUMNS,
        table,
    )


FAR_REGION = (40.0, 30.0)


def far_seconds(origin: float, seed: int, repeat: int, centre_walk: bool) -> tuple[float, int]:
    """Best wall seconds to write the FAR_REGION at (origin, -origin) as CSV, and its hats."""
    near = hat_walk.NEAR
    # the hierarchy even within NEAR, where tilewright itself walks from the centre
    hat_walk.NEAR = math.inf if centre_walk else -1.0
    try:
        best, hats = math.inf, 0
        for _ in range(max(1, repeat)):
            sink = ByteCounter()
            start = time.perf_counter()
            patch = generate_hats(*FAR_REGION, seed=seed, origin=(origin, -origin))
            patch.write(sink, "csv")
            best, hats = min(best, time.perf_counter() - start), len(patch)
        return best, hats
    finally:
        hat_walk.NEAR = near


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int_list, default=[10**5, 10**6], help="target hats")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs")
    parser.add_argument("--seed", type=int, default=1, help="the tiling (both generators)")
    parser.add_argument(
        "--reference",
        metavar="PATH",
        help="the public C generator's auxiliary/hat-test, built: run beside tilewright",
    )
    args = parser.parse_args()

    print(environment())
    print("tilewright: generation = the compiled walk's arrays alone (no vertices, no text);")
    print("csv, jsonl = patch.write to a sink that counts bytes, on one thread or on")
    print(f"{THREADS} (threads={THREADS}). Hats per CPU-second (time.process_time, every")
    print("thread's), best of the repeats, after an untimed warm-up.")
    if args.reference is not None:
        print("C hat-test: --python text (one line a hat, 14 integer vertices) to the null")
        print("device; CPU from getrusage(RUSAGE_CHILDREN). It walks its region twice (bounding")
        print("box, then drawing), so its per-hat cost includes two walks. Its tiling differs")
        print("(--seed is its random string); region: W x W hexagons of the kite grid.")
    warm_up(args.seed)
    for target in sorted(set(args.sizes)):
        size_table(target, args.seed, args.repeat, args.reference)
    far_seconds(1e15, args.seed, 1, False)  # the hierarchy's tables, made once a process
    width, height = FAR_REGION
    far_table(
        f"A {width:.0f}x{height:.0f} region at (D, -D), written as CSV",
        "hats",
        lambda distance, walked: far_seconds(distance, args.seed, args.repeat, walked),
    )
    if args.reference is None:
        print("\nC hat-test: not run (build auxiliary/hat-test of the puzzle collection and pass "
              "--reference PATH)")  # fmt: skip


if __name__ == "__main__":
    main()
