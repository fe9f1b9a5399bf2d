"""Every default palette of the package keeps its colours apart: two fills side by side
differ by at least ``PALETTE_SEPARATION`` (CIEDE2000), so neighbours never look alike."""

import pytest

from tilewright.aperiodic.hat import writers as hat_writers
from tilewright.aperiodic.spectre import writers
from tilewright.core.colours import PALETTE_SEPARATION, closest_colours
from tilewright.mazes.pictures import Style
from tilewright.tromino import pictures as tromino_pictures

PALETTES = {
    "spectre by type": [*writers.TYPE_COLOURS, writers.ODD_COLOUR],
    "spectre by orientation": list(writers.ORIENTATION_COLOURS),
    "spectre four-coloured": list(writers.FOUR_COLOURS),
    "hat by type": [*hat_writers.TYPE_COLOURS.values(), hat_writers.REFLECTED_COLOUR],
    "hat by orientation": [*hat_writers.ORIENTATION_COLOURS, hat_writers.REFLECTED_COLOUR],
    "hat four-coloured": list(hat_writers.FOUR_COLOURS),
    "trominoes": list(tromino_pictures.PALETTE),
    "maze": [Style().wall_colour, Style().background, Style().path_colour],
}


@pytest.mark.parametrize("name", PALETTES)
def test_no_two_colours_of_a_default_palette_look_alike(name):
    difference, first, second = closest_colours(PALETTES[name])
    assert difference >= PALETTE_SEPARATION, f"{name}: {first} and {second} ({difference:.1f})"
