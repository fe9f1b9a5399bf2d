"""Loopy pictures: every grid drawn readably, within its budget, the same in SVG, PNG and
PDF; each clue inside its face, one text a clue."""

import io
import re
import xml.etree.ElementTree as ElementTree
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tilewright.core.errors import TilewrightError
from tilewright.core.picture_size import DEFAULT_SIDE
from tilewright.loopy import Puzzle, pictures, solve
from tilewright.loopy.pictures import _clearance

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "loopy" / "collection_ids.txt"
# one ID a grid type: its hard one, the most clues of several digits
HARD_IDS = [
    line
    for line in FIXTURE.read_text().splitlines()
    if line and not line.startswith("#") and line.split(":")[0].endswith("dh")
]
SVG = "{http://www.w3.org/2000/svg}"
SQUARE = "5x5t0de:3a3b2c21b3a200a2a2a3a"


@cache
def solved(game_id: str) -> tuple[Puzzle, np.ndarray]:
    puzzle = Puzzle.from_game_id(game_id)
    return puzzle, solve(puzzle).loops[0]


def kind(game_id: str) -> str:
    return Puzzle.from_game_id(game_id).params.grid


@pytest.mark.parametrize("game_id", HARD_IDS, ids=kind)
def test_the_svg_has_one_text_a_clue_inside_the_picture(game_id):
    puzzle, loop = solved(game_id)
    root = ElementTree.fromstring(pictures.svg_text(puzzle, loop=loop))
    width, height = float(root.get("width")), float(root.get("height"))
    texts = root.findall(f".//{SVG}text")
    clues = puzzle.clues[puzzle.clues >= 0]
    assert [t.text for t in texts] == [str(c) for c in clues.tolist()]
    for text in texts:
        assert 0 < float(text.get("x")) < width and 0 < float(text.get("y")) < height
        assert float(text.get("font-size")) >= pictures.LEGIBLE_FONT
    assert '"family":"loopy"' in root.find(f"{SVG}metadata").text
    assert max(width, height) <= DEFAULT_SIDE[1]


@pytest.mark.parametrize("game_id", HARD_IDS, ids=kind)
def test_each_clue_sits_in_its_face_and_its_box_clears_the_sides(game_id):
    puzzle, _ = solved(game_id)
    plan = puzzle.plan
    poles, fonts = pictures.clue_places(puzzle)
    for f in range(plan.num_faces):
        corners = plan.dots[plan.face(f)]
        a, b = corners[None], np.roll(corners, -1, axis=0)[None]
        digits = 2 if len(corners) >= 10 else 1
        half = np.array([pictures.DIGIT_WIDTH / 2 * digits, pictures.DIGIT_HEIGHT / 2])
        box = poles[f] + np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half * fonts[f]
        assert _clearance(poles[f][None, None], a, b)[0, 0] > 0, f
        assert (_clearance(box[None], a, b) > 0).all(), f


def test_a_pole_is_the_centre_of_a_regular_face():
    puzzle = Puzzle.from_game_id("5x5t2de:a2a4a034e5c3334d")  # honeycomb
    poles, _ = pictures.clue_places(puzzle)
    plan = puzzle.plan
    centres = np.array([plan.dots[plan.face(f)].mean(axis=0) for f in range(plan.num_faces)])
    assert np.abs(poles - centres).max() < 0.01


@pytest.mark.parametrize("game_id", HARD_IDS[::3], ids=kind)
def test_the_png_is_the_size_the_svg_says(game_id):
    puzzle, loop = solved(game_id)
    cell = pictures.picture_cell(puzzle)
    image = Image.open(io.BytesIO(pictures.png_bytes(puzzle, loop=loop)))
    assert image.size == pictures.picture_size(puzzle, cell)
    root = ElementTree.fromstring(pictures.svg_text(puzzle, loop=loop))
    assert (int(root.get("width")), int(root.get("height"))) == image.size
    assert "loopy" in image.info["tilewright"]


def test_the_loop_is_drawn_only_when_given():
    puzzle, loop = solved(SQUARE)
    # the outlines, the dots; and with the loop one thick path more
    assert pictures.svg_text(puzzle).count("<path") == 2
    drawn = pictures.svg_text(puzzle, loop=loop)
    assert drawn.count("<path") == 3 and '"solution":true' in drawn
    by_number = pictures.svg_text(puzzle, loop=np.flatnonzero(loop))
    assert by_number == drawn
    assert pictures.svg_text(puzzle, outlines=False).count("<path") == 1


