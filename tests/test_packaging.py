"""The installed package is what pyproject.toml says: one version everywhere, its type
information shipped."""

import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

import tilewright


def test_one_version_everywhere():
    # pyproject.toml reads tilewright.__version__: the installed metadata must agree
    assert metadata.version("tilewright") == tilewright.__version__
    scripts = Path(sys.executable).parent
    done = subprocess.run(
        [str(scripts / "tilewright"), "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout == f"tilewright, version {tilewright.__version__}\n"


def test_type_information_is_shipped():
    assert resources.files("tilewright").joinpath("py.typed").is_file()


def test_python_dash_m_runs_the_command_and_importing_main_does_not():
    done = subprocess.run(
        [sys.executable, "-m", "tilewright", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("tilewright, version")
    imported = subprocess.run(
        [sys.executable, "-c", "import tilewright.__main__; print('still here')"],
        capture_output=True,
        text=True,
    )
    assert imported.stdout == "still here\n"
