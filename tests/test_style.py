"""The code stays clean: lint and formatting (ruff) and types (mypy) are checked with the
tests, so `pytest` (and CI, which runs it) fails on any of them."""

import os
import shutil
import subprocess
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Both come with the test extra; CI installs it, so there a missing tool is a failure.
IN_CI = bool(os.environ.get("CI"))


@pytest.mark.skipif(
    shutil.which("ruff") is None and not IN_CI, reason="ruff is installed by the test extra"
)
@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff(command):
    done = subprocess.run(["ruff", *command, "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(
    find_spec("mypy") is None and not IN_CI, reason="mypy is installed by the test extra"
)
def test_mypy():
    # files and settings come from pyproject.toml; the cache stays out of the work tree
    cache = Path(tempfile.gettempdir()) / "tilewright-mypy-cache"
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