def test_the_solution_darkens_the_png():
    puzzle, loop = solved(SQUARE)

    def ink(data: bytes) -> float:
        return float((np.asarray(Image.open(io.BytesIO(data)).convert("L")) < 128).mean())

    assert ink(pictures.png_bytes(puzzle, loop=loop)) > 2 * ink(pictures.png_bytes(puzzle))


@pytest.mark.parametrize("budget", [200, 333, 1000])
def test_a_picture_keeps_within_its_budget(budget):
    puzzle, loop = solved(HARD_IDS[-1])
    image = Image.open(io.BytesIO(pictures.png_bytes(puzzle, loop=loop, max_side=budget)))
    assert max(image.size) <= budget


def test_a_cell_past_the_budget_is_refused_naming_one_that_fits():
    puzzle, _ = solved(SQUARE)
    with pytest.raises(TilewrightError, match=r"--cell (\d+) fits") as refused:
        pictures.png_bytes(puzzle, cell=2000)
    fits = int(re.search(r"--cell (\d+) fits", str(refused.value))[1])
    assert max(pictures.picture_size(puzzle, fits)) <= 8192
    assert max(pictures.picture_size(puzzle, fits + 1)) > 8192


@pytest.mark.parametrize(
    ("loop", "message"),
    [([999], "there is no edge 999"), (np.ones(3, dtype=bool), "one bool a edge")],
)
def test_a_loop_that_does_not_fit_is_refused(loop, message):
    puzzle, _ = solved(SQUARE)
    with pytest.raises(TilewrightError, match=message):
        pictures.svg_text(puzzle, loop=loop)


def test_wrong_types_are_refused():
    with pytest.raises(TypeError, match="Loopy Puzzle"):
        pictures.svg_text(SQUARE)
    with pytest.raises(TypeError):
        pictures.svg_text(Puzzle.from_game_id(SQUARE), cell=3.5)
    with pytest.raises(TypeError):
        pictures.png_bytes(Puzzle.from_game_id(SQUARE), outlines="yes")
    # every option is keyword-only, and an unknown one is refused as Python refuses it
    with pytest.raises(TypeError, match="positional"):
        pictures.svg_text(Puzzle.from_game_id(SQUARE), None)
    unknown = r"^encode\(\) got an unexpected keyword argument 'outline'$"
    with pytest.raises(TypeError, match=unknown):
        pictures.encode("svg", Puzzle.from_game_id(SQUARE), outline=False)


def test_the_pdf_is_a_page_of_paper():
    puzzle, loop = solved(SQUARE)
    a4 = pictures.pdf_bytes(puzzle, loop=loop)
    assert a4.startswith(b"%PDF-") and b"/MediaBox [ 0 0 595.275591 841.889764 ]" in a4
    assert b"family=loopy" in a4
    letter = pictures.pdf_bytes(puzzle, paper="letter")
    assert b"/MediaBox [ 0 0 612 792 ]" in letter


@pytest.mark.parametrize(
    ("name", "head"), [("p.svg", b"<?xml"), ("p.PNG", b"\x89PNG"), ("p.pdf", b"%PDF")]
)
def test_save_chooses_the_format_by_the_suffix(tmp_path, name, head):
    puzzle, loop = solved(SQUARE)
    pictures.save(tmp_path / name, puzzle, loop=loop)
    assert (tmp_path / name).read_bytes().startswith(head)


def test_save_refuses_before_writing_anything(tmp_path):
    puzzle, _ = solved(SQUARE)
    with pytest.raises(TilewrightError, match=r"saved as \.pdf, \.png or \.svg"):
        pictures.save(tmp_path / "p.gif", puzzle)
    with pytest.raises(TilewrightError, match=r"paper applies to \.pdf"):
        pictures.save(tmp_path / "p.svg", puzzle, paper="letter")
    with pytest.raises(TilewrightError):
        pictures.save(tmp_path / "p.png", puzzle, cell=100_000)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_save_leaves_the_old_file(tmp_path):
    puzzle, _ = solved(SQUARE)
    target = tmp_path / "p.png"
    target.write_bytes(b"old")
    with pytest.raises(TilewrightError):
        pictures.save(target, puzzle, loop=[12345])
    assert target.read_bytes() == b"old"
