"""Print sheets' layout: paper sizes in points, boxes inside the margins that never overlap,
as many puzzles a page as print comfortably, unreadable sizes refused, captions wrapped
to their box, and the pages drawn into one PDF where the layout says."""

import itertools
import re
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from tilewright import TilewrightError
from tilewright.core.sheets import (
    MARGIN,
    MOST_PER_PAGE_CHOSEN,
    PAPERS,
    Entry,
    Frame,
    Layout,
    caption_height,
    draw_sheet,
    page_svgs,
    paper_named,
    plan_layout,
    wrapped,
)

# a 10x10 Rectangles picture: 32 units a square and half a square of margin
TEN = Frame(352, 352, 32, comfortable=5.5, smallest=3)


def black_square(size: float) -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{size:g}" height="{size:g}"><metadata id="tilewright">{{}}</metadata>'
        f'<rect width="{size:g}" height="{size:g}" fill="#000000"/></svg>'
    )


def media_boxes(pdf: bytes) -> list[list[float]]:
    found = re.findall(rb"/MediaBox \[ ?([\d. ]+?) ?\]", pdf)
    return [[float(value) for value in box.split()] for box in found]


def test_paper_sizes_in_points():
    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert (round(a4.width, 2), round(a4.height, 2)) == (595.28, 841.89)
    assert (letter.width, letter.height) == (612.0, 792.0)
    assert paper_named("LETTER") is letter
    with pytest.raises(TilewrightError, match="unknown paper 'a5': choose a4 or letter"):
        paper_named("a5")


def test_a_ten_by_ten_puzzle_goes_six_to_an_a4_page():
    layout = plan_layout("a 10x10 puzzle", TEN, 100, caption=[30, 60])
    assert (layout.columns, layout.rows, layout.per_page) == (2, 3, 6)
    assert layout.square_mm(2) >= TEN.comfortable
    # one more a page would print below the comfortable size in every arrangement
    seven = plan_layout("a 10x10 puzzle", TEN, 100, per_page=7, caption=[30, 60])
    assert seven.square_mm(2) < TEN.comfortable


def test_fewer_puzzles_than_a_page_holds_are_drawn_larger():
    two = plan_layout("a 10x10 puzzle", TEN, 2, caption=[30, 60])
    six = plan_layout("a 10x10 puzzle", TEN, 6, caption=[30, 60])
    assert two.per_page == 2 and two.square_mm(2) > six.square_mm(2)


def test_per_page_is_honoured_and_arranged_without_an_empty_row():
    layout = plan_layout("a 10x10 puzzle", TEN, 3, per_page=5, caption=[30, 60])
    assert layout.per_page == 5 and layout.columns * layout.rows >= 5
    assert layout.columns * (layout.rows - 1) < 5


@pytest.mark.parametrize(
    ("count", "per_page", "paper", "error", "message"),
    [
        (0, None, "a4", TilewrightError, "count must be from 1 to 1000, got 0"),
        (1001, None, "a4", TilewrightError, "count must be from 1 to 1000, got 1001"),
        (6, 0, "a4", TilewrightError, "per_page must be from 1 to 100, got 0"),
        (6, 101, "a4", TilewrightError, "per_page must be from 1 to 100, got 101"),
        (6, None, "a3", TilewrightError, "unknown paper"),
        (6.0, None, "a4", TypeError, "count"),
        (6, None, 4, TypeError, "a paper is named by a str"),
    ],
)
def test_bad_numbers_and_papers_are_refused(count, per_page, paper, error, message):
    with pytest.raises(error, match=message):
        plan_layout("a puzzle", TEN, count, paper=paper, per_page=per_page)


def test_a_puzzle_too_large_to_read_is_refused_with_its_size():
    huge = Frame(100 * 32 + 32, 100 * 32 + 32, 32, comfortable=5.5, smallest=3)
    with pytest.raises(TilewrightError) as refused:
        plan_layout("a 100x100 puzzle", huge, 1)
    message = str(refused.value)
    assert message.startswith("a 100x100 puzzle would print with squares of 1.")
    assert "on A4, too small to read (at least 3 mm): choose a smaller size" in message


def test_too_many_a_page_is_refused_naming_how_many_fit():
    with pytest.raises(TilewrightError, match=r"at 40 a page, .* at most \d+ a page fit") as no:
        plan_layout("a 10x10 puzzle", TEN, 100, per_page=40)
    fit = int(re.search(r"at most (\d+)", str(no.value)).group(1))
    assert plan_layout("a 10x10 puzzle", TEN, 100, per_page=fit).square_mm(0) >= 3
    with pytest.raises(TilewrightError):
        plan_layout("a 10x10 puzzle", TEN, 100, per_page=fit + 1)


