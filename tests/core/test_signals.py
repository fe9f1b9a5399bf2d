"""Signals end a run cleanly: exit 128 + n, one line, nothing half-written left behind.

The long stress run is ``python tools/signal_stress.py``; here a few of its trials, plus
the library's side: a Ctrl-C while a kernel returns arrays raises a clean
KeyboardInterrupt instead of crashing the interpreter.
"""

import importlib.util
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tilewright.core.interrupts import deferred

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "signal_stress.py"
_spec = importlib.util.spec_from_file_location("signal_stress", _TOOL)
assert _spec is not None and _spec.loader is not None
stress = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stress)


@pytest.mark.parametrize(
    ("job", "name", "delay"),
    [
        ("maze-stream", "SIGINT", 1.5),
        ("spectre-csv", "SIGTERM", 2.0),
        ("tromino-npy", "SIGHUP", 1.0),
        ("rect-large", "SIGINT", 2.5),
        ("maze-kernel", "SIGTERM", 3.0),
    ],
)
def test_a_signal_ends_the_run_cleanly(job, name, delay):
    trial = stress.run_trial(job, name, delay, grace=10.0)
    assert trial.status != 0, "the job finished before the signal: make it longer"
    assert trial.problem is None, trial.problem
    assert trial.latency < 5.0


def test_an_interrupted_run_leaves_an_existing_hard_linked_file_as_it_was():
    trial = stress.run_trial("maze-kernel", "SIGTERM", 3.0, grace=10.0, existing=True)
    assert trial.status != 0, "the job finished before the signal: make it longer"
    assert trial.problem is None, trial.problem


def test_signals_the_caller_ignores_stay_ignored(tmp_path):
    # nohup, and jobs a non-interactive shell starts with &
    code = (
        "import signal, subprocess, sys\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "p = subprocess.Popen([sys.executable, '-m', 'tilewright', 'maze', '2500x2500',"
        " '-a', 'kruskal', '-s', '1', '-o', 'm.txt'])\n"
        "import time; time.sleep(0.8)\n"
        "if p.poll() is not None: sys.exit(99)\n"
        "p.send_signal(signal.SIGHUP)\n"
        "sys.exit(p.wait())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, timeout=120)
    assert done.returncode != 99, "the job finished before the signal: make it longer"
    assert done.returncode == 0
    assert (tmp_path / "m.txt").read_text().count("\n") == 2501


def test_deferred_delivers_the_signal_after_the_block():
    arrived = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: arrived.append(number))
    try:
        with deferred():
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # give the interpreter many chances to run handlers
                pass
            assert arrived == [], "the handler ran inside the deferred block"
        assert arrived == [signal.SIGINT]
        assert signal.getsignal(signal.SIGINT) is not None
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_a_library_kernel_is_a_clean_keyboard_interrupt():
    # rectangles.generate returns its arrays from the kernel in a tuple: the case that
    # crashed with "returned a result with an exception set"
    code = textwrap.dedent(
        """
        import sys
        from tilewright.rectangles import Params, generate
        generate(Params(8, 8), seed=1)
        print("ready", flush=True)
        try:
            while True:
                generate(Params(400, 400), seed=1)
        except KeyboardInterrupt:
            print("clean", flush=True)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    assert process.stdout.readline() == b"ready\n"
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert out == b"clean\n", err.decode()[-2000:]
    assert process.returncode == 0
