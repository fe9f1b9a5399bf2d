"""``tilewright loopy sheet``: the pages (puzzles, then answers) on the paper asked for,
the puzzles of ``loopy generate`` with the same seeds, their game IDs and seeds printed, a
drawn seed printed, and every refusal one line with nothing written."""

import pytest

import tilewright.loopy.sheets as sheets
from tests.cli import test_sheet_cli as shared
from tests.cli.test_sheet_cli import needs_poppler, page_text, pdf_pages, seed_printed, tilewright
from tests.helpers import run_binary as run
from tilewright.cli.loopy_sheet import LEVELS
from tilewright.loopy import DIFFICULTIES


@needs_poppler
def test_a_sheet_holds_the_puzzles_of_loopy_generate_then_their_answers(tmp_path):
    done = tilewright("loopy", "sheet", "10x10", "--difficulty", "normal", "--count", "7",
                      "-s", "5", "-o", "sheet.pdf", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "seed:" not in done.stderr
    # six puzzles on the first page, one on the second, then their answers so
    assert pdf_pages(tmp_path / "sheet.pdf") == (4, ["595.276 x 841.89"] * 4)
    made = tilewright("loopy", "generate", "10x10dn", "--count", "7", "-s", "5")
    ids = made.stdout.split()
    on_page = {1: range(1, 7), 2: [7], 3: range(1, 7), 4: [7]}
    for page, numbers in on_page.items():
        # spaces left out: a game ID may be wrapped over lines
        flat = "".join(page_text(tmp_path / "sheet.pdf", page).split())
        assert all(f"#{n}·10x10t0dn·seed{4 + n}" in flat for n in numbers)
        assert all(ids[n - 1] in flat for n in numbers)
        assert ("Loopy10x10square,normal:answers" in flat) == (page > 2)
    record = b"family=loopy params=10x10t0dn seeds=5,6,7,8,9,10,11"
    assert record in (tmp_path / "sheet.pdf").read_bytes()


@needs_poppler
def test_a_grid_each_seed_draws_anew_on_letter_paper(tmp_path):
    done = tilewright("loopy", "sheet", "8x8", "--grid", "spectres", "--count", "3",
                      "--per-page", "2", "--paper", "letter", "-s", "2", "-o", "s.pdf",
                      cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert pdf_pages(tmp_path / "s.pdf") == (4, ["612 x 792"] * 4)
    ids = tilewright("loopy", "generate", "8x8t17", "--count", "3", "-s", "2").stdout.split()
    flat = "".join(page_text(tmp_path / "s.pdf", 3).split())
    assert ids[0] in flat and ids[1] in flat and "#1·8x8t17de·seed2" in flat


@needs_poppler
def test_without_a_count_one_page_is_filled_and_a_drawn_seed_is_printed(tmp_path):
    done = tilewright("loopy", "sheet", "7x7t2", "-o", "s.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    seed = seed_printed(done.stderr)
    assert pdf_pages(tmp_path / "s.pdf")[0] == 2  # nine honeycomb puzzles, then answers
    flat = "".join(page_text(tmp_path / "s.pdf", 1).split())
    assert f"#9·7x7t2de·seed{seed + 8}" in flat and "#10" not in flat


def test_the_sheet_is_written_to_standard_output_as_pdf(monkeypatch, capsysbinary):
    kept = []
    monkeypatch.setattr(sheets.pages, "draw_sheet", lambda *args: kept.append(args) or b"%PDF-")
    status, out, err = run(capsysbinary, "loopy", "sheet", "5x5", "--count", "2", "-s", "9")
    assert (status, out, err) == (0, b"%PDF-", "")
    [(_, entries, title, info, _)] = kept
    assert [entry.caption[0] for entry in entries] == ["#1 · 5x5t0de · seed 9",
                                                       "#2 · 5x5t0de · seed 10"]  # fmt: skip
    assert title == "Loopy 5x5 square, easy" and info["seeds"] == "9,10"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["10x10", "--count", "0"], "--count must be at least 1, got 0"),
        (["10x10", "--count", "1001"], "--count may be at most 1000"),
        (["63x63"], "a 63x63 square puzzle would print with clue digits of 1.1 mm"),
        (["1000x1000"], "has 1,000,000 faces, too many to print legibly"),
        (["10x10t13"], "a 10x10 great-great-dodecagonal puzzle would print"),
        (["10x10", "--per-page", "40"], "at 40 a page, a 10x10 square puzzle"),
        (["10x10", "--per-page", "0"], "--per-page must be at least 1"),
        (["10x10", "--paper", "a5"], "'a5' is not one of them"),
        (["10x10", "-o", "sheet.svg"], "a sheet is a PDF: name the file sheet.pdf"),
        (["10x10", "-o", "no/such/sheet.pdf"], "folder"),
        (["ten"], "Loopy's parameters are WxHtTdD"),
        (["2x2"], "a Loopy square grid is at least 3x3"),
        (["5x5", "--grid", "hat"], "--grid is one of square, triangular"),
        (["5x5", "--grid", "hats"], "a Loopy hats grid is at least 6x6"),
        (["5x5", "--difficulty", "fiendish"], "--difficulty"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path, monkeypatch, capsysbinary, args, message
):
    shared.test_bad_input_is_one_line_exit_2_and_nothing_written(
        tmp_path, monkeypatch, capsysbinary, ["loopy", "sheet", *args], message
    )


def test_the_help_speaks_of_the_sheet_and_the_levels_agree_with_the_library():
    done = tilewright("loopy", "sheet", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: tilewright loopy sheet [OPTIONS] PARAMS")
    assert "--per-page N" in done.stdout and "--paper NAME" in done.stdout
    assert LEVELS == DIFFICULTIES
    assert "sheet" in tilewright("loopy", "--help").stdout


def test_a_sheet_imports_only_its_own_family(tmp_path):
    args = ["loopy", "sheet", "5x5", "--count", "1", "-s", "1", "-o", "s.pdf"]
    for foreign in ("tilewright.rectangles", "tilewright.mazes"):
        shared.test_a_sheet_imports_only_its_own_family(tmp_path, args, foreign)
