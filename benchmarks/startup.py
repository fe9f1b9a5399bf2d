"""Start-up and first runs: what a command costs before it does any work, and what its very
first run on a machine costs, compiling included.

Run from the repository root:

    python benchmarks/startup.py [--repeat 10] [--only maze,spectre] [--skip-cold]

What it measures, and why
-------------------------
* Warm start-up: each command as a whole process (``python -m tilewright ...``), its kernels
  in Numba's cache, timed ``--repeat`` times after one warm-up run: processor seconds (user
  and system, the process's own accounting through ``wait4``) and wall seconds, the minimum
  and the median. These are the commands a user types most, on work so small that the
  figure is start-up: imports, the cache's kernels loaded, the arguments checked.
* The floor: what any command pays before tilewright's own imports, timed the same way:
  the interpreter alone, importing NumPy, importing Numba, and Numba loading one cached
  kernel of one addition (the first load of a process builds Numba's type tables and
  starts LLVM, whatever the kernel). OpenBLAS runs one thread, as the command line sets it.
  A warm command's figure less the last floor is what tilewright itself could still save.
* Cold first run: each command once more with an empty Numba cache (``NUMBA_CACHE_DIR``
  in a new temporary folder), as on a machine where nothing ran before: wall and processor
  seconds, the compile time (the cold run's processor seconds less the warm minimum), the
  seconds the command's one notice announced ("compiling ... about N s"), and how many
  notices it printed (one, or none for a command that compiles nothing).

Python's bytecode cache is allowed here whatever ``PYTHONDONTWRITEBYTECODE`` says, as an
installed package has it: the warm-up run writes it. Figures depend on the machine and how
busy it is (quote medians from an otherwise idle machine); none are stored here.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from _harness import environment, print_table

# name, arguments (the output, when a file, goes to a scratch folder: {out})
COMMANDS = (
    ("maze", ["maze", "30x15", "-s", "1"]),
    ("maze png", ["maze", "30x15", "-s", "1", "-o", "{out}/maze.png"]),
    ("maze hex png", ["maze", "--grid", "hex", "12x9", "-s", "1", "-o", "{out}/hex.png"]),
    ("rect generate", ["rect", "generate", "7x7", "-s", "1"]),
    ("rect solve", ["rect", "solve", "7x7:a3b3a5a2b3d5e5c4c4a3d3d2b3a2_2"]),
    ("tromino tile", ["tromino", "tile", "8x8", "-s", "1"]),
    ("spectre csv", ["spectre", "10x10", "-f", "csv", "-s", "1"]),
    ("hat csv", ["hat", "10x10", "-f", "csv", "-s", "1"]),
    (
        "dataset mazes",
        ["dataset", "mazes", "15x15", "--count", "2000", "-s", "1", "-o", "{out}/d"],
    ),
)
_NOTICE = re.compile(r"tilewright: compiling .* once, about (\d+) s")
# a kernel as small as one can be, cached like tilewright's (a file of its own: Numba caches
# no kernel defined in ``python -c``)
_ONE_KERNEL = """import os
from numba import njit

@njit(cache=True)
def add(a, b):
    return a + b

add(1, 2)
os._exit(0)
"""
# name, what Python runs ({kernel}: the file holding _ONE_KERNEL)
FLOORS = (
    ("python", ["-c", "import os; os._exit(0)"]),
    ("import numpy", ["-c", "import numpy, os; os._exit(0)"]),
    ("import numba", ["-c", "import numba, os; os._exit(0)"]),
    ("numba, one cached kernel", ["{kernel}"]),
)


def timed(
    arguments: list[str], cache: str | None, python: list[str] | None = None
) -> tuple[float, float, str]:
    """One whole process, ``tilewright`` with ``arguments`` (or Python with ``python``):
    (processor seconds, wall seconds, its standard error), read from the process's own
    accounting (``wait4``)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["OPENBLAS_NUM_THREADS"] = "1"  # as the command line sets it, before NumPy loads
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    command = ["-m", "tilewright", *arguments] if python is None else python
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, *command], stdout=subprocess.DEVNULL, stderr=errors, env=env
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        text = errors.read().decode()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {text.strip()}")
    return usage.ru_utime + usage.ru_stime, wall, text


def fresh(arguments: list[str], scratch: str) -> list[str]:
    """``arguments`` writing into a new folder of ``scratch`` (a dataset keeps the parts it
    finds, so a second run into the same folder would do no work)."""
    out = tempfile.mkdtemp(dir=scratch)
    return [part.format(out=out) for part in arguments]


def floor_table(repeat: int, scratch: str, cache: str) -> None:
    """The floor's rows: each of ``FLOORS`` timed as the warm commands are."""
    kernel = os.path.join(scratch, "one_kernel.py")
    with open(kernel, "w") as file:
        file.write(_ONE_KERNEL)
    rows = []
    for name, words in FLOORS:
        python = [word.format(kernel=kernel) for word in words]
        timed([], cache, python)  # fills the cache, writes Python's bytecode
        figures = [timed([], cache, python)[:2] for _ in range(repeat)]
        cpu = [figure[0] for figure in figures]
        rows.append([name, f"{min(cpu):.3f}", f"{statistics.median(cpu):.3f}"])
    title = f"the floor, {repeat} runs each (seconds)"
    print_table(title, ["process", "cpu min", "cpu median"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10, help="warm runs a command (10)")
    parser.add_argument("--only", help="commands whose name starts with one of these, a,b")
    parser.add_argument("--skip-cold", action="store_true", help="warm start-up only")
    args = parser.parse_args()
    chosen = [
        (name, arguments)
        for name, arguments in COMMANDS
        if args.only is None or any(name.startswith(word) for word in args.only.split(","))
    ]
    print(environment())
    scratch = tempfile.mkdtemp(prefix="tilewright-startup-")
    warm_cache = os.path.join(scratch, "cache")
    try:
        floor_table(args.repeat, scratch, warm_cache)
        warm_rows, warm_cpu = [], {}
        for name, arguments in chosen:
            timed(fresh(arguments, scratch), warm_cache)  # compiles, writes Python's bytecode
            figures = [timed(fresh(arguments, scratch), warm_cache)[:2] for _ in range(args.repeat)]
            cpu = [figure[0] for figure in figures]
            wall = [figure[1] for figure in figures]
            warm_cpu[name] = min(cpu)
            warm_rows.append(
                [
                    name,
                    f"{min(cpu):.2f}",
                    f"{statistics.median(cpu):.2f}",
                    f"{min(wall):.2f}",
                    f"{statistics.median(wall):.2f}",
                ]
            )
        print_table(
            f"warm start-up, {args.repeat} runs each (seconds)",
            ["command", "cpu min", "cpu median", "wall min", "wall median"],
            warm_rows,
        )
        if args.skip_cold:
            return
        cold_rows = []
        for name, arguments in chosen:
            cache = tempfile.mkdtemp(dir=scratch)
            cpu, wall, stderr = timed(fresh(arguments, scratch), cache)
            notices = _NOTICE.findall(stderr)
            compiling = cpu - warm_cpu[name]
            said = float(notices[0]) if notices else None
            cold_rows.append(
                [
                    name,
                    f"{wall:.1f}",
                    f"{cpu:.1f}",
                    f"{compiling:.1f}",
                    "-" if said is None else f"{said:.0f}",
                    "-" if said is None or compiling <= 0 else f"{said / compiling:.2f}",
                    str(len(notices)),
                ]
            )
        print_table(
            "cold first run, empty Numba cache (seconds)",
            ["command", "wall", "cpu", "compiling", "announced", "announced/compiling", "notices"],
            cold_rows,
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