def test_a_size_is_never_shown_rounded_up_to_the_limit():
    # 61 squares across A4 print at 2.99 mm: "3.0 mm, at least 3 mm" would contradict itself
    frame = Frame(62 * 32, 62 * 32, 32, comfortable=5.5, smallest=3)
    with pytest.raises(TilewrightError, match=r"squares of 2\.9 mm"):
        plan_layout("a 61x61 puzzle", frame, 1)


frames = st.builds(
    lambda width, height, square: Frame(width, height, square, comfortable=5, smallest=1),
    st.integers(20, 3000),
    st.integers(20, 3000),
    st.integers(1, 40),
)


@settings(max_examples=200, deadline=None)
@given(
    frame=frames,
    count=st.integers(1, 1000),
    per_page=st.one_of(st.none(), st.integers(1, 100)),
    paper=st.sampled_from(sorted(PAPERS)),
    caption=st.lists(st.integers(0, 400), max_size=3),
)
def test_every_layout_fits_the_page_or_is_refused(frame, count, per_page, paper, caption):
    try:
        layout = plan_layout("a puzzle", frame, count, paper=paper, per_page=per_page)
    except TilewrightError as error:
        assert "too small to read" in str(error) or "would not fit" in str(error)
        return
    page = PAPERS[paper]
    if per_page is None:
        assert layout.per_page <= min(count, MOST_PER_PAGE_CHOSEN)
    else:
        assert layout.per_page == per_page
    assert layout.columns * (layout.rows - 1) < layout.per_page <= layout.columns * layout.rows
    assert layout.square_mm(0) >= frame.smallest
    boxes = [layout.box(index) for index in range(layout.per_page)]
    for x, y in boxes:
        assert x >= MARGIN - 1e-9 and y >= MARGIN - 1e-9
        assert x + layout.box_width <= page.width - MARGIN + 1e-6
        assert y + layout.box_height <= page.height - MARGIN + 1e-6
    for (x1, y1), (x2, y2) in itertools.pairwise(boxes):
        # row by row: the next box is to the right, or in a row below
        assert x2 >= x1 + layout.box_width or y2 >= y1 + layout.box_height
    # a picture at the layout's scale fits its box above a one-line caption
    scale = layout.scale(1)
    assert frame.width * scale <= layout.box_width + 1e-6
    assert frame.height * scale + caption_height(1) <= layout.box_height + 1e-6


@given(
    caption=st.lists(st.text(alphabet="ab_1 ", min_size=0, max_size=200), max_size=4),
    width=st.integers(1, 80),
)
def test_wrapped_lines_fit_their_width_and_keep_every_character(caption, width):
    lines = wrapped(caption, width)
    assert all(len(line) <= width for line in lines)
    assert len(lines) >= len(caption)
    assert "".join(lines).replace(" ", "") == "".join(caption).replace(" ", "")


def test_a_game_id_is_broken_anywhere_and_words_at_spaces():
    assert wrapped(["#12 · 10x10 · seed 7", "x" * 25], 10) == [
        "#12 ·",
        "10x10 ·",
        "seed 7",
        "x" * 10,
        "x" * 10,
        "x" * 5,
    ]


def sample_sheet(count: int, per_page: int) -> tuple[Layout, list[Entry]]:
    frame = Frame(40, 40, 4, comfortable=5, smallest=1)
    layout = plan_layout("a square", frame, count, per_page=per_page)
    entries = [
        Entry(
            black_square(40).replace("<rect", f'<rect id="puzzle-{n}"'),
            black_square(40).replace("<rect", f'<rect id="answer-{n}"'),
            (f"#{n} · seed {n} & <more>", "G" * 200),
        )
        for n in range(1, count + 1)
    ]
    return layout, entries


def test_pages_hold_the_puzzles_then_the_answers_in_the_same_boxes():
    layout, entries = sample_sheet(count=7, per_page=3)
    pages = page_svgs(layout, entries, "Squares")
    assert len(pages) == 6  # 3 + 3 + 1 puzzles, then as many answer pages
    for number, page in enumerate(pages, 1):
        answers = number > 3
        assert page.count("<?xml") == 1 and "<metadata" not in page
        assert re.search(r'width="595\.2756pt" height="841\.8898pt"', page)
        heading = "Squares: answers" if answers else "Squares"
        assert f">{heading}</text>" in page and f">{number}/6</text>" in page
        shown = re.findall(r'id="(puzzle|answer)-(\d+)"', page)
        first = 3 * ((number - 1) % 3) + 1
        expected = range(first, min(first + 3, 8))
        kind = "answer" if answers else "puzzle"
        assert shown == [(kind, str(n)) for n in expected]
        for n in expected:  # each caption, escaped, and the long line wrapped
            assert f">#{n} · seed {n} &amp; &lt;more&gt;</text>" in page
    puzzle_boxes = re.findall(r'<svg x="([\d.]+)" y="([\d.]+)"', pages[0])
    answer_boxes = re.findall(r'<svg x="([\d.]+)" y="([\d.]+)"', pages[3])
    assert puzzle_boxes == answer_boxes and len(puzzle_boxes) == 3


