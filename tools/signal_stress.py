"""Send SIGINT, SIGTERM or SIGHUP to each family's long job at random moments.

Every trial starts a job writing into an empty folder, signals it after a random delay and
checks what the run promises: the exit status is 128 + the signal (or 0 when the job beat
the signal, and then the file is whole), stderr is the one line ``tilewright: interrupted``,
the folder holds nothing half-written (no temporary, no partial output), and the process
ended within ``--grace`` seconds of the signal.

    python tools/signal_stress.py --trials 60          # about 3 minutes here
    python tools/signal_stress.py --jobs spectre-csv --signals SIGHUP --trials 10

The test suite runs a few trials of the same code (tests/test_signals.py).
"""

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

# each a run that takes far longer than the latest signal, through every kind of output
JOBS: dict[str, tuple[str, ...]] = {
    "maze-stream": ("maze", "60x10000000", "-a", "eller", "-s", "1", "-o", "out.txt"),
    "maze-kernel": ("maze", "6000x6000", "-a", "kruskal", "-s", "1", "-o", "out.npz"),
    "maze-picture": ("maze", "2500x2500", "-a", "wilson", "-s", "1", "--solve", "-o", "out.png"),
    "rect-large": ("rect", "generate", "3000x3000", "-s", "1", "-o", "out.txt"),
    "rect-count": ("rect", "generate", "60x60", "--count", "100000", "-s", "1", "-o", "out.jsonl"),
    "spectre-csv": ("spectre", "20000x20000", "-s", "1", "-f", "csv", "-o", "out.csv"),
    "spectre-bfs": ("spectre", "3000x3000", "-s", "1", "--method", "bfs", "-o", "out.csv"),
    "hat-csv": ("hat", "20000x20000", "-s", "1", "-f", "csv", "-o", "out.csv"),
    "tromino-npy": ("tromino", "tile", "32768x32768", "--missing", "0,0", "-o", "out.npy"),
}
SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
# what an existing output file holds before a trial that writes over it
ORIGINAL = b"the file as it was\n"
TWIN = "twin"  # a second hard link to that file


@dataclass
class Trial:
    job: str
    signal: str
    delay: float
    status: int
    latency: float
    stderr: str
    left: list[str]
    existing: bool = False
    contents: tuple[bytes, ...] = ()  # with existing: the first bytes of each name

    @property
    def problem(self) -> str | None:
        """What went wrong, or None."""
        number = int(getattr(signal, self.signal))
        expected = sorted([JOBS[self.job][-1], TWIN] if self.existing else [])
        if self.status == 0:
            if self.left != sorted({*expected, JOBS[self.job][-1]}):
                return f"finished, left {self.left}"
            if self.existing and len(set(self.contents)) != 1:
                return "finished, but the hard links differ"
            return None
        if self.status != 128 + number:
            return f"exit status {self.status}, expected {128 + number}"
        # a first run on a cold cache also says it is compiling
        lines = [line for line in self.stderr.splitlines() if "compiling" not in line]
        if len(lines) != 1 or not lines[0].startswith("tilewright: interrupted"):
            return f"stderr was {self.stderr[-400:]!r}"
        if self.left != expected:
            return f"left {self.left} behind"
        if self.existing and set(self.contents) != {ORIGINAL}:
            return f"the existing file changed: {self.contents}"
        return None


def run_trial(
    job: str, signal_name: str, delay: float, grace: float = 5.0, existing: bool = False
) -> Trial:
    """Start ``job`` in an empty folder, send ``signal_name`` after ``delay`` seconds.

    With ``existing``, the output file is there already with a second hard link to it:
    an interrupted run must leave both names as they were.
    """
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, JOBS[job][-1])
        if existing:
            with open(output, "wb") as made:
                made.write(ORIGINAL)
            os.link(output, os.path.join(folder, TWIN))
        process = subprocess.Popen(
            [sys.executable, "-m", "tilewright", *JOBS[job]],
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # signals go to the job alone
        )
        time.sleep(delay)
        sent = time.monotonic()
        process.send_signal(getattr(signal, signal_name))
        try:
            _, stderr = process.communicate(timeout=grace)
            latency = time.monotonic() - sent
        except subprocess.TimeoutExpired:
            process.kill()
            _, stderr = process.communicate()
            latency = float("inf")
        contents = ()
        if existing:
            contents = tuple(_head(os.path.join(folder, name)) for name in (JOBS[job][-1], TWIN))
        return Trial(
            job,
            signal_name,
            delay,
            process.returncode,
            latency,
            stderr.decode(errors="replace"),
            sorted(os.listdir(folder)),
            existing,
            contents,
        )


def _head(path: str) -> bytes:
    try:
        with open(path, "rb") as source:
            return source.read(len(ORIGINAL))
    except FileNotFoundError:
        return b""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=24)
    parser.add_argument("--jobs", nargs="*", default=list(JOBS), choices=list(JOBS))
    parser.add_argument("--signals", nargs="*", default=list(SIGNALS), choices=SIGNALS)
    parser.add_argument("--longest-delay", type=float, default=4.0)
    parser.add_argument("--grace", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    pick = random.Random(options.seed)
    failures, slowest = 0, 0.0
    for number in range(options.trials):
        job, name = pick.choice(options.jobs), pick.choice(options.signals)
        existing = pick.random() < 0.3
        delay = pick.uniform(0.2, options.longest_delay)
        trial = run_trial(job, name, delay, options.grace, existing)
        problem = trial.problem
        failures += problem is not None
        if trial.status != 0:
            slowest = max(slowest, trial.latency)
        verdict = "ok" if problem is None else f"FAILED: {problem}"
        print(
            f"{number + 1:3d} {job:13s} {name:7s} {'over a file ' if existing else ''}"
            f"after {trial.delay:4.2f} s: "
            f"exit {trial.status:3d} in {trial.latency:5.2f} s  {verdict}",
            flush=True,
        )
    print(f"{options.trials - failures} held, {failures} failed; slowest exit {slowest:.2f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
