"""Messages that say what is wrong: a bound beyond a column or beyond every number, a mask
saved with a byte-order mark, a region just past the far-origin limit, and a saved grid
maze whose record names another grid than its cells make."""

import json
import re

import numpy as np
import pytest

from tests.helpers import run_cli
from tilewright.core.grids import hex_grid
from tilewright.core.masks import read_mask
from tilewright.mazes import generate_on


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        (
            "solution_length>=99999999999999999999999999",
            "solution_length's bound 99999999999999999999999999 is beyond the column's range, "
            "-2147483648 to 2147483647",
        ),
        (
            "solution_length<=-99999999999999999999999999",
            "solution_length's bound -99999999999999999999999999 is beyond the column's range",
        ),
        ("solution_length>=1e999", "solution_length must be a finite number, got '1e999'"),
        ("dead_ends<=-1e999", "dead_ends must be a finite number, got '-1e999'"),
        ("solution_length>=nan", "solution_length must be a number such as 0.5, got 'nan'"),
        ("solution_length<=-inf", "solution_length must be a number such as 0.5, got '-inf'"),
    ],
)
def test_a_bound_past_any_value_is_refused_in_one_line(condition, message, capsys, tmp_path):
    output = tmp_path / "out.parquet"
    status, err = run_cli(
        capsys, "dataset", "mazes", "5x5", "--count", "3", "-s", "1",
        "-o", str(output), "--where", condition,
    )  # fmt: skip
    assert status == 2
    assert len(err.splitlines()) == 1 and err.startswith("tilewright: error: ")
    assert message in err
    assert not output.exists()


def test_a_mask_with_a_byte_order_mark_reads_as_without(tmp_path):
    rows = ".X.\n...\nX.X\n"
    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    plain.write_text(rows, encoding="utf-8")
    marked.write_text(rows, encoding="utf-8-sig")  # as Windows Notepad saves it
    assert marked.read_bytes().startswith(b"\xef\xbb\xbf")
    np.testing.assert_array_equal(read_mask(marked), read_mask(plain))


def test_a_maze_takes_a_mask_with_a_byte_order_mark(capsys, tmp_path):
    marked = tmp_path / "marked.txt"
    marked.write_text(".X.\n...\nX.X\n", encoding="utf-8-sig")
    status, err = run_cli(capsys, "maze", "6x6", "--grid", "hex", "--mask", str(marked), "-s", "1")
    assert status == 0, err


@pytest.mark.parametrize(
    ("family", "origin"),
    [("spectre", "1.1259e15,0"), ("spectre", "0,1125899906842624.5"), ("hat", "1.1259e15,0")],
)
def test_a_region_past_the_far_limit_shows_it_past(family, origin, capsys):
    status, err = run_cli(capsys, family, "3x3", "--origin", origin, "-f", "csv")
    assert status == 2
    limit, reached = re.search(r"within (\S+) .* reaches (\S+)$", err.strip()).groups()
    assert float(limit) == 2.0**50
    assert float(reached) > float(limit)
    assert reached.rstrip("0").rstrip(".") != limit  # the digits differ, not only the value


def _saved(tmp_path, **changes) -> str:
    """A saved 4x3 hex maze, with the record's ``kind`` or ``grid_params`` changed."""
    path = tmp_path / "maze.npz"
    generate_on(hex_grid(4, 3), seed=1).save(path)
    with np.load(path) as archive:
        fields = dict(archive)
    for key, value in changes.items():
        fields[key] = np.array(value if isinstance(value, str) else json.dumps(value))
    np.savez(path, **fields)
    return str(path)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"grid_params": {"width": 3, "height": 3, "flat": False}},
            "a grid maze's cells are not those of the hex grid its record names",
        ),
        (
            {"grid_params": {"width": 3, "height": 4, "flat": False}},
            "a grid maze's cells are not those of the hex grid its record names",
        ),
        (
            {"grid_params": {"width": 4, "height": 3, "flat": True}},
            "a grid maze's cells are not those of the hex grid its record names",
        ),
        ({"grid_params": {"rings": 4}}, "not those of the hex grid"),
        ({"kind": "triangle"}, "a grid maze's cells are not those of the triangle grid"),
        (
            {"kind": "hexagon", "grid_params": {"radius": 1}},
            "a grid maze's cells are not those of the hexagon grid",
        ),
    ],
    ids=["smaller", "turned", "flat", "another size", "another kind", "another kind and size"],
)
def test_maze_stats_refuses_a_record_its_cells_do_not_match(changes, message, capsys, tmp_path):
    status, err = run_cli(capsys, "maze-stats", _saved(tmp_path, **changes))
    assert status == 2
    assert len(err.splitlines()) == 1 and message in err


@pytest.mark.parametrize(
    "changes",
    [
        {},
        # a larger grid it could have been cut from (a mask, restrict)
        {"grid_params": {"width": 40, "height": 30, "flat": False}},
        # a kind tilewright does not build (a grid of the caller's own)
        {"kind": "mine", "grid_params": {"pieces": 12}},
    ],
    ids=["as saved", "cut from a larger grid", "a kind of the caller's own"],
)
def test_maze_stats_reads_a_record_that_matches(changes, capsys, tmp_path):
    status, err = run_cli(capsys, "maze-stats", _saved(tmp_path, **changes))
    assert status == 0, err
