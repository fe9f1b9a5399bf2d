"""PDF from SVG: a vector page of A4 or Letter (or of the SVG's own size), with the
record (the seed above all) in its document information."""

import re
import shutil
import subprocess

import pytest
from PIL import Image

from tilewright import TilewrightError, __version__
from tilewright.core import pdf as pdf_module
from tilewright.core.pdf import pdf_from_svg, pdf_from_svg_pages, placement
from tilewright.core.sheets import MARGIN, PAPERS

# 40x20 user units: a black square on the left half, nothing on the right
SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
    '<rect width="40" height="20" fill="white"/>'
    '<rect x="0" y="0" width="20" height="20" fill="black"/></svg>'
)


def info_strings(pdf: bytes) -> dict[str, str]:
    """The text entries of a PDF's document information, in either string form cairo
    writes: ``(literal)`` for ASCII, ``<FEFF...>`` (UTF-16BE in hexadecimal) otherwise."""
    found = {}
    for key, literal, hexadecimal in re.findall(rb"/(\w+) ?(?:\(([^)]*)\)|<([0-9A-Fa-f]+)>)", pdf):
        if hexadecimal:
            found[key.decode()] = bytes.fromhex(hexadecimal.decode()).decode("utf-16")
        else:
            found[key.decode()] = literal.decode("latin-1")
    return found


def test_a_pdf_with_the_record_in_its_information():
    pdf = pdf_from_svg(SQUARE, {"family": "maze", "size": "30x15", "seed": 7})
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    info = info_strings(pdf)
    assert info["Creator"] == f"tilewright {__version__}"
    assert info["Subject"].endswith("family=maze size=30x15 seed=7")
    assert info["Keywords"] == info["Subject"]


def test_text_beyond_ascii_is_kept():
    info = info_strings(pdf_from_svg(SQUARE, {"note": "é<>()", "seed": 9}))
    assert info["Subject"].endswith("note=é<>() seed=9")


def media_boxes(pdf: bytes) -> list[list[float]]:
    boxes = re.findall(rb"/MediaBox \[ ?([\d. ]+?) ?\]", pdf)
    return [[float(v) for v in box.split()] for box in boxes]


def test_without_paper_the_page_is_the_svgs_size_at_96_units_an_inch():
    assert media_boxes(pdf_from_svg(SQUARE, paper=None)) == [[0, 0, 30, 15]]  # points


@pytest.mark.parametrize("paper", ["a4", "letter", "A4", "Letter"])
def test_the_page_is_the_paper_turned_as_the_picture(paper):
    sheet = PAPERS[paper.lower()]
    tall = SQUARE.replace('width="40" height="20"', 'width="20" height="40"', 1)
    for svg, turned in ((SQUARE, True), (tall, False)):
        (box,) = media_boxes(pdf_from_svg(svg, paper=paper))
        size = (sheet.height, sheet.width) if turned else (sheet.width, sheet.height)
        assert box[:2] == [0, 0] and box[2:] == pytest.approx(size, abs=1e-3)


def test_a4_is_the_default_paper():
    (box,) = media_boxes(pdf_from_svg(SQUARE))
    assert box[2:] == pytest.approx([297 * 72 / 25.4, 210 * 72 / 25.4], abs=1e-3)


@pytest.mark.parametrize("size", [(40, 20), (20, 40), (10, 10), (5000, 30)])
def test_the_picture_fills_the_page_inside_the_margin_centred(size):
    page_width, page_height, left, top, scale = placement(*size, "letter")
    width, height = size[0] * scale, size[1] * scale
    assert left >= MARGIN - 1e-9 and top >= MARGIN - 1e-9
    assert left + width <= page_width - MARGIN + 1e-9
    assert top + height <= page_height - MARGIN + 1e-9
    assert min(left, top) == pytest.approx(MARGIN)  # as large as fits
    assert left + width / 2 == pytest.approx(page_width / 2)
    assert top + height / 2 == pytest.approx(page_height / 2)


def test_an_unknown_paper_is_refused_in_one_line():
    with pytest.raises(TilewrightError, match="unknown paper 'a3': choose a4 or letter"):
        pdf_from_svg(SQUARE, paper="a3")


def test_a_plain_drawing_stays_vector():
    pdf = pdf_from_svg(SQUARE)
    assert b"/Image" not in pdf and b"/DCTDecode" not in pdf


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_the_page_renders_as_drawn(tmp_path):
    (tmp_path / "square.pdf").write_bytes(pdf_from_svg(SQUARE, paper=None))
    subprocess.run(
        ["pdftoppm", "-r", "96", "-png", "-singlefile", "square.pdf", "square"],
        cwd=tmp_path,
        check=True,
    )
    page = Image.open(tmp_path / "square.png").convert("L")
    assert page.size == (40, 20)
    assert page.getpixel((5, 10)) < 30 and page.getpixel((35, 10)) > 225


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_on_paper_the_picture_is_scaled_into_the_margins(tmp_path):
    (tmp_path / "square.pdf").write_bytes(pdf_from_svg(SQUARE, paper="a4"))
    subprocess.run(
        ["pdftoppm", "-r", "72", "-png", "-singlefile", "square.pdf", "square"],
        cwd=tmp_path,
        check=True,
    )
    page = Image.open(tmp_path / "square.png").convert("L")
    width, height = page.size  # A4 turned, about a pixel a point
    assert abs(width - 842) <= 1 and abs(height - 595) <= 1
    assert page.getpixel((20, height // 2)) > 225  # the margin
    assert page.getpixel((60, height // 2)) < 30  # the black half, scaled up
    assert page.getpixel((width - 60, height // 2)) > 225


def test_an_svg_without_a_size_is_refused_in_one_line():
    with pytest.raises(TilewrightError, match="cannot draw this SVG as a PDF"):
        pdf_from_svg('<svg xmlns="http://www.w3.org/2000/svg"/>')


def test_a_drawing_too_large_for_memory_is_refused(monkeypatch):
    monkeypatch.setattr(pdf_module, "_BYTES_PER_SVG_BYTE", 2**50)
    with pytest.raises(TilewrightError, match="PDF drawing"):
        pdf_from_svg(SQUARE)


def test_pages_keep_their_own_sizes_and_order():
    tall = SQUARE.replace('width="40" height="20"', 'width="20" height="40"', 1)
    pdf = pdf_from_svg_pages(iter([SQUARE, tall.encode(), SQUARE]), {"seed": 3})
    boxes = re.findall(rb"/MediaBox \[ ?([\d. ]+?) ?\]", pdf)
    assert [[float(v) for v in box.split()] for box in boxes] == [
        [0, 0, 30, 15],
        [0, 0, 15, 30],
        [0, 0, 30, 15],
    ]
    assert info_strings(pdf)["Subject"].endswith("seed=3")


def test_a_pdf_of_no_pages_is_refused():
    with pytest.raises(TilewrightError, match="at least one page"):
        pdf_from_svg_pages([])
