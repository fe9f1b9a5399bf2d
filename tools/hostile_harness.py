"""The hostile survey's harness: a case, running it in a fresh folder, judging what it did.

A case runs ``python -m tilewright ARGS`` (or, for the library, a few lines of Python under
``API_WRAPPER``) in a fresh folder prepared by its ``setup`` steps, with standard input
closed, an address-space limit (``Case.memory``) and a time bound. ``judge`` holds it to
what every run promises, and ``_check`` to what its case adds. The classes of cases are in
``hostile_survey.py`` and ``hostile_data.py``.
"""

import concurrent.futures
import contextlib
import functools
import hashlib
import importlib.util
import io
import os
import re
import resource
import select
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

TOOLS = Path(__file__).resolve().parent
COMMAND = (sys.executable, "-m", "tilewright")
# Library cases: the code is ``sys.argv[1]``; bad input must raise TilewrightError or
# TypeError, which come out as the command line's one line and exit 2.
API_WRAPPER = """
import sys
from tilewright.core.errors import TilewrightError
try:
    exec(sys.argv[1])
except (TilewrightError, TypeError) as error:
    print(f"tilewright: error: {error}", file=sys.stderr)
    sys.exit(2)
"""
MEMORY_LIMIT = 8 << 30
STDERR_SHOWN = 300
STDERR_READ = 1 << 20


# --- cases and results ------------------------------------------------------------------


@dataclass
class Case:
    """One run (or a pair, or a pipe, or a signal trial) and what it must do."""

    kind: str  # a key of the survey's CLASSES
    argv: tuple[str, ...]  # with ``api``: one string, the Python to run
    output: str | None = None  # the one new name (file or folder) the folder may hold after exit 0
    expect: str = "held"  # "held", "ok" (exit 0, or interrupted) or "error" (exit 2)
    stdout: str = "null"  # "null", "full", "capture", "pipe" or "shell" (| head)
    setup: tuple[tuple, ...] = ()  # ("write", name, bytes), ("link", name, target), ...
    checks: tuple[tuple, ...] = ()  # ("link", name), ("content", name, bytes), ...
    twin: str | None = None  # determinism: "bytes" or "npz", how to compare the two runs
    trial: tuple[str, str, float] | None = None  # signals: job, signal, delay
    slow: bool = False  # submitted first, so the pool does not end waiting on it
    memory: int = MEMORY_LIMIT  # the run's address-space limit, bytes
    api: bool = False  # run ``argv[0]`` as Python under API_WRAPPER, not the command line
    # A run too long to finish: SIGINT after this many seconds. It holds by ending on its
    # own before (as any run) or by the signal: 130 and the one line ``interrupted``.
    interrupt: float | None = None
    # ``output`` is a dataset folder: a run interrupted, or failing late, keeps whole parts
    resumable: bool = False
    # ``memory`` is less than some runs need: running short (one line, exit 2) is an answer,
    # where elsewhere it says a run allocated before it checked
    starved: bool = False

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
    if case.memory != MEMORY_LIMIT:
        words.append(f"address space {case.memory >> 20} MiB")
    if case.interrupt is not None:
        words.append(f"SIGINT after {case.interrupt:g} s")
    shown = f"python: {'; '.join(case.argv[0].splitlines())}" if case.api else shown_argv(case.argv)
    return shown + (f"  [{'; '.join(words)}]" if words else "")


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


