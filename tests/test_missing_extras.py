"""The plain install: without its extras, tilewright still makes and draws everything, and
what needs an extra says which, in one line, with the command that installs it.

Each command runs in a process of its own where the extras' modules do not import, as if
they were not installed: an import finder placed first refuses them.
"""

import subprocess
import sys

import pytest

# every module an extra brings (tilewright.core.extras.EXTRAS)
BLOCKED = ("pyarrow", "dask", "distributed", "zarr", "ezdxf", "networkx", "maze_dataset")

SHIM = f"""
import sys

class NotInstalled:
    '''Finds the extras' modules nowhere, as an install without them does.'''

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {BLOCKED!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
"""
COMMAND = SHIM + "from tilewright.console import main\nmain()\n"


def run(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", COMMAND, *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )


def line(extra: str, feature: str) -> str:
    return (
        f"tilewright: error: {feature} needs the {extra} extra: pip install 'tilewright[{extra}]'\n"
    )


NEEDING = {
    "dataset mazes": (("dataset", "mazes", "5x5", "--count", "3", "-o", "d"), "Parquet output"),
    "dataset rectangles": (
        ("dataset", "rectangles", "5x5", "--count", "3", "-o", "d"),
        "Parquet output",
    ),
    "dataset tromino": (("dataset", "tromino", "4x4", "--count", "3", "-o", "d"), "Parquet output"),
    "dataset --workers": (
        ("dataset", "mazes", "5x5", "--count", "3", "--workers", "2", "-o", "d"),
        "Parquet output",
    ),
    "spectre parquet": (("spectre", "5x5", "-s", "1", "-o", "d.parquet"), "Parquet output"),
    "hat parquet": (("hat", "5x5", "-s", "1", "-o", "d.parquet"), "Parquet output"),
    "maze zarr": (("maze", "10x10", "-s", "1", "-o", "m.zarr"), "Zarr output"),
    "tromino zarr": (("tromino", "tile", "8x8", "-s", "1", "-o", "t.zarr"), "Zarr output"),
    "spectre dxf": (("spectre", "5x5", "-s", "1", "-o", "cut.dxf"), "DXF output"),
    "hat dxf": (("hat", "5x5", "-s", "1", "-o", "cut.dxf"), "DXF output"),
}


@pytest.mark.parametrize(("args", "feature"), NEEDING.values(), ids=NEEDING.keys())
def test_a_command_that_needs_an_extra_says_which_in_one_line(tmp_path, args, feature):
    done = run(tmp_path, *args)
    extra = "laser" if feature == "DXF output" else "datasets"
    assert (done.returncode, done.stderr) == (2, line(extra, feature))
    assert list(tmp_path.iterdir()) == []  # refused before anything was written


WORKING = {
    "maze text": ("maze", "10x10", "-s", "1"),
    "maze png": ("maze", "10x10", "-s", "1", "-o", "m.png"),
    "maze pdf": ("maze", "10x10", "-s", "1", "-o", "m.pdf"),
    "rect": ("rect", "generate", "7x7", "-s", "1"),
    "tromino png": ("tromino", "tile", "8x8", "-s", "1", "-o", "t.png"),
    "spectre png": ("spectre", "5x5", "-s", "1", "-o", "s.png"),
    "spectre cut svg": ("spectre", "5x5", "-s", "1", "--cut", "-o", "cut.svg"),
    "hat svg": ("hat", "5x5", "-s", "1", "-o", "h.svg"),
    "dataset help": ("dataset", "mazes", "--help"),
}


@pytest.mark.parametrize("args", WORKING.values(), ids=WORKING.keys())
def test_everything_else_works_without_the_extras(tmp_path, args):
    done = run(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    if "-o" in args:
        assert (tmp_path / args[-1]).stat().st_size > 0
    else:
        assert done.stdout


API = """
from tilewright import TilewrightError
from tilewright.core.extras import MissingExtraError

def refusal(call):
    try:
        call()
    except MissingExtraError as error:
        assert isinstance(error, ImportError) and isinstance(error, TilewrightError)
        return str(error)
    return "no error"

def datasets():
    import tilewright.datasets

def cut():
    from tilewright.aperiodic import generate
    from tilewright.aperiodic.cut import cut_dxf, cut_paths
    cut_dxf(cut_paths(generate(6, 4, seed=1)))

def graph():
    from tilewright.mazes import generate
    generate(4, 3, seed=1).to_networkx()

def zarr():
    from tilewright.mazes import generate
    generate(4, 3, seed=1).save("m.zarr")

for call in (datasets, cut, graph, zarr):
    print(refusal(call))
"""


def test_the_library_raises_one_error_that_names_the_extra(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SHIM + API], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        line("datasets", "tilewright.datasets").removeprefix("tilewright: error: ").strip(),
        line("laser", "DXF output").removeprefix("tilewright: error: ").strip(),
        line("graph", "to_networkx").removeprefix("tilewright: error: ").strip(),
        line("datasets", "Zarr output").removeprefix("tilewright: error: ").strip(),
    ]
