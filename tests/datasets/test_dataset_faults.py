"""Faults while a dataset is made: a Dask worker killed, the command interrupted.

Each fault lands while a part is being written, the moment most likely to leave something
behind, on any machine however slow: the process holding a part's temporary file open is
stopped (SIGSTOP), the file is checked to be still there, and only then is the fault
delivered. So no test waits a guessed time, and every run tests the same moment.
"""

import contextlib
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psutil
import pyarrow.parquet as pq
import pytest

from tilewright.datasets import MANIFEST, MazeConfig, generate

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="finds who holds a file open through /proc"
)

CONFIG = MazeConfig(15, 15, "wilson")
SEED = 1
COUNT = 120_000
PART_SIZE = 6_000  # 20 parts: many moments to catch a run at, a few seconds in all
PARTS = COUNT // PART_SIZE
TIMEOUT = 120.0  # seconds, for any one wait; the runs take a few
# runs started, at most, until one is caught writing a part (see ``stop_while_writing``):
# measured, a run is caught about every other time, so twelve all missing is some 10^-4
ATTEMPTS = 12
PART = re.compile(r"^part-\d{5}\.parquet$")
COMMAND = [
    *(sys.executable, "-m", "tilewright", "dataset", "mazes", "15x15", "-a"),
    *("wilson", "--count", str(COUNT), "-s", str(SEED), "--part-size", str(PART_SIZE)),
]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The dataset made in this process, uninterrupted: what every run must end with."""
    folder = tmp_path_factory.mktemp("reference") / "d"
    generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    parts = [f"part-{k:05d}.parquet" for k in range(PARTS)]
    assert sorted(os.listdir(folder)) == [MANIFEST, *parts]
    return folder


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    """Each part's inode and modification time: a part made again changes both."""
    return {
        path.name: (path.stat().st_ino, path.stat().st_mtime_ns)
        for path in sorted(folder.iterdir())
        if PART.match(path.name)
    }


def temporaries_open_in(pid: int, folder: Path) -> list[Path]:
    """The part temporaries (``.part-NNNNN.parquet.XXXX``) in ``folder`` that ``pid`` has open."""
    found = []
    with contextlib.suppress(OSError):
        for descriptor in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = Path(os.readlink(f"/proc/{pid}/fd/{descriptor}"))
                if target.parent == folder and target.name.startswith(".part-"):
                    found.append(target)
    return found


