"""Every size, scale and shape argument of every family's pictures is checked (issue 33,
items 5 and 10): NaN, infinities, numbers past any picture or below a pixel, zero,
negatives, bools, text and integers past the floats are each refused at the call, with a
``TypeError`` or a one-line ``TilewrightError``, and no file is left; a picture past the
memory or the pixel budget is refused before any work, whatever its size.
"""

import math
import time

import pytest

from tilewright.aperiodic import generate, generate_hats, writers
from tilewright.aperiodic.cut import save_cut
from tilewright.aperiodic.hat import shapes as hat_shapes
from tilewright.cli import hat as hat_cli
from tilewright.core.errors import TilewrightError
from tilewright.core.grids import hex_grid
from tilewright.mazes import generate as maze
from tilewright.mazes import generate_on
from tilewright.rectangles import Params
from tilewright.rectangles import generate as rectangles
from tilewright.tromino import generate as tromino

BAD = [math.nan, math.inf, -math.inf, 1e308, 1e-300, 0, -1, True, "10", 10**400, 2**62]
PICTURES = [".svg", ".png", ".pdf"]
# a refusal is made before any work: well within this, on a loaded machine
SECONDS = 5.0


def _savers():
    """(family, argument, save(path, value)) for every size-like argument of a picture."""
    spectre = generate(20, 12, seed=1)
    hats = generate_hats(20, 12, seed=1)
    square = maze(10, 8, seed=1)
    grid = generate_on(hex_grid(6, 5), seed=1)
    board = tromino(8, 8, (0, 0))
    puzzle = rectangles(Params(7, 7), seed=1)
    return [
        ("spectre", "scale", lambda path, v: spectre.save(path, scale=v)),
        ("spectre", "max_side", lambda path, v: spectre.save(path, max_side=v)),
        ("hat", "scale", lambda path, v: hats.save(path, scale=v)),
        ("hat", "max_side", lambda path, v: hats.save(path, max_side=v)),
        ("hat", "shape", lambda path, v: hats.save(path, shape=(v, v))),
        ("spectre cut", "scale", lambda path, v: save_cut(spectre, path, scale=v)),
        ("hat cut", "max_side", lambda path, v: save_cut(hats, path, max_side=v)),
        ("maze", "cell", lambda path, v: square.save(path, cell=v)),
        ("maze", "wall", lambda path, v: square.save(path, wall=v)),
        ("maze", "max_side", lambda path, v: square.save(path, max_side=v)),
        ("grid maze", "cell", lambda path, v: grid.save(path, cell=v)),
        ("grid maze", "wall", lambda path, v: grid.save(path, wall=v)),
        ("grid maze", "max_side", lambda path, v: grid.save(path, max_side=v)),
        ("tromino", "cell", lambda path, v: board.save(path, cell=v)),
        ("tromino", "max_side", lambda path, v: board.save(path, max_side=v)),
        ("rectangles", "cell", lambda path, v: puzzle.save(path, cell=v)),
        ("rectangles", "max_side", lambda path, v: puzzle.save(path, max_side=v)),
    ]


SAVERS = _savers()


def refused(save, path) -> str:
    """The message of ``save(path)``'s refusal, checked to be quick and to leave no file."""
    started = time.monotonic()
    with pytest.raises((TypeError, TilewrightError)) as raised:
        save(path)
    assert time.monotonic() - started < SECONDS
    assert not path.exists()
    message = str(raised.value)
    assert "\n" not in message and len(message) < 400
    return message


@pytest.mark.parametrize("suffix", PICTURES)
@pytest.mark.parametrize(
    ("family", "argument", "save"), SAVERS, ids=[f"{f}-{a}" for f, a, _ in SAVERS]
)
@pytest.mark.parametrize("value", BAD, ids=lambda value: repr(value)[:12])
def test_bad_sizes_scales_and_shapes_are_refused(family, argument, save, suffix, value, tmp_path):
    path = tmp_path / f"picture{suffix}"
    refused(lambda path: save(path, value), path)


