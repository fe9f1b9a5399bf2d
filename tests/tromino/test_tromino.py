"""L-tromino tilings: the textbook's exact output, any tileable board, streaming."""

import io
import sys
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import SAMPLE_8_2_3, tileable_boards
from tilewright import TilewrightError
from tilewright.tromino import obstruction, plan_tiling, tile, tile_rows
from tilewright.tromino._search import search
from tilewright.tromino.tiling import classic_plan, text_chunks
from tilewright.tromino.writers import write_npy


def textbook(size: int, x: int, y: int) -> np.ndarray:
    """A direct transcription of the textbook's ChessBoard recursion (x, y from 1)."""
    sys.setrecursionlimit(10_000)
    board = np.zeros((size, size), dtype=np.int64)
    tile_number = [1]

    def chess_board(tr, tc, dr, dc, s):
        if s == 1:
            return
        half = s // 2
        t = tile_number[0]
        tile_number[0] += 1
        if dr < tr + half and dc < tc + half:
            chess_board(tr, tc, dr, dc, half)
        else:
            board[tr + half - 1, tc + half - 1] = t
            chess_board(tr, tc, tr + half - 1, tc + half - 1, half)
        if dr < tr + half and dc >= tc + half:
            chess_board(tr, tc + half, dr, dc, half)
        else:
            board[tr + half - 1, tc + half] = t
            chess_board(tr, tc + half, tr + half - 1, tc + half, half)
        if dr >= tr + half and dc < tc + half:
            chess_board(tr + half, tc, dr, dc, half)
        else:
            board[tr + half, tc + half - 1] = t
            chess_board(tr + half, tc, tr + half, tc + half - 1, half)
        if dr >= tr + half and dc >= tc + half:
            chess_board(tr + half, tc + half, dr, dc, half)
        else:
            board[tr + half, tc + half] = t
            chess_board(tr + half, tc + half, tr + half, tc + half, half)

    chess_board(0, 0, x - 1, y - 1, size)
    return board


def printf_board(board: np.ndarray) -> str:
    # The textbook's printf("%2d ", ...), kept in C's own notation.
    return "".join("".join("%2d " % v for v in row) + "\n" for row in board)  # noqa: UP031


def classic_text(size: int, x: int, y: int) -> str:
    plan = classic_plan(size, x, y)
    bands = tile_rows(size, size, (plan.row, plan.col), rows_per_band=5)
    return b"".join(text_chunks(bands, 2)).decode()


