"""Rectangles print sheets: the family's own pictures of each puzzle and its solution, each
captioned with its number, seed and game ID, the layout checked before generating, and
the seeds and parameters in the PDF."""

import re
import shutil
import subprocess

import pytest

import tilewright.rectangles.sheets as sheets
from tilewright import TilewrightError
from tilewright.rectangles import Params, generate, parse_params
from tilewright.rectangles.pictures import PREFERRED_CELL, svg_text
from tilewright.rectangles.sheets import sheet_frame, sheet_layout, sheet_pdf


def made_with(params: Params, seeds) -> list:
    return [generate(params, seed=seed) for seed in seeds]


@pytest.fixture
def drawn(monkeypatch):
    """What sheet_pdf hands the core to draw, kept instead of drawn."""
    calls = []
    monkeypatch.setattr(sheets, "draw_sheet", lambda *args: calls.append(args) or b"%PDF-")
    return calls


@pytest.mark.parametrize(("width", "height"), [(2, 2), (10, 10), (7, 15), (31, 4)])
def test_the_frame_is_the_size_the_pictures_are_drawn(width, height):
    made = generate(Params(width, height), seed=1)
    svg = svg_text(made.puzzle, regions=made.regions, cell=PREFERRED_CELL)
    root = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    frame = sheet_frame(width, height)
    assert (frame.width, frame.height) == (int(root.group(1)), int(root.group(2)))
    assert frame.square == PREFERRED_CELL


@pytest.mark.parametrize(
    ("params", "paper", "per_page"),
    [
        ("10x10", "a4", 6),
        ("15x15", "a4", 4),
        ("20x20", "a4", 2),
        ("20x20", "letter", 1),  # a shorter page
        ("30x30", "a4", 1),
    ],
)
def test_puzzles_a_page_follow_from_the_size(params, paper, per_page):
    layout = sheet_layout(parse_params(params), 100, paper=paper)
    assert layout.per_page == per_page
    # the squares print at least comfortably, or as large as one puzzle a page allows
    assert layout.square_mm(2) >= sheets.COMFORTABLE_MM or per_page == 1


def test_the_largest_legible_size_fits_and_the_next_is_refused():
    assert sheet_layout(Params(60, 60), 1).per_page == 1
    with pytest.raises(
        TilewrightError, match=r"a 61x61 puzzle would print with squares of 2\.9 mm"
    ):
        sheet_layout(Params(61, 61), 1)


def test_the_layout_refuses_what_is_not_params():
    with pytest.raises(TypeError, match="made with Params, not str"):
        sheet_layout("10x10", 6)


def test_each_entry_is_the_puzzle_its_solution_and_a_caption(drawn):
    params = Params(8, 6, max_area=6)
    puzzles = made_with(params, [11, 12, 13])
    layout = sheet_layout(params, 3)
    assert sheet_pdf(puzzles, layout) == b"%PDF-"
    [(used_layout, entries, title, info, progress)] = drawn
    assert used_layout is layout and title == "Rectangles 8x6" and progress is None
    for number, (entry, made) in enumerate(zip(entries, puzzles, strict=True), 1):
        assert entry.puzzle == svg_text(made.puzzle, cell=PREFERRED_CELL)
        assert entry.answer == svg_text(made.puzzle, regions=made.regions, cell=PREFERRED_CELL)
        assert entry.caption == (f"#{number} · 8x6 · max-area 6 · seed {made.seed}", made.game_id)
    assert info == {
        "family": "rectangles",
        "params": "8x6",
        "max_area": 6,
        "singles": False,
        "seeds": "11,12,13",
    }


def test_singles_are_named_in_the_caption(drawn):
    params = Params(6, 6, singles=True)
    sheet_pdf(made_with(params, [1]), sheet_layout(params, 1))
    assert drawn[0][1][0].caption[0] == "#1 · 6x6 · singles · seed 1"


def test_puzzles_of_different_parameters_or_another_layout_are_refused():
    layout = sheet_layout(Params(6, 6), 2)
    mixed = made_with(Params(6, 6), [1]) + made_with(Params(6, 6, expansion=0.5), [1])
    with pytest.raises(TilewrightError, match="same parameters"):
        sheet_pdf(mixed, layout)
    with pytest.raises(TilewrightError, match="the layout is not for 7x6 puzzles"):
        sheet_pdf(made_with(Params(7, 6), [1]), layout)
    with pytest.raises(TilewrightError, match="at least one puzzle"):
        sheet_pdf([], layout)
    with pytest.raises(TypeError, match="Generated puzzles, not Puzzle"):
        sheet_pdf([made_with(Params(6, 6), [1])[0].puzzle], layout)


def test_the_pdf_records_the_seeds_and_has_puzzle_and_answer_pages():
    params = Params(10, 10)
    pdf = sheet_pdf(made_with(params, range(40, 47)), sheet_layout(params, 7))
    assert len(re.findall(rb"/MediaBox", pdf)) == 4  # 6 + 1 puzzles, then their answers
    assert b"params=10x10 max_area=None singles=False seeds=40,41,42,43,44,45,46 paper=A4" in pdf


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_every_game_id_and_seed_is_printed_on_the_puzzle_and_the_answer_pages(tmp_path):
    params = Params(12, 9)
    puzzles = made_with(params, range(5, 10))
    (tmp_path / "sheet.pdf").write_bytes(sheet_pdf(puzzles, sheet_layout(params, 5)))
    pages = []
    for page in (1, 2):
        done = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), "sheet.pdf", "-"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        )
        pages.append(done.stdout)
    for text in pages:  # one page of puzzles, one of answers
        flat = "".join(text.split())  # a game ID may be wrapped over lines
        for number, made in enumerate(puzzles, 1):
            assert f"#{number} · 12x9 · seed {made.seed}" in text
            assert made.game_id in flat
    assert "Rectangles 12x9: answers" not in pages[0]
    assert "Rectangles 12x9: answers" in pages[1]
