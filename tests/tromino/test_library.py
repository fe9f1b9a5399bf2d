"""The tromino library's one shape: generate → Tiling → colour, validate, save, repr."""

import io
import json
import re
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from tilewright import TilewrightError
from tilewright.tromino import (
    SUFFIXES,
    Tiling,
    classic,
    colour_grid,
    generate,
    obstruction,
    tile,
    tile_rows,
    validate,
)
from tilewright.tromino import pictures as tromino_pictures
from tilewright.tromino import warm as tromino_warm


def test_generate_with_the_missing_square_given():
    tiling = generate(22, 13, missing=(3, 8))
    assert repr(tiling) == "<Tiling 22x13 missing (3,8): 95 trominoes>"
    assert (tiling.width, tiling.height, tiling.missing, tiling.seed) == (22, 13, (3, 8), None)
    assert tiling.trominoes == 95
    assert np.array_equal(tiling.labels, tile(22, 13, (3, 8)))
    assert validate(tiling) is None


def test_the_repr_of_the_issue():
    assert repr(generate(10, 10, (0, 0))) == "<Tiling 10x10 missing (0,0): 33 trominoes>"


def test_a_seed_given_with_the_square_is_recorded():
    tiling = generate(8, 8, missing=(1, 2), seed=5)
    assert tiling.seed == 5 and repr(tiling).endswith("seed=5: 21 trominoes>")
    assert np.array_equal(tiling.labels, generate(8, 8, missing=(1, 2)).labels)


def test_a_drawn_square_comes_from_the_seed():
    first = generate(10, 10, seed=123)
    again = generate(10, 10, seed=123)
    assert first.missing == again.missing and first.seed == 123
    assert np.array_equal(first.labels, again.labels)
    squares = {generate(40, 40, seed=seed).missing for seed in range(20)}
    assert len(squares) > 15  # 1600 squares: twenty seeds hardly ever meet


def test_without_a_seed_one_is_drawn_and_kept():
    tiling = generate(10, 10)
    assert isinstance(tiling.seed, int)
    assert generate(10, 10, seed=tiling.seed).missing == tiling.missing


@pytest.mark.parametrize(("width", "height"), [(5, 5), (2, 11), (11, 2), (5, 14), (8, 8), (1, 1)])
def test_every_drawn_square_admits_a_tiling(width, height):
    for seed in range(60):
        tiling = generate(width, height, seed=seed)
        assert obstruction(width, height, *tiling.missing) is None
        assert validate(tiling.labels) is None


def test_the_draw_is_uniform_among_the_squares_that_work():
    # a 5x5 board tiles only without a square whose row and column are both odd from 1
    counts = Counter(generate(5, 5, seed=seed).missing for seed in range(900))
    assert set(counts) == {(r, c) for r in (0, 2, 4) for c in (0, 2, 4)}
    assert min(counts.values()) > 60  # 100 each expected


@pytest.mark.parametrize(("width", "height", "why"), [(9, 7, "multiple of 3"), (1, 7, "one cell")])
def test_a_board_no_square_of_which_works_is_refused(width, height, why):
    with pytest.raises(TilewrightError, match=f"no square of a {width}x{height} board.*{why}"):
        generate(width, height, seed=1)


def test_a_given_square_without_a_tiling_names_the_theorem():
    with pytest.raises(TilewrightError, match="Chu and Johnsonbaugh"):
        generate(5, 5, missing=(1, 0))
    with pytest.raises(TilewrightError, match="Chu and Johnsonbaugh"):
        Tiling(5, 5, (1, 0))


def test_huge_boards_cost_nothing_until_written():
    tiling = generate(2**30, 2**30, seed=3)
    assert tiling.trominoes == (2**60 - 1) // 3 and "_plan" not in vars(tiling)
    planned = generate(100003, 100000, seed=3)
    band = next(planned.rows(rows_per_band=2))
    assert band.shape == (2, 100003) and "_board" not in vars(planned)


def test_labels_are_read_only_and_rows_agree():
    tiling = generate(20, 14, (2, 4))
    with pytest.raises(ValueError):
        tiling.labels[0, 0] = 7
    assert np.array_equal(np.vstack(list(tiling.rows())), tiling.labels)
    assert np.array_equal(np.vstack(list(tiling.rows(3))), tiling.labels)
    streamed = generate(20, 14, (2, 4))  # rows made without the whole board
    assert np.array_equal(np.vstack(list(streamed.rows())), tiling.labels)
    assert np.array_equal(np.vstack(list(tile_rows(20, 14, (2, 4), 5))), tiling.labels)


