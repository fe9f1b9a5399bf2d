"""The installed package is what pyproject.toml says: one version everywhere, its type
information shipped, a plain install without the extras and the extras the code names."""

import re
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


def _pyproject() -> dict:
    import tomllib

    with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]


def _names(requirements: list[str]) -> set[str]:
    """The distributions named by ``requirements``, without versions or extras."""
    return {re.split(r"[\[<>=!~; ]", text, maxsplit=1)[0].lower() for text in requirements}


# what the plain install must not pull in: each is an extra's (tilewright.core.extras)
OPTIONAL = {"pyarrow", "dask", "distributed", "zarr", "ezdxf", "networkx", "maze-dataset"}


def test_the_plain_install_brings_no_extra():
    assert not _names(_pyproject()["dependencies"]) & OPTIONAL


def test_every_extra_of_the_code_is_one_of_pyproject():
    from tilewright.core.extras import EXTRAS

    extras = _pyproject()["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert {module.replace("_", "-") for module in modules} <= _names(extras[extra]), extra
    assert set().union(*(_names(extras[extra]) for extra in EXTRAS)) >= OPTIONAL


def test_all_has_every_runtime_extra_and_test_has_all_and_docs():
    extras = _pyproject()["optional-dependencies"]
    assert extras["all"] == ["tilewright[datasets,laser,graph,maze-dataset]"]
    assert extras["dataset"] == ["tilewright[maze-dataset]"]  # the earlier name still installs
    assert "tilewright[all,docs]" in extras["test"]
    # the other readers a dataset folder is checked with (tests/datasets/test_other_readers.py)
    assert {"pandas", "polars", "datasets"} <= _names(extras["test"])
