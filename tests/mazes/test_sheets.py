"""Maze print sheets: the family's own pictures, open at the start and the goal, the
answers with the shortest path drawn, captions naming algorithm and seed, and the layout
checked before any maze is made."""

import re
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

import tilewright.mazes.sheets as sheets
from tilewright import TilewrightError
from tilewright.core.sheets import caption_height
from tilewright.mazes import braid, generate, shortest_path
from tilewright.mazes.pictures import Style, opening_sides, svg_text, wall_path_data
from tilewright.mazes.sheets import STYLE, sheet_frame, sheet_layout, sheet_pdf


@pytest.fixture
def drawn(monkeypatch):
    """What sheet_pdf hands the core to draw, kept instead of drawn."""
    calls = []
    monkeypatch.setattr(sheets, "draw_sheet", lambda *args: calls.append(args) or b"%PDF-")
    return calls


@pytest.mark.parametrize(("width", "height"), [(1, 1), (20, 20), (7, 15)])
def test_the_frame_is_the_size_the_pictures_are_drawn(width, height):
    svg = svg_text(generate(width, height, seed=1), style=STYLE)
    root = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    frame = sheet_frame(width, height)
    assert (frame.width, frame.height) == (int(root.group(1)), int(root.group(2)))
    assert frame.square == STYLE.cell == Style().cell


@pytest.mark.parametrize(("size", "per_page"), [((20, 20), 4), ((10, 10), 12), ((40, 40), 1)])
def test_mazes_a_page_follow_from_the_size(size, per_page):
    layout = sheet_layout(*size, 100)
    assert layout.per_page == per_page
    assert layout.square_mm(1) >= sheets.COMFORTABLE_MM or per_page == 1


def test_cells_too_small_to_print_are_refused():
    assert sheet_layout(92, 129, 1).per_page == 1
    for width, height in ((93, 10), (10, 130)):
        with pytest.raises(
            TilewrightError, match=f"a {width}x{height} maze would print with cells"
        ):
            sheet_layout(width, height, 1)
    with pytest.raises(TilewrightError, match="at least one cell a side, got 0x4"):
        sheet_layout(0, 4, 1)


def test_each_entry_opens_at_start_and_goal_and_its_answer_draws_the_path(drawn):
    mazes = [generate(9, 6, "wilson", seed=seed) for seed in (3, 4)]
    layout = sheet_layout(9, 6, 2)
    sheet_pdf(mazes, layout)
    [(used_layout, entries, title, info, progress)] = drawn
    assert used_layout is layout and title == "Mazes 9x6" and progress is None
    gaps = opening_sides(9, 6)
    for number, (entry, maze) in enumerate(zip(entries, mazes, strict=True), 1):
        assert entry.puzzle == svg_text(maze, style=STYLE, openings=gaps)
        assert entry.answer == svg_text(maze, style=STYLE, path=shortest_path(maze), openings=gaps)
        # the walls really have the gaps: the closed maze's walls differ
        assert wall_path_data(maze, gaps) in entry.puzzle
        assert wall_path_data(maze) not in entry.puzzle
        assert "<polyline" in entry.answer and "<polyline" not in entry.puzzle
        assert entry.caption == (f"#{number} · 9x6 · wilson · seed {maze.seed}",)
    assert info == {
        "family": "maze",
        "width": 9,
        "height": 6,
        "algorithm": "wilson",
        "seeds": "3,4",
        "params": {},
    }


def test_mixed_mazes_record_each_algorithm_once_and_no_common_params(drawn):
    mazes = [generate(5, 5, "kruskal", seed=1), braid(generate(5, 5, "prim", seed=2), 0.5)]
    mazes.append(generate(5, 5, "kruskal", seed=3))
    sheet_pdf(mazes, sheet_layout(5, 5, 3))
    info = drawn[0][3]
    assert info["algorithm"] == "kruskal,prim" and "params" not in info


def test_mazes_of_other_sizes_or_kinds_are_refused():
    layout = sheet_layout(6, 6, 2)
    with pytest.raises(TilewrightError, match="all be the same size"):
        sheet_pdf([generate(6, 6, seed=1), generate(6, 7, seed=1)], layout)
    with pytest.raises(TilewrightError, match="the layout is not for 7x6 mazes"):
        sheet_pdf([generate(7, 6, seed=1)], layout)
    with pytest.raises(TilewrightError, match="at least one maze"):
        sheet_pdf([], layout)
    with pytest.raises(TypeError, match="square-grid Mazes, not str"):
        sheet_pdf(["maze"], layout)


def test_the_pdf_has_maze_and_answer_pages_and_the_seeds():
    mazes = [generate(20, 20, "wilson", seed=seed) for seed in range(5)]
    pdf = sheet_pdf(mazes, sheet_layout(20, 20, 5))
    assert len(re.findall(rb"/MediaBox", pdf)) == 4  # 4 + 1 mazes, then their answers
    assert b"family=maze width=20 height=20 algorithm=wilson seeds=0,1,2,3,4" in pdf


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_the_printed_maze_is_open_at_start_and_goal_and_the_answer_path_is_drawn(tmp_path):
    """Rendered: the top wall over the start cell and the bottom wall under the goal are
    gaps, the walls beside them are ink, and the answer colours the start cell's path."""
    maze = generate(6, 6, "kruskal", seed=8)
    layout = sheet_layout(6, 6, 1)
    (tmp_path / "sheet.pdf").write_bytes(sheet_pdf([maze], layout))
    subprocess.run(["pdftoppm", "-r", "72", "-png", "sheet.pdf", "p"], cwd=tmp_path, check=True)
    puzzle = np.asarray(Image.open(tmp_path / "p-1.png").convert("RGB")).astype(int)
    answer = np.asarray(Image.open(tmp_path / "p-2.png").convert("RGB")).astype(int)
    frame = layout.frame
    scale = layout.scale(1)
    left, top = layout.box(0)
    x0 = left + (layout.box_width - frame.width * scale) / 2 + STYLE.wall / 2 * scale
    y0 = top + (layout.box_height - frame.height * scale - caption_height(1)) / 2
    y0 += STYLE.wall / 2 * scale
    cell = STYLE.cell * scale

    def at(image, column: float, row: float) -> np.ndarray:
        return image[round(y0 + row * cell), round(x0 + column * cell)]

    white, black = (255, 255, 255), (0, 0, 0)
    assert np.abs(at(puzzle, 0.5, 0) - white).max() < 30  # the way in
    assert np.abs(at(puzzle, 1.5, 0) - black).max() < 30  # the top wall beside it
    assert np.abs(at(puzzle, 5.5, 6) - white).max() < 30  # the way out
    assert np.abs(at(puzzle, 4.5, 6) - black).max() < 30
    red = at(answer, *(shortest_path(maze)[1][::-1] + 0.5))  # the path's second cell
    assert red[0] > 180 and red[1] < 130 and red[2] < 100
    assert np.abs(at(puzzle, *(shortest_path(maze)[1][::-1] + 0.5)) - white).max() < 30
