"""Tilings in Jupyter: an SVG up to a size, a small PNG past it, and neither past a bound
(the one-line repr then), on both sides of each threshold."""

import io

import numpy as np
import pytest
from PIL import Image

from tilewright.aperiodic import generate, generate_hats
from tilewright.aperiodic.hat import tiling as hat_module
from tilewright.aperiodic.spectre import tiling as spectre_module
from tilewright.core.notebook import NOTEBOOK_PNG_TILES, NOTEBOOK_SIDE, shrunk_png, thumbnail_png
from tilewright.loopy import Puzzle
from tilewright.loopy import generate as loopy
from tilewright.loopy import puzzle as loopy_module
from tilewright.tromino import generate as tromino


def png_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_a_tromino_tiling_is_svg_up_to_128_squared_and_png_past_it():
    small = tromino(128, 128)
    assert "<svg" in small._repr_svg_() and small._repr_png_() is None
    large = tromino(130, 130)
    assert large._repr_svg_() is None and max(png_size(large._repr_png_())) <= NOTEBOOK_SIDE
    assert png_size(tromino(2048, 2048)._repr_png_()) == (NOTEBOOK_SIDE, NOTEBOOK_SIDE)
    beyond = tromino(2050, 2050)
    assert beyond._repr_svg_() is None and beyond._repr_png_() is None


@pytest.mark.parametrize(
    ("make", "module"), [(generate, spectre_module), (generate_hats, hat_module)]
)
def test_a_patch_is_svg_up_to_its_limit_and_png_past_it(make, module, monkeypatch):
    patch = make(40, 30, seed=3)
    count = patch.approximate_count
    monkeypatch.setattr(module, "REPR_SVG_LIMIT", count)  # just within: SVG
    assert "<svg" in patch._repr_svg_() and patch._repr_png_() is None
    monkeypatch.setattr(module, "REPR_SVG_LIMIT", count - 1)  # just past: PNG
    assert patch._repr_svg_() is None
    assert max(png_size(patch._repr_png_())) == NOTEBOOK_SIDE
    far = make(3000, 3000, seed=3)
    assert far.approximate_count > NOTEBOOK_PNG_TILES and far._repr_png_() is None


@pytest.mark.parametrize("params", ["30x30t0", "12x12t17"])
def test_a_loopy_puzzle_is_svg_up_to_its_limit_and_png_past_it(params, monkeypatch):
    made = loopy(f"{params}de", seed=2)
    points = made.puzzle._points()
    monkeypatch.setattr(loopy_module, "NOTEBOOK_POINTS", points)  # just within: SVG
    svg = made._repr_svg_()
    assert svg.count("<text") == np.count_nonzero(made.puzzle.clues >= 0)
    assert made._repr_png_() is None
    monkeypatch.setattr(loopy_module, "NOTEBOOK_POINTS", points - 1)  # just past: PNG
    assert made._repr_svg_() is None
    assert max(png_size(made._repr_png_())) <= NOTEBOOK_SIDE
    monkeypatch.setattr(loopy_module, "NOTEBOOK_PNG_POINTS", points - 1)  # past both
    assert made._repr_svg_() is None and made._repr_png_() is None


def test_a_generated_loopy_puzzle_shows_the_puzzle_not_its_answer():
    made = loopy("7x7t0dn", seed=3)
    assert made._repr_svg_() == made.puzzle._repr_svg_()
    assert 'stroke-linejoin="round"' not in made._repr_svg_()  # the loop's path: not drawn


def test_a_large_loopy_puzzle_is_a_small_png_and_the_largest_none():
    # no clues: what is drawn is the dots and edges, which is what the limits count
    large = Puzzle.from_game_id("200x200t0:" + "z" * 1538 + "l")
    assert large._points() > loopy_module.NOTEBOOK_POINTS and large._repr_svg_() is None
    assert 800 <= max(png_size(large._repr_png_())) <= NOTEBOOK_SIDE
    beyond = Puzzle.from_game_id("600x600t0:" + "z" * 13846 + "d")
    assert beyond._points() > loopy_module.NOTEBOOK_PNG_POINTS
    assert beyond._repr_svg_() is None and beyond._repr_png_() is None


def test_shrinking_keeps_the_shape_and_the_limit():
    png = thumbnail_png(np.zeros((20, 30), dtype=bool), side=3000)
    assert png_size(png) == (30, 20)
    wide = thumbnail_png(np.ones((1200, 3000), dtype=bool))
    assert png_size(wide) == (NOTEBOOK_SIDE, 400)
    assert png_size(shrunk_png(wide, side=100, grey=True)) == (100, 40)
