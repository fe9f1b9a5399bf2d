"""``tilewright maze --grid/--mask/--weave/--openings``: every grid from the command line,
the sizes each reads, the refusals, and the files it writes."""

import json
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from tests.cli.test_maze_cli import printed_seed, run
from tests.helpers import spanning_tree_of
from tilewright.mazes import read_maze
from tilewright.mazes.grid_formats import read_grid_maze

# one small size of each grid, as a user writes it
SIZES = {
    "square": "6x4",
    "hex": "6x4",
    "hex-flat": "6x4",
    "honeycomb": "6x4",
    "hexagon": "3",
    "triangle": "8x4",
    "polar": "4",
    "upsilon": "4x3",
    "octagonal": "4x3",
    "kagome": "4x3",
    "triangular": "4x3",
    "snub-square": "4x3",
    "cairo": "4x3",
    "great-hexagonal": "3x3",
    "kites": "3x3",
    "floret": "3x3",
    "dodecagonal": "3x3",
    "great-dodecagonal": "3x3",
    "great-great-dodecagonal": "2x2",
    "compass-dodecagonal": "3x3",
    "spectre": "12x10",
    "hat": "20x14",
    "penrose-p2": "6x6",
    "penrose-p3": "6x6",
    "hats": "6x6",
    "spectres": "6x6",
}


def open_edges(maze) -> np.ndarray:
    return maze.grid.graph.endpoints[maze.passages]


@pytest.mark.parametrize("kind", sorted(SIZES))
def test_every_grid_makes_a_perfect_maze_that_reads_back(capsysbinary, tmp_path, kind):
    path = tmp_path / f"{kind}.npz"
    args = [SIZES[kind], "--grid", kind, "-a", "wilson", "-s", "3", "-o", str(path)]
    status, _, err = run(capsysbinary, *args)
    assert status == 0, err
    if kind == "square":  # a plain square maze keeps its own format (maze-dataset's layout)
        assert read_maze(path).is_perfect()
        return
    maze = read_grid_maze(path)
    # hex-flat, and honeycomb its other name, are hexagonal grids with flat tops
    assert maze.grid.kind == ("hex" if kind in ("hex-flat", "honeycomb") else kind)
    assert maze.seed == 3 and maze.algorithm == "wilson"
    assert spanning_tree_of(maze.grid.graph.num_cells, open_edges(maze))