@pytest.mark.parametrize("colours", [3, 4])
def test_colour_is_a_proper_colouring(colours):
    tiling = generate(16, 16, (2, 5))
    grid = tiling.colour(colours)
    assert np.array_equal(grid, colour_grid(tile(16, 16, (2, 5)), colours))
    assert grid[2, 5] == -1 and set(np.unique(grid[grid >= 0])) <= set(range(colours))
    labels = tiling.labels
    for a, b, ga, gb in (
        (labels[:, :-1], labels[:, 1:], grid[:, :-1], grid[:, 1:]),
        (labels[:-1], labels[1:], grid[:-1], grid[1:]),
    ):
        touching = (a != b) & (a > 0) & (b > 0)
        assert (ga[touching] != gb[touching]).all()
    assert not grid.flags.writeable
    assert tiling.colour(colours) is grid  # made once


def test_colour_refuses_what_it_cannot_do():
    with pytest.raises(TilewrightError, match="3 or 4"):
        generate(4, 4, (0, 0)).colour(5)
    with pytest.raises(TilewrightError, match="3-colouring"):
        generate(20, 14, (2, 4)).colour(3)


def test_validate_says_what_is_wrong():
    good = tile(8, 8, (1, 2))
    assert validate(good) is None
    assert validate(good.astype(np.int16)) is None
    cases = {
        "integers": good.astype(float),
        "2-D": good.ravel(),
        "rectangular": [[1, 1], [0]],
        "negative": np.where(good == 5, -5, good),
        "more than 3 cells": np.where(good == 5, 4, good),
        "tromino 20 has 0 cells, not 3": np.where(good == 20, 0, good),
        "tromino 1 (from row 0, column 0) is not an L": [[1, 1, 1, 0]],
        "3 squares are uncovered": [[1, 1, 0], [1, 0, 0]],
    }
    for words, labels in cases.items():
        message = validate(labels)
        assert message is not None and words in message, (words, message)
    assert validate(np.array([[1, 1, 2], [1, 2, 2]])).startswith("0 squares are uncovered")


def test_validate_never_raises_on_garbage():
    for garbage in (None, "abc", 3, [], [[]], np.zeros((0, 4), int), [[True, False]]):
        assert isinstance(validate(garbage), str)


def test_save_chooses_the_format_by_suffix(tmp_path):
    tiling = generate(10, 10, seed=42)
    for suffix in SUFFIXES:
        tiling.save(tmp_path / f"t{suffix.upper()}")
    text = (tmp_path / "t.TXT").read_bytes()
    sink = io.BytesIO()
    tiling.write(sink, "text")
    assert text == sink.getvalue() and text.count(b"\n") == 10
    assert np.array_equal(np.load(tmp_path / "t.NPY"), tiling.labels)
    assert np.load(tmp_path / "t.NPY").dtype == np.uint32
    image = Image.open(tmp_path / "t.PNG")
    assert image.size == (1000, 1000)  # a long side of 1000 pixels, 100 a cell
    assert (tmp_path / "t.SVG").read_text().startswith("<?xml")
    assert (tmp_path / "t.PDF").read_bytes().startswith(b"%PDF-")


def test_every_picture_records_the_seed(tmp_path):
    tiling = generate(10, 10, seed=42)
    tiling.save(tmp_path / "t.png", colours=4)
    record = json.loads(Image.open(tmp_path / "t.png").text["tilewright"])
    assert record["seed"] == 42 and record["missing"] == list(tiling.missing)
    assert record["colours"] == 4 and record["family"] == "tromino"
    tiling.save(tmp_path / "t.svg")
    found = re.search(
        r'<metadata id="tilewright">(.*?)</metadata>', (tmp_path / "t.svg").read_text()
    )
    assert found and json.loads(found.group(1))["seed"] == 42
    tiling.save(tmp_path / "t.pdf", colours=4)
    assert b"seed=42" in (tmp_path / "t.pdf").read_bytes()


