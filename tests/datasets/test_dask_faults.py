"""Runs on Dask clusters fail as runs here do: one line, exit 2, nothing left behind.

A task's error, a cluster that cannot start, workers that die, an address that is none:
each reaches the user as the one line of its exception, with none of distributed's logs,
and a local cluster opens no port another cluster (or another run) could hold. And a run
of more parts than can be planned is refused before it takes the memory to plan them.
"""

import errno
import os
import resource
import signal
import subprocess
import sys

import psutil
import pytest

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets.dask_runs import results_in_order

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="resource limits and listening sockets as Linux has them"
)

TIMEOUT = 120  # seconds, for a command that takes a few
TILE = [sys.executable, "-m", "tilewright", "tromino", "tile"]
ADDRESS_LINE = (
    "tilewright: error: 'garbage' is not a scheduler address such as tcp://10.0.0.5:8786: "
    "missing port number in address 'garbage'\n"
)


def same(number: int) -> int:
    return number


def no_space_for_three(number: int) -> int:
    if number == 3:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return number


def killed(number: int) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_failing_task_raises_its_error_and_nothing_is_logged(capfd):
    """The worker's error, raised here; distributed's log of it (a traceback) is not shown."""
    with pytest.raises(OSError, match="No space left on device"):
        list(results_in_order(no_space_for_three, range(6), workers=1))
    assert capfd.readouterr().err == ""


def test_a_task_whose_workers_all_die_is_one_error(capfd):
    with pytest.raises(TilewrightError, match="Dask workers died each time they ran a task"):
        list(results_in_order(killed, [1], workers=1))
    assert capfd.readouterr().err == ""


def test_two_local_clusters_at_once_contend_for_no_port(recwarn):
    """Each cluster's scheduler serves on a loopback port the system picks, not on the
    dashboard's 8787: the second one would warn that it is in use, and so would the first
    on a machine where another cluster holds it."""
    outer = results_in_order(same, [0, 1, 2], workers=1)
    assert next(outer) == 0
    listening = [
        connection.laddr
        for connection in psutil.Process().net_connections("tcp")
        if connection.status == psutil.CONN_LISTEN
    ]
    assert listening and all(address.ip == "127.0.0.1" for address in listening)
    assert list(results_in_order(same, [3, 4], workers=1)) == [3, 4]
    assert list(outer) == [1, 2]
    assert [str(w.message) for w in recwarn if "already in use" in str(w.message)] == []


def test_tasks_are_drawn_as_the_run_goes():
    """A few tasks a worker ahead of the results taken, not all of them at the start."""
    drawn = []

    def tasks():
        for number in range(40):
            drawn.append(number)
            yield number

    run = results_in_order(same, tasks(), workers=1)
    assert next(run) == 0
    assert len(drawn) < 20
    assert [0, *run] == list(range(40))


@pytest.mark.parametrize(
    "command",
    [
        ["tromino", "tile", "16x16", "-o", "b.zarr"],  # the seed drawn, and not shown
        ["dataset", "mazes", "5x5", "--count", "10", "-s", "1", "-o", "d"],
    ],
    ids=["tromino", "dataset"],
)
def test_a_scheduler_address_that_is_none_is_one_line_and_exit_2(
    tmp_path, capsys, monkeypatch, command
):
    monkeypatch.chdir(tmp_path)
    status, err = run_cli(capsys, *command, "--scheduler", "garbage")
    assert (status, err) == (2, ADDRESS_LINE)
    assert os.listdir(tmp_path) == []


def test_a_local_cluster_that_cannot_start_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    """As under a memory cap, where a nanny cannot start its worker's threads."""
    import distributed

    def nanny_failed(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", nanny_failed)
    out = tmp_path / "b.zarr"
    status, err = run_cli(
        capsys, "tromino", "tile", "16x16", "-s", "1", "-o", str(out), "--workers", "2"
    )
    assert status == 2
    assert err.startswith("tilewright: error: cannot start 2 Dask worker processes here")
    assert len(err.splitlines()) == 1
    assert os.listdir(tmp_path) == []


def small_files() -> None:
    """Files of at most 1 MiB, a write past that failing (EFBIG) as on a full disk, in the
    command and in the workers it starts."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # else the signal kills the writer
    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))


def test_workers_that_cannot_write_are_one_line_and_exit_2(tmp_path):
    """Every band's chunk (16 MiB, a few compressed) fails to be written, on the workers."""
    out = tmp_path / "board.zarr"
    run = subprocess.run(
        [*TILE, "2048x2048", "-s", "1", "-o", str(out), "--workers", "1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        timeout=TIMEOUT,
    )
    assert (run.returncode, run.stderr) == (2, f"tilewright: error: {out}: File too large\n")
    assert os.listdir(tmp_path) == []


def two_gigabytes() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.parametrize(
    ("output", "what", "most"),
    [("d", "parts", "100,000"), ("d.parquet", "row groups of one file", "10,000")],
)
def test_more_parts_than_can_be_planned_are_refused_at_once(tmp_path, output, what, most):
    """A hundred million parts of one maze: refused before any is planned (listing them
    took a few kilobytes each, and ran out of memory under this cap after a minute)."""
    run = subprocess.run(
        [
            *(sys.executable, "-m", "tilewright", "dataset", "mazes", "5x5"),
            *("--count", "100000000", "--part-size", "1", "-s", "1", "-o", str(tmp_path / output)),
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        preexec_fn=two_gigabytes,
        timeout=TIMEOUT,
    )
    assert run.returncode == 2
    assert run.stderr == (
        f"tilewright: error: 100,000,000 items in parts of 1 make 100,000,000 {what}, more "
        f"than {most}: give a larger part size (--part-size)\n"
    )
    assert os.listdir(tmp_path) == []