def test_the_same_seed_gives_the_same_file_and_a_drawn_seed_is_printed(capsysbinary, tmp_path):
    first, second, third = (tmp_path / f"{name}.json" for name in "abc")
    for path in (first, second):
        assert run(capsysbinary, "5x5", "--grid", "hex", "-s", "9", "-o", str(path))[0] == 0
    assert first.read_bytes() == second.read_bytes()
    status, _, err = run(capsysbinary, "5x5", "--grid", "hex", "-o", str(third))
    assert status == 0
    seed = printed_seed(err)
    assert run(capsysbinary, "5x5", "--grid", "hex", "-s", str(seed), "-o", str(second))[0] == 0
    assert third.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["10", "--grid", "hex"], "a hex grid's size is WIDTHxHEIGHT"),
        (["4x4", "--grid", "polar"], "a polar grid's size is RINGS"),
        (["6x6", "--grid", "triangle", "-a", "eller"], "on a triangle grid use one of"),
        (["6x6", "--weave", "-a", "sidewinder"], "on a weave use one of"),
        (["6x6", "--grid", "hex", "-f", "ascii"], "has no text drawing"),
        (["6x6", "--grid", "hex", "--largest", "-o", "x.svg"], "--largest goes with --mask"),
        (["6x6", "--grid", "hex", "--weave", "-o", "x.svg"], "--weave makes square mazes"),
        (["6x6", "--grid", "hex", "-o", "x.txt"], "cannot write .txt files"),
        (["6x6", "--grid", "hex", "--solve", "-o", "x.json"], "draw on pictures and GeoJSON"),
        (["6x6", "--grid", "hex", "--start", "1,1", "--solve", "-o", "x.svg"], "cell number"),
        (["6x6", "--grid", "hex", "--goal", "36", "--solve", "-o", "x.svg"], "cells are 0 to 35"),
        (["6x6", "--grid", "hex", "--strategy", "random", "-o", "x.svg"], "strategy"),
        (["6x6", "--grid", "hex", "--start", "14", "--openings", "-o", "x.svg"], "outer"),
        (["4x4", "--mask", "m.txt", "--start", "0,0", "--solve", "-o", "x.svg"], "not a cell"),
        (["6x6", "--start", "3", "--solve", "-o", "x.svg"], "is ROW,COL"),
        (["6x6", "--openings"], "draw on pictures"),
        (["6x6", "--grid", "hexes"], "did you mean hex"),
    ],
)
def test_wrong_combinations_get_one_line_and_exit_2(
    capsysbinary, tmp_path, monkeypatch, args, words
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.txt").write_text("X...\n....\n....\n....\n")  # (0, 0) is off
    status, _, err = run(capsysbinary, *args)
    assert status == 2, err
    assert words in err and "Traceback" not in err
    assert err.count("\n") == 1  # one line: refused before a seed is drawn and printed
    assert [path.name for path in tmp_path.iterdir()] == ["m.txt"]  # nothing written


def test_a_mask_file_keeps_its_cells_and_a_split_mask_is_refused(capsysbinary, tmp_path):
    mask = tmp_path / "mask.txt"
    mask.write_text("..X..\n..X..\n.....\n")
    out = tmp_path / "masked.json"
    args = ["5x3", "--mask", str(mask), "-s", "1", "-o", str(out)]
    assert run(capsysbinary, *args)[0] == 0
    maze = read_grid_maze(out)
    assert maze.grid.num_cells == 13 and maze.is_perfect()
    mask.write_text("..X..\n..X..\n..X..\n")
    status, _, err = run(capsysbinary, *args)
    assert status == 2 and "fall apart into 2 pieces of 6 and 6 cells" in err
    status, _, err = run(capsysbinary, *args, "--largest")
    assert status == 0, err
    assert read_grid_maze(out).grid.num_cells == 6


def test_weave_crossings_and_openings_in_the_svg(capsysbinary, tmp_path):
    out = tmp_path / "weave.json"
    assert run(capsysbinary, "9x9", "--crossings", "0.2", "-s", "2", "-o", str(out))[0] == 0
    maze = read_grid_maze(out)
    assert maze.grid.kind == "weave" and len(maze.grid.under) == round(0.2 * 49)
    picture = tmp_path / "weave.svg"
    args = ["9x9", "--weave", "-s", "2", "--solve", "--openings", "-o", str(picture)]
    assert run(capsysbinary, *args)[0] == 0
    root = ElementTree.parse(picture).getroot()  # well-formed
    strokes = [element.get("stroke") for element in root.iter()]
    assert "#e4572e" in strokes  # the solution is drawn


def test_stats_on_a_grid_are_json_with_its_kind(capsysbinary):
    status, out, err = run(capsysbinary, "4", "--grid", "polar", "-s", "1", "--stats", "json")
    assert status == 0, err
    stats = json.loads(out)
    assert stats["grid"] == "polar" and stats["perfect"] is True
    assert stats["passages"] == stats["cells"] - 1


def test_svg_goes_to_standard_output_when_asked(capsysbinary):
    status, out, err = run(capsysbinary, "4x3", "--grid", "triangle", "-s", "1", "-f", "svg")
    assert status == 0, err
    assert ElementTree.fromstring(out).tag.endswith("svg")


def test_square_openings_leave_two_gaps(capsysbinary, tmp_path):
    plain, opened = tmp_path / "plain.png", tmp_path / "open.png"
    assert run(capsysbinary, "5x5", "-s", "1", "--cell", "10", "-o", str(plain))[0] == 0
    args = ["5x5", "-s", "1", "--cell", "10", "--openings", "-o", str(opened)]
    assert run(capsysbinary, *args)[0] == 0
    from PIL import Image

    before = np.asarray(Image.open(plain).convert("L")) < 128
    after = np.asarray(Image.open(opened).convert("L")) < 128
    assert after.sum() < before.sum() and not (after & ~before).any()  # only walls removed


def test_grids_lists_every_grid(capsysbinary):
    status, out, _ = run(capsysbinary, "--grids")
    assert status == 0
    listed = [line.split()[0] for line in out.decode().splitlines()]
    assert listed == list(SIZES)


def test_maze_stats_reads_a_saved_grid_maze(capsysbinary, tmp_path):
    from tilewright.cli import main

    path = tmp_path / "hex.npz"
    assert run(capsysbinary, "7x5", "--grid", "hex", "-s", "4", "-o", str(path))[0] == 0
    capsysbinary.readouterr()
    try:
        main(["maze-stats", str(path), "-f", "json"])
    except SystemExit as ended:
        assert ended.code in (0, None)
    stats = json.loads(capsysbinary.readouterr().out)
    assert stats["grid"] == "hex" and stats["cells"] == 35 and stats["passages"] == 34


def test_the_grid_names_the_options_know_are_the_grids_there_are():
    from tilewright.cli.maze_grid import GRID_NAMES
    from tilewright.registry import grid_kinds

    assert tuple(grid_kinds()) == GRID_NAMES
