"""Loopy print sheets: the family's own pictures of each puzzle and its loop, each
captioned with its number, parameters, seed and game ID; the layout checked before any
puzzle is made, sized by the smallest clue's digits; on the grids each seed draws anew,
every picture centred in the room planned; the seeds and parameters in the PDF."""

import re
import shutil

import pytest

import tilewright.loopy.sheets as sheets
from tests.cli.test_sheet_cli import page_text
from tilewright import TilewrightError
from tilewright.core.picture_size import LARGEST_BUDGET
from tilewright.loopy import generate, parse_params
from tilewright.loopy.pictures import svg_text
from tilewright.loopy.sheets import SHEET_CELL, sheet_frame, sheet_layout, sheet_pdf

ROOT = re.compile(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"')


def made_with(params: str, seeds) -> list:
    return [generate(params, seed=seed) for seed in seeds]


def root_size(svg: str) -> tuple[float, float]:
    width, height = ROOT.search(svg).groups()
    return float(width), float(height)


@pytest.fixture
def drawn(monkeypatch):
    """What sheet_pdf hands the core to draw, kept instead of drawn."""
    calls = []
    monkeypatch.setattr(sheets.pages, "draw_sheet", lambda *args: calls.append(args) or b"%PDF-")
    return calls


@pytest.mark.parametrize("params", ["5x5t0", "9x6t0", "6x6t2", "5x5t4"])
def test_the_frame_is_the_size_the_pictures_are_drawn(params):
    made = generate(f"{params}de", seed=1)
    frame = sheet_frame(params)
    svg = svg_text(made.puzzle, loop=made.solution, cell=SHEET_CELL)
    assert (frame.width, frame.height) == root_size(svg)
    # the square is the smallest clue's digits: 0.44 of a face on the square grid
    assert frame.squares == "clue digits"


def test_on_a_grid_each_seed_draws_anew_every_picture_is_centred_in_the_frame(drawn):
    params = "8x8t17dn"  # Spectres: each seed its own patch, of a little different size
    layout = sheet_layout(params, 4)
    puzzles = made_with(params, range(20, 24))
    sheet_pdf(puzzles, layout)
    frame = layout.frame
    for entry in drawn[0][1]:
        for picture in (entry.puzzle, entry.answer):
            assert root_size(picture) == (frame.width, frame.height)
            inner = re.search(
                r'<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', picture
            )
            left, top, width, height = map(float, inner.groups())
            assert left + width / 2 == pytest.approx(frame.width / 2, abs=0.01)
            assert top + height / 2 == pytest.approx(frame.height / 2, abs=0.01)
            assert width <= frame.width and height <= frame.height
            assert picture.count("<?xml") == 0 and picture.count("<metadata") == 1


@pytest.mark.parametrize(
    ("params", "paper", "per_page"),
    [
        ("7x7", "a4", 12),
        ("10x10", "a4", 6),  # as many as Rectangles puts on a page at 10x10
        ("15x15", "a4", 4),
        ("20x20", "letter", 1),  # a shorter page
        ("10x10t17", "a4", 4),
        ("12x12t16", "a4", 2),
    ],
)
def test_puzzles_a_page_follow_from_the_size_and_the_grid(params, paper, per_page):
    layout = sheet_layout(params, 100, paper=paper)
    assert layout.per_page == per_page
    # the digits print at least comfortably, or as large as one puzzle a page allows
    assert layout.square_mm(2) >= sheets.COMFORTABLE_MM or per_page <= 2


def test_the_largest_legible_size_fits_and_the_next_is_refused():
    assert sheet_layout("62x62", 1).per_page == 1
    with pytest.raises(
        TilewrightError,
        match=r"a 63x63 square puzzle would print with clue digits of 1\.1 mm on A4, too "
        r"small to read \(at least 1\.2 mm\)",
    ):
        sheet_layout("63x63", 1)


def test_small_faces_beside_large_ones_set_the_size():
    """On the dodecagonal grid the triangles' clues are a sixth of the dodecagons': the
    sheet is sized for them, so fewer such puzzles fit than squares of the size."""
    assert sheet_layout("7x7t9", 1).per_page == 1
    with pytest.raises(TilewrightError, match="10x10 dodecagonal puzzle would print"):
        sheet_layout("10x10t9", 1)


def test_a_grid_of_too_many_faces_is_refused_before_its_clues_are_measured():
    with pytest.raises(TilewrightError, match=r"has 1,000,000 faces, too many to print"):
        sheet_layout("1000x1000", 1)


def test_the_layout_refuses_what_is_not_params():
    with pytest.raises(TypeError, match="made with Params, not int"):
        sheet_layout(10, 6)
    with pytest.raises(TilewrightError, match="Loopy's parameters are WxHtTdD"):
        sheet_layout("ten", 6)


def test_each_entry_is_the_puzzle_its_loop_and_a_caption(drawn):
    params = parse_params("7x6t0dn")
    puzzles = made_with("7x6t0dn", [11, 12, 13])
    layout = sheet_layout(params, 3)
    assert sheet_pdf(puzzles, layout) == b"%PDF-"
    [(used_layout, entries, title, info, progress)] = drawn
    assert used_layout is layout and progress is None
    assert title == "Loopy 7x6 square, normal"
    for number, (entry, made) in enumerate(zip(entries, puzzles, strict=True), 1):
        drawing = {"max_side": LARGEST_BUDGET}
        assert entry.puzzle == svg_text(made.puzzle, cell=SHEET_CELL, **drawing)
        assert entry.answer == svg_text(made.puzzle, loop=made.solution, cell=SHEET_CELL, **drawing)
        assert entry.caption == (f"#{number} · 7x6t0dn · seed {made.seed}", made.game_id)
    assert info == {"family": "loopy", "params": "7x6t0dn", "seeds": "11,12,13"}


def test_puzzles_of_different_parameters_or_another_layout_are_refused():
    layout = sheet_layout("6x6", 2)
    mixed = made_with("6x6de", [1]) + made_with("6x6dn", [1])
    with pytest.raises(TilewrightError, match="same parameters"):
        sheet_pdf(mixed, layout)
    with pytest.raises(TilewrightError, match="the layout is not for 7x6t0de puzzles"):
        sheet_pdf(made_with("7x6", [1]), layout)
    with pytest.raises(TilewrightError, match="at least one puzzle"):
        sheet_pdf([], layout)
    with pytest.raises(TypeError, match="Generated puzzles, not Puzzle"):
        sheet_pdf([made_with("6x6", [1])[0].puzzle], layout)


def test_the_pdf_records_the_seeds_and_has_puzzle_and_answer_pages():
    pdf = sheet_pdf(made_with("10x10", range(40, 47)), sheet_layout("10x10", 7))
    assert len(re.findall(rb"/MediaBox", pdf)) == 4  # 6 + 1 puzzles, then their answers
    assert b"family=loopy params=10x10t0de seeds=40,41,42,43,44,45,46 paper=A4" in pdf


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_every_game_id_and_seed_is_printed_on_the_puzzle_and_the_answer_pages(tmp_path):
    puzzles = made_with("8x8t16dn", range(5, 9))  # hats: IDs that name their patch first
    (tmp_path / "sheet.pdf").write_bytes(
        sheet_pdf(puzzles, sheet_layout("8x8t16dn", 4, per_page=2))
    )
    pages = [page_text(tmp_path / "sheet.pdf", page) for page in (1, 2, 3, 4)]
    for page, text in enumerate(pages):  # two pages of puzzles, two of answers
        flat = "".join(text.split())  # a game ID may be wrapped over lines
        for number in (1, 2) if page % 2 == 0 else (3, 4):
            made = puzzles[number - 1]
            assert f"#{number} · 8x8t16dn · seed {made.seed}" in text
            assert made.game_id in flat
        assert ("Loopy 8x8 hats, normal: answers" in text) == (page >= 2)