def stop(pid: int, deadline: float) -> bool:
    """SIGSTOP ``pid`` and wait until every thread of it has stopped (a thread in a system
    call stops when the call returns); False if it ended instead."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGSTOP)
    while time.monotonic() < deadline:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return False
        states = []
        for thread in threads:
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{pid}/task/{thread}/stat").read_text()
                states.append(stat.rsplit(")", 1)[1].split()[0])
        if "Z" in states or "X" in states:
            return False
        if all(state in "tT" for state in states):
            return True
        time.sleep(0.0005)
    raise AssertionError(f"process {pid} did not stop within {TIMEOUT} s")


def stop_while_writing(
    pids: Callable[[], list[int]],
    folder: Path,
    reference: Path,
    running: Callable[[], bool],
    deadline: float,
) -> tuple[int, Path] | None:
    """Stop the process of a run that is writing a part, once another part is whole.

    Returns the stopped process and the temporary file it holds, not yet whole (smaller
    than the finished part) and not yet renamed, so the fault comes mid-write for sure; or
    None when the run ended first (a part is written in milliseconds, and on a fast, quiet
    machine every write of a run can fall between two looks: the caller runs it again).
    """
    while time.monotonic() < deadline:
        if not running():
            return None
        if folder.is_dir() and any(PART.match(name) for name in os.listdir(folder)):
            for pid in pids():
                for temporary in temporaries_open_in(pid, folder):
                    if not stop(pid, deadline):
                        continue
                    whole = (reference / temporary.name[1:].rsplit(".", 1)[0]).stat().st_size
                    with contextlib.suppress(OSError):
                        if (
                            temporary in temporaries_open_in(pid, folder)
                            and temporary.stat().st_size < whole
                        ):
                            return pid, temporary
                    os.kill(pid, signal.SIGCONT)
        time.sleep(0.001)
    raise AssertionError(f"no part was caught being written within {TIMEOUT} s")


def alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def survivors(processes: list[psutil.Process], deadline: float) -> list[psutil.Process]:
    """Those of ``processes`` still running at ``deadline`` (or none, as soon as none is)."""
    while (left := [p for p in processes if alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


# -- a Dask worker killed while it writes a part ------------------------------------------


@dataclass
class KilledWorker:
    folder: Path
    made: int
    parts: int
    victim: int  # the worker process killed
    temporary: str  # the name of the part file it was writing
    workers_after: list[int]  # the cluster's worker processes once the run ended


@pytest.fixture(scope="module")
def killed_worker(reference, tmp_path_factory) -> KilledWorker:
    """A run on a LocalCluster of 2 processes, one SIGKILLed while it writes a part."""
    from distributed import Client, LocalCluster

    base = tmp_path_factory.mktemp("killed").resolve()
    deadline = time.monotonic() + TIMEOUT
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            # no dashboard, and the scheduler's HTTP server on a port the system picks: its
            # default, 8787, may be another cluster's (dashboard_address=None still takes it)
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.CRITICAL,  # the nanny's word on the killed worker
        ) as cluster,
        Client(cluster) as client,
        ThreadPoolExecutor(1) as pool,
    ):
        pids = list(client.run(os.getpid).values())
        for attempt in range(ATTEMPTS):
            folder = base / f"d{attempt}"
            running = pool.submit(
                generate,
                CONFIG,
                COUNT,
                SEED,
                folder,
                part_size=PART_SIZE,
                scheduler=cluster.scheduler_address,
            )
            caught = stop_while_writing(
                lambda: pids, folder, reference, lambda run=running: not run.done(), deadline
            )
            if caught is not None:
                break
            running.result(timeout=TIMEOUT)
        assert caught is not None, f"no part was caught being written in {ATTEMPTS} runs"
        victim, temporary = caught
        os.kill(victim, signal.SIGKILL)
        summary = running.result(timeout=TIMEOUT)
        client.wait_for_workers(2, timeout=TIMEOUT)  # the nanny starts a new process
        after = list(client.run(os.getpid).values())
    return KilledWorker(folder, summary.made, summary.parts, victim, temporary.name, after)


def test_a_worker_killed_mid_part_has_its_part_made_again(killed_worker, reference):
    """Dask runs the lost part again: the dataset is complete, byte for byte the one made
    in one process, and the cluster is whole again."""
    assert (killed_worker.made, killed_worker.parts) == (PARTS, PARTS)
    visible = {
        name: data
        for name, data in contents(killed_worker.folder).items()
        if name == MANIFEST or not name.startswith(".")  # no temporary file
    }
    assert visible == contents(reference)  # the manifest too: the run finished
    assert killed_worker.victim not in killed_worker.workers_after
    assert len(killed_worker.workers_after) == 2


def test_a_worker_killed_mid_part_leaves_no_temporary_file(killed_worker, reference):
    """A finished dataset folder holds its parts and manifest, nothing else."""
    assert sorted(os.listdir(killed_worker.folder)) == sorted(os.listdir(reference))


# -- the command interrupted while a part is written, then run again ----------------------


@dataclass
class Interrupted:
    workers: bool
    number: int  # the signal
    status: int
    stderr: str
    after: Path  # a copy of the folder as the interrupted run left it
    caught: str  # the temporary file being written when the signal came
    survivors: list[psutil.Process]
    rerun_status: int
    rerun_stderr: str
    folder: Path  # the folder after the rerun
    kept: dict[str, tuple[int, int]]  # the interrupted run's parts: inode, mtime
    kept_after_rerun: dict[str, tuple[int, int]]


@contextlib.contextmanager
def started(
    command: list[str], stderr: Path
) -> Iterator[tuple[subprocess.Popen, list[psutil.Process]]]:
    """The command running in a session of its own, and a list for the processes it starts:
    those still running when the block ends (a test failed) are killed, and it too."""
    with stderr.open("w") as sink:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            start_new_session=True,
        )
    family: list[psutil.Process] = []
    try:
        yield process, family
    finally:
        for member in [*family, *descendants(process.pid)]:
            if alive(member):
                with contextlib.suppress(psutil.Error):
                    member.kill()
        if process.poll() is None:
            process.kill()
            process.wait()


SCENARIOS = [
    pytest.param((False, signal.SIGINT), id="here-SIGINT"),
    pytest.param((False, signal.SIGTERM), id="here-SIGTERM"),
    pytest.param((True, signal.SIGINT), id="workers-SIGINT"),
    pytest.param((True, signal.SIGTERM), id="workers-SIGTERM"),
]


@pytest.fixture(scope="module", params=SCENARIOS)
def interrupted(request, reference, tmp_path_factory) -> Interrupted:
    """``tilewright dataset mazes`` (in its process, or with ``--workers 2``) signalled while
    it writes a part, then the same command run again.

    SIGINT goes to the process group, as a terminal's Ctrl-C does (the Dask workers get it
    too); SIGTERM to the command alone, as ``kill`` does.
    """
    workers, number = request.param
    for _ in range(ATTEMPTS):
        base = tmp_path_factory.mktemp("interrupted").resolve()
        folder = base / "d"
        command = [*COMMAND, "-o", str(folder), *(["--workers", "2"] if workers else [])]
        deadline = time.monotonic() + TIMEOUT
        with started(command, base / "stderr") as (process, family):
            caught = stop_while_writing(
                lambda: [process.pid, *(p.pid for p in descendants(process.pid))],
                folder,
                reference,
                lambda: process.poll() is None,
                deadline,
            )
            if caught is not None:
                stopped, temporary = caught
                family.extend(descendants(process.pid))
                status, left = _interrupt(process, folder, number, stopped, family, deadline)
                break
    else:
        raise AssertionError(f"no part was caught being written in {ATTEMPTS} runs")
    after = Path(shutil.copytree(folder, base / "after"))
    kept = stamps(folder)
    rerun = subprocess.run(
        command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT
    )
    return Interrupted(
        workers,
        number,
        status,
        (base / "stderr").read_text(),
        after,
        temporary.name,
        left,
        rerun.returncode,
        rerun.stderr,
        folder,
        kept,
        stamps(folder),
    )


def _interrupt(
    process: subprocess.Popen,
    folder: Path,
    number: int,
    stopped: int,
    family: list[psutil.Process],
    deadline: float,
) -> tuple[int, list[psutil.Process]]:
    """Signal the command caught with ``stopped`` mid-write, let that process go on, and
    wait for the command to end: its status, and those of its processes still running."""
    assert not (folder / MANIFEST).exists()
    if number == signal.SIGINT:
        os.killpg(process.pid, number)
    else:
        process.send_signal(number)
    if stopped != process.pid:
        process.wait(TIMEOUT)  # the command ends while its worker is still mid-write
    # a stopped worker may be gone already: the command, ending, kills what it started
    with contextlib.suppress(ProcessLookupError):
        os.kill(stopped, signal.SIGCONT)
    return process.wait(TIMEOUT), survivors(family, deadline)


def interrupted_line(number: int) -> str:
    return "tilewright: interrupted" + ("" if number == signal.SIGINT else " (SIGTERM)")


def test_an_interrupted_command_exits_128_plus_the_signal(interrupted):
    """The exit status tells the signal, stderr says so first, and nothing crashed."""
    assert interrupted.status == 128 + interrupted.number
    assert [*interrupted.stderr.splitlines(), ""][0] == interrupted_line(interrupted.number)
    assert "Traceback" not in interrupted.stderr


def test_an_interrupted_command_says_one_line(interrupted):
    """stderr is the one line the README promises, whatever ran the parts."""
    assert interrupted.stderr == interrupted_line(interrupted.number) + "\n"


def test_an_interrupted_command_leaves_only_whole_parts(interrupted, reference):
    """No manifest (the dataset is not complete) and every part file there is whole: it
    reads, has its rows and is byte for byte the uninterrupted run's."""
    names = sorted(name for name in os.listdir(interrupted.after) if not name.startswith("."))
    assert not (interrupted.after / MANIFEST).exists()
    assert names, "the run was caught after a part was written"
    assert all(PART.match(name) for name in names), names
    for name in names:
        assert pq.read_table(interrupted.after / name).num_rows == PART_SIZE
        assert (interrupted.after / name).read_bytes() == (reference / name).read_bytes()


