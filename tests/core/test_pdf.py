"""PDF from SVG: a vector page of the SVG's size, with the record (the seed above all) in
its document information."""

import re
import shutil
import subprocess

import pytest
from PIL import Image

from tilewright import TilewrightError, __version__
from tilewright.core import pdf as pdf_module
from tilewright.core.pdf import pdf_from_svg, pdf_from_svg_pages

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


def test_the_page_is_the_svgs_size_at_96_units_an_inch():
    media_box = re.search(rb"/MediaBox \[ ?([\d. ]+?) ?\]", pdf_from_svg(SQUARE))
    assert [float(v) for v in media_box.group(1).split()] == [0, 0, 30, 15]  # points


def test_a_plain_drawing_stays_vector():
    pdf = pdf_from_svg(SQUARE)
    assert b"/Image" not in pdf and b"/DCTDecode" not in pdf


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_the_page_renders_as_drawn(tmp_path):
    (tmp_path / "square.pdf").write_bytes(pdf_from_svg(SQUARE))
    subprocess.run(
        ["pdftoppm", "-r", "96", "-png", "-singlefile", "square.pdf", "square"],
        cwd=tmp_path,
        check=True,
    )
    page = Image.open(tmp_path / "square.png").convert("L")
    assert page.size == (40, 20)
    assert page.getpixel((5, 10)) < 30 and page.getpixel((35, 10)) > 225


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