@pytest.mark.parametrize("name", ["t.gif", "t", "t.svg.bak", "t.jpeg"])
def test_a_suffix_it_cannot_write_is_refused_and_leaves_no_file(tmp_path, name):
    with pytest.raises(
        TilewrightError, match=r"a tiling is saved as \.npy, \.pdf, \.png, \.svg or \.txt"
    ):
        generate(4, 4, (0, 0)).save(tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_colours_are_for_pictures_only(tmp_path):
    with pytest.raises(TilewrightError, match="colours colour pictures"):
        generate(4, 4, (0, 0)).save(tmp_path / "t.txt", colours=4)
    assert list(tmp_path.iterdir()) == []


def test_a_three_colouring_that_fails_leaves_no_file(tmp_path):
    with pytest.raises(TilewrightError, match="3-colouring"):
        generate(20, 14, (2, 4)).save(tmp_path / "t.svg", colours=3)
    assert list(tmp_path.iterdir()) == []


def test_the_default_cell_fits_the_budget_and_an_explicit_one_past_it_is_refused(tmp_path):
    tiling = generate(400, 400, (0, 0))
    assert tiling.check("png") == 4  # 1600 pixels: no smaller than 4 a cell by default
    assert tiling.check("png", max_side=1000) == 2
    assert tiling.check("svg", max_side=1000) == 2  # 802 units with the margin
    assert tiling.check("text", cell=10**6) is None  # not a picture: no budget
    with pytest.raises(TilewrightError, match=r"8400x8400 pixels.*--cell 20 fits"):
        tiling.check("png", cell=21)
    with pytest.raises(TilewrightError, match="4000x4000 pixels"):
        tiling.save(tmp_path / "t.png", cell=10, max_side=1000)
    assert list(tmp_path.iterdir()) == []


def test_a_board_too_wide_for_the_budget_still_streams_at_one_pixel_a_cell(tmp_path):
    tiling = generate(9001, 4, (0, 0))
    assert tiling.check("png") == 1
    tiling.save(tmp_path / "wide.png")
    assert Image.open(tmp_path / "wide.png").size == (9001, 4)
    assert "_board" not in vars(tiling)  # written row by row, never held whole


def test_picture_cell_refuses_bad_cells():
    with pytest.raises(TilewrightError, match="at least 1"):
        tromino_pictures.picture_cell(10, 10, 0)
    with pytest.raises(TypeError, match="cell"):
        tromino_pictures.picture_cell(10, 10, 2.5)


def test_jupyter_draws_small_tilings_only():
    svg = generate(10, 10, (0, 0))._repr_svg_()
    assert svg is not None and svg.startswith("<?xml") and 'width="632"' in svg  # 63 a cell
    assert generate(1000, 1000, (0, 0))._repr_svg_() is None


def test_classic_is_the_textbook_board():
    from tests.helpers import SAMPLE_8_2_3

    tiling = classic(8, 2, 3)
    assert tiling.missing == (1, 2) and tiling.number_width == 2
    sink = io.BytesIO()
    tiling.write(sink)
    assert sink.getvalue().decode() == SAMPLE_8_2_3
    small = io.BytesIO()
    classic(2, 1, 1).write(small)
    assert small.getvalue() == b" 0  1 \n 1  1 \n"  # "%2d " even for one digit


def test_write_refuses_an_unknown_format():
    with pytest.raises(TilewrightError, match="unknown tiling format"):
        generate(4, 4, (0, 0)).write(io.BytesIO(), "gif")


@pytest.mark.parametrize(
    ("board", "fmt", "colours", "expected"),
    [
        ((8, 8), "text", None, ["_quadtree_kernels", "_text_kernels"]),
        ((8, 8), "png", 4, ["_quadtree_kernels", "_dsatur_kernels"]),
        ((10, 10), "npy", None, ["_search", "_plan_kernels"]),
        ((10, 10), "svg", 3, ["_search", "_plan_kernels", "_wheel_kernels", "_dsatur_kernels"]),
        ((1, 1), "svg", 4, ["_quadtree_kernels"]),
    ],
)
def test_kernel_modules_name_what_a_write_runs(board, fmt, colours, expected):
    names = tromino_warm.kernel_modules(*board, fmt, colours)
    assert [name.rsplit(".", 1)[1] for name in names] == expected
    assert set(names) <= set(tromino_warm.KERNEL_MODULES)


@pytest.mark.parametrize("board", [(16, 16, (5, 9)), (20, 14, (2, 4)), (5, 5, (2, 2))], ids=str)
def test_a_band_made_alone_is_those_rows_of_the_board(board):
    width, height, missing = board
    labels = tile(width, height, missing)
    for first in range(height):
        for rows in range(1, height - first + 1):
            assert np.array_equal(
                generate(width, height, missing).band(first, rows), labels[first : first + rows]
            )


def test_a_band_of_a_huge_board_is_made_without_the_rest():
    huge = generate(100003, 100003, (7, 7))
    streamed = next(huge.rows(3))
    assert np.array_equal(huge.band(1, 2), streamed[1:3])
    assert "_board" not in vars(huge)


@pytest.mark.parametrize(("first", "rows"), [(-1, 1), (0, 0), (3, 3), (5, 1)])
def test_a_band_off_the_board_is_refused(first, rows):
    with pytest.raises(TilewrightError, match="not on a board of 5 rows"):
        generate(5, 5, (0, 0)).band(first, rows)
