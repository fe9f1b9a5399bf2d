"""One command line: subcommands load lazily, mistyped names get the nearest one."""

import subprocess
import sys

import pytest

from tilewright.cli import COMMANDS


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("typed", "meant"), [("mze", "maze"), ("MAZE", "maze"), ("spectr", "spectre")]
)
def test_a_mistyped_command_is_answered_with_the_nearest(typed, meant):
    done = run(typed)
    assert done.returncode == 2
    assert done.stderr == f"tilewright: error: No such command '{typed}'. Did you mean '{meant}'?\n"


def test_help_lists_every_command():
    done = run("--help")
    assert done.returncode == 0
    for name in COMMANDS:
        assert f"  {name} " in done.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(name):
    done = run(name, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Usage: tilewright {name}")


@pytest.mark.parametrize(
    ("args", "foreign"),
    [
        (["--version"], ("tilewright.mazes", "tilewright.rectangles", "numba")),
        (["tromino", "classic", "4", "1", "1"], ("tilewright.mazes", "tilewright.aperiodic")),
        (["rect", "solve", "2x2:4d"], ("tilewright.mazes", "tilewright.tromino")),
        # a text run of a tiling or a maze loads no picture, sheet or search it does not use
        (
            ["hat", "10x10", "-f", "csv", "-s", "1"],
            ("PIL", "tqdm", "tilewright.aperiodic.hat.bfs", "tilewright.core.polygon_grid"),
        ),
        (
            ["spectre", "10x10", "-f", "csv", "-s", "1"],
            ("PIL", "tqdm", "tilewright.core.polygon_grid", "tilewright.core.sheets"),
        ),
        (["maze", "30x15", "-s", "1"], ("tilewright.cli.maze_sheet", "tilewright.cli.maze_stats")),
    ],
)
def test_a_command_imports_only_its_own_family(args, foreign):
    code = (
        "import sys\n"
        "from tilewright.cli import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    loaded = set(done.stderr.splitlines()[-1].split())
    for name in foreign:
        assert name not in loaded, f"{args} imported {name}"