@pytest.mark.parametrize("suffix", PICTURES)
@pytest.mark.parametrize(
    "shape", [(1e308, 1e308), (1e300, 1), (1, 1e300), (1e-300, 1e-300), (0.01, 0.05)]
)
def test_hat_shapes_that_draw_no_sane_picture_are_refused(shape, suffix, tmp_path):
    """The issue's cases: a viewBox of NaN, 300-digit numbers, an empty picture."""
    path = tmp_path / f"hats{suffix}"
    message = refused(lambda path: generate_hats(20, 12, seed=1).save(path, shape=shape), path)
    assert "a shape a,b needs sides from 0 to 1000" in message


def test_the_named_shapes_and_the_limits_draw(tmp_path):
    patch = generate_hats(8, 6, seed=1)
    for shape in [*hat_cli.NAMED_SHAPES.values(), (1e-300, 1), (0.1, 0), (1000, 1000)]:
        patch.save(tmp_path / "hats.svg", shape=shape)
        assert "nan" not in (tmp_path / "hats.svg").read_text()


def test_the_command_line_reads_the_librarys_shape_limits():
    assert (hat_cli.SHAPE_SHORTEST, hat_cli.SHAPE_LONGEST) == (
        hat_shapes.SHAPE_SHORTEST,
        hat_shapes.SHAPE_LONGEST,
    )


@pytest.mark.parametrize("suffix", PICTURES)
@pytest.mark.parametrize("shape", [hat_shapes.HAT_SHAPE, (1, 1)])
def test_a_hat_picture_past_the_memory_is_refused_before_the_walk(
    suffix, shape, tmp_path, monkeypatch
):
    """Every hat of a picture is held while it is drawn: 7·10¹⁰ of them never fit. (The
    limit on a picture's tiles comes first here; a smaller machine meets memory first.)"""
    monkeypatch.setattr(writers, "MAX_PICTURE_TILES", 10**15)
    path = tmp_path / f"hats{suffix}"
    patch = generate_hats(1e6, 1e6, seed=1)
    assert "of memory" in refused(lambda path: patch.save(path, shape=shape), path)


def test_a_spectre_pdf_past_the_memory_is_refused_before_the_walk(tmp_path, monkeypatch):
    """A PDF is drawn from its whole SVG (past the limit on a picture's tiles, as above)."""
    monkeypatch.setattr(writers, "MAX_PICTURE_TILES", 10**15)
    path = tmp_path / "tiles.pdf"
    patch = generate(1e6, 1e6, seed=1)
    assert "a PDF of about" in refused(lambda path: patch.save(path), path)


@pytest.mark.parametrize("suffix", PICTURES)
def test_a_default_cell_past_the_budget_is_refused(suffix, tmp_path):
    """The smallest cell of a puzzle too large for the budget does not fit it either (a
    tromino board draws past it at 1 pixel a cell, as its pictures stream)."""
    path = tmp_path / f"board{suffix}"
    puzzle = rectangles(Params(7, 7), seed=1)
    assert "past the 5-pixel budget" in refused(lambda path: puzzle.save(path, max_side=5), path)


@pytest.mark.parametrize("suffix", PICTURES)
@pytest.mark.parametrize(
    "make",
    [lambda: generate(100_000, 100_000, seed=1), lambda: generate_hats(12_000, 12_000, seed=1)],
    ids=["spectre", "hat"],
)
def test_a_picture_of_more_tiles_than_a_picture_draws_is_refused_before_the_walk(
    make, suffix, tmp_path
):
    started = time.perf_counter()
    with pytest.raises(TilewrightError, match="past the 4,000,000 a picture draws"):
        make().save(tmp_path / f"x{suffix}")
    assert time.perf_counter() - started < SECONDS
    assert not list(tmp_path.iterdir())
