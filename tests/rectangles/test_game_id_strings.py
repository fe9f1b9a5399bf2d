"""Every function that takes a Rectangles puzzle takes its game ID too, and a malformed ID
is refused in the one line that reading it gives; the result's repr names its class."""

import inspect
import io

import numpy as np
import pytest
from PIL import Image

import tilewright.rectangles as rectangles
from tilewright.core.errors import TilewrightError
from tilewright.core.notebook import NOTEBOOK_SIDE
from tilewright.rectangles import (
    Generated,
    Params,
    Puzzle,
    explain,
    format_game_id,
    generate,
    parse_game_id,
    rate,
    solve,
    validate,
)
from tilewright.rectangles.formats import encode, save
from tilewright.rectangles.text import render

GAME_ID = "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"
BAD_IDS = ["7x7:3_2a", "7x7", "axb:2", "2x2:2b2!", "0x2:"]

TAKING_A_PUZZLE = {
    "solve": lambda p: solve(p)[0].tolist(),
    "rate": rate,
    "explain": explain,
    "validate": validate,
    "format_game_id": format_game_id,
    "render": render,
    "encode json": lambda p: encode("json", p),
    "encode svg": lambda p: encode("svg", p),
}


@pytest.mark.parametrize("name", sorted(TAKING_A_PUZZLE))
def test_a_game_id_does_what_its_puzzle_does(name):
    call = TAKING_A_PUZZLE[name]
    assert call(GAME_ID) == call(parse_game_id(GAME_ID))


@pytest.mark.parametrize("name", sorted(set(TAKING_A_PUZZLE) - {"validate"}))
@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_malformed_game_id_is_refused_as_reading_it_is(name, bad):
    with pytest.raises(TilewrightError) as expected:
        parse_game_id(bad)
    with pytest.raises(TilewrightError) as refused:
        TAKING_A_PUZZLE[name](bad)
    assert str(refused.value) == str(expected.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("bad", BAD_IDS)
def test_validate_answers_for_a_malformed_id(bad):
    with pytest.raises(TilewrightError) as expected:
        parse_game_id(bad)
    assert validate(bad) == str(expected.value)


def test_save_takes_a_game_id(tmp_path):
    save(tmp_path / "a.json", GAME_ID)
    save(tmp_path / "b.json", parse_game_id(GAME_ID))
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    with pytest.raises(TilewrightError, match="covers 3 of the 49"):
        save(tmp_path / "c.json", "7x7:3_2a")
    assert not (tmp_path / "c.json").exists()


def test_a_generated_puzzle_is_taken_as_its_puzzle():
    made = generate(Params(8, 6), seed=2)
    assert (solve(made)[0] == made.regions).all()
    assert rate(made) == rate(made.puzzle) and validate(made) is None


def test_other_arguments_are_refused_with_a_type_error():
    for call in (solve, rate, format_game_id, render):
        with pytest.raises(TypeError, match="a Puzzle or a game ID"):
            call(np.zeros((2, 2), dtype=int))


def test_the_repr_names_the_class_as_it_is_imported():
    made = generate(Params(10, 7), seed=2)
    name = type(made).__name__
    assert getattr(rectangles, name) is Generated is type(made)
    assert repr(made) == f"<{name} 10x7 seed=2: 19 rectangles>"
    assert repr(made.puzzle).startswith(f"<{type(made.puzzle).__name__} 10x7: ")
    assert getattr(rectangles, type(made.puzzle).__name__) is Puzzle


def test_print_draws_the_puzzle():
    made = generate(Params(4, 3), seed=1)
    assert str(made) == str(made.puzzle) == made.to_text().rstrip("\n")
    assert str(made) != repr(made)


@pytest.mark.parametrize("method", [Generated.save, Puzzle.save])
def test_save_names_its_keywords(method):
    parameters = inspect.signature(method).parameters
    assert all(p.kind != p.VAR_KEYWORD for p in parameters.values())
    for name in ("cell", "max_side", "paper"):
        assert parameters[name].default is None and name in inspect.getdoc(method)


def test_a_puzzle_is_svg_up_to_the_threshold_and_png_past_it():
    small = Puzzle(np.zeros((100, 100), dtype=np.int64))
    assert "<svg" in small._repr_svg_() and small._repr_png_() is None
    large = Puzzle(np.zeros((100, 101), dtype=np.int64))
    assert large._repr_svg_() is None
    size = Image.open(io.BytesIO(large._repr_png_())).size
    assert max(size) <= NOTEBOOK_SIDE
    huge = Puzzle(np.zeros((600, 900), dtype=np.int64))
    assert max(Image.open(io.BytesIO(huge._repr_png_())).size) == NOTEBOOK_SIDE
    made = generate(Params(120, 100), seed=1)
    assert made._repr_svg_() is None and made._repr_png_() == made.puzzle._repr_png_()
