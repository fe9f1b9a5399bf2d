"""Try the command line as a careless or hostile user would, class by class.

    python tools/hostile_survey.py               # about 2,000 cases, 20 minutes on 2 cores
    python tools/hostile_survey.py --quick       # about 200 cases, 2 to 3 minutes
    python tools/hostile_survey.py --classes ids files --seed 7 --verbose

Classes: ``ids`` (fuzzed and crafted game IDs for ``rect solve``), ``numbers`` (bad sizes
and numbers in every argument and option that takes one, and requests too large to
answer), ``head`` (large text output into ``| head -c 100``, and into a pipe closed after
100 bytes), ``files`` (crafted files for ``maze-stats``: pickles, zip bombs, lying headers,
deep JSON, devices, FIFOs), ``determinism`` (every family and format run twice with one
seed: the same bytes; ``.npz`` by its arrays), ``targets`` (``-o`` through links, onto
kept permissions, hard links, ``/dev/full``, missing folders, directories) and
``signals`` (trials of ``tools/signal_stress.py``).

Every case runs ``python -m tilewright ARGS`` in a fresh empty folder, with standard input
closed (``<&-``), standard output to /dev/null unless the case reads or fills it, an
address-space limit of 8 GiB (``RLIMIT_AS``) and a time bound (20 s; killed beyond).
A case *held* when

* the exit status is 0; or 1 or 3 from ``rect solve`` (no or more than one solution; guess
  budget spent); or 2 with exactly one line on stderr, starting ``tilewright: error:``;
* stderr never says ``Traceback``, and no MemoryError reached the top level (the run
  refuses what does not fit before it allocates it);
* the run ended within the time bound and was not killed by a signal;
* the folder holds nothing but what was there before and, after a success, the intended
  output: no temporary ``.<name>.*``, no partial output after an error;
* and whatever the class adds: the pipe cases exit 0 with nothing on stderr; the two runs
  of a determinism pair agree; an output target ends as promised (a link stays a link, a
  0600 file stays 0600, both names of a hard link see the new contents); a signal trial
  passes ``signal_stress``'s own checks.

The cases are fixed by ``--seed``. The summary table goes to standard output with every
case that did not hold (its arguments, exit status and first 300 characters of stderr);
the exit status is 1 when any case did not hold.
"""

import argparse
import concurrent.futures
import contextlib
import importlib.util
import io
import json
import os
import pickle
import random
import re
import resource
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.lib import format as npy_format

TOOLS = Path(__file__).resolve().parent
COMMAND = (sys.executable, "-m", "tilewright")
MEMORY_LIMIT = 8 << 30
STDERR_SHOWN = 300
STDERR_READ = 1 << 20
CLASSES = {
    "ids": "game IDs (rect solve)",
    "numbers": "bad sizes and numbers",
    "head": "output into | head",
    "files": "crafted maze-stats files",
    "determinism": "determinism pairs",
    "targets": "output targets",
    "signals": "signals",
}
FIVE_THOUSAND_DIGITS = "7" + "3" * 4999


# --- cases and results ------------------------------------------------------------------


@dataclass
class Case:
    """One run (or a pair, or a pipe, or a signal trial) and what it must do."""

    kind: str  # a key of CLASSES
    argv: tuple[str, ...]
    output: str | None = None  # the one new name the folder may hold after exit 0
    expect: str = "held"  # "held", "ok" (exit 0) or "error" (exit 2)
    stdout: str = "null"  # "null", "full", "capture", "pipe" or "shell" (| head)
    setup: tuple[tuple, ...] = ()  # ("write", name, bytes), ("link", name, target), ...
    checks: tuple[tuple, ...] = ()  # ("link", name), ("content", name, bytes), ...
    twin: str | None = None  # determinism: "bytes" or "npz", how to compare the two runs
    trial: tuple[str, str, float] | None = None  # signals: job, signal, delay
    slow: bool = False  # submitted first, so the pool does not end waiting on it

    @property
    def answers(self) -> bool:
        """Exit 1 and 3 are answers, not failures, for ``rect solve``."""
        return self.argv[:2] == ("rect", "solve")


@dataclass
class Result:
    kind: str
    shown: str
    status: int | None
    stderr: str
    problem: str | None
    seconds: float
    rss_kib: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass
class Run:
    status: int | None  # None: killed at the time bound
    stderr: bytes
    stdout: bytes
    seconds: float
    rss_kib: int


def _described(case: Case) -> str:
    """The case's arguments and, in brackets, its folder and standard output."""
    words = []
    for action, name, *rest in case.setup:
        if action == "link":
            words.append(f"{name} -> {rest[0]}")
        elif action == "hardlink":
            words.append(f"{name} hard link to {rest[0]}")
        elif action == "chmod":
            words.append(f"{name} mode {rest[0]:04o}")
        else:
            words.append(f"{action} {name}")
    words += {
        "full": ["> /dev/full"],
        "pipe": ["pipe closed after 100 bytes"],
        "shell": ["| head -c 100"],
        "capture": ["stdout to a file"],
    }.get(case.stdout, [])
    if case.twin:
        words.append("run twice")
    return shown_argv(case.argv) + (f"  [{'; '.join(words)}]" if words else "")


def shown_argv(argv: tuple[str, ...] | list[str], limit: int = 100) -> str:
    """``tilewright ARGS`` as a shell would take it, long arguments cut, oddities escaped."""
    words = ["tilewright"]
    for arg in argv:
        cut = arg if len(arg) <= limit else f"{arg[: limit - 30]}…({len(arg)} chars)"
        if cut.isprintable() and not re.search(r"[\ud800-\udfff]", cut):
            words.append(shlex.quote(cut))
        else:
            escaped = cut.encode("unicode_escape", "backslashreplace").decode("ascii")
            words.append("$'" + escaped.replace("'", "\\'") + "'")
    return " ".join(words)


# --- running one case (in a worker process) ---------------------------------------------


def _child_limits() -> None:
    """In the child before exec: bounded address space, standard input closed."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    with contextlib.suppress(OSError):
        os.close(0)


def _listing(folder: str) -> dict[str, str]:
    """Every name under ``folder`` (hidden ones too, links not followed) and its kind."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            kind = "link" if os.path.islink(path) else "dir" if os.path.isdir(path) else "file"
            found[os.path.relpath(path, folder)] = kind
    return found


def _wait(process: subprocess.Popen, deadline: float) -> tuple[int | None, int]:
    """Reap ``process`` (its peak RSS in KiB too), killing its group at ``deadline``."""
    pause = 0.002
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return process.returncode, usage.ru_maxrss
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            return None, usage.ru_maxrss
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _read_pipe(stream, count: int, deadline: float) -> bytes:
    """Up to ``count`` bytes from a pipe, giving up at ``deadline``."""
    got = b""
    while len(got) < count:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([stream], [], [], left)[0]:
            break
        chunk = os.read(stream.fileno(), count - len(got))
        if not chunk:
            break
        got += chunk
    return got


def run_command(argv: tuple[str, ...], folder: str, stdout: str, timeout: float) -> Run:
    """Run ``tilewright argv`` in ``folder``; stdout as ``stdout`` says."""
    command = [*COMMAND, *argv]
    if stdout == "shell":  # a real shell pipeline; pipefail gives tilewright's status
        command = ["bash", "-c", 'set -o pipefail; "$@" | head -c 100 >/dev/null', "-", *command]
    err_path, out_path = folder + ".err", folder + ".out"
    with contextlib.ExitStack() as stack:
        err = stack.enter_context(open(err_path, "w+b"))
        if stdout in ("null", "shell"):
            sink = stack.enter_context(open(os.devnull, "wb"))
        elif stdout == "full":
            sink = stack.enter_context(open("/dev/full", "wb"))
        elif stdout == "capture":
            sink = stack.enter_context(open(out_path, "w+b"))
        else:
            sink = subprocess.PIPE
        start = time.monotonic()
        deadline = start + timeout
        process = subprocess.Popen(
            command,
            cwd=folder,
            stdout=sink,
            stderr=err,
            preexec_fn=_child_limits,
            start_new_session=True,
        )
        captured = b""
        if stdout == "pipe":
            captured = _read_pipe(process.stdout, 100, deadline)
            process.stdout.close()  # the reader goes away, as head does
        status, rss = _wait(process, deadline)
        seconds = time.monotonic() - start
        err.seek(0)
        stderr = err.read(STDERR_READ)
        if stdout == "capture":
            sink.seek(0)
            captured = sink.read()
    for path in (err_path, out_path):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    return Run(status, stderr, captured, seconds, rss)