def test_an_interrupted_command_leaves_no_temporary_file(interrupted):
    """The part being written when the signal came is removed, not left half-made under a
    temporary name, after the interrupted run and after the rerun."""
    assert interrupted.caught.startswith(".part-")
    assert not [name for name in os.listdir(interrupted.after) if not PART.match(name)]
    assert not [
        name for name in os.listdir(interrupted.folder) if name.startswith(".") and name != MANIFEST
    ]


def test_no_process_of_an_interrupted_command_survives(interrupted):
    """The command's Dask workers (and the resource tracker) end with it."""
    assert interrupted.survivors == []


def test_the_rerun_keeps_the_finished_parts_and_makes_the_same_dataset(interrupted, reference):
    """Running the command again keeps every part already there (same file, untouched),
    makes the rest and the manifest: the dataset of an uninterrupted run, byte for byte."""
    kept = interrupted.kept
    assert interrupted.rerun_status == 0, interrupted.rerun_stderr
    assert f" {len(kept)} kept," in interrupted.rerun_stderr
    assert {name: interrupted.kept_after_rerun[name] for name in kept} == kept
    visible = {
        name: data
        for name, data in contents(interrupted.folder).items()
        if name == MANIFEST or name[0] != "."  # no temporary file
    }
    assert visible == contents(reference)
