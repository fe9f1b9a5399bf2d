"""Colours: what a user may write, and the heat-map gradient."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.colours import gradient, parse_colour


@pytest.mark.parametrize(
    ("text", "rgb"),
    [
        ("navy", (0, 0, 128)),
        ("NaVy", (0, 0, 128)),
        ("#1f77b4", (31, 119, 180)),
        ("#1F77B4", (31, 119, 180)),
        ("#abc", (170, 187, 204)),
        ("#11223344", (17, 34, 51)),  # the alpha of #rrggbbaa is dropped
        ("rgb(1, 2, 3)", (1, 2, 3)),
    ],
)
def test_colours_are_read(text, rgb):
    assert parse_colour(text) == rgb


@pytest.mark.parametrize("text", ["", "nosuchcolour", "#12", "#gggggg", "rgb(1,2)"])
def test_unknown_colours_are_one_clear_error(text):
    with pytest.raises(TilewrightError, match=r"unknown colour .* \(use a name") as refused:
        parse_colour(text)
    assert "\n" not in str(refused.value)


def test_gradient_runs_from_dark_purple_to_yellow():
    colours = gradient(5)
    assert colours.dtype == np.uint8 and colours.shape == (5, 3)
    assert colours[0].tolist() == [68, 1, 84]
    assert colours[-1].tolist() == [253, 231, 37]


@given(st.integers(2, 500))
def test_gradient_grows_lighter_step_by_step(levels):
    colours = gradient(levels).astype(float)
    luminance = colours @ np.array([0.2126, 0.7152, 0.0722])  # Rec. 709 weights
    assert len(colours) == levels
    assert np.all(np.diff(luminance) >= -1)  # rounding to whole levels may dip by one
    assert np.all(luminance[1:] > luminance[0])


def test_gradient_of_one_or_no_levels():
    assert gradient(1).tolist() == [[68, 1, 84]]
    assert gradient(0).shape == (0, 3)