def _prepare(folder: str, setup: tuple[tuple, ...]) -> None:
    for step in setup:
        action, name, *rest = step
        path = os.path.join(folder, name)
        if action == "write":
            Path(path).write_bytes(rest[0])
        elif action == "link":
            os.symlink(rest[0], path)
        elif action == "hardlink":
            os.link(os.path.join(folder, rest[0]), path)
        elif action == "mkdir":
            os.makedirs(path)
        elif action == "fifo":
            os.mkfifo(path)
        elif action == "chmod":
            os.chmod(path, rest[0])
        else:
            raise ValueError(f"unknown setup step {step!r}")


def _check(folder: str, check: tuple, run: Run) -> str | None:
    """What ``check`` found wrong after the run, or None."""
    action, *rest = check
    if action == "stdout":
        return None if run.stdout == rest[0] else f"stdout was {run.stdout[:60]!r}"
    path = os.path.join(folder, rest[0])
    if action == "link":
        return None if os.path.islink(path) else f"{rest[0]} is no longer a symbolic link"
    if action == "content":
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            return f"cannot read {rest[0]}: {error.strerror}"
        return None if data == rest[1] else f"{rest[0]} holds {data[:60]!r}"
    if action == "mode":
        mode = os.stat(path).st_mode & 0o7777
        return None if mode == rest[1] else f"{rest[0]} has mode {mode:04o}, not {rest[1]:04o}"
    if action == "inode":
        same = os.path.samefile(path, os.path.join(folder, rest[1]))
        return None if same else f"{rest[0]} and {rest[1]} are no longer one file"
    if action == "absent":
        return None if not os.path.lexists(path) else f"{rest[0]} exists"
    if action == "empty":
        return None if not os.listdir(path) else f"{rest[0]} is not empty"
    raise ValueError(f"unknown check {check!r}")


def judge(case: Case, run: Run, before: dict[str, str], after: dict[str, str]) -> str | None:
    """Why ``run`` of ``case`` did not hold, or None when it held."""
    text = run.stderr.decode("utf-8", "replace")
    status = run.status
    if status is None:
        return "timed out (killed)"
    if status < 0:
        return f"killed by {signal.Signals(-status).name}"
    if "Traceback" in text:
        return "traceback"
    if "MemoryError" in text or "out of memory: ask" in text:
        return "MemoryError reached the top level"
    lines = text.splitlines()
    if status == 2:
        if len(lines) != 1 or not lines[0].startswith("tilewright: error:"):
            return f"exit 2 with {len(lines)} stderr lines"
    elif status not in ((0, 1, 3) if case.answers else (0,)):
        return f"exit status {status}"
    if case.expect == "ok" and status != 0:
        return f"exit {status}, expected 0"
    if case.expect == "error" and status != 2:
        return f"exit {status}, expected 2"
    if case.stdout in ("pipe", "shell") and text:
        return "stderr after the reader went away"
    allowed = set(before)
    if status == 0 and case.output:
        allowed.add(case.output)
    stray = sorted(set(after) - allowed)
    if stray:
        return f"left {stray}"
    return None


def _display_stray(problem: str) -> str:
    """Group temporaries under one name: ``.out.txt.k3j_x`` → ``.out.txt.*``."""
    return re.sub(r"'(\.[^'/]+?\.)[^'./]+'", r"'\1*'", problem)


def _npz_arrays(data: bytes) -> dict[str, np.ndarray]:
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def _same_npz(first: bytes, second: bytes) -> bool:
    a, b = _npz_arrays(first), _npz_arrays(second)
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def run_case(case: Case, base: str, timeout: float) -> Result:
    """Run ``case`` in fresh folders under ``base`` and judge it (a worker's task)."""
    if case.trial is not None:
        return _run_trial(case)
    shown = _described(case)
    folder = tempfile.mkdtemp(dir=base)
    try:
        _prepare(folder, case.setup)
        before = _listing(folder)
        run = run_command(case.argv, folder, case.stdout, timeout)
        after = _listing(folder)
        problem = judge(case, run, before, after)
        if problem is None:
            failed = (_check(folder, check, run) for check in case.checks)
            problem = next((p for p in failed if p), None)
        result = Result(
            case.kind,
            shown,
            run.status,
            run.stderr.decode("utf-8", "replace")[:STDERR_SHOWN],
            problem,
            run.seconds,
            run.rss_kib,
        )
        if case.twin and problem is None:
            first = Path(folder, case.output).read_bytes()
            os.unlink(os.path.join(folder, case.output))
            _compare_twin(case, first, base, timeout, result)
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _compare_twin(case: Case, first: bytes, base: str, timeout: float, result: Result) -> None:
    """Run ``case`` again in a new folder; the outputs must agree."""
    again = tempfile.mkdtemp(dir=base)
    try:
        run = run_command(case.argv, again, case.stdout, timeout)
        after = _listing(again)
        result.seconds += run.seconds
        result.rss_kib = max(result.rss_kib, run.rss_kib)
        result.problem = judge(case, run, {}, after)
        if result.problem:
            result.status, result.stderr = run.status, run.stderr.decode(errors="replace")
            result.stderr = result.stderr[:STDERR_SHOWN]
            return
        second = Path(again, case.output).read_bytes()
        if case.twin == "npz":
            same = "the same bytes" if first == second else "different bytes (zip timestamps)"
            result.notes.append(f"npz pairs whose two files had {same}")
            if not _same_npz(first, second):
                result.problem = "the two runs' arrays differ"
        elif first != second:
            pairs = enumerate(zip(first, second, strict=False))
            where = next((i for i, (x, y) in pairs if x != y), min(len(first), len(second)))
            result.problem = f"the two runs differ (sizes {len(first)}, {len(second)}; at {where})"
    finally:
        shutil.rmtree(again, ignore_errors=True)


_STRESS = None


def _signal_stress():
    global _STRESS
    if _STRESS is None:
        spec = importlib.util.spec_from_file_location("signal_stress", TOOLS / "signal_stress.py")
        assert spec is not None and spec.loader is not None
        _STRESS = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_STRESS)
    return _STRESS


def _run_trial(case: Case) -> Result:
    stress = _signal_stress()
    job, name, delay = case.trial
    start = time.monotonic()
    trial = stress.run_trial(job, name, delay)
    shown = f"{shown_argv(stress.JOBS[job])}  [{name} after {delay:.2f} s]"
    return Result(
        case.kind,
        shown,
        trial.status,
        trial.stderr[:STDERR_SHOWN],
        trial.problem,
        time.monotonic() - start,
    )


# --- inputs made once, before the cases -------------------------------------------------


def _output_of(argv: list[str]) -> bytes:
    """Standard output of a run that must succeed (valid IDs, reference outputs)."""
    done = subprocess.run(
        [*COMMAND, *argv], capture_output=True, stdin=subprocess.DEVNULL, timeout=300
    )
    if done.returncode != 0:
        raise SystemExit(f"{shown_argv(argv)} failed: {done.stderr.decode()[-500:]}")
    return done.stdout


