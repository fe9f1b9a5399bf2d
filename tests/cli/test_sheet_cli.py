"""``tilewright rect sheet`` and ``tilewright maze sheet``: the pages (puzzles, then
answers) on the paper asked for, the puzzles of ``rect generate`` / ``maze`` with the same
seeds and their game IDs and seeds printed, a drawn seed printed, and every refusal one
line with nothing written; ``tilewright maze SIZE`` works as before."""

import hashlib
import re
import shutil
import subprocess
import sys

import pytest

from tests.helpers import run_binary as run
from tilewright.mazes import generate

needs_poppler = pytest.mark.skipif(
    shutil.which("pdfinfo") is None or shutil.which("pdftotext") is None,
    reason="pdfinfo and pdftotext (poppler-utils)",
)


def tilewright(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def pdf_pages(path) -> tuple[int, list[str]]:
    """The number of pages and each page's size in points, as poppler reads them."""
    done = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", "1000", str(path)], capture_output=True, text=True, check=True
    )
    pages = int(re.search(r"^Pages:\s+(\d+)$", done.stdout, re.MULTILINE).group(1))
    sizes = re.findall(r"^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts", done.stdout, re.MULTILINE)
    return pages, sizes


def page_text(path, page: int) -> str:
    done = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def seed_printed(stderr: str) -> int:
    (seed,) = re.findall(r"^seed: (\d+)$", stderr, re.MULTILINE)
    return int(seed)


