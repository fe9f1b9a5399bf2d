"""Text pictures: exact for a hand-made maze, and faithful (parse back to the same maze)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import parse_ascii
from tilewright.mazes import Maze, generate, stream_bands
from tilewright.mazes.text import render

UP, DOWN = "╵│└├┘┴┤┼", "╷│┌├┐┤┬┼"


def text_of(maze: Maze, style: str, rows_per_band: int = 3) -> str:
    return b"".join(render(maze.bands(rows_per_band), maze.width, style)).decode()


def hand_made() -> Maze:
    # 3x2:  (0,0)-(0,1)-(0,2), (0,0) down to (1,0), (1,0)-(1,1)-(1,2).
    connections = np.zeros((2, 2, 3), dtype=bool)
    connections[1, 0, :2] = True
    connections[0, 0, 0] = True
    connections[1, 1, :2] = True
    return Maze(connections)


def test_ascii_exact():
    assert text_of(hand_made(), "ascii") == (
        "+--+--+--+\n|        |\n+  +--+--+\n|        |\n+--+--+--+\n"
    )


def test_unicode_exact():
    assert text_of(hand_made(), "unicode") == "┌─────┐\n│ ╶───┤\n└─────┘\n"


def parse_unicode(text: str, width: int, height: int) -> np.ndarray:
    lines = text.splitlines()
    assert len(lines) == height + 1
    assert all(len(line) == 2 * width + 1 for line in lines)
    connections = np.zeros((2, height, width), dtype=bool)
    for r in range(height):
        for c in range(width):
            connections[0, r, c] = lines[r + 1][2 * c + 1] == " "
            corner_above, corner_below = lines[r][2 * c + 2], lines[r + 1][2 * c + 2]
            # A wall east of (r, c) is drawn by both corners it joins.
            assert (corner_above in DOWN) == (corner_below in UP)
            connections[1, r, c] = corner_above not in DOWN
    return connections


@pytest.mark.parametrize("style", ["ascii", "unicode"])
@given(
    size=st.tuples(st.integers(1, 25), st.integers(1, 25)),
    seed=st.integers(0, 10**6),
    rows_per_band=st.integers(1, 30),
)
def test_text_draws_exactly_the_maze(style, size, seed, rows_per_band):
    maze = generate(*size, "kruskal", seed=seed)
    parse = parse_ascii if style == "ascii" else parse_unicode
    assert np.array_equal(parse(text_of(maze, style, rows_per_band), *size), maze.connections)


@pytest.mark.parametrize("style", ["ascii", "unicode"])
def test_streamed_text_equals_text_of_the_whole_maze(style):
    whole = generate(37, 90, "eller", seed=5)
    streamed = b"".join(render(stream_bands(37, 90, "eller", seed=5, rows_per_band=8), 37, style))
    assert streamed.decode() == text_of(whole, style)