def valid_ids(quick: bool) -> dict[str, list[str]]:
    """Game IDs from ``rect generate``: a pool to mutate, and one near 100 KB."""
    runs = {
        "7x7": ["7x7", "--count", "50", "-s", "1"],
        "5x5": ["5x5", "--count", "20", "-s", "1"],
        "3x3": ["3x3", "--count", "10", "-s", "1"],
        "10x10": ["10x10", "--count", "20", "-s", "1"],
        "15x15e0.5": ["15x15e0.5", "--count", "10", "-s", "1"],
        "12x8a": ["12x8a", "--count", "10", "-s", "1"],
        "30x30": ["30x30", "--count", "5", "-s", "1"],
        "big": ["800x800" if not quick else "300x300", "-s", "1"],
    }
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        outputs = pool.map(lambda argv: _output_of(["rect", "generate", *argv]), runs.values())
        return {key: out.decode().split() for key, out in zip(runs, outputs, strict=True)}


# --- class 1: game IDs ------------------------------------------------------------------

OTHER_DIGITS = "²³¹⁰₀３０٣٠۴४৫೬๗߃①⑦"
ODD_CHARACTERS = OTHER_DIGITS + "éΓ×ｘＸ：＿−\u200b\u00a0\ufeff\u202e😀\U0001d7d8"
CONTROL = " \t\n\r\x0b\x0c\x1b\x7f"
RAW_BYTES = "\udc80\udcff\udcc3"  # invalid UTF-8 in argv (os.fsencode's surrogateescape)
ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_x:"
ASCII = "".join(map(chr, range(32, 127)))
HUGE_NUMBERS = (
    FIVE_THOUSAND_DIGITS,
    "9" * 5000,
    "0" * 4999 + "7",
    str(2**31 - 1),
    str(2**31),
    str(2**32),
    str(2**63),
    str(2**64),
    "99999999999999999999999",
)
ODD_SIZES = tuple(
    [
        "99999x99999",
        "99999999999x1",
        "1x2147483648",
        "2147483647x1",
        "46341x46341",
        "65536x32768",
        "0x7",
        "7x0",
        "0x0",
        "1x1",
        "1x2",
        "-7x7",
        "7x-7",
        "+7x7",
        "7X7",
        "7×7",
        "07x007",
        "7x7x7",
        "x7",
        "7x",
        "x",
        "7e1x7",
        "7.0x7",
        "0x10x7",
        "３x３",
        "٣x٣",
        "²x²",
    ]
)


def _header(text: str) -> tuple[str, str]:
    head, colon, tail = text.partition(":")
    return head, colon + tail


