"""The code stays ruff-clean: lint and formatting are checked with the tests."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the test extra")
@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff(command):
    done = subprocess.run(["ruff", *command, "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