def assert_valid_tiling(labels: np.ndarray, missing: tuple[int, int]) -> None:
    """Every cell but the missing one covered by exactly one tromino, each an L."""
    height, width = labels.shape
    assert labels[missing] == 0 and np.count_nonzero(labels == 0) == 1
    flat = labels.ravel()
    order = np.argsort(flat, kind="stable")[1:]
    numbers = flat[order].reshape(-1, 3)
    assert (numbers == numbers[:, :1]).all(), "a number is not on exactly three cells"
    assert np.array_equal(numbers[:, 0], np.arange(1, (height * width - 1) // 3 + 1))
    rows, cols = np.divmod(order, width)
    rows, cols = rows.reshape(-1, 3), cols.reshape(-1, 3)
    assert (np.ptp(rows, axis=1) == 1).all() and (np.ptp(cols, axis=1) == 1).all()


def test_classic_sample():
    assert classic_text(8, 2, 3) == SAMPLE_8_2_3


@pytest.mark.parametrize("size", [1, 2, 4, 8, 16, 32, 64])
def test_classic_equals_the_textbook_for_every_special_square(size):
    for x in range(1, size + 1):
        for y in range(1, size + 1):
            expected = textbook(size, x, y)
            plan = classic_plan(size, x, y)
            assert np.array_equal(tile(size, size, (plan.row, plan.col)), expected), (x, y)
    # The bytes, for a few squares of each size.
    for x, y in [(1, 1), (size, size), ((size + 1) // 2, size)]:
        assert classic_text(size, x, y) == printf_board(textbook(size, x, y))


def test_classic_beyond_the_textbook_limit():
    board = textbook(256, 100, 37)
    assert classic_text(256, 100, 37) == printf_board(board)
    assert board.max() == (256 * 256 - 1) // 3


@pytest.mark.parametrize(
    ("size", "x", "y", "message"),
    [(6, 1, 1, "power of two"), (8, 0, 1, "between 1 and"), (8, 3, 9, "between 1 and")],
)
def test_classic_rejects_bad_input(size, x, y, message):
    with pytest.raises(TilewrightError, match=message):
        classic_plan(size, x, y)


@given(tileable_boards())
def test_every_tileable_board_is_tiled(board):
    width, height, missing = board
    assert_valid_tiling(tile(width, height, missing), missing)


@given(tileable_boards(), st.integers(1, 40))
def test_streamed_rows_equal_the_whole_tiling(board, rows_per_band):
    width, height, missing = board
    streamed = np.vstack(list(tile_rows(width, height, missing, rows_per_band)))
    assert np.array_equal(streamed, tile(width, height, missing))


def test_feasibility_matches_exhaustive_search_up_to_11x11():
    for height in range(1, 12):
        for width in range(1, 12):
            board = np.empty((height, width), dtype=np.int64)
            for row in range(height):
                for col in range(width):
                    found = search(height, width, row, col, board)
                    assert found == (obstruction(width, height, row, col) is None)
                    if found:
                        assert_valid_tiling(board, (row, col))


def test_construction_succeeds_exactly_when_a_tiling_exists():
    for height in range(1, 21):
        for width in range(1, 21):
            for row in range(height):
                for col in range(width):
                    if obstruction(width, height, row, col) is None:
                        assert_valid_tiling(tile(width, height, (row, col)), (row, col))
                    else:
                        with pytest.raises(TilewrightError, match="no tiling exists"):
                            plan_tiling(width, height, row, col)


@pytest.mark.parametrize(
    ("width", "height", "missing", "theorem"),
    [
        (1000, 1001, (0, 0), "not a multiple of 3"),
        (9, 9, (0, 0), "not a multiple of 3"),
        (5, 5, (1, 0), "Chu and Johnsonbaugh"),
        (11, 2, (0, 2), "Ash and Golomb"),
        (14, 5, (2, 1), "Ash and Golomb"),
        (5, 14, (12, 2), "Ash and Golomb"),
        (1, 7, (3, 0), "one cell wide"),
    ],
)
def test_impossible_boards_name_their_theorem(width, height, missing, theorem):
    with pytest.raises(TilewrightError, match=theorem):
        plan_tiling(width, height, *missing)


def test_missing_square_off_the_board():
    with pytest.raises(TilewrightError, match="off the 8x8 board"):
        plan_tiling(8, 8, 8, 0)


def test_large_rectangles_are_constructed_not_searched():
    for width, height, missing in [(1000, 1000, (999, 3)), (1001, 1004, (500, 500))]:
        assert_valid_tiling(tile(width, height, missing), missing)


def test_npy_written_row_by_row_loads_as_the_tiling():
    stream = io.BytesIO()
    write_npy(stream, tile_rows(50, 35, (7, 7), rows_per_band=4), 50, 35, (50 * 35 - 1) // 3)
    stream.seek(0)
    assert np.array_equal(np.load(stream), tile(50, 35, (7, 7)))


def test_streaming_memory_per_row_does_not_grow_with_the_board():
    def peak_per_row(size: int) -> float:
        tracemalloc.start()
        for _ in tile_rows(size, size, (size // 3, size // 5), rows_per_band=16):
            pass
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak / size

    assert peak_per_row(16384) < 2 * peak_per_row(1024)


def test_svg_draws_one_outlined_l_per_tromino():
    import re
    import xml.etree.ElementTree as ET

    from tilewright.tromino.pictures import svg_text

    labels = tile(14, 11, (4, 6))
    root = ET.fromstring(svg_text(labels, cell=10))
    paths = list(root.iter("{http://www.w3.org/2000/svg}path"))
    polygons = [m for p in paths for m in re.findall(r"M\d+,\d+[hv0-9z-]+", p.get("d"))]
    assert len(polygons) == labels.max() == (14 * 11 - 1) // 3
    # Five moves and the closing side: six sides, an L.
    assert all(p.count("h") + p.count("v") == 5 and p.endswith("z") for p in polygons)
    assert root.get("width") == str(14 * 10 + 2)