def _spot(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _replace_some(rng: random.Random, text: str, alphabet: str) -> str:
    chars = list(text) or [""]
    for _ in range(rng.randint(1, 4)):
        chars[rng.randrange(len(chars))] = rng.choice(alphabet)
    return "".join(chars)


def _m_truncate(rng, text):
    return text[: rng.randrange(len(text) + 1)]


def _m_extend(rng, text):
    alphabet = rng.choice((ID_ALPHABET, ASCII, "z", "_", "0123456789"))
    return text + "".join(rng.choices(alphabet, k=rng.randint(1, 40)))


def _m_ascii(rng, text):
    return _replace_some(rng, text, ASCII)


def _m_unicode(rng, text):
    return _replace_some(rng, text, ODD_CHARACTERS + CONTROL + RAW_BYTES)


def _m_other_digits(rng, text):
    # a clue or a side written with digits of another script
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if not digits:
        return text + rng.choice(OTHER_DIGITS)
    at = rng.choice(digits)
    return text[:at] + rng.choice(OTHER_DIGITS) + text[at + 1 :]


def _m_huge_number(rng, text):
    number = rng.choice(HUGE_NUMBERS)
    runs = list(re.finditer(r"[0-9]+", text))
    if runs and rng.random() < 0.7:  # replace a side or a clue
        run = rng.choice(runs)
        return text[: run.start()] + number + text[run.end() :]
    at = _spot(rng, text)
    return text[:at] + number + text[at:]


def _m_swap(rng, text):
    head, tail = _header(text)
    width, x, height = head.partition("x")
    return f"{height}{x}{width}{tail}"


def _m_huge_size(rng, text):
    return rng.choice(ODD_SIZES) + _header(text)[1]


def _m_nudge_size(rng, text):
    head, tail = _header(text)
    sides = head.split("x")
    if len(sides) == 2 and all(s.isascii() and s.isdigit() for s in sides):
        which = rng.randrange(2)
        sides[which] = str(max(0, int(sides[which]) + rng.choice((-2, -1, 1, 2, 7))))
    return "x".join(sides) + tail


def _m_delete(rng, text):
    at = _spot(rng, text)
    return text[:at] + text[at + rng.randint(1, 5) :]


def _m_duplicate(rng, text):
    head, tail = _header(text)
    if rng.random() < 0.5:
        return head + tail + tail[1:]
    at, end = sorted((_spot(rng, text), _spot(rng, text)))
    return text[:end] + text[at:end] + text[end:]


def _m_clue(rng, text):
    head, tail = _header(text)
    runs = list(re.finditer(r"[0-9]+", tail))
    if not runs:
        return text
    run = rng.choice(runs)
    value = rng.choice(("0", "00", "1", "007", "49", "50", "2147483647", "2147483648", "10000"))
    return head + tail[: run.start()] + value + tail[run.end() :]


def _m_shuffle(rng, text):
    head, tail = _header(text)
    tokens = re.findall(r"[0-9]+|[a-z]|_|.", tail[1:])
    rng.shuffle(tokens)
    return head + ":" + "".join(tokens)


def _m_separator(rng, text):
    spots = [i for i, c in enumerate(text) if c in ":x_"]
    if not spots:
        return text
    at = rng.choice(spots)
    other = rng.choice((";", "：", "", "::", "X", "×", " ", "_x", "__", "-", "\n"))
    return text[:at] + other + text[at + 1 :]


def _m_letters(rng, text):
    spots = [i for i, c in enumerate(text) if "a" <= c <= "z" and c != "x"]
    if not spots:
        return text
    at = rng.choice(spots)
    return text[:at] + rng.choice("abcdefghijklmnopqrstuvwyzABCZ") + text[at + 1 :]


def _m_whitespace(rng, text):
    at = rng.choice((0, len(text), _spot(rng, text)))
    return text[:at] + rng.choice(CONTROL) * rng.randint(1, 3) + text[at:]


MUTATIONS: tuple[Callable[[random.Random, str], str], ...] = (
    _m_truncate,
    _m_extend,
    _m_ascii,
    _m_unicode,
    _m_other_digits,
    _m_huge_number,
    _m_swap,
    _m_huge_size,
    _m_nudge_size,
    _m_delete,
    _m_duplicate,
    _m_clue,
    _m_shuffle,
    _m_separator,
    _m_letters,
    _m_whitespace,
)


def mutate(rng: random.Random, text: str) -> str:
    """``text`` changed by one to three random mutations, kept under 100 KB."""
    for _ in range(rng.choices((1, 2, 3), (6, 3, 1))[0]):
        text = rng.choice(MUTATIONS)(rng, text)
    return text[:100_000]


def crafted_ids(ids: dict[str, list[str]]) -> list[str]:
    """Game IDs made by hand: empty, degenerate, non-ASCII, enormous."""
    sample = ids["7x7"][0]
    desc = _header(sample)[1]
    big = ids["big"][0]
    return [
        "",
        " ",
        ":",
        "::",
        "x",
        "x:",
        "7x7:",
        "7x7",
        "7x:",
        "x7:a",
        "0x0:",
        "1x1:",
        "1x1:1",
        "2x1:2",
        "1x2:2",
        "2x1:a2",
        "2x1:1_1",
        "2x2:4c",
        "2x2:2_2b",
        "2x2:2a2a",  # two solutions
        "3x3:3c3c3",  # three rows or ...
        "7x7:zw",
        "7x7:49zv",
        "7x7:" + "a" * 49,
        "7x7:" + "z" * 2,
        "7x7:" + "_" * 48,
        "7x7:" + "1_" * 48 + "1",
        "７x７" + desc,
        "٧x٧" + desc,
        "7x7" + desc.replace("3", "３"),
        "7x7" + desc.replace("2", "²"),
        "7x7" + desc.replace("2", "٢"),
        "7x7" + desc.upper(),
        "ｘ".join(sample.split("x", 1)),
        sample + "\n",
        " " + sample,
        sample + "\x7f",
        sample + "\udcff",
        "\udcc3\udca9x7:" + desc[1:],
        "7x7：" + desc[1:],
        sample.replace(":", ";"),
        sample + ":" + desc[1:],
        sample + sample,
        "99999x99999:",
        "99999x99999:" + "z" * 1000,
        "46341x46341:a",
        "2147483647x1:",
        "1x2147483648:2",
        f"{FIVE_THOUSAND_DIGITS}x7:a",
        f"7x{FIVE_THOUSAND_DIGITS}:a",
        f"7x7:{FIVE_THOUSAND_DIGITS}",
        f"7x7:a{'0' * 5000}49",
        "1e3x7:a",
        "0x10x7:a",
        "-7x7:" + desc[1:],
        "--7x7:" + desc[1:],
        big,
        big[:-1],
        big[: len(big) // 2],
        big.replace("_", "", 1),
        "100000x1:" + "2_" * 49_999 + "2",  # 100 KB, one solution
        "1x100000:" + "2_" * 49_999 + "2",
        "300x300:" + "2_" * 44_999 + "2",  # 90 KB of 2s: very many solutions
        "300x300:" + "3_" * 29_999 + "3",
        "316x316:" + "a" * 99_000,
        "200x200:" + "z" * 1538 + "12",  # one clue, the rest blank
        "40x40:1600" + "z" * 61 + "i",  # one clue covering the grid
    ]


def id_cases(rng: random.Random, ids: dict[str, list[str]], total: int) -> list[Case]:
    crafted = crafted_ids(ids)
    pool = [i for key, group in ids.items() if key != "big" for i in group]
    controls = rng.sample(pool, 8)
    fuzzed = [mutate(rng, rng.choice(pool)) for _ in range(max(0, total - len(crafted) - 8))]
    return [Case("ids", ("rect", "solve", text)) for text in crafted + controls + fuzzed]


# --- class 2: bad numbers ---------------------------------------------------------------

CORE_VALUES = (
    "0",
    "-1",
    FIVE_THOUSAND_DIGITS,
    str(2**63),
    str(2**64),
    "３０",
    "²",
    "nan",
    "inf",
    "-inf",
    "1e308",
    "1e-300",
    "",
    " ",
    "1_000",
    "0x10",
    "12.5",
)
EXTRA_VALUES = (
    "-0",
    "+3",
    "0003",
    str(2**63 - 1),
    str(2**40 + 1),
    "99999999999999999999999",
    "٣",
    "1e3",
    "NaN",
    "Infinity",
    "-1e-300",
    "0.0",
    ".5",
    "5.",
    "1e-400",
    "1e99999",
    "abc",
    "7 ",
    " 7",
    "3\n4",
    "\udcff",
    "1,2",
    "½",
    "0b11",
    "3e0",
    "−3",  # U+2212, the minus sign
    "1 000",
    "0.5",
)
# each a command with {} where the value goes, and the output it may leave
SLOTS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("maze", "{}x10", "-s", "1"), None),
    (("maze", "10x{}", "-s", "1"), None),
    (("maze", "{}", "-s", "1"), None),
    (("maze", "10x10", "-s", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "eller", "--join", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "eller", "--down", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "binary-tree", "--bias", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "sidewinder", "--bias", "{}"), None),
    (("maze", "10x10", "-s", "1", "--braid", "{}"), None),
    (("maze", "10x10", "-s", "1", "--cell", "{}", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "-s", "1", "--wall", "{}", "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "-s", "1", "--solve", "-f", "svg", "--start", "{},0"), None),
    (("maze", "10x10", "-s", "1", "--heatmap", "-f", "svg", "--start", "0,{}"), None),
    (("maze", "10x10", "-s", "1", "--solve", "-f", "png", "--goal", "{}"), None),
    (("maze", "10x10", "-s", "1", "--stats", "--goal", "9,{}"), None),
    (("tromino", "classic", "{}", "1", "1"), None),
    (("tromino", "classic", "8", "{}", "1"), None),
    (("tromino", "classic", "8", "1", "{}"), None),
    (("tromino", "tile", "{}x10", "--missing", "1,1"), None),
    (("tromino", "tile", "10x{}", "--missing", "1,1"), None),
    (("tromino", "tile", "10x10", "--missing", "{},1"), None),
    (("tromino", "tile", "10x10", "--missing", "1,{}"), None),
    (("tromino", "tile", "10x10", "--missing", "1,1", "--cell", "{}", "-o", "t.png"), "t.png"),
    (("tromino", "tile", "10x10", "--missing", "1,1", "--colours", "{}", "-o", "t.svg"), "t.svg"),
    (("rect", "generate", "{}x7", "-s", "1"), None),
    (("rect", "generate", "7x{}", "-s", "1"), None),
    (("rect", "generate", "9x9e{}", "-s", "1"), None),
    (("rect", "generate", "{}", "-s", "1"), None),
    (("rect", "generate", "7x7", "-s", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--max-area", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--count", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--cell", "{}", "-o", "r.svg"), "r.svg"),
    (("spectre", "{}x10", "-s", "1", "-f", "csv"), None),
    (("spectre", "10x{}", "-s", "1", "-f", "csv"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "{},0"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "0,{}"), None),
    (("spectre", "10x10", "-s", "1", "--scale", "{}", "-o", "s.png"), "s.png"),
    (("spectre", "10x10", "-s", "{}", "-f", "jsonl"), None),
)
# requests a careless user might make: far, huge, tiny, past every limit
SPECIALS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e9,1e9"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e12,0"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "-1e15,-1e15"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e300,1e300"), None),
    (("spectre", "10x10", "-s", "1", "--method", "bfs", "--origin", "1e12,1e12"), None),
    (("hat", "{}x10", "-s", "1", "-f", "csv"), None),
    (("hat", "10x10", "-s", "1", "-f", "csv", "--origin", "{},0"), None),
    (("hat", "10x10", "-s", "1", "--shape", "{},1", "-o", "h.png"), "h.png"),
    (("hat", "10x10", "-s", "{}", "-f", "jsonl", "--neighbours"), None),
    (("spectre", "1e308x1e308", "-s", "1", "-f", "csv"), None),
    (("spectre", "1e308x1e308", "-s", "1", "-o", "s.png"), "s.png"),
    (("spectre", "1e308x1e308", "-s", "1", "--method", "bfs", "-f", "jsonl"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-f", "csv"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-f", "csv", "--origin", "1e15,-1e15"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-o", "s.png"), "s.png"),
    (("spectre", "100000x100000", "-s", "1", "--method", "bfs", "-f", "csv"), None),
    (("tromino", "classic", "4294967296", "1", "1"), None),
    (("tromino", "classic", "9223372036854775808", "1", "1"), None),
    (("tromino", "classic", "8", "9", "1"), None),
    (("tromino", "classic", "6", "1", "1"), None),
    (("tromino", "classic", "8", "2"), None),
    (("tromino", "classic", "8", "2", "3", "4"), None),
    (("tromino", "classic"), None),  # reads "M x y" from standard input, which is closed
    (
        (
            "tromino",
            "tile",
            "1000000000x1000000000",
            "--missing",
            "1,1",
            "-f",
            "npy",
            "-o",
            "t.npy",
        ),
        "t.npy",
    ),
    (("tromino", "tile", "100000x100000", "--missing", "1,1", "-f", "png", "-o", "t.png"), "t.png"),
    (("tromino", "tile", "100000x100000", "--missing", "1,1", "-o", "t.svg"), "t.svg"),
    (
        ("tromino", "tile", "50000x50000", "--missing", "7,7", "--colours", "3", "-o", "t.png"),
        "t.png",
    ),
    (("tromino", "tile", "10x10", "--missing", "11,1"), None),
    (("rect", "generate", "10000x10000"), None),
    (("rect", "generate", "7x7", "--max-area", "99999999999999999999999"), None),
    (("rect", "generate", "7x7", "--max-area", "1"), None),
    (("rect", "generate", "60x60", "--max-area", "2", "-s", "1"), None),
    (("rect", "generate", "1x1", "-s", "1"), None),
    (("rect", "generate", "2x1", "-s", "1"), None),
    (("rect", "generate", "7x7", "--count", "2", "-o", "r.png"), None),
    (("rect", "generate", "40000x40000", "-o", "r.png"), None),
    (("maze", "4000x4000", "--solve", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "-a", "eller", "--start", "10,10"), None),
    (("maze", "10x10", "-a", "eller", "--solve", "-f", "svg", "--start", "10,10"), None),
    (("maze", "10x10", "--stats", "--goal", "0,10"), None),
    (("maze", "1099511627776x1"), None),
    (("maze", "1099511627776x1099511627776", "-a", "eller"), None),
    (("maze", "100000x100000", "-a", "kruskal", "-o", "m.npz"), "m.npz"),
    (("maze", "30000x30000", "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "-a", "no-such-algorithm"), None),
    (("maze", "10x10", "-a", ""), None),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:1e308"), None),
    (
        ("maze", "10x10", "-a", "growing-tree", "--strategy", f"newest:{FIVE_THOUSAND_DIGITS}"),
        None,
    ),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:0,random:0"), None),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:-5,random:1"), None),
    (("maze", "10x10", "--wall-colour", "#12345z", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "--background", "x" * 5000, "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "--path-colour", "\udcff", "--solve", "-o", "m.png"), "m.png"),
    (("maze",), None),
    (("maze-stats",), None),
    (("rect", "solve"), None),
    (("spectre",), None),
)


def number_cases(rng: random.Random, total: int) -> list[Case]:
    per_slot = max(1, (total - len(SPECIALS)) // len(SLOTS))
    cases = []
    for template, output in SLOTS:
        values = list(CORE_VALUES) + rng.sample(EXTRA_VALUES, len(EXTRA_VALUES))
        if per_slot < len(CORE_VALUES):
            values = rng.sample(values, per_slot)
        for value in values[:per_slot]:
            argv = tuple(arg.replace("{}", value) for arg in template)
            cases.append(Case("numbers", argv, output=output))
    specials = SPECIALS if total >= 400 else rng.sample(SPECIALS, max(1, total // 10))
    cases += [Case("numbers", argv, output=output, slow=True) for argv, output in specials]
    return cases


# --- class 3: | head --------------------------------------------------------------------

HEAD_JOBS: tuple[tuple[str, ...], ...] = (
    ("maze", "60x1000000", "-a", "eller", "-s", "1"),
    ("maze", "1000x1000", "-a", "sidewinder", "-s", "1", "-f", "ascii"),
    ("maze", "2000x2000", "-s", "1", "-f", "ascii"),
    ("maze", "1000x1000", "-a", "kruskal", "-s", "1", "-f", "json"),
    ("maze", "1000x1000", "-a", "wilson", "-s", "1", "-f", "svg"),
    ("maze", "--list"),
    ("tromino", "tile", "65536x65536", "--missing", "1,1"),
    ("tromino", "classic", "4096", "1", "1"),
    ("tromino", "tile", "1000x1000", "--missing", "5,5", "-f", "svg"),
    ("rect", "generate", "12x12", "--count", "100000", "-s", "1"),
    ("rect", "generate", "10x10", "--count", "100000", "-s", "1", "-f", "json"),
    ("rect", "generate", "300x300", "-s", "1", "-f", "text", "--solution"),
    ("spectre", "20000x20000", "-s", "1", "-f", "csv"),
    ("spectre", "20000x20000", "-s", "1", "-f", "jsonl"),
    ("spectre", "5000x5000", "-s", "1", "-f", "geojson"),
    ("spectre", "2000x2000", "-s", "1", "-f", "svg"),
)


def head_cases(rng: random.Random, total: int) -> list[Case]:
    cases = [
        Case("head", argv, expect="ok", stdout=mode, slow=True)
        for argv in HEAD_JOBS
        for mode in ("pipe", "shell")
    ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 4: crafted maze files --------------------------------------------------------


def _npy(array_header: dict, data: bytes = b"") -> bytes:
    """A .npy file: ``array_header`` (whatever it claims) followed by ``data``."""
    stream = io.BytesIO()
    npy_format.write_array_header_1_0(stream, array_header)
    return stream.getvalue() + data


def _npz(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _npy_of(array: np.ndarray) -> bytes:
    stream = io.BytesIO()
    np.save(stream, array)
    return stream.getvalue()


class _Payload:
    """Unpickling this runs ``touch PWNED`` in the reader's folder."""

    def __reduce__(self):
        return (os.system, ("touch PWNED",))


def _zip_bomb(path: Path, shape: tuple[int, ...]) -> None:
    """A one-member zip64 archive: a .npy header for bool ``shape`` and then zeros, deflated.

    Every 4 MiB of zeros deflates (after a full flush, which resets the compressor) to the
    same bytes, so those bytes are written over and over: building 3.2 GB costs seconds.
    """
    header = _npy({"descr": "|b1", "fortran_order": False, "shape": shape})
    size = len(header) + int(np.prod(shape))
    zero = bytes(1 << 22)
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    first = packer.compress(header) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(zero) + packer.flush(zlib.Z_FULL_FLUSH)
    assert block == packer.compress(zero) + packer.flush(zlib.Z_FULL_FLUSH)
    blocks, rest = divmod(size - len(header), len(zero))
    last = packer.compress(zero[:rest]) + packer.flush()
    crc = zlib.crc32(header)
    for _ in range(blocks):
        crc = zlib.crc32(zero, crc)
    crc = zlib.crc32(zero[:rest], crc)
    packed = len(first) + blocks * len(block) + len(last)
    name = b"connection_list.npy"
    sizes = struct.pack("<2H2Q", 1, 16, size, packed)
    # flags, deflate, time, date, CRC, sizes (in the zip64 field), name, zip64 field
    fixed = (0, 8, 0, 0x21, crc, 2**32 - 1, 2**32 - 1, len(name), len(sizes))
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 45, *fixed)
    central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 45, 45, *fixed, 0, 0, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(local + name + sizes)
        out.write(first)
        for _ in range(blocks):
            out.write(block)
        out.write(last)
        directory_at = out.tell()
        out.write(central + name + sizes)
        end64_at = out.tell()
        directory = end64_at - directory_at
        out.write(
            struct.pack(
                "<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, 1, 1, directory, directory_at
            )
        )
        out.write(struct.pack("<4sLQL", b"PK\x06\x07", 0, end64_at, 1))
        out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, directory, directory_at, 0))


def make_files(folder: Path, quick: bool) -> list[tuple[tuple[str, ...], tuple[tuple, ...]]]:
    """Crafted maze files in ``folder``; returns (maze-stats arguments, setup) pairs."""
    rng = random.Random(0)
    good = folder / "good.npz"
    good.write_bytes(_output_of(["maze", "40x30", "-a", "wilson", "-s", "1", "-f", "npz"]))
    good_json = folder / "good.json"
    good_json.write_bytes(_output_of(["maze", "12x9", "-s", "1", "-f", "json"]))
    maze = np.load(good)["connection_list"]
    files: dict[str, bytes | Callable[[Path], None]] = {}
    cl = {"descr": "|b1", "fortran_order": False, "shape": (2, 30, 40)}

    evil = pickle.dumps(np.array([_Payload()] * 8, dtype=object).reshape(2, 2, 2))
    evil_npy = _npy({"descr": "|O", "fortran_order": False, "shape": (2, 2, 2)}, evil)
    files["pickled.npz"] = lambda p: _npz(p, {"connection_list.npy": evil_npy})
    plain_objects = _npy({"descr": "|O", "fortran_order": False, "shape": (2, 1, 1)})
    plain_objects += pickle.dumps(np.array([True, False], dtype=object).reshape(2, 1, 1))
    files["objects.npz"] = lambda p: _npz(p, {"connection_list.npy": plain_objects})
    for name, value in {
        "seed-array": np.arange(3),
        "seed-float": np.float64("nan"),
        "seed-huge": np.uint64(2**64 - 1),
        "seed-text": np.str_("x" * 100_000),
        "seed-negative": np.int64(-5),
        "width-wrong": None,
        "params-deep": None,
        "algorithm-bytes": None,
    }.items():
        extra = {}
        if name.startswith("seed"):
            extra["seed.npy"] = _npy_of(np.asarray(value))
        elif name == "width-wrong":
            extra["width.npy"] = _npy_of(np.asarray(41))
        elif name == "params-deep":
            extra["params.npy"] = _npy_of(np.asarray("[" * 100_000 + "]" * 100_000))
        else:
            extra["algorithm.npy"] = _npy_of(np.frombuffer(os.urandom(4096), np.uint8))
        members = {"connection_list.npy": _npy_of(maze), **extra}
        files[f"{name}.npz"] = lambda p, m=members: _npz(p, m)
    huge = {"descr": "|b1", "fortran_order": False, "shape": (2, 100_000, 100_000)}
    files["claims-18.6GiB.npz"] = lambda p: _npz(
        p, {"connection_list.npy": _npy(huge, bytes(4096))}, zipfile.ZIP_STORED
    )
    files["claims-18.6GiB-deflated.npz"] = lambda p: _npz(
        p, {"connection_list.npy": _npy(huge, bytes(4096))}
    )
    for name, header in {
        "shape-negative": {"descr": "|b1", "fortran_order": False, "shape": (2, -5, 40)},
        "shape-huge-int": {"descr": "|b1", "fortran_order": False, "shape": (2, 10**30, 1)},
        "shape-1d": {"descr": "|b1", "fortran_order": False, "shape": (2400,)},
        "shape-empty": {"descr": "|b1", "fortran_order": False, "shape": (2, 0, 5)},
        "dtype-int64": {"descr": "<i8", "fortran_order": False, "shape": (2, 30, 40)},
        "dtype-void": {"descr": "|V8", "fortran_order": False, "shape": (2, 30, 40)},
        "fortran": {"descr": "|b1", "fortran_order": True, "shape": (2, 30, 40)},
    }.items():
        width = 8 if "int64" in name or "void" in name else 1
        data = bytes(2 * 30 * 40 * width) if "shape" not in name else b"\x00" * 64
        files[f"{name}.npz"] = lambda p, h=header, d=data: _npz(
            p, {"connection_list.npy": _npy(h, d)}
        )
    twos = _npy(cl, bytes([2]) * 2400)
    files["bytes-two.npz"] = lambda p: _npz(p, {"connection_list.npy": twos})
    long_header = b"\x93NUMPY\x02\x00" + struct.pack("<L", 0xFFFFFFF0) + b"{'descr'"
    files["header-4GiB.npz"] = lambda p: _npz(p, {"connection_list.npy": long_header})
    evaluated = b"\x93NUMPY\x01\x00" + struct.pack("<H", 118)
    evaluated += (
        b"{'descr': '|b1', 'fortran_order': False, 'shape': (2, 9**9**9, 1), }".ljust(117) + b"\n"
    )
    files["header-expression.npz"] = lambda p: _npz(p, {"connection_list.npy": evaluated})
    many = {f"m{i}.npy": b"" for i in range(5000)}
    files["5000-members.npz"] = lambda p: _npz(p, {"connection_list.npy": _npy_of(maze), **many})
    files["encrypted-flag.npz"] = lambda p: _flag_encrypted(p, _npy_of(maze))
    files["lying-size.npz"] = lambda p: _lying_size(p, _npy_of(maze))
    if not quick:
        files["zip-bomb-3.2GB.npz"] = lambda p: _zip_bomb(p, (2, 40_000, 40_000))
    files["zip-bomb-fits.npz"] = lambda p: _zip_bomb(p, (2, 4_000, 4_000))
    whole = good.read_bytes()
    for cut in (0, 2, 10, 30, 100, len(whole) // 2, len(whole) - 22, len(whole) - 1):
        files[f"truncated-{cut}.npz"] = whole[:cut]
    files["truncated.json"] = good_json.read_bytes()[: len(good_json.read_bytes()) // 2]
    files["random.bin"] = rng.randbytes(4096)
    files["random-PK.npz"] = b"PK" + rng.randbytes(4096)
    files["random-PK-end.npz"] = rng.randbytes(4096) + b"PK\x05\x06" + rng.randbytes(18)
    files["random-1MB.json"] = rng.randbytes(1 << 20)
    files["empty.json"] = b""
    files["nested-100000.json"] = b"[" * 100_000 + b"]" * 100_000
    files["nested-objects.json"] = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    files["nested-in-maze.json"] = b'{"connection_list": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    files["nested-params.json"] = _json_with(good_json, params="[" * 50_000 + "]" * 50_000)
    files["seed-5000-digits.json"] = _json_with(good_json, seed=FIVE_THOUSAND_DIGITS)
    files["seed-1e400.json"] = _json_with(good_json, seed="1e400")
    files["seed-NaN.json"] = _json_with(good_json, seed="NaN")
    files["width-huge.json"] = _json_with(good_json, width="1" + "0" * 30)
    files["width-true.json"] = _json_with(good_json, width="true")
    files["ints.json"] = b'{"connection_list": [[[1, 0]], [[0, 0]]]}'
    files["strings.json"] = b'{"connection_list": [[["true"]], [["false"]]]}'
    files["ragged.json"] = b'{"connection_list": [[[true, false], [true]], [[true]]]}'
    files["shape-3.json"] = b'{"connection_list": [[[true]], [[true]], [[true]]]}'
    files["empty-rows.json"] = b'{"connection_list": [[], []]}'
    files["deep-list.json"] = b'{"connection_list": ' + b"[" * 70 + b"true" + b"]" * 70 + b"}"
    files["bom.json"] = b"\xef\xbb\xbf" + good_json.read_bytes()
    files["utf16.json"] = good_json.read_text().encode("utf-16")
    files["duplicate-keys.json"] = b'{"connection_list": 1, ' + good_json.read_bytes()[1:]
    files["quotes.json"] = b'"' * (1 << 20)
    files["brackets-1MB.json"] = b"[" * (1 << 20)
    for name, make in files.items():
        if callable(make):
            make(folder / name)
        else:
            (folder / name).write_bytes(make)

    plain = [(str(folder / name),) for name in ["good.npz", "good.json", *files]]
    extra: list[tuple[tuple[str, ...], tuple[tuple, ...]]] = [
        ((path[0], "--json"), ()) for path in plain[:2]
    ]
    extra += [
        ((str(good), "--start", "29,39", "--goal", "0,0"), ()),
        ((str(good), "--start", "30,0"), ()),
        ((str(good), "--goal", f"{FIVE_THOUSAND_DIGITS},0"), ()),
        (("/dev/zero",), ()),
        (("/dev/urandom",), ()),
        (("/dev/null",), ()),
        (("/dev/full",), ()),
        (("/dev/stdin",), ()),
        (("/proc/self/status",), ()),
        (("/proc/self/mem",), ()),
        (("fifo.npz",), (("fifo", "fifo.npz"),)),
        (("folder.npz",), (("mkdir", "folder.npz"),)),
        (("folder.npz/",), (("mkdir", "folder.npz"),)),
        (("loop.npz",), (("link", "loop.npz", "loop.npz"),)),
        (("dangling.npz",), (("link", "dangling.npz", "missing.npz"),)),
        (("missing.npz",), ()),
        (("-",), ()),
        (("",), ()),
        (("x" * 5000,), ()),
        (("\udcff.npz",), ()),
    ]
    return [(path, ()) for path in plain] + extra


def _json_with(good: Path, **values: str) -> bytes:
    data = json.loads(good.read_text())
    marks = {key: f"@@{key}@@" for key in values}
    data.update(marks)
    text = json.dumps(data)
    for key, value in values.items():
        text = text.replace(f'"{marks[key]}"', value)
    return text.encode()


def _flag_encrypted(path: Path, data: bytes) -> None:
    _npz(path, {"connection_list.npy": data}, zipfile.ZIP_STORED)
    raw = bytearray(path.read_bytes())
    for signature, flag_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = raw.find(signature)
        raw[at + flag_at] |= 1
    path.write_bytes(bytes(raw))


def _lying_size(path: Path, data: bytes) -> None:
    """A stored member whose directory entry claims 4 GiB - 1 bytes."""
    _npz(path, {"connection_list.npy": data}, zipfile.ZIP_STORED)
    raw = bytearray(path.read_bytes())
    at = raw.find(b"PK\x01\x02")
    raw[at + 24 : at + 28] = struct.pack("<L", 2**32 - 2)
    path.write_bytes(bytes(raw))


def file_cases(rng: random.Random, folder: Path, total: int, quick: bool) -> list[Case]:
    made = make_files(folder, quick)
    cases = [
        Case("files", ("maze-stats", *argv), setup=setup, slow="bomb" in argv[0])
        for argv, setup in made
    ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 5: determinism ---------------------------------------------------------------


def determinism_cases(rng: random.Random, total: int) -> list[Case]:
    runs: list[tuple[tuple[str, ...], str]] = []
    for algorithm in ("backtracker", "wilson", "eller", "growing-tree"):
        for fmt in ("unicode", "ascii", "json", "npz", "svg", "png"):
            runs.append((("maze", "37x23", "-a", algorithm, "-s", "11", "-f", fmt), fmt))
    runs += [
        (("maze", "40x25", "-a", "kruskal", "-s", "3", "--solve", "--heatmap", "-f", "png"), "png"),
        (
            ("maze", "40x25", "-a", "prim", "-s", "3", "--braid", "0.5", "--solve", "-f", "svg"),
            "svg",
        ),
        (("maze", "2000x2000", "-a", "eller", "-s", "5", "-f", "npz"), "npz"),
        (
            ("maze", "300x200", "-a", "aldous-broder", "-s", "8", "--stats", "json", "-f", "json"),
            "json",
        ),
    ]
    for fmt in ("text", "npy", "png", "svg"):
        runs.append((("tromino", "tile", "22x13", "--missing", "4,9", "-f", fmt), fmt))
        runs.append((("tromino", "classic", "16", "3", "5", "-f", fmt), fmt))
    runs += [
        (("tromino", "tile", "20x14", "--missing", "3,5", "--colours", "4", "-f", "svg"), "svg"),
        (("tromino", "tile", "16x16", "--missing", "3,5", "--colours", "3", "-f", "png"), "png"),
    ]
    for fmt in ("id", "text", "json", "svg", "png"):
        runs.append((("rect", "generate", "15x15", "-s", "4", "-f", fmt), fmt))
    runs += [
        (("rect", "generate", "30x20e0.5", "-s", "9", "-f", "json", "--solution"), "json"),
        (("rect", "generate", "12x12", "-s", "2", "--count", "20", "-f", "id"), "id"),
        (("rect", "generate", "20x14", "-s", "6", "-f", "png", "--solution"), "png"),
    ]
    for fmt in ("svg", "png", "jsonl", "csv", "geojson"):
        runs.append((("spectre", "60x40", "-s", "3", "-f", fmt), fmt))
    runs += [
        (("spectre", "30x20", "-s", "5", "--colour", "four", "-f", "png"), "png"),
        (("spectre", "30x20", "-s", "5", "--plain", "--colour", "orientation", "-f", "svg"), "svg"),
        (("spectre", "30x20", "-s", "5", "--method", "bfs", "-f", "csv"), "csv"),
        (("spectre", "20x20", "-s", "7", "--origin", "5000,-300", "-f", "jsonl"), "jsonl"),
    ]
    cases = []
    for argv, fmt in runs:
        name = f"out.{fmt}"
        cases.append(
            Case(
                "determinism",
                (*argv, "-o", name),
                output=name,
                expect="ok",
                twin="npz" if fmt == "npz" else "bytes",
                slow=True,
            )
        )
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 6: output targets ------------------------------------------------------------

TARGET_COMMANDS = {
    "maze": ("maze", "6x4", "-s", "1", "-f", "ascii"),
    "tromino": ("tromino", "tile", "4x4", "--missing", "1,1"),
    "rect": ("rect", "generate", "7x7", "-s", "1", "-f", "text"),
    "spectre": ("spectre", "4x4", "-s", "1", "-f", "csv"),
}
BINARY_COMMANDS = {
    "maze": ("maze", "6x4", "-s", "1", "-f", "png"),
    "tromino": ("tromino", "tile", "4x4", "--missing", "1,1", "-f", "npy"),
    "rect": ("rect", "generate", "7x7", "-s", "1", "-f", "png"),
    "spectre": ("spectre", "4x4", "-s", "1", "-f", "png"),
}
OLD = b"OLD CONTENTS\n"


def target_cases(rng: random.Random, total: int) -> list[Case]:
    references = {family: _output_of(list(argv)) for family, argv in TARGET_COMMANDS.items()}
    cases = []
    for family, argv in TARGET_COMMANDS.items():
        ref = references[family]

        def case(*more, output=None, expect="held", stdout="null", setup=(), checks=(), a=argv):
            return Case("targets", (*a, *more), output, expect, stdout, setup, checks)

        old = ("write", "real.txt", OLD)
        cases += [
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(old, ("link", "out.txt", "real.txt")),
                checks=(("link", "out.txt"), ("content", "real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(old, ("link", "l2", "real.txt"), ("link", "out.txt", "l2")),
                checks=(("link", "out.txt"), ("link", "l2"), ("content", "real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("mkdir", "sub"), ("write", "sub/real.txt", OLD)),
                checks=(("content", "out.txt", ref), ("content", "sub/real.txt", OLD)),
                output="out.txt",
            ),
            case(
                "-o",
                "out.txt",
                setup=(
                    ("mkdir", "sub"),
                    ("write", "sub/real.txt", OLD),
                    ("link", "out.txt", "sub/real.txt"),
                ),
                expect="ok",
                checks=(("link", "out.txt"), ("content", "sub/real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                output="new.txt",
                setup=(("link", "out.txt", "new.txt"),),
                checks=(("link", "out.txt"),),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                stdout="capture",
                setup=(("link", "out.txt", "/proc/self/fd/1"),),
                checks=(("link", "out.txt"), ("stdout", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                stdout="capture",
                setup=(("link", "out.txt", "/dev/fd/1"),),
                checks=(("link", "out.txt"), ("stdout", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("write", "out.txt", OLD), ("chmod", "out.txt", 0o600)),
                checks=(("mode", "out.txt", 0o600), ("content", "out.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("write", "out.txt", OLD), ("chmod", "out.txt", 0o751)),
                checks=(("mode", "out.txt", 0o751), ("content", "out.txt", ref)),
            ),
            case(
                "-o",
                "a.txt",
                expect="ok",
                setup=(("write", "a.txt", OLD), ("hardlink", "b.txt", "a.txt")),
                checks=(
                    ("content", "a.txt", ref),
                    ("content", "b.txt", ref),
                    ("inode", "a.txt", "b.txt"),
                ),
            ),
            case("-o", "/dev/full", expect="error"),
            case(expect="error", stdout="full"),
            case("-o", "-", expect="error", stdout="full"),
            case("-o", "/dev/null", expect="ok"),
            case("-o", "-", expect="ok", stdout="capture", checks=(("stdout", ref),)),
            case("-o", "nodir/out.txt", expect="error", checks=(("absent", "nodir"),)),
            case("-o", "nodir/deeper/out.txt", expect="error"),
            case(
                "-o", "sub", expect="error", setup=(("mkdir", "sub"),), checks=(("empty", "sub"),)
            ),
            case(
                "-o", "sub/", expect="error", setup=(("mkdir", "sub"),), checks=(("empty", "sub"),)
            ),
            case("-o", ".", expect="error"),
            case("-o", "", expect="error"),
            case("-o", "out.txt/x", expect="error", setup=(("write", "out.txt", OLD),)),
            case(
                "--no-such-option",
                "-o",
                "out.txt",
                expect="error",
                setup=(("write", "out.txt", OLD),),
                checks=(("content", "out.txt", OLD),),
            ),
            case(
                "-o",
                "link",
                expect="error",
                setup=(("mkdir", "sub"), ("link", "link", "sub")),
                checks=(("empty", "sub"), ("link", "link")),
            ),
            case("-o", "x" * 300 + ".txt", expect="error"),
            case("-o", "\udcff.txt", output="\udcff.txt", expect="ok"),
        ]
        binary = BINARY_COMMANDS[family]
        cases += [
            Case("targets", (*binary, "-o", "/dev/full"), expect="error"),
            Case("targets", binary, expect="error", stdout="full"),
        ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 7: signals -------------------------------------------------------------------


def signal_cases(rng: random.Random, total: int) -> list[Case]:
    jobs = list(_signal_stress().JOBS)
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    return [
        Case(
            "signals",
            (),
            trial=(rng.choice(jobs), rng.choice(names), round(rng.uniform(0.2, 4.0), 2)),
            slow=True,
        )
        for _ in range(total)
    ]


# --- the survey -------------------------------------------------------------------------

DEFAULT_COUNTS = {
    "ids": 1000,
    "numbers": 760,
    "head": 32,
    "files": 100,
    "determinism": 100,
    "targets": 120,
    "signals": 30,
}
QUICK_COUNTS = {
    "ids": 100,
    "numbers": 60,
    "head": 6,
    "files": 15,
    "determinism": 10,
    "targets": 20,
    "signals": 4,
}


def build_cases(classes: list[str], seed: int, quick: bool, base: Path) -> list[Case]:
    counts = QUICK_COUNTS if quick else DEFAULT_COUNTS
    cases: list[Case] = []
    for kind in classes:
        rng = random.Random(f"{seed}:{kind}")
        total = counts[kind]
        if kind == "ids":
            cases += id_cases(rng, valid_ids(quick), total)
        elif kind == "numbers":
            cases += number_cases(rng, total)
        elif kind == "head":
            cases += head_cases(rng, total)
        elif kind == "files":
            crafted = base / "crafted"
            crafted.mkdir()
            cases += file_cases(rng, crafted, total, quick)
        elif kind == "determinism":
            cases += determinism_cases(rng, total)
        elif kind == "targets":
            cases += target_cases(rng, total)
        else:
            cases += signal_cases(rng, total)
    return cases


def survey(cases: list[Case], base: str, workers: int, timeout: float, verbose: bool):
    """Run the cases in a pool; yields results as they come."""
    order = sorted(range(len(cases)), key=lambda i: not cases[i].slow)  # slow ones first
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        futures = {pool.submit(run_case, cases[i], base, timeout): cases[i] for i in order}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            try:
                result = future.result()
            except Exception as error:  # the survey's own fault: shown, never hidden
                case = futures[future]
                result = Result(
                    case.kind, _described(case), None, "", f"survey error: {error!r}", 0
                )
            if verbose or result.problem:
                verdict = "ok" if result.problem is None else f"NOT HELD: {result.problem}"
                print(f"  [{result.kind}] {result.shown[:160]}  → {verdict}", file=sys.stderr)
            elif done % 100 == 0:
                print(f"  {done}/{len(cases)} done", file=sys.stderr)
            yield result


def report(results: list[Result], seconds: float) -> int:
    by_class: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        by_class[result.kind].append(result)
    failed = [r for r in results if r.problem]
    for kind, group in by_class.items():
        bad = [r for r in group if r.problem]
        if not bad:
            continue
        print(f"\n== {CLASSES[kind]}: {len(bad)} did not hold")
        for result in sorted(bad, key=lambda r: (_display_stray(r.problem), r.shown)):
            print(f"- {result.shown[:400]}")
            print(
                f"  {_display_stray(result.problem)}; exit {result.status}; {result.seconds:.1f} s"
            )
            if result.stderr:
                print(f"  stderr: {result.stderr!r}")
    notes = Counter(note for r in results for note in r.notes)
    if notes:
        print()
        for note, count in notes.items():
            print(f"note: {note} ({count} pairs)")
    print(f"\n{'class':<26} {'tried':>6} {'held':>6} {'slowest':>9} {'peak RSS':>9}")
    for kind, label in CLASSES.items():
        group = by_class.get(kind)
        if not group:
            continue
        held = sum(r.problem is None for r in group)
        slowest = max(r.seconds for r in group)
        peak = max(r.rss_kib for r in group) / 1024
        shown = f"{peak:>6.0f} MiB" if peak else f"{'-':>10}"  # signal trials: not measured
        print(f"{label:<26} {len(group):>6} {held:>6} {slowest:>8.1f}s {shown}")
    held = len(results) - len(failed)
    print(f"{'total':<26} {len(results):>6} {held:>6}")
    print()
    for kind in CLASSES:
        group = by_class.get(kind)
        if not group:
            continue
        slowest = max(group, key=lambda r: r.seconds)
        largest = max(group, key=lambda r: r.rss_kib)
        print(f"{kind}: slowest {slowest.seconds:.1f} s: {slowest.shown[:120]}")
        if largest.rss_kib:
            print(f"{kind}: largest {largest.rss_kib / 1024:.0f} MiB: {largest.shown[:120]}")
    print(f"\n{len(results)} cases in {seconds / 60:.1f} min; {len(failed)} did not hold")
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="fixes every case (default 0)")
    parser.add_argument("--quick", action="store_true", help="about 200 cases, not 2,000")
    parser.add_argument("--classes", nargs="*", choices=list(CLASSES), default=list(CLASSES))
    parser.add_argument("--workers", type=int, default=2, help="cases run at once (2)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a case (20)")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    options = parser.parse_args()
    start = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="hostile_survey."))
    try:
        cases = build_cases(options.classes, options.seed, options.quick, base)
        print(f"{len(cases)} cases, {options.workers} at a time", file=sys.stderr)
        results = list(survey(cases, str(base), options.workers, options.timeout, options.verbose))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    sys.exit(report(results, time.monotonic() - start))


if __name__ == "__main__":
    main()