def _child_limits(memory: int) -> None:
    """In the child before exec: bounded address space, standard input closed."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
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


def _wait(
    process: subprocess.Popen, deadline: float, interrupt_at: float | None = None
) -> tuple[int | None, int]:
    """Reap ``process`` (its peak RSS in KiB too), sending SIGINT at ``interrupt_at`` and
    killing its group at ``deadline``."""
    pause = 0.002
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return process.returncode, usage.ru_maxrss
        if interrupt_at is not None and time.monotonic() > interrupt_at:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGINT)
            interrupt_at = None
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


def run_command(case: Case, folder: str, timeout: float) -> Run:
    """Run ``case`` in ``folder``; stdout as ``case.stdout`` says."""
    stdout = case.stdout
    if case.api:
        command = [sys.executable, "-c", API_WRAPPER, *case.argv]
    else:
        command = [*COMMAND, *case.argv]
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
            preexec_fn=functools.partial(_child_limits, case.memory),
            start_new_session=True,
        )
        captured = b""
        if stdout == "pipe":
            captured = _read_pipe(process.stdout, 100, deadline)
            process.stdout.close()  # the reader goes away, as head does
        interrupt_at = None if case.interrupt is None else start + case.interrupt
        status, rss = _wait(process, deadline, interrupt_at)
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


def _prepare(folder: str, setup: tuple[tuple, ...], held: contextlib.ExitStack) -> None:
    """Make the case's folder as ``setup`` says; what must be undone after the run (a
    mount, a listening socket) goes on ``held``."""
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
        elif action == "copy":  # a file or folder made once, before the cases
            if os.path.isdir(rest[0]):
                shutil.copytree(rest[0], path, symlinks=True)
            else:
                shutil.copy2(rest[0], path)
        elif action == "flip":  # one bit of a file, at a byte offset from its start
            with open(path, "r+b") as handle:
                handle.seek(rest[0])
                byte = handle.read(1)[0]
                handle.seek(rest[0])
                handle.write(bytes([byte ^ (1 << rest[1])]))
        elif action == "truncate":
            os.truncate(path, rest[0])
        elif action == "append":
            with open(path, "ab") as handle:
                handle.write(rest[0])
        elif action == "remove":
            os.unlink(path)
        elif action == "rename":
            os.rename(path, os.path.join(folder, rest[0]))
        elif action == "tmpfs":  # a small file system that a run fills (root only)
            os.mkdir(path)
            subprocess.run(
                ["mount", "-t", "tmpfs", "-o", f"size={rest[0]}", "tmpfs", path], check=True
            )
            held.callback(subprocess.run, ["umount", "-l", path], check=False)
        elif action == "listen":  # a port held while the run goes on (taken already: fine)
            sock = socket.socket()
            held.callback(sock.close)
            with contextlib.suppress(OSError):
                sock.bind(("127.0.0.1", int(name)))
                sock.listen()
        else:
            raise ValueError(f"unknown setup step {step!r}")


def _check(folder: str, check: tuple, run: Run) -> str | None:
    """What ``check`` found wrong after the run, or None."""
    action, *rest = check
    if action == "stdout":
        return None if run.stdout == rest[0] else f"stdout was {run.stdout[:60]!r}"
    if action == "exit":  # the only statuses this case may end with
        return None if run.status in rest else f"exit {run.status}, not one of {rest}"
    if action == "silent-about":  # a pattern stderr must not hold
        text = run.stderr.decode("utf-8", "replace")
        found = re.search(rest[0], text)
        return None if found is None else f"stderr says {found.group(0)!r}"
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
    if action == "same":  # a file or folder holds what a reference made once holds
        ours, theirs = _digests(path), _digests(rest[1])
        return None if ours == theirs else f"{rest[0]} differs from the reference"
    if action == "stderr":  # a pattern stderr must hold, however the run ended
        text = run.stderr.decode("utf-8", "replace")
        return None if re.search(rest[0], text) else f"stderr does not say /{rest[0]}/"
    if action == "says":  # a pattern the line of a refused run (exit 2) must match
        text = run.stderr.decode("utf-8", "replace")
        if run.status != 2 or re.search(rest[0], text, re.IGNORECASE):
            return None
        return f"the refusal does not say /{rest[0]}/"
    if action == "picture":
        return _picture_problem(path, rest[1])
    raise ValueError(f"unknown check {check!r}")


def _digests(path: str) -> dict[str, str] | str | None:
    """SHA-256 of a file, or of every file under a folder by relative name (links by their
    target); None when nothing is there."""
    if os.path.islink(path):
        return f"link to {os.readlink(path)}"
    if os.path.isfile(path):
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    if not os.path.isdir(path):
        return None
    found = {}
    for name, kind in _listing(path).items():
        inner = os.path.join(path, name)
        if kind != "dir":
            found[name] = str(_digests(inner))
    return found


# A picture written from the library states finite sizes of at most this many pixels or
# points a side (the command line's own bound is far less), in numbers of a sane length.
PICTURE_SIDE = 1 << 20
_SVG_ATTRIBUTE = re.compile(rb'\s(width|height|viewBox)="([^"]*)"')
_PDF_BOX = re.compile(rb"/MediaBox\s*\[([^\]]*)\]")


def _picture_problem(path: str, kind: str) -> str | None:
    """What is wrong with the picture at ``path`` (``svg``, ``png`` or ``pdf``), or None;
    no picture at all is fine (the call was refused)."""
    if not os.path.exists(path):
        return None
    if kind == "png":
        from PIL import Image

        with Image.open(path) as image:
            words = [str(side) for side in image.size]
    elif kind == "svg":
        with open(path, "rb") as handle:
            found = dict(_SVG_ATTRIBUTE.findall(handle.read(4096)))
        view = found.get(b"viewBox", b"").split()
        words = [
            w.decode("ascii", "replace")
            for w in (found.get(b"width"), found.get(b"height"), *view[2:])
            if w
        ]
    else:
        box = _PDF_BOX.search(Path(path).read_bytes())
        words = box.group(1).decode("ascii", "replace").split()[2:] if box else []
    words = [re.sub(r"(px|pt|mm|cm|in)$", "", word) for word in words]
    try:
        sides = [float(word) for word in words]
    except ValueError:
        return f"the picture's size is not a number: {' '.join(words)[:80]}"
    if not sides:
        return "the picture states no size"
    if any(
        len(word) > 24 or not 1 <= side <= PICTURE_SIDE
        for word, side in zip(words, sides, strict=True)
    ):
        return f"the picture's size is {' '.join(words)[:80]}"
    return None


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
    if "MemoryError" in text or (not case.starved and "not enough memory: ask" in text):
        return "MemoryError reached the top level"
    lines = text.splitlines()
    interrupted = case.interrupt is not None and status == 128 + signal.SIGINT
    if status == 2:
        if len(lines) != 1 or not lines[0].startswith("tilewright: error:"):
            return f"exit 2 with {len(lines)} stderr lines"
    elif interrupted:
        if lines != ["tilewright: interrupted"]:
            return f"interrupted, with stderr {lines[:3]}"
    elif status not in ((0, 1, 3) if case.answers else (0,)):
        return f"exit status {status}"
    if case.expect == "ok" and status != 0 and not interrupted:
        return f"exit {status}, expected 0"
    if case.expect == "error" and status != 2:
        return f"exit {status}, expected 2"
    if case.stdout in ("pipe", "shell") and text:
        return "stderr after the reader went away"
    kept = status == 0 or (case.resumable and (interrupted or status == 2))
    new = set(after) - set(before)
    stray = sorted(name for name in new if not (kept and _in_output(case, name, status == 0)))
    if stray:
        return f"left {stray}"
    return None


def _in_output(case: Case, name: str, finished: bool) -> bool:
    """Whether ``name`` is the case's output or lies in it; of a run that did not finish,
    only the whole files of a dataset folder count, never its hidden temporaries."""
    if case.output is None or not (name == case.output or name.startswith(case.output + os.sep)):
        return False
    return finished or not any(
        part.startswith(".") for part in name[len(case.output) :].split(os.sep)
    )


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
    held = contextlib.ExitStack()
    try:
        _prepare(folder, case.setup, held)
        before = _listing(folder)
        run = run_command(case, folder, timeout)
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
        held.close()
        shutil.rmtree(folder, ignore_errors=True)


def _compare_twin(case: Case, first: bytes, base: str, timeout: float, result: Result) -> None:
    """Run ``case`` again in a new folder; the outputs must agree."""
    again = tempfile.mkdtemp(dir=base)
    try:
        run = run_command(case, again, timeout)
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


# --- the survey -------------------------------------------------------------------------


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


def report(results: list[Result], seconds: float, classes: dict[str, str]) -> int:
    """Print what did not hold and a table by class (``classes``: key to label); the exit
    status, 1 when anything did not hold."""
    by_class: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        by_class[result.kind].append(result)
    failed = [r for r in results if r.problem]
    for kind, group in by_class.items():
        bad = [r for r in group if r.problem]
        if not bad:
            continue
        print(f"\n== {classes[kind]}: {len(bad)} did not hold")
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
    for kind, label in classes.items():
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
    for kind in classes:
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
