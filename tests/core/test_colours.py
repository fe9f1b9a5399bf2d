"""Colours: what a user may write, the heat-map gradient, and how far apart colours
look (CIEDE2000)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.colours import (
    PALETTE_SEPARATION,
    closest_colours,
    delta_e_2000,
    gradient,
    lab,
    parse_colour,
)


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


# The test pairs of Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula:
# implementation notes, supplementary test data, and mathematical observations", Color
# Research & Application 30(1), 2005, Table 1: L*a*b* of each colour, and ΔE00.
SHARMA_PAIRS = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA_PAIRS)
def test_ciede2000_gives_the_published_differences(first, second, expected):
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=5e-5)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=5e-5)  # symmetric


def test_lab_of_the_primaries():
    assert lab("white") == pytest.approx((100, 0, 0), abs=1e-9)
    assert lab("black") == pytest.approx((0, 0, 0), abs=1e-9)
    assert lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert lab((0, 0, 255)) == pytest.approx((32.30, 79.19, -107.86), abs=0.05)


@given(st.tuples(*[st.integers(0, 255)] * 3), st.tuples(*[st.integers(0, 255)] * 3))
def test_a_difference_is_zero_only_between_equal_colours(first, second):
    difference = delta_e_2000(lab(first), lab(second))
    assert difference >= 0 and (difference == 0) == (first == second)


def test_the_gradient_anchors_are_far_apart():
    anchors = [f"#{r:02x}{g:02x}{b:02x}" for r, g, b in gradient(5).tolist()]
    assert closest_colours(anchors)[0] >= PALETTE_SEPARATION