def test_a_long_caption_line_is_wrapped_to_the_box():
    layout, entries = sample_sheet(count=2, per_page=2)
    page = page_svgs(layout, entries, "Squares")[0]
    lines = re.findall(r">(G+)</text>", page)
    assert "".join(lines) == "G" * 400  # both captions, whole
    assert max(len(line) for line in lines) == layout.caption_width() < 200


def test_captions_that_leave_no_room_are_refused():
    layout = plan_layout("a square", Frame(40, 40, 4, comfortable=5, smallest=1), 1)
    entry = Entry(black_square(40), black_square(40), ("x" * 100_000,))
    with pytest.raises(TilewrightError, match="with their captions, the puzzles would not fit"):
        page_svgs(layout, [entry], "Squares")


@pytest.mark.parametrize("count", [0, 1001])
def test_a_sheet_of_no_or_too_many_puzzles_is_refused(count):
    layout, entries = sample_sheet(count=1, per_page=1)
    with pytest.raises(TilewrightError, match="the number of puzzles must be from 1 to 1000"):
        page_svgs(layout, entries * count, "Squares")


@pytest.mark.parametrize(("paper", "size"), [("a4", [595.276, 841.89]), ("letter", [612, 792])])
def test_the_pdf_has_a_page_of_the_paper_for_each_page_and_the_record(paper, size):
    frame = Frame(40, 40, 4, comfortable=5, smallest=1)
    layout = plan_layout("a square", frame, 5, paper=paper, per_page=2)
    entries = [Entry(black_square(40), black_square(40), (f"#{n}",)) for n in range(5)]
    drawn: list[int] = []

    def counted(pages):
        for page in pages:
            drawn.append(1)
            yield page

    pdf = draw_sheet(layout, entries, "Squares", {"seeds": "1,2,3,4,5"}, counted)
    boxes = media_boxes(pdf)
    assert len(boxes) == 6 == len(drawn)
    for box in boxes:
        assert box[:2] == [0, 0] and box[2:] == pytest.approx(size, abs=0.01)
    assert f"seeds=1,2,3,4,5 paper={PAPERS[paper].name} per_page=2".encode() in pdf


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_each_picture_is_drawn_where_the_layout_puts_it(tmp_path):
    """A black picture a box, rendered: black all over each picture's place, white beside
    it, in the margin and in the empty box."""
    frame = Frame(40, 40, 4, comfortable=5, smallest=1)
    layout = plan_layout("a square", frame, 3, per_page=4)
    # two columns: each square as wide as its box, and centred down it
    assert (layout.columns, layout.rows) == (2, 2)
    square = black_square(40)
    entries = [Entry(square, square, (f"#{n}",)) for n in range(3)]
    (tmp_path / "sheet.pdf").write_bytes(draw_sheet(layout, entries, "Squares", {}))
    subprocess.run(
        ["pdftoppm", "-r", "72", "-png", "-f", "1", "-l", "1", "-singlefile", "sheet.pdf", "p"],
        cwd=tmp_path,
        check=True,
    )
    page = Image.open(tmp_path / "p.png").convert("L")
    assert page.size == pytest.approx((PAPERS["a4"].width, PAPERS["a4"].height), abs=1)
    scale = layout.scale(1)
    width, height = frame.width * scale, frame.height * scale
    for index in range(4):
        left, top = layout.box(index)
        x = left + (layout.box_width - width) / 2
        y = top + (layout.box_height - height - caption_height(1)) / 2
        inside = (round(x + width / 2), round(y + height / 2))
        assert page.getpixel(inside) < 30 if index < 3 else page.getpixel(inside) > 225
        for corner in ((x + 3, y + 3), (x + width - 3, y + height - 3)):
            assert page.getpixel(tuple(map(round, corner))) < 30 or index == 3
        for beside in ((x - 3, y + height / 2), (x + width / 2, y - 3), (x + 3, y + height + 3)):
            assert page.getpixel(tuple(map(round, beside))) > 225
    assert page.getpixel((round(MARGIN / 2), page.size[1] // 2)) > 225  # the margin