@needs_poppler
def test_a_rect_sheet_holds_the_puzzles_of_rect_generate_then_their_answers(tmp_path):
    done = tilewright("rect", "sheet", "10x10", "--count", "7", "-s", "5", "-o", "sheet.pdf",
                      cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr
    pages, sizes = pdf_pages(tmp_path / "sheet.pdf")
    assert pages == 4  # six puzzles on the first page, one on the second, then answers
    assert sizes == ["595.276 x 841.89"] * 4
    ids = tilewright("rect", "generate", "10x10", "--count", "7", "-s", "5").stdout.split()
    for page, numbers in ((1, range(1, 7)), (2, [7]), (3, range(1, 7)), (4, [7])):
        text = page_text(tmp_path / "sheet.pdf", page)
        flat = "".join(text.split())  # a game ID may be wrapped over lines
        for number in numbers:
            assert f"#{number} · 10x10 · seed {4 + number}" in text
            assert ids[number - 1] in flat
        assert ("answers" in text) == (page > 2)
    metadata = (tmp_path / "sheet.pdf").read_bytes()
    assert b"family=rectangles params=10x10 max_area=None singles=False seeds=5,6,7" in metadata


@needs_poppler
def test_letter_paper_and_puzzles_a_page(tmp_path):
    done = tilewright("rect", "sheet", "8x8", "--count", "5", "--per-page", "2",
                      "--paper", "LETTER", "-s", "1", "-o", "s.pdf", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert pdf_pages(tmp_path / "s.pdf") == (6, ["612 x 792"] * 6)
    assert b"paper=Letter per_page=2" in (tmp_path / "s.pdf").read_bytes()


@needs_poppler
def test_without_a_count_one_page_is_filled_and_a_drawn_seed_is_printed(tmp_path):
    done = tilewright("rect", "sheet", "10x10", "--max-area", "9", "-o", "s.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    seed = seed_printed(done.stderr)
    assert pdf_pages(tmp_path / "s.pdf")[0] == 2
    again = tilewright("rect", "generate", "10x10", "--max-area", "9", "--count", "6",
                       "-s", str(seed))  # fmt: skip
    flat = "".join(page_text(tmp_path / "s.pdf", 1).split())
    assert all(game_id in flat for game_id in again.stdout.split())
    assert f"seed{seed + 5}" in flat and f"seed{seed + 6}" not in flat


@needs_poppler
def test_a_maze_sheet_holds_the_mazes_of_those_seeds_with_their_captions(tmp_path):
    done = tilewright("maze", "sheet", "20x20", "--count", "4", "-a", "wilson", "-s", "3",
                      "-o", "mazes.pdf", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert pdf_pages(tmp_path / "mazes.pdf") == (2, ["595.276 x 841.89"] * 2)
    for page in (1, 2):
        text = page_text(tmp_path / "mazes.pdf", page)
        for number in range(1, 5):
            assert f"#{number} · 20x20 · wilson · seed {2 + number}" in text
        assert ("Mazes 20x20: answers" in text) == (page == 2)
    data = (tmp_path / "mazes.pdf").read_bytes()
    assert b"family=maze width=20 height=20 algorithm=wilson seeds=3,4,5,6" in data


def test_a_maze_sheet_draws_the_mazes_of_tilewright_maze(monkeypatch, capsysbinary):
    """The sheet's mazes are those ``generate`` makes with the seeds S, S+1, ... and the
    algorithm's parameters given."""
    import tilewright.mazes.sheets as sheets

    kept = []
    monkeypatch.setattr(sheets, "draw_sheet", lambda *args: kept.append(args) or b"%PDF-")
    args = ["sheet", "6x5", "-a", "growing-tree", "--strategy", "oldest", "-s", "40"]
    status, out, err = run(capsysbinary, "maze", *args, "--count", "3", "-o", "-")
    assert (status, out, err) == (0, b"%PDF-", "")
    [(_, entries, _, info, _)] = kept
    for entry, seed in zip(entries, (40, 41, 42), strict=True):
        maze = generate(6, 5, "growing-tree", seed=seed, strategy="oldest")
        assert maze.params == info["params"]
        assert entry.caption == (f"#{seed - 39} · 6x5 · growing-tree · seed {seed}",)
        assert entry.puzzle == sheets.svg_text(
            maze, style=sheets.STYLE, openings=((0, 0, 0), (4, 5, 2))
        )


def test_a_sheet_of_a_random_grid_is_on_the_patch_its_description_names(monkeypatch, capsysbinary):
    """The mazes of ``maze sheet --grid NAME --grid-description DESC -s S`` are those of
    ``maze --grid NAME --grid-description DESC -s S, S+1, ...``: one patch, and the caption
    names it so that each maze can be made again."""
    import tilewright.mazes.grid_sheets as grid_sheets
    from tilewright.mazes.grid_maze import generate_on
    from tilewright.registry import described_grid, grid_description, grid_kinds

    description = grid_description(grid_kinds()["penrose-p3"].build("8x8", seed=5))
    kept = []
    monkeypatch.setattr(grid_sheets, "draw_sheet", lambda *args: kept.append(args) or b"%PDF-")
    args = ["sheet", "8x8", "--grid", "penrose-p3", "--grid-description", description]
    status, out, err = run(capsysbinary, "maze", *args, "-s", "7", "--count", "2", "-o", "-")
    assert (status, out) == (0, b"%PDF-"), err
    [(_, entries, title, _, _)] = kept
    assert title == f"Mazes on penrose-p3 8x8 patch {description}"
    grid = described_grid("penrose-p3", 8, 8, description)
    for entry, seed in zip(entries, (7, 8), strict=True):
        label = f"penrose-p3 8x8 patch {description}"
        assert entry.caption == (f"#{seed - 6} · {label} · backtracker · seed {seed}",)
        maze = generate_on(grid, "backtracker", seed=seed)
        assert entry.puzzle == grid_sheets._entry(seed - 6, maze, label).puzzle


def test_a_link_is_written_through(tmp_path):
    (tmp_path / "target.pdf").write_bytes(b"old")
    (tmp_path / "link.pdf").symlink_to("target.pdf")
    done = tilewright("rect", "sheet", "5x5", "--count", "1", "-s", "1", "-o", "link.pdf",
                      cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "link.pdf").is_symlink()
    assert (tmp_path / "target.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rect", "sheet", "10x10", "--count", "0"], "--count must be at least 1, got 0"),
        (["rect", "sheet", "10x10", "--count", "1001"], "--count may be at most 1000"),
        (["rect", "sheet", "10x10", "--count", "9" * 5000], "--count"),
        (["rect", "sheet", "100x100"], "a 100x100 puzzle would print with squares of 1.1 mm"),
        (["rect", "sheet", "10x10", "--per-page", "40"], "at 40 a page, a 10x10 puzzle"),
        (["rect", "sheet", "10x10", "--per-page", "0"], "--per-page must be at least 1"),
        (["rect", "sheet", "10x10", "--paper", "a5"], "'a5' is not one of them"),
        (
            ["rect", "sheet", "10x10", "-o", "sheet.svg"],
            "a sheet is a PDF: name the file sheet.pdf",
        ),
        (["rect", "sheet", "1x1"], "at least 2x2 squares"),
        (["rect", "sheet", "10x10", "-o", "no/such/sheet.pdf"], "folder"),
        (["maze", "sheet", "300x300"], "a 300x300 maze would print with cells of 0.6 mm"),
        (["maze", "sheet", "20x20", "--per-page", "30"], "at most 16 a page fit"),
        (["maze", "sheet", "20x20", "-a", "prims"], "did you mean prim?"),
        (["maze", "sheet", "sheet"], "size must look like WIDTHxHEIGHT"),
        (["maze", "sheet", "0x5"], "a side must be at least 1"),
        (["maze", "sheet"], "Missing argument 'SIZE'"),
        (["maze", "shet", "20x20"], "No such command 'shet'. Did you mean 'sheet'?"),
        (["maze", "sheet", "20x20", "--join", "2"], "--join"),
        (["maze", "sheet", "8x8", "--grid", "hats"], "or name one patch with --grid-description"),
        (["maze", "sheet", "8x8", "--grid-description", "00XDY"], "a square grid is not drawn"),
        (
            ["maze", "sheet", "8x8", "--grid", "penrose-p3", "--grid-description", "?"],
            "must start with a digit",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path, monkeypatch, capsysbinary, args, message
):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsysbinary, *args)
    assert status == 2 and out == b""
    assert err.count("\n") == 1 and err.startswith("tilewright: error: "), err
    assert message in err
    assert "seed:" not in err  # refused before a seed is drawn
    assert list(tmp_path.iterdir()) == []


def test_the_sheets_help_speaks_of_their_own_command():
    for family in ("rect", "maze"):
        done = tilewright(family, "sheet", "--help")
        assert done.returncode == 0
        assert done.stdout.startswith(f"Usage: tilewright {family} sheet [OPTIONS] ")
        assert "--per-page N" in done.stdout and "--paper NAME" in done.stdout


def test_tilewright_maze_works_as_before(capsysbinary):
    """SIZE first, options first, --list and --help: the maze command itself, unchanged;
    its help tells of the sheet."""
    status, out, _ = run(capsysbinary, "maze", "30x15", "--seed", "1")
    golden = "95fa3c094cf10154fd01eb9b4976c5095d25d23ef84e1f06ecbb2dc6f468e8d4"
    assert status == 0 and hashlib.sha256(out).hexdigest() == golden
    status, again, _ = run(capsysbinary, "maze", "--seed", "1", "30x15")
    assert status == 0 and again == out
    status, listed, _ = run(capsysbinary, "maze", "--list")
    assert status == 0 and listed.startswith(b"*backtracker")
    status, shown, _ = run(capsysbinary, "maze", "--help")
    assert status == 0 and shown.startswith(b"Usage: tilewright maze [OPTIONS] [SIZE]")
    assert b"tilewright maze sheet SIZE writes printable sheets" in shown
    status, _, err = run(capsysbinary, "maze")
    assert status == 2 and "missing SIZE (for example: tilewright maze 30x15)" in err


@pytest.mark.parametrize(
    ("args", "foreign"),
    [
        (["rect", "sheet", "4x4", "--count", "1", "-s", "1", "-o", "s.pdf"], "tilewright.mazes"),
        (
            ["maze", "sheet", "4x4", "--count", "1", "-s", "1", "-o", "s.pdf"],
            "tilewright.rectangles",
        ),
    ],
)
def test_a_sheet_imports_only_its_own_family(tmp_path, args, foreign):
    code = (
        "import sys\n"
        "from tilewright.cli import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit as ended:\n    assert not ended.code\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert foreign not in done.stderr.splitlines()[-1].split()
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF-")
